"""Every input file read by one reader per format: encodings, line ends, files that are not
events, messages that name the file and the place, CSV crosstables, K files, limits, team byes."""

from __future__ import annotations

import json
import random
import tracemalloc
from pathlib import Path

import pytest

from elo_xl.cli import main
from elo_xl.engine import rate_event
from elo_xl.errors import EloError
from elo_xl.io import EXAMPLE, parse_trf, read_trf
from elo_xl.io.crosstable import read_csv_crosstable
from elo_xl.event import load
from elo_xl.io.kfile import read_k_file
from elo_xl.event.samples import SWISS_TRF_PATH

SAMPLE = SWISS_TRF_PATH.read_text(encoding="utf-8")


def run(capsys, *args):
    code = main([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out, out.err


def rate_json(capsys, path, *options):
    code, out, err = run(capsys, "rate", path, "--format", "json", *options)
    assert code == 0, err
    return json.loads(out)


# --- encodings and line ends ----------------------------------------------------------------------


@pytest.mark.parametrize("encoding,newline", [
    ("utf-8", "\n"), ("utf-8-sig", "\r\n"), ("utf-16", "\r\n"), ("utf-16-le", "\n"), ("cp1252", "\r"),
    ("utf-8", "\r"),
])
def test_every_encoding_and_line_end_rates_the_same(tmp_path, capsys, encoding, newline):
    """The sample Swiss in each encoding (UTF-16 without BOM too) and line end rates as in UTF-8."""
    want = rate_json(capsys, SWISS_TRF_PATH)
    path = tmp_path / "event.trf"
    path.write_bytes(SAMPLE.replace("\n", newline).encode(encoding))
    assert rate_json(capsys, path) == want


def test_windows_1252_names_are_read_right(tmp_path, capsys):
    """Bytes that are not UTF-8 are Windows-1252 (Š, Ž, œ sit in 0x80–0x9F, which Latin-1
    would turn into control characters)."""
    text = EXAMPLE.replace("Cruz, Mateo ", "Šeško, Žiga ").replace("Evans, Tom  ", "Œuvray, Zoë ")
    path = tmp_path / "cp1252.trf"
    path.write_bytes(text.encode("cp1252"))
    data = rate_json(capsys, path)
    assert [p["name"] for p in data["players"]] == ["Berg, Anna", "Šeško, Žiga", "Dubois, Lea", "Œuvray, Zoë"]
    assert read_trf(path).encoding == "cp1252"
    book, back = tmp_path / "b.xlsx", tmp_path / "back.trf"
    assert run(capsys, "workbook", "swiss", "--from", path, "-o", book)[0] == 0
    assert run(capsys, "export", book, "-o", back)[0] == 0
    assert "Šeško, Žiga" in back.read_text(encoding="utf-8")


# --- files that are not events ----------------------------------------------------------------------


def _xlsx(path: Path) -> None:
    import openpyxl

    openpyxl.Workbook().save(path)


@pytest.mark.parametrize("name,make,message", [
    ("book.xlsx", _xlsx, "book.xlsx is an Excel workbook, not a TRF file: to read a workbook use `elo-xl export`"),
    ("README.md", lambda p: p.write_text("# elo-xl\n\nFIDE-exact ratings.\n"),
     'README.md has no player line (001), so it is not a TRF file; it starts with "# elo-xl"'),
    ("empty.trf", lambda p: p.write_bytes(b""), "empty.trf is empty, not a TRF file"),
    ("blank.trf", lambda p: p.write_bytes(b"\r\n \n"), "blank.trf is empty, not a TRF file"),
    ("noise.trf", lambda p: p.write_bytes(random.Random(7).randbytes(3000)),
     "noise.trf holds binary data, not a TRF file"),
    ("doc.pdf", lambda p: p.write_bytes(b"%PDF-1.7\n..."), "doc.pdf is a PDF document, not a TRF file"),
    ("records.trf", lambda p: p.write_text("012 Open\nXXR 9\n"),
     'records.trf has no player line (001), so it is not a TRF file; it starts with "012 Open"'),
])
def test_not_an_event_is_an_error_that_says_what_the_file_is(tmp_path, capsys, name, make, message):
    path = tmp_path / name
    make(path)
    code, out, err = run(capsys, "rate", path)
    assert (code, out, err) == (2, "", f"elo-xl: {message}\n")


def test_a_folder_and_a_missing_file(tmp_path, capsys):
    # the command line checks its paths first (elo_xl.io.paths), before the reader
    assert run(capsys, "rate", tmp_path) == (2, "", f"elo-xl: {tmp_path}: is a folder; give the file to read\n")
    assert run(capsys, "rate", tmp_path / "no.trf") == (2, "", f"elo-xl: {tmp_path / 'no.trf'}: no such file\n")


def test_an_unreadable_file(tmp_path, capsys, monkeypatch):
    """A file the user may not read (simulated: the tests may run as root, who reads anything)."""
    import builtins

    path = tmp_path / "locked.trf"
    path.write_text(SAMPLE)
    real_open = builtins.open

    def locked(file, *args, **kwargs):
        if str(file) == str(path):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", locked)
    assert run(capsys, "rate", path) == (2, "", f"elo-xl: {path}: cannot be read (Permission denied)\n")


# --- messages name the file and the place -------------------------------------------------------------


def rating_of_player_5(tmp_path, capsys, rating: str) -> tuple[int, str]:
    """Rate the sample Swiss with player 5's rating columns (49–52) replaced: (line number, stderr)."""
    lines = SAMPLE.split("\n")
    i = next(i for i, line in enumerate(lines) if line.startswith("001    5"))
    lines[i] = lines[i][:48] + rating + lines[i][52:]
    path = tmp_path / "event.trf"
    path.write_text("\n".join(lines))
    code, out, err = run(capsys, "rate", path)
    assert (code, out) == (2, "")
    return i + 1, err


def test_messages_name_the_file_line_and_columns(tmp_path, capsys):
    line, err = rating_of_player_5(tmp_path, capsys, "23x5")
    assert err == f'elo-xl: event.trf, line {line}, columns 49–52: rating "23x5" is not a number\n'


def test_escape_sequences_in_user_text_are_shown_escaped(tmp_path, capsys):
    line, err = rating_of_player_5(tmp_path, capsys, "\x1b[2J")
    assert err == f"elo-xl: event.trf, line {line}, column 49: a control character (\\x1b); a TRF holds printable text\n"
    # where a value is quoted, its control characters are escaped too
    with pytest.raises(EloError, match=r'^record code "\\x1b\[2J" is not a header code'):
        parse_trf(EXAMPLE).set_header("\x1b[2J", "x")


def test_an_unreadable_date_is_a_note_naming_the_record(tmp_path, capsys):
    path = tmp_path / "event.trf"
    path.write_text(SAMPLE.replace("042 2026/03/14", "042 sometime in March").replace("052 2026/03/18", "052"))
    assert "042 sometime in March" in path.read_text()
    code, out, err = run(capsys, "rate", path, "--format", "json")
    assert code == 0
    assert 'line 4 (042): the start date "sometime in March" is not a date elo-xl can read' in err
    assert "the event has no readable dates: the junior K rule uses the current year" in err


def test_the_end_date_gives_the_year_when_the_start_date_cannot_be_read(tmp_path, capsys):
    path = tmp_path / "event.trf"
    path.write_text(SAMPLE.replace("042 2026/03/14", "042 mid-March"))
    code, out, err = run(capsys, "rate", path, "--format", "json")
    assert code == 0 and "the junior K rule uses the end date's year, 2026" in err


# --- CSV crosstables ------------------------------------------------------------------------------------

#: A 3-player round robin: An beat Binh, drew Chi; Binh lost to Chi.
RESULTS = [[None, "1", "0.5"], ["0", None, "0"], ["0.5", "1", None]]


@pytest.mark.parametrize("text", [
    "name,rating,k,1,2,3\nAn,2100,,x,1,0.5\nBinh,2000,,0,x,0\nChi,1900,,0.5,1,x\n",              # comma, diagonal
    "name;rating;k;1;2;3\r\nAn;2100;;;1;0,5\r\nBinh;2000;;0;;0\r\nChi;1900;;0,5;1;\r\n",         # semicolon, ½ as 0,5
    "name\trating\tk\nAn\t2100\t\t1\t0,5\nBinh\t2000\t\t0\t0\nChi\t1900\t\t0,5\t1\n",               # tab, no diagonal
    "name,rating,k,2,3\rAn,2100,,1,½\rBinh,2000,,0,0\rChi,1900,,½,1\r",                            # CR only, no diagonal
    "\ufeffname,rating,k\nAn,2100,,*,1,=\nBinh,2000,,0,*\nChi,1900,,=,1,*\n",                        # BOM, short lines
])
def test_csv_forms(tmp_path, text):
    path = tmp_path / "rr.csv"
    path.write_text(text, encoding="utf-8")
    t = read_csv_crosstable(path)
    ratings = [p.rating for p in t.players]
    assert [p.name for p in t.players] == ["An", "Binh", "Chi"] and ratings == [2100, 2000, 1900]
    want = [o.new_rating for o in rate_event([2100, 2000, 1900], RESULTS, None, "FIDE")]
    assert [o.new_rating for o in rate_event(ratings, t.results, None, "FIDE")] == want


def test_a_csv_without_the_csv_suffix_is_read_as_csv(tmp_path):
    path = tmp_path / "rr.txt"
    path.write_text("name;rating;k\nAn;2100;;x;1\nBinh;2000;;0;x\n")
    assert load(path).ratings == [2100, 2000]


# --- K files -----------------------------------------------------------------------------------------


def test_k_file_forms_and_unmatched_lines(tmp_path, capsys):
    k = tmp_path / "k.csv"
    k.write_bytes(b"FIDE ID;K\r12400567;40\r7;10\r")
    ks = read_k_file(k)
    assert ks == {"12400567": 40, "7": 10} and ks.lines == {"12400567": 2, "7": 3}
    data = rate_json(capsys, SWISS_TRF_PATH, "--k-file", k)
    assert data["players"][6]["k"] == 10 and data["players"][6]["k_source"] == "file"
    assert data["players"][2]["k"] == 40 and data["players"][2]["k_source"] == "file"
    k.write_text("id,k\n7,10\n99999999,40\n88888888,20\n")
    code, out, err = run(capsys, "rate", SWISS_TRF_PATH, "--k-file", k)
    assert (code, out) == (2, "")
    assert err == ("elo-xl: --k-file k.csv: lines 3 (99999999), 4 (88888888) match no player of the event by FIDE "
                   "ID or start number\n")
    k.write_text("7,10\n7,20\n")
    assert run(capsys, "rate", SWISS_TRF_PATH, "--k-file", k)[2] == 'elo-xl: --k-file k.csv, line 2: "7" is also on line 1\n'


# --- limits ------------------------------------------------------------------------------------------


def test_a_huge_round_count_allocates_nothing():
    text = EXAMPLE.replace("XXR 3", "XXR 100000000")
    tracemalloc.start()
    with pytest.raises(EloError, match='^line 7, columns 5–13: XXR says "100000000" rounds; elo-xl reads events of '
                                       'at most 99 rounds$'):
        parse_trf(text)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 10_000_000


def test_too_many_rounds_on_a_line():
    line = "001    1      Solo, Han" + " " * 67 + "  0000 - H" * 100
    with pytest.raises(EloError, match="at most 99 rounds"):
        parse_trf(line)


def test_more_than_9999_players():
    lines = [f"001 {min(i, 9999):>4}      P{i}" for i in range(1, 10001)]
    with pytest.raises(EloError, match=r"^line 10000: more than 9,999 players; a TRF holds at most 9,999 \(start ranks "
                                       r"have four digits\)$"):
        parse_trf("\n".join(lines))


# --- TRF-2026 team events ------------------------------------------------------------------------------


def _team_event(teams: bool) -> str:
    """Teams of two: 1+2 beat 3+4 in round 1; 5+6 get the pairing-allocated bye."""
    rows = ["012 Team Cup", "XXR 1"]
    if teams:
        # TRF-2026 310: number 5–7, name 9–40, nickname 42–46, strength 48–53, match points 55–60, game
        # points 62–67, rank 69–71, members from 74 (FIDE TRF26, as transcribed publicly)
        rows += [f"310 {t:>3} {name:<32} {name[:3].upper():<5} {2400:>6} {points:>6} {points:>6} {t:>3}  {a:>4} {b:>4}"
                 for t, name, points, a, b in ((1, "Lions", "2.0", 1, 2), (2, "Tigers", "0.0", 3, 4),
                                               (3, "Bears", "2.0", 5, 6))]
    games = {1: "   3 w 1", 2: "   4 b 1", 3: "   1 b 0", 4: "   2 w 0", 5: "0000 - U", 6: "0000 - U"}
    for i in range(1, 7):
        rows.append(f"001 {i:>4}      Player {i}".ljust(91) + games[i])
    return "\n".join(rows) + "\n"


def test_a_team_bye_on_every_member_line():
    e = parse_trf(_team_event(teams=True))
    assert e.teams() == {1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 2}
    assert e.computed_points() == [1, 1, 0, 0, 1, 1]
    with pytest.raises(EloError, match="gives a pairing-allocated bye \\(U\\) to 5 and to 6; there is at most one per "
                                       "round"):
        parse_trf(_team_event(teams=False))
    mixed = _team_event(teams=True).replace("   5    6\n", "   5    4\n")
    with pytest.raises(EloError, match="to 5 and to 6; 5 and 6 are not in one team"):
        parse_trf(mixed)


def test_unopposed_boards_written_u_in_a_team_event():
    """Sharly Chess writes U for a board the other team left empty (tests/data/real,
    sharly-chess-2026-team.trf, round 2): U's of several teams in one round are read, each player
    being in a team; 1 (Lions) and 3 (Tigers) hold a U beside the Bears' bye."""
    text = _team_event(teams=True).replace("   3 w 1", "0000 - U").replace("   1 b 0", "0000 - U")
    e = parse_trf(text)
    assert [p.games[0].result for p in e.players] == ["U", "1", "U", "0", "U", "U"]
    assert e.computed_points() == [1, 1, 1, 0, 1, 1]        # 1 point each (FIDE's default for U)


# --- the inputs of the original reports -------------------------------------------------------------


def test_a_non_trf_given_to_workbook_from(tmp_path, capsys):
    readme = tmp_path / "README.md"
    readme.write_text("# Notes\n")
    code, out, err = run(capsys, "workbook", "swiss", "--from", readme, "-o", tmp_path / "b.xlsx")
    assert (code, out) == (2, "")
    assert err == 'elo-xl: README.md has no player line (001), so it is not a TRF file; it starts with "# Notes"\n'
    assert not (tmp_path / "b.xlsx").exists()


def test_a_name_with_a_noncharacter_is_refused_before_any_workbook(tmp_path, capsys):
    path = tmp_path / "event.trf"
    path.write_text(SAMPLE.replace("Vasquez, Alejandro ", "Vasquez, Alejandr\ufffe"), encoding="utf-8")
    code, out, err = run(capsys, "workbook", "swiss", "--from", path, "-o", tmp_path / "b.xlsx")
    assert (code, out) == (2, "") and not (tmp_path / "b.xlsx").exists()
    assert err.startswith("elo-xl: event.trf, line ") and "a control character (\\ufffe)" in err


def test_records_with_leading_spaces_and_odd_counts_survive_the_book(tmp_path, capsys):
    text = SAMPLE.replace("062 12\n", "062 12 (1)\n  ### indented comment   \n")
    path, book, back = tmp_path / "event.trf", tmp_path / "b.xlsx", tmp_path / "back.trf"
    path.write_text(text, encoding="utf-8")
    assert run(capsys, "workbook", "swiss", "--from", path, "-o", book)[0] == 0
    assert run(capsys, "export", book, "-o", back)[0] == 0
    assert back.read_text(encoding="utf-8") == text


def test_a_file_of_many_records_makes_a_small_book_and_comes_back(tmp_path, capsys):
    """20,000 comment lines (120 kB): kept in a few cells, not 20,000 rows, and written back."""
    text = SAMPLE + "### note\n" * 20000
    path, book, back = tmp_path / "event.trf", tmp_path / "b.xlsx", tmp_path / "back.trf"
    path.write_text(text, encoding="utf-8")
    assert run(capsys, "workbook", "swiss", "--from", path, "-o", book)[0] == 0
    assert run(capsys, "export", book, "-o", back)[0] == 0
    assert back.read_text(encoding="utf-8") == text


def test_a_line_too_long():
    with pytest.raises(EloError, match="^line 2: the line has 5,000 characters; a TRF line has at most 4,096$"):
        parse_trf("001    1      A\n### " + "x" * 4996 + "\n")
