"""The match book: two players and up to 1000 games, the Kvant article's paradox made visible.

Rated once at the end by the chosen rule set (``NewRatingA``/``NewRatingB``), and beside it
rated game by game — each game rated on its own, rounded as the rule set prescribes and
carried into the next (``RunningA``/``RunningB``) — with the same series carried unrounded.

Layout: title and event line; the two players' inputs (B5:C7) and the match rated once
(D4:F8) with the paradox note below; the helper rows 11–12 to the right; from row 15 one row
per game: A's result (input), the four running series, then each side's working.
"""

from __future__ import annotations

from typing import Any

from openpyxl.utils import get_column_letter as L
from openpyxl.worksheet.worksheet import Worksheet

from . import formulas as f
from . import names
from .book import Book
from .style import CENTER, CHANGE, EXPECTED, HALVES, OUTPUT_FILL, WORK_FILL, WRAP, merge
from .rating_columns import PlayerColumns, RowRanges

COLUMNS = ("col.game", "col.result_a", "col.running_a", "col.running_b", "col.unrounded_a", "col.unrounded_b",
           "col.code_a", "col.opp_a", "col.e_a", "col.code_b", "col.opp_b", "col.e_b")
#: The players' inputs: (label, prefill key, defined names of A and B, validation), rows 5–7.
INPUTS = (("col.name", "name", None, None, None), ("col.rating", "rating", *names.MATCH_INPUTS[0:2], "rating"),
          ("col.k", "k", *names.MATCH_INPUTS[2:4], "k"))
HEADER_ROW = 14  # the games' header; game rows follow
HELPER_ROWS = (11, 12)  # the helper rows of player A and player B
#: The game-by-game series: (column, own column, other column, player, rounded).
SERIES = (("C", "C", "D", 0, True), ("D", "D", "C", 1, True), ("E", "E", "F", 0, False), ("F", "F", "E", 1, False))


def build(book: Book, games: int = 24, prefill: dict[str, Any] | None = None) -> None:
    """Add the match sheet with ``games`` game rows (1–1000) to ``book``.

    ``prefill`` may give ``name_a``, ``rating_a``, ``k_a``, ``name_b``, ``rating_b``, ``k_b``
    and ``results`` (player A's score per game).
    """
    data = prefill or {}
    ws = book.sheet("sheet.match")
    book.title(ws, "title.match", 7)
    book.formula(ws, "A2", f.event_line())
    first, last = HEADER_ROW + 1, HEADER_ROW + games
    helpers = (PlayerColumns(len(COLUMNS) + 2), PlayerColumns(len(COLUMNS) + 2))
    _players(book, ws, data)
    _games(book, ws, helpers, first, last, data.get("results") or [])
    _helper_rows(book, ws, helpers, first, last)
    _rated_once(book, ws, helpers)
    book.widths(ws, {1: 10, 2: 18, 3: 18, 4: 13, 5: 16, 6: 13, 7: 13})
    book.widths(ws, {c: 7 for c in range(8, 13)})
    ws.freeze_panes = f"A{first}"
    book.print_setup(ws, f"A1:F{last}", f"{HEADER_ROW}:{HEADER_ROW}")
    book.protect(ws)


def _players(book: Book, ws: Worksheet, data: dict[str, Any]) -> None:
    """Name, rating and K of player A (column B) and player B (column C)."""
    book.label(ws, "B4", "match.player_a", bold=True)
    book.label(ws, "C4", "match.player_b", bold=True)
    for i, (key, field, name_a, name_b, kind) in enumerate(INPUTS, start=5):
        book.label(ws, f"A{i}", key, bold=True)
        for column, side, name in (("B", "a", name_a), ("C", "b", name_b)):
            book.input_cell(ws, f"{column}{i}", data.get(f"{field}_{side}"))
            if kind:
                book.validate(ws, f"{column}{i}", kind)
            if name:
                book.name(name, ws, f"{column}{i}")


def _games(book: Book, ws: Worksheet, helpers: tuple[PlayerColumns, PlayerColumns], first: int, last: int,
           results: list[Any]) -> None:
    """One row per game: A's result, the game-by-game series, and each side's code, opponent, E."""
    for k, key in enumerate(COLUMNS, start=1):
        book.header(ws, HEADER_ROW, k, key)
    rating_used = [h.cell("rating_used", row) for h, row in zip(helpers, HELPER_ROWS)]
    k_given = [h.cell("k_given", row) for h, row in zip(helpers, HELPER_ROWS)]
    for i in range(last - first + 1):
        row = first + i
        ws.cell(row=row, column=1, value=i + 1).alignment = CENTER
        book.input_cell(ws, f"B{row}", results[i] if i < len(results) else None, centred=True)
        code_a, opp_a, e_a, code_b, opp_b, e_b = (f"{L(c)}{row}" for c in range(7, 13))
        codes = (code_a, code_b)
        book.formula(ws, code_a, f.result_base(f"B{row}"), fill=WORK_FILL)
        book.formula(ws, code_b, f.other_side(code_a), fill=WORK_FILL)
        for code, opp, exp, own, other in ((code_a, opp_a, e_a, *rating_used), (code_b, opp_b, e_b, *rating_used[::-1])):
            book.formula(ws, opp, f.counted_opponent(f"{code}<=2", own, other), fill=WORK_FILL)
            book.formula(ws, exp, f.expected_if_counted(own, opp), fill=WORK_FILL)
        for column, own, other, player, rounded in SERIES:
            start = ("RatingAUsed", "RatingBUsed")
            before = f"{own}{row - 1}" if i else start[player]
            against = f"{other}{row - 1}" if i else start[1 - player]
            change = f.one_game_change(before, against, k_given[player], codes[player], not rounded)
            book.formula(ws, f"{column}{row}", f.series_step(before, against, codes[player], change),
                         None if rounded else "0.0###", OUTPUT_FILL)
    running_a, running_b = names.MATCH_OUTPUTS[2:4]
    book.name(names.RESULTS, ws, f"B{first}:B{last}")
    book.name(running_a, ws, f"C{first}:C{last}")
    book.name(running_b, ws, f"D{first}:D{last}")
    book.validate(ws, f"B{first}:B{last}", "results")
    book.result_colours(ws, f"B{first}:B{last}", f"B{first}")
    book.conflict_colour(ws, f"B{first}:B{last}", f"G{first}")


def _helper_rows(book: Book, ws: Worksheet, helpers: tuple[PlayerColumns, PlayerColumns], first: int,
                 last: int) -> None:
    """The whole match rated once, one helper row per player, and the ratings the series start from."""
    book.label(ws, f"{L(helpers[0].first)}{HELPER_ROWS[0] - 2}", "work.title", bold=True)
    helpers[0].headers(book, ws, HELPER_ROWS[0] - 1)
    sides = (("B5", "RatingA", "KA", "G", "H", "I"), ("C5", "RatingB", "KB", "J", "K", "L"))
    for h, row, (name, rating, k, codes, opps, exps) in zip(helpers, HELPER_ROWS, sides):
        h.write(book, ws, row, RowRanges(name=name, rating=rating, k=k, codes=f"${codes}${first}:${codes}${last}",
                                         opp_used=f"${opps}${first}:${opps}${last}", expected=f"${exps}${first}:${exps}${last}"))
    # the ratings the game-by-game series start from ('' for an unrated player under FIDE)
    for name, h, row in zip(("RatingAUsed", "RatingBUsed"), helpers, HELPER_ROWS):
        cell = f"{L(h.first - 1)}{row}"
        book.formula(ws, cell, f.blank_if_unrated(h.cell("rating_used", row)), fill=WORK_FILL)
        book.name(name, ws, cell)


def _rated_once(book: Book, ws: Worksheet, helpers: tuple[PlayerColumns, PlayerColumns]) -> None:
    """Score, expected score, change and new rating of each player, the match rated once."""
    book.label(ws, "D4", "match.once", bold=True)
    ws["D4"].alignment = WRAP
    book.label(ws, "E4", "match.player_a", bold=True)
    book.label(ws, "F4", "match.player_b", bold=True)
    outputs = [h.outputs(row) for h, row in zip(helpers, HELPER_ROWS)]
    rows = (("Score", HALVES), ("Expected", EXPECTED), ("Change", CHANGE), ("NewRating", None))
    for i, (name, number_format) in enumerate(rows, start=5):
        book.label(ws, f"D{i}", f"out.{name}", bold=True)
        for column, values in zip("EF", outputs):
            book.formula(ws, f"{column}{i}", values[name], number_format, OUTPUT_FILL)
    new_a, new_b = names.MATCH_OUTPUTS[0:2]
    book.name(new_a, ws, "E8")
    book.name(new_b, ws, "F8")
    book.label(ws, "D10", "match.paradox")
    ws["D10"].alignment = WRAP
    merge(ws, 10, 4, 12, 6)
    book.up_down(ws, "E7:F7")
