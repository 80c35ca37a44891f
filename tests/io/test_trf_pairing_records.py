"""The pairing records of a TRF file read in TRF-2026's columns (``240`` byes, ``250``
accelerated rounds, ``260`` forbidden pairs, ``XXZ`` absent players), and a field its columns
cannot hold refused, naming the line and the columns.

Expected values are the columns as TRF-2026 lays them out (and as gacrux, FIDE's reference
pairing tool, reads them), counted by hand on each record below.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from elo_xl.cli import main
from elo_xl.errors import EloError
from elo_xl.io.trf_pairing_records import pairing_records
from elo_xl.io.trf_read import parse_trf

PLAYERS = "".join(f"001 {n:4d}      Player {n}\n" for n in range(1, 7))


def _records(*lines: str):
    return pairing_records(parse_trf("012 Cup\nXXR 5\n" + "".join(line + "\n" for line in lines) + PLAYERS))


def test_the_records_as_the_columns_hold_them():
    r = _records("240 F 003    2    5", "250  0.0  0.5   1   3    1    4", "250  0.0  1.0   2       6",
                 "260 002 004    1    3    6", "XXZ 2,5/6")
    assert [(b.line, b.kind, b.round, b.players) for b in r.byes] == [(3, "F", 3, (2, 5))]
    # a blank last round or last player is the first one
    assert [(a.line, a.points, a.rounds, a.players) for a in r.accelerations] == [
        (4, Fraction(1, 2), (1, 3), (1, 4)), (5, Fraction(1), (2, 2), (6, 6))]
    assert [(f.line, f.rounds, f.players) for f in r.forbidden] == [(6, (2, 4), (1, 3, 6))]
    assert [(z.line, z.players) for z in r.absent] == [(7, (2, 5, 6))]


@pytest.mark.parametrize("record, message", [
    ("240 X 001    3", 'line 3, column 5 (240): the bye type "X" is not F, H or Z; write F for a full-point bye, H for '
                       'a half-point bye, Z for a zero-point bye'),
    ("240 H 0a1    3", 'line 3, columns 7–9 (240): "0a1" is not a round; write a whole number in columns 7–9'),
    ("240 H 001   3x", 'line 3, columns 11–14 (240): "3x" is not a start number; write a whole number in columns '
                       '11–14'),
    ("250  0.0  abc   1   2    1    6", 'line 3, columns 10–13 (250): "abc" is not a number of points; write it like '
                                        '1.0 in columns 10–13'),
    ("250  0.0  1.0       2    1    6", "line 3, columns 15–17 (250): the first round is missing; write it in columns "
                                        "15–17"),
    ("260 001 0-7 0001 0007", 'line 3, columns 9–11 (260): "0-7" is not a last round; write a whole number in columns '
                              '9–11'),
    ("XXZ 4 x9", 'line 3 (XXZ): "x9" is not a start number; list the absent players\' numbers, separated by blanks or '
                 'commas'),
])
def test_a_field_its_columns_cannot_hold_is_refused(record, message):
    with pytest.raises(EloError) as caught:
        _records(record)
    assert str(caught.value) == message


def test_pair_names_the_file_and_the_columns(tmp_path, capsys):
    path = tmp_path / "cup.trf"
    path.write_text("012 Cup\nXXR 5\n240 X 001    3\n" + PLAYERS, encoding="utf-8")
    assert main(["pair", str(path)]) == 2
    assert capsys.readouterr().err == (f"elo-xl: {path}: line 3, column 5 (240): the bye type \"X\" is not F, H or Z; "
                                       "write F for a full-point bye, H for a half-point bye, Z for a zero-point bye\n")
