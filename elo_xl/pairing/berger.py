"""FIDE's Berger tables (Handbook C.05, Annex 1): in which round, and with which colours, two
start numbers of a round robin meet.
"""

from __future__ import annotations

__all__ = ["berger_round", "berger_pairing", "cycle_length", "schedule_pairing", "schedule_round"]


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


def berger_pairing(n: int, round_: int) -> list[tuple[int, int]]:
    """Round ``round_`` of FIDE's Berger tables for ``n`` players as (white, black) pairs in
    the tables' board order; an odd ``n``'s bye (the board of the dummy ``n + 1``) as
    ``(player, 0)`` at the end. Rounds after the first cycle (a double round robin) repeat the
    cycle with the colours reversed.

    The tables' board 1 is the game of the last number; board ``k`` pairs the numbers
    ``k − 1`` places after and before that game's other player, counted round the cycle
    1…n−1. Six players, rounds 1 and 2 (C.05 Annex 1):

    >>> berger_pairing(6, 1), berger_pairing(6, 2)
    ([(1, 6), (2, 5), (3, 4)], [(6, 4), (5, 3), (1, 2)])
    >>> berger_pairing(5, 1), berger_pairing(4, 4)
    ([(2, 5), (3, 4), (1, 0)], [(4, 1), (3, 2)])
    """
    if n < 2:
        raise ValueError(f"a round robin needs 2 players or more, not {n}")
    last = n + n % 2
    m = last - 1
    if round_ < 1:
        raise ValueError(f"rounds are counted from 1, not {round_}")
    cycle, r = divmod(round_ - 1, m)
    r += 1
    # the last number's opponent: 2p − 2 ≡ r − 1 (mod m)
    other = next(p for p in range(1, last) if (2 * p - 2) % m == r - 1)
    pairs = [(other, last)]
    for k in range(2, last // 2 + 1):
        a = (other - 1 + k - 1) % m + 1
        b = (other - 1 - (k - 1)) % m + 1
        pairs.append((a, b))
    out, bye = [], None
    for a, b in pairs:
        if last > n and last in (a, b):
            bye = a if b == last else b
            continue
        ro, a_white = berger_round(a, b, n)
        assert ro == r, (a, b, r, ro)
        white, black = (a, b) if a_white else (b, a)
        if cycle % 2:
            white, black = black, white
        out.append((white, black))
    if bye is not None:
        out.append((bye, 0))
    return out


def cycle_length(n: int) -> int:
    """The rounds of one cycle of ``n`` players (an odd field plays one more: each has a bye).

    >>> cycle_length(6), cycle_length(7)
    (5, 7)
    """
    return n - 1 + n % 2


def _table_round(n: int, round_: int, reverse: bool) -> int:
    """The round of the tables played in the event's round ``round_``: with ``reverse`` (a double
    round robin, C.05 Annex 1's advice), the last two rounds of the first cycle change places."""
    m = cycle_length(n)
    if reverse and m >= 2 and round_ in (m - 1, m):
        return 2 * m - 1 - round_
    return round_


def schedule_pairing(n: int, round_: int, *, double: bool = False, reverse: bool = False) -> list[tuple[int, int]]:
    """Round ``round_`` of a single or double round robin of ``n`` players, as
    :func:`berger_pairing` gives it (White first, the bye last as ``(player, 0)``). A double
    round robin plays the tables twice, the second cycle with the colours reversed; with
    ``reverse`` the last two rounds of the first cycle are played in the other order, so that
    nobody has the same colour three times running over the change of cycle (C.05 Annex 1).

    >>> schedule_pairing(4, 2, double=True, reverse=True), schedule_pairing(4, 3, double=True, reverse=True)
    ([(2, 4), (3, 1)], [(4, 3), (1, 2)])
    >>> schedule_pairing(4, 4, double=True)
    [(4, 1), (3, 2)]
    >>> schedule_pairing(4, 7, double=True)
    Traceback (most recent call last):
    ...
    ValueError: a double round robin of 4 players has 6 rounds, not 7
    """
    m = cycle_length(n)
    last = 2 * m if double else m
    if not 1 <= round_ <= last:
        kind = "double round robin" if double else "round robin"
        raise ValueError(f"a {kind} of {n} players has {last} rounds, not {round_}")
    return berger_pairing(n, _table_round(n, round_, reverse and double))


def schedule_round(i: int, j: int, n: int, cycle: int = 1, *, reverse: bool = False) -> tuple[int, bool]:
    """The event's round in which start numbers ``i`` and ``j`` meet in cycle ``cycle`` (1 or 2)
    of a round robin of ``n`` players, and whether ``i`` has white (:func:`schedule_pairing`).

    >>> schedule_round(1, 3, 4), schedule_round(1, 3, 4, 2), schedule_round(1, 3, 4, reverse=True)
    ((3, False), (6, True), (2, False))
    """
    m = cycle_length(n)
    r, white = berger_round(i, j, n)
    if cycle == 2:
        return m + r, not white
    return _table_round(n, r, reverse), white


#: The TRF-2026 ``192`` codes of a round robin's schedule: (double, reversed) → code. FIDE's
#: double round robin reverses the first cycle's last two rounds (C.05 Annex 1's advice);
#: ``BERGER_DOUBLEROUNDROBIN`` plays the tables as they stand (gacrux reads both).
SYSTEMS = {(False, False): "FIDE_ROUNDROBIN", (True, True): "FIDE_DOUBLEROUNDROBIN",
           (True, False): "BERGER_DOUBLEROUNDROBIN"}


def system_of(code: str | None) -> tuple[bool, bool] | None:
    """(double, reversed) of a TRF-2026 ``192`` round-robin code, None for any other text.

    >>> system_of("FIDE_DOUBLEROUNDROBIN"), system_of("berger_roundrobin"), system_of("FIDE_DUTCH")
    ((True, True), (False, False), None)
    """
    text = (code or "").strip().upper()
    if text in ("FIDE_ROUNDROBIN", "BERGER_ROUNDROBIN"):
        return False, False
    return next((key for key, value in SYSTEMS.items() if value == text and key[0]), None)
