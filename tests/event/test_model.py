"""The event model: read once, never edited, one origin, one declared type, one ranking.

Expected values are worked out by hand in the comments (C.07's Buchholz is the sum of the
opponents' points).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from elo_xl import games, tiebreaks
from elo_xl.cli import main
from elo_xl.event.load import load
from elo_xl.event.model import Entrant, Tournament
from elo_xl.event.pairings import pair_next, planned_rounds, with_pairing
from elo_xl.event.ranking import event_ranking
from elo_xl.event.samples import SWISS_TRF_PATH
from elo_xl.io.trf_model import TrfGame, TrfPlayer
from elo_xl.io.trf_read import parse_trf
from elo_xl.io.trf_write import format_player

#: Four players, two rounds. Round 1: 1–4 1-0, 3–2 1-0; round 2: 1–3 ½-½, 2–4 1-0.
#: Points 1.5, 1, 1.5, 0. Buchholz: 1 meets 4 (0) and 3 (1.5) = 1.5; 2 meets 3 and 4 = 1.5;
#: 3 meets 2 (1) and 1 (1.5) = 2.5; 4 meets 1 and 2 = 2.5. So 3 ranks above 1 on Buchholz.
PAIRINGS = [[4, 3], [3, 4], [2, 1], [1, 2]]
RESULTS = [["1", "="], ["0", "1"], ["1", "="], ["0", "0"]]
COLOURS = [["w", "w"], ["b", "w"], ["w", "b"], ["b", "b"]]


def four() -> Tournament:
    return Tournament([Entrant(n, f"P{n}", 2000 - n) for n in (1, 2, 3, 4)], RESULTS, PAIRINGS, COLOURS, rounds=2,
                      start="2026/05/01")


def test_the_one_ranking_by_the_list_given():
    r = event_ranking(four(), "BH")
    assert r.codes == ["BH"]
    assert [float(r.row(i)["BH"]) for i in range(4)] == [1.5, 1.5, 2.5, 2.5]
    assert r.ranks == [2, 3, 1, 4]
    assert r.order == [3, 1, 2, 4]


def test_the_one_ranking_by_fides_list_for_a_swiss():
    # BH/C1 cuts each player's lowest opponent: 1 keeps 1.5, 3 keeps 1.5 (a tie); BH then puts 3 first
    r = event_ranking(four())
    assert r.codes[:2] == list(tiebreaks.DEFAULT_SWISS[:2]) == ["BH/C1", "BH"]
    assert r.ranks == [2, 3, 1, 4]


def test_the_one_ranking_with_start_numbers_last():
    # "WIN": 1 and 3 won one game each; start number then puts 1 first
    assert event_ranking(four(), "WIN").ranks == [1, 3, 2, 4]


def test_an_event_is_frozen_and_a_changed_one_is_built_anew():
    t = four()
    assert t.games()[0][0] == games.Round(4, "w", games.WIN)
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.results = []  # type: ignore[misc]
    changed = dataclasses.replace(t, results=[["0", "="], ["0", "1"], ["1", "="], ["1", "0"]])
    assert changed.games()[0][0] == games.Round(4, "w", games.LOSS)  # read anew, nothing stale
    assert t.games()[0][0].code == games.WIN


def test_a_pairing_makes_a_new_event():
    empty = Tournament([Entrant(n, f"P{n}", 2000 - n) for n in (1, 2, 3, 4)], [[None] * 3] * 4, [[None] * 3] * 4,
                       [[""] * 3] * 4, rounds=3)
    paired = with_pairing(empty, pair_next(empty, first_colour="w"))
    assert paired is not empty and [row[0] for row in empty.pairings] == [None] * 4
    assert [row[0] for row in paired.pairings] == [3, 4, 1, 2]
    assert [g[0].opponent for g in paired.games()] == [3, 4, 1, 2]


def test_a_trf_file_is_its_events_origin():
    t = load(SWISS_TRF_PATH)
    assert t.origin is not None and not t.kept
    assert t.origin.name == t.name and len(t.origin.players) == len(t.entrants) == 12
    assert planned_rounds(t) == 7 == t.planned


def test_a_book_keeps_its_files_origin(tmp_path):
    book = tmp_path / "swiss.xlsx"
    assert main(["workbook", "swiss", "--from", str(SWISS_TRF_PATH), "-o", str(book)]) in (0, None)
    from elo_xl.workbook.read import read_book

    t = read_book(book)
    assert t.kept and t.origin is not None
    assert [p.name for p in t.origin.players] == [e.name for e in t.entrants]
    assert t.origin.header("XXR") == "7" and planned_rounds(t) == 7
    assert t.scoring is None  # a book counts 1, ½ and 0


def _file(header: str, games_of: dict[int, list[TrfGame]], n: int = 4) -> str:
    players = [format_player(TrfPlayer(i, f"Player {i}", rating=2000, games=games_of.get(i, []))) for i in range(1, n + 1)]
    return header + "\n" + "\n".join(players) + "\n"


#: Round 1 of a 4-player round robin (1–4, 2–3), declared only by TRF-2026's 192 record.
ROUND_1 = {1: [TrfGame(4, "w", "1")], 4: [TrfGame(1, "b", "0")], 2: [TrfGame(3, "w", "=")], 3: [TrfGame(2, "b", "=")]}


@pytest.mark.parametrize("header, expected", [
    ("XXR 3\n192 FIDE_ROUNDROBIN", games.ROUND_ROBIN),
    ("XXR 3\n092 Individual: Swiss-System\n192 FIDE_ROUNDROBIN", games.ROUND_ROBIN),  # 192 before 092
    ("XXR 3\n092 Round robin", games.ROUND_ROBIN),
    ("XXR 3", games.SWISS),  # half a round robin without a declared type
])
def test_the_declared_type_is_read_in_one_place(tmp_path, header, expected):
    path = tmp_path / "event.trf"
    path.write_text(_file(header, ROUND_1), encoding="utf-8")
    t = load(path)
    assert t.kind() == expected
    assert tiebreaks.from_trf(parse_trf(path.read_text(encoding="utf-8"))).round_robin == (expected != games.SWISS)


def test_the_scoring_of_the_file_read(tmp_path):
    path = tmp_path / "event.trf"
    path.write_text(_file("XXR 3\n162  W 3.0    D 1.0    L 0.0", ROUND_1).replace("     1 w 1", "     1 w 1"),
                    encoding="utf-8")
    text = path.read_text(encoding="utf-8")
    # the points column must witness the 3-1-0 scoring: player 1 has 3, players 2 and 3 have 1
    lines = [line[:80] + {1: " 3.0", 2: " 1.0", 3: " 1.0", 4: " 0.0"}[int(line[4:8])] + line[84:]
             if line.startswith("001") else line for line in text.splitlines()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    t = load(path)
    assert t.scoring is not None and t.scoring["WW"] == 3 and t.scoring["WD"] == 1
    assert [float(p) for p in event_ranking(t).points] == [3.0, 1.0, 1.0, 0.0]


#: What only the event model has: a module that reads these reads the model by duck typing.
MODEL_ATTRIBUTES = {"entrants", "announced", "tiebreak_list", "tiebreak_version", "origin", "declared_type", "kept"}


def test_io_names_no_event_type():
    import ast

    io = Path(__file__).resolve().parents[2] / "elo_xl" / "io"
    for path in sorted(io.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            assert not (isinstance(node, ast.Name) and node.id == "Tournament"), f"{path.name} names the event model"
            assert not (isinstance(node, ast.Attribute) and node.attr in MODEL_ATTRIBUTES), \
                f"{path.name}, line {node.lineno}: .{node.attr} reads the event model"
            if isinstance(node, ast.ImportFrom):
                assert "event" not in (node.module or "").split("."), f"{path.name} imports the event"


def test_the_declared_type_is_decided_by_one_function():
    # every face that reads a declared type (a book's kind, 192, 092) goes through games.declared_type
    root = Path(__file__).resolve().parents[2] / "elo_xl"
    readers = sorted(str(p.relative_to(root)) for p in root.rglob("*.py")
                     if ".tournament_type" in p.read_text(encoding="utf-8"))
    assert readers == ["event/model.py", "event/teams.py", "pair_teams.py", "tiebreaks/event.py"]
    for name in readers:
        assert "declared_type(" in (root / name).read_text(encoding="utf-8")
