"""Benchmark of the title norms: prints timings.

    python bench/bench_norms.py

* ``rate --norms``'s norm checks on a random 1000-player, 15-round Swiss with titles, sexes
  and federations (every player checked for two or four norms, with the Swiss prefixes);
* one ``ELO_NORM`` call with 9 games; the whole Annex (4 norms × 7–19 games × Ra 2000–2900).
"""

from __future__ import annotations

import random

from common import timed
from elo_xl.norms import norm_score
from elo_xl.event import Entrant, Tournament
from elo_xl.event.norms import player_norms
from elo_xl.udfs import ELO_NORM

RESULTS = ("1", "=", "0")
TITLES = ("", "", "", "GM", "IM", "WGM", "WIM", "FM", "WFM", "CM", "WCM")
FEDERATIONS = ("GER", "FRA", "ESP", "NOR", "IND", "USA", "VIE", "FID")


def swiss(players: int, rounds: int, seed: int = 3) -> Tournament:
    """A random Swiss in rounds form with titles, sexes and federations."""
    rng = random.Random(seed)
    entrants = [Entrant(i + 1, f"P{i + 1}", rng.choice([None] + [rng.randint(1800, 2750)] * 19),
                        rng.choice(TITLES), rng.choice(FEDERATIONS), sex=rng.choice("mw")) for i in range(players)]
    pairings: list[list[int | None]] = [[None] * rounds for _ in range(players)]
    results: list[list[str | None]] = [[None] * rounds for _ in range(players)]
    for t in range(rounds):
        order = list(range(players))
        rng.shuffle(order)
        for a, b in zip(order[::2], order[1::2]):
            pairings[a][t], pairings[b][t] = b + 1, a + 1
            r = rng.randrange(3)
            results[a][t], results[b][t] = RESULTS[r], RESULTS[2 - r]
    return Tournament(entrants, results, pairings)


def main() -> None:
    event = swiss(1000, 15)
    checks = player_norms(event)
    assert len(checks) == 1000
    median, best = timed(lambda: player_norms(event), 3)
    print(f"norm checks, 1000 players x 15 rounds: median {median:.0f} ms, best {best:.0f} ms "
          f"({sum(map(len, checks))} checks)")

    opponents = [2550, 2500, 2480, 2450, 2420, 2400, 2350, 2150, None]
    results = [1, 1, "½", 1, 0, 1, "½", 1, 0]
    titles = ["GM"] * 5 + ["IM"] * 4
    feds = ["GER", "FRA", "ESP"] * 3
    assert ELO_NORM("IM", opponents, results, titles, feds, "NOR")[0][-1] is True
    median, best = timed(lambda: ELO_NORM("IM", opponents, results, titles, feds, "NOR"), 200)
    print(f"ELO_NORM, 9 games: median {median * 1000:.0f} µs, best {best * 1000:.0f} µs")

    def annex() -> None:
        for norm in ("GM", "IM", "WGM", "WIM"):
            for games in range(7, 20):
                for ra in range(2000, 2901):
                    norm_score(norm, games, ra)

    median, best = timed(annex, 3)
    print(f"the Annex, 4 norms x 13 game counts x 901 averages: median {median:.0f} ms, best {best:.0f} ms")


if __name__ == "__main__":
    main()
