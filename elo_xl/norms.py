"""Title norms: who made a GM, IM, WGM or WIM norm, and how many points a player still needs.

FIDE Title Regulations (Handbook B.01, applied from 1 January 2024). A norm needs, over the
games that count:

* Ra, the opponents' average (unrated opponents count 1400; the lowest-rated opponent, and
  only that one, is raised to the norm's floor), rounded to a whole number, .5 up, at least
  the norm's minimum;
* Rp = Ra + dp ≥ the norm's performance, with p = score / games to two decimals (.005 up) and
  dp from table 8.1.1 (the package's :data:`~elo_xl.tables.P_TO_DP`);
* a score of at least 35 % of the games, tested on the exact fraction (13 games need 5
  points; an open point of the regulations, decided as the implementations in use do);
* at least 9 games (``min_games``); each full point above the norm score counts as one more
  game (the Qualification Commission's overscore reading); a player with one game short of
  the minimum and a forfeit win or a pairing-allocated bye is credited the minimum (read from
  implementations); more than 13 games count as 13;
* the opponent mix: at least 50 % title holders (CM and WCM do not count); at least 1/3, and
  at least 3, holders of the norm's title or a higher one (half of that, rounded up, in a
  double round robin); unless exempt, at least 2 federations other than the player's, at most
  3/5 of the opponents from the player's federation and at most 2/3 from any one federation
  (``FID`` and a blank federation count as no federation).

A game against a given opponent whose result is still blank is a game **to play**: it counts
in Ra and in the games of the norm, scores nothing yet (in p and Rp too), and the norm is not
made while one remains. Forfeits, games played but not rated (``W``, ``D``, ``L``) and byes are not games of
the norm.

In a Swiss the opponents of the rounds not yet paired are not known: ``remaining`` rounds
count as games still to play against opponents rated the known opponents' Ra (so Ra is that
of the opponents so far, and the points required are for the games so far plus the rounds
still to play), who may each hold the norm's title and come from a federation not met yet
(the opponent mix is unmet only when even such opponents cannot meet it; the maxima of a
federation count the known opponents).

>>> check = norm_check("IM", [2550, 2500, 2480, 2450, 2420, 2400, 2350, 2150, None],
...                    [1, 1, 0.5, 1, 0, 1, 0.5, 1, 0])
>>> check.ra, check.p, check.dp, check.rp, check.points_required
(2372, 0.67, 125, 2497, 5.5)
>>> norm_score("GM", 9, 2460), norm_score("GM", 9, 2680), norm_score("GM", 9, 2379) is None
(6.5, 3.5, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from .errors import EloError
from .results import (
    as_points,
    BYE_PAIRING,
    BYES,
    FORFEIT_WIN,
    Cells,
    cells_with_position,
    is_blank,
    parse_flag,
    parse_number,
    parse_rating,
    parse_result,
    parse_whole,
)
from .rounding import float_half_up, half_up
from .rules import FIDE
from .tables import dp_for_hundredths
from .titles import TITLES, canonical as canonical_title

#: Rating an unrated opponent counts as (§1.4.6).
UNRATED_AS = 1400
#: More games than this count as this many (§1.7).
GAMES_CAP = 13
#: The minimum number of games of a norm unless the event's rules say otherwise (§1.4.2).
MIN_GAMES = 9
#: Titles as TRF files write them (:mod:`elo_xl.titles`); all but CM and WCM make a title holder (§1.4.3).
TITLE_HOLDERS = frozenset(("GM", "IM", "WGM", "WIM", "FM", "WFM"))
#: A federation code that is no federation (players registered with FIDE itself).
NO_FEDERATION = "FID"
#: The least score, as a fraction of the games (§1.4.8b: 35 %, tested on the exact fraction).
MIN_SCORE_SHARE = (7, 20)
#: The least share of title holders among the opponents (§1.4.3: 50 %, rounded up).
HOLDERS_SHARE = (1, 2)
#: The least share, and the least number, of holders of the norm's title or a higher one (§1.4.4).
NORM_TITLED_SHARE, NORM_TITLED_MIN = (1, 3), 3
#: Federation rules (§1.4.5): other federations at least; the most from the player's own and from any one.
OTHER_FEDERATIONS, OWN_FEDERATION_MAX, ANY_FEDERATION_MAX = 2, (3, 5), (2, 3)
#: The Annex of the regulations tabulates 7 to 19 games.
ANNEX_GAMES = range(7, 20)


@dataclass(frozen=True, slots=True)
class Norm:
    """The numbers of one title norm (FIDE Title Regulations B.01, 2024)."""

    name: str
    #: Rp at least this.
    performance: int
    #: Ra at least this.
    average: int
    #: The lowest-rated opponent, if below this, counts as this.
    floor: int
    #: Opponents holding one of these titles count towards the norm-title requirement.
    titles: frozenset[str]


NORMS: dict[str, Norm] = {
    "GM": Norm("GM", 2600, 2380, 2200, frozenset(("GM",))),
    "IM": Norm("IM", 2450, 2230, 2050, frozenset(("GM", "IM"))),
    "WGM": Norm("WGM", 2400, 2180, 2000, frozenset(("GM", "IM", "WGM"))),
    "WIM": Norm("WIM", 2250, 2030, 1850, frozenset(("GM", "IM", "WGM", "WIM"))),
}
NORM_HELP = "is not a norm; type GM, IM, WGM or WIM"


@dataclass(frozen=True, slots=True)
class NormGame:
    """One round of a player, as the norm sees it.

    ``rating`` None is an unrated opponent; ``result`` is a code of :mod:`elo_xl.results`
    (None: a game still to play); ``title`` and ``federation`` are the opponent's.
    """

    rating: int | float | None
    result: int | None
    title: str = ""
    federation: str = ""


@dataclass(frozen=True, slots=True)
class NormCheck:
    """A norm evaluated for one player: the figures of the calculation and what is missing.

    ``games`` counts the games of the norm (played and still to play), ``games_credited`` what
    they are worth towards a title (overscore, the bye rule, the 13-game cap). ``p`` is a
    fraction to two decimals. ``points_required`` is the least score that makes the norm with
    these opponents (None when no score can: Ra below the minimum, or too few games);
    ``points_needed`` what is still missing of it (never below 0). ``unmet`` lists every
    requirement not met, in words; ``achieved`` is True when there is none.
    """

    norm: str
    games: int
    to_play: int
    games_credited: int
    ra: int | None
    score: int | float
    p: float | None
    dp: int | None
    rp: int | None
    points_required: int | float | None
    points_needed: int | float | None
    unmet: tuple[str, ...] = field(default=())

    @property
    def achieved(self) -> bool:
        """Whether every requirement is met."""
        return not self.unmet

    def excel_row(self) -> list:
        """The eight cells of ``ELO_NORM``: games credited, Ra, score, Rp, points required,
        points still needed, unmet requirements (text), norm made."""
        return [self.games_credited, self.ra, self.score, self.rp, self.points_required,
                self.points_needed, "; ".join(self.unmet), self.achieved]


# --- parsing what users type ------------------------------------------------------------------


def parse_norm(value: Any, argument: str = "norm") -> Norm:
    """A norm named as the user types it: GM, IM, WGM or WIM (any case).

    >>> parse_norm(" wgm ").name
    'WGM'
    >>> parse_norm("FM")
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: norm: "FM" is not a norm; type GM, IM, WGM or WIM
    """
    if isinstance(value, Norm):
        return value
    key = value.strip().upper() if isinstance(value, str) else None
    if key not in NORMS:
        raise EloError.at(argument, None, value, NORM_HELP)
    return NORMS[key]


def parse_title(value: Any, argument: str = "titles", pos: int | tuple[int, int] | None = None) -> str:
    """A FIDE title as TRF writes it (any case, or the short form ``g``, ``wm``… of older
    programs), or "" for a blank cell.

    >>> parse_title(" wim "), parse_title(None), parse_title("g"), parse_title("wf")
    ('WIM', '', 'GM', 'WFM')
    """
    if is_blank(value):
        return ""
    text = canonical_title(value) if isinstance(value, str) else None
    if not text:
        raise EloError.at(argument, pos, value, "is not a title; type GM, IM, WGM, WIM, FM, WFM, CM or WCM "
                                                "(or g, m, wg, wm, f, wf, c, wc), "
                                                "or leave the cell blank")
    return text


def parse_federation(value: Any, argument: str = "federations",
                     pos: int | tuple[int, int] | None = None) -> str:
    """A three-letter federation code (any case); "" for a blank cell or ``FID``.

    >>> parse_federation("ger"), parse_federation("FID"), parse_federation(None)
    ('GER', '', '')
    """
    if is_blank(value):
        return ""
    text = value.strip().upper() if isinstance(value, str) else ""
    if len(text) != 3 or not (text.isalpha() and text.isascii()):
        raise EloError.at(argument, pos, value, "is not a federation; type a three-letter code such as GER, "
                                                "or leave the cell blank")
    return "" if text == NO_FEDERATION else text


def _optional_column(cells: Cells, n: int, argument: str, parse: Any) -> list[str]:
    """A column of titles or federations, one per opponent; omitted or one blank cell = none."""
    values = list(cells_with_position(cells))
    if len(values) == 1 and is_blank(values[0][0]) and n != 1:
        return [""] * n
    if len(values) != n:
        raise EloError(f"{argument} has {len(values)} cell{'s' if len(values) != 1 else ''} but opponents has {n}; "
                       "give one per opponent, or leave the argument out")
    return [parse(v, argument, pos) for v, pos in values]


def games_from_cells(opponents: Cells, results: Cells, titles: Cells = None,
                     federations: Cells = None) -> list[NormGame]:
    """The rounds of one player from ranges of cells, as the Excel function takes them.

    A blank opponent and a blank result are no game; a blank result against a given
    opponent (type NR or 0 for an unrated one) is a game still to play.

    >>> games_from_cells([2500, None, 2400], [1, "=", None], ["GM", "", ""], None)[1]
    NormGame(rating=None, result=1, title='', federation='')
    """
    opps = [(v, pos) for v, pos in cells_with_position(opponents)]
    res = list(cells_with_position(results))
    if len(opps) != len(res):
        raise EloError(f"opponents has {len(opps)} cell{'s' if len(opps) != 1 else ''} but results has "
                       f"{len(res)}; the two ranges must be the same size")
    n = len(opps)
    title_column = _optional_column(titles, n, "titles", parse_title)
    federation_column = _optional_column(federations, n, "federations", parse_federation)
    games = []
    for (o, opos), (r, rpos), title, federation in zip(opps, res, title_column, federation_column):
        code = parse_result(r, "results", rpos)
        if code is None and is_blank(o):
            continue
        rating = None if code in BYES else parse_rating(o, "opponents", opos)
        games.append(NormGame(rating, code, title, federation))
    return games


# --- the arithmetic ----------------------------------------------------------------------------


def floored_ratings(norm: Norm, ratings: Sequence[int | float | None]) -> list[int | float]:
    """Opponents' ratings as the norm counts them: unrated 1400, and the lowest one (only
    one) raised to the norm's floor when below it.

    >>> floored_ratings(NORMS["IM"], [2150, None, 1900])
    [2150, 2050, 1900]
    """
    values = [UNRATED_AS if r is None else r for r in ratings]
    if values:
        low = min(range(len(values)), key=values.__getitem__)
        if values[low] < norm.floor:
            values[low] = norm.floor
    return values


def _meets_score(norm: Norm, ra: int, n: int, halves: int) -> bool:
    """Rp ≥ the norm's performance and the 35 % minimum (exact: 10·halves ≥ 7·n)."""
    return _meets_share(halves, n) and ra + dp_for_hundredths(half_up(100 * halves, 2 * n)) >= norm.performance


def _meets_share(halves: int, n: int) -> bool:
    """A score of ``halves`` half points is at least :data:`MIN_SCORE_SHARE` of ``n`` games."""
    top, bottom = MIN_SCORE_SHARE
    return bottom * halves >= 2 * top * n


def _least_halves(norm: Norm, ra: int | None, n: int) -> int | None:
    """The least score in halves with Rp and 35 % met in ``n`` games at ``ra``; None if none."""
    if ra is None or n <= 0 or ra < norm.average:
        return None
    for halves in range(2 * n + 1):
        if _meets_score(norm, ra, n, halves):
            return halves
    return None


def points_text(value: int | float) -> str:
    """Points as an arbiter writes them: 4½, ½, 5.

    >>> points_text(4.5), points_text(0.5), points_text(5)
    ('4½', '½', '5')
    """
    whole = int(value)
    if value == whole:
        return str(whole)
    return ("" if whole == 0 else str(whole)) + "½"


def least_score(norm: Any, games: int, average: int) -> int | float | None:
    """The Annex rule: the least score (a multiple of ½) that makes the norm's performance in
    ``games`` games at an average ``average``, with 35 % at least; None below the norm's
    minimum average, or when even a full score does not.

    >>> least_score("GM", 9, 2460), least_score("WIM", 9, 2030), least_score("IM", 13, 2600)
    (6.5, 7, 5)
    """
    halves = _least_halves(parse_norm(norm), average, games)
    return None if halves is None else as_points(halves)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def evaluate(norm: Any, games: Sequence[NormGame], own_federation: str = "", *, min_games: int = MIN_GAMES,
             exempt: bool = False, double_round_robin: bool = False, remaining: int = 0) -> NormCheck:
    """Check one norm for one player's rounds (:class:`NormGame`, already parsed).

    ``remaining``: rounds of a Swiss still to play whose opponents are not known yet (see the
    module): games still to play at the known opponents' Ra, each opponent able to meet the mix.

    >>> g = [NormGame(2600, 2, "GM", "GER"), NormGame(2500, 1, "IM", "FRA")] * 4 + [NormGame(2450, 1, "GM", "ESP")]
    >>> c = evaluate("GM", g, "NOR")
    >>> c.games, c.ra, c.score, c.rp, c.points_required, c.unmet
    (9, 2539, 6.5, 2705, 5.5, ())
    >>> c = evaluate("GM", g[:5], "NOR", remaining=4)
    >>> c.games, c.to_play, c.ra, c.points_required, c.points_needed
    (9, 4, 2560, 5, 1)
    """
    norm = parse_norm(norm)
    own = own_federation or ""
    if remaining < 0:
        raise EloError.at("remaining", None, remaining, "is not a number of rounds; type 0 or more")
    counted = [g for g in games if g.result is None or g.result <= 2]
    played = [g for g in counted if g.result is not None]
    known = len(counted)
    n = known + remaining
    to_play = n - len(played)
    halves = sum(g.result for g in played)
    score = as_points(halves)
    # A forfeit win or a pairing-allocated bye fills the one game missing to the minimum (S).
    bye_credit = int(n == min_games - 1 and any(g.result in (FORFEIT_WIN, BYE_PAIRING) for g in games))

    ratings = floored_ratings(norm, [g.rating for g in counted])
    # Opponents not known yet count at the known ones' Ra, which leaves Ra as it is (the
    # average of Ra added to a sum that averages to Ra within ½ stays within ½ of it).
    ra = FIDE.average(ratings) if known else None
    p_hundredths = half_up(100 * halves, 2 * n) if n and known else None
    dp = None if p_hundredths is None else dp_for_hundredths(p_hundredths)
    rp = None if ra is None else ra + dp

    base = _least_halves(norm, ra, n)  # the norm score: Rp and 35 % in these n games
    over = (halves - base) // 2 if base is not None and halves >= base else 0
    credited = min(GAMES_CAP, n + bye_credit + over)
    required = None
    if base is not None:
        extra = max(0, min_games - n - bye_credit)  # full points above the norm score for the minimum
        if base + 2 * extra <= 2 * n:
            required = base + 2 * extra

    unmet: list[str] = []
    if to_play:
        unmet.append(f"{_plural(to_play, 'game')} still to play")
    if n == 0:
        unmet.append("no game counts")
    elif ra is None:
        unmet.append("no opponent known yet")
    else:
        if ra < norm.average:
            unmet.append(f"Ra {ra} is below {norm.average}")
        if rp < norm.performance:
            unmet.append(f"Rp {rp} is below {norm.performance}")
        if not _meets_share(halves, n):
            unmet.append(f"score {points_text(score)} of {n} is below 35 %")
    if credited < min_games:
        unmet.append(f"{_plural(credited, 'game')} credited, {min_games} needed")
    unmet.extend(_mix_unmet(norm, counted, own, exempt, double_round_robin, remaining))
    needed = None if required is None else as_points(max(0, required - halves))
    return NormCheck(norm.name, n, to_play, credited, ra, score,
                     None if p_hundredths is None else p_hundredths / 100, dp, rp,
                     None if required is None else as_points(required), needed, tuple(unmet))


def _mix_unmet(norm: Norm, counted: Sequence[NormGame], own: str, exempt: bool, double: bool,
               unknown: int = 0) -> list[str]:
    """The opponent-mix requirements not met (§1.4.3–1.4.5), minima rounded up, maxima down;
    ``unknown`` opponents not known yet count for every minimum and in no maximum."""
    n = len(counted) + unknown
    if not n:
        return []
    unmet = []
    holders = sum(g.title in TITLE_HOLDERS for g in counted)
    need_holders = -(-n * HOLDERS_SHARE[0] // HOLDERS_SHARE[1])
    if holders + unknown < need_holders:
        unmet.append(f"{_plural(holders, 'title holder')} of {n} opponents, {need_holders} needed "
                     "(50 %, not CM or WCM)")
    norm_titled = sum(g.title in norm.titles for g in counted)
    need_titled = max(NORM_TITLED_MIN, -(-n * NORM_TITLED_SHARE[0] // NORM_TITLED_SHARE[1]))
    if double:
        need_titled = -(-need_titled // 2)
    if norm_titled + unknown < need_titled:
        which = "/".join(sorted(norm.titles, key=TITLES.index))
        unmet.append(f"{_plural(norm_titled, which + ' opponent')}, {need_titled} needed")
    if exempt:
        return unmet
    counts: dict[str, int] = {}
    for g in counted:
        if g.federation:
            counts[g.federation] = counts.get(g.federation, 0) + 1
    others = len([f for f in counts if f != own])
    if others + unknown < OTHER_FEDERATIONS:
        mine = f" other than {own}" if own else ""
        unmet.append(f"{_plural(others, 'federation')}{mine}, {OTHER_FEDERATIONS} needed")
    own_max = OWN_FEDERATION_MAX[0] * n // OWN_FEDERATION_MAX[1]
    if own and counts.get(own, 0) > own_max:
        unmet.append(f"{counts[own]} opponents from {own}, at most {own_max} (3/5)")
    any_max = ANY_FEDERATION_MAX[0] * n // ANY_FEDERATION_MAX[1]
    for federation, count in sorted(counts.items()):
        if count > any_max:
            unmet.append(f"{count} opponents from {federation}, at most {any_max} (2/3)")
    return unmet


#: For each title, whether it counts towards each norm's titled opponents (in :data:`NORMS` order).
_TITLED_BY = {title: tuple(int(title in norm.titles) for norm in NORMS.values()) for title in TITLES}
_NOT_TITLED = (0,) * len(NORMS)
_NORM_INDEX = {name: i for i, name in enumerate(NORMS)}


class Prefixes:
    """One player's rounds summed once, round by round, for every norm checked on the first *k*
    rounds of a Swiss (:func:`first_prefix_made`): games counted and still to play, half
    points, the opponents' rating sum and lowest rating, title holders and holders of each
    norm's titles, federations other than ``own`` met, opponents from ``own`` and the most
    from one federation. ``at[k]`` holds the sums of rounds ``0..k-1`` (see :data:`FIELDS`).

    >>> p = Prefixes([NormGame(2500, 2, "GM", "GER"), None, NormGame(None, 1, "", "FRA")], "GER")
    >>> dict(zip(Prefixes.FIELDS, p.at[3]))  # doctest: +NORMALIZE_WHITESPACE
    {'n': 2, 'to_play': 0, 'halves': 3, 'total': 3900, 'low': 1400, 'exact': True, 'bye': False, 'holders': 1,
     'others': 1, 'own': 1, 'top': 1, 'titled': (1, 1, 1, 1)}
    """

    FIELDS = ("n", "to_play", "halves", "total", "low", "exact", "bye", "holders", "others", "own", "top", "titled")

    def __init__(self, per_round: Sequence[NormGame | None], own: str = ""):
        self.rounds, self.own_federation = list(per_round), own
        n = to_play = halves = total = holders = others = mine = top = 0
        low: int | float | None = None
        exact, bye = True, False
        titled = _NOT_TITLED
        federations: dict[str, int] = {}
        at = [(n, to_play, halves, total, low, exact, bye, holders, others, mine, top, titled)]
        for g in self.rounds:
            if g is not None:
                result = g.result
                bye = bye or result == FORFEIT_WIN or result == BYE_PAIRING
                if result is None or result <= 2:
                    n += 1
                    if result is None:
                        to_play += 1
                    else:
                        halves += result
                    rating = UNRATED_AS if g.rating is None else g.rating
                    exact = exact and rating.__class__ is int
                    total += rating
                    if low is None or rating < low:
                        low = rating
                    holders += g.title in TITLE_HOLDERS
                    more = _TITLED_BY.get(g.title)
                    if more is not None:
                        titled = tuple(a + b for a, b in zip(titled, more))
                    federation = g.federation
                    if federation:
                        count = federations.get(federation, 0) + 1
                        federations[federation] = count
                        if count > top:
                            top = count
                        if federation == own:
                            mine = count
                        elif count == 1:
                            others += 1
            at.append((n, to_play, halves, total, low, exact, bye, holders, others, mine, top, titled))
        self.at = at

    def may_make(self, norm: Norm, k: int, min_games: int, exempt: bool) -> bool:
        """False when the first ``k`` rounds cannot make ``norm`` (:func:`evaluate` confirms a
        True): each requirement decided here is decided exactly as :func:`evaluate` decides
        it, and the games credited by a looser bound."""
        n, to_play, halves, total, low, exact, bye, holders, others, mine, top, titled_by = self.at[k]
        if not n or to_play:
            return False
        titled = titled_by[_NORM_INDEX[norm.name]]
        if 2 * holders < n or 3 * titled < n or titled < NORM_TITLED_MIN:
            return False
        if not exempt and (others < OTHER_FEDERATIONS or 3 * top > 2 * n
                           or self.own_federation and 5 * mine > 3 * n):
            return False
        if not _meets_share(halves, n):
            return False
        credit = int(n == min_games - 1 and bye)
        if min(GAMES_CAP, n + credit + halves // 2) < min_games:
            return False
        if exact and low is not None:
            ra = FIDE.average_rounding(total - low + max(low, norm.floor), n)
            if ra < norm.average or ra + dp_for_hundredths(half_up(100 * halves, 2 * n)) < norm.performance:
                return False
        return True


def first_prefix_made(norm: Any, prefixes: Prefixes, *, min_games: int = MIN_GAMES,
                      exempt: bool = False) -> tuple[NormCheck, int] | None:
    """The check of the first *k* rounds that makes the norm, k from ``min_games`` up to one
    round short of all, with that *k*; None when none does. The same answer as calling
    :func:`evaluate` on every prefix in turn, from sums made once per player (:class:`Prefixes`).

    >>> g = [NormGame(2600, 2, "GM", "GER"), NormGame(2500, 1, "IM", "FRA")] * 4 + [NormGame(2450, 1, "GM", "ESP")]
    >>> check, k = first_prefix_made("GM", Prefixes(g + [NormGame(2000, 0, "", "ITA")], "NOR"))
    >>> k, check.score, check.achieved
    (9, 6.5, True)
    """
    norm = parse_norm(norm)
    for k in range(min_games, len(prefixes.rounds)):
        if not prefixes.may_make(norm, k, min_games, exempt):
            continue
        check = evaluate(norm, [g for g in prefixes.rounds[:k] if g is not None], prefixes.own_federation,
                         min_games=min_games, exempt=exempt)
        if check.achieved:
            return check, k
    return None


# --- what users call ---------------------------------------------------------------------------


def norm_check(norm: Any, opponents: Cells, results: Cells, titles: Cells = None, federations: Cells = None,
               own_federation: Any = None, exempt: Any = None, min_games: Any = None,
               double_round_robin: Any = None) -> NormCheck:
    """Check a norm from ranges of cells, as ``ELO_NORM`` takes them.

    ``opponents`` and ``results`` as in :func:`elo_xl.engine.rate` (blank, 0 or NR: an
    unrated opponent; forfeits never count), except that a blank result against a given
    opponent is a game still to play. ``titles`` and ``federations`` one per opponent
    (optional), ``own_federation`` the player's; ``exempt`` TRUE switches the federation
    rules off; ``min_games`` blank = 9.

    >>> c = norm_check("GM", [2600] * 9, [1, 1, 1, 1, 0, 0, 0, 0, None], ["GM"] * 9, ["ENG"] * 9, "ENG")
    >>> c.points_required, c.points_needed, c.unmet[:2]
    (4.5, 0.5, ('1 game still to play', 'Rp 2557 is below 2600'))
    """
    parsed_norm = parse_norm(norm)
    own = parse_federation(own_federation, "own_federation")
    minimum = parse_whole(min_games, "min_games", 1, GAMES_CAP) or MIN_GAMES
    games = games_from_cells(opponents, results, titles, federations)
    return evaluate(parsed_norm, games, own, min_games=minimum, exempt=parse_flag(exempt, "exempt"),
                    double_round_robin=parse_flag(double_round_robin, "double_round_robin"))


def norm_score(norm: Any, games: Any, average: Any) -> int | float | None:
    """The Annex of the regulations, computed: the least points for a norm in ``games`` games
    (the Annex shows 7–19) at an opponents' average ``average`` (a whole number; a fraction is
    rounded .5 up). None when no score makes the norm.

    >>> norm_score("IM", 9, 2380), norm_score("WGM", "13", 2180.4)
    (5.5, 10.5)
    """
    parsed = parse_norm(norm)
    n = parse_whole(games, "games", 1, 99)
    if n is None:
        raise EloError.at("games", None, games, "is not a number of games; type a whole number such as 9")
    value = parse_number(average, "average")
    if not 1 <= value <= 3999:
        raise EloError.at("average", None, average, "is not an average rating; type a number from 1 to 3999")
    return least_score(parsed, n, float_half_up(value) if isinstance(value, float) else value)


__all__ = [
    "NORMS", "Norm", "NormGame", "NormCheck", "TITLES", "TITLE_HOLDERS", "UNRATED_AS", "GAMES_CAP", "MIN_GAMES",
    "parse_norm", "parse_title", "parse_federation", "games_from_cells", "floored_ratings", "least_score",
    "evaluate", "norm_check", "norm_score", "points_text", "Prefixes", "first_prefix_made",
]
