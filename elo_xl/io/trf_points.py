"""The points column as a witness: each player's results compared with the points his line
gives, and an absence written without a result code read as the file's author meant it.

Many programs write an absence as ``0000 -`` (or ``     -``) with no result code, and count it
in the points column as ½ or 1: a bye the arbiter granted. Read as it stands, such a round is a
zero-point bye and the player loses points. Where the difference between the column and the
results is settled by those rounds alone, they are read as the unplayed result the column
implies (``H`` ½, ``F`` 1, under the file's scoring system), with one note naming the lines.
Where it is not, or where the results and the column differ with no such round, a note names
the players and the difference; the results count.

A column that is 0 on every line while the results give points is no witness: many programs
leave it at zero. It is read as not filled (:func:`filled`), with one note
(:func:`unfilled_note`), and compared with nothing, in every command alike. A column where
some player has points is a witness, zeros and all.

>>> from elo_xl.io.trf_read import parse_trf
>>> from elo_xl.io.trf_format import EXAMPLE
>>> lines = EXAMPLE.split("\\n")
>>> lines[8] = lines[8][:111] + "0000 -  "                 # player 1's round 3: "0000 - H" without its H
>>> event = parse_trf("\\n".join(lines))                # parse_trf settles it (witness: settle_absences)
>>> [g.result for g in event.players[0].games], event.notes
(['1', '=', 'H'], ['line 9 (player 1), round 3: an absence written without a result code read as H (½ point), as the points column counts it'])
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm
from typing import Iterable, Iterator, NamedTuple, Sequence

from ..errors import EloError
from .trf_model import TrfEvent, TrfGame, TrfPlayer, game_points_of

__all__ = ["PAIRED", "UNFILLED", "PointsWitness", "filled", "last_played", "point_differences", "refuse_unexplained",
           "settle_absences", "unfilled_note", "unplayed_rounds", "witness"]

#: How many players an unexplained difference names before it counts the rest.
NAMED = 10


#: What a points column of zeros is read as (:func:`filled`), the note every command shows.
UNFILLED = ("the points column (columns 81–84) is 0 on every line while the results give points: read as not "
            "filled (some programs leave it at zero), not compared with the results")


def unfilled_note(where: str | None = None) -> str:
    """The note of a points column read as not filled (:data:`UNFILLED`), naming ``where`` it is.

    >>> unfilled_note("cup.trf")[:47]
    'cup.trf: the points column (columns 81–84) is 0'
    """
    return f"{where}: {UNFILLED}" if where else UNFILLED


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
    rounds = event.rounds
    return _unplayed(event.players, rounds, _last_played(event.players, rounds))


def last_played(event: TrfEvent) -> int:
    """The last round (from 1) in which somebody played: an opponent, or one of the results in
    :data:`PAIRED`; 0 before the first round.

    >>> from elo_xl.io.trf_read import parse_trf
    >>> from elo_xl.io.trf_format import EXAMPLE
    >>> last_played(parse_trf(EXAMPLE))
    3
    """
    return _last_played(event.players, event.rounds)


def _last_played(players: Iterable[TrfPlayer], rounds: int) -> int:
    """:func:`last_played` with the event's rounds given: each line read from its last round
    down, only as far as the last round found so far (an event whose last round is played
    is read to the first line's last round)."""
    last = 0
    for p in players:
        games = p.games
        for t in range(min(len(games), rounds), last, -1):
            g = games[t - 1]
            if g.opponent is not None or g.result in PAIRED:
                last = t
                break
        if last >= rounds:
            break
    return last


def _unplayed(players: Iterable[TrfPlayer], rounds: int, last: int) -> list[int]:
    """:func:`unplayed_rounds` with the event's rounds and its last round played given."""
    found = set()
    if last < rounds:
        for p in players:
            games = p.games
            for t in range(last + 1, min(len(games), rounds) + 1):
                if not games[t - 1].blank:
                    found.add(t)
    return sorted(found)


# --- the points on an integer scale ------------------------------------------------------------
#
# A line's points are counted in whole units of 1/D of a point, D the least common denominator
# of the scoring system's values: 2 (half points) for FIDE's 1-½-0, 1 for 3-1-0, 10 for a 162
# record giving 0.3, and so on; exact like the fractions they stand for, and fast: a round's
# units are looked up by its result and colour, and a line's sum is a sum of integers.

class _Tally:
    """A scoring system (:meth:`TrfEvent.scoring`) on an integer scale: ``denominator`` units
    make a point; :meth:`units` sums a line's rounds in them."""

    __slots__ = ("scoring", "denominator", "_table", "_by_colour", "_blank_is_zero")

    def __init__(self, scoring: dict[str, Fraction]) -> None:
        self.scoring = scoring
        self.denominator = lcm(*(value.denominator for value in scoring.values()))
        #: a round's units by its result, or by (result, colour) where the colour changes the
        #: points; a round's points hang on its opponent only when its result is blank (a
        #: zero-point bye without an opponent, nothing with one): such rounds are in the table
        #: only when the zero-point bye is worth nothing
        self._table: dict[object, int] = {}
        self._by_colour = any(scoring[f"W{k}"] != scoring[f"B{k}"] for k in "WDL")
        self._blank_is_zero = scoring["ZPB"] == 0

    def game_units(self, g: TrfGame) -> int:
        """The units of one round (:func:`~elo_xl.io.trf_model.game_points_of`, scaled)."""
        scaled = game_points_of(g, self.scoring) * self.denominator
        return int(scaled)  # a whole number: the denominator is a multiple of every value's

    def units(self, games: Sequence[TrfGame]) -> int:
        """The units of a line's rounds."""
        table = self._table
        total = 0
        try:
            if self._by_colour:
                for g in games:
                    total += table[g.result, g.colour]
            else:
                for g in games:
                    total += table[g.result]
        except (KeyError, TypeError):  # a result not seen yet (or not text)
            return self._slow_units(games)
        return total

    def _slow_units(self, games: Sequence[TrfGame]) -> int:
        total = 0
        table = self._table
        for g in games:
            key = (g.result, g.colour) if self._by_colour else g.result
            try:
                value = table.get(key)
            except TypeError:
                key = value = None
            if value is None:
                value = self.game_units(g)
                if key is not None and (g.result.upper().strip() or self._blank_is_zero):
                    table[key] = value
            total += value
        return total


#: The points column (a float as read) → (its value, as the comparison takes it, and in units),
#: per denominator: the few values a month's files hold are worked out once.
_COLUMNS: dict[tuple[object, int], tuple[Fraction, int | None]] = {}


def _column(points: object, denominator: int) -> tuple[Fraction, int | None]:
    """The points column as compared (to the hundredth: ``2.33`` is 2 33/100, ``.333`` 1/3) and
    in units of ``1/denominator`` (None when it is no whole number of them)."""
    key: tuple[object, int] | None = (points, denominator)
    try:
        found = _COLUMNS.get(key)  # type: ignore[arg-type]
    except TypeError:  # not hashable: worked out each time
        found, key = None, None
    if found is None:
        column = Fraction(points).limit_denominator(100)  # type: ignore[arg-type]
        scaled = column * denominator
        found = (column, scaled.numerator if scaled.denominator == 1 else None)
        if key is not None:
            if len(_COLUMNS) > 10_000:
                _COLUMNS.clear()
            _COLUMNS[key] = found
    return found


def _differences(players: Iterable[TrfPlayer], tally: _Tally,
                 future: Sequence[int]) -> Iterator[tuple[TrfPlayer, Fraction, Fraction]]:
    """:func:`point_differences` over ``players`` with the scale and the rounds not played
    yet (from 0) given."""
    denominator = tally.denominator
    units = tally.units
    for p in players:
        if p.points is None:
            continue
        column, column_units = _column(p.points, denominator)
        games = p.games
        computed = units(games)
        announced = 0
        if future:
            announced = units([games[t] for t in future if t < len(games)])
            computed -= announced
        # a column that counts the pre-announced byes already (as gacrux, FIDE's pairing tool,
        # requires) says the same results
        if column_units != computed and column_units != computed + announced:
            yield p, column, Fraction(computed, denominator)


def point_differences(event: TrfEvent) -> Iterator[tuple[TrfPlayer, Fraction, Fraction]]:
    """(player, his points column, his results' sum under the event's scoring system), exact,
    for every player whose column is written and differs; byes entered for rounds nobody has
    played yet (:func:`unplayed_rounds`) do not count. The sums are made in whole units of the
    scoring system (half points for 1-½-0), never in floats. A column not filled
    (:func:`filled`) differs from nothing.

    >>> from elo_xl.io.trf_read import parse_trf
    >>> from elo_xl.io.trf_format import EXAMPLE
    >>> [(p.start_no, column, computed) for p, column, computed in point_differences(
    ...     parse_trf(EXAMPLE.replace("  2.5    1", "  3.0    1")))]
    [(3, Fraction(3, 1), Fraction(5, 2))]
    """
    yield from _compared(event, event.scoring()).differences


class _Comparison(NamedTuple):
    """The points columns compared with the results once: the lines that differ (none when the
    column is not filled), the last round played, the scale, and whether the column is filled."""

    differences: list[tuple[TrfPlayer, Fraction, Fraction]]
    last: int
    tally: _Tally
    future: list[int]
    filled: bool


def _compared(event: TrfEvent, scoring: dict[str, Fraction], rounds: int | None = None) -> _Comparison:
    """Every line's column compared with its results (:func:`_differences`), and the one rule
    of a column not filled: 0 on every line while some line's results give points (some line
    differs). ``rounds``: the event's rounds when the caller has them."""
    if rounds is None:
        rounds = event.rounds
    tally = _Tally(scoring)
    players = event.players
    last = _last_played(players, rounds)  # a round after it is no absence: nobody has played it
    future = [t - 1 for t in _unplayed(players, rounds, last)]
    differences = list(_differences(event._ordered(), tally, future))
    if differences and not any(p.points for p in players):  # every column 0 (or blank): not filled
        return _Comparison([], last, tally, future, False)
    return _Comparison(differences, last, tally, future, True)


def filled(event: TrfEvent) -> bool:
    """Whether the points column is a witness of the results: False when it is 0 on every line
    (or blank) while the results give some player points, as programs that do not fill it
    write it; True otherwise (a column where some player has points, zeros and all, or zeros
    that agree with the results).

    >>> from elo_xl.io.trf_read import parse_trf
    >>> from elo_xl.io.trf_format import EXAMPLE
    >>> lines = [line[:80] + " 0.0" + line[84:] if line.startswith("001") else line for line in EXAMPLE.split("\\n")]
    >>> filled(parse_trf(EXAMPLE)), filled(parse_trf("\\n".join(lines)))
    (True, False)
    """
    try:
        return _compared(event, event.scoring()).filled
    except EloError:  # a scoring record that is none: refused where the scoring is used
        return True


def _place(p: TrfPlayer) -> str:
    return f"line {p.line} (player {p.start_no})" if p.line is not None else f"player {p.start_no}"


def _points(value: Fraction) -> str:
    return {Fraction(1, 2): "½"}.get(value, f"{float(value):g}")


class PointsWitness(NamedTuple):
    """What :func:`witness` found: the notes to show, and the lines whose points column the
    results contradict where nothing in the line explains it (player, column, results), in
    start-rank order: what :func:`refuse_unexplained` refuses (none in a team event, none
    when the column is not filled); ``filled``: whether the column is a witness (:func:`filled`)."""

    notes: list[str]
    unexplained: list[tuple[TrfPlayer, Fraction, Fraction]]
    filled: bool = True

    def refuse(self) -> None:
        """Raise :func:`refuse_unexplained`'s error when a line is unexplained.

        >>> PointsWitness([], []).refuse()
        """
        if self.unexplained:
            raise _refusal(self.unexplained)


def witness(event: TrfEvent, rounds: int | None = None, name: str | None = None) -> PointsWitness:
    """Compare every points column with the results once: settle the absences written without
    a result code that the column explains (:func:`settle_absences`, in place) and find the
    lines :func:`refuse_unexplained` refuses, as it would find them on the settled event.
    ``rounds``: the event's rounds when the caller has them (:attr:`TrfEvent.rounds`). A column
    not filled (:func:`filled`) settles nothing and refuses nothing: its one note names the
    file, ``name``.

    >>> from elo_xl.io.trf_read import parse_trf
    >>> from elo_xl.io.trf_format import EXAMPLE
    >>> event = parse_trf(EXAMPLE.replace("  2.0    2", "  2.5    2"))
    >>> [(p.start_no, column, computed) for p, column, computed in witness(event).unexplained]
    [(1, Fraction(5, 2), Fraction(2, 1))]
    """
    try:
        scoring = event.scoring()
    except EloError:  # a scoring record that is none: refused where the scoring is used
        return PointsWitness([], [])
    differences, last, tally, future, is_filled = _compared(event, scoring, rounds)
    if not is_filled:
        return PointsWitness([unfilled_note(name)], [], False)
    if not differences:
        return PointsWitness([], [])
    notes, settled = _settle(differences, scoring, last)
    if event.teams():  # a team event's player lines may follow its team scoring: noted, not refused
        return PointsWitness(notes, [])
    unexplained = []
    for found in differences:
        p = found[0]
        if id(p) in settled:  # read again: its absences are byes now
            found = next(_differences([p], tally, future), None)
            if found is None:
                continue
        if not _absent(p, last):
            unexplained.append(found)
    return PointsWitness(notes, unexplained)


def _absent(p: TrfPlayer, last: int) -> bool:
    """Whether a line has an absence written without a result code by round ``last``."""
    return any(g.opponent is None and not g.result for g in p.games[:last])


def settle_absences(event: TrfEvent) -> list[str]:
    """Read each absence written without a result code (no opponent, no result) as the bye the
    points column implies when that alone settles the difference; the notes to show (a player
    whose difference stays is named with it). Changes ``event`` in place (:func:`witness`).

    >>> from elo_xl.io.trf_read import parse_trf
    >>> from elo_xl.io.trf_format import EXAMPLE
    >>> settle_absences(parse_trf(EXAMPLE))
    []
    """
    return witness(event).notes


def _settle(differences: list[tuple[TrfPlayer, Fraction, Fraction]], scoring: dict[str, Fraction],
            last: int) -> tuple[list[str], set[int]]:
    """The notes of :func:`settle_absences`, and the players whose absences were settled (their ids)."""
    byes = [("H", scoring["HPB"]), ("F", scoring["FPB"])]
    notes: list[str] = []
    settled: set[int] = set()
    unsettled: list[tuple[TrfPlayer, Fraction, Fraction]] = []
    unexplained: list[tuple[TrfPlayer, Fraction, Fraction]] = []
    for p, column, computed in differences:
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
        settled.add(id(p))
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
    return notes, settled


def refuse_unexplained(event: TrfEvent) -> None:
    """Refuse an event whose points column contradicts its results where no round of the line
    explains it (no absence written without a result code, see :func:`settle_absences`): the
    message names the first such line, both figures and how many more there are. The commands
    read a TRF file through this (:func:`elo_xl.event.load.load`; ``refuse=True`` of
    :func:`~elo_xl.io.trf_read.read_trf` refuses from the reader's own comparison), as FIDE's
    tie-break program does ("Incorrect score"); :func:`~elo_xl.io.trf_read.parse_trf` alone only
    notes it. A team event's player lines may count its team scoring (Sharly Chess writes 0
    beside a team bye worth 5): there the note stays a note. A column not filled
    (:func:`filled`) is refused nowhere.

    >>> from elo_xl.io.trf_read import parse_trf
    >>> from elo_xl.io.trf_format import EXAMPLE
    >>> refuse_unexplained(parse_trf(EXAMPLE.replace("  2.0    2", "  2.5    2")))
    Traceback (most recent call last):
    elo_xl.errors.EloError: line 9 (player 1): the points column (columns 81–84) says 2.5 but the results add up to 2, and no round of the line explains it; correct the points or the results (a scoring system other than 1-½-0 needs its 162 record)
    """
    try:
        if event.teams():  # a team event's player lines may follow its team scoring: noted, not refused
            return
        differences, last = _compared(event, event.scoring())[:2]
        unexplained = [found for found in differences if not _absent(found[0], last)]
    except EloError:  # a scoring record that is none: refused where the scoring is used
        return
    if unexplained:
        raise _refusal(unexplained)


def _refusal(unexplained: list[tuple[TrfPlayer, Fraction, Fraction]]) -> EloError:
    p, column, computed = unexplained[0]
    more = len(unexplained) - 1
    others = f" (and {more} more line{'s' if more > 1 else ''})" if more else ""
    return EloError(f"{_place(p)}: the points column (columns 81–84) says {_points(column)} but the results add up "
                    f"to {_points(computed)}, and no round of the line explains it{others}; correct the points or "
                    "the results (a scoring system other than 1-½-0 needs its 162 record)")
