"""FIDE's Berger tables (Handbook C.05, Annex 1): in which round, and with which colours, two
start numbers of a round robin meet.
"""

from __future__ import annotations

__all__ = ["berger_round"]


def berger_round(i: int, j: int, n: int) -> tuple[int, bool]:
    """The round (from 1) in which start numbers ``i`` and ``j`` meet in FIDE's Berger tables
    for ``n`` players (an odd ``n`` plays with a dummy ``n + 1``), and whether ``i`` has white.

    The tables (FIDE Handbook C.05, Annex 1) pair ``i`` and ``j`` below the last number in the
    round ``r`` with ``i + j − 2 ≡ r − 1 (mod m)``, ``m`` the number of rounds, the lower
    number white when ``i + j`` is odd; the last number meets ``i`` where ``2i − 2 ≡ r − 1``
    and has white in the even rounds. Six players, round 1: 1–6, 2–5, 3–4; round 2: 6–4,
    5–3, 1–2:

    >>> berger_round(1, 6, 6), berger_round(2, 5, 6), berger_round(6, 4, 6), berger_round(5, 3, 6)
    ((1, True), (1, True), (2, True), (2, True))
    >>> berger_round(1, 3, 4), berger_round(3, 1, 4)
    ((3, False), (3, True))
    """
    last = n + n % 2
    m = last - 1
    if j == last or i == last:
        other = i if j == last else j
        r = (2 * other - 2) % m + 1
        last_white = r % 2 == 0
        return r, (i == last) == last_white
    r = (i + j - 2) % m + 1
    low_white = (i + j) % 2 == 1
    return r, (i < j) == low_white
