"""One event, read once, ranked once: each command reads an event's games from its cells
once (:meth:`elo_xl.event.model.Tournament.games`) and ranks it once
(:func:`elo_xl.tiebreaks.ranking`), whatever faces it goes through (the rating, the norms, the
tie-breaks, the TRF written back, the pairing).

The counts wrap every binding of the readers in the loaded ``elo_xl`` modules, so that a
module that imported a reader by name is counted too.
"""

from __future__ import annotations

import shutil
import sys
from collections import Counter
from pathlib import Path

import pytest

from elo_xl import games, tiebreaks
from elo_xl.cli import main
from elo_xl.event.samples import SWISS_TRF_PATH

READERS = {"games": (games.from_rounds, games.from_crosstable), "ranking": (tiebreaks.ranking,)}


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Counter:
    """How often each reader ran (``games``: an event's games read from cells; ``ranking``: an
    event ranked)."""
    counted: Counter = Counter()
    for what, functions in READERS.items():
        for function in functions:
            def wrapper(*args, _function=function, _what=what, **kwargs):
                counted[_what] += 1
                return _function(*args, **kwargs)

            for module in [m for name, m in sys.modules.items() if name.startswith("elo_xl") and m is not None]:
                for attribute, value in list(vars(module).items()):
                    if value is function:
                        monkeypatch.setattr(module, attribute, wrapper)
    return counted


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """The built-in sample Swiss (12 players, 7 rounds), copied."""
    return Path(shutil.copy(SWISS_TRF_PATH, tmp_path / "swiss.trf"))


@pytest.fixture
def book(tmp_path: Path, event: Path) -> Path:
    """A Swiss book made from the sample Swiss."""
    path = tmp_path / "swiss.xlsx"
    assert main(["workbook", "swiss", "--from", str(event), "-o", str(path)]) in (0, None)
    return path


def test_rate_with_norms_reads_the_games_once_and_ranks_once(event, calls, capsys):
    assert main(["rate", str(event), "--norms", "--format", "json"]) in (0, None)
    assert '"players"' in capsys.readouterr().out
    assert calls == Counter(games=1, ranking=1)


def test_export_reads_the_games_once_and_ranks_once(book, tmp_path, calls):
    out = tmp_path / "back.trf"
    assert main(["export", str(book), "-o", str(out)]) in (0, None)
    assert out.read_text(encoding="utf-8").count("\n001 ") == 12
    assert calls == Counter(games=1, ranking=1)


def test_pair_reads_the_games_of_the_event_once(tmp_path, calls, capsys):
    # the sample's entry list (no round played): round 1 paired into a TRF file
    from elo_xl.event.samples import OPEN_TRF_PATH

    entries = Path(shutil.copy(OPEN_TRF_PATH, tmp_path / "open.trf"))
    out = tmp_path / "round1.trf"
    assert main(["pair", str(entries), "-o", str(out)]) in (0, None)
    assert "Round 1 of 7" in capsys.readouterr().out
    assert calls["games"] == 1 and calls["ranking"] == 0
