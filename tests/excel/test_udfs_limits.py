"""Numbers no Excel cell holds, and Excel's error values, give the one-line message in every
Excel function, never a Python exception.

Excel's limit is ±9.99999999999999E+307 (Microsoft's "Excel specifications and limits");
a formula whose result is beyond it (=10^5000) is the error #NUM!, which xlwings passes to a
function as the text "#NUM!" when the argument is declared ``err_to_str`` (every argument
of elo-xl is; without it the error would arrive as a blank cell: an unrated player).
"""

from __future__ import annotations

import re

import pytest

from elo_xl import udfs

LIMIT = 9.99999999999999e307
NAMES = [f.__name__ for f in udfs.FUNCTIONS]

#: A good call of each function, to poison one argument at a time.
GOOD = {
    "ELO_EXPECTED": (2500, 2400, "FIDE"),
    "ELO_TABLE_H": (100, "FIDE"),
    "ELO_DP": (0.83, "FIDE"),
    "ELO_NEW": (None, [[2400]], [[1]], 10, "FIDE-RAPID", 2450),
    "ELO_CHANGE": (None, [[2400]], [[1]], 10, "FIDE-RAPID", 2450),
    "ELO_EVENT": ([[2500], [None]], [[None, 1], [0, None]], 10, "FIDE-RAPID", None, [[None], [2450]]),
    "ELO_PERFORMANCE": ([[2400]], [[1]], "FIDE"),
    "ELO_INITIAL": ([[2400]], [[1]], "FIDE"),
    "ELO_K": (2350, 40, 2000, False, "FIDE", 2026),
    "ELO_AVERAGE": ([[2400], [2500]], "FIDE"),
    "ELO_CATEGORY": (2530,),
    "ELO_FORECAST": (2500, 3, [[2400]], "FIDE"),
    "ELO_NEEDED": (2400, [[2400]], 2410, 20, "FIDE"),
    "ELO_NORM": ("GM", [[2500]] * 9, [[1]] * 9, [["GM"]] * 9, [["GER"]] * 9, "NOR", False, 9),
    "ELO_NORM_SCORE": ("GM", 9, 2460),
}

BAD_VALUES = [10 ** 5000, -(10 ** 400), 1e308, -1e308, float("inf"), float("-inf"), float("nan"), "#NUM!",
              "#DIV/0!", " #n/a ", "#VALUE!"]


def test_good_calls_cover_every_function():
    assert list(GOOD) == NAMES
    for function in udfs.FUNCTIONS:
        assert not isinstance(function(*GOOD[function.__name__]), str) or function.__name__ == "ELO_INITIAL"


@pytest.fixture(autouse=True)
def cell_text(monkeypatch):
    monkeypatch.setattr(udfs, "RAISE_ERRORS", False)


def cases():
    for function in udfs.FUNCTIONS:
        names = list(udfs.inspect.signature(function).parameters)
        for index, name in enumerate(names):
            for bad in BAD_VALUES:
                label = f"int{bad.bit_length()}bits" if isinstance(bad, int) else repr(bad)
                yield pytest.param(function, index, name, bad, id=f"{function.__name__}-{name}-{label}")


@pytest.mark.parametrize("function,index,name,bad", list(cases()))
def test_extreme_or_error_argument_is_named(function, index, name, bad):
    args = list(GOOD[function.__name__])
    good = args[index]
    # a range argument gets the bad value in one of its cells, a single value is replaced
    args[index] = [[bad]] if isinstance(good, list) else bad
    message = function(*args)
    assert isinstance(message, str) and "\n" not in message
    assert re.match(rf"{name}(, row 1 column 1)?: ", message), message
    if isinstance(bad, str):
        assert "is an Excel error in the cell" in message
    elif bad != bad:
        assert "is not a number" in message
    else:
        assert "beyond the numbers an Excel cell holds (±9.99999999999999E+307)" in message


def test_the_limit_itself_is_accepted():
    # the largest number a cell holds passes the check; the engine then judges it like any number
    assert udfs.ELO_TABLE_H(LIMIT) == 100 and udfs.ELO_TABLE_H(-LIMIT) == 0
    assert udfs.ELO_NEW(LIMIT, [[2400]], [[1]]).startswith("rating: ")


def test_the_issue_examples():
    assert udfs.ELO_NEW(10 ** 5000, [[2400]], [[1]]) == (
        "rating: a number of about 5001 digits is beyond the numbers an Excel cell holds (±9.99999999999999E+307)")
    assert udfs.ELO_CATEGORY(1e400) == "average: inf is beyond the numbers an Excel cell holds (±9.99999999999999E+307)"
    assert udfs.ELO_CATEGORY(10 ** 400).startswith("average: a number of about 401 digits is beyond")


def test_arithmetic_errors_are_one_line(monkeypatch):
    def overflow(*args):
        raise OverflowError("(34, 'Numerical result out of range')")

    monkeypatch.setattr(udfs.engine, "table_h_grid", overflow)
    assert udfs.ELO_TABLE_H(-200000, "LOGISTIC") == (
        "ELO_TABLE_H: these arguments go beyond what can be calculated (OverflowError); check the sizes of the numbers")


def test_raised_under_lite(monkeypatch):
    monkeypatch.setattr(udfs, "RAISE_ERRORS", True)
    with pytest.raises(udfs.xw.XlwingsError, match=r'^rating: "#NUM!" is an Excel error'):
        udfs.ELO_NEW("#NUM!", [[2400]], [[1]])


def test_a_range_where_one_cell_is_wanted():
    # xlwings passes =ELO_FORECAST(A1:B2, …) to a single-cell parameter as rows of values
    assert udfs.ELO_FORECAST([[2500, 2400], [1, 2]], 3, [[2400]]) == (
        "rating: a range of 2×2 cells where one cell is wanted; give a single cell or value")
    assert udfs.ELO_FORECAST([[2500]], 3, [[2400], [2400]]) == 4.28  # a 1×1 range is its cell
    assert udfs.ELO_CATEGORY([]).startswith("average: a range of 0×0 cells")


def test_long_messages_are_cut_to_one_short_line(monkeypatch):
    def verbose(*args):
        raise udfs.EloError("x" * 2000 + "\nsecond line")

    monkeypatch.setattr(udfs.engine, "category", verbose)
    message = udfs.ELO_CATEGORY(2500)
    assert len(message) == udfs.MESSAGE_LIMIT and "\n" not in message and message.endswith("…")


@pytest.mark.parametrize("empty", [[], [[]], [[], []]])
def test_an_empty_range_is_refused(empty):
    # Excel never passes a range without cells; from Python it would spill an empty result
    assert udfs.ELO_TABLE_H(empty) == "delta: the range has no cells; give at least one cell (a blank cell is fine)"
    assert udfs.ELO_EXPECTED(empty, 1539).startswith("rating: the range has no cells")


def test_whole_range_check_refuses_what_the_cell_check_refuses():
    # rows of plain numbers are checked whole; a bad cell anywhere still gets its own message
    big = int(LIMIT) + 1  # beyond Excel's limit by one, though it rounds to the limit as a float
    assert udfs.ELO_AVERAGE([[2400.0, 2500.0], [None, big]]).startswith("ratings, row 2 column 2: ")
    assert udfs.ELO_AVERAGE([[2400.0, float("nan")]]).startswith("ratings, row 1 column 2: ")
    assert udfs.ELO_AVERAGE([[2400.0], [float("inf")]]).startswith("ratings, row 2")
    assert udfs.ELO_AVERAGE([[2400.0, 2500, None]]) == 2450
