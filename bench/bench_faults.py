"""Benchmark of the hostile inputs of issue 18: wall time and peak memory of one ``elo-xl``
process per case (run as a child; peak memory is its maximum resident set size).

    python bench/bench_faults.py                 # every case
    python bench/bench_faults.py export          # only the hostile workbooks
    python bench/bench_faults.py norms           # rate --norms of a 9,999 x 99 Swiss (and without)
    python bench/bench_faults.py kills           # workbook all killed 30 times: old, new or mixed

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
    from elo_xl.event.trf import to_trf

    path = folder / "big.trf"
    path.write_text(to_trf(swiss(9999, 99)), encoding="utf-8")
    run("rate 9,999 x 99", ["rate", str(path), "-o", str(folder / "r.txt")], timeout)
    run("rate --norms 9,999 x 99", ["rate", str(path), "--norms", "-o", str(folder / "n.txt")], timeout)


def kill_cases(folder: Path, timeout: float, kills: int = 30) -> None:
    """``workbook all`` killed ``kills`` times (half at the moment it starts writing, half at
    random): how often the folder holds the old state, the new one, or a mix; leftovers beside."""
    import random
    import time

    command = [sys.executable, "-c", "import sys; from elo_xl.cli import main; sys.exit(main())"]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    run("workbook all (uninterrupted)", ["workbook", "all", "-o", str(folder / "reference")], timeout)
    reference = {p.name: p.read_bytes() for p in (folder / "reference").iterdir()}
    rng = random.Random(18)
    parent = folder / "parent"
    target = parent / "books"
    counts = {"old": 0, "new": 0, "mixed": 0}
    leftovers = 0
    for attempt in range(kills):
        if target.exists():
            for p in target.iterdir():
                p.unlink()
        target.mkdir(parents=True, exist_ok=True)
        for name in reference:
            (target / name).write_bytes(b"old")
        (target / "notes.txt").write_bytes(b"mine")
        before = sorted(os.listdir(parent)), sorted((e.name, e.stat().st_mtime_ns) for e in os.scandir(target))
        child = subprocess.Popen(command + ["workbook", "all", "-o", str(target)], env=env,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if attempt % 2:
            time.sleep(rng.uniform(0.2, 2.5))
        else:
            while child.poll() is None and (sorted(os.listdir(parent)), sorted(
                    (e.name, e.stat().st_mtime_ns) for e in os.scandir(target))) == before:
                time.sleep(0.0005)
            time.sleep(rng.choice([0, 0.001, 0.005, 0.02]))
        child.kill()
        child.wait()
        now = {p.name: p.read_bytes() for p in target.iterdir()}
        books = {k: v for k, v in now.items() if k != "notes.txt"}
        if all(v == b"old" for v in books.values()) and len(books) == 20:
            counts["old"] += 1
        elif books == reference:
            counts["new"] += 1
        else:
            counts["mixed"] += 1
        leftovers += any(name.endswith(".tmp") for name in list(now) + os.listdir(parent))
        for name in os.listdir(parent):  # start the next kill from a clean parent
            if name != "books":
                import shutil
                shutil.rmtree(parent / name, ignore_errors=True)
                with contextlib.suppress(OSError):
                    (parent / name).unlink()
    print(f"workbook all killed {kills} times: old state {counts['old']}, complete new {counts['new']}, "
          f"mixed {counts['mixed']}; temporary files left beside after {leftovers} kills")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("which", nargs="*", default=["export", "norms"])
    parser.add_argument("--timeout", type=float, default=120)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for which in args.which:
            {"export": export_cases, "norms": norms_cases, "kills": kill_cases}[which](Path(tmp), args.timeout)


if __name__ == "__main__":
    main()
