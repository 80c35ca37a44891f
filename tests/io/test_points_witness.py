"""Issue 23, item 1: the points column is a witness. An absence written without a result code
(``0000 -``) that the file's own points column counts is read as the bye the column implies,
with one note naming the line; where the column cannot settle it, a note names the player
and the difference. The same points reach ``rate``, the book and the TRF written back.

The event is the package's example (io.trf_format.EXAMPLE): Anna (line 9, player 1) won round
1 (1), drew round 2 (½) and took a half-point bye in round 3 (H, ½): 2 points, as her points
column says. By hand, with her round 3 written ``0000 -`` and no code: ½ is missing, and that
one absence settles it as H."""

from __future__ import annotations

import json

import pytest

from elo_xl.cli import main
from elo_xl.io import parse_trf
from elo_xl.io.trf_format import EXAMPLE
from books import load_workbook

ANNA = 8  # her line's index (line 9)
ROUND_3 = 111  # round 3's first column (112) as an index


def _with(line_index: int, rounds_from: int, text: str, points: str | None = None) -> str:
    lines = EXAMPLE.split("\n")
    line = lines[line_index][:rounds_from] + text
    if points is not None:
        line = line[:80] + points.rjust(4) + line[84:]
    lines[line_index] = line
    return "\n".join(lines)


def test_a_half_point_absence_is_read_as_h_with_a_note():
    event = parse_trf(_with(ANNA, ROUND_3, "0000 -  "), "cup.trf")
    assert event.players[0].games[2].result == "H"
    assert event.notes == ["line 9 (player 1), round 3: an absence written without a result code read as H "
                           "(½ point), as the points column counts it"]


def test_two_full_point_absences_are_read_as_f():
    """Anna's rounds 2 and 3 both ``0000 -``, her column 3.0: 1 (round 1) + 2 missing, which two
    absences reach only as two full-point byes (each is worth at most 1)."""
    # Anna's round-2 opponent (3, Lea) has no game then either: her round 2 is a zero-point bye.
    lines = _with(ANNA, 101, "0000 -    0000 -  ", "3.0").split("\n")
    lea = lines[10]
    lines[10] = lea[:101] + "0000 - Z  " + lea[111:]
    lines[10] = lines[10][:80] + " 2.0" + lines[10][84:]
    event = parse_trf("\n".join(lines), "cup.trf")
    assert [g.result for g in event.players[0].games] == ["1", "F", "F"]
    assert event.notes == ["line 9 (player 1), rounds 2, 3: an absence written without a result code read as F "
                           "(1 point), as the points column counts it"]


def test_a_difference_the_absences_cannot_settle_is_named():
    """Two absences and 1 point missing: H + H or F + Z; the file does not say which. Both stay
    zero-point byes, and the note names the player and both figures."""
    lines = _with(ANNA, 101, "0000 -    0000 -  ", "2.0").split("\n")
    lea = lines[10]
    lines[10] = lea[:101] + "0000 - Z  " + lea[111:]
    lines[10] = lines[10][:80] + " 2.0" + lines[10][84:]
    event = parse_trf("\n".join(lines), "cup.trf")
    assert [g.result for g in event.players[0].games] == ["1", "", ""]
    assert event.notes == ["the points column differs from the results, and its absences written without a result "
                           "code do not settle it: line 9 (player 1) 2 in the points column, 1 in the results; those "
                           "absences count as zero-point byes"]


def test_a_difference_nothing_explains_is_refused_naming_the_line(tmp_path, capsys):
    """Anna's column says 2.5 where her results (1, ½, H) give 2, and her line has no absence to
    explain it: FIDE's tie-break program refuses such a file ("Incorrect score"), and so does
    every command, naming the file, the line and both figures; nothing is written."""
    path = tmp_path / "cup.trf"
    path.write_text(_with(ANNA, 0, EXAMPLE.split("\n")[ANNA], "2.5"), encoding="utf-8")
    for command in (["rate", str(path)], ["workbook", "swiss", "--from", str(path), "-o", str(tmp_path / "b.xlsx")],
                    ["pair", str(path)]):
        assert main(command) == 2
        captured = capsys.readouterr()
        assert captured.err == ("elo-xl: cup.trf: line 9 (player 1): the points column (columns 81–84) says 2.5 but the "
                                "results add up to 2, and no round of the line explains it; correct the points or the "
                                "results (a scoring system other than 1-½-0 needs its 162 record)\n")
    assert not (tmp_path / "b.xlsx").exists()


@pytest.fixture
def absent(tmp_path):
    path = tmp_path / "cup.trf"
    path.write_text(_with(ANNA, ROUND_3, "0000 -  "), encoding="utf-8")
    return path


def test_rate_counts_the_points_the_column_gives(absent, capsys):
    assert main(["rate", str(absent), "--format", "json"]) == 0
    captured = capsys.readouterr()
    anna = json.loads(captured.out)["players"][0]
    assert (anna["name"], anna["points"]) == ("Berg, Anna", 2.0)
    assert "line 9 (player 1), round 3: an absence written without a result code read as H" in captured.err


def test_the_book_and_the_trf_written_back_carry_the_same_points(absent, tmp_path, capsys):
    book, back = tmp_path / "cup.xlsx", tmp_path / "back.trf"
    assert main(["workbook", "swiss", "--from", str(absent), "-o", str(book)]) == 0
    assert "elo-xl: note: line 9 (player 1), round 3" in capsys.readouterr().err
    assert main(["export", str(book), "-o", str(back)]) == 0
    anna = next(line for line in back.read_text(encoding="utf-8").splitlines() if line.startswith("001    1"))
    assert anna[80:84] == " 2.0" and anna[111:119] == "0000 - H"


# --- issue 23, item 2: byes entered before a round is paired -----------------------------------------


def _announced(tmp_path):
    """The example event with a fourth round nobody has played yet, in which Anna has asked for
    a half-point bye (``0000 - H``) and Tom for a zero-point bye (``0000 - Z``): her points
    column still says 2.0, his 0.5."""
    lines = EXAMPLE.replace("XXR 3", "XXR 4").split("\n")
    lines[8] = lines[8].ljust(121) + "0000 - H"
    lines[11] = lines[11].ljust(121) + "0000 - Z"
    path = tmp_path / "announced.trf"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def test_a_bye_for_a_round_nobody_has_played_counts_once_it_is_played(tmp_path, capsys):
    """By hand: Anna 1 + ½ + ½ (rounds 1–3) = 2, as her column says; the H of round 4 does not
    count yet (C.07 article 16: a requested bye counts in the round it is granted for)."""
    path = _announced(tmp_path)
    event = parse_trf(path.read_text(encoding="utf-8"), path.name)
    assert event.notes == []  # the column agrees with the results of the rounds played
    assert main(["rate", str(path), "--format", "json"]) == 0
    captured = capsys.readouterr()
    points = [p["points"] for p in json.loads(captured.out)["players"]]
    assert points == [2.0, 0.5, 2.5, 0.5]
    assert ("round 4: nobody has played it yet; the byes entered there (lines 9, 12) are pre-announced: they count "
            "once the round is played (C.07 article 16); a Swiss book made from the file shows them in their round "
            "and counts them once the round is paired") in " ".join(captured.err.split())


# --- issue 23, item 3: what does not touch a rating is read, with a note ---------------------------


def _book_points(path) -> list[float]:
    wb = load_workbook(path, data_only=True)
    (title, ref), = wb.defined_names["Points"].destinations
    return [row[0].value for row in wb[title][ref.replace("$", "")] if row[0].value not in (None, "")]


@pytest.mark.office
def test_the_book_counts_an_announced_bye_once_its_round_is_paired(tmp_path, capsys):
    """The book made from the file: Anna 2 and Tom ½ after round 3 (their H and Z of round 4 are
    shown in round 4 but count nothing yet), as their points columns say; once round 4 is
    paired (``pair -o`` types its boards into the book), Anna's H counts: 2½, as ``rate`` of
    the exported file says."""
    book, recalculated, back = tmp_path / "cup.xlsx", tmp_path / "r.xlsx", tmp_path / "back.trf"
    assert main(["workbook", "swiss", "--from", str(_announced(tmp_path)), "-o", str(book)]) == 0
    assert main(["recalc", str(book), "-o", str(recalculated)]) == 0
    assert _book_points(recalculated)[:4] == [2.0, 0.5, 2.5, 0.5]
    assert main(["pair", str(book), "-o", str(book)]) == 0
    assert main(["recalc", str(book), "-o", str(recalculated)]) == 0
    assert main(["export", str(book), "-o", str(back)]) == 0
    capsys.readouterr()
    assert _book_points(recalculated)[:4] == [2.5, 0.5, 2.5, 0.5]
    assert main(["rate", str(back), "--format", "json"]) == 0
    assert [p["points"] for p in json.loads(capsys.readouterr().out)["players"]] == [2.5, 0.5, 2.5, 0.5]


def test_a_club_abbreviation_in_the_federation_columns_is_kept_with_one_note():
    """Two players with ``ST.`` and one with ``C.C`` where FIDE writes a federation (columns
    54–56): the file is read, the fields kept as written, one note for the file."""
    lines = EXAMPLE.split("\n")
    for index, code in ((8, "ST."), (9, "C.C"), (11, "ST.")):
        lines[index] = lines[index][:53] + code + lines[index][56:]
    event = parse_trf("\n".join(lines), "club.trf")
    assert [p.federation for p in event.players] == ["ST.", "C.C", "FRA", "ST."]
    assert event.notes == ['lines 9, 10, 12 (columns 54–56): the federation "ST.", "C.C" is no federation code; kept '
                           "as written (it does not touch a rating; the norms count it as no federation)"]


def test_a_birth_date_with_blank_month_and_day_keeps_its_year():
    from elo_xl.io import birth_year

    lines = EXAMPLE.split("\n")
    lines[8] = lines[8][:69] + "1975.  .  " + lines[8][79:]
    event = parse_trf("\n".join(lines), "old.trf")
    assert event.players[0].birth == "1975.  ." and birth_year(event.players[0]) == 1975


def test_an_old_half_point_bye_is_read_as_h_everywhere(tmp_path, capsys):
    """Anna's round-3 bye written ``0000 - =``: read as H (½), so her points stay 2 (1 + ½ + ½)
    in rate, in the book and in the TRF written back, which keeps her line as the file wrote it."""
    text = EXAMPLE.replace("0000 - H", "0000 - =")
    event = parse_trf(text, "old.trf")
    assert event.players[0].games[2].result == "H" and event.notes == [
        "line 9: a draw without an opponent (0000 - =, an old way of writing a half-point bye) read as a "
        "half-point bye (H)"]
    path, book, back = tmp_path / "old.trf", tmp_path / "old.xlsx", tmp_path / "back.trf"
    path.write_text(text, encoding="utf-8")
    assert main(["rate", str(path), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"][0]["points"] == 2.0
    assert main(["workbook", "swiss", "--from", str(path), "-o", str(book)]) == 0
    assert main(["export", str(book), "-o", str(back)]) == 0
    anna = next(line for line in back.read_text(encoding="utf-8").splitlines() if line.startswith("001    1"))
    assert anna[80:84] == " 2.0" and parse_trf(back.read_text(encoding="utf-8")).players[0].games[2].result == "H"


def test_a_points_column_that_counts_the_announced_bye_already_says_the_same(tmp_path):
    """gacrux (FIDE's pairing tool) wants the column to count every result written, the
    pre-announced H too: Anna 2 + ½ = 2.5 in her column is no difference to note."""
    path = _announced(tmp_path)
    lines = path.read_text(encoding="utf-8").split("\n")
    lines[8] = lines[8][:80] + " 2.5" + lines[8][84:]
    event = parse_trf("\n".join(lines), path.name)
    assert event.notes == []
    lines[8] = lines[8][:80] + " 3.0" + lines[8][84:]  # neither 2 nor 2½: a difference
    assert "2.5 in the results" not in " ".join(parse_trf("\n".join(lines), path.name).notes)
    assert parse_trf("\n".join(lines), path.name).notes
