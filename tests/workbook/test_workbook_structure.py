"""What every generated book promises besides its numbers: inputs open and shaded, formulas
locked, validation on inputs, print set-up, frozen panes, and every text translated."""

import pytest
from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import range_boundaries

from elo_xl.errors import EloError
from elo_xl.workbook import KINDS, build, sizes
from elo_xl.workbook.i18n import LANGUAGES, TEXT, translate

from books import round_cell
from elo_xl.workbook.names import FUNCTION_TABLES
from books import built, read_book

INPUTS = {
    "player": ["Rating", "K", "OppRatings", "Results"],
    "round-robin": ["Ratings", "KFactors", "Results"],
    "swiss": ["Ratings", "KFactors", "Rounds"],
    "match": ["RatingA", "RatingB", "KA", "KB", "Results"],
}


def test_the_swiss_grid_is_typed_board_by_board():
    """Each round's opponent, colour and result side by side under "Round N", rounds one after
    the other; each column validated as what it holds (a start number, w or b, a result)."""
    wb = load("swiss")
    n, r = sizes("swiss")["players"], sizes("swiss")["rounds"]
    sheet, ref = next(iter(wb.defined_names["Rounds"].destinations))
    ws = wb[sheet]
    low_col, low_row, high_col, high_row = range_boundaries(ref.replace("$", ""))
    assert (high_row - low_row + 1, high_col - low_col + 1) == (n, 3 * r)
    rules = ws.data_validations.dataValidation
    for t in range(r):
        first = low_col + 3 * t
        merged = [m for m in ws.merged_cells.ranges if m.min_row == low_row - 2 and m.min_col == first]
        assert len(merged) == 1 and merged[0].max_col == first + 2, t
        assert ws.cell(low_row - 2, first).value == f"Round {t + 1}"
        assert [ws.cell(low_row - 1, first + k).value for k in range(3)] == ["Opp.", "Col.", "Res."]
        for k, kind in enumerate(("whole", "ColourList", "RoundResultList")):
            cell = ws.cell(low_row + n - 1, first + k).coordinate
            assert [dv.type if dv.type != "list" else dv.formula1 for dv in rules
                    if any(cell in rng for rng in dv.sqref.ranges)] == [kind], (t, kind)
    # the grid stays narrow (the line above it wraps in its merged width: no column widened for it)
    assert all(ws.column_dimensions[get_column_letter(c)].width <= 8 for c in range(low_col, high_col + 1))
    # the line that says how to type is above the grid, outside the printed area
    line = ws.cell(low_row - 3, low_col)
    assert line.value.startswith("Type each board once")
    printed = str(ws.print_area).split("!")[1].replace("$", "").split(":")[0]
    assert range_boundaries(printed + ":" + printed)[0] > high_col  # the print area starts right of the grid


def load(kind, lang="en"):
    """The empty book, opened once per test process (:func:`books.read_book`): these tests only read it."""
    return read_book(kind, lang)


def cells(wb, name):
    sheet, ref = next(iter(wb.defined_names[name].destinations))
    ws = wb[sheet]
    min_col, min_row, max_col, max_row = range_boundaries(ref.replace("$", ""))
    return ws, [ws.cell(row=r, column=c) for r in range(min_row, max_row + 1) for c in range(min_col, max_col + 1)]


@pytest.mark.parametrize("kind", list(INPUTS))
def test_inputs_are_open_and_shaded_and_formulas_locked(kind):
    wb = load(kind)
    for name in INPUTS[kind] + ["Rules", "Scale", "DefaultK"]:
        ws, group = cells(wb, name)
        # every cell but the crosstable's diagonal (no game: grey and locked)
        open_cells = [c for c in group if not c.fill.fgColor.rgb.endswith("808080")]
        assert len(open_cells) == len(group) - (10 if (kind, name) == ("round-robin", "Results") else 0)
        assert open_cells and all(not c.protection.locked for c in open_cells), name
        assert all(c.fill.fgColor.rgb.endswith("FFF4CC") for c in open_cells), name
    for ws in wb.worksheets:
        assert ws.protection.sheet, ws.title
        formulas = [c for row in ws.iter_rows() for c in row if isinstance(c.value, str) and c.value.startswith("=")]
        assert all(c.protection.locked for c in formulas), ws.title


@pytest.mark.parametrize("kind", list(INPUTS))
def test_results_and_ratings_are_validated(kind):
    wb = load(kind)
    if kind == "swiss":  # the results are every third column of Rounds
        sheet, row, column = round_cell(wb, "Results", 0, 0)
        ws, group = wb[sheet], [wb[sheet].cell(row, column)]
    else:
        ws, group = cells(wb, "Results")
    rules = [dv for dv in ws.data_validations.dataValidation if any(group[0].coordinate in r for r in dv.sqref.ranges)]
    assert len(rules) == 1
    dv = rules[0]
    assert dv.type == "list" and dv.formula1 in ("GameResultList", "RoundResultList")
    assert dv.showErrorMessage and dv.error and dv.prompt and dv.errorStyle == "stop"
    listed = {str(c.value) for c in cells(wb, dv.formula1)[1]}
    assert {"1", "½", "0", "=", "+", "−", "0.5"} <= listed
    rating_name = "RatingA" if kind == "match" else ("Rating" if kind == "player" else "Ratings")
    ws, group = cells(wb, rating_name)
    assert any(dv.type == "whole" and dv.formula2 == "3999" and any(group[0].coordinate in r for r in dv.sqref.ranges)
               for dv in ws.data_validations.dataValidation)


@pytest.mark.parametrize("kind", KINDS)
def test_print_set_up_and_frozen_panes(kind):
    wb = load(kind)
    main = wb.worksheets[0 if kind in ("reference", "functions") else 1]
    setup = main.page_setup
    assert setup.orientation == "landscape" and setup.fitToHeight == 0
    # fit to one page wide, or as many as 8 pt needs with the names repeated, at a fixed scale
    # (8/11 of full size or more) with page breaks between columns (tests/workbook/test_workbook_print.py)
    # the team book prints its sheets at a fixed scale too: the fewest pages down, whole rounds across
    if setup.fitToWidth == 1 and kind != "team":
        assert main.sheet_properties.pageSetUpPr.fitToPage
    else:
        assert kind in ("swiss", "round-robin", "team") and (main.print_title_cols or kind == "team")
        assert not main.sheet_properties.pageSetUpPr.fitToPage and setup.scale >= 73
        assert len(main.col_breaks.brk) == setup.fitToWidth - 1
    assert main.print_title_rows and main.print_area
    assert "&P" in main.oddFooter.center.text
    assert main.freeze_panes


def test_no_volatile_or_recent_functions_and_full_recalculation_on_load():
    for kind in KINDS:
        data = built(kind)
        assert b"TODAY(" not in data and b"NOW(" not in data and b"_xlfn." not in data
        wb = read_book(kind)
        assert wb.calculation.fullCalcOnLoad


def test_every_text_in_every_language():
    for key, texts in TEXT.items():
        assert len(texts) == len(LANGUAGES), key
        assert all(t.strip() for t in texts), key
        for lang in LANGUAGES:
            translate(key, lang, players=1, rounds=1, teams=2, boards=4, number=1, round=1, played=1, total=1, body="FIDE",
                      type="standard", date="1 May 2026", period="2026-04", first=4, second=5,
                      last=18, month="March", month2="April", year=2026, year2=2027)  # the last four: the period list's title


@pytest.mark.parametrize("lang", LANGUAGES)
def test_sheet_names_are_translated(lang):
    wb = load("round-robin", lang)
    assert [ws.title for ws in wb.worksheets] == [translate(k, lang) for k in ("sheet.event", "sheet.round_robin", "sheet.standings", "sheet.schedule", "sheet.norms", "sheet.tables")] + [FUNCTION_TABLES]


def test_sizes_are_checked():
    assert sizes("swiss", players=1000, rounds=15) == {"players": 1000, "rounds": 15}
    with pytest.raises(EloError, match=r"^--rounds: 16 is not possible for a swiss book; give a whole number from 1 to 15$"):
        sizes("swiss", rounds=16)
    with pytest.raises(EloError, match=r'^KIND: "cup" is not a kind of workbook'):
        sizes("cup")
    with pytest.raises(EloError, match=r'^--lang: "fr" is not a language of elo-xl; use en, vi, ar, ru$'):
        build("player", "fr")
