"""Rule sets are data: every number lives once, on the rule-set objects, and both renderings
(the engine's arithmetic and the workbooks' formula text) follow a change to it.

Expected values are hand-computed from table 8.1.2 (FIDE-RULES.md): a capped difference of
400 is row 392–411 → 0.92; of 350, row 345–357 → 0.89.
"""

from __future__ import annotations

import copy
import io
import re
import tokenize
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from books import load_workbook, put

from elo_xl import engine
from elo_xl.recalc import LibreOffice, read_named
from elo_xl.rules import ELO_1970, FIDE, RULE_SETS, RuleSet, parse_rules
from elo_xl.workbook import build
from elo_xl.workbook import formulas as f

WORKBOOK = Path(__file__).parents[2] / "elo_xl" / "workbook"


def altered(rules: RuleSet, name: str, **numbers: Any) -> RuleSet:
    """A copy of ``rules`` named ``name`` with some numbers changed (the original untouched)."""
    copied = copy.copy(rules)
    copied.name = name
    for attribute, value in numbers.items():
        setattr(copied, attribute, value)
    return copied


def switch_text(book: openpyxl.Workbook, name: str) -> str:
    """The formula text behind a book's rule-set switch."""
    (title, reference), = book.defined_names[name].destinations
    return str(book[title][reference.replace("$", "")].value)


def test_a_changed_cap_changes_the_engine_and_the_formula_text() -> None:
    narrow = altered(FIDE, "FIDE-350", CAP=350)
    assert FIDE.CAP == 400  # the original is untouched
    # engine: 2000 against 1500, D = 500 counts as the cap
    assert engine.expected(2000, 1500, FIDE) == 0.92
    assert engine.expected(2000, 1500, narrow) == 0.89
    assert engine.rate(2000, [1500], [0], k=20, rules=narrow).change == -18  # 20 × (0 − 0.89) = −17.8
    # formula text: the switch every capped difference reads
    assert dict(f.switches((FIDE,)))["Cap"] == "400"
    assert dict(f.switches((narrow,)))["Cap"] == "350"
    book = load_workbook(io.BytesIO(build("player", rules="FIDE-350", rule_sets=(narrow, FIDE))))
    assert switch_text(book, "Cap") == "=CHOOSE(RuleNo,350,400)"
    (title, reference), = book.defined_names["RuleList"].destinations
    assert [row[0].value for row in book[title][reference.replace("$", "")]] == ["FIDE-350", "FIDE"]


@pytest.mark.parametrize("attribute,switch,value,check", [
    ("K_TIMES_N", "KTimesN", 600, lambda rs: rs.effective_k(40, 20) == 30),
    ("INITIAL_MAX", "InitialMax", 2100, lambda rs: rs.initial([2100] * 5, 10) == (2100, None)),
    # (5 × 1350 + 3600) / 7 = 1478.6 with p = 0.50: 1479, published above 1400, not above 1500
    ("RATING_FLOOR", "RatingFloor", 1500, lambda rs: rs.initial([1350] * 5, 5)[0] is None),
    ("TOP_FROM", "TopFrom", 2300, lambda rs: rs.default_k(2350) == 10),
    ("cap_exempt_from", "CapExempt", 2600, lambda rs: rs.expected(2620, 2100) == 0.97),  # D 520: row 518–559
])
def test_every_fide_number_reaches_both_renderings(attribute: str, switch: str, value: int, check: Any) -> None:
    changed = altered(FIDE, "FIDE-X", **{attribute: value})
    assert check(changed) and not check(FIDE)
    assert dict(f.switches((changed,)))[switch] == str(value) != dict(f.switches((FIDE,)))[switch]


def test_a_changed_kvant_step_changes_n_exp_and_the_formula_text() -> None:
    # h(100) = 64 over 9 games: N_exp 5.76 → 6.0 in steps of 0.5 (ELO-1970), 5.8 in steps of 0.2
    fifths = altered(ELO_1970, "ELO-FIFTHS", step_tenths=2)
    assert ELO_1970.change(2400, [2300] * 9, 11).expected == 6
    assert fifths.change(2400, [2300] * 9, 11).expected == 5.8
    assert dict(f.switches((fifths,)))["Step"] == "2"


def test_the_book_computes_with_a_changed_rule_set(libreoffice: LibreOffice, tmp_path: Path) -> None:
    """A book offering a changed rule set computes with its numbers (LibreOffice recalculates)."""
    narrow = altered(FIDE, "FIDE-350", CAP=350)
    book = load_workbook(io.BytesIO(build("player", games=2, rules="FIDE-350", rule_sets=(narrow, FIDE))))
    put(book, "Rating", 2000)
    put(book, "K", 20)
    put(book, "OppRatings", [1500, None])
    put(book, "Results", [0, None])
    source, target = tmp_path / "book.xlsx", tmp_path / "values.xlsx"
    book.save(source)
    libreoffice.recalculate(source, target)
    values = read_named(target, ["Expected", "Change", "NewRating"])
    assert values == {"Expected": 0.89, "Change": -18, "NewRating": 1982}


def test_rule_sets_are_asked_by_attribute_not_by_name() -> None:
    flags = {rs.name: (rs.uses_initial_ratings, rs.rates_against_average) for rs in RULE_SETS}
    assert flags["FIDE"] == (True, False) and flags["ELO-1970"] == (False, True)
    assert flags["LOGISTIC"] == (False, False)
    paths = [p for p in (*WORKBOOK.parent.glob("*.py"), *WORKBOOK.glob("*.py")) if p.name != "rules.py"]
    asking = [p.name for p in paths if re.search(r"unrated_as is (not )?None", p.read_text(encoding="utf-8"))]
    assert not asking, f"ask rules.uses_initial_ratings instead: {asking}"


# --- no rule number outside the rule-set module ------------------------------------------------------------------------

#: The bare numbers of the rule sets (caps, exemptions, gaps, K×n, unrated-as, initial-rating
#: limits, hypothetical opponents, category bands, K thresholds, Kvant validity).
RULE_NUMBER = re.compile(r"(?<![\w.])(400|600|700|1400|1500|1800|2200|2226|2250|2251|2300|2400|2600|2650|3600)(?![\w])")
#: Where such a number may stand in the workbook package without being a rule: layout and
#: formatting, calendar years (the validation of a birth year), and the rating bands the
#: Vietnamese Wikipedia article names (a description of strength, not a rule).
ALLOWED = (
    re.compile(r"widths\(|height|number_format"),
    re.compile(r'"year": dict\(|"valid\.year\.'),
    re.compile(r"^\s*(BANDS = )?\(\(?\d+, \"band\.\d+\"\)"),
    re.compile(r"^\s*\"(Type a year|Hãy nhập năm|اكتب سنة|Введите год)"),
    # the functions book's worked examples: inputs of a call, each value computed by the engine
    re.compile(r'^\s*("ELO_[A-Z_]+": \(|lambda: (engine|norms)\.)'),
)


def rule_numbers(path: Path) -> list[str]:
    """Lines of ``path`` whose code or strings hold a rule number (comments and docstrings,
    which only describe, are left out)."""
    found = []
    lines = path.read_text(encoding="utf-8").splitlines()
    previous = tokenize.NEWLINE
    with path.open("rb") as handle:
        for token in tokenize.tokenize(handle.readline):
            is_docstring = token.type == tokenize.STRING and previous in (tokenize.NEWLINE, tokenize.INDENT,
                                                                          tokenize.DEDENT, tokenize.ENCODING)
            if token.type in (tokenize.NUMBER, tokenize.STRING) and not is_docstring:
                for row in range(token.start[0], token.end[0] + 1):
                    line = lines[row - 1]
                    if RULE_NUMBER.search(line) and not any(a.search(line) for a in ALLOWED):
                        found.append(f"{path.name}:{row}: {line.strip()}")
            if token.type not in (tokenize.NL, tokenize.COMMENT):
                previous = token.type
    return sorted(set(found))


def test_the_scanner_finds_a_rule_number() -> None:
    assert RULE_NUMBER.search("MAX(-400,MIN(400,R-O))") and not RULE_NUMBER.search("Reached2400")
    assert not RULE_NUMBER.search("band.2200")


def test_no_rule_number_in_the_workbook_package() -> None:
    found = [line for path in sorted(WORKBOOK.glob("*.py")) for line in rule_numbers(path)]
    assert not found, "rule numbers belong to elo_xl/rules.py:\n" + "\n".join(found)


@pytest.mark.parametrize("rules,ratings,expected", [
    # Kvant: unrated as 2200, K_T = (2400 + 2300 + 2200 + 2250)/4 = 2287.5 → 2287 (.5 down); 3 of 4 rated ≥ 2/3
    ("ELO-1970", [2400, 2300, None, 2250], {"AverageRating": 2287, "Category": 2, "TournamentK": 2287,
                                             "EventCounts": "yes"}),
    # (2300 + 2250 + 2200 + 2200)/4 = 2237.5 → 2237, below 2250: does not count
    ("USSR-1977", [2300, 2250, None, 2200], {"AverageRating": 2237, "Category": 0, "TournamentK": 2237,
                                              "EventCounts": "no"}),
    # 2 of 4 rated, below 2/3, though K_T = (2500 + 2400 + 2200 + 2200)/4 = 2325 ≥ 2250
    ("ELO-1970", [2500, 2400, None, None], {"AverageRating": 2325, "Category": 3, "TournamentK": 2325,
                                            "EventCounts": "no"}),
    # FIDE: over rated players, (2400 + 2300 + 2250)/3 = 2316.7 → 2317, category 3 (2301–2325); no K_T
    ("FIDE", [2400, 2300, None, 2250], {"AverageRating": 2317, "Category": 3, "TournamentK": None,
                                        "EventCounts": None}),
])
def test_event_block_equals_the_rule_set(libreoffice: LibreOffice, tmp_path: Path, rules: str, ratings: list,
                                         expected: dict) -> None:
    """The books' average rating, category, K_T and validity flag equal the rule-set methods
    (and the hand-worked values above)."""
    rs = parse_rules(rules)
    counted = [r if r is not None else rs.unrated_as for r in ratings] if rs.event_average_counts_unrated else \
        [r for r in ratings if r is not None]
    average = rs.average(counted)
    assert average == expected["AverageRating"]
    assert rs.category(average) == expected["Category"]
    if expected["EventCounts"] is not None:
        rated = sum(r is not None for r in ratings)
        assert rs.event_counts(rated, len(ratings), average) == (expected["EventCounts"] == "yes")
    names = {"names": ["A", "B", "C", "D"]}
    book = load_workbook(io.BytesIO(build("round-robin", players=4, rules=rules, prefill=names)))
    put(book, "Ratings", ratings)
    source, target = tmp_path / "book.xlsx", tmp_path / "values.xlsx"
    book.save(source)
    libreoffice.recalculate(source, target)
    assert read_named(target, list(expected)) == expected


@pytest.mark.parametrize("rules,n_exp,change", [("ELO-1970", 6, -5), ("USSR-1977", 5.8, -3)])
def test_player_book_kvant_steps(libreoffice: LibreOffice, tmp_path: Path, rules: str, n_exp: float,
                                 change: float) -> None:
    """The Kvant article's steps: 2400 scores 5½ of 9 against 2300s. Average 2300, ΔK 100,
    h 64, N_exp 9 × 0.64 = 5.76 → 6.0 (steps of 0.5) or 5.8 (0.1); k 10 × (5.5 − N_exp)."""
    from elo_xl.workbook.i18n import translate

    book = load_workbook(io.BytesIO(build("player", games=9, rules=rules)))
    put(book, "Rating", 2400)
    put(book, "OppRatings", [2300] * 9)
    put(book, "Results", [1] * 5 + ["½"] + [0] * 3)
    source, target = tmp_path / "book.xlsx", tmp_path / "values.xlsx"
    book.save(source)
    libreoffice.recalculate(source, target)
    sheet = load_workbook(target, data_only=True).worksheets[1]
    rows = {sheet.cell(row, 1).value: row for row in range(1, sheet.max_row + 1)}
    steps = [sheet.cell(rows[translate(key)], 3).value
             for key in ("kvant.average", "kvant.delta", "kvant.h", "kvant.n_exp", "kvant.change")]
    assert steps == [2300, 100, 64, n_exp, change]
    assert ELO_1970.change(2400, [2300] * 9, 11).unrounded == -5  # the engine agrees with the hand value
