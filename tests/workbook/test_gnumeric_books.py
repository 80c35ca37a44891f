"""The books recalculate in Gnumeric as in LibreOffice and Excel: no error value, and the
standings and ratings Gnumeric computes equal the engine's and hand-worked values.

Gnumeric (``ssconvert --recalc``) is installed by ``.ci/run``; elsewhere these tests are
skipped where it is missing.
"""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from books import load_workbook, put
from ci import missing

from elo_xl import rate_event
from elo_xl.recalc import read_named, read_values
from elo_xl.workbook import build
from elo_xl.workbook.i18n import translate

pytestmark = [pytest.mark.filterwarnings("ignore:Workbook contains no default style"), pytest.mark.office]


@pytest.fixture(autouse=True)
def _needs_gnumeric() -> None:
    """Gnumeric's ssconvert: skipped where it is missing, failed under CI (which installs it)."""
    if shutil.which("ssconvert") is None:
        missing("Gnumeric's ssconvert is not installed")

RATINGS = [2150, 2040, 1930, 1800]
#: A 4-player round robin typed on one side: A–B 1, A–C ½, A–D 1, B–C 0, B–D 1, C–D ½.
RESULTS = [[None, 1, 0.5, 1], [None, None, 0, 1], [None, None, None, "½"], [None, None, None, None]]


def gnumeric(book: openpyxl.Workbook, folder: Path, names: tuple[str, ...]) -> dict[str, Any]:
    """The values Gnumeric computes for ``names`` (and a check that no cell shows an error)."""
    source, target = folder / "book.xlsx", folder / "gnumeric.xlsx"
    book.save(source)
    subprocess.run(["ssconvert", "--recalc", str(source), str(target)], check=True, capture_output=True, timeout=300)
    errors = [f"{sheet}!{cell}={value}" for sheet, cells in read_values(target).items() for cell, value in cells.items()
              if isinstance(value, str) and value.startswith("#")]
    assert not errors, errors[:10]
    return read_named(target, names)


def column(rows: list[list[Any]]) -> list[Any]:
    return [row[0] for row in rows]


def test_round_robin_in_gnumeric(tmp_path: Path) -> None:
    book = load_workbook(io.BytesIO(build("round-robin", players=4)))
    put(book, "Ratings", RATINGS)
    put(book, "KFactors", [20] * 4)
    put(book, "Results", RESULTS)
    values = gnumeric(book, tmp_path, ("Points", "Games", "Change", "NewRating", "Performance", "Forecast"))
    # points by hand: A 1 + ½ + 1, B 0 + 0 + 1, C ½ + 1 + ½, D 0 + 0 + ½
    assert column(values["Points"]) == [2.5, 1, 2, 0.5]
    engine = rate_event(RATINGS, RESULTS, 20)
    for name, attribute in (("Games", "games"), ("Change", "change"), ("NewRating", "new_rating"),
                            ("Performance", "performance")):
        assert column(values[name]) == [getattr(o, attribute) for o in engine], name
    assert column(values["Forecast"]) == [2.5, 1, 2, 0.5]  # nothing left to play


def test_round_robin_standings_in_gnumeric(tmp_path: Path) -> None:
    """Sonneborn-Berger by hand: A 1×1 + ½×2 + 1×½ = 2.5; B 1×½ = 0.5; C ½×2.5 + 1×1 + ½×½ = 2.5;
    D ½×2 = 1. Rank by points: A, C, B, D."""
    book = load_workbook(io.BytesIO(build("round-robin", players=4)))
    put(book, "Ratings", RATINGS)
    put(book, "Results", RESULTS)
    source = tmp_path / "book.xlsx"
    book.save(source)
    target = tmp_path / "gnumeric.xlsx"
    subprocess.run(["ssconvert", "--recalc", str(source), str(target)], check=True, capture_output=True, timeout=300)
    sheet = load_workbook(target, data_only=True).worksheets[1]
    header = {sheet.cell(5, c).value: c for c in range(1, sheet.max_column + 1) if sheet.cell(5, c).value}
    sb = [sheet.cell(6 + i, header[translate("out.SB")]).value for i in range(4)]
    rank = [sheet.cell(6 + i, header[translate("out.Rank")]).value for i in range(4)]
    assert sb == [2.5, 0.5, 2.5, 1]
    assert rank == [1, 3, 2, 4]


def test_swiss_in_gnumeric(tmp_path: Path) -> None:
    prefill = {"name": ["A", "B", "C", "D"], "rating": [2150, 2040, 1930, 1800], "k": [20] * 4,
               "pairings": [[4, 3], [3, 4], [2, 1], [1, 2]], "results": [[1, "½"], ["½", 1], ["½", "½"], [0, 0]]}
    book = load_workbook(io.BytesIO(build("swiss", players=4, rounds=2, prefill=prefill)))
    values = gnumeric(book, tmp_path, ("Points", "Games", "Change", "NewRating"))
    assert column(values["Points"]) == [1.5, 1.5, 1, 0]
    engine = rate_event(prefill["rating"], prefill["results"], 20, pairings=prefill["pairings"])
    assert column(values["Change"]) == [o.change for o in engine]
    assert column(values["NewRating"]) == [o.new_rating for o in engine]


def test_player_in_gnumeric(tmp_path: Path) -> None:
    # 2500 against three 2400s, 1 ½ 0 at K 10: ΣPD 1.92, 10 × (1.5 − 1.92) = −4.2 → −4
    book = load_workbook(io.BytesIO(build("player", games=3)))
    put(book, "Rating", 2500)
    put(book, "K", 10)
    put(book, "OppRatings", [2400] * 3)
    put(book, "Results", [1, "½", 0])
    assert gnumeric(book, tmp_path, ("Expected", "Change", "NewRating")) == {
        "Expected": 1.92, "Change": -4, "NewRating": 2496}


def test_match_in_gnumeric(tmp_path: Path) -> None:
    """Two 2000s at K 20, A scores 1, 0, ½. Rated once: 1.5 against 1.5 expected, no change.
    Game by game: +10/−10; then 2010 v 1990 (D 20: .53/.47) A −10.6 → −11, B +10.6 → +11;
    then 1999 v 2001 (D 2: .50) a draw, no change."""
    book = load_workbook(io.BytesIO(build("match", games=3)))
    for name, value in (("RatingA", 2000), ("RatingB", 2000), ("KA", 20), ("KB", 20), ("Results", [1, 0, "½"])):
        put(book, name, value)
    values = gnumeric(book, tmp_path, ("NewRatingA", "NewRatingB", "RunningA", "RunningB"))
    assert (values["NewRatingA"], values["NewRatingB"]) == (2000, 2000)
    assert column(values["RunningA"]) == [2010, 1999, 1999]
    assert column(values["RunningB"]) == [1990, 2001, 2001]
