"""Any event file as a :class:`~elo_xl.tournament.Tournament`: the one entry point every command
uses (``rate``, ``workbook --from``, ``demo``).

A ``.csv`` file is a CSV crosstable (:mod:`elo_xl.io.crosstable`); any other file is a TRF
(:mod:`elo_xl.io.trf_read`), unless its first line is a crosstable's header (``name,rating,k``).
A file that is neither says what it looks like.

>>> from elo_xl.samples import SWISS_TRF_PATH
>>> t = load(SWISS_TRF_PATH)
>>> len(t.entrants), t.rounds, t.source.encoding
(12, 7, 'utf-8')
"""

from __future__ import annotations

import os
from pathlib import Path

from ..tournament import Tournament, from_trf
from .crosstable import read_csv_crosstable
from .decode import read_text, split_lines
from .kfile import KFile, read_k_file
from .trf_read import parse_trf

__all__ = ["load", "read_k_file", "KFile"]


def _is_crosstable_header(line: str) -> bool:
    for sep in (",", ";", "\t"):
        if [cell.strip().strip('"').lower() for cell in line.split(sep)[:3]] == ["name", "rating", "k"]:
            return True
    return False


def load(path: str | os.PathLike) -> Tournament:
    """Read an event: a TRF file (``.trf``, ``.txt`` or any other name) or a CSV crosstable
    (``.csv``, or any file whose first line is ``name,rating,k…``)."""
    path = Path(path)
    if path.suffix.lower() == ".csv":
        return read_csv_crosstable(path)
    decoded = read_text(path, "a TRF file")
    first = next((line for line in split_lines(decoded.text[:4096]) if line.strip()), "")
    if _is_crosstable_header(first.lstrip("\ufeff")):
        return read_csv_crosstable(path)
    event = parse_trf(decoded.text, path.name or str(path))
    event.encoding = decoded.encoding
    return from_trf(event)
