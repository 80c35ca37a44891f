"""The Excel functions of elo-xl, exposed through xlwings.

Each function here is an ordinary Python function too (``ELO_EXPECTED(2500, 2400)`` →
0.64). This module only adapts shapes and errors: every number comes from
:mod:`elo_xl.engine`.

* Range arguments are declared ``ndim=2`` so that rows and columns keep their shape; range
  results are lists of rows that spill; an empty cell is None.
* Bad input raises :class:`~elo_xl.errors.EloError` in the engine. The classic add-in would
  put a whole traceback into the cell, so there the one-line message becomes the cell's
  text. Under xlwings Lite and xlwings Server only :class:`xlwings.XlwingsError` messages
  reach the user, so there the line travels as that class and shows as #VALUE!.
* Parameters carry no type annotations on purpose: xlwings reads annotations as value
  converters.

>>> ELO_NEW(2500, [2400], [1], 10)
2504
>>> ELO_EVENT([2500, 2400], [[None, 1], [0, None]], 10)
[[1, 1, 2400, 0.64, 4, 2504, 3200], [1, 0, 2500, 0.36, -4, 2396, 1700]]
>>> ELO_NEW(2500, [2400], ["x"])
'results: "x" is not a result; type 1, ½ (or 0.5, =, R), 0, + or − (forfeits; also F+, F-), or leave the cell blank'
"""

from __future__ import annotations

import functools
import inspect
import itertools
import math
import sys
from typing import Any, Callable

import xlwings as xw

from . import engine, norms
from .errors import EloError, describe_position
from .rules import rule_choices

#: Under xlwings Lite (Pyodide) and xlwings Server errors must be raised as XlwingsError.
RAISE_ERRORS = bool(getattr(xw, "on_server", False)) or sys.platform == "emscripten"

CATEGORY = "Elo"
RULES_DOC = f"Rule set: {rule_choices()}."
STANDARD_DOC = ("Standard rating (optional; FIDE-RAPID, FIDE-BLITZ): an unrated player is rated with it, K 40 "
                "unless given; blank = none.")
STANDARD_EVENT_DOC = ("Standard ratings (optional; FIDE-RAPID, FIDE-BLITZ): a column of n; an unrated player with one "
                      "is rated with it (K 40 unless given) and counts as rated.")
K_DOC = "K factor (optional): blank = the rule set's default (FIDE: 20 below 2400, 10 from 2400; K×n ≤ 700)."


#: The largest magnitude an Excel cell holds (Excel's specifications and limits).
EXCEL_MAX = 9.99999999999999e307
#: Excel's error values, which reach the functions as text (``err_to_str``) instead of blank.
EXCEL_ERRORS = frozenset(["#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#GETTING_DATA",
                          "#SPILL!", "#CALC!", "#FIELD!", "#BUSY!", "#BLOCKED!", "#CONNECT!", "#UNKNOWN!",
                          "#PYTHON!", "#TIMEOUT!"])
ERROR_HELP = "is an Excel error in the cell (a formula that failed, or a number beyond ±9.99999999999999E+307); fix the cell it comes from"
TOO_LARGE = "is beyond the numbers an Excel cell holds (±9.99999999999999E+307)"


def _excel(function: Callable) -> Callable:
    """Turn the engine's one-line EloError into what the user's Excel can show.

    Every argument is checked first: an Excel error value (#NUM!, #DIV/0!…) and a number no
    Excel cell holds (beyond ±9.99999999999999E+307, infinite, not a number) are refused with
    the argument's name and position, and so is a result no cell can hold. A Python error
    left over from arithmetic on extreme values becomes a one-line message too, never a
    traceback in the cell.
    """
    names = list(inspect.signature(function).parameters)

    @functools.wraps(function)
    def wrapper(*args):
        try:
            ranges = _range_parameters(wrapper)
            args = tuple(value if name in ranges else _one_cell(name, value) for name, value in zip(names, args))
            for name, value in zip(names, args):
                _check_cells(name, value)
                if name in ranges and isinstance(value, (list, tuple)) and not any(
                        not isinstance(row, (list, tuple)) or row for row in value):
                    raise EloError(f"{name}: the range has no cells; give at least one cell (a blank cell is fine)")
            result = function(*args)
            _check_cells("the result", result)
            return result
        except EloError as error:
            message = str(error)
        except (ArithmeticError, ValueError, RecursionError) as error:
            message = (f"{function.__name__}: these arguments go beyond what can be calculated "
                       f"({type(error).__name__}); check the sizes of the numbers")
        message = " ".join(message.split("\n"))
        if len(message) > MESSAGE_LIMIT:
            message = message[:MESSAGE_LIMIT - 1] + "…"
        if RAISE_ERRORS:
            raise xw.XlwingsError(message) from None
        return message

    return wrapper


#: The longest message shown in a cell (a cell holds 32,767 characters; a message is one line).
MESSAGE_LIMIT = 500


def _arg(name: str, **options: Any) -> Callable:
    """``@xw.arg`` as every elo-xl function declares its parameters: an error cell arrives as
    its text (``err_to_str``: "#NUM!", refused by name, instead of a blank that would read as
    an unrated player), and the wrapper learns whether the parameter takes a range
    (``ndim=2``) or one cell."""

    def decorate(function: Callable) -> Callable:
        function.__dict__.setdefault("elo_ranges", {})[name] = options.get("ndim") == 2
        return xw.arg(name, err_to_str=True, **options)(function)

    return decorate


def _range_parameters(function: Callable) -> frozenset[str]:
    """The parameters that take a range; every parameter when they were not declared with
    :func:`_arg` (then nothing is refused for its shape)."""
    declared = function.__dict__.get("elo_ranges")
    if declared is None:
        return frozenset(inspect.signature(function).parameters)
    return frozenset(name for name in inspect.signature(function).parameters if declared.get(name, True))


def _one_cell(name: str, value: Any) -> Any:
    """A single-cell parameter's value: a 1×1 range is its cell; a larger range is refused.

    xlwings passes a multi-cell reference to a single-cell parameter as rows of values.
    """
    if not isinstance(value, (list, tuple)):
        return value
    rows = [row if isinstance(row, (list, tuple)) else [row] for row in value]
    if len(rows) == 1 and len(rows[0]) == 1 and not isinstance(rows[0][0], (list, tuple)):
        return rows[0][0]
    size = f"{len(rows)}×{max((len(r) for r in rows), default=0)}"
    raise EloError(f"{name}: a range of {size} cells where one cell is wanted; give a single cell or value")


def _check_cells(name: str, value: Any) -> None:
    """Refuse Excel error values and numbers beyond Excel's range in an argument (a value,
    a column or rows)."""
    if isinstance(value, (list, tuple)):
        if all(isinstance(item, (list, tuple)) for item in value) and _plain_numbers(
                list(itertools.chain.from_iterable(value))):
            return  # rows of plain numbers, checked whole
        for i, item in enumerate(value, 1):
            if isinstance(item, (list, tuple)):
                if _plain_numbers(item):
                    continue
                for j, cell in enumerate(item, 1):
                    _check_cell(name, (i, j), cell)
            else:
                _check_cell(name, i, item)
    else:
        _check_cell(name, None, value)


_PLAIN = frozenset([float, int, type(None)])


def _plain_numbers(row: Any) -> bool:
    """Whether a row holds only blanks and numbers a cell holds (what Excel passes for a range of
    numbers), found in a few whole-row operations; False when a cell needs :func:`_check_cell`
    (which then names it)."""
    if not set(map(type, row)) <= _PLAIN:
        return False
    numbers = [c for c in row if c is not None] if None in row else row
    if not numbers:
        return True
    try:  # the sum is infinite or not a number when a cell is (or when the sum goes beyond a float)
        finite = math.isfinite(sum(numbers))
    except OverflowError:  # integers beyond a float
        return False
    return finite and -EXCEL_MAX <= min(numbers) and max(numbers) <= EXCEL_MAX


def _check_cell(name: str, pos: Any, value: Any) -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, str):
        if value.strip().upper() in EXCEL_ERRORS:
            raise EloError.at(name, pos, value.strip(), ERROR_HELP)
        return
    if isinstance(value, int):
        if not -EXCEL_MAX <= value <= EXCEL_MAX:  # compared exactly, never converted to float or text
            where = describe_position(pos)
            digits = int(abs(value).bit_length() * math.log10(2)) + 1
            raise EloError(f"{name}{', ' + where if where else ''}: a number of about {digits} digits {TOO_LARGE}")
        return
    if isinstance(value, float):
        if math.isnan(value):
            raise EloError.at(name, pos, value, "is not a number; an Excel cell holds numbers and text")
        if not math.isfinite(value) or abs(value) > EXCEL_MAX:
            raise EloError.at(name, pos, value, TOO_LARGE)
def _range_or_value(rows: list[list[Any]]) -> Any:
    """A 1×1 result as a plain value; anything larger as rows that spill."""
    if len(rows) == 1 and len(rows[0]) == 1:
        return rows[0][0]
    return rows


@xw.func(category=CATEGORY)
@_arg("rating", ndim=2, doc="Rating of the player (a cell or a range); blank, 0 or NR = unrated.")
@_arg("opponent", ndim=2, doc="Opponent's rating (a cell or a range of the same shape).")
@_arg("rules", doc=RULES_DOC)
@_excel
def ELO_EXPECTED(rating, opponent, rules=None):
    """Expected score of rating against opponent in one game, e.g. =ELO_EXPECTED(2500,2400) gives 0.64. FIDE applies the 400-point rule (2650+ exempt); an unrated side under FIDE gives an empty cell. Ranges give ranges."""
    return _range_or_value(engine.expected_grid(rating, opponent, rules))


@xw.func(category=CATEGORY)
@_arg("delta", ndim=2, doc="Rating difference: own rating minus the opponent's (or the opponents' average). A range gives a range.")
@_arg("rules", doc=RULES_DOC)
@_excel
def ELO_TABLE_H(delta, rules=None):
    """Percentage h (0-100) expected for a rating difference, from table 8.1.2 (the Kvant article's Table 1), no cap, e.g. =ELO_TABLE_H(100) gives 64. LOGISTIC: 100/(1+10^(-delta/scale))."""
    return _range_or_value(engine.table_h_grid(delta, rules))


@xw.func(category=CATEGORY)
@_arg("p", ndim=2, doc="Fractional score from 0 to 1 (points / games); rounded to two decimals, .005 up. A range gives a range.")
@_arg("rules", doc=RULES_DOC)
@_excel
def ELO_DP(p, rules=None):
    """Rating difference dp for a fractional score p, from FIDE table 8.1.1, e.g. =ELO_DP(0.83) gives 273. LOGISTIC: -scale*log10(1/p-1), within +/-800."""
    return _range_or_value(engine.dp_grid(p, rules))


@xw.func(category=CATEGORY)
@_arg("rating", doc="Rating before the event; blank = unrated (FIDE: the initial rating is returned).")
@_arg("opponents", ndim=2, doc="Opponents' ratings, one cell per game; blank, 0 or NR = unrated opponent.")
@_arg("results", ndim=2, doc="Results, one per opponent: 1, ½ (0.5, =), 0; + and - are forfeits (not rated); blank = not played.")
@_arg("k", doc=K_DOC)
@_arg("rules", doc=RULES_DOC)
@_arg("standard_rating", doc=STANDARD_DOC)
@_excel
def ELO_NEW(rating, opponents, results, k=None, rules=None, standard_rating=None):
    """New rating after these games, rounded as the rule set says, e.g. =ELO_NEW(2500,2400,1,10) gives 2504. A blank rating under FIDE gives the initial rating (or why there is none); FIDE-RAPID/BLITZ rate it with a standard_rating."""
    outcome = engine.rate(rating, opponents, results, k, rules, standard_rating)
    if outcome.new_rating is None and outcome.note:
        return outcome.note
    return outcome.new_rating


@xw.func(category=CATEGORY)
@_arg("rating", doc="Rating before the event; blank = unrated (FIDE: no change exists, the cell stays empty).")
@_arg("opponents", ndim=2, doc="Opponents' ratings, one cell per game; blank, 0 or NR = unrated opponent.")
@_arg("results", ndim=2, doc="Results, one per opponent: 1, ½ (0.5, =), 0; + and - are forfeits (not rated); blank = not played.")
@_arg("k", doc=K_DOC)
@_arg("rules", doc=RULES_DOC)
@_arg("standard_rating", doc=STANDARD_DOC)
@_excel
def ELO_CHANGE(rating, opponents, results, k=None, rules=None, standard_rating=None):
    """Rating change before rounding, as FIDE's calculation pages show it: K x sum(W - PD), e.g. =ELO_CHANGE(2500,2400,1,10) gives 3.6. ELO-1970/USSR-1977: k x (N - N_exp)."""
    return engine.rate(rating, opponents, results, k, rules, standard_rating).change_unrounded


@xw.func(category=CATEGORY)
@_arg("ratings", ndim=2, doc="Ratings of the n players in start order (a column); blank, 0 or NR = unrated.")
@_arg("results", ndim=2, doc="Crosstable n x n (row i, column j = i's score against j), or with pairings n x r (this player's result per round).")
@_arg("k", ndim=2, doc="K for all players, or a column of n values; blank = the rule set's default for that player.")
@_arg("rules", doc=RULES_DOC)
@_arg("pairings", ndim=2, doc="Rounds form (optional): n x r opponents' start numbers 1..n per round; blank or 0 = bye or not played.")
@_arg("standard_ratings", ndim=2, doc=STANDARD_EVENT_DOC)
@_excel
def ELO_EVENT(ratings, results, k=None, rules=None, pairings=None, standard_ratings=None):
    """A whole event: one row per player with games, score, opponents' average, expected, change, new rating, performance. From a crosstable, or from rounds with pairings. E.g. =ELO_EVENT(B2:B11,C2:L11)"""
    outcomes = engine.rate_event(ratings, results, k, rules, pairings, standard_ratings)
    return [outcome.event_row() for outcome in outcomes]


@xw.func(category=CATEGORY)
@_arg("opponents", ndim=2, doc="Opponents' ratings, one cell per game; blank, 0 or NR = unrated opponent.")
@_arg("results", ndim=2, doc="Results, one per opponent: 1, ½ (0.5, =), 0; + and - are forfeits (not rated); blank = not played.")
@_arg("rules", doc=RULES_DOC)
@_excel
def ELO_PERFORMANCE(opponents, results, rules=None):
    """Performance rating Ra + dp: Ra the opponents' average, p = score/games to two decimals, e.g. =ELO_PERFORMANCE({2400;2500;2600},{1;1;0.5}) gives 2773. Empty when no game counts."""
    return engine.performance(opponents, results, rules)


@xw.func(category=CATEGORY)
@_arg("opponents", ndim=2, doc="Opponents' ratings, one cell per game; under FIDE only rated opponents count.")
@_arg("results", ndim=2, doc="Results, one per opponent: 1, ½ (0.5, =), 0; + and - are forfeits (not rated); blank = not played.")
@_arg("rules", doc=RULES_DOC)
@_excel
def ELO_INITIAL(opponents, results, rules=None):
    """Rating an unrated player comes out with. FIDE: two hypothetical 1800 draws, 5+ games against rated opponents, at most 2200, published from 1400; otherwise a short text says why. ELO-1970: from 2200; LOGISTIC: from 1500."""
    rating, reason = engine.initial_rating(opponents, results, rules)
    return reason if rating is None else rating


@xw.func(category=CATEGORY)
@_arg("rating", doc="Current rating; blank = unrated (FIDE: K 40).")
@_arg("games", doc="Rated games played so far (optional); blank = 30 or more.")
@_arg("birth_year", doc="Year of birth (optional); blank = not a junior.")
@_arg("reached_2400", doc="TRUE once the published rating has reached 2400 (optional); blank = FALSE.")
@_arg("rules", ndim=2, doc="Rule set name, or a two-column range of (rating from, K) rows, e.g. 0,25 / 1600,20 / 2000,15 / 2400,10.")
@_arg("year", doc="Year of the event for the junior rule (optional); blank = this year.")
@_excel
def ELO_K(rating, games=None, birth_year=None, reached_2400=None, rules=None, year=None):
    """K factor: FIDE 40 below 30 games or for a junior under 2300, 10 from 2400 (for good), else 20, e.g. =ELO_K(2350) gives 20. Or the K of a schedule range. ELO-1970: 10; LOGISTIC: 20."""
    return engine.k_factor(rating, games, birth_year, reached_2400, rules, year)


@xw.func(category=CATEGORY)
@_arg("ratings", ndim=2, doc="Ratings of all players of the event; blank, 0 or NR = unrated.")
@_arg("rules", doc=RULES_DOC)
@_excel
def ELO_AVERAGE(ratings, rules=None):
    """Average rating of an event (the Kvant article's K_T). FIDE, LOGISTIC: rated players, .5 up; ELO-1970/USSR-1977: unrated count 2200, .5 down. E.g. =ELO_AVERAGE(B2:B11)"""
    return engine.average_rating(ratings, rules)


@xw.func(category=CATEGORY)
@_arg("average", doc="Average rating of the event, e.g. from ELO_AVERAGE.")
@_excel
def ELO_CATEGORY(average):
    """FIDE tournament category: 1 for an average of 2251-2275, one more per 25 points; 0 below 2251. E.g. =ELO_CATEGORY(2530) gives 12."""
    return engine.category(average)


@xw.func(category=CATEGORY)
@_arg("rating", doc="Rating of the player; blank = unrated.")
@_arg("points", doc="Points scored so far.")
@_arg("remaining_opponents", ndim=2, doc="Ratings of the opponents still to come; a blank cell is no game, NR or 0 = unrated.")
@_arg("rules", doc=RULES_DOC)
@_excel
def ELO_FORECAST(rating, points, remaining_opponents, rules=None):
    """Forecast final score: points so far plus the expected score against the opponents still to come (the Kvant article's running forecast), e.g. =ELO_FORECAST(2500,3,{2400;2400}) gives 4.28."""
    return engine.forecast(rating, points, remaining_opponents, rules)


@xw.func(category=CATEGORY)
@_arg("rating", doc="Rating before the event; blank = unrated.")
@_arg("opponents", ndim=2, doc="Opponents' ratings; a blank cell is no game, NR or 0 = unrated opponent.")
@_arg("target", doc="Rating to reach.")
@_arg("k", doc=K_DOC)
@_arg("rules", doc=RULES_DOC)
@_excel
def ELO_NEEDED(rating, opponents, target, k=None, rules=None):
    """Least score (a multiple of 0.5) against these opponents that lifts the new rating to at least target; empty when even a full score does not, e.g. =ELO_NEEDED(2400,A1:A9,2420,20) gives 5.5."""
    return engine.needed(rating, opponents, target, k, rules)


NORM_DOC = "Norm: GM, IM, WGM or WIM."


@xw.func(category=CATEGORY)
@_arg("norm", doc=NORM_DOC)
@_arg("opponents", ndim=2, doc="Opponents' ratings, one cell per round; blank, 0 or NR = unrated (counts 1400). A blank opponent with a blank result is no game.")
@_arg("results", ndim=2, doc="Results as in ELO_NEW: 1, ½ (0.5, =), 0; + and - are forfeits (not counted); blank against a given opponent = a game still to play.")
@_arg("titles", ndim=2, doc="Opponents' titles (optional), one per opponent: GM, IM, WGM, WIM, FM, WFM, CM, WCM or blank.")
@_arg("federations", ndim=2, doc="Opponents' federations (optional), three-letter codes such as GER; FID or blank = no federation.")
@_arg("own_federation", doc="The player's own federation (optional), e.g. NOR.")
@_arg("exempt", doc="TRUE for an event exempt from the federation rules (national championship final, zonal, qualifying Swiss…); blank = FALSE.")
@_arg("min_games", doc="Games a norm needs (optional); blank = 9 (7 in team championships).")
@_excel
def ELO_NORM(norm, opponents, results, titles=None, federations=None, own_federation=None, exempt=None,
             min_games=None):
    """FIDE title norm check; spills one row: games credited, Ra, score, Rp, points required, points still needed, unmet requirements (text), norm made (TRUE/FALSE). E.g. =ELO_NORM("IM",B2:B10,C2:C10,D2:D10,E2:E10,"NOR")"""
    return [norms.norm_check(norm, opponents, results, titles, federations, own_federation, exempt,
                             min_games).excel_row()]


@xw.func(category=CATEGORY)
@_arg("norm", doc=NORM_DOC)
@_arg("games", doc="Number of games (the regulations' Annex shows 7 to 19).")
@_arg("average", doc="Opponents' average rating Ra, after the floor for the lowest-rated opponent.")
@_excel
def ELO_NORM_SCORE(norm, games, average):
    """Least points for a title norm in that many games at that average (the Annex of the FIDE Title Regulations, computed), e.g. =ELO_NORM_SCORE("GM",9,2460) gives 6.5. Empty when no score makes the norm."""
    return norms.norm_score(norm, games, average)


#: Every Excel function of the module, in the order of the reference.
FUNCTIONS = (ELO_EXPECTED, ELO_TABLE_H, ELO_DP, ELO_NEW, ELO_CHANGE, ELO_EVENT, ELO_PERFORMANCE,
             ELO_INITIAL, ELO_K, ELO_AVERAGE, ELO_CATEGORY, ELO_FORECAST, ELO_NEEDED, ELO_NORM, ELO_NORM_SCORE)
