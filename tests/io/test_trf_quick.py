"""The TRF reader's fast paths (a well-formed player line read quickly, pairs that agree checked
quickly) give exactly what the careful reader gives: the same event, or the same message.

The careful reader is the reference: with the fast paths switched off (monkeypatched) every line
and every pair goes through it. Thousands of damaged files compare both ways.
"""

from __future__ import annotations

import random

import pytest

from elo_xl.errors import EloError
from elo_xl.io import TrfGame, parse_trf
from elo_xl.event.samples import random_swiss
from elo_xl.io import trf_check, trf_read

RESULTS = (("1", "0"), ("=", "="), ("0", "1"), ("+", "-"), ("-", "+"))
#: What a damaged column may hold: digits, letters, result and colour codes, punctuation, a tab,
#: a non-ASCII digit and letter.
NOISE = list("0123456789 wbWB-=+10HFUZDLx.,;\t") + ["\u0665", "é"]


def swiss(rng: random.Random, players: int = 10, rounds: int = 5) -> str:
    return random_swiss(rng, players, rounds, results=RESULTS, bye="H", unrated=True, title="Quick")


def damaged(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    for _ in range(rng.choice([1, 1, 2, 3])):
        at = rng.choice([i for i, line in enumerate(lines) if line.startswith("001")])
        line = lines[at]
        column = rng.randrange(4, len(line) + 3)
        line = line.ljust(column + 1)
        lines[at] = line[:column] + rng.choice(NOISE) + line[column + 1:]
    return "\n".join(lines)


def outcome(text: str):
    try:
        event = parse_trf(text, "q.trf")
    except EloError as error:
        return "error", str(error)
    return "event", [p.snapshot() for p in event.players], [(p.text, p.line) for p in event.players]




@pytest.mark.parametrize("seed", range(8))
def test_fast_paths_read_what_the_careful_reader_reads(monkeypatch, seed):
    rng = random.Random(seed)
    errors = events = 0
    for _ in range(250):
        text = damaged(rng, swiss(rng))
        fast = outcome(text)
        with monkeypatch.context() as m:
            m.setattr(trf_read, "_quick_player", lambda text, line: None)
            m.setattr(trf_check, "_COLOUR_OK", frozenset())
            m.setattr(trf_check, "_RESULTS_AGREE", frozenset())
            slow = outcome(text)
        assert fast == slow, text
        errors += fast[0] == "error"
        events += fast[0] == "event"
    assert errors and events  # both kinds were compared


def test_quick_player_takes_the_common_line_and_leaves_the_rest():
    line = "001    1 wWIM Berg, Anna                        2012 SWE     1700123 2001/05/17  2.0    2     2 w 1     3 b =  0000 - H"
    player = trf_read._quick_player(line, 3)
    assert player is not None and player == trf_read.parse_player(line, 3)
    assert (player.start_no, player.rating, player.points, player.games) == (
        1, 2012, 2.0, [TrfGame(2, "w", "1"), TrfGame(3, "b", "="), TrfGame(None, "-", "H")])
    # negative points are read by the careful reader only (the fast one declines)
    negative = line[:80] + "-2.0" + line[84:]
    assert trf_read._quick_player(negative, 3) is None and trf_read.parse_player(negative, 3).points == -2.0
