"""Which format a command writes: ``-o``'s extension says it, ``--format`` may repeat it, and a
``--format`` that contradicts the extension is an error naming both. An extension that names
no format the command writes (``.xls``, ``.ods``, ``.pdf``, none) is refused
(:func:`refuse_other_extension`): a file's name never lies about its format.

>>> RATE = {"txt": "txt", "csv": "csv", "json": "json", "xlsx": "xlsx"}
>>> output_format(None, "karl.xlsx", RATE, "txt"), output_format("csv", None, RATE, "txt")
('xlsx', 'csv')
>>> output_format(None, "karl.xls", RATE, "txt", "rate")
Traceback (most recent call last):
...
elo_xl.errors.EloError: -o karl.xls: rate writes .txt, .csv, .json or .xlsx, not xls; name the file .txt, .csv, .json or .xlsx
>>> output_format("txt", "karl.csv", RATE, "txt")
Traceback (most recent call last):
...
elo_xl.errors.EloError: --format txt contradicts -o karl.csv (a .csv file is written as csv); drop --format, or name the file .txt
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..errors import EloError

__all__ = ["format_name", "output_format", "refuse_other_extension"]


def format_name(aliases: dict[str, str]) -> Callable[[str], str]:
    """The ``type`` of a ``--format`` option (``rate``, ``period``): a spelling of ``aliases``
    (as typed → the format's name) is taken for its format, anything else is left to the
    option's choices.

    >>> format_name({"table": "txt"})("table"), format_name({"table": "txt"})("csv")
    ('txt', 'csv')
    """
    def name(text: str) -> str:
        return aliases.get(text, text)

    name.__name__ = "format"
    return name


def output_format(given: str | None, output: str | None, by_extension: dict[str, str], default: str,
                  command: str = "this command") -> str:
    """The format to write: the one ``-o``'s extension names (``by_extension``: extension
    without its dot, lower case → format), else ``--format`` (``given``), else ``default``
    (no ``-o``: standard output). An ``-o`` whose extension is not in ``by_extension`` is
    refused (:func:`refuse_other_extension`); ``--format`` naming another format than the
    extension is an error."""
    if output is None:
        return given or default
    names = " or ".join(", ".join(f".{e}" for e in by_extension).rsplit(", ", 1))
    refuse_other_extension(output, command, names, tuple(by_extension))
    ext = Path(output).suffix.lower().lstrip(".")
    implied = by_extension[ext]
    if given is not None and given != implied:
        wanted = [e for e, f in by_extension.items() if f == given]
        advice = f"name the file .{wanted[0]}" if wanted else "name the file differently"
        raise EloError(f"--format {given} contradicts -o {output} (a .{ext} file is written as {implied}); "
                       f"drop --format, or {advice}")
    return implied


def refuse_other_extension(output: str, command: str, what: str, extensions: tuple[str, ...],
                           advice: str | None = None) -> None:
    """Refuse an ``-o`` whose extension (lower case, without its dot) is not one of
    ``extensions``: one line naming the option, the command, what it writes and the name to
    give (``advice``, else every extension allowed). ``export``, ``recalc``, ``rate``,
    ``workbook`` and ``period`` check their ``-o`` with it.

    >>> refuse_other_extension("back.TRF", "export", "a TRF file", ("trf", "txt"), ".trf")
    >>> refuse_other_extension("back.xlsx", "export", "a TRF file", ("trf", "txt"), ".trf")
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: -o back.xlsx: export writes a TRF file, not xlsx; name the file .trf
    >>> refuse_other_extension("s", "workbook", "an .xlsx workbook", ("xlsx",))
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: -o s: workbook writes an .xlsx workbook, not a file without an extension; name the file .xlsx
    """
    ext = Path(output).suffix.lower().lstrip(".")
    if ext in extensions:
        return
    if advice is None:
        advice = " or ".join(", ".join(f".{e}" for e in extensions).rsplit(", ", 1))
    got = ext if ext else "a file without an extension"
    raise EloError(f"-o {output}: {command} writes {what}, not {got}; name the file {advice}")
