"""Benchmark of the hostile inputs of issue 18: wall time and peak memory of one ``elo-xl``
process per case (run as a child; peak memory is its maximum resident set size).

    python bench/bench_faults.py                 # every case
    python bench/bench_faults.py export          # only the hostile workbooks
    python bench/bench_faults.py norms           # rate --norms of a 9,999 x 99 Swiss (and without)

A case still running after ``--timeout`` seconds (default 120) is stopped and shown as such.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import ROOT  # noqa: E402

TRF = ROOT / "tests" / "data" / "trf" / "swiss-10x9.trf"


def run(label: str, argv: list[str], timeout: float) -> None:
    """Run one case in a fresh child and print its line (peak memory of that child alone)."""
    code = ("import resource, subprocess, sys, time\n"
            "start = time.perf_counter()\n"
            "try:\n"
            "    p = subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,"
            " timeout=float(sys.argv[1]))\n"
            "    tail = (p.stderr.decode(errors='replace').strip().splitlines() or [''])[-1][:110]\n"
            "    outcome = f'exit {p.returncode}: {tail}'\n"
            "except subprocess.TimeoutExpired:\n"
            "    outcome = f'still running after {float(sys.argv[1]):.0f} s (stopped)'\n"
            "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024\n"
            "print(f'{time.perf_counter() - start:.2f}\\t{peak:.0f}\\t{outcome}')\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    command = [sys.executable, "-c", "import sys; from elo_xl.cli import main; sys.exit(main())", *argv]
    result = subprocess.run([sys.executable, "-c", code, str(timeout), *command], capture_output=True, text=True,
                            env=env)
    seconds, peak, outcome = result.stdout.strip().split("\t", 2)
    print(f"{label:<40} {float(seconds):8.2f} s {float(peak):8.0f} MB  {outcome}", flush=True)


def export_cases(folder: Path, timeout: float) -> None:
    import hostile_books
    from elo_xl.cli import main

    book = folder / "book.xlsx"
    with contextlib.redirect_stdout(io.StringIO()):
        main(["workbook", "swiss", "--from", str(TRF), "-o", str(book)])
    data = book.read_bytes()
    run("a real 10 x 9 book", ["export", str(book), "-o", str(folder / "out.trf")], timeout)
    for label, make in hostile_books.FULL_SIZE.items():
        path = folder / "hostile.xlsx"
        path.write_bytes(make(data))
        run(f"{label} ({path.stat().st_size / 1024:.0f} kB)", ["export", str(path), "-o", str(folder / "out.trf")],
            timeout)


def norms_cases(folder: Path, timeout: float) -> None:
    from bench_norms import swiss
    from elo_xl.export import tournament_to_trf

    path = folder / "big.trf"
    path.write_text(tournament_to_trf(swiss(9999, 99)), encoding="utf-8")
    run("rate 9,999 x 99", ["rate", str(path), "-o", str(folder / "r.txt")], timeout)
    run("rate --norms 9,999 x 99", ["rate", str(path), "--norms", "-o", str(folder / "n.txt")], timeout)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("which", nargs="*", default=["export", "norms"])
    parser.add_argument("--timeout", type=float, default=120)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for which in args.which:
            {"export": export_cases, "norms": norms_cases}[which](Path(tmp), args.timeout)


if __name__ == "__main__":
    main()
