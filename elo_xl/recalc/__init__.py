"""Spreadsheet engines that prove the generated books: recalculate a workbook in a real
engine and read its values back.

- :mod:`.libreoffice`: one headless LibreOffice driven over its UNO bridge (a worker script,
  ``_uno_worker.py``, runs under the Python that has ``uno``);
- :mod:`.processes`: a spawned program's process group, ended without leaving zombies;
- :mod:`.gnumeric`: Gnumeric's ``ssconvert --recalc``;
- :mod:`.values`: reading the values back (every cell, or defined names).

This package imports nothing from :mod:`elo_xl.workbook`: the workbook command's
``--values`` and the tests use it, not the other way round.
"""

from __future__ import annotations

from .gnumeric import Gnumeric
from .libreoffice import NOT_INSTALLED, LibreOffice, available
from .values import Values, read_named, read_values

__all__ = ["Gnumeric", "LibreOffice", "NOT_INSTALLED", "Values", "available", "read_named", "read_values"]
