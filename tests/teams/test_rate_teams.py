"""``elo-xl rate`` on a team file: the team standings, the matches, the board prizes, the JSON.

Expected values: FIDE's team exercises (``tests/data/tiebreaks/held_team_solutions.csv``, see
``tests/data/README.md``) and the rules of C.07 (the PAB reading).
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from elo_xl.cli import main

DATA = Path(__file__).parents[1] / "data" / "tiebreaks"
HELD = DATA / "held_team.trf"


def solutions(code: str, rules: str = "2024") -> dict[int, float]:
    with open(DATA / "held_team_solutions.csv", encoding="utf-8") as f:
        return {int(r["team"]): float(r["value"]) for r in csv.DictReader(f)
                if r["tiebreak"] == code and r["rules"] == rules}


def rate_json(capsys, *options: str) -> dict:
    assert main(["rate", str(HELD), "--format", "json", *options]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_lists_the_teams_in_rank_order_with_the_codes_as_written(tmp_path, capsys):
    event = tmp_path / "listed.trf"
    event.write_text(HELD.read_text(encoding="utf-8").replace("212 PTS, MPvGP", "202 PTS, MPvGP, bh:mp/c1, EMMSB, SSSC"),
                     encoding="utf-8")
    assert main(["rate", str(event), "--format", "json", "--tiebreak-rules", "2024"]) == 0
    data = json.loads(capsys.readouterr().out)
    teams = data["teams"]
    assert [list(t) for t in teams[:1]] == [["no", "name", "match_points", "game_points", "rank", "tiebreaks"]]
    assert list(teams[0]["tiebreaks"]) == ["MPvGP", "bh:mp/c1", "EMMSB", "SSSC"]
    assert data["event"]["tiebreaks"] == ["BH/C1", "BH", "SB", "PS", "DE", "WIN", "BWG"]  # the players' list
    mp, gp = solutions("MP"), solutions("GP")
    for team in teams:
        assert team["match_points"] == mp[team["no"]] and team["game_points"] == gp[team["no"]]
        assert team["tiebreaks"]["bh:mp/c1"] == solutions("BH:MP/C1")[team["no"]]
        assert team["tiebreaks"]["EMMSB"] == solutions("EMMSB")[team["no"]]
        assert team["tiebreaks"]["SSSC"] == solutions("SSSC")[team["no"]]
    ranks = [t["rank"] for t in teams]
    assert ranks == sorted(ranks) and teams[0]["name"] == "Elephants"  # 10 MP, 18 GP: the paper's first
    assert len(data["players"]) == 56  # the players' report as before


def test_rank_only_codes_give_the_place(capsys):
    teams = rate_json(capsys, "--tiebreaks", "EDE", "--tiebreak-rules", "2024")["teams"]
    by_no = {t["no"]: t for t in teams}
    expected = {int(r["team"]): int(r["value"]) for r in csv.DictReader(open(DATA / "held_team_solutions.csv"))
                if r["tiebreak"] == "RANK(MP,EDE)"}
    for no, place in expected.items():
        assert by_no[no]["rank"] == place


def test_an_opponents_pab_counts_at_its_points_or_as_a_draw(tmp_path, capsys):
    # the PAB given 2 MP (a won match) instead of Held's 1: the teams that met a team on a PAB
    # count 1 MP more under "points" than under "draw" (C.07 16.3 / Swiss-Manager's reading)
    text = HELD.read_text(encoding="utf-8").replace("320  1.0  2.0", "320  2.0  4.0")
    event = tmp_path / "pab.trf"
    event.write_text(text, encoding="utf-8")
    values = {}
    for pab in ("points", "draw"):
        assert main(["rate", str(event), "--format", "json", "--tiebreaks", "BH:MP", "--tiebreak-rules", "2024",
                     "--pab-in-buchholz", pab]) == 0
        values[pab] = {t["no"]: t["tiebreaks"]["BH:MP"] for t in json.loads(capsys.readouterr().out)["teams"]}
    # Lynxes (12) had the PAB in round 5 and met 5, 9, 10, 8, 11, 6; Narwhals (14) in round 7, met 7, 13, 11, 9, 10
    met = {5, 9, 10, 8, 11, 6} | {7, 13, 11, 9, 10}
    twice = {9, 10, 11}  # met both
    for no in range(1, 15):
        assert values["points"][no] - values["draw"][no] == (2 if no in twice else 1 if no in met else 0), no


def test_the_table_shows_standings_matches_and_board_prizes(capsys):
    assert main(["rate", str(HELD), "--tiebreak-rules", "2024", "--board-games", "7"]) == 0
    out = capsys.readouterr().out
    assert "Teams — 14 teams, 4 boards, 7 rounds, match points first" in out
    assert "  Antelopes (1) – Falcons (6)  4–0 (forfeit)  MP 2–0  boards 1 1 1 1" in out
    assert "  Lynxes (12): pairing-allocated bye, MP 1, GP 2" in out
    assert "  Narwhals (14): half-point bye, MP 1, GP 2" in out and "  Giraffes (7): zero-point bye, MP 0, GP 0" in out
    prizes = out[out.index("Boards (at least 7 games"):]
    board4 = [line for line in prizes.splitlines() if line.lstrip().startswith("4 ")]
    assert board4 and "Elephants, Board 4" in board4[0] and "5.5" in board4[0]  # 5.5 of 7, Held's crosstable
    assert "Antelopes, Board 3" not in prizes.split("\n\n")[1]  # 6 games over the board: below 7


@pytest.mark.parametrize("given, message", [
    ("BH:XP", "say which score Buchholz sums, BH:MP or BH:GP"),
    ("MPvGP,EMMSB/M1", "C.07 defines no modifier /M1 for EMMSB"),
    ("BH/C1,XYZ", "is not a code of C.07"),
])
def test_a_bad_team_code_names_the_option(capsys, given, message):
    assert main(["rate", str(HELD), "--tiebreaks", given]) == 2
    err = capsys.readouterr().err
    assert err.startswith("elo-xl: --tiebreaks: ") and message in err and err.count("\n") == 1


def test_team_codes_on_an_individual_event_are_refused(capsys):
    from elo_xl.event.samples import SWISS_TRF_PATH

    assert main(["rate", str(SWISS_TRF_PATH), "--tiebreaks", "BH:MP"]) == 2
    assert "BH:MP is a team tie-break, and the event has no teams" in capsys.readouterr().err
