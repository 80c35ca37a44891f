"""Benchmark of the TRF reader and writer and of ``rate`` on a large event: prints timings.

    python bench/bench_trf.py
"""

from __future__ import annotations

import random
import statistics
import time

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


def timed(call, repeat: int = 5) -> str:
    """Median wall time and median CPU time of ``repeat`` calls, in ms (the machine may be shared:
    CPU time is the steadier figure)."""
    times, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        call()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return f"{statistics.median(times) * 1000:7.1f} ms wall, {statistics.median(cpu) * 1000:7.1f} ms CPU"


def main() -> None:
    text = big_event()
    event = parse_trf(text)
    print(f"read TRF, 1000 players x 15 rounds : {timed(lambda: parse_trf(text))}")
    print(f"write TRF                          : {timed(lambda: write_trf(event))}")
    t = from_trf(event)
    print(f"rate (FIDE), the whole event       : {timed(lambda: rate_tournament(t))}")


if __name__ == "__main__":
    main()
