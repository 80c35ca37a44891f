"""Points, tie-breaks and ranks (:mod:`elo_xl.standings`) on small events computed by hand.

Every expected value below is worked out in the comment beside it from the definitions of
FIDE's Tie-Break Regulations (Handbook C.07): Buchholz (8.1) the sum of the opponents'
scores, Sonneborn-Berger (9.1) the opponents' scores times the points scored against them,
and article 16 for unplayed rounds (``unplayed="fide"``).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elo_xl import export, trf
from elo_xl.errors import EloError
from elo_xl.results import BYE_FULL, BYE_HALF, BYE_PAIRING, BYE_ZERO, DRAW, FORFEIT_LOSS, FORFEIT_WIN, LOSS, WIN
from elo_xl.standings import (
    buchholz,
    from_crosstable,
    from_rounds,
    game_points,
    points,
    ranks,
    sonneborn_berger,
    standings,
)
from elo_xl.tournament import Entrant, Tournament

# A 4-player round robin (crosstable, row = the player's score against the column):
#      1  2  3  4   points
#  1   .  1  ½  1   2.5
#  2   0  .  1  1   2
#  3   ½  0  .  1   1.5
#  4   0  0  0  .   0
RR4 = [[None, 1, "½", 1], [0, None, 1, 1], ["½", 0, None, 1], [0, 0, 0, None]]


def test_round_robin_points_and_sonneborn_berger() -> None:
    rounds = from_crosstable(RR4)
    assert points(rounds) == [2.5, 2, 1.5, 0]
    # SB 1: 1×2 (beat 2) + ½×1.5 (drew 3) + 1×0 (beat 4) = 2.75
    # SB 2: 0×2.5 + 1×1.5 + 1×0 = 1.5;  SB 3: ½×2.5 + 0×2 + 1×0 = 1.25;  SB 4: 0
    assert sonneborn_berger(rounds) == [2.75, 1.5, 1.25, 0]
    # Buchholz: everyone's opponents are everyone else: 6 − own points
    assert buchholz(rounds) == [3.5, 4, 4.5, 6]


def test_a_game_typed_on_one_side_counts_for_both_and_a_blank_game_for_neither() -> None:
    rounds = from_crosstable([[None, None, "+"], [None, None, None], [None, None, None]])
    assert points(rounds) == [1, 0, 0]                     # the forfeit: 1 for player 1, 0 for player 3
    assert sonneborn_berger(rounds) == [0, 0, 0]           # player 3 has 0 points; 0 scored against 1
    assert buchholz(rounds) == [0, 0, 1]                   # 3's opponent (1) has 1; the pending 1–2 game counts not


def test_equal_points_and_tie_break_rank_by_start_number_or_share() -> None:
    # points 1,1,1 in a 3-cycle: SB 1×1 each, a three-way tie
    rounds = from_crosstable([[None, 1, 0], [0, None, 1], [1, 0, None]])
    assert points(rounds) == [1, 1, 1] and sonneborn_berger(rounds) == [1, 1, 1]
    assert [s.rank for s in standings(rounds, "sonneborn-berger")] == [1, 2, 3]
    assert [s.rank for s in standings(rounds, "sonneborn-berger", shared=True)] == [1, 1, 1]
    # competition ranking: 1, 2, 2, 4
    assert ranks([5, 3, 3, 1], shared=True) == [1, 2, 2, 4]
    assert ranks([5, 3, 3, 1]) == [1, 2, 3, 4]
    assert ranks([(3, 1.5), (3, 2), (4, 0)]) == [3, 2, 1]


# A Swiss of 6 players, 3 rounds (pairings, own results):
#   r1: 1–4 1-0, 2–5 ½, 3–6 forfeit (3 wins +, 6 −)
#   r2: 1–2 ½, 3–4 0-1, 5: half-point bye H, 6: zero-point bye Z
#   r3: 1–3 1-0, 2–6 1-0, 4–5 ½
PAIRINGS = [[4, 2, 3], [5, 1, 6], [6, 4, 1], [1, 3, 5], [2, None, 4], [3, None, 2]]
RESULTS = [[1, "½", 1], ["½", "½", 1], ["+", 0, 0], [0, 1, "½"], ["½", "H", "½"], ["-", "Z", 0]]


def test_swiss_points_and_buchholz_as_the_books_count_them() -> None:
    rounds = from_rounds(RESULTS, PAIRINGS)
    # 1: 1+½+1 = 2.5; 2: ½+½+1 = 2; 3: 1+0+0 = 1; 4: 0+1+½ = 1.5; 5: ½+½+½ = 1.5; 6: 0
    assert points(rounds) == [2.5, 2, 1, 1.5, 1.5, 0]
    # Buchholz ("book": opponents of rounds with an opponent and a result, forfeits too)
    # 1: 4 (1.5) + 2 (2) + 3 (1) = 4.5;  2: 5 (1.5) + 1 (2.5) + 6 (0) = 4;  3: 6 (0) + 4 (1.5) + 1 (2.5) = 4
    # 4: 1 (2.5) + 3 (1) + 5 (1.5) = 5;  5: 2 (2) + 4 (1.5) = 3.5 (the bye adds nothing);  6: 3 (1) + 2 (2) = 3
    assert buchholz(rounds) == [4.5, 4, 4, 5, 3.5, 3]
    # SB: 1: 1×1.5 + ½×2 + 1×1 = 3.5;  2: ½×1.5 + ½×2.5 + 1×0 = 2;  3: 1×0 + 0 + 0 = 0
    #     4: 0 + 1×1 + ½×1.5 = 1.75;  5: ½×2 + ½×1.5 = 1.75;  6: 0
    assert sonneborn_berger(rounds) == [3.5, 2, 0, 1.75, 1.75, 0]
    # ranks: points, then Buchholz, then start number: 1 (2.5); 2 (2); 4 and 5 on 1.5: Buchholz 5 > 3.5
    assert [s.rank for s in standings(rounds)] == [1, 2, 5, 3, 4, 6]


def test_swiss_tie_breaks_under_fide_article_16() -> None:
    rounds = from_rounds(RESULTS, PAIRINGS)
    # 16.4: an own unplayed round (forfeit, bye) is a game against a dummy with the own final score.
    # 16.3: an opponent's requested bye or absence after his last played game counts ½; here 5's H
    #       bye (round 2) comes before a played game (round 3): awarded, 5 keeps 1.5; 6's Z bye is
    #       followed by a played game too: 6 keeps 0.
    # 1: 4 (1.5) + 2 (2) + 3 (1) = 4.5
    # 2: 5 (1.5) + 1 (2.5) + 6 (0) = 4
    # 3: dummy (own 1, round 1 forfeit win) + 4 (1.5) + 1 (2.5) = 5
    # 4: 1 (2.5) + 3 (1) + 5 (1.5) = 5
    # 5: 2 (2) + dummy (own 1.5) + 4 (1.5) = 5
    # 6: dummy (0) + dummy (0) + 2 (2) = 2
    assert buchholz(rounds, "fide") == [4.5, 4, 5, 5, 5, 2]
    # SB: 3: 1×1 (forfeit win against the dummy) + 0 + 0 = 1;  5: ½×2 + ½×1.5 + ½×1.5 = 2.5;  6: 0
    assert sonneborn_berger(rounds, "fide") == [3.5, 2, 1, 1.75, 2.5, 0]


def test_fide_counts_a_requested_bye_in_the_last_round_as_a_draw_for_the_opponents() -> None:
    # 1 beats 2 in round 1; 2 takes a zero-point bye in round 2 (his last round), 1 a pairing bye.
    rounds = from_rounds([[1, "U"], [0, "Z"]], [[2, None], [1, None]])
    assert points(rounds) == [2, 0]
    # 1's Buchholz: 2's score seen by opponents is 0 + ½ (16.2.5: a requested bye to the end is a
    # draw) = 0.5, plus the dummy of 1's own pairing bye with 1's own score 2: 2.5
    # 2's Buchholz: 1's score 2 + the dummy of his own bye with his own score 0: 2
    assert buchholz(rounds, "fide") == [2.5, 2]
    assert buchholz(rounds) == [0, 2]


def test_fide_counts_an_absence_after_the_last_game_as_a_draw_and_ignores_rounds_not_yet_played() -> None:
    # 3 rounds on the sheet, round 3 not played by anyone yet; 2 is absent in round 2.
    rounds = from_rounds([[1, "+", None], [0, None, None], [None, "-", None]],
                         [[2, 3, None], [1, None, None], [None, 1, None]])
    # points: 1: 1 + 1 (forfeit win) = 2; 2: 0; 3: 0
    assert points(rounds) == [2, 0, 0]
    # 1: 2 (seen 0 + ½ for the absence after his last game) + dummy (forfeit win: own 2) = 2.5
    # 2: 1 (2) + dummy of the absence (own 0) = 2;  3: dummy (own 0) = 0  (round 3 is not counted)
    assert buchholz(rounds, "fide") == [2.5, 2, 0]


def test_game_points_under_a_trf_scoring_system() -> None:
    scoring = dict(trf.TrfEvent([trf.TrfRecord("162  W 3.0    D 1.0    L 0.0", 5)]).scoring())
    assert [game_points(code, black, scoring) for code, black in ((WIN, True), (DRAW, False), (LOSS, True))] == [3, 1, 0]
    assert game_points(BYE_HALF, scoring=scoring) == 1   # a half-point bye is worth a draw
    assert game_points(BYE_PAIRING, scoring=scoring) == 3
    assert [game_points(c) for c in (FORFEIT_WIN, FORFEIT_LOSS, BYE_FULL, BYE_ZERO)] == [1, 0, 1, 0]
    assert game_points(DRAW) == Fraction(1, 2)


def test_trf_and_export_rank_through_standings() -> None:
    event = trf.parse_trf(trf.EXAMPLE)
    trf.set_standings(event)
    # EXAMPLE: points 2, ½, 2.5, ½ → ranks 2, 3, 1, 3 (equal points share a rank)
    assert [(p.points, p.rank) for p in event.players] == [(2.0, 2), (0.5, 3), (2.5, 1), (0.5, 3)]
    entrants = [Entrant(i + 1, f"P{i + 1}", None, "", "", "", "", "", None) for i in range(6)]
    t = Tournament(entrants, RESULTS, PAIRINGS, [[""] * 3] * 6, rounds=3)
    assert export.points_and_ranks(t) == ([2.5, 2, 1, 1.5, 1.5, 0], [1, 2, 5, 3, 4, 6])


def test_bad_arguments_are_explained() -> None:
    with pytest.raises(EloError, match="unplayed 'x' is not a way"):
        buchholz(from_crosstable(RR4), "x")
    with pytest.raises(EloError, match="tiebreak 'median'"):
        standings(from_crosstable(RR4), "median")
    with pytest.raises(EloError, match="results is 2×3; a crosstable"):
        from_crosstable([[None, 1, 0], [0, None, 1]])
    with pytest.raises(EloError, match="results, row 1 column 2"):
        from_crosstable([[None, "x"], [None, None]])


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 9).flatmap(lambda n: st.tuples(st.just(n), st.lists(
    st.sampled_from([1, "½", 0]), min_size=n * (n - 1) // 2, max_size=n * (n - 1) // 2))))
def test_without_unplayed_rounds_both_ways_agree_and_totals_add_up(event: tuple[int, list]) -> None:
    """A complete round robin of played games: article 16 changes nothing, every player's
    points are counted once in the Buchholz of each of his n − 1 opponents, and the
    Sonneborn-Berger total is, game by game, what each side scored times the other's points."""
    n, games = event
    table: list[list] = [[None] * n for _ in range(n)]
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    for (i, j), result in zip(pairs, games):
        table[i][j] = result
    rounds = from_crosstable(table)
    p = points(rounds)
    assert sum(p) == n * (n - 1) / 2                       # one point per game
    assert buchholz(rounds) == buchholz(rounds, "fide") == [sum(p) - own for own in p]
    assert sonneborn_berger(rounds) == sonneborn_berger(rounds, "fide")
    # Σ SB = Σ over games of (points of i × score of j + points of j × score of i)
    scored = {1: 1, "½": 0.5, 0: 0}
    total = sum(scored[r] * p[j] + (1 - scored[r]) * p[i] for (i, j), r in zip(pairs, games))
    assert sum(sonneborn_berger(rounds)) == total
