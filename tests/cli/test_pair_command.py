"""``elo-xl pair``: the pairing list it prints, the TRF file and the book it writes, and its
refusals.

The pairings themselves are tested in ``tests/pairing/``; here, what the arbiter sees and gets:
a TRF written back with only the paired round's fields added, a book with only the round's
opponent and colour cells typed (every other part of the file byte for byte, every formula as
it was), the same pairing from the book as from its TRF file, and one-line refusals.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest

from elo_xl.cli import main
from elo_xl.event.samples import SWISS_TRF_PATH
from elo_xl.io.trf_read import parse_trf
from elo_xl.io.xlsx import sheet_parts
from elo_xl.workbook.read import read_swiss_book, swiss_grid
from pairing_cases import cut, gacrux_run, round_pairs
from books import load_workbook

SAMPLE = Path(SWISS_TRF_PATH).read_text(encoding="utf-8")
#: A board of the pairing list: board, White's number, name, points, Black's number, name, points.
BOARD = re.compile(r"^\s*(\d+)\s+(\d+)\s+(.*?)\s+([\d.]+)\s+(\d+)\s+(.*?)\s+([\d.]+)$")


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def after_four(tmp_path) -> Path:
    """The sample Swiss (12 players, 7 rounds) as it stood before round 5 was paired."""
    path = tmp_path / "open.trf"
    path.write_text(cut(SAMPLE, 4), encoding="utf-8")
    return path


def test_the_pairing_list_and_nothing_written_without_o(capsys, after_four):
    before = after_four.read_bytes()
    code, out, err = run(capsys, "pair", after_four)
    assert code == 0, err
    lines = out.splitlines()
    # 12 players, one of them (9) asked for a half-point bye in round 5: five boards and the bye
    assert lines[0] == "Round 5 of 7: 5 boards (Dutch system, FIDE C.04.3)"
    assert lines[1].split() == ["Board", "No", "White", "Points", "No", "Black", "Points"]
    assert len([line for line in lines if BOARD.match(line)]) == 5
    assert lines[-3].startswith("Bye: 12 Ahmadi, Reza (0 points before the round")
    assert lines[-2] == "Not paired: 9 Johansson, Erik (bye requested: H)"
    assert lines[-1] == "nothing written; give -o FILE (it may be open.trf itself) to write round 5"
    assert after_four.read_bytes() == before


def test_the_trf_gets_the_round_and_nothing_else(capsys, after_four, tmp_path):
    out_path = tmp_path / "round5.trf"
    code, out, err = run(capsys, "pair", after_four, "-o", out_path)
    assert code == 0, err
    assert out.splitlines()[-1] == f"{out_path}: round 5 written"
    old, new = after_four.read_text(encoding="utf-8").splitlines(), out_path.read_text(encoding="utf-8").splitlines()
    assert len(old) == len(new)
    for a, b in zip(old, new):
        if a.startswith("001"):  # rounds 1-4 and 6-7 as they were; round 5 (columns 130-139) paired
            assert b[:80] == a[:80] and b[84:129] == a[84:129] and b[139:] == a[139:], (a, b)
            # the points (columns 81-84) change for the pairing-allocated bye only, by its point
            bye = b[129:139].strip() == "0000 - U"
            assert float(b[80:84]) == float(a[80:84]) + bye
            assert re.fullmatch(r"  ( {3}\d| {2}\d\d) [wb]  |  0000 - [UH]|\s{10}", b[129:139].ljust(10)), b
        else:
            assert a == b
    games, bye = round_pairs(out_path.read_text(encoding="utf-8"), 5)
    assert len(games) == 5 and bye == 12
    # paired, not played: the next pair waits for the results
    code, out, err = run(capsys, "pair", out_path)
    assert code == 2 and "round 5 has 5 games without a result" in err and "then pair round 6" in err


def formula_tags(part: bytes) -> list[bytes]:
    """``re.findall(rb"<f[ >].*?</f>|<f[^>]*/>", part)`` (a formula element, or a shared
    formula's reference), found in one pass: the regular expression scans to the end of the
    line from every reference that no ``</f>`` follows, seconds on a big sheet written on one line.

    >>> formula_tags(b'<c><f>A1</f></c><c><f t="shared" si="0"/></c><c><f ref="B1">B2</f></c>')
    [b'<f>A1</f>', b'<f t="shared" si="0"/></c><c><f ref="B1">B2</f>']
    >>> formula_tags(b'<f si="1"/><font/>\\n<f>x</f><f t="a">')
    [b'<f si="1"/>', b'<font/>', b'<f>x</f>']
    """
    found: list[bytes] = []
    close = newline = -2  # the first "</f>" and line end at or after the last place looked from
    at = part.find(b"<f")
    while at != -1:
        end = -1
        if part[at + 2:at + 3] in (b" ", b">"):
            if close != -1 and close < at + 3:
                close = part.find(b"</f>", at + 3)
            if newline != -1 and newline < at + 3:
                newline = part.find(b"\n", at + 3)
            if close != -1 and (newline == -1 or close < newline):
                end = close + 4
        if end == -1:
            gt = part.find(b">", at + 2)
            if gt != -1 and gt - 1 >= at + 2 and part[gt - 1:gt] == b"/":
                end = gt + 1
        if end == -1:
            at = part.find(b"<f", at + 1)
        else:
            found.append(part[at:end])
            at = part.find(b"<f", end)
    return found


def sheet_values(path: Path, title: str) -> dict[str, object]:
    """Each cell of the sheet ``title`` that holds something (its formula, for a formula), by
    coordinate, as openpyxl reads it; read-only, so that the book's other sheets are not parsed."""

    book = load_workbook(path, read_only=True)
    try:
        return {c.coordinate: c.value for row in book[title].iter_rows() for c in row if c.value is not None}
    finally:
        book.close()


def test_the_book_gets_the_round_the_trf_gets(capsys, after_four, tmp_path):
    book = tmp_path / "open.xlsx"
    assert run(capsys, "workbook", "swiss", "--from", after_four, "-o", book)[0] == 0
    paired_book, paired_trf = tmp_path / "paired.xlsx", tmp_path / "paired.trf"
    code, book_out, err = run(capsys, "pair", book, "-o", paired_book)
    assert code == 0, err
    code, trf_out, err = run(capsys, "pair", after_four, "-o", paired_trf)
    assert code == 0, err
    assert book_out.splitlines()[:-1] == trf_out.splitlines()[:-1]  # the same list, board by board
    t = read_swiss_book(paired_book)
    expected, _ = round_pairs(paired_trf.read_text(encoding="utf-8"), 5)
    from_book = {(i + 1, row[4]) for i, row in enumerate(t.pairings) if t.colours[i][4] == "w"}
    assert from_book == expected
    # the bye's result cell says U (the pairing-allocated bye); 9's requested H stays
    assert [t.results[i][4] for i in range(len(t.entrants))] == [None] * 8 + ["H", None, None, "U"]

    # on the grid's sheet, only round 5's opponent and colour cells (and the bye's result) changed:
    # in the Rounds grid those are two (three) adjacent cells of each row, under "Round 5"
    grid = swiss_grid(book)
    before, after = (sheet_values(p, grid.sheet) for p in (book, paired_book))
    changed = {coordinate for coordinate in before.keys() | after.keys()
               if after.get(coordinate) != before.get(coordinate)}
    allowed = {grid.cell(i, 4, k) for i in range(grid.players) for k in range(3)}
    assert changed and changed <= allowed, changed - allowed
    assert {grid.cell(i, 4, 2) for i in range(grid.players)} & changed == {grid.cell(11, 4, 2)}  # 12's U
    assert grid.fields == ((10, 3), (11, 3), (12, 3)) and grid.cell(0, 4, 0) == "V6"  # J + 3 × 4 = V

    # every part but the grid's sheet and the workbook part byte for byte; every formula kept
    with zipfile.ZipFile(book) as a, zipfile.ZipFile(paired_book) as b:
        assert a.namelist() == b.namelist()
        changed = [n for n in a.namelist() if a.read(n) != b.read(n)]
        # the book openpyxl wrote already asks to be calculated on opening: only the grid's sheet changed
        assert changed == [sheet_parts(a)[swiss_grid(book).sheet]]
        for name in a.namelist():
            if name.startswith("xl/worksheets/") and name in changed:  # the same bytes hold the same formulas
                assert formula_tags(a.read(name)) == formula_tags(b.read(name)), name
        assert b'fullCalcOnLoad="1"' in b.read("xl/workbook.xml")


def test_a_paired_book_written_over_itself(capsys, after_four, tmp_path):
    book = tmp_path / "open.xlsx"
    run(capsys, "workbook", "swiss", "--from", after_four, "-o", book)
    code, out, err = run(capsys, "pair", book, "-o", book)
    assert code == 0, err
    assert read_swiss_book(book).pairings[0][4] is not None


@pytest.mark.parametrize("args,message", [
    (["-o", "x.xlsx"], "-o x.xlsx: pair writes the round into a TRF file (.trf) like open.trf; name the file .trf"),
    (["--replace"], "--replace goes with --round N"),
    (["--absent", "3,x"], '--absent 3,x: "x" is not a start number'),
    (["--absent", "13"], "--absent 13: the event has start numbers 1 to 12"),
    (["--round", "7"], "--round 7: round 5 is the next one to pair"),
    (["--round", "3"], "round 3 is paired already (the next round is 5); to pair it again"),
    (["--rounds", "0"], "--rounds 0: give the number of rounds, 1 or more"),
])
def test_refusals_name_the_option(capsys, after_four, args, message):
    code, out, err = run(capsys, "pair", after_four, *args)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_a_file_that_is_not_an_event_is_refused(capsys, tmp_path):
    csv = tmp_path / "cross.csv"
    csv.write_text("name,rating,k\nA,2000,20\n", encoding="utf-8")
    code, out, err = run(capsys, "pair", csv)
    assert code == 2 and "elo-xl pair reads a TRF file, a Swiss book or a team book (.xlsx)" in err


def test_replace_pairs_a_round_again(capsys, after_four, tmp_path):
    first = tmp_path / "first.trf"
    run(capsys, "pair", after_four, "-o", first)
    again = tmp_path / "again.trf"
    code, out, err = run(capsys, "pair", first, "--round", "5", "--replace", "-o", again)
    assert code == 0, err
    assert again.read_text(encoding="utf-8") == first.read_text(encoding="utf-8")


def test_the_played_rounds_count_in_the_list(capsys, after_four):
    code, out, err = run(capsys, "pair", after_four)
    event = parse_trf(after_four.read_text(encoding="utf-8"))
    points = {p.start_no: p.points for p in event.players}
    boards = [BOARD.match(line) for line in out.splitlines() if BOARD.match(line)]
    assert len(boards) == 5
    for board in boards:
        assert float(board[4]) == points[int(board[2])] and float(board[7]) == points[int(board[5])]


def _results(board_white: int, board_black: int) -> tuple[str, str]:
    """The results typed after round 5: the lower start number wins with White, else a draw."""
    return ("1", "0") if board_white < board_black else ("=", "=")


def test_pair_type_results_recalculate_and_pair_again_agree_with_the_trf(capsys, libreoffice, after_four, tmp_path):
    """The arbiter's round: pair the book, type the results, recalculate; the book, rate and
    the next pairing agree with the same event kept as a TRF file."""
    from elo_xl.io.trf_model import TrfGame
    from elo_xl.io.trf_write import set_standings, write_trf
    from elo_xl.recalc import read_named
    from elo_xl.workbook.archive import set_cells

    book, trf = tmp_path / "open.xlsx", tmp_path / "open5.trf"
    run(capsys, "workbook", "swiss", "--from", after_four, "-o", book)
    assert run(capsys, "pair", book, "-o", book)[0] == 0
    assert run(capsys, "pair", after_four, "-o", trf)[0] == 0

    event = parse_trf(trf.read_text(encoding="utf-8"))
    grid = swiss_grid(book)
    typed = {}
    for p in event.players:
        g = p.games[4]
        if g.opponent is not None:
            white, black = (p.start_no, g.opponent) if g.colour == "w" else (g.opponent, p.start_no)
            mine = _results(white, black)[0 if g.colour == "w" else 1]
            p.games[4] = TrfGame(g.opponent, g.colour, mine)
            typed[grid.cell(p.start_no - 1, 4, 2)] = {"1": 1, "0": 0, "=": "½"}[mine]
    set_standings(event)
    trf.write_text(write_trf(event), encoding="utf-8")
    book.write_bytes(set_cells(book.read_bytes(), grid.sheet, typed))

    computed = tmp_path / "computed.xlsx"
    libreoffice.recalculate(book, computed)
    values = read_named(computed, ["Points", "NewRating", "Conflicts"])
    rated = __import__("json").loads(_stdout(capsys, "rate", trf, "--format", "json"))
    assert [r[0] for r in values["Points"]][:12] == [p["points"] for p in rated["players"]]
    assert [r[0] for r in values["NewRating"]][:12] == [p["new_rating"] for p in rated["players"]]
    assert values["Conflicts"] in (0, [[0]])

    # export and rate: the book's event is the TRF file's, figure for figure
    exported = tmp_path / "exported.trf"
    assert run(capsys, "export", book, "-o", exported)[0] == 0
    again = __import__("json").loads(_stdout(capsys, "rate", exported, "--format", "json"))
    fields = ("points", "games", "score", "expected", "change", "new_rating", "performance", "rank", "tiebreaks")
    assert [[p[f] for f in fields] for p in again["players"]] == [[p[f] for f in fields] for p in rated["players"]]

    # round 6 from the book and from the TRF file: the same list
    book_list, trf_list = _stdout(capsys, "pair", book), _stdout(capsys, "pair", trf)
    assert book_list.splitlines()[0].startswith("Round 6 of 7")
    assert book_list.splitlines()[:-1] == trf_list.splitlines()[:-1]


def _stdout(capsys, *args) -> str:
    code, out, err = run(capsys, *args)
    assert code == 0, err
    return out


def test_a_late_entry_typed_into_an_empty_row_is_paired_from_the_next_round(capsys, tmp_path):
    """A book with rows to spare: round 1 paired and played, a thirteenth player typed into the
    first empty row, round 2 pairs him (no points, an absence in round 1) as a TRF file with
    his line added does."""
    from elo_xl.event.samples import OPEN_TRF_PATH
    from elo_xl.workbook.archive import set_cells
    from elo_xl.io.trf_model import TrfGame, TrfPlayer
    from elo_xl.io.trf_write import set_standings, write_trf

    book, trf = tmp_path / "open.xlsx", tmp_path / "open.trf"
    trf.write_bytes(Path(OPEN_TRF_PATH).read_bytes())
    assert run(capsys, "workbook", "swiss", "--from", trf, "--players", "16", "-o", book)[0] == 0
    assert run(capsys, "pair", book, "-o", book)[0] == 0
    assert run(capsys, "pair", trf, "-o", trf)[0] == 0
    grid = swiss_grid(book)
    assert grid.players == 16
    # results of round 1 (the higher-rated wins: White on odd boards), typed in both files
    event = parse_trf(trf.read_text(encoding="utf-8"))
    typed = {}
    for p in event.players:
        g = p.games[0]
        mine = "1" if p.start_no < g.opponent else "0"
        p.games[0] = TrfGame(g.opponent, g.colour, mine)
        typed[grid.cell(p.start_no - 1, 0, 2)] = int(mine)
    # the late entry: start number 13, rated 2000, absent from round 1
    event.players.append(TrfPlayer(13, "Late, Lan", sex="w", rating=2000, federation="VIE", games=[TrfGame(None, "", "")]))
    set_standings(event)
    trf.write_text(write_trf(event), encoding="utf-8")
    data = set_cells(book.read_bytes(), grid.sheet, typed)
    from elo_xl.workbook import names
    from elo_xl.workbook.book_access import with_book
    from elo_xl.workbook.read import MAX_PLAYERS

    def where(name: str) -> tuple[str, str]:
        def locate(path, b):
            r = b.range(name, MAX_PLAYERS, 1)
            return r.sheet, r.cell(12).split("!")[1]
        return with_book(book, locate)

    for field, value in ((names.PLAYER_FIELDS["name"], "Late, Lan"), (names.PLAYER_FIELDS["rating"], 2000),
                         (names.PLAYER_FIELDS["federation"], "VIE"), (names.PLAYER_FIELDS["sex"], "w")):
        book.write_bytes(data)
        target_sheet, target = where(field)
        data = set_cells(data, target_sheet, {target: value})
    book.write_bytes(data)
    book_list, trf_list = run(capsys, "pair", book)[1], run(capsys, "pair", trf)[1]
    assert book_list.splitlines()[0] == "Round 2 of 7: 6 boards (Dutch system, FIDE C.04.3)"
    assert book_list.splitlines()[:-1] == trf_list.splitlines()[:-1]
    assert "Late, Lan" in book_list and "Bye:" in book_list


def test_a_book_of_the_first_layout_is_paired_as_before(capsys, tmp_path):
    """The book elo-xl 0.1.0 wrote (rounds in three blocks, tests/data/books) gets round 8 as its
    TRF file does, in its own blocks: the export is the one that release wrote after pairing,
    and only the grid's sheet changed."""
    books = Path(SWISS_TRF_PATH).parents[2] / "tests" / "data" / "books"
    book, paired = books / "swiss-layout-1.xlsx", tmp_path / "paired.xlsx"
    code, book_list, err = run(capsys, "pair", book, "-o", paired)
    assert code == 0, err
    trf_list = run(capsys, "pair", SWISS_TRF_PATH, "--rounds", "8")[1]
    assert book_list.splitlines()[0] == "Round 8 of 8: 6 boards (Dutch system, FIDE C.04.3)"
    assert book_list.splitlines()[:-1] == trf_list.splitlines()[:-1]
    exported = tmp_path / "paired.trf"
    assert run(capsys, "export", paired, "-o", exported)[0] == 0
    assert exported.read_text(encoding="utf-8") == (books / "swiss-layout-1.paired.trf").read_text(encoding="utf-8")
    with zipfile.ZipFile(book) as a, zipfile.ZipFile(paired) as b:
        assert [n for n in a.namelist() if a.read(n) != b.read(n)] == [sheet_parts(a)["Swiss"]]


def _gacrux_pairs(path: Path, colour: str = "w") -> list[tuple[int, int]]:
    """gacrux's own command line (``pairingchecker -p``) on a TRF file: (white, black) in board
    order, black 0 for the bye."""
    out = path.with_suffix(".gacrux")
    gacrux_run(["-i", str(path), "-o", str(out), "-p", "-dT", "-b", "utf-8", "-t", colour])
    lines = out.read_text(encoding="utf-8").split()
    numbers = [int(x) for x in lines[1:]]
    return list(zip(numbers[::2], numbers[1::2]))


def _printed_pairs(out: str) -> list[tuple[int, int]]:
    return [(int(m[2]), int(m[5])) for m in (BOARD.match(line) for line in out.splitlines()) if m]


@pytest.mark.parametrize("record", ["250  1.0  1.0   1   2    1    6", "250  1.0  1.0   1   1    1    4"])
def test_accelerated_rounds_pass_through_to_gacrux(tmp_path, capsys, record):
    """A TRF-2026 ``250`` record (accelerated rounds: virtual points for some players in some
    rounds) is gacrux's to read: ``pair`` on the TRF file and on its book gives the pairing of
    gacrux's own command line, and a different one from the file without the record."""
    source = Path(SWISS_TRF_PATH).with_name("sample-open.trf").read_text(encoding="utf-8")
    lines = source.splitlines()
    lines.insert(next(k for k, line in enumerate(lines) if line.startswith("XXR")) + 1, record)
    accelerated, plain = tmp_path / "acc.trf", tmp_path / "plain.trf"
    accelerated.write_text("\n".join(lines) + "\n", encoding="utf-8")
    plain.write_text(source, encoding="utf-8")
    book = tmp_path / "acc.xlsx"
    assert main(["workbook", "swiss", "--from", str(accelerated), "-o", str(book)]) == 0
    capsys.readouterr()
    expected = _gacrux_pairs(accelerated)
    assert expected != _gacrux_pairs(plain)  # the record changes the pairing
    for path in (accelerated, book):
        code, out, _ = run(capsys, "pair", path, "--first-colour", "white")
        assert code == 0 and _printed_pairs(out) == expected, path
    # the record is written back with the round
    code, _, _ = run(capsys, "pair", accelerated, "--first-colour", "white", "-o", tmp_path / "r1.trf")
    assert code == 0 and record in (tmp_path / "r1.trf").read_text(encoding="utf-8").splitlines()


def test_an_accelerated_second_round_is_gacrux_s(tmp_path, capsys):
    """Round 1 paired and played (White wins every board), the virtual point of the ``250``
    record still counting in round 2: ``pair`` gives gacrux's command line's round 2."""
    source = Path(SWISS_TRF_PATH).with_name("sample-open.trf").read_text(encoding="utf-8")
    lines = source.splitlines()
    lines.insert(next(k for k, line in enumerate(lines) if line.startswith("XXR")) + 1, "250  1.0  1.0   1   2    1    6")
    first = tmp_path / "acc.trf"
    first.write_text("\n".join(lines) + "\n", encoding="utf-8")
    played = tmp_path / "r1.trf"
    assert run(capsys, "pair", first, "--first-colour", "white", "-o", played)[0] == 0
    typed = []
    for line in played.read_text(encoding="utf-8").splitlines():
        if line.startswith("001") and len(line) >= 97 and line[96] in "wb":
            won, line = line[96] == "w", line.ljust(99)
            line = line[:80] + f"{1.0 if won else 0.0:>4.1f}" + line[84:98] + ("1" if won else "0") + line[99:]
        typed.append(line)
    played.write_text("\n".join(typed) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "pair", played)
    assert code == 0, err
    assert _printed_pairs(out) == _gacrux_pairs(played)
    assert out.startswith("Round 2 of 7")


def test_a_bye_asked_in_the_old_form_is_honoured_from_the_file_and_from_its_book(tmp_path, capsys):
    """gros-2010-after-round-4.trf (a real file, tests/data/real) asks for round 5, which nobody
    has played: 43 a half-point bye written the old way (``0000 - =``), 22 and 28 zero-point
    byes (``0000 - -``). None of the three is paired, from the TRF file or from the book made
    from it, and both give the same list; the book's export keeps 43's half point out of his
    points (½ after round 4, as his points column says) and says 4 rounds played."""
    source = Path(__file__).parents[1] / "data" / "real" / "gros-2010-after-round-4.trf"
    book, back = tmp_path / "g.xlsx", tmp_path / "g.trf"
    assert main(["workbook", "swiss", "--from", str(source), "-o", str(book)]) == 0
    capsys.readouterr()
    from_file = run(capsys, "pair", source)[1]
    from_book = run(capsys, "pair", book)[1]
    assert from_file.splitlines()[:-1] == from_book.splitlines()[:-1]
    paired = {int(n) for m in (BOARD.match(line) for line in from_file.splitlines()) if m for n in (m[2], m[5])}
    assert not paired & {22, 28, 43} and len(paired) == 48
    assert main(["export", str(book), "-o", str(back)]) == 0
    assert capsys.readouterr().out == f"{back}: TRF, 52 players, 9 rounds (4 played)\n"
    line = next(x for x in back.read_text(encoding="utf-8").split("\n") if x.startswith("001   43"))
    assert line[80:84] == " 0.5" and line.endswith("0000 - H")


ROUND_ROBIN_6 = Path(__file__).parents[1] / "data" / "trf" / "round-robin-6.trf"


def test_a_finished_round_robin_is_said_finished(capsys, tmp_path):
    """round-robin-6.trf: 6 players, the 5 rounds of the Berger tables (C.05 Annex 1) played.
    Its rounds are fixed by the tables, so no --rounds can add one: the event is finished, from
    the file and from its book; with round 5's results not typed, they are what is left."""
    finished = ("all 5 rounds of this round robin of 6 players are paired and played: its rounds are the Berger "
                "tables' (C.05 Annex 1), so the event is finished and nothing is left to pair")
    code, out, err = run(capsys, "pair", ROUND_ROBIN_6)
    assert code == 2 and err == f"elo-xl: {ROUND_ROBIN_6}: {finished}\n"
    book = tmp_path / "rr.xlsx"
    assert run(capsys, "workbook", "round-robin", "--from", ROUND_ROBIN_6, "-o", book)[0] == 0
    code, out, err = run(capsys, "pair", book)
    assert code == 2 and err == f"elo-xl: {book}: {finished}\n"
    code, out, err = run(capsys, "pair", ROUND_ROBIN_6, "--rounds", "7")
    assert code == 2 and err == (f"elo-xl: {ROUND_ROBIN_6}: --rounds 7: this round robin of 6 players has 5 rounds, "
                                 "fixed by the Berger tables (C.05 Annex 1); leave out --rounds\n")
    # round 5 paired, its results not typed (columns 139 of each line blank, the points recounted)
    from trf_helpers import recount

    lines = [line[:138] + " " + line[139:] if line.startswith("001") else line
             for line in ROUND_ROBIN_6.read_text(encoding="utf-8").split("\n")]
    unplayed = tmp_path / "rr5.trf"
    unplayed.write_text(recount("\n".join(lines)), encoding="utf-8")
    code, out, err = run(capsys, "pair", unplayed)
    assert code == 2 and err == (f"elo-xl: {unplayed}: all 5 rounds of this round robin of 6 players are paired: its "
                                 "rounds are the Berger tables' (C.05 Annex 1); round 5 has 3 games without a result "
                                 "(5–1, 4–2, 3–6): type them, and the event is finished\n")
