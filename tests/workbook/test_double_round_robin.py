"""The double round robin book (``elo-xl workbook round-robin --double [--reverse]``, or
``--from`` a double round robin's TRF file): two result cells per pair, the Schedule sheet's
2(n − 1) rounds (2n for an odd field), and ``export``, ``rate`` and the recalculated book
agreeing on every figure.

Expected values independent of the book: the rounds are those gacrux pairs (the TRF files
below are written round by round from gacrux's ``berger`` pairing, the TRF-2026 ``192`` code
``FIDE_DOUBLEROUNDROBIN`` or ``BERGER_DOUBLEROUNDROBIN`` choosing its variant), the results
are drawn at random, and the figures are the engine's (``rate``) on the TRF file itself.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from elo_xl.cli import main
from elo_xl.io.trf_read import parse_trf
from elo_xl.pairing.berger import SYSTEMS
from elo_xl.recalc import read_named
from elo_xl.workbook.i18n import translate
from round_robin_cases import double_trf
from books import load_workbook

def _rounds(trf: str) -> dict[int, list[tuple[Any, Any, Any]]]:
    """Each player's rounds: (opponent, colour, result), the trailing blank rounds left out."""
    event = parse_trf(trf)
    rounds = {p.start_no: [(g.opponent, g.colour, g.result) for g in p.games] for p in event.players}
    for games in rounds.values():
        while games and games[-1][0] is None:
            games.pop()
    return rounds


def _at(rounds: list[tuple[Any, Any, Any]], k: int) -> tuple[Any, Any, Any]:
    """Round ``k`` (from 0) of a player's rounds; a trailing blank round as (None, "", "")."""
    return rounds[k] if k < len(rounds) else (None, "", "")


def _json(args: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(args) == 0
    return json.loads(capsys.readouterr().out)


@pytest.fixture(scope="module")
def events(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("double")
    made = {}
    for tag, n, seed, reverse, played in (("six", 6, 1, True, None), ("five", 5, 2, False, None),
                                          ("seven", 7, 3, True, None), ("under way", 6, 26, True, 7),
                                          ("three tied", 6, 21, True, 7)):
        path = folder / f"{tag}.trf"
        path.write_text(double_trf(n, seed, reverse, played=played), encoding="utf-8")
        made[tag] = path
    return made


@pytest.mark.parametrize("tag,n", [("six", 6), ("five", 5), ("seven", 7)])
def test_a_double_round_robin_trf_makes_a_double_book_and_export_writes_it_back(events, tag, n, tmp_path, capsys):
    trf = events[tag]
    book, back = tmp_path / "book.xlsx", tmp_path / "back.trf"
    assert main(["workbook", "round-robin", "--from", str(trf), "-o", str(book)]) == 0
    assert "double round robin" in capsys.readouterr().out
    wb = load_workbook(book)
    (sheet, cells), = wb.defined_names["Results"].destinations
    first, last = cells.replace("$", "").split(":")
    grid = wb[sheet][first:last]
    assert (len(grid), len(grid[0])) == (n, 2 * n)
    (sheet, cell), = wb.defined_names["PairingSystem"].destinations
    assert wb[sheet][cell.replace("$", "")].value == parse_trf(trf.read_text()).header("192")
    assert main(["export", str(book), "-o", str(back)]) == 0
    capsys.readouterr()
    assert _rounds(back.read_text(encoding="utf-8")) == _rounds(trf.read_text(encoding="utf-8"))
    original = _json(["rate", str(trf), "--format", "json"], capsys)
    exported = _json(["rate", str(back), "--format", "json"], capsys)
    assert exported["players"] == original["players"]
    assert exported["event"]["tiebreaks"] == original["event"]["tiebreaks"]


@pytest.mark.parametrize("reverse", [False, True])
def test_a_book_made_double_exports_the_schedule_with_its_colours(reverse, tmp_path, capsys):
    """A blank ``--double`` book with results typed: ``export`` puts each game in its round of
    the schedule, with its colours (the second cycle's reversed), as gacrux pairs them."""
    n = 4
    trf = double_trf(n, 5, reverse, declare=True)
    book, back = tmp_path / "book.xlsx", tmp_path / "back.trf"
    args = ["workbook", "round-robin", "--players", str(n), "--double", "-o", str(book)] + (["--reverse"] if reverse else [])
    assert main(args) == 0
    wb = load_workbook(book)
    ws = wb[translate("sheet.round_robin", "en")]
    (_, names_cells), = wb.defined_names["Names"].destinations
    (_, ratings_cells), = wb.defined_names["Ratings"].destinations
    (_, results_cells), = wb.defined_names["Results"].destinations
    event = parse_trf(trf)
    top = ws[names_cells.replace("$", "").split(":")[0]]
    rating_top = ws[ratings_cells.replace("$", "").split(":")[0]]
    grid = ws[results_cells.replace("$", "").split(":")[0]]
    for p in event.players:
        ws.cell(row=top.row + p.start_no - 1, column=top.column, value=p.name)
        ws.cell(row=rating_top.row + p.start_no - 1, column=rating_top.column, value=p.rating)
        met: dict[int, int] = {}
        for g in p.games:
            if g.opponent:
                cycle = met[g.opponent] = met.get(g.opponent, -1) + 1
                value = {"=": "½"}.get(g.result, g.result)
                ws.cell(row=grid.row + p.start_no - 1, column=grid.column + cycle * n + g.opponent - 1, value=value)
    wb.save(book)
    assert main(["export", str(book), "-o", str(back)]) == 0
    capsys.readouterr()
    assert _rounds(back.read_text(encoding="utf-8")) == _rounds(trf)
    assert parse_trf(back.read_text(encoding="utf-8")).header("192") == SYSTEMS[(True, reverse)]


@pytest.mark.parametrize("n,played", [(6, 0), (6, 3), (6, 5), (6, 6), (6, 9), (5, 3), (5, 4), (5, 5), (5, 9)])
def test_pair_gives_the_round_gacrux_pairs(n, played, tmp_path, capsys):
    """``pair`` on a double round robin's TRF file and on its book: the next round as gacrux
    pairs it (the first cycle's last two rounds exchanged, the second cycle's colours reversed)."""
    full = double_trf(n, 11, True)
    cut = double_trf(n, 11, True, played=played)
    expected = _rounds(full)
    trf = tmp_path / "cut.trf"
    trf.write_text(cut, encoding="utf-8")
    book = tmp_path / "cut.xlsx"
    assert main(["workbook", "round-robin", "--from", str(trf), "-o", str(book)]) == 0
    for source in (trf, book):
        assert main(["pair", str(source)]) == 0, source
        listing = capsys.readouterr().out
        boards = [line.split() for line in listing.splitlines() if line.strip()[:1].isdigit()]
        games = set()
        for p, rounds in expected.items():
            opponent, colour, _ = _at(rounds, played)
            if opponent is not None and colour == "w":
                games.add((p, opponent))
        shown = {(int(words[1]), int(words[-2])) for words in boards if len(words) >= 4}
        assert shown == games, (source.suffix, listing)
        byes = [p for p, rounds in expected.items() if _at(rounds, played)[0] is None]
        if n % 2:
            assert f"Bye: {byes[0]} " in listing and "no game, no points" in listing
    out = tmp_path / "paired.trf"
    assert main(["pair", str(trf), "-o", str(out)]) == 0
    capsys.readouterr()
    for p, rounds in _rounds(out.read_text(encoding="utf-8")).items():
        assert _at(rounds, played)[:2] == _at(expected[p], played)[:2], p
    assert main(["pair", str(book), "-o", str(tmp_path / "x.xlsx")]) == 2
    assert "Schedule sheet holds every round" in capsys.readouterr().err


@pytest.mark.office
@pytest.mark.parametrize("engine", ["libreoffice", "gnumeric"])
def test_the_recalculated_book_agrees_with_rate(engine, events, tmp_path, capsys, request):
    """Every figure of ``rate`` on the TRF file: points, games, rating change, new rating,
    performance, rank and each tie-break, as the book recalculated computes them; also in the
    second cycle (some pairs met twice, others once: DE averages each pair's games; the seeds
    give ties that DE separates, four players on 3.5 points and three on 4)."""
    office = request.getfixturevalue(engine)
    for tag in events:
        trf = events[tag]
        book, done = tmp_path / f"{tag}.xlsx", tmp_path / f"{tag}-done.xlsx"
        assert main(["workbook", "round-robin", "--from", str(trf), "-o", str(book)]) == 0
        capsys.readouterr()
        want = _json(["rate", str(trf), "--format", "json"], capsys)
        office.recalculate(book, done)
        slots = [f"Tiebreak{k}" for k in range(1, 7)]
        got = read_named(done, ["Points", "Games", "Change", "NewRating", "Performance", "Rank", "Conflicts",
                                "TiebreakList"] + slots)
        codes = [row[0] for row in got["TiebreakList"]]
        for i, player in enumerate(want["players"]):
            assert got["Points"][i][0] == player["points"], (tag, i)
            assert got["Games"][i][0] == player["games"], (tag, i)
            assert got["Change"][i][0] == player["change"], (tag, i)
            assert got["NewRating"][i][0] == player["new_rating"], (tag, i)
            assert got["Performance"][i][0] == player["performance"], (tag, i)
            assert got["Rank"][i][0] == player["rank"], (tag, i)
            for k, code in enumerate(codes):
                if code:
                    assert got[slots[k]][i][0] == pytest.approx(player["tiebreaks"][code]), (tag, i, code)
