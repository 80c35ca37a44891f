"""``elo-xl export``: a Swiss or round-robin book back to a TRF file, what the arbiter typed with
points and ranks; a team book to a TRF-2026 team file (:mod:`elo_xl.workbook.team_export`).

The book is read through its defined names (:mod:`elo_xl.workbook.read`), every value checked
where it was typed; the ranks are the event's one ranking by the list of tie-breaks given,
else the book's (its ``TiebreakList`` and ``TiebreakRules``), else the kept ``202`` record,
else FIDE's recommended list (:mod:`elo_xl.event.ranking`); the file is written by
:mod:`elo_xl.event.trf`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .errors import EloError, PairingMismatch
from .event.trf import to_trf
from .workbook.kept_trf import in_book
from .workbook import names

__all__ = ["book_to_trf"]


def book_to_trf(path: str | Path, tiebreak_list: Any = None, version: str | None = None,
                notes: list[str] | None = None) -> str:
    """The TRF text of a Swiss or round-robin workbook (a team book's:
    :func:`~elo_xl.workbook.team_export.team_book_to_trf`): :func:`~elo_xl.workbook.read.read_book`,
    then :func:`~elo_xl.event.trf.to_trf`, ranked by ``tiebreak_list`` and ``version`` (None: what
    the book names).

    Every value is checked in the book first, so the messages name its cells; a problem that
    only the TRF checker finds (such as two pairing-allocated byes in one round) is reported
    with the file's name and the TRF player it concerns. Given ``notes``, what the user should
    know about the ranking is appended to it (Buchholz ranking a round robin under the 2024
    rules, as ``rate`` notes it).
    """
    from .workbook.book_access import with_book
    from .workbook.read import read_event
    from .workbook.team_export import read_team, team_book_to_trf

    def read(where: Path, book: Any) -> tuple[bool, Any]:  # the book checked and opened once, whatever its kind
        if book.has(names.TEAM_ROUNDS):
            return True, read_team(where, book)
        try:
            return False, read_event(where, book)
        except EloError as error:
            _with_cause(path, error)
            raise

    team, contents = with_book(path, read)
    if team:
        return team_book_to_trf(path, tiebreak_list, version, notes=notes, book=contents)
    event = contents
    from .event.ranking import event_ranking, team_tiebreak_note
    from .event.rating import buchholz_note

    try:
        ranking = event_ranking(event, tiebreak_list, version)  # a tie-break the rules refuse is named as such
    except EloError as error:
        raise EloError(in_book(path, str(error), event.origin)) from None
    chosen = tiebreak_list is not None or version is not None or _chosen_in_book(event)
    told: list[str] = []
    try:
        text = to_trf(event, tiebreak_list, version, chosen=chosen, notes=told, ranking=ranking)
    except EloError as error:
        raise _not_valid(path, error, event.origin) from None
    if notes is not None:
        if event.origin is not None and not event.origin.points_filled:  # written with the results' points
            from .io.trf_points import unfilled_note

            notes.append(unfilled_note(f"{path} (the TRF file it keeps)"))
        notes.extend(told + buchholz_note(event, ranking)
                     + (team_tiebreak_note(event, ranking) if tiebreak_list is None else []))
    return text


def _not_valid(path: str | Path, error: EloError, origin: Any) -> EloError:
    """The refusal of a TRF file that would not be valid, starting with the book's name: at the
    cell of a line the book keeps (:func:`~elo_xl.workbook.kept_trf.in_book`), else as the
    file would have it."""
    named = in_book(path, str(error), origin)
    plain = f"{path}: "
    if named.startswith(plain):
        return EloError(f"{plain}the TRF file would not be valid: {named[len(plain):]}")
    return EloError(named)


def _chosen_in_book(event: Any) -> bool:
    """Whether the arbiter chose the book's tie-breaks or rule version: they differ from those
    the book was made with (:func:`elo_xl.workbook.prefill.first_slots`). A book naming none
    chose none."""
    from .workbook.prefill import first_slots

    if event.tiebreak_list is None and event.tiebreak_version is None:
        return False
    codes, version = first_slots(event)
    listed = [code.upper() for code in event.tiebreak_list or []]
    return (event.tiebreak_list is not None and listed != [code.upper() for code in codes]) or \
        (event.tiebreak_version is not None and event.tiebreak_version != version)


def _with_cause(path: str | Path, error: EloError) -> None:
    """Raise ``error`` with the likely cause added when the pairings are wrong because a
    player's row was deleted or inserted (the players' numbers jump: see
    :func:`elo_xl.workbook.diagnose.players_jump`); return when there is none. Only looked for
    when the message is about start numbers or pairings, after the book's cells were read."""
    if not isinstance(error, PairingMismatch):
        return
    from .workbook.diagnose import players_jump

    jump = players_jump(Path(path).read_bytes())
    if jump:
        raise EloError(f"{error}; likely cause: {jump}") from None
