"""What every generated workbook's formulas may use, the names it defines, and how it treats bad input.

(a) every formula (cells, conditional formats, validations, defined names) of every kind
in every language calls only functions common to Excel 2010, LibreOffice 7.4 and Google
Sheets; (b) nothing is array-entered; (c) the defined names of the spec exist with their
shapes; (d) every book recalculates in LibreOffice and in Gnumeric without an error value in any cell;
(e) conflicting or unreadable results count for nobody and are counted as conflicts;
(f) user text stays text.
"""

from __future__ import annotations

import functools
import io
import re
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from openpyxl.formula import Tokenizer
from openpyxl.utils import FORMULAE
from openpyxl.utils.cell import range_boundaries
from openpyxl.worksheet.formula import ArrayFormula

from books import built, load_workbook, put, read_book

from elo_xl import engine
from elo_xl.recalc import Gnumeric, LibreOffice, read_named, read_values
from elo_xl.workbook import build
from elo_xl.workbook.names import FUNCTION_HELPERS, FUNCTIONS

KINDS = ("player", "round-robin", "swiss", "match", "reference")
LANGS = ("en", "vi", "ar", "ru")
BOOKS = [(kind, lang) for kind in KINDS for lang in LANGS]

#: Functions the books may call: each exists in Excel 2010 without a prefix, in LibreOffice 7.4
#: and in Google Sheets, and each is one the books use (IF…ABS: logic and arithmetic; INDEX,
#: MATCH, LOOKUP, CHOOSE: the FIDE tables and the rule-set switches; SUM…COUNTIFS: rows of
#: game codes; LOG10: the logistic dp; RANK: the standings; YEAR: the event year for the
#: junior K; DAY, MONTH (and YEAR): the event's dates in words; SMALL, LARGE, COUNT: the cuts and medians of the tie-breaks, which Excel 2010,
#: LibreOffice and Gnumeric all compute; TRIM: a title typed with spaces, read as elo_xl.titles reads it). Anything else — in particular LET, LAMBDA, XLOOKUP, IFS, SWITCH, TEXTJOIN,
#: CONCAT, FILTER, UNIQUE, SEQUENCE or any ``_xlfn.`` name — fails the test. SUMPRODUCT is
#: left out: Gnumeric does not evaluate an array expression such as MOD(range,10) inside it.
ALLOWED = frozenset({
    "IF", "AND", "OR", "NOT", "ISNUMBER", "IFERROR",
    "INDEX", "MATCH", "LOOKUP", "CHOOSE",
    "SUM", "SUMIF", "SUMIFS", "COUNTIF", "COUNTIFS",
    "ROUND", "INT", "ABS", "MIN", "MAX", "MOD", "SIGN", "LOG10",
    "RANK", "YEAR", "MONTH", "DAY", "UPPER", "SUBSTITUTE", "TRIM",
    "SMALL", "LARGE", "COUNT",
})
FORBIDDEN = ("LET", "LAMBDA", "XLOOKUP", "IFS", "SWITCH", "TEXTJOIN", "CONCAT", "FILTER", "UNIQUE", "SEQUENCE")

STRING = re.compile(r'"(?:[^"]|"")*"')
SHEET_NAME = re.compile(r"'(?:[^']|'')*'")
CALL = re.compile(r"([A-Za-z_][A-Za-z0-9_.]*)\s*\(")
CELL_REF = re.compile(r"^(?:(?:'(?:[^']|'')*'|[^'!]+)!)?\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?$")
ERROR_VALUE = re.compile(r"^(#NULL!|#DIV/0!|#VALUE!|#REF!|#NAME\?|#NUM!|#N/A|#GETTING_DATA|#SPILL!|#CALC!|Err:\d+)$")


def load(kind: str, lang: str = "en", **options: Any) -> openpyxl.Workbook:
    return load_workbook(io.BytesIO(built(kind, lang, **options)))


@functools.lru_cache(maxsize=None)
def formulas(book: openpyxl.Workbook) -> tuple[tuple[str, str], ...]:
    """(where, formula text) for every formula of a book: cells, conditional formats, validations, names.

    Kept per book: two tests scan the formulas of each book, and listing them walks every cell.
    Only for the books of :func:`books.read_book`, shared and changed by no test."""
    found = []
    for ws in book.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                value = cell.value
                if isinstance(value, ArrayFormula):
                    found.append((f"{ws.title}!{cell.coordinate}", value.text or ""))
                elif cell.data_type == "f":
                    found.append((f"{ws.title}!{cell.coordinate}", str(value)))
        for area in ws.conditional_formatting:
            for rule in area.rules:
                found += [(f"{ws.title} format {area.sqref}", text) for text in rule.formula or []]
        for dv in ws.data_validations.dataValidation:
            found += [(f"{ws.title} validation {dv.sqref}", text) for text in (dv.formula1, dv.formula2) if text]
    # the LAMBDA names are Excel 365's functions, not the books' native formulas: tests/excel/test_lambdas.py
    found += [(f"name {name}", dn.attr_text) for name, dn in book.defined_names.items()
              if name not in FUNCTIONS + FUNCTION_HELPERS]
    return tuple(found)


def functions(text: str) -> set[str]:
    """The names called in a formula, string literals and quoted sheet names stripped first."""
    bare = SHEET_NAME.sub("''", STRING.sub('""', text))
    return {name.upper() for name in CALL.findall(bare)}


#: A run of digits: the tokenizer copies digits into its tokens and reads them nowhere else,
#: except in these two places.
DIGITS = re.compile(r"\d+")
#: A number in scientific notation (``1E+5``, its sign not an operator) and an error value
#: (``#DIV/0!``): the tokenizer reads their digits.
READS_DIGITS = re.compile(r"\d[Ee][+-]|#")


@functools.lru_cache(maxsize=None)
def _template_tokens(template: str) -> tuple[tuple[str, bool], ...]:
    """Each token of a formula (its text, and whether it is a range operand)."""
    return tuple((token.value, token.type == "OPERAND" and token.subtype == "RANGE")
                 for token in Tokenizer(template).items)


@functools.lru_cache(maxsize=None)
def _template_operands(template: str) -> tuple[str, int] | None:
    """The range operands of a formula's shape as one format string, the operands apart by NUL
    (which no formula holds) and each digit run of the shape (each ``1``) as ``{i}``, its index
    among the formula's runs; and how many operands there are. ``None`` when the tokens do not
    give back every digit run."""
    operands, used = [], 0
    for value, is_range in _template_tokens(template):
        parts = value.split("1")
        if is_range:
            parts = [part.replace("{", "{{").replace("}", "}}") for part in parts]
            operands.append("".join(f"{part}{{{used + k}}}" for k, part in enumerate(parts[:-1])) + parts[-1])
        used += len(parts) - 1
    return ("\0".join(operands), len(operands)) if used == template.count("1") else None


def range_operands(text: str) -> list[str]:
    """The range operands (references and names) of a formula, as openpyxl's tokenizer reads them.

    A big book's formulas differ from row to row in their digits only (18,000 formulas, 450
    shapes in a Swiss book): the tokenizer runs once per shape, each digit run replaced by
    ``1``, and the operands get the formula's digits back in order. A formula whose digits the
    tokenizer reads (:data:`READS_DIGITS`), or whose tokens do not give back every digit run, is
    tokenized as it is."""
    formula = text if text.startswith("=") else "=" + text
    if not READS_DIGITS.search(formula):
        shape = _template_operands(DIGITS.sub("1", formula))
        if shape is not None:
            operands, count = shape
            return operands.format(*DIGITS.findall(formula)).split("\0") if count else []
    return [token.value for token in Tokenizer(formula).items
            if token.type == "OPERAND" and token.subtype == "RANGE"]


@pytest.fixture(scope="module")
def books() -> dict[tuple[str, str], openpyxl.Workbook]:
    """Every kind of book in every language, opened once (:func:`books.read_book`): only read here."""
    return {(kind, lang): read_book(kind, lang) for kind, lang in BOOKS}


# --- (a) functions -----------------------------------------------------------------------------------------------


def test_the_allowlist_needs_no_prefix() -> None:
    """Every allowed function is one openpyxl writes without ``_xlfn.`` (Excel 2007's set)."""
    assert ALLOWED <= FORMULAE
    assert not ALLOWED & set(FORBIDDEN)


def test_the_scanner() -> None:
    assert functions('IF(A1="LET(",1,SUM(B1:B2))') == {"IF", "SUM"}
    assert functions("'IF(x) sheet'!A1+_xlfn.IFS(A1,1)") == {"_XLFN.IFS"}
    assert functions("CHOOSE (RuleNo,1,2)") == {"CHOOSE"}


@pytest.mark.parametrize("kind,lang", BOOKS)
def test_only_common_functions(books: dict, kind: str, lang: str) -> None:
    book = books[kind, lang]
    bad = {}
    used: set[str] = set()
    for where, text in formulas(book):
        names = functions(text)
        used |= names
        for name in names - ALLOWED:
            bad.setdefault(name, where)
        assert "_xlfn." not in STRING.sub('""', text).lower(), (where, text)
    assert not bad, f"functions outside the allowlist (first place each is used): {bad}"
    if kind != "reference":
        assert {"IF", "INDEX", "LOOKUP", "COUNTIF"} <= used  # the scan does see the formulas


@pytest.mark.parametrize("kind,lang", BOOKS)
def test_every_name_a_formula_uses_is_defined(books: dict, kind: str, lang: str) -> None:
    """A formula naming an undefined name reads #NAME? (hidden by IFERROR or ISNUMBER at best)."""
    book = books[kind, lang]
    defined = {name.upper() for name in book.defined_names}
    undefined: dict[str, str] = {}
    for where, text in formulas(book):
        for value in range_operands(text):
            if CELL_REF.match(value) or value.upper() in ("TRUE", "FALSE"):
                continue
            if value.upper() not in defined:
                undefined.setdefault(value, where)
    assert not undefined, f"names used but not defined (first place each is used): {undefined}"


# --- (b) no array formulas ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind,lang", BOOKS)
def test_no_array_formulas(books: dict, kind: str, lang: str) -> None:
    book = books[kind, lang]
    for ws in book.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                assert not isinstance(cell.value, ArrayFormula), f"{ws.title}!{cell.coordinate}"
    with zipfile.ZipFile(io.BytesIO(built(kind, lang))) as archive:
        for part in archive.namelist():
            if part.startswith("xl/worksheets/") and part.endswith(".xml"):
                xml = archive.read(part)
                assert b't="array"' not in xml, part
                assert not re.search(rb"<c [^>]*\bcm=", xml), f"{part}: a dynamic-array cell"
        assert "xl/metadata.xml" not in archive.namelist()


# --- (c) defined names --------------------------------------------------------------------------------------------

PLAYER_G, RR_N, SWISS_N, SWISS_R, MATCH_G = 40, 10, 60, 9, 24


def per_player(n: int) -> dict[str, tuple[int, int]]:
    names = ("Points", "Games", "Score", "OppAverage", "Expected", "Change", "NewRating", "Performance", "Forecast")
    return {**{name: (n, 1) for name in names}, "Ratings": (n, 1), "KFactors": (n, 1),
            "AverageRating": (1, 1), "Category": (1, 1)}


SHAPES = {
    "player": {"Rating": (1, 1), "K": (1, 1), "OppRatings": (PLAYER_G, 1), "Results": (PLAYER_G, 1),
               **{name: (1, 1) for name in ("Games", "Score", "Expected", "ChangeUnrounded", "Change", "NewRating",
                                            "Performance")}},
    "round-robin": {**per_player(RR_N), "Results": (RR_N, RR_N)},
    "swiss": {**per_player(SWISS_N), "Rounds": (SWISS_N, 3 * SWISS_R)},
    "match": {"RatingA": (1, 1), "RatingB": (1, 1), "KA": (1, 1), "KB": (1, 1), "Results": (MATCH_G, 1),
              "NewRatingA": (1, 1), "NewRatingB": (1, 1), "RunningA": (MATCH_G, 1), "RunningB": (MATCH_G, 1)},
}
EVENT_NAMES = {"Rules": (1, 1), "Scale": (1, 1), "DefaultK": (1, 1), "StartDate": (1, 1)}


def shape_of(book: openpyxl.Workbook, name: str) -> tuple[int, int]:
    destinations = list(book.defined_names[name].destinations)
    assert len(destinations) == 1, (name, destinations)
    title, reference = destinations[0]
    assert title in book.sheetnames, (name, title)
    low_col, low_row, high_col, high_row = range_boundaries(reference.replace("$", ""))
    return high_row - low_row + 1, high_col - low_col + 1


@pytest.mark.parametrize("kind,lang", [(k, lang) for k, lang in BOOKS if k != "reference"])
def test_defined_names_and_shapes(books: dict, kind: str, lang: str) -> None:
    book = books[kind, lang]
    for name, shape in {**EVENT_NAMES, **SHAPES[kind]}.items():
        assert name in book.defined_names, f"{kind} book has no name {name}"
        assert shape_of(book, name) == shape, name
    if kind in ("round-robin", "swiss"):
        assert shape_of(book, "Conflicts") == (1, 1)


# --- (d) recalculation without error values --------------------------------------------------------------------------


def recalculate(office: LibreOffice | Gnumeric, folder: Path, stem: str, book: openpyxl.Workbook | bytes) -> Path:
    source, target = folder / f"{stem}.xlsx", folder / f"{stem}-values.xlsx"
    if isinstance(book, bytes):
        source.write_bytes(book)
    else:
        book.save(source)
    office.recalculate(source, target)
    return target


def error_cells(path: Path) -> list[str]:
    return [f"{title}!{cell}={value}" for title, cells in read_values(path).items()
            for cell, value in cells.items() if isinstance(value, str) and ERROR_VALUE.match(value)]


@pytest.mark.parametrize("kind,lang", BOOKS)
def test_recalculates_without_errors(office: LibreOffice | Gnumeric, tmp_path: Path, kind: str, lang: str) -> None:
    path = recalculate(office, tmp_path, f"{kind}-{lang}", built(kind, lang))
    values = read_values(path)
    assert sum(len(cells) for cells in values.values()) > 100
    assert not error_cells(path)


# --- (e) conflicts and bad input ---------------------------------------------------------------------------------------


COMPARED = ("Points", "Games", "Score", "OppAverage", "Expected", "Change", "NewRating", "Performance")


def column(value: Any) -> list[Any]:
    return [row[0] for row in value]


def assert_like_engine(book: dict[str, Any], outcomes: list[engine.Outcome], conflicts: int | None = None) -> None:
    """The per-player outputs equal the engine's outcomes (the conflict's game taken out), and
    the ``Conflicts`` cell equals ``conflicts``; every difference is reported at once.

    The forecast is left out: a conflicting game is neither played nor still to play.
    """
    problems = []
    for name, attribute in zip(COMPARED, ("points", "games", "score", "opp_average", "expected", "change",
                                          "new_rating", "performance")):
        want = [getattr(o, attribute) for o in outcomes]
        got = column(book[name])
        if not all((g is None) if w is None else (g is not None and abs(g - w) <= 1e-9) for g, w in zip(got, want)):
            problems.append(f"{name}: book {got}, engine {want}")
    if conflicts is not None and book["Conflicts"] != conflicts:
        problems.append(f"Conflicts: book {book['Conflicts']}, expected {conflicts}")
    assert not problems, "\n".join(problems)


RR_RATINGS = [2150, 2040, 1930, 1800]


def rr_results() -> list[list[Any]]:
    """A complete 4-player round robin typed on one side only."""
    return [[None, 1, 0.5, 1], [None, None, 0, 1], [None, None, None, "½"], [None, None, None, None]]


def recalc_round_robin(office: LibreOffice | Gnumeric, folder: Path, stem: str, results: list[list[Any]]) -> dict[str, Any]:
    book = load("round-robin", players=4, prefill={"names": ["A", "B", "C", "D"]})
    put(book, "Ratings", RR_RATINGS)
    put(book, "KFactors", [20, 20, 20, 20])
    put(book, "Results", results)
    path = recalculate(office, folder, stem, book)
    assert not error_cells(path)
    return read_named(path, COMPARED + ("Conflicts", "Forecast"))


def test_round_robin_conflict_counts_for_neither(office: LibreOffice | Gnumeric, tmp_path: Path) -> None:
    results = rr_results()
    results[1][0] = 1  # A says he won against B, B says he won against A
    book = recalc_round_robin(office, tmp_path, "rr-conflict", results)
    without = rr_results()
    without[0][1] = None
    assert_like_engine(book, engine.rate_event(RR_RATINGS, without, 20), conflicts=1)
    assert column(book["Games"]) == [2, 2, 3, 3]


@pytest.mark.parametrize("other", [None, 0, 1], ids=["other-blank", "other-0", "other-1"])
def test_round_robin_bad_text_counts_for_nobody(office: LibreOffice | Gnumeric, tmp_path: Path, other: Any) -> None:
    results = rr_results()
    results[0][1] = "x"  # typed past the validation
    results[1][0] = other
    book = recalc_round_robin(office, tmp_path, f"rr-x-{other}", results)
    without = rr_results()
    without[0][1] = None
    assert_like_engine(book, engine.rate_event(RR_RATINGS, without, 20), conflicts=1)


SW_RATINGS = [2200, 2100, 2000, 1900]
#: Two rounds, every game on both rows: round 1 1–2, 3–4; round 2 1–3, 2–4.
SW_PAIRINGS = [[2, 3], [1, 4], [4, 1], [3, 2]]
SW_RESULTS = [[1, 0.5], [0, 1], ["½", 0.5], ["½", 0]]


def recalc_swiss(office: LibreOffice | Gnumeric, folder: Path, stem: str, pairings: list, results: list) -> dict[str, Any]:
    book = load("swiss", players=4, rounds=2, prefill={"name": ["A", "B", "C", "D"]})
    put(book, "Ratings", SW_RATINGS)
    put(book, "KFactors", [20, 20, 20, 20])
    put(book, "Pairings", pairings)
    put(book, "Results", results)
    path = recalculate(office, folder, stem, book)
    assert not error_cells(path)
    return read_named(path, COMPARED + ("Conflicts", "Forecast"))


def copy(rows: list[list[Any]]) -> list[list[Any]]:
    return [list(row) for row in rows]


def swiss_without_round_1_of_rows_1_and_2():
    """The engine's reading of the sample Swiss with the round-1 game of rows 1 and 2 taken out."""
    pairings, results = copy(SW_PAIRINGS), copy(SW_RESULTS)
    pairings[0][0] = pairings[1][0] = None
    results[0][0] = results[1][0] = None
    return engine.rate_event(SW_RATINGS, results, 20, pairings=pairings)


def test_swiss_results_that_disagree_count_for_neither(office: LibreOffice | Gnumeric, tmp_path: Path) -> None:
    results = copy(SW_RESULTS)
    results[1][0] = 1  # both 1 and 2 claim round 1
    book = recalc_swiss(office, tmp_path, "sw-1-1", SW_PAIRINGS, results)
    assert_like_engine(book, swiss_without_round_1_of_rows_1_and_2(), conflicts=1)


def test_swiss_pairing_that_names_someone_else_counts_for_neither(office: LibreOffice | Gnumeric, tmp_path: Path) -> None:
    """Round 2: row 1 says 1 met 3 (and won); row 3 says 3 met 2, row 2 says 2 met 3, row 4 had a bye."""
    pairings = [[2, 3], [1, 3], [4, 2], [3, None]]
    results = [[1, 1], [0, 0.5], ["½", 0.5], ["½", "F"]]
    book = recalc_swiss(office, tmp_path, "sw-elsewhere", pairings, results)
    # the engine refuses the event; taken out, row 1's claim leaves a consistent one
    with pytest.raises(engine.EloError):
        engine.rate_event(SW_RATINGS, results, 20, pairings=pairings)
    pairings[0][1] = results[0][1] = None
    # one disagreement between two rows is one conflict
    assert_like_engine(book, engine.rate_event(SW_RATINGS, results, 20, pairings=pairings), conflicts=1)


def test_swiss_bad_text_counts_for_nobody(office: LibreOffice | Gnumeric, tmp_path: Path) -> None:
    """Row 1 round 1 holds "x" where row 2 says 0: the game counts for neither of them."""
    results = copy(SW_RESULTS)
    results[0][0] = "x"
    book = recalc_swiss(office, tmp_path, "sw-x", SW_PAIRINGS, results)
    assert_like_engine(book, swiss_without_round_1_of_rows_1_and_2(), conflicts=1)


def test_swiss_bad_text_without_opponent_is_a_conflict(office: LibreOffice | Gnumeric, tmp_path: Path) -> None:
    """"x" on a round without an opponent scores nothing and is counted as one conflict."""
    pairings, results = copy(SW_PAIRINGS), copy(SW_RESULTS)
    pairings[3][1] = pairings[1][1] = None
    results[1][1] = "x"
    results[3][1] = None
    book = recalc_swiss(office, tmp_path, "sw-x-bye", pairings, results)
    results[1][1] = None
    assert_like_engine(book, engine.rate_event(SW_RATINGS, results, 20, pairings=pairings), conflicts=1)


def test_player_bad_text_counts_for_nobody(office: LibreOffice | Gnumeric, tmp_path: Path) -> None:
    opps, results = [2000, 2100, 1900, 2050, 1950], [1, "x", 0.5, 0, "X"]
    book = load("player", games=5)
    put(book, "Rating", 2000)
    put(book, "K", 20)
    put(book, "OppRatings", opps)
    put(book, "Results", results)
    path = recalculate(office, tmp_path, "player-x", book)
    assert not error_cells(path)
    got = read_named(path, ["Games", "Score", "Expected", "ChangeUnrounded", "Change", "NewRating", "Performance"])
    o = engine.rate(2000, opps, [1, None, 0.5, 0, None], 20)
    assert got == pytest.approx({"Games": o.games, "Score": o.score, "Expected": o.expected,
                                 "ChangeUnrounded": o.change_unrounded, "Change": o.change,
                                 "NewRating": o.new_rating, "Performance": o.performance}, abs=1e-9)


def test_match_bad_text_counts_for_nobody(office: LibreOffice | Gnumeric, tmp_path: Path) -> None:
    results = [1, "x", 0, "½", "y", 1]
    book = load("match", games=6)
    put(book, "RatingA", 2300)
    put(book, "RatingB", 2200)
    put(book, "Results", results)
    path = recalculate(office, tmp_path, "match-x", book)
    assert not error_cells(path)
    got = read_named(path, ["NewRatingA", "NewRatingB", "RunningA", "RunningB"])
    clean = [1, None, 0, "½", None, 1]
    assert got["NewRatingA"] == engine.rate(2300, [2200] * 6, clean, None).new_rating
    assert got["NewRatingB"] == engine.rate(2200, [2300] * 6, [0, None, 1, "½", None, 0], None).new_rating
    assert column(got["RunningA"])[1] == column(got["RunningA"])[0]
    assert column(got["RunningB"])[4] == column(got["RunningB"])[3]


# --- (f) user text stays text -----------------------------------------------------------------------------------------

TRICKY = ["=1+1", "+SUM(A1)", "@x", "-2", '=HYPERLINK("http://x","y")']
BELL = "Nguy\x07en\x1fAn"


@pytest.mark.parametrize("kind,key,options", [
    ("round-robin", "names", {"players": 6}),
    ("swiss", "name", {"players": 6, "rounds": 3}),
], ids=["round-robin", "swiss"])
def test_user_text_stays_text(office: LibreOffice | Gnumeric, tmp_path: Path, kind: str, key: str,
                              options: dict[str, int]) -> None:
    data = build(kind, prefill={key: TRICKY + [BELL]}, **options)
    book = load_workbook(io.BytesIO(data))
    (title, reference), = book.defined_names["Ratings"].destinations
    low_col, low_row, _, _ = range_boundaries(reference.replace("$", ""))
    sheet = book[title]
    # the names stand in the cells left of the ratings, in the players' order
    cells = [sheet.cell(low_row + i, low_col - 1) for i in range(6)]
    assert [c.value for c in cells] == TRICKY + ["NguyenAn"]
    assert all(c.data_type == "s" for c in cells), [(c.coordinate, c.data_type) for c in cells]
    for ws in book.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                assert not (isinstance(cell.value, str) and re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f]", cell.value))
    path = recalculate(office, tmp_path, kind, data)
    values = read_values(path)[title]
    assert [values.get(c.coordinate) for c in cells] == TRICKY + ["NguyenAn"]
    assert not error_cells(path)
