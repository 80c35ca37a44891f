"""The ranking of an event: points, then the arbiter's list of tie-breaks in order, then the
start number as the last resort — one computation for ``rate``, ``export`` and the books.

>>> from .event import from_crosstable
>>> r = ranking(from_crosstable([[None, 1, "½"], [0, None, 1], ["½", 0, None]]), "SB", "2024")
>>> r.ranks, r.row(0)
([1, 2, 3], {'SB': 1.25})
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..rounding import to_number
from . import counts, opponents, ratings
from .codes import Tiebreak, check_allowed, check_version, default_codes, parse_codes, version_for
from .encounter import direct_encounter
from .event import Event
from .unplayed import Prepared, prepare

#: The function of each tie-break (DE is :func:`~elo_xl.tiebreaks.encounter.direct_encounter`,
#: which needs the groups still tied).
FAMILIES: dict[str, Callable[[Prepared, Tiebreak], list[Fraction]]] = {
    "PTS": counts.points, "WIN": counts.wins, "WON": counts.won, "BPG": counts.black_games,
    "BWG": counts.black_wins, "PS": counts.progressive, "REP": counts.elected, "STD": counts.standard_points,
    "TPN": counts.pairing_number,
    "BH": opponents.buchholz, "AOB": opponents.average_opponents_buchholz, "FB": opponents.fore_buchholz,
    "SB": opponents.sonneborn_berger, "KS": opponents.koya,
    "ARO": ratings.average_rating, "TPR": ratings.performance, "PTP": ratings.perfect_performance,
    "APRO": ratings.opponents_performance, "APPO": ratings.opponents_perfect_performance, "RTNG": ratings.rating,
}


@dataclass(frozen=True)
class Ranking:
    """The ranking of an event: the list and rule version used, the rounds counted, and per
    player (start order) the points, the value of each tie-break (exact) and the rank.

    ``ranks`` are distinct (points, the list, then start number); ``shared`` gives players
    equal on points and every tie-break the same rank (1, 2, 2, 4).
    """

    tiebreaks: tuple[Tiebreak, ...]
    version: str
    rounds: int
    points: list[Fraction]
    values: list[tuple[Fraction, ...]]
    ranks: list[int]
    shared: list[int]

    @property
    def codes(self) -> list[str]:
        """The codes of the list, as C.07 writes them."""
        return [t.code for t in self.tiebreaks]

    @property
    def order(self) -> list[int]:
        """Start numbers, the first-ranked first."""
        return sorted(range(1, len(self.ranks) + 1), key=lambda s: self.ranks[s - 1])

    def row(self, i: int) -> dict[str, int | float]:
        """Player ``i``'s (0-based) tie-breaks as plain numbers, in the order of the list."""
        return {t.code: to_number(v) for t, v in zip(self.tiebreaks, self.values[i])}


def resolve(event: Event, codes: str | Sequence[str | Tiebreak] | None = None,
            version: str | None = None) -> tuple[list[Tiebreak], str]:
    """The list and the version an event is ranked by: ``codes`` (None: FIDE's recommended list
    for a Swiss or a round robin) and ``version`` (None: the one in force at the start date),
    checked against what the rules allow for the event.

    >>> from .event import from_crosstable
    >>> resolve(from_crosstable([[None, 1], [0, None]]))
    ([Tiebreak('DE'), Tiebreak('WIN'), Tiebreak('SB'), Tiebreak('KS')], '2026')
    """
    tiebreaks = default_codes(event.round_robin) if codes is None else parse_codes(codes)
    version = version_for(event.start) if version is None else check_version(version)
    check_allowed(tiebreaks, version, event.round_robin)
    return tiebreaks, version


def split(groups: list[list[int]], key: Callable[[int], Fraction]) -> list[list[int]]:
    """Each group of participants still tied, split by ``key`` (the higher first); a group of
    one stays as it is.

    >>> split([[0, 1, 2], [3]], lambda i: [1, 2, 1, 0][i])
    [[1], [0, 2], [3]]
    """
    out = []
    for group in groups:
        if len(group) == 1:
            out.append(group)
            continue
        by: dict[Fraction, list[int]] = {}
        for i in group:
            by.setdefault(key(i), []).append(i)
        out.extend(by[k] for k in sorted(by, reverse=True))
    return out


def ranking(event: Event, codes: str | Sequence[str | Tiebreak] | None = None,
            version: str | None = None) -> Ranking:
    """Rank an event by points, then ``codes`` in order (DE among the players still tied at
    its place in the list), then start number; see :func:`resolve` for the defaults."""
    tiebreaks, version = resolve(event, codes, version)
    p = prepare(event, version)
    n = p.players

    def value_of(t: Tiebreak, groups: list[list[int]]) -> list[Fraction]:
        return direct_encounter(p, groups, t.forfeits_played) if t.base == "DE" else FAMILIES[t.base](p, t)

    values, ranks, shared = ranked(n, lambda i: p.score[i], tiebreaks, value_of)
    return Ranking(tuple(tiebreaks), version, p.rounds, [Fraction(s, p.unit) for s in p.score], values, ranks, shared)


def ranked(n: int, first: Callable[[int], Fraction], tiebreaks: Sequence[Any],
           value_of: Callable[[Any, list[list[int]]], list[Fraction]]) -> tuple[list[tuple[Fraction, ...]], list[int],
                                                                                 list[int]]:
    """Rank ``n`` participants by ``first`` (the score), then each tie-break in turn
    (``value_of(tiebreak, groups still tied)``: a value per participant; a tie-break whose
    ``ascending`` is true ranks the lower first), then by number: each participant's values,
    distinct ranks and shared ranks (see :func:`places`) — players' and teams' alike.

    >>> ranked(3, lambda i: [1, 2, 1][i], [], lambda t, g: [])
    ([(), (), ()], [2, 1, 3], [2, 1, 2])
    """
    groups = split([list(range(n))], first)
    columns = []
    for t in tiebreaks:
        values = value_of(t, groups)
        columns.append(values)
        sign = -1 if t.ascending else 1
        groups = split(groups, lambda i: sign * values[i])
    ranks, shared = places(groups, n)
    return [tuple(column[i] for column in columns) for i in range(n)], ranks, shared


def places(groups: list[list[int]], n: int) -> tuple[list[int], list[int]]:
    """The ranks of ``n`` participants in groups still tied, the first-ranked group first:
    distinct ranks (by number within a group) and shared ones (1, 2, 2, 4).

    >>> places([[1], [0, 2], [3]], 4)
    ([2, 1, 3, 4], [2, 1, 2, 4])
    """
    ranks = [0] * n
    shared = [0] * n
    place = 1
    for group in groups:
        for offset, i in enumerate(sorted(group)):
            ranks[i] = place + offset
            shared[i] = place
        place += len(group)
    return ranks, shared


def compute(event: Event, codes: str | Sequence[str | Tiebreak] | None = None,
            version: str | None = None) -> list[dict[str, Fraction]]:
    """Every player's tie-breaks (start order), exact, keyed by code in the order of the list.

    >>> from .event import from_crosstable
    >>> compute(from_crosstable([[None, 1], [0, None]]), "WIN,SB", "2024")
    [{'WIN': Fraction(1, 1), 'SB': Fraction(0, 1)}, {'WIN': Fraction(0, 1), 'SB': Fraction(0, 1)}]
    """
    r = ranking(event, codes, version)
    return [dict(zip(r.codes, row)) for row in r.values]
