"""TRF files exported by other programs (tests/data/real, sources in its README): read, rated,
written back byte for byte, and carried through a Swiss workbook and back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from elo_xl.cli import main
from elo_xl.io import parse_trf, read_trf, write_trf
from elo_xl.event import load

REAL = Path(__file__).parents[1] / "data" / "real"
FILES = sorted(p.name for p in REAL.glob("*.trf"))


def rate(capsys, path, *options):
    assert main(["rate", str(path), "--format", "json", *options]) == 0
    captured = capsys.readouterr()
    return json.loads(captured.out), captured.err


def test_the_real_files_are_there():
    assert FILES == ["karl-mala-2005.trf", "lichess-2020-05.trf", "lichess-2020-06.trf"]


@pytest.mark.parametrize("name", FILES)
def test_read_and_written_back_byte_for_byte(name):
    data = (REAL / name).read_bytes()
    event = read_trf(REAL / name)
    assert write_trf(event).encode(event.encoding) == data


def test_karl_mala_2005_fields():
    e = read_trf(REAL / "karl-mala-2005.trf")
    assert (len(e.players), e.rounds, e.start, e.start_year, e.end_year) == (284, 7, "28. 07. 2005", 2005, 2005)
    # values the file's own columns hold (players 26, 145, 115, 82 and 75 of the source's test)
    assert e.player(26).name == "Schaffer,Hendrik" and e.player(145).fide_id == "24615480"
    assert e.player(115).rating == 1994 and e.player(82).birth == "1965.09.07"
    assert (e.player(75).games[4].opponent, e.player(75).games[4].colour, e.player(75).games[4].result) == (188, "w", "1")
    assert e.player(284).name == "spielfrei" and e.player(284).rating is None


def test_karl_mala_2005_juniors_get_k_40(capsys):
    """The start date `28. 07. 2005` gives the event year 2005: every rated player under 2300 born
    in 1987 or later (at most 18 in 2005) gets K 40 (FIDE B.02 §8.3.3), 10 from 2400, else 20."""
    data, err = rate(capsys, REAL / "karl-mala-2005.trf")
    assert "current year" not in err and "not a date" not in err
    event = read_trf(REAL / "karl-mala-2005.trf")
    juniors = 0
    for p, row in zip(event.players, data["players"]):
        if p.rating is None:
            assert row["k"] is None
            continue
        born = int(p.birth[:4])
        want = 10 if p.rating >= 2400 else 40 if born >= 1987 and p.rating < 2300 else 20
        juniors += want == 40
        assert row["k"] == want, p.name
    assert juniors == 17      # the 17 juniors the issue found rated with K 20


@pytest.mark.parametrize("name,year", [("lichess-2020-05.trf", 2020), ("lichess-2020-06.trf", 2020)])
def test_lichess_english_dates(capsys, name, year):
    assert read_trf(REAL / name).start_year == year
    data, err = rate(capsys, REAL / name)
    assert "date" not in err and data["event"]["players"] == len(read_trf(REAL / name).players)


@pytest.mark.parametrize("name", FILES)
def test_through_a_swiss_book_and_back(tmp_path, name, capsys):
    """TRF → Swiss book → TRF: every record byte for byte, every player line byte for byte but
    the points and rank columns (81–89), which the book recomputes."""
    book, back = tmp_path / "event.xlsx", tmp_path / "back.trf"
    assert main(["workbook", "swiss", "--from", str(REAL / name), "-o", str(book)]) == 0
    assert main(["export", str(book), "-o", str(back)]) == 0
    capsys.readouterr()
    original = (REAL / name).read_text(encoding="utf-8").split("\n")
    exported = back.read_text(encoding="utf-8").split("\n")
    assert len(exported) == len(original)
    for a, b in zip(original, exported):
        if a.startswith("001"):
            assert b[:80] + b[89:] == a[:80] + a[89:]
        else:
            assert b == a
    before, after = read_trf(REAL / name), read_trf(back)
    assert [p.points for p in after.players] == [p.points for p in before.players]


def test_xxr_keeps_the_planned_rounds_after_fewer_rounds(tmp_path, capsys):
    """A 10-round event exported after 9 rounds still says XXR 10 (a pairing program would
    otherwise think it over)."""
    lines = (REAL / "lichess-2020-05.trf").read_text(encoding="utf-8").split("\n")
    cut = [line[:181].rstrip() if line.startswith("001") else line for line in lines]   # round 10 removed
    source = tmp_path / "after-9.trf"
    source.write_text("\n".join(cut), encoding="utf-8")
    assert read_trf(source).rounds == 10
    book, back = tmp_path / "event.xlsx", tmp_path / "back.trf"
    assert main(["workbook", "swiss", "--from", str(source), "-o", str(book)]) == 0
    assert main(["export", str(book), "-o", str(back)]) == 0
    capsys.readouterr()
    assert "XXR 10" in back.read_text(encoding="utf-8").split("\n")
    assert read_trf(back).rounds == 10


def test_a_roster_keeps_its_rounds(tmp_path, capsys):
    text = "012 Roster\nXXR 9\n001    1      Ha, An                            1800\n001    2      Le, Binh\n"
    source, book, back = tmp_path / "roster.trf", tmp_path / "r.xlsx", tmp_path / "back.trf"
    source.write_text(text, encoding="utf-8")
    assert main(["workbook", "swiss", "--from", str(source), "-o", str(book)]) == 0
    assert main(["export", str(book), "-o", str(back)]) == 0
    capsys.readouterr()
    out = back.read_text(encoding="utf-8").split("\n")
    assert out[:2] == ["012 Roster", "XXR 9"]
    assert [line[:52].rstrip() for line in out[2:4]] == text.split("\n")[2:4]


def test_unrated_written_0000_stays_0000(tmp_path, capsys):
    e = read_trf(REAL / "lichess-2020-06.trf")
    lines = (REAL / "lichess-2020-06.trf").read_text(encoding="utf-8").split("\n")
    i = next(i for i, line in enumerate(lines) if line.startswith("001    1"))
    lines[i] = lines[i][:48] + "0000" + lines[i][52:]
    lines[i + 1] = lines[i + 1][:48] + "   0" + lines[i + 1][52:]
    source, book, back = tmp_path / "z.trf", tmp_path / "z.xlsx", tmp_path / "back.trf"
    source.write_text("\n".join(lines), encoding="utf-8")
    assert parse_trf("\n".join(lines)).ratings() == e.ratings()
    assert main(["workbook", "swiss", "--from", str(source), "-o", str(book)]) == 0
    assert main(["export", str(book), "-o", str(back)]) == 0
    capsys.readouterr()
    out = back.read_text(encoding="utf-8").split("\n")
    assert out[i][48:52] == "0000" and out[i + 1][48:52] == "   0"


def test_load_reads_real_files_like_read_trf():
    for name in FILES:
        t = load(REAL / name)
        assert t.ratings == read_trf(REAL / name).ratings()


def test_only_changed_fields_are_rewritten():
    """Odd spacing survives in the fields that did not change; a changed field is written in the
    specification's layout."""
    e = read_trf(REAL / "karl-mala-2005.trf")
    p = e.player(69)                       # "  wf" title written at columns 12–13
    original = p.text
    p.points, p.rank = 9.0, 1
    line = write_trf(e).split("\n")[p.line - 1]
    assert line[:80] == original[:80] and line[80:89] == " 9.0    1" and line[89:] == original[89:]
    p.name = "Heymann, Anna"
    line = write_trf(e).split("\n")[p.line - 1]
    assert line[:14] == original[:14] and line[14:47] == "Heymann, Anna".ljust(33) and line[47:80] == original[47:80]


def test_counts_with_a_note_are_kept(tmp_path, capsys):
    """`062 13 (2 withdrawn)`: a program's note after the count survives the book."""
    text = (REAL / "lichess-2020-05.trf").read_text(encoding="utf-8").replace("062 13\n", "062 13 (2 withdrawn)\n")
    source, book, back = tmp_path / "n.trf", tmp_path / "n.xlsx", tmp_path / "back.trf"
    source.write_text(text, encoding="utf-8")
    assert main(["workbook", "swiss", "--from", str(source), "-o", str(book)]) == 0
    assert main(["export", str(book), "-o", str(back)]) == 0
    capsys.readouterr()
    assert "062 13 (2 withdrawn)" in back.read_text(encoding="utf-8").split("\n")


def test_a_result_changed_in_the_book_changes_only_its_round(tmp_path, capsys):
    """The arbiter corrects round 1 of the lichess event in the book (1–0 becomes a draw): the
    exported lines of the two players differ from the file in that round and in points and
    rank only."""
    import openpyxl

    from books import round_cell

    source, book, back = REAL / "lichess-2020-06.trf", tmp_path / "e.xlsx", tmp_path / "back.trf"
    assert main(["workbook", "swiss", "--from", str(source), "-o", str(book)]) == 0
    wb = openpyxl.load_workbook(book)
    before = read_trf(source)
    a, b = 1, before.player(1).games[0].opponent           # 1 beat 6 with white in round 1
    assert (before.player(a).games[0].result, before.player(b).games[0].result) == ("1", "0")
    for player in (a, b):  # round 1's result cell of each (in the book's Rounds grid)
        sheet, row, column = round_cell(wb, "Results", player - 1, 0)
        wb[sheet].cell(row=row, column=column).value = "="
    wb.save(book)
    assert main(["export", str(book), "-o", str(back)]) == 0
    capsys.readouterr()
    original = source.read_text(encoding="utf-8").split("\n")
    exported = back.read_text(encoding="utf-8").split("\n")
    for x, y in zip(original, exported):
        if x.startswith(("001    1 ", f"001 {b:>4} ")):
            assert y[98] == "=" and y[:80] + y[89:98] + y[99:] == x[:80] + x[89:98] + x[99:]
        elif x.startswith("001"):
            assert y[:80] + y[89:] == x[:80] + x[89:]
        else:
            assert y == x
    after = read_trf(back)
    assert (after.player(a).points, after.player(b).points) == (7.0, 4.5)   # 7.5 − ½ and 4.0 + ½
