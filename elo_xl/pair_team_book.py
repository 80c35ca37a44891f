"""``elo-xl pair`` on a team book: the next round paired as ``pair`` pairs the book's team file,
and typed into the book's Rounds sheet.

The book is read as ``export`` reads it (:func:`elo_xl.workbook.team_export.read_team_book`)
and turned into the same TRF-2026 team file (:func:`~elo_xl.workbook.team_export.team_book_to_trf`);
that file is paired by :func:`elo_xl.pair_teams.pair_team_file`, the code path of ``pair
TEAMFILE``: one event, one pairing. With ``-o`` a book, the round's block of the ``TeamRounds``
grid is typed, one row per board (home team, away team, board, the home and away players, no
result), the pairing-allocated bye's row (team, ``U``), then the rows typed there before (the
requested byes); with ``-o`` a TRF file, the book's team file with the round written in.

>>> from elo_xl.pair_teams import TeamBoard, TeamMatch
>>> match = TeamMatch(1, 3, 1, (TeamBoard(1, 9, 1), TeamBoard(2, 2, 10)))
>>> match_rows(match)
[(3, 1, 1, 9, 1, None), (3, 1, 2, 10, 2, None)]
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .errors import EloError
from .pair_teams import TeamMatch, TeamPairResult, TeamPairing, pair_team_file

__all__ = ["pair_team_book", "match_rows", "round_cells"]


def match_rows(match: TeamMatch) -> list[tuple[Any, ...]]:
    """The Rounds sheet's rows of a match: (home, away, board, home player, away player,
    result); the home team is the white team (White on board 1), each board's home player the
    white team's, whichever colour he has (see the module's example)."""
    rows = []
    for b in match.boards:
        white_first = b.number % 2 == 1  # the book seats the home team White on board 1, then alternating
        home, away = (b.white, b.black) if white_first else (b.black, b.white)
        rows.append((match.white, match.black, b.number, home, away, None))
    return rows


def round_cells(book: dict[str, Any], pairing: TeamPairing) -> dict[str, Any]:
    """The cells of the ``TeamRounds`` grid to type for ``pairing`` in a team book read
    (:func:`~elo_xl.workbook.team_export.read_team_book`): reference → value (None: emptied).

    >>> from elo_xl.workbook.book_access import Range
    >>> grid = Range("TeamRounds", "Rounds", 1, 7, [[None] * 12 for _ in range(3)])
    >>> book = {"grid": grid, "rounds": [[], [(4, None, None, None, None, "H")]], "round_rows": [[], [2]]}
    >>> cells = round_cells(book, TeamPairing(2, 2, (), 3, {4: "H"}, ""))
    >>> cells["G7"], cells["L7"], cells["G8"], cells["L8"], cells["G9"]
    (3, 'U', 4, 'H', None)
    """
    from .io.xlsx import cell_name

    grid, t = book["grid"], pairing.round - 1
    rows: list[tuple[Any, ...]] = [row for m in pairing.matches for row in match_rows(m)]
    if pairing.bye is not None and not pairing.round_robin:
        rows.append((pairing.bye, None, None, None, None, "U"))
    rows += [tuple(row) for row in book["rounds"][t]]  # the requested byes typed before
    if len(rows) > len(grid.rows):
        raise EloError(f"round {pairing.round} takes {len(rows)} rows and the book's rounds have {len(grid.rows)} "
                       f"({grid.reference}); make a book with more rows per round")
    cells: dict[str, Any] = {}

    def put(j: int, values: Sequence[Any]) -> None:
        for k, value in enumerate(values):
            cells[cell_name(grid.min_col + 6 * t + k, grid.min_row + j)] = value

    for j in book["round_rows"][t]:
        put(j, (None,) * 6)
    for j, row in enumerate(rows):
        put(j, row)
    return cells


def pair_team_book(source: Path, data: bytes, *, output: str | None = None, round_: int | None = None,
                   replace: bool = False, first_colour: str | None = None, rounds: int | None = None,
                   absent: Sequence[int] = (), book: dict[str, Any] | None = None) -> TeamPairResult:
    """Pair the next round of the team book whose bytes are ``data`` (read from ``source``;
    ``book``: those bytes read already, :func:`~elo_xl.workbook.team_export.read_team_book`);
    with ``output`` (a book or a TRF file), the bytes of that file with the round typed in (see
    the module's text). Refusals are one line naming the book."""
    from .workbook.team_export import read_team_book, team_book_to_trf

    if book is None:
        book = read_team_book(source, data)
    text = team_book_to_trf(source, book=book)
    to_trf = output is not None and Path(output).suffix.lower() != ".xlsx"
    result = pair_team_file(source, text.encode("utf-8"), output=output if to_trf else None, round_=round_,
                            replace=replace, first_colour=first_colour, rounds=rounds, absent=absent, typed_in="book")
    if output is None or to_trf:
        return result
    pairing = result.pairing
    if pairing.round > len(book["rounds"]):
        raise EloError(f"{source}: the book has {len(book['rounds'])} rounds; round {pairing.round} does not fit "
                       f"(export it, then make a book with more rounds: elo-xl workbook team --rounds N --from "
                       "FILE)")
    try:
        cells = round_cells(book, pairing)
    except EloError as error:
        raise EloError(f"{source}: {error}") from None
    from .workbook.archive import set_cells

    try:
        written = set_cells(data, book["grid"].sheet, cells)
    except ValueError as error:
        raise EloError(f"{source}: {error}") from None
    return TeamPairResult(result.trf, result.teams, pairing, written, result.name, result.notes)
