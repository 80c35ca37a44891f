"""The paradox of E. Gik's Kvant article (SEEDS.md, section 1, rule 10).

Two players rated 2000 play a 1000-game match that ends 580:420. Rated once at the end under
the 1970 rules, the winner gains 10 × (580 − 500) = +800 and the loser loses as much: 2800 and
1200. Rated after every game, with the table's expected score and K 10, the two ratings
settle about 60 points apart — the gap the 58% row of Table 1 (differences 54–61) stands for.
"""

from __future__ import annotations

from elo_xl.engine import expected, rate
from elo_xl.tables import expected_hundredths, p_high_rows

GAMES = 1000


def a_wins(i: int) -> bool:
    """Game i (0-based) is a win for A: 58% of the games, spread evenly, in exact integers."""
    return (58 * (i + 1)) // 100 > (58 * i) // 100


def test_match_has_580_wins():
    assert sum(a_wins(i) for i in range(GAMES)) == 580


def test_rated_once_at_the_end_gives_2800_and_1200():
    wins = [1 if a_wins(i) else 0 for i in range(GAMES)]
    winner = rate(2000, [2000] * GAMES, wins, rules="ELO-1970")
    loser = rate(2000, [2000] * GAMES, [1 - w for w in wins], rules="ELO-1970")
    assert (winner.games, winner.score, winner.expected, winner.k) == (1000, 580, 500, 10)
    assert (loser.games, loser.score, loser.expected, loser.k) == (1000, 420, 500, 10)
    assert (winner.change, winner.new_rating) == (800, 2800)
    assert (loser.change, loser.new_rating) == (-800, 1200)


def test_rated_game_by_game_settles_near_60_points():
    a = b = 2000
    gaps = []
    for i in range(GAMES):
        w = 1 if a_wins(i) else 0
        ea, eb = expected(a, b, "ELO-1970"), expected(b, a, "ELO-1970")
        a, b = a + 10 * (w - ea), b + 10 * ((1 - w) - eb)
        gaps.append(a - b)
    last = gaps[-400:]
    mean_gap = sum(last) / len(last)
    assert 50 <= mean_gap <= 70
    # Points only move from one player to the other.
    assert abs((a + b) - 4000) < 1e-6


def test_58_percent_row_covers_54_to_61():
    assert (54, 61, 58, 42) in p_high_rows()
    assert [d for d in range(0, 800) if expected_hundredths(d) == 58] == list(range(54, 62))
