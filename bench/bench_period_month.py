"""Benchmark: ``elo-xl period`` on a FIDE-sized month, end to end and phase by phase.

    python bench/bench_period_month.py                        # 200,000 players, 2,000 TRF files, 1,000,000 games
    python bench/bench_period_month.py --folder DIR --runs 5  # the month written once into DIR, reused
    python bench/bench_period_month.py --events 200           # smaller

The month is :func:`bench_period.write_month`'s: a FIDE ``players_list_foa.txt`` and TRF files of
100 players × 10 rounds whose points columns add up. Prints, for several runs of the command in
a separate process, its wall time and its CPU time (user + system, ``getrusage`` of the child):
the machine may be shared, so both are shown with the load average. Then the same month phase
by phase in this process (CPU and wall seconds): reading the list; reading the TRF files
(decoding the bytes, parsing and checking the lines, the points check that refuses a column the
results contradict); the period (matching the players, then the kernel's arithmetic); the new
list's rows; writing the TXT list. No assertion on time.

Runs against whichever ``elo_xl`` Python imports, so that the same script measures two
checkouts (``PYTHONPATH=/path/to/other/checkout python bench/bench_period_month.py``).
"""

from __future__ import annotations

import argparse
import gc
import inspect
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_period import write_month  # noqa: E402

#: The command in a fresh process, its CPU time (user + system), peak memory and the elo_xl it ran on stderr.
_MEASURED = ("import resource, sys, elo_xl; from elo_xl.cli import main; code = main(sys.argv[1:]); "
             "u = resource.getrusage(resource.RUSAGE_SELF); "
             "print('BENCH', u.ru_utime + u.ru_stime, u.ru_maxrss, elo_xl.__file__, file=sys.stderr); sys.exit(code)")


def end_to_end(args: list[str], folder: Path) -> tuple[float, float, float]:
    """``elo-xl ARGS`` in a separate process started in ``folder`` (``python -c`` puts its working
    folder first on the path: started in a checkout, it would run that checkout's elo_xl): (wall
    seconds, CPU seconds, peak memory MB)."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _MEASURED, *args], capture_output=True, text=True, cwd=folder)
    wall = time.perf_counter() - start
    if done.returncode:
        print(done.stderr)
        raise SystemExit(done.returncode)
    _, cpu, rss, module = next(line for line in done.stderr.splitlines() if line.startswith("BENCH")).split(" ", 3)
    import elo_xl

    if Path(module).parent != Path(elo_xl.__file__).parent:
        raise SystemExit(f"the command ran {module}, not {elo_xl.__file__}")
    return wall, float(cpu), int(rss) / 1024


class Phases:
    """CPU and wall seconds of named phases."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, float, float]] = []

    def time(self, name: str, call):
        gc.collect()
        cpu, wall = time.process_time(), time.perf_counter()
        value = call()
        self.rows.append((name, time.process_time() - cpu, time.perf_counter() - wall))
        return value

    def add(self, name: str, cpu: float, wall: float) -> None:
        self.rows.append((name, cpu, wall))

    def print(self) -> None:
        total_cpu = sum(c for n, c, _ in self.rows if not n.startswith(" "))
        total_wall = sum(w for n, _, w in self.rows if not n.startswith(" "))
        print(f"    {'phase':34} {'CPU s':>7} {'wall s':>7} {'% CPU':>6}")
        for name, cpu, wall in self.rows:
            print(f"    {name:34} {cpu:7.2f} {wall:7.2f} {100 * cpu / total_cpu:5.0f}%")
        print(f"    {'total':34} {total_cpu:7.2f} {total_wall:7.2f}")


def phases(lst: Path, paths: list[Path], month: str) -> None:
    """The month phase by phase in this process."""
    import numpy as np

    from elo_xl import kernel
    from elo_xl.io.decode import read_text
    from elo_xl.io.trf_points import refuse_unexplained
    from elo_xl.io.trf_read import parse_trf
    from elo_xl.period.lists import read_list
    from elo_xl.period.output import head_of, render
    from elo_xl.period.run import rate_period
    from elo_xl.rules import parse_rules

    ph = Phases()
    rating_list = ph.time("read the list", lambda: read_list(lst))
    reading = Phases()
    texts = reading.time("  decode the bytes", lambda: [(p.name, read_text(p, "a TRF file").text) for p in paths])
    if "refuse" in inspect.signature(parse_trf).parameters:  # one pass: the lines, then their points once
        events = reading.time("  parse, check the lines and points", lambda: [(name, parse_trf(text, name, refuse=True))
                                                                             for name, text in texts])
    else:  # the points compared by the reader, then again by the refusal
        events = reading.time("  parse and check the lines", lambda: [(name, parse_trf(text, name))
                                                                     for name, text in texts])
        reading.time("  the points check (refusal)", lambda: [refuse_unexplained(e) for _, e in events])
    ph.add("read the TRF files", *(sum(r[i] for r in reading.rows) for i in (1, 2)))
    ph.rows += reading.rows
    result = ph.time("rate the period", lambda: rate_period(rating_list, events, month))
    # the kernel's part of it, on the games the period read
    games = result.read_games
    ratings = np.zeros(len(result), dtype=np.int64)
    ratings[:len(rating_list)] = [r or 0 for r in rating_list.rating]

    def arithmetic():
        params = kernel.KernelParams.of(parse_rules("FIDE"))
        a, b, h = (np.array(x, dtype=np.int64) for x in (games.a, games.b, games.h))
        mask = kernel.rated_mask(ratings[a], ratings[b], params)
        sums = kernel.game_sums(a[mask], b[mask], h[mask], ratings, len(ratings), params)
        return kernel.changes(np.full(len(ratings), 20), sums, params)

    ph.time("  of which the kernel", arithmetic)
    rows = ph.time("the new list's rows", lambda: list(result.list_rows()))
    ph.time("write the new list (TXT)", lambda: render(head_of(result), rows, "txt"))
    print(f"  phase by phase in this process (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores):")
    ph.print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list-players", type=int, default=200_000)
    parser.add_argument("--events", type=int, default=2_000)
    parser.add_argument("--runs", type=int, default=3, help="end-to-end runs (default 3)")
    parser.add_argument("--folder", help="write the month here once and reuse it (default: a temporary folder)")
    parser.add_argument("--skip-phases", action="store_true", help="only the end-to-end runs")
    args = parser.parse_args()
    import elo_xl

    print(f"elo_xl from {Path(elo_xl.__file__).parent}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.folder or tmp).resolve()
        folder.mkdir(parents=True, exist_ok=True)
        lst = folder / "players_list_foa.txt"
        paths = sorted(folder.glob("event*.trf"))
        if not lst.exists() or len(paths) != args.events:
            for old in paths:
                old.unlink()
            start = time.perf_counter()
            lst, paths = write_month(folder, args.list_players, args.events, 100, 10)
            print(f"  (the month written in {time.perf_counter() - start:.1f} s)")
        games = args.events * 100 * 10 // 2
        print(f"elo-xl period on a month: {args.list_players:,}-player list, {games:,} games in {len(paths):,} TRF "
              f"files")
        out = Path(tmp) / "new.txt"
        command = ["period", "--list", str(lst), "--month", "2026-10", *map(str, paths), "-o", str(out)]
        walls, cpus = [], []
        for run in range(args.runs):
            before = os.getloadavg()[0]
            wall, cpu, mb = end_to_end(command, folder.resolve())
            walls.append(wall)
            cpus.append(cpu)
            print(f"  end to end, run {run + 1}: {wall:5.1f} s wall, {cpu:5.1f} s CPU, peak {mb:4.0f} MB "
                  f"(load average {before:.1f} before, {os.getloadavg()[0]:.1f} after, {os.cpu_count()} cores)")
        if walls:
            print(f"  end to end: wall median {statistics.median(walls):.1f} s (best {min(walls):.1f}), CPU median "
                  f"{statistics.median(cpus):.1f} s (best {min(cpus):.1f})")
        if not args.skip_phases:
            phases(lst, paths, "2026-10")


if __name__ == "__main__":
    main()
