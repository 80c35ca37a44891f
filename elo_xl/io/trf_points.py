"""The points column as a witness: each player's results compared with the points his line
gives, and an absence written without a result code read as the file's author meant it.

Many programs write an absence as ``0000 -`` (or ``     -``) with no result code, and count it
in the points column as ½ or 1: a bye the arbiter granted. Read as it stands, such a round is a
zero-point bye and the player loses points. Where the difference between the column and the
results is settled by those rounds alone, they are read as the unplayed result the column
implies (``H`` ½, ``F`` 1, under the file's scoring system), with one note naming the lines.
Where it is not, or where the results and the column differ with no such round, a note names
the players and the difference; the results count.

>>> from elo_xl.io.trf_read import parse_trf
>>> from elo_xl.io.trf_format import EXAMPLE
>>> lines = EXAMPLE.split("\\n")
>>> lines[8] = lines[8][:111] + "0000 -  "                 # player 1's round 3: "0000 - H" without its H
>>> event = parse_trf("\\n".join(lines))                # parse_trf settles it (settle_absences)
>>> [g.result for g in event.players[0].games], event.notes
(['1', '=', 'H'], ['line 9 (player 1), round 3: an absence written without a result code read as H (½ point), as the points column counts it'])
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterator

from ..errors import EloError
from .trf_model import TrfEvent, TrfGame, TrfPlayer, game_points_of

__all__ = ["PAIRED", "last_played", "point_differences", "refuse_unexplained", "settle_absences", "unplayed_rounds"]

#: How many players an unexplained difference names before it counts the rest.
NAMED = 10


#: Results that show a round was paired and played (a game, a pairing-allocated bye, a forfeit
#: win without an opponent), as opposed to byes and absences entered before pairing.
PAIRED = frozenset("10=WDLU+")


def unplayed_rounds(event: TrfEvent) -> list[int]:
    """The rounds (from 1) nobody has played yet, after the last one played, in which byes or
    absences are entered: pre-announced byes (C.07 article 16; TRF-2026 ``240``), which count
    once the round is played. A round is played when a player in it has an opponent or one of
    the results in :data:`PAIRED`.

    >>> from elo_xl.io.trf_read import parse_trf
    >>> from elo_xl.io.trf_format import EXAMPLE
    >>> unplayed_rounds(parse_trf(EXAMPLE))
    []
    """
    last = last_played(event)
    return sorted({t for p in event.players for t, g in enumerate(p.games[:event.rounds], 1)
                   if t > last and not g.blank})


def last_played(event: TrfEvent) -> int:
    """The last round (from 1) in which somebody played: an opponent, or one of the results in
    :data:`PAIRED`; 0 before the first round.

    >>> from elo_xl.io.trf_read import parse_trf
    >>> from elo_xl.io.trf_format import EXAMPLE
    >>> last_played(parse_trf(EXAMPLE))
    3
    """
    return max((t for p in event.players for t, g in enumerate(p.games[:event.rounds], 1)
                if g.opponent is not None or g.result in PAIRED), default=0)


def point_differences(event: TrfEvent) -> Iterator[tuple[TrfPlayer, Fraction, Fraction]]:
    """(player, his points column, his results' sum under the event's scoring system), exact,
    for every player whose column is written and differs; byes entered for rounds nobody has
    played yet (:func:`unplayed_rounds`) do not count."""
    scoring = event.scoring()
    future = {t - 1 for t in unplayed_rounds(event)}
    for p in event._ordered():
        if p.points is None:
            continue
        computed = sum((game_points_of(g, scoring) for t, g in enumerate(p.games) if t not in future), Fraction(0))
        announced = sum((game_points_of(g, scoring) for t, g in enumerate(p.games) if t in future), Fraction(0))
        column = Fraction(p.points).limit_denominator(100)
        # a column that counts the pre-announced byes already (as gacrux, FIDE's pairing tool,
        # requires) says the same results
        if column != computed and column != computed + announced:
            yield p, column, computed


def _place(p: TrfPlayer) -> str:
    return f"line {p.line} (player {p.start_no})" if p.line is not None else f"player {p.start_no}"


def _points(value: Fraction) -> str:
    return {Fraction(1, 2): "½"}.get(value, f"{float(value):g}")


def settle_absences(event: TrfEvent) -> list[str]:
    """Read each absence written without a result code (no opponent, no result) as the bye the
    points column implies when that alone settles the difference; the notes to show (a player
    whose difference stays is named with it). Changes ``event`` in place."""
    try:
        scoring = event.scoring()
    except EloError:  # a scoring record that is none: refused where the scoring is used
        return []
    byes = [("H", scoring["HPB"]), ("F", scoring["FPB"])]
    last = last_played(event)  # a round after it is no absence: nobody has played it
    notes: list[str] = []
    unsettled: list[tuple[TrfPlayer, Fraction, Fraction]] = []
    unexplained: list[tuple[TrfPlayer, Fraction, Fraction]] = []
    for p, column, computed in list(point_differences(event)):
        absences = [r for r, g in enumerate(p.games[:last]) if g.opponent is None and not g.result]
        difference = column - computed
        chosen = None
        if len(absences) == 1:
            chosen = next((code for code, value in byes if value == difference), None)
        elif absences and difference == len(absences) * scoring["FPB"]:
            chosen = "F"
        if chosen is None and not absences:
            unexplained.append((p, column, computed))
            continue
        if chosen is None:
            unsettled.append((p, column, computed))
            continue
        for r in absences:
            p.games[r] = TrfGame(None, p.games[r].colour or "-", chosen)
        value = dict(byes)[chosen]
        rounds = ", ".join(str(r + 1) for r in absences)
        notes.append(f"{_place(p)}, round{'s' if len(absences) > 1 else ''} {rounds}: an absence written without a "
                     f"result code read as {chosen} ({_points(value)} point{'s' if value > 1 else ''}), as the "
                     "points column counts it")
    if unexplained:
        named = "; ".join(f"{_place(p)} {_points(column)} in the points column, {_points(computed)} in the results"
                          for p, column, computed in unexplained[:NAMED])
        more = f"; and {len(unexplained) - NAMED} more" if len(unexplained) > NAMED else ""
        notes.append(f"the points column differs from the results, and nothing in the file explains it: {named}{more}"
                     "; the results count")
    if unsettled:
        named = "; ".join(f"{_place(p)} {_points(column)} in the points column, {_points(computed)} in the results"
                          for p, column, computed in unsettled[:NAMED])
        more = f"; and {len(unsettled) - NAMED} more" if len(unsettled) > NAMED else ""
        notes.append(f"the points column differs from the results, and its absences written without a result code do "
                     f"not settle it: {named}{more}; those absences count as zero-point byes")
    return notes


def refuse_unexplained(event: TrfEvent) -> None:
    """Refuse an event whose points column contradicts its results where no round of the line
    explains it (no absence written without a result code, see :func:`settle_absences`): the
    message names the first such line, both figures and how many more there are. The commands
    read a TRF file through this (:func:`elo_xl.event.load.load`), as FIDE's tie-break program
    does ("Incorrect score"); :func:`~elo_xl.io.trf_read.parse_trf` alone only notes it. A team
    event's player lines may count its team scoring (Sharly Chess writes 0 beside a team bye
    worth 5): there the note stays a note.

    >>> from elo_xl.io.trf_read import parse_trf
    >>> from elo_xl.io.trf_format import EXAMPLE
    >>> refuse_unexplained(parse_trf(EXAMPLE.replace("  2.0    2", "  2.5    2")))
    Traceback (most recent call last):
    elo_xl.errors.EloError: line 9 (player 1): the points column (columns 81–84) says 2.5 but the results add up to 2, and no round of the line explains it; correct the points or the results (a scoring system other than 1-½-0 needs its 162 record)
    """
    try:
        if event.teams():  # a team event's player lines may follow its team scoring: noted, not refused
            return
        last = last_played(event)
        unexplained = [(p, column, computed) for p, column, computed in point_differences(event)
                       if not any(g.opponent is None and not g.result for g in p.games[:last])]
    except EloError:  # a scoring record that is none: refused where the scoring is used
        return
    if not unexplained:
        return
    p, column, computed = unexplained[0]
    more = len(unexplained) - 1
    others = f" (and {more} more line{'s' if more > 1 else ''})" if more else ""
    raise EloError(f"{_place(p)}: the points column (columns 81–84) says {_points(column)} but the results add up "
                   f"to {_points(computed)}, and no round of the line explains it{others}; correct the points or "
                   "the results (a scoring system other than 1-½-0 needs its 162 record)")
