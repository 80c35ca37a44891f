"""Benchmark of ELO_NEEDED: prints timings for growing numbers of opponents.

    python bench/bench_needed.py [--scan]

The function bisects over the score (O(n log n): about log2(2n) calculations of O(n) each;
target: 10,000 opponents well under a second). ``--scan`` also times the former linear scan
over every score (quadratic; 26 s for 10,000 opponents) and checks both give the same answer.
"""

from __future__ import annotations

import random
import sys
import time

from common import ROOT
from elo_xl.udfs import ELO_NEEDED

sys.path.insert(0, str(ROOT / "tests" / "engine"))
from test_needed import needed_by_scan as scan  # noqa: E402  (the former algorithm, the tests' reference)


def main() -> None:
    with_scan = "--scan" in sys.argv
    rng = random.Random(7)
    for n in (100, 1000, 10_000, 100_000):
        opponents = [[rng.randint(1800, 2600)] for _ in range(n)]
        for rules in ("FIDE", "LOGISTIC"):
            start = time.perf_counter()
            answer = ELO_NEEDED(2300, opponents, 2310, 10, rules)
            seconds = time.perf_counter() - start
            line = f"ELO_NEEDED {n:>7} opponents {rules:<8}: {seconds * 1000:9.1f} ms -> {answer}"
            if with_scan and n <= 10_000:
                start = time.perf_counter()
                old = scan(2300, opponents, 2310, 10, rules)
                line += f"   (scan {time.perf_counter() - start:7.2f} s, same: {old == answer})"
            print(line)


if __name__ == "__main__":
    main()
