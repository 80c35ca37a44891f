"""Tie-break benchmarks: FIDE's seven recommended Swiss tie-breaks (BH/C1, BH, SB, PS, DE, WIN,
BWG) of a random 1000-player, 15-round Swiss (target under 0.5 s), and ``elo-xl rate`` of the
same event end to end. Prints seconds (best of three); no assertion.

    python bench/bench_tiebreaks.py [PLAYERS ROUNDS]
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time

from elo_xl import tiebreaks
from elo_xl.io.trf_read import parse_trf
from elo_xl.event.samples import random_swiss


def best(f, times: int = 3) -> float:
    out = []
    for _ in range(times):
        start = time.perf_counter()
        f()
        out.append(time.perf_counter() - start)
    return min(out)


def main() -> None:
    players, rounds = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) > 2 else (1000, 15)
    text = random_swiss(random.Random(14), players, rounds)
    event = tiebreaks.from_trf(parse_trf(text))
    codes = ",".join(tiebreaks.DEFAULT_SWISS)
    for version in tiebreaks.VERSIONS:
        seconds = best(lambda: tiebreaks.ranking(event, codes, version))
        print(f"{players}x{rounds} Swiss, {codes} ({version} rules): {seconds:.3f} s (target 0.5 s)")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "swiss.trf")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        for fmt in ("table", "json"):
            out = os.path.join(folder, f"out.{'txt' if fmt == 'table' else fmt}")  # -o means its extension
            command = [sys.executable, "-m", "elo_xl.cli", "rate", path, "--format", fmt, "-o", out]
            seconds = best(lambda: subprocess.run(command, check=True, capture_output=True))
            print(f"elo-xl rate --format {fmt} of it, end to end: {seconds:.3f} s")


if __name__ == "__main__":
    main()
