"""The formula vocabulary: each rule set's arithmetic written once as spreadsheet text.

The engine (:mod:`elo_xl.rules`) and these formulas are two renderings of the same rule
sets; the LibreOffice tests prove them equal. Every function returns formula text without
the leading ``=``, built from cell references and the workbook's defined names.

Every number and choice of a rule set reaches the books through :func:`switches`: one
defined name per attribute of the rule-set objects (``Cap``, ``CapExempt``, ``KTimesN``,
``UnratedAs``, ``InitialMax``…), whose formula picks the value of the rule set chosen on the
Event sheet (``RuleNo``, its position in :data:`elo_xl.rules.RULE_SETS`). The functions
below read those names and never hold a rule's number, so a change to a rule-set object
changes the books with the engine. The tables are ``DMin``/``PHigh`` (8.1.2), ``DpTable``
(8.1.1) and ``ResultText``/``ResultBase`` (what users type → game code).

Only functions common to Excel 2010, LibreOffice 7.4 and Google Sheets are used. Arithmetic
stays in integers (hundredths, halves, tenths) until the one rounding a rule prescribes:

>>> half_up("A1", "B1")
'INT((2*(A1)+(B1))/(2*(B1)))'
>>> capped_difference("R", "O")
'IF(AND(Cap>0,OR(CapExempt=0,R<CapExempt)),MAX(-Cap,MIN(Cap,R-O)),R-O)'
>>> dict(switches())["Cap"]
'CHOOSE(RuleNo,400,400,400,400,0,0,0)'

Game codes
----------
A typed result becomes a *base code* (:data:`BASE_CODE`): the points in halves in the units
digit, the kind of game in the tens — 0–2 a rated game, 10/12 a forfeit loss/win, 20–22 a
game played but not rated (W, D, L), 30–32 a bye (Z, H, F/U). A code cell that holds no
game holds 90 (nothing typed), 100 (paired or scheduled, not yet played), 110 (a conflict
seen from both sides of a game) or 120 (a conflict or bad input on one side only), all worth 0
points, so that a player's points are always
``SUMPRODUCT(MOD(codes,10))/2`` and his rated games are the codes ``<=2``.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

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
from ..rounding import half_down as _half_down
from ..rules import RULE_SETS, LogisticRules, RuleSet

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


#: The defined names of the rule-set switches: (name, the rule set's value; None counts as 0).
RULE_SWITCHES: tuple[tuple[str, "Callable[[RuleSet], Any]"], ...] = (
    ("InitialRatings", lambda rs: rs.uses_initial_ratings),
    ("IsKvant", lambda rs: rs.rates_against_average),
    ("IsLogistic", lambda rs: rs.CURVE == "logistic"),
    ("UnratedAs", lambda rs: rs.unrated_as),
    ("AverageDown", lambda rs: rs.average_rounding is _half_down),
    ("AverageCountsUnrated", lambda rs: rs.event_average_counts_unrated),
    ("RoundsChange", lambda rs: rs.ROUNDS_CHANGE),
    ("Step", lambda rs: rs.step_tenths),
    ("Cap", lambda rs: rs.CAP),
    ("CapExempt", lambda rs: rs.cap_exempt_from),
    ("GapFrom", lambda rs: rs.GAP_FROM),
    ("GapAbove", lambda rs: rs.GAP_ABOVE),
    ("KOther", lambda rs: rs.K_OTHER),
    ("KTop", lambda rs: rs.K_TOP),
    ("TopFrom", lambda rs: rs.TOP_FROM),
    ("KNew", lambda rs: rs.K_NEW),
    ("NewGames", lambda rs: rs.NEW_GAMES),
    ("KJunior", lambda rs: rs.K_JUNIOR),
    ("JuniorAge", lambda rs: rs.JUNIOR_AGE),
    ("JuniorBelow", lambda rs: rs.JUNIOR_BELOW),
    ("KUnrated", lambda rs: rs.K_UNRATED),
    ("KTimesN", lambda rs: rs.K_TIMES_N),
    ("InitialGames", lambda rs: rs.INITIAL_GAMES),
    ("InitialAnchor", lambda rs: rs.INITIAL_ANCHOR),
    ("InitialAnchors", lambda rs: rs.INITIAL_ANCHORS),
    ("InitialMax", lambda rs: rs.INITIAL_MAX),
    ("RatingFloor", lambda rs: rs.RATING_FLOOR),
    ("DpLimit", lambda rs: rs.DP_LIMIT),
    ("ValidPart", lambda rs: rs.VALID_RATED_SHARE and rs.VALID_RATED_SHARE[0]),
    ("ValidWhole", lambda rs: rs.VALID_RATED_SHARE and rs.VALID_RATED_SHARE[1]),
    ("ValidFrom", lambda rs: rs.VALID_FROM),
    ("CategoryFrom", lambda rs: rs.CATEGORY_FROM),
    ("CategoryWidth", lambda rs: rs.CATEGORY_WIDTH),
)


def _number(value: Any) -> str:
    """A switch value as formula text: True/False as 1/0, None as 0."""
    if value is None or value is False:
        return "0"
    if value is True:
        return "1"
    return str(value)


def switches(rule_sets: Sequence[RuleSet] = RULE_SETS, flags: tuple[str, str] = ("yes", "no")) -> list[tuple[str, str]]:
    """The rule-set switches of a book offering ``rule_sets`` (in ``RuleNo`` order): (name, formula).

    Each switch picks its rule set's attribute with ``CHOOSE(RuleNo, …)`` (the value itself
    where every rule set agrees); ``flags`` are the book's words for yes and no.

    >>> dict(switches())["KTimesN"], dict(switches())["InitialMax"]
    ('CHOOSE(RuleNo,700,700,700,700,0,0,0)', 'CHOOSE(RuleNo,2200,2200,2200,2200,0,0,0)')
    """
    scale = LogisticRules
    found = [("RuleNo", "IFERROR(MATCH(Rules,RuleList,0),1)")]
    for name, value in RULE_SWITCHES:
        values = [_number(value(rs)) for rs in rule_sets]
        found.append((name, values[0] if len(set(values)) == 1 else f"CHOOSE(RuleNo,{','.join(values)})"))
    return found + [
        ("ScaleUsed", f"IF(ISNUMBER(Scale),IF(AND(Scale>={scale.SCALE_MIN},Scale<={scale.SCALE_MAX}),Scale,"
                      f"{scale.SCALE_DEFAULT}),{scale.SCALE_DEFAULT})"),
        ("EventYear", 'IF(ISNUMBER(StartDate),YEAR(StartDate),IF(ISNUMBER(EndDate),YEAR(EndDate),""))'),
        ("FlagYes", f'"{flags[0]}"'),
        ("FlagNo", f'"{flags[1]}"'),
    ]


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
    return f"IF(AverageDown,{half_down(total, count)},{half_up(total, count)})"


def rounded_rating(value: str) -> str:
    """One rating (perhaps fractional) to a whole number as the rule set rounds averages."""
    return f"IF(AverageDown,-INT(0.5-({value})),INT(({value})+0.5))"


def gets_initial_rating(rating: str) -> str:
    """Whether a player (his rating value, 0 when unrated) is rated by an initial rating."""
    return f"AND(InitialRatings,{rating}=0)"


def capped_difference(own: str, opp: str) -> str:
    """``own − opp`` after the rule set's cap as it applies to ``own`` (FIDE: 400, 2650+ exempt)."""
    return f"IF(AND(Cap>0,OR(CapExempt=0,{own}<CapExempt)),MAX(-Cap,MIN(Cap,{own}-{opp})),{own}-{opp})"


def rated_pair(own: str, opp: str) -> str:
    """Whether a game between these ratings (0: unrated) is rated (:meth:`RuleSet.rated_pair`:
    rapid and blitz leave out pairs far apart with one player above a rating)."""
    return f"OR(GapFrom=0,{own}=0,{opp}=0,ABS({own}-{opp})<GapFrom,MAX({own},{opp})<=GapAbove)"


def counted_opponent(counts: str, own: str, opp: str) -> str:
    """The opponent's rating as a game counts it (0 where it does not): ``counts`` the game's
    own condition, ``own``/``opp`` the ratings used."""
    return f"IF(AND({counts},{rated_pair(own, opp)}),{opp},0)"


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
    """LOGISTIC dp of the unrounded fraction halves/(2·games), within ± the rule set's limit."""
    return (f"IF({halves}<=0,-DpLimit,IF({halves}>=2*({games}),DpLimit,"
            f"MAX(-DpLimit,MIN(DpLimit,-ScaleUsed*LOG10(2*({games})/({halves})-1)))))")


def performance(avg: str, halves: str, games: str) -> str:
    """Performance Ra + dp ('' without games); LOGISTIC rounds the sum .5 up."""
    return (f'IF({games}=0,"",IF(IsLogistic,INT({avg}+{dp_logistic(halves, games)}+0.5),'
            f"{avg}+{dp_table(p_hundredths(halves, games))}))")


def default_k(rating: str) -> str:
    """The rule set's K when none is given (:meth:`RuleSet.default_k`)."""
    return f"IF(AND(TopFrom>0,{rating}>=TopFrom),KTop,KOther)"


def k_rule(rating: str, reached: str, games_played: str, birth_year: str) -> str:
    """K by the rule set's K rules (:meth:`RuleSet.k_rule`): ``rating`` 0 when unrated,
    ``reached`` the has-reached-2400 flag cell, the others blank when not known."""
    junior = (f"AND(JuniorAge>0,ISNUMBER({birth_year}),ISNUMBER(EventYear),EventYear-{birth_year}<=JuniorAge,"
              f"{rating}<JuniorBelow)")
    return (f"IF({rating}=0,IF(KUnrated>0,KUnrated,{default_k('UnratedAs')}),"
            f"IF(AND(TopFrom>0,OR({reached}=FlagYes,{rating}>=TopFrom)),KTop,"
            f"IF(AND(NewGames>0,ISNUMBER({games_played}),{games_played}<NewGames),KNew,"
            f"IF({junior},KJunior,KOther))))")


def k_given(cell: str, rating: str) -> str:
    """K of a player: his own K cell, else the event's default K, else the rule set's."""
    return f"IF(ISNUMBER({cell}),{cell},IF(ISNUMBER(DefaultK),DefaultK,{default_k(rating)}))"


def k_effective(k: str, games: str) -> str:
    """FIDE's K×n ≤ 700: the largest whole K with K×n within the limit when K×n is above it."""
    return f"IF(AND(KTimesN>0,{k}*{games}>KTimesN),INT(KTimesN/{games}),{k})"


def change_unrounded(k: str, halves: str, expected: str, tenths: str) -> str:
    """The change before rounding: K×(W−We) from hundredths/percent, or k×(N − N_exp) from tenths."""
    return f"IF(IsKvant,{k}*(5*({halves})-({tenths}))/10,{k}*(50*({halves})-({expected}))/100)"


def change(unrounded: str) -> str:
    """The change applied: whole, .5 away from zero (FIDE, LOGISTIC); as is under the Kvant rules."""
    return f"IF(RoundsChange,ROUND({unrounded},0),{unrounded})"


def initial_rating(total: str, halves: str, games: str) -> str:
    """FIDE's initial rating (:meth:`FideRules.initial`): hypothetical drawn games, enough
    games, no zero score, a maximum, and '' below the lowest published rating."""
    n2 = f"({games}+InitialAnchors)"
    dp = dp_table(half_up(f"100*({halves}+InitialAnchors)", f"2*{n2}"))
    ru = f"MIN(InitialMax,{half_up(f'{total}+InitialAnchors*InitialAnchor+{dp}*{n2}', n2)})"
    return f'IF(OR({games}<InitialGames,{halves}=0),"",IF({ru}<RatingFloor,"",{ru}))'


def event_average(rated_sum: str, rated_count: str, all_sum: str, all_count: str) -> str:
    """An event's average rating: over the rated players, or over all with unrated ones
    counted as :attr:`unrated_as` (Kvant), rounded as the rule set rounds averages."""
    return (f'IF(AverageCountsUnrated,IF({all_count}=0,"",{average(all_sum, all_count)}),'
            f'IF({rated_count}=0,"",{average(rated_sum, rated_count)}))')


def category(avg: str) -> str:
    """Tournament category of an average rating ('' without one, 0 below category 1)."""
    return f'IF({avg}="","",IF({avg}<CategoryFrom,0,INT(({avg}-CategoryFrom+CategoryWidth)/CategoryWidth)))'


def event_counts(rated: str, players: str, avg: str) -> str:
    """Whether the event counts for rating (Kvant: a share of rated players and a least K_T)."""
    return (f'IF(ValidFrom>0,IF(AND(ValidWhole*{rated}>=ValidPart*{players},{avg}<>"",{avg}>=ValidFrom),'
            f'FlagYes,FlagNo),"")')


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


def points(codes: str) -> str:
    """Tournament points of a row of game codes (forfeits and byes included)."""
    return f"SUMPRODUCT(MOD({codes},10))/2"
