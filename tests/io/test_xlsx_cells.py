"""Cell names (``B7``, ``$C$5``) are read by one function, :func:`elo_xl.io.xlsx.parse_cell`,
beside the one that writes them (:func:`~elo_xl.io.xlsx.cell_name`): the readers of the books,
the typing of cells into a book, the period's lists and the recalculated values go through it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elo_xl.io.xlsx import cell_name, parse_cell

PACKAGE = Path(__file__).resolve().parents[2] / "elo_xl"


@given(st.integers(1, 16384), st.integers(1, 1048576), st.booleans())
def test_parse_cell_reverses_cell_name(column, row, absolute):
    assert parse_cell(cell_name(column, row, absolute)) == (row, column)


@pytest.mark.parametrize("name", ["", "B", "7", "B0", "b7", "B07", "XFE1", "A1048577", "AAAA1", "A1:B2", "Swiss!A1",
                                  " A1", "A1 ", "$$A1", "A$$1", "1A", "A-1", "A1.5"])
def test_a_bad_cell_name_is_a_value_error_that_quotes_it(name):
    with pytest.raises(ValueError, match=re.escape(f"{name!r} is not a cell name such as B7")):
        parse_cell(name)


#: What reads a cell's name by hand: letters stripped off the digits (or the other way round),
#: a pattern of letters then digits captured apart, openpyxl's coordinate parser.
HAND_PARSERS = re.compile(r'rstrip\("0123456789"\)|lstrip\("ABCDEFGHIJKLMNOPQRSTUVWXYZ"\)|coordinate_from_string'
                          r'|\(\[A-Z\][^()]*\)(?:\\\\?\$\?)*\((?:\\\\?d|\[1-9\]|\[0-9\])')
#: Modules still reading cell names their own way (none now: keep the list for a module on its
#: way to parse_cell).
PENDING: set[str] = set()


def test_the_pattern_finds_hand_made_parsers():
    for text in ('letters = cell.rstrip("0123456789")', 're.fullmatch(r"\\$?([A-Z]{1,3})\\$?(\\d+)", ref)',
                 're.compile(r"([A-Z]{1,3})([1-9][0-9]{0,6})")', 'from openpyxl.utils.cell import coordinate_from_string'):
        assert HAND_PARSERS.search(text), text


def test_parse_cell_is_the_only_reader_of_cell_names():
    found = sorted(str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
                   if HAND_PARSERS.search(path.read_text(encoding="utf-8")))
    assert [name for name in found if name not in PENDING] == ["io/xlsx.py"]
    assert PENDING <= set(found), "a module of PENDING reads cell names through parse_cell now: take it off the list"
