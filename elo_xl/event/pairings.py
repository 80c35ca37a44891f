"""The next round of an event, paired: which round it is, whether it may be paired, and the
pairing itself — the Dutch system through gacrux (:mod:`elo_xl.pairing.dutch`) for a Swiss, the
Berger tables (:mod:`elo_xl.pairing.berger`) for a round robin.

The event is the one every face reads (:class:`~elo_xl.event.model.Tournament`), from a TRF
file or from a book: gacrux is given the same TRF text either way (:func:`engine_text`), so
that one event paired from its TRF and from its book gets the same pairing.

>>> from elo_xl.event.model import Entrant, Tournament
>>> t = Tournament([Entrant(n, f"P{n}", 2500 - 10 * n) for n in (1, 2, 3, 4)], [[None] * 3 for _ in range(4)],
...                [[None] * 3 for _ in range(4)], [[""] * 3 for _ in range(4)], rounds=3)
>>> p = pair_next(t, first_colour="w")
>>> p.round, [b.players for b in p.boards]
(1, [(1, 3), (4, 2)])
>>> [row[0] for row in with_pairing(t, p).pairings], [row[0] for row in with_pairing(t, p).colours]
([3, 4, 1, 2], ['w', 'b', 'b', 'w'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace, replace as replace_fields  # pair_next's argument "replace" hides the first
from fractions import Fraction

from ..errors import EloError
from ..games import DOUBLE_ROUND_ROBIN, ROUND_ROBIN, Round
from ..io.trf_model import TrfGame
from ..io.trf_write import set_standings, write_trf
from ..pairing.berger import berger_round, cycle_length, schedule_pairing, schedule_round, system_of
from ..pairing.dutch import pair_dutch
from ..pairing.field_size import check_field
from ..pairing.model import Pairing
from ..results import BYE_PAIRING, FORFEIT_WIN, game_points
from .first_colour import FirstColour, settle_first_colour
from .model import Tournament
from .pairing_records import RecordCheck, check_records
from .trf import trf_of

__all__ = ["round_robin_schedule", "paired_rounds", "next_round", "unfinished_games", "engine_text", "pair_next",
           "with_pairing", "points_before", "planned_rounds"]

#: A round without an opponent that only a pairing gives: the pairing-allocated bye (and the
#: ``+`` old files write for it).
_PAIRING_BYES = (BYE_PAIRING, FORFEIT_WIN)


def _rounds(t: Tournament) -> list[list[Round]]:
    if t.pairings is None:
        raise EloError("this event is a crosstable without rounds; pair a round robin from its book or its TRF file")
    return t.games()


def paired_rounds(t: Tournament) -> int:
    """The last round that has a pairing (a game, or a pairing-allocated bye); 0 before round 1.
    A requested bye (``H``, ``Z``, ``F``) entered for a later round is not a pairing.

    >>> from elo_xl.event.model import Entrant, Tournament
    >>> t = Tournament([Entrant(1, "A", None), Entrant(2, "B", None)], [["1", None, "H"], ["0", None, None]],
    ...                [[2, None, None], [1, None, None]])
    >>> paired_rounds(t), next_round(t)
    (1, 2)
    """
    last = 0
    for row in _rounds(t):
        for r, game in enumerate(row, 1):
            if r > last and (game.opponent is not None or game.code in _PAIRING_BYES):
                last = r
    return last


def next_round(t: Tournament) -> int:
    """The first round after the last one paired (:func:`paired_rounds`)."""
    return paired_rounds(t) + 1


def unfinished_games(t: Tournament, round_: int) -> list[tuple[int, int]]:
    """The games of ``round_`` with no result on either side: (White, Black) where the colours
    are known, else (lower, higher start number)."""
    rows = _rounds(t)
    found = []
    for i, row in enumerate(rows, 1):
        if round_ > len(row):
            continue
        game = row[round_ - 1]
        j = game.opponent
        if j is None or j < i or game.code is not None:
            continue
        other = rows[j - 1][round_ - 1] if j - 1 < len(rows) and round_ - 1 < len(rows[j - 1]) else None
        if other is not None and other.code is not None:
            continue
        found.append((j, i) if game.colour == "b" else (i, j))
    return found


def points_before(t: Tournament, round_: int) -> list[Fraction]:
    """Each player's points from the rounds before ``round_`` (FIDE's 1, ½, 0; byes and
    forfeits included)."""
    return [sum((game_points(g.code) for g in row[:round_ - 1]), Fraction(0)) for row in _rounds(t)]


def planned_rounds(t: Tournament) -> int | None:
    """The number of rounds: a round robin's from the Berger tables, else what the TRF file
    declares (``XXR``, ``142``) or the book's rounds, else None (a file that does not say)."""
    kind = t.kind()
    n = len(t.entrants)
    if kind in (ROUND_ROBIN, DOUBLE_ROUND_ROBIN):
        return cycle_length(n) * (2 if kind == DOUBLE_ROUND_ROBIN else 1)
    if t.planned is None and t.origin is None:
        return t.rounds  # an event built without a file or a book says its rounds in ``rounds``
    return t.planned


def engine_text(t: Tournament, leave_out: frozenset[int] = frozenset(), first: FirstColour | None = None) -> str:
    """The TRF text gacrux pairs: the event as its TRF would be written back (the lines of the
    file it came from, or that its book kept), every player's points the sum of the results
    written (gacrux checks the points column against them), each player line written from its
    fields (the games as read: an old ``0000 - =`` is the ``H`` it means). The records on the
    lines ``leave_out`` (pairing records that apply to nothing:
    :func:`elo_xl.event.pairing_records.check_records`) are left out.

    ``first``, the first colour elo-xl settled (:func:`elo_xl.event.first_colour.settle_first_colour`),
    is written as the one ``152`` record: without it gacrux draws the colour from round 1's
    records, and reads a bye asked for in round 1 as Black.

    >>> from elo_xl.event.model import Entrant, Tournament
    >>> t = Tournament([Entrant(1, "A", None), Entrant(2, "B", None)], [["H"], [None]], [[None], [None]], rounds=1)
    >>> [line for line in engine_text(t, first=FirstColour("w", "White unless told")).splitlines() if line[:3] == "152"]
    ['152 W']

    A forfeit written without colours (``13 - +``, as some programs write it) is given White
    for the lower start number: gacrux places a game by its colours and refuses the file
    without them, and an unplayed game's colour counts for nothing in C.04.3 (article A.6).
    """
    event = trf_of(t)  # with the byes asked for, not yet counted (Tournament.announced)
    if leave_out:
        event.headers = [r for r in event.headers if r.line not in leave_out]
    for p in event.players:
        p.text = None
        for r, g in enumerate(p.games):
            if g.opponent is not None and g.colour not in ("w", "b"):
                p.games[r] = TrfGame(g.opponent, "w" if p.start_no < g.opponent else "b", g.result)
    if first is not None:
        event.headers = [r for r in event.headers if r.code != "152"]
        event.set_header("152", first.record[4:])
    set_standings(event)
    return write_trf(event, check=False)


def pair_next(t: Tournament, *, round_: int | None = None, replace: bool = False, first_colour: str | None = None,
              rounds: int | None = None, absent: Sequence[int] = ()) -> Pairing:
    """The pairing of the next round of ``t`` (or of ``round_``: the next one, or with
    ``replace`` one already paired, whose pairing and results are then dropped).

    Refused, with a message naming what to do: a round whose previous round has games without
    a result, a round already paired (without ``replace``), a round after the last one, a
    round robin whose earlier rounds are not those of the Berger tables; for the Dutch system,
    a field larger than gacrux pairs (:mod:`elo_xl.pairing.field_size`), a pairing record that
    cannot apply (:mod:`elo_xl.event.pairing_records`; those that apply to nothing are noted in
    the pairing's ``notes``), a round with nobody or one player left to pair.
    """
    if t.pairings is None:
        raise EloError("a crosstable has no rounds to pair: a round robin's rounds are the Berger tables' (C.05 "
                       "Annex 1); pair its TRF file")
    nxt = next_round(t)
    target = nxt if round_ is None else round_
    if target < 1:
        raise EloError(f"--round {target}: rounds are counted from 1")
    if target > nxt:
        raise EloError(f"--round {target}: round {nxt} is the next one to pair (round {nxt - 1} is the last paired)")
    as_read = t
    if target < nxt:
        if not replace:
            raise EloError(f"round {target} is paired already (the next round is {nxt}); to pair it again, dropping "
                           f"its pairing and results and those of any later round, give --round {target} --replace")
        t = _dropped(t, target)
    round_robin = t.kind() in (ROUND_ROBIN, DOUBLE_ROUND_ROBIN)
    if round_robin and rounds is not None:
        _fixed_rounds(t, rounds)
    planned = rounds or planned_rounds(t)
    if planned is None:
        raise EloError("the file does not say how many rounds the event has (no XXR or 142 record); give --rounds N")
    if target > planned:
        if round_robin:
            raise _finished(t, planned)
        raise EloError(f"all {planned} rounds are paired; give --rounds N to add rounds")
    if target > 1:
        open_games = unfinished_games(t, target - 1)
        if open_games:
            shown = ", ".join(f"{a}–{b}" for a, b in open_games[:10])
            more = f" and {len(open_games) - 10} more" if len(open_games) > 10 else ""
            raise EloError(f"round {target - 1} has {len(open_games)} game{'s' if len(open_games) != 1 else ''} "
                           f"without a result ({shown}{more}); type the results, then pair round {target}")
    absent = sorted(set(absent))
    unknown = [n for n in absent if not 1 <= n <= len(t.entrants)]
    if unknown:
        raise EloError(f"--absent {unknown[0]}: the event has start numbers 1 to {len(t.entrants)}")
    if t.kind() in (ROUND_ROBIN, DOUBLE_ROUND_ROBIN):
        if absent:
            raise EloError("--absent: a round robin's pairings are fixed by the Berger tables; an absent player's "
                           "game is a forfeit, typed as a result")
        return _berger(t, target, planned)
    check_field(len(t.entrants))
    _check_system([r.text for r in t.origin.headers] if t.origin is not None else [])
    records = check_records(t, target, planned)
    _someone_to_pair(t, target, absent, records)
    first = settle_first_colour(t, first_colour, round_one=as_read)
    text = engine_text(t, records.left_aside, first)
    pairs = pair_dutch(text, round_=target, top_colour=first.colour, rounds=planned, absent=absent)
    if not pairs:
        raise EloError(f"round {target}: nobody to pair")
    return replace_fields(Pairing.from_pairs(target, pairs, "dutch", planned), notes=tuple(records.notes) + first.notes)


def _fixed_rounds(t: Tournament, rounds: int) -> None:
    """Refuse ``--rounds`` other than a round robin's: its rounds are the Berger tables'."""
    fixed = planned_rounds(t)
    if rounds == fixed:
        return
    n = len(t.entrants)
    second = ("; for a second cycle, declare a double round robin (a 192 record FIDE_DOUBLEROUNDROBIN, or a book "
              "made with --double)") if t.kind() == ROUND_ROBIN and rounds == 2 * fixed else ""
    raise EloError(f"--rounds {rounds}: this {t.kind()} of {n} players has {fixed} rounds, fixed by the Berger tables "
                   f"(C.05 Annex 1); leave out --rounds{second}")


def _finished(t: Tournament, planned: int) -> EloError:
    """What ``pair`` says of a round robin whose rounds are all paired: finished, or finished
    once the games of its last round without a result are typed (not --rounds: its rounds
    are fixed by the Berger tables)."""
    head = f"all {planned} rounds of this {t.kind()} of {len(t.entrants)} players are paired"
    open_games = unfinished_games(t, planned)
    if not open_games:
        return EloError(f"{head} and played: its rounds are the Berger tables' (C.05 Annex 1), so the event is "
                        "finished and nothing is left to pair")
    shown = ", ".join(f"{a}–{b}" for a, b in open_games[:10])
    more = f" and {len(open_games) - 10} more" if len(open_games) > 10 else ""
    count = f"{len(open_games)} game{'s' if len(open_games) != 1 else ''}"
    return EloError(f"{head}: its rounds are the Berger tables' (C.05 Annex 1); round {planned} has {count} without "
                    f"a result ({shown}{more}): type them, and the event is finished")


def _someone_to_pair(t: Tournament, round_: int, absent: Sequence[int], records: RecordCheck) -> None:
    """Refuse a round with nobody, or one player, left to pair once the byes asked for it (on
    the players' lines, in ``240`` records) and the absent players (``--absent``, ``XXZ``) are
    left out: there is no game to pair, whatever gacrux would say."""
    rows = _rounds(t)
    byes, typed = set(records.byes), set()
    for i, row in enumerate(rows, 1):
        game = row[round_ - 1] if round_ - 1 < len(row) else None
        if (i, round_) in t.announced or (game is not None and game.opponent is None and game.code is not None
                                          and game.code not in _PAIRING_BYES):
            typed.add(i)
    away = (set(absent) | records.absent) - typed - byes
    left = [n for n in range(1, len(t.entrants) + 1) if n not in typed | byes | away]
    if len(left) > 1:
        return
    asked = typed | byes
    whole = len(asked) + len(away) == len(t.entrants) and not (asked and away)
    reasons, undo = [], []
    if asked:
        where = " and ".join(w for w, used in (("typed on their lines", typed), ("240 records", byes - typed)) if used)
        reasons.append(f"{'all ' if whole else ''}{_players(len(asked))} asked for a bye in round {round_} ({where})")
        undo.append("take back their byes")
    if away:
        where = " and ".join(w for w, used in (("--absent", set(absent)), ("the file's XXZ", records.absent)) if used)
        count = _players(len(away)) if whole or not asked else str(len(away))
        reasons.append(f"{'all ' if whole else ''}{count} {'is' if len(away) == 1 else 'are'} absent ({where})")
        undo.append(f"take them out of {where}")
    why, back = " and ".join(reasons), " or ".join(undo)
    if not left:
        raise EloError(f"round {round_}: nobody is left to pair: {why}; for the players who will play, {back}, then "
                       f"pair round {round_}")
    n = left[0]
    raise EloError(f"round {round_}: only player {n} ({t.entrants[n - 1].name}) is left to pair: {why}; a game needs "
                   "two players: the arbiter decides his round (type U for a pairing-allocated bye, or the bye he "
                   f"asks for), or, for the players who will play, {back}")


def _players(n: int) -> str:
    return f"{n} player{'s' if n != 1 else ''}"


#: TRF-2026 ``192`` codes elo-xl pairs (the Dutch system); a round robin's codes go to the Berger tables.
_DUTCH_CODES = ("FIDE_DUTCH", "FIDE_DUTCH_2026", "FIDE_DUTCH_2017", "FIDE_DUTCH_BAKU", "FIDE_DUTCH_2026_BAKU",
                "FIDE_DUTCH_2017_BAKU")


def _check_system(lines: Sequence[str]) -> None:
    """Refuse a file whose ``192`` (among its record ``lines``) names another pairing system
    than the Dutch one, or a team event (``310`` records)."""
    for line in lines:
        if line.startswith("192 "):
            code = line[4:].strip().upper()
            if code and code not in _DUTCH_CODES:
                raise EloError(f"the file's 192 record says {code}: elo-xl pairs the Dutch system (FIDE_DUTCH, "
                               "C.04.3) and round robins (Berger tables); pair this event with a program for that "
                               "system")
        if line.startswith("310 "):
            raise EloError("this is a team event (310 records): elo-xl pairs individual events only")


def round_robin_schedule(t: Tournament) -> tuple[bool, bool]:
    """(double, reversed) of a round robin: whether it is a double round robin, and whether its
    first cycle's last two rounds are exchanged (C.05 Annex 1's advice). The declared type says
    (the book's ``PairingSystem``, a TRF-2026 ``192``: ``FIDE_DOUBLEROUNDROBIN`` reverses,
    ``BERGER_DOUBLEROUNDROBIN`` does not); a double round robin that does not say is reversed
    when a game of those two rounds stands in the other one's round.

    >>> from elo_xl.event.model import Entrant, Tournament
    >>> t = Tournament([Entrant(n, f"P{n}", None) for n in (1, 2, 3, 4)], [[None] * 6 for _ in range(4)],
    ...                [[None] * 6 for _ in range(4)], declared="FIDE_DOUBLEROUNDROBIN")
    >>> round_robin_schedule(t)
    (True, True)
    """
    if t.kind() != DOUBLE_ROUND_ROBIN:
        return False, False
    said = system_of(t.declared_type)
    if said is not None and said[0]:
        return said
    n = len(t.entrants)
    m = cycle_length(n)
    for i, row in enumerate(_rounds(t), 1):
        for r, game in enumerate(row[:m], 1):
            j = game.opponent
            if j is not None and i < j and r in (m - 1, m) and berger_round(i, j, n)[0] == 2 * m - 1 - r:
                return True, True
    return True, False


def _berger(t: Tournament, target: int, planned: int | None) -> Pairing:
    n = len(t.entrants)
    double, reverse = round_robin_schedule(t)
    m = cycle_length(n)  # the rounds are all paired once target is past them: pair_next said so (_finished)
    for i, row in enumerate(_rounds(t), 1):
        meetings: dict[int, int] = {}
        for r, game in enumerate(row[:target - 1], 1):
            j = game.opponent
            if j is None:
                continue
            meetings[j] = meetings.get(j, 0) + 1
            if j < i:
                continue
            expected, _ = schedule_round(i, j, n, 1 if r <= m else 2, reverse=reverse)
            if r != expected:
                raise EloError(f"round {r}: {i} and {j} met, but the Berger tables pair them in round {expected}; "
                               "this round robin does not follow the tables (C.05 Annex 1), so elo-xl cannot pair "
                               "its next round")
    return Pairing.from_pairs(target, schedule_pairing(n, target, double=double, reverse=reverse), "berger", planned)


def _dropped(t: Tournament, round_: int) -> Tournament:
    """``t`` without the pairings and results of ``round_`` and later (requested byes kept): a
    new event."""
    pairings = [list(row) for row in t.pairings]
    results = [list(row) for row in t.results]
    colours = [list(row) for row in t.colours] if t.colours else None
    for i, row in enumerate(t.games()):
        for r in range(round_ - 1, len(row)):
            game = row[r]
            if game.opponent is None and game.code is not None and game.code not in _PAIRING_BYES:
                continue  # a bye the player asked for stays
            if r < len(pairings[i]):
                pairings[i][r] = None
            if r < len(results[i]):
                results[i][r] = None
            if colours and r < len(colours[i]):
                colours[i][r] = ""
    return replace(t, pairings=pairings, results=results, colours=colours)


def with_pairing(t: Tournament, pairing: Pairing) -> Tournament:
    """A copy of ``t`` with ``pairing`` written into its round: both players' opponent and
    colour, the pairing-allocated bye as ``U`` (a round robin's bye, a free day, left blank). A round paired again (``pair_next(...,
    replace=True)``) first loses its pairing and results, and so do the later rounds; the
    rounds grow when the event had fewer."""
    if pairing.round < next_round(t):
        t = _dropped(t, pairing.round)
    r = pairing.round - 1
    width = max(pairing.round, max((len(row) for row in t.pairings), default=0))

    def grown(rows, fill):
        return [list(row) + [fill] * (width - len(row)) for row in rows]

    pairings = grown(t.pairings, None)
    results = grown(t.results, None)
    colours = grown(t.colours or [[""] * width for _ in t.entrants], "")
    for b in pairing.boards:
        for me, other, colour in ((b.white, b.black, "w"), (b.black, b.white, "b")):
            pairings[me - 1][r], colours[me - 1][r] = other, colour
    if pairing.bye is not None:  # a round robin's bye is a free day: no game, no points (as the book has it)
        pairings[pairing.bye - 1][r], colours[pairing.bye - 1][r] = None, ""
        results[pairing.bye - 1][r] = None if pairing.system == "berger" else "U"
    return replace(t, pairings=pairings, results=results, colours=colours)
