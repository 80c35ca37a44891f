"""The one date parser: every form real TRF exports write (FIDE-PERIODS.md, "Dates in TRF files")."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elo_xl.io.dates import PartialDate, as_date, date_year, parse_date

D = PartialDate


@pytest.mark.parametrize("text,want", [
    ("2026/04/03", D(2026, 4, 3)),          # the specification
    ("26/04/03", D(2026, 4, 3)),            # 132 round dates
    ("2026-04-03", D(2026, 4, 3)),
    ("03.04.2026", D(2026, 4, 3)),
    ("28. 07. 2005", D(2005, 7, 28)),       # a real 2005 export
    ("03/04/2026", D(2026, 4, 3)),          # day first
    ("2026.04.03", D(2026, 4, 3)),          # birth dates
    ("1987/00/00", D(1987, 0, 0)),          # year only
    ("1987", D(1987, 0, 0)),
    ("May 29, 2020", D(2020, 5, 29)),       # lichess
    ("Jun 26, 2020", D(2020, 6, 26)),
    ("29 May 2020", D(2020, 5, 29)),
    ("September 3, 2021", D(2021, 9, 3)),
    ("Sept 3 2021", D(2021, 9, 3)),
    ("3rd Sep 2021", D(2021, 9, 3)),
    ("12/31/2025", D(2025, 12, 31)),        # month first only when the day cannot be a month
    ("  2026/04/03  ", D(2026, 4, 3)),
])
def test_every_form(text, want):
    assert parse_date(text) == want


@pytest.mark.parametrize("text", ["", "   ", "0000/00/00", "00.00.0000", "0"])
def test_no_date(text):
    assert parse_date(text) is None and date_year(text) is None


@pytest.mark.parametrize("text", ["someday", "2026/13/01", "2026/02/30", "31.04.2026", "1700/01/01", "Maz 29, 2020",
                                  "2026/00/05", "29 May", "20260403", "x" * 100, "2026/04/03 10:00"])
def test_unreadable(text):
    with pytest.raises(ValueError):
        parse_date(text)


def test_two_digit_years_follow_today():
    assert parse_date("26/04/03", today=2026).year == 2026
    assert parse_date("27/04/03", today=2026).year == 2027      # next year: a planned round
    assert parse_date("28/04/03", today=2026).year == 1928


def test_as_date():
    assert as_date("28. 07. 2005") == datetime.date(2005, 7, 28)
    assert as_date("1987/00/00") == "1987/00/00" and as_date(None) is None


@given(st.dates(datetime.date(1900, 1, 1), datetime.date(2199, 12, 31)))
def test_every_calendar_date_in_every_numeric_form(d):
    for text in (f"{d.year}/{d.month:02}/{d.day:02}", f"{d.year}-{d.month}-{d.day}", f"{d.day:02}.{d.month:02}.{d.year}",
                 f"{d.day}. {d.month}. {d.year}", f"{d.day:02}/{d.month:02}/{d.year}", d.strftime("%B %d, %Y"),
                 d.strftime("%d %b %Y")):
        assert parse_date(text) == D(d.year, d.month, d.day), text
