"""Direct encounter (C.07 article 6): the games among the participants still tied.

- 6.1: if all the tied participants have met, they are ranked by the points scored in the
  games among them (a pair that met more than once: each side's average); participants
  level on those points are ranked again among themselves (6.2) when they are fewer;
- if not all have met, a participant ranks first when he has more points in those games
  than any other could reach with wins in the games not played (every unplayed pair counts
  a win for the other), and so on down; the rest stay tied (6.3).

A forfeit is not an encounter in a Swiss (unless ``/P``); in a round robin it is (15.2).

The value of DE is the number of participants tied with him whom direct encounter ranks
below him (0 when it separates nobody), so that a higher value ranks higher.

>>> from .event import from_rounds
>>> from .unplayed import prepare
>>> p = prepare(from_rounds([["=", "1"], ["=", "="], ["1", "0"], ["0", "="]],
...                         [[2, 3], [1, 4], [4, 1], [3, 2]]), "2024")
>>> [str(v) for v in direct_encounter(p, [[0, 2]])], [str(v) for v in direct_encounter(p, [[1, 2]])]
(['1', '0', '0', '0'], ['0', '0', '0', '0'])
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from .unplayed import Prepared


def _mini(p: Prepared, group: Sequence[int], forfeits_played: bool) -> tuple[dict[int, Fraction], dict[int, int]]:
    members = set(group)
    scored: dict[int, dict[int, list[int]]] = {i: {} for i in group}
    for i in group:
        for r in range(p.rounds):
            o = p.opp[i][r]
            if o in members and o != i and p.counts_as_game(i, r, forfeits_played) and p.code[i][r] is not None:
                scored[i].setdefault(o, []).append(p.points[i][r])
    mini = {i: sum((Fraction(sum(v), len(v) * p.unit) for v in scored[i].values()), Fraction(0)) for i in group}
    unmet = {i: sum(1 for o in group if o != i and o not in scored[i] and i not in scored[o]) for i in group}
    return mini, unmet


def tiers(p: Prepared, group: list[int], forfeits_played: bool = False) -> list[list[int]]:
    """The participants of ``group`` (indices) in the tiers direct encounter sorts them into,
    the first-ranked first; a tier of several is still tied.

    >>> from .event import from_rounds
    >>> from .unplayed import prepare
    >>> tiers(prepare(from_rounds([["1"], ["0"]], [[2], [1]]), "2024"), [0, 1])
    [[0], [1]]
    """
    if len(group) < 2:
        return [group]
    mini, unmet = _mini(p, group, forfeits_played)
    if not any(unmet.values()):
        levels = sorted(set(mini.values()), reverse=True)
        found: list[list[int]] = []
        for level in levels:
            tied = [i for i in group if mini[i] == level]
            found.extend(tiers(p, tied, forfeits_played) if 1 < len(tied) < len(group) else [tied])
        return found
    found = []
    rest = list(group)
    win = Fraction(p.win, p.unit)
    while len(rest) > 1:
        mini, unmet = _mini(p, rest, forfeits_played)
        first = [i for i in rest if all(mini[i] > mini[o] + win * unmet[o] for o in rest if o != i)]
        if not first:
            break
        found.append(first)
        rest.remove(first[0])
    found.append(rest)
    return found


def direct_encounter(p: Prepared, groups: Sequence[Sequence[int]], forfeits_played: bool = False) -> list[Fraction]:
    """DE (C.07 6) for each group of participants still tied (player indices): the number of
    the group that direct encounter ranks below each."""
    out = [Fraction(0)] * p.players
    for group in groups:
        if len(group) < 2:
            continue
        below = len(group)
        for tier in tiers(p, list(group), forfeits_played):
            below -= len(tier)
            for i in tier:
                out[i] = Fraction(below)
    return out
