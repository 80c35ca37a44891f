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
from .model import Tournament

__all__ = ["event_ranking", "team_tiebreak_note", "tiebreak_event", "tiebreak_record"]


def tiebreak_event(t: Tournament) -> tiebreaks.Event:
    """The event as the tie-breaks read it: the model's games (read once,
    :meth:`Tournament.games`), its ratings and start date, a round robin when
    :meth:`Tournament.kind` says so (C.07 15.2, and the recommended list), and the scoring
    system of the file it was read from (:attr:`Tournament.scoring`)."""
    start = tiebreaks.start_date(t.start)
    if t.pairings is None:
        return tiebreaks.from_games(t.games(), t.ratings, start=start, crosstable=True)
    return tiebreaks.from_games(t.games(), t.ratings, round_robin=t.kind() != games.SWISS, start=start,
                                scoring=t.scoring)


def tiebreak_record(t: Tournament) -> tuple[str, str] | None:
    """The TRF-2026 ``202`` record (an individual event's tie-breaks) of the event's file, or of
    the file its book kept: (its value, where it stands), None when there is none."""
    if t.origin is None:
        return None
    for r in t.origin.records("202"):
        if t.kept:  # named by the book's cell that holds it (elo_xl.workbook.kept_trf)
            cell = t.origin.cells.get(r.line) if r.line is not None else None
            return r.value, f"{cell} (the kept record 202)" if cell else "the kept record 202"
        return r.value, (f"line {r.line} (202)" if r.line is not None else "record 202")
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
    if tiebreak_list is None and _team_codes_unread(t):
        return tiebreaks.ranking(event, None, version)      # FIDE's list; team_tiebreak_note says so
    if tiebreak_list is None:
        record = tiebreak_record(t)
        if record is not None and record[0]:
            try:
                return tiebreaks.ranking(event, record[0], version)
            except EloError as error:
                raise EloError(f"{record[1]}: {error} (or give --tiebreaks)") from None
    return tiebreaks.ranking(event, tiebreak_list, version)


def _team_codes_unread(t: Tournament) -> list[str]:
    """The codes of a team event's ``202`` record that elo-xl cannot compute (team tie-breaks
    such as ``EDET/P`` or ``BH:MP/C1/P``): every code, when any of them does not read, since the
    list is the organiser's as a whole; empty for an individual event, or when every code reads."""
    record = tiebreak_record(t)
    if record is None or not record[0] or t.origin is None or t.kept or not t.origin.teams():
        return []
    items = [item.strip() for item in record[0].split(",") if item.strip()]
    unread = []
    for item in items:
        try:
            tiebreaks.parse_codes(item)
        except EloError:
            unread.append(item)
    if not unread:
        try:
            tiebreaks.parse_codes(record[0])
        except EloError:
            return items
    return unread


def team_tiebreak_note(t: Tournament, ranking: tiebreaks.Ranking) -> list[str]:
    r"""The note ``rate`` prints when a team event's ``202`` record names team tie-breaks (C.07's,
    TRF-2026), which rank the teams: which they are, and the list that ranked the players
    (FIDE's recommended list). Call it only when no list was given
    (``--tiebreaks``): the record is then not used, and there is nothing to say.

    >>> from elo_xl.event.load import from_trf
    >>> from elo_xl.io.trf_read import parse_trf
    >>> lines = ["202 EDET/P,MPvGP",
    ...          "310   1 Lions".ljust(41) + "LIO     2400    1.0    1.0   1     1",
    ...          "310   2 Tigers".ljust(41) + "TIG     2400    0.0    0.0   2     2",
    ...          "001    1      Ha, An".ljust(91) + "   2 w 1", "001    2      Le, Binh".ljust(91) + "   1 b 0"]
    >>> team = "\n".join(lines)
    >>> t = from_trf(parse_trf(team))
    >>> team_tiebreak_note(t, event_ranking(t))
    ['line 1 (202): EDET/P, MPvGP rank the teams (the team standings); the players are ranked by DE, WIN, SB, KS (or give --tiebreaks)']
    """
    unread = _team_codes_unread(t) if t.tiebreak_list is None else []
    record = tiebreak_record(t)
    if not unread or record is None:
        return []
    listed = [item.strip() for item in record[0].split(",") if item.strip() and item.strip().upper() != "PTS"]
    return [f"{record[1]}: {', '.join(listed)} rank the teams (the team standings); the players are ranked by "
            f"{', '.join(ranking.codes)} (or give --tiebreaks)"]

