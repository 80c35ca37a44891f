"""The team tie-break oracle's data hangs together (tests/data/teams/generated/).

``expected.csv`` holds gacrux's values for the team tie-breaks of the generated events
(``bench/team_oracle.py`` wrote both). These tests check only the data: every file the CSV
names is there and is a team file, every team it names is one of that file's ``310`` teams,
and every code has rows under both rule sets. They check no tie-break value: that is for the
tests of the team tie-breaks themselves.
"""

from __future__ import annotations

import csv
from collections import defaultdict
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent.parent / "data" / "teams" / "generated"
RULES = {"2024", "2026"}


def read_expected() -> list[dict[str, str]]:
    with (DATA / "expected.csv").open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


@pytest.fixture(scope="module")
def expected() -> list[dict[str, str]]:
    return read_expected()


@pytest.fixture(scope="module")
def teams_by_file(expected: list[dict[str, str]]) -> dict[str, set[int]]:
    """Each listed file's 310 team numbers (columns 5-7)."""
    teams: dict[str, set[int]] = {}
    for name in sorted({row["file"] for row in expected}):
        path = DATA / name
        assert path.is_file(), f"{name} is listed in expected.csv but missing"
        lines = path.read_text(encoding="utf-8").splitlines()
        assert any(line.startswith("001") for line in lines), f"{name}: no 001 line"
        teams[name] = {int(line[4:7]) for line in lines if line.startswith("310")}
        assert teams[name], f"{name}: no 310 line"
    return teams


def test_columns_and_size(expected: list[dict[str, str]]) -> None:
    with (DATA / "expected.csv").open(encoding="utf-8") as f:
        assert f.readline().strip() == "file,rules,tiebreak,team,value"
    assert len({row["file"] for row in expected}) >= 100
    assert {row["rules"] for row in expected} == RULES
    assert all(row["value"] != "" for row in expected)
    total = sum(p.stat().st_size for p in DATA.iterdir() if p.is_file())
    assert total < 4_500_000, f"the folder is {total} bytes"


def test_every_team_is_a_310_team(expected: list[dict[str, str]], teams_by_file: dict[str, set[int]]) -> None:
    stray = [(row["file"], row["team"]) for row in expected if int(row["team"]) not in teams_by_file[row["file"]]]
    assert not stray, stray[:10]


def test_every_team_has_every_code(expected: list[dict[str, str]], teams_by_file: dict[str, set[int]]) -> None:
    codes = {row["tiebreak"] for row in expected}
    seen: dict[tuple[str, str, str], set[int]] = defaultdict(set)
    for row in expected:
        seen[(row["file"], row["rules"], row["tiebreak"])].add(int(row["team"]))
    for name, teams in teams_by_file.items():
        for rules in RULES:
            for code in codes:
                assert seen[(name, rules, code)] == teams, (name, rules, code)


def test_both_rules_for_each_code(expected: list[dict[str, str]]) -> None:
    rules_by_code: dict[str, set[str]] = defaultdict(set)
    for row in expected:
        rules_by_code[row["tiebreak"]].add(row["rules"])
    assert {"MP", "GP", "BH:MP", "BH:MP/C1", "EMMSB", "EDE", "SSSC"} <= set(rules_by_code)
    for code, rules in rules_by_code.items():
        assert rules == RULES, code
    assert not any(code.endswith(("/V1", "/V2")) for code in rules_by_code)


def test_no_duplicate_rows(expected: list[dict[str, str]]) -> None:
    keys = [(row["file"], row["rules"], row["tiebreak"], row["team"]) for row in expected]
    assert len(keys) == len(set(keys))
