"""Points, Buchholz and Sonneborn-Berger as the books' formulas compute them today, and the
rank helper of the TRF writer. The ranking of an event — what ``rate``, ``export`` and the
TRF rank column show — is :mod:`elo_xl.tiebreaks` (C.07 in full: points, the arbiter's list of
tie-breaks, then start number; :func:`elo_xl.tournament.event_ranking`); this module stays
the reference the workbook tests compare the books' Buchholz and Sonneborn-Berger columns with.

An event is a list of *rounds* per player, each round a pair ``(opponent, code)``: the
opponent's start number (``None``: no opponent: a bye, a forfeit without a pairing, or
nothing) and the player's own result code of :mod:`elo_xl.results` (``None``: nothing
typed, a game not yet played). :func:`from_rounds` reads the engine's rounds form (pairings
and results, each row that player's own record), :func:`from_crosstable` a crosstable (a
game typed on one side counts for both).

Points: 1, ½, 0 for a game, rated or not (W, D, L); 1/0 for a forfeit; H ½, F and U 1, Z 0
for a bye (:data:`elo_xl.results.POINTS_HALVES`), or a TRF file's own scoring system
(:func:`game_points`).

Tie-breaks, as FIDE's Tie-Break Regulations (Handbook C.07, in force since 2023) define them:

- **Buchholz** (C.07 article 8.1): the sum of the opponents' final scores;
- **Sonneborn-Berger** (C.07 article 9.1): the sum over the opponents of the opponent's
  final score times the points scored against him.

Unplayed rounds (forfeits and byes) are counted in one of two ways, named by ``unplayed``:

- ``"book"`` (the default; what the workbooks compute): every round with an opponent and
  a result counts that opponent's final score, forfeits included; a round without an
  opponent adds nothing;
- ``"fide"``: C.07 article 16, written for Swiss-system events. A participant's own unplayed
  round (a forfeit, won or lost, a bye, or a round without an opponent or a result) counts as
  a game against a dummy opponent whose score is the participant's own final score (16.4);
  an opponent's score counts his requested byes (H, Z) and his rounds without an opponent
  or a result that come after his last played game as draws (16.2.5, 16.3), his other
  unplayed rounds as awarded (16.2.1–16.2.4). Rounds nobody has a result or pairing in yet
  are not counted. Not applied: the cut of voluntarily unplayed rounds first (16.5), which
  only matters for the Buchholz cuts this module does not compute.

Ranks (:func:`ranks`): by points, then the tie-break, then by start number
(``shared=False``: the order of the books' Standings sheet, docs/books.md, "The Standings
sheet"), or with equal keys sharing a rank, 1, 2, 2, 4 (``shared=True``: what the books' RANK
columns show, and what the TRF writer gives a file without tie-breaks).

>>> rounds = from_crosstable([[None, 1, "½"], [0, None, 1], ["½", 0, None]])
>>> points(rounds), buchholz(rounds), sonneborn_berger(rounds)
([1.5, 1, 0.5], [1.5, 2, 2.5], [1.25, 0.5, 0.75])
>>> ranks(list(zip(points(rounds), buchholz(rounds))))
[1, 2, 3]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .errors import EloError
from .results import (
    as_points,
    BYE_FULL,
    BYE_HALF,
    BYE_PAIRING,
    BYE_ZERO,
    BYES,
    COMPLEMENT,
    DRAW,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    LOSS,
    POINTS_HALVES,
    UNRATED_DRAW,
    UNRATED_LOSS,
    UNRATED_WIN,
    WIN,
    WITHOUT_OPPONENT,
    grid,
    is_blank,
    parse_result,
    parse_whole,
    shape,
)

#: One round of one player: (opponent's start number or None, own result code or None).
Round = tuple[int | None, int | None]

#: Ways of counting unplayed rounds in tie-breaks (see the module's documentation).
UNPLAYED = ("book", "fide")
#: Results that are not a game played over the board (C.07 16.1: unplayed rounds).
UNPLAYED_CODES = BYES | {FORFEIT_WIN, FORFEIT_LOSS}
#: Requested byes (C.07 16.1.2, voluntarily unplayed): a half- or zero-point bye.
REQUESTED_BYES = frozenset((BYE_HALF, BYE_ZERO))

#: The keys of a TRF scoring system (:meth:`elo_xl.trf.TrfEvent.scoring`) for each result
#: code: (with white, with black).
SCORING_KEYS = {
    WIN: ("WW", "BW"), DRAW: ("WD", "BD"), LOSS: ("WL", "BL"),
    UNRATED_WIN: ("WW", "BW"), UNRATED_DRAW: ("WD", "BD"), UNRATED_LOSS: ("WL", "BL"),
    FORFEIT_WIN: ("FW", "FW"), FORFEIT_LOSS: ("FL", "FL"),
    BYE_HALF: ("HPB", "HPB"), BYE_FULL: ("FPB", "FPB"), BYE_PAIRING: ("PAB", "PAB"), BYE_ZERO: ("ZPB", "ZPB"),
}


def game_points(code: int | None, black: bool = False, scoring: Mapping[str, Fraction] | None = None) -> Fraction:
    """The points one result brings: FIDE's 1, ½, 0, or a TRF file's scoring system.

    >>> game_points(DRAW), game_points(BYE_PAIRING), game_points(None)
    (Fraction(1, 2), Fraction(1, 1), Fraction(0, 1))
    >>> game_points(WIN, black=True, scoring={"WW": Fraction(3), "BW": Fraction(4)})
    Fraction(4, 1)
    """
    if code is None:
        return Fraction(0)
    if scoring is None:
        return Fraction(POINTS_HALVES[code], 2)
    return scoring[SCORING_KEYS[code][1 if black else 0]]


def total_points(codes: Any) -> int | float:
    """Tournament points of a player's results (codes; ``None`` is no result).

    >>> total_points([WIN, DRAW, None, FORFEIT_WIN, BYE_HALF, UNRATED_LOSS])
    3
    """
    return as_points(sum(POINTS_HALVES[code] for code in codes if code is not None))


def points(rounds: Sequence[Sequence[Round]]) -> list[int | float]:
    """Every player's points.

    >>> points([[(2, WIN), (None, BYE_HALF)], [(1, LOSS), (None, None)]])
    [1.5, 0]
    """
    return [total_points(code for _, code in row) for row in rounds]


def _halves(rounds: Sequence[Sequence[Round]]) -> list[int]:
    return [sum(POINTS_HALVES[code] for _, code in row if code is not None) for row in rounds]


def _check_unplayed(unplayed: str) -> None:
    if unplayed not in UNPLAYED:
        raise EloError(f"unplayed {unplayed!r} is not a way of counting unplayed rounds; "
                       f"use {' or '.join(map(repr, UNPLAYED))}")


def _adjusted_halves(row: Sequence[Round], halves: int) -> int:
    """A player's score as his opponents' tie-breaks count it under C.07 16.3: requested
    byes and empty rounds after his last played game (16.2.5) count as draws."""
    last_played = max((t for t, (opp, code) in enumerate(row)
                       if opp is not None and code is not None and code not in UNPLAYED_CODES), default=-1)
    for opp, code in row[last_played + 1:]:  # before a played game, a requested bye counts as awarded (16.2.3)
        if opp is None and (code is None or code in REQUESTED_BYES):
            halves += 1 - (0 if code is None else POINTS_HALVES[code])
    return halves


def _contributions(rounds: Sequence[Sequence[Round]], unplayed: str) -> list[list[tuple[int, int]]]:
    """Per player, the (own halves scored, opponent's halves) of every round a tie-break counts."""
    _check_unplayed(unplayed)
    halves = _halves(rounds)
    if unplayed == "book":
        return [[(POINTS_HALVES[code], halves[opp - 1]) for opp, code in row if opp is not None and code is not None]
                for row in rounds]
    played = max((t + 1 for row in rounds for t, (opp, code) in enumerate(row) if opp is not None or code is not None),
                 default=0)
    rounds = [row[:played] for row in rounds]  # rounds nobody has a result in yet are not counted
    seen = [_adjusted_halves(row, h) for row, h in zip(rounds, halves)]
    out = []
    for i, row in enumerate(rounds):
        counted = []
        for opp, code in row:
            if code is None and opp is None:
                counted.append((0, halves[i]))  # an absence: a zero-point round against the dummy
            elif code in UNPLAYED_CODES:
                counted.append((POINTS_HALVES[code], halves[i]))  # 16.4: the dummy has the own score
            elif opp is not None and code is not None:
                counted.append((POINTS_HALVES[code], seen[opp - 1]))
        out.append(counted)
    return out


def buchholz(rounds: Sequence[Sequence[Round]], unplayed: str = "book") -> list[int | float]:
    """Every player's Buchholz: the sum of his opponents' scores (C.07 8.1).

    >>> rounds = [[(2, WIN), (None, BYE_FULL)], [(1, LOSS), (3, DRAW)], [(None, BYE_HALF), (2, DRAW)]]
    >>> buchholz(rounds), buchholz(rounds, "fide")
    ([0.5, 3, 0.5], [2.5, 3, 1.5])
    """
    return [as_points(sum(opp for _, opp in row)) for row in _contributions(rounds, unplayed)]


def sonneborn_berger(rounds: Sequence[Sequence[Round]], unplayed: str = "book") -> list[int | float]:
    """Every player's Sonneborn-Berger: opponents' scores times the points scored against
    them (C.07 9.1).

    >>> rounds = [[(2, WIN), (None, BYE_FULL)], [(1, LOSS), (3, DRAW)], [(None, BYE_HALF), (2, DRAW)]]
    >>> sonneborn_berger(rounds), sonneborn_berger(rounds, "fide")
    ([0.5, 0.5, 0.25], [2.5, 0.5, 0.75])
    """
    return [as_points(sum(own * opp for own, opp in row), 4) for row in _contributions(rounds, unplayed)]


def ranks(keys: Sequence[Any], shared: bool = False) -> list[int]:
    """Ranks by ``keys`` (higher first; tuples compare item by item, e.g. points then a
    tie-break). Equal keys: by start number (list order), or the same rank (``shared``).

    >>> ranks([(2, 5), (3, 1), (2, 5), (2, 6)]), ranks([(2, 5), (3, 1), (2, 5), (2, 6)], shared=True)
    ([3, 1, 4, 2], [3, 1, 3, 2])
    """
    order = sorted(range(len(keys)), key=lambda i: _descending(keys[i]) + (i,))
    out = [0] * len(keys)
    for place, i in enumerate(order, 1):
        previous = order[place - 2] if place > 1 else None
        same = shared and previous is not None and _descending(keys[previous]) == _descending(keys[i])
        out[i] = out[previous] if same and previous is not None else place
    return out


def _descending(key: Any) -> tuple:
    values = key if isinstance(key, tuple) else (key,)
    return tuple(-v for v in values)


@dataclass(frozen=True)
class Standing:
    """One player's line of the standings."""

    points: int | float
    buchholz: int | float
    sonneborn_berger: int | float
    rank: int


TIEBREAKS = ("buchholz", "sonneborn-berger")


def standings(rounds: Sequence[Sequence[Round]], tiebreak: str = "buchholz", unplayed: str = "book",
              shared: bool = False) -> list[Standing]:
    """Points, both tie-breaks and the rank (points, then ``tiebreak``, then start number
    unless ``shared``) of every player.

    >>> [s.rank for s in standings(from_crosstable([[None, 0, 0], [1, None, "½"], [1, "½", None]]))]
    [3, 1, 2]
    """
    if tiebreak not in TIEBREAKS:
        raise EloError(f"tiebreak {tiebreak!r} is not one of {', '.join(TIEBREAKS)}")
    p, bh, sb = points(rounds), buchholz(rounds, unplayed), sonneborn_berger(rounds, unplayed)
    second = bh if tiebreak == "buchholz" else sb
    rank = ranks(list(zip(p, second)), shared)
    return [Standing(*values) for values in zip(p, bh, sb, rank)]


# --- reading events ---------------------------------------------------------------------------------


def from_rounds(results: Any, pairings: Any) -> list[list[Round]]:
    """Rounds of the engine's rounds form: ``pairings`` n×r (opponent's start number, blank
    or 0 for none) and ``results`` n×r, each row that player's own record. Agreement of the
    two rows of a game is :func:`elo_xl.engine.rate_event`'s check, not repeated here; a
    game's result on a round without an opponent is no game, as the engine reads it.

    >>> from_rounds([[1, "H"], [0, 1]], [[2, None], [1, None]])
    [[(2, 2), (None, 8)], [(1, 0), (None, None)]]
    """
    ptable, rtable = grid(pairings), grid(results)
    (n, r), (rn, rr) = shape(pairings), shape(results)
    if (rn, rr) != (n, r):
        raise EloError(f"results is {rn}×{rr} but pairings is {n}×{r}; give one result per pairing cell")
    out = []
    for i in range(n):
        row: list[Round] = []
        for t in range(r):
            value = ptable[i][t]
            opp = None if is_blank(value) else parse_whole(value, "pairings", 0, n, (i + 1, t + 1)) or None
            cell = rtable[i][t]
            code = None if is_blank(cell) else parse_result(cell, "results", (i + 1, t + 1))
            if opp is None and code not in WITHOUT_OPPONENT:
                code = None  # a game result without an opponent is no game (as the engine reads it)
            row.append((opp, code))
        out.append(row)
    return out


def from_crosstable(results: Any) -> list[list[Round]]:
    """Rounds of an n×n crosstable (row i column j: player i's result against j); a game
    typed on one side only counts for both, a game typed on neither is not played yet.

    >>> from_crosstable([[None, "+"], [None, None]])
    [[(2, 3)], [(1, 4)]]
    """
    table = grid(results)
    n, m = shape(results)
    if n != m:
        raise EloError(f"results is {n}×{m}; a crosstable has one row and one column per player")
    out = []
    for i in range(n):
        row: list[Round] = []
        for j in range(n):
            if i == j:
                continue
            own, other = table[i][j], table[j][i]
            if not is_blank(own):
                code = parse_result(own, "results", (i + 1, j + 1))
            elif not is_blank(other):
                code = COMPLEMENT[parse_result(other, "results", (j + 1, i + 1))]
            else:
                code = None
            row.append((j + 1, code))
        out.append(row)
    return out
