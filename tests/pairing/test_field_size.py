"""``pair``'s stated size: a field larger than gacrux pairs within reason is refused in one
line before gacrux is called, and a pairing that takes a while says so on a terminal.

Expected values: the limit as ``docs/cli.md`` states it (1,500 players); the refusal must come
before gacrux is called (gacrux is replaced here by a function that fails the test).
"""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest

from elo_xl.cli import main
from elo_xl.errors import EloError
from elo_xl.event import pairings
from elo_xl.pairing.field_size import MAX_PLAYERS, check_field

OPEN = Path(__file__).resolve().parents[2] / "elo_xl" / "data" / "sample-open.trf"


def _field(players: int) -> str:
    """A TRF file of ``players`` players and no round played (7 rounds)."""
    lines = ["012 Large Open", "XXR 7"]
    for n in range(1, players + 1):
        lines.append(f"001 {n:4d}      {'Player ' + str(n):<33} {2700 - n // 2:4d}{'':28}0.0")
    return "\n".join(lines) + "\n"


def _no_gacrux(*args, **kwargs):
    raise AssertionError("gacrux was called")


def test_the_limit_is_the_one_the_documentation_states():
    assert MAX_PLAYERS == 1500
    check_field(1500)
    with pytest.raises(EloError, match=r"^1,501 players is more than pair handles \(1,500 at most: about "):
        check_field(1501)


def test_a_field_over_the_limit_is_refused_in_one_line_before_gacrux(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(pairings, "pair_dutch", _no_gacrux)
    path = tmp_path / "big.trf"
    path.write_text(_field(MAX_PLAYERS + 1), encoding="utf-8")
    start = time.perf_counter()
    code = main(["pair", str(path)])
    err = capsys.readouterr().err
    assert code == 2 and time.perf_counter() - start < 10
    assert err.count("\n") == 1
    assert err.startswith(f"elo-xl: {path}: 1,501 players is more than pair handles (1,500 at most: ")
    assert "split the field into sections of at most 1,500 players" in err


def test_a_field_at_the_limit_goes_to_gacrux(tmp_path, monkeypatch):
    """1,500 players are paired (gacrux replaced by a stand-in that returns the boards of C.04.3's
    round 1: the top half against the bottom half)."""
    seen = []

    def stand_in(text, *, round_, top_colour, rounds=None, absent=()):
        seen.append(round_)
        return [(n, n + 750) for n in range(1, 751)]

    monkeypatch.setattr(pairings, "pair_dutch", stand_in)
    path = tmp_path / "limit.trf"
    path.write_text(_field(MAX_PLAYERS), encoding="utf-8")
    assert main(["pair", str(path)]) == 0 and seen == [1]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_pairing_that_takes_a_while_says_so_on_a_terminal(tmp_path, capsys, monkeypatch):
    import elo_xl.progress

    def slow(text, *, round_, top_colour, rounds=None, absent=()):
        time.sleep(1.3)
        return [(1, 7), (8, 2), (3, 9), (10, 4), (5, 11), (12, 6)]

    monkeypatch.setattr(pairings, "pair_dutch", slow)
    monkeypatch.setattr(elo_xl.progress, "WAITING_AFTER", 0.1)
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    assert main(["pair", str(OPEN)]) == 0
    shown = terminal.getvalue()
    assert "elo-xl: pairing sample-open.trf (12 players)… 1 s" in shown
    assert shown.endswith("\r\033[K")  # erased when the pairing is done
