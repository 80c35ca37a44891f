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

Only functions common to Excel 2010, LibreOffice 7.4, Gnumeric and Google Sheets are used. Arithmetic
stays in integers (hundredths, halves, tenths) until the one rounding a rule prescribes:

>>> half_up("A1", "B1")
'INT((2*(A1)+(B1))/(2*(B1)))'
>>> capped_difference("R", "O")
'IF(AND(Cap>0,OR(CapExempt=0,R<CapExempt)),MAX(-Cap,MIN(Cap,R-O)),R-O)'
>>> dict(switches())["Cap"]
'CHOOSE(RuleNo,400,400,400,400,0,0,0)'

Game codes (what a typed result becomes, and the formulas that read codes) are in
:mod:`elo_xl.workbook.codes`; this module re-exports them as part of the vocabulary.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Sequence

from .. import rounding
from ..rules import RULE_SETS, LogisticRules, RuleSet
from .codes import (  # noqa: F401  (re-exported: the templates read every formula from this module)
    BASE_CODE,
    CODE_SYMBOLS,
    CONFLICT,
    NOTHING,
    ONE_SIDED,
    PENDING,
    agree,
    by_points,
    code_symbol,
    complement,
    conflicts,
    crosstable_code,
    game,
    implied_colour,
    implied_opponent,
    other_side,
    pairing_byes,
    points,
    result_base,
    result_table,
    rounds_code,
    typed_text,
)

#: The defined names of the rule-set switches: (name, the rule set's value; None counts as 0).
RULE_SWITCHES: tuple[tuple[str, "Callable[[RuleSet], Any]"], ...] = (
    ("InitialRatings", lambda rs: rs.uses_initial_ratings),
    ("IsKvant", lambda rs: rs.rates_against_average),
    ("IsLogistic", lambda rs: rs.CURVE == "logistic"),
    ("UnratedAs", lambda rs: rs.unrated_as),
    ("AverageDown", lambda rs: rs.average_rounding is rounding.half_down),
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


def rule_choice(value: Callable[[RuleSet], Any], rule_sets: Sequence[RuleSet] = RULE_SETS,
                rule_no: str = "RuleNo") -> str:
    """A rule-set attribute as formula text: one ``CHOOSE`` over ``rule_sets`` by the rule set's
    position ``rule_no`` (the books' ``RuleNo``, a LAMBDA's local), the value itself where every
    rule set agrees.

    >>> rule_choice(lambda rs: rs.CAP, rule_no="@n"), rule_choice(lambda rs: 1)
    ('CHOOSE(@n,400,400,400,400,0,0,0)', '1')
    """
    values = [_number(value(rs)) for rs in rule_sets]
    return values[0] if len(set(values)) == 1 else f"CHOOSE({rule_no},{','.join(values)})"


def switches(rule_sets: Sequence[RuleSet] = RULE_SETS, flags: tuple[str, str] = ("yes", "no")) -> list[tuple[str, str]]:
    """The rule-set switches of a book offering ``rule_sets`` (in ``RuleNo`` order): (name, formula).

    Each switch picks its rule set's attribute with ``CHOOSE(RuleNo, …)`` (the value itself
    where every rule set agrees); ``flags`` are the book's words for yes and no.

    >>> dict(switches())["KTimesN"], dict(switches())["InitialMax"]
    ('CHOOSE(RuleNo,700,700,700,700,0,0,0)', 'CHOOSE(RuleNo,2200,2200,2200,2200,0,0,0)')
    """
    scale = LogisticRules
    found = [("RuleNo", "IFERROR(MATCH(Rules,RuleList,0),1)")]
    found += [(name, rule_choice(value, rule_sets)) for name, value in RULE_SWITCHES]
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
    return f"IF({counts},IF({rated_pair(own, opp)},{opp},0),0)"


def table_h(difference: str, lookup: Callable[[str], str] | None = None) -> str:
    """Table 8.1.2 in hundredths for a difference (h_high for ≥ 0, h_low below); ``lookup`` renders
    h_high of a difference ≥ 0 (by default ``LOOKUP`` over ``DMin`` and ``PHigh``; the LAMBDA
    names, for engines without an array ``LOOKUP``, ``INDEX``/``MATCH``).

    >>> table_h("D", lambda d: f"H({d})")
    '(50+SIGN(D)*(H(ABS(D))-50))'
    """
    high = lookup(f"ABS({difference})") if lookup else f"LOOKUP(ABS({difference}),DMin,PHigh)"
    return f"(50+SIGN({difference})*({high}-50))"


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


def ra_plus_dp(avg: str, halves: str, games: str) -> str:
    """Ra + dp by table 8.1.1, p = halves/(2·games) in hundredths, .005 up (a norm's Rp, the
    LAMBDA names' performance); ``games`` > 0."""
    return f"{avg}+INDEX(DpTable,{half_up(f'100*{halves}', f'2*{games}')}+1)"


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
    # nested IFs, not AND: Excel's AND (like LibreOffice's and Gnumeric's) evaluates every
    # argument, so EventYear-{birth} would be #VALUE! without an event date
    junior = (f"IF(JuniorAge>0,IF(ISNUMBER({birth_year}),IF(ISNUMBER(EventYear),"
              f"IF(EventYear-{birth_year}<=JuniorAge,{rating}<JuniorBelow,FALSE),FALSE),FALSE),FALSE)")
    new = f"IF(NewGames>0,IF(ISNUMBER({games_played}),{games_played}<NewGames,FALSE),FALSE)"
    return (f"IF({rating}=0,IF(KUnrated>0,KUnrated,{default_k('UnratedAs')}),"
            f"IF(AND(TopFrom>0,OR({reached}=FlagYes,{rating}>=TopFrom)),KTop,"
            f"IF({new},KNew,"
            f"IF({junior},KJunior,KOther))))")


def k_given(cell: str, rating: str) -> str:
    """K of a player: his own K cell, else the event's default K, else the rule set's."""
    return k_of(cell, default_k(rating))


def k_of(cell: str, otherwise: str) -> str:
    """K of a player: his own K cell, else the event's default K, else ``otherwise``."""
    return f"IF(ISNUMBER({cell}),{cell},IF(ISNUMBER(DefaultK),DefaultK,{otherwise}))"


def k_effective(k: str, games: str) -> str:
    """FIDE's K×n ≤ 700: the largest whole K with K×n within the limit when K×n is above it."""
    return f"IF(AND(KTimesN>0,{k}*{games}>KTimesN),INT(KTimesN/{games}),{k})"


def change_unrounded(k: str, halves: str, expected: str, tenths: str) -> str:
    """The change before rounding: K×(W−We) from hundredths/percent, or k×(N − N_exp) from tenths."""
    return f"IF(IsKvant,{k}*(5*({halves})-({tenths}))/10,{k}*(50*({halves})-({expected}))/100)"


def change(unrounded: str) -> str:
    """The change applied: whole, .5 away from zero (FIDE, LOGISTIC); as is under the Kvant rules
    (to 9 decimals, far below any K a user types, which keeps the text of ``unrounded`` once)."""
    return f"ROUND({unrounded},IF(RoundsChange,0,9))"


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
    return f'IF({avg}="","",{category_of(avg)})'


def category_of(avg: str) -> str:
    """Tournament category of an average rating that is a number (0 below category 1)."""
    return f"IF({avg}<CategoryFrom,0,INT(({avg}-CategoryFrom+CategoryWidth)/CategoryWidth))"


def event_counts(rated: str, players: str, avg: str) -> str:
    """Whether the event counts for rating (Kvant: a share of rated players and a least K_T)."""
    return (f'IF(ValidFrom>0,IF(AND(ValidWhole*{rated}>=ValidPart*{players},{avg}<>"",{avg}>=ValidFrom),'
            f'FlagYes,FlagNo),"")')


# --- sheet furniture and standings ---------------------------------------------------------------


def event_line(dates: str | None = None) -> str:
    """The event's name and place, for the line under a sheet's title; given ``dates`` (a text
    formula, :func:`dates_in_words`), its dates after them.

    >>> event_line('"d"')
    'IF(EventName="",IF(Place<>"",Place,""),EventName&IF(Place<>"",", "&Place,""))&IF(OR(EventName<>"",Place<>""),IF("d"="","",", "&"d"),"d")'
    """
    if dates is None:
        return 'IF(EventName="","",EventName&IF(Place<>"",", "&Place,""))'
    where = 'IF(EventName="",IF(Place<>"",Place,""),EventName&IF(Place<>"",", "&Place,""))'
    return f'{where}&IF(OR(EventName<>"",Place<>""),IF({dates}="","",", "&{dates}),{dates})'


def dates_in_words(templates: dict[str, str], months: Sequence[str], start: str = "StartDate",
                   end: str = "EndDate") -> str:
    """The event's dates in words ("from 14 to 18 March 2026"), as one text formula of the date
    cells ``start`` and ``end`` (typed by the user: blank when ``start`` is not a date; one day
    when ``end`` is not a date or the same day). ``templates``: the sentences ``one_day``,
    ``same_month``, ``same_year``, ``other_years`` with the slots ``{first}``, ``{last}``
    (days), ``{month}``, ``{month2}``, ``{year}``, ``{year2}``; ``months``: the twelve month
    names as a date writes them.

    >>> t = {"one_day": "{first} {month} {year}", "same_month": "{first}-{last} {month} {year}",
    ...      "same_year": "{first} {month}-{last} {month2} {year}", "other_years": "{year}-{year2}"}
    >>> dates_in_words(t, [f"M{k}" for k in range(1, 13)])[:60]
    'IF(NOT(ISNUMBER(StartDate)),"",IF(OR(NOT(ISNUMBER(EndDate)),'
    """
    def month(cell: str) -> str:
        return f"CHOOSE(MONTH({cell})," + ",".join(f'"{m}"' for m in months) + ")"

    values = {"first": f"DAY({start})", "last": f"DAY({end})", "month": month(start), "month2": month(end),
              "year": f"YEAR({start})", "year2": f"YEAR({end})"}

    def said(key: str) -> str:
        used = {k: v for k, v in values.items() if "{" + k + "}" in templates[key]}
        return sentence(templates[key], **used)

    return (f'IF(NOT(ISNUMBER({start})),"",IF(OR(NOT(ISNUMBER({end})),INT({end})=INT({start})),{said("one_day")},'
            f'IF(YEAR({start})<>YEAR({end}),{said("other_years")},IF(MONTH({start})<>MONTH({end}),'
            f'{said("same_year")},{said("same_month")}))))')


def sentence(template: str, **values: str) -> str:
    """A translated sentence with formula values in its ``{slots}``, as one text formula.

    >>> sentence("After round {round}", round="R")
    '"After round "&R&""'
    """
    parts = re.split(r"\{(\w+)\}", template)
    out = []
    for k, part in enumerate(parts):
        out.append(f'"{part}"' if k % 2 == 0 else f"{values[part]}")
    return "&".join(out)


def rounds_played(code_columns: Sequence[str]) -> str:
    """The last round in which a game or a bye counts (a code below 90), 0 before round 1."""
    return "MAX(" + ",".join(f'IF(COUNTIF({c},"<{NOTHING}")>0,{t + 1},0)' for t, c in enumerate(code_columns)) + ")"


def copy_of(cell: str) -> str:
    """What another cell holds (blank stays blank)."""
    return f'IF({cell}="","",{cell})'


def if_present(present: str, text: str) -> str:
    """``text`` on a row that holds a player, blank on an empty row."""
    return f'IF({present}=0,"",{text})'


def if_kvant(text: str, games: str | None = None) -> str:
    """``text`` under the Kvant rule sets (and, given ``games``, when there are games), else blank."""
    condition = "IsKvant" if games is None else f"AND(IsKvant,{games}>0)"
    return f'IF({condition},{text},"")'


def score(halves: str) -> str:
    """A score in points from half points."""
    return f"{halves}/2"


def k_used(rating: str, k_eff: str) -> str:
    """The K a player was rated with (blank for a player rated by an initial rating)."""
    return f'IF({gets_initial_rating(rating)},"",{k_eff})'


def sonneborn_berger(codes: str, opponents_points: str) -> str:
    """Sonneborn-Berger: each game's points times the opponent's points, summed."""
    return f"({by_points(lambda code: f'SUMIF({codes},{code},{opponents_points})')})/2"


def expected_if_counted(own: str, opp: str) -> str:
    """Expected score in percent of a game that counts (an opponent rating above 0), else 0."""
    return f"IF(AND({opp}>0,{own}>0),{expected_percent(own, opp)},0)"


def if_rated_game(own: str, opp: str, text: str) -> str:
    """``text`` for a game that counts between two rated sides, else blank (the player calculator)."""
    return f'IF(AND({opp}>0,{own}>0),{text},"")'


def w_minus_we(code: str, expected: str) -> str:
    """W − We of one game: the game's points minus its expected score (given in percent)."""
    return f"{code}/2-{expected}/100"


def one_game_change(own: str, opp: str, k: str, code: str, unrounded: bool) -> str:
    """The change of one game rated on its own (the match's game-by-game series).

    Rounded as the rule set prescribes, or (``unrounded``) K×(W − E) with E the game's
    expected score (ELO-1970/USSR-1977: h/100 against the opponent as an average of one).
    """
    expected = expected_percent(own, opp)
    if unrounded:
        return f"{k}*({code}/2-({expected})/100)"
    tenths = n_exp_tenths(table_h(f"{own}-{rounded_rating(opp)}"), "1")
    return change(f"IF(IsKvant,{k}*(5*{code}-{tenths})/10,{k}*(50*{code}-({expected}))/100)")


def initial_status(rating: str, games: str, halves: str, new: str, words: dict[str, str]) -> str:
    """Why an unrated player has or has not an initial rating (``words`` the book's texts)."""
    return (f'IF({gets_initial_rating(rating)},IF({games}<InitialGames,"{words["few_games"]}",IF({halves}=0,'
            f'"{words["zero_score"]}",IF({new}="","{words["below_floor"]}","{words["initial"]}"))),"")')


def series_step(before: str, against: str, code: str, change_text: str) -> str:
    """One step of a game-by-game series: the rating before plus the game's change where the
    game counts (blank while the series has no rating)."""
    counts = f'AND({code}<=2,{before}<>"",{before}>0,{against}<>"",{against}>0)'
    return f'IF({before}="","",{before}+IF({counts},IF({rated_pair(before, against)},{change_text},0),0))'


def blank_if_unrated(rating: str) -> str:
    """A rating used, blank where there is none (an unrated player under FIDE)."""
    return f'IF({rating}>0,{rating},"")'


# --- the standings sheet: players in ranking order -------------------------------------------------


def place_of(key: str, rank: str, keys_so_far: str) -> str:
    """A player's place in ranking order: his rank by the ranking key (``rank``, shared by equal
    keys) plus the players above him with the same key (``keys_so_far`` the keys from the
    first player's down to his own), so ties go by start number; blank without a key.

    >>> place_of("K6", "J6", "$K$6:K6")
    'IF(K6="","",J6+COUNTIF($K$6:K6,K6)-1)'
    """
    return f'IF({key}="","",{rank}+COUNTIF({keys_so_far},{key})-1)'


def player_at(place: str, places: str) -> str:
    """The row (from 1) of the player at ``place`` among ``places`` (:func:`place_of`), blank when none."""
    return f'IFERROR(MATCH({place},{places},0),"")'


def value_at(row: str, column: str) -> str:
    """What ``column`` holds on ``row`` (:func:`player_at`), blank for a blank row or cell."""
    return f'IF({row}="","",IF(INDEX({column},{row})="","",INDEX({column},{row})))'
