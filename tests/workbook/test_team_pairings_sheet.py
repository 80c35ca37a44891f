"""The team book's Matches sheet (:mod:`elo_xl.workbook.team_pairings_sheet`): a round's
matches board by board, recalculated in LibreOffice and Gnumeric, equal line for line to what
the team file says: the teams of each match in the order typed, the match score the engine
gives (:func:`elo_xl.event.teams.read_teams`) and each team's average rating over its rated
players on the boards, each board's players (number, name, rating from
the file's ``001`` lines) and result, then the teams without a match and their letters.

Held's team exercises (``tests/data/tiebreaks/held_team.trf``: round 7, the last one typed,
with a zero-point bye and the PAB; round 3 chosen in the sheet's round cell) and an event of
FIDE's reference tool's generator (forfeited matches and boards)."""

from __future__ import annotations

import io
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from elo_xl.event.teams import read_teams
from elo_xl.io.trf_read import read_trf
from elo_xl.tiebreaks.unplayed import FORFEIT_WON, GAME
from elo_xl.workbook import build
from elo_xl.workbook.i18n import translate
from elo_xl.workbook.team_pairings_sheet import TOP, lines_needed
from elo_xl.workbook.team_prefill import team_prefill
from books import load_workbook

DATA = Path(__file__).parents[1] / "data"
HELD = DATA / "tiebreaks" / "held_team.trf"
GENERATED = DATA / "teams" / "generated" / "event021.trf"
SHOWN = {"1": "1 – 0", "½": "½ – ½", "0": "0 – 1", "+": "+ – −", "-": "− – +"}


def _half(x: Fraction) -> str:
    """A score as the sheet writes it: 2½, ½, 0."""
    whole = int(x)
    return ("" if whole == 0 and x != 0 else str(whole)) + ("½" if x - whole else "")


def expected(source: Path, t: int) -> list[tuple[Any, ...]]:
    """Round ``t`` (from 0) of ``source`` as the Matches sheet prints it: per line board, number,
    name, rating, result, number, name, rating (blank cells as None)."""
    trf = read_trf(source)
    _, data = team_prefill(trf)
    event = read_teams(trf).event
    players = {p.start_no: p for p in trf.players}
    teams = data["teams"]
    rows = data["rounds"][t]
    boards = event.boards
    out: list[tuple[Any, ...]] = []
    alone: list[tuple[int, str]] = []
    for home, away, board, *_ in rows:
        if away is None and board is None:
            continue
        if board not in (None, 1):
            continue
        ours, theirs = event.matches[home - 1][t], event.matches[away - 1][t]
        if ours.kind == GAME:
            score = f"{_half(ours.gp)} – {_half(theirs.gp)}"
        else:
            score = "+ – −" if ours.kind == FORFEIT_WON else "− – +"
        heading = len(out)
        out.append((None, home, teams[home - 1], None, score, away, teams[away - 1], None))
        rated: tuple[list[int], list[int]] = ([], [])
        for b in range(1, boards + 1):
            line = next((r for r in rows if r[0] == home and r[2] == b), None)
            if line is None:
                out.append((None,) * 8)
                continue
            _, _, _, hp, ap, result = line
            side = lambda no: ((no, players[no].name, players[no].rating or None) if no is not None  # noqa: E731
                               else (None, None, None))
            out.append((b, *side(hp), SHOWN.get(result), *side(ap)))
            for k, no in enumerate((hp, ap)):
                if no is not None and players[no].rating:
                    rated[k].append(players[no].rating)
        # the match's line: each team's average rating over its rated players on the boards, rounded half up
        average = [int(Decimal(sum(r)) / len(r) + Decimal("0.5")) if r else None for r in rated]
        line = list(out[heading])
        line[3], line[7] = average
        out[heading] = tuple(line)
    for home, away, board, _, _, letter in rows:
        if away is None and board is None and letter:
            alone.append((home, letter))
    if alone:
        out.append((None, None, translate("pairings.not_paired", "en"), None, None, None, None, None))
        out.extend((None, no, teams[no - 1], None, letter, None, None, None) for no, letter in alone)
    return out


def _printed(path: Path, sheet: str = "Matches") -> tuple[str, list[tuple[Any, ...]]]:
    ws = load_workbook(path, data_only=True)[sheet]
    lines = [tuple(None if v in ("", None) else v for v in row)
             for row in ws.iter_rows(min_row=TOP, max_col=8, values_only=True)]
    while lines and not any(v is not None for v in lines[-1]):
        lines.pop()
    return ws["A3"].value or None, lines


@pytest.mark.parametrize(("source", "chosen"), [(HELD, None), (HELD, 3), (GENERATED, None)],
                         ids=["held-last", "held-round-3", "generated"])
def test_the_matches_of_a_round_as_the_file_has_them(office, tmp_path, source, chosen):
    size, data = team_prefill(read_trf(source))
    book = load_workbook(io.BytesIO(build("team", **size, prefill=data)))
    if chosen is not None:
        book["Matches"]["H3"] = chosen
    path, done = tmp_path / "book.xlsx", tmp_path / "done.xlsx"
    book.save(path)
    office.recalculate(path, done)
    round_ = chosen or size["rounds"]
    title, lines = _printed(done)
    assert title == f"Round {round_}, home team first"
    want = expected(source, round_ - 1)
    assert len(lines) == len(want) and len(lines) <= lines_needed(size["teams"], size["boards"])
    for k, (got, line) in enumerate(zip(lines, want)):
        numbers = lambda row: tuple(float(v) if isinstance(v, (int, float)) else v for v in row)  # noqa: E731
        assert numbers(got) == numbers(line), (round_, k)


def test_a_new_book_prints_no_match(office, tmp_path):
    """An empty book: no round line and no line at all."""
    path, done = tmp_path / "new.xlsx", tmp_path / "done.xlsx"
    path.write_bytes(build("team", teams=4, boards=2, rounds=3))
    office.recalculate(path, done)
    assert _printed(done) == (None, [])
