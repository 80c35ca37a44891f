"""CSV crosstables: a round robin typed as a table, one row and one column per player.

What is accepted (docs/input-files.md, "CSV crosstables", says the same):

- the file is decoded as every input file is (:mod:`elo_xl.io.decode`): UTF-8 with or without
  BOM, UTF-16, Windows-1252; CR, LF or CRLF line ends;
- the separator is a comma, a semicolon or a tab: the one the header line uses most. In a
  semicolon or tab file a decimal comma is allowed (``0,5``, ``2105,0``);
- the header line starts with ``name``, ``rating``, ``k`` (any case), optionally followed by
  ``standard rating`` (FIDE-RAPID, FIDE-BLITZ: an unrated player is rated with it); the cells
  after them (player labels) are not read;
- then one line per player, in start order: name, rating (blank, ``0`` or ``NR``: unrated), K
  (blank: the rule set's K), the standard rating where that column is there (blank: none),
  then the player's results against the players in start order,
  as ``rate`` and the Excel functions read them (``1 ½ 0 = + −``, ``0.5``, ``0,5``…), blank
  where the two did not play. Either one column per player *with* the diagonal (the player's
  own cell, left blank or written ``x``, ``X`` or ``*``), or one column per opponent *without*
  it: the header line decides (as many labels as players: with the diagonal; one fewer:
  without), else the longest line does. Blank cells at the end of a line may be left out;
  blank lines are skipped;
- a game may be typed in both cells of the pair (they must agree: 1/0, ½/½, +/−) or in one;
- a name written safe to double-click (a single quote before ``=``, ``+``, ``-``, ``@``, as
  :func:`elo_xl.io.csv_cells.neutralised` and spreadsheets write it) is read as the name it
  stands for: ``'=Bob`` is the player ``=Bob``.

>>> import tempfile, os
>>> with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False, encoding="utf-8") as f:
...     _ = f.write("name;rating;k;1;2;3\\rAn;2100;20;x;1;0,5\\rBinh;2000;;0;x;\\rChi;NR;;½;;x\\r")
>>> t = read_csv_crosstable(f.name)
>>> [p.name for p in t.players], [p.rating for p in t.players], t.results[0]
(['An', 'Binh', 'Chi'], [2100, 2000, None], [None, '1', '0.5'])
>>> os.unlink(f.name)
"""

from __future__ import annotations

import csv
import os
from pathlib import Path
from typing import Any, NamedTuple

from ..errors import EloError, show
from ..results import agree, is_blank, parse_k, parse_rating, parse_result
from .csv_cells import restored
from .decode import control_character, read_text, split_lines
from .trf_format import MAX_PLAYERS

__all__ = ["read_csv_crosstable", "Crosstable", "CrosstablePlayer", "SEPARATORS", "DIAGONAL"]


class CrosstablePlayer(NamedTuple):
    """One line of a crosstable: the name, the rating and K (None: unrated, the rule set's K),
    and the standard rating where the file has that column."""

    name: str
    rating: int | float | None
    k: int | float | None
    standard_rating: int | float | None


class Crosstable(NamedTuple):
    """A CSV crosstable as read: the event's name (the file's), the players in start order and
    the n×n results as typed (None: blank)."""

    name: str
    players: list[CrosstablePlayer]
    results: list[list[Any]]

#: The separators a crosstable may use.
SEPARATORS = (",", ";", "\t")
#: The optional fourth header cell: the players' standard ratings (for a rapid or blitz event).
STANDARD_HEADERS = frozenset(["standard rating", "standard_rating", "standard"])
#: What a player's own cell may hold when the diagonal is written.
DIAGONAL = frozenset(["", "x", "X", "*"])


def _separator(header: str) -> str:
    counts = {sep: header.count(sep) for sep in SEPARATORS}
    best = max(SEPARATORS, key=lambda sep: counts[sep])
    return best if counts[best] else ","


def read_csv_crosstable(path: str | os.PathLike) -> Crosstable:
    """Read a CSV crosstable (see the module's documentation); every message names the file,
    the line and the column."""
    path = Path(path)
    name = path.name
    text = read_text(path, "a CSV crosstable").text
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = split_lines(text)
    numbered = [(i, line) for i, line in enumerate(lines, 1) if line.strip().strip(",;\t")]
    for i, line in numbered:
        column = control_character(line)
        if column is not None:
            raise EloError(f"{name}, line {i}: a control character ({show(line[column - 1])[1:-1]}) at character "
                           f"{column}; a CSV crosstable holds printable text")
    if not numbered:
        raise EloError(f"{name} has no line with text, so it is not a CSV crosstable")
    first_line, header_text = numbered[0]
    sep = _separator(header_text)
    rows = [(i, row) for (i, _), row in zip(numbered, csv.reader([line for _, line in numbered], delimiter=sep))]
    (_, header), body = rows[0], rows[1:]
    if [h.strip().lower() for h in header[:3]] != ["name", "rating", "k"]:
        raise EloError(f"{name}, line {first_line}: a CSV crosstable starts with a header line name, rating, k; "
                       f"this one starts with {show(sep.join(header[:3]))}")
    first = 4 if len(header) > 3 and " ".join(header[3].split()).lower() in STANDARD_HEADERS else 3
    n = len(body)
    if n < 2:
        raise EloError(f"{name}: a CSV crosstable needs at least two players, one line each after the header")
    if n > MAX_PLAYERS:
        raise EloError(f"{name}: {n:,} players; elo-xl reads events of at most {MAX_PLAYERS:,} players")
    decimal_comma = sep != ","
    labels = _trimmed(header[first:])
    if len(labels) in (n, n - 1):
        diagonal = len(labels) == n
    else:
        diagonal = any(len(_trimmed(row[first:])) == n for _, row in body)
    width = n if diagonal else n - 1
    entrants, table = [], []
    for i, (line, row) in enumerate(body):
        cells = _trimmed(row[first:])
        if len(cells) > width:
            raise EloError(f"{name}, line {line}: {len(cells)} results, but the event has {n} players: give one "
                           f"column per player {'with' if diagonal else 'without'} the diagonal ({width})")
        cells += [""] * (width - len(cells))
        if not diagonal:
            cells.insert(i, "")
        elif cells[i].strip() not in DIAGONAL:
            raise EloError(f"{name}, line {line}, column {first + 1 + i}: {show(cells[i].strip())} is in the player's own "
                           "cell (the diagonal); leave it blank or write x")
        fields = (row + ["", "", ""])[:4]
        rating = _value(fields[1], name, line, 2, "rating", parse_rating, decimal_comma)
        k = _value(fields[2], name, line, 3, "k", parse_k, decimal_comma)
        standard = (_value(fields[3], name, line, 4, "standard rating", parse_rating, decimal_comma)
                    if first == 4 else None)
        entrants.append(CrosstablePlayer(restored(fields[0].strip()).strip(), rating, k, standard))
        results = []
        for j, cell in enumerate(cells):
            cell = cell.strip()
            if i == j or is_blank(cell):
                results.append(None)
                continue
            if decimal_comma:
                cell = cell.replace(",", ".")
            column = first + 1 + j - (0 if diagonal or j < i else 1)
            try:
                parse_result(cell, "result")
            except EloError as error:
                raise EloError(f"{name}, line {line}, column {column}: {_after_argument(error)}") from None
            results.append(cell)
        table.append(results)
    _check_pairs(table, body, name)
    return Crosstable(path.stem, entrants, table)


def _trimmed(cells: list[str]) -> list[str]:
    """Cells without the blank ones at the end."""
    end = len(cells)
    while end and not cells[end - 1].strip():
        end -= 1
    return list(cells[:end])


def _after_argument(error: EloError) -> str:
    """An EloError's text without the leading ``argument: `` (the file position replaces it)."""
    text = str(error)
    head, _, rest = text.partition(": ")
    return rest if rest and " " not in head else text


def _value(text: str, name: str, line: int, column: int, what: str, parse: Any, decimal_comma: bool) -> Any:
    text = text.strip()
    if decimal_comma and text.count(",") == 1:
        text = text.replace(",", ".")
    try:
        return parse(text, what)
    except EloError as error:
        raise EloError(f"{name}, line {line}, column {column}: {what} {_after_argument(error)}") from None


def _check_pairs(table: list[list[Any]], body: list[tuple[int, list[str]]], name: str) -> None:
    """Both cells of a pair, where both are filled, must tell the same game."""
    n = len(table)
    for i in range(n):
        for j in range(i + 1, n):
            a, b = table[i][j], table[j][i]
            if a is None or b is None:
                continue
            if not agree(parse_result(a), parse_result(b)):
                raise EloError(f"{name}, lines {body[i][0]} and {body[j][0]}: player {i + 1} against {j + 1} reads "
                               f"{show(a)} but {j + 1} against {i + 1} reads {show(b)}; one game reads 1/0, ½/½, 0/1, "
                               "+/− or −/−")
