"""Rule sets: how each rating system computes, caps, picks K and rounds.

A rule set is a small object holding its parameters; :func:`parse_rules` turns the text a
user types into a cell (``"fide"``, ``"USSR-1977"``, ``"LOGISTIC 480"``) into one. Adding a
federation's own rules means writing one more object here; nothing else branches on names.

Three families:

* :class:`FideRules` — ``FIDE`` (since 1 Oct 2025) and ``FIDE-2024``: table 8.1.2 per game,
  the 400-point rule, K×Σ(W−PD) rounded once, .5 away from zero; K×n ≤ 700; games against
  unrated opponents are not rated; an unrated player gets an initial rating.
* :class:`KvantRules` — ``ELO-1970`` and ``USSR-1977`` as E. Gik's Kvant article describes
  them: one average of the player's opponents, h from Table 1, N_exp rounded (to 0.5 or
  0.1), change = k·(N − N_exp). Unrated players count as 2200.
* :class:`LogisticRules` — the encyclopedia formula 1/(1+10^(−D/scale)), K default 20,
  unrated players count as 1500.

>>> parse_rules("fide").expected(2500, 2400)
0.64
>>> parse_rules("ELO-1970").change(2400, [2300, 2500], 3)   # 1½/2 against an average of 2400
Change(expected=1, unrounded=5, rounded=5, k=10)
>>> parse_rules("LOGISTIC").expected(1613, 1609)
0.50575...
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Callable, ClassVar, Sequence

from .errors import EloError
from .results import to_number as to_number_or_none
from .rounding import (
    decimal_half_up,
    exact,
    float_half_away,
    float_half_up,
    half_away,
    half_down,
    half_up,
    to_number,
)
from .tables import P_TO_DP, expected_hundredths

RULE_NAMES = ("FIDE", "FIDE-2024", "ELO-1970", "USSR-1977", "LOGISTIC")
RULES_HELP = 'use FIDE, FIDE-2024, ELO-1970, USSR-1977 or LOGISTIC (with a scale: "LOGISTIC 480")'


@dataclass(frozen=True, slots=True)
class Change:
    """The result of rating one player's games: what the rule set's calculation shows.

    ``expected`` is the expected score as the rule set states it (ΣPD; N_exp after its
    rounding; ΣE), ``unrounded`` the change before the final rounding, ``rounded`` the
    change applied, ``k`` the K factor actually used.
    """

    expected: int | float
    unrounded: int | float
    rounded: int | float
    k: int | float


def _round_mean(total: int | float | Fraction, n: int, rounding: Callable[[int, int], int]) -> int:
    """``total / n`` rounded by ``rounding`` (an exact integer quotient rounding)."""
    if isinstance(total, int):
        return rounding(total, n)
    f = exact(total) if isinstance(total, float) else total
    return rounding(f.numerator, f.denominator * n)


def _exact_sum(values: Sequence[int | float]) -> int | Fraction:
    """The exact sum of ratings (ints stay ints; a fractional rating switches to Fraction)."""
    if all(v.__class__ is int for v in values):
        return sum(values)
    return sum(map(exact, values))


def _times_k(k: int | float, units: int, unit: int) -> tuple[int | float, int | float]:
    """``k × units / unit`` exactly: (unrounded value, rounded .5 away from zero)."""
    if k.__class__ is int:
        raw = k * units
        return to_number(Fraction(raw, unit)), half_away(raw, unit)
    raw = exact(k) * units
    return to_number(raw / unit), half_away(raw.numerator, raw.denominator * unit)


class RuleSet:
    """The common face of every rule set. Subclasses fill in the arithmetic."""

    #: Name as the user types it (upper case), e.g. ``"FIDE-2024"``.
    name: str
    #: Rating an unrated player or opponent counts as; None = games with them are not rated.
    unrated_as: ClassVar[int | None] = None
    #: How an average of ratings is rounded: :func:`half_up` or :func:`half_down`.
    average_rounding: ClassVar[Callable[[int, int], int]] = staticmethod(half_up)
    #: Whether an event's average rating counts unrated players (as :attr:`unrated_as`).
    event_average_counts_unrated: ClassVar[bool] = False

    def __repr__(self) -> str:
        return f"parse_rules({self.name!r})"

    # --- one game ---------------------------------------------------------------------
    def expected(self, rating: int | float | None, opponent: int | float | None) -> float | None:
        """Expected score of ``rating`` against ``opponent`` in one game (None: not rated)."""
        raise NotImplementedError

    def table_h(self, delta: int | float) -> int | float:
        """The percentage expected for a rating difference ``delta`` (no cap)."""
        return expected_hundredths(delta)

    def dp(self, p: int | float | Fraction) -> int | float:
        """Rating difference for a fractional score ``p`` (table 8.1.1, p to two decimals)."""
        hundredths = decimal_half_up(p, 2) * 100
        return P_TO_DP[int(hundredths)]

    # --- K --------------------------------------------------------------------------------
    def default_k(self, rating: int | float) -> int:
        """K used when none is given."""
        raise NotImplementedError

    def effective_k(self, k: int | float, games: int) -> int | float:
        """K after any limit that depends on the number of games (FIDE: K×n ≤ 700)."""
        return k

    # --- a whole calculation ------------------------------------------------------------
    def average(self, ratings: Sequence[int | float]) -> int | None:
        """Average of ratings, rounded as this rule set rounds averages; None when empty."""
        if not ratings:
            return None
        return _round_mean(_exact_sum(ratings), len(ratings), self.average_rounding)

    def change(self, rating: int | float, opponents: Sequence[int | float], halves: int,
               k: int | float | None = None) -> Change:
        """Rate ``halves``/2 points against these (counted) opponents; ``k`` None = default."""
        raise NotImplementedError

    def performance(self, opponents: Sequence[int | float], halves: int, average: int | None = None) -> int | None:
        """Ra + dp for ``halves``/2 points against these (counted) opponents (``average``: their
        :meth:`average` when the caller has it already)."""
        n = len(opponents)
        if not n:
            return None
        ra = self.average(opponents) if average is None else average
        return ra + P_TO_DP[half_up(100 * halves, 2 * n)]

    def initial(self, opponents: Sequence[int | float], halves: int) -> tuple[int | float | None, str | None]:
        """Rating of an unrated player after these games: (rating, None) or (None, why not)."""
        start = self.unrated_as
        assert start is not None
        return start + self.change(start, opponents, halves).rounded, None


class FideRules(RuleSet):
    """FIDE's standard rules: ``FIDE`` (2650 exception to the 400-point rule) or ``FIDE-2024``.

    >>> fide = parse_rules("FIDE")
    >>> fide.change(2500, [2400], 2, 10)
    Change(expected=0.64, unrounded=3.6, rounded=4, k=10)
    >>> fide.expected(2700, 2100), parse_rules("FIDE-2024").expected(2700, 2100)
    (0.98, 0.92)
    >>> fide.effective_k(40, 39)
    17
    """

    CAP: ClassVar[int] = 400
    K_TIMES_N: ClassVar[int] = 700

    def __init__(self, name: str, cap_exempt_from: int | None):
        self.name = name
        #: Players rated this much or more use the real difference (None: nobody does).
        self.cap_exempt_from = cap_exempt_from

    def capped(self, rating: int | float, diff: int | float) -> int | float:
        """The difference ``rating − opponent`` after the 400-point rule, as it applies to ``rating``.

        >>> parse_rules("FIDE").capped(2660, 450), parse_rules("FIDE").capped(2400, -450)
        (450, -400)
        """
        exempt = self.cap_exempt_from
        if exempt is not None and rating >= exempt:
            return diff
        if diff > 400:
            return 400
        if diff < -400:
            return -400
        return diff

    def expected(self, rating, opponent):
        if rating is None or opponent is None:
            return None
        return expected_hundredths(self.capped(rating, rating - opponent)) / 100

    def default_k(self, rating):
        return 10 if rating >= 2400 else 20

    def effective_k(self, k, games):
        if games and k * games > self.K_TIMES_N:
            return self.K_TIMES_N // games
        return k

    def expected_hundredths(self, rating: int | float, opponents: Sequence[int | float]) -> int:
        """ΣPD in hundredths against these opponents (the cap applied as it applies to ``rating``)."""
        exempt = self.cap_exempt_from
        if exempt is not None and rating >= exempt:
            return sum(expected_hundredths(rating - o) for o in opponents)
        total = 0
        for o in opponents:
            d = rating - o
            total += expected_hundredths(400 if d > 400 else -400 if d < -400 else d)
        return total

    def change(self, rating, opponents, halves, k=None):
        n = len(opponents)
        k = self.effective_k(self.default_k(rating) if k is None else k, n)
        pd = self.expected_hundredths(rating, opponents)
        unrounded, rounded = _times_k(k, 50 * halves - pd, 100)
        return Change(pd / 100, unrounded, rounded, k)

    def initial(self, opponents, halves):
        """FIDE's 2024 method: two hypothetical 1800 draws, at least 5 games, 1400 ≤ … ≤ 2200.

        >>> parse_rules("FIDE").initial([2100] * 5, 10)
        (2200, None)
        >>> parse_rules("FIDE").initial([1500] * 5, 0)
        (None, 'no rating: a zero score is disregarded')
        """
        n = len(opponents)
        if n < 5:
            return None, f"no rating: {n} rated game{'s' if n != 1 else ''} against rated opponents, 5 needed"
        if halves == 0:
            return None, "no rating: a zero score is disregarded"
        total = _exact_sum(opponents) + 3600
        dp = P_TO_DP[half_up(100 * (halves + 2), 2 * (n + 2))]
        ru = _round_mean(total + dp * (n + 2), n + 2, half_up)
        ru = min(ru, 2200)
        if ru < 1400:
            return None, f"no rating: {ru} is below 1400, the lowest published rating"
        return ru, None


class KvantRules(RuleSet):
    """Elo's 1970 FIDE method (``ELO-1970``) and the USSR 1977 variant (``USSR-1977``).

    >>> elo = parse_rules("ELO-1970")
    >>> elo.average([2377, 2378])            # 2377.5 rounds down, as the article does
    2377
    >>> elo.change(2400, [2300] * 9, 11)     # h 64 → N_exp 5.76 → 6.0; +10 × (5.5 − 6)
    Change(expected=6, unrounded=-5, rounded=-5, k=10)
    >>> parse_rules("USSR-1977").change(2400, [2300] * 9, 11).expected
    5.8
    """

    unrated_as = 2200
    average_rounding = staticmethod(half_down)
    event_average_counts_unrated = True

    def __init__(self, name: str, step_tenths: int):
        self.name = name
        #: N_exp is rounded to this many tenths of a point (5 = 0.5 under FIDE 1970, 1 = 0.1).
        self.step_tenths = step_tenths

    def expected(self, rating, opponent):
        r = self.unrated_as if rating is None else rating
        o = self.unrated_as if opponent is None else opponent
        return expected_hundredths(r - o) / 100

    def default_k(self, rating):
        return 10

    def expected_tenths(self, rating: int | float, opponents: Sequence[int | float]) -> int:
        """N_exp in tenths of a point: h of (rating − average), × m, rounded (ties down)."""
        m = len(opponents)
        h = expected_hundredths(rating - self.average(opponents))
        step = self.step_tenths
        return step * half_down(h * m, 10 * step)

    def change(self, rating, opponents, halves, k=None):
        k = self.default_k(rating) if k is None else k
        n_exp = self.expected_tenths(rating, opponents) if opponents else 0
        value = to_number(exact(k) * (5 * halves - n_exp) / 10)
        return Change(to_number(Fraction(n_exp, 10)), value, value, k)


class LogisticRules(RuleSet):
    """The logistic formula of the encyclopedia articles, ``LOGISTIC`` or ``LOGISTIC 480``.

    >>> log = parse_rules("LOGISTIC")
    >>> log.change(1613, [1609, 1477, 1388, 1586, 1720], 5, 32).rounded
    -12
    """

    unrated_as = 1500

    def __init__(self, scale: int | float = 400):
        self.scale = scale
        self.name = "LOGISTIC" if scale == 400 else f"LOGISTIC {scale}"

    def expected(self, rating, opponent):
        r = self.unrated_as if rating is None else rating
        o = self.unrated_as if opponent is None else opponent
        return 1.0 / (1.0 + 10.0 ** ((o - r) / self.scale))

    def table_h(self, delta):
        return 100.0 / (1.0 + 10.0 ** (-delta / self.scale))

    def dp(self, p):
        p = float(p)
        if p <= 0:
            return -800
        if p >= 1:
            return 800
        value = -self.scale * math.log10(1.0 / p - 1.0)
        return max(-800.0, min(800.0, value))

    def default_k(self, rating):
        return 20

    def change(self, rating, opponents, halves, k=None):
        k = self.default_k(rating) if k is None else k
        scale = self.scale
        # fsum: the correctly rounded sum, so the order the games are listed in cannot matter
        expected = math.fsum(1.0 / (1.0 + 10.0 ** ((o - rating) / scale)) for o in opponents)
        unrounded = k * (halves / 2 - expected)
        return Change(expected, unrounded, float_half_away(unrounded), k)

    def performance(self, opponents, halves, average=None):
        n = len(opponents)
        if not n:
            return None
        ra = self.average(opponents) if average is None else average
        return float_half_up(ra + self.dp(Fraction(halves, 2 * n)))


FIDE = FideRules("FIDE", cap_exempt_from=2650)
FIDE_2024 = FideRules("FIDE-2024", cap_exempt_from=None)
ELO_1970 = KvantRules("ELO-1970", step_tenths=5)
USSR_1977 = KvantRules("USSR-1977", step_tenths=1)
LOGISTIC = LogisticRules(400)

_BY_NAME: dict[str, RuleSet] = {
    "FIDE": FIDE, "FIDE2025": FIDE,
    "FIDE2024": FIDE_2024,
    "ELO1970": ELO_1970, "ELO": ELO_1970, "FIDE1970": ELO_1970,
    "USSR1977": USSR_1977, "USSR": USSR_1977,
    "LOGISTIC": LOGISTIC,
}


@lru_cache(maxsize=64)
def _parse_text(text: str) -> RuleSet:
    words = text.strip().upper()
    key = "".join(ch for ch in words if ch.isalnum())
    if key in _BY_NAME:
        return _BY_NAME[key]
    if words.startswith("LOGISTIC"):
        rest = words[len("LOGISTIC"):].strip().lstrip(":=").strip()
        scale = to_number_or_none(rest)
        if scale is not None and 0 < scale <= 10000:
            return LogisticRules(scale)
        raise EloError.at("rules", None, text, "has no valid scale; write LOGISTIC followed by a number above 0, e.g. LOGISTIC 480")
    raise EloError.at("rules", None, text, "is not a rule set; " + RULES_HELP)


def parse_rules(rules: "str | RuleSet | None" = None) -> RuleSet:
    """The rule set a user names; blank means FIDE. Case and spaces do not matter.

    >>> parse_rules(None).name, parse_rules(" fide 2024 ").name, parse_rules("logistic 480").name
    ('FIDE', 'FIDE-2024', 'LOGISTIC 480')
    >>> parse_rules("FIDEE")
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: rules: "FIDEE" is not a rule set; use FIDE, FIDE-2024, ELO-1970, USSR-1977 or LOGISTIC (with a scale: "LOGISTIC 480")
    """
    if isinstance(rules, RuleSet):
        return rules
    if rules is None or (isinstance(rules, str) and not rules.strip()):
        return FIDE
    if not isinstance(rules, str):
        raise EloError.at("rules", None, rules, "is not a rule set; " + RULES_HELP)
    return _parse_text(rules)
