"""Dates as event files write them: the one date parser of elo-xl.

The TRF specification says ``YYYY/MM/DD`` (and ``YY/MM/DD`` in the ``132`` round dates), but
real exports carry other forms. :func:`parse_date` reads every form seen in real files:

==========================  ======================================================
``2026/04/03``              the specification (also ``2026-04-03``, ``2026.04.03``)
``1987/00/00``, ``1987``    a year alone (month and day 0, absent, or blank:
                            ``1975.  .``)
``26/04/03``                ``YY/MM/DD`` (132 records): 20YY, or 19YY when 20YY is
                            more than a year ahead
``03.04.2026``              day first: ``DD.MM.YYYY``, ``DD. MM. YYYY``,
                            ``DD/MM/YYYY``, ``DD-MM-YYYY`` (read as
                            ``MM/DD/YYYY`` only when the middle number is above 12)
``May 29, 2020``            English month names, full or three letters, either
``29 May 2020``             order (``Jun 26, 2020``, ``29 May, 2020``, ``Sept 3 2021``)
==========================  ======================================================

Blank text and all-zero dates (``0000/00/00``) mean "no date" (None). Anything else raises
:class:`ValueError`; the readers turn it into a message (a player's birth date) or a note
(an event's start or end date, see ``elo-xl rate``).

>>> parse_date("28. 07. 2005"), parse_date("May 29, 2020"), parse_date("1987/00/00")
(PartialDate(year=2005, month=7, day=28), PartialDate(year=2020, month=5, day=29), PartialDate(year=1987, month=0, day=0))
>>> date_year("29 May 2020"), date_year(""), as_date("2026-03-14")
(2020, None, datetime.date(2026, 3, 14))
"""

from __future__ import annotations

import datetime
import re
from typing import NamedTuple

__all__ = ["PartialDate", "parse_date", "date_year", "as_date", "MONTHS"]

#: English month names and their numbers (three-letter abbreviations and ``Sept`` too).
MONTHS = {name: i for i, full in enumerate(
    ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
     "november", "december"), 1) for name in (full, full[:3])}
MONTHS["sept"] = 9

_SEP = r"\s*[/.\-]\s*"
_YMD = re.compile(rf"(\d{{4}})(?:{_SEP}(\d{{1,2}})(?:{_SEP}(\d{{1,2}}))?)?\.?")
#: A year followed by empty month and day fields (``1975.  .``, ``1975/  /``): the year alone.
_YEAR_BLANKS = re.compile(r"(\d{4})[\s/.\-]+")
_DMY = re.compile(rf"(\d{{1,2}}){_SEP}(\d{{1,2}}){_SEP}(\d{{4}})")
_YY = re.compile(rf"(\d{{2}}){_SEP}(\d{{1,2}}){_SEP}(\d{{1,2}})")
_MDY_NAME = re.compile(r"([A-Za-z]{3,9})\.?\s*(\d{1,2})(?:st|nd|rd|th)?\s*,?\s*(\d{4})")
_DMY_NAME = re.compile(r"(\d{1,2})(?:st|nd|rd|th)?\.?\s*-?\s*([A-Za-z]{3,9})\.?\s*[-,]?\s*(\d{4})")
#: The longest text read as a date (longer text is not one; keeps the regular expressions fast).
MAX_LENGTH = 40


class PartialDate(NamedTuple):
    """A date whose month and day may be unknown (0).

    >>> PartialDate(2005, 7, 28).date(), PartialDate(1987, 0, 0).date()
    (datetime.date(2005, 7, 28), None)
    """

    year: int
    month: int
    day: int

    def date(self) -> datetime.date | None:
        """The calendar date, or None when the month or the day is unknown."""
        if not (self.month and self.day):
            return None
        return datetime.date(self.year, self.month, self.day)


def parse_date(text: str, today: int | None = None) -> PartialDate | None:
    """Read a date in any of the forms of the module's table; None when blank or all zeros.
    ``today`` (a year, default this year) decides the century of ``YY/MM/DD``.

    >>> parse_date("2026/04/03"), parse_date("85/03/12", today=2026)
    (PartialDate(year=2026, month=4, day=3), PartialDate(year=1985, month=3, day=12))
    >>> parse_date("03/04/2026"), parse_date("12/31/2025"), parse_date("0000/00/00")
    (PartialDate(year=2026, month=4, day=3), PartialDate(year=2025, month=12, day=31), None)
    >>> parse_date("2026/02/30")
    Traceback (most recent call last):
    ...
    ValueError: 2026/02/30
    """
    if not isinstance(text, str):
        raise ValueError(text)
    text = text.strip()
    if not text or not text.strip("0/.- "):
        return None
    if len(text) > MAX_LENGTH:
        raise ValueError(text)
    year = month = day = None
    if m := _YMD.fullmatch(text):
        year, month, day = int(m.group(1)), int(m.group(2) or 0), int(m.group(3) or 0)
    elif m := _YEAR_BLANKS.fullmatch(text):
        year, month, day = int(m.group(1)), 0, 0
    elif m := _DMY.fullmatch(text):
        day, month, year = int(m.group(1)), int(m.group(2)), int(m.group(3))
        if month > 12 and day <= 12:  # MM/DD/YYYY
            day, month = month, day
    elif m := _YY.fullmatch(text):
        if today is None:
            today = datetime.date.today().year
        year, month, day = 2000 + int(m.group(1)), int(m.group(2)), int(m.group(3))
        if year > today + 1:
            year -= 100
    elif m := _MDY_NAME.fullmatch(text):
        month, day, year = MONTHS.get(m.group(1).lower()), int(m.group(2)), int(m.group(3))
    elif m := _DMY_NAME.fullmatch(text):
        day, month, year = int(m.group(1)), MONTHS.get(m.group(2).lower()), int(m.group(3))
    if year is None or month is None or not (1800 <= year <= 2200 and 0 <= month <= 12 and 0 <= day <= 31):
        raise ValueError(text)
    if month and day:
        try:
            datetime.date(year, month, day)
        except ValueError:
            raise ValueError(text) from None
    elif day and not month:
        raise ValueError(text)
    return PartialDate(year, month, day)


def date_year(text: str, today: int | None = None) -> int | None:
    """The year of a date (see :func:`parse_date`); None when blank; ValueError when unreadable.

    >>> [date_year(t) for t in ("2026/04/03", "03.04.2026", "2026-04-03", "1987", "", "Jun 26, 2020")]
    [2026, 2026, 2026, 1987, None, 2020]
    """
    found = parse_date(text, today)
    return None if found is None else found.year


def as_date(text: str | None) -> datetime.date | str | None:
    """A date as a :class:`datetime.date` where it has a day (for a workbook's date cells),
    else the text itself (None when blank).

    >>> as_date("14.03.2026"), as_date("1987/00/00"), as_date("soon"), as_date("")
    (datetime.date(2026, 3, 14), '1987/00/00', 'soon', None)
    """
    try:
        found = parse_date(text or "")
    except ValueError:
        found = None
    if found is not None and found.date() is not None:
        return found.date()
    return text or None
