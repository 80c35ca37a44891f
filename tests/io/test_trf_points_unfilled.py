"""Issue 31, item 6 A: a points column of zeros is a column not filled, not a witness.

Many programs leave the points column (columns 81–84) at 0.0 for every player. Read as a
witness, every line with a point would contradict its results and the file would be refused
(so would `period`'s whole month). A column that is 0 on every line, in an event whose results
give points, is read as not filled: one note naming the file, no refusal, the results count, in
`rate`, `workbook --from` and `export`, `pair` and `period` alike. A column where some players
have points stays a witness.

The file is ``tests/data/derived/karl-mala-2005-points-zero.trf``: the real Karl-Mala 2005 file
(284 players, 7 rounds) with its points column set to 0.0 on every line (its README says how).
The real file's own column gives each player's points: what the results add up to
(``tests/io/test_real_files.py`` holds it for the real file)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from elo_xl.cli import main
from elo_xl.errors import EloError
from elo_xl.io import parse_trf, read_trf
from period_helpers import trf_line, write_csv_list

DATA = Path(__file__).parents[1] / "data"
REAL = DATA / "real" / "karl-mala-2005.trf"
ZERO = DATA / "derived" / "karl-mala-2005-points-zero.trf"
NOTE = ("the points column (columns 81–84) is 0 on every line while the results give points: read as not filled "
        "(some programs leave it at zero), not compared with the results")


def column(path: Path) -> dict[int, Fraction]:
    """Each player's points column (start rank → points), read from the columns themselves."""
    return {int(line[4:8]): Fraction(line[80:84].strip()) for line in path.read_text(encoding="utf-8").splitlines()
            if line.startswith("001")}


def one_line(err: str) -> str:
    return " ".join(err.split())


def test_the_fixture_is_the_real_file_with_its_column_zeroed():
    real, zero = REAL.read_bytes().split(b"\n"), ZERO.read_bytes().split(b"\n")
    assert len(real) == len(zero)
    for a, b in zip(real, zero):
        if a.startswith(b"001"):
            assert (a[:80], b[80:84], a[84:]) == (b[:80], b" 0.0", b[84:])
        else:
            assert a == b
    assert set(column(ZERO).values()) == {0} and len(column(ZERO)) == 284


def test_a_column_of_zeros_is_read_as_not_filled_with_one_note_naming_the_file():
    event = read_trf(ZERO, refuse=True)  # the period's reading: no refusal
    assert event.notes == [f"{ZERO.name}: {NOTE}"]
    assert event.points_filled is False
    # the results are the real file's, read as written (no absence settled from the zeros)
    real = read_trf(REAL)
    assert [p.games for p in event.players] == [p.games for p in real.players]
    assert real.points_filled is True


def test_a_column_where_some_players_have_points_stays_a_witness():
    """Player 1's column put back (6.0, line 14): the column is filled, and every other line
    whose results give points contradicts it. Refused: the first is player 2 (line 15, 5 points
    in the real file), then the other lines with points and a result in each of the 7 rounds
    (a line with a round left without a result code is an absence the column may explain: a
    note, as in test_points_witness.py)."""
    lines = ZERO.read_text(encoding="utf-8").split("\n")
    first = next(i for i, line in enumerate(lines) if line.startswith("001    1"))
    lines[first] = lines[first][:80] + " 6.0" + lines[first][84:]
    real = [line for line in REAL.read_text(encoding="utf-8").splitlines() if line.startswith("001")]
    # round r's result code is in column 99 + 10(r − 1)
    with_points = sum(1 for line in real if line[80:84].strip() != "0.0"
                      and all(line[98 + 10 * r:99 + 10 * r].strip() for r in range(7)))
    with pytest.raises(EloError) as caught:
        parse_trf("\n".join(lines), "cup.trf", refuse=True)
    assert str(caught.value) == (
        f"line 15 (player 2): the points column (columns 81–84) says 0 but the results add up to 5, and no round of "
        f"the line explains it (and {with_points - 2} more lines); correct the points or the results (a scoring "
        "system other than 1-½-0 needs its 162 record)")


def test_an_event_without_points_yet_needs_no_note():
    """Zeros where the results give nobody a point (round 1 paired, no result yet) agree with
    the results: no note, and the column stays a witness."""
    text = "\n".join([trf_line(1, "Ann", 2500, 100, [(2, "w", " ")]), trf_line(2, "Bob", 2400, 200, [(1, "b", " ")])])
    event = parse_trf(text, "cup.trf", refuse=True)
    assert event.notes == [] and event.points_filled is True


def test_rate_counts_the_results(capsys):
    assert main(["rate", str(ZERO), "--format", "json"]) == 0
    captured = capsys.readouterr()
    rows = json.loads(captured.out)["players"]
    got = {row["start_no"]: Fraction(row["points"]).limit_denominator(100) for row in rows}
    assert got == column(REAL)
    assert one_line(captured.err).count(f"{ZERO.name}: {NOTE}") == 1


def test_a_book_from_it_and_the_trf_exported_carry_the_results(tmp_path, capsys):
    book, back = tmp_path / "km.xlsx", tmp_path / "back.trf"
    assert main(["workbook", "swiss", "--from", str(ZERO), "-o", str(book)]) == 0
    assert f"{ZERO.name}: {NOTE}" in one_line(capsys.readouterr().err)
    assert main(["export", str(book), "-o", str(back)]) == 0
    err = one_line(capsys.readouterr().err)
    assert f"{book} (the TRF file it keeps): {NOTE}" in err
    assert column(back) == column(REAL)


def test_pair_pairs_it_and_writes_the_points_of_the_results(tmp_path, capsys):
    """Round 8 paired from the file with its column zeroed is round 8 paired from the real file
    (gacrux is given the points of the results either way); the file written has every player's
    points as the results give them, as the real file has them: written back with its zeros,
    one recounted line among them would make the column a witness that the others contradict."""
    out = tmp_path / "km.trf"
    assert main(["pair", str(ZERO), "--rounds", "8", "-o", str(out)]) == 0
    assert one_line(capsys.readouterr().err) == f"elo-xl: note: {ZERO}: {NOTE}"
    assert column(out) == column(REAL)
    from_real = tmp_path / "real.trf"
    assert main(["pair", str(REAL), "--rounds", "8", "-o", str(from_real)]) == 0
    assert out.read_bytes() == from_real.read_bytes()
    assert read_trf(out, refuse=True).notes == []


def _two_player_month(tmp_path: Path, points: str) -> Path:
    """Ann (100, 2500) beats Bob (200, 2400) on 3 October 2026; ``points``: both columns."""
    lines = ["012 Cup", "042 2026/10/03", "XXR 1",
             trf_line(1, "Ann", 2500, 100, [(2, "w", "1")]), trf_line(2, "Bob", 2400, 200, [(1, "b", "0")])]
    lines[3:] = [line[:80] + points.rjust(4) + line[84:] for line in lines[3:]]
    path = tmp_path / "october" / "cup.trf"
    path.parent.mkdir(exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_period_rates_it_with_one_note_naming_the_file(tmp_path, capsys):
    """By hand (FIDE-RULES.md, table 8.1.2): D 100 → PD .64 / .36; Ann 10 × (1 − .64) = 3.6 →
    +4 → 2504, Bob 10 × (0 − .36) = −3.6 → −4 → 2396 (both K 10 on the list)."""
    lst = write_csv_list(tmp_path, [(100, "Ann", 2500, 10, 1990), (200, "Bob", 2400, 10, 1991)])
    event, out = _two_player_month(tmp_path, "0.0"), tmp_path / "new.csv"
    assert main(["period", "--list", str(lst), "--month", "2026-10", str(event), "-o", str(out)]) == 0
    err = one_line(capsys.readouterr().err)
    assert err.count(NOTE) == 1 and f"elo-xl: note: {event}: {NOTE}" in err
    rows = [line.split(",")[:8] for line in out.read_text(encoding="utf-8").splitlines()[1:]]
    assert [(r[0], r[5], r[7]) for r in rows] == [("100", "2504", "10"), ("200", "2396", "10")]


def test_period_takes_the_real_looking_month(tmp_path, capsys):
    """The whole event rated in July 2005 (the list: its players with a FIDE ID and the file's
    ratings): the new list is the one the real file, its column filled, gives."""
    players = [line for line in REAL.read_text(encoding="utf-8").splitlines() if line.startswith("001")]
    rows = [(int(line[57:68]), line[14:47].strip().replace('"', ""), int(line[48:52].strip() or 0), None,
             int(line[69:73]) if line[69:73].strip() else None) for line in players if line[57:68].strip().strip("0")]
    lst = write_csv_list(tmp_path, rows)
    lists = {}
    for path in (ZERO, REAL):
        lists[path] = tmp_path / f"{path.stem}.csv"
        assert main(["period", "--list", str(lst), "--month", "2005-07", str(path), "-o", str(lists[path])]) == 0
    err = one_line(capsys.readouterr().err)
    assert err.count(NOTE) == 1 and f"{ZERO}: {NOTE}" in err
    # the same list, but for the notes naming the file a newcomer came from
    assert lists[ZERO].read_text(encoding="utf-8").replace(str(ZERO), "FILE") == \
        lists[REAL].read_text(encoding="utf-8").replace(str(REAL), "FILE")
