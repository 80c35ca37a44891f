"""The team book's result sheets (:mod:`elo_xl.workbook.team_crosstable`): recalculated in
LibreOffice and Gnumeric, every cell equal to what the engine reads from the same team file
(:func:`elo_xl.event.teams.team_standings`): FIDE's team exercises (IA M. Held) and two events
of FIDE's reference tool's generator.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from elo_xl.event.teams import team_standings
from elo_xl.io.trf_read import read_trf
from elo_xl.tiebreaks.unplayed import ABSENT, FORFEIT_LOST, FORFEIT_WON, FULL_BYE, GAME, HALF_BYE, PAB, ZERO_BYE
from elo_xl.workbook import build
from elo_xl.workbook.i18n import translate
from elo_xl.workbook.team_prefill import team_prefill

DATA = Path(__file__).parents[1] / "data"
SOURCES = [DATA / "tiebreaks" / "held_team.trf", *(DATA / "teams" / "generated" / f"event{n:03d}.trf" for n in (21, 25))]
_LETTER = {PAB: "U", FULL_BYE: "F", HALF_BYE: "H", ZERO_BYE: "Z", ABSENT: ""}


def _points(gp: Fraction) -> str:
    whole, half = divmod(gp * 2, 2)
    return f"{int(whole) if whole or not half else ''}{'½' if half else ''}"


def _engine_round(m: Any) -> str:
    """A team's round as the crosstable shows it, from the engine's match."""
    if m.kind in _LETTER:
        return _LETTER[m.kind]
    side = f"{m.opponent}{'b' if m.colour == 'b' else 'w'}" if m.opponent else ""
    if m.kind in (FORFEIT_WON, FORFEIT_LOST):
        sign = "+" if m.kind == FORFEIT_WON else "−"
        return f"{side} {sign}" if side else sign
    assert m.kind == GAME
    return f"{side} {_points(m.gp)}" if m.played else side


def _recalculated(office: Any, tmp_path: Path, source: Path, lang: str = "en", rules: str = "FIDE",
                  least: int = 1) -> tuple[Any, dict, Any]:
    """The book made from ``source`` (``rules`` chosen, ``least`` games for a board prize),
    recalculated by ``office``; its sizes and the file read."""
    import io

    trf = read_trf(source)
    size, data = team_prefill(trf)
    path, done = tmp_path / f"{source.stem}.xlsx", tmp_path / f"{source.stem}-done.xlsx"
    book = openpyxl.load_workbook(io.BytesIO(build("team", lang, rules=rules, **size, prefill=data)))
    (sheet, cell), = book.defined_names["BoardGames"].destinations
    book[sheet][cell.replace("$", "")] = least
    book.save(path)
    office.recalculate(path, done)
    return openpyxl.load_workbook(done, data_only=True), size, trf


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_the_crosstable_equals_the_engine(office, tmp_path, source):
    book, size, trf = _recalculated(office, tmp_path, source)
    ws = book[translate("sheet.team_crosstable", "en")]
    standings = team_standings(trf)
    rows = {row["no"]: row for row in standings.rows()}
    n, r = size["teams"], size["rounds"]
    compared = 0
    for i in range(n):
        got = [ws.cell(5 + i, c).value for c in range(1, 3 + r + 3)]
        m = standings.file.event.matches[i]
        expected = [i + 1, standings.file.teams[i].name, *(_engine_round(m[t]) for t in range(r)),
                    rows[i + 1]["match_points"], rows[i + 1]["game_points"], standings.ranking.ranks[i]]
        assert [g if g is not None else "" for g in got] == expected, (source.name, i + 1)
        compared += len(expected)
    assert compared == n * (r + 5)


def _board_points(trf: Any, standings: Any) -> dict[int, float]:
    """Each player's points in the rounds his team played a match over the boards (the book's
    rounds: a team's bye or forfeited match has no boards, and gives its members nothing)."""
    from elo_xl.io.trf_model import game_points_of

    scoring = trf.scoring()
    out = {}
    for team in standings.file.teams:
        matches = standings.file.event.matches[team.no - 1]
        for m in team.members:
            games = next(p for p in trf.players if p.start_no == m).games
            out[m] = float(sum((game_points_of(g, scoring) for t, g in enumerate(games)
                                if t < len(matches) and matches[t].kind == GAME and g.result.strip()), Fraction(0)))
    return out


@pytest.mark.parametrize(("source", "rules", "least"), [(SOURCES[0], "FIDE", 1), (SOURCES[1], "FIDE", 1),
                                                        (SOURCES[2], "FIDE", 1), (SOURCES[1], "LOGISTIC", 4),
                                                        (SOURCES[2], "ELO-1970", 5)],
                         ids=lambda v: v.stem if isinstance(v, Path) else str(v))
def test_the_players_and_board_prizes_equal_the_engine(office, tmp_path, source, rules, least):
    """Per player the points over the boards, rated games, score, opponents' average, change,
    new rating and performance as ``elo-xl rate --rules RULES`` gives them; per board the
    prizes as ``rate --board-games LEAST`` ranks them (:func:`elo_xl.event.teams.board_results`)."""
    from elo_xl.event import load, rate_tournament
    from elo_xl.event.teams import board_results

    book, size, trf = _recalculated(office, tmp_path, source, rules=rules, least=least)
    standings = team_standings(trf)
    report = rate_tournament(load(source), rules)
    players = {p["start_no"]: p for p in report.to_json()["players"]}
    points = _board_points(trf, standings)
    ws = book[translate("sheet.team_players", "en")]
    compared = 0
    keys = ("games", "score", "opp_average", "change", "new_rating", "performance")
    for row in ws.iter_rows(min_row=5, max_col=11, values_only=True):
        if row[1] in (None, ""):
            continue
        p = players[row[1]]
        got = [v if v != "" else None for v in row[4:]]
        assert got == pytest.approx([points[row[1]], *(p[k] for k in keys)]), (source.name, row[1])
        compared += 7
    assert compared == 7 * len(trf.players)
    ws = book[translate("sheet.team_boards", "en")]
    prizes = board_results(standings, trf, rules, least)
    per_board = size["teams"] * (max(len(t.members) for t in standings.file.teams) - size["boards"] + 1)
    for b, rows in enumerate(prizes):
        got = [r for r in ws.iter_rows(min_row=5 + b * per_board, max_row=4 + (b + 1) * per_board, max_col=9,
                                       values_only=True) if r[1] not in (None, "")]
        expected = [[k + 1, r["start_no"], r["name"], r["team"], r["games"], r["points"], r["percent"],
                     r["performance"]] for k, r in enumerate(rows)]
        assert [[v if v != "" else None for v in r[1:]] for r in got] == expected, (source.name, b + 1)
        compared += 8 * len(expected)
