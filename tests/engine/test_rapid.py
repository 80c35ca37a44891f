"""FIDE-RAPID and FIDE-BLITZ (B.02, rapid and blitz chapter; FIDE-PERIODS.md), in the engine
and in the books.

Expected values are worked by hand from table 8.1.2 (rows quoted in the comments):
* the 400-point rule is a plain cap: 2680 uses D 400 (0.92), not 580 (0.98) as under FIDE;
* a game between players 600 or more apart is not rated, for both, when one is above 2600;
* an unrated player with a standard rating is rated with it (K 40 unless given) and counts
  as rated for his opponents.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from books import load_workbook, put

from elo_xl import EloError, expected, forecast, k_factor, rate, rate_event
from elo_xl.recalc import LibreOffice, read_named
from elo_xl.rules import parse_rules
from elo_xl.workbook import build

RAPID_SETS = ("FIDE-RAPID", "FIDE-BLITZ")


@pytest.mark.parametrize("rules", RAPID_SETS)
def test_names_are_accepted(rules: str) -> None:
    assert parse_rules(rules).name == rules
    assert parse_rules(rules.lower().replace("-", " ")).name == rules
    assert parse_rules("rapid").name == "FIDE-RAPID" and parse_rules("blitz").name == "FIDE-BLITZ"


@pytest.mark.parametrize("rules", RAPID_SETS)
def test_the_2650_exception_is_absent(rules: str) -> None:
    # D 580: capped to 400 (row 392–411: 0.92); FIDE's 2650+ player uses 580 (row 560–619: 0.98)
    assert expected(2680, 2100, rules) == 0.92
    assert expected(2680, 2100, "FIDE") == 0.98
    # a win: 10 × (1 − 0.92) = +0.8 → +1; under FIDE 10 × 0.02 = +0.2 → 0
    assert rate(2680, [2100], [1], k=10, rules=rules).new_rating == 2681
    assert rate(2680, [2100], [1], k=10, rules="FIDE").new_rating == 2680


@pytest.mark.parametrize("rules", RAPID_SETS)
def test_600_points_apart_with_one_above_2600_is_not_rated_for_both(rules: str) -> None:
    for own, opp, result in ((2700, 2100, 1), (2100, 2700, 0), (2601, 2001, 0.5), (2001, 2601, 0.5)):
        outcome = rate(own, [opp], [result], k=20, rules=rules)
        assert (outcome.games, outcome.change, outcome.new_rating) == (0, 0, own)
        assert expected(own, opp, rules) is None
    # 2600 is not above 2600: rated; D 600 → 400 (0.92 / 0.08); 20 × (0 − 0.92) = −18.4 → −18
    assert rate(2600, [2000], [0], k=20, rules=rules).new_rating == 2582
    assert rate(2000, [2600], [1], k=20, rules=rules).new_rating == 2018  # 20 × 0.92 = 18.4
    # 599 apart: rated
    assert rate(2601, [2002], [1], k=10, rules=rules).games == 1
    # under FIDE every such game is rated
    assert rate(2700, [2100], [1], k=10).games == 1


def test_a_whole_event_leaves_out_the_far_pair() -> None:
    """A 2700, B 2050, C 2400; A beats B (not rated: 650 apart), draws C; C beats B.

    A: vs C only, D 300 (row 291–302: 0.85): 10 × (0.5 − 0.85) = −3.5 → −4 → 2696.
    B: vs C only, D −350 (row 345–357: 0.11): 20 × (0 − 0.11) = −2.2 → −2 → 2048.
    C: vs A 0.15 and vs B 0.89: 20 × (0.35 + 0.11) = 9.2 → +9 → 2409.
    """
    results = [[None, 1, "½"], [0, None, 0], ["½", 1, None]]
    out = rate_event([2700, 2050, 2400], results, [10, 20, 20], "FIDE-RAPID")
    assert [(o.games, o.points, o.change, o.new_rating) for o in out] == [
        (1, 1.5, -4, 2696), (1, 0, -2, 2048), (2, 1.5, 9, 2409)]
    # the rounds form agrees
    rounds = rate_event([2700, 2050, 2400], [[1, "½", None], [0, None, 0], [None, "½", 1]], [10, 20, 20],
                        "FIDE-RAPID", pairings=[[2, 3, 0], [1, 0, 3], [0, 1, 2]])
    assert [(o.games, o.change) for o in rounds] == [(1, -4), (1, -2), (2, 9)]
    # under FIDE A's game with B counts: A 2700 ≥ 2650 uses D 650 (row 620–735: 0.99),
    # 10 × (0.01 − 0.35) = −3.4 → −3
    assert rate_event([2700, 2050, 2400], results, [10, 20, 20])[0].change == -3


def test_forecast_and_needed_leave_out_the_far_pair() -> None:
    # 2700 to meet 2100 (not rated) and 2500 (D 200, row 198–206: 0.76)
    assert forecast(2700, 0, [2100, 2500], "FIDE-RAPID") == 0.76


@pytest.mark.parametrize("rules", RAPID_SETS)
def test_an_unrated_player_with_a_standard_rating_is_rated_with_it(rules: str) -> None:
    # standard 2100 against 2000, a win: D 100 (row 99–106: 0.64), K 40: 40 × 0.36 = 14.4 → +14
    outcome = rate(None, [2000], [1], rules=rules, standard_rating=2100)
    assert (outcome.rating, outcome.k, outcome.change, outcome.new_rating) == (2100, 40, 14, 2114)
    assert outcome.note == f"rated with his standard rating 2100 (unrated in {rules}; K 40 unless given)"
    assert rate(None, [2000], [1], k=20, rules=rules, standard_rating=2100).change == 7  # 20 × 0.36 = 7.2
    # without it he is an unrated player: one game gives no initial rating
    assert rate(None, [2000], [1], rules=rules).new_rating is None
    # a player with a rapid rating keeps it
    assert rate(1900, [2000], [1], k=20, rules=rules, standard_rating=2100).rating == 1900


def test_the_seeded_player_counts_as_rated_for_his_opponents() -> None:
    """B is unrated in rapid, standard 2100; A (2000) loses to him.

    With the seed: A's game counts, D −100 (0.36), 20 × (0 − 0.36) = −7.2 → −7; B gets +14 at K 40.
    Without it the game is not rated for A (an unrated opponent).
    """
    results = [[None, 0], [1, None]]
    seeded = rate_event([2000, None], results, [20, None], "FIDE-RAPID", standard_ratings=[None, 2100])
    assert [(o.games, o.change, o.new_rating, o.note is not None) for o in seeded] == [
        (1, -7, 1993, False), (1, 14, 2114, True)]
    plain = rate_event([2000, None], results, [20, None], "FIDE-RAPID")
    assert (plain[0].games, plain[0].change) == (0, 0)


def test_a_standard_rating_under_other_rules_is_refused() -> None:
    with pytest.raises(EloError, match=r'^standard_rating: 2100 is a standard rating, but FIDE does not rate with one'):
        rate(None, [2000], [1], standard_rating=2100)
    with pytest.raises(EloError, match=r"^standard_ratings has 1 cells but there are 2 players"):
        rate_event([2000, None], [[None, 0], [1, None]], None, "FIDE-RAPID", standard_ratings=[2100])


def test_k_rules_are_the_standard_ones() -> None:
    assert [k_factor(r, g, b, reached, "FIDE-RAPID", 2026) for r, g, b, reached in
            ((None, None, None, None), (2350, 12, None, None), (2250, 50, 2009, None), (2380, 50, None, True),
             (2350, 50, 1990, None))] == [40, 40, 40, 10, 20]
    assert rate(1800, [1800] * 39, [1] * 39, k=40, rules="FIDE-BLITZ").k == 17  # K × n ≤ 700


def test_initial_ratings_are_the_standard_ones() -> None:
    # 5/5 against 2100: (10500 + 3600)/7 = 2014.3, p 6/7 = .86 → dp 309 → 2323 → at most 2200
    assert rate(None, [2100] * 5, [1] * 5, rules="FIDE-RAPID").new_rating == 2200


# --- the books ---------------------------------------------------------------------------------------------------------


def recalculated(office: LibreOffice, folder: Path, book: openpyxl.Workbook, names: tuple[str, ...]) -> dict[str, Any]:
    source, target = folder / "book.xlsx", folder / "values.xlsx"
    book.save(source)
    office.recalculate(source, target)
    return read_named(target, names)


def column(rows: list[list[Any]]) -> list[Any]:
    return [row[0] for row in rows]


def test_round_robin_book_leaves_out_the_far_pair(libreoffice: LibreOffice, tmp_path: Path) -> None:
    book = load_workbook(io.BytesIO(build("round-robin", players=3, rules="FIDE-RAPID")))
    put(book, "Ratings", [2700, 2050, 2400])
    put(book, "KFactors", [10, 20, 20])
    put(book, "Results", [[None, 1, "½"], [None, None, 0], [None, None, None]])
    values = recalculated(libreoffice, tmp_path, book, ("Games", "Points", "Change", "NewRating"))
    assert {name: column(rows) for name, rows in values.items()} == {
        "Games": [1, 1, 2], "Points": [1.5, 0, 1.5], "Change": [-4, -2, 9], "NewRating": [2696, 2048, 2409]}


def test_swiss_book_leaves_out_the_far_pair(libreoffice: LibreOffice, tmp_path: Path) -> None:
    prefill = {"name": ["A", "B", "C", "D"], "rating": [2700, 2050, 2400, 2380], "k": [10, 20, 20, 20],
               "pairings": [[2, 3], [1, 4], [4, 1], [3, 2]], "results": [[1, "½"], [0, 0], [1, "½"], [0, 1]]}
    book = load_workbook(io.BytesIO(build("swiss", players=4, rounds=2, rules="FIDE-BLITZ", prefill=prefill)))
    values = recalculated(libreoffice, tmp_path, book, ("Games", "Change", "NewRating"))
    engine = rate_event(prefill["rating"], prefill["results"], prefill["k"], "FIDE-BLITZ", prefill["pairings"])
    assert column(values["Games"]) == [o.games for o in engine] == [1, 1, 2, 2]
    assert column(values["Change"]) == [o.change for o in engine]
    assert column(values["NewRating"]) == [o.new_rating for o in engine]


def test_player_book_leaves_out_the_far_pair(libreoffice: LibreOffice, tmp_path: Path) -> None:
    # 2700 beats 2100 (not rated) and draws 2400: −4 as in the event above
    book = load_workbook(io.BytesIO(build("player", games=2, rules="FIDE-RAPID")))
    put(book, "Rating", 2700)
    put(book, "K", 10)
    put(book, "OppRatings", [2100, 2400])
    put(book, "Results", [1, "½"])
    values = recalculated(libreoffice, tmp_path, book, ("Games", "Expected", "Change", "NewRating"))
    assert values == {"Games": 1, "Expected": 0.85, "Change": -4, "NewRating": 2696}


def random_round_robin(seed: int, n: int) -> tuple[list[int | None], list[list[Any]]]:
    """Ratings from 1900 to 2800 (so that far pairs above 2600 occur), one unrated player, and
    every game typed on one side or the other."""
    import random

    rng = random.Random(seed)
    ratings: list[int | None] = [rng.randint(1900, 2800) for _ in range(n)]
    ratings[rng.randrange(n)] = None
    table: list[list[Any]] = [[None] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            result = rng.choice([1, 0.5, 0, 1, 0, "+", "-", None])
            if rng.random() < 0.5:
                table[i][j] = result
            elif result is not None:
                table[j][i] = {1: 0, 0: 1, 0.5: 0.5, "+": "-", "-": "+"}[result]
    return ratings, table


@pytest.mark.parametrize("rules,seed", [("FIDE-RAPID", 1), ("FIDE-BLITZ", 2), ("FIDE-RAPID", 6)])
def test_random_round_robins_equal_the_engine(libreoffice: LibreOffice, tmp_path: Path, rules: str, seed: int) -> None:
    ratings, table = random_round_robin(seed, 8)
    ks = [None, 10, 20, 40, None, 15, None, 20]
    names_typed = {"names": [f"Player {i + 1}" for i in range(8)]}  # an unrated player's row needs a name
    book = load_workbook(io.BytesIO(build("round-robin", players=8, rules=rules, prefill=names_typed)))
    put(book, "Ratings", ratings)
    put(book, "KFactors", ks)
    put(book, "Results", table)
    names = ("Points", "Games", "Score", "OppAverage", "Expected", "Change", "NewRating", "Performance")
    values = recalculated(libreoffice, tmp_path, book, names)
    engine = rate_event(ratings, table, ks, rules)
    far = sum(1 for i, a in enumerate(ratings) for j, b in enumerate(ratings) if i < j and a and b
              and abs(a - b) >= 600 and max(a, b) > 2600 and (table[i][j] is not None or table[j][i] is not None))
    assert far > 0  # the rule is exercised
    for name, attribute in zip(names, ("points", "games", "score", "opp_average", "expected", "change",
                                       "new_rating", "performance")):
        want = [getattr(o, attribute) for o in engine]
        got = column(values[name])
        assert all((g is None) if w is None else g == pytest.approx(w, abs=1e-9) for g, w in zip(got, want)), \
            (name, got, want, [(g, w) for g, w in zip(got, want) if g != w])
