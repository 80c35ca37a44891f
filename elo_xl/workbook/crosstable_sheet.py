"""The Swiss book's Crosstable sheet: the rounds grid as printed for the wall, each game seen
from both sides. One cell per player and round, computed from the Swiss sheet's working
blocks (the opponent, colour and game as the book counts them), so a board typed on one row
shows on both: ``12w1`` (beat 12 with White), ``5b½``, ``7w−`` (lost by forfeit), ``8b``
(paired, not played yet), ``+`` a full-point bye (``U``, ``F``, a forfeit win without
opponent), ``½`` a half-point bye, ``0`` a zero-point bye, ``!`` a conflict to settle on the
Swiss sheet. The typed cells stay the input (the Swiss sheet); this sheet is only read.

>>> crosstable_cell("BQ6", "CK6", "CS6")
'IF(BQ6>=90,IF(AND(BQ6=100,ISNUMBER(CK6),CK6>0),CK6&CS6,IF(BQ6>=110,"!","")),IF(BQ6>=30,CHOOSE(BQ6-29,"0","½","+"),IF(AND(ISNUMBER(CK6),CK6>0),CK6&CS6,"")&LOOKUP(BQ6,CodeList,CodeSymbol)))'
"""

from __future__ import annotations

from collections.abc import Callable

from openpyxl.utils import get_column_letter as L

from . import formulas as f
from .book import Book
from .codes import CONFLICT, NOTHING, PENDING
from .style import CENTER, HALVES, OUTPUT_FILL, WRAP, cell_at, merge, set_style

TOP = 5  # the first player's row (headers on the row above)


def crosstable_cell(code: str, opponent: str, colour: str) -> str:
    """What the crosstable shows for one player's round: from the game's ``code``
    (:mod:`.codes`), the ``opponent`` and ``colour`` as counted."""
    paired = f"ISNUMBER({opponent}),{opponent}>0"
    return (f'IF({code}>={NOTHING},IF(AND({code}={PENDING},{paired}),{opponent}&{colour},'
            f'IF({code}>={CONFLICT},"!","")),IF({code}>=30,CHOOSE({code}-29,"0","½","+"),'
            f'IF(AND({paired}),{opponent}&{colour},"")&LOOKUP({code},CodeList,CodeSymbol)))')


def build(book: Book, n: int, r: int, *, fields: list[tuple[str, Callable[[int], str], float]],
          game: Callable[[int, int], tuple[str, str, str]], after: list[tuple[str, Callable[[int], str], str | None]]
          ) -> None:
    """Add the Crosstable sheet of a Swiss of ``n`` players and ``r`` rounds: per player (from
    0) the columns ``fields`` (header key, the Swiss sheet's cell), one column per round
    (``game(i, t)``: the cells of the code, the opponent and the colour as counted), then
    ``after`` (header key, cell, number format)."""
    ws = book.sheet("sheet.crosstable")
    first = 1 + len(fields)
    width = first + r + len(after) - 1
    book.title(ws, "title.crosstable", width, players=n, rounds=r)
    book.formula(ws, "A2", f.event_line())
    book.label(ws, "A3", "crosstable.legend")
    ws["A3"].alignment = WRAP
    merge(ws, 3, 1, 3, width)
    for k, (key, _, _) in enumerate(fields):
        book.header(ws, TOP - 1, 1 + k, key)
    for t in range(r):
        book.header(ws, TOP - 1, first + t, "col.number", number=t + 1)
    for k, (key, _, _) in enumerate(after):
        book.header(ws, TOP - 1, first + r + k, key)
    for i in range(n):
        row = TOP + i
        for k, (_, cell, _) in enumerate(fields):
            book.formula(ws, (row, 1 + k), f'IF({cell(i)}="","",{cell(i)})')
        set_style(cell_at(ws, (row, 1)), alignment=CENTER)
        for t in range(r):
            book.formula(ws, (row, first + t), crosstable_cell(*game(i, t)), fill=OUTPUT_FILL, centred=True)
        for k, (_, cell, number_format) in enumerate(after):
            book.formula(ws, (row, first + r + k), cell(i), number_format or HALVES, OUTPUT_FILL)
    book.widths(ws, {**{1 + k: w for k, (_, _, w) in enumerate(fields)}, **{first + t: 6.5 for t in range(r)}, **{first + r + k: 8 for k in range(len(after))}})
    ws.freeze_panes = f"{L(first)}{TOP}"
    book.print_setup(ws, f"A1:{L(width)}{TOP + n - 1}", f"{TOP - 1}:{TOP - 1}", f"A:{L(first - 1)}")
    book.protect(ws)
