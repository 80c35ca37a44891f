"""The Swiss book's Pairings sheet, recalculated in LibreOffice and Gnumeric: after ``elo-xl
pair`` typed a round into the book, the sheet lists that round's boards in the order, with the
colours, points and bye, that ``pair`` printed (gacrux's board order, an independent source of
the order the sheet's formulas compute)."""

from __future__ import annotations

import random
import re
import zlib
from pathlib import Path

import pytest

from elo_xl.cli import main
from elo_xl.event.pairings import pair_next, points_before
from elo_xl.workbook.read import read_swiss_book
from elo_xl.event.samples import SWISS_TRF_PATH
from elo_xl.io.trf_read import parse_trf
from elo_xl.workbook.i18n import translate
from pairing_cases import corpus, cut
from books import load_workbook

def paired_book(tmp_path: Path, text: str, capsys) -> tuple[Path, list[tuple[int, int, float, float]], str]:
    """A book made from ``text``, its next round paired by ``elo-xl pair``: the book, the boards
    gacrux gave (White, Black, their points before the round) and the bye line pair printed."""
    trf, book = tmp_path / "event.trf", tmp_path / "event.xlsx"
    trf.write_text(text, encoding="utf-8")
    assert main(["workbook", "swiss", "--from", str(trf), "-o", str(book)]) == 0
    capsys.readouterr()
    event = read_swiss_book(book)
    pairing = pair_next(event)
    points = points_before(event, pairing.round)
    assert main(["pair", str(book), "-o", str(book)]) == 0
    out = capsys.readouterr().out
    boards = [(b.white, b.black, float(points[b.white - 1]), float(points[b.black - 1])) for b in pairing.boards]
    bye = next((line for line in out.splitlines() if line.startswith("Bye: ")), "")
    return book, boards, bye


def sheet_boards(path: Path) -> tuple[list[tuple[int, int, float, float]], str | None, str | None]:
    ws = load_workbook(path, data_only=True)[translate("sheet.pairings", "en")]
    boards, bye = [], None
    for row in ws.iter_rows(min_row=5, max_col=8, values_only=True):
        if isinstance(row[0], (int, float)) and row[1] not in (None, ""):
            boards.append((int(row[1]), int(row[5]), float(row[3]), float(row[7])))
        elif isinstance(row[0], str) and row[0].startswith("Bye"):
            bye = row[0]
    return boards, ws["A3"].value, bye


def test_the_sheet_lists_the_round_pair_wrote(office, tmp_path, capsys):
    book, printed, bye = paired_book(tmp_path, cut(Path(SWISS_TRF_PATH).read_text(encoding="utf-8"), 4), capsys)
    computed = tmp_path / "computed.xlsx"
    office.recalculate(book, computed)
    boards, heading, shown_bye = sheet_boards(computed)
    assert boards == printed and len(boards) == 5
    assert heading == "Round 5, in board order"
    assert bye.startswith("Bye: 12 Ahmadi, Reza") and shown_bye == "Bye (one point): 12 Ahmadi, Reza"


@pytest.mark.parametrize("index", [7, 61, 163])
def test_the_board_order_is_gacrux_s_on_generated_tournaments(libreoffice, tmp_path, capsys, index):
    name, text = corpus()[index]
    total = parse_trf(text).rounds
    k = random.Random(zlib.crc32(name.encode())).randrange(1, total)
    book, printed, _ = paired_book(tmp_path, cut(text, k), capsys)
    computed = tmp_path / "computed.xlsx"
    libreoffice.recalculate(book, computed)
    boards, heading, _ = sheet_boards(computed)
    assert heading == f"Round {k + 1}, in board order"
    assert boards == printed, name


#: One player of ``pair``'s "Not paired" line: number, name, why.
NOT_PAIRED = re.compile(r"(\d+) ([^()]*?) \((absent|bye requested: [A-Z])\)")


def sheet_not_paired(path: Path) -> tuple[bool, list[tuple[int, str, float]]]:
    """Whether the sheet shows the "Not paired:" heading, and the players listed below it (two a
    line: number, name with why, points)."""
    ws = load_workbook(path, data_only=True)[translate("sheet.pairings", "en")]
    rows = list(ws.iter_rows(min_row=5, max_col=8, values_only=True))
    start = next((k for k, row in enumerate(rows) if row[2] == translate("pairings.not_paired", "en")), None)
    if start is None:
        return False, []
    listed = []
    for row in rows[start + 1:]:
        for no, who, score in ((row[1], row[2], row[3]), (row[5], row[6], row[7])):
            if isinstance(no, (int, float)):
                listed.append((int(no), who, float(score)))
    return True, listed


def test_the_sheet_lists_who_is_not_paired_as_pair_does(office, tmp_path, capsys):
    """Round 5 of the sample with players 3 and 7 absent and 9 on the half-point bye he asked
    for: under the boards, the sheet names each with his points before the round and why, as
    ``pair`` lists them (its "Not paired" line; points from the event read back)."""
    trf, book = tmp_path / "event.trf", tmp_path / "event.xlsx"
    trf.write_text(cut(Path(SWISS_TRF_PATH).read_text(encoding="utf-8"), 4), encoding="utf-8")
    assert main(["workbook", "swiss", "--from", str(trf), "-o", str(book)]) == 0
    event = read_swiss_book(book)
    capsys.readouterr()
    assert main(["pair", str(book), "-o", str(book), "--absent", "3,7"]) == 0
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if line.startswith("Not paired: "))
    points = points_before(event, 5)
    expected = [(int(no), f"{name} ({'absent' if why == 'absent' else why[-1]})", float(points[int(no) - 1]))
                for no, name, why in NOT_PAIRED.findall(line)]
    assert [e[0] for e in expected] == [3, 7, 9] and expected[2][1] == "Johansson, Erik (H)"
    computed = tmp_path / "computed.xlsx"
    office.recalculate(book, computed)
    boards, _, bye = sheet_boards(computed)
    assert len(boards) == 4 and bye.startswith("Bye (one point): ")
    assert sheet_not_paired(computed) == (True, expected)


def test_no_heading_when_everyone_is_paired(libreoffice, tmp_path, capsys):
    trf, book = tmp_path / "event.trf", tmp_path / "event.xlsx"
    trf.write_text(cut(Path(SWISS_TRF_PATH).read_text(encoding="utf-8"), 2), encoding="utf-8")
    assert main(["workbook", "swiss", "--from", str(trf), "-o", str(book)]) == 0
    assert main(["pair", str(book), "-o", str(book)]) == 0
    assert "Not paired" not in capsys.readouterr().out
    computed = tmp_path / "computed.xlsx"
    libreoffice.recalculate(book, computed)
    assert sheet_not_paired(computed) == (False, [])


def test_an_odd_field_with_three_absent_fills_every_row_below_the_boards(office, tmp_path, capsys):
    """11 players, 1, 2 and 4 absent in round 1: 4 boards, no bye, 3 not paired — the heading
    and two lines take the last of the n // 2 + 2 rows; the sheet lists them as pair does."""
    from elo_xl.io.trf_model import TrfEvent, TrfPlayer, TrfRecord
    from elo_xl.io.trf_write import write_trf

    trf, book = tmp_path / "event.trf", tmp_path / "event.xlsx"
    trf.write_text(write_trf(TrfEvent(headers=[TrfRecord("012 Odd field"), TrfRecord("XXR 5")], players=[
        TrfPlayer(k, f"Player{k:02d}, Odd", rating=2300 - 10 * k, points=0.0) for k in range(1, 12)])),
        encoding="utf-8")
    assert main(["workbook", "swiss", "--from", str(trf), "-o", str(book)]) == 0
    capsys.readouterr()
    assert main(["pair", str(book), "-o", str(book), "--absent", "1,2,4"]) == 0
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if line.startswith("Not paired: "))
    expected = [(int(no), f"{name} (absent)", 0.0) for no, name, _ in NOT_PAIRED.findall(line)]
    assert [e[0] for e in expected] == [1, 2, 4] and "Bye: " not in out
    computed = tmp_path / "computed.xlsx"
    office.recalculate(book, computed)
    boards, heading, bye = sheet_boards(computed)
    assert len(boards) == 4 and heading == "Round 1, in board order" and bye is None
    assert sheet_not_paired(computed) == (True, expected)
