"""The team book's formulas as Excel text: what a typed row of a round gives each side, what a
round gives a team, and C.07's Buchholz and extended Sonneborn-Berger for teams (article 16 for
the unplayed rounds, as :mod:`elo_xl.tiebreaks.unplayed` computes them).

A round's kind is numbered as the engine numbers it (:mod:`elo_xl.tiebreaks.unplayed`):

>>> (GAME, FORFEIT_WON, FORFEIT_LOST, PAB, FULL_BYE, HALF_BYE, ZERO_BYE, ABSENT)
(0, 1, 2, 3, 4, 5, 6, 7)

A row whose board is typed is a board; a row without a board is the team's round as a whole: a
forfeited match (``+`` or ``−`` for the home team) or a bye of the home team (``U``, ``F``,
``H``, ``Z``). Its kind is written plus one, so that 0 is a board's row:

>>> home_kind("C6", "AA6", "F6")
'IF(C6<>"",0,IF(AA6=12,2,IF(AA6=10,3,IF(AA6=32,IF(ISNUMBER(SEARCH("U",F6)),4,5),IF(AA6=31,6,IF(AA6=30,7,0))))))'
"""

from __future__ import annotations

from ..tiebreaks.unplayed import ABSENT, FORFEIT_LOST, FORFEIT_WON, FULL_BYE, GAME, HALF_BYE, PAB, ZERO_BYE
from .codes import NOTHING

__all__ = ["ABSENT", "FORFEIT_LOST", "FORFEIT_WON", "FULL_BYE", "GAME", "HALF_BYE", "PAB", "ZERO_BYE", "away_kind",
           "away_points", "both_sides", "buchholz_cut", "buchholz_cut2", "buchholz_median", "home_kind", "sonneborn_cut", "home_points", "match_points", "pending", "round_value",
           "team_kind", "team_opponent"]

#: Larger than any score: a voluntarily unplayed round's value less this is the lowest (16.5).
BIG = 100000


def home_kind(board: str, base: str, result: str) -> str:
    """The home team's kind of round plus one on a row without a board (0 on a board's row)."""
    return (f'IF({board}<>"",0,IF({base}=12,{FORFEIT_WON + 1},IF({base}=10,{FORFEIT_LOST + 1},IF({base}=32,'
            f'IF(ISNUMBER(SEARCH("U",{result})),{PAB + 1},{FULL_BYE + 1}),IF({base}=31,{HALF_BYE + 1},'
            f"IF({base}=30,{ZERO_BYE + 1},0))))))")


def away_kind(board: str, base: str) -> str:
    """The away team's kind of round plus one on a row without a board: the other side of a
    forfeited match (a bye is the home team's alone).

    >>> away_kind("C6", "AA6")
    'IF(C6<>"",0,IF(AA6=12,3,IF(AA6=10,2,0)))'
    """
    return f'IF({board}<>"",0,IF({base}=12,{FORFEIT_LOST + 1},IF({base}=10,{FORFEIT_WON + 1},0)))'


def home_points(board: str, base: str, result: str, boards: int) -> str:
    """The home team's game points from a row: a board's result (a forfeited board's too); a
    forfeited match won, all the boards; a bye, ``PabGamePoints``, the boards (F), half of them
    (H) or nothing (Z).

    >>> home_points("C6", "AA6", "F6", 4)
    'IF(C6<>"",IF(AA6<=22,MOD(AA6,10)/2,0),IF(AA6=12,4,IF(AA6=32,IF(ISNUMBER(SEARCH("U",F6)),PabGamePoints,4),IF(AA6=31,2,0))))'
    """
    return (f'IF({board}<>"",IF({base}<=22,MOD({base},10)/2,0),IF({base}=12,{boards},IF({base}=32,'
            f'IF(ISNUMBER(SEARCH("U",{result})),PabGamePoints,{boards}),IF({base}=31,{boards / 2:g},0))))')


def away_points(board: str, base: str, boards: int) -> str:
    """The away team's game points from a row: a board's result as the away player sees it; a
    forfeited match lost by the home team, all the boards.

    >>> away_points("C6", "AA6", 4)
    'IF(C6<>"",IF(AA6<=22,(2-MOD(AA6,10))/2,0),IF(AA6=10,4,0))'
    """
    return f'IF({board}<>"",IF({base}<=22,(2-MOD({base},10))/2,0),IF({base}=10,{boards},0))'


def pending(board: str, base: str, home: str) -> str:
    """1 on a board's row of a paired match whose result is not typed yet.

    >>> pending("C6", "AA6", "A6")
    'IF(AND(C6<>"",AA6=90,A6<>""),1,0)'
    """
    return f'IF(AND({board}<>"",{base}={NOTHING},{home}<>""),1,0)'


def team_opponent(team: str, homes: str, aways: str) -> str:
    """The team's opponent in a round: the away team of its home rows, else the home team of its
    away rows (0: none).

    >>> team_opponent("$A10", "R!$A$6:$A$9", "R!$B$6:$B$9")
    'IF(COUNTIF(R!$A$6:$A$9,$A10)>0,SUMIF(R!$A$6:$A$9,$A10,R!$B$6:$B$9)/COUNTIF(R!$A$6:$A$9,$A10),IF(COUNTIF(R!$B$6:$B$9,$A10)>0,SUMIF(R!$B$6:$B$9,$A10,R!$A$6:$A$9)/COUNTIF(R!$B$6:$B$9,$A10),0))'
    """
    return (f"IF(COUNTIF({homes},{team})>0,SUMIF({homes},{team},{aways})/COUNTIF({homes},{team}),"
            f"IF(COUNTIF({aways},{team})>0,SUMIF({aways},{team},{homes})/COUNTIF({aways},{team}),0))")


def both_sides(team: str, homes: str, aways: str, home_values: str, away_values: str) -> str:
    """The sum over a round's rows of the team's side: ``home_values`` where it is at home,
    ``away_values`` where it is away."""
    return f"SUMIF({homes},{team},{home_values})+SUMIF({aways},{team},{away_values})"


def team_kind(typed_kind: str, opponent: str) -> str:
    """The kind of the team's round: a row without a board says it; else a match against an
    opponent; else nothing (absent)."""
    return f"IF({typed_kind}>0,{typed_kind}-1,IF({opponent}>0,{GAME},{ABSENT}))"


def match_points(kind: str, waiting: str, own: str, theirs: str) -> str:
    """The match points of a team's round: a match by its game points against the opponent's
    (nothing while a board waits for its result); a forfeit, a bye or an absence by its kind."""
    played = f"IF({waiting}>0,0,IF({own}>{theirs},MatchWin,IF({own}={theirs},MatchDraw,MatchLoss)))"
    return f"CHOOSE({kind}+1,{played},MatchWin,MatchLoss,PabMatchPoints,MatchWin,MatchDraw,MatchLoss,0)"


def round_value(kind: str, opponent: str, number: int, counted: str, own: str, adjusted: str, draw: str,
                new_rules: str) -> str:
    """The value of round ``number`` in a Buchholz of one score (C.07 16.3 and 16.4): a match,
    the opponent's score as counted (``adjusted``: 16.2.5 rounds as draws); an unplayed round, a
    dummy opponent with the team's own score ``own`` (2024), capped under the 2026 rules at the
    forfeit's opponent's (16.4.1) or at a draw in every round (16.4.2); 0 past the rounds counted.
    """
    capped = (f"IF(AND(OR({kind}={FORFEIT_WON},{kind}={FORFEIT_LOST}),{opponent}>0),"
              f"MIN({own},INDEX({adjusted},{opponent})),MIN({own},{draw}*{counted}))")
    return (f"IF({number}>{counted},0,IF({kind}={GAME},INDEX({adjusted},{opponent}),"
            f"IF({new_rules},{capped},{own})))")


def buchholz_cut(total: str, keys: str, counted: str) -> str:
    """Buchholz cut 1 (C.07 14, 16.5): the total less the lowest value, a voluntarily unplayed
    round's first (its key is its value less :data:`BIG`; rounds not counted are keyed above all).

    >>> buchholz_cut("X1", "Y1:Z1", "$T$1")
    'IF($T$1=0,0,X1-(MIN(Y1:Z1)+IF(MIN(Y1:Z1)<0,100000,0)))'
    """
    return f"IF({counted}=0,0,{total}-(MIN({keys})+IF(MIN({keys})<0,{BIG},0)))"


def _decoded(key: str) -> str:
    """A value from its key: a voluntarily unplayed round's has :data:`BIG` taken off."""
    return f"({key}+IF({key}<0,{BIG},0))"


def buchholz_cut2(total: str, keys: str, counted: str) -> str:
    """Buchholz cut 2: the total less the two lowest values, voluntarily unplayed rounds' first
    (16.5.2); nothing left of one round.

    >>> buchholz_cut2("X1", "K", "T")
    'IF(T<2,0,X1-(SMALL(K,1)+IF(SMALL(K,1)<0,100000,0))-(SMALL(K,2)+IF(SMALL(K,2)<0,100000,0)))'
    """
    return f"IF({counted}<2,0,{total}-{_decoded(f'SMALL({keys},1)')}-{_decoded(f'SMALL({keys},2)')})"


def buchholz_median(total: str, keys: str, values: str, counted: str) -> str:
    """Median Buchholz (M1): the total less the lowest value (a voluntarily unplayed round's
    first, 16.5) and the highest of the others; nothing left of two rounds.

    >>> buchholz_median("X1", "K", "V", "T")[:60]
    'IF(T<2,0,X1-(SMALL(K,1)+IF(SMALL(K,1)<0,100000,0))-IF(AND((S'
    """
    low = _decoded(f"SMALL({keys},1)")
    high = f"IF(AND({low}=MAX({values}),COUNTIF({values},MAX({values}))=1),LARGE({values},2),MAX({values}))"
    return f"IF({counted}<2,0,{total}-{low}-{high})"


def sonneborn_cut(total: str, lowest: str, voluntary: str, counted: str) -> str:
    """An extended Sonneborn-Berger cut 1 (C.07 14.1.1, 16.5): the total less the product at the
    opponent with the lowest score (the lowest product on a tie: ``lowest`` holds the products
    at that score, the others keyed above all), or less the lowest product of a voluntarily
    unplayed round (``voluntary``) when that is not lower, as the engine cuts
    (:func:`elo_xl.tiebreaks.opponents.kept_products`).

    >>> sonneborn_cut("S", "C", "U", "T")
    'IF(T=0,0,S-IF(AND(MIN(U)<300000,MIN(U)>=MIN(C)),MIN(U),MIN(C)))'
    """
    return (f"IF({counted}=0,0,{total}-IF(AND(MIN({voluntary})<{3 * BIG},MIN({voluntary})>=MIN({lowest})),"
            f"MIN({voluntary}),MIN({lowest})))")

