"""The cell vocabulary of the books: fills, fonts, borders, number formats, the dropdown lists of
results, user text made safe for a cell, fast cell access, and references to cells.

Every template styles its cells with these names, so that every book looks alike; the
:class:`~elo_xl.workbook.book.Book` applies them.

>>> ref("Round robin", "C5:D9"), clean_text("Nguy\x07en\tVan")
("'Round robin'!$C$5:$D$9", 'Nguyen Van')
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from openpyxl.cell.cell import Cell
from openpyxl.styles.cell_style import StyleArray
from openpyxl.styles import Alignment, Border, Font, PatternFill, Protection, Side
from openpyxl.utils import quote_sheetname
from openpyxl.worksheet.cell_range import CellRange
from openpyxl.worksheet.merge import MergedCell, MergedCellRange
from openpyxl.worksheet.worksheet import Worksheet

from ..io.xlsx import DATE_FORMAT, NOT_XML, column_letter, parse_cell

#: The packed style (``StyleArray.tobytes()``) of a cell without style: nine zeros.
NO_STYLE = StyleArray().tobytes()
#: Excel's width of a column whose width was not set.
DEFAULT_WIDTH = 8.43

INPUT_FILL = PatternFill("solid", fgColor="FFF4CC")
HEADER_FILL = PatternFill("solid", fgColor="1F3864")
OUTPUT_FILL = PatternFill("solid", fgColor="E2EFDA")
WORK_FILL = PatternFill("solid", fgColor="F2F2F2")
WIN_FILL = PatternFill("solid", fgColor="C6EFCE", bgColor="C6EFCE")
DRAW_FILL = PatternFill("solid", fgColor="DDEBF7", bgColor="DDEBF7")
LOSS_FILL = PatternFill("solid", fgColor="FFC7CE", bgColor="FFC7CE")
CONFLICT_FILL = PatternFill("solid", fgColor="FF0000", bgColor="FF0000")
#: The books' font (openpyxl's default, Calibri): named on every bold font so that no program
#: falls back to another family (LibreOffice printed the unnamed bold fonts in a serif).
FONT = "Calibri"
HEADER_FONT = Font(name=FONT, size=11, bold=True, color="FFFFFF")
TITLE_FONT = Font(name=FONT, bold=True, size=14)
BOLD = Font(name=FONT, size=11, bold=True)
UP_FONT = Font(color="006100", bold=True)
DOWN_FONT = Font(color="9C0006", bold=True)
THIN = Side(style="thin", color="BFBFBF")
GRID = Border(left=THIN, right=THIN, top=THIN, bottom=THIN)
CENTER = Alignment(horizontal="center", vertical="center")
#: A column header's: centred and wrapped.
HEADER_ALIGNMENT = Alignment(horizontal="center", vertical="center", wrap_text=True)
#: No fill and no border (a cell that has them otherwise, made plain).
NO_FILL, NO_BORDER = PatternFill(), Border()
WRAP = Alignment(wrap_text=True, vertical="top")
#: A text that shrinks to fit its cell rather than being cut (a name and why he is not paired).
SHRINK = Alignment(shrink_to_fit=True)
UNLOCKED = Protection(locked=False)

#: Number formats that never print a trailing decimal separator (Excel shows ``0.#`` as "6."):
#: points and tie-breaks (halves, quarters) in ``General`` — 6, 5.5, 13.25 with the locale's
#: separator; changes with their sign (+3, -3.5, 0); figures with fixed decimals as ``0.00##``.
#: Points and tie-breaks in halves with one decimal (6.0, 5.5), as the Forecast beside them (6.0, 6.37).
HALVES = "0.0"
#: A tie-break slot, whichever tie-break it holds: points-like values as the Points beside them
#: (28.0, 25.5; a quarter shows its second decimal, 13.25), a rating-like value (ARO, TPR, from
#: 1000 on) as a whole number (2315): one format down each column.
TIEBREAK = "[>=1000]0;0.0#"
CHANGE = "+General;-General;0"
EXPECTED = "0.00##"
FORECAST = "0.0#"
#: A typed draw shows as ½ however it was typed (0.5 too), as the computed crosstables show it:
#: one draw notation in every printed grid (TRF's ``=`` is a file's notation, not a print's).
DRAW = '[=0.5]"½";General'
CHANGE_EXACT = "+0.00##;-0.00##;0"
#: A date, year first, in every language.
DATE = DATE_FORMAT
#: A tournament category: a dash where the average is below category 1 (the value stays 0).
CATEGORY = 'General;-General;"–"'
#: Every number format an output or input cell of a generated book may carry (a test checks).
NUMBER_FORMATS = frozenset({"General", HALVES, TIEBREAK, CHANGE, EXPECTED, FORECAST, DRAW, CHANGE_EXACT, CATEGORY, "0.0###", "0", "0.00", DATE, "@"})

#: Validation kinds of number cells: text in them is flagged (:meth:`Book.flag_text`).
NUMERIC_KINDS = ("rating", "k", "scale", "whole", "year")
#: The dropdown of a game's result: the usual forms first, then what else may be typed.
GAME_RESULTS = [1, "½", 0, "R", "F+", "F-", "=", "+", "−", 0.5, "0.5", "0,5", "1/2", "W", "D", "L", "-", "F−"]
#: The dropdown of a Swiss round: a game's results and the byes.
ROUND_RESULTS = GAME_RESULTS + ["H", "F", "U", "Z"]

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def clean_text(value: str) -> str:
    """User text with control characters removed (a newline or tab becomes a space), and the
    characters XML cannot hold otherwise (lone surrogates, U+FFFE, U+FFFF) as U+FFFD.

    >>> clean_text("Nguy\\x07en\\tVan\\nAn"), clean_text("a\\ud800b\\uffff")
    ('Nguyen Van An', 'a\ufffdb\ufffd')
    """
    text = _CONTROL.sub("", value.replace("\t", " ").replace("\r\n", " ").replace("\n", " ").replace("\r", " "))
    return NOT_XML.sub("\ufffd", text)


AREA = re.compile(r"\$?[A-Z]{1,3}\$?\d+:\$?[A-Z]{1,3}\$?\d+")
def cell_at(ws: Worksheet, coordinate: str | tuple[int, int]) -> Any:
    """``ws[coordinate]`` for one cell, without openpyxl's general parsing (much faster); the
    cell may be given as ``(row, column)`` too, not parsed at all.

    >>> import openpyxl
    >>> ws = openpyxl.Workbook().active
    >>> cell_at(ws, "B7").coordinate, cell_at(ws, (7, 2)) is cell_at(ws, "B7")
    ('B7', True)
    """
    if coordinate.__class__ is tuple:
        row, column = coordinate
    else:
        try:
            row, column = parse_cell(coordinate)  # type: ignore[arg-type]
        except ValueError:
            return ws[coordinate]
    cells = ws._cells
    target = cells.get((row, column))
    if target is None:
        # ``Cell(ws, row=row, column=column)`` without its keyword handling (a big book makes
        # hundreds of thousands): the attributes openpyxl 3.1's constructor sets, each to the same value
        target = cells[(row, column)] = _cell(Cell)
        target.parent, target.row, target.column = ws, row, column
        target._style, target._value, target._hyperlink, target._comment, target.data_type = None, None, None, None, "n"
        if row > ws._current_row:
            ws._current_row = row
    return target


_cell = Cell.__new__

#: The style attributes :func:`set_style` sets, and their fields of a cell's style array.
_STYLE_FIELDS = {"font": "fontId", "fill": "fillId", "border": "borderId", "alignment": "alignmentId",
                 "protection": "protectionId"}


def set_style(cell: Any, **styles: Any) -> None:
    """``cell.alignment = CENTER`` (and ``font``, ``fill``, ``border``, ``protection``) as
    openpyxl sets it, with each style object looked up in the workbook's list once: openpyxl
    looks for it again for each cell, comparing it field by field with the list's. The objects
    are the books' constants (the same object, the same style).

    >>> import openpyxl
    >>> ws = openpyxl.Workbook().active
    >>> set_style(ws["A1"], alignment=CENTER, font=BOLD); set_style(ws["A2"], alignment=CENTER)
    >>> ws["A2"].alignment.horizontal, ws["A1"].font.b, ws["A2"].font.b
    ('center', True, False)
    """
    known = cell.parent.parent.__dict__.setdefault("_elo_style_ids", {})  # the workbook's
    for name, value in styles.items():
        entry = known.get((name, id(value)))
        if entry is None:
            setattr(cell, name, value)  # openpyxl's way, once
            # the object kept with its number, so that its id stays its own
            known[(name, id(value))] = getattr(cell._style, _STYLE_FIELDS[name]), value
        else:
            if not cell._style:
                cell._style = StyleArray()
            setattr(cell._style, _STYLE_FIELDS[name], entry[0])


def merge(ws: Worksheet, first_row: int, first_column: int, last_row: int, last_column: int) -> None:
    """``ws.merge_cells(...)`` of the range, with the same cells and styles: openpyxl makes the
    range's other cells merged cells and gives the edges the top-left cell's borders (and its
    own the bottom-right cell's), setting styles one border at a time. What that leaves
    depends only on the two corner cells' styles as they were and on the range's size, so the
    styles it left are kept per workbook and set again at once when a range of the same size
    with the same corners is merged (a book merges the same row shape hundreds of times).

    >>> import openpyxl
    >>> ws = openpyxl.Workbook().active
    >>> ws["A1"].border = ws["A2"].border = GRID
    >>> merge(ws, 1, 1, 1, 3); merge(ws, 2, 1, 2, 3)
    >>> sorted(map(str, ws.merged_cells.ranges)), ws["C2"].border.right.style, type(ws["B2"]).__name__
    (['A1:C1', 'A2:C2'], 'thin', 'MergedCell')
    """
    cells = ws._cells
    start, end = cells.get((first_row, first_column)), cells.get((last_row, last_column))
    key = (None if start is None else _style_key(start), None if end is None else _style_key(end),
           last_row - first_row, last_column - first_column)
    known = ws.parent.__dict__.setdefault("_elo_merges", {})  # the workbook's
    styles = known.get(key)
    if styles is None:
        ws.merge_cells(start_row=first_row, start_column=first_column, end_row=last_row, end_column=last_column)
        known[key] = [StyleArray(cells[row, column]._style) for row in range(first_row, last_row + 1)
                      for column in range(first_column, last_column + 1)]
        return
    merged = MergedCellRange.__new__(MergedCellRange)
    merged.ws = ws
    CellRange.__init__(merged, min_col=first_column, min_row=first_row, max_col=last_column, max_row=last_row)
    merged.start_cell = cell_at(ws, (first_row, first_column))
    ws.merged_cells.add(merged)
    at = iter(styles)
    for row in range(first_row, last_row + 1):
        for column in range(first_column, last_column + 1):
            cell = merged.start_cell if (row, column) == (first_row, first_column) else MergedCell(ws, row, column)
            cell._style = StyleArray(next(at))
            cells[row, column] = cell


def _style_key(cell: Any) -> bytes:
    style = cell._style
    return style.tobytes() if style is not None else NO_STYLE


def ref(sheet: Worksheet | str, cell: str) -> str:
    """An absolute reference to ``cell`` on ``sheet``: ``'Round robin'!$C$5``.

    >>> ref("Round robin", "C5:D9")
    "'Round robin'!$C$5:$D$9"
    """
    return _ref(sheet if isinstance(sheet, str) else sheet.title, cell)


@lru_cache(maxsize=1 << 16)  # a big book refers to the same cell from several sheets
def _ref(title: str, cell: str) -> str:
    parts = []
    for part in cell.split(":"):
        row, column = parse_cell(part)
        parts.append(f"${column_letter(column)}${row}")
    return f"{quote_sheetname(title)}!{':'.join(parts)}"


def row_ref(sheet: Worksheet | str, cell: str) -> str:
    """A reference to ``cell`` on ``sheet`` with fixed columns and relative rows, for a formula
    repeated row by row (it can then be shared down its column, :mod:`.sheet_writer`):
    ``'Round robin'!$C5``.

    >>> row_ref("Swiss", "BQ6:CA6")
    "'Swiss'!$BQ6:$CA6"
    """
    return _row_ref(sheet if isinstance(sheet, str) else sheet.title, cell)


@lru_cache(maxsize=1 << 16)
def _row_ref(title: str, cell: str) -> str:
    sheet_part, _, cells = _ref(title, cell).rpartition("!")
    return f"{sheet_part}!{_ABSOLUTE_ROW.sub('', cells)}"


def column_ref(sheet: Worksheet | str, column: int, absolute: bool = False) -> str:
    """The start of a reference to a cell of ``column`` on ``sheet``, its row number to be
    added: of :func:`row_ref`'s, or (``absolute``) of :func:`ref`'s. A builder that refers to
    every row of a column makes it once.

    >>> column_ref("Swiss", 3) + "5" == row_ref("Swiss", "C5"), column_ref("Swiss", 3, absolute=True) + "5"
    (True, "'Swiss'!$C$5")
    """
    title = sheet if isinstance(sheet, str) else sheet.title
    return f"{quote_sheetname(title)}!${column_letter(column)}{'$' if absolute else ''}"


_ABSOLUTE_ROW = re.compile(r"[$](?=[0-9])")
