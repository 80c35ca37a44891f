"""Benchmark of the TRF reader and writer and of ``rate`` on a large event: prints timings.

    python bench/bench_trf.py
"""

from __future__ import annotations

import random

from common import timed
from elo_xl.tournament import from_trf, rate_tournament
from elo_xl.io import TrfEvent, TrfGame, TrfPlayer, TrfRecord, parse_trf, set_standings, write_trf

RESULTS = (("1", "0"), ("=", "="), ("0", "1"))


def big_event(players: int = 1000, rounds: int = 15, seed: int = 3) -> str:
    """A random Swiss as TRF text, every game on both lines."""
    rng = random.Random(seed)
    entrants = [TrfPlayer(i + 1, f"Player {i + 1:04d}", rating=rng.randint(1400, 2700), federation="VIE")
                for i in range(players)]
    for _ in range(rounds):
        order = list(range(players))
        rng.shuffle(order)
        games = {}
        for a, b in zip(order[::2], order[1::2]):
            ra, rb = rng.choice(RESULTS)
            games[a], games[b] = TrfGame(b + 1, "w", ra), TrfGame(a + 1, "b", rb)
        for i, p in enumerate(entrants):
            p.games.append(games.get(i, TrfGame(None, "-", "U")))
    event = TrfEvent([TrfRecord("012 Big Open"), TrfRecord("042 2026/07/01"), TrfRecord(f"XXR {rounds}")], entrants)
    set_standings(event)
    return write_trf(event)


def median_ms(call, repeat: int = 5) -> float:
    """Median wall time of ``repeat`` calls, in milliseconds."""
    return timed(call, repeat)[0]


def main() -> None:
    text = big_event()
    event = parse_trf(text)
    print(f"read TRF, 1000 players x 15 rounds : {median_ms(lambda: parse_trf(text)):7.1f} ms")
    print(f"write TRF                          : {median_ms(lambda: write_trf(event)):7.1f} ms")
    t = from_trf(event)
    print(f"rate (FIDE), the whole event       : {median_ms(lambda: rate_tournament(t)):7.1f} ms")


if __name__ == "__main__":
    main()
