"""The player calculator: one player, a list of opponents and results, every step shown.

The book the vietnamchess.com article attached, done exactly: each game row shows the
difference, the difference after the 400-point rule, the expected score, W − We and
K × (W − We); the totals show rated games, score, expected score, the change before and
after rounding, the new rating, the performance and the opponents' average — and under
ELO-1970/USSR-1977 the Kvant article's steps (average, ΔK, h, N_exp, k·(N − N_exp)).

Layout: title and event line; the player's inputs (rows 4–9, column C) with the K help
beside them and the helper row (row 8) to the right; the games from row 12 (inputs B–D,
working E–L); below them the totals, the initial-rating status and the Kvant steps.
"""

from __future__ import annotations

from typing import Any

from openpyxl.utils import get_column_letter as L
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from . import formulas as f
from . import names
from .book import Book
from .style import CENTER, CHANGE, CHANGE_EXACT, EXPECTED, HALVES, OUTPUT_FILL, WORK_FILL, WRAP, merge
from .rating_columns import PlayerColumns, RowRanges

#: Game columns: opponent's name, rating, result (inputs), then the working.
GAME_COLUMNS = ("col.no", "col.opp_name", "col.opp_rating", "col.result", "col.diff", "col.diff_used",
                "col.expected", "col.w_minus_we", "col.k_times", "col.code", "col.opp_used", "col.e_percent")
#: The player's inputs: (defined name, label, prefill key, validation), from row 4 in column C.
INPUTS = tuple((name, f"player.{field}", field, kind) for (name, field), kind in zip(
    names.CALCULATOR_FIELDS, (None, "rating", "k", "whole", "year", "flag"), strict=True))
HEADER_ROW = 11   # the games' header; game rows follow
HELPER_ROW = 8    # the helper row, beside the player's inputs


def build(book: Book, games: int = 40, prefill: dict[str, Any] | None = None) -> None:
    """Add the player sheet with ``games`` game rows (1–200) to ``book``.

    ``prefill`` may give ``name``, ``rating``, ``k``, ``games_played``, ``birth_year``,
    ``reached_2400`` and the lists ``opp_names``, ``opp_ratings``, ``results``.
    """
    data = prefill or {}
    ws = book.sheet("sheet.player")
    book.title(ws, "title.player", 9)
    book.formula(ws, "A2", f.event_line())
    first, last = HEADER_ROW + 1, HEADER_ROW + games
    helpers = PlayerColumns(len(GAME_COLUMNS) + 2)
    _player_inputs(book, ws, data)
    _games(book, ws, helpers, first, last, data)
    _helper_row(book, ws, helpers, first, last)
    bottom = _totals(book, ws, helpers, last + 2)
    bottom = _kvant_steps(book, ws, helpers, bottom + 2)
    book.widths(ws, {1: 6, 2: 24, 3: 11, 4: 8, 5: 8, 6: 11, 7: 10, 8: 9, 9: 11, 10: 6, 11: 7, 12: 8})
    ws.freeze_panes = f"A{first}"
    book.print_setup(ws, f"A1:I{bottom}", f"{HEADER_ROW}:{HEADER_ROW}")
    # the totals and the Kvant steps print together on a page of their own
    ws.row_breaks.append(Break(id=last + 1))
    book.protect(ws)


def _player_inputs(book: Book, ws: Worksheet, data: dict[str, Any]) -> None:
    """Name, rating, K, games played, birth year, has reached 2400: labelled inputs with names."""
    for i, (name, key, field, kind) in enumerate(INPUTS, start=4):
        book.label(ws, f"A{i}", key, bold=True)
        merge(ws, i, 1, i, 2)
        book.input_cell(ws, f"C{i}", data.get(field))
        if kind:
            book.validate(ws, f"C{i}", kind)
        book.name(name, ws, f"C{i}")
    merge(ws, 4, 3, 4, 5)
    book.label(ws, "E5", "player.k_help")
    ws["E5"].alignment = WRAP
    merge(ws, 5, 5, 8, 9)


def _games(book: Book, ws: Worksheet, helpers: PlayerColumns, first: int, last: int, data: dict[str, Any]) -> None:
    """One row per game: opponent's name, rating, result (inputs), then every step of the working."""
    for k, key in enumerate(GAME_COLUMNS, start=1):
        book.header(ws, HEADER_ROW, k, key)
    inputs = [(column, data.get(key) or []) for column, key in ((2, "opp_names"), (3, "opp_ratings"), (4, "results"))]
    own, k_used = helpers.cell("rating_used", HELPER_ROW), helpers.cell("k_eff", HELPER_ROW)
    for i in range(last - first + 1):
        row = first + i
        ws.cell(row=row, column=1, value=i + 1).alignment = CENTER
        for column, values in inputs:
            book.input_cell(ws, f"{L(column)}{row}", values[i] if i < len(values) else None, centred=column == 4)
        code, opp, exp = f"J{row}", f"K{row}", f"L{row}"
        book.formula(ws, code, f.result_base(f"D{row}"), fill=WORK_FILL)
        book.formula(ws, opp, f.counted_opponent(f"{code}<=2", own, f.rating_used(f.rating_value(f"C{row}"))),
                     fill=WORK_FILL)
        book.formula(ws, exp, f.expected_if_counted(own, opp), fill=WORK_FILL)
        steps = ((f"E{row}", f"{own}-{opp}", None), (f"F{row}", f.capped_difference(own, opp), None),
                 (f"G{row}", f"{exp}/100", EXPECTED), (f"H{row}", f.w_minus_we(code, exp), EXPECTED),
                 (f"I{row}", f"{k_used}*({f.w_minus_we(code, exp)})", EXPECTED))
        for cell, text, number_format in steps:
            book.formula(ws, cell, f.if_rated_game(own, opp, text), number_format)
    book.name(names.OPP_RATINGS, ws, f"C{first}:C{last}")
    book.name(names.RESULTS, ws, f"D{first}:D{last}")
    book.validate(ws, f"C{first}:C{last}", "rating")
    book.validate(ws, f"D{first}:D{last}", "results")
    book.result_colours(ws, f"D{first}:D{last}", f"D{first}")
    book.conflict_colour(ws, f"D{first}:D{last}", f"J{first}")


def _helper_row(book: Book, ws: Worksheet, helpers: PlayerColumns, first: int, last: int) -> None:
    """The per-player helper columns on the helper row, and the K the rule set derives."""
    book.label(ws, f"{L(helpers.first)}{HELPER_ROW - 2}", "work.title", bold=True)
    helpers.headers(book, ws, HELPER_ROW - 1)
    derived = f.k_rule(helpers.cell("rating_value", HELPER_ROW), "Reached2400", "GamesPlayed", "BirthYear")
    k_column = helpers.first + len(helpers.column)
    k_cell = f"{L(k_column)}{HELPER_ROW}"
    book.header(ws, HELPER_ROW - 1, k_column, "work.k_derived")
    book.formula(ws, k_cell, f.k_of("K", derived), fill=WORK_FILL)
    helpers.write(book, ws, HELPER_ROW, RowRanges(
        name="Name", rating="Rating", k=k_cell, codes=f"$J${first}:$J${last}", opp_used=f"$K${first}:$K${last}",
        expected=f"$L${first}:$L${last}"))


def _totals(book: Book, ws: Worksheet, helpers: PlayerColumns, top: int) -> int:
    """The totals with their defined names and the initial-rating status; returns the last row."""
    h = lambda key: helpers.cell(key, HELPER_ROW)  # noqa: E731
    outputs = helpers.outputs(HELPER_ROW)
    formats = {"Score": HALVES, "Expected": EXPECTED, "ChangeUnrounded": CHANGE_EXACT, "Change": CHANGE}
    totals = tuple((name, formats.get(name)) for name in names.CALCULATOR_OUTPUTS)
    outputs["ChangeUnrounded"] = h("unrounded")
    book.label(ws, f"A{top}", "player.totals", bold=True)
    for i, (name, number_format) in enumerate(totals, start=top + 1):
        book.label(ws, f"A{i}", f"out.{name}", bold=True)
        merge(ws, i, 1, i, 2)
        book.formula(ws, f"C{i}", outputs[name], number_format, OUTPUT_FILL)
        book.name(name, ws, f"C{i}")
    change = top + 1 + [name for name, _ in totals].index("ChangeUnrounded")
    book.up_down(ws, f"C{change}:C{change + 1}")
    status = top + len(totals) + 1
    book.label(ws, f"A{status}", "player.status", bold=True)
    merge(ws, status, 3, status, 9)
    words = {word: book.t(key) for word, key in (("few_games", "status.few_games"), ("zero_score", "status.zero_score"),
                                                 ("below_floor", "status.below_1400"), ("initial", "status.initial"))}
    book.formula(ws, f"C{status}", f.initial_status(h("rating_value"), h("games"), h("halves"), h("new"), words))
    return status


def _kvant_steps(book: Book, ws: Worksheet, helpers: PlayerColumns, top: int) -> int:
    """The Kvant article's steps (shown under ELO-1970/USSR-1977); returns the last row."""
    h = lambda key: helpers.cell(key, HELPER_ROW)  # noqa: E731
    own, games = h("rating_used"), h("games")
    steps = (("kvant.average", f.if_kvant(h("average"))), ("kvant.delta", f.if_kvant(f"{own}-{h('average')}", games)),
             ("kvant.h", f.if_kvant(h("h"), games)), ("kvant.n_exp", f.if_kvant(f"{h('n_exp')}/10")),
             ("kvant.change", f.if_kvant(h("unrounded"))))
    book.label(ws, f"A{top}", "player.kvant_steps", bold=True)
    for i, (key, text) in enumerate(steps, start=top + 1):
        book.label(ws, f"A{i}", key)
        merge(ws, i, 1, i, 2)
        book.formula(ws, f"C{i}", text, None, OUTPUT_FILL)
    book.kvant_only(ws, f"A{top}:C{top + len(steps)}")
    return top + len(steps)
