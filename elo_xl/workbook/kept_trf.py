"""The TRF file a book was made from, kept in its cells: the range
:data:`elo_xl.workbook.names.TRF_RECORDS` on the Event sheet holds every line of the file
(:func:`elo_xl.io.trf_keep.book_lines`), one per cell, or packed several to a cell for a long
file (:func:`pack`); :func:`kept_origin` reads them back when the book is read, once, as the
event's ``origin`` (:class:`elo_xl.event.model.Tournament`).

>>> from elo_xl.io.trf_read import parse_trf
>>> from elo_xl.io.trf_format import EXAMPLE
>>> origin = kept_origin(pack(parse_trf(EXAMPLE)))
>>> origin.name, [p.start_no for p in origin.players]
('Spring Open', [1, 2, 3, 4])
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import EloError
from ..io.trf_keep import book_lines
from ..io.trf_model import TrfEvent, TrfRecord
from ..io.trf_read import parse_trf

__all__ = ["ROWS", "SEPARATOR", "in_book", "kept_origin", "pack", "unpack"]

#: Up to this many lines a book keeps one line per row (readable on the Event sheet); a file
#: with more lines is kept in cells of several lines each (a cell holds at most 32,767
#: characters), so that no file makes a book of thousands of rows.
ROWS = 2000
#: The most characters :func:`pack` puts into one cell.
CELL = 30000
#: What separates the lines packed into one cell.
SEPARATOR = "\u2028"


def pack(event: TrfEvent) -> list[str]:
    """:func:`~elo_xl.io.trf_keep.book_lines` as the book's cells: one line per cell up to
    :data:`ROWS` lines, else consecutive lines joined by U+2028 LINE SEPARATOR (which no line
    read can hold) into cells of at most 30,000 characters.

    >>> e = parse_trf("012 Big\\n" + "### note\\n" * 4000 + "001    1      Ha, An\\n")
    >>> cells = pack(e)
    >>> len(cells), unpack(cells) == book_lines(e)
    (2, True)
    """
    lines = book_lines(event)
    if len(lines) <= ROWS:
        return lines
    cells, current, size = [], [], 0
    for line in lines:
        if current and size + len(line) + 1 > CELL:
            cells.append(SEPARATOR.join(current))
            current, size = [], 0
        current.append(line)
        size += len(line) + 1
    cells.append(SEPARATOR.join(current))
    return cells


def unpack(cells: list[Any]) -> list[str]:
    """The lines a book's cells hold (a cell may hold several, see :func:`pack`; an empty cell
    is a blank line)."""
    lines: list[str] = []
    for cell in cells:
        lines.extend(("" if cell is None else str(cell)).split(SEPARATOR))
    return lines


def kept_origin(cells: list[Any]) -> TrfEvent | None:
    """The TRF file a book kept, read from its cells (None when it kept none). Lines that no
    longer read as a TRF file (edited by hand on the Event sheet) are kept as records only:
    the TRF written back from the book then formats its player lines anew, and keeps no rank
    of the file's.

    >>> kept_origin([]), kept_origin(["", None])
    (None, None)
    >>> [r.text for r in kept_origin(["012 Cup", "001 nonsense"]).headers], kept_origin(["012 Cup", "001 nonsense"]).players
    (['012 Cup', '001 nonsense'], [])
    """
    lines = unpack(cells)
    if not any(line.strip() for line in lines):
        return None
    try:
        return parse_trf("\n".join(lines))
    except EloError:
        return TrfEvent([TrfRecord(text, n) for n, text in enumerate(lines, 1)
                         if not (text[:3] == "001" and text[4:8].strip().isdigit())], [])


_LINE = re.compile(r"\bline (\d+)(?: \(([^()]*)\))?")


def in_book(path: Any, message: str, origin: TrfEvent | None) -> str:
    """A message about the event a book holds, starting with the book's file; a line of the TRF
    file the book keeps (``line 8``, ``line 7 (202)``) named by the cell holding it
    (:attr:`~elo_xl.io.trf_model.TrfEvent.cells`), which is where the arbiter can see and mend
    it. A message that names its file already is left as it is.

    >>> origin = TrfEvent([], [], cells={7: "Event!A28", 8: "Event!A29"})
    >>> in_book("cup.xlsx", 'line 8, columns 5–6: XXR says "zz", which is not a number of rounds', origin)
    'cup.xlsx, Event!A29 (line 8 of the TRF lines it keeps), columns 5–6: XXR says "zz", which is not a number of rounds'
    >>> in_book("cup.xlsx", "line 7 (202): BH/Q is not a tie-break (or give --tiebreaks)", origin)
    'cup.xlsx, Event!A28 (line 7 of the TRF lines it keeps, 202): BH/Q is not a tie-break (or give --tiebreaks)'
    >>> in_book("cup.xlsx", "Event!A28 (the kept record 202): BH/Q is not a tie-break", origin)
    'cup.xlsx, Event!A28 (the kept record 202): BH/Q is not a tie-break'
    >>> in_book("cup.xlsx", "all 3 rounds are paired", origin), in_book("cup.xlsx", "cup.xlsx, Swiss!C6: …", None)
    ('cup.xlsx: all 3 rounds are paired', 'cup.xlsx, Swiss!C6: …')
    """
    name = str(path)
    if message.startswith(name):
        return message
    cells = origin.cells if origin is not None else {}

    def cell(m: re.Match) -> str:
        number = int(m.group(1))
        if number not in cells:
            return m.group(0)
        what = f", {m.group(2)}" if m.group(2) else ""
        return f"{cells[number]} (line {number} of the TRF lines it keeps{what})"

    named = _LINE.sub(cell, message)
    at_a_cell = bool(cells) and named.startswith(tuple(cells.values()))
    return f"{name}{', ' if at_a_cell else ': '}{named}"
