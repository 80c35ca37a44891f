"""Every worked example of FIDE-RULES.md and SEEDS.md, and the rules behind them."""

import pytest

from elo_xl import (
    average_rating,
    category,
    expected,
    forecast,
    initial_rating,
    k_factor,
    needed,
    performance,
    rate,
    rate_event,
    table_h,
)
from elo_xl.errors import EloError
from elo_xl.rules import FIDE, parse_rules

# --- FIDE-RULES.md: public worked examples ---------------------------------------------------


def test_2500_vs_2400_k10():
    assert expected(2500, 2400) == 0.64
    assert expected(2400, 2500) == 0.36
    win, loss, draw = (rate(2500, [2400], [r], k=10) for r in (1, 0, "½"))
    assert (win.change_unrounded, loss.change_unrounded, draw.change_unrounded) == (3.6, -6.4, -1.4)
    assert (win.new_rating, loss.new_rating, draw.new_rating) == (2504, 2494, 2499)


def test_2092_vs_2000_win_k15():
    r = rate(2092, [2000], [1], k=15)
    assert r.expected == 0.63
    assert r.change_unrounded == 5.55
    assert r.change == 6


def test_400_point_rule_1500_vs_2000_draw():
    r = rate(1500, [2000], ["="], k=20)
    assert r.expected == 0.08
    assert r.change_unrounded == 8.4
    assert r.new_rating == 1508


@pytest.mark.parametrize("rating,result,change", [
    (2003, 1, 5.0), (2004, 1, 4.9), (1656, 0, -1.2), (1655, 0, -1.1),
])
def test_row_edges_of_8_1_2(rating, result, change):
    assert rate(rating, [2000], [result], k=10).change_unrounded == change


def test_2650_exception():
    assert expected(2700, 2100, "FIDE") == 0.98
    assert expected(2700, 2100, "FIDE-2024") == 0.92
    assert expected(2649, 2100, "FIDE") == 0.92  # below 2650 the cap applies
    assert expected(2650, 2100, "FIDE") == 0.97  # 550: row 518–559
    # in one game the 2650+ player uses D = 413 while his 2400 opponent is capped at 400
    assert expected(2813, 2400) == 0.93
    assert expected(2400, 2813) == 0.08


def test_initial_rating_example():
    assert initial_rating([2100] * 5, [1] * 5) == (2200, None)
    # the same games below the cap: (5·1600 + 3600)/7 = 1657.14, p = 3.5/7 = .50 → dp 0
    assert initial_rating([1600] * 5, [1, 0, 1, 0, "½"]) == (1657, None)


def test_initial_rating_rules():
    assert initial_rating([2000] * 4, [1] * 4) == (None, "no rating: 4 rated games against rated opponents, 5 needed")
    assert initial_rating([1500] * 6, [0] * 6) == (None, "no rating: a zero score is disregarded")
    # (6·1300 + 3600)/8 = 1425, p = 1.5/8 = .19 → −251 → 1174: below 1400, nothing published
    rating, reason = initial_rating([1300] * 6, ["½"] + [0] * 5)
    assert rating is None and reason == "no rating: 1174 is below 1400, the lowest published rating"
    # unrated opponents and forfeits do not count towards the five games
    assert initial_rating([2000] * 4 + [None], [1] * 5)[0] is None
    assert initial_rating([2000] * 5, [1, 1, 1, 1, "+"])[0] is None


def test_initial_rating_rounds_half_up():
    # (Σ + 3600 + dp·(n+2)) / (n+2) with Σ = 5·1600 + 1 and p = .50: 11601/7 = 1657.29
    assert initial_rating([1601, 1600, 1600, 1600, 1600], [1, 0, 1, 0, "½"])[0] == 1657
    # 7 rated games, Σ = 7·1700 + 1 → (11901 + 3600)/9 = 1722.33; p = 4.5/9 = .50
    assert initial_rating([1701] + [1700] * 6, [1, 1, 1, 0, 0, 0, "½"])[0] == 1722
    # an exact half goes up: (6·1650 + 3600)/8 = 1687.5, p = 4/8 = .50 → 1688
    assert initial_rating([1650] * 6, [1, 1, 1, 0, 0, 0])[0] == 1688


def test_new_rating_of_unrated_player_under_fide_is_the_initial_rating():
    r = rate(None, [2100] * 5, [1] * 5, k=15)
    assert r.new_rating == 2200 and r.change is None and r.expected is None and r.k is None
    assert rate(None, [2100] * 3, [1] * 3).note == "no rating: 3 rated games against rated opponents, 5 needed"


def test_performance_example():
    assert performance([2400, 2500, 2600], [1, 1, "½"]) == 2773


def test_portisch_1978():
    # 15 games, 10.5 points, We 9.66: six opponents at D 110 (.65) and nine at D 100 (.64)
    opponents = [2525] * 6 + [2535] * 9
    results = [1] * 10 + ["½"] + [0] * 4
    r = rate(2635, opponents, results, k=10)
    assert r.expected == 9.66
    assert 2635 + r.change_unrounded == 2643.4
    assert r.new_rating == 2643


def test_logistic_example_k32():
    r = rate(1613, [1609, 1477, 1388, 1586, 1720], [0, "½", 1, 1, 0], k=32, rules="LOGISTIC")
    assert r.expected == pytest.approx(2.867, abs=0.0005)  # published to 3 decimals
    assert r.new_rating == 1601


# --- SEEDS.md ------------------------------------------------------------------------------------


def test_seed2_vietnamchess_2500_2400():
    pairs = {1: (2504, 2396), 0: (2494, 2406), 0.5: (2499, 2401)}
    for a_result, (a_new, b_new) in pairs.items():
        assert rate(2500, [2400], [a_result], k=10).new_rating == a_new
        assert rate(2400, [2500], [1 - a_result], k=10).new_rating == b_new


def test_seed3_wikipedia_logistic():
    assert expected(1613, 1609, "LOGISTIC") == pytest.approx(0.506, abs=0.0005)
    assert expected(1609, 1613, "LOGISTIC") == pytest.approx(0.494, abs=0.0005)
    assert rate(1613, [1609], [0], k=20, rules="LOGISTIC").new_rating == 1603
    assert rate(1609, [1613], [1], k=20, rules="LOGISTIC").new_rating == 1619
    assert table_h(100, "LOGISTIC") == pytest.approx(64, abs=0.5)
    assert table_h(200, "LOGISTIC") == pytest.approx(76, abs=0.5)
    assert expected(1613, 1609, "LOGISTIC") + expected(1609, 1613, "LOGISTIC") == pytest.approx(1)


def test_seed3_wikipedia_k_schedule():
    schedule = [[0, 25], [1600, 20], [2000, 15], [2400, 10]]
    assert [k_factor(r, rules=schedule) for r in (1200, 1599, 1600, 1999, 2000, 2399, 2400, 2800)] == [
        25, 25, 20, 20, 15, 15, 10, 10]
    assert k_factor(None, rules=schedule) == 25
    assert k_factor(900, rules=[[1000, 30], [2000, 15]]) == 30  # below the first row: first row's K


def test_seed4_fide_k():
    assert k_factor(1800, games=12) == 40
    assert k_factor(2100) == 20
    assert k_factor(2450) == 10
    assert k_factor(2350, reached_2400=True) == 10  # stays 10 below 2400
    assert k_factor(None) == 40


def test_fide_k_junior_rule():
    assert k_factor(2250, 100, 2008, year=2026) == 40  # 18 in 2026
    assert k_factor(2250, 100, 2007, year=2026) == 20  # 19
    assert k_factor(2300, 100, 2010, year=2026) == 20  # junior but rated 2300
    assert k_factor(2350, rules="ELO-1970") == 10
    assert k_factor(2350, rules="LOGISTIC") == 20


def test_fide_k_times_n_at_most_700():
    r = rate(1800, [1800] * 39, [1] * 39, k=40)
    assert r.k == 17
    assert r.change_unrounded == 331.5  # 17 × 39 × (1 − 0.50)
    assert r.change == 332  # .5 away from zero
    assert rate(1800, [1800] * 17, [1] * 17, k=40).k == 40  # 680
    assert rate(1800, [1800] * 18, [1] * 18, k=40).k == 38  # 720 > 700 → 38
    assert rate(1800, [1800] * 71, [1] * 71).k == 9  # default 20 is limited too


def test_fide_rounding_is_exact_half_away_from_zero():
    # K 10 × (0.25 − 0.50)... a draw against an equal opponent gives 0; build −2.50 exactly:
    # 2 games vs an opponent 100 below (PD .64 each): score ½ → Σ(W−PD) = 0.5 − 1.28 = −0.78
    # Instead: 5 games at PD .55 with 2.5 points: 2.5 − 2.75 = −0.25, K 10 → −2.50 → −3
    r = rate(2033, [2000] * 5, [1, 1, "½", 0, 0], k=10)
    assert r.change_unrounded == -2.5 and r.change == -3
    r = rate(2000, [2033] * 5, [1, 1, "½", 0, 0], k=10)
    assert r.change_unrounded == 2.5 and r.change == 3


def test_fide_unrated_opponents_and_forfeits_are_not_rated():
    r = rate(2000, [2000, None, 2100, 1900], [1, 1, "+", "-"], k=20)
    assert (r.games, r.score) == (1, 1)
    assert r.new_rating == 2010
    assert rate(2000, [None], [1], k=20).games == 0


def test_rated_player_without_counted_games():
    r = rate(2000, [2100], [None], k=20)
    assert (r.games, r.score, r.expected, r.change, r.new_rating) == (0, 0, 0, 0, 2000)
    assert r.opp_average is None and r.performance is None


# --- ELO-1970 and USSR-1977 (the Kvant article) -------------------------------------------------


def test_kvant_average_rounds_half_down():
    assert parse_rules("ELO-1970").average([2377, 2378]) == 2377
    assert FIDE.average([2377, 2378]) == 2378
    # own 2403 against an average of 2377.5: ΔK = 26 (h 54) when .5 goes down, 25 (h 53) when up
    r = rate(2403, [2377, 2378, 2377, 2378], [1, 1, 0, 0], rules="USSR-1977")
    assert r.opp_average == 2377
    assert r.expected == 2.2  # 0.54 × 4 = 2.16 → 2.2
    assert r.new_rating == 2401


def test_kvant_n_exp_rounding():
    # ΔK 33 → h 55, m 5 → 2.75: an exact quarter goes down to 2.5 (FIDE 1970)
    r = rate(2033, [2000] * 5, [1, 1, 1, 0, 0], rules="ELO-1970")
    assert r.expected == 2.5 and r.change == 5 and r.new_rating == 2038
    # ΔK −33 → h 45 → 2.25 → 2.0
    assert rate(1967, [2000] * 5, [1, 1, 0, 0, 0], rules="ELO-1970").expected == 2
    # USSR-1977 to the nearest 0.1, an exact .05 down: h 51, m 5 → 2.55 → 2.5
    assert rate(2004, [2000] * 5, [1, 1, 1, 0, 0], rules="USSR-1977").expected == 2.5
    assert rate(2004, [2000] * 5, [1, 1, 1, 0, 0], rules="USSR-1977").new_rating == 2009
    # m 1, h 64 → 0.64 → 0.5 (ELO-1970), 0.6 (USSR-1977)
    assert rate(2500, [2400], [1], rules="ELO-1970").expected == 0.5
    assert rate(2500, [2400], [1], rules="USSR-1977").expected == 0.6


def test_kvant_no_cap_and_saturation():
    r = rate(2800, [2000] * 4, [1] * 4, rules="ELO-1970")
    assert r.expected == 4 and r.change == 0
    assert table_h(1000) == 100 and table_h(-1000) == 0


def test_kvant_unrated_enter_with_2200_and_given_k_is_alpha():
    r = rate(None, [2200, None], [1, "½"], rules="ELO-1970")
    assert r.opp_average == 2200 and r.expected == 1 and r.new_rating == 2205
    assert rate(2200, [2200], [1], k=15, rules="ELO-1970").new_rating == 2207.5


def test_kvant_tournament_coefficient():
    # K_T counts unrated players as 2200 and rounds .5 down
    assert average_rating([2300, 2250, None, 2251], "ELO-1970") == 2250
    assert average_rating([2300, 2250, None, 2251]) == 2267
    assert average_rating([None, "NR"]) is None


def test_category():
    assert [category(a) for a in (2250, 2251, 2275, 2276, 2300, 2301, 2525, 2526, 2550, 2551)] == [0, 1, 1, 2, 2, 3, 11, 12, 12, 13]
    assert category(None) is None


# --- forecasts and targets -----------------------------------------------------------------------


def test_forecast():
    assert forecast(2500, 3, [2400, 2400]) == 4.28
    assert forecast(2500, 3, [2400, None]) == 3.64  # unrated opponents add nothing under FIDE
    assert forecast(2500, 3, [2400, "NR"]) == 3.64
    assert forecast(None, 3, [2400]) is None
    assert forecast(2400, 2, [2300] * 9, "ELO-1970") == 8  # N_exp 5.76 → 6.0
    assert forecast(2400, 2, [2300] * 9, "USSR-1977") == 7.8
    assert forecast(2000, 0.5, [], "FIDE") == 0.5


def test_needed():
    # 9 games against equals, K 20: 5 points give +10 → 2410; 5.5 give +20
    assert needed(2400, [2400] * 9, 2410, k=20) == 5
    assert needed(2400, [2400] * 9, 2411, k=20) == 5.5
    assert needed(2400, [2400] * 9, 2300, k=20) == 0
    assert needed(2400, [2400] * 9, 2600, k=20) is None
    # unrated opponents do not count under FIDE; a blank cell is no game
    assert needed(2400, [2400, "NR", None], 2405, k=10) == 1
    # an unrated player under FIDE: the least score that brings an initial rating ≥ target
    assert needed(None, [2000] * 5, 1900) == 2.5


# --- whole events --------------------------------------------------------------------------------


def test_event_crosstable_and_rounds_give_the_same_numbers():
    ratings = [2500, 2400, 2300, None]
    cross = [[None, 1, "½", 1], [0, None, 1, "+"], ["½", 0, None, 1], [0, "-", 0, None]]
    pairings = [[2, 3, 4], [1, 4, 3], [4, 1, 2], [3, 2, 1]]
    results = [[1, "½", 1], [0, "+", 1], [1, "½", 0], [0, "-", 0]]
    a = rate_event(ratings, cross, k=10)
    b = rate_event(ratings, results, k=10, pairings=pairings)
    assert a == b
    top = a[0]
    assert (top.games, top.score, top.opp_average, top.new_rating) == (2, 1.5, 2350, 2501)  # ΣPD .64 + .76 = 1.40
    assert a[3].new_rating is None and a[3].expected is None and a[3].games == 2


def test_event_one_sided_crosstable():
    full = rate_event([2000, 1900], [[None, 1], [0, None]])
    one_side = rate_event([2000, 1900], [[None, 1], [None, None]])
    other_side = rate_event([2000, 1900], [[None, None], [0, None]])
    assert full == one_side == other_side


def test_event_columns():
    rows = [o.event_row() for o in rate_event([2500, 2400], [[None, 1], [0, None]], k=10)]
    assert rows == [[1, 1, 2400, 0.64, 4, 2504, 3200], [1, 0, 2500, 0.36, -4, 2396, 1700]]


def test_event_k_column_and_defaults():
    out = rate_event([2450, 2000, 1500], [[None, 1, 1], [0, None, 1], [0, 0, None]], k=[[None], [15], [None]])
    assert [o.k for o in out] == [10, 15, 20]


def test_rounds_form_byes_score_points_and_are_never_rated():
    out = rate_event([2000, 1900, 1800], [[1, "H"], [0, "F"], ["U", 1]], 20, None, [[2, 0], [1, None], [None, 2]])
    # player 3's win over player 2 in round 2 is listed on his row only: it counts for him
    assert [o.points for o in out] == [1.5, 1, 2]
    assert [o.games for o in out] == [1, 1, 1]
    assert out[2].new_rating == 1813  # 20 × (1 − .36)
    # played results on a round without an opponent are ignored
    assert rate_event([2000, 1900], [[1, 1], [0, None]], 20, None, [[2, None], [1, None]])[0].points == 1


def test_letters_for_games_not_rated():
    r = rate(2000, [1900, 1900, 1900], ["W", "d", "L"], 20)
    assert (r.games, r.points, r.new_rating) == (0, 1.5, 2000)
    out = rate_event([2000, 1900], [[None, "W"], [None, None]], 20)
    assert [o.points for o in out] == [1, 0] and [o.games for o in out] == [0, 0]


# --- the LOGISTIC scale: a range where nothing overflows ----------------------------------------


@pytest.mark.parametrize("text", ["LOGISTIC 1", "LOGISTIC 0", "LOGISTIC -3", "LOGISTIC 19.9", "LOGISTIC 10001",
                                  "LOGISTIC 1e308", "LOGISTIC inf", "LOGISTIC nan"])
def test_logistic_scale_out_of_range_is_one_line(text):
    with pytest.raises(EloError) as caught:
        parse_rules(text)
    assert str(caught.value) == (f'rules: "{text}" has no valid scale; write LOGISTIC followed by a number '
                                 "from 20 to 10000, e.g. LOGISTIC 480")


def test_logistic_scale_limits_are_accepted():
    assert parse_rules("LOGISTIC 20").scale == 20 and parse_rules("LOGISTIC 10000").scale == 10000


def test_logistic_never_overflows():
    # the inputs: 10^(200000/400) = 10^500 is beyond a double
    assert table_h(-200000, "LOGISTIC") == 0.0
    assert table_h(200000, "LOGISTIC") == 100.0
    # the smallest scale and the widest rating gap: 1/(1 + 10^(3998/20)) = 10^−199.9 ≈ 1.26e−200
    assert expected(1, 3999, "LOGISTIC 20") == pytest.approx(1.2589e-200, rel=1e-4)
    assert expected(3999, 1, "LOGISTIC 20") == 1.0
    # a rule set made in code with a scale outside the range still gives a number
    from elo_xl.rules import LogisticRules

    assert LogisticRules(1).expected(1000, 3000) == 0.0
    assert LogisticRules(1).table_h(-200000) == 0.0
    # 5 wins against 3999 at K 20: 20 × (5 − 5 × 1.26e−200) = +100
    assert rate(1, [3999] * 5, [1] * 5, k=20, rules="LOGISTIC 20").new_rating == 101
