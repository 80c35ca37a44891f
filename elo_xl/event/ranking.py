"""The one ranking of an event: points, then the arbiter's list of tie-breaks, then start
number (:mod:`elo_xl.tiebreaks`, C.07 in full), as ``rate``, ``export``, the TRF written back
and the books' checks give it. The list is the one given, else the event's TRF-2026 ``202``
record (or the one a book kept), else FIDE's recommended list for the kind of event
(:meth:`~elo_xl.event.model.Tournament.kind`); the rule version the one given, else the one in
force at the start date.
"""

from __future__ import annotations

from typing import Any

from .. import games, tiebreaks
from ..errors import EloError
from ..io.trf_keep import unpack_cells
from .model import Tournament

__all__ = ["event_ranking", "record_note", "tiebreak_event", "tiebreak_record", "uncomputed"]


def tiebreak_event(t: Tournament) -> tiebreaks.Event:
    """The event as the tie-breaks read it: its TRF file's lines when it came from one, else
    its rounds form, else its crosstable; a round robin when :meth:`Tournament.kind` says so
    (C.07 15.2, and the recommended list)."""
    start = tiebreaks.start_date(t.start)
    if t.pairings is None:
        return tiebreaks.from_crosstable(t.results, t.ratings, start)
    round_robin = t.kind() != games.SWISS
    if t.source is not None:
        return tiebreaks.from_trf(_played(t.source), round_robin)
    return tiebreaks.from_rounds(t.results, t.pairings, t.colours, t.ratings, round_robin, start)


def _played(source: Any) -> Any:
    """The TRF event without the byes entered for rounds nobody has played yet
    (:func:`elo_xl.io.trf_points.unplayed_rounds`): they count once the round is played."""
    import dataclasses

    from ..io.trf_model import BLANK
    from ..io.trf_points import unplayed_rounds

    future = {t - 1 for t in unplayed_rounds(source)}
    if not future:
        return source
    players = [dataclasses.replace(p, games=[BLANK if r in future else g for r, g in enumerate(p.games)])
               for p in source.players]
    return dataclasses.replace(source, players=players)


def tiebreak_record(t: Tournament) -> tuple[str, str] | None:
    """The TRF-2026 ``202`` record (an individual event's tie-breaks) of the event's file, or of
    the lines a book kept: (its value, where it stands), None when there is none."""
    if t.source is not None:
        for r in t.source.records("202"):
            return r.value, (f"line {r.line} (202)" if r.line is not None else "record 202")
        return None
    for text in unpack_cells(t.records or []):
        if text[:4] == "202 ":
            return text[4:].strip(), "the kept record 202"
    return None


def event_ranking(t: Tournament, tiebreak_list: Any = None, version: str | None = None) -> tiebreaks.Ranking:
    """The one ranking of an event: points, then the tie-breaks (``tiebreak_list``; None: those
    chosen in the event's book, else the file's ``202`` record, else FIDE's recommended list),
    then start number, under ``version`` (None: the book's, else the rules in force at the
    start date).

    >>> from elo_xl.event.load import from_crosstable
    >>> r = event_ranking(from_crosstable(["A", "B", "C"], [2000, 2000, 2000], [[None, 1, 0], [0, None, "½"], [1, "½", None]]))
    >>> r.codes, r.ranks, r.row(0)
    (['DE', 'WIN', 'SB', 'KS'], [2, 3, 1], {'DE': 0, 'WIN': 1, 'SB': 0.5, 'KS': 0})
    """
    event = tiebreak_event(t)
    if version is None:
        version = t.tiebreak_version
    if tiebreak_list is None:
        tiebreak_list = t.tiebreak_list
    if tiebreak_list is None:
        record = tiebreak_record(t)
        if record is not None and record[0] and not uncomputed(record[0]):
            try:
                return tiebreaks.ranking(event, record[0], version)
            except EloError as error:
                raise EloError(f"{record[1]}: {error} (or give --tiebreaks)") from None
    return tiebreaks.ranking(event, tiebreak_list, version)


def uncomputed(text: str) -> list[str]:
    """The items of a ``202`` list that are no tie-break of C.07 for one player: a team event's
    tie-breaks (``EDET``, ``EMGSB/C1/P``: TRF-2026 writes them in the same record) or a typo.

    >>> uncomputed("EDET/P,EMGSB/C1/P,BH,SB"), uncomputed("BH/C1,BH,SB")
    (['EDET/P', 'EMGSB/C1/P'], [])
    """
    out = []
    for position, item in enumerate(text.split(","), 1):
        try:
            tiebreaks.parse_code(item, position)
        except EloError:
            out.append(item.strip())
    return out


def record_note(t: Tournament, ranking: tiebreaks.Ranking, tiebreak_list: Any = None) -> list[str]:
    """A note when the event's ``202`` record would have chosen the tie-breaks but names some
    elo-xl cannot compute (a team event's): which, and the list used instead (FIDE's
    recommended one). Empty when a list was given, the book chose one, or the record was used.

    >>> from elo_xl.io.trf_read import parse_trf
    >>> from elo_xl.event.load import from_trf
    >>> t = from_trf(parse_trf("012 Cup\\n202 EDET/P,BH\\n001    1      A\\n001    2      B\\n"))
    >>> print(*record_note(t, event_ranking(t)))
    line 2 (202): EDET/P is not a tie-break of C.07 for one player (a team event's, or a typo), so the players are ranked by FIDE's recommended list: BH/C1, BH, SB, PS, DE, WIN, BWG
    """
    if tiebreak_list is not None or t.tiebreak_list is not None:
        return []
    record = tiebreak_record(t)
    missing = uncomputed(record[0]) if record is not None and record[0] else []
    if not missing:
        return []
    verb = "is not a tie-break" if len(missing) == 1 else "are not tie-breaks"
    return [f"{record[1]}: {', '.join(missing)} {verb} of C.07 for one player (a team event's, or a typo), so the "
            f"players are ranked by FIDE's recommended list: {', '.join(ranking.codes)}"]
