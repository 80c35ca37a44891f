"""The team tie-breaks against FIDE's own worked solutions: Held's team exercises 34–49.

Source of every expected value: ``tests/data/tiebreaks/held_team_solutions.csv`` (FIDE
Arbiters' Commission, *Exercises in Tie-Breaking*, team exercises; see ``tests/data/README.md``):
236 values for the 14-team Swiss in ``held_team.trf``, under the 2024 rules and, for the teams
the amendment concerns, the 2026 rules.
"""

from __future__ import annotations

import csv
import re
from fractions import Fraction
from pathlib import Path

import pytest

from elo_xl.event.teams import read_teams
from elo_xl.io.trf_read import read_trf
from elo_xl.tiebreaks.teams import team_ranking

DATA = Path(__file__).parents[1] / "data" / "tiebreaks"
ROWS = [row for row in csv.DictReader(open(DATA / "held_team_solutions.csv", encoding="utf-8"))
        if "not recorded" not in row["rules"]]
VALUES = [r for r in ROWS if not r["tiebreak"].startswith("RANK")]
RANKS = [r for r in ROWS if r["tiebreak"].startswith("RANK")]
CODES = sorted({r["tiebreak"] for r in VALUES})


@pytest.fixture(scope="module")
def computed() -> dict[tuple[str, str, str], Fraction]:
    teams = read_teams(read_trf(DATA / "held_team.trf"))
    out = {}
    for rules in ("2024", "2026"):
        r = team_ranking(teams.event, CODES, rules)
        for i, row in enumerate(r.values):
            for code, value in zip(r.codes, row):
                out[(rules, code, str(i + 1))] = value
    return out


def test_every_row_that_applies_is_checked():
    assert len(VALUES) + len(RANKS) == 236 and len(VALUES) == 190


@pytest.mark.parametrize("row", VALUES, ids=lambda r: f"{r['exercise']}-{r['rules']}-{r['tiebreak']}-{r['team']}")
def test_held_team_value(row, computed):
    assert computed[(row["rules"], row["tiebreak"], row["team"])] == Fraction(row["value"])


@pytest.mark.parametrize("row", RANKS, ids=lambda r: f"{r['exercise']}-{r['tiebreak']}-{r['team']}")
def test_held_team_rank(row):
    primary, code = re.fullmatch(r"RANK\((\w+),(\w+)\)", row["tiebreak"]).groups()
    teams = read_teams(read_trf(DATA / "held_team.trf"), primary=primary)
    ranking = team_ranking(teams.event, ["MPvGP" if code in ("MP", "GP") else code], row["rules"])
    assert ranking.shared[int(row["team"]) - 1] == int(row["value"])


def test_the_2026_forfeit_rows_differ_when_the_opponent_is_not_recorded():
    # the labelled rows: the round-6 forfeit written without its opponent (16.4.2 caps the dummy
    # at a draw per round: 7 MP, 14 GP) — the file written so, the values follow
    text = (DATA / "held_team.trf").read_text(encoding="utf-8")
    text = text.replace("330 +- 006 001 006\n", "")
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("001") and 1 <= int(line[4:8]) <= 4:
            lines[i] = line[:141] + "0000 - +" + line[149:]
        elif line.startswith("001") and 21 <= int(line[4:8]) <= 24:
            lines[i] = line[:141] + "0000 - -" + line[149:]
    from elo_xl.io.trf_read import parse_trf

    teams = read_teams(parse_trf("\n".join(lines)))
    expected = {r["tiebreak"]: Fraction(r["value"]) for r in csv.DictReader(open(DATA / "held_team_solutions.csv"))
                if "not recorded" in r["rules"]}
    r = team_ranking(teams.event, list(expected), "2026")
    assert dict(zip(r.codes, r.values[0])) == expected
