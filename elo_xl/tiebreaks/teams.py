"""The ranking of a team event (C.07 for team competitions): the primary score, then the
arbiter's list of team tie-breaks, then the team number — through the players' engine.

A team event reaches the tie-breaks as matches (:class:`Match`: the opponent team, the colour,
the kind of round, the match and game points, the game points per board), read once by
:mod:`elo_xl.event.teams`. Each score system is turned into the players' prepared form
(:func:`~elo_xl.tiebreaks.unplayed.assemble`), so that article 16 (unplayed rounds, the dummy
opponent, the 2026 caps), Buchholz with its cuts and direct encounter are the players' own
code, applied to teams: one engine.

A pairing-allocated bye counts at its points in the opponents' Buchholz (C.07 16.3 with
16.2.1: a PAB is not voluntarily unplayed; FIDE's reference tool does the same); with
``pab="draw"`` it counts as a drawn match, as Swiss-Manager does.

>>> from .unplayed import GAME, PAB
>>> W, D, L = Fraction(2), Fraction(1), Fraction(0)
>>> m = lambda o, c, mp, gp: Match(o, c, GAME, mp, gp, ())
>>> e = TeamEvent([[m(2, "w", W, 3), m(3, "b", D, 2)], [m(1, "b", L, 1), Match(None, "", PAB, D, 2, ())],
...                [Match(None, "", PAB, D, 2, ()), m(1, "w", D, 2)]], boards=4)
>>> r = team_ranking(e, "MPvGP,BH:MP", "2024")
>>> r.order, [r.row(i) for i in range(3)]
([1, 3, 2], [{'MPvGP': 5, 'BH:MP': 3}, {'MPvGP': 3, 'BH:MP': 4}, {'MPvGP': 4, 'BH:MP': 5}])
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from ..errors import EloError
from ..results import DRAW, LOSS, WIN
from .encounter import tiers
from .opponents import buchholz, kept_products
from .ranking import Ranking, ranked
from .team_codes import SCORES, TeamTiebreak, default_team_codes, parse_team_codes
from .unplayed import ABSENT, FORFEIT_WON, FULL_BYE, GAME, HALF_BYE, PAB, Prepared, assemble


@dataclass(frozen=True)
class Match:
    """One team's round: the opponent team (1-based, None for none), the team's colour
    (board 1's: ``w``, ``b`` or ``""``), the kind of round (:mod:`elo_xl.tiebreaks.unplayed`'s
    ``GAME``, ``FORFEIT_WON``, ``PAB``…), the match and game points it brought, and the game
    points of each board (board 1 first; empty when no board was played or forfeited).

    >>> Match(2, "w", GAME, Fraction(2), Fraction(5, 2), (1, 1, Fraction(1, 2), 0)).boards[2]
    Fraction(1, 2)
    """

    opponent: int | None
    colour: str
    kind: int
    mp: Fraction
    gp: Fraction
    boards: tuple[Fraction, ...] = ()
    #: False for a match paired whose results are not typed yet (it scores nothing so far).
    played: bool = True


#: A round with nothing in it.
NO_MATCH = Match(None, "", ABSENT, Fraction(0), Fraction(0), ())


@dataclass
class TeamEvent:
    """A team event as the tie-breaks read it: ``matches[i]`` holds team ``i + 1``'s rounds
    (padded with :data:`NO_MATCH`); ``boards`` per match; ``match_points`` a won, drawn and lost
    match's points (``362``); ``game_points`` a won and a drawn game's (``162``); ``primary`` the
    score ranked first; ``round_robin`` predetermined pairings (C.07 15.2).

    >>> TeamEvent([[NO_MATCH], []], boards=4).teams
    2
    """

    matches: list[list[Match]]
    boards: int
    match_points: tuple[Fraction, Fraction, Fraction] = (Fraction(2), Fraction(1), Fraction(0))
    game_points: tuple[Fraction, Fraction] = (Fraction(1), Fraction(1, 2))
    primary: str = "MP"
    round_robin: bool = False
    start: datetime.date | None = None
    names: list[str] = field(default_factory=list)
    #: Points added to a team's standing only, not to its tie-breaks (team → (MP, GP); TRF ``299`` round 999).
    standing: dict[int, tuple[Fraction, Fraction]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        width = max((len(row) for row in self.matches), default=0)
        self.matches = [list(row) + [NO_MATCH] * (width - len(row)) for row in self.matches]
        if self.primary not in SCORES:
            raise EloError(f"primary score {self.primary!r} is neither MP nor GP")
        n = len(self.matches)
        for i, row in enumerate(self.matches, 1):
            for t, m in enumerate(row, 1):
                if m.opponent is not None and not 1 <= m.opponent <= n:
                    raise EloError(f"team {i}, round {t}: opponent {m.opponent} is not a team of the event (1 to {n})")

    @property
    def teams(self) -> int:
        """The number of teams."""
        return len(self.matches)

    @property
    def secondary(self) -> str:
        """The other score."""
        return "GP" if self.primary == "MP" else "MP"

    def rounds(self) -> int:
        """The rounds counted: the last in which any team has a match or a bye."""
        last = 0
        for row in self.matches:
            for t in range(len(row), last, -1):
                if row[t - 1].kind != ABSENT or row[t - 1].opponent is not None:
                    last = t
                    break
        return last


def prepare_score(event: TeamEvent, score: str, version: str, pab: str = "points") -> Prepared:
    """One score system of a team event in the players' prepared form: per team and round the
    kind, the opponent and the points (``MP`` or ``GP``) in whole units; a draw's and a win's
    points are a match's (MP) or a whole team's games' (GP).

    >>> from .unplayed import PAB
    >>> e = TeamEvent([[Match(2, "w", GAME, Fraction(2), Fraction(5, 2))], [Match(1, "b", GAME, Fraction(0), Fraction(3, 2))],
    ...                [Match(None, "", PAB, Fraction(1), Fraction(2))]], boards=4)
    >>> p = prepare_score(e, "GP", "2024"); p.unit, p.score, p.draw, p.win
    (2, [5, 3, 4], 4, 8)
    """
    rounds = event.rounds()
    mw, md, ml = event.match_points
    gw, gd = event.game_points
    if score == "MP":
        win, draw = mw, md
        values = [m.mp for row in event.matches for m in row[:rounds]]
    else:
        win, draw = gw * event.boards, gd * event.boards
        values = [m.gp for row in event.matches for m in row[:rounds]]
    unit = math.lcm(*(Fraction(v).denominator for v in [win, draw, *values]))
    kind, opp, black, codes, points = [], [], [], [], []
    for row in event.matches:
        ks, os, bs, cs, ps = [], [], [], [], []
        for m in row[:rounds]:
            value = m.mp if score == "MP" else m.gp
            ks.append(m.kind)
            os.append(m.opponent - 1 if m.opponent is not None and m.kind != ABSENT else -1)
            bs.append(m.colour == "b")
            if m.kind == GAME and m.played:
                cs.append(WIN if m.mp == mw else LOSS if m.mp == ml else DRAW)
            else:
                cs.append(None)
            ps.append(int(Fraction(value) * unit))
        kind.append(ks)
        opp.append(os)
        black.append(bs)
        codes.append(cs)
        points.append(ps)
    return assemble(version, event.round_robin, rounds, unit, kind, opp, black, codes, points, int(draw * unit),
                    int(win * unit), [None] * event.teams, [0] * event.teams, True, pab_as_draw=pab == "draw")


@dataclass
class _Scores:
    """Both score systems of an event, prepared once for every tie-break."""

    event: TeamEvent
    version: str
    pab: str
    by: dict[str, Prepared] = field(default_factory=dict)

    def __getitem__(self, score: str) -> Prepared:
        if score not in self.by:
            self.by[score] = prepare_score(self.event, score, self.version, self.pab)
        return self.by[score]


def _other(s: _Scores, t: TeamTiebreak) -> list[Fraction]:
    p = s[s.event.secondary]
    return [Fraction(v, p.unit) for v in p.score]


def _score(s: _Scores, t: TeamTiebreak) -> list[Fraction]:
    p = s[t.base]
    return [Fraction(v, p.unit) for v in p.score]


def _buchholz(s: _Scores, t: TeamTiebreak) -> list[Fraction]:
    from .codes import Tiebreak

    return buchholz(s[t.score or s.event.primary], Tiebreak("BH", t.trim, t.forfeits_played))


def extended_sonneborn_berger(s: _Scores, t: TeamTiebreak) -> list[Fraction]:
    """E{X}{Y}SB: over the rounds, the opponent's score in X (16.3; the dummy's in an own
    unplayed round, 16.4) times the team's own points in Y in that match; ``/C1``, ``/C2`` cut
    as SB's (C.07 14.1.1). ``ESB``: the opponent's primary score times the team's secondary
    (match points primary: EMGSB), as FIDE's reference tool computes it."""
    if t.base == "ESB":  # the opponent's primary score times the team's secondary
        first, second = s.event.primary, s.event.secondary
    else:
        first, second = ("MP" if t.base[1] == "M" else "GP"), ("MP" if t.base[2] == "M" else "GP")
    theirs, ours = s[first], s[second]
    out = []
    for i in range(theirs.players):
        items = [(score, score * own, voluntary) for (score, _, voluntary), (_, own, _) in
                 zip(theirs.opponent_values(i, t.forfeits_played), ours.opponent_values(i, t.forfeits_played))]
        out.append(Fraction(kept_products(items, t.cut), theirs.unit * ours.unit))
    return out


def score_and_schedule(s: _Scores, t: TeamTiebreak) -> list[Fraction]:
    """SSSC: the secondary score plus the Buchholz of the primary score divided by the number
    that brings it to the secondary's scale — with match points primary the floor of a won
    match's points times the rounds over a won board's points times the boards; with game
    points primary the floor of the rounds times the boards' won points over a won match's —
    rounded half up to two decimals, as FIDE's reference tool computes it."""
    from .codes import Tiebreak

    e = s.event
    rounds = s[e.primary].rounds
    mw = e.match_points[0]
    gw = e.game_points[0]
    if e.primary == "MP":
        divisor = math.floor(mw * rounds / (gw * e.boards))
    else:
        divisor = math.floor(gw * rounds * e.boards / mw)
    divisor = max(divisor, 1)
    bh = buchholz(s[e.primary], Tiebreak("BH"))
    secondary = _other(s, t)
    out = []
    for own, b in zip(secondary, bh):
        exact = own + b / divisor
        rounded = (Decimal(exact.numerator) / Decimal(exact.denominator)).quantize(Decimal("0.01"), ROUND_HALF_UP)
        out.append(Fraction(rounded))
    return out


def _board_totals(s: _Scores) -> list[list[Fraction]]:
    """Each team's game points per board over the rounds: a match played, its boards; a round
    without one, every board the points of a game won (a pairing-allocated or full-point bye,
    a forfeit win), drawn (a half-point bye) or lost (the rest), as FIDE's reference tool
    counts them for BC, TBR and BBE."""
    e = s.event
    rounds = e.rounds()
    win, draw = e.game_points
    each = {PAB: win, FULL_BYE: win, FORFEIT_WON: win, HALF_BYE: draw}
    out = []
    for row in e.matches:
        totals = [Fraction(0)] * e.boards
        for m in row[:rounds]:
            if m.kind == GAME:
                for b, pts in enumerate(m.boards[:e.boards]):
                    totals[b] += pts
            elif m.kind in each:
                totals = [t + each[m.kind] for t in totals]
        out.append(totals)
    return out


def board_count(s: _Scores, t: TeamTiebreak) -> list[Fraction]:
    """BC: the sum over the boards of the board's number times the game points scored on it;
    the lower ranks higher (the same points, won on higher boards)."""
    return [sum((b * v for b, v in enumerate(row, 1)), Fraction(0)) for row in _board_totals(s)]


def _rank_within(groups: Sequence[Sequence[int]], steps: list[list[Fraction]]) -> list[Fraction]:
    """A rank-only tie-break: within each group, order by the first list of values, the teams
    still level by the next, and so on; the value is how many of the group rank below."""
    out = [Fraction(0)] * (len(steps[0]) if steps else 0)
    for group in groups:
        if len(group) < 2:
            continue
        tiers = [list(group)]
        for values in steps:
            nxt = []
            for tier in tiers:
                if len(tier) < 2:
                    nxt.append(tier)
                    continue
                levels = sorted({values[i] for i in tier}, reverse=True)
                nxt.extend([i for i in tier if values[i] == v] for v in levels)
            tiers = nxt
        below = len(group)
        for tier in tiers:
            below -= len(tier)
            for i in tier:
                out[i] = Fraction(below)
    return out


def _top_board_steps(s: _Scores) -> list[list[Fraction]]:
    totals = _board_totals(s)
    return [[row[b] for row in totals] for b in range(s.event.boards)]


def _bottom_board_steps(s: _Scores) -> list[list[Fraction]]:
    totals = _board_totals(s)
    return [[sum(row[:keep], Fraction(0)) for row in totals] for keep in range(s.event.boards - 1, 0, -1)]


#: The board criteria each EDE code adds for two teams still level (C: board count, T: each
#: board from the top, B: the boards without the bottom ones).
_EDE_BOARDS = {"EDE": "", "EDEC": "C", "EDET": "T", "EDEB": "B", "EDEBT": "CT", "EDEBB": "CB"}


def _encounter_boards(s: _Scores, t: TeamTiebreak, i: int, j: int) -> list[Fraction]:
    """Team ``i``'s game points per board in its matches against team ``j`` (each board the
    average over the matches, when they met more than once)."""
    p = s[s.event.primary]
    met = [s.event.matches[i][r].boards for r in range(p.rounds)
           if p.opp[i][r] == j and p.counts_as_game(i, r, t.forfeits_played)]
    boards = s.event.boards
    return [sum((Fraction(m[b]) if b < len(m) else Fraction(0) for m in met), Fraction(0)) / (len(met) or 1)
            for b in range(boards)]


def _ede_tiers(s: _Scores, t: TeamTiebreak, group: list[int]) -> list[list[int]]:
    """Extended direct encounter among the teams of ``group``: direct encounter on the
    primary score, the teams still level on the secondary, alternately until neither
    separates them; two teams still level then by the board results of their encounter, as
    the code says (board count, then the top boards or the boards without the bottom ones)."""
    if len(group) < 2:
        return [group]
    for score in (s.event.primary, s.event.secondary):
        found = tiers(s[score], group, t.forfeits_played)
        if len(found) > 1:
            out: list[list[int]] = []
            for tier in found:
                out.extend(_ede_tiers(s, t, tier) if len(tier) > 1 else [tier])
            return out
    criteria = _EDE_BOARDS[t.base]
    if len(group) != 2 or not criteria:
        return [group]
    a, b = group
    boards = {a: _encounter_boards(s, t, a, b), b: _encounter_boards(s, t, b, a)}
    keys: list[dict[int, Fraction]] = []
    if "C" in criteria:  # the lower board count ranks higher
        keys.append({i: -sum((n * v for n, v in enumerate(boards[i], 1)), Fraction(0)) for i in group})
    n = s.event.boards
    if "T" in criteria:
        keys.extend({i: boards[i][k] for i in group} for k in range(n))
    if "B" in criteria:
        keys.extend({i: sum(boards[i][:keep], Fraction(0)) for i in group} for keep in range(n - 1, 0, -1))
    for key in keys:
        if key[a] != key[b]:
            return [[a], [b]] if key[a] > key[b] else [[b], [a]]
    return [group]


def extended_direct_encounter(s: _Scores, t: TeamTiebreak, groups: Sequence[Sequence[int]]) -> list[Fraction]:
    """The EDE family among each group of teams still tied: how many of the group it ranks
    below each team (0 when it separates nobody)."""
    out = [Fraction(0)] * s.event.teams
    for group in groups:
        if len(group) < 2:
            continue
        below = len(group)
        for tier in _ede_tiers(s, t, list(group)):
            below -= len(tier)
            for i in tier:
                out[i] = Fraction(below)
    return out


_VALUES = {"MPVGP": _other, "MP": _score, "GP": _score, "BH": _buchholz, "ESB": extended_sonneborn_berger,
           "EMMSB": extended_sonneborn_berger, "EMGSB": extended_sonneborn_berger,
           "EGMSB": extended_sonneborn_berger, "EGGSB": extended_sonneborn_berger, "SSSC": score_and_schedule,
           "BC": board_count}


def team_ranking(event: TeamEvent, codes: str | Sequence[str | TeamTiebreak] | None = None,
                 version: str = "2026", pab: str = "points") -> Ranking:
    """Rank the teams by the primary score, then ``codes`` in order (None: the default list
    of :func:`~elo_xl.tiebreaks.team_codes.default_team_codes`; rank-only tie-breaks among the
    teams still tied at their place in the list), then the team number. ``pab``: how an
    opponent's pairing-allocated bye counts in Buchholz, ``points`` or ``draw``."""
    from .codes import check_version

    version = check_version(version)
    if pab not in ("points", "draw"):
        raise EloError(f"--pab-in-buchholz {pab!r}: give points or draw")
    tiebreaks = default_team_codes(event.primary) if codes is None else parse_team_codes(codes)
    s = _Scores(event, version, pab)
    p = s[event.primary]
    n = event.teams
    extra = [event.standing.get(i + 1, (Fraction(0), Fraction(0)))[0 if event.primary == "MP" else 1] for i in range(n)]
    points = [Fraction(v, p.unit) + x for v, x in zip(p.score, extra)]

    def value_of(t: TeamTiebreak, groups: list[list[int]]) -> list[Fraction]:
        if t.base.startswith("EDE"):
            return extended_direct_encounter(s, t, groups)
        if t.base == "TBR":
            return _rank_within(groups, _top_board_steps(s))
        if t.base == "BBE":
            return _rank_within(groups, _bottom_board_steps(s))
        return _VALUES[t.base](s, t)

    values, ranks, shared = ranked(n, lambda i: points[i], tiebreaks, value_of)
    return Ranking(tuple(tiebreaks), version, p.rounds, points, values, ranks, shared)  # type: ignore[arg-type]


__all__ = ["Match", "NO_MATCH", "TeamEvent", "board_count", "extended_direct_encounter", "extended_sonneborn_berger",
           "prepare_score", "score_and_schedule", "team_ranking"]
