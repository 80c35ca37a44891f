"""Tie-breaks that count (C.07 article 5 and 7): PTS, WIN, WON, BPG, BWG, PS, REP (the 2023
text's GE), and the 2026 additions STD and TPN.

Games "over the board" are games with a result; in a round robin (15.2) a forfeit is a game
too, but under the 2026 rules a forfeit loss stays out of the counts of games.

>>> from .event import from_rounds
>>> from .unplayed import prepare
>>> from .codes import parse_code
>>> p = prepare(from_rounds([["1", "U", "0"], ["0", "1", "H"], ["U", "0", "1"]],
...                         [[2, None, 3], [1, 3, None], [None, 2, 1]], [["w", "", "w"], ["b", "w", ""], ["", "b", "b"]]), "2024")
>>> [[str(v) for v in f(p, parse_code(c))] for f, c in ((wins, "WIN"), (won, "WON"), (black_games, "BPG"),
...                                                      (black_wins, "BWG"), (progressive, "PS"))]
[['2', '1', '2'], ['1', '1', '1'], ['0', '1', '2'], ['0', '0', '1'], ['5', '5/2', '4']]
"""

from __future__ import annotations

from fractions import Fraction

from ..errors import EloError
from .codes import Tiebreak
from .unplayed import AVAILABLE, FORFEIT_LOST, FORFEIT_WON, GAME, GAME_WINS, Prepared


def points(p: Prepared, t: Tiebreak) -> list[Fraction]:
    """PTS (C.07 5): the points scored, in the event's scoring system."""
    return [Fraction(s, p.unit) for s in p.score]


def standard_points(p: Prepared, t: Tiebreak) -> list[Fraction]:
    """STD (C.07 7.7, 2026): the points at FIDE's 1, ½, 0, whatever the event's scoring."""
    return [Fraction(s, 2) for s in p.standard]


def wins(p: Prepared, t: Tiebreak) -> list[Fraction]:
    """WIN (C.07 7.1): the rounds in which a participant scored a win's points, with or without
    playing (a forfeit win, a pairing-allocated or full-point bye)."""
    return [Fraction(sum(1 for x in row if x >= p.win > 0)) for row in p.points]


def _game(p: Prepared, i: int, r: int) -> bool:
    """A game over the board with a result, or in a round robin a forfeit against its opponent
    (15.2; under the 2026 rules not a forfeit loss)."""
    k = p.kind[i][r]
    if k == GAME:
        return p.code[i][r] is not None
    if p.round_robin and p.opp[i][r] >= 0:
        return k == FORFEIT_WON or (k == FORFEIT_LOST and p.version == "2024")
    return False


def _won(p: Prepared, i: int, r: int) -> bool:
    return p.code[i][r] in GAME_WINS or p.kind[i][r] == FORFEIT_WON


def won(p: Prepared, t: Tiebreak) -> list[Fraction]:
    """WON (C.07 7.2): the games won over the board."""
    return [Fraction(sum(1 for r in range(p.rounds) if _game(p, i, r) and _won(p, i, r))) for i in range(p.players)]


def black_games(p: Prepared, t: Tiebreak) -> list[Fraction]:
    """BPG (C.07 7.3): the games played over the board with Black."""
    return [Fraction(sum(1 for r in range(p.rounds) if _game(p, i, r) and p.black[i][r])) for i in range(p.players)]


def black_wins(p: Prepared, t: Tiebreak) -> list[Fraction]:
    """BWG (C.07 7.4): the games won over the board with Black."""
    return [Fraction(sum(1 for r in range(p.rounds) if _game(p, i, r) and p.black[i][r] and _won(p, i, r)))
            for i in range(p.players)]


def progressive(p: Prepared, t: Tiebreak) -> list[Fraction]:
    """PS (C.07 7.5): the sum of the running scores after each round, byes and forfeits at the
    points they brought; ``/C1``, ``/C2`` leave out the running scores after the first one or
    two rounds (14.1.1.c). Needs the rounds in playing order (not a crosstable)."""
    if not p.ordered:
        raise EloError(f"tie-break {t.code} needs the rounds in the order played; a crosstable has none "
                       "(give a TRF file, or choose another tie-break)")
    out = []
    for row in p.points:
        running = total = 0
        for r, x in enumerate(row):
            running += x
            if r >= t.cut:
                total += running
        out.append(Fraction(total, p.unit))
    return out


def elected(p: Prepared, t: Tiebreak) -> list[Fraction]:
    """REP (C.07 7.6, GE in the 2023 text): the rounds a participant elected to play: games,
    forfeit wins and pairing-allocated (or full-point) byes; not requested byes, forfeit losses
    or absences."""
    return [Fraction(sum(1 for k in row if k in AVAILABLE)) for row in p.kind]


def pairing_number(p: Prepared, t: Tiebreak) -> list[Fraction]:
    """TPN (C.07 7.8, 2026): the start number; the lower ranks higher."""
    return [Fraction(i + 1) for i in range(p.players)]
