"""Buchholz and Sonneborn-Berger under C.07 article 16 (the 2024 text) on small Swiss events
worked out by hand: each expected value is computed in the comment beside it from the
definitions — Buchholz (8.1) the sum of the opponents' scores, Sonneborn-Berger (9.1) the
opponents' scores times the points scored against them, 16.4 an own unplayed round as a
game against a dummy with the player's own final score, 16.3 an opponent's requested bye or
absence after his last played game as a draw.

(These cases were the checks of a second, simpler tie-break module that elo-xl no longer
has: :mod:`elo_xl.tiebreaks` is the one tie-break engine.)
"""

from __future__ import annotations

from elo_xl import tiebreaks

# A Swiss of 6 players, 3 rounds (pairings, own results):
#   r1: 1–4 1-0, 2–5 ½, 3–6 forfeit (3 wins +, 6 −)
#   r2: 1–2 ½, 3–4 0-1, 5: half-point bye H, 6: zero-point bye Z
#   r3: 1–3 1-0, 2–6 1-0, 4–5 ½
PAIRINGS = [[4, 2, 3], [5, 1, 6], [6, 4, 1], [1, 3, 5], [2, None, 4], [3, None, 2]]
RESULTS = [[1, "½", 1], ["½", "½", 1], ["+", 0, 0], [0, 1, "½"], ["½", "H", "½"], ["-", "Z", 0]]


def values(results, pairings, codes="BH,SB", version="2024"):
    ranking = tiebreaks.ranking(tiebreaks.from_rounds(results, pairings), codes, version)
    return ranking, [ranking.row(i) for i in range(len(results))]


def test_a_swiss_with_a_forfeit_and_requested_byes():
    ranking, rows = values(RESULTS, PAIRINGS)
    # points: 1: 1+½+1 = 2.5; 2: ½+½+1 = 2; 3: 1+0+0 = 1; 4: 0+1+½ = 1.5; 5: ½+½+½ = 1.5; 6: 0
    assert ranking.points == [2.5, 2, 1, 1.5, 1.5, 0]
    # 5's H (round 2) and 6's Z (round 2) are followed by played games: they count as scored.
    # 1: 4 (1.5) + 2 (2) + 3 (1) = 4.5
    # 2: 5 (1.5) + 1 (2.5) + 6 (0) = 4
    # 3: dummy (own 1, round 1 forfeit win) + 4 (1.5) + 1 (2.5) = 5
    # 4: 1 (2.5) + 3 (1) + 5 (1.5) = 5
    # 5: 2 (2) + dummy (own 1.5) + 4 (1.5) = 5
    # 6: dummy (0) + dummy (0) + 2 (2) = 2
    assert [r["BH"] for r in rows] == [4.5, 4, 5, 5, 5, 2]
    # SB: 1: 1×1.5 + ½×2 + 1×1 = 3.5;  2: ½×1.5 + ½×2.5 + 1×0 = 2;  3: 1×1 (the forfeit win against
    # the dummy) + 0 + 0 = 1;  4: 0 + 1×1 + ½×1.5 = 1.75;  5: ½×2 + ½×1.5 + ½×1.5 = 2.5;  6: 0
    assert [r["SB"] for r in rows] == [3.5, 2, 1, 1.75, 2.5, 0]
    # ranks: 1 (2.5), 2 (2), then 4 and 5 on 1.5 and BH 5: SB 2.5 puts 5 first; 3 (1), 6 (0)
    assert ranking.ranks == [1, 2, 5, 4, 3, 6]


def test_a_requested_bye_in_the_last_round_counts_as_a_draw_for_the_opponents():
    # 1 beats 2 in round 1; 2 takes a zero-point bye in round 2 (his last round), 1 a pairing bye.
    ranking, rows = values([[1, "U"], [0, "Z"]], [[2, None], [1, None]], "BH")
    assert ranking.points == [2, 0]
    # 1: 2's score as opponents see it, 0 + ½ (16.2.5: a requested bye to the end is a draw) = 0.5,
    #    plus the dummy of 1's own pairing bye with 1's own score 2: 2.5
    # 2: 1's score 2 + the dummy of his own bye with his own score 0: 2
    assert [r["BH"] for r in rows] == [2.5, 2]


def test_an_absence_after_the_last_game_is_a_draw_and_rounds_not_yet_played_are_not_rounds():
    # 3 rounds on the sheet, round 3 not played by anyone yet; 2 is absent in round 2.
    ranking, rows = values([[1, "+", None], [0, None, None], [None, "-", None]],
                           [[2, 3, None], [1, None, None], [None, 1, None]], "BH")
    assert ranking.points == [2, 0, 0]
    # 1: 2 (seen 0 + ½ for the absence after his last game) + dummy (forfeit win: own 2) = 2.5
    # 2: 1 (2) + dummy of the absence (own 0) = 2;  3: dummy (own 0) = 0  (round 3 is not counted)
    assert [r["BH"] for r in rows] == [2.5, 2, 0]
