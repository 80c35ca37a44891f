"""How long ``elo-xl rate`` takes on a large team file: 200 teams × 6 boards × 11 rounds
(issue target: under 1 s end to end), in a fresh process, best of three. With ``--pair``: how
long ``elo-xl pair FILE -o OUT`` takes to pair the next round of such an event (100 teams × 6
boards, 11 rounds declared, cut after round ``--cut``, default 6), TRF in and out, through
gacrux's Swiss team system. With ``--pair --book``: the same, book in and book out (the team
book made by ``elo-xl workbook team --from`` the file, not timed; ``pair BOOK -o OUT.xlsx``
timed; issue target: under 10 s).

The event is made here, not paired by a Swiss engine: each round the teams are shuffled and
met in pairs (an odd team gets a pairing-allocated bye), boards alternate colours (``352``),
results are drawn at random from a fixed seed. Ratings from 1400 to 2600.

    python bench/bench_teams.py [--teams 200] [--boards 6] [--rounds 11]
    python bench/bench_teams.py --pair [--teams 100] [--boards 6] [--rounds 11] [--cut 6] [--book]

The random event is not a Swiss (teams may have met twice before the round paired, which
C.04.6 does not forbid in the past); gacrux pairs its next round as it would any other.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def team_file(teams: int, boards: int, rounds: int, seed: int = 20261206, declared: int | None = None) -> str:
    """The TRF-2026 text of a random team event (see the module's text) of ``rounds`` rounds
    played, ``declared`` rounds in its ``XXR`` (default: ``rounds``)."""
    rng = random.Random(seed)
    players = teams * boards
    games: dict[int, list[str]] = {p: [] for p in range(1, players + 1)}
    pab: list[int] = []
    for _ in range(rounds):
        order = list(range(1, teams + 1))
        rng.shuffle(order)
        bye = order.pop() if len(order) % 2 else 0
        pab.append(bye)
        if bye:
            for b in range(boards):
                games[(bye - 1) * boards + b + 1].append("0000 - U")
        for a, c in zip(order[::2], order[1::2]):
            for b in range(boards):
                pa, pc = (a - 1) * boards + b + 1, (c - 1) * boards + b + 1
                white_a = b % 2 == 0
                r = rng.choice(("1", "=", "0"))
                other = {"1": "0", "=": "=", "0": "1"}[r]
                games[pa].append(f"{pc:4d} {'w' if white_a else 'b'} {r}")
                games[pc].append(f"{pa:4d} {'b' if white_a else 'w'} {other}")
    lines = ["012 Benchmark team Swiss", "042 2026/05/01", "092 Team Swiss System", f"XXR {declared or rounds}",
             "192 FIDE_TEAM_MP_GP", "202 MPvGP, BH:MP/C1, EMGSB, BH:MP, EDE", "352 " + "WB" * (boards // 2) + "W" * (boards % 2),
             "362 TW 2.0   TD 1.0   TL 0.0"]
    for p in range(1, players + 1):
        rating = 1400 + (p * 7919) % 1200
        lines.append(f"001 {p:4d}      {'Player ' + str(p):<33} {rating:4d}" + " " * 39 + "  ".join(games[p]))
    for t in range(1, teams + 1):
        members = " ".join(f"{(t - 1) * boards + b + 1:4d}" for b in range(boards))
        lines.append(f"310 {t:3d} {'Team ' + str(t):<32} {'T' + str(t):<5}" + " " * 27 + members)
    lines.append("320  2.0  3.0 " + " ".join(f"{b:03d}" for b in pab))
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=None, help="default 200, or 100 with --pair")
    parser.add_argument("--boards", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--pair", action="store_true", help="time pair (the next round) instead of rate")
    parser.add_argument("--cut", type=int, default=6, help="with --pair: the rounds played before (default 6)")
    parser.add_argument("--book", action="store_true", help="with --pair: a team book in and out")
    args = parser.parse_args()
    if args.pair:
        pair(args.teams or 100, args.boards, args.rounds, args.cut, args.book)
        return
    args.teams = args.teams or 200
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "teams.trf"
        path.write_text(team_file(args.teams, args.boards, args.rounds), encoding="utf-8")
        best = None
        for _ in range(3):
            start = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "elo_xl.cli", "rate", str(path), "--format", "json"],
                                  capture_output=True, text=True)
            seconds = time.perf_counter() - start
            if done.returncode != 0:
                sys.exit(f"rate failed: {done.stderr.strip()}")
            best = seconds if best is None else min(best, seconds)
    print(f"rate of {args.teams} teams × {args.boards} boards × {args.rounds} rounds "
          f"({args.teams * args.boards} players): {best:.2f} s (best of 3; target under 1 s)")


def pair(teams: int, boards: int, rounds: int, cut: int, book: bool = False) -> None:
    """Time ``elo-xl pair`` on an event of ``cut`` rounds played out of ``rounds`` (``book``: its
    team book, book in and out)."""
    with tempfile.TemporaryDirectory() as folder:
        path, out = Path(folder) / "teams.trf", Path(folder) / ("paired.xlsx" if book else "paired.trf")
        text = team_file(teams, boards, cut, declared=rounds)
        if book:  # a book computes no EDE (its slot would turn red, and export refuse it)
            text = text.replace(", EDE\n", "\n")
        path.write_text(text, encoding="utf-8")
        if book:
            made = subprocess.run([sys.executable, "-m", "elo_xl.cli", "workbook", "team", "--from", str(path), "-o",
                                   str(Path(folder) / "teams.xlsx")], capture_output=True, text=True)
            if made.returncode != 0:
                sys.exit(f"workbook team failed: {made.stderr.strip()}")
            path = Path(folder) / "teams.xlsx"
        best = None
        for _ in range(3):
            start = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "elo_xl.cli", "pair", str(path), "-o", str(out)],
                                  capture_output=True, text=True)
            seconds = time.perf_counter() - start
            if done.returncode != 0:
                sys.exit(f"pair failed: {done.stderr.strip()}")
            best = seconds if best is None else min(best, seconds)
    kind = "book in and out; target under 10 s" if book else "TRF in and out"
    print(f"pair round {cut + 1} of {teams} teams × {boards} boards × {rounds} rounds ({teams * boards} players, "
          f"{kind}): {best:.2f} s (best of 3)")


if __name__ == "__main__":
    main()
