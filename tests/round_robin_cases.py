"""Double round robins written as TRF files for the tests: each round paired by gacrux's Berger
tables (the reference, independent of elo-xl's), results drawn at random."""

from __future__ import annotations

import random

from elo_xl.pairing.berger import SYSTEMS
from elo_xl.pairing.dutch import pair_berger_gacrux

#: A game's two sides as TRF writes them.
SIDES = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def _line(no: int, rating: int, games: list[tuple[int | None, str, str]]) -> str:
    """A TRF ``001`` line, column by column as TRF16 lays it out (rating 49–52, FIDE ID 58–68,
    each round from column 92: opponent, colour, result; a round robin's bye left blank, as
    ``export`` writes it: the player is not paired, and scores nothing)."""
    head = (f"001 {no:>4}  {'':>3} {'Player ' + str(no):<33} {rating:>4} {'VIE':>3} {100000 + no:>11} "
            f"{'':>10} {'':>4} {'':>4}")
    assert len(head) == 89
    return head + "".join(" " * 10 if o is None else f"  {o:>4} {c} {r}" for o, c, r in games)


def double_trf(n: int, seed: int, reverse: bool = True, played: int | None = None, declare: bool = True) -> str:
    """A double round robin of ``n`` players with ``played`` rounds (default all), each round
    paired by gacrux after the rounds before it, results drawn at random (wins, draws, a few
    forfeits)."""
    rng = random.Random(seed)
    ratings = [rng.randrange(1800, 2500) for _ in range(n)]
    games: dict[int, list[tuple[int | None, str, str]]] = {p: [] for p in range(1, n + 1)}
    rounds = 2 * (n - 1 + n % 2)
    header = ["012 Double cup", "022 Hanoi", "042 2026/03/14", "052 2026/03/28", f"142 {rounds}"]
    if declare:
        header.append(f"192 {SYSTEMS[(True, reverse)]}")

    def text() -> str:
        return "\n".join(header + [_line(p, ratings[p - 1], games[p]) for p in games]) + "\n"

    for r in range(1, (played if played is not None else rounds) + 1):
        for white, black in pair_berger_gacrux(text(), round_=r, double=True, reverse=reverse):
            if not black:
                games[white].append((None, "", ""))
                continue
            result = rng.choice(["1", "0", "=", "=", "1", "0", "+", "-"] if rng.random() < 0.1 else ["1", "0", "="])
            games[white].append((black, "w", result))
            games[black].append((white, "b", SIDES[result]))
    return text()
