"""Benchmark of the formula library: prints timings (the checks only guard against timing an error).

    python bench/bench_engine.py

* ELO_EVENT on a 500-player, 11-round event in rounds form (target: under 50 ms);
* ELO_EVENT on a 30-player round robin (crosstable form);
* the single-call overhead of ELO_NEW with 9 games.
"""

from __future__ import annotations

import random
import time

from common import timed
from elo_xl.udfs import ELO_EVENT, ELO_NEW

RESULTS = (1, "½", 0)


def swiss_event(players: int, rounds: int, seed: int = 1) -> tuple[list, list, list]:
    """Ratings, pairings (n×r) and results (n×r) of a random event, every game on both rows."""
    rng = random.Random(seed)
    ratings = [[rng.choice([None] + [rng.randint(1000, 2800)] * 19)] for _ in range(players)]
    pairings = [[None] * rounds for _ in range(players)]
    results = [[None] * rounds for _ in range(players)]
    for t in range(rounds):
        order = list(range(players))
        rng.shuffle(order)
        for a, b in zip(order[::2], order[1::2]):
            pairings[a][t], pairings[b][t] = b + 1, a + 1
            r = rng.choice((0, 1, 2, 2, 1, 0, 3))
            results[a][t], results[b][t] = (("+", "-") if r == 3 else (RESULTS[r], RESULTS[2 - r]))
    return ratings, pairings, results


def round_robin(players: int, seed: int = 2) -> tuple[list, list]:
    """Ratings and a full n×n crosstable of a random round robin."""
    rng = random.Random(seed)
    ratings = [[rng.randint(2200, 2700)] for _ in range(players)]
    table = [[None] * players for _ in range(players)]
    for i in range(players):
        for j in range(i + 1, players):
            r = rng.randrange(3)
            table[i][j], table[j][i] = RESULTS[r], RESULTS[2 - r]
    return ratings, table


def main() -> None:
    ratings, pairings, results = swiss_event(500, 11)
    rows = ELO_EVENT(ratings, results, None, "FIDE", pairings)
    assert len(rows) == 500 and not isinstance(rows, str), rows
    for rules in ("FIDE", "ELO-1970", "LOGISTIC"):
        median, best = timed(lambda: ELO_EVENT(ratings, results, None, rules, pairings), 21)
        print(f"ELO_EVENT 500 players x 11 rounds, rounds form, {rules:<9}: median {median:7.2f} ms, best {best:7.2f} ms")

    rr_ratings, table = round_robin(30)
    median, best = timed(lambda: ELO_EVENT(rr_ratings, table, 10), 51)
    print(f"ELO_EVENT 30-player round robin, crosstable form, FIDE : median {median:7.2f} ms, best {best:7.2f} ms")

    opponents = [[2410], [2380], [2505], [2290], [2600], [2350], [2450], [2199], [2475]]
    games = [[1], ["½"], [0], [1], ["½"], [1], [0], [1], ["="]]
    assert isinstance(ELO_NEW(2431, opponents, games, 10), int)
    n = 20000
    start = time.perf_counter()
    for _ in range(n):
        ELO_NEW(2431, opponents, games, 10)
    per_call = (time.perf_counter() - start) / n * 1e6
    print(f"ELO_NEW with 9 games, single call                      : {per_call:7.1f} µs per call")


if __name__ == "__main__":
    main()
