"""What every generated workbook shares: the Event and Tables sheets, defined names, validation,
protection, print set-up, and safe writing of user text, in one language.

A template module builds its own sheet on a :class:`Book`; the Book gives it the vocabulary
of the house (``input_cell``, ``label``, ``formula``, ``name``…) so that every template looks
and behaves alike. The styles are :mod:`.style`, the pages :mod:`.pages`, the text widths
:mod:`.layout`.

Over 500 lines because it is the one vocabulary every template shares: the cells, the names,
the validation and the two shared sheets use each other's state (the tie-break codes offered,
the rule sets listed, the styles made once).
"""

from __future__ import annotations

from array import array
from copy import copy
from itertools import compress
from operator import attrgetter
from typing import Any, Sequence

from openpyxl import Workbook
from openpyxl.formatting.rule import CellIsRule, FormulaRule
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.styles.cell_style import StyleArray
from openpyxl.utils import column_index_from_string, get_column_letter, range_boundaries
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from ..io.xlsx import cell_name
from ..rules import RULE_SETS, LogisticRules, RuleSet
from ..tables import D_TO_P, P_TO_DP
from . import dynamic_arrays, names
from . import formulas as f
from .archive import deterministic, save_deterministic
from .i18n import LANGUAGES, translate
from .layout import line_points, lines, longest_word, right_to_left, text_width
from .pages import paginate, pages_wide, points, within
from .style import (AREA, BOLD, CENTER, CONFLICT_FILL, DATE, DEFAULT_WIDTH, DOWN_FONT, DRAW_FILL, GAME_RESULTS, GRID,
                    HEADER_ALIGNMENT, HEADER_FILL, HEADER_FONT, INPUT_FILL, LOSS_FILL, NUMERIC_KINDS, ROUND_RESULTS,
                    TITLE_FONT, UNLOCKED, UP_FONT, WIN_FILL, WRAP, cell_at, clean_text, merge, ref, set_style)

#: ``StyleArray.__copy__`` without its Python frames: a big book copies a style for every cell.
_copy_style = array.__new__
_DATA_TYPE = attrgetter("data_type")

#: The Event sheet's first tie-break slot, and the first row of the TRF records kept below them
#: (row 14 in a book without tie-breaks).
TIEBREAK_ROW = 13
TRF_RECORDS_ROW = 22


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

    def dates_in_words(self) -> str:
        """The event's dates in words in this book's language, as a text formula of the Event
        sheet's ``StartDate`` and ``EndDate`` (:func:`formulas.dates_in_words`; the month names
        are CLDR's, through Babel: "March", "tháng 3", "مارس", "марта")."""
        from babel.dates import get_month_names

        slots = {k: "{" + k + "}" for k in ("first", "last", "month", "month2", "year", "year2")}
        templates = {key: self.t(f"dates.{key}", **slots) for key in ("one_day", "same_month", "same_year", "other_years")}
        names = get_month_names("wide", "format", self.lang)
        return f.dates_in_words(templates, [names[k] for k in range(1, 13)])

    def event_line(self) -> str:
        """The line under a sheet's title: the event's name, place and dates in words."""
        return f.event_line(self.dates_in_words())

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
    def text(ws: Worksheet, cell: str | tuple[int, int], value: Any) -> None:
        """Write user data as data: text never becomes a formula, control characters go.
        ``cell``: a cell's name, or its (row, column), as :func:`~.style.cell_at` takes it."""
        Book._data(cell_at(ws, cell), value)

    @staticmethod
    def _data(target: Any, value: Any) -> None:
        """:meth:`text` of the cell ``target``."""
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
        merge(ws, 1, 1, 1, last_column)
        # the event line under it (A2) gets the same width, so that no neighbour cuts it
        merge(ws, 2, 1, 2, last_column)

    def label(self, ws: Worksheet, cell: str, key: str, bold: bool = False, **values: Any) -> None:
        """A translated label."""
        self.text(ws, cell, self.shown(key, **values))
        if bold:
            ws[cell].font = BOLD

    def header(self, ws: Worksheet, row: int, column: int, key: str, **values: Any) -> None:
        """A column header: translated, white on dark blue, centred and wrapped."""
        cell = ws.cell(row=row, column=column)
        self.text(ws, cell.coordinate, self.shown(key, **values))
        set_style(cell, font=HEADER_FONT, fill=HEADER_FILL, alignment=HEADER_ALIGNMENT, border=GRID)

    def _styled(self, target: Any, key: tuple, apply: Any) -> None:
        """Give ``target`` the style ``key``: built once by ``apply``, then copied (fast)."""
        style = self._styles.get(key)
        if style is None:
            apply(target)
            self._styles[key] = copy(target._style)
        else:
            target._style = _copy_style(StyleArray, "i", style)

    def formula(self, ws: Worksheet, cell: str | tuple[int, int], text: str, number_format: str | None = None,
                fill: PatternFill | None = None, centred: bool = False) -> None:
        """A formula cell (locked), ``text`` without the leading ``=``; ``centred`` centres it.
        ``cell``: a cell's name, or its (row, column) (faster: a big book's builders know both
        numbers and need no name for most cells they write)."""
        target = cell_at(ws, cell)
        # what openpyxl's value setter does for a formula, without its checks of user text:
        # a formula is the book's own text
        target._value = "=" + text
        target.data_type = "f"
        if number_format or fill is not None or centred:
            key = ("formula", number_format, fill.fgColor.rgb if fill is not None else None, centred)
            style = self._styles.get(key)
            if style is not None:  # the usual case, without building ``apply``
                target._style = _copy_style(StyleArray, "i", style)
                return

            def apply(c: Any) -> None:
                if number_format:
                    c.number_format = number_format
                if fill is not None:
                    c.fill = fill
                    c.border = GRID
                if centred:
                    c.alignment = CENTER
            self._styled(target, key, apply)

    def input_cell(self, ws: Worksheet, cell: str | tuple[int, int], value: Any = None,
                   number_format: str | None = None, centred: bool = False) -> None:
        """An input cell: unlocked and shaded; its value (if any) is written as data. ``cell``:
        a cell's name, or its (row, column)."""
        target = cell_at(ws, cell)
        if value is not None:
            self._data(target, value)
        key = ("input", number_format, centred)
        style = self._styles.get(key)
        if style is not None:
            target._style = _copy_style(StyleArray, "i", style)
            return

        def apply(c: Any) -> None:
            c.protection = UNLOCKED
            c.fill = INPUT_FILL
            c.border = GRID
            if number_format:
                c.number_format = number_format
            if centred:
                c.alignment = CENTER
        self._styled(target, key, apply)

    # --- names ------------------------------------------------------------------------------
    def name(self, name: str, ws: Worksheet | str, cells: str) -> None:
        """A workbook-level defined name for a cell or a range."""
        self.wb.defined_names[name] = DefinedName(name, attr_text=ref(ws, cells))

    # --- validation -------------------------------------------------------------------------
    def validate(self, ws: Worksheet, cells: str, kind: str) -> None:
        """Attach the data validation ``kind`` (results, rounds, rating, k, rules, colour, whole, date, flag)
        to ``cells``: a range, or several separated by spaces."""
        key = f"{ws.title}|{kind}"
        dv = self.validations.get(key)
        if dv is None:
            dv = self._new_validation(kind)
            ws.add_data_validation(dv)
            self.validations[key] = dv
        for part in cells.split():  # several ranges, space-separated
            dv.add(part)
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
            "points": dict(type="decimal", operator="between", formula1="0", formula2="1000"),
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
        """Win/draw/loss colours on result cells (``first`` = top-left cell of ``cells``), the
        spaces around a result read as the codes read them (:func:`formulas.typed_text`)."""
        typed = f.typed_text(first)

        def any_of(numbers: tuple[float, ...], texts: tuple[str, ...]) -> str:
            tests = [f"AND(ISNUMBER({first}),{first}={n})" for n in numbers] + [f'{typed}="{t}"' for t in texts]
            return f"OR({','.join(tests)})"
        ws.conditional_formatting.add(cells, FormulaRule(formula=[any_of((1,), ("1", "+", "W", "F+"))], fill=WIN_FILL))
        ws.conditional_formatting.add(cells, FormulaRule(formula=[any_of((0.5,), ("½", "=", "D", "R", "0.5", "0,5", "1/2"))],
                                                         fill=DRAW_FILL))
        ws.conditional_formatting.add(cells, FormulaRule(formula=[any_of((0,), ("0", "−", "-", "L", "F-", "F−"))],
                                                         fill=LOSS_FILL))

    @staticmethod
    def kvant_only(ws: Worksheet, cells: str, borders: bool = True) -> None:
        """Hide ``cells`` (labels and boxes alike: white on white, and, with ``borders``, a white
        grid) unless the rule set is one of the Kvant article's (ELO-1970, USSR-1977), where
        they apply. Without ``borders`` the cells must have no border of their own (a file saved
        by LibreOffice keeps no colour of a conditional border: the white grid prints black)."""
        white = Side(style="thin", color="FFFFFF")
        ws.conditional_formatting.add(cells, FormulaRule(
            formula=["NOT(IsKvant)"], font=Font(color="FFFFFF"), fill=PatternFill("solid", fgColor="FFFFFF", bgColor="FFFFFF"),
            border=Border(left=white, right=white, top=white, bottom=white) if borders else None))

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
            pages = pages_wide(points(ws, low, high), points(ws, first, last))
            if pages > 1:
                ws.print_title_cols = title_columns
                header = int(title_rows.split(":")[0].replace("$", ""))
                within(ws, header, last)
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
        fields = names.EVENT_FIELDS
        rows = [
            (fields["name"], "event.name", event.get("name"), None, None),
            (fields["city"], "event.place", event.get("place"), None, None),
            (fields["start"], "event.start", event.get("start"), DATE, "date"),
            (fields["end"], "event.end", event.get("end"), DATE, "date"),
            (fields["arbiter"], "event.arbiter", event.get("arbiter"), None, None),
            (names.RULES, "event.rules", rules, None, "rules"),
            (names.SCALE, "event.scale", scale, None, "scale"),
            (names.DEFAULT_K, "event.default_k", default_k, None, "k"),
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
            merge(ws, first + i, 1, first + i, 3)
        self.name(names.TRF_RECORDS, ws, f"A{first}:A{first + max(len(records), 1) - 1}")
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
                       forbidden: tuple[str, ...] = (), team: bool = False, one_of: tuple[str, ...] = (),
                       not_after: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = ()) -> None:
        """The Event sheet's tie-break slots (``TiebreakList``, six dropdowns of the codes the
        book computes, ``offered``, prefilled with ``chosen``) with each one's name in the
        book's language, or the reason it is refused in red; the rule version
        (``TiebreakRules``, 2024 or 2026); ``TbCodes`` the valid codes the formulas read.
        ``forbidden``: codes the 2026 rules forbid in this event (Buchholz in a round robin).
        ``team``: a team book's slots (``TeamTiebreakList``, ``TeamTiebreakRules``). ``one_of``:
        codes of which the book computes the first in the list only (the EDE family).
        ``not_after``: (earlier, later) codes: a code of ``later`` below one of ``earlier`` is refused."""
        ws = self.event_ws
        self.tiebreak_codes = offered
        first, last = TIEBREAK_ROW, TIEBREAK_ROW + 5
        self.label(ws, f"A{first - 1}", "tb.slots", bold=True)
        self.label(ws, f"C{first - 1}", "tb.team_slots_help" if team else "tb.slots_help")
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
            name = f"INDEX(TiebreakNames,MATCH({cell},TiebreakCodes,0))"
            valid = f'AND({cell}<>"",{offered_here},COUNTIF({so_far},{cell})=1,NOT({bad_2026}))'
            if one_of:  # a second code of the family: refused
                family = "+".join(f'COUNTIF({so_far},"{c}")' for c in one_of)
                member = ",".join(f'{cell}="{c}"' for c in one_of)
                second = f"AND(OR({member}),{family}>1)"
                valid = f"AND({valid},NOT({second}))"
                name = f'IF({second},"{self.t("tb.one_of")}",{name})'
            above = []  # a code the book computes only above another one
            for earlier, later in not_after if row > first else ():
                member = ",".join(f'{cell}="{c}"' for c in later)
                seen = "+".join(f'COUNTIF($B${first}:B{row - 1},"{c}")' for c in earlier)
                above.append(f"AND(OR({member}),{seen}>0)")
            if above:
                misplaced = f"OR({','.join(above)})"
                valid = f"AND({valid},NOT({misplaced}))"
                name = f'IF({misplaced},"{self.t("tb.move_up")}",{name})'
            self.formula(ws, f"D{row}", f'IF({valid},{cell},"")')
            message = (f'IF({cell}="","",IF({bad_2026},"{self.t("tb.forbidden")}",IF(NOT({offered_here}),'
                       f'"{self.t("tb.not_offered")}",IF(COUNTIF({so_far},{cell})>1,"{self.t("tb.twice")}",'
                       f"{name}))))")
            self.formula(ws, f"C{row}", message)
        self.validate(ws, f"B{first}:B{last}", "tiebreak")
        ws.conditional_formatting.add(f"B{first}:C{last}", FormulaRule(
            formula=[f'AND($B{first}<>"",$D{first}="")'], fill=CONFLICT_FILL, font=Font(color="FFFFFF", bold=True)))
        self.name(names.TEAM_TIEBREAK_LIST if team else names.TIEBREAK_LIST, ws, f"B{first}:B{last}")
        self.name("TbCodes", ws, f"D{first}:D{last}")
        rules = last + 1
        self.label(ws, f"A{rules}", "tb.rules", bold=True)
        self.input_cell(ws, f"B{rules}", int(version))
        self.validate(ws, f"B{rules}", "tiebreak_rules")
        self.name(names.TEAM_TIEBREAK_RULES if team else names.TIEBREAK_RULES, ws, f"B{rules}")
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
        areas = [range_boundaries(area.replace("$", "")) for area in AREA.findall(str(ws.print_area or ""))]
        # the columns repeated on every page print too where the print area starts right of them
        # (the Swiss sheet prints its players table beside the outputs, not the grid between)
        repeated = tuple(column_index_from_string(c) for c in str(ws.print_title_cols).replace("$", "").split(":")) \
            if ws.print_title_cols else (0, -1)
        if any(c0 <= repeated[1] for c0, _, _, _ in areas):
            repeated = (0, -1)
        # text cells only (formulas are "f"), picked out in C: a big book has half a million cells
        for (row, column), c in compress(cells.items(), map("s".__eq__, map(_DATA_TYPE, cells.values()))):
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
            printed = not areas or any(c0 <= column <= c1 and r0 <= row <= r1 for c0, r0, c1, r1 in areas) \
                or repeated[0] <= column <= repeated[1]
            # a merged, wrapped text (the Swiss sheet's line above its grid) wraps in its merged width
            (wrapped if wraps and (printed or (row, column) in spans) else single).append(item)

        for row, column, value, bold, size in single:
            need = text_width(value, bold, size)
            if (row, column) in spans:  # a merged cell: its text has the columns it spans
                if need > sum(width(c) for c in range(column, spans[(row, column)][0] + 1)):
                    ws.column_dimensions[get_column_letter(column)].width = round(need, 1)
                continue
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
                # a row already made taller (for a text shown by a formula) stays so
                given = ws.row_dimensions[row].height if row in ws.row_dimensions else None
                ws.row_dimensions[row].height = round(max(height, given or 0.0), 1)

    # --- output ------------------------------------------------------------------------------------
    def to_bytes(self) -> bytes:
        """The finished workbook as deterministic .xlsx bytes."""
        for ws in self.wb.worksheets:
            self.fit(ws)
            if getattr(ws, "_elo_paginate", None):
                paginate(ws, *ws._elo_paginate)
        self.wb.properties.creator = "elo-xl"
        self.wb.calculation.fullCalcOnLoad = True
        data = save_deterministic(self.wb)
        return deterministic(dynamic_arrays.with_metadata(data)) if dynamic_arrays.holds_spills(self.wb) else data
