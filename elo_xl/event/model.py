"""The event model every reader fills (:mod:`elo_xl.event.load` from files,
:mod:`elo_xl.workbook.read` from books) and every face reads: the players with the fields of
a TRF player line, the games in rounds form (``pairings``, ``colours``, ``results``) or as a
crosstable, and the event's data.

Its games are read from those cells by :mod:`elo_xl.games` (:meth:`Tournament.games`), and
whether it is a round robin or a Swiss is :func:`elo_xl.games.kind` of them, with the type the
file or the book declares (:meth:`Tournament.kind`).

>>> t = Tournament([Entrant(1, "A", 2400), Entrant(2, "B", None)], [[None, "½"], [None, None]])
>>> t.ratings, t.games()[1], t.kind()
([2400, None], [Round(opponent=1, colour='', code=1)], 'round robin')
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from typing import Any

from .. import games
from ..games import Round
from ..io.dates import date_year


@dataclass
class Entrant:
    """One player of an event, with the fields of a TRF player line."""

    start_no: int
    name: str
    rating: int | None
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    sex: str = ""
    birth: str = ""
    k: int | float | None = None  # a K given with the event (the CSV's k column)
    standard_rating: int | None = None  # the CSV's standard rating column (rapid and blitz)

    @property
    def birth_year(self) -> int | None:
        """The year of ``birth`` (``YYYY/MM/DD``, ``YYYY``, ``DD.MM.YYYY``…), or None.

        >>> Entrant(1, "A", None, birth="2009/05/01").birth_year, Entrant(1, "A", None, birth="12.03.2011").birth_year
        (2009, 2011)
        """
        return _year(self.birth)


def _year(text: str) -> int | None:
    """The year of a date as pairing programs write it (:func:`elo_xl.io.dates.date_year`), or
    None when blank or unreadable."""
    try:
        return date_year(text or "")
    except ValueError:
        return None


@dataclass
class Tournament:
    """An event as elo-xl rates it: rounds form (``pairings``) or crosstable form."""

    entrants: list[Entrant]
    results: list[list[Any]]
    pairings: list[list[int | None]] | None = None
    colours: list[list[str]] | None = None
    name: str = ""
    city: str = ""
    start: str = ""
    end: str = ""
    arbiter: str = ""
    rounds: int | None = None
    source: Any = None  # the TrfEvent read, when the event came from a TRF file
    records: list[str] = field(default_factory=list)  # the TRF lines a workbook keeps (see io.trf_keep)
    notes: list[str] = field(default_factory=list)  # what the reader noticed (an unreadable date…)
    #: The type of tournament declared where the event was read: a book's kind (``"swiss"``,
    #: ``"round robin"``), else a TRF file's ``092`` (:func:`elo_xl.games.kind` reads it).
    declared: str = ""
    #: The tie-breaks chosen where the event was typed (a book's ``TiebreakList``; None: none
    #: chosen) and their rule version (``TiebreakRules``: "2024", "2026"; None: by the start date).
    tiebreak_list: list[str] | None = None
    tiebreak_version: str | None = None
    #: Byes entered for rounds nobody has played yet (pre-announced, C.07 article 16; TRF-2026
    #: ``240``): (start number, round from 1) → the result as written (``H``, ``Z``, ``F``).
    #: They are not in ``results`` (they count once the round is played) but the pairing of
    #: that round honours them (:mod:`elo_xl.event.pairings`).
    announced: dict[tuple[int, int], str] = field(default_factory=dict)

    @property
    def ratings(self) -> list[int | None]:
        """Ratings in start order."""
        return [e.rating for e in self.entrants]

    def year(self) -> tuple[int, str]:
        """The event year for the junior K rule and where it came from: start date, end date, or today."""
        for text, origin in ((self.start, "start date"), (self.end, "end date")):
            year = _year(text)
            if year is not None:
                return year, origin
        return _dt.date.today().year, "current year"

    def games(self) -> list[list[Round]]:
        """Every player's rounds, as :mod:`elo_xl.games` reads the cells (checked: both sides of
        a game agree). A crosstable gives one :class:`~elo_xl.games.Round` per opponent."""
        if self.pairings is None:
            return games.from_crosstable(self.results, len(self.entrants))
        return games.from_rounds(self.results, self.pairings, self.colours, len(self.entrants))

    def kind(self) -> str:
        """``"round robin"``, ``"double round robin"`` or ``"swiss"`` (:func:`elo_xl.games.kind`):
        a crosstable is a round robin; otherwise the declared type (the book's kind, a TRF-2026
        file's ``192`` code, else its ``092``), else the pairings decide."""
        if self.pairings is None:
            return games.ROUND_ROBIN
        source = self.source
        encoded = source.header("192") if source is not None and hasattr(source, "header") else None
        declared = self.declared or encoded or (getattr(source, "tournament_type", None) or "")
        return games.kind(self.games(), declared)


