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
from ..io.trf_keep import trf_from_book, unpack_cells
from ..io.trf_model import TrfEvent, TrfGame, TrfPlayer, is_trf_2026
from ..io.trf_read import parse_trf
from ..io.trf_write import set_standings, write_trf
from ..pairing.berger import system_of
from .model import Tournament
from .ranking import event_ranking

__all__ = ["kept_players", "points_and_ranks", "to_trf", "trf_event"]


def points_and_ranks(t: Tournament, tiebreak_list: Any = None, version: str | None = None) -> tuple[list, list[int], list[str]]:
    """Tournament points (engine), ranks and the tie-breaks ranked by (:func:`event_ranking`).

    >>> from elo_xl.event.load import from_crosstable
    >>> points_and_ranks(from_crosstable(["A", "B", "C"], [2000] * 3, [[None, 1, "½"], [None, None, 1], [None, None, None]]))
    ([1.5, 1, 0.5], [1, 2, 3], ['DE', 'WIN', 'SB', 'KS'])
    """
    ranking = event_ranking(t, tiebreak_list, version)
    return _points(t), ranking.ranks, ranking.codes


def _points(t: Tournament) -> list:
    """Every player's tournament points, as the engine counts them (byes and forfeits included)."""
    try:
        outcomes = rate_event(t.ratings, t.results, None, None, t.pairings)
    except EloError as error:
        raise EloError(f"the book's games do not agree, fix them first: {error}") from None
    return [o.points for o in outcomes]


def trf_event(t: Tournament, tiebreak_list: Any = None, version: str | None = None, *, chosen: bool = True,
              notes: list[str] | None = None) -> TrfEvent:
    """A :class:`~elo_xl.io.trf_model.TrfEvent` of the event: the kept lines, the event's data
    where changed, player lines with points and ranks (:func:`elo_xl.io.trf_keep.trf_from_book`).

    ``chosen`` says whether the tie-breaks were chosen for this file (given, or changed in the
    book). When they were not, what the arbiter did not change stays as the kept file has it:
    while every game is the file's, each player's rank is the file's (blank where it ranked
    nobody); the ``202`` record is written back as read, and none is added. Otherwise the ranks
    are the event's ranking (:func:`~elo_xl.event.ranking.event_ranking`), players the file
    left unranked (withdrawn) stay unranked, a TRF-2026 file's ``202`` says the list used, and
    ``notes`` (when given) gains one line saying with which tie-breaks the ranks were
    recomputed and how many differ from the file's.
    A double round robin's book gains the ``192`` record naming its schedule
    (``FIDE_DOUBLEROUNDROBIN``, ``BERGER_DOUBLEROUNDROBIN``).
    """
    event = trf_from_book(t)
    system = system_of(t.declared)
    if system is not None and system[0] and event.header("192") is None:
        event.set_header("192", t.declared)  # a double round robin says so, and in which order
    points, ranking = _points(t), event_ranking(t, tiebreak_list, version)
    ranks, codes = ranking.ranks, ranking.codes
    kept = kept_players(t)
    if kept:
        changed = _changed_games(event, kept)
        if not changed and not chosen:
            ranks = [kept[p.start_no].rank if p.start_no in kept else r for p, r in zip(event._ordered(), ranks)]
        else:
            ranks = _ranked_as_kept(event, ranks, kept)
            if notes is not None and any(p.rank for p in kept.values()):
                differ = sum(1 for p, r in zip(event._ordered(), ranks)
                             if p.start_no not in kept or kept[p.start_no].rank != r)
                why = (f"{changed} changed in the book" if changed else "the tie-breaks chosen for this file")
                outcome = (f"{differ} of {len(ranks)} ranks differ from the file's" if differ
                           else "every rank is the file's")
                notes.append(f"ranks recomputed ({why}): points, then {', '.join(codes)} ({ranking.version} rules), then "
                             f"start number; {outcome}")
    set_standings(event, points, ranks)
    if is_trf_2026(event) and (chosen or not kept and event.header("202") is None):
        event.set_header("202", ",".join(codes))
    return event


def kept_players(t: Tournament) -> dict[int, TrfPlayer]:
    """The player lines of the file a book kept, read as the reader reads them (an absence the
    points column settles is its bye): start number → player. Empty for a book made without a
    file, or whose kept lines no longer read.

    >>> from elo_xl.io.trf_format import EXAMPLE
    >>> from elo_xl.io.trf_keep import book_lines
    >>> t = Tournament([], [], [], records=book_lines(parse_trf(EXAMPLE)))
    >>> [(n, p.rank) for n, p in kept_players(t).items()]
    [(1, 2), (2, 4), (3, 1), (4, 3)]
    """
    lines = unpack_cells(t.records or [])
    if not any(line[:3] == "001" for line in lines):
        return {}
    try:
        event = parse_trf("\n".join(lines))
    except EloError:
        return {}
    return {p.start_no: p for p in event.players}


def _game(g: TrfGame) -> tuple:
    """A round as the ranking sees it: opponent, colour (``-`` for none), result."""
    return (g.opponent, g.colour if g.colour in ("w", "b") else "", g.result)


def _changed_games(event: TrfEvent, kept: dict[int, TrfPlayer]) -> str:
    """What differs between the book's games and the kept file's: "" when nothing, else e.g.
    "3 players' games" or "the players" (added or left out)."""
    if set(kept) != {p.start_no for p in event.players}:
        return "the players"
    def rounds(p: TrfPlayer) -> list[tuple]:
        games = [_game(g) for g in p.games]
        while games and games[-1] == (None, "", ""):
            games.pop()
        return games
    count = sum(1 for p in event.players if rounds(p) != rounds(kept[p.start_no]))
    return "" if not count else f"{count} player{'s' if count > 1 else ''}' games"


def _ranked_as_kept(event: TrfEvent, ranks: list[int], kept: dict[int, TrfPlayer]) -> list[int | None]:
    """The ranking's ranks, with the players the kept file left unranked (withdrawn) kept so
    when the file ranks anybody; the others numbered 1, 2, … in the ranking's order."""
    players = event._ordered()
    if not any(p.rank for p in kept.values()):
        return list(ranks)
    unranked = {p.start_no for p in kept.values() if not p.rank}
    order = sorted((r, p.start_no) for p, r in zip(players, ranks) if p.start_no not in unranked)
    new = {number: k for k, (_, number) in enumerate(order, 1)}
    return [new.get(p.start_no) for p in players]


def to_trf(t: Tournament, tiebreak_list: Any = None, version: str | None = None, *, chosen: bool = True,
           notes: list[str] | None = None) -> str:
    """The TRF text of an event, with points and ranks filled in (see :func:`trf_event`)."""
    return write_trf(trf_event(t, tiebreak_list, version, chosen=chosen, notes=notes))
