"""The formula vocabulary: each rule set's arithmetic written once as spreadsheet text.

The engine (:mod:`elo_xl.rules`) and these formulas are two renderings of the same rule
sets; the LibreOffice tests prove them equal. Every function returns formula text without
the leading ``=``, built from cell references and the workbook's defined names:

``RuleNo`` (1 FIDE, 2 FIDE-2024, 3 ELO-1970, 4 USSR-1977, 5 LOGISTIC), ``IsFide``,
``IsKvant``, ``IsLogistic``, ``UnratedAs`` (0, 2200 or 1500), ``Step`` (N_exp rounding in
tenths: 5 or 1), ``ScaleUsed``, ``DefaultK``, and the tables ``DMin``/``PHigh`` (8.1.2),
``DpTable`` (8.1.1), ``ResultText``/``ResultBase`` (what users type → game code).

Only functions common to Excel 2010, LibreOffice 7.4 and Google Sheets are used. Arithmetic
stays in integers (hundredths, halves, tenths) until the one rounding a rule prescribes:

>>> half_up("A1", "B1")
'INT((2*(A1)+(B1))/(2*(B1)))'
>>> table_expected("R", "O")
'(50+SIGN(IF(AND(RuleNo<=2,OR(RuleNo=2,R<2650)),MAX(-400,MIN(400,R-O)),R-O))*(LOOKUP(ABS(IF(AND(RuleNo<=2,OR(RuleNo=2,R<2650)),MAX(-400,MIN(400,R-O)),R-O)),DMin,PHigh)-50))'

Game codes
----------
A typed result becomes a *base code* (:data:`BASE_CODE`): the points in halves in the units
digit, the kind of game in the tens — 0–2 a rated game, 10/12 a forfeit loss/win, 20–22 a
game played but not rated (W, D, L), 30–32 a bye (Z, H, F/U). A code cell that holds no
game holds 90 (nothing typed), 100 (paired or scheduled, not yet played), 110 (a conflict
seen from both sides of a game) or 120 (a conflict or bad input on one side only), all worth 0
points, so that a player's points are always the units digits of his codes halved
(:func:`points`) and his rated games are the codes ``<=2``.
"""

from __future__ import annotations

from ..results import (
    BYE_FULL,
    BYE_HALF,
    BYE_PAIRING,
    BYE_ZERO,
    DRAW,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    LOSS,
    RESULT_TEXT,
    UNRATED_DRAW,
    UNRATED_LOSS,
    UNRATED_WIN,
    WIN,
)
from ..rules import RULE_NAMES

NOTHING, PENDING, CONFLICT, ONE_SIDED = 90, 100, 110, 120

#: Workbook base code of every engine result code.
BASE_CODE = {
    LOSS: 0, DRAW: 1, WIN: 2, FORFEIT_LOSS: 10, FORFEIT_WIN: 12,
    UNRATED_LOSS: 20, UNRATED_DRAW: 21, UNRATED_WIN: 22,
    BYE_ZERO: 30, BYE_HALF: 31, BYE_FULL: 32, BYE_PAIRING: 32,
}


#: Game codes in ascending order with the symbol the computed crosstable shows.
CODE_SYMBOLS = ((0, "0"), (1, "½"), (2, "1"), (10, "−"), (12, "+"), (20, "L"), (21, "D"), (22, "W"),
                (30, "Z"), (31, "H"), (32, "F"))


def result_table() -> list[tuple[str, int]]:
    """Every spelling users may type, with its base code: the rows of ``ResultText``/``ResultBase``.

    >>> dict(result_table())["½"], dict(result_table())["+"], dict(result_table())["H"]
    (1, 12, 31)
    """
    return [(text, BASE_CODE[code]) for text, code in RESULT_TEXT.items()]


#: The rule sets in the order of ``RuleNo``.
RULE_LIST = RULE_NAMES


def rating_value(ref: str) -> str:
    """A rating cell as a number: 0 when blank, 0, ``NR`` or any text (unrated)."""
    return f"IF(ISNUMBER({ref}),IF({ref}>0,{ref},0),0)"


def rating_used(value: str) -> str:
    """The rating a player counts with: his own, else the rule set's stand-in (FIDE: 0)."""
    return f"IF({value}>0,{value},UnratedAs)"


def half_up(num: str, den: str) -> str:
    """``num/den`` to the nearest integer, .5 up (whole ``num`` ≥ 0 and ``den`` > 0)."""
    return f"INT((2*({num})+({den}))/(2*({den})))"


def half_down(num: str, den: str) -> str:
    """``num/den`` to the nearest integer, .5 down (whole ``num`` ≥ 0 and ``den`` > 0)."""
    return f"INT((2*({num})+({den})-1)/(2*({den})))"


def average(total: str, count: str) -> str:
    """An average rating as the rule set rounds it (ELO-1970/USSR-1977 .5 down, else up)."""
    return f"IF(IsKvant,{half_down(total, count)},{half_up(total, count)})"


def capped_difference(own: str, opp: str) -> str:
    """``own − opp`` after the 400-point rule as it applies to ``own`` (FIDE: 2650+ exempt)."""
    return f"IF(AND(RuleNo<=2,OR(RuleNo=2,{own}<2650)),MAX(-400,MIN(400,{own}-{opp})),{own}-{opp})"


def table_h(difference: str) -> str:
    """Table 8.1.2 in hundredths for a difference (h_high for ≥ 0, h_low below)."""
    return f"(50+SIGN({difference})*(LOOKUP(ABS({difference}),DMin,PHigh)-50))"


def table_expected(own: str, opp: str) -> str:
    """Expected score in hundredths of one game under the table rule sets, cap included."""
    return table_h(capped_difference(own, opp))


def logistic_expected(own: str, opp: str) -> str:
    """Expected score in percent of one game under LOGISTIC (a float)."""
    return f"100/(1+10^(({opp}-{own})/ScaleUsed))"


def expected_percent(own: str, opp: str) -> str:
    """Expected score of one game in percent: table hundredths, or the logistic value."""
    return f"IF(IsLogistic,{logistic_expected(own, opp)},{table_expected(own, opp)})"


def n_exp_tenths(h: str, games: str) -> str:
    """The Kvant N_exp in tenths: h/100·m rounded to Step tenths, an exact half down."""
    return f"IF({games}=0,0,Step*INT((2*({h})*({games})+10*Step-1)/(20*Step)))"


def p_hundredths(halves: str, games: str) -> str:
    """Score fraction in hundredths, .005 up (for table 8.1.1)."""
    return half_up(f"100*({halves})", f"2*({games})")


def dp_table(p: str) -> str:
    """Table 8.1.1: dp for ``p`` hundredths."""
    return f"INDEX(DpTable,({p})+1)"


def dp_logistic(halves: str, games: str) -> str:
    """LOGISTIC dp of the unrounded fraction halves/(2·games), within ±800."""
    return (f"IF({halves}<=0,-800,IF({halves}>=2*({games}),800,"
            f"MAX(-800,MIN(800,-ScaleUsed*LOG10(2*({games})/({halves})-1)))))")


def performance(avg: str, halves: str, games: str) -> str:
    """Performance Ra + dp ('' without games); LOGISTIC rounds the sum .5 up."""
    return (f'IF({games}=0,"",IF(IsLogistic,INT({avg}+{dp_logistic(halves, games)}+0.5),'
            f"{avg}+{dp_table(p_hundredths(halves, games))}))")


def default_k(rating: str) -> str:
    """The rule set's K when none is given: FIDE 20 below 2400 and 10 from 2400; 10; 20."""
    return f"IF(IsFide,IF({rating}>=2400,10,20),IF(IsKvant,10,20))"


def k_given(cell: str, rating: str) -> str:
    """K of a player: his own K cell, else the event's default K, else the rule set's."""
    return f"IF(ISNUMBER({cell}),{cell},IF(ISNUMBER(DefaultK),DefaultK,{default_k(rating)}))"


def k_effective(k: str, games: str) -> str:
    """FIDE's K×n ≤ 700: the largest whole K with K×n ≤ 700 when K×n is above 700."""
    return f"IF(AND(IsFide,{k}*{games}>700),INT(700/{games}),{k})"


def change_unrounded(k: str, halves: str, expected: str, tenths: str) -> str:
    """The change before rounding: K×(W−We) from hundredths/percent, or k×(N − N_exp) from tenths."""
    return f"IF(IsKvant,{k}*(5*({halves})-({tenths}))/10,{k}*(50*({halves})-({expected}))/100)"


def change(unrounded: str) -> str:
    """The change applied: whole, .5 away from zero (FIDE, LOGISTIC); as is under the Kvant rules."""
    return f"IF(IsKvant,{unrounded},ROUND({unrounded},0))"


def initial_rating(total: str, halves: str, games: str) -> str:
    """FIDE's initial rating: two 1800 draws, ≥ 5 games, no zero score, ≤ 2200, '' below 1400."""
    n2 = f"({games}+2)"
    dp = dp_table(half_up(f"100*({halves}+2)", f"2*{n2}"))
    ru = f"MIN(2200,{half_up(f'{total}+3600+{dp}*{n2}', n2)})"
    return f'IF(OR({games}<5,{halves}=0),"",IF({ru}<1400,"",{ru}))'


def result_base(cell: str) -> str:
    """The base code of a typed result: 90 when blank, 110 when not a result."""
    return f'IF({cell}="",{NOTHING},IFERROR(INDEX(ResultBase,MATCH({cell}&"",ResultText,0)),{CONFLICT}))'


def complement(code: str) -> str:
    """The other side of a game code below 30: 2↔0, 1↔1, 12↔10, 22↔20, 21↔21."""
    return f"(10*INT({code}/10)+2-MOD({code},10))"


def agree(code: str, other: str) -> str:
    """Whether two typed sides of one game agree (a double forfeit −/− included)."""
    return f"OR({other}={complement(code)},AND({code}=10,{other}=10))"


def crosstable_code(own: str, other: str) -> str:
    """A crosstable game from the two cells that may hold it (base codes ``own``, ``other``).

    Blank on both sides: 100 (not yet played). One side typed: that side (or the complement
    of the other). Both typed: ``own`` when the two agree, else 110. A bye or bad input: 110.
    """
    bad = f"OR(AND({own}>=30,{own}<>{NOTHING}),AND({other}>=30,{other}<>{NOTHING}))"
    return (f"IF(AND({own}={NOTHING},{other}={NOTHING}),{PENDING},IF({bad},{CONFLICT},"
            f"IF({own}={NOTHING},{complement(other)},IF({other}={NOTHING},{own},"
            f"IF({agree(own, other)},{own},{CONFLICT})))))")


def rounds_code(pairing: str, own: str, number: str, players: str, back: str, other: str) -> str:
    """A game of the rounds grid from the player's own row.

    ``pairing`` the opponent cell, ``own`` the base code of the player's result, ``number``
    his start number, ``players`` n, ``back`` the opponent's pairing cell in that round and
    ``other`` the base code of the opponent's result there.

    * No opponent: byes and forfeits count; a played result is ignored (90); bad input 120.
    * A bad start number, or an opponent whose row pairs him with someone else: 120.
    * Both rows list the game: blank on both sides is pending (100); typed on the other row
      only, the game lives there (90 here); typed on this row only, it counts (a bye code or
      bad input: 120); typed on both, it counts when the two agree, else 110 on both rows.
    * Only this row lists the game: blank is pending (100), a result counts, a bye code or
      bad input is 120.

    A conflict seen from both rows is 110 on each (half a conflict each), one seen from one
    row only is 120 (a whole one).
    """
    no_opponent = f'OR({pairing}="",{pairing}=0)'
    unpaired = (f"IF(OR({own}=10,{own}=12,AND({own}>=30,{own}<{NOTHING})),{own},"
                f"IF({own}={CONFLICT},{ONE_SIDED},{NOTHING}))")
    bad_number = f"OR(NOT(ISNUMBER({pairing})),{pairing}<>INT({pairing}),{pairing}<1,{pairing}>{players},{pairing}={number})"
    paired_elsewhere = f'AND({back}<>"",{back}<>0,{back}<>{number})'
    own_only = f"IF({own}>=30,{ONE_SIDED},{own})"
    both = (f"IF({own}={NOTHING},IF({other}={NOTHING},{PENDING},{NOTHING}),IF({other}={NOTHING},{own_only},"
            f"IF(OR({own}>=30,{other}>=30,NOT({agree(own, other)})),{CONFLICT},{own})))")
    alone = f"IF({own}={NOTHING},{PENDING},{own_only})"
    return (f"IF({no_opponent},{unpaired},IF({bad_number},{ONE_SIDED},IF({paired_elsewhere},{ONE_SIDED},"
            f"IF({back}={number},{both},{alone}))))")


def conflicts(codes: str) -> str:
    """Conflicting games in a row of codes: half for each seen from both rows, one for each seen from one."""
    return f"COUNTIF({codes},{CONFLICT})/2+COUNTIF({codes},{ONE_SIDED})"


def units(codes: str) -> str:
    """The points in halves of each code of a range (its units digit; 0 for the codes from
    90 up), as an array for SUMPRODUCT. Written with comparisons and arithmetic only:
    Gnumeric evaluates a function such as MOD on a range inside SUMPRODUCT by implicit
    intersection (a #VALUE! off the range's rows), but array-evaluates operators, as Excel,
    LibreOffice and Google Sheets do."""
    return (f"({codes}<{NOTHING})*({codes}-10*(({codes}>=10)+({codes}>=20)+({codes}>=30)))")


def points(codes: str) -> str:
    """Tournament points of a row of game codes (forfeits and byes included)."""
    return f"SUMPRODUCT({units(codes)})/2"
