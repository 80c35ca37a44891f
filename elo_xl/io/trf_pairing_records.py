"""The records an arbiter writes into a TRF file for the pairing, read in their columns:
TRF-2026 ``240`` (byes requested), ``250`` (accelerated rounds), ``260`` (forbidden pairs),
and the ``XXZ`` extension (players absent from the next round).

The columns are TRF-2026's (numbered from 1), the ones gacrux, FIDE's reference pairing
tool, reads:

- ``240 T RRR NNNN NNNN …``: the bye type ``F``, ``H`` or ``Z`` (column 5), the round (7–9),
  then the players' start numbers, four columns each from column 11, one blank between;
- ``250 MMMM GGGG RRR RRR NNNN NNNN``: match points (5–8, team events), game points
  (10–13), first and last round (15–17, 19–21), first and last start number (23–26, 28–31);
  a blank last round or last player is the first one;
- ``260 RRR RRR NNNN NNNN …``: first and last round (5–7, 9–11; a blank last round is the
  first one), then the players who shall not meet each other, four columns each from 13;
- ``XXZ N N …``: start numbers, separated by blanks, commas or slashes.

A field that is not what its columns hold (a letter where a round stands) is refused here,
naming the line and the columns. Whether a well-formed record can apply to the event (its
round exists, its players do…) is :mod:`elo_xl.event.pairing_records`' question.

>>> from elo_xl.io.trf_read import parse_trf
>>> e = parse_trf("012 Cup\\n240 H 002    3    5\\n250  0.0  1.0   1   2    1    6\\n260 001 007 0001 0007\\n"
...               "XXZ 4, 9\\n001    1      Ha, An\\n")
>>> r = pairing_records(e)
>>> r.byes[0].kind, r.byes[0].round, r.byes[0].players, r.byes[0].line
('H', 2, (3, 5), 2)
>>> a = r.accelerations[0]; (a.points, a.rounds, a.players)
(Fraction(1, 1), (1, 2), (1, 6))
>>> r.forbidden[0].rounds, r.forbidden[0].players, r.absent[0].players
((1, 7), (1, 7), (4, 9))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from ..errors import EloError, show
from .trf_format import place_of
from .trf_model import TrfEvent, TrfRecord

__all__ = ["ByeRecord", "Acceleration", "ForbiddenPairs", "AbsentRecord", "PairingRecords", "pairing_records",
           "BYE_TYPES"]

#: The bye types a ``240`` record may give: full-point, half-point, zero-point.
BYE_TYPES = ("F", "H", "Z")


@dataclass(frozen=True)
class ByeRecord:
    """A ``240`` record: players who asked for a bye of ``kind`` in ``round``."""

    line: int | None
    kind: str
    round: int
    players: tuple[int, ...]


@dataclass(frozen=True)
class Acceleration:
    """A ``250`` record: ``points`` fictitious game points for players ``players[0]`` to
    ``players[1]`` in rounds ``rounds[0]`` to ``rounds[1]`` (each pair as written, not sorted)."""

    line: int | None
    points: Fraction
    rounds: tuple[int, int]
    players: tuple[int, int]


@dataclass(frozen=True)
class ForbiddenPairs:
    """A ``260`` record: ``players`` shall not meet each other in rounds ``rounds[0]`` to
    ``rounds[1]`` (as written)."""

    line: int | None
    rounds: tuple[int, int]
    players: tuple[int, ...]


@dataclass(frozen=True)
class AbsentRecord:
    """An ``XXZ`` record: players absent from the round to pair."""

    line: int | None
    players: tuple[int, ...]


@dataclass(frozen=True)
class PairingRecords:
    """Every pairing record of a file, each list in file order."""

    byes: list[ByeRecord] = field(default_factory=list)
    accelerations: list[Acceleration] = field(default_factory=list)
    forbidden: list[ForbiddenPairs] = field(default_factory=list)
    absent: list[AbsentRecord] = field(default_factory=list)


def _field(r: TrfRecord, first: int, last: int) -> str:
    return r.text[first - 1:last]


def _number(r: TrfRecord, first: int, last: int, what: str, blank: int | None = None) -> int:
    """The whole number in columns ``first``–``last`` of record ``r`` (``blank`` when they are
    blank and that is allowed)."""
    text = _field(r, first, last)
    if not text.strip():
        if blank is not None:
            return blank
        raise EloError(f"{place_of(r.line, None, first, last)} ({r.code}): the {what} is missing; "
                       f"write it in columns {first}–{last}")
    if not text.strip().isdigit():
        raise EloError(f"{place_of(r.line, None, first, last)} ({r.code}): {show(text.strip())} is not a {what}; "
                       f"write a whole number in columns {first}–{last}")
    return int(text)


def _players(r: TrfRecord, start: int) -> tuple[int, ...]:
    """The start numbers of four columns each, one blank between, from column ``start`` on."""
    found = []
    for first in range(start, len(r.text.rstrip()) + 1, 5):
        if _field(r, first, first + 3).strip():
            found.append(_number(r, first, first + 3, "start number"))
    return tuple(found)


def _points(r: TrfRecord, first: int, last: int) -> Fraction:
    text = _field(r, first, last).strip().replace(",", ".")
    if not text:
        return Fraction(0)
    if not re.fullmatch(r"\d+(\.\d+)?|\.\d+", text):
        raise EloError(f"{place_of(r.line, None, first, last)} ({r.code}): {show(text)} is not a number of points; "
                       f"write it like 1.0 in columns {first}–{last}")
    return Fraction(text)


def _bye(r: TrfRecord) -> ByeRecord:
    kind = _field(r, 5, 5)
    if kind.upper() not in BYE_TYPES:
        raise EloError(f"{place_of(r.line, None, 5)} (240): the bye type {show(kind)} is not F, H or Z; write F for a "
                       "full-point bye, H for a half-point bye, Z for a zero-point bye")
    return ByeRecord(r.line, kind.upper(), _number(r, 7, 9, "round"), _players(r, 11))


def _acceleration(r: TrfRecord) -> Acceleration:
    _points(r, 5, 8)  # match points: a team event's; checked as a number only
    first_round = _number(r, 15, 17, "first round")
    first_player = _number(r, 23, 26, "first start number")
    return Acceleration(r.line, _points(r, 10, 13),
                        (first_round, _number(r, 19, 21, "last round", blank=0) or first_round),
                        (first_player, _number(r, 28, 31, "last start number", blank=0) or first_player))


def _forbidden(r: TrfRecord) -> ForbiddenPairs:
    first_round = _number(r, 5, 7, "first round")
    return ForbiddenPairs(r.line, (first_round, _number(r, 9, 11, "last round", blank=0) or first_round),
                          _players(r, 13))


def _absent(r: TrfRecord) -> AbsentRecord:
    numbers = []
    for word in re.split(r"[\s,/]+", r.text[4:].strip()):
        if not word:
            continue
        if not word.isdigit():
            raise EloError(f"{place_of(r.line)} (XXZ): {show(word)} is not a start number; list the absent players' "
                           "numbers, separated by blanks or commas")
        numbers.append(int(word))
    return AbsentRecord(r.line, tuple(numbers))


_READERS = {"240": ("byes", _bye), "250": ("accelerations", _acceleration), "260": ("forbidden", _forbidden),
            "XXZ": ("absent", _absent)}


def pairing_records(event: TrfEvent | None) -> PairingRecords:
    """The ``240``, ``250``, ``260`` and ``XXZ`` records of ``event`` (none for None), read in
    their columns; a field its columns cannot hold is refused, naming the line.

    >>> pairing_records(None).byes
    []
    >>> from elo_xl.io.trf_read import parse_trf
    >>> pairing_records(parse_trf("240 X 001    3\\n001    1      Ha, An\\n"))
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: line 1, column 5 (240): the bye type "X" is not F, H or Z; write F for a full-point bye, H for a half-point bye, Z for a zero-point bye
    """
    found = PairingRecords()
    if event is None:
        return found
    for r in event.headers:
        reader = _READERS.get(r.code)
        if reader is not None:
            getattr(found, reader[0]).append(reader[1](r))
    return found
