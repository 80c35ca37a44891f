"""A board of the Swiss book typed once: the other side is implied, in the book and in export.

Hand-worked cases (FIDE, K 20 for every player, as the book derives it for these ratings with no
games known): ratings 2000, 1900, 1800, 1700, 1600, 1500, two rounds.

* Round 1: 1 names 2 and scores 1, row 2 is blank (typed once: 2 lost to 1); 3 and 4 both type
  their ½; 5 names 6 with no result, row 6 is blank (paired, not played).
* Round 2: 1 names 3 and scores 1, row 3 names nobody and scores 0 (complements: counts);
  2 names 4 and scores ½, row 4 names nobody and scores 1 (does not complement: a conflict for
  both); 6 names 5 and scores +, row 5 names nobody and has a bye H (a conflict for both).

So points 2, 0, ½, ½, 0, 0; games 2, 1, 2, 1, 0, 0; two conflicting games.
"""

from __future__ import annotations

import io
import re

import openpyxl
import pytest

from books import load_workbook, put
from elo_xl.errors import EloError
from elo_xl.export import book_to_trf
from elo_xl.recalc import read_named
from elo_xl.workbook import build


def typed_book(pairings, colours, results, ratings=(2000, 1900, 1800, 1700, 1600, 1500)) -> openpyxl.Workbook:
    n, r = len(pairings), len(pairings[0])
    book = load_workbook(io.BytesIO(build("swiss", players=n, rounds=r,
                                                   prefill={"name": [chr(65 + i) for i in range(n)]})))
    put(book, "Ratings", list(ratings[:n]))
    put(book, "Pairings", pairings)
    put(book, "Colours", colours)
    put(book, "Results", results)
    return book


CASES = dict(
    pairings=[[2, 3], [None, 4], [4, None], [3, None], [6, None], [None, 5]],
    colours=[["w", "w"], [None, "w"], ["w", None], ["b", None], ["w", None], [None, "w"]],
    results=[[1, 1], [None, "½"], ["½", 0], ["½", 1], [None, "H"], [None, "+"]],
)


def test_a_board_typed_once_counts_for_both_and_a_contradiction_for_neither(office, tmp_path):
    typed_book(**CASES).save(tmp_path / "once.xlsx")
    office.recalculate(tmp_path / "once.xlsx", tmp_path / "values.xlsx")
    got = read_named(tmp_path / "values.xlsx", ["Points", "Games", "Change", "Conflicts"])
    assert [row[0] for row in got["Points"]] == [2, 0, 0.5, 0.5, 0, 0]
    assert [row[0] for row in got["Games"]] == [2, 1, 2, 1, 0, 0]
    assert got["Conflicts"] == 2
    # FIDE table 8.1.2, K 20: player 2 (1900) lost to 2000: D = -100, We 0.36, 20 × (0 − 0.36) = −7.2 → −7;
    # player 3 (1800): ½ against 1700 (We 0.64) and 0 against 2000 (We 0.24): 20 × (0.5 − 0.88) = −7.6 → −8
    changes = [row[0] for row in got["Change"]]
    assert changes[1] == -7 and changes[2] == -8


def test_the_crosstable_prints_every_game_from_both_sides(office, tmp_path):
    """The Crosstable sheet (what prints of the grid): the cases above, each game from both rows,
    worked by hand — round 1: 2w1/1b0 typed on row 1 only, 4w½/3b½ typed on both, 6w/5b paired
    and not played; round 2: 3w1/1b0 (row 3's 0 complements), and the two conflicts as ``!``."""
    typed_book(**CASES).save(tmp_path / "once.xlsx")
    office.recalculate(tmp_path / "once.xlsx", tmp_path / "values.xlsx")
    ws = load_workbook(tmp_path / "values.xlsx", data_only=True)["Crosstable"]
    header = [c.value for c in ws[4]]
    assert header[header.index("1"):header.index("1") + 4] == ["1", "2", "Points", "Rank"]
    first = header.index("1") + 1  # its column
    rows = [[ws.cell(5 + i, first + t).value or "" for t in range(2)] for i in range(6)]
    assert rows == [["2w1", "3w1"], ["1b0", "!"], ["4w½", "1b0"], ["3b½", "!"], ["6w", "!"], ["5b", "!"]]
    assert [ws.cell(5 + i, first + 2).value for i in range(6)] == [2, 0, 0.5, 0.5, 0, 0]


def test_export_writes_both_lines_of_a_board_typed_once(tmp_path):
    book = typed_book(pairings=[[2, 3], [None, 4], [4, None], [None, None]],
                      colours=[["w", "b"], [None, "w"], ["b", None], [None, None]],
                      results=[[1, "½"], [None, 1], [0, None], [None, None]])
    book.save(tmp_path / "once.xlsx")
    lines = {line[4:8].strip(): line[91:].strip() for line in book_to_trf(tmp_path / "once.xlsx").splitlines()
             if line.startswith("001")}
    # every game on both lines: opponent, the other colour, the complementary result
    assert lines == {"1": "2 w 1     3 b =", "2": "1 b 0     4 w 1", "3": "4 b 0     1 w =", "4": "3 w 1     2 b 0"}


@pytest.mark.parametrize("pairings, results, cells", [
    ([[2], [None], [2]], [[1], [None], [0]], "Swiss!J6 and Swiss!J8"),  # two rows name player 2
    ([[2], [None]], [[1], ["½"]], "Swiss!J6 and Swiss!L7"),  # his own result does not complement
    ([[2], [None]], [[None], ["H"]], "Swiss!J6 and Swiss!L7"),  # he has a bye
])
def test_export_refuses_a_board_typed_once_that_contradicts_the_other_row(tmp_path, pairings, results, cells):
    n = len(pairings)
    typed_book(pairings, [[None]] * n, results).save(tmp_path / "bad.xlsx")
    with pytest.raises(EloError, match=re.escape(cells)):
        book_to_trf(tmp_path / "bad.xlsx")
