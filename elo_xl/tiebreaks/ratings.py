"""Tie-breaks of ratings (C.07 article 10): ARO, TPR, PTP, APRO, APPO, and RTNG (2026).

They read games over the board against rated opponents only (a forfeit is never a game
here, in a round robin neither); averages are rounded to a whole number, 0.5 up (10.1). The
rating difference of TPR is FIDE's table 8.1.1 for the fraction scored (rounded to hundredths,
0.5 up); the expected scores of PTP are table 8.1.2, without the 400-point rule.
A player without such a game has 0.

>>> from .event import from_rounds
>>> from .unplayed import prepare
>>> from .codes import parse_code
>>> event = from_rounds([["1", "=", None], ["0", None, "1"], [None, "=", "0"]], [[2, 3, None], [1, None, 3], [None, 1, 2]],
...                     ratings=[2000, 1900, 1801])
>>> p = prepare(event, "2024")
>>> average_rating(p, parse_code("ARO")), performance(p, parse_code("TPR")), perfect_performance(p, parse_code("PTP"))
([Fraction(1851, 1), Fraction(1901, 1), Fraction(1950, 1)], [Fraction(2044, 1), Fraction(1901, 1), Fraction(1757, 1)], [Fraction(2046, 1), Fraction(1900, 1), Fraction(1755, 1)])
"""

from __future__ import annotations

from fractions import Fraction

from ..rounding import half_up
from ..tables import P_TO_DP, expected_hundredths
from .codes import Tiebreak
from .unplayed import GAME, Prepared, trimmed


def _rated_games(p: Prepared, i: int) -> list[tuple[int, int]]:
    """(opponent's rating, own points in units) of the games over the board against rated opponents."""
    out = []
    for r in range(p.rounds):
        if p.kind[i][r] == GAME and p.code[i][r] is not None:
            rating = p.ratings[p.opp[i][r]]
            if rating is not None:
                out.append((rating, p.points[i][r]))
    return out


def _aro(p: Prepared, i: int, t: Tiebreak | None = None) -> int | None:
    ratings = [(rating, False) for rating, _ in _rated_games(p, i)]
    kept = trimmed(ratings, t.cut, t.median) if t is not None else [r for r, _ in ratings]
    return half_up(sum(kept), len(kept)) if kept else None


def average_rating(p: Prepared, t: Tiebreak) -> list[Fraction]:
    """ARO (C.07 10.1): the average rating of the opponents; ``/C1``, ``/C2`` cut the lowest
    one or two ratings, ``/M1``, ``/M2`` the lowest and highest (14)."""
    return [Fraction(_aro(p, i, t) or 0) for i in range(p.players)]


def _tpr(p: Prepared, i: int) -> int | None:
    games = _rated_games(p, i)
    if not games:
        return None
    scored = sum(x for _, x in games)
    hundredths = half_up(100 * scored, p.win * len(games))  # the fraction scored, 0.5 up
    return _aro(p, i) + P_TO_DP[min(max(hundredths, 0), 100)]


def performance(p: Prepared, t: Tiebreak) -> list[Fraction]:
    """TPR (C.07 10.2): ARO plus the rating difference of table 8.1.1 for the fraction scored."""
    return [Fraction(_tpr(p, i) or 0) for i in range(p.players)]


def _ptp(p: Prepared, i: int) -> int | None:
    games = _rated_games(p, i)
    if not games:
        return None
    ratings = [r for r, _ in games]
    scored = sum(x for _, x in games)  # units; expected in hundredths of a win
    if scored == 0:
        return min(ratings) - 800
    target = 100 * scored

    def reaches(rating: int) -> bool:
        return sum(expected_hundredths(rating - r) for r in ratings) * p.win >= target

    low, high = min(ratings) - 800, max(ratings) + 800
    while low < high:  # the lowest rating whose expected score reaches the score
        mid = (low + high) // 2
        if reaches(mid):
            high = mid
        else:
            low = mid + 1
    return low


def perfect_performance(p: Prepared, t: Tiebreak) -> list[Fraction]:
    """PTP (C.07 10.3): the lowest rating whose expected score (table 8.1.2, in exact
    hundredths) against the opponents reaches the score; 0 points: the lowest opponent's
    rating − 800 (every rating reaches 0). All points: the highest's + 736, where the table
    reaches 1.00."""
    return [Fraction(_ptp(p, i) or 0) for i in range(p.players)]


def _average_of(p: Prepared, per_player: list[int | None]) -> list[Fraction]:
    out = []
    for i in range(p.players):
        values = [per_player[p.opp[i][r]] for r in range(p.rounds)
                  if p.kind[i][r] == GAME and p.code[i][r] is not None and per_player[p.opp[i][r]] is not None]
        out.append(Fraction(half_up(sum(values), len(values)) if values else 0))
    return out


def opponents_performance(p: Prepared, t: Tiebreak) -> list[Fraction]:
    """APRO (C.07 10.4): the average of the opponents' TPR."""
    return _average_of(p, [_tpr(p, i) for i in range(p.players)])


def opponents_perfect_performance(p: Prepared, t: Tiebreak) -> list[Fraction]:
    """APPO (C.07 10.5): the average of the opponents' PTP."""
    return _average_of(p, [_ptp(p, i) for i in range(p.players)])


def rating(p: Prepared, t: Tiebreak) -> list[Fraction]:
    """RTNG (C.07 10.6, 2026): the participant's own rating; unrated 0."""
    return [Fraction(r or 0) for r in p.ratings]
