"""The Excel functions of elo-xl, exposed through xlwings.

Each function here is an ordinary Python function too (``ELO_EXPECTED(2500, 2400)`` →
0.64). This module only adapts shapes and errors: every number comes from
:mod:`elo_xl.engine`, and what Excel shows of a function (its description, its parameters'
help and shapes) from its record in :mod:`elo_xl.functions` (:func:`_registered`).

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
from .functions import BY_NAME, CATEGORY, RULES_DOC  # noqa: F401  (RULES_DOC: the rule sets as the help says them)
from .functions import FUNCTIONS as RECORDS

#: Under xlwings Lite (Pyodide) and xlwings Server errors must be raised as XlwingsError.
RAISE_ERRORS = bool(getattr(xw, "on_server", False)) or sys.platform == "emscripten"



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
def _registered(function: Callable) -> Callable:
    """Register ``function`` as its record of :data:`elo_xl.functions.FUNCTIONS` says: its
    description (the docstring), each parameter's help and shape (:func:`_arg`), its category;
    the Python signature must name the record's parameters, the optional ones with a default."""
    record = BY_NAME[function.__name__]
    signature = inspect.signature(function).parameters
    optional = tuple(name for name, p in signature.items() if p.default is not inspect.Parameter.empty)
    if tuple(signature) != record.params or optional != record.optional:
        raise TypeError(f"{record.name}: the signature disagrees with elo_xl.functions")
    wrapper = _excel(function)
    wrapper.__doc__ = record.description  # before xlwings reads it (its first decorator)
    for parameter in reversed(record.parameters):  # as decorators written top-down apply
        wrapper = _arg(parameter.name, **({"ndim": 2} if parameter.takes_range else {}), doc=parameter.help)(wrapper)
    return xw.func(category=CATEGORY)(wrapper)


def _range_or_value(rows: list[list[Any]]) -> Any:
    """A 1×1 result as a plain value; anything larger as rows that spill."""
    if len(rows) == 1 and len(rows[0]) == 1:
        return rows[0][0]
    return rows


@_registered
def ELO_EXPECTED(rating, opponent, rules=None):
    return _range_or_value(engine.expected_grid(rating, opponent, rules))


@_registered
def ELO_TABLE_H(delta, rules=None):
    return _range_or_value(engine.table_h_grid(delta, rules))


@_registered
def ELO_DP(p, rules=None):
    return _range_or_value(engine.dp_grid(p, rules))


@_registered
def ELO_NEW(rating, opponents, results, k=None, rules=None, standard_rating=None):
    outcome = engine.rate(rating, opponents, results, k, rules, standard_rating)
    if outcome.new_rating is None and outcome.note:
        return outcome.note
    return outcome.new_rating


@_registered
def ELO_CHANGE(rating, opponents, results, k=None, rules=None, standard_rating=None):
    return engine.rate(rating, opponents, results, k, rules, standard_rating).change_unrounded


@_registered
def ELO_EVENT(ratings, results, k=None, rules=None, pairings=None, standard_ratings=None):
    outcomes = engine.rate_event(ratings, results, k, rules, pairings, standard_ratings)
    return [outcome.event_row() for outcome in outcomes]


@_registered
def ELO_PERFORMANCE(opponents, results, rules=None):
    return engine.performance(opponents, results, rules)


@_registered
def ELO_INITIAL(opponents, results, rules=None):
    rating, reason = engine.initial_rating(opponents, results, rules)
    return reason if rating is None else rating


@_registered
def ELO_K(rating, games=None, birth_year=None, reached_2400=None, rules=None, year=None):
    return engine.k_factor(rating, games, birth_year, reached_2400, rules, year)


@_registered
def ELO_AVERAGE(ratings, rules=None):
    return engine.average_rating(ratings, rules)


@_registered
def ELO_CATEGORY(average):
    return engine.category(average)


@_registered
def ELO_FORECAST(rating, points, remaining_opponents, rules=None):
    return engine.forecast(rating, points, remaining_opponents, rules)


@_registered
def ELO_NEEDED(rating, opponents, target, k=None, rules=None):
    return engine.needed(rating, opponents, target, k, rules)


@_registered
def ELO_NORM(norm, opponents, results, titles=None, federations=None, own_federation=None, exempt=None,
             min_games=None):
    return [norms.norm_check(norm, opponents, results, titles, federations, own_federation, exempt,
                             min_games).excel_row()]


@_registered
def ELO_NORM_SCORE(norm, games, average):
    return norms.norm_score(norm, games, average)


#: Every Excel function of the module, in the order of the reference (:data:`elo_xl.functions.FUNCTIONS`).
FUNCTIONS = tuple(globals()[record.name] for record in RECORDS)
