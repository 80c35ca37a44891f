"""The round-robin book's Schedule sheet: each round's boards as FIDE's Berger tables have them
(C.05 Annex 1; gacrux's ``bergertables`` as the independent source), the names of the main
sheet, and, recalculated in LibreOffice and Gnumeric, each board's result as the TRF file records it."""

from __future__ import annotations

import io
from pathlib import Path

import openpyxl
import pytest

from books import built, load_workbook
from elo_xl.cli import main
from elo_xl.io.trf_read import parse_trf
from elo_xl.workbook.i18n import translate

TRF = Path(__file__).resolve().parents[1] / "data" / "trf" / "round-robin-6.trf"


def values(**options: object) -> openpyxl.Workbook:
    """The round-robin book of ``options`` (:func:`books.built`) opened read-only: the tests of the
    schedule read its cells' values and its defined names, which openpyxl's read-only mode reads
    alike without loading every cell's style (a 30-player double round robin: 0.1 s, not 1.3 s)."""
    return load_workbook(io.BytesIO(built("round-robin", **options)), read_only=True)


def rounds_on_sheet(ws) -> dict[int, tuple[list[tuple[int, int]], int | None]]:
    """Round → ((White, Black) per board, the bye) as the sheet lists them."""
    found, current = {}, None
    for row in ws.iter_rows(min_row=4, max_col=6):
        a, b, e = row[0].value, row[1].value, row[4].value
        if isinstance(a, str) and a.startswith("Round "):
            current = int(a.split()[1])
            found[current] = ([], None)
        elif isinstance(a, str) and a.startswith("Bye: "):
            found[current] = (found[current][0], int(a.split()[1]))
        elif isinstance(a, int) and isinstance(b, int):
            found[current][0].append((b, e))
    return found


@pytest.mark.parametrize("n", [3, 4, 7, 10, 30])
def test_the_schedule_is_the_berger_tables(n):
    from gacrux.berger import bergertables

    ws = values(players=n)[translate("sheet.schedule", "en")]
    table = bergertables(n)["pairing"]
    last = n + n % 2
    shown = rounds_on_sheet(ws)
    assert sorted(shown) == list(range(1, last))
    for r in range(1, last):
        pairs = [(b["white"], b["black"]) for _, b in sorted(table[r].items())]
        games = [p for p in pairs if last not in p or last == n]
        bye = next((w if bl == last else bl for w, bl in pairs if last > n and last in (w, bl)), None)
        assert shown[r] == (games, bye), r


def test_every_round_prints_whole():
    ws = load_workbook(io.BytesIO(built("round-robin", players=30)))[translate("sheet.schedule", "en")]
    breaks = [b.id for b in ws.row_breaks.brk]
    assert breaks  # 29 rounds of 15 boards do not fit one page
    for row in breaks:  # a break follows a round's last line: the next non-empty row starts a round
        following = next(ws.cell(row=r, column=1).value for r in range(row + 1, row + 4)
                         if ws.cell(row=r, column=1).value is not None)
        assert str(following).startswith("Round ")


def test_the_names_and_results_as_the_file_has_them(office, tmp_path, capsys):
    book = tmp_path / "rr.xlsx"
    assert main(["workbook", "round-robin", "--from", str(TRF), "-o", str(book)]) == 0
    capsys.readouterr()
    computed = tmp_path / "computed.xlsx"
    office.recalculate(book, computed)
    ws = load_workbook(computed, data_only=True)[translate("sheet.schedule", "en")]
    event = parse_trf(TRF.read_text(encoding="utf-8"))
    names = {p.start_no: p.name for p in event.players}
    shown = {"1": "1", "0": "0", "=": "½"}
    results = {(p.start_no, g.opponent): shown.get(g.result, g.result) for p in event.players for g in p.games
               if g.opponent is not None}
    boards = 0
    for row in ws.iter_rows(min_row=4, max_col=6):
        if isinstance(row[0].value, int) and isinstance(row[1].value, int):
            white, black = row[1].value, row[4].value
            assert (row[2].value, row[5].value) == (names[white], names[black])
            assert row[3].value == f"{results[(white, black)]} – {results[(black, white)]}"
            boards += 1
    assert boards == 15
    # how far the event is, under the titles of the round-robin, Standings and Schedule sheets
    # (docs/books.md): the file's 5 rounds, its 15 games (6 players, each pair once)
    wb = load_workbook(computed, data_only=True)
    for sheet in ("sheet.round_robin", "sheet.standings", "sheet.schedule"):
        assert wb[translate(sheet, "en")]["A3"].value == "After round 5 · 15 of 15 games played", sheet


@pytest.mark.parametrize("reverse", [False, True])
def test_the_progress_line_stands_under_every_title(reverse):
    book = values(players=6, double=True, reverse=reverse)
    line = book[translate("sheet.standings", "en")]["A3"].value
    assert line.startswith("=") and "After round" in line
    assert book[translate("sheet.round_robin", "en")]["A3"].value == line
    schedule = book[translate("sheet.schedule", "en")]["A3"].value
    assert schedule.startswith(line) and ("Second cycle" in schedule)  # the cycles told after it


@pytest.mark.parametrize("n", [3, 4, 7, 10, 30])
@pytest.mark.parametrize("reverse", [False, True])
def test_a_double_round_robin_schedule_is_the_tables_twice(n, reverse):
    """2(n − 1) rounds (2n for an odd field): C.05's table (gacrux's ``bergertables``), its last
    two rounds exchanged with ``--reverse``, then the table again with every colour reversed."""
    from gacrux.berger import bergertables

    wb = values(players=n, double=True, reverse=reverse)
    ws = wb[translate("sheet.schedule", "en")]
    table = bergertables(n)["pairing"]
    last = n + n % 2
    m = last - 1
    shown = rounds_on_sheet(ws)
    assert sorted(shown) == list(range(1, 2 * m + 1))
    for r in range(1, 2 * m + 1):
        t = (r - 1) % m + 1
        if reverse and r in (m - 1, m):
            t = 2 * m - 1 - t
        pairs = [(b["white"], b["black"]) for _, b in sorted(table[t].items())]
        games = [p for p in pairs if last not in p or last == n]
        if r > m:
            games = [(black, white) for white, black in games]
        bye = next((w if bl == last else bl for w, bl in pairs if last > n and last in (w, bl)), None)
        assert shown[r] == (games, bye), r
    (sheet, cell), = wb.defined_names["PairingSystem"].destinations
    assert wb[sheet][cell.replace("$", "")].value == ("FIDE_DOUBLEROUNDROBIN" if reverse else "BERGER_DOUBLEROUNDROBIN")
