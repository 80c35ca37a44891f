"""Where a book's defined names stand, checked against the templates: the columns of the
players table on one sheet over the same rows, the games grid beside them (a round robin's
below them), each column under the header the template writes above it, in any of the
languages the books come in (the texts of :mod:`elo_xl.workbook.texts`, keys from
:mod:`elo_xl.workbook.names`).

A name moved by hand would otherwise be read without a word: ``Names`` one row down gives
every player the next one's name, ``Ratings`` over the K column rates everybody 10, 20 or 40,
``Rounds`` over an empty block starts the event again at round 1. Each is refused in one line
naming the defined name and what is wrong. The check reads one header row per name, so it
costs nothing next to the reading of the ranges.

>>> expected(names.PLAYER_HEADERS["rating"])
('Rating', 'Elo', 'التصنيف', 'Рейтинг')
>>> expected(names.NUMBER_HEADER, number=7)
('7', '7', '7', '7')
>>> plain(3.0), plain("\\u200fK "), plain(None)
('3', 'K', '')
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any, Sequence

from ..errors import EloError, show
from . import names
from .book_access import Range
from .texts import TEXT

__all__ = ["check_round_robin", "check_swiss", "expected", "plain"]

#: The direction marks and embeddings the Arabic books put around some words
#: (:func:`elo_xl.workbook.layout.right_to_left`): not part of a header's text.
_MARKS = re.compile("[\u200e\u200f\u202a-\u202e]")

#: What the message advises, the Name Manager being where names are put back.
_ADVICE = "a name moved by hand? put it back over {where} (Formulas ▸ Name Manager)"


def expected(key: str, **values: Any) -> tuple[str, ...]:
    """The header a template writes for ``key``, in each language of the books (the order of
    :data:`elo_xl.languages.LANGUAGES`)."""
    return tuple(plain(text.format(**values)) for text in TEXT[key])


def plain(value: Any) -> str:
    """A header cell as text: a whole number without its ``.0``, no direction marks, no spaces
    around it."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return _MARKS.sub("", str(value)).strip()


class _Columns:
    """The header row above ranges of one book, and the book's language as its headers say."""

    def __init__(self, path: Path, book: Any):
        self.path, self.book = path, book
        self.votes: Counter[int] = Counter()

    def headers(self, r: Range) -> list[str]:
        """The header cells above each column of ``r`` (every ``r.step``-th column)."""
        if r.min_row <= 1:
            return [""] * self._width(r)
        last = r.min_col + (self._width(r) - 1) * r.step
        row = self.book.row(r.sheet, r.min_row - 1, r.min_col, last)
        return [plain(value) for value in row[::r.step]]

    @staticmethod
    def _width(r: Range) -> int:
        return len(r.rows[0]) if r.rows else 1

    def mismatch(self, r: Range, wanted: Sequence[tuple[str, ...]]) -> tuple[int, str] | None:
        """The first column of ``r`` whose header is none of ``wanted``'s texts for it (its
        index and the header found), else None; the languages matched are counted."""
        for j, (found, texts) in enumerate(zip(self.headers(r), wanted)):
            if found not in texts:
                return j, found
            self.votes.update(k for k, text in enumerate(texts) if text == found)
        return None

    def language(self) -> int:
        """The language most headers were found in (English when none was)."""
        return self.votes.most_common(1)[0][0] if self.votes else 0

    def refuse(self, r: Range, found: str, want: str, where: str) -> EloError:
        under = f"under the header {show(found)}" if found else "under an empty cell"
        return EloError(f"{self.path}: the defined name {r.name} points at {r.reference}, {under} where the template "
                        f"has {show(want)}; " + _ADVICE.format(where=where))


def _players(columns: _Columns, fields: dict[str, Range]) -> tuple[str, int, int]:
    """The players table's columns checked, each under its header and all on one sheet over
    the same rows; returns where they stand (sheet, first row, last row)."""
    wanted = {key: expected(names.PLAYER_HEADERS[key]) for key in fields}
    bad = None
    for key, r in fields.items():
        found = columns.mismatch(r, [wanted[key]])
        if found is not None and bad is None:
            bad = (r, found[1], key)
    if bad is not None:
        r, found, key = bad
        want = wanted[key][columns.language()]
        raise columns.refuse(r, found, want, f"the {show(want)} column")
    places = Counter((r.sheet, r.min_row, len(r.rows)) for r in fields.values())
    (sheet, first, size), _ = places.most_common(1)[0]
    for key, r in fields.items():
        if (r.sheet, r.min_row, len(r.rows)) != (sheet, first, size):
            want = wanted[key][columns.language()]
            others = ", ".join(o.name for o in fields.values() if (o.sheet, o.min_row) == (sheet, first))
            raise EloError(f"{columns.path}: the defined name {r.name} points at {r.reference}, not over the rows of "
                           f"the players table ({sheet}!{first}:{first + size - 1}, where {others} stand); "
                           + _ADVICE.format(where=f"the {show(want)} column"))
    return sheet, first, first + size - 1


def _beside(columns: _Columns, r: Range, wanted: Sequence[tuple[str, ...]], place: tuple[str, int, int],
            where: str) -> None:
    """A range of the games grid checked: its headers, then on the players table's sheet over
    its rows."""
    bad = columns.mismatch(r, wanted)
    if bad is not None:
        j, found = bad
        raise columns.refuse(r, found, wanted[j][columns.language()], where)
    sheet, first, last = place
    if (r.sheet, r.min_row, r.min_row + len(r.rows) - 1) != place:
        raise EloError(f"{columns.path}: the defined name {r.name} points at {r.reference}, not over the rows of the "
                       f"players table ({sheet}!{first}:{last}); " + _ADVICE.format(where=where))


def check_swiss(path: Path, book: Any, fields: dict[str, Range], grids: Sequence[Range]) -> None:
    """A Swiss book's names where its template puts them: the players table (``fields``, by
    field of :data:`names.PLAYER_FIELDS`) and the rounds grid (``grids``: the opponents,
    colours and results of ``Rounds``, three columns a round; or the first layout's three
    blocks, ``Pairings``, ``Colours``, ``Results``, side by side in that order, each column
    under its round's number). Raises :class:`EloError` naming the first name out of place."""
    columns = _Columns(path, book)
    place = _players(columns, fields)
    rounds = len(grids[0].rows[0]) if grids[0].rows else 0
    if all(g.name == names.ROUNDS for g in grids):
        for g, key in zip(grids, names.ROUND_HEADERS):
            _beside(columns, g, [expected(key)] * rounds, place, "the rounds grid, three columns a round")
        return
    numbers = [expected(names.NUMBER_HEADER, number=t + 1) for t in range(rounds)]
    for g in grids:
        _beside(columns, g, numbers, place, "its block of the rounds grid, one column a round")
    for before, after in zip(grids, grids[1:]):
        if after.min_col != before.min_col + rounds:
            raise EloError(f"{path}: the defined name {after.name} points at {after.reference}, not beside "
                           f"{before.name} ({before.reference}); " + _ADVICE.format(
                               where=f"the block right of {before.name}'s"))


def check_round_robin(path: Path, book: Any, fields: dict[str, Range], results: Range) -> None:
    """A round-robin book's names where its template puts them: the players table (``fields``)
    and, below it on the same sheet, the crosstable typed into (``results``: n columns a
    cycle, each under its opponent's number). Raises :class:`EloError` naming the first name
    out of place."""
    columns = _Columns(path, book)
    sheet, first, last = _players(columns, fields)
    n = last - first + 1
    width = len(results.rows[0]) if results.rows else 0
    where = "the crosstable you type into, below the players table"
    bad = columns.mismatch(results, [expected(names.NUMBER_HEADER, number=t % n + 1) for t in range(width)])
    if bad is not None:
        j, found = bad
        raise columns.refuse(results, found, str(j % n + 1), where)
    if results.sheet != sheet or results.min_row <= last:
        raise EloError(f"{path}: the defined name {results.name} points at {results.reference}, not below the players "
                       f"table ({sheet}!{first}:{last}); " + _ADVICE.format(where=where))
