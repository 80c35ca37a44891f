"""Rule sets: how each rating system computes, caps, picks K and rounds.

A rule set is a small object holding its parameters; :func:`parse_rules` turns the text a
user types into a cell (``"fide"``, ``"USSR-1977"``, ``"LOGISTIC 480"``) into one. Adding a
federation's own rules means writing one more object here; nothing else branches on names.

Three families:

* :class:`FideRules` — ``FIDE`` (since 1 Oct 2025) and ``FIDE-2024``: table 8.1.2 per game,
  the 400-point rule, K×Σ(W−PD) rounded once, .5 away from zero; K×n ≤ 700; games against
  unrated opponents are not rated; an unrated player gets an initial rating.
* :class:`FideRapidRules` — ``FIDE-RAPID`` and ``FIDE-BLITZ``: the standard K rules, the
  400-point cap for everyone, games 600+ apart not rated when a player is above 2600, and an
  unrated player with a standard rating rated with it.
* :class:`KvantRules` — ``ELO-1970`` and ``USSR-1977`` as E. Gik's Kvant article describes
  them: one average of the player's opponents, h from Table 1, N_exp rounded (to 0.5 or
  0.1), change = k·(N − N_exp). Unrated players count as 2200.
* :class:`LogisticRules` — the encyclopedia formula 1/(1+10^(−D/scale)), K default 20,
  unrated players count as 1500.

Every number and choice of every rule set lives in this one module, as attributes of these
objects (which is why it is longer than the house's ~500 lines): the engine computes with
them and the workbooks' formula vocabulary renders them (:func:`elo_xl.workbook.formulas.switches`).

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
    """The common face of every rule set: its numbers as attributes, the arithmetic as methods.

    Every number and choice of a rule set lives here, once, as an attribute (``None`` where
    the rule set has no such rule). The engine computes with them and the workbook formula
    vocabulary (:mod:`elo_xl.workbook.formulas`) writes them into the books' rule-set
    switches, so changing one attribute changes both renderings.
    """

    #: Name as the user types it (upper case), e.g. ``"FIDE-2024"``.
    name: str
    #: Rating an unrated player or opponent counts as; None = games with them are not rated
    #: and an unrated player gets an initial rating (see :attr:`uses_initial_ratings`).
    unrated_as: ClassVar[int | None] = None
    #: How an average of ratings is rounded: :func:`half_up` or :func:`half_down`.
    average_rounding: ClassVar[Callable[[int, int], int]] = staticmethod(half_up)
    #: Whether an event's average rating counts unrated players (as :attr:`unrated_as`).
    event_average_counts_unrated: ClassVar[bool] = False
    #: Whether the change is rounded to a whole number (.5 away from zero) before it is applied.
    ROUNDS_CHANGE: ClassVar[bool] = True
    #: How one game's expected score is found: ``"table"`` (table 8.1.2) or ``"logistic"``.
    CURVE: ClassVar[str] = "table"
    #: The logistic dp is held within ± this (None: dp comes from table 8.1.1).
    DP_LIMIT: ClassVar[int | None] = None

    # --- the 400-point rule and unrated pairs (FIDE rule sets) --------------------------------
    #: A rating difference above this counts as this much (None: no cap).
    CAP: ClassVar[int | None] = None
    #: Players rated this much or more use the real difference (None: nobody does).
    cap_exempt_from: int | None = None
    #: A game between players this many points apart or more is not rated ... (None: no such rule)
    GAP_FROM: ClassVar[int | None] = None
    #: ... when at least one of them is rated above this.
    GAP_ABOVE: ClassVar[int | None] = None

    # --- K --------------------------------------------------------------------------------
    #: K of everyone the other K rules do not name.
    K_OTHER: ClassVar[int] = 20
    #: K from a rating of :attr:`TOP_FROM` (or once it was reached); None: no such step.
    K_TOP: ClassVar[int | None] = None
    TOP_FROM: ClassVar[int | None] = None
    #: K of a player with fewer than :attr:`NEW_GAMES` games (None: no such rule).
    K_NEW: ClassVar[int | None] = None
    NEW_GAMES: ClassVar[int | None] = None
    #: K of a junior (at most :attr:`JUNIOR_AGE` in the event year) rated below :attr:`JUNIOR_BELOW`.
    K_JUNIOR: ClassVar[int | None] = None
    JUNIOR_AGE: ClassVar[int | None] = None
    JUNIOR_BELOW: ClassVar[int | None] = None
    #: K of an unrated player (None: the default K at :attr:`unrated_as`).
    K_UNRATED: ClassVar[int | None] = None
    #: K of an unrated player rated with his standard rating (rapid and blitz, B.02 §7.2.1; the
    #: regulations do not state it, implementations take 40). None: the rule set has no such rule.
    K_STANDARD_SEED: ClassVar[int | None] = None
    #: K × n may not exceed this for the n games of a calculation (None: no limit).
    K_TIMES_N: ClassVar[int | None] = None

    # --- initial ratings (rule sets with :attr:`uses_initial_ratings`) -------------------------
    #: Games against rated opponents an initial rating needs.
    INITIAL_GAMES: ClassVar[int | None] = None
    #: Hypothetical opponents of this rating, all drawn, added to the games ...
    INITIAL_ANCHOR: ClassVar[int | None] = None
    #: ... this many of them.
    INITIAL_ANCHORS: ClassVar[int | None] = None
    #: An initial rating is at most this.
    INITIAL_MAX: ClassVar[int | None] = None
    #: The lowest rating published (an initial rating below it is not published).
    RATING_FLOOR: ClassVar[int | None] = None
    #: An unrated player's results are pooled over at most this many consecutive months.
    POOL_MONTHS: ClassVar[int | None] = None

    # --- N_exp (rule sets that rate against the opponents' average) ------------------------------
    #: N_exp is rounded to this many tenths of a point (0: no N_exp; 5 = 0.5, 1 = 0.1).
    step_tenths: int = 0
    #: An event counts for rating when at least this share of its players is rated ...
    VALID_RATED_SHARE: ClassVar[tuple[int, int] | None] = None
    #: ... and its average rating (K_T) is at least this (None: every event counts).
    VALID_FROM: ClassVar[int | None] = None

    # --- tournament categories (FIDE's, shown under every rule set) -------------------------------
    #: Category 1 starts at this average rating ...
    CATEGORY_FROM: ClassVar[int] = 2251
    #: ... and each category spans this many points.
    CATEGORY_WIDTH: ClassVar[int] = 25

    def __repr__(self) -> str:
        return f"parse_rules({self.name!r})"

    @property
    def uses_initial_ratings(self) -> bool:
        """True when an unrated player gets an initial rating and games against unrated
        opponents are not rated (FIDE); False when unrated players count as :attr:`unrated_as`.

        >>> parse_rules("FIDE").uses_initial_ratings, parse_rules("ELO-1970").uses_initial_ratings
        (True, False)
        """
        return self.unrated_as is None

    @property
    def seeds_from_standard(self) -> bool:
        """True when an unrated player who has a standard rating is rated with it (rapid, blitz).

        >>> parse_rules("FIDE-BLITZ").seeds_from_standard, parse_rules("FIDE").seeds_from_standard
        (True, False)
        """
        return self.K_STANDARD_SEED is not None

    @property
    def rates_against_average(self) -> bool:
        """True for the Kvant rule sets: h of the difference to the opponents' average, N_exp."""
        return self.step_tenths > 0

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

    def rated_pair(self, rating: int | float, opponent: int | float) -> bool:
        """Whether a game between two rated players is rated (rapid and blitz: not when they
        are :attr:`GAP_FROM` or more apart and one is rated above :attr:`GAP_ABOVE`).

        >>> parse_rules("FIDE").rated_pair(2700, 2000), parse_rules("FIDE-RAPID").rated_pair(2700, 2100)
        (True, False)
        """
        gap = self.GAP_FROM
        if gap is None:
            return True
        return not (abs(rating - opponent) >= gap and max(rating, opponent) > self.GAP_ABOVE)

    # --- K --------------------------------------------------------------------------------
    def default_k(self, rating: int | float) -> int:
        """K used when none is given: :attr:`K_TOP` from :attr:`TOP_FROM`, else :attr:`K_OTHER`."""
        if self.TOP_FROM is not None and rating >= self.TOP_FROM:
            return self.K_TOP
        return self.K_OTHER

    def k_rule(self, rating: int | float | None, games: int | None = None, age: int | None = None,
               reached_top: bool = False) -> int:
        """K by the rule set's K rules, for what is known of the player (None: not known).

        >>> fide = parse_rules("FIDE")
        >>> fide.k_rule(None), fide.k_rule(2380, reached_top=True), fide.k_rule(2350, 12), fide.k_rule(2250, 50, 17)
        (40, 10, 40, 40)
        >>> parse_rules("ELO-1970").k_rule(None), parse_rules("LOGISTIC").k_rule(2500)
        (10, 20)
        """
        if rating is None:
            return self.K_UNRATED if self.K_UNRATED is not None else self.default_k(self.unrated_as)
        if self.TOP_FROM is not None and (reached_top or rating >= self.TOP_FROM):
            return self.K_TOP
        if self.NEW_GAMES is not None and games is not None and games < self.NEW_GAMES:
            return self.K_NEW
        if (self.JUNIOR_AGE is not None and age is not None and age <= self.JUNIOR_AGE
                and rating < self.JUNIOR_BELOW):
            return self.K_JUNIOR
        return self.K_OTHER

    def effective_k(self, k: int | float, games: int) -> int | float:
        """K after any limit that depends on the number of games (FIDE: K×n ≤ 700)."""
        limit = self.K_TIMES_N
        if limit is not None and games and k * games > limit:
            return limit // games
        return k

    # --- events ---------------------------------------------------------------------------
    def category(self, average: int | float) -> int:
        """Tournament category of an average rating: 0 below :attr:`CATEGORY_FROM`.

        >>> [parse_rules("FIDE").category(a) for a in (2250, 2251, 2275, 2276)]
        [0, 1, 1, 2]
        """
        if average < self.CATEGORY_FROM:
            return 0
        return math.floor((average - self.CATEGORY_FROM + self.CATEGORY_WIDTH) / self.CATEGORY_WIDTH)

    def event_counts(self, rated: int, players: int, average: int | float | None) -> bool:
        """Whether an event counts for rating (Kvant: 2/3 of the players rated and K_T ≥ 2250).

        >>> parse_rules("ELO-1970").event_counts(8, 12, 2250), parse_rules("ELO-1970").event_counts(7, 12, 2300)
        (True, False)
        """
        if self.VALID_FROM is None:
            return True
        part, whole = self.VALID_RATED_SHARE
        return whole * rated >= part * players and average is not None and average >= self.VALID_FROM

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
    """FIDE's rules: ``FIDE`` (2650 exception to the 400-point rule) or ``FIDE-2024``.

    >>> fide = parse_rules("FIDE")
    >>> fide.change(2500, [2400], 2, 10)
    Change(expected=0.64, unrounded=3.6, rounded=4, k=10)
    >>> fide.expected(2700, 2100), parse_rules("FIDE-2024").expected(2700, 2100)
    (0.98, 0.92)
    >>> fide.effective_k(40, 39)
    17
    """

    CAP = 400
    K_TIMES_N = 700
    K_OTHER = 20
    K_TOP, TOP_FROM = 10, 2400
    K_NEW, NEW_GAMES = 40, 30
    K_JUNIOR, JUNIOR_AGE, JUNIOR_BELOW = 40, 18, 2300
    K_UNRATED = 40
    INITIAL_GAMES = 5
    INITIAL_ANCHOR, INITIAL_ANCHORS = 1800, 2
    INITIAL_MAX = 2200
    RATING_FLOOR = 1400
    POOL_MONTHS = 26  # FIDE-PERIODS.md: results pooled over up to 26 months

    def __init__(self, name: str, cap_exempt_from: int | None):
        self.name = name
        self.cap_exempt_from = cap_exempt_from

    def capped(self, rating: int | float, diff: int | float) -> int | float:
        """The difference ``rating − opponent`` after the 400-point rule, as it applies to ``rating``.

        >>> parse_rules("FIDE").capped(2660, 450), parse_rules("FIDE").capped(2400, -450)
        (450, -400)
        """
        exempt = self.cap_exempt_from
        if exempt is not None and rating >= exempt:
            return diff
        cap = self.CAP
        if diff > cap:
            return cap
        if diff < -cap:
            return -cap
        return diff

    def expected(self, rating, opponent):
        if rating is None or opponent is None or not self.rated_pair(rating, opponent):
            return None
        return expected_hundredths(self.capped(rating, rating - opponent)) / 100

    def expected_hundredths(self, rating: int | float, opponents: Sequence[int | float]) -> int:
        """ΣPD in hundredths against these opponents (the cap applied as it applies to ``rating``)."""
        exempt = self.cap_exempt_from
        if exempt is not None and rating >= exempt:
            return sum(expected_hundredths(rating - o) for o in opponents)
        cap = self.CAP
        total = 0
        for o in opponents:
            d = rating - o
            total += expected_hundredths(cap if d > cap else -cap if d < -cap else d)
        return total

    def change(self, rating, opponents, halves, k=None, pd=None):
        """As :meth:`RuleSet.change`; ``pd`` = ΣPD in hundredths when the caller has it already
        (:func:`elo_xl.engine.rate_event` sums it for a whole event at once)."""
        n = len(opponents)
        k = self.effective_k(self.default_k(rating) if k is None else k, n)
        if pd is None:
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
        need = self.INITIAL_GAMES
        if n < need:
            return None, f"no rating: {n} rated game{'s' if n != 1 else ''} against rated opponents, {need} needed"
        if halves == 0:
            return None, "no rating: a zero score is disregarded"
        anchors = self.INITIAL_ANCHORS  # each a draw: one half point
        total = _exact_sum(opponents) + anchors * self.INITIAL_ANCHOR
        dp = P_TO_DP[half_up(100 * (halves + anchors), 2 * (n + anchors))]
        ru = _round_mean(total + dp * (n + anchors), n + anchors, half_up)
        ru = min(ru, self.INITIAL_MAX)
        if ru < self.RATING_FLOOR:
            return None, f"no rating: {ru} is below {self.RATING_FLOOR}, the lowest published rating"
        return ru, None


class FideRapidRules(FideRules):
    """FIDE's rapid and blitz rules (B.02, rapid and blitz chapter): ``FIDE-RAPID``, ``FIDE-BLITZ``.

    The standard K rules and initial ratings; the 400-point rule is a plain cap for everyone
    (no 2650 exception); a game between players 600 or more apart is not rated when one of
    them is rated above 2600 (since 1 December 2024), for either player; an unrated player
    who has a standard rating is rated with it and counts as rated (§7.2.1).

    >>> rapid = parse_rules("FIDE-RAPID")
    >>> rapid.expected(2680, 2100), parse_rules("FIDE").expected(2680, 2100)   # D 580: capped, or not
    (0.92, 0.98)
    >>> rapid.expected(2700, 2100) is None, rapid.rated_pair(2600, 2000)      # 600 apart, one above 2600
    (True, True)
    """

    GAP_FROM, GAP_ABOVE = 600, 2600
    K_STANDARD_SEED = 40

    def __init__(self, name: str):
        super().__init__(name, cap_exempt_from=None)


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
    ROUNDS_CHANGE = False
    K_OTHER = 10
    VALID_RATED_SHARE = (2, 3)
    VALID_FROM = 2250

    def __init__(self, name: str, step_tenths: int):
        self.name = name
        self.step_tenths = step_tenths

    def expected(self, rating, opponent):
        r = self.unrated_as if rating is None else rating
        o = self.unrated_as if opponent is None else opponent
        return expected_hundredths(r - o) / 100

    def expected_tenths(self, rating: int | float, opponents: Sequence[int | float]) -> int:
        """N_exp in tenths of a point: h of (rating − average), × m, rounded (ties down)."""
        m = len(opponents)
        h = expected_hundredths(rating - self.average(opponents))
        step = self.step_tenths
        return step * half_down(h * m, 10 * step)

    def change(self, rating, opponents, halves, k=None):
        k = self.default_k(rating) if k is None else k
        n_exp = self.expected_tenths(rating, opponents) if opponents else 0
        exact_change = exact(k) * (5 * halves - n_exp) / 10
        value = to_number(exact_change)
        rounded = half_away(exact_change.numerator, exact_change.denominator) if self.ROUNDS_CHANGE else value
        return Change(to_number(Fraction(n_exp, 10)), value, rounded, k)


def _logistic(x: float) -> float:
    """1/(1 + 10^(−x)) for any x, never overflowing: below x = −300 the value is 10^x to the
    last bit of a double, so 10 to a large power is never formed."""
    if x < -300:
        return 10.0 ** x
    return 1.0 / (1.0 + 10.0 ** -x)


class LogisticRules(RuleSet):
    """The logistic formula of the encyclopedia articles, ``LOGISTIC`` or ``LOGISTIC 480``.

    The scale is a number from :attr:`SCALE_MIN` to :attr:`SCALE_MAX`: with ratings up to
    3999, 10^(D/scale) then stays far inside what a double (and a spreadsheet) can hold.

    >>> log = parse_rules("LOGISTIC")
    >>> log.change(1613, [1609, 1477, 1388, 1586, 1720], 5, 32).rounded
    -12
    >>> log.table_h(-200000)
    0.0
    """

    unrated_as = 1500
    K_OTHER = 20
    #: The scale when none is given, and the range a scale may take.
    SCALE_DEFAULT, SCALE_MIN, SCALE_MAX = 400, 20, 10000
    CURVE = "logistic"
    DP_LIMIT = 800  # the ends of table 8.1.1

    def __init__(self, scale: int | float = SCALE_DEFAULT):
        self.scale = scale
        self.name = "LOGISTIC" if scale == self.SCALE_DEFAULT else f"LOGISTIC {scale}"

    def expected(self, rating, opponent):
        r = self.unrated_as if rating is None else rating
        o = self.unrated_as if opponent is None else opponent
        return _logistic((r - o) / self.scale)

    def table_h(self, delta):
        return 100.0 * _logistic(delta / self.scale)

    def dp(self, p):
        p = float(p)
        limit = self.DP_LIMIT
        if p <= 0:
            return -limit
        if p >= 1:
            return limit
        value = -self.scale * math.log10(1.0 / p - 1.0)
        return max(-limit, min(limit, value))

    def change(self, rating, opponents, halves, k=None):
        k = self.default_k(rating) if k is None else k
        scale = self.scale
        # fsum: the correctly rounded sum, so the order the games are listed in cannot matter
        expected = math.fsum(_logistic((rating - o) / scale) for o in opponents)
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
FIDE_RAPID = FideRapidRules("FIDE-RAPID")
FIDE_BLITZ = FideRapidRules("FIDE-BLITZ")
ELO_1970 = KvantRules("ELO-1970", step_tenths=5)
USSR_1977 = KvantRules("USSR-1977", step_tenths=1)
LOGISTIC = LogisticRules()

#: The rule sets a book's rule list offers, in the order of the books' ``RuleNo``.
RULE_SETS: tuple[RuleSet, ...] = (FIDE, FIDE_2024, FIDE_RAPID, FIDE_BLITZ, ELO_1970, USSR_1977, LOGISTIC)
RULE_NAMES: tuple[str, ...] = tuple(rs.name for rs in RULE_SETS)
RULES_HELP = f'use {", ".join(RULE_NAMES[:-1])} or {RULE_NAMES[-1]} (with a scale: "LOGISTIC 480")'


def rule_choices(quote: str = '"') -> str:
    """The rule sets as a help text lists them, from :data:`RULE_SETS`.

    >>> rule_choices("'")
    "FIDE (default), FIDE-2024, FIDE-RAPID, FIDE-BLITZ, ELO-1970, USSR-1977, LOGISTIC or 'LOGISTIC 480'"
    """
    return f"{RULE_NAMES[0]} (default), {', '.join(RULE_NAMES[1:])} or {quote}{LOGISTIC.name} 480{quote}"

#: The rule sets by the spellings :func:`parse_rules` knows (upper case, letters and digits only:
#: ``fide-rapid`` is ``FIDERAPID``); the LAMBDA names read them too.
RULE_KEYS: dict[str, RuleSet] = {
    "FIDE": FIDE, "FIDE2025": FIDE,
    "FIDE2024": FIDE_2024,
    "FIDERAPID": FIDE_RAPID, "RAPID": FIDE_RAPID,
    "FIDEBLITZ": FIDE_BLITZ, "BLITZ": FIDE_BLITZ,
    "ELO1970": ELO_1970, "ELO": ELO_1970, "FIDE1970": ELO_1970,
    "USSR1977": USSR_1977, "USSR": USSR_1977,
    "LOGISTIC": LOGISTIC,
}


@lru_cache(maxsize=64)
def _parse_text(text: str) -> RuleSet:
    words = text.strip().upper()
    key = "".join(ch for ch in words if ch.isalnum())
    if key in RULE_KEYS:
        return RULE_KEYS[key]
    if words.startswith("LOGISTIC"):
        rest = words[len("LOGISTIC"):].strip().lstrip(":=").strip()
        scale = to_number_or_none(rest)
        low, high = LogisticRules.SCALE_MIN, LogisticRules.SCALE_MAX
        if scale is not None and low <= scale <= high:
            return LogisticRules(scale)
        raise EloError.at("rules", None, text, f"has no valid scale; write LOGISTIC followed by a number from {low} "
                          f"to {high}, e.g. LOGISTIC 480")
    raise EloError.at("rules", None, text, "is not a rule set; " + RULES_HELP)


def parse_rules(rules: "str | RuleSet | None" = None) -> RuleSet:
    """The rule set a user names; blank means FIDE. Case and spaces do not matter.

    >>> parse_rules(None).name, parse_rules(" fide 2024 ").name, parse_rules("logistic 480").name
    ('FIDE', 'FIDE-2024', 'LOGISTIC 480')
    >>> parse_rules("FIDEE")
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: rules: "FIDEE" is not a rule set; use FIDE, FIDE-2024, FIDE-RAPID, FIDE-BLITZ, ELO-1970, USSR-1977 or LOGISTIC (with a scale: "LOGISTIC 480")
    """
    if isinstance(rules, RuleSet):
        return rules
    if rules is None or (isinstance(rules, str) and not rules.strip()):
        return FIDE
    if not isinstance(rules, str):
        raise EloError.at("rules", None, rules, "is not a rule set; " + RULES_HELP)
    return _parse_text(rules)
