"""Benchmark of the fast half of the tests, ``python -m pytest -m "not office"``: its wall time
and the CPU time of every process it starts, run after run, with the machine's pace beside
each run. Target (issue 29): under 2 minutes on a quiet 2-core machine.

    python bench/bench_fast_loop.py [--runs 3] [CHECKOUT ...]

With several checkouts (folders holding a copy of the project, an older commit for example),
their runs alternate, so that a machine that slows down for a while slows each of them; each
runs its own tests on its own code (the command runs in its folder, which Python puts first
on its path).

A shared virtual machine can run the same work a third slower from one minute to the next.
So each run is bracketed by a fixed pure-Python loop (the *pace*, in seconds, best of before
and after): compare runs whose pace was close to the best pace seen, or compare CPU seconds
divided by the pace.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import ROOT  # noqa: E402

#: The fast half, as the README gives it.
COMMAND = [sys.executable, "-m", "pytest", "-m", "not office", "-q", "-p", "no:cacheprovider"]
#: The pace: a loop of fixed work in a new Python process.
PACE = [sys.executable, "-c", "import time\nt = time.perf_counter()\nx = 0\nfor i in range(10_000_000): x += i\n"
        "print(time.perf_counter() - t)"]


def pace() -> float:
    """Seconds the pace loop took now."""
    return float(subprocess.run(PACE, capture_output=True, text=True, check=True).stdout)


def run(folder: Path) -> tuple[float, float, str]:
    """One run of the fast half in ``folder``: wall seconds, CPU seconds of its processes, its summary line."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(COMMAND, cwd=folder, capture_output=True, text=True,
                          env={k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = done.stdout.strip().splitlines()
    return wall, cpu, lines[-1] if lines else f"exit {done.returncode}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("checkouts", nargs="*", type=Path, default=[ROOT])
    args = parser.parse_args()
    results: dict[Path, list[tuple[float, float, float]]] = {folder: [] for folder in args.checkouts}
    print(f"{'checkout':40} {'wall s':>7} {'CPU s':>7} {'pace s':>7}  summary")
    for _ in range(args.runs):
        for folder in args.checkouts:
            first = pace()
            wall, cpu, summary = run(folder)
            speed = min(first, pace())
            results[folder].append((wall, cpu, speed))
            print(f"{str(folder)[-40:]:40} {wall:7.1f} {cpu:7.1f} {speed:7.2f}  {summary}", flush=True)
    best = min(s for runs in results.values() for _, _, s in runs)
    print(f"\nmedians (wall, CPU; and both scaled to the best pace seen, {best:.2f} s):")
    for folder, runs in results.items():
        wall = statistics.median(w for w, _, _ in runs)
        cpu = statistics.median(c for _, c, _ in runs)
        scaled_wall = statistics.median(w * best / s for w, _, s in runs)
        scaled_cpu = statistics.median(c * best / s for _, c, s in runs)
        print(f"{str(folder)[-40:]:40} {wall:7.1f} {cpu:7.1f}   scaled {scaled_wall:7.1f} {scaled_cpu:7.1f}")


if __name__ == "__main__":
    main()
