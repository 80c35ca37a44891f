"""How the generated books look: number formats that never print a trailing separator."""

import io
import re

import pytest

from books import built, load_workbook, put, read_book, read_formats

from elo_xl.errors import EloError
from elo_xl.recalc import read_named, read_values
from elo_xl.workbook import KINDS, build
from elo_xl.workbook.style import NUMBER_FORMATS
from elo_xl.workbook.i18n import LANGUAGES

#: A format section that may end its number with the separator: a dot followed only by
#: optional digits (``#``), as in ``0.#`` or ``0.##`` (Excel prints 6 as "6.").
OPTIONAL_DECIMALS = re.compile(r"\.#")


def books():
    for kind in KINDS:
        for lang in LANGUAGES:
            yield kind, lang


@pytest.mark.parametrize("kind,lang", list(books()))
def test_every_number_format_is_one_that_cannot_end_with_a_separator(kind, lang):
    wb = read_formats(kind, lang)  # a formula cell: no value, its own format
    seen = set()
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.value is None and cell.number_format == "General":
                    continue
                seen.add(cell.number_format)
                assert cell.number_format in NUMBER_FORMATS, (ws.title, cell.coordinate, cell.number_format)
        for rules in ws.conditional_formatting:
            for rule in rules.rules:
                if rule.dxf is not None and rule.dxf.numFmt is not None:
                    assert rule.dxf.numFmt.formatCode in NUMBER_FORMATS
    assert "General" in seen


def test_the_whitelist_itself_has_no_optional_decimals_after_a_separator():
    for number_format in NUMBER_FORMATS:
        for section in re.sub(r"\[[^\]]*\]", "", number_format).split(";"):  # a [=0.5] condition is no display
            # a separator must be followed by at least one compulsory digit
            assert not OPTIONAL_DECIMALS.search(section), number_format
            if "." in section:
                assert re.search(r"\.0", section), number_format


# --- what can be typed into a result cell --------------------------------------------------------------------------

#: Typed forms and their game code (units: half points; 10/12 forfeits lost/won; 110 not a
#: result), from the list of results in docs/books.md ("What can be typed"): a spreadsheet keeps each as typed.
TYPED = [
    (1, 2), (0, 0), (0.5, 1), ("1", 2), ("0", 0), ("½", 1), ("0.5", 1), ("0,5", 1), ("1/2", 1),
    ("R", 1), ("r", 1), ("F+", 12), ("f+", 12), ("F-", 10), ("F−", 10), ("=", 1), ("+", 12), ("−", 10), ("-", 10),
    ("W", 22), ("D", 21), ("L", 20),
    # wildcards of MATCH, and other text: never a result
    ("*", 110), ("?", 110), ("~", 110), ("1*", 110), ("?/2", 110), ("~*", 110), ("x", 110), (2, 110), (46024, 110),
    # spaces and no-break spaces (U+00A0, pasted from a web page) are dropped, wherever they stand;
    # a tab, a line break or a thin space is not, by the engine nor by the book, in any program
    (" 1 ", 2), ("\u00a0½\u00a0", 1), (" 0,5\u00a0", 1), ("F +", 12), ("\u00a0 L", 20),
    ("1\t", 110), ("\t½", 110), ("0\n", 110), ("\u2009½", 110),
]


def test_the_engine_reads_every_typed_form_as_the_books_do():
    from elo_xl.results import parse_result
    from elo_xl.workbook.codes import BASE_CODE

    for typed, code in TYPED:
        if code == 110:
            with pytest.raises(EloError):
                parse_result(typed)
        else:
            assert BASE_CODE[parse_result(typed)] == code, typed


def test_every_typed_form_is_in_the_dropdown_or_a_number():
    from elo_xl.workbook.style import GAME_RESULTS, ROUND_RESULTS

    from elo_xl.results import result_text

    for typed, code in TYPED:
        if isinstance(typed, str):
            typed = result_text(typed)  # the spelling, without the spaces around it
        if code != 110 and not (isinstance(typed, str) and typed.islower()):
            assert typed in GAME_RESULTS or typed in ROUND_RESULTS or str(typed) in map(str, GAME_RESULTS), typed


def test_each_typed_form_becomes_its_code(office, tmp_path):
    """One game per typed form in the player book, recalculated: the game code column."""
    book = load_workbook(io.BytesIO(build("player", games=len(TYPED))))
    put(book, "Rating", 2000)
    put(book, "OppRatings", [2000] * len(TYPED))
    put(book, "Results", [typed for typed, _ in TYPED])
    (title, reference), = book.defined_names["Results"].destinations
    first = int(reference.split(":")[0].split("$")[-1])
    book.save(tmp_path / "typed.xlsx")
    office.recalculate(tmp_path / "typed.xlsx", tmp_path / "values.xlsx")
    values = read_values(tmp_path / "values.xlsx")[title]
    got = [values.get(f"J{first + i}") for i in range(len(TYPED))]
    assert got == [code for _, code in TYPED]


def test_text_in_number_cells_is_flagged_and_breaks_no_row(office, tmp_path):
    """A Swiss of 3: an opponent number typed as text, a rating typed as text."""
    book = load_workbook(io.BytesIO(build("swiss", players=3, rounds=2, prefill={"name": ["A", "B", "C"]})))
    put(book, "Ratings", [2000, "2100", 1900])
    put(book, "Pairings", [["two", 3], [None, None], [None, 1]])
    put(book, "Results", [[1, 0], [None, None], [None, 1]])
    book.save(tmp_path / "swiss.xlsx")
    office.recalculate(tmp_path / "swiss.xlsx", tmp_path / "values.xlsx")
    values = read_values(tmp_path / "values.xlsx")
    errors = [(s, c, v) for s, cells in values.items() for c, v in cells.items()
              if isinstance(v, str) and v.startswith(("#", "Err:"))]
    assert not errors
    got = read_named(tmp_path / "values.xlsx", ["Points"])
    # round 1: player 1's opponent is not a number (the game does not count); round 2: 3 beat 1
    assert [row[0] if isinstance(row, list) else row for row in got["Points"]][:3] == [0, 0, 1]
    # the rule that paints such cells red exists on the ratings and the pairings
    ws = book[title_of(book, "Rounds")]
    rules = [r.formula[0] for cf in ws.conditional_formatting for r in cf.rules if r.formula]
    assert any(f.startswith("AND(NOT(ISNUMBER(") and '"NR"' in f for f in rules)
    assert sum(f.startswith("AND(NOT(ISNUMBER(") for f in rules) >= 2


def title_of(book, name):
    (title, _), = book.defined_names[name].destinations
    return title


# --- the printed pages ------------------------------------------------------------------------------------------------

HEADER_RGB = "1F3864"


def printed_headers(wb):
    """The text of every header cell (white on dark blue) inside each sheet's print area (not
    a header computed from the book's choices, such as a tie-break's code)."""
    from openpyxl.utils.cell import range_boundaries

    texts = set()
    for ws in wb.worksheets:
        areas = ws.print_area or []
        bounds = [range_boundaries(area.split("!")[-1].replace("$", "")) for area in
                  (areas if isinstance(areas, (list, tuple)) else areas.split(","))]
        for row in ws.iter_rows():
            for cell in row:
                if (isinstance(cell.value, str) and cell.value.strip() and not cell.value.startswith("=")
                        and cell.fill is not None
                        and str(cell.fill.fgColor.rgb).endswith(HEADER_RGB)
                        and any(c0 <= cell.column <= c1 and r0 <= cell.row <= r1 for c0, r0, c1, r1 in bounds)):
                    texts.add(cell.value)
    return texts


#: What pdftotext does to right-to-left text, undone on both sides of the comparison: it adds
#: direction marks, writes the lam-alef ligature in visual order (ال for لا), mirrors brackets
#: and puts some marks apart. Dropping these characters keeps words comparable.
RTL_NOISE = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069\u064b-\u065f\u0670()\\[\\]|لاأإآ]")


def words(text):
    import unicodedata

    return RTL_NOISE.sub("", unicodedata.normalize("NFKC", text)).split()


def whole(word, printed):
    """Whether ``word`` was printed whole; a line may end after a hyphen (Sonneborn-/Berger),
    as Excel's and LibreOffice's wrapping do, and pdftotext then joins the halves."""
    parts = [part for part in word.split("-") if part]
    return word in printed or "".join(parts) in printed or all(
        part in printed or part + "-" in printed for part in parts)


@pytest.mark.usefixtures("print_fonts")  # where printed lines wrap: Carlito
@pytest.mark.parametrize("kind", list(KINDS))
def test_every_printed_header_keeps_its_words_whole(libreoffice, tmp_path, kind):
    import subprocess

    for lang in LANGUAGES:
        source, pdf = tmp_path / f"{kind}-{lang}.xlsx", tmp_path / f"{kind}-{lang}.pdf"
        data = built(kind, lang)
        source.write_bytes(data)
        libreoffice.export_pdf(source, pdf)
        text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
        printed = set(words(text))
        headers = printed_headers(load_workbook(io.BytesIO(data)))
        assert headers, (kind, lang)
        broken = sorted({word for header in headers for word in words(re.sub(r"-\s+", "-", header))
                         if not whole(word, printed)})
        assert not broken, f"{kind} {lang}: header words not printed whole: {broken}"


def kvant_hidden(ws):
    """The cells the NOT(IsKvant) rule hides on ``ws``."""
    from openpyxl.utils.cell import range_boundaries

    hidden = set()
    for cf in ws.conditional_formatting:
        if any(rule.formula == ["NOT(IsKvant)"] for rule in cf.rules):
            for bounds in cf.sqref.ranges:
                c0, r0, c1, r1 = range_boundaries(bounds.coord)
                hidden |= {(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)}
    return hidden


@pytest.mark.parametrize("kind", ["round-robin", "swiss"])
def test_kvant_only_boxes_are_hidden_unless_a_kvant_rule_set(kind):
    """K_T and the validity flag, label and box, belong to ELO-1970/USSR-1977 only."""
    from openpyxl.utils.cell import coordinate_from_string, column_index_from_string

    wb = read_book(kind)
    for name in ("TournamentK", "EventCounts"):
        (title, ref), = wb.defined_names[name].destinations
        letter, row = coordinate_from_string(ref.replace("$", ""))
        column = column_index_from_string(letter)
        hidden = kvant_hidden(wb[title])
        assert {(row, column), (row - 1, column)} <= hidden, name
    (title, ref), = wb.defined_names["AverageRating"].destinations
    letter, row = coordinate_from_string(ref.replace("$", ""))
    assert (row, column_index_from_string(letter)) not in kvant_hidden(wb[title])
    (title, ref), = wb.defined_names["Category"].destinations
    assert wb[title][ref.replace("$", "")].number_format == 'General;-General;"–"'


def test_the_players_kvant_steps_are_hidden_unless_a_kvant_rule_set():
    from elo_xl.workbook.i18n import translate

    wb = read_book("player")
    ws = wb.worksheets[1]
    label = next(c for row in ws.iter_rows() for c in row if c.value == translate("player.kvant_steps", "en"))
    hidden = kvant_hidden(ws)
    assert (label.row, 1) in hidden and (label.row + 5, 3) in hidden
    assert all((r, c) not in hidden for r in range(1, label.row - 1) for c in range(1, 10))


@pytest.mark.parametrize("kind", ["swiss", "round-robin"])
def test_the_hidden_boxes_have_no_border_a_libreoffice_save_would_blacken(kind):
    """A file saved by LibreOffice keeps a conditional border's style but not its colour: the
    white grid that hid the K_T and validity boxes printed as empty black boxes. In the Swiss
    and round-robin books those boxes have no border of their own, the rule that hides them sets none, and the
    grid is drawn by a rule that holds under the Kvant article's rule sets only; their labels are
    formulas of the rule set, not white text (an Arabic book saved by LibreOffice printed them)."""
    from openpyxl.utils.cell import coordinate_from_string, column_index_from_string

    wb = read_book(kind)
    for name in ("TournamentK", "EventCounts"):
        (title, ref), = wb.defined_names[name].destinations
        ws = wb[title]
        letter, row = coordinate_from_string(ref.replace("$", ""))
        column = column_index_from_string(letter)
        for c in (column, column + 1):  # the box is two merged cells
            side = ws.cell(row, c).border
            assert not any(getattr(side, edge) is not None and getattr(side, edge).style
                           for edge in ("left", "right", "top", "bottom")), (name, c)
        rules = {tuple(rule.formula): rule for cf in ws.conditional_formatting for rule in cf.rules
                 if any(f"{letter}{row}" in bounds for bounds in cf.sqref.ranges)}
        assert rules[("NOT(IsKvant)",)].dxf.border is None
        assert rules[("IsKvant",)].dxf.border.left.style == "thin"
        # the label above the box is shown by the rule set (LibreOffice printed an Arabic white-font label black)
        assert ws.cell(row - 1, column).value.startswith('=IF(IsKvant,"'), name


@pytest.mark.parametrize("kind,slots", [("swiss", 6), ("round-robin", 4)])
def test_points_and_tie_breaks_print_in_one_format_per_column(kind, slots):
    """The Swiss book's Standings: Points in halves with one decimal (5.5, 3.0), each tie-break
    column in the one format that shows points-like values alike (28.0, 25.5, 20.75) and
    ratings whole (2315); the Swiss sheet's Points, Score and Buchholz in halves."""
    from elo_xl.workbook.style import HALVES, TIEBREAK

    wb = read_book(kind)
    ws = wb[wb.sheetnames[wb.sheetnames.index("Standings")]]
    header = {c.value: c.column for c in ws[4] if isinstance(c.value, str) and not c.value.startswith("=")}
    formulas = [c.column for c in ws[4] if isinstance(c.value, str) and c.value.startswith("=")]  # the slots
    assert len(formulas) == slots  # a round robin's: FIDE's four, no empty column
    last = ws.max_row
    column_formats = {col: {ws.cell(r, col).number_format for r in range(5, last) if ws.cell(r, col).value}
                      for col in [header["Points"], *formulas]}
    assert column_formats == {header["Points"]: {HALVES}, **{col: {TIEBREAK} for col in formulas}}
    swiss = wb["Swiss" if kind == "swiss" else "Round robin"]
    for name in ("Points",):
        (title, ref), = wb.defined_names[name].destinations
        assert {c.number_format for row in swiss[ref.replace("$", "")] for c in row} == {HALVES}
