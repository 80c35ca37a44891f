"""Which format a command writes: ``-o``'s extension says it, ``--format`` may repeat it, and a
``--format`` that contradicts the extension is an error naming both.

>>> RATE = {"txt": "table", "csv": "csv", "json": "json", "xlsx": "xlsx"}
>>> output_format(None, "karl.xlsx", RATE, "table"), output_format("csv", None, RATE, "table")
('xlsx', 'csv')
>>> output_format(None, "karl.out", RATE, "table"), output_format("json", "karl.out", RATE, "table")
('table', 'json')
>>> output_format("table", "karl.csv", RATE, "table")
Traceback (most recent call last):
...
elo_xl.errors.EloError: --format table contradicts -o karl.csv (a .csv file is written as csv); drop --format, or name the file .txt
"""

from __future__ import annotations

from pathlib import Path

from ..errors import EloError

__all__ = ["output_format"]


def output_format(given: str | None, output: str | None, by_extension: dict[str, str], default: str) -> str:
    """The format to write: the one ``-o``'s extension names (``by_extension``: extension
    without its dot, lower case → format), else ``--format`` (``given``), else ``default``.
    An extension not in ``by_extension`` names no format (``--format`` or the default
    decides); ``--format`` naming another format than a known extension is an error."""
    ext = Path(output).suffix.lower().lstrip(".") if output else ""
    implied = by_extension.get(ext)
    if implied is None:
        return given or default
    if given is not None and given != implied:
        wanted = [e for e, f in by_extension.items() if f == given]
        advice = f"name the file .{wanted[0]}" if wanted else "name the file differently"
        raise EloError(f"--format {given} contradicts -o {output} (a .{ext} file is written as {implied}); "
                       f"drop --format, or {advice}")
    return implied
