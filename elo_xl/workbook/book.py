"""What every generated workbook shares: styles, the Event and Tables sheets, defined names,
validation, protection, print set-up, and safe writing of user text.

A template module builds its own sheet on a :class:`Book`; the Book gives it the vocabulary
of the house (``input_cell``, ``label``, ``formula``, ``name``…) so that every template looks
and behaves alike.

Over 500 lines because it is the one vocabulary every template shares; the layout arithmetic
(text widths) lives apart in :mod:`elo_xl.workbook.layout`.
"""

from __future__ import annotations

import re
from copy import copy
from typing import Any, Iterable, Sequence

from openpyxl import Workbook
from openpyxl.cell.cell import Cell
from openpyxl.formatting.rule import CellIsRule, FormulaRule
from openpyxl.styles import Alignment, Border, Font, PatternFill, Protection, Side
from openpyxl.utils import column_index_from_string, get_column_letter, quote_sheetname, range_boundaries
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from ..rules import RULE_SETS, LogisticRules, RuleSet
from ..tables import D_TO_P, P_TO_DP
from . import formulas as f
from .archive import save_deterministic
from .i18n import LANGUAGES, translate
from .sheet_xml import NOT_XML
from .layout import line_points, lines, longest_word, right_to_left, text_width

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
WRAP = Alignment(wrap_text=True, vertical="top")
#: The Event sheet's first tie-break slot, and the first row of the TRF records kept below them
#: (row 14 in a book without tie-breaks).
TIEBREAK_ROW = 13
TRF_RECORDS_ROW = 22
UNLOCKED = Protection(locked=False)

#: Number formats that never print a trailing decimal separator (Excel shows ``0.#`` as "6."):
#: points and tie-breaks (halves, quarters) in ``General`` — 6, 5.5, 13.25 with the locale's
#: separator; changes with their sign (+3, -3.5, 0); figures with fixed decimals as ``0.00##``.
#: Points and tie-breaks in halves with one decimal (6.0, 5.5), as the Forecast beside them (6.0, 6.37).
HALVES = "0.0"
CHANGE = "+General;-General;0"
EXPECTED = "0.00##"
FORECAST = "0.0#"
#: A typed draw shows as ½ however it was typed (0.5 too), as the computed crosstables show it:
#: one draw notation in every printed grid (TRF's ``=`` is a file's notation, not a print's).
DRAW = '[=0.5]"½";General'
CHANGE_EXACT = "+0.00##;-0.00##;0"
#: A date, year first, in every language.
DATE = "yyyy-mm-dd"
#: A tournament category: a dash where the average is below category 1 (the value stays 0).
CATEGORY = 'General;-General;"–"'
#: Every number format an output or input cell of a generated book may carry (a test checks).
NUMBER_FORMATS = frozenset({"General", HALVES, CHANGE, EXPECTED, FORECAST, DRAW, CHANGE_EXACT, CATEGORY, "0.0###", "0", "0.00", DATE, "@"})

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


_AREA = re.compile(r"\$?[A-Z]{1,3}\$?\d+:\$?[A-Z]{1,3}\$?\d+")
_COORDINATE = re.compile(r"\$?([A-Z]{1,3})\$?(\d+)")


def _new_cell(ws: Worksheet, row: int, column: int) -> Cell:
    """``Cell(ws, row=row, column=column)`` without its keyword handling (a big book makes
    hundreds of thousands): the attributes openpyxl 3.1's constructor sets, each to the same
    value."""
    cell = Cell.__new__(Cell)
    cell.parent, cell.row, cell.column = ws, row, column
    cell._style, cell._value, cell._hyperlink, cell._comment, cell.data_type = None, None, None, None, "n"
    return cell


def _cell(ws: Worksheet, coordinate: str) -> Any:
    """``ws[coordinate]`` for one cell, without openpyxl's general parsing (much faster)."""
    match = _COORDINATE.fullmatch(coordinate)
    if match is None:
        return ws[coordinate]
    row, column = int(match[2]), column_index_from_string(match[1])
    cells = ws._cells
    target = cells.get((row, column))
    if target is None:
        target = cells[(row, column)] = _new_cell(ws, row, column)
        if row > ws._current_row:
            ws._current_row = row
    return target


def ref(sheet: Worksheet | str, cell: str) -> str:
    """An absolute reference to ``cell`` on ``sheet``: ``'Round robin'!$C$5``.

    >>> ref("Round robin", "C5:D9")
    "'Round robin'!$C$5:$D$9"
    """
    title = sheet if isinstance(sheet, str) else sheet.title
    parts = []
    for part in cell.split(":"):
        letters = part.rstrip("0123456789")
        parts.append(f"${letters}${part[len(letters):]}")
    return f"{quote_sheetname(title)}!{':'.join(parts)}"


def row_ref(sheet: Worksheet | str, cell: str) -> str:
    """A reference to ``cell`` on ``sheet`` with fixed columns and relative rows, for a formula
    repeated row by row (it can then be shared down its column, :mod:`.sheet_xml`):
    ``'Round robin'!$C5``.

    >>> row_ref("Swiss", "BQ6:CA6")
    "'Swiss'!$BQ6:$CA6"
    """
    sheet_part, _, cells = ref(sheet, cell).rpartition("!")
    return f"{sheet_part}!{re.sub(r'[$](?=[0-9])', '', cells)}"


def cell_name(column: int, row: int, absolute: bool = False) -> str:
    """``(3, 5)`` → ``C5`` (or ``$C$5``)."""
    letter = get_column_letter(column)
    return f"${letter}${row}" if absolute else f"{letter}{row}"


#: The smallest print scale of a wide sheet: the books' 11 pt text prints at 8 pt or more.
MIN_PRINT_SCALE = 8 / 11
#: The printable width of a landscape A4 page within the margins of :meth:`Book.print_setup`, in points.
PAGE_POINTS = (297 / 25.4 - 0.8) * 72


def _points(ws: Worksheet, low: int, high: int) -> float:
    """The width of columns ``low``–``high`` in points (a width of w characters is 7w + 5 pixels)."""
    total = 0.0
    for c in range(low, high + 1):
        width = ws.column_dimensions[get_column_letter(c)].width or 8.43
        total += (7 * width + 5) * 0.75
    return total


def column_pages(widths: Sequence[float], ties: Sequence[tuple[int, int]], repeated: float,
                 scale: float) -> list[int] | None:
    """Where a sheet's page breaks go across: the index of the last column on each page but the
    last, for columns of ``widths`` points printed at ``scale`` beside ``repeated`` points of
    repeated columns on every page; never inside a tie (first, last index: a merged header) and
    never a column alone that would not fit (None when a tie or a column is wider than a page).

    >>> column_pages([100, 100, 100, 100], [], 0, PAGE_POINTS / 250)   # two columns a page
    [1]
    >>> column_pages([100, 100, 100, 100], [(2, 3)], 0, PAGE_POINTS / 300)   # three fit, but 2 goes with 3
    [1]
    >>> column_pages([100, 100, 100, 100], [(0, 3)], 0, PAGE_POINTS / 300) is None   # a tie wider than a page
    True
    """
    room = PAGE_POINTS / scale - repeated
    breaks, used, start = [], 0.0, 0
    allowed = [not any(a <= c < b for a, b in ties) for c in range(len(widths))]  # a break after c
    for c, width in enumerate(widths):
        if width > room:
            return None
        if used + width > room:
            last = next((b for b in range(c - 1, start - 1, -1) if allowed[b]), None)
            if last is None:
                return None
            breaks.append(last)
            start = last + 1
            used = sum(widths[start:c])
            if used + width > room:
                return None
        used += width
    return breaks


def pages_wide(width: float, repeated: float) -> int:
    """The fewest pages wide that print ``width`` points at :data:`MIN_PRINT_SCALE` or more when
    ``repeated`` points of it are printed again on every further page.

    >>> pages_wide(700, 100), pages_wide(1800, 200)
    (1, 2)
    """
    pages = 1
    while (width + (pages - 1) * repeated) * MIN_PRINT_SCALE > pages * PAGE_POINTS and pages < 20:
        pages += 1
    return pages


class Book:
    """An openpyxl workbook under construction, in one language."""

    def __init__(self, lang: str = "en", rule_sets: tuple[RuleSet, ...] = RULE_SETS):
        if lang not in LANGUAGES:
            from ..errors import EloError

            raise EloError.at("--lang", None, lang, f"is not a language of elo-xl; use {', '.join(LANGUAGES)}")
        self.lang = lang
        #: The rule sets the book offers, in the order of its ``RuleNo``.
        self.rule_sets = rule_sets
        self.wb = Workbook()
        self.wb.remove(self.wb.active)
        self.validations: dict[str, DataValidation] = {}
        self._styles: dict[tuple, Any] = {}

    # --- text ----------------------------------------------------------------------------
    def t(self, key: str, **values: Any) -> str:
        """The text of ``key`` in this book's language."""
        return translate(key, self.lang, **values)

    def shown(self, key: str, **values: Any) -> str:
        """The text of ``key`` as a cell shows it: in Arabic with its left-to-right runs
        (formulas, rule-set names) kept in order (:func:`~.layout.right_to_left`)."""
        text = self.t(key, **values)
        return right_to_left(text) if self.lang == "ar" else text

    def sheet(self, key: str) -> Worksheet:
        """A new sheet titled in the book's language (right to left in Arabic)."""
        ws = self.wb.create_sheet(self.t(key)[:31])
        if self.lang == "ar":
            ws.sheet_view.rightToLeft = True
        return ws

    # --- cells ----------------------------------------------------------------------------
    @staticmethod
    def text(ws: Worksheet, cell: str, value: Any) -> None:
        """Write user data as data: text never becomes a formula, control characters go."""
        target = _cell(ws, cell)
        if isinstance(value, str):
            target.value = clean_text(value)
            target.data_type = "s"
        else:
            target.value = value

    def title(self, ws: Worksheet, key: str, last_column: int, **values: Any) -> None:
        """The sheet's title in A1, across the printed columns, wrapped when long."""
        self.label(ws, "A1", key, **values)
        ws["A1"].font = TITLE_FONT
        ws["A1"].alignment = Alignment(wrap_text=True, vertical="top")
        ws.merge_cells(start_row=1, start_column=1, end_row=1, end_column=last_column)
        # the event line under it (A2) gets the same width, so that no neighbour cuts it
        ws.merge_cells(start_row=2, start_column=1, end_row=2, end_column=last_column)

    def label(self, ws: Worksheet, cell: str, key: str, bold: bool = False, **values: Any) -> None:
        """A translated label."""
        self.text(ws, cell, self.shown(key, **values))
        if bold:
            ws[cell].font = BOLD

    def header(self, ws: Worksheet, row: int, column: int, key: str, **values: Any) -> None:
        """A column header: translated, white on dark blue, centred and wrapped."""
        cell = ws.cell(row=row, column=column)
        self.text(ws, cell.coordinate, self.shown(key, **values))
        cell.font = HEADER_FONT
        cell.fill = HEADER_FILL
        cell.alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)
        cell.border = GRID

    def _styled(self, target: Any, key: tuple, apply: Any) -> None:
        """Give ``target`` the style ``key``: built once by ``apply``, then copied (fast)."""
        style = self._styles.get(key)
        if style is None:
            apply(target)
            self._styles[key] = copy(target._style)
        else:
            target._style = style.__copy__()

    def formula(self, ws: Worksheet, cell: str, text: str, number_format: str | None = None,
                fill: PatternFill | None = None) -> None:
        """A formula cell (locked), ``text`` without the leading ``=``."""
        target = _cell(ws, cell)
        # what openpyxl's value setter does for a formula, without its checks of user text:
        # a formula is the book's own text
        target._value = "=" + text
        target.data_type = "f"
        if number_format or fill is not None:
            def apply(c: Any) -> None:
                if number_format:
                    c.number_format = number_format
                if fill is not None:
                    c.fill = fill
                    c.border = GRID
            self._styled(target, ("formula", number_format, fill.fgColor.rgb if fill is not None else None), apply)

    def input_cell(self, ws: Worksheet, cell: str, value: Any = None, number_format: str | None = None,
                   centred: bool = False) -> None:
        """An input cell: unlocked and shaded; its value (if any) is written as data."""
        target = _cell(ws, cell)
        if value is not None:
            self.text(ws, cell, value)

        def apply(c: Any) -> None:
            c.protection = UNLOCKED
            c.fill = INPUT_FILL
            c.border = GRID
            if number_format:
                c.number_format = number_format
            if centred:
                c.alignment = CENTER
        self._styled(target, ("input", number_format, centred), apply)

    # --- names ------------------------------------------------------------------------------
    def name(self, name: str, ws: Worksheet | str, cells: str) -> None:
        """A workbook-level defined name for a cell or a range."""
        self.wb.defined_names[name] = DefinedName(name, attr_text=ref(ws, cells))

    # --- validation -------------------------------------------------------------------------
    def validate(self, ws: Worksheet, cells: str, kind: str) -> None:
        """Attach the data validation ``kind`` (results, rounds, rating, k, rules, colour, whole, date, flag)."""
        key = f"{ws.title}|{kind}"
        dv = self.validations.get(key)
        if dv is None:
            dv = self._new_validation(kind)
            ws.add_data_validation(dv)
            self.validations[key] = dv
        dv.add(cells)
        if kind in NUMERIC_KINDS:
            self.flag_text(ws, cells, allowed=("NR",) if kind == "rating" else ())

    @staticmethod
    def flag_text(ws: Worksheet, cells: str, allowed: tuple[str, ...] = ()) -> None:
        """Red on number cells holding text (pasted past the validation): such a cell would
        otherwise count silently as blank (a rating as unrated) — ``allowed`` texts excepted."""
        for part in cells.split():
            first = part.split(":")[0]
            exceptions = "".join(f',{first}<>"{text}"' for text in allowed)  # = ignores case
            rule = f'AND(NOT(ISNUMBER({first})),{first}<>""{exceptions})'
            ws.conditional_formatting.add(part, FormulaRule(formula=[rule], fill=CONFLICT_FILL,
                                                            font=Font(color="FFFFFF", bold=True)))

    def _new_validation(self, kind: str) -> DataValidation:
        specs = {
            "results": dict(type="list", formula1="GameResultList"),
            "rounds": dict(type="list", formula1="RoundResultList"),
            "rules": dict(type="list", formula1="RuleList"),
            "tiebreak": dict(type="list", formula1="TiebreakCodes"),
            "tiebreak_rules": dict(type="list", formula1='"2024,2026"'),
            "colour": dict(type="list", formula1="ColourList"),
            "flag": dict(type="list", formula1="FlagList"),
            "rating": dict(type="whole", operator="between", formula1="0", formula2="3999"),
            "k": dict(type="decimal", operator="between", formula1="0.01", formula2="100"),
            "scale": dict(type="decimal", operator="between", formula1=str(LogisticRules.SCALE_MIN),
                          formula2=str(LogisticRules.SCALE_MAX)),
            "whole": dict(type="whole", operator="between", formula1="0", formula2="100000"),
            "year": dict(type="whole", operator="between", formula1="1800", formula2="2200"),
            "date": dict(type="date", operator="between", formula1="1", formula2="401768"),
        }
        spec = specs[kind]
        dv = DataValidation(allow_blank=True, showErrorMessage=True, showInputMessage=True, **spec)
        dv.promptTitle = self.t(f"valid.{kind}.title")[:32]
        dv.prompt = self.t(f"valid.{kind}.prompt")[:255]
        dv.errorTitle = self.t(f"valid.{kind}.title")[:32]
        dv.error = self.t(f"valid.{kind}.error")[:255]
        dv.errorStyle = "stop"
        return dv

    # --- formatting ----------------------------------------------------------------------------
    @staticmethod
    def widths(ws: Worksheet, widths: dict[int, float]) -> None:
        """Column widths by column number."""
        for column, width in widths.items():
            ws.column_dimensions[get_column_letter(column)].width = width

    @staticmethod
    def result_colours(ws: Worksheet, cells: str, first: str) -> None:
        """Win/draw/loss colours on result cells (``first`` = top-left cell of ``cells``)."""
        def any_of(numbers: tuple[float, ...], texts: tuple[str, ...]) -> str:
            tests = [f"AND(ISNUMBER({first}),{first}={n})" for n in numbers] + [f'{first}="{t}"' for t in texts]
            return f"OR({','.join(tests)})"
        ws.conditional_formatting.add(cells, FormulaRule(formula=[any_of((1,), ("1", "+", "W", "F+"))], fill=WIN_FILL))
        ws.conditional_formatting.add(cells, FormulaRule(formula=[any_of((0.5,), ("½", "=", "D", "R", "0.5", "0,5", "1/2"))],
                                                         fill=DRAW_FILL))
        ws.conditional_formatting.add(cells, FormulaRule(formula=[any_of((0,), ("0", "−", "-", "L", "F-", "F−"))],
                                                         fill=LOSS_FILL))

    @staticmethod
    def kvant_only(ws: Worksheet, cells: str) -> None:
        """Hide ``cells`` (labels and boxes alike: white on white, no grid) unless the rule set
        is one of the Kvant article's (ELO-1970, USSR-1977), where they apply."""
        white = Side(style="thin", color="FFFFFF")
        ws.conditional_formatting.add(cells, FormulaRule(
            formula=["NOT(IsKvant)"], font=Font(color="FFFFFF"), fill=PatternFill("solid", fgColor="FFFFFF", bgColor="FFFFFF"),
            border=Border(left=white, right=white, top=white, bottom=white)))

    @staticmethod
    def conflict_colour(ws: Worksheet, cells: str, code: str) -> None:
        """Red on input cells whose game code (same sheet) is a conflict."""
        ws.conditional_formatting.add(cells, FormulaRule(formula=[f"{code}>={f.CONFLICT}"], fill=CONFLICT_FILL, font=Font(color="FFFFFF", bold=True)))

    @staticmethod
    def up_down(ws: Worksheet, cells: str) -> None:
        """Green above zero, red below, on change cells."""
        ws.conditional_formatting.add(cells, CellIsRule(operator="greaterThan", formula=["0"], font=UP_FONT))
        ws.conditional_formatting.add(cells, CellIsRule(operator="lessThan", formula=["0"], font=DOWN_FONT))

    @staticmethod
    def print_setup(ws: Worksheet, area: str, title_rows: str, title_columns: str | None = None) -> None:
        """Landscape, fit to width (never to height), repeated header rows, page numbers in the footer.

        Given ``title_columns`` (the columns that name a row, such as ``A:D``), a sheet too wide to
        print one page wide at :data:`MIN_PRINT_SCALE` prints as many pages wide as that scale
        needs, those columns repeated on each (:func:`pages_wide`): at a fixed scale, with a
        page break between columns where no merged header spans it (:func:`paginate`, when the
        book is saved and the widths are final); the title and the lines above the header rows
        wrap within the repeated columns, which print on every page, so that no page cuts them."""
        ws.page_setup.orientation = "landscape"
        ws.page_setup.paperSize = ws.PAPERSIZE_A4
        ws.page_margins.left = ws.page_margins.right = 0.4
        ws.page_margins.top = ws.page_margins.bottom = 0.6
        pages = 1
        if title_columns:
            low, _, high, _ = range_boundaries(area)
            first, last = (column_index_from_string(c) for c in title_columns.split(":"))
            pages = pages_wide(_points(ws, low, high), _points(ws, first, last))
            if pages > 1:
                ws.print_title_cols = title_columns
                header = int(title_rows.split(":")[0].replace("$", ""))
                _within(ws, header, last)
                ws._elo_paginate = (area, title_columns)  # see paginate
        ws.page_setup.fitToWidth = pages
        ws.page_setup.fitToHeight = 0
        ws.sheet_properties.pageSetUpPr.fitToPage = True
        ws.print_area = area
        ws.print_title_rows = title_rows
        ws.oddFooter.center.text = "&P / &N"

    @staticmethod
    def protect(ws: Worksheet) -> None:
        """Protect a sheet without a password: formulas locked, input cells open."""
        ws.protection.sheet = True
        ws.protection.formatColumns = False
        ws.protection.formatRows = False
        ws.protection.selectLockedCells = False
        ws.protection.selectUnlockedCells = False

    # --- the shared sheets --------------------------------------------------------------------------
    def event_sheet(self, rules: str = "FIDE", scale: int | float = LogisticRules.SCALE_DEFAULT, default_k: Any = None,
                    event: dict[str, Any] | None = None, tiebreaks: bool = False) -> Worksheet:
        """Sheet 1: the event's data and the rule set, with their defined names; ``tiebreaks``:
        room for the tie-break slots (:meth:`tiebreak_slots`) above the kept TRF records."""
        ws = self.sheet("sheet.event")
        self.text(ws, "A1", self.t("title.event"))
        ws["A1"].font = TITLE_FONT
        event = event or {}
        rows = [
            ("EventName", "event.name", event.get("name"), None, None),
            ("Place", "event.place", event.get("place"), None, None),
            ("StartDate", "event.start", event.get("start"), "yyyy-mm-dd", "date"),
            ("EndDate", "event.end", event.get("end"), "yyyy-mm-dd", "date"),
            ("Arbiter", "event.arbiter", event.get("arbiter"), None, None),
            ("Rules", "event.rules", rules, None, "rules"),
            ("Scale", "event.scale", scale, None, "scale"),
            ("DefaultK", "event.default_k", default_k, None, "k"),
        ]
        for i, (name, key, value, number_format, kind) in enumerate(rows, start=3):
            self.label(ws, f"A{i}", key, bold=True)
            self.input_cell(ws, f"B{i}", value, number_format)
            if kind:
                self.validate(ws, f"B{i}", kind)
            self.name(name, ws, f"B{i}")
        # the other records of the TRF file the book was made from, kept for `elo-xl export`
        records = event.get("trf_records") or []
        first = TRF_RECORDS_ROW if tiebreaks else 14
        self.label(ws, f"A{first - 1}", "event.trf_records", bold=True)
        for i in range(max(len(records), 1)):
            self.input_cell(ws, f"A{first + i}", records[i] if i < len(records) else None)
            ws.merge_cells(f"A{first + i}:C{first + i}")
        self.name("TrfRecords", ws, f"A{first}:A{first + max(len(records), 1) - 1}")
        self.label(ws, "C8", "event.rules_help")
        self.label(ws, "C9", "event.scale_help")
        self.label(ws, "C10", "event.default_k_help")
        for row in (8, 9, 10):
            ws[f"C{row}"].alignment = WRAP
        self.widths(ws, {1: 26, 2: 30, 3: 90})
        self.print_setup(ws, "A1:C10", "1:1")
        self.protect(ws)
        self.event_ws = ws
        return ws

    def tiebreak_slots(self, offered: tuple[str, ...], chosen: Sequence[str], version: str,
                       forbidden: tuple[str, ...] = ()) -> None:
        """The Event sheet's tie-break slots (``TiebreakList``, six dropdowns of the codes the
        book computes, ``offered``, prefilled with ``chosen``) with each one's name in the
        book's language, or the reason it is refused in red; the rule version
        (``TiebreakRules``, 2024 or 2026); ``TbCodes`` the valid codes the formulas read.
        ``forbidden``: codes the 2026 rules forbid in this event (Buchholz in a round robin)."""
        ws = self.event_ws
        self.tiebreak_codes = offered
        first, last = TIEBREAK_ROW, TIEBREAK_ROW + 5
        self.label(ws, f"A{first - 1}", "tb.slots", bold=True)
        self.label(ws, f"C{first - 1}", "tb.slots_help")
        ws[f"C{first - 1}"].alignment = WRAP
        for k in range(6):
            row = first + k
            cell = f"B{row}"
            self.label(ws, f"A{row}", "tb.slot_label", number=k + 1)
            self.input_cell(ws, cell, chosen[k] if k < len(chosen) else None)
            offered_here = f"IFERROR(MATCH({cell},TiebreakCodes,0),0)>0"
            same = ",".join(f'{cell}="{c}"' for c in forbidden)
            bad_2026 = f"AND(TbNew,OR({same}))" if forbidden else "FALSE"
            so_far = f"$B${first}:B{row}"  # a code given twice: the first one counts (C.07 4.1's order)
            valid = f'AND({cell}<>"",{offered_here},COUNTIF({so_far},{cell})=1,NOT({bad_2026}))'
            self.formula(ws, f"D{row}", f'IF({valid},{cell},"")')
            message = (f'IF({cell}="","",IF({bad_2026},"{self.t("tb.forbidden")}",IF(NOT({offered_here}),'
                       f'"{self.t("tb.not_offered")}",IF(COUNTIF({so_far},{cell})>1,"{self.t("tb.twice")}",'
                       f"INDEX(TiebreakNames,MATCH({cell},TiebreakCodes,0))))))")
            self.formula(ws, f"C{row}", message)
        self.validate(ws, f"B{first}:B{last}", "tiebreak")
        ws.conditional_formatting.add(f"B{first}:C{last}", FormulaRule(
            formula=[f'AND($B{first}<>"",$D{first}="")'], fill=CONFLICT_FILL, font=Font(color="FFFFFF", bold=True)))
        self.name("TiebreakList", ws, f"B{first}:B{last}")
        self.name("TbCodes", ws, f"D{first}:D{last}")
        rules = last + 1
        self.label(ws, f"A{rules}", "tb.rules", bold=True)
        self.input_cell(ws, f"B{rules}", int(version))
        self.validate(ws, f"B{rules}", "tiebreak_rules")
        self.name("TiebreakRules", ws, f"B{rules}")
        self.formula(ws, f"D{rules}", f'OR(B{rules}=2026,B{rules}="2026")')
        self.name("TbNew", ws, f"D{rules}")
        self.formula(ws, f"D{rules + 1}", 'IFERROR(MATCH("DE",TbCodes,0),0)')
        self.name("TbDePos", ws, f"D{rules + 1}")
        self.label(ws, f"C{rules}", "tb.rules_help")
        ws[f"C{rules}"].alignment = WRAP
        self.widths(ws, {4: 8})
        ws.column_dimensions["D"].hidden = True
        self.print_setup(ws, f"A1:C{rules}", "1:1")

    def tables_sheet(self, switches: bool = True) -> Worksheet:
        """The last sheet: FIDE's tables, what users may type, and (``switches``: for books
        with an Event sheet) the rule-set switches every formula reads."""
        ws = self.sheet("sheet.tables")
        self.label(ws, "A1", "tables.title", bold=True)
        ws["A1"].font = TITLE_FONT
        # table 8.1.2
        self.header(ws, 3, 1, "tables.d_min")
        self.header(ws, 3, 2, "tables.p_high")
        self.header(ws, 3, 3, "tables.p_low")
        for i, (d_min, p_high) in enumerate(D_TO_P, start=4):
            ws.cell(row=i, column=1, value=d_min)
            ws.cell(row=i, column=2, value=p_high)
            ws.cell(row=i, column=3, value=100 - p_high)
        end = 3 + len(D_TO_P)
        self.name("DMin", ws, f"A4:A{end}")
        self.name("PHigh", ws, f"B4:B{end}")
        # table 8.1.1
        self.header(ws, 3, 5, "tables.p")
        self.header(ws, 3, 6, "tables.dp")
        for i, dp in enumerate(P_TO_DP):
            ws.cell(row=4 + i, column=5, value=i / 100).number_format = "0.00"
            ws.cell(row=4 + i, column=6, value=dp)
        self.name("DpTable", ws, f"F4:F{3 + len(P_TO_DP)}")
        # what users may type
        self.header(ws, 3, 8, "tables.typed")
        self.header(ws, 3, 9, "tables.code")
        typed = f.result_table()
        for i, (text, code) in enumerate(typed, start=4):
            self.text(ws, f"H{i}", text)
            ws.cell(row=i, column=9, value=code)
        self.name("ResultText", ws, f"H4:H{3 + len(typed)}")
        self.name("ResultBase", ws, f"I4:I{3 + len(typed)}")
        # dropdown lists
        lists = {
            "GameResultList": (11, GAME_RESULTS),
            "RoundResultList": (12, ROUND_RESULTS),
            "RuleList": (13, [rs.name for rs in self.rule_sets]),
            "ColourList": (14, ["w", "b", "-"]),
            "FlagList": (15, [self.t("flag.yes"), self.t("flag.no")]),
        }
        for name, (column, values) in lists.items():
            self.header(ws, 3, column, f"tables.{name}")
            for i, value in enumerate(values, start=4):
                self.text(ws, cell_name(column, i), value)
            self.name(name, ws, f"{get_column_letter(column)}4:{get_column_letter(column)}{3 + len(values)}")
        # the tie-breaks the book computes (its Event sheet's dropdown), with their names
        codes = getattr(self, "tiebreak_codes", ())
        if codes:
            self.header(ws, 3, 23, "tables.TiebreakCodes")
            self.header(ws, 3, 24, "tables.TiebreakNames")
            for i, code in enumerate(codes, start=4):
                self.text(ws, f"W{i}", code)
                self.text(ws, f"X{i}", self.t(f"tb.name.{code}"))
            self.name("TiebreakCodes", ws, f"W4:W{3 + len(codes)}")
            self.name("TiebreakNames", ws, f"X4:X{3 + len(codes)}")
            self.widths(ws, {23: 8, 24: 30})
        # game codes as the computed crosstable shows them
        self.header(ws, 3, 20, "tables.code")
        self.header(ws, 3, 21, "tables.symbol")
        for i, (code, symbol) in enumerate(f.CODE_SYMBOLS, start=4):
            ws.cell(row=i, column=20, value=code)
            self.text(ws, f"U{i}", symbol)
        self.name("CodeList", ws, f"T4:T{3 + len(f.CODE_SYMBOLS)}")
        self.name("CodeSymbol", ws, f"U4:U{3 + len(f.CODE_SYMBOLS)}")
        if switches:
            self._switches(ws)
        self.widths(ws, {1: 8, 2: 8, 3: 8, 5: 8, 6: 8, 8: 10, 9: 8, 11: 12, 12: 12, 13: 12, 14: 10, 15: 10, 17: 12, 18: 10,
                         20: 8, 21: 8})
        if switches:  # what the formulas read: hidden, and not printed with the event (a blank cell
            # as its print area: LibreOffice prints hidden sheets, and leaves empty pages out)
            self.print_setup(ws, "A2", "3:3")
            ws.sheet_state = "hidden"
        else:  # the reference book prints its tables
            self.print_setup(ws, f"A1:U{3 + len(P_TO_DP)}", "3:3")
        self.protect(ws)
        return ws

    def _switches(self, ws: Worksheet) -> None:
        """The rule-set switches every formula reads, from the Event sheet's inputs."""
        switches = f.switches(self.rule_sets, (self.t("flag.yes"), self.t("flag.no")))
        self.header(ws, 3, 17, "tables.switch")
        self.header(ws, 3, 18, "tables.value")
        for i, (name, text) in enumerate(switches, start=4):
            self.text(ws, f"Q{i}", name)
            self.formula(ws, f"R{i}", text)
            self.name(name, ws, f"R{i}")

    # --- layout ------------------------------------------------------------------------------------
    @staticmethod
    def fit(ws: Worksheet) -> None:
        """Widths and heights from the words: every wrapped text cell's column at least as wide
        as its longest word (so words never break), and every row as high as its wrapped
        lines need (merged cells measured across their columns)."""
        spans: dict[tuple[int, int], tuple[int, int, int]] = {}
        for merged in ws.merged_cells.ranges:
            spans[(merged.min_row, merged.min_col)] = (merged.max_col, merged.max_row - merged.min_row + 1, 0)
        def width(column: int) -> float:
            letter = get_column_letter(column)
            dimension = ws.column_dimensions.get(letter) if letter in ws.column_dimensions else None
            return dimension.width if dimension is not None and dimension.customWidth else DEFAULT_WIDTH

        wrapped, single = [], []
        cells = ws._cells
        areas = [range_boundaries(area.replace("$", "")) for area in _AREA.findall(str(ws.print_area or ""))]
        for (row, column), c in cells.items():
            if c.data_type != "s":  # text only (formulas are "f"): tested first, the cheapest test
                continue
            value = c._value
            if not isinstance(value, str) or value.startswith("="):
                continue
            wraps = c.has_style and c.alignment.wrap_text
            if (row, column) in spans and not wraps:
                continue
            if not wraps:
                # a text that cannot spill into the next cell must fit its own column
                neighbour = cells.get((row, column + 1))
                if neighbour is None or (neighbour.value is None and not neighbour.has_style):
                    continue
            font = c.font if c.has_style else None
            item = (row, column, value, bool(font and font.b), float((font and font.sz) or 11))
            # the working beside the printed block: one line each, so that it does not make
            # the printed rows of the same height taller
            printed = not areas or any(c0 <= column <= c1 and r0 <= row <= r1 for c0, r0, c1, r1 in areas)
            (wrapped if wraps and printed else single).append(item)

        for row, column, value, bold, size in single:
            need = text_width(value, bold, size)
            if need > width(column):
                ws.column_dimensions[get_column_letter(column)].width = round(need, 1)

        for row, column, value, bold, size in wrapped:
            if (row, column) not in spans:
                need = longest_word(value, bold, size)
                if need > width(column):
                    ws.column_dimensions[get_column_letter(column)].width = round(need, 1)
        heights: dict[int, float] = {}
        for row, column, value, bold, size in wrapped:
            last, rows, _ = spans.get((row, column), (column, 1, 0))
            room = sum(width(c) for c in range(column, last + 1))
            need = (lines(value, room, bold, size) * line_points(size) + 3) / rows
            heights[row] = max(heights.get(row, 0.0), need)
        for row, height in heights.items():
            if height > line_points() + 3:
                ws.row_dimensions[row].height = round(height, 1)

    # --- output ------------------------------------------------------------------------------------
    def to_bytes(self) -> bytes:
        """The finished workbook as deterministic .xlsx bytes."""
        for ws in self.wb.worksheets:
            self.fit(ws)
            if getattr(ws, "_elo_paginate", None):
                paginate(ws, *ws._elo_paginate)
        self.wb.properties.creator = "elo-xl"
        self.wb.calculation.fullCalcOnLoad = True
        return save_deterministic(self.wb)


def _within(ws: Worksheet, header: int, last: int) -> None:
    """The title, the event line and the labels above the header rows (from column A) merged
    across the repeated columns ``A``–``last`` and wrapped: they print in full on every page."""
    for merged in list(ws.merged_cells.ranges):
        if merged.min_row < header and merged.min_col == 1 and merged.max_col > last:
            ws.unmerge_cells(str(merged))
            ws.merge_cells(start_row=merged.min_row, start_column=1, end_row=merged.max_row, end_column=last)
    spans = {(m.min_row, m.min_col) for m in ws.merged_cells.ranges}
    for row in range(1, header):
        cell = ws.cell(row=row, column=1)
        if cell.value is not None and (row, 1) not in spans:
            ws.merge_cells(start_row=row, start_column=1, end_row=row, end_column=last)
        if cell.value is not None:
            cell.alignment = Alignment(wrap_text=True, vertical="top")


#: What the width estimate leaves free on a page (a spreadsheet's column widths differ slightly).
PAGE_SLACK = 0.96
#: The printable height of a landscape A4 page within the margins of :meth:`Book.print_setup`,
#: the footer's line taken off, in points.
PAGE_HEIGHT = (210 / 25.4 - 1.2) * 72 - 12


def pages_tall(heights: Sequence[float], repeated: float, scale: float) -> int:
    """How many pages down rows of ``heights`` points print at ``scale`` when ``repeated`` points
    of header rows print again at the top of every further page.

    >>> pages_tall([100] * 9, 0, PAGE_HEIGHT / 300), pages_tall([100] * 9, 100, PAGE_HEIGHT / 300)
    (3, 4)
    """
    room = PAGE_HEIGHT / scale
    pages, used = 1, 0.0
    for height in heights:
        if used + height > room:
            pages, used = pages + 1, repeated
        used += height
    return pages


def paginate(ws: Worksheet, area: str, title_columns: str) -> None:
    """Print a wide sheet across pages at the largest scale (percent, at most 100) that keeps
    the fewest pages :data:`MIN_PRINT_SCALE` allows, with manual breaks between columns that no
    merged cell of the area spans (a round's header stays whole); a fixed scale, since fitting
    to pages ignores manual breaks (Excel) or moves them."""
    low, top, high, bottom = range_boundaries(area)
    first, last = (column_index_from_string(c) for c in title_columns.split(":"))
    repeated = _points(ws, first, last)
    start = last + 1
    widths = [_points(ws, c, c) for c in range(start, high + 1)]
    ties = [(m.min_col - start, m.max_col - start) for m in ws.merged_cells.ranges
            if m.min_col >= start and m.max_col <= high and m.max_col > m.min_col]
    height = lambda r: (ws.row_dimensions[r].height if r in ws.row_dimensions and ws.row_dimensions[r].height  # noqa: E731
                        else 15.0)
    heights = [height(r) for r in range(top, bottom + 1)]
    header_rows = [int(x) for x in str(ws.print_title_rows or "").replace("$", "").split(":") if x]
    header = sum(height(r) for r in range(header_rows[0], header_rows[-1] + 1)) if header_rows else 0.0
    best: tuple[int, int, list[int]] | None = None
    # the fewest pages in all (across × down), then the largest scale that prints them
    for scale in range(100, int(-(-MIN_PRINT_SCALE * 100 // 1)) - 1, -1):
        breaks = column_pages(widths, ties, repeated, scale / 100 / PAGE_SLACK)
        if breaks is None:
            continue
        pages = (len(breaks) + 1) * pages_tall(heights, header, scale / 100 / PAGE_SLACK)
        if best is None or pages < best[1]:
            best = (scale, pages, breaks)
    if best is None:
        return  # nothing fits at the least scale: fit to width stays
    scale, _, breaks = best
    ws.sheet_properties.pageSetUpPr.fitToPage = False
    ws.page_setup.scale = scale
    ws.page_setup.fitToWidth = len(breaks) + 1
    for b in breaks:
        ws.col_breaks.append(Break(id=start + b, max=1048575))


def columns(first: int, count: int) -> Iterable[int]:
    """Column numbers ``first``, ``first+1``, … (``count`` of them)."""
    return range(first, first + count)
