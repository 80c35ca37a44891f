"""Benchmark of the commands that read an event once (issue: one event, read once): each run
in a new process, as the arbiter runs it, wall and CPU seconds of the child.

    python bench/bench_event.py [--runs 3]

* ``rate --norms`` of a random 1000-player, 15-round Swiss TRF (target: under 0.5 s);
* ``export`` of a 500-player, 11-round Swiss book made from a random TRF (target: under 1 s);
* ``workbook swiss`` of 1000 players and 15 rounds (target: under 4 s).

The command's own start (Python and the imports it needs) is part of what is measured; a
line shows ``python -c pass`` and ``import elo_xl.cli`` for scale. The modules' bytecode is
cached first, as an installed package has it (``PYTHONDONTWRITEBYTECODE`` would otherwise make
every run compile elo-xl's sources again, about 0.15 s of each).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from elo_xl.event.samples import random_swiss


#: The children's environment: bytecode cached and read, as an installed package's is.
ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def cache_bytecode() -> None:
    """Compile elo-xl's modules once, as ``pip install`` does."""
    import compileall

    import elo_xl

    compileall.compile_dir(Path(elo_xl.__file__).parent, quiet=1)


def measure(command: list[str], cwd: Path) -> tuple[float, float]:
    """(wall, CPU) seconds of one run of ``command`` in a new process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          env=ENVIRONMENT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0,):
        raise SystemExit(f"{' '.join(command)}: exit {done.returncode}: {done.stderr.strip()[:300]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def report(label: str, command: list[str], cwd: Path, runs: int) -> None:
    times = [measure(command, cwd) for _ in range(runs)]
    walls, cpus = [w for w, _ in times], [c for _, c in times]
    print(f"{label:<52} wall {statistics.median(walls):6.2f} s (min {min(walls):.2f})   "
          f"CPU {statistics.median(cpus):6.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    python = sys.executable
    cli = [python, "-m", "elo_xl.cli"]
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    cache_bytecode()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "big.trf").write_text(random_swiss(random.Random(7), 1000, 15), encoding="utf-8")
        (folder / "mid.trf").write_text(random_swiss(random.Random(5), 500, 11), encoding="utf-8")
        subprocess.run(cli + ["workbook", "swiss", "--from", "mid.trf", "-o", "mid.xlsx"], cwd=folder, check=True,
                       capture_output=True)
        report("python -c pass", [python, "-c", "pass"], folder, args.runs)
        report("python -c 'import elo_xl.cli'", [python, "-c", "import elo_xl.cli"], folder, args.runs)
        report("rate --norms, 1000 x 15 TRF", cli + ["rate", "big.trf", "--norms", "-o", "r.json"], folder, args.runs)
        report("export, 500 x 11 book", cli + ["export", "mid.xlsx", "-o", "back.trf"], folder, args.runs)
        report("workbook swiss, 1000 x 15", cli + ["workbook", "swiss", "--players", "1000", "--rounds", "15",
                                                    "-o", "w.xlsx"], folder, args.runs)


if __name__ == "__main__":
    main()
