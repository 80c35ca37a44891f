"""The event model every reader fills (:mod:`elo_xl.event.load` from files,
:mod:`elo_xl.workbook.read` from books) and every face reads: the players with the fields of
a TRF player line, the games in rounds form (``pairings``, ``colours``, ``results``) or as a
crosstable, the event's data, and its ``origin``: the TRF file it came from, or the one its
book kept, parsed once when the event was read.

An event is read once and never edited: its games are read from those cells by
:mod:`elo_xl.games` the first time they are asked for (:meth:`Tournament.games`) and kept, and
so is its kind (:meth:`Tournament.kind`: the declared type, else who met whom). A changed event
(a round paired, a round dropped) is a new one, built with :func:`dataclasses.replace`, so that
nothing kept goes stale.

>>> t = Tournament([Entrant(1, "A", 2400), Entrant(2, "B", None)], [[None, "½"], [None, None]])
>>> t.ratings, t.games()[1], t.kind()
([2400, None], [Round(opponent=1, colour='', code=1)], 'round robin')
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from .. import games
from ..games import Round
from ..io.dates import date_year

if TYPE_CHECKING:
    from ..io.trf_model import TrfEvent


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


@dataclass(frozen=True)
class Tournament:
    """An event as elo-xl rates it: rounds form (``pairings``) or crosstable form. Frozen: a
    changed event is built anew (:func:`dataclasses.replace`)."""

    entrants: list[Entrant]
    results: list[list[Any]]
    pairings: list[list[int | None]] | None = None
    colours: list[list[str]] | None = None
    name: str = ""
    city: str = ""
    start: str = ""
    end: str = ""
    arbiter: str = ""
    #: The number of rounds the event has as read (a TRF file's ``XXR``/``142``, else its
    #: longest player line; a book's rounds).
    rounds: int | None = None
    #: The TRF file the event came from, or the one its book kept (parsed when the book was
    #: read); None for an event typed without a file. What is written back keeps its lines
    #: (:mod:`elo_xl.event.trf`).
    origin: TrfEvent | None = None
    #: Whether ``origin`` is the file a book kept (the book's cells are then the event: it
    #: counts 1, ½ and 0 whatever the file's scoring) rather than the file read.
    kept: bool = False
    #: The rounds the event plans, as the place it was read from says: a TRF file's ``XXR`` or
    #: ``142`` (None when it has neither), a book's rounds (:func:`elo_xl.event.pairings.planned_rounds`).
    planned: int | None = None
    notes: list[str] = field(default_factory=list)  # what the reader noticed (an unreadable date…)
    #: The type of tournament a book declares by its kind (``"swiss"``, ``"round robin"``, a
    #: double round robin's system); a file's own ``192``/``092`` are read from ``origin``
    #: (:attr:`declared_type`).
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

    @cached_property
    def _games(self) -> list[list[Round]]:
        if self.pairings is None:
            return games.from_crosstable(self.results, len(self.entrants))
        return games.from_rounds(self.results, self.pairings, self.colours, len(self.entrants))

    def games(self) -> list[list[Round]]:
        """Every player's rounds, as :mod:`elo_xl.games` reads the cells (checked: both sides of
        a game agree), read once. A crosstable gives one :class:`~elo_xl.games.Round` per
        opponent."""
        return self._games

    @property
    def declared_type(self) -> str:
        """The type of tournament the event declares (:func:`elo_xl.games.declared_type`): the
        book's kind, else its file's TRF-2026 ``192`` code, else its ``092``; ``""`` when none.

        >>> from elo_xl.io.trf_read import parse_trf
        >>> Tournament([], [], [], origin=parse_trf("092 Swiss\\n192 FIDE_ROUNDROBIN\\n001    1      Ha, An\\n")).declared_type
        'FIDE_ROUNDROBIN'
        """
        origin = self.origin
        if origin is None:
            return self.declared
        return games.declared_type(self.declared, origin.header("192"), origin.tournament_type)

    @cached_property
    def _kind(self) -> str:
        if self.pairings is None:
            return games.ROUND_ROBIN
        return games.kind(self.games(), self.declared_type)

    def kind(self) -> str:
        """``"round robin"``, ``"double round robin"`` or ``"swiss"`` (:func:`elo_xl.games.kind`),
        decided once: a crosstable is a round robin; otherwise the declared type
        (:attr:`declared_type`), else the pairings decide."""
        return self._kind

    @property
    def scoring(self) -> dict[str, Any] | None:
        """The points each result scores when the event's file has a scoring system of its own
        (TRF-2026 ``162``, JaVaFo ``XXS``) and the event was read from that file; None otherwise
        (FIDE's 1, ½, 0; a book counts those whatever the file it kept)."""
        origin = self.origin
        if origin is None or self.kept or not any(origin.records(c) for c in ("162", "XXS")):
            return None
        return origin.scoring()
