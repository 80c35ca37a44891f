"""Benchmark: 24 monthly periods into one database, each month's list the last month's output.

    python bench/bench_period_year.py                         # 200,000 players, 200 events a month
    python bench/bench_period_year.py --players 20000 --months 6

Prints, per month, the seconds of the run (a separate process, wall and CPU) and the database's
size, so that growth of the time per period with the history shows at once; then --history and
--show of the first and the last month. No assertion on time.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_period import write_month  # noqa: E402

WRAPPER = ("import resource, sys; from elo_xl.cli import main; code = main(sys.argv[1:]); "
           "u = resource.getrusage(resource.RUSAGE_SELF); "
           "print('BENCH', u.ru_maxrss, u.ru_utime + u.ru_stime, file=sys.stderr); sys.exit(code)")


def timed(args: list[str]) -> tuple[float, float, int]:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", WRAPPER, *args], capture_output=True, text=True)
    wall = time.perf_counter() - start
    if done.returncode:
        print(done.stderr)
        raise SystemExit(done.returncode)
    _, rss, cpu = next(line for line in done.stderr.splitlines() if line.startswith("BENCH")).split()
    return wall, float(cpu), int(rss)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200_000)
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--months", type=int, default=24)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        db = root / "ratings.sqlite"
        lst = None
        print(f"{args.months} periods, {args.players:,}-player list, {args.events} events of 100 players × 10 rounds "
              "a month (each month's --list: the last month's CSV)")
        print(" month      wall s   CPU s  peak MB  database MB")
        walls = []
        for m in range(args.months):
            month = f"{2025 + (9 + m) // 12}-{(9 + m) % 12 + 1:02d}"
            folder = root / month
            folder.mkdir()
            first_list, paths = write_month(folder, args.players, args.events, 100, 10, seed=m + 1,
                                            month=month)
            lst = lst or first_list
            out = folder / "new.csv"
            wall, cpu, rss = timed(["period", "--list", str(lst), "--month", month, *map(str, paths), "--db", str(db),
                                    "-o", str(out)])
            walls.append(wall)
            print(f" {month}  {wall:8.1f} {cpu:7.1f} {rss / 1024:8.0f} {db.stat().st_size / 1e6:12.0f}", flush=True)
            lst = out
            for p in paths:
                p.unlink()
        half = len(walls) // 2
        if half:
            print(f"mean seconds per month: first half {sum(walls[:half]) / half:.1f}, second half "
                  f"{sum(walls[half:]) / (len(walls) - half):.1f}; database {db.stat().st_size / 1e6:.0f} MB "
                  f"({db.stat().st_size / 1e6 / len(walls):.0f} MB a month); load average {os.getloadavg()[0]:.1f}")
        wall, cpu, _ = timed(["period", "--db", str(db), "--history"])
        print(f"--history: {wall:.2f} s")
        first = f"{2025 + 9 // 12}-10"
        for month in (first, month):
            wall, cpu, rss = timed(["period", "--db", str(db), "--show", month, "-o", str(root / "shown.txt")])
            print(f"--show {month} -o LIST.txt: {wall:.1f} s wall, {cpu:.1f} s CPU, peak {rss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
