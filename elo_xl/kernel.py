"""The arithmetic of FIDE's table rule sets, vectorised: identical to the engine's, game for game.

Rating periods (:mod:`elo_xl.period.run`) rate a month of games with it, and the engine's
whole-event path (:func:`elo_xl.engine.rate_event` on grids of numbers) sums its expected
scores with :func:`expected_per_game`: one table, one cap, one rounding.

Games arrive as three arrays, one entry per player and game (a game between two players is
two entries, one from each side): the index of the player, his rating and his opponent's
rating on the list used, and his result in halves of a point (0, 1, 2). Everything stays in
integers: the expected score of a game is read from a direct-index table of table 8.1.2 in
hundredths (index = capped difference + saturation), the sums per player are integer sums,
and the change K × Σ(W − PD) is rounded once, .5 away from zero, in integer arithmetic — the
arithmetic of :meth:`elo_xl.rules.FideRules.change`, so the results equal
:func:`elo_xl.engine.rate` for every player.

>>> import numpy as np
>>> params = KernelParams.of("FIDE")
>>> sums = side_sums(np.array([0, 0, 0]), np.array([2500, 2500, 2500]), np.array([2400, 2400, 2400]),
...                  np.array([2, 1, 0]), 1, params)
>>> sums.games.tolist(), sums.delta.tolist()
([3], [-42])
>>> k_used, change = changes(np.array([10]), sums, params)
>>> k_used.tolist(), change.tolist()        # 10 × (1.5 − 1.92) = −4.2 → −4
([10], [-4])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .errors import EloError
from .rules import FideRules, parse_rules
from .tables import SATURATION, expected_hundredths


def expected_table() -> np.ndarray:
    """Table 8.1.2 as a direct index: entry ``d + SATURATION`` = expected hundredths for difference ``d``.

    >>> t = expected_table(); int(t[SATURATION + 100]), int(t[SATURATION - 100]), len(t)
    (64, 36, 1473)
    """
    return np.array([expected_hundredths(d) for d in range(-SATURATION, SATURATION + 1)], dtype=np.int64)


_TABLE = expected_table()


@dataclass(frozen=True)
class KernelParams:
    """The numbers of a table rule set the kernel needs, read from the rule-set object.

    ``cap`` the 400-point rule, ``cap_exempt_from`` the rating from which the real difference
    is used (None: nobody), ``k_times_n`` the K×n limit of a period; ``gap``/``gap_above``: a
    game between players ``gap`` or more points apart is not rated when one of them is rated
    above ``gap_above`` (rapid and blitz since 1 Dec 2024), None when the rule set has no such rule.
    """

    cap: int
    cap_exempt_from: int | None
    k_times_n: int
    gap: int | None = None
    gap_above: int | None = None

    @classmethod
    def of(cls, rules: Any) -> "KernelParams":
        """The kernel's parameters of a FIDE-family rule set (an :class:`EloError` for the others).

        >>> KernelParams.of("FIDE-2024")
        KernelParams(cap=400, cap_exempt_from=None, k_times_n=700, gap=None, gap_above=None)
        """
        rs = parse_rules(rules)
        if not isinstance(rs, FideRules):
            raise EloError(f"rules: {rs.name} does not rate by table 8.1.2 per game; the period kernel serves FIDE's rule sets")
        return cls(rs.CAP, rs.cap_exempt_from, rs.K_TIMES_N, *gap_rule(rs))


def gap_rule(rs: Any) -> tuple[int | None, int | None]:
    """(gap, above) of the rapid/blitz rule "not rated when 600+ apart and one is above 2600"
    (the rule set's ``GAP_FROM`` and ``GAP_ABOVE``); (None, None) when the rule set has no such rule.

    >>> gap_rule(parse_rules("FIDE")), gap_rule(parse_rules("FIDE-RAPID"))
    ((None, None), (600, 2600))
    """
    return rs.GAP_FROM, rs.GAP_ABOVE


def rated_mask(own: np.ndarray, opp: np.ndarray, params: KernelParams) -> np.ndarray:
    """Which entries are rated: both players rated (rating > 0), and not excluded by the gap rule.

    >>> rated_mask(np.array([2500, 0, 2500]), np.array([2400, 2400, 0]), KernelParams.of("FIDE")).tolist()
    [True, False, False]
    """
    mask = (own > 0) & (opp > 0)
    if params.gap is not None:
        mask &= ~((np.abs(own - opp) >= params.gap) & (np.maximum(own, opp) > params.gap_above))
    return mask


@dataclass
class Sums:
    """Per player (numpy int64 arrays): rated games, and Σ(W − PD) in hundredths of a point."""

    games: np.ndarray
    delta: np.ndarray

    def __add__(self, other: "Sums") -> "Sums":
        return Sums(self.games + other.games, self.delta + other.delta)


def _capped_index(d: np.ndarray, own: np.ndarray, params: KernelParams) -> np.ndarray:
    """Index into the table of each difference ``d`` after the 400-point rule as it applies to ``own``."""
    idx = np.clip(d, -params.cap, params.cap)
    if params.cap_exempt_from is not None:
        exempt = own >= params.cap_exempt_from
        if exempt.any():
            idx[exempt] = np.clip(d[exempt], -SATURATION, SATURATION)
    idx += SATURATION
    return idx


def expected_per_game(own: np.ndarray, opp: np.ndarray, params: KernelParams) -> np.ndarray:
    """PD of each game in hundredths for the player rated ``own``: the 400-point rule as it applies to
    him, then table 8.1.2.

    >>> expected_per_game(np.array([2700, 2100, 2500]), np.array([2100, 2700, 2400]), KernelParams.of("FIDE")).tolist()
    [98, 8, 64]
    """
    own = np.asarray(own, dtype=np.int64)
    return _TABLE[_capped_index(own - np.asarray(opp, dtype=np.int64), own, params)]


def side_sums(player: np.ndarray, own: np.ndarray, opp: np.ndarray, halves: np.ndarray, players: int,
              params: KernelParams) -> Sums:
    """Per-player sums over entries "player, his rating, his opponent's rating, his result in halves"
    (one entry per player and game; every entry must be a rated game).

    >>> s = side_sums(np.array([0, 0, 0]), np.array([2500] * 3), np.array([2400] * 3), np.array([2, 1, 0]), 1,
    ...               KernelParams.of("FIDE"))
    >>> s.games.tolist(), s.delta.tolist()           # 1½ − 1.92 = −0.42
    ([3], [-42])
    """
    pd = expected_per_game(own, opp, params)
    delta = 50 * np.asarray(halves, dtype=np.int64) - pd
    games = np.bincount(player, minlength=players).astype(np.int64)
    # float64 sums of small integers are exact far beyond any period (2**53)
    return Sums(games, np.bincount(player, weights=delta, minlength=players).astype(np.int64))


def game_sums(a: np.ndarray, b: np.ndarray, halves_a: np.ndarray, ratings: np.ndarray, players: int,
              params: KernelParams) -> Sums:
    """Per-player sums over games given once each: players ``a`` and ``b`` (indices into ``ratings``),
    ``a`` scoring ``halves_a`` halves and ``b`` the rest of the point. Every game must be rated.

    >>> s = game_sums(np.array([0]), np.array([1]), np.array([2]), np.array([2500, 2400]), 2, KernelParams.of("FIDE"))
    >>> s.games.tolist(), s.delta.tolist()           # +0.36 and −0.36
    ([1, 1], [36, -36])
    """
    ra, rb = ratings[a].astype(np.int64), ratings[b].astype(np.int64)
    d = ra - rb
    pa = _TABLE[_capped_index(d, ra, params)]
    np.negative(d, out=d)
    pb = _TABLE[_capped_index(d, rb, params)]
    h = 50 * np.asarray(halves_a, dtype=np.int64)
    delta_a = h - pa
    delta_b = 100 - h - pb
    games = np.bincount(a, minlength=players) + np.bincount(b, minlength=players)
    delta = np.bincount(a, weights=delta_a, minlength=players) + np.bincount(b, weights=delta_b, minlength=players)
    return Sums(games.astype(np.int64), delta.astype(np.int64))


def changes(k: np.ndarray, sums: Sums, params: KernelParams) -> tuple[np.ndarray, np.ndarray]:
    """(K used, change) per player: K cut to the largest whole number with K×n within the limit,
    then K × Σ(W − PD) rounded once, .5 away from zero (``k`` whole numbers).

    >>> s = Sums(np.array([39, 2]), np.array([50, -50]))
    >>> [a.tolist() for a in changes(np.array([20, 20]), s, KernelParams.of("FIDE"))]   # 17 × 0.5 = 8.5 → 9
    [[17, 20], [9, -10]]
    """
    k = np.asarray(k, dtype=np.int64)
    n = sums.games
    over = k * n > params.k_times_n
    k_used = np.where(over, params.k_times_n // np.maximum(n, 1), k)
    num = k_used * sums.delta  # hundredths of a point
    mag = (2 * np.abs(num) + 100) // 200
    return k_used, np.where(num < 0, -mag, mag)


def rate_games(ratings: np.ndarray, k: np.ndarray, a: np.ndarray, b: np.ndarray, halves_a: np.ndarray,
               rules: Any = "FIDE") -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A whole period in one call: (games, K used, change) per player, for games given once each.

    >>> [x.tolist() for x in rate_games(np.array([2500, 2400]), np.array([10, 10]), np.array([0]), np.array([1]), np.array([2]))]
    [[1, 1], [10, 10], [4, -4]]
    """
    params = KernelParams.of(rules)
    sums = game_sums(a, b, halves_a, ratings, len(ratings), params)
    k_used, change = changes(k, sums, params)
    return sums.games, k_used, change
