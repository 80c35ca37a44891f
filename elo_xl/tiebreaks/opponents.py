"""Tie-breaks of the opponents' scores: Buchholz and its variants (C.07 article 8: BH, AOB,
FB) and Sonneborn-Berger and Koya (article 9: SB, KS), each with article 16's unplayed rounds
(:mod:`elo_xl.tiebreaks.unplayed`) and article 14's cuts and medians.

>>> from .event import from_rounds
>>> from .unplayed import prepare
>>> from .codes import parse_code
>>> p = prepare(from_rounds([["1", "="], ["0", "="], ["U", "="], ["H", "="]],
...                         [[2, 3], [1, 4], [None, 1], [None, 2]]), "2024")
>>> [str(v) for v in buchholz(p, parse_code("BH"))], [str(v) for v in buchholz(p, parse_code("BH/C1"))]
(['2', '5/2', '3', '3/2'], ['3/2', '3/2', '3/2', '1/2'])
>>> [str(v) for v in sonneborn_berger(p, parse_code("SB"))]
['5/4', '1/2', '9/4', '3/4']
"""

from __future__ import annotations

from fractions import Fraction

from ..errors import EloError
from .codes import Tiebreak
from .unplayed import FORFEIT_LOST, FORFEIT_WON, GAME, Prepared, trimmed


def buchholz(p: Prepared, t: Tiebreak) -> list[Fraction]:
    """BH (C.07 8.1): the sum of the opponents' scores; an opponent's score counts his rounds
    of 16.2.5 as draws (16.3), an own unplayed round counts the dummy (16.4). ``/C1``, ``/C2``
    cut the lowest one or two values, ``/M1``, ``/M2`` also the highest (14.1–14.4), the
    values of voluntarily unplayed rounds first (16.5); ``/P`` counts forfeits as games.
    """
    out = []
    for i in range(p.players):
        values = [(score, voluntary) for score, _, voluntary in p.opponent_values(i, t.forfeits_played)]
        out.append(Fraction(sum(trimmed(values, t.cut, t.median)), p.unit))
    return out


def fore_buchholz(p: Prepared, t: Tiebreak) -> list[Fraction]:
    """FB (C.07 8.3): Buchholz with every game of the last round (and every forfeit with an
    opponent in it) counted as a draw, for everybody; byes keep their points. Cuts, medians
    and ``/P`` as for BH. An event of no rounds is BH. Needs the rounds in playing order.
    """
    if not p.ordered:
        raise EloError(f"tie-break {t.code} needs the last round; a crosstable has no round order "
                       "(give a TRF file, or choose another tie-break)")
    if p.rounds == 0:
        return buchholz(p, t)
    last = p.rounds - 1
    points = [list(row) for row in p.points]
    for i in range(p.players):
        k = p.kind[i][last]
        if k == GAME or (k in (FORFEIT_WON, FORFEIT_LOST) and p.opp[i][last] >= 0):
            points[i][last] = p.draw
    score = [sum(row) for row in points]
    adjusted = [a + s - old for a, s, old in zip(p.adjusted, score, p.score)]
    fore = Prepared(**{**p.__dict__, "points": points, "score": score, "adjusted": adjusted})
    return buchholz(fore, t)


def average_opponents_buchholz(p: Prepared, t: Tiebreak) -> list[Fraction]:
    """AOB (C.07 8.2): the average of the Buchholz (8.1, with article 16) of the opponents met
    in games (in a round robin, forfeits too: 15.2); 0 without a game. Exact, unrounded."""
    bh = buchholz(p, Tiebreak("BH"))
    out = []
    for i in range(p.players):
        met = [bh[p.opp[i][r]] for r in range(p.rounds) if p.counts_as_game(i, r)]
        out.append(sum(met, Fraction(0)) / len(met) if met else Fraction(0))
    return out


def sonneborn_berger(p: Prepared, t: Tiebreak) -> list[Fraction]:
    """SB (C.07 9.1): the sum over the rounds of the opponent's score (16.3; the dummy's for an
    own unplayed round, 16.4) times the points scored in it. ``/C1``, ``/C2`` (14.1.1.d) cut
    the value of the opponent with the lowest score (the lowest such value on a tie), unless
    the lowest value of a voluntarily unplayed round is not lower: then that one (16.5.1),
    the rule applied again for the second cut (16.5.2); ``/P`` counts forfeits as games.
    """
    out = []
    for i in range(p.players):
        items = p.opponent_values(i, t.forfeits_played)
        out.append(Fraction(kept_products([(score, score * own, voluntary) for score, own, voluntary in items], t.cut),
                            p.unit * p.unit))
    return out


def kept_products(items: list[tuple[int, int, bool]], cut: int) -> int:
    """The sum of SB's products that a cut of ``cut`` keeps; ``items`` are (the opponent's
    score, the product, voluntarily unplayed). The value cut is the opponent's with the lowest
    score (the lowest product on a tie), unless the lowest product of a voluntarily unplayed
    round is not lower: then that one (16.5.1); again for a second cut (16.5.2).

    >>> kept_products([(3, 3, False), (1, 0, False), (2, 2, True)], 1), kept_products([(3, 3, False), (1, 1, False)], 1)
    (3, 3)
    """
    rest = list(items)
    for _ in range(min(cut, len(rest))):
        low = min(e[0] for e in rest)
        victim = min((e for e in rest if e[0] == low), key=lambda e: e[1])
        voluntary = [e for e in rest if e[2]]
        if voluntary and min(e[1] for e in voluntary) >= victim[1]:
            victim = min(voluntary, key=lambda e: e[1])
        rest.remove(victim)
    return sum(e[1] for e in rest)


def koya(p: Prepared, t: Tiebreak) -> list[Fraction]:
    """KS (C.07 9.2): the points scored against the opponents who scored at least half of the
    maximum possible score: a win's points times the rounds in a Swiss; in a round robin times
    the games a player can play (an odd number of players sits one out). Only rounds against
    an opponent count (games and forfeits), at the opponents' final scores: article 16 does
    not manage Koya (no dummy, no adjusted score), as FIDE's reference program computes it.
    """
    if p.round_robin:
        games = max((sum(1 for r in range(p.rounds) if p.opp[i][r] >= 0) for i in range(p.players)), default=0)
    else:
        games = p.rounds
    maximum = p.win * games
    out = []
    for i in range(p.players):
        total = sum(p.points[i][r] for r in range(p.rounds)
                    if p.opp[i][r] >= 0 and 2 * p.score[p.opp[i][r]] >= maximum)
        out.append(Fraction(total, p.unit))
    return out
