"""The readers' limits: time and peak memory of the largest inputs below 1 MB and of the
refused ones (9,999 players, 99 rounds, ``XXR 100000000``). Prints numbers.

    python bench/bench_io.py
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from elo_xl.errors import EloError  # noqa: E402
from elo_xl.io import EXAMPLE, parse_trf, read_trf  # noqa: E402
from elo_xl.event import load  # noqa: E402
from elo_xl.event import rate_tournament  # noqa: E402


def _run(call) -> str:
    try:
        call()
        return "read"
    except EloError as error:
        return f"refused: {str(error)[:60]}"


def measure(label: str, call) -> None:
    """Time (without tracing, which slows Python down) and peak memory (a second run, traced)."""
    start = time.perf_counter()
    outcome = _run(call)
    seconds = time.perf_counter() - start
    tracemalloc.start()
    _run(call)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(f"{label:44} {seconds * 1000:9.1f} ms {peak / 2**20:8.1f} MB  {outcome}")


def roster(players: int, rounds: int) -> str:
    """Players with every round a half-point bye: the longest lines a TRF can have."""
    lines = [f"XXR {rounds}"]
    for i in range(1, players + 1):
        lines.append(f"001 {i:>4}      Player {i}".ljust(91) + "0000 - H  " * rounds)
    return "\n".join(lines) + "\n"


def crosstable(players: int, seed: int = 5) -> str:
    rng = random.Random(seed)
    rows = ["name,rating,k"]
    scores = [[""] * players for _ in range(players)]
    for i in range(players):
        for j in range(i + 1, players):
            a = rng.choice(["1", "0", "½"])
            scores[i][j], scores[j][i] = a, {"1": "0", "0": "1", "½": "½"}[a]
    for i in range(players):
        rows.append(",".join([f"P{i}", str(rng.randint(1400, 2700)), ""] + scores[i]))
    return "\n".join(rows) + "\n"


def main() -> None:
    real = ROOT / "tests" / "data" / "real" / "karl-mala-2005.trf"
    measure("real file, 284 players x 7 rounds (46 kB)", lambda: rate_tournament(load(real)))
    big = roster(1000, 99)
    measure(f"1,000 players x 99 rounds ({len(big) / 2**20:.2f} MB)", lambda: parse_trf(big))
    many = roster(9999, 1)
    measure(f"9,999 players x 1 round ({len(many) / 2**20:.2f} MB)", lambda: parse_trf(many))
    measure("10,000 player lines", lambda: parse_trf(roster(9999, 1) + "001 9999      One too many\n"))
    measure("100 rounds", lambda: parse_trf(roster(2, 100)))
    measure("XXR 100000000", lambda: parse_trf(EXAMPLE.replace("XXR 3", "XXR 100000000")))
    measure("one 1 MB line", lambda: parse_trf("012 " + "x" * 2**20 + "\n001    1      A\n"))
    table = crosstable(700)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.csv"
        path.write_text(table, encoding="utf-8")
        measure(f"CSV crosstable, 700 players ({len(table) / 2**20:.2f} MB), read and rated",
                lambda: rate_tournament(load(path)))
        trf = Path(folder) / "big.trf"
        trf.write_text(big)
        measure("1,000 x 99 read from disk and rated", lambda: rate_tournament(load(trf)))
    measure("read_trf of the real file", lambda: read_trf(real))


if __name__ == "__main__":
    main()
