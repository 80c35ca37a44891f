"""Benchmark of the TRF reader and writer and of ``rate`` on a large event: prints timings.

    python bench/bench_trf.py
"""

from __future__ import annotations

import random
import statistics
import time

from elo_xl.event import from_trf, rate_tournament
from elo_xl.io import parse_trf, write_trf
from elo_xl.event.samples import random_swiss

def big_event(players: int = 1000, rounds: int = 15, seed: int = 3) -> str:
    """A random Swiss as TRF text, every game on both lines."""
    return random_swiss(random.Random(seed), players, rounds, title="Big Open")


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
