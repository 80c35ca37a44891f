"""Make the team events of this folder: each one a team Swiss paired round by round by gacrux's
own command line (``python -m gacrux.pairingchecker -p``), with random board results, written
as it stands before its round ``k`` is paired (``k`` drawn at random). Nothing of elo-xl is
used: the points columns, the ``310`` totals and the ``320``/``240`` records are written here.

    python tests/data/teams/pairing/generate.py [--count 50] [--seed 2026]

See README.md for what the events hold.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: The 192 code of each event in turn ("" for none: gacrux pairs it as -m fideteam).
CODES = ["", "", "", "FIDE_TEAM_TYPEB_MP_GP", "", "FIDE_TEAM_MP_GP", "", "", "FIDE_TEAM_TYPEA_GP_MP", "",
         "FIDE_TEAM_TYPEB_MP_GP", ""]


def method_of(code: str) -> list[str]:
    """The gacrux command-line method for an event: -m fideteam without a 192 code, else none
    (gacrux reads the code)."""
    return [] if code else ["-m", "fideteam"]


class Unpairable(Exception):
    """gacrux found no pairing (a small field late in the event): the event is drawn again."""


class Event:
    def __init__(self, rng: random.Random, code: str) -> None:
        self.rng = rng
        self.code = code
        self.teams = rng.randint(7, 16)
        self.boards = rng.choice((4, 4, 5, 6))
        self.rounds = rng.randint(5, 9)
        self.colours = "".join("WB"[b % 2] for b in range(self.boards))
        self.top = rng.choice("WB")
        players = self.teams * self.boards
        self.ratings = {p: rng.randint(1400, 2600) for p in range(1, players + 1)}
        self.games: dict[int, list[str]] = {p: [] for p in range(1, players + 1)}
        self.points = {p: Fraction(0) for p in range(1, players + 1)}
        self.mp = {t: Fraction(0) for t in range(1, self.teams + 1)}
        self.gp = {t: Fraction(0) for t in range(1, self.teams + 1)}
        self.pab: list[int] = []
        self.byes: list[tuple[str, int, int]] = []  # (letter, round, team)

    def members(self, team: int) -> list[int]:
        return [(team - 1) * self.boards + b + 1 for b in range(self.boards)]

    def text(self, upcoming: list[tuple[str, int, int]] = ()) -> str:
        lines = [f"012 Generated team Swiss {self.teams} teams {self.boards} boards", "042 2026/05/01",
                 "092 Team Swiss System", f"142 {self.rounds}", f"152 {self.top}"]
        if self.code:
            lines.append(f"192 {self.code}")
        lines += [f"352 {self.colours}", "362 TW 2.0   TD 1.0   TL 0.0"]
        for p in sorted(self.games):
            head = f"001 {p:4d}      {'Player ' + str(p):<33} {self.ratings[p]:4d}".ljust(80)
            head += f"{float(self.points[p]):4.1f}" + " " * 5
            lines.append((head + "".join("  " + g for g in self.games[p])).rstrip())
        for t in range(1, self.teams + 1):
            lines.append(f"310 {t:3d} {'Team ' + str(t):<32} {'T' + str(t):<5} {'':6} {float(self.mp[t]):6.1f} "
                         f"{float(self.gp[t]):6.1f}      " + " ".join(f"{m:4d}" for m in self.members(t)))
        if any(self.pab):
            lines.append(f"320  1.0 {self.boards / 2:4.1f} " + " ".join(f"{t:03d}" for t in self.pab))
        for letter, r, t in list(self.byes) + list(upcoming):
            lines.append(f"240 {letter} {r:03d}  {t:03d}")
        return "\n".join(lines) + "\n"

    def pair(self, round_: int, folder: Path) -> list[tuple[int, int]]:
        path, out = folder / "event.trf", folder / "out.json"
        path.write_text(self.text(self.upcoming), encoding="utf-8")
        subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-p", *method_of(self.code), "-i", str(path),
                        "-n", str(round_), "-o", str(out)], check=True, capture_output=True)
        result = json.loads(out.read_text(encoding="utf-8"))
        if result["status"]["code"]:
            raise Unpairable(f"round {round_}: {result['status']}")
        return [tuple(p) for p in result["pairingResult"]["pairs"]]

    def play(self, round_: int, pairs: list[tuple[int, int]], free_day: bool = False) -> None:
        """Round ``round_`` played as ``pairs`` say, with random results; ``free_day``: the
        bye is a round robin's (no match, no points) rather than a pairing-allocated bye."""
        rng = self.rng
        seated = set()
        bye = 0
        for white, black in pairs:
            if not black:
                bye = white
                seated.add(white)
                continue
            seated |= {white, black}
            scores = {white: Fraction(0), black: Fraction(0)}
            for b, (pw, pb) in enumerate(zip(self.members(white), self.members(black))):
                if self.colours[b] == "B":
                    pw, pb = pb, pw
                r = rng.choices(("1", "=", "0"), (4, 3, 4))[0]
                other = {"1": "0", "=": "=", "0": "1"}[r]
                value = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0)}
                self.games[pw].append(f"{pb:4d} w {r}")
                self.games[pb].append(f"{pw:4d} b {other}")
                self.points[pw] += value[r]
                self.points[pb] += value[other]
                team_w = white if pw in self.members(white) else black
                scores[team_w] += value[r]
                scores[black if team_w == white else white] += value[other]
            for t in (white, black):
                self.gp[t] += scores[t]
            a, c = scores[white], scores[black]
            self.mp[white] += 2 if a > c else 1 if a == c else 0
            self.mp[black] += 2 if c > a else 1 if a == c else 0
        if free_day:
            bye = 0
        self.pab.append(bye)
        if bye:
            self.mp[bye] += 1
            self.gp[bye] += Fraction(self.boards, 2)
        for letter, r, t in self.upcoming:
            value = {"F": Fraction(1), "H": Fraction(1, 2), "Z": Fraction(0)}[letter]
            for m in self.members(t):
                self.games[m].append(f"0000 - {letter}")
                self.points[m] += value
            self.mp[t] += {"F": 2, "H": 1, "Z": 0}[letter]
            self.gp[t] += value * self.boards
            seated.add(t)
        self.byes += self.upcoming
        for t in range(1, self.teams + 1):
            if t not in seated:
                raise SystemExit(f"round {round_}: team {t} not paired")
        width = round_
        for p, row in self.games.items():
            while len(row) < width:
                row.append(" " * 8)

    upcoming: list[tuple[str, int, int]] = []

    def draw_byes(self, round_: int) -> None:
        """Now and then a team asks for a bye (240) in the round about to be paired."""
        self.upcoming = []
        if round_ < self.rounds - 1 and self.rng.random() < 0.3:
            team = self.rng.randint(1, self.teams)
            self.upcoming = [(self.rng.choice("FHZ"), round_, team)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        for e in range(1, args.count + 1):
            code = CODES[(e - 1) % len(CODES)]
            while True:
                event = Event(rng, code)
                # mostly the second half of the event, where the scoregroups and colours have a history
                cut = rng.randint(1, event.rounds) if e % 6 == 0 else rng.randint(event.rounds // 2 + 1, event.rounds)
                try:
                    for r in range(1, cut + 1):
                        event.draw_byes(r)
                        pairs = event.pair(r, Path(folder))  # round cut too: it can be paired
                        if r < cut:
                            event.play(r, pairs)
                    break
                except Unpairable as error:
                    print(f"event {e} drawn again ({error})")
            name = HERE / f"event-{e:02d}.trf"
            name.write_text(event.text(event.upcoming), encoding="utf-8")
            print(f"{name.name}: {event.teams} teams, {event.boards} boards, {event.rounds} rounds, next round {cut}"
                  f"{', 192 ' + code if code else ''}")


if __name__ == "__main__":
    main()
