"""The printable standings of a round-robin or Swiss book: its players in ranking order (points,
then the book's tie-break, then start number), with place, start number, name, title,
federation, rating, points, tie-break, rating change and new rating, all native formulas that
read the main sheet.

Two working columns stand beside the printed table: each start number's place
(:func:`formulas.place_of`: the main sheet's rank plus the players with the same ranking key
above him) and, for each place, the row of the player holding it (``MATCH``).
"""

from __future__ import annotations

from openpyxl.utils import get_column_letter as L
from openpyxl.worksheet.worksheet import Worksheet

from . import formulas as f
from .book import Book
from .style import BOLD, CENTER, OUTPUT_FILL, WORK_FILL, WRAP, cell_at, merge, ref, set_style

TOP = 5  # the first row of the table (headers on the row above)
#: The note's first column (row 3, across to the last printed column): after place, number, name.
NOTE_COLUMN = 4


def note_lines(book: Book, width: float) -> int:
    """How many lines the open-tie note takes in a cell ``width`` characters wide, in the
    book's language (bold: a tenth wider), at most 4.

    >>> from elo_xl.workbook.book import Book
    >>> note_lines(Book("en"), 121), note_lines(Book("en"), 40)
    (2, 4)
    """
    text = book.t("standings.de_open", number="99")
    return max(1, min(4, -(-int(len(text) * 1.1) // int(width))))


def build(book: Book, main: Worksheet, top: int, last: int, columns: list[tuple[str, int, str | None]],
          key_column: int, rank_column: int, progress: str | None = None,
          header_formulas: dict[int, str] | None = None, note: str | None = None) -> Worksheet:
    """Add the standings sheet of ``main``'s players (rows ``top``–``last``).

    ``columns`` are the printed columns after the place: (header key, column on ``main``,
    number format); ``key_column`` the main sheet's ranking key, ``rank_column`` its rank;
    ``progress`` a text formula saying how far the event is ("After round 4"), printed on row 3
    under the event's line (its name, place and dates in words, :meth:`Book.event_line`).
    ``header_formulas`` replaces the header of column ``k`` (0-based) by a formula; ``note`` a
    text formula printed under the table, across it (empty text: nothing shows).
    """
    n = last - top + 1
    ws = book.sheet("sheet.standings")
    width = 1 + len(columns)
    book.title(ws, "title.standings", width, players=n)
    book.formula(ws, "A2", book.event_line())  # name, place and dates in words
    if progress is not None:  # how far the event is
        book.formula(ws, "A3", progress)
        ws["A3"].font = BOLD
    book.header(ws, TOP - 1, 1, "col.place")
    for k, (key, _, _) in enumerate(columns):
        book.header(ws, TOP - 1, 2 + k, key)
        if header_formulas and k in header_formulas:  # a header the book's choices name (a tie-break's code)
            ws.cell(row=TOP - 1, column=2 + k).value = "=" + header_formulas[k]
    place_col, row_col = width + 2, width + 3
    book.header(ws, TOP - 1, place_col, "work.place_of")
    book.header(ws, TOP - 1, row_col, "work.row_of")
    key = L(key_column)
    places = f"${L(place_col)}${TOP}:${L(place_col)}${TOP + n - 1}"
    sources = [ref(main, f"{L(c)}{top}:{L(c)}{last}") for _, c, _ in columns]
    for i in range(n):
        row = TOP + i
        own = ref(main, f"{key}{top + i}")
        so_far = f"{ref(main, f'{key}{top}')}:{key}{top + i}"
        rank = ref(main, f"{L(rank_column)}{top + i}")
        book.formula(ws, (row, place_col), f.place_of(own, rank, so_far), fill=WORK_FILL)
        at = f"${L(row_col)}{row}"
        book.formula(ws, (row, row_col), f.player_at(str(i + 1), places), fill=WORK_FILL)
        book.formula(ws, (row, 1), f'IF({at}="","",{i + 1})', fill=OUTPUT_FILL)
        set_style(cell_at(ws, (row, 1)), alignment=CENTER)
        for k, ((_, _, number_format), source) in enumerate(zip(columns, sources)):
            book.formula(ws, (row, 2 + k), f.value_at(at, source), number_format, OUTPUT_FILL)
        set_style(cell_at(ws, (row, 2)), alignment=CENTER)  # the start number apart from the name beside it
    book.widths(ws, {1: 7, 2: 5, 3: 26, **{c: 11 for c in range(4, width + 1)}, place_col: 8, row_col: 8})
    ws.freeze_panes = f"A{TOP}"
    last = TOP + n - 1
    if note is not None:
        # above the table, beside the progress line: under it, a note that is mostly empty
        # would print a page of its own with only the header row repeated
        book.formula(ws, f"{L(NOTE_COLUMN)}3", note)
        ws[f"{L(NOTE_COLUMN)}3"].font = BOLD
        ws[f"{L(NOTE_COLUMN)}3"].alignment = WRAP
        merge(ws, 3, NOTE_COLUMN, 3, width)
        ws.row_dimensions[3].height = 15 * note_lines(book, 11 * (width - NOTE_COLUMN + 1))
    book.print_setup(ws, f"A1:{L(width)}{last}", f"{TOP - 1}:{TOP - 1}")
    book.protect(ws)
    return ws
