"""The Excel functions as Python functions: shapes in and out, blanks, and bad input."""

import pytest

from elo_xl import EloError, engine
from elo_xl.udfs import (
    ELO_AVERAGE,
    ELO_CATEGORY,
    ELO_CHANGE,
    ELO_DP,
    ELO_EVENT,
    ELO_EXPECTED,
    ELO_FORECAST,
    ELO_INITIAL,
    ELO_K,
    ELO_NEEDED,
    ELO_NEW,
    ELO_PERFORMANCE,
    ELO_TABLE_H,
    FUNCTIONS,
)


def test_expected_single_values_and_ranges():
    assert ELO_EXPECTED(2500, 2400) == 0.64
    assert ELO_EXPECTED([[2500]], [[2400]]) == 0.64
    assert ELO_EXPECTED([[2500], [2400]], [[2400]]) == [[0.64], [0.5]]  # a column against one value
    assert ELO_EXPECTED([[2500, 2400]], [[2400, 2500]]) == [[0.64, 0.36]]  # a row keeps its shape
    assert ELO_EXPECTED([2500, 2000], 2400) == [[0.64], [0.08]]  # a flat list is a column
    assert ELO_EXPECTED(2700, 2100, "fide-2024") == 0.92
    assert ELO_EXPECTED(None, 2100) is None  # an unrated side under FIDE: empty cell
    assert ELO_EXPECTED([[None, 2000]], [[2000, "NR"]]) == [[None, None]]


def test_table_h_and_dp_spill():
    assert ELO_TABLE_H([[0, 100, -100]]) == [[50, 64, 36]]
    assert ELO_TABLE_H(-736) == 0
    assert ELO_DP([[0.83], [0.5]]) == [[273], [0]]
    assert ELO_DP(0.835) == 284


def test_new_and_change():
    assert ELO_NEW(2500, 2400, 1, 10) == 2504
    assert ELO_CHANGE(2500, 2400, 1, 10) == 3.6
    assert ELO_NEW(2500, [[2400, 2400, 2400]], [["1", "=", "0"]], 10) == 2496  # rows work as well as columns
    assert ELO_NEW(2500, [2400, 2300], [1, None], 10) == 2504  # a blank result is a game not played
    assert ELO_CHANGE(None, [2100] * 5, [1] * 5) is None
    assert ELO_NEW(None, [2100] * 5, [1] * 5) == 2200
    assert ELO_NEW(None, [2100] * 2, [1] * 2) == "no rating: 2 rated games against rated opponents, 5 needed"
    assert ELO_NEW(None, [2200], [1], None, "ELO-1970") == 2205
    assert ELO_NEW(None, [1500], [1], None, "LOGISTIC") == 1510
    assert ELO_NEW(2000.0, [2000.0], [0.5], 20.0) == 2000  # what Excel passes: floats


def test_logistic_scale_limits_and_no_overflow():
    """Issue inputs that overflowed: a scale of 1 is refused in one line, and a huge difference
    under the logistic curve gives 0 % (10^500 is never formed)."""
    assert ELO_EXPECTED(1000, 3000, "LOGISTIC 1") == (
        'rules: "LOGISTIC 1" has no valid scale; write LOGISTIC followed by a number from 20 to 10000, e.g. LOGISTIC 480')
    assert ELO_TABLE_H(-200000, "LOGISTIC") == 0.0
    assert ELO_TABLE_H(200000, "LOGISTIC") == 100.0
    assert ELO_TABLE_H(-200000) == 0  # table 8.1.2: the lower side of 736+ scores 0


def test_event_spills_seven_columns():
    rows = ELO_EVENT([[2500], [2400], [None]], [[None, 1, 1], [0, None, "½"], [0, "½", None]], 10)
    assert rows == [
        [1, 1, 2400, 0.64, 4, 2504, 3200],
        [1, 0, 2500, 0.36, -4, 2396, 1700],
        [2, 0.5, 2450, None, None, None, 2257],
    ]
    # the rounds form of the first game alone: 2500 beats 2400 at K 10 (PD .64 → +3.6 → +4),
    # performances 2400 + 800 and 2500 − 800
    rounds = ELO_EVENT([2500, 2400], [[1], [0]], [[10]], None, [[2], [1]])
    assert rounds == [[1, 1, 2400, 0.64, 4, 2504, 3200], [1, 0, 2500, 0.36, -4, 2396, 1700]]


def test_rapid_standard_rating_seed():
    # unrated in rapid, standard 2100, beats a 2000: diff 100 → PD .64 (table 8.1.2), K 40 → 14.4 → 14
    assert ELO_NEW(None, [[2000]], [[1]], None, "FIDE-RAPID", 2100) == 2114
    assert ELO_CHANGE(None, [[2000]], [[1]], None, "FIDE-BLITZ", 2100) == 14.4
    # a K given is used: 20 × .36 = 7.2
    assert ELO_CHANGE(None, [[2000]], [[1]], 20, "FIDE-RAPID", 2100) == 7.2
    # a rated player keeps his rapid rating: 1900 vs 2000 won, PD .36, K 20 → 12.8 → 13
    assert ELO_NEW(1900, [[2000]], [[1]], 20, "FIDE-RAPID", 2100) == 1913
    # without it he is unrated: one game is no initial rating
    assert isinstance(ELO_NEW(None, [[2000]], [[1]], None, "FIDE-RAPID"), str)
    assert ELO_NEW(None, [[2000]], [[1]], None, "FIDE", 2100).startswith("standard_rating: 2100 is a standard rating")


def test_rapid_event_standard_ratings_column():
    # player 2 is unrated in rapid with standard 2100 and beats player 1 (2000, K 20 by the rules):
    # he counts as rated: player 1 loses 20 × .36 = 7.2 → −7; player 2 wins 40 × .36 = 14.4 → +14
    rows = ELO_EVENT([[2000], [None]], [[None, 0], [1, None]], None, "FIDE-RAPID", None, [[None], [2100]])
    assert rows == [[1, 0, 2100, 0.36, -7, 1993, 1300], [1, 1, 2000, 0.64, 14, 2114, 2800]]
    # without the column player 2 is unrated: player 1 has no rated game
    assert ELO_EVENT([[2000], [None]], [[None, 0], [1, None]], None, "FIDE-RAPID")[0][:2] == [0, 0]


def test_small_functions():
    assert ELO_PERFORMANCE([2400, 2500, 2600], [1, 1, "½"]) == 2773
    assert ELO_PERFORMANCE([2400], [None]) is None
    assert ELO_INITIAL([2100] * 5, [1] * 5) == 2200
    assert ELO_INITIAL([2100] * 5, [0] * 5) == "no rating: a zero score is disregarded"
    assert ELO_K(2350) == 20
    assert ELO_K(2350, None, None, None, [[0, 25], [1600, 20], [2000, 15], [2400, 10]]) == 15
    assert ELO_K(2350, None, None, None, [["ELO-1970"]]) == 10
    assert ELO_K(2250, 200, 2010, False, None, 2026) == 40
    assert ELO_AVERAGE([[2400, 2401], [None, 2402]]) == 2401
    assert ELO_CATEGORY(2530) == 12
    assert ELO_FORECAST(2500, 3, [2400, 2400]) == 4.28
    assert ELO_NEEDED(2400, [2400] * 9, 2420, 20) == 5.5


def test_every_function_is_listed_once():
    names = [f.__name__ for f in FUNCTIONS]
    assert len(set(names)) == 15
    assert all(name.startswith("ELO_") for name in names)


# --- bad input: one clear line, never a traceback -----------------------------------------------

BAD = [
    (lambda: ELO_NEW(2500, [2400, 2300], [1, "x"]),
     'results, value 2: "x" is not a result; type 1, ½ (or 0.5, =, R), 0, + or − (forfeits; also F+, F-), or leave the cell blank'),
    (lambda: ELO_NEW(-5, [2400], [1]),
     "rating: -5 is not a rating; type a number from 1 to 3999, or leave it blank (or 0, NR) for an unrated player"),
    (lambda: ELO_NEW("abc", [2400], [1]),
     'rating: "abc" is not a rating; type a number from 1 to 3999, or leave it blank (or 0, NR) for an unrated player'),
    (lambda: ELO_NEW(2500, [[2400, "x2"]], [[1, 0]]),
     'opponents, value 2: "x2" is not a rating; type a number from 1 to 3999, or leave it blank (or 0, NR) for an unrated player'),
    (lambda: ELO_NEW(2500, [2400], [1], 0),
     "k: 0 is not a K factor; type a number above 0 and at most 100, or leave it blank for the rule set's default"),
    (lambda: ELO_NEW(2500, [2400], [1], 101),
     "k: 101 is not a K factor; type a number above 0 and at most 100, or leave it blank for the rule set's default"),
    (lambda: ELO_NEW(2500, [2400, 2300], [1]),
     "opponents has 2 cells but results has 1; the two ranges must be the same size"),
    (lambda: ELO_NEW(2500, [2400], [1], None, "FIDEE"),
     'rules: "FIDEE" is not a rule set; use FIDE, FIDE-2024, FIDE-RAPID, FIDE-BLITZ, ELO-1970, USSR-1977 or LOGISTIC (with a scale: "LOGISTIC 480")'),
    (lambda: ELO_EXPECTED(2500, 2400, "LOGISTIC -3"),
     'rules: "LOGISTIC -3" has no valid scale; write LOGISTIC followed by a number from 20 to 10000, e.g. LOGISTIC 480'),
    (lambda: ELO_EVENT([2000, 1900], [[None, 1], [1, None]]),
     'results, row 1 column 2 (1) and row 2 column 1 (1) disagree; one game reads 1/0, ½/½, 0/1, +/− or −/−'),
    (lambda: ELO_EVENT([2000, 1900, 1800], [[None, 1], [0, None]]),
     "results is 2×2 but ratings lists 3 players; a crosstable needs 3 rows and 3 columns "
     "(or give pairings for the rounds form)"),
    (lambda: ELO_EVENT([2000, 1900], [[1], [0]], None, None, [[2], [3]]),
     "pairings, row 2 column 1: 3 is not a start number; the event has 2 players"),
    (lambda: ELO_EVENT([2000, 1900], [[1], [0]], None, None, [[2], [2]]),
     "pairings, row 2 column 1: 2 is the player himself; a player cannot meet himself"),
    (lambda: ELO_EVENT([2000, 1900, 1800], [[1], [0], [1]], None, None, [[2], [3], [2]]),
     "pairings, row 1 column 1: 1 meets 2 in round 1, but row 2 says 2 meets 3"),
    (lambda: ELO_EVENT([2000, 1900], [[1], [1]], None, None, [[2], [1]]),
     'results, round 1: row 1 (1) and row 2 (1) disagree on their game; one game reads 1/0, ½/½, 0/1, +/− or −/−'),
    (lambda: ELO_EVENT([2000, 1900], [[None, 1], [0, None]], [[10], [20], [30]]),
     "k has 3 cells but there are 2 players; give one K for all or one per player"),
    (lambda: ELO_EXPECTED([[2000, 2100]], [[2000], [2100]]),
     "rating is 1×2 but opponent is 2×1; give two ranges of one shape, or a single value for one of them"),
    (lambda: ELO_DP(1.5), "p: 1.5 is not a fractional score; type a number from 0 to 1"),
    (lambda: ELO_K(2000, "many"), 'games: "many" is not a whole number from 0 to 10000000'),
    (lambda: ELO_K(2000, None, None, "maybe"), 'reached_2400: "maybe" is not TRUE or FALSE'),
    (lambda: ELO_K(2000, None, None, None, [[1600, 20], [0, 25]]),
     "rules, row 2 column 1: 0 is not above the previous row's rating; sort the schedule by rating"),
    (lambda: ELO_FORECAST(2000, "lots", [2000]), 'points: "lots" is not a number'),
    (lambda: ELO_NEEDED(2000, [2000], None), "target: blank is not a number"),
]


@pytest.mark.parametrize("call,message", BAD, ids=[str(i) for i in range(len(BAD))])
def test_bad_input_gives_one_line(call, message):
    text = call()
    assert text == message
    assert "\n" not in text and "Traceback" not in text


def test_the_engine_raises_the_package_error():
    with pytest.raises(EloError, match=r'^results: "x" is not a result'):
        engine.rate(2500, [2400], ["x"])
    assert issubclass(EloError, ValueError)
