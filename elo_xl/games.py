"""An event's games read from cells, once: the crosstable and the rounds form, start numbers
from 1, every game checked against its other side; and the one answer to "round robin or
Swiss?".

Every face that reads an event's games from cells goes through this module: the engine
(:func:`elo_xl.engine.rate_event`), the tie-breaks (:mod:`elo_xl.tiebreaks`) and the norms
of a whole event (:mod:`elo_xl.event.norms`). They all get the same :class:`Round` per player
and round: the opponent's start number (None: no opponent), the colour (``"w"``, ``"b"`` or
``""``) and the player's own result code of :mod:`elo_xl.results` (None: nothing yet).

- **Rounds form** (:func:`from_rounds`): ``pairings`` n×r (the opponent's start number; blank
  or 0: none) and ``results`` n×r, each row that player's own record. Where both rows of a
  game are typed they must agree (1/0, ½/½, +/−, −/−, W/L, D/D); a row that names an opponent
  whose row names another player in that round is refused. A bye or a forfeit scores on a
  round without an opponent; a game result there is no game.
- **Crosstable** (:func:`from_crosstable`): row i column j is player i's result against j; a
  game typed in one of its two cells counts for both, typed in both the two must agree.

>>> rows = from_rounds([[1, "H"], [0, None]], [[2, None], [1, None]])
>>> rows[0]
[Round(opponent=2, colour='', code=2), Round(opponent=None, colour='', code=8)]
>>> from_crosstable([[None, "½"], [None, None]])[1]
[Round(opponent=1, colour='', code=1)]
>>> kind(from_crosstable([[None, 1, 0], [0, None, 1], [1, 0, None]]))
'round robin'
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any, NamedTuple

from .errors import EloError, PairingMismatch, show
from .results import (
    BYE_HELP,
    BYE_PAIRING,
    BYES,
    COMPLEMENT,
    DRAW,
    FORFEIT_WIN,
    LOSS,
    WIN,
    WITHOUT_OPPONENT,
    Cells,
    agree,
    grid,
    is_blank,
    parse_result,
    parse_whole,
)


class Round(NamedTuple):
    """One round of one player: the opponent's start number (None: no opponent), the colour
    (``"w"``, ``"b"`` or ``""``) and the player's own result code (None: nothing).

    >>> Round(4, "b", 2)
    Round(opponent=4, colour='b', code=2)
    """

    opponent: int | None
    colour: str
    code: int | None


#: A round with nothing in it.
ABSENT = Round(None, "", None)

#: The kinds of event :func:`kind` tells apart.
ROUND_ROBIN, DOUBLE_ROUND_ROBIN, SWISS = "round robin", "double round robin", "swiss"

#: Results typed as numbers (what Excel passes for 1, ½, 0): read without the general parser.
_NUMBER_RESULT = {1: WIN, 0.5: DRAW, 0: LOSS}
#: The largest start number the rounds form reads before it names the cell.
_LIMIT = 10**6


def rows_of(cells: Cells) -> tuple[Sequence, int, int]:
    """A range as (rows, height, width), a list of rows used as it is (no copy); ragged ranges refused.

    >>> rows_of([[1, 2], [3, 4]])[1:], rows_of([1, 2, 3])[1:]
    ((2, 2), (3, 1))
    """
    if isinstance(cells, (list, tuple)) and cells and all(isinstance(r, (list, tuple)) for r in cells):
        rows = cells
    else:
        rows = grid(cells)
    if not rows:
        return rows, 0, 0
    width = len(rows[0])
    for r in rows:
        if len(r) != width:
            raise EloError("a range has rows of different lengths; every row needs the same number of cells")
    return rows, len(rows), width


def game_result(value: Any, argument: str, pos: int | tuple[int, int] | None) -> int | None:
    """A result of a game against an opponent (any result but a bye); numbers 1, 0.5, 0 read
    directly, anything else through :func:`~elo_xl.results.parse_result`.

    >>> game_result(0.5, "results", None), game_result("+", "results", None)
    (1, 3)
    >>> game_result("H", "results", (1, 2))
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: results, row 1 column 2: "H" is a bye, which has no opponent; byes (H, F, U, Z) belong in the rounds form on a round without a pairing
    """
    cls = value.__class__
    if cls is float or cls is int:
        code = _NUMBER_RESULT.get(value)
        if code is not None:
            return code
    elif value is None:
        return None
    code = parse_result(value, argument, pos)
    if code in BYES:
        raise EloError.at(argument, pos, value, BYE_HELP)
    return code


def _colour(value: Any) -> str:
    if value is None:
        return ""
    text = str(value).strip().lower()
    return text if text in ("w", "b") else ""


def from_rounds(results: Cells, pairings: Cells, colours: Cells = None, players: int | None = None) -> list[list[Round]]:
    """Every player's rounds from the rounds form, checked (see the module's documentation).

    ``players``: the number of players the caller expects (the rows of ``pairings`` must be
    that many). The messages name the argument and the cell: ``pairings, row 3 column 2``.

    >>> from_rounds([[1], [1]], [[2], [1]])
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: results, round 1: row 1 (1) and row 2 (1) disagree on their game; one game reads 1/0, ½/½, 0/1, +/− or −/−
    >>> from_rounds([["+"], [None]], [[None], [None]], [["w"], [None]])[0]
    [Round(opponent=None, colour='w', code=3)]
    """
    ptable, n, width = rows_of(pairings)
    rtable, rrow, rcol = rows_of(results)
    if players is not None and n != players:
        raise EloError(f"pairings has {n} rows but ratings lists {players} players; give one row per player")
    if (rrow, rcol) != (n, width):
        raise EloError(f"results is {rrow}×{rcol} but pairings is {n}×{width}; give one result per pairing cell")
    ctable = None
    if colours is not None and not (not isinstance(colours, (list, tuple)) and is_blank(colours)):
        ctable, crow, ccol = rows_of(colours)
        if crow and (crow, ccol) != (n, width):
            raise EloError(f"colours is {crow}×{ccol} but pairings is {n}×{width}; give one colour per pairing cell")
        if not crow:
            ctable = None
    opp = [[0] * width for _ in range(n)]
    out: list[list[Round]] = []
    for i in range(n):
        prow_i, rrow_i, opp_i = ptable[i], rtable[i], opp[i]
        crow_i = ctable[i] if ctable is not None else None
        row: list[Round] = []
        for t in range(width):
            value = prow_i[t]
            cls = value.__class__
            if (cls is int or (cls is float and value.is_integer())) and 0 <= value <= _LIMIT:
                number = int(value)
            elif value is None or is_blank(value):
                number = None
            else:
                number = parse_whole(value, "pairings", 0, _LIMIT, (i + 1, t + 1))
            colour = "" if crow_i is None else _colour(crow_i[t])
            if not number:  # a bye or a round without a game: byes and forfeits still score points
                unpaired = parse_result(rrow_i[t], "results", (i + 1, t + 1))
                row.append(Round(None, colour, unpaired) if unpaired in WITHOUT_OPPONENT
                           else (ABSENT if not colour else Round(None, colour, None)))
                continue
            if number > n or number == i + 1:
                problem = (f"is not a start number; the event has {n} players" if number > n
                           else "is the player himself; a player cannot meet himself")
                raise PairingMismatch.at("pairings", (i + 1, t + 1), value, problem)
            opp_i[t] = number
            row.append(Round(number, colour, game_result(rrow_i[t], "results", (i + 1, t + 1))))
        out.append(row)
    for i in range(n):
        row, opp_i = out[i], opp[i]
        for t in range(width):
            j = opp_i[t] - 1
            if j < 0:
                continue
            back = opp[j][t]
            if back != i + 1:
                if back:
                    raise PairingMismatch(
                        f"pairings, row {i + 1} column {t + 1}: {i + 1} meets {j + 1} in round {t + 1}, "
                        f"but row {j + 1} says {j + 1} meets {back}")
                continue
            a = row[t].code
            if a is not None and j > i:
                b = out[j][t].code
                if b is not None and not agree(a, b):
                    raise EloError(
                        f"results, round {t + 1}: row {i + 1} ({show(rtable[i][t])}) and row {j + 1} "
                        f"({show(rtable[j][t])}) disagree on their game; one game reads 1/0, ½/½, 0/1, +/− or −/−")
    return out


def from_crosstable(results: Cells, players: int | None = None) -> list[list[Round]]:
    """Every player's games from an n×n crosstable: one :class:`Round` per opponent, in start
    order (code None: not played yet). A game typed in one cell counts for both players; two
    cells typed must agree; a bye has no place in a crosstable.

    ``players``: the number of players the caller expects (the table must be that square).

    >>> [r.code for r in from_crosstable([[None, 1, None], [None, None, "½"], [1, None, None]])[2]]
    [2, 1]
    >>> from_crosstable([[None, 1], [1, None]])
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: results, row 1 column 2 (1) and row 2 column 1 (1) disagree; one game reads 1/0, ½/½, 0/1, +/− or −/−
    """
    table, rows, cols = rows_of(results)
    if players is not None and (rows, cols) != (players, players):
        raise EloError(
            f"results is {rows}×{cols} but ratings lists {players} players; a crosstable needs {players} rows "
            f"and {players} columns (or give pairings for the rounds form)")
    if rows != cols:
        raise EloError(f"results is {rows}×{cols}; a crosstable has one row and one column per player")
    n = rows
    codes = [[game_result(v, "results", (i + 1, j + 1)) if i != j else None for j, v in enumerate(row)]
             for i, row in enumerate(table)]
    out: list[list[Round]] = [[] for _ in range(n)]
    for i in range(n):
        row_i, out_i = codes[i], out[i]
        for j in range(i + 1, n):
            a, b = row_i[j], codes[j][i]
            if a is None:
                if b is not None:
                    a = COMPLEMENT[b]
            elif b is None:
                b = COMPLEMENT[a]
            elif not agree(a, b):
                raise EloError(
                    f"results, row {i + 1} column {j + 1} ({show(table[i][j])}) and row {j + 1} column {i + 1} "
                    f"({show(table[j][i])}) disagree; one game reads 1/0, ½/½, 0/1, +/− or −/−")
            out_i.append(Round(j + 1, "", a))
            out[j].append(Round(i + 1, "", b))
    return out  # each row in start order: the lower numbers' games were appended first


class NumericRounds(NamedTuple):
    """The rounds form read by :func:`numeric_rounds`: one entry per result a player's own row
    holds against an opponent (indices from 0, numpy arrays), and each player's points in halves."""

    player: Any
    opponent: Any
    halves: Any
    points: list[int]


def numeric_rounds(results: Cells, pairings: Cells) -> NumericRounds | None:
    """:func:`from_rounds` for grids of plain numbers and blanks (what Excel passes), checked
    with numpy in one pass; None when a cell needs the general reader (text, a bye, a forfeit,
    any error: :func:`from_rounds` then names the cell) or numpy is not installed.

    >>> r = numeric_rounds([[1, None], [0, 0.5], [None, 0.5]], [[2, None], [1, 3], [None, 2]])
    >>> r.player.tolist(), r.opponent.tolist(), r.halves.tolist(), r.points
    ([0, 1, 1, 2], [1, 0, 2, 1], [2, 0, 1, 1], [2, 1, 1])
    >>> numeric_rounds([["1"]], [[None]]) is None
    True
    """
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - the general reader does the same work
        return None
    n = len(pairings) if isinstance(pairings, list) else 0
    if not (n and isinstance(results, list) and len(results) == n):
        return None
    plain = {float, int, type(None)}
    if not all(row.__class__ is list for row in pairings) or not all(row.__class__ is list for row in results):
        return None
    chain = itertools.chain.from_iterable
    if not set(map(type, chain(pairings))) <= plain or not set(map(type, chain(results))) <= plain:
        return None
    try:
        pair = np.array(pairings, dtype=np.float64)  # blank (None) becomes NaN
        res = np.array(results, dtype=np.float64)
    except (ValueError, TypeError):  # ragged rows
        return None
    if pair.ndim != 2 or pair.shape != res.shape:
        return None
    pair[np.isnan(pair)] = 0
    if (pair < 0).any() or (pair > n).any() or (pair != np.floor(pair)).any():
        return None
    opp = pair.astype(np.int64)
    if (opp == np.arange(1, n + 1)[:, None]).any():
        return None
    played = ~np.isnan(res)
    halves = np.where(played, res * 2, 0)
    if (played & ~np.isin(halves, (0, 1, 2))).any():
        return None
    i_idx, t_idx = np.nonzero(opp > 0)
    j_idx = opp[i_idx, t_idx] - 1
    back = opp[j_idx, t_idx]
    if ((back != 0) & (back != i_idx + 1)).any():
        return None
    mine, theirs = played[i_idx, t_idx], played[j_idx, t_idx]
    both = mine & theirs
    if (halves[i_idx, t_idx][both] + halves[j_idx, t_idx][both] != 2).any():
        return None
    # the games a player's own row holds with a result, in row order (round by round)
    own = halves[i_idx, t_idx][mine].astype(np.int64)
    i_g = i_idx[mine]
    points = np.bincount(i_g, weights=own, minlength=n).astype(np.int64).tolist()
    return NumericRounds(i_g, j_idx[mine], own, points)


#: Words of a declared type of tournament (TRF ``092``, the book's kind) that mean a round robin.
_ROUND_ROBIN_WORDS = ("robin", "berger", "scheveningen", "rr")
#: Words that declare a Swiss: a TRF ``092`` ("Swiss Dutch") or a TRF-2026 ``192`` code
#: ("FIDE_DUTCH_2026", "FIDE_DUBOV", "FIDE_BURSTEIN").
_SWISS_WORDS = ("swiss", "dutch", "dubov", "burstein")


def declared_kind(text: str | None) -> str | None:
    """The kind a declared type of tournament names: ``"swiss"``, ``"round robin"``,
    ``"double round robin"`` (a TRF-2026 ``FIDE_DOUBLEROUNDROBIN``, "Double round robin"), or None:
    what :func:`kind` reads of a declared type.

    >>> declared_kind("Individual: Swiss-System"), declared_kind("FIDE_DUTCH_2026"), declared_kind("FIDE_ROUNDROBIN")
    ('swiss', 'swiss', 'round robin')
    >>> declared_kind("BERGER_DOUBLEROUNDROBIN"), declared_kind("Double round robin"), declared_kind("")
    ('double round robin', 'double round robin', None)
    >>> declared_kind("FIDE_TEAM_ROUNDROBIN"), declared_kind("Team Swiss System")
    ('round robin', 'swiss')
    """
    words = (text or "").lower()
    if not words.strip():
        return None
    if any(word in words for word in _SWISS_WORDS):
        return SWISS
    if any(word in words.replace("-", " ").split() or (len(word) > 2 and word in words) for word in _ROUND_ROBIN_WORDS):
        return DOUBLE_ROUND_ROBIN if "double" in words else ROUND_ROBIN
    return None


def declared_type(*said: str | None) -> str:
    """The type of tournament an event declares: the first of ``said`` that names one, in the
    order the faces give them — a book's kind, else a TRF-2026 file's ``192`` code, else its
    ``092`` text; ``""`` when none does. The one rule every face follows (the event model,
    :func:`elo_xl.tiebreaks.from_trf`, the book builder).

    >>> declared_type(None, "FIDE_ROUNDROBIN", "Individual: Swiss-System"), declared_type("", None, "")
    ('FIDE_ROUNDROBIN', '')
    """
    return next((text for text in said if text and text.strip()), "")


def kind(rounds: Sequence[Sequence[Round]], declared: str | None = None) -> str:
    """``"round robin"``, ``"double round robin"`` or ``"swiss"``: the one answer every face gives.

    A declared type wins where it names one (``declared``: a TRF ``092`` such as "Swiss
    Dutch" or "Round Robin", or a book's kind); a declared round robin whose pairs have all met
    twice (or some twice: its second cycle under way) is a double one; a declared double round
    robin (``FIDE_DOUBLEROUNDROBIN``, "Double Round Robin") is one from its first round.
    Otherwise the pairings decide: every two players met exactly once (a round robin) or
    exactly twice (a double round robin). Any other event, a round robin half played or a
    double one in its second cycle without a declared type among them, is a Swiss.

    >>> rr = from_crosstable([[None, 1, 0], [0, None, 1], [1, 0, None]])
    >>> kind(rr), kind(rr, "Swiss Dutch"), kind(from_rounds([[1], [0], [None]], [[2], [1], [None]]))
    ('round robin', 'swiss', 'swiss')
    """
    said = declared_kind(declared)
    if said in (SWISS, DOUBLE_ROUND_ROBIN):
        return said
    n = len(rounds)
    meetings: dict[tuple[int, int], int] = {}  # pairs met, counted once per game; not an n×n table
    for i, row in enumerate(rounds, 1):
        for r in row:
            j = r.opponent
            if j is not None and i < j:
                meetings[(i, j)] = meetings.get((i, j), 0) + 1
    pairs = n * (n - 1) // 2
    counts = set(meetings.values())
    complete = n >= 2 and len(meetings) == pairs
    if complete and counts == {2}:
        return DOUBLE_ROUND_ROBIN
    if said == ROUND_ROBIN and 2 in counts and counts <= {1, 2}:
        return DOUBLE_ROUND_ROBIN  # a declared round robin in its second cycle
    if said == ROUND_ROBIN:
        return ROUND_ROBIN
    if complete and counts == {1}:
        return ROUND_ROBIN
    return SWISS


def _paired_unopposed(cell: Any) -> bool:
    """Whether a result without an opponent is one only a pairing gives: the pairing-allocated
    bye (``U``), or the ``+`` old files write for it; a bye asked for is not."""
    if is_blank(cell):
        return False
    try:
        return parse_result(cell) in (BYE_PAIRING, FORFEIT_WIN)
    except EloError:
        return False


def rounds_progress(pairings: Sequence[Sequence[Any]], results: Sequence[Sequence[Any]]) -> tuple[int, int]:
    """(played, paired) of an event in rounds form, as its cells stand: ``paired`` the last
    round with a pairing (a game, a pairing-allocated bye; a bye asked for pairs nothing);
    ``played`` how many rounds from round 1 on are paired and have a result for each of their
    games (on either side: one result typed counts for the game), as ``pair`` asks of a round
    before pairing the next. An opponent written ``0`` or blank is none.

    >>> rounds_progress([[2, 2], [1, 1]], [["1", None], ["0", None]])      # round 2 paired, no result yet
    (1, 2)
    >>> rounds_progress([[2, None], [1, None], [None, None]], [["1", None], [None, None], ["U", "H"]])
    (1, 1)
    >>> rounds_progress([[None], [None]], [["H"], [None]])                 # a bye asked for before round 1
    (0, 0)
    """
    paired: set[int] = set()
    open_rounds: set[int] = set()
    for i, row in enumerate(pairings):
        cells = results[i] if i < len(results) else ()
        for r in range(max(len(row), len(cells))):
            opponent = row[r] if r < len(row) else None
            cell = cells[r] if r < len(cells) else None
            if opponent not in (None, "", 0):
                paired.add(r + 1)
                j = int(opponent) - 1
                other = results[j][r] if 0 <= j < len(results) and r < len(results[j]) else None
                if is_blank(cell) and is_blank(other):
                    open_rounds.add(r + 1)
            elif _paired_unopposed(cell):
                paired.add(r + 1)
    played = 0
    while played + 1 in paired and played + 1 not in open_rounds:
        played += 1
    return played, max(paired, default=0)


def progress_text(played: int, paired: int) -> str:
    """What the commands print after an event's rounds: ``4 played``, or ``4 played, 1 paired``
    when rounds are paired beyond the last one played (their results not all typed).

    >>> progress_text(4, 4), progress_text(4, 5), progress_text(0, 0)
    ('4 played', '4 played, 1 paired', '0 played')
    """
    return f"{played} played" + (f", {paired - played} paired" if paired > played else "")


__all__ = ["ABSENT", "DOUBLE_ROUND_ROBIN", "ROUND_ROBIN", "Round", "SWISS", "declared_type", "from_crosstable",
           "from_rounds", "game_result", "kind", "numeric_rounds", "progress_text", "rounds_progress", "rows_of"]
