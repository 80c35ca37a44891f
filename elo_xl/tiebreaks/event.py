"""The event the tie-breaks read: per player, one :class:`Round` per round (opponent, colour,
result code of :mod:`elo_xl.results`), the ratings, whether the pairings are predetermined
(a round robin), the start date and the scoring system.

:func:`from_games` takes an event's games as :mod:`elo_xl.games` read them once (the event
model's, :meth:`elo_xl.event.model.Tournament.games`); :func:`from_trf` reads a
:class:`~elo_xl.io.trf_model.TrfEvent`, :func:`from_rounds` the engine's rounds form (pairings,
results, colours), :func:`from_crosstable` a round robin's crosstable (which has no round
order: PS and FB cannot be computed from it).

Rounds counted (:func:`rounds_played`): a round in which anybody has a pairing or a result;
a file exported before its last round is ranked after the rounds played. An absence is a round
with nothing in it, or written ``0000 - -`` (no opponent, nothing scored).

>>> e = from_rounds([["1", "H", None], ["0", "U", None]], [[2, None, None], [1, None, None]])
>>> rounds_played(e), e.players
(2, 2)
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .. import games
from ..errors import EloError
from ..games import ABSENT, Round
from ..results import FIDE_SCORING, FORFEIT_LOSS, RESULT_TEXT


@dataclass
class Event:
    """An event as the tie-breaks read it. ``rounds[i]`` holds player ``i + 1``'s rounds (all
    rows as long as the longest); ``ratings`` None = unrated; ``round_robin``: predetermined
    pairings (C.07 15.2); ``ordered``: whether the rounds are in playing order (False for a
    crosstable); ``scoring``: a TRF scoring system (keys of
    :meth:`~elo_xl.io.trf_model.TrfEvent.scoring`), None for FIDE's 1, ½, 0.

    >>> Event([[Round(2, "w", 2)], [Round(1, "b", 0)]]).players
    2
    """

    rounds: list[list[Round]]
    ratings: list[int | None] = field(default_factory=list)
    round_robin: bool = False
    start: datetime.date | None = None
    ordered: bool = True
    scoring: Mapping[str, Fraction] | None = None

    def __post_init__(self) -> None:
        width = max((len(row) for row in self.rounds), default=0)
        self.rounds = [list(row) + [ABSENT] * (width - len(row)) for row in self.rounds]
        if not self.ratings:
            self.ratings = [None] * len(self.rounds)
        elif len(self.ratings) != len(self.rounds):
            raise EloError(f"ratings has {len(self.ratings)} values for {len(self.rounds)} players; give one per player")
        n = len(self.rounds)
        for i, row in enumerate(self.rounds, 1):
            for t, r in enumerate(row, 1):
                if r.opponent is not None and not 1 <= r.opponent <= n:
                    raise EloError(f"player {i}, round {t}: opponent {r.opponent} is not a start number of "
                                   f"the event (1 to {n})")

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self.rounds)


def rounds_played(event: Event) -> int:
    """The rounds of the event for tie-breaks: the last round in which anybody has a pairing
    or a result (an absence, ``0000 - -``, is no result).

    >>> rounds_played(Event([[Round(2, "w", 2), ABSENT, ABSENT], [Round(1, "b", 0), Round(None, "-", FORFEIT_LOSS), ABSENT]]))
    1
    """
    last = 0
    for row in event.rounds:
        for t in range(len(row), last, -1):
            r = row[t - 1]
            if r.opponent is not None or (r.code is not None and r.code != FORFEIT_LOSS):
                last = t
                break
    return last


def start_date(text: str | None) -> datetime.date | None:
    """An event's start date as pairing programs write it (None when blank or unreadable).

    >>> start_date("2026/03/01"), start_date("soon")
    (datetime.date(2026, 3, 1), None)
    """
    from ..io.dates import parse_date  # the one reader of dates as pairing programs write them

    if not text:
        return None
    try:
        found = parse_date(text)
    except ValueError:
        return None
    return found.date() if found is not None else None


def from_trf(trf: Any, round_robin: bool | None = None) -> Event:
    """The event of a :class:`~elo_xl.io.trf_model.TrfEvent`; ``round_robin`` None: from its
    declared type (:func:`elo_xl.games.declared_type`: its ``192``, else its ``092``), else
    from its pairings (every pair meets once).

    >>> from elo_xl.io.trf_read import parse_trf
    >>> from elo_xl.io.trf_format import EXAMPLE
    >>> e = from_trf(parse_trf(EXAMPLE))
    >>> e.players, e.start, e.rounds[0][0]
    (4, datetime.date(2026, 4, 3), Round(opponent=2, colour='w', code=2))
    """
    rows = []
    for opponents, results, colours in zip(trf.pairings(), trf.results(), trf.colours()):
        row = []
        for opp, result, colour in zip(opponents, results, colours):
            code = RESULT_TEXT.get(result) if result else None
            if code is None and result:
                code = RESULT_TEXT.get(result.upper())
            colour = (colour or "").lower()
            row.append(Round(opp, colour if colour in ("w", "b") else "", code))
        rows.append(row)
    if round_robin is None:
        round_robin = games.kind(rows, games.declared_type(trf.header("192"), trf.tournament_type)) != games.SWISS
    scoring = trf.scoring()
    standard = all(scoring[k] == v for k, v in FIDE_SCORING.items())
    return Event(rows, trf.ratings(), round_robin, start_date(trf.start), True, None if standard else scoring)



def from_games(rounds: Sequence[Sequence[Round]], ratings: Sequence[int | None] | None = None, *,
               round_robin: bool = False, start: datetime.date | None = None, crosstable: bool = False,
               scoring: Mapping[str, Fraction] | None = None) -> Event:
    """The event of games read already by :mod:`elo_xl.games` (``crosstable``: one round per
    opponent, in no order, as :func:`elo_xl.games.from_crosstable` gives them; a round robin).

    >>> e = from_games(games.from_rounds([[1, "H"], [0, None]], [[2, None], [1, None]]))
    >>> e.players, e.rounds[0][1]
    (2, Round(opponent=None, colour='', code=8))
    """
    ratings = list(ratings) if ratings is not None else []
    if crosstable:
        rows = [[r if r.code is not None else ABSENT for r in row] for row in rounds]
        return Event(rows, ratings, True, start, ordered=False, scoring=scoring)
    return Event([list(row) for row in rounds], ratings, round_robin, start, scoring=scoring)


def from_rounds(results: Any, pairings: Any, colours: Any = None, ratings: Sequence[int | None] | None = None,
                round_robin: bool | None = False, start: datetime.date | None = None) -> Event:
    """The event of the engine's rounds form, read by :func:`elo_xl.games.from_rounds` (checked as
    the engine checks it): ``pairings`` n×r (opponent's start number, blank or 0 for none),
    ``results`` n×r (each row that player's own result), ``colours`` n×r (``w``/``b``, optional).
    A game result on a round without an opponent is no game. A Swiss unless ``round_robin``
    (None: as :func:`elo_xl.games.kind` reads the pairings).

    >>> from_rounds([[1, "H"], [0, "-"]], [[2, None], [1, None]], [["w", None], ["b", None]]).rounds[1]
    [Round(opponent=1, colour='b', code=0), Round(opponent=None, colour='', code=4)]
    """
    rows = games.from_rounds(results, pairings, colours)
    if round_robin is None:
        round_robin = games.kind(rows) != games.SWISS
    return from_games(rows, ratings, round_robin=round_robin, start=start)


def from_crosstable(results: Any, ratings: Sequence[int | None] | None = None,
                    start: datetime.date | None = None) -> Event:
    """A round robin from its n×n crosstable (row i column j: player i's result against j); a
    game typed on one side counts for both; the columns stand in for rounds, in no order.

    >>> e = from_crosstable([[None, 1, "½"], [0, None, None], ["½", None, None]])
    >>> e.round_robin, e.ordered, e.rounds[0]
    (True, False, [Round(opponent=2, colour='', code=2), Round(opponent=3, colour='', code=1)])
    """
    return from_games(games.from_crosstable(results), ratings, start=start, crosstable=True)


__all__ = ["ABSENT", "Event", "Round", "from_crosstable", "from_games", "from_rounds", "from_trf", "rounds_played",
           "start_date"]
