"""Expected values for FIDE team tie-breaks (C.07), from gacrux, FIDE TEC's reference tool.

Writes ``tests/data/teams/generated/``: N team events (``eventNNN.trf``, TRF-2026 team files)
and ``expected.csv`` (``file,rules,tiebreak,team,value``), the values gacrux's
``tiebreakchecker`` gives for every team tie-break it has, under the 2024 rules (``/V1``) and
the 2026 rules (``/V2``). elo-xl's own team tie-breaks are tested against these values; this
script computes none of them itself.

How an event is made:

1. ``python -m gacrux.tournamentgenerator`` in team mode (``-T BOARDS``) pairs the teams round by
   round (its Dutch system; ``-K`` lets a small field meet again) and draws each match's outcome
   from the two teams' ratings: won, drawn, lost, forfeited, and the byes it asks for (half-point
   and zero-point byes in rounds 1-3) or allocates (PAB, to the odd team out). Its seed is its
   file number (``-g FILENO 1``: seed = FILENO * 10000 + 4711).
2. The generator writes each team as one competitor of an individual file. Its known quirks are
   fixed: the team's true strength is in the FIDE-ID field (blanked here; the rating field, the
   rating it paired by, is kept), and ``042``/``052`` (today's date, which gacrux 1.11.65 writes
   with a four-digit year; a two-digit one would be widened) are replaced by a fixed date.
3. This script expands each team into BOARDS players (team t, board b is player
   BOARDS * (t - 1) + b) and each match into board games whose total agrees with the
   generator's outcome: board results drawn from the players' ratings (seeded by the event
   number), including single-board forfeits, until the match is won, drawn or lost as the
   generator said. Colours follow ``352`` (WBWB..., board 1 has the team's colour). A forfeited
   match is a ``330`` record plus ``+``/``-`` on every board; a PAB is the ``320`` record (its
   points drawn per event) plus ``0000 - U`` on the members' lines; half-point and zero-point
   byes are ``240 H``/``240 Z`` records plus ``0000 - H``/``0000 - Z`` on the members' lines;
   ``310`` holds match points, game points and a rank by MP then GP (checked against gacrux's
   MP and GP for every team).
4. ``python -m gacrux.tiebreakchecker -i FILE -n ROUNDS -d C -t CODES`` gives the values. Value
   tie-breaks are asked in one call per rules version. A rank-only tie-break (the EDE family,
   TBR, BBE) depends on the order already established, so each one is asked on its own, after
   the primary score only: ``-t MPTS EDE/V1``.

Before any of this the script runs the same calls on Held's team exercises (``--held``) and
prints how many of the published solutions they reproduce.

    python bench/team_oracle.py --held PATH/held_team.trf            # checks, then writes
    python bench/team_oracle.py --held PATH/held_team.trf --check-only
"""

from __future__ import annotations

import argparse
import csv
import io
import math
import random
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "data" / "teams" / "generated"

#: Value tie-breaks: the CSV's code (C.07's spelling) and what gacrux is asked. ``MP`` and ``GP``
#: are gacrux's ``MPTS`` and ``GPTS``; the rest are asked as written, with ``/V1`` or ``/V2`` added.
VALUE_CODES: list[tuple[str, str]] = [
    ("MP", "MPTS"),
    ("GP", "GPTS"),
    ("MPvGP", "MPVGP"),
    ("BH:MP", "BH:MP"),
    ("BH:GP", "BH:GP"),
    ("BH:MP/C1", "BH:MP/C1"),
    ("BH:GP/C1", "BH:GP/C1"),
    ("BH:MP/M1", "BH:MP/M1"),
    ("BH:GP/M1", "BH:GP/M1"),
    ("EMMSB", "EMMSB"),
    ("EMGSB", "EMGSB"),
    ("EGMSB", "EGMSB"),
    ("EGGSB", "EGGSB"),
    ("EMMSB/C1", "EMMSB/C1"),
    ("ESB", "ESB"),
    ("SSSC", "SSSC"),
    ("BC", "BC"),
]

#: Rank-only tie-breaks: gacrux's column is a position inside the group tied before it.
RANK_CODES: list[str] = ["EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE"]

RULES = {"2024": "V1", "2026": "V2"}
PYTHON = sys.executable


# ----------------------------------------------------------------------------- the checker

def run_checker(path: Path, rounds: int, codes: list[str]) -> tuple[list[str], dict[int, list[str]], dict[int, int]]:
    """Run gacrux's tiebreakchecker; return the header codes, each team's values and rank."""
    command = [PYTHON, "-m", "gacrux.tiebreakchecker", "-i", str(path), "-n", str(rounds), "-d", "C", "-t", *codes]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0 or not done.stdout.startswith("StartNo,Rank"):
        raise RuntimeError(f"tiebreakchecker failed on {path.name} {codes}: {done.stdout[-500:]} {done.stderr[-2000:]}")
    rows = list(csv.reader(io.StringIO(done.stdout)))
    header = rows[0][2:]
    values = {int(row[0]): row[2:] for row in rows[1:] if row and row[0].isdigit()}
    ranks = {int(row[0]): int(row[1]) for row in rows[1:] if row and row[0].isdigit()}
    return header, values, ranks


def oracle_rows(path: Path, rounds: int) -> list[tuple[str, str, int, str]]:
    """Every (rules, tiebreak, team, value) gacrux gives for one team file."""
    out: list[tuple[str, str, int, str]] = []
    for rules, ver in RULES.items():
        asked = [code if code in ("MPTS", "GPTS", "MPVGP") else f"{code}/{ver}" for _, code in VALUE_CODES]
        # MPTS first: it states the primary score, which MPvGP and the unsuffixed codes read.
        _, values, _ = run_checker(path, rounds, asked)
        for team in sorted(values):
            for (name, _), value in zip(VALUE_CODES, values[team]):
                out.append((rules, name, team, value))
        for code in RANK_CODES:
            _, values, ranks = run_checker(path, rounds, ["MPTS", f"{code}/{ver}"])
            check_rank_values(path.name, code, values, ranks)
            for team in sorted(values):
                out.append((rules, code, team, values[team][1]))
    return out


def check_rank_values(name: str, code: str, values: dict[int, list[str]], ranks: dict[int, int]) -> None:
    """Check what a rank-only code's column means: a place inside the group tied on MP.

    gacrux's column for ``-t MPTS EDE`` is 0 for a team that the code does not place inside
    its MP group (it is alone there, or the whole group stays tied) and k >= 1 for the k-th
    place inside the group (ties share a place). So the final rank is the MP group's first
    rank plus max(k, 1) - 1. This is checked here for every team of every event.
    """
    mp = {team: Decimal(v[0]) for team, v in values.items()}
    for team, v in values.items():
        group_rank = 1 + sum(1 for other in mp if mp[other] > mp[team])
        place = int(v[1])
        if ranks[team] != group_rank + max(place, 1) - 1:
            raise RuntimeError(f"{name} {code}: team {team} ranked {ranks[team]}, column {place}, MP group from {group_rank}")


# ----------------------------------------------------------------------------- Held's check

def held_check(held: Path, solutions: Path) -> tuple[int, int, int]:
    """Run the oracle's calls on Held's team file; count solution rows equal, different, skipped."""
    rounds = 7
    cache: dict[tuple[str, ...], tuple[list[str], dict[int, list[str]], dict[int, int]]] = {}

    def ask(codes: tuple[str, ...]) -> tuple[list[str], dict[int, list[str]], dict[int, int]]:
        if codes not in cache:
            cache[codes] = run_checker(held, rounds, list(codes))
        return cache[codes]

    value_by_name = dict(VALUE_CODES)
    equal = different = skipped = 0
    with solutions.open(newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            rules, code, team, want = row["rules"], row["tiebreak"], int(row["team"]), row["value"]
            if rules not in RULES:  # "2026 (forfeit opponent not recorded)": not this file
                skipped += 1
                continue
            ver = RULES[rules]
            if code.startswith("RANK("):
                parts = code[5:-1].split(",")
                asked = tuple(
                    {"MP": "MPTS", "GP": "GPTS"}.get(p, f"{p}/{ver}") for p in parts
                )
                got = str(ask(asked)[2][team])
            else:
                gcode = value_by_name.get(code, code)
                asked_code = gcode if gcode in ("MPTS", "GPTS", "MPVGP") else f"{gcode}/{ver}"
                got = ask(("MPTS", asked_code))[1][team][1]
            if Decimal(got) == Decimal(want):
                equal += 1
            else:
                different += 1
                print(f"  held: {rules} {code} team {team}: gacrux {got}, solution {want}")
    for ver in RULES.values():
        for code in RANK_CODES:
            _, values, ranks = ask(("MPTS", f"{code}/{ver}"))
            check_rank_values(held.name, code, values, ranks)
    return equal, different, skipped


# ----------------------------------------------------------------------------- generating

@dataclass
class Cell:
    """One team's round as the generator wrote it."""

    opponent: int  # 0: no opponent
    colour: str  # w, b or -
    result: str  # 1 = 0 (played match), + - (forfeited match), H Z U (byes)


@dataclass
class Team:
    number: int
    rating: int
    cells: list[Cell] = field(default_factory=list)


@dataclass
class Shape:
    """What one event is drawn to be."""

    number: int
    teams: int
    boards: int
    rounds: int
    zpb: float
    hpb: float
    forfeit: float
    board_forfeit: float
    pab: tuple[Decimal, Decimal]
    fileno: int
    maxmeets: int
    date: str


def generate_raw(shape: Shape, folder: Path) -> str:
    """Run gacrux's tournamentgenerator for one event; return the file it wrote."""
    out = folder / f"raw{shape.number:03d}-%d.trf"
    command = [
        PYTHON, "-m", "gacrux.tournamentgenerator", "-N", str(shape.rounds), "-p", str(shape.teams),
        "-T", str(shape.boards), "-S", str(shape.zpb), str(shape.hpb), str(shape.forfeit),
        "-g", str(shape.fileno), "1", "-o", str(out),
    ]
    if shape.maxmeets > 1:
        command += ["-K", str(shape.maxmeets)]
    done = subprocess.run(command, capture_output=True, text=True)
    path = Path(str(out).replace("%d", str(shape.fileno).zfill(4)))
    if done.returncode != 0 or not path.exists():
        raise RuntimeError(done.stderr[-300:] or "no file")
    return path.read_text(encoding="latin-1")


def parse_raw(text: str, rounds: int) -> list[Team]:
    """Read the generator's competitor lines (each one a team), fixing its FIDE-ID quirk."""
    teams: list[Team] = []
    for line in text.splitlines():
        if not line.startswith("001"):
            continue
        rating_field, id_field = line[48:52].strip(), line[57:68].strip()
        # The generator's profile puts a rating (the true strength the results were drawn
        # from) in the FIDE-ID field. It is no ID: blank it. Keep the rating field, the rating
        # the generator paired by; only where that is empty is the number moved into it.
        rating = int(rating_field) if rating_field else int(id_field or 0)
        team = Team(int(line[4:8]), rating)
        for r in range(rounds):
            cell = line[91 + 10 * r: 91 + 10 * r + 8]
            if not cell.strip():
                team.cells.append(Cell(0, "-", "Z"))
                continue
            opp, colour, result = int(cell[0:4]), cell[5], cell[7]
            team.cells.append(Cell(opp, colour, result))
        teams.append(team)
    return teams


def game_probabilities(white: int, black: int) -> tuple[float, float, float]:
    """White's chances to win, draw and lose (a plain Elo model with a drawing margin)."""
    expected = 1.0 / (1.0 + 10 ** ((black - white - 35) / 400.0))
    draw = 0.30 * math.exp(-abs(white - black) / 400.0)
    win = max(0.0, expected - draw / 2)
    return win, draw, max(0.0, 1.0 - win - draw)


def format_points(value: Decimal) -> str:
    return f"{value:.1f}"


def build_event(shape: Shape, raw: str, rng: random.Random) -> str:
    """The TRF-2026 team file of one generated event."""
    teams = {t.number: t for t in parse_raw(raw, shape.rounds)}
    n, b, rounds = shape.teams, shape.boards, shape.rounds
    sequence = "".join("W" if i % 2 == 0 else "B" for i in range(b))
    ratings: dict[int, int] = {}
    for t in teams.values():
        board_ratings = sorted((t.rating + 90 - 30 * i + int(rng.gauss(0, 40)) for i in range(b)), reverse=True)
        for i, rating in enumerate(board_ratings):
            ratings[b * (t.number - 1) + i + 1] = max(1000, min(2999, rating))
    cells: dict[int, list[str]] = {p: ["" for _ in range(rounds)] for p in ratings}
    points: dict[int, Decimal] = {p: Decimal("0") for p in ratings}
    mp: dict[int, Decimal] = {t: Decimal("0") for t in teams}
    gp: dict[int, Decimal] = {t: Decimal("0") for t in teams}
    byes: dict[tuple[str, int], list[int]] = {}
    pab: list[int] = [0] * rounds
    forfeits: list[tuple[int, str, int, int]] = []
    pab_mp, pab_gp = shape.pab
    value = {"1": Decimal("1"), "=": Decimal("0.5"), "0": Decimal("0"), "+": Decimal("1"), "-": Decimal("0")}
    flip = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}

    def player(team: int, board: int) -> int:
        return b * (team - 1) + board + 1

    for r in range(rounds):
        for t in sorted(teams):
            cell = teams[t].cells[r]
            if cell.opponent == 0:
                kind = {"U": "P", "H": "H", "Z": "Z", "F": "F"}.get(cell.result, "Z")
                if kind == "P":
                    pab[r] = t
                    mp[t] += pab_mp
                    gp[t] += pab_gp
                    for i in range(b):  # 320 gives the team its points; each member's line says U
                        p = player(t, i)
                        cells[p][r] = "0000 - U"
                        points[p] += Decimal("1")
                    continue
                byes.setdefault((kind, r + 1), []).append(t)
                for i in range(b):
                    p = player(t, i)
                    cells[p][r] = f"0000 - {kind}"
                    points[p] += {"H": Decimal("0.5"), "F": Decimal("1"), "Z": Decimal("0")}[kind]
                mp[t] += {"H": Decimal("1"), "F": Decimal("2"), "Z": Decimal("0")}[kind]
                gp[t] += {"H": Decimal(b) / 2, "F": Decimal(b), "Z": Decimal("0")}[kind]
                continue
            if cell.colour != "w":
                continue  # each match is written once, from its white team
            w, k = t, cell.opponent
            if cell.result in "+-":
                forfeits.append((r + 1, "+-" if cell.result == "+" else "-+", w, k))
                results = [cell.result] * b
            else:
                target = {"1": 1, "=": 0, "0": -1}[cell.result]
                while True:
                    results = []
                    for i in range(b):
                        pw, pb_ = player(w, i), player(k, i)
                        white_first = sequence[i] == "W"
                        rw, rb = (ratings[pw], ratings[pb_]) if white_first else (ratings[pb_], ratings[pw])
                        if rng.random() < shape.board_forfeit:
                            res = rng.choice("+-")
                        else:
                            win, draw, _ = game_probabilities(rw, rb)
                            x = rng.random()
                            res = "1" if x < win else "=" if x < win + draw else "0"
                        results.append(res if white_first else flip[res])
                    total = sum(value[x] for x in results)
                    if (total > Decimal(b) / 2) - (total < Decimal(b) / 2) == target:
                        break
            wgp = sum(value[x] for x in results)
            kgp = sum(value[flip[x]] for x in results)
            gp[w] += wgp
            gp[k] += kgp
            mp[w] += Decimal(2) if wgp > kgp else Decimal(1) if wgp == kgp else Decimal(0)
            mp[k] += Decimal(2) if kgp > wgp else Decimal(1) if wgp == kgp else Decimal(0)
            for i in range(b):
                pw, pk = player(w, i), player(k, i)
                cw = "w" if sequence[i] == "W" else "b"
                ck = "b" if cw == "w" else "w"
                cells[pw][r] = f"{pk:>4} {cw} {results[i]}"
                cells[pk][r] = f"{pw:>4} {ck} {flip[results[i]]}"
                points[pw] += value[results[i]]
                points[pk] += value[flip[results[i]]]

    def shared_ranks(keys: dict[int, tuple]) -> dict[int, int]:
        order = sorted(keys, key=lambda x: keys[x], reverse=True)
        ranks: dict[int, int] = {}
        for i, x in enumerate(order):
            ranks[x] = ranks[order[i - 1]] if i and keys[order[i - 1]] == keys[x] else i + 1
        return ranks

    player_rank = shared_ranks({p: (points[p],) for p in points})
    team_rank = shared_ranks({t: (mp[t], gp[t]) for t in teams})

    lines = [
        f"012 elo-xl team oracle, event {shape.number:03d} (gacrux tournamentgenerator, file {shape.fileno})",
        f"022 {n} teams, {b} boards, {rounds} rounds; zpb={shape.zpb} hpb={shape.hpb} forfeit={shape.forfeit} board forfeit={shape.board_forfeit}",
        "032 FID",
        f"042 {shape.date}",
        f"052 {shape.date}",
        f"062 {n * b}",
        f"072 {n * b}",
        f"082 {n}",
        "092 Team Swiss System",
        f"142 {rounds}",
        "192 FIDE_TEAM_MP_GP",
        f"352 {sequence}",
        "362 TW 2.0   TD 1.0   TL 0.0",
    ]
    for p in sorted(ratings):
        team, board = (p - 1) // b + 1, (p - 1) % b + 1
        name = f"Team {team:02d}, Board {board}"
        head = f"001 {p:>4}      {name:<33} {ratings[p]:>4}{'':28}{format_points(points[p]):>4} {player_rank[p]:>4}"
        body = "".join(f"  {c:<8}" if c else " " * 10 for c in cells[p])
        lines.append((head + body).rstrip())
    for t in sorted(teams):
        members = "".join(f" {player(t, i):>4}" for i in range(b))
        name = f"Team {t:02d}"
        lines.append(
            f"310 {t:>3} {name:<32} {f'T{t:03d}':<5} {'':>6} {format_points(mp[t]):>6} {format_points(gp[t]):>6} {team_rank[t]:>3} {members}"
        )
    if any(pab):
        lines.append(f"320 {format_points(pab_mp):>4} {format_points(pab_gp):>4} " + " ".join(f"{t:03d}" for t in pab))
    for (kind, rnd), listed in sorted(byes.items(), key=lambda x: (x[0][1], x[0][0])):
        lines.append(f"240 {kind} {rnd:03d} " + " ".join(f"{t:>4}" for t in listed))
    for rnd, kind, w, k in forfeits:
        lines.append(f"330 {kind} {rnd:03d} {w:03d} {k:03d}")
    return "\n".join(lines) + "\n"


def draw_shapes(count: int, seed: int) -> list[Shape]:
    """The events' sizes and rates, drawn so that small events are many and large ones few."""
    rng = random.Random(seed)
    shapes = []
    for k in range(count):
        if k < count * 0.7:
            teams = rng.randint(4, 12)
        elif k < count * 0.95:
            teams = rng.randint(13, 24)
        else:
            teams = rng.randint(25, 40)
        boards = rng.randint(4, 8) if teams <= 24 else rng.choice([4, 4, 5, 6])
        rounds = rng.randint(5, 13) if teams > 8 else rng.randint(5, 9)
        zpb, hpb, forfeit = rng.choice([(0.0, 0.0, 0.0), (0.02, 0.06, 0.04), (0.04, 0.04, 0.08), (0.01, 0.03, 0.02)])
        if k % 2 == 0 and teams % 2 == 0:
            teams += 1  # an odd field: a PAB every round
        teams = min(teams, 40)
        if k == count - 1:
            teams, boards, rounds = 40, 4, 13  # the largest shape, once
        board_forfeit = rng.choice([0.0, 0.01, 0.03])
        half = Decimal(boards) / 2
        pab = rng.choice([(Decimal(2), Decimal(boards)), (Decimal(2), half), (Decimal(1), half)])
        maxmeets = 1 if rounds < teams else math.ceil(rounds / (teams - 1)) + 1
        date = rng.choice(["2025/10/04", "2026/01/17", "2026/04/11", "2026/06/20"])
        shapes.append(Shape(k + 1, teams, boards, rounds, zpb, hpb, forfeit, board_forfeit, pab, 100 + k, maxmeets, date))
    return shapes


def make_event(shape: Shape, folder: Path, out: Path) -> tuple[Shape, list[tuple[str, str, int, str]]]:
    """Generate, convert and check one event; fewer rounds where gacrux cannot pair them all."""
    while True:
        try:
            raw = generate_raw(shape, folder)
            break
        except RuntimeError:
            if shape.maxmeets > 6:
                raise
            if shape.rounds <= 5:
                shape.maxmeets += 1
            else:
                shape.rounds -= 1
    text = build_event(shape, raw, random.Random(shape.number * 7919 + shape.fileno))
    path = out / f"event{shape.number:03d}.trf"
    path.write_text(text, encoding="utf-8", newline="\n")
    rows = oracle_rows(path, shape.rounds)
    # The file's own 310 scores must be gacrux's MP and GP: the conversion is then consistent.
    scores = {(tb, team): v for rules, tb, team, v in rows if rules == "2024" and tb in ("MP", "GP")}
    for line in text.splitlines():
        if line.startswith("310"):
            team = int(line[4:7])
            if Decimal(line[54:60]) != Decimal(scores[("MP", team)]) or Decimal(line[61:67]) != Decimal(scores[("GP", team)]):
                raise RuntimeError(f"{path.name}: team {team} 310 scores differ from gacrux's")
    return shape, rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=100, help="number of events (default 100)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the events' shapes (default 2026)")
    parser.add_argument("--out", type=Path, default=OUT, help="output folder (default tests/data/teams/generated)")
    parser.add_argument("--held", type=Path, help="Held's held_team.trf; its solutions CSV is read from beside it")
    parser.add_argument("--check-only", action="store_true", help="run Held's check and stop")
    parser.add_argument("--jobs", type=int, default=2, help="events made at once (default 2)")
    args = parser.parse_args()

    if args.held:
        equal, different, skipped = held_check(args.held, args.held.with_name("held_team_solutions.csv"))
        print(f"Held's team exercises: {equal} equal, {different} different, {skipped} not for this file")
        if different:
            sys.exit(1)
    if args.check_only:
        return
    args.out.mkdir(parents=True, exist_ok=True)
    shapes = draw_shapes(args.events, args.seed)
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda s: make_event(s, Path(tmp), args.out), shapes))
    with (args.out / "expected.csv").open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(["file", "rules", "tiebreak", "team", "value"])
        count = 0
        for shape, rows in results:
            for rules, tb, team, value in rows:
                writer.writerow([f"event{shape.number:03d}.trf", rules, tb, team, value])
                count += 1
    for shape, _ in results:
        print(
            f"event{shape.number:03d}: {shape.teams} teams, {shape.boards} boards, {shape.rounds} rounds, "
            f"generator file {shape.fileno}, -K {shape.maxmeets}, -S {shape.zpb} {shape.hpb} {shape.forfeit}, "
            f"board forfeits {shape.board_forfeit}, PAB {shape.pab[0]}/{shape.pab[1]}"
        )
    print(f"{len(results)} events, {count} values")


if __name__ == "__main__":
    main()
