"""Rating arithmetic on plain values: one game, one player's event, a whole event.

Every function takes what a user types (numbers, numeric text, ``"½"``, blanks as None) and
a rule set name, and raises :class:`~elo_xl.errors.EloError` with a one-line message on bad
input. Range arguments accept a single value, a flat list (a column) or a list of rows.

An event's games are read from the cells by :mod:`elo_xl.games` (the one reader, with its
checks); the whole-event path on grids of numbers sums its expected scores with the period
kernel's table (:mod:`elo_xl.kernel`).

The module is longer than the house's ~500 lines on purpose: its four parts (single games,
one player's games, K and categories, whole events) share the private steps that make them
agree to the point (``_counted`` drops what a rule set does not rate, ``_outcome`` rounds a
change once, ``_tally`` reads the result codes' points), and a whole event is rated by the
same steps as one player. Split apart, those steps would become a public surface between
modules that must never diverge.

>>> expected(2500, 2400)
0.64
>>> rate(2500, [2400], [1], k=10).new_rating
2504
>>> rate(1613, [1609, 1477, 1388, 1586, 1720], [0, "½", 1, 1, 0], k=32, rules="LOGISTIC").new_rating
1601
>>> [row.new_rating for row in rate_event([2500, 2400], [[None, 1], [0, None]], k=10)]
[2504, 2396]
"""

from __future__ import annotations

import datetime as _dt
import gc
from dataclasses import dataclass, replace
from typing import Any, Sequence

from .errors import EloError
from .games import Round, from_crosstable, from_rounds, game_result, numeric_rounds
from .results import (
    POINTS_HALVES,
    WIN,
    Cells,
    as_points,
    broadcast,
    cells_with_position,
    grid,
    is_blank,
    parse_flag,
    parse_grid,
    parse_k,
    parse_number,
    parse_rating,
    parse_whole,
    rating_cells,
    same_size,
)
from .rounding import exact, to_number
from .rules import FIDE, FideRules, RuleSet, parse_rules

Game = tuple  # (opponent's rating or None for unrated, result code or None)


@dataclass(frozen=True, slots=True)
class Outcome:
    """One player's rating calculation, as :func:`rate` and :func:`rate_event` report it.

    ``None`` marks a value that does not exist (the expected score of an unrated player
    under FIDE, the average of no opponents…). ``note`` says why an unrated player got no
    initial rating.
    """

    rating: int | float | None
    games: int
    score: int | float
    opp_average: int | None
    expected: int | float | None
    change_unrounded: int | float | None
    change: int | float | None
    new_rating: int | float | None
    performance: int | float | None
    k: int | float | None
    note: str | None = None
    #: Tournament points of all the games given, forfeits included (None where not asked).
    points: int | float | None = None

    def event_row(self) -> list:
        """The seven columns of ``ELO_EVENT``: games, score, opponents' average, expected,
        change, new rating, performance."""
        return [self.games, self.score, self.opp_average, self.expected, self.change,
                self.new_rating, self.performance]


# --- single games ----------------------------------------------------------------------


def expected(rating: Any, opponent: Any, rules: Any = None) -> float | None:
    """Expected score of ``rating`` against ``opponent`` in one game.

    FIDE applies the 400-point rule as it applies to ``rating``; an unrated side under FIDE
    gives None. ELO-1970/USSR-1977 give h/100 unrounded; LOGISTIC the logistic curve.

    >>> expected(2700, 2100), expected(2700, 2100, "FIDE-2024"), expected(2100, 2700)
    (0.98, 0.92, 0.08)
    >>> expected(None, 2000) is None, expected(None, 2000, "ELO-1970")
    (True, 0.76)
    """
    rs = parse_rules(rules)
    return rs.expected(parse_rating(rating, "rating"), parse_rating(opponent, "opponent"))


def expected_grid(ratings: Cells, opponents: Cells, rules: Any = None) -> list[list[float | None]]:
    """:func:`expected` cell by cell over two ranges of one shape (or a range and a value).

    >>> expected_grid([[2500], [2400]], 2400)
    [[0.64], [0.5]]
    """
    rs = parse_rules(rules)
    own, opp = broadcast(parse_grid(ratings, parse_rating, "rating"), "rating",
                         parse_grid(opponents, parse_rating, "opponent"), "opponent")
    return [[rs.expected(r, o) for r, o in zip(rr, oo)] for rr, oo in zip(own, opp)]


def table_h(delta: Any, rules: Any = None) -> int | float:
    """The Kvant article's h: percentage expected for a rating difference (no cap).

    >>> table_h(100), table_h(-100), table_h(736), table_h(200, "LOGISTIC")
    (64, 36, 100, 75.97...)
    """
    return parse_rules(rules).table_h(parse_number(delta, "delta"))


def table_h_grid(deltas: Cells, rules: Any = None) -> list[list[int | float]]:
    """:func:`table_h` for every cell of a range.

    >>> table_h_grid([[0, 100, -100]])
    [[50, 64, 36]]
    """
    rs = parse_rules(rules)
    return [[rs.table_h(d) for d in row] for row in parse_grid(deltas, parse_number, "delta")]


def dp(p: Any, rules: Any = None) -> int | float:
    """Table 8.1.1: rating difference for a fractional score p (two decimals, .005 up).

    >>> dp(0.835), dp(0.5), dp(1), dp(0.75, "LOGISTIC")
    (284, 0, 800, 190.84...)
    """
    return parse_rules(rules).dp(_parse_p(p, "p"))


def dp_grid(ps: Cells, rules: Any = None) -> list[list[int | float]]:
    """:func:`dp` for every cell of a range.

    >>> dp_grid([[0.83], [0.5]])
    [[273], [0]]
    """
    rs = parse_rules(rules)
    return [[rs.dp(p) for p in row] for row in parse_grid(ps, _parse_p, "p")]


def _parse_p(value: Any, argument: str, pos: int | tuple[int, int] | None = None) -> int | float:
    number = parse_number(value, argument, pos)
    if not 0 <= number <= 1:
        raise EloError.at(argument, pos, value, "is not a fractional score; type a number from 0 to 1")
    return number


# --- one player's games ------------------------------------------------------------------


def _games(opponents: Cells, results: Cells) -> list[Game]:
    """Pairs (opponent rating, result code) from two ranges of the same size."""
    same_size(opponents, "opponents", results, "results")
    opps = [parse_rating(v, "opponents", pos) for v, pos in cells_with_position(opponents)]
    codes = [game_result(v, "results", pos) for v, pos in cells_with_position(results)]
    return list(zip(opps, codes))


def _counted(rs: RuleSet, games: Sequence[Game], own: int | float | None = None) -> tuple[list, int]:
    """The opponents' ratings of the games that count, and the score in them (halves): the
    first two parts of :func:`_tally`, the one place that says which games a rule set rates.

    ``own`` is the player's rating, for the rule sets that do not rate some pairs of rated
    players (rapid and blitz: 600+ apart with one above 2600).
    """
    opps, halves, _ = _tally(rs, games, own)
    return opps, halves


def _outcome(rs: RuleSet, rating: int | float | None, opps: list, halves: int,
             k: int | float | None, points: int | float | None = None, pd: int | None = None) -> Outcome:
    """The calculation shared by :func:`rate`, :func:`rate_event` and :func:`needed`; ``pd`` = ΣPD
    in hundredths where :func:`rate_event` summed it already (FIDE rule sets only)."""
    n = len(opps)
    score = as_points(halves)
    average = rs.average(opps)
    performance_ = rs.performance(opps, halves, average)
    if rating is None and rs.uses_initial_ratings:
        new, note = rs.initial(opps, halves)
        return Outcome(None, n, score, average, None, None, None, new, performance_, None, note, points)
    own = rs.unrated_as if rating is None else rating
    result = rs.change(own, opps, halves, k) if pd is None else rs.change(own, opps, halves, k, pd)
    return Outcome(rating, n, score, average, result.expected, result.unrounded,
                   result.rounded, to_number(own + result.rounded), performance_, result.k, None, points)


def _standard_seed(rs: RuleSet, rating: int | float | None, standard: Any, argument: str,
                   pos: int | tuple[int, int] | None = None) -> tuple[int | float | None, str | None]:
    """The rating an unrated rapid/blitz player is rated with: (his standard rating, a note),
    or (``rating``, None) where no standard rating applies."""
    value = parse_rating(standard, argument, pos)
    if value is None:
        return rating, None
    if not rs.seeds_from_standard:
        raise EloError.at(argument, pos, standard, f"is a standard rating, but {rs.name} does not rate with one; "
                          "leave it blank (only FIDE-RAPID and FIDE-BLITZ rate an unrated player with it)")
    if rating is not None:
        return rating, None
    return value, f"rated with his standard rating {value} (unrated in {rs.name}; K {rs.K_STANDARD_SEED} unless given)"


def _standard_seeds(rs: RuleSet, players: list, ks: list, standard_ratings: Cells) -> dict[int, str]:
    """Rate unrated rapid/blitz players with their standard ratings: ``players`` and ``ks``
    changed in place; the notes by player index."""
    values = [v for v, _ in cells_with_position(standard_ratings)]
    if len(values) != len(players):
        raise EloError(f"standard_ratings has {len(values)} cells but there are {len(players)} players; "
                       "give one cell per player (blank where there is none)")
    notes = {}
    for i, (value, pos) in enumerate(cells_with_position(standard_ratings)):
        seeded, note = _standard_seed(rs, players[i], value, "standard_ratings", pos)
        if note is not None:
            players[i] = seeded
            ks[i] = rs.K_STANDARD_SEED if ks[i] is None else ks[i]
            notes[i] = note
    return notes


def rate(rating: Any, opponents: Cells, results: Cells, k: Any = None, rules: Any = None,
         standard_rating: Any = None) -> Outcome:
    """Rate one player's games: expected score, change, new rating, performance.

    A blank result is a game not played, a blank opponent an unrated one. A blank
    ``rating`` under FIDE gives the initial rating (K ignored); under the other rule sets
    the player enters with 2200 (ELO-1970, USSR-1977) or 1500 (LOGISTIC). Under FIDE-RAPID
    and FIDE-BLITZ an unrated player with a ``standard_rating`` is rated with it, K 40
    unless given (the outcome's note says so).

    >>> r = rate(2500, [2400, 2400, 2400], [1, "½", 0], k=10)
    >>> r.games, r.score, r.expected, r.change_unrounded, r.change, r.new_rating
    (3, 1.5, 1.92, -4.2, -4, 2496)
    """
    rs = parse_rules(rules)
    own = parse_rating(rating, "rating")
    k_value = parse_k(k, "k")
    own, note = _standard_seed(rs, own, standard_rating, "standard_rating")
    if note is not None and k_value is None:
        k_value = rs.K_STANDARD_SEED
    games = _games(opponents, results)
    opps, halves, points = _tally(rs, games, own)
    outcome = _outcome(rs, own, opps, halves, k_value, points)
    return outcome if note is None else replace(outcome, note=note)


def performance(opponents: Cells, results: Cells, rules: Any = None) -> int | float | None:
    """Performance rating Ra + dp of these games (None when no game counts).

    The player's own rating is not given, so under FIDE-RAPID/FIDE-BLITZ games that the
    600-point rule leaves out are counted here (:func:`rate` leaves them out).

    >>> performance([2400, 2500, 2600], [1, 1, "½"])
    2773
    """
    rs = parse_rules(rules)
    opps, halves = _counted(rs, _games(opponents, results))
    return rs.performance(opps, halves)


def initial_rating(opponents: Cells, results: Cells, rules: Any = None) -> tuple[int | float | None, str | None]:
    """An unrated player's first rating: ``(rating, None)``, or ``(None, reason)``.

    >>> initial_rating([2100] * 5, [1] * 5)
    (2200, None)
    >>> initial_rating([2000, 2100], [1, 0])
    (None, 'no rating: 2 rated games against rated opponents, 5 needed')
    """
    rs = parse_rules(rules)
    opps, halves = _counted(rs, _games(opponents, results))
    return rs.initial(opps, halves)


def forecast(rating: Any, points: Any, remaining_opponents: Cells, rules: Any = None) -> int | float | None:
    """Points already scored plus the expected score against the opponents still to come.

    A blank cell in ``remaining_opponents`` is no game; type NR or 0 for an unrated opponent.

    >>> forecast(2500, 3, [2400, 2400])
    4.28
    >>> forecast(2400, 2, [2300] * 9, "ELO-1970")   # N_exp 5.76 rounds to 6
    8
    """
    rs = parse_rules(rules)
    own = parse_rating(rating, "rating")
    so_far = parse_number(points, "points")
    if own is None and rs.uses_initial_ratings:
        return None
    opps, _ = _counted(rs, _opponents_only(remaining_opponents, "remaining_opponents"), own)
    exp = rs.change(rs.unrated_as if own is None else own, opps, 0, 1).expected
    return to_number(exact(so_far) + exact(exp))


def _opponents_only(cells: Cells, argument: str) -> list[Game]:
    """Games (opponent, win) for a list of opponents; blank cells are no opponent, NR or 0 unrated."""
    return [(parse_rating(v, argument, pos), WIN) for v, pos in cells_with_position(cells) if not is_blank(v)]


def needed(rating: Any, opponents: Cells, target: Any, k: Any = None, rules: Any = None) -> int | float | None:
    """The least score (a multiple of ½) against these opponents that lifts the new rating
    to at least ``target``; None when even a full score does not.

    A blank cell in ``opponents`` is no game; type NR or 0 for an unrated opponent.

    >>> needed(2400, [2400] * 9, 2420, k=20)
    5.5
    >>> needed(2400, [2400] * 9, 2500, k=10) is None
    True
    """
    rs = parse_rules(rules)
    own = parse_rating(rating, "rating")
    k_value = parse_k(k, "k")
    goal = parse_number(target, "target")
    opps, _ = _counted(rs, _opponents_only(opponents, "opponents"), own)

    def reaches(halves: int) -> bool:
        new = _outcome(rs, own, opps, halves, k_value).new_rating
        return new is not None and new >= goal

    return _least_score(reaches, 2 * len(opps))


def _least_score(reaches: Any, most: int) -> int | float | None:
    """The least number of half points from 0 to ``most`` for which ``reaches`` holds, as
    points (None when even ``most`` does not), by bisection: O(log n) calculations.

    Bisection is exact because a new rating never falls as the score rises, under every rule
    set: the change K × (W − We) (or K × (N − N_exp)) grows with W for a positive K and its
    rounding keeps the order; FIDE's initial rating Ra + dp(p) grows with p, is capped at 2200,
    and is missing only for a zero score, fewer than 5 games or below 1400, that is for the
    lowest scores.

    >>> _least_score(lambda halves: halves >= 7, 18), _least_score(lambda halves: False, 18) is None
    (3.5, True)
    """
    if not reaches(most):
        return None
    low, high = 0, most
    while low < high:
        middle = (low + high) // 2
        if reaches(middle):
            high = middle
        else:
            low = middle + 1
    return as_points(low)


# --- K, averages, categories -------------------------------------------------------------


#: The years a birth year or an event year may take (:func:`k_factor`).
YEARS = (1800, 2200)


def k_factor(rating: Any = None, games: Any = None, birth_year: Any = None, reached_2400: Any = None,
             rules: Any = None, year: Any = None) -> int | float:
    """K under the rule set, or from a schedule of (rating from, K) rows.

    FIDE: 10 once 2400 is reached (or rating ≥ 2400); else 40 with fewer than 30 games;
    else 40 for a junior (year − birth year ≤ 18) rated below 2300; else 20. An unrated
    player gets 40.

    >>> k_factor(2350), k_factor(2350, 12), k_factor(2250, 50, 2009, year=2026), k_factor(2380, reached_2400=True)
    (20, 40, 40, 10)
    >>> k_factor(1750, rules=[[0, 25], [1600, 20], [2000, 15], [2400, 10]])
    20
    """
    own = parse_rating(rating, "rating")
    played = parse_whole(games, "games", 0, 10**7)
    born = parse_whole(birth_year, "birth_year", *YEARS)
    reached = parse_flag(reached_2400, "reached_2400")
    this_year = parse_whole(year, "year", *YEARS) or _dt.date.today().year
    rows = grid(rules) if isinstance(rules, (list, tuple)) else None
    if rows is not None and not (len(rows) == 1 and len(rows[0]) == 1):
        return _k_from_schedule(rows, own)
    rs = parse_rules(rows[0][0] if rows else rules)
    return rs.k_rule(own, played, None if born is None else this_year - born, reached)


def _k_from_schedule(rows: list[list], rating: int | float | None) -> int | float:
    """K from rows (rating from, K): the last row whose threshold ≤ rating."""
    schedule = []
    for r, row in enumerate(rows, 1):
        if len(row) != 2:
            raise EloError(f"rules: a K schedule has two columns (rating from, K), this one has {len(row)}")
        if all(is_blank(v) for v in row):
            continue
        low = parse_number(row[0], "rules", (r, 1))
        k = parse_k(row[1], "rules", (r, 2))
        if k is None:
            raise EloError.at("rules", (r, 2), row[1], "is not a K factor; every schedule row needs a K")
        if schedule and low <= schedule[-1][0]:
            raise EloError.at("rules", (r, 1), row[0], "is not above the previous row's rating; sort the schedule by rating")
        schedule.append((low, k))
    if not schedule:
        raise EloError("rules: the K schedule is empty; give rows of (rating from, K)")
    chosen = schedule[0][1]
    if rating is not None:
        for low, k in schedule:
            if low <= rating:
                chosen = k
    return chosen


def average_rating(ratings: Cells, rules: Any = None) -> int | None:
    """An event's average rating (the Kvant article's K_T).

    FIDE, FIDE-2024, LOGISTIC: over rated players, .5 up. ELO-1970/USSR-1977: unrated
    players count 2200, .5 down.

    >>> average_rating([2400, 2401, None]), average_rating([2400, 2401, None], "ELO-1970")
    (2401, 2334)
    """
    rs = parse_rules(rules)
    values = rating_cells(ratings, "ratings")
    if rs.event_average_counts_unrated:
        values = [rs.unrated_as if v is None else v for v in values]
    return rs.average([v for v in values if v is not None])


def category(average: Any) -> int | None:
    """FIDE tournament category: 1 for 2251–2275, one more per 25 points; 0 below 2251.

    >>> category(2250), category(2251), category(2275), category(2276), category(2700)
    (0, 1, 1, 2, 18)
    """
    if is_blank(average):
        return None
    return FIDE.category(parse_number(average, "average"))


# --- whole events --------------------------------------------------------------------------


#: Grids of at least this many cells in the rounds form try the numeric fast path first.
_FAST_FROM = 64


def _event_ratings(cells: Cells) -> list[int | float | None]:
    """:func:`rating_cells` of the ratings column, numbers read directly (anything else, and any
    number out of range, goes through the general reader, which names the cell)."""
    if isinstance(cells, list) and cells:
        if all(r.__class__ is list and len(r) == 1 for r in cells):
            values = [r[0] for r in cells]
        elif not any(isinstance(r, (list, tuple)) for r in cells):
            values = cells
        else:
            return rating_cells(cells, "ratings")
        out: list[int | float | None] = []
        append = out.append
        for v in values:
            cls = v.__class__
            if cls is float and v.is_integer():
                v = int(v)
                cls = int
            if cls is int:
                if 1 <= v <= 3999:
                    append(v)
                    continue
                if v == 0:
                    append(None)
                    continue
            elif v is None:
                append(None)
                continue
            elif cls is float and 1 <= v <= 3999:
                append(v)
                continue
            return rating_cells(cells, "ratings")
        return out
    return rating_cells(cells, "ratings")


def _event_k(k: Cells, n: int) -> list[int | float | None]:
    if k is None:
        return [None] * n
    rows = grid(k)
    values = [parse_k(v, "k", pos) for v, pos in cells_with_position(k)] if rows else [None]
    if len(values) == 1:
        return values * n
    if len(values) != n:
        raise EloError(f"k has {len(values)} cells but there are {n} players; give one K for all or one per player")
    return values


def _event_games(ratings: list, rounds: list[list[Round]]) -> list[list[Game]]:
    """Each player's games as the engine rates them, (opponent's rating, own result code), from
    the one reading of the cells (:mod:`elo_xl.games`): a round with a result and an opponent,
    or a bye or forfeit without one (whose code the engine never rates)."""
    return [[(ratings[r.opponent - 1] if r.opponent is not None else None, r.code) for r in row if r.code is not None]
            for row in rounds]


def _numeric_tallies(rs: RuleSet, players: list, results: Cells, pairings: Cells) -> list | None:
    """Each player's (counted opponents, halves, points, ΣPD in hundredths or None) from the rounds
    form read by :func:`elo_xl.games.numeric_rounds` (grids of plain numbers), ΣPD by the
    period kernel's table (:func:`elo_xl.kernel.expected_per_game`) for FIDE's rule sets with
    whole ratings. None where the general path must read the cells."""
    if rs.GAP_FROM is not None:  # pairs not rated (rapid, blitz): the general path
        return None
    read = numeric_rounds(results, pairings)
    if read is None:
        return None
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - numeric_rounds found numpy
        return None

    n = len(players)
    i_g, j_g, h_g = read.player, read.opponent, read.halves
    sub = rs.unrated_as
    if sub is None:
        keep = np.array([p is not None for p in players])[j_g]
        i_g, j_g, h_g = i_g[keep], j_g[keep], h_g[keep]
    counted = [sub if p is None else p for p in players]
    # whole ratings (the usual case) are gathered as integers, which is faster than as objects
    whole = all(p.__class__ is int for p in counted if p is not None)
    if whole:
        values = np.array([0 if p is None else p for p in counted], dtype=np.int64)[j_g].tolist()
    else:
        values = np.array(counted, dtype=object)[j_g].tolist()
    counts = np.bincount(i_g, minlength=n).tolist()
    sums = np.bincount(i_g, weights=h_g, minlength=n).astype(np.int64).tolist()
    pds = None
    if isinstance(rs, FideRules) and rs.uses_initial_ratings and all(p.__class__ is int for p in players if p is not None):
        try:
            from .kernel import KernelParams, expected_per_game
        except ImportError:  # pragma: no cover - xlwings Lite bundles no kernel: the rule set sums ΣPD itself
            return None
        ratings = np.array([0 if p is None else p for p in players], dtype=np.int64)
        pd = expected_per_game(ratings[i_g], ratings[j_g], KernelParams.of(rs))
        pds = np.bincount(i_g, weights=pd, minlength=n).astype(np.int64).tolist()
    out = []
    at = 0
    for i in range(n):
        c = counts[i]
        out.append((values[at:at + c], sums[i], as_points(read.points[i]), None if pds is None else pds[i]))
        at += c
    return out


def _tally(rs: RuleSet, games: Sequence[Game], own: int | float | None = None) -> tuple[list, int, int | float]:
    """:func:`_counted` and :func:`_points` in one pass: (counted opponents, their halves, points).
    ``own`` is the player's rating, for rule sets that do not rate some pairs of rated players
    (a ``GAP_FROM`` rule: rapid and blitz)."""
    opps: list = []
    append = opps.append
    halves = points = 0
    sub = None if rs.uses_initial_ratings else rs.unrated_as
    gap = own is not None and rs.GAP_FROM is not None
    for opp, code in games:
        if code is None:
            continue
        points += POINTS_HALVES[code]
        if code <= 2:
            if opp is None:
                if sub is None:
                    continue
                opp = sub
            elif gap and not rs.rated_pair(own, opp):
                continue
            append(opp)
            halves += code
    return opps, halves, as_points(points)


def rate_event(ratings: Cells, results: Cells, k: Cells = None, rules: Any = None,
               pairings: Cells = None, standard_ratings: Cells = None, *,
               rounds: list[list[Round]] | None = None) -> list[Outcome]:
    """Rate a whole event, one :class:`Outcome` per player.

    Crosstable form (no ``pairings``): ``results`` is n×n, row i column j = player i's score
    against player j; a game may be typed on one side only. Rounds form: ``pairings`` n×r
    (opponent's start number, blank or 0 for none) and ``results`` n×r (this player's
    result); each row is that player's own record, checked against the opponent's row.
    ``standard_ratings`` (FIDE-RAPID, FIDE-BLITZ): one cell per player; an unrated player
    with one is rated with it and counts as rated for his opponents (see :func:`rate`).

    Cells that are already numbers (as Excel passes them) are read directly; the ranges are
    read where they are, never copied. ``rounds``: the games of these very cells as
    :mod:`elo_xl.games` read them already (:meth:`elo_xl.event.model.Tournament.games`), so that
    an event's cells are read once.

    >>> out = rate_event([2500, 2400, None], [[None, 1, 1], [0, None, "½"], [0, "½", None]], k=10)
    >>> [(o.games, o.score, o.change, o.new_rating) for o in out]
    [(1, 1, 4, 2504), (1, 0, -4, 2396), (2, 0.5, None, None)]
    """
    rs = parse_rules(rules)
    # millions of small tuples and no cycles: the collector's passes would take a fifth of the time
    collecting = gc.isenabled()
    gc.disable()
    try:
        players = _event_ratings(ratings)
        n = len(players)
        ks = _event_k(k, n)
        seeded = {} if standard_ratings is None else _standard_seeds(rs, players, ks, standard_ratings)
        if pairings is None or (not isinstance(pairings, (list, tuple)) and is_blank(pairings)):
            tallies = None
            games = _event_games(players, rounds if rounds is not None else from_crosstable(results, n))
        else:
            # the numeric fast path reads the grids again; games read already (``rounds``) are
            # tallied as fast without it, and without importing numpy (a tenth of a second)
            big = (rounds is None and isinstance(pairings, list) and n and isinstance(pairings[0], list)
                   and n * len(pairings[0]) >= _FAST_FROM)
            tallies = _numeric_tallies(rs, players, results, pairings) if big else None
            if tallies is None:
                games = _event_games(players, rounds if rounds is not None else from_rounds(results, pairings, players=n))
        if tallies is None:
            tallies = [_tally(rs, g, own) + (None,) for g, own in zip(games, players)]
        outcomes = [_outcome(rs, players[i], opps, halves, ks[i], points, pd)
                    for i, (opps, halves, points, pd) in enumerate(tallies)]
        for i, note in seeded.items():
            outcomes[i] = replace(outcomes[i], note=note)
        return outcomes
    finally:
        if collecting:
            gc.enable()
