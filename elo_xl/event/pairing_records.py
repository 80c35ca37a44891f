"""Whether the pairing records of an event's TRF file (``240`` byes, ``250`` accelerated
rounds, ``260`` forbidden pairs, ``XXZ`` absent players: :mod:`elo_xl.io.trf_pairing_records`)
can apply to the round about to be paired, checked before gacrux reads them.

A record that cannot apply is either **refused** — ignoring it would change the pairing
without a word (a forbidden pair whose rounds are reversed never forbids anything; a player
who does not exist; two different byes for one player) — or **noted** and left out of what
gacrux reads, when the event is paired exactly as it would be without it (a round the event
does not have; a record repeated). Each message names the record's line. The rules, as
``docs/input-files.md`` states them:

- every start number a record names is a player of the event;
- rounds are counted from 1 and a range of rounds or of players is written lower first; a
  record whose first round is after the event's last applies to nothing (noted);
- ``240``: one player, one bye per round (the same bye twice is noted, two different byes
  refused); a bye asked for a round already paired is on the player's line too (no game, the
  same bye);
- ``250``: the fictitious points are at most what a player can score in the event (the points
  of a win times the rounds);
- ``260``: at least two different players (a number repeated among others is noted).

>>> from elo_xl.event.model import Entrant, Tournament
>>> from elo_xl.io.trf_read import parse_trf
>>> origin = parse_trf("012 Cup\\nXXR 3\\n240 H 009    2\\n001    1      Ha, An\\n")
>>> t = Tournament([Entrant(n, f"P{n}", None) for n in (1, 2)], [[None] * 3] * 2, [[None] * 3] * 2,
...                origin=origin, rounds=3, planned=3)
>>> c = check_records(t, 1, 3)
>>> c.notes, sorted(c.left_aside)
(['line 3 (240): round 9 is not a round of this 3-round event; the record is left aside'], [3])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..errors import EloError
from ..io.trf_pairing_records import pairing_records
from ..results import BYE_FULL, BYE_HALF, BYE_ZERO, FORFEIT_LOSS, TRF_SYMBOL
from .model import Tournament

__all__ = ["RecordCheck", "check_records"]

#: The result codes of a player's own line that a ``240`` bye of each type agrees with.
_SAME_BYE = {"F": (BYE_FULL,), "H": (BYE_HALF,), "Z": (BYE_ZERO, FORFEIT_LOSS, None)}


@dataclass(frozen=True)
class RecordCheck:
    """What the pairing records say for the round to pair: ``notes`` (one per record left
    aside or read once), ``left_aside`` (the lines of the records gacrux is not given), ``byes``
    (start number → the bye type a ``240`` record asks for in that round) and ``absent`` (the
    start numbers an ``XXZ`` record names)."""

    notes: list[str] = field(default_factory=list)
    left_aside: frozenset[int] = frozenset()
    byes: dict[int, str] = field(default_factory=dict)
    absent: frozenset[int] = frozenset()


def _where(line: int | None, code: str) -> str:
    return f"line {line} ({code})" if line is not None else f"a {code} record"


def _unknown(where: str, numbers: tuple[int, ...], players: int) -> None:
    for n in numbers:
        if not 1 <= n <= players:
            raise EloError(f"{where}: player {n} is not in the event (start numbers 1 to {players}); correct the "
                           "number or take it out of the record")


def _rounds(where: str, rounds: tuple[int, int], planned: int) -> bool:
    """Refuse round 0 and a reversed range; False when the first round is after the event's last
    (the record applies to nothing)."""
    first, last = rounds
    if first < 1:
        raise EloError(f"{where}: round {first}: rounds are counted from 1")
    if last < first:
        raise EloError(f"{where}: the rounds {first} to {last} are reversed, so the record would apply to no round; "
                       f"write the first round first ({last} to {first})")
    return first <= planned


def check_records(t: Tournament, round_: int, planned: int) -> RecordCheck:
    """Check the pairing records of ``t``'s TRF file (its ``origin``) against the event, before
    round ``round_`` of ``planned`` is paired: refuse those that cannot apply where ignoring
    them would change the pairing, note the others (see the module's rules)."""
    records = pairing_records(t.origin)
    players = len(t.entrants)
    notes: list[str] = []
    aside: set[int] = set()
    rows = t.games() if t.pairings is not None else []

    def leave(line: int | None, text: str) -> None:
        notes.append(f"{text}; the record is left aside")
        if line is not None:
            aside.add(line)

    asked: dict[tuple[int, int], tuple[str, int | None]] = {}  # (player, round) → (type, line)
    first_of: dict[tuple[str, int], tuple[int | None, tuple[int, ...]]] = {}
    for b in records.byes:
        where = _where(b.line, "240")
        _unknown(where, b.players, players)
        if b.round < 1:
            raise EloError(f"{where}: round {b.round}: rounds are counted from 1")
        if not b.players:
            leave(b.line, f"{where}: it names no player")
            continue
        if b.round > planned:
            leave(b.line, f"{where}: round {b.round} is not a round of this {planned}-round event")
            continue
        earlier = first_of.get((b.kind, b.round))
        if earlier is not None and sorted(set(earlier[1])) == sorted(set(b.players)):
            leave(b.line, f"{where}: it repeats {_where(earlier[0], '240')}")
            continue
        if earlier is not None:
            notes.append(f"{where}: a second record of {b.kind} byes for round {b.round} ("
                         f"{_where(earlier[0], '240')} is the first; TRF-2026 lists them on one record); both are read")
        first_of.setdefault((b.kind, b.round), (b.line, b.players))
        for n in b.players:
            said = asked.get((n, b.round))
            if said is not None and said[0] != b.kind:
                raise EloError(f"{where}: player {n} asks for a bye {b.kind} in round {b.round}, and "
                               f"{_where(said[1], '240')} for a bye {said[0]}; keep the one he asked for")
            if said is not None:
                notes.append(f"{where}: player {n} is named twice for round {b.round}; his bye {b.kind} is read once")
            asked[(n, b.round)] = (b.kind, b.line)
            if b.round < round_ and rows:
                game = rows[n - 1][b.round - 1] if b.round - 1 < len(rows[n - 1]) else None
                if game is not None and game.opponent is not None:
                    raise EloError(f"{where}: player {n} asks for a bye {b.kind} in round {b.round}, but he played "
                                   f"{game.opponent} in that round; correct the record or his line")
                code = game.code if game is not None else None
                if code not in _SAME_BYE[b.kind]:
                    has = "nothing" if code is None else f"{TRF_SYMBOL[code]}"
                    raise EloError(f"{where}: player {n} asks for a bye {b.kind} in round {b.round}, but his line has "
                                   f"{has} in that round (round {b.round} is paired); write the bye on his line "
                                   f"too (0000 - {b.kind}) or correct the record")
    scoring = t.origin.scoring() if t.origin is not None else {"WW": Fraction(1), "BW": Fraction(1)}
    win = max(scoring["WW"], scoring["BW"])
    for a in records.accelerations:
        where = _where(a.line, "250")
        _unknown(where, a.players, players)
        if a.players[1] < a.players[0]:
            raise EloError(f"{where}: the players {a.players[0]} to {a.players[1]} are reversed, so the record would "
                           f"accelerate nobody; write the lower start number first ({a.players[1]} to {a.players[0]})")
        if not _rounds(where, a.rounds, planned):
            leave(a.line, f"{where}: round {a.rounds[0]} is not a round of this {planned}-round event")
            continue
        most = win * planned
        if a.points > most:
            raise EloError(f"{where}: {_points(a.points)} fictitious points is more than a player can score in this "
                           f"event ({_points(most)} at most: {planned} rounds of {_points(win)} for a win); write the "
                           "points the acceleration adds (such as 1.0 or 0.5)")
    for f in records.forbidden:
        where = _where(f.line, "260")
        _unknown(where, f.players, players)
        if len(set(f.players)) < 2:
            named = ("no player" if not f.players else f"only player {f.players[0]}"
                     + (f" ({len(f.players)} times)" if len(f.players) > 1 else ""))
            raise EloError(f"{where}: it names {named}, and a forbidden pair needs two different players; write the "
                           "start numbers of the players who shall not meet")
        if not _rounds(where, f.rounds, planned):
            leave(f.line, f"{where}: round {f.rounds[0]} is not a round of this {planned}-round event")
            continue
        twice = sorted({n for n in f.players if f.players.count(n) > 1})
        if twice:
            notes.append(f"{where}: player {twice[0]} is named twice; read once")
    absent: set[int] = set()
    for z in records.absent:
        _unknown(_where(z.line, "XXZ"), z.players, players)
        absent.update(z.players)
    byes = {n: kind for (n, r), (kind, _) in asked.items() if r == round_}
    return RecordCheck(notes, frozenset(aside), byes, frozenset(absent))


def _points(value: Fraction) -> str:
    """Points as a message writes them: ``7``, ``0.5``, ``9999``."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"
