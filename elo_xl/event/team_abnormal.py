"""A team file's abnormal points (TRF-2026 ``299``: results set, penalties and bonuses, forfeit
defaults), read as FIDE's reference tool reads them, for :mod:`elo_xl.event.teams`.

>>> record_place(TrfRecord("299 +   2.0   2.5", 12))
'line 12 (299)'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..errors import EloError, show
from ..io.trf_model import TrfEvent, TrfRecord
from ..rounding import to_number

__all__ = ["AbnormalPoints", "read_abnormal", "record_place"]


def record_place(r: TrfRecord) -> str:
    """Where a record stands, for a message: its line, else its code."""
    return f"line {r.line} ({r.code})" if r.line is not None else f"record {r.code}"


@dataclass
class AbnormalPoints:
    """A file's ``299`` records (abnormal points, penalties, bonuses) as FIDE's reference tool
    reads TRF-2026: a letter without round or team (``299 +   2.0   2.5``) sets the points of
    a forfeit win (``+``) or loss (``-``); a letter with a round and teams (``299 W   2.0   2.5
    2   17``) sets that round's result; no letter with a round (``299    -1.0  -2.0    4   31``)
    adds the points in that round (standings and tie-breaks); with round 999 (``299     0.0
    -4.0  999   14``) to the standings only."""

    defaults: dict[str, tuple[Fraction, Fraction]] = field(default_factory=dict)
    results: dict[tuple[int, int], tuple[str, Fraction, Fraction]] = field(default_factory=dict)
    penalties: dict[tuple[int, int], tuple[Fraction, Fraction]] = field(default_factory=dict)
    standing: dict[int, tuple[Fraction, Fraction]] = field(default_factory=dict)
    lines: dict[tuple[int, int], str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def _pts(x: Fraction, signed: bool = False) -> str:
    text = str(to_number(x))
    return f"+{text}" if signed and x >= 0 else text


def read_abnormal(trf: TrfEvent, teams: int, rounds: int) -> AbnormalPoints:
    """The ``299`` records of ``trf`` (``teams`` teams, ``rounds`` rounds), each applied named in
    a note; a record that cannot apply is refused naming its line.

    >>> from elo_xl.io.trf_read import parse_trf
    >>> read_abnormal(parse_trf("001    1      A\\n299 W   2.0   2.5    2   1"), 2, 3).results
    {(2, 1): ('W', Fraction(2, 1), Fraction(5, 2))}
    """
    out = AbnormalPoints()
    for r in trf.records("299"):
        where = record_place(r)
        letter = r.text[4:5].strip().upper()
        parts = r.text[5:].split()
        try:
            mp, gp = (Fraction(x.replace(",", ".")) for x in parts[:2])
            rest = [int(x) for x in parts[2:]]
        except (ValueError, ZeroDivisionError):
            raise EloError(f"{where}: write abnormal points as 299, a result letter or a space, the match points, "
                           "the game points, then the round and the teams, e.g. 299 W   2.0   2.5    2   17") from None
        if len(parts) < 2:
            raise EloError(f"{where}: give the match points and the game points")
        for no in rest[1:]:
            if not 1 <= no <= teams:
                raise EloError(f"{where}: team {no} is not a team of the event (1 to {teams})")
        if letter and not rest:
            if letter not in ("+", "-"):
                raise EloError(f"{where}: without a round, 299 sets a forfeit's points: + or -, not {show(letter)}")
            out.defaults[letter] = (mp, gp)
            out.notes.append(f"{where}: a forfeited match without boards counts {_pts(mp)} MP and {_pts(gp)} GP "
                             f"{'to the winner' if letter == '+' else 'to the loser'}")
        elif not rest[1:]:
            raise EloError(f"{where}: give the round and the teams the points are for")
        elif rest[0] == 999 and not letter:
            for no in rest[1:]:
                old = out.standing.get(no, (Fraction(0), Fraction(0)))
                out.standing[no] = (old[0] + mp, old[1] + gp)
            out.notes.append(f"{where}: team {', '.join(map(str, rest[1:]))} {_pts(mp)} MP and {_pts(gp)} GP added to "
                             "the standings (not to the tie-breaks)")
        elif not 1 <= rest[0] <= rounds:
            raise EloError(f"{where}: round {rest[0]} is not a round of the event (1 to {rounds}, or 999)")
        elif letter:
            for no in rest[1:]:
                out.results[(rest[0], no)] = (letter, mp, gp)
                out.lines[(rest[0], no)] = where
            out.notes.append(f"{where}: round {rest[0]}, team {', '.join(map(str, rest[1:]))} scores {_pts(mp)} MP and "
                             f"{_pts(gp)} GP, whatever its boards say")
        else:
            for no in rest[1:]:
                old = out.penalties.get((rest[0], no), (Fraction(0), Fraction(0)))
                out.penalties[(rest[0], no)] = (old[0] + mp, old[1] + gp)
            out.notes.append(f"{where}: round {rest[0]}, team {', '.join(map(str, rest[1:]))} {_pts(mp, True)} MP and "
                             f"{_pts(gp, True)} GP added")
    return out
