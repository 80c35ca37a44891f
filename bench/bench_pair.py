"""Benchmark of ``elo-xl pair``: the next round of a 500-player, 9-round Swiss, end to end as
the arbiter runs it (a new process: read the book or the TRF, pair, write the book or the TRF),
next to gacrux's own command line on the same TRF file. Target (issue): under 10 s and 2 GB,
book in and book out.

    python bench/bench_pair.py [--players 500] [--rounds 9] [--values]

``--values``: the book holds every formula's value (LibreOffice's, as after ``recalc``), which
``pair`` drops from every formula cell it writes.

The tournament comes from gacrux's generator (rounds 1 to 8 played), cut before round 9.
Each run is a separate process; its peak memory is the child's maximum resident set.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from pairing_cases import cut  # noqa: E402


#: Runs its arguments as a command and prints the command's peak memory (kB): a fresh parent
#: per measurement, so that the children's maximum is that one command's.
MEASURE = ("import resource, subprocess, sys\n"
           "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)\n"
           "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
           "sys.stderr.write(done.stderr)\n")


def run(label: str, command: list[str]) -> float:
    """Run ``command`` in a new process; print and return its wall time (seconds)."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", MEASURE, *command], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    code, peak = (int(x) for x in done.stdout.split())
    if code != 0:
        raise SystemExit(f"{label}: exit {code}: {done.stderr.strip()[:300]}")
    print(f"{label:<58} {seconds:6.2f} s {peak / 1024:6.0f} MB")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--values", action="store_true",
                        help="make the book with its values stored (LibreOffice), as after recalc")
    args = parser.parse_args()
    python = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        start = time.perf_counter()
        subprocess.run([python, "-m", "gacrux.tournamentgenerator", "-N", str(args.rounds), "-p", str(args.players),
                        "-R", "2600", "2", "50.0", "-S", "0.02", "0.05", "0.03", "-t", "w", "-m", "dutch",
                        "-o", str(folder / "T%d.trf"), "-g", "1"], check=True, capture_output=True)
        full = (folder / "T0000.trf").read_text(encoding="latin-1")
        print(f"generated {args.players} players x {args.rounds} rounds with gacrux in "
              f"{time.perf_counter() - start:.1f} s")
        event = folder / "event.trf"
        event.write_text(cut(full, args.rounds - 1), encoding="utf-8")
        book = folder / "event.xlsx"
        values = ["--values"] if args.values else []
        run(f"elo-xl workbook swiss --from event.trf {' '.join(values)}",
            [python, "-m", "elo_xl.cli", "workbook", "swiss", "--from", str(event), "-o", str(book), *values])
        alone = run("gacrux pairingchecker -p on the TRF (gacrux alone)",
                    [python, "-m", "gacrux.pairingchecker", "-i", str(event), "-p", "-dT", "-t", "w",
                     "-b", "utf-8", "-o", str(folder / "gacrux.txt")])
        trf = run("elo-xl pair event.trf -o paired.trf", [python, "-m", "elo_xl.cli", "pair", str(event), "-o",
                                                          str(folder / "paired.trf")])
        in_book = run("elo-xl pair event.xlsx -o paired.xlsx (book in, book out)",
                      [python, "-m", "elo_xl.cli", "pair", str(book), "-o", str(folder / "paired.xlsx")])
        print(f"overhead over gacrux alone: TRF {trf - alone:+.2f} s, book {in_book - alone:+.2f} s")


if __name__ == "__main__":
    main()
