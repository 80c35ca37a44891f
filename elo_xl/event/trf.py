"""An event written back as a TRF file: the lines of the file it came from (or that a book
kept), its data where changed, every player's points and rank, and, in a TRF-2026 file, the
``202`` record of the tie-breaks used (:mod:`elo_xl.io.trf_keep`, :mod:`elo_xl.io.trf_write`).

Points are the engine's (byes and forfeits included); ranks the event's one ranking
(:func:`elo_xl.event.ranking.event_ranking`).

>>> from elo_xl.event.model import Entrant, Tournament
>>> t = Tournament([Entrant(1, "Ann", 2500), Entrant(2, "Bob", 2400)], [["1"], ["0"]], [[2], [1]], [["w"], ["b"]])
>>> [line[80:89] for line in to_trf(t).splitlines() if line.startswith("001")]
[' 1.0    1', ' 0.0    2']
"""

from __future__ import annotations

from typing import Any

from ..engine import rate_event
from ..errors import EloError
from ..io.trf_keep import trf_from_book
from ..io.trf_model import TrfEvent, is_trf_2026
from ..io.trf_write import set_standings, write_trf
from ..pairing.berger import system_of
from .model import Tournament
from .ranking import event_ranking

__all__ = ["points_and_ranks", "to_trf", "trf_event"]


def points_and_ranks(t: Tournament, tiebreak_list: Any = None, version: str | None = None) -> tuple[list, list[int], list[str]]:
    """Tournament points (engine), ranks and the tie-breaks ranked by (:func:`event_ranking`).

    >>> from elo_xl.event.load import from_crosstable
    >>> points_and_ranks(from_crosstable(["A", "B", "C"], [2000] * 3, [[None, 1, "½"], [None, None, 1], [None, None, None]]))
    ([1.5, 1, 0.5], [1, 2, 3], ['DE', 'WIN', 'SB', 'KS'])
    """
    try:
        outcomes = rate_event(t.ratings, t.results, None, None, t.pairings)
    except EloError as error:
        raise EloError(f"the book's games do not agree, fix them first: {error}") from None
    ranking = event_ranking(t, tiebreak_list, version)
    return [o.points for o in outcomes], ranking.ranks, ranking.codes


def trf_event(t: Tournament, tiebreak_list: Any = None, version: str | None = None) -> TrfEvent:
    """A :class:`~elo_xl.io.trf_model.TrfEvent` of the event: the kept lines, the event's data
    where changed, player lines with points and ranks (:func:`elo_xl.io.trf_keep.trf_from_book`);
    a TRF-2026 file's ``202`` record says the list used; a double round robin's book gains the
    ``192`` record naming its schedule (``FIDE_DOUBLEROUNDROBIN``, ``BERGER_DOUBLEROUNDROBIN``)."""
    event = trf_from_book(t)
    system = system_of(t.declared)
    if system is not None and system[0] and event.header("192") is None:
        event.set_header("192", t.declared)  # a double round robin says so, and in which order
    points, ranks, codes = points_and_ranks(t, tiebreak_list, version)
    set_standings(event, points, ranks)
    if is_trf_2026(event):
        event.set_header("202", ",".join(codes))
    return event


def to_trf(t: Tournament, tiebreak_list: Any = None, version: str | None = None) -> str:
    """The TRF text of an event, with points and ranks filled in (see :func:`trf_event`)."""
    return write_trf(trf_event(t, tiebreak_list, version))
