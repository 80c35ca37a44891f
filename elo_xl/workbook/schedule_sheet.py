"""The round robin's schedule: every round's boards from FIDE's Berger tables (C.05 Annex 1,
:func:`elo_xl.pairing.berger.berger_pairing`), White first, each player's name read from the
main sheet and each board's result from its computed crosstable as it is typed; an odd field's
bye under its round. A page break falls between rounds, never inside one: each round prints
whole, ready to pin up.

The pairings are the tables' and the start numbers are the players' numbers in the tables
(drawn before round 1), so the schedule is fixed text; only the names and results are formulas.
"""

from __future__ import annotations

from collections.abc import Callable

from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from ..pairing.berger import cycle_length, schedule_pairing
from ..pairing.berger import SYSTEMS
from . import names
from .book import Book
from .style import BOLD, CENTER, GRID, OUTPUT_FILL, WRAP, merge

#: Printed columns: board, White's number and name, result, Black's number and name.
COLUMNS = ("col.board", "col.no", "col.white", "col.result", "col.no", "col.black")
#: Rows a printed page holds (A4 landscape at the books' row height), title rows left out.
PAGE_ROWS = 36


def rounds_of(n: int, double: bool = False) -> int:
    """The rounds of a single (or double) round robin of ``n`` players (an odd field plays one
    more a cycle).

    >>> rounds_of(6), rounds_of(7), rounds_of(7, double=True)
    (5, 7, 14)
    """
    return cycle_length(n) * (2 if double else 1)


def build(book: Book, n: int, name: Callable[[int], str], result: Callable[..., str], *, double: bool = False,
          reverse: bool = False, progress: str | None = None) -> Worksheet:
    """Add the schedule sheet of ``n`` players: ``name(i)`` is the cell (with its sheet) of
    start number ``i``'s name, ``result(i, j, cycle)`` the cell of ``i``'s result against ``j``
    in the computed crosstable (all from 1; ``cycle`` 2 is a double round robin's second).
    ``double`` and ``reverse`` as :func:`elo_xl.pairing.berger.schedule_pairing` takes them;
    the cell ``PairingSystem`` (beside the printed area) holds the schedule's TRF-2026 code;
    ``progress`` a text formula saying how far the event is ("After round 4 · 12 of 45 games
    played"), printed under the title (with a double round robin's cycles)."""
    ws = book.sheet("sheet.schedule")
    width = len(COLUMNS)
    book.title(ws, "title.schedule_double" if double else "title.schedule", width, players=n)
    book.formula(ws, "A2", book.event_line())
    m = cycle_length(n)
    if double:  # how the cycles are played, wrapped across the printed width
        said = (book.shown("schedule.reversed", first=m - 1, second=m) if reverse and m >= 3
                else book.shown("schedule.cycles"))
        if progress is not None:
            book.formula(ws, "A3", progress + '&" · "&"' + said.replace('"', '""') + '"')
        else:
            book.text(ws, "A3", said)
        ws["A3"].alignment = WRAP
        merge(ws, 3, 1, 3, width)
    elif progress is not None:
        book.formula(ws, "A3", progress)
    book.text(ws, "H1", SYSTEMS[(double, reverse and double)])
    book.name(names.PAIRING_SYSTEM, ws, "H1")
    row = 4
    on_page = 0
    boards = n // 2
    block = boards + 2 + (n % 2)  # the round's line, the header, the boards, an odd field's bye
    for r in range(1, rounds_of(n, double) + 1):
        if on_page and on_page + block > PAGE_ROWS:
            ws.row_breaks.append(Break(id=row - 1))
            on_page = 0
        book.label(ws, f"A{row}", "schedule.round", bold=True, round=r)
        for k, key in enumerate(COLUMNS, 1):
            book.header(ws, row + 1, k, key)
        pairs = schedule_pairing(n, r, double=double, reverse=reverse)
        cycle = 1 if r <= m else 2
        for b, (white, black) in enumerate((p for p in pairs if p[1]), 1):
            line = row + 1 + b
            for column, value in ((1, b), (2, white), (5, black)):
                cell = ws.cell(row=line, column=column, value=value)
                cell.alignment, cell.border = CENTER, GRID
            book.formula(ws, f"C{line}", _shown(name(white)), fill=OUTPUT_FILL)
            book.formula(ws, f"F{line}", _shown(name(black)), fill=OUTPUT_FILL)
            own, other = result(white, black, cycle), result(black, white, cycle)
            book.formula(ws, f"D{line}", f'IF(AND({own}="",{other}=""),"",{own}&" – "&{other})', fill=OUTPUT_FILL)
            ws[f"D{line}"].alignment = CENTER
        used = boards + 2
        bye = [p[0] for p in pairs if not p[1]]
        if bye:
            line = row + used
            book.label(ws, f"A{line}", "schedule.bye", number=bye[0])
            book.formula(ws, f"C{line}", _shown(name(bye[0])), fill=OUTPUT_FILL)
            ws[f"A{line}"].font = BOLD
            used += 1
        row += used + 1
        on_page += block + 1
    book.widths(ws, {1: 8, 2: 5, 3: 28, 4: 11, 5: 5, 6: 28})
    book.print_setup(ws, f"A1:F{row - 2}", "1:2")
    ws.page_setup.orientation = "portrait"
    book.protect(ws)
    return ws


def _shown(cell: str) -> str:
    """A name cell's text, blank while it is empty."""
    return f'IF({cell}="","",{cell})'
