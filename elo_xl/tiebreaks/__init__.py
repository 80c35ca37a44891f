"""FIDE's tie-breaks (Handbook C.07, the 2023 text as revised in 2024, and the amendment in
force from 1 March 2026) and the one ranking of an event: points, then the arbiter's list,
then the start number.

The interface (stable; extended, never renamed):

- :func:`parse_codes` ``("BH/C1,BH,SB") -> list[Tiebreak]`` (``BH-C1`` accepted);
- :func:`from_games` (an event's games read once by :mod:`elo_xl.games`), :func:`from_trf`,
  :func:`from_rounds`, :func:`from_crosstable` → :class:`Event`;
- :func:`compute` ``(event, codes, version) -> list[dict[code, Fraction]]``;
- :func:`ranking` ``(event, codes, version) -> Ranking`` (points, values, ranks, shared ranks);
- :func:`resolve` (the list and version used: FIDE's recommended lists, the version in force
  at the start date), :data:`VERSIONS`, :data:`DEFAULT_SWISS`, :data:`DEFAULT_ROUND_ROBIN`.

One module per family of C.07: :mod:`.counts` (5, 7), :mod:`.encounter` (6),
:mod:`.opponents` (8, 9), :mod:`.ratings` (10); :mod:`.unplayed` holds article 16 (and 15.2).

>>> event = from_rounds([["1", "="], ["0", "="], ["U", "="], ["H", "="]], [[2, 3], [1, 4], [None, 1], [None, 2]])
>>> r = ranking(event, "BH/C1,BH,SB", "2024")
>>> r.order, r.row(3), r.ranks
([3, 1, 4, 2], {'BH/C1': 0.5, 'BH': 1.5, 'SB': 0.75}, [2, 4, 1, 3])
"""

from __future__ import annotations

from .codes import (
    DEFAULT_ROUND_ROBIN, DEFAULT_SWISS, NAMES, VERSIONS, Tiebreak, check_allowed, check_version, default_codes,
    parse_code, parse_codes, version_for,
)
from .event import Event, Round, from_crosstable, from_games, from_rounds, from_trf, rounds_played, start_date
from .ranking import FAMILIES, Ranking, compute, ranking, resolve

__all__ = [
    "DEFAULT_ROUND_ROBIN", "DEFAULT_SWISS", "NAMES", "VERSIONS", "Tiebreak", "check_allowed", "check_version",
    "default_codes", "parse_code", "parse_codes", "version_for",
    "Event", "Round", "from_crosstable", "from_games", "from_rounds", "from_trf", "rounds_played", "start_date",
    "FAMILIES", "Ranking", "compute", "ranking", "resolve",
]
