"""CSV cells that are safe to double-click, and read back as they were.

A spreadsheet program that opens a CSV file runs every cell that starts with ``=``, ``+``,
``-`` or ``@`` (and, in some versions, a tab or a carriage return) as a formula: a player
called ``=HYPERLINK("http://x", "Click")`` becomes a live link, ``+cmd|' /C calc'!A0`` a
command. Every CSV file elo-xl writes therefore passes its text cells through
:func:`neutralised`, which follows OWASP's advice on CSV injection: such a cell gets a single
quote in front, which spreadsheets show as text. Numbers keep their sign (``-7`` stays ``-7``).

>>> neutralised('=HYPERLINK("http://x", "Click")')
'\\'=HYPERLINK("http://x", "Click")'
>>> neutralised("-7"), neutralised("+12"), neutralised("Carlsen, Magnus"), neutralised(-7)
('-7', '+12', 'Carlsen, Magnus', -7)

Reading such a file back (``period --list`` reads our own CSV lists) undoes it exactly:

>>> restored(neutralised("@SUM(A1:A9)"))
'@SUM(A1:A9)'
>>> all(restored(neutralised(t)) == t for t in ["'=x", "''+y", "'plain", "-", "'", ""])
True
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any, Iterable

#: First characters that make a spreadsheet read a cell as a formula (OWASP).
FORMULA_STARTS = frozenset("=+-@\t\r")

_NUMBER = re.compile(r"[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?")


def _needs_quote(text: str) -> bool:
    """Whether a text cell must be quoted: it starts like a formula and is no number, or it
    is a quote in front of such a text (so that reading back is exact)."""
    while text:
        if text[0] not in FORMULA_STARTS and text[0] != "'":
            return False  # the common case, without the number pattern
        if _NUMBER.fullmatch(text):
            return False
        if text[0] in FORMULA_STARTS:
            return True
        if text[0] != "'":
            return False
        text = text[1:]
    return False


def neutralised(value: Any) -> Any:
    """A CSV cell safe to open in a spreadsheet: text that would run as a formula gets a
    leading single quote; numbers and every other value are returned unchanged.

    >>> neutralised("+cmd|' /C calc'!A0")
    "'+cmd|' /C calc'!A0"
    """
    if isinstance(value, str) and _needs_quote(value):
        return "'" + value
    return value


def restored(text: str) -> str:
    """The text a cell written by :func:`neutralised` stood for.

    >>> restored("'=1+1"), restored("'Brien")
    ('=1+1', "'Brien")
    """
    if text.startswith("'") and _needs_quote(text[1:]):
        return text[1:]
    return text


def neutralised_row(values: Iterable[Any]) -> list[Any]:
    """Every cell of a row through :func:`neutralised`.

    >>> neutralised_row(["=A1", 5, "-3", "Ann"])
    ["'=A1", 5, '-3', 'Ann']
    """
    return [neutralised(v) for v in values]


def csv_lines(rows: Iterable[Iterable[Any]]) -> str:
    """CSV text, one line (ending in ``\\n``) per row, every cell through :func:`neutralised`;
    a cell that holds a line break of either kind is quoted, so a carriage return cannot split
    its row.

    >>> csv_lines([["name", "change"], ["=1+1", -7], ["a,b", "x"]])
    'name,change\\n\\'=1+1,-7\\n"a,b",x\\n'
    >>> csv_lines([["\\rCR", "y"]]) == '"\\'\\rCR",y\\n'
    True
    """
    buffer = io.StringIO()
    plain = csv.writer(buffer, lineterminator="\n")
    for row in rows:
        cells = neutralised_row(row)
        if any(isinstance(cell, str) and "\r" in cell for cell in cells):
            one = io.StringIO()
            csv.writer(one, lineterminator="\r\n").writerow(cells)  # "\r\n" makes it quote a cell holding \r
            buffer.write(one.getvalue()[:-2] + "\n")
        else:
            plain.writerow(cells)
    return buffer.getvalue()
