"""A round-robin book as a rating report: its player fields, filled from a TRF file, and its
export to TRF (crosstable to rounds)."""

from pathlib import Path

import pytest

from trf_helpers import recount
from elo_xl.cli import main
from elo_xl.errors import EloError
from elo_xl.export import book_to_trf
from elo_xl.pairing.berger import berger_round
from elo_xl.workbook.read import read_round_robin_book
from elo_xl.io.trf_read import parse_trf
from elo_xl.recalc import read_named
from elo_xl.workbook import build
from books import load_workbook

DATA = Path(__file__).parents[1] / "data" / "trf"

#: FIDE Handbook C.05 Annex 1, the Berger tables as published (white first).
BERGER_4 = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
BERGER_6 = [[(1, 6), (2, 5), (3, 4)], [(6, 4), (5, 3), (1, 2)], [(2, 6), (3, 1), (4, 5)],
            [(6, 5), (1, 4), (2, 3)], [(3, 6), (4, 2), (5, 1)]]


@pytest.mark.parametrize("n, table", [(4, BERGER_4), (6, BERGER_6)])
def test_berger_rounds_and_colours_as_published(n, table):
    for r, games in enumerate(table, 1):
        for white, black in games:
            assert berger_round(white, black, n) == (r, True)
            assert berger_round(black, white, n) == (r, False)


def test_trf_to_book_to_trf_is_the_same_file(tmp_path):
    source = DATA / "round-robin-6.trf"
    book, out = tmp_path / "rr.xlsx", tmp_path / "rr.trf"
    assert main(["workbook", "round-robin", "--from", str(source), "-o", str(book)]) == 0
    assert main(["export", str(book), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == source.read_text(encoding="utf-8")


def test_book_from_trf_holds_the_player_fields(tmp_path):
    book = tmp_path / "rr.xlsx"
    assert main(["workbook", "round-robin", "--from", str(DATA / "round-robin-6.trf"), "-o", str(book)]) == 0
    values = read_named(book, ("Names", "Titles", "Federations", "FideIds", "Births", "Sexes"))
    column = lambda name: [row[0] for row in values[name]][:6]  # noqa: E731
    # as the file's player lines hold them
    assert column("Names")[2] == "Kaur, Harpreet"
    assert column("Titles") == ["IM", "FM", "WGM", None, "CM", "WIM"]
    assert column("Federations") == ["FRA", "ITA", "IND", "IRL", "BRA", "GER"]
    assert [str(v) for v in column("FideIds")] == ["622001", "845001", "5001234", "2501234", "2101234", "24601234"]
    assert column("Births")[3] == "1988" and column("Sexes")[5] == "w"


def four(results, **extra):
    return build("round-robin", players=4, prefill={"names": ["A", "B", "C", "D"], "ratings": [2400, 2300, 2200, None],
                                                     "results": results, **extra})


def test_export_writes_berger_rounds_and_both_sides(tmp_path):
    path = tmp_path / "rr.xlsx"
    # 1–2 typed by 1 only, 3–4 by 4 only, 1–3 on both sides, 2–4 a forfeit typed by 2
    path.write_bytes(four([[None, 1, "½", None], [None, None, None, "+"], ["½", None, None, None],
                           [None, None, 1, None]], titles=["GM", "", "", ""], federations=["VIE", "", "", "FID"]))
    event = parse_trf(book_to_trf(path))
    p = {pl.start_no: pl for pl in event.players}
    # Berger for 4: round 1 1–4, 2–3; round 2 4–3, 1–2; round 3 2–4, 3–1
    assert [(g.opponent, g.colour, g.result) for g in p[1].games] == [(None, "", ""), (2, "w", "1"), (3, "b", "=")]
    assert [(g.opponent, g.colour, g.result) for g in p[2].games] == [(None, "", ""), (1, "b", "0"), (4, "w", "+")]
    assert [(g.opponent, g.colour, g.result) for g in p[4].games] == [(None, "", ""), (3, "w", "1"), (2, "b", "-")]
    assert p[1].title == "GM" and p[1].federation == "VIE"
    assert [pl.points for pl in event.players] == [1.5, 1, 0.5, 1]


def test_a_game_the_two_cells_disagree_on_is_refused_by_its_cells(tmp_path):
    path = tmp_path / "rr.xlsx"
    path.write_bytes(four([[None, 1, None, None], [1, None, None, None], [None] * 4, [None] * 4]))
    with pytest.raises(EloError, match=r"rr.xlsx, 'Round robin'!K13 and 'Round robin'!J14: .* disagree"):
        read_round_robin_book(path)


def test_a_bye_in_a_crosstable_is_refused(tmp_path):
    path = tmp_path / "rr.xlsx"
    path.write_bytes(four([[None, "H", None, None], [None] * 4, [None] * 4, [None] * 4]))
    with pytest.raises(EloError, match=r"K13: .H. is a bye"):
        book_to_trf(path)


def test_a_game_played_since_the_file_goes_in_its_berger_round(tmp_path):
    """The file holds rounds 1–3 (in Berger order, as FIDE's table for 6 players); the arbiter
    types 1–4 (round 4 of the table, 1 white) in the book: the first three rounds stay as in the
    file, the new game goes in round 4 with 1 white."""
    lines = (DATA / "round-robin-6.trf").read_text(encoding="utf-8").splitlines()
    source = tmp_path / "three.trf"
    source.write_text(recount("\n".join(line[:119] if line.startswith("001") else line for line in lines) + "\n"),
                      encoding="utf-8")
    book, out = tmp_path / "rr.xlsx", tmp_path / "rr.trf"
    assert main(["workbook", "round-robin", "--from", str(source), "-o", str(book)]) == 0
    wb = load_workbook(book)
    (sheet, cells), = wb.defined_names["Results"].destinations
    first = wb[sheet][cells.split(":")[0].replace("$", "")]
    wb[sheet].cell(first.row, first.column + 3).value = 1  # 1 beats 4
    wb.save(book)
    assert main(["export", str(book), "-o", str(out)]) == 0
    p = {pl.start_no: pl for pl in parse_trf(out.read_text(encoding="utf-8")).players}
    assert [(g.opponent, g.colour, g.result) for g in p[1].games] == [(6, "w", "1"), (2, "w", "="), (3, "b", "="),
                                                                      (4, "w", "1")]
    assert [(g.opponent, g.colour, g.result) for g in p[4].games][3] == (1, "b", "0")
    assert [(g.opponent, g.colour, g.result) for g in p[5].games][:3] == [(2, "b", "="), (3, "w", "0"), (4, "b", "1")]


def test_buchholz_in_a_round_robin_is_noted_under_2024_and_refused_under_2026(tmp_path, capsys):
    """C.07 8 (2026): Buchholz is not a round robin's tie-break; under the 2024 rules export
    notes it as rate does, naming FIDE's round-robin list."""
    from elo_xl.cli import main

    trf = Path(__file__).resolve().parents[1] / "data" / "trf" / "round-robin-6.trf"
    book = tmp_path / "rr.xlsx"
    assert main(["workbook", "round-robin", "--from", str(trf), "-o", str(book)]) == 0
    capsys.readouterr()
    assert main(["export", str(book), "-o", str(tmp_path / "a.trf"), "--tiebreaks", "BH,SB", "--tiebreak-rules",
                 "2024"]) == 0
    err = " ".join(capsys.readouterr().err.split())
    assert err == ("elo-xl: note: ranks recomputed (the tie-breaks chosen for this file): points, then BH, SB (2024 "
                   "rules), then start number; every rank is the file's "
                   "elo-xl: note: BH in a round robin: every player meets the same opponents, so Buchholz tells little "
                   "(the 2026 rules forbid it there, C.07 8); FIDE's list for a round robin is DE, WIN, SB, KS")
    assert main(["export", str(book), "-o", str(tmp_path / "b.trf"), "--tiebreaks", "BH,SB", "--tiebreak-rules",
                 "2026"]) == 2
    err = capsys.readouterr().err
    assert "the 2026 rules forbid Buchholz in a round robin (C.07 8)" in err and "would not be valid" not in err
    assert not (tmp_path / "b.trf").exists()
    assert main(["export", str(book), "-o", str(tmp_path / "c.trf")]) == 0 and capsys.readouterr().err == ""
