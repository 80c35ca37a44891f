"""``elo-xl export`` of a team book: the TRF-2026 team file it writes ranks the teams as the book
does (the engine on the original file; the book recalculated in LibreOffice), and a book made
from it holds the same inputs (round trip); what is no result, a player in no roster, a board of
one team's two players are refused in one line naming the book and the cell."""

from __future__ import annotations

import functools
import io
from pathlib import Path
from typing import Any

import pytest
from openpyxl.utils.cell import range_boundaries

from elo_xl.cli import main
from elo_xl.errors import EloError
from elo_xl.event.teams import read_teams, team_standings
from elo_xl.io.trf_read import parse_trf, read_trf
from elo_xl.io.xlsx import cell_name, parse_cell
from elo_xl.recalc import read_named
from elo_xl.workbook.team_export import team_book_to_trf
from elo_xl.workbook import build, names
from elo_xl.workbook.archive import set_cells
from elo_xl.workbook.team_prefill import team_prefill

from books import load_workbook, once

DATA = Path(__file__).parents[1] / "data"
HELD = DATA / "tiebreaks" / "held_team.trf"
GENERATED = [DATA / "teams" / "generated" / f"event{n:03d}.trf" for n in (21, 25)]
INPUTS = [names.TEAM_NAMES, *names.ROSTER_FIELDS, *names.TEAM_POINTS, names.TEAM_ROUNDS, names.TEAM_TIEBREAK_LIST,
          names.TEAM_TIEBREAK_RULES]


def _book(source: Path, tmp_path: Path) -> Path:
    """The team book made from ``source`` by the command line, in the test's folder: made once
    per test process for the same file (:func:`books.once`, the bytes ``main`` writes), the
    refusals below each starting from the book of ``held_team.trf``."""
    out = tmp_path / f"{source.stem}.xlsx"
    assert once(["workbook", "team", "--from", str(source), "-o", str(out)], out, given=source) == 0
    return out


@functools.lru_cache(maxsize=8)
def _names(data: bytes) -> dict[str, list[tuple[str, str]]]:
    """The defined names of a book's bytes (name: its destinations, sheet and reference), read
    once per content: several tests find the cells of the same book."""
    book = load_workbook(io.BytesIO(data), read_only=True)
    try:
        return {name: list(defined.destinations) for name, defined in book.defined_names.items()}
    finally:
        book.close()


@functools.lru_cache(maxsize=16)
def _sheet(data: bytes, title: str) -> dict[tuple[int, int], Any]:
    """Each cell that holds something on the sheet ``title`` of a book's bytes, by (row, column),
    as openpyxl reads it: read once per content and sheet, and read-only, so that the book's
    other sheets (its formulas, most of a team book's loading time) are not parsed."""
    book = load_workbook(io.BytesIO(data), read_only=True)
    try:
        return {(c.row, c.column): c.value for row in book[title].iter_rows() for c in row
                if getattr(c, "value", None) is not None}
    finally:
        book.close()


def _cells(path: Path, name: str) -> list[list[Any]]:
    """The values of the range ``name`` of the book at ``path``, row by row."""
    data = path.read_bytes()
    (sheet, reference), = _names(data)[name]
    low_col, low_row, high_col, high_row = range_boundaries(reference.replace("$", ""))
    values = _sheet(data, sheet)
    return [[values.get((r, c)) for c in range(low_col, high_col + 1)] for r in range(low_row, high_row + 1)]


@pytest.mark.parametrize("source", [HELD, *GENERATED], ids=lambda p: p.stem)
def test_the_exported_file_ranks_as_the_original_and_makes_the_same_book(source, tmp_path, capsys):
    book = _book(source, tmp_path)
    out = tmp_path / "back.trf"
    assert main(["export", str(book), "-o", str(out)]) == 0
    assert f"{out}: TRF" in capsys.readouterr().out
    exported = read_trf(out)
    codes = [c for row in _cells(book, names.TEAM_TIEBREAK_LIST) for c in row if c]
    version = str(_cells(book, names.TEAM_TIEBREAK_RULES)[0][0])
    # rate of the exported file: its own 202 list, as the book's
    got = team_standings(exported, None, version)
    expected = team_standings(read_trf(source), codes, version)
    assert got.rows() == expected.rows()
    assert got.ranking.ranks == expected.ranking.ranks
    # the 310 records hold those points and ranks
    for team, row in zip(read_teams(exported).teams, sorted(got.rows(), key=lambda r: r["no"])):
        record = next(r.text for r in exported.headers if r.code == "310" and int(r.text[4:7]) == team.no)
        assert float(record[54:60]) == row["match_points"] and float(record[61:67]) == row["game_points"]
        assert int(record[68:71]) == got.ranking.ranks[team.no - 1]
    # a player's points are the sum of his results
    for p in exported.players:
        assert p.points == sum({"1": 1, "=": 0.5, "+": 1, "F": 1, "H": 0.5, "U": 1}.get(g.result, 0) for g in p.games)
    # the round trip: the book made from the exported file holds the same inputs
    again = tmp_path / "again"
    again.mkdir()
    assert main(["workbook", "team", "--from", str(out), "-o", str(again / "book.xlsx")]) == 0
    for name in INPUTS:
        assert _cells(again / "book.xlsx", name) == _cells(book, name), name
    assert team_prefill(exported)[1]["rounds"] == team_prefill(read_trf(source))[1]["rounds"]


def _typed(book: Path, tmp_path: Path, name: str, i: int, j: int, value: Any) -> Path:
    """``book`` with ``value`` typed into row ``i``, column ``j`` of the range ``name``."""
    (sheet, reference), = _names(book.read_bytes())[name]
    row, column = parse_cell(reference.split(":")[0])
    cell = cell_name(column + j, row + i)
    path = tmp_path / "typed.xlsx"
    path.write_bytes(set_cells(book.read_bytes(), sheet, {cell: value}))  # typed as a user types
    return path


@pytest.mark.parametrize(("name", "i", "j", "value", "message"), [
    (names.TEAM_ROUNDS, 0, 5, "x", r"Rounds!F6: \"x\" is not a result"),
    (names.TEAM_ROUNDS, 0, 3, 999, "Rounds!D6: player 999 is not in the rosters"),
    (names.TEAM_ROUNDS, 0, 4, 1, "Rounds!E6: player 1 plays for team 1, not team"),
    (names.TEAM_ROUNDS, 0, 1, None, "Rounds!B6: a board has two teams; type the away team"),
    (names.TEAM_ROUNDS, 0, 2, "two", r"Rounds!C6: \"two\" is not a board number"),
    (names.TEAM_NAMES, 0, 0, None, "Teams!B10: team 1 has no name"),
    ("MatchWin", 0, 0, "lots", r"Teams!I3: \"lots\" is not points"),
])
def test_what_is_wrong_is_refused_in_one_line_naming_the_cell(name, i, j, value, message, tmp_path):
    book = _book(HELD, tmp_path)
    if name == names.TEAM_ROUNDS and j in (3, 4) and value == 1:  # the home player of board 1 seated as away
        home = _cells(book, names.TEAM_ROUNDS)[0]
        value = next(no for (no,), (team,) in zip(_cells(book, names.ROSTER_FIELDS[0]), _cells(book, "RosterTeams"))
                     if team == home[0])
        message = f"Rounds!E6: player {value} plays for team {home[0]}, not team {home[1]}"
    with pytest.raises(EloError, match=message) as raised:
        team_book_to_trf(_typed(book, tmp_path, name, i, j, value))
    assert str(raised.value).startswith(f"{tmp_path / 'typed.xlsx'}, ") and "\n" not in str(raised.value)


def test_the_book_recalculated_in_libreoffice_ranks_as_the_exported_file(libreoffice, tmp_path):
    book = _book(HELD, tmp_path)
    done = tmp_path / "done.xlsx"
    libreoffice.recalculate(book, done)
    got = {name: [row[0] for row in values] for name, values in
           read_named(done, ["MatchPoints", "GamePoints", "TeamRank", *names.TEAM_TIEBREAK_VALUES]).items()}
    standings = team_standings(parse_trf(team_book_to_trf(book)))
    rows = {row["no"]: row for row in standings.rows()}
    for i in range(14):
        row = rows[i + 1]
        assert [got["MatchPoints"][i], got["GamePoints"][i], got["TeamRank"][i]] == \
            pytest.approx([row["match_points"], row["game_points"], standings.ranking.ranks[i]])
        assert [got[f"TeamTiebreak{k + 1}"][i] for k in range(len(row["tiebreaks"]))] == \
            pytest.approx(list(row["tiebreaks"].values()))


def test_a_built_book_without_a_file_exports(tmp_path):
    """A book made without a file: its prefilled start numbers, names typed, one match typed."""
    data = {"teams": ["Alpha", "Beta"], "roster": [[(1, "A1", 2000), (2, "A2", None)], [(3, "B1", 1900), (4, "B2", None)]],
            "rounds": [[(1, 2, 1, 1, 3, "1"), (1, 2, 2, 2, 4, "½")]]}
    path = tmp_path / "two.xlsx"
    path.write_bytes(build("team", teams=2, boards=2, rounds=1, prefill=data))
    trf = parse_trf(team_book_to_trf(path))
    rows = team_standings(trf).rows()
    assert [(r["no"], r["match_points"], r["game_points"]) for r in rows] == [(1, 2, 1.5), (2, 0, 0.5)]
    assert [g.result for p in trf.players for g in p.games] == ["1", "=", "0", "="]
    assert [g.colour for p in trf.players for g in p.games] == ["w", "b", "b", "w"]
    assert io.StringIO(trf.header("352") or "").read() == "WB"
