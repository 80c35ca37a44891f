"""Benchmark of ``elo-xl pair`` on large fields: wall time and peak memory of rounds 1 to 4,
for 1,000, 1,500, 2,500 and 5,000 players, each pairing in its own process (peak memory is
that process's maximum resident set size).

    python bench/bench_pair_size.py                          # 1000 1500 2500 5000, rounds 1 to 4
    python bench/bench_pair_size.py --sizes 1500 --later 6   # rounds 1 to 6 of 1,500 players
    python bench/bench_pair_size.py --sizes 2500 --later 1 --beyond-limit

Each field starts as a TRF file with no round played (ratings from 2700 down, 9 rounds, White
drawn for board 1). Its rounds are paired by ``elo-xl pair -o`` one after the other, the
results typed in between (seeded: the higher rating wins more often, a fifth to a third of
the games drawn), so that each later round is paired from a history elo-xl paired itself. A
field above the limit ``pair`` states (:mod:`elo_xl.pairing.field_size`) shows its refusal:
the time and memory of a command that refuses before gacrux is given anything;
``--beyond-limit`` lifts the limit, to measure what gacrux would cost.

The cost is gacrux's: it builds a record for every pair of players before pairing, and pairs
a score bracket that does not pair the simple way (round 2 mostly: a bracket of the players
who drew, with the players below it) by a weighted matching over every pair in it. Reading the
file and writing the round are a few tenths of a second at 2,500 players. Timings vary with
the machine's load; run it on a quiet one.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import ROOT  # noqa: E402

#: Runs a command in a child and prints its exit code, its peak memory (kB) and its last line of
#: standard error: a fresh parent per measurement, so that the peak is that command's alone.
MEASURE = ("import resource, subprocess, sys\n"
           "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)\n"
           "tail = (done.stderr.strip().splitlines() or [''])[-1]\n"
           "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, tail)\n")


def field(players: int, rounds: int = 9) -> str:
    """A TRF file of ``players`` players, no round played: ratings from 2700 down to 1000."""
    lines = ["012 Large Open", f"142 {rounds}", "152 W"]
    for n in range(1, players + 1):
        rating = 2700 - (n - 1) * 1700 // max(players - 1, 1)
        lines.append(f"001 {n:4d}      {'Player ' + str(n):<33} {rating:4d}{'':28}0.0")
    return "\n".join(lines) + "\n"


def type_results(path: Path, round_: int, rng: random.Random) -> None:
    """Type a result for every game of ``round_`` (both lines), seeded, and the points."""
    from elo_xl.io.trf_model import TrfGame
    from elo_xl.io.trf_read import parse_trf
    from elo_xl.io.trf_write import set_standings, write_trf

    event = parse_trf(path.read_text(encoding="utf-8"))
    players = {p.start_no: p for p in event.players}
    for p in event.players:
        g = p.games[round_ - 1] if round_ <= len(p.games) else None
        if g is None or g.opponent is None or g.opponent < p.start_no or g.result:
            continue
        q = players[g.opponent]
        expected = 1 / (1 + 10 ** (((q.rating or 1000) - (p.rating or 1000)) / 400))
        roll = rng.random()
        mine = "=" if abs(roll - expected) < 0.17 else ("1" if roll < expected else "0")
        theirs = {"1": "0", "0": "1", "=": "="}[mine]
        p.games[round_ - 1] = TrfGame(g.opponent, g.colour, mine)
        h = q.games[round_ - 1]
        q.games[round_ - 1] = TrfGame(h.opponent, h.colour, theirs)
    set_standings(event)
    path.write_text(write_trf(event, check=False), encoding="utf-8")


#: ``elo-xl`` with the field-size limit lifted (``--beyond-limit``): what gacrux costs past it.
UNLIMITED = ("import sys\nimport elo_xl.pairing.field_size as size\nsize.MAX_PLAYERS = 10**9\n"
             "from elo_xl.cli import main\nsys.exit(main())\n")


def pair(path: Path, beyond: bool = False) -> tuple[float, float, int, str]:
    """``elo-xl pair PATH -o PATH`` in a new process (``beyond``: past the field-size limit):
    (seconds, peak MB, exit code, last line of standard error)."""
    start_elo = ["-c", UNLIMITED] if beyond else ["-m", "elo_xl.cli"]
    command = [sys.executable, *start_elo, "pair", str(path), "-o", str(path)]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", MEASURE, *command], capture_output=True, text=True, env=env)
    seconds = time.perf_counter() - start
    code, peak, *tail = done.stdout.split(" ", 2)
    return seconds, int(peak) / 1024, int(code), (tail[0].strip() if tail else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 1500, 2500, 5000])
    parser.add_argument("--later", type=int, default=4, help="the last round paired (default 4)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--beyond-limit", action="store_true",
                        help="pair fields over the limit too (as gacrux would; 5,000 players needs over 7 GB)")
    args = parser.parse_args()
    print(f"{'players':>8} {'round':>6} {'seconds':>9} {'peak MB':>9}  outcome", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        for players in args.sizes:
            path = Path(tmp) / f"open-{players}.trf"
            path.write_text(field(players), encoding="utf-8")
            rng = random.Random(args.seed)
            for round_ in range(1, args.later + 1):
                seconds, peak, code, tail = pair(path, args.beyond_limit)
                outcome = "paired" if code == 0 else f"exit {code}: {tail}"
                print(f"{players:>8} {round_:>6} {seconds:>9.1f} {peak:>9.0f}  {outcome}", flush=True)
                if code != 0:
                    break
                type_results(path, round_, rng)


if __name__ == "__main__":
    main()
