"""``elo-xl pair`` on a team book: the next round paired as ``pair`` pairs the book's team file
(and as gacrux's own command line pairs the generated events), typed into the Rounds sheet;
the book then exported gives that round; the hold and the refusals.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from elo_xl.cli import main
from elo_xl.io.trf_read import parse_trf
from elo_xl.pair import pair_event
from elo_xl.pair_teams import TeamPairResult
from elo_xl.workbook.team_export import read_team_book

from books import load_workbook, once
from test_pair_teams import EVENTS, events_by_gacrux, held_cut, paired

#: The generated events a team book takes (it ranks match points first): the first twelve.
BOOK_EVENTS = [p for p in EVENTS if "_GP_MP" not in (parse_trf(p.read_text(encoding="utf-8")).header("192") or "")][:12]


def run(capsys, *args) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def book_of(capsys, trf: Path, folder: Path) -> Path:
    """``elo-xl workbook team --from TRF -o FOLDER/STEM.xlsx``: a new book of the team file in the
    test's folder. Made once per test process for the same file (:func:`books.once`: a book of a
    generated event takes a second to make, and several tests start from the same one); each
    test gets the bytes and the output ``main`` gives."""
    book = folder / f"{trf.stem}.xlsx"
    code = once(["workbook", "team", "--from", str(trf), "-o", str(book)], book, given=trf)
    _, err = capsys.readouterr()
    assert code == 0, err
    return book


def games_of(text: str, round_: int) -> dict[int, tuple[int | None, str]]:
    """Each player's game of ``round_`` in a TRF text: (opponent, colour)."""
    return {p.start_no: (p.games[round_ - 1].opponent, p.games[round_ - 1].colour)
            for p in parse_trf(text).players if len(p.games) >= round_ and p.games[round_ - 1].opponent}


def test_twelve_events_are_paired_from_the_book_as_from_the_file_and_by_gacrux(capsys, tmp_path):
    assert len(BOOK_EVENTS) >= 10
    for path in BOOK_EVENTS:
        book = book_of(capsys, path, tmp_path)
        ours, from_file = pair_event(book), paired(path)  # paired: pair_event(path), once per process
        assert isinstance(ours, TeamPairResult)
        round_, theirs = events_by_gacrux(tuple(BOOK_EVENTS))[path.name]  # gacrux's command line, that round
        assert round_ == from_file.pairing.round
        assert ours.pairing.pairs() == from_file.pairing.pairs(), path.name
        assert ours.pairing.pairs() == [p for p in theirs if p[1]] + [p for p in theirs if not p[1]], path.name
        assert ours.pairing.matches == from_file.pairing.matches, path.name  # the boards, the colours
        assert ours.pairing.left_out == from_file.pairing.left_out, path.name
        # typed into the book, then exported: the round of the file paired with -o
        r = ours.pairing.round
        assert run(capsys, "pair", book, "-o", book)[0] == 0
        assert run(capsys, "pair", path, "-o", tmp_path / "paired.trf")[0] == 0
        assert run(capsys, "export", book, "-o", tmp_path / "exported.trf")[0] == 0
        exported = (tmp_path / "exported.trf").read_text(encoding="utf-8")
        assert games_of(exported, r) == games_of((tmp_path / "paired.trf").read_text(encoding="utf-8"), r), path.name
        if ours.pairing.bye is not None:
            assert parse_trf(exported).records("320")[0].text[14 + 4 * (r - 1):17 + 4 * (r - 1)] == \
                f"{ours.pairing.bye:03d}"


def test_held_round_5_from_the_book(capsys, tmp_path):
    path = tmp_path / "held4.trf"
    path.write_text(held_cut(4, tmp_path), encoding="utf-8")
    book = book_of(capsys, path, tmp_path)
    ours = pair_event(book)
    assert ours.pairing.round == 5 and ours.pairing.bye == 12 and ours.pairing.left_out == {14: "H"}
    assert ours.pairing.pairs() == pair_event(path).pairing.pairs()
    out = tmp_path / "held5.xlsx"
    code, printed, err = run(capsys, "pair", book, "-o", out)
    assert code == 0, err
    assert "Bye: Lynxes (12)" in printed and f"{out}: round 5 written" in printed
    read = read_team_book(out)
    typed = read["rounds"][4]
    assert read["round_rows"][4] == list(range(6 * 4 + 2))  # from the round's first row on
    assert typed[-2:] == [(12, None, None, None, None, "U"), (14, None, None, None, None, "H")]
    assert all(row[5] == "" for row in typed[:-2])
    first = ours.pairing.matches[0]
    assert [row[:3] for row in typed[:4]] == [(first.white, first.black, b) for b in range(1, 5)]
    # exported, the round is the file's paired with -o: board for board, the bye in 320
    assert run(capsys, "export", out, "-o", tmp_path / "exported.trf")[0] == 0
    assert run(capsys, "pair", path, "-o", tmp_path / "paired.trf")[0] == 0
    exported = (tmp_path / "exported.trf").read_text(encoding="utf-8")
    assert games_of(exported, 5) == games_of((tmp_path / "paired.trf").read_text(encoding="utf-8"), 5)
    assert "320  1.0  2.0 000 000 000 000 012" in exported


def test_a_book_is_written_through_the_hold(capsys, tmp_path):
    book = book_of(capsys, BOOK_EVENTS[0], tmp_path)
    lock = tmp_path / f".~lock.{book.name}#"
    lock.write_text("Ann Arbiter,host,host,06.12.2026 10:00,file;", encoding="utf-8")
    before = book.read_bytes()
    code, _, err = run(capsys, "pair", book, "-o", book)
    assert code == 2 and "is open in LibreOffice by Ann Arbiter" in err and len(err.strip().splitlines()) == 1
    assert book.read_bytes() == before
    lock.unlink()
    assert run(capsys, "pair", book, "-o", book)[0] == 0
    data = book.read_bytes()
    assert data != before
    # no stored value left: every formula computed afresh by whoever opens it
    stored = load_workbook(io.BytesIO(data), data_only=True)["Standings"]
    assert all(c.value is None for row in stored.iter_rows(min_row=6, max_row=8) for c in row
               if isinstance(c.value, (int, float)) and c.data_type == "f")
    # the round is paired now: pairing again asks for its results
    code, _, err = run(capsys, "pair", book)
    assert code == 2 and "without every board's result" in err and "type the results in the Rounds sheet" in err


def test_pair_writes_the_books_team_file(capsys, tmp_path):
    book = book_of(capsys, BOOK_EVENTS[1], tmp_path)
    out = tmp_path / "next.trf"
    code, _, err = run(capsys, "pair", book, "-o", out)
    assert code == 0, err
    r = pair_event(book).pairing.round
    assert games_of(out.read_text(encoding="utf-8"), r)
    code, printed, err = run(capsys, "rate", out)
    assert code == 0, err and f"Round {r}\n" in printed


@pytest.mark.parametrize("name", ["next.csv", "next.txt.xlsm"])
def test_other_outputs_are_refused(capsys, tmp_path, name):
    book = book_of(capsys, BOOK_EVENTS[0], tmp_path)
    code, _, err = run(capsys, "pair", book, "-o", tmp_path / name)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "name the file .xlsx or .trf" in err


def _swapped(book: Path, round_: int) -> tuple[int, list[int]]:
    """Swap the home players of boards 1 and 2 of round ``round_``'s first match in ``book`` (as a
    user types them); the home team and its lineup as typed now."""
    from elo_xl.workbook.archive import set_cells

    read = read_team_book(book)
    rows, at = read["rounds"][round_ - 1], read["round_rows"][round_ - 1]
    first, second = next((j, k) for j, k in zip(range(len(rows)), range(1, len(rows)))
                         if rows[j][2] == 1 and rows[k][2] == 2 and rows[j][:2] == rows[k][:2])
    grid = read["grid"]
    cell = lambda j: grid.cell(at[j], 6 * (round_ - 1) + 3).split("!")[1]  # noqa: E731
    book.write_bytes(set_cells(book.read_bytes(), grid.sheet, {cell(first): rows[second][3],
                                                              cell(second): rows[first][3]}))
    home = rows[first][0]
    seated = {row[2]: row[3] for row in rows if row[0] == home and row[2] is not None}
    seated[1], seated[2] = seated[2], seated[1]
    return home, [seated[b] for b in sorted(seated)]


def test_export_writes_the_lineups_and_notes_one_out_of_order(capsys, tmp_path):
    from elo_xl.event.teams import read_teams

    book = book_of(capsys, BOOK_EVENTS[0], tmp_path)
    out = tmp_path / "out.trf"
    assert run(capsys, "export", book, "-o", out)[0] == 0
    assert not parse_trf(out.read_text(encoding="utf-8")).records("300")  # every lineup in roster order: none
    home, lineup = _swapped(book, 1)
    name = read_team_book(book)["teams"][home - 1]
    code, _, err = run(capsys, "export", book, "-o", out)
    assert code == 0, err
    assert err.count("lineup") == 1
    assert f"1 lineup is not in the roster's board order (the players' cells orange on the Rounds sheet): " \
           f"round 1, {name} ({home}), board 1" in " ".join(err.split())
    text = out.read_text(encoding="utf-8")
    assert [r.text.split()[1:3] for r in parse_trf(text).records("300")] == [["001", f"{home:03d}"]]
    assert read_teams(parse_trf(text)).lineups[(1, home)][:len(lineup)] == tuple(lineup)  # rate reads them
    code, printed, err = run(capsys, "rate", out)
    assert code == 0 and f"round 1, {name} ({home})" in " ".join((printed + err).split())
    # the book pairs as its file still
    assert pair_event(book).pairing.pairs() == pair_event(out).pairing.pairs()


def test_the_rounds_sheet_flags_the_player_out_of_order(capsys, tmp_path):
    from elo_xl.workbook.team_book import ORDER_FILL

    book = book_of(capsys, BOOK_EVENTS[0], tmp_path)
    sheet = load_workbook(book)["Rounds"]
    rules = [(str(cf.sqref), rule) for cf in sheet.conditional_formatting for rule in cf.rules
             if rule.dxf is not None and rule.dxf.fill is not None and rule.dxf.fill.fgColor.rgb.endswith("F4B084")]
    assert ORDER_FILL.fgColor.rgb.endswith("F4B084")
    read = read_team_book(book)
    assert len(rules) == 2 * len(read["rounds"])  # each round's home and away player columns
    assert all("IFERROR(MATCH(" in rule.formula[0] and "RosterNos" in rule.formula[0] for _, rule in rules)


def _typed_scratch_book(path: Path, teams: int = 4, boards: int = 2) -> Path:
    """A new team book (the boards and two reserves per team) with its teams and every roster
    place typed, as an arbiter types them."""
    from elo_xl.workbook import build
    from elo_xl.workbook.archive import set_cells

    data = build("team", teams=teams, boards=boards, rounds=3)
    names = load_workbook(io.BytesIO(data)).defined_names

    def cells(name: str) -> list[str]:
        sheet, ref = names[name].attr_text.replace("$", "").split("!")
        first, last = ref.split(":")
        return [f"{first[0]}{r}" for r in range(int(first[1:]), int(last[1:]) + 1)], sheet.strip("'")

    team_cells, sheet = cells("TeamNames")
    roster_cells, _ = cells("RosterNames")
    typed = {cell: f"Team {k + 1}" for k, cell in enumerate(team_cells)}
    typed.update({cell: f"Player {k + 1}" for k, cell in enumerate(roster_cells)})
    path.write_bytes(set_cells(data, sheet, typed))
    return path


def test_a_new_book_pairs_its_boards_not_its_reserves(capsys, tmp_path):
    book = _typed_scratch_book(tmp_path / "new.xlsx")
    code, printed, err = run(capsys, "pair", book, "-o", book)
    assert code == 0, err
    result_rows = read_team_book(book)["rounds"][0]
    assert sorted({row[2] for row in result_rows}) == [1, 2]  # 2 boards, the reserves (3rd and 4th place) not seated
    assert len(result_rows) == 4 and printed.startswith("Round 1 of 3: 2 matches")


def test_a_round_past_the_books_rounds_is_printed_not_written(capsys, tmp_path):
    from elo_xl.event.samples import TEAM_TRF_PATH

    book = book_of(capsys, Path(TEAM_TRF_PATH), tmp_path)
    code, printed, err = run(capsys, "pair", book, "--rounds", "8")
    assert code == 0, err
    assert printed.startswith("Round 8 of 8:")
    before = book.read_bytes()
    code, _, err = run(capsys, "pair", book, "--rounds", "8", "-o", book)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "the book has 7 rounds; round 8 does not fit" in err and book.read_bytes() == before


def test_a_paired_book_keeps_no_stored_value(capsys, tmp_path):
    import re
    import zipfile

    from elo_xl.workbook.archive import inject_values

    book = book_of(capsys, BOOK_EVENTS[2], tmp_path)
    read = load_workbook(book, read_only=True)  # the Standings sheet parsed, not the others
    formula = next(c.coordinate for row in read["Standings"].iter_rows() for c in row
                   if isinstance(c.value, str) and c.value.startswith("="))
    read.close()
    book.write_bytes(inject_values(book.read_bytes(), {"Standings": {formula: 99}}))
    assert run(capsys, "pair", book, "-o", book)[0] == 0
    with zipfile.ZipFile(book) as archive:
        parts = [n for n in archive.namelist() if n.startswith("xl/worksheets/")]
        assert not any(re.search(rb"</f>\s*<v>", archive.read(n)) for n in parts)
        assert b"fullCalcOnLoad" in archive.read("xl/workbook.xml")


def test_the_orange_rule_flags_what_export_notes(office, capsys, tmp_path):
    """The Rounds sheet's rule, computed as a cell formula on each player cell of round 1 (in
    LibreOffice and Gnumeric), flags exactly the boards ``export`` notes."""
    from openpyxl.utils import get_column_letter

    from elo_xl.workbook.team_book import out_of_order_rule
    from elo_xl.workbook.team_export import out_of_order

    book = book_of(capsys, BOOK_EVENTS[0], tmp_path)
    _swapped(book, 1)
    read = read_team_book(book)
    grid, boards = read["grid"], read["boards"]
    letters = [get_column_letter(grid.min_col + k) for k in range(6)]
    wb = load_workbook(book)
    sheet = wb[grid.sheet]
    rows = range(grid.min_row, grid.min_row + len(grid.rows))
    for row in rows:
        for k, column in ((3, 1000), (4, 1001)):
            sheet.cell(row, column).value = "=IF(" + out_of_order_rule(letters, k, row, boards, "RosterNos") + ",1,0)"
    typed, done = tmp_path / "rule.xlsx", tmp_path / "rule-done.xlsx"
    wb.save(typed)
    office.recalculate(typed, done)
    values = load_workbook(done, data_only=True)[grid.sheet]
    flagged = set()
    for row in rows:
        for k, column in ((3, 1000), (4, 1001)):
            if values.cell(row, column).value == 1:
                flagged.add((values.cell(row, grid.min_col + k - 3).value, values.cell(row, grid.min_col + 2).value))
    expected = {(team, b) for r, team, late in out_of_order(read) if r == 1 for b in late}
    assert expected and flagged == expected
