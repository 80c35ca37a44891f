"""Benchmark of rating periods: prints numbers (no assertion on time).

    python bench/bench_period.py                      # 100,000 players × 20 rounds, then the end-to-end month
    python bench/bench_period.py --players 20000      # smaller
    python bench/bench_period.py --skip-month         # only the 1 M-game comparison

Part 1 — one run on the same games (a Swiss of N players × R rounds, N·R/2 games, every result a
number as Excel passes them): the period kernel (numpy, exact hundredths), ``ELO_EVENT`` (the
numeric fast path, and the general reader on the same grid typed as text), a plain-Python FIDE
table loop, and the libraries skelo and elote when they are installed (install them in the
benchmark's environment only: ``pip install skelo elote``; they are not dependencies of elo-xl).
skelo has no draws (a draw is fed as a loss of the first player) and neither library uses FIDE's
table: they are there for speed only.

Part 2 — ``elo-xl period`` end to end on a synthetic month: a FIDE ``players_list_foa.txt`` of
200,000 players and 1,000,000 games in 2,000 TRF files (100 players × 10 rounds each), run as a
separate process (wall time and peak memory), then the same run in this process phase by phase,
the .xlsx list (written, then read back as the next month's ``--list``; ``--openpyxl`` also
reads it through openpyxl's read-only mode), the run again with ``--db`` (recorded), and
``--show`` of the stored period in every format (separate processes).
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from elo_xl.rules import FIDE
from elo_xl.tables import SATURATION, expected_hundredths


def swiss(players: int, rounds: int, seed: int = 1):
    """Ratings, and the games as arrays (a, b, a's halves), of a random Swiss."""
    rng = np.random.default_rng(seed)
    ratings = rng.integers(1000, 2851, players)
    a_list, b_list = [], []
    for _ in range(rounds):
        order = rng.permutation(players)
        a_list.append(order[0::2][: players // 2])
        b_list.append(order[1::2][: players // 2])
    a, b = np.concatenate(a_list), np.concatenate(b_list)
    h = rng.choice([0, 1, 2], size=len(a), p=[0.35, 0.3, 0.35])
    return ratings, a, b, h


def grids(ratings, a, b, h, players: int, rounds: int):
    """The rounds form ELO_EVENT reads: ratings (n×1), pairings and results (n×r), all floats."""
    pairings = [[None] * rounds for _ in range(players)]
    results = [[None] * rounds for _ in range(players)]
    per_round = players // 2
    value = (0.0, 0.5, 1.0)
    for g, (x, y, hx) in enumerate(zip(a.tolist(), b.tolist(), h.tolist())):
        t = g // per_round
        pairings[x][t], pairings[y][t] = float(y + 1), float(x + 1)
        results[x][t], results[y][t] = value[hx], value[2 - hx]
    return [[float(r)] for r in ratings.tolist()], pairings, results


def plain_python_fide(ratings, k, a, b, h):
    """FIDE's period arithmetic in a plain Python loop over the games (direct-index table)."""
    cap, exempt, limit = FIDE.CAP, FIDE.cap_exempt_from, FIDE.K_TIMES_N
    table = [expected_hundredths(d) for d in range(-SATURATION, SATURATION + 1)]
    n = len(ratings)
    delta, games = [0] * n, [0] * n
    for x, y, hx in zip(a, b, h):
        rx, ry = ratings[x], ratings[y]
        d = rx - ry
        dx = d if rx >= exempt else (cap if d > cap else -cap if d < -cap else d)
        dy = -d if ry >= exempt else (cap if -d > cap else -cap if -d < -cap else -d)
        dx = SATURATION if dx > SATURATION else -SATURATION if dx < -SATURATION else dx
        dy = SATURATION if dy > SATURATION else -SATURATION if dy < -SATURATION else dy
        delta[x] += 50 * hx - table[dx + SATURATION]
        delta[y] += 100 - 50 * hx - table[dy + SATURATION]
        games[x] += 1
        games[y] += 1
    out = []
    for i in range(n):
        kk = k[i]
        if kk * games[i] > limit:
            kk = limit // games[i]
        num = kk * delta[i]
        mag = (2 * abs(num) + 100) // 200
        out.append(-mag if num < 0 else mag)
    return out


def timed(call, repeat: int = 1) -> tuple[float, float]:
    """Best (CPU time, wall time) of ``repeat`` calls (CPU time: the machine may be shared; the
    ratios are taken on CPU time)."""
    best, wall = float("inf"), float("inf")
    for _ in range(repeat):
        gc.collect()
        start, start_wall = time.process_time(), time.perf_counter()
        call()
        best = min(best, time.process_time() - start)
        wall = min(wall, time.perf_counter() - start_wall)
    return best, wall


def part1(players: int, rounds: int) -> None:
    from elo_xl.kernel import rate_games
    from elo_xl.udfs import ELO_EVENT

    ratings, a, b, h = swiss(players, rounds)
    games = len(a)
    k = np.full(players, 20)
    print(f"Part 1: {games:,} games ({players:,} players × {rounds} rounds), one run, best CPU time of the repeats\n")
    rows = []

    t = timed(lambda: rate_games(ratings, k, a, b, h), 5)
    rows.append(("period kernel (numpy, exact hundredths)", t))
    r_col, pairings, results = grids(ratings, a, b, h, players, rounds)
    t = timed(lambda: ELO_EVENT(r_col, results, 20, "FIDE", pairings), 2)
    rows.append(("ELO_EVENT, numbers (fast path)", t))
    as_text = [["1" if v == 1.0 else "½" if v == 0.5 else "0" for v in row] for row in results]
    t = timed(lambda: ELO_EVENT(r_col, as_text, 20, "FIDE", pairings), 1)
    rows.append(("ELO_EVENT, results as text (general reader)", t))
    rl, al, bl, hl, kl = ratings.tolist(), a.tolist(), b.tolist(), h.tolist(), k.tolist()
    t = timed(lambda: plain_python_fide(rl, kl, al, bl, hl), 2)
    rows.append(("plain-Python FIDE table loop", t))
    try:
        from elote import EloCompetitor

        def run_elote():
            people = [EloCompetitor(initial_rating=r, k_factor=20) for r in rl]
            for x, y, hx in zip(al, bl, hl):
                if hx == 2:
                    people[x].beat(people[y])
                elif hx == 0:
                    people[y].beat(people[x])
                else:
                    people[x].tied(people[y])

        rows.append(("elote (EloCompetitor.beat/tied)", timed(run_elote)))
    except ImportError:
        print("elote is not installed (pip install elote in the benchmark's environment)")
    try:
        from skelo.model.elo import EloEstimator

        x = np.column_stack([a, b, np.arange(games) // (players // 2)])
        y = (h == 2).astype(int)
        rows.append(("skelo (EloEstimator.fit)", timed(lambda: EloEstimator(default_k=20).fit(x, y))))
    except ImportError:
        print("skelo is not installed (pip install skelo in the benchmark's environment)")

    # the fast path gives what the kernel gives
    out = ELO_EVENT(r_col, results, 20, "FIDE", pairings)
    _, _, change = rate_games(ratings, k, a, b, h)
    assert [row[4] for row in out] == change.tolist(), "ELO_EVENT and the kernel disagree"

    cpu = {name: t[0] for name, t in rows}
    base = cpu["ELO_EVENT, numbers (fast path)"]
    print(f"{'':46} {'games/s CPU':>12} {'games/s wall':>13} {'÷ ELO_EVENT':>12}")
    for name, (t, wall) in rows:
        print(f"{name:46} {games / t:12,.0f} {games / wall:13,.0f} {base / t:11.2f}×")
    print("\nratios (CPU time):")
    kernel_t = cpu["period kernel (numpy, exact hundredths)"]
    print(f"  period kernel vs plain-Python FIDE loop : {cpu['plain-Python FIDE table loop'] / kernel_t:8.1f}×")
    print(f"  period kernel vs ELO_EVENT              : {base / kernel_t:8.1f}×")
    print(f"  ELO_EVENT fast path vs general reader   : {cpu['ELO_EVENT, results as text (general reader)'] / base:8.2f}×")
    for name in ("elote (EloCompetitor.beat/tied)", "skelo (EloEstimator.fit)"):
        if name in cpu:
            print(f"  ELO_EVENT vs {name.split()[0]:26} : {cpu[name] / base:8.2f}×  (above 1: ELO_EVENT is faster)")
    print()


# --- part 2 ----------------------------------------------------------------------------------

FOA_HEADER = ("ID Number      Name                                                         Fed Sex Tit  WTit "
              "OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
FOA_WIDTHS = (15, 61, 4, 4, 5, 5, 15, 4, 6, 4, 3, 6, 4, 3, 6, 4, 3, 6, 4)


def write_month(folder: Path, list_players: int, events: int, per_event: int, rounds: int, seed: int = 7,
                month: str = "2026-10"):
    rng = random.Random(seed)
    ids = [10_000_000 + i for i in range(list_players)]
    ratings = [rng.choice([0] + [rng.randint(1400, 2800)] * 9) for _ in ids]
    ks = [rng.choice([10, 20, 40]) for _ in ids]
    lst = folder / "players_list_foa.txt"
    with open(lst, "w", encoding="utf-8") as f:
        f.write(FOA_HEADER + "\n")
        for i, fid in enumerate(ids):
            values = (fid, f"Player{i}, Test", "VIE", "M", "", "", "", "", ratings[i], 0, ks[i], 0, 0, 0, 0, 0, 0,
                      1960 + i % 50, "")
            f.write("".join(str(v).ljust(w) for v, w in zip(values, FOA_WIDTHS)) + "\n")
    paths = []
    for e in range(events):
        members = rng.sample(range(list_players), per_event)
        table = {s: [] for s in range(1, per_event + 1)}
        halves = dict.fromkeys(table, 0)  # the points column, in halves: what the results add up to
        order = list(range(1, per_event + 1))
        for _ in range(rounds):
            rng.shuffle(order)
            for w, bl in zip(order[::2], order[1::2]):
                res = rng.choice("10=")
                table[w].append(f"{bl:4d} w {res}")
                table[bl].append(f"{w:4d} b {'1' if res == '0' else '0' if res == '1' else '='}")
                halves[w] += {"1": 2, "=": 1, "0": 0}[res]
                halves[bl] += {"1": 0, "=": 1, "0": 2}[res]
        lines = [f"012 Event {e + 1}", f"042 {month.replace('-', '/')}/03", f"XXR {rounds}"]
        for s in range(1, per_event + 1):
            i = members[s - 1]
            rating = str(ratings[i]) if ratings[i] else ""
            lines.append(f"001 {s:4d} m    {f'Player{i}, Test':33} {rating:>4} VIE {ids[i]:11d} {'':10} {halves[s] / 2:4.1f} "
                         f"{'':4}  " + "  ".join(table[s]))
        path = folder / f"event{e + 1:04d}.trf"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths.append(path)
    return lst, paths


def part2(list_players: int, events: int, per_event: int, rounds: int, openpyxl_too: bool = False) -> None:
    games = events * per_event * rounds // 2
    print(f"Part 2: elo-xl period on a synthetic month: {list_players:,}-player list, {games:,} games in "
          f"{events:,} TRF files")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        start = time.perf_counter()
        lst, paths = write_month(folder, list_players, events, per_event, rounds)
        print(f"  (writing the files: {time.perf_counter() - start:.1f} s)")
        out = folder / "new.txt"
        args = ["period", "--list", str(lst), "--month", "2026-10", *map(str, paths), "-o", str(out)]
        wall, cpu, mb = elo_xl_process(args)
        print(f"  end to end (separate process): {wall:.1f} s wall, {cpu:.1f} s CPU, peak memory "
              f"{mb:.0f} MB (targets: under 20 s, under 2 GB); load average "
              f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")

        from elo_xl.period.command import read_events
        from elo_xl.period.lists import read_list
        from elo_xl.period.output import head_of, render
        from elo_xl.period.run import rate_period

        clock = time.process_time
        phases = []
        t = clock(); rl = read_list(lst); phases.append(("read the list", clock() - t))
        t = clock(); evs = list(read_events([str(p) for p in paths])); read_t = clock() - t
        # inside the reading: decoding the files, then checking the events again (the check is
        # repeatable; its time is subtracted from the parse)
        from elo_xl.io.decode import read_text
        from elo_xl.io.trf_check import check_event
        t = clock(); [read_text(p, "a TRF file") for p in paths]; decode_t = clock() - t
        t = clock(); [check_event(e) for _, e in evs]; check_t = clock() - t
        phases.append(("read the TRF files", read_t))
        phases.append(("  of which decoding", decode_t))
        phases.append(("  of which player lines", read_t - decode_t - check_t))
        phases.append(("  of which check_event", check_t))
        t = clock(); result = rate_period(rl, evs, "2026-10"); phases.append(("rate the period", clock() - t))
        t = clock(); rows = list(result.list_rows()); phases.append(("the new list's rows", clock() - t))
        t = clock(); data = render(head_of(result), rows, "txt"); phases.append(("write the new list (txt)", clock() - t))
        total = sum(t for name, t in phases if not name.startswith(" "))
        print("  where the time goes (CPU time, the same run phase by phase in this process):")
        for name, t in phases:
            print(f"    {name:28} {t:6.2f} s  {100 * t / total:4.0f} %")
        print(f"  new list: {len(data.splitlines()) - 1:,} rated players")
        from elo_xl.workbook.period_list import as_xlsx
        t = clock(); book = as_xlsx(head_of(result), rows); xlsx_t = clock() - t
        print(f"  the .xlsx list: {xlsx_t:.1f} s CPU, {len(book) / 1e6:.1f} MB")
        # the .xlsx list read back as next month's --list (the fast reader of the sheet's XML)
        xlsx_list = folder / "new.xlsx"
        xlsx_list.write_bytes(book)
        t = clock(); back = read_list(xlsx_list); read_xlsx_t = clock() - t
        print(f"  the .xlsx list read back as --list: {read_xlsx_t:.1f} s CPU, {len(back):,} players (target under 5 s)")
        if openpyxl_too:
            from elo_xl.period.lists import ListRow
            from elo_xl.period.sheet_list import openpyxl_rows

            t = clock(); count = sum(1 for _ in openpyxl_rows(xlsx_list, ListRow, "standard", "list", 0))
            print(f"    the same through openpyxl's read-only mode: {clock() - t:.1f} s CPU, {count:,} players")

        # with --db: the same month recorded, then --show of the stored 200,000-player period
        db = folder / "ratings.sqlite"
        wall, cpu, mb = elo_xl_process(args + ["--db", str(db)])
        print(f"  end to end with --db (recorded): {wall:.1f} s wall, {cpu:.1f} s CPU, peak {mb:.0f} MB; "
              f"database {db.stat().st_size / 1e6:.0f} MB")
        for fmt in ("txt", "csv", "json", "xlsx"):
            shown = folder / f"shown.{fmt}"
            wall, cpu, mb = elo_xl_process(["period", "--db", str(db), "--show", "2026-10", "-o", str(shown)])
            same = " (byte-identical to the run's)" if fmt == "txt" and shown.read_bytes() == out.read_bytes() else ""
            print(f"  --show 2026-10 -o LIST.{fmt}: {wall:.1f} s wall, {cpu:.1f} s CPU, peak {mb:.0f} MB "
                  f"(target under 3 s){same}")



#: Run in a fresh process: the command, then its CPU time and peak memory on stderr (VmHWM: the
#: high-water mark of its own address space, not the benchmark's, which it was forked from).
_MEASURED = ("import resource, sys; from elo_xl.cli import main; code = main(sys.argv[1:]); "
             "hwm = [l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')][0]; "
             "u = resource.getrusage(resource.RUSAGE_SELF); "
             "print('BENCH', hwm, u.ru_utime + u.ru_stime, file=sys.stderr); sys.exit(code)")


def elo_xl_process(args: list[str]) -> tuple[float, float, float]:
    """``elo-xl ARGS`` in a separate process: its wall seconds, CPU seconds and peak memory (MB)."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _MEASURED, *args], capture_output=True, text=True)
    wall = time.perf_counter() - start
    if done.returncode:
        print(done.stderr)
        raise SystemExit(done.returncode)
    _, hwm, cpu = next(line for line in done.stderr.splitlines() if line.startswith("BENCH")).split()
    return wall, float(cpu), int(hwm) / 1024

def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--skip-month", action="store_true", help="skip part 2")
    parser.add_argument("--skip-games", action="store_true", help="skip part 1")
    parser.add_argument("--list-players", type=int, default=200_000)
    parser.add_argument("--events", type=int, default=2_000)
    parser.add_argument("--openpyxl", action="store_true", help="also read the .xlsx list through openpyxl (slow)")
    args = parser.parse_args()
    if not args.skip_games:
        part1(args.players, args.rounds)
    if not args.skip_month:
        part2(args.list_players, args.events, 100, 10, args.openpyxl)


if __name__ == "__main__":
    main()
