"""The team book (``elo-xl workbook team``): its contract and layout, the team file it is made
from, and its standings recalculated in LibreOffice and Gnumeric equal to the engine's
(:func:`elo_xl.event.teams.team_standings`, itself checked against FIDE's solutions and FIDE's
reference tool) for every team: match points, game points, each tie-break of the list and the
rank.

* FIDE's team exercises (IA M. Held; ``tests/data/tiebreaks/held_team.trf``: 14 teams, a PAB,
  H and Z team byes, a forfeited match), every code the book offers, under both rule versions.
* Three events of FIDE's reference tool's generator (``tests/data/teams/generated/``: byes,
  forfeited matches and boards; one where teams meet twice).
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from openpyxl.utils.cell import range_boundaries

from books import built, load_workbook
from elo_xl.cli import main
from elo_xl.errors import EloError
from elo_xl.event.teams import read_teams, team_standings
from elo_xl.io.trf_read import parse_trf, read_trf
from elo_xl.recalc import read_named
from elo_xl.workbook import KINDS, build, sizes
from elo_xl.workbook import names
from elo_xl.workbook.i18n import translate
from elo_xl.workbook.team_book import DEFAULT, OFFERED
from elo_xl.workbook.team_prefill import team_prefill

DATA = Path(__file__).parents[1] / "data"
HELD = DATA / "tiebreaks" / "held_team.trf"
GENERATED = [DATA / "teams" / "generated" / f"event{n:03d}.trf" for n in (21, 25, 36)]
#: Every code the book computes, in four lists of six slots.
LISTS = (["MPvGP", "BH:MP/C1", "BH:MP", "BH:GP", "BH:GP/C1", "EMGSB"],
         ["EMMSB", "EGMSB", "EGGSB", "ESB", "GP", "BH:MP/C1"],
         ["BH:MP/C2", "BH:GP/C2", "BH:MP/M1", "BH:GP/M1", "MPvGP", "BH:MP"],
         ["EMMSB/C1", "EMGSB/C1", "EGMSB/C1", "EGGSB/C1", "ESB/C1", "BH:GP/M1"])
#: The EDE family (one code per list), first where the groups are largest, later behind others,
#: board count (BC: the lower first) and SSSC before and after it; TBR and BBE first (the groups
#: tied on match points), after each other and after EDE.
EDE_LISTS = (["EDE", "MPvGP", "BH:MP"], ["EDEC", "BH:MP/C1", "BC"], ["BC", "EDET", "TBR"],
             ["SSSC", "EDEB", "BH:MP"], ["BH:MP", "EDEBT", "MPvGP"], ["EDEBB", "SSSC", "BH:GP/C1"],
             ["TBR", "BBE", "MPvGP"], ["BBE", "GP", "BC"])
OUTPUTS = ["MatchPoints", "GamePoints", "TeamRank", *names.TEAM_TIEBREAK_VALUES]


def _shape(book: openpyxl.Workbook, name: str) -> tuple[int, int]:
    (_, reference), = book.defined_names[name].destinations
    low_col, low_row, high_col, high_row = range_boundaries(reference.replace("$", ""))
    return high_row - low_row + 1, high_col - low_col + 1


def _cells(book: openpyxl.Workbook, name: str) -> list[list[Any]]:
    (sheet, reference), = book.defined_names[name].destinations
    cells = book[sheet][reference.replace("$", "")]
    if not isinstance(cells, tuple):
        return [[cells.value]]
    return [[c.value for c in row] for row in cells]


def test_the_kind_and_its_sizes():
    assert [s.option for s in KINDS["team"].sizes] == ["teams", "boards", "rounds"]
    assert sizes("team") == {"teams": 10, "boards": 4, "rounds": 9}
    with pytest.raises(EloError, match="--teams: 1 is not possible for a team book"):
        sizes("team", teams=1)


def test_the_contract_one_row_per_team():
    book = load_workbook(io.BytesIO(built("team", teams=6, boards=3, rounds=5)))
    for name in names.CONTRACT["team"].inputs + names.CONTRACT["team"].outputs:
        assert name in book.defined_names, name
    for name in (names.TEAM_NAMES, *names.TEAM_OUTPUTS, *names.TEAM_TIEBREAK_VALUES, names.TEAM_RANK):
        assert _shape(book, name) == (6, 1), name
    # rosters: the boards and two reserves per team, numbered team by team
    assert _shape(book, "RosterNos") == (6 * 5, 1)
    assert [row[0] for row in _cells(book, "RosterNos")][:6] == [1, 2, 3, 4, 5, 6]
    # the rounds: every match's boards and two rows, six columns per round
    assert _shape(book, names.TEAM_ROUNDS) == (3 * 3 + 2, 6 * 5)
    assert [row[0] for row in _cells(book, names.TEAM_TIEBREAK_LIST)] == [*DEFAULT, None, None]
    assert _cells(book, "TiebreakCodes") and [row[0] for row in _cells(book, "TiebreakCodes")] == list(OFFERED)
    assert _cells(book, "MatchWin") == [[2]] and _cells(book, "PabGamePoints") == [[3]]


def test_the_rounds_headers_in_every_language():
    for lang in ("en", "ar"):
        book = load_workbook(io.BytesIO(built("team", lang, teams=4, boards=2, rounds=2)))
        (sheet, reference), = book.defined_names[names.TEAM_ROUNDS].destinations
        low_col, low_row, _, _ = range_boundaries(reference.replace("$", ""))
        ws = book[sheet]
        assert [ws.cell(low_row - 1, low_col + k).value for k in range(6)] == [
            translate(key, lang) for key in names.TEAM_ROUND_HEADERS]


def test_a_team_file_prefills_every_round():
    sizes_, data = team_prefill(read_trf(HELD))
    assert sizes_ == {"teams": 14, "boards": 4, "rounds": 7}
    assert data["tiebreaks"] == list(DEFAULT) and data["points"] == (2, 1, 0, 1, 2)
    round5, round6, round7 = data["rounds"][4], data["rounds"][5], data["rounds"][6]
    assert (12, None, None, None, None, "U") in round5 and (14, None, None, None, None, "H") in round5
    assert (1, 6, None, None, None, "+") in round6  # the forfeited match, one row
    assert (14, None, None, None, None, "U") in round7
    assert (7, None, None, None, None, "Z") in round7
    assert len(round7) == 6 * 4 + 2  # six matches of four boards and the two byes
    assert all(len([row for row in rows if row[2] is not None]) % 4 == 0 for rows in data["rounds"])
    book = load_workbook(io.BytesIO(build("team", **sizes_, prefill=data)))
    assert [row[0] for row in _cells(book, names.TEAM_NAMES)][:3] == ["Antelopes", "Bonobos", "Cougars"]
    first = _cells(book, names.TEAM_ROUNDS)[0][:6]
    assert first[0] in range(1, 15) and first[2] == 1 and first[5] in ("1", "0", "½")


@pytest.mark.parametrize(("change", "message"), [
    (("192 FIDE_TEAM_MP_GP", "192 FIDE_TEAM_GP_MP"), "ranks game points first"),
    (("362 TW 2.0", "299    -1.0  -2.0    4   11\n362 TW 2.0"), "abnormal points"),
    (("362 TW 2.0", "162  W 3.0    D 1.0    L 0.0\n362 TW 2.0"), "otherwise than 1, ½, 0"),
])
def test_what_the_book_cannot_hold_is_refused_in_one_line(change, message):
    text = HELD.read_text().replace(*change)
    with pytest.raises(EloError, match=message) as raised:
        team_prefill(parse_trf(text))
    assert "\n" not in str(raised.value)


def test_the_command_line(tmp_path, capsys):
    out = tmp_path / "held.xlsx"
    assert main(["workbook", "team", "--from", str(HELD), "-o", str(out)]) == 0
    assert capsys.readouterr().out.strip() == f"{out}: team book, 14 teams, 4 boards, 7 rounds (7 with results)"
    assert main(["workbook", "team", "--teams", "6", "--boards", "3", "-o", str(tmp_path / "t.xlsx")]) == 0
    assert "team book, 6 teams, 3 boards, 9 rounds" in capsys.readouterr().out
    assert main(["workbook", "team", "--from", str(HELD), "--teams", "20", "-o", str(tmp_path / "x.xlsx")]) == 2
    assert "--teams does not apply with --from" in capsys.readouterr().err
    assert main(["workbook", "team", "--from", str(HELD), "--k", "20", "-o", str(tmp_path / "x.xlsx")]) == 2
    assert "--k does not apply to a team book" in capsys.readouterr().err
    assert main(["workbook", "team", "--from", str(DATA / "tiebreaks" / "held_swiss_5.trf"),
                 "-o", str(tmp_path / "x.xlsx")]) == 2
    assert "has no teams" in capsys.readouterr().err
    # export writes a team book's TRF team file (tests/workbook/test_team_export.py)
    assert main(["export", str(out), "-o", str(tmp_path / "back.trf")]) == 0
    assert "back.trf: TRF, 56 players, 7 rounds" in capsys.readouterr().out
    assert main(["pair", str(out)]) == 2
    err = capsys.readouterr().err
    assert "all 7 rounds are paired; give --rounds N to add rounds" in err and err.count("\n") == 1  # pair: tests/teams


def _compare(office: Any, tmp_path: Path, source: Path, codes: list[str], version: str) -> int:
    """Recalculate the book made from ``source`` with ``codes`` and ``version``; assert every
    team's outputs equal the engine's; return how many values were compared."""
    trf = read_trf(source)
    size, data = team_prefill(trf)
    data["tiebreaks"], data["tiebreak_rules"] = codes, version
    path, done = tmp_path / f"{source.stem}.xlsx", tmp_path / f"{source.stem}-done.xlsx"
    path.write_bytes(build("team", **size, prefill=data))
    office.recalculate(path, done)
    got = {name: [row[0] for row in values] for name, values in read_named(done, OUTPUTS).items()}
    standings = team_standings(trf, codes, version)
    rows = {row["no"]: row for row in standings.rows()}
    compared = 0
    for i in range(size["teams"]):
        row = rows[i + 1]
        expected = [row["match_points"], row["game_points"], *(row["tiebreaks"][c] for c in codes),
                    standings.ranking.ranks[i]]
        book = [got["MatchPoints"][i], got["GamePoints"][i], *(got[f"TeamTiebreak{k + 1}"][i]
                                                               for k in range(len(codes))), got["TeamRank"][i]]
        assert book == pytest.approx(expected), (source.name, version, i + 1)
        compared += len(expected)
    return compared


@pytest.mark.parametrize("version", ["2024", "2026"])
def test_held_team_exercises_equal_the_engine(office, tmp_path, version):
    assert sum(_compare(office, tmp_path, HELD, codes, version) for codes in LISTS) == 4 * 14 * 9


@pytest.mark.parametrize("version", ["2024", "2026"])
def test_held_team_exercises_equal_the_engine_on_ede(office, tmp_path, version):
    """The EDE family, each code first in a list (the groups tied on match points alone) or
    behind other tie-breaks."""
    assert sum(_compare(office, tmp_path, HELD, codes, version) for codes in EDE_LISTS) == 14 * 48


@pytest.mark.parametrize("source", GENERATED, ids=lambda p: p.stem)
def test_generated_team_events_equal_the_engine(office, tmp_path, source):
    _compare(office, tmp_path, source, LISTS[0], "2024")
    _compare(office, tmp_path, source, LISTS[1], "2026")
    _compare(office, tmp_path, source, LISTS[2], "2024" if source == GENERATED[0] else "2026")
    _compare(office, tmp_path, source, LISTS[3], "2026" if source == GENERATED[0] else "2024")


#: Generated events whose EDE groups take every path of the book's stages: the boards of a pair
#: (event 4 and 27 where teams met twice), levels on game points, a team ranked first of a group
#: not all met (events 25, 95, 99).
EDE_EVENTS = [DATA / "teams" / "generated" / f"event{n:03d}.trf" for n in (4, 25, 27, 95, 99)]


@pytest.mark.parametrize("source", EDE_EVENTS, ids=lambda p: p.stem)
def test_generated_team_events_equal_the_engine_on_ede(office, tmp_path, source):
    compared = sum(_compare(office, tmp_path, source, codes, ("2024", "2026")[k % 2])
                   for k, codes in enumerate(EDE_LISTS))
    assert compared == 48 * len(read_teams(read_trf(source)).teams)


def test_a_book_typed_by_hand_equals_the_engine(office, tmp_path):
    """Four teams of two boards typed into a new book: a match won, a match drawn by a board
    forfeited inside it, a forfeited match, a PAB, an H and a Z bye, a match still waiting for
    a board's result, an absence to the end; the standings equal the engine's for the same
    matches under both rule versions."""
    from fractions import Fraction as F

    from books import put, typed_team_book
    from elo_xl.tiebreaks.teams import NO_MATCH, Match, TeamEvent, team_ranking
    from elo_xl.tiebreaks.unplayed import FORFEIT_LOST, FORFEIT_WON, GAME, HALF_BYE, PAB, ZERO_BYE

    book = typed_team_book()
    half = F(1, 2)
    event = TeamEvent([
        [Match(2, "w", GAME, F(2), F(3, 2), (F(1), half)), Match(3, "w", FORFEIT_LOST, F(0), F(0)), NO_MATCH],
        [Match(1, "b", GAME, F(0), half, (F(0), half)), Match(None, "", PAB, F(2), F(2)),
         Match(4, "w", GAME, F(0), F(0), (half,), False)],
        [Match(4, "w", GAME, F(1), F(1), (F(0), F(1))), Match(1, "b", FORFEIT_WON, F(2), F(2)),
         Match(None, "", ZERO_BYE, F(0), F(0))],
        [Match(3, "b", GAME, F(1), F(1), (F(1), F(0))), Match(None, "", HALF_BYE, F(1), F(1)),
         Match(2, "b", GAME, F(0), F(0), (half,), False)],
    ], boards=2)
    for codes, version in ((LISTS[0], "2024"), (LISTS[1], "2026"), (LISTS[2], "2024"), (LISTS[3], "2026")):
        put(book, names.TEAM_TIEBREAK_LIST, codes)
        put(book, names.TEAM_TIEBREAK_RULES, int(version))
        path, done = tmp_path / f"typed-{version}.xlsx", tmp_path / f"typed-{version}-done.xlsx"
        book.save(path)
        office.recalculate(path, done)
        got = {name: [row[0] for row in values] for name, values in read_named(done, OUTPUTS).items()}
        ranking = team_ranking(event, codes, version)
        assert got["MatchPoints"] == [2, 2, 3, 2]
        assert got["GamePoints"] == [1.5, 2.5, 3, 2]
        for k in range(len(codes)):
            assert got[f"TeamTiebreak{k + 1}"] == pytest.approx([float(v[k]) for v in ranking.values]), codes[k]
        assert got["TeamRank"] == ranking.ranks


@pytest.mark.parametrize("source", [HELD, GENERATED[0]], ids=lambda p: p.stem)
def test_no_error_cell_in_a_book_made_from_a_team_file(libreoffice, source, tmp_path):
    from elo_xl.workbook import recalculated

    size, data = team_prefill(read_trf(source))
    done = recalculated(build("team", "ar", **size, prefill=data), libreoffice)
    assert done.errors == []
    (tmp_path / "done.xlsx").write_bytes(done.data)
    averages = [row[0] for row in read_named(tmp_path / "done.xlsx", ["TeamAverages"])["TeamAverages"]]
    assert all(a in ("", None) for a in averages) if source == HELD else all(isinstance(a, (int, float)) for a in averages)


@pytest.mark.parametrize("lang", ["en", "vi", "ar", "ru"])
def test_the_book_of_held_prints_its_rows_on_every_page(libreoffice, tmp_path, lang):
    """Held's book printed: the Event sheet, the Teams (two pages), the Rounds (whole rounds on
    each page), the Standings, the Crosstable, the Players, the Boards and the Matches (no
    match cut), every page after the Event's with rows on it (no page of headers alone); the
    Tables sheet not printed; an Arabic book right to left."""
    import re
    import subprocess

    size, data = team_prefill(read_trf(HELD))
    source, pdf = tmp_path / f"held-{lang}.xlsx", tmp_path / f"held-{lang}.pdf"
    source.write_bytes(build("team", lang, **size, prefill=data))
    if lang == "ar":
        assert all(ws.sheet_view.rightToLeft for ws in load_workbook(source).worksheets)
    libreoffice.export_pdf(source, pdf)
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    pages = [page for page in text.split("\f") if page.strip()]
    assert len(pages) <= (14 if lang == "ar" else 13), len(pages)
    for k, page in enumerate(pages[1:], start=2):
        rows = [line for line in page.splitlines() if len(re.findall(r"\d+", line)) >= 3]
        assert len(rows) >= 5, f"page {k} has no rows"
    assert not any(translate("tables.title", lang) in page for page in pages)
    standings = next(page for page in pages[1:] if "EMGSB/C1" in page)  # the Event page lists it too
    if lang != "ar":  # pdftotext gives Arabic words in visual order
        assert translate("title.team_standings", lang, teams=14) in standings
    assert all(name in standings for name in data["teams"]) and "EMGSB/C1" in standings


def test_the_files_list_of_team_tiebreaks_fills_the_slots():
    """A ``202`` of team codes is the book's list, as written; a code the book does not compute
    (BH:GP/M2) stays in its slot, where the Event sheet shows it red and it counts nothing."""
    text = HELD.read_text().replace("212 PTS, MPvGP", "202 PTS, BH:GP/C1, BH:GP/M2, MPvGP")
    _, data = team_prefill(parse_trf(text))
    assert data["tiebreaks"] == ["BH:GP/C1", "BH:GP/M2", "MPvGP"]
    book = load_workbook(io.BytesIO(build("team", teams=14, boards=4, rounds=7, prefill=data)))
    assert [row[0] for row in _cells(book, names.TEAM_TIEBREAK_LIST)] == ["BH:GP/C1", "BH:GP/M2", "MPvGP", None, None,
                                                                         None]
    assert "BH:GP/M2" not in OFFERED


def test_a_second_ede_code_turns_red_and_counts_nothing(libreoffice, tmp_path):
    """The book computes the first EDE code of the list; a second one is refused on the Event
    sheet (its slot counts nothing), the codes after it count; so is TBR below BBE."""
    size, data = team_prefill(read_trf(HELD))
    data["tiebreaks"] = ["EDE", "MPvGP", "EDEC", "BC", "BBE", "TBR"]
    path, done = tmp_path / "two.xlsx", tmp_path / "two-done.xlsx"
    path.write_bytes(build("team", **size, prefill=data))
    libreoffice.recalculate(path, done)
    got = read_named(done, ["TbCodes", "TeamTiebreak3", "TeamTiebreak4"])
    assert [row[0] or "" for row in got["TbCodes"]] == ["EDE", "MPvGP", "", "BC", "BBE", ""]  # TBR: above BBE only
    assert {row[0] for row in got["TeamTiebreak3"]} == {0}
    assert all(isinstance(row[0], (int, float)) and row[0] > 0 for row in got["TeamTiebreak4"])
