"""FIDE's tie-breaks (Handbook C.07) as spreadsheet text: the formulas of the books' tie-break
columns (:mod:`tiebreak_columns`), one function per piece, each the rendering of the engine's
rule in :mod:`elo_xl.tiebreaks` (the LibreOffice and Gnumeric tests prove them equal).

Scores are whole halves until the last division. A Swiss player's round ``t`` (up to the
rounds counted, ``TbRounds``) is read once into a *kind* cell (:func:`round_kind`): the round
number for a round in which he was available to play (a game, a forfeit win, a
pairing-allocated or full-point bye: C.07 16.2.3; a pairing whose result stands on the
opponent's row only is a game of his too, not yet scored on his row), a negative number for a voluntarily
unplayed round (16.1.2) that also carries the round number — ``-(200+t)`` a forfeit loss,
``-(400+t)`` a half-point bye, ``-(500+t)`` a zero-point bye, ``-(600+t)`` an absence — and
blank after the rounds counted. So the last round of availability is ``MAX`` of the row and
the rounds of 16.2.5 (after it) are two ``COUNTIFS``.

>>> round_kind("C", "P", 3)
'IF(3>TbRounds,"",IF(OR(C<=2,AND(C>=20,C<=22),C=100,C=12,C=32,AND(C=90,P>0)),3,IF(AND(C=10,P>0),-203,IF(C=31,-403,IF(C=30,-503,-603)))))'
>>> adjusted("S", "L", "K")
'S+COUNTIFS(K,"<"&-(500+L),K,">"&-600)+COUNTIFS(K,"<"&-(600+L),K,">"&-700)'
"""

from __future__ import annotations

from .codes import NOTHING, PENDING, by_points

#: Cut keys: a value that is not voluntarily unplayed stands this far above one that is, so
#: that ``SMALL`` takes the voluntarily unplayed rounds' values first (C.07 16.5).
CUT_OFFSET = 1000
#: Cut keys: value × this + round number (rounds ≤ 15 < 16) keeps every key distinct.
CUT_SCALE = 16
#: Kind cells of voluntarily unplayed rounds: -(offset + round number), one band per kind
#: (rounds ≤ 99 stay within a band of 100): bands 2, 4, 5 and 6, and 7 the end of the last.
KIND_BAND = 100
KIND_FORFEIT_LOSS, KIND_HALF_BYE, KIND_ZERO_BYE, KIND_ABSENT, KIND_END = (k * KIND_BAND for k in (2, 4, 5, 6, 7))
#: Codes of a game over the board with a result (rated or not).
GAME_CODES = (0, 1, 2, 20, 21, 22)


def is_game(code: str) -> str:
    """A game over the board with a result (codes 0–2, 20–22)."""
    return f"OR({code}<=2,AND({code}>=20,{code}<=22))"


def round_kind(code: str, pairing: str, t: int) -> str:
    """The kind cell of round ``t`` (from 1): see the module's description."""
    return (f'IF({t}>TbRounds,"",IF(OR({code}<=2,AND({code}>=20,{code}<=22),{code}={PENDING},{code}=12,{code}=32,'
            f'AND({code}={NOTHING},{pairing}>0)),{t},'
            f"IF(AND({code}=10,{pairing}>0),-{KIND_FORFEIT_LOSS + t},IF({code}=31,-{KIND_HALF_BYE + t},"
            f"IF({code}=30,-{KIND_ZERO_BYE + t},-{KIND_ABSENT + t})))))")


def last_available(kinds: str) -> str:
    """The last round in which the player was available to play (0: none)."""
    return f"MAX(0,MAX({kinds}))"


def adjusted(own_halves: str, last: str, kinds: str) -> str:
    """The score (halves) his opponents' tie-breaks count (C.07 16.3): his zero-point byes and
    absences after his last round of availability (16.2.5) count as draws (a half-point bye
    is one already; a forfeit loss is 16.2.4, at face value)."""
    return (f'{own_halves}+COUNTIFS({kinds},"<"&-({KIND_ZERO_BYE}+{last}),{kinds},">"&-{KIND_ABSENT})'
            f'+COUNTIFS({kinds},"<"&-({KIND_ABSENT}+{last}),{kinds},">"&-{KIND_END})')


def opponent_value(kind: str, code: str, pairing: str, adjusted_column: str, own_halves: str) -> str:
    """What round's opponent adds to Buchholz (halves): the opponent's adjusted score for a
    game (a pending one included, and one whose result only the opponent's row holds), else the dummy opponent of 16.4 — the own score; under the
    2026 rules (``TbNew``) capped at the scheduled opponent's adjusted score for a forfeit
    (16.4.1) and at a draw's points times the rounds otherwise (16.4.2). Blank after the
    rounds counted."""
    game = f"OR({is_game(code)},{code}={PENDING},AND({code}={NOTHING},{pairing}>0))"
    forfeit = f"AND(OR({code}=10,{code}=12),{pairing}>0)"
    return (f'IF({kind}="","",IF({game},INDEX({adjusted_column},{pairing}),'
            f"IF(AND(TbNew,{forfeit}),MIN({own_halves},INDEX({adjusted_column},{pairing})),"
            f"IF(TbNew,MIN({own_halves},TbRounds),{own_halves}))))")


def cut_key(kind: str, value: str, t: int) -> str:
    """The order in which cuts remove a round's value: voluntarily unplayed rounds first
    (16.5), then the lowest; distinct for every round."""
    return f'IF({kind}="","",IF({kind}<0,0,{CUT_OFFSET})+{CUT_SCALE}*{value}+{t})'


def cut_value(keys: str, k: int) -> str:
    """The value (halves) the ``k``-th cut removes (0 when there are fewer rounds)."""
    return f"IFERROR(INT(MOD(SMALL({keys},{k}),{CUT_OFFSET})/{CUT_SCALE}),0)"


def largest(values: str, k: int) -> str:
    """The ``k``-th largest value of a row (0 when there are fewer)."""
    return f"IFERROR(LARGE({values},{k}),0)"


def without(items: list[str], value: str) -> list[str]:
    """The sorted (descending) ``items`` with one occurrence of ``value`` taken out: item ``j``
    of the result is item ``j+1`` of ``items`` where ``value`` stood at or before ``j``."""
    out = []
    for j in range(len(items) - 1):
        seen = ",".join(f"{items[i]}={value}" for i in range(j + 1))
        out.append(f"IF(OR({seen}),{items[j + 1]},{items[j]})")
    return out


def buchholz_trimmed(total: str, lows: list[str], largest_values: list[str], cut: int, median: int) -> str:
    """Buchholz (halves) with ``/C1``, ``/C2`` or ``/M1``, ``/M2`` (C.07 14, 16.5): ``total``
    less the values the cuts remove (``lows``: :func:`cut_value` 1 and 2, voluntarily unplayed
    rounds first), and for a median less the highest of the rest (``largest_values``: the
    four largest, :func:`largest`).

    >>> buchholz_trimmed("T", ["X1", "X2"], ["A1", "A2", "A3", "A4"], 0, 1)
    '(T-X1-(IF(OR(A1=X1),A2,A1)))'
    """
    text = f"{total}-" + "-".join(lows[:max(cut, median)])
    if median:
        rest = largest_values[:2 * median]
        for low in lows[:median]:
            rest = without(rest, low)
        text += "-" + "-".join(f"({v})" for v in rest[:median])
    return f"({text})"


def sonneborn_berger(codes: str, values: str) -> str:
    """SB (C.07 9.1) in points: each round's opponent value (halves) times the points scored
    (halves) in it, summed, over 4."""
    return f"({by_points(lambda c: f'SUMIF({codes},{c},{values})')})/4"


def wins(codes: str) -> str:
    """WIN (C.07 7.1): rounds with a win's points, played or not (1, +, W, F/U)."""
    return "+".join(f"COUNTIF({codes},{c})" for c in (2, 12, 22, 32))


def won(codes: str) -> str:
    """WON (C.07 7.2): games won over the board."""
    return f"COUNTIF({codes},2)+COUNTIF({codes},22)"


def black_games(codes: str, colours: str) -> str:
    """BPG (C.07 7.3): games over the board with a result, played with Black."""
    return "+".join(f'COUNTIFS({codes},{c},{colours},"b")' for c in GAME_CODES)


def black_wins(codes: str, colours: str) -> str:
    """BWG (C.07 7.4): games won over the board with Black."""
    return f'COUNTIFS({codes},2,{colours},"b")+COUNTIFS({codes},22,{colours},"b")'


def round_points(code: str) -> str:
    """The half points of one round's code (0 for one that holds nothing)."""
    return f"IF({code}<90,MOD({code},10),0)"


def progressive(codes: list[str]) -> str:
    """PS (C.07 7.5) in points: the running scores after each round counted, summed — round
    ``t``'s points count (rounds − t + 1) times."""
    return "(" + "+".join(f"{round_points(c)}*(TbRounds-{t})" for t, c in enumerate(codes)) + ")/2"


def opponent_rating(code: str, pairing: str, ratings: str) -> str:
    """The rating of a game's opponent as ARO and TPR read it: games over the board only
    (C.07 10), 0 for an unrated opponent; blank otherwise."""
    return f'IF({is_game(code)},INDEX({ratings},{pairing}),"")'


def average_rating(ratings: str) -> str:
    """ARO (C.07 10.1): the rated opponents' average, rounded, 0.5 up; 0 without one."""
    count = f'COUNTIF({ratings},">0")'
    return f'IF({count}=0,0,INT((2*SUMIF({ratings},">0")+{count})/(2*{count})))'


def performance(codes: str, ratings: str, aro: str) -> str:
    """TPR (C.07 10.2): ARO plus table 8.1.1's difference for the fraction scored against the
    rated opponents (hundredths, 0.5 up); 0 without such a game."""
    count = f'COUNTIF({ratings},">0")'
    halves = by_points(lambda c: f'COUNTIFS({codes},{c},{ratings},">0")')
    p = f"INT((2*100*({halves})+2*{count})/(2*2*{count}))"
    return f"IF({count}=0,0,{aro}+INDEX(DpTable,{p}+1))"


def encounter_points(code: str, pairing: str, keys: str, own_key: str) -> str:
    """DE (C.07 6): the half points of a game over the board against a player still tied
    (same group key); blank otherwise."""
    return f'IF({is_game(code)},IF(INDEX({keys},{pairing})={own_key},MOD({code},10),""),"")'


def direct_encounter(keys: str, own_key: str, met: str, mini: str, own_mini: str, mini2: str, own_mini2: str,
                     reach: str, size: str) -> str:
    """DE's value: the players of the tied group he ranks above. When every pair of the group
    has met (6.1): those with fewer points in the games among them, plus those level with him
    on those points with fewer points in the games among the level ones (6.2, applied once).
    When not (6.3): all the others for the one whose points among the group no other can
    reach with wins in his games not played (``reach``: points plus a win per unplayed
    pairing), 0 for the rest. 0 for a player alone. ``size``: the group's size (a cell)."""
    met_all = (f'COUNTIFS({keys},{own_key},{mini},"<"&{own_mini})'
               f'+COUNTIFS({keys},{own_key},{mini},{own_mini},{mini2},"<"&{own_mini2})')
    first = f'IF(COUNTIFS({keys},{own_key},{reach},">="&{own_mini})=1,{size}-1,0)'
    return (f'IF({own_key}="",0,IF({size}<2,0,IF(COUNTIFS({keys},{own_key},{met},"<"&({size}-1))>0,{first},'
            f'{met_all})))')


def de_first(keys: str, own_key: str, met: str, numbers: str, de: str, size: str) -> str:
    """DE (6.3) in a group of three or more that has not all met: the start number of the one
    ranked first (his DE is the group's size less one), 0 when none is or the group has all met."""
    return (f'IF(OR({own_key}="",{size}<3),0,IF(COUNTIFS({keys},{own_key},{met},"<"&({size}-1))=0,0,'
            f"SUMIFS({numbers},{keys},{own_key},{de},{size}-1)))")


def de_rest_points(first: str, number: str, mini: str, against_first: str) -> str:
    """DE (6.3 again): the half points among the rest of the group once its first is ranked
    (``against_first``: those scored against him); blank for the first and where none is."""
    return f'IF(OR({first}=0,{number}={first}),"",{mini}-({against_first}))'


def de_rest_reach(rest: str, size: str, met: str, met_first: str) -> str:
    """The half points among the rest within reach: a win for each of its pairings not played."""
    return f'IF({rest}="","",{rest}+2*(({size}-2)-({met}-({met_first}))))'


def de_open(keys: str, own_key: str, met: str, mini: str, own_mini: str, mini2: str, own_mini2: str,
            rest_reach: str, own_rest: str, size: str) -> str:
    """1 where the book's DE (6.2 and 6.3 applied once) may differ from C.07 6 taken to the end,
    else 0: in a group that has all met, a player of a level subgroup that splits again (6.2
    twice); in one that has not, the player the rest would rank first (6.3 again)."""
    level = f"COUNTIFS({keys},{own_key},{mini},{own_mini})"
    level2 = f"COUNTIFS({keys},{own_key},{mini},{own_mini},{mini2},{own_mini2})"
    return (f'IF(OR({own_key}="",{size}<3),0,IF(COUNTIFS({keys},{own_key},{met},"<"&({size}-1))=0,'
            f"IF(AND({level2}>=2,{level2}<{level}),1,0),"
            f'IF({own_rest}="",0,IF(COUNTIFS({keys},{own_key},{rest_reach},">="&{own_rest})=1,1,0))))')


def level_points(code: str, opponent: str, keys: str, own_key: str, minis: str, own_mini: str,
                 game: str | None = None) -> str:
    """DE's second pass (6.2): the half points of a game against a player of the same group
    level with him on the points among the group; blank otherwise. ``game``: the condition
    that the code is an encounter (default: a game over the board)."""
    condition = game or is_game(code)
    return (f'IF({condition},IF(AND(INDEX({keys},{opponent})={own_key},INDEX({minis},{opponent})={own_mini}),'
            f'MOD({code},10),""),"")')


#: The place of a player among all players on one key (how many have more) is below this;
#: three places packed in one number stay exact (1024³ × 1023 < 2⁵³).
ORDER_BASE = 1024


def order_key(terms: list[tuple[str, str]]) -> str:
    """Several levels of the ranking packed in one number: for each ``(column, own)``, most
    significant first, how many players have more (``COUNTIF(column,">"&own)``), in base
    :data:`ORDER_BASE`. A lower key ranks higher; two players' keys are equal exactly when
    they are equal on every level (the count is strictly decreasing in the value).

    >>> order_key([("P", "P6"), ("K", "K6")])
    'COUNTIF(P,">"&P6)*1024+COUNTIF(K,">"&K6)'
    """
    last = len(terms) - 1
    return "+".join(f'COUNTIF({column},">"&{own})' + (f"*{ORDER_BASE ** (last - k)}" if k < last else "")
                    for k, (column, own) in enumerate(terms))


def ahead_by_order(first: tuple[str, str], second: tuple[str, str], numbers: str, own_number: str) -> str:
    """How many players rank above, from the two :func:`order_key` columns (points and slots
    1–3; slots 4–6) and the start number: fewer points, or as many and better on the first
    tie-break that differs, or equal on all and a lower start number (C.07: points, the list,
    then the start number). Seven scans of the players' column; comparing the six tie-breaks
    one by one took 36."""
    (a, own_a), (b, own_b) = first, second
    return (f'COUNTIF({a},"<"&{own_a})+COUNTIFS({a},{own_a},{b},"<"&{own_b})'
            f'+COUNTIFS({a},{own_a},{b},{own_b},{numbers},"<"&{own_number})')


def cross_encounter_points(code: str, keys: str, opponent: str, own_key: str) -> str:
    """DE in a round robin (C.07 6, 15.2): the half points of a game or forfeit against a player
    still tied; blank otherwise."""
    return f'IF({code}<90,IF(INDEX({keys},{opponent})={own_key},MOD({code},10),""),"")'


def koya(codes: str, opponents_points: str) -> str:
    """KS (C.07 9.2) in a round robin: the points scored against the opponents with at least
    half the maximum score (a win's points times ``TbGames``, the most games a player has)."""
    at_least = '">="&(TbGames/2)'
    return f"({by_points(lambda c: f'COUNTIFS({codes},{c},{opponents_points},{at_least})')})/2"
