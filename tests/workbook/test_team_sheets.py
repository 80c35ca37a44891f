"""The team book's result sheets (:mod:`elo_xl.workbook.team_crosstable`): recalculated in
LibreOffice and Gnumeric, every cell equal to what the engine reads from the same team file
(:func:`elo_xl.event.teams.team_standings`): FIDE's team exercises (IA M. Held) and two events
of FIDE's reference tool's generator.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from elo_xl.event.teams import team_standings
from elo_xl.io.trf_read import read_trf
from elo_xl.tiebreaks.unplayed import ABSENT, FORFEIT_LOST, FORFEIT_WON, FULL_BYE, GAME, HALF_BYE, PAB, ZERO_BYE
from elo_xl.workbook import build
from elo_xl.workbook.i18n import translate
from elo_xl.workbook.team_prefill import team_prefill
from books import load_workbook

DATA = Path(__file__).parents[1] / "data"
SOURCES = [DATA / "tiebreaks" / "held_team.trf",
           *(DATA / "teams" / "generated" / f"event{n:03d}.trf" for n in (21, 25))]
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
    book = load_workbook(io.BytesIO(build("team", lang, rules=rules, **size, prefill=data)))
    (sheet, cell), = book.defined_names["BoardGames"].destinations
    book[sheet][cell.replace("$", "")] = least
    book.save(path)
    office.recalculate(path, done)
    return load_workbook(done, data_only=True), size, trf


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


def test_a_book_typed_by_hand_shows_every_kind_of_round(office, tmp_path):
    """Four teams of two boards typed into a new book (as in test_team_book): a match won, a
    match with a forfeited board, a forfeited match, a PAB, an H and a Z bye, a match waiting
    for a board's result, an absence; the crosstable shows each as the engine's matches say."""
    from fractions import Fraction as F

    from books import typed_team_book
    from elo_xl.tiebreaks.teams import NO_MATCH, Match

    book = typed_team_book()
    path, done = tmp_path / "typed.xlsx", tmp_path / "typed-done.xlsx"
    book.save(path)
    office.recalculate(path, done)
    half = F(1, 2)
    matches = [
        [Match(2, "w", GAME, F(2), F(3, 2)), Match(3, "w", FORFEIT_LOST, F(0), F(0)), NO_MATCH],
        [Match(1, "b", GAME, F(0), half), Match(None, "", PAB, F(2), F(2)), Match(4, "w", GAME, F(0), F(0), (), False)],
        [Match(4, "w", GAME, F(1), F(1)), Match(1, "b", FORFEIT_WON, F(2), F(2)),
         Match(None, "", ZERO_BYE, F(0), F(0))],
        [Match(3, "b", GAME, F(1), F(1)), Match(None, "", HALF_BYE, F(1), F(1)),
         Match(2, "b", GAME, F(0), F(0), (), False)],
    ]
    ws = load_workbook(done, data_only=True)[translate("sheet.team_crosstable", "en")]
    for i, row in enumerate(matches):
        assert [ws.cell(5 + i, 3 + t).value or "" for t in range(3)] == [_engine_round(m) for m in row], i + 1
    assert [ws.cell(5, 3 + t).value or "" for t in range(3)] == ["2w 1½", "3w −", ""]


def _one_board_file() -> str:
    """Two teams of one board, eight rounds: ½ and 7½ of 8, percentages that end in 5 (6.25 and
    93.75), which ``rate`` rounds to the even tenth."""
    results = ["=", "0", "0", "0", "0", "0", "0", "0"]
    colours = ["w", "b"] * 4

    def line(no: int, name: str, opponent: int, colours: list[str], results: list[str]) -> str:
        return f"001 {no:4d}      {name:<77}" + "  ".join(f"{opponent:>4} {c} {r}" for c, r in zip(colours, results))
    return "\n".join([
        "012 Ties", "092 Team Swiss System", "192 FIDE_TEAM_MP_GP",
        line(1, "Alpha One", 2, colours, results),
        line(2, "Beta One", 1, [{"w": "b", "b": "w"}[c] for c in colours], [{"=": "=", "0": "1"}[r] for r in results]),
        "310   1 Alpha" + " " * 60 + "   1", "310   2 Beta" + " " * 61 + "   2"])


def test_a_board_percentage_is_rounded_as_rate_rounds_it(office, tmp_path):
    from elo_xl.event.teams import board_results

    source = tmp_path / "ties.trf"
    source.write_text(_one_board_file())
    book, _, trf = _recalculated(office, tmp_path, source)
    ws = book[translate("sheet.team_boards", "en")]
    expected = [(r["start_no"], r["percent"]) for r in board_results(team_standings(trf), trf, "FIDE", 1)[0]]
    assert expected == [(2, 93.8), (1, 6.2)]
    assert [(ws.cell(5 + k, 3).value, ws.cell(5 + k, 8).value) for k in range(2)] == expected


def _out_of_order_file() -> str:
    """Two teams of four members on two boards, four rounds, each round's lineup (``300``)
    another pair of members, board 1 first: every member plays on board 1 once."""
    games, lineups = {}, []
    for t in range(4):
        a, b = [1 + t, 1 + (t + 1) % 4], [5 + t, 5 + (t + 1) % 4]
        for k, result in enumerate(("=" if t % 2 == 0 else "1", "0")):
            games[(a[k], t)] = (b[k], "wb"[k], result)
            games[(b[k], t)] = (a[k], "bw"[k], {"=": "=", "1": "0", "0": "1"}[result])
        lineups += [f"300 {t + 1} 1 2 {a[0]} {a[1]}", f"300 {t + 1} 2 1 {b[0]} {b[1]}"]
    lines = ["012 Order", "092 Team Swiss System", "192 FIDE_TEAM_MP_GP"]
    for p in range(1, 9):
        fields = [f"{g[0]:>4} {g[1]} {g[2]}" if (g := games.get((p, t))) else " " * 8 for t in range(4)]
        lines.append((f"001 {p:4d}      {'Player ' + str(p):<77}" + "  ".join(fields)).rstrip())
    return "\n".join([*lines, "310   1 Alpha" + " " * 60 + "   1    2    3    4",
                      "310   2 Beta" + " " * 61 + "   5    6    7    8", *lineups])


def test_places_beyond_a_boards_rows_are_counted_under_the_table(office, tmp_path):
    """Lineups out of the roster's order put more players on board 1 than its rows (the teams
    times the reserves plus one): the rows show the engine's first places, and a red line under
    the table counts the others."""
    from elo_xl.event.teams import board_results

    source = tmp_path / "order.trf"
    source.write_text(_out_of_order_file())
    book, _, trf = _recalculated(office, tmp_path, source)
    prizes = board_results(team_standings(trf), trf, "FIDE", 1)
    per_board = 2 * (4 - 2 + 1)
    assert [len(rows) for rows in prizes] == [8, 8]
    ws = book[translate("sheet.team_boards", "en")]
    for b, rows in enumerate(prizes):
        shown = [(ws.cell(5 + b * per_board + k, 3).value, ws.cell(5 + b * per_board + k, 8).value)
                 for k in range(per_board)]
        assert shown == [(r["start_no"], r["percent"]) for r in rows[:per_board]]
    below = ws.cell(5 + 2 * per_board, 1).value
    assert below.startswith(f"Not shown: {sum(len(rows) - per_board for rows in prizes)} players' places beyond"), below
