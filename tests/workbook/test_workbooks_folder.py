"""The committed books in ``workbooks/`` are exactly what the generator writes today.

This proves freshness only: that nobody changed the generator without rebuilding the
folder. It does not prove that the books compute right; that is proved by recalculating
generated books in LibreOffice and comparing every output with the engine
(``test_workbook_engine.py``, ``test_workbook_formulas.py``, ``test_rules_data.py``).
The bytes depend on the XML writer openpyxl uses (lxml when installed), so lxml is pinned
in ``pyproject.toml`` to the range whose output these files were written with.
"""

from pathlib import Path

import pytest

from elo_xl.workbook import KINDS, build
from elo_xl.workbook.i18n import LANGUAGES
from books import built

FOLDER = Path(__file__).parents[2] / "workbooks"
REBUILD = "elo-xl workbook all -o workbooks"


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_committed_book_is_fresh(kind, lang):
    path = FOLDER / f"{kind}-{lang}.xlsx"
    assert path.exists(), f"{path.name} is missing; run: {REBUILD}"
    assert path.read_bytes() == built(kind, lang), f"{path.name} is stale; run: {REBUILD}"


def test_nothing_else_in_the_folder():
    expected = {f"{kind}-{lang}.xlsx" for kind in KINDS for lang in LANGUAGES}
    assert {p.name for p in FOLDER.glob("*.xlsx")} == expected


def test_build_is_deterministic():
    assert build("round-robin", "ar", players=5) == build("round-robin", "ar", players=5)


def test_one_pass_saving_equals_the_deterministic_rewrite():
    from elo_xl.workbook.archive import deterministic

    data = build("swiss", "vi", players=6, rounds=3)
    assert deterministic(data) == data
