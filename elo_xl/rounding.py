"""Exact rounding of quotients, the way each rule set prescribes.

Rating arithmetic in elo-xl stays in integers (hundredths of a point, halves of a point,
tenths) until the one rounding a rule prescribes; these helpers do that rounding on a
quotient ``num / den`` without ever forming a binary float. The workbook formulas write
the same three roundings as Excel text; the LibreOffice tests prove the two equal.

>>> half_up(5, 2), half_down(5, 2), half_away(-5, 2)
(3, 2, -3)
>>> decimal_half_up(0.835, 2)
Fraction(21, 25)
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Union

Number = Union[int, float, Fraction]


def half_up(num: int, den: int = 1) -> int:
    """``num / den`` to the nearest integer, an exact half upwards (towards +∞).

    >>> half_up(45, 10), half_up(-45, 10), half_up(44, 10)
    (5, -4, 4)
    """
    return (2 * num + den) // (2 * den)


def half_down(num: int, den: int = 1) -> int:
    """``num / den`` to the nearest integer, an exact half downwards (towards −∞).

    >>> half_down(45, 10), half_down(-45, 10), half_down(46, 10)
    (4, -5, 5)
    """
    return -((den - 2 * num) // (2 * den))


def half_away(num: int, den: int = 1) -> int:
    """``num / den`` to the nearest integer, an exact half away from zero.

    >>> half_away(250, 100), half_away(-250, 100), half_away(-249, 100)
    (3, -3, -2)
    """
    if num < 0:
        return -half_up(-num, den)
    return half_up(num, den)


def float_half_away(x: float) -> int:
    """A float to the nearest integer, .5 away from zero (Excel's ROUND, not Python's).

    >>> float_half_away(2.5), float_half_away(-2.5), round(2.5)
    (3, -3, 2)
    """
    if x < 0:
        return -int(Fraction(-x) + Fraction(1, 2))
    return int(Fraction(x) + Fraction(1, 2))


def float_half_up(x: float) -> int:
    """A float to the nearest integer, .5 upwards.

    >>> float_half_up(2.5), float_half_up(-2.5)
    (3, -2)
    """
    f = Fraction(x) + Fraction(1, 2)
    return f.numerator // f.denominator


def exact(x: Number) -> Fraction:
    """A number as the exact decimal the user typed (its shortest form), as a Fraction.

    >>> exact(0.1)
    Fraction(1, 10)
    >>> exact(3)
    Fraction(3, 1)
    """
    if isinstance(x, float):
        return Fraction(Decimal(repr(x)))
    return Fraction(x)


def decimal_half_up(x: Number, places: int) -> Fraction:
    """``x`` rounded to ``places`` decimals, .5 up, on the shortest decimal form of ``x``.

    This is how table 8.1.1 reads a score fraction: 0.835 (stored in binary as
    0.83499…) is taken as 0.835 and becomes 0.84.

    >>> decimal_half_up(0.835, 2), decimal_half_up(0.8349, 2)
    (Fraction(21, 25), Fraction(83, 100))
    """
    scale = 10**places
    f = exact(x) * scale
    return Fraction(half_up(f.numerator, f.denominator), scale)


def to_number(x: Fraction | int) -> int | float:
    """An exact value as the plainest Python number: an int when whole, else a float.

    >>> to_number(Fraction(7, 2)), to_number(Fraction(4, 1))
    (3.5, 4)
    """
    if isinstance(x, Fraction):
        if x.denominator == 1:
            return x.numerator
        return float(x)
    return x


__all__ = [
    "half_up",
    "half_down",
    "half_away",
    "float_half_away",
    "float_half_up",
    "exact",
    "decimal_half_up",
    "to_number",
]
