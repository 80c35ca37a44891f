"""One reading of a typed result: spaces and no-break spaces (U+00A0) around a result count
for nothing, in the book's formulas (:func:`elo_xl.workbook.codes.typed_text`, in LibreOffice
and Gnumeric alike) as in the engine (:func:`elo_xl.results.result_text`), so that a Swiss
book whose results were pasted with spaces shows the points, ranks and ratings ``elo-xl rate``
gives for the TRF file exported from it, and no conflict; a tab is no result in either.

The event is tests/data/trf/swiss-10x9.trf (wins, draws, forfeits, unrated games, every kind
of bye); its book has a tenth round, not played, into which only spaces are typed. Player 6's
forfeit win of round 3 is typed ``F +``: a space inside a result counts for nothing either.
"""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest

from elo_xl.cli import main
from elo_xl.errors import EloError
from elo_xl.export import book_to_trf
from elo_xl.recalc import read_named
from books import load_workbook

TRF = Path(__file__).parents[1] / "data" / "trf" / "swiss-10x9.trf"
#: How each result is retyped, in turn: spaces and no-break spaces before, after, both.
SPACED = (" {} ", "\u00a0{}", "{}\u00a0 ", " \u00a0{}\u00a0\u00a0", "{} ")
#: The book's tie-breaks (a Swiss book's six slots as made), given to rate as well.
TIEBREAKS = "BH/C1,BH,SB,PS,DE,WIN"


def result_cells(book: openpyxl.Workbook) -> tuple[str, list[list[tuple[int, int]]]]:
    """The sheet of ``Rounds`` and, per player, each round's result cell (row, column)."""
    from openpyxl.utils.cell import range_boundaries

    (sheet, reference), = book.defined_names["Rounds"].destinations
    first_col, first_row, last_col, last_row = range_boundaries(reference.replace("$", ""))
    rounds = (last_col - first_col + 1) // 3
    return sheet, [[(row, first_col + 3 * t + 2) for t in range(rounds)] for row in range(first_row, last_row + 1)]


def spaced_book(tmp_path: Path, extra: dict[tuple[int, int], str] | None = None) -> Path:
    """The event's book with every result retyped with spaces around it (:data:`SPACED`), the
    unplayed tenth round's result cells holding only spaces, player 6's ``+`` of round 3 typed
    ``F +``, and ``extra`` cells typed last ((player, round) from 0 → text)."""
    made = tmp_path / "made.xlsx"
    assert main(["workbook", "swiss", "--from", str(TRF), "--rounds", "10", "-o", str(made)]) == 0
    book = load_workbook(made)
    sheet, cells = result_cells(book)
    ws, k = book[sheet], 0
    for i, row in enumerate(cells):
        for t, (r, c) in enumerate(row):
            value = ws.cell(r, c).value
            if t == 9:
                text = " " if i % 2 else "\u00a0 "
            elif value is None:
                continue
            else:
                text, k = SPACED[k % len(SPACED)].format(value), k + 1
            ws.cell(r, c).value = text
            ws.cell(r, c).data_type = "s"
    for (i, t), text in {(5, 2): "F +", **(extra or {})}.items():
        r, c = cells[i][t]
        ws.cell(r, c).value = text
        ws.cell(r, c).data_type = "s"
    path = tmp_path / "spaced.xlsx"
    book.save(path)
    return path


def rated(tmp_path: Path, book: Path, capsys) -> dict:
    """``elo-xl rate --format json`` of the TRF file exported from ``book``."""
    trf = tmp_path / "exported.trf"
    assert main(["export", str(book), "-o", str(trf), "--tiebreaks", TIEBREAKS]) == 0
    capsys.readouterr()
    assert main(["rate", str(trf), "--format", "json", "--tiebreaks", TIEBREAKS]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_engine_reads_a_spaced_book_as_the_file(tmp_path):
    """Exported, the spaced book gives back the file's games (the engine drops the spaces, and
    reads ``F +`` as ``F+``)."""
    spaced = book_to_trf(spaced_book(tmp_path), TIEBREAKS.split(","))
    plain = tmp_path / "plain.xlsx"
    assert main(["workbook", "swiss", "--from", str(TRF), "--rounds", "10", "-o", str(plain)]) == 0
    assert spaced == book_to_trf(plain, TIEBREAKS.split(","))


def test_a_tab_is_no_result_for_the_engine(tmp_path):
    """Player 1's round 1 win typed ``1`` and a tab (Swiss!L6): refused, as the book counts it
    a conflict (below); before, the engine dropped the tab and the book did not."""
    with pytest.raises(EloError, match=r'Swiss!L6: "1\\t" is not a result'):
        book_to_trf(spaced_book(tmp_path, {(0, 0): "1\t"}))


def test_the_book_counts_spaced_results_as_rate_counts_the_export(office, tmp_path, capsys):
    """Recalculated, the spaced book has no conflict, and each player's points, rank and new
    rating are those ``rate`` gives for the file ``export`` wrote from the same book."""
    book = spaced_book(tmp_path)
    office.recalculate(book, tmp_path / "values.xlsx")
    got = read_named(tmp_path / "values.xlsx", ["Points", "Rank", "NewRating", "Conflicts"])
    assert got["Conflicts"] == 0
    players = rated(tmp_path, book, capsys)["players"]
    assert [row[0] for row in got["Points"]][:10] == [p["points"] for p in players]
    assert [row[0] for row in got["Rank"]][:10] == [p["rank"] for p in players]
    assert [row[0] for row in got["NewRating"]][:10] == [p["new_rating"] for p in players]
    # by hand, from the file's points column: 6.5, 7.5, 5.0, 6.5, 6.0, 3.5, 6.0, 2.0, 0.5, 2.0
    assert [p["points"] for p in players] == [6.5, 7.5, 5, 6.5, 6, 3.5, 6, 2, 0.5, 2]


def test_a_tab_is_a_conflict_in_the_book(office, tmp_path):
    book = spaced_book(tmp_path, {(0, 0): "1\t"})
    office.recalculate(book, tmp_path / "values.xlsx")
    assert read_named(tmp_path / "values.xlsx", ["Conflicts"])["Conflicts"] == 1
