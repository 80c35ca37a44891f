"""Unplayed rounds (C.07 article 16 for Swiss events, 15.2 for round robins), and the event
prepared once for every tie-break: kinds of rounds, points in whole units, adjusted scores.

Kinds of a round (:data:`GAME` … :data:`ABSENT`) and the categories of article 16:

- 16.2.1 a pairing-allocated bye (``U``; a full-point bye ``F`` likewise: C.07 16.1.1 names
  only half- and zero-point byes as requested);
- 16.2.2 a forfeit win; 16.2.4 a forfeit loss;
- 16.2.3 a requested bye (``H``, ``Z``) or an absence **followed** by a round in which the
  participant was available to play (a game, a forfeit win, a ``U`` or ``F`` bye);
- 16.2.5 such rounds **not followed** by one (he withdrew, or stayed away to the end).

Voluntarily unplayed rounds (16.1.2; cut first, 16.5): requested byes, forfeit losses and
absences. For his opponents (16.3) a participant's 16.2.5 rounds count as draws, the others
at face value. For himself (16.4) each unplayed round is a game against a dummy opponent with
his own final score; under the 2026 rules the dummy is capped: for a forfeit at the scheduled
opponent's adjusted score (16.4.1), otherwise at a draw's points times the rounds (16.4.2).

In a round robin (15.2) a forfeit is a game like any other, against its opponent; a round
without an opponent (the bye of an odd number of players, a withdrawal) adds nothing; nobody's
score is adjusted. Under the 2026 rules a forfeit loss stays out of the counts of games
(BPG, BWG) and every forfeit out of the rating tie-breaks.

Points are whole *units* (:attr:`Prepared.unit` units to a point: 2 for FIDE's 1, ½, 0) so
that every sum is exact and fast.

>>> from .event import from_rounds
>>> p = prepare(from_rounds([["1", "H", "U", "Z"], ["0", "Z", None, None]], [[2, None, None, None], [1, None, None, None]]), "2024")
>>> p.score, p.adjusted, p.category
([5, 0], [6, 3], [[None, '16.2.3', '16.2.1', '16.2.5'], [None, '16.2.5', '16.2.5', '16.2.5']])
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from ..results import (
    BYE_FULL, BYE_HALF, BYE_PAIRING, BYE_ZERO, DRAW, FORFEIT_LOSS, FORFEIT_WIN, LOSS, POINTS_HALVES, UNRATED_DRAW,
    UNRATED_LOSS, UNRATED_WIN, WIN, game_points,
)
from .event import Event, rounds_played

#: Kinds of a round.
GAME, FORFEIT_WON, FORFEIT_LOST, PAB, FULL_BYE, HALF_BYE, ZERO_BYE, ABSENT = range(8)
#: Rounds in which the participant was available to play (16.2.3).
AVAILABLE = frozenset((GAME, FORFEIT_WON, PAB, FULL_BYE))
#: Voluntarily unplayed rounds (16.1.2).
VOLUNTARY = frozenset((FORFEIT_LOST, HALF_BYE, ZERO_BYE, ABSENT))
_BYE_KIND = {BYE_PAIRING: PAB, BYE_FULL: FULL_BYE, BYE_HALF: HALF_BYE, BYE_ZERO: ZERO_BYE}
#: The result code of each kind of unplayed round.
_UNPLAYED_CODE = {PAB: BYE_PAIRING, FULL_BYE: BYE_FULL, HALF_BYE: BYE_HALF, ZERO_BYE: BYE_ZERO,
                  FORFEIT_WON: FORFEIT_WIN, FORFEIT_LOST: FORFEIT_LOSS}
#: Codes that are a win over the board.
GAME_WINS = frozenset((WIN, UNRATED_WIN))


@dataclass
class Prepared:
    """An event read once for all its tie-breaks (lists indexed by player, then round)."""

    version: str
    round_robin: bool
    rounds: int             #: rounds counted (:func:`~elo_xl.tiebreaks.event.rounds_played`)
    unit: int               #: units to a point
    kind: list[list[int]]
    opp: list[list[int]]    #: the opponent's index (0-based), -1 for none
    black: list[list[bool]]
    code: list[list[int | None]]
    points: list[list[int]]  #: units scored in each round
    score: list[int]         #: final score in units
    adjusted: list[int]      #: the score as the opponents' tie-breaks count it (16.3)
    category: list[list[str | None]]
    draw: int                #: a draw's points, in units
    win: int                 #: a win's points, in units
    ratings: list[int | None]
    standard: list[int]      #: points at 1, ½, 0, in halves (STD)
    ordered: bool

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self.score)

    def counts_as_game(self, i: int, t: int, forfeits_played: bool = False) -> bool:
        """Whether round ``t`` of player ``i`` is a game against its opponent for BH, SB, KS, DE:
        a game over the board, or a forfeit in a round robin (15.2) or with ``/P``."""
        k = self.kind[i][t]
        if k == GAME:
            return True
        return k in (FORFEIT_WON, FORFEIT_LOST) and self.opp[i][t] >= 0 and (self.round_robin or forfeits_played)

    def dummy(self, i: int, t: int) -> int:
        """The dummy opponent's score (16.4) for player ``i``'s unplayed round ``t``, in units."""
        own = self.score[i]
        if self.version == "2024":
            return own
        k, o = self.kind[i][t], self.opp[i][t]
        if k in (FORFEIT_WON, FORFEIT_LOST) and o >= 0:
            return min(own, self.adjusted[o])  # 16.4.1
        return min(own, self.draw * self.rounds)  # 16.4.2

    def opponent_values(self, i: int, forfeits_played: bool = False) -> list[tuple[int, int, bool]]:
        """Per counted round of player ``i``: (opponent's score as counted, own points, voluntarily
        unplayed), in units: the elements of BH and SB. A round robin counts only rounds with an
        opponent; a Swiss every round (16.4)."""
        out = []
        kinds, opps, pts = self.kind[i], self.opp[i], self.points[i]
        score = self.score if self.round_robin else self.adjusted
        for t in range(self.rounds):
            if self.counts_as_game(i, t, forfeits_played):
                out.append((score[opps[t]], pts[t], False))
            elif not self.round_robin:
                out.append((self.dummy(i, t), pts[t], kinds[t] in VOLUNTARY))
        return out


def _unit(scoring) -> int:
    if scoring is None:
        return 2
    return math.lcm(*(Fraction(v).denominator for v in scoring.values()))


def prepare(event: Event, version: str) -> Prepared:
    """The event as every tie-break reads it, under ``version`` (``2024`` or ``2026``)."""
    r = rounds_played(event)
    scoring = event.scoring
    unit = _unit(scoring)

    def value(key: str) -> int:
        return int(Fraction(scoring[key]) * unit) if scoring is not None else {"W": 2, "D": 1, "L": 0}[key[-1]]

    game_value = {}
    if scoring is not None:
        for code in (WIN, UNRATED_WIN, DRAW, UNRATED_DRAW, LOSS, UNRATED_LOSS):
            for black in (False, True):
                game_value[(code, black)] = int(game_points(code, black, scoring) * unit)
    bye_points = {k: int(game_points(code, False, scoring) * unit) for k, code in _UNPLAYED_CODE.items()}
    kind, opp, black, codes, points, standard = [], [], [], [], [], []
    for row in event.rounds:
        ks, os, bs, cs, ps, ss = [], [], [], [], [], 0
        for rd in row[:r]:
            o, c = rd.opponent, rd.code
            is_black = rd.colour == "b"
            if c is None:
                k = GAME if o is not None else ABSENT  # a pairing without a result yet: a game
                p = 0
            elif c == FORFEIT_WIN:
                k, p = FORFEIT_WON, bye_points[FORFEIT_WON]
            elif c == FORFEIT_LOSS:
                k = FORFEIT_LOST if o is not None else ABSENT  # 0000 - -: an absence
                p = bye_points[FORFEIT_LOST] if o is not None else 0
            elif c in _BYE_KIND:
                k = _BYE_KIND[c]
                p = bye_points[k]
                o = None
            else:
                k = GAME
                p = game_value[(c, is_black)] if scoring is not None else POINTS_HALVES[c]
            ks.append(k)
            os.append(o - 1 if o is not None and k != ABSENT else -1)
            bs.append(is_black)
            cs.append(c)
            ps.append(p)
            ss += POINTS_HALVES[c] if c is not None and k != ABSENT else 0
        kind.append(ks)
        opp.append(os)
        black.append(bs)
        codes.append(cs)
        points.append(ps)
        standard.append(ss)
    return assemble(version, event.round_robin, r, unit, kind, opp, black, codes, points, value("WD"), value("WW"),
                    list(event.ratings), standard, event.ordered)


def assemble(version: str, round_robin: bool, rounds: int, unit: int, kind: list[list[int]], opp: list[list[int]],
             black: list[list[bool]], codes: list[list[int | None]], points: list[list[int]], draw: int, win: int,
             ratings: list[int | None], standard: list[int], ordered: bool = True,
             pab_as_draw: bool = False) -> Prepared:
    """A :class:`Prepared` from rounds already classified (one kind, opponent and points per
    round): the scores, the categories of article 16 and the scores the opponents' tie-breaks
    count (16.3: rounds of 16.2.5 as draws; with ``pab_as_draw`` a pairing-allocated bye too,
    the reading of some team programs). :func:`prepare` reads players' games into it; the team
    tie-breaks (:mod:`elo_xl.tiebreaks.teams`) read matches into it, once per score system.

    >>> p = assemble("2024", False, 2, 1, [[GAME, PAB], [GAME, ABSENT]], [[1, -1], [0, -1]], [[False] * 2] * 2,
    ...              [[None] * 2] * 2, [[2, 2], [0, 0]], 1, 2, [None, None], [0, 0])
    >>> p.score, p.adjusted, p.category
    ([4, 0], [4, 1], [[None, '16.2.1'], [None, '16.2.5']])
    """
    score = [sum(p) for p in points]
    adjusted = list(score)
    category: list[list[str | None]] = []
    for i in range(len(kind)):
        ks = kind[i]
        last = max((t for t in range(rounds) if ks[t] in AVAILABLE), default=-1)
        cats: list[str | None] = []
        for t, k in enumerate(ks):
            if k == GAME:
                cats.append(None)
            elif k in (PAB, FULL_BYE):
                cats.append("16.2.1")
                if pab_as_draw and k == PAB and not round_robin:
                    adjusted[i] += draw - points[i][t]
            elif k == FORFEIT_WON:
                cats.append("16.2.2")
            elif k == FORFEIT_LOST:
                cats.append("16.2.4")
            elif t < last:
                cats.append("16.2.3")
            else:
                cats.append("16.2.5")
                if not round_robin:
                    adjusted[i] += draw - points[i][t]
        category.append(cats)
    return Prepared(version, round_robin, rounds, unit, kind, opp, black, codes, points, score, adjusted, category,
                    draw, win, ratings, standard, ordered)


def trimmed(values: list[tuple[int, bool]], cut: int = 0, median: int = 0) -> list[int]:
    """The values a cut or median keeps (C.07 14, 16.5): each of the ``cut`` (or ``median``)
    least significant values removed is the lowest value of a voluntarily unplayed round
    while one is left (16.5.1: it is cut when not lower than the lowest value, which it never
    is; reapplied for the second, 16.5.2), else the lowest; a median also removes the
    ``median`` highest. A cut of more values than there are leaves none (0). Values are
    (value, voluntarily unplayed).

    >>> trimmed([(5, False), (3, False), (4, True)], cut=1), trimmed([(5, False), (3, False), (4, False)], median=1)
    ([5, 3], [4])
    """
    rest = list(values)
    lows = cut or median
    for _ in range(min(lows, len(rest))):
        voluntary = [v for v in rest if v[1]]
        rest.remove(min(voluntary) if voluntary else min(rest))
    out = [v for v, _ in rest]
    for _ in range(min(median, len(out))):
        out.remove(max(out))
    return out
