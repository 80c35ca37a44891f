"""The player calculator: one player, a list of opponents and results, every step shown.

The book the vietnamchess.com article attached, done exactly: each game row shows the
difference, the difference after the 400-point rule, the expected score, W − We and
K × (W − We); the totals show rated games, score, expected score, the change before and
after rounding, the new rating, the performance and the opponents' average — and under
ELO-1970/USSR-1977 the Kvant article's steps (average, ΔK, h, N_exp, k·(N − N_exp)).
"""

from __future__ import annotations

from typing import Any

from openpyxl.utils import get_column_letter as L

from . import formulas as f
from .book import CENTER, OUTPUT_FILL, WORK_FILL, WRAP, Book
from .event import PlayerColumns, RowRanges

#: Game columns: opponent's name, rating, result (inputs), then the working.
GAME_COLUMNS = ("col.no", "col.opp_name", "col.opp_rating", "col.result", "col.diff", "col.diff_used",
                "col.expected", "col.w_minus_we", "col.k_times", "col.code", "col.opp_used", "col.e_percent")


def build(book: Book, games: int = 40, prefill: dict[str, Any] | None = None) -> None:
    """Add the player sheet with ``games`` game rows (1–200) to ``book``.

    ``prefill`` may give ``name``, ``rating``, ``k``, ``games_played``, ``birth_year``,
    ``reached_2400`` and the lists ``opp_names``, ``opp_ratings``, ``results``.
    """
    data = prefill or {}
    ws = book.sheet("sheet.player")
    book.title(ws, "title.player", 9)
    book.formula(ws, "A2", 'IF(EventName="","",EventName&IF(Place<>"",", "&Place,""))')

    # --- the player -------------------------------------------------------------------------
    inputs = (("Name", "player.name", "name", None), ("Rating", "player.rating", "rating", "rating"),
              ("K", "player.k", "k", "k"), ("GamesPlayed", "player.games_played", "games_played", "whole"),
              ("BirthYear", "player.birth_year", "birth_year", "year"),
              ("Reached2400", "player.reached_2400", "reached_2400", "flag"))
    for i, (name, key, field, kind) in enumerate(inputs, start=4):
        book.label(ws, f"A{i}", key, bold=True)
        ws.merge_cells(f"A{i}:B{i}")
        book.input_cell(ws, f"C{i}", data.get(field))
        if kind:
            book.validate(ws, f"C{i}", kind)
        book.name(name, ws, f"C{i}")
    ws.merge_cells("C4:E4")
    book.label(ws, "E5", "player.k_help")
    ws["E5"].alignment = WRAP
    ws.merge_cells("E5:I8")

    # --- games --------------------------------------------------------------------------------
    hdr = 11
    first, last = hdr + 1, hdr + games
    for k, key in enumerate(GAME_COLUMNS, start=1):
        book.header(ws, hdr, k, key)
    names, ratings, results = (data.get(key) or [] for key in ("opp_names", "opp_ratings", "results"))
    helpers = PlayerColumns(len(GAME_COLUMNS) + 2)
    hrow = 8  # the helper row, beside the player's inputs
    own = helpers.cell("rating_used", hrow)
    k_used = helpers.cell("k_eff", hrow)
    for i in range(games):
        row = first + i
        ws.cell(row=row, column=1, value=i + 1).alignment = CENTER
        for column, values in ((2, names), (3, ratings), (4, results)):
            book.input_cell(ws, f"{L(column)}{row}", values[i] if i < len(values) else None, centred=column == 4)
        code, opp, exp = f"J{row}", f"K{row}", f"L{row}"
        book.formula(ws, code, f.result_base(f"D{row}"), fill=WORK_FILL)
        book.formula(ws, opp, f.counted_opponent(f"{code}<=2", own, f.rating_used(f.rating_value(f"C{row}"))), fill=WORK_FILL)
        book.formula(ws, exp, f"IF(AND({opp}>0,{own}>0),{f.expected_percent(own, opp)},0)", fill=WORK_FILL)
        shown = f"AND({opp}>0,{own}>0)"
        book.formula(ws, f"E{row}", f'IF({shown},{own}-{opp},"")')
        book.formula(ws, f"F{row}", f'IF({shown},{f.capped_difference(own, opp)},"")')
        book.formula(ws, f"G{row}", f'IF({shown},{exp}/100,"")', "0.00##")
        book.formula(ws, f"H{row}", f'IF({shown},{code}/2-{exp}/100,"")', "0.00##")
        book.formula(ws, f"I{row}", f'IF({shown},{k_used}*({code}/2-{exp}/100),"")', "0.00##")
    book.name("OppRatings", ws, f"C{first}:C{last}")
    book.name("Results", ws, f"D{first}:D{last}")
    book.validate(ws, f"C{first}:C{last}", "rating")
    book.validate(ws, f"D{first}:D{last}", "results")
    book.result_colours(ws, f"D{first}:D{last}", f"D{first}")
    book.conflict_colour(ws, f"D{first}:D{last}", f"J{first}")

    # --- helper row and K derived by the rule set ---------------------------------------------------
    book.label(ws, f"{L(helpers.first)}{hrow - 2}", "work.title", bold=True)
    helpers.headers(book, ws, hrow - 1)
    derived = f.k_rule(helpers.cell("rating_value", hrow), "Reached2400", "GamesPlayed", "BirthYear")
    k_cell = f"{L(helpers.first + len(helpers.column))}{hrow}"
    book.header(ws, hrow - 1, helpers.first + len(helpers.column), "work.k_derived")
    book.formula(ws, k_cell, f"IF(ISNUMBER(K),K,IF(ISNUMBER(DefaultK),DefaultK,{derived}))", fill=WORK_FILL)
    helpers.write(book, ws, hrow, RowRanges(
        name="Name", rating="Rating", k=k_cell, codes=f"$J${first}:$J${last}", opp_used=f"$K${first}:$K${last}",
        expected=f"$L${first}:$L${last}"))

    # --- totals ---------------------------------------------------------------------------------------------
    h = lambda key: helpers.cell(key, hrow)  # noqa: E731
    unrated_fide = f.gets_initial_rating(h("rating_value"))
    totals = (
        ("Games", "out.Games", h("games"), None),
        ("Score", "out.Score", f"{h('halves')}/2", "0.#"),
        ("OppAverage", "out.OppAverage", h("average"), None),
        ("Expected", "out.Expected", helpers.expected_output(hrow), "0.00##"),
        ("KUsed", "out.KUsed", f'IF({unrated_fide},"",{h("k_eff")})', None),
        ("ChangeUnrounded", "out.ChangeUnrounded", h("unrounded"), "+0.00##;-0.00##;0"),
        ("Change", "out.Change", h("change"), "+0.##;-0.##;0"),
        ("NewRating", "out.NewRating", h("new"), None),
        ("Performance", "out.Performance", h("performance"), None),
    )
    top = last + 2
    book.label(ws, f"A{top}", "player.totals", bold=True)
    for i, (name, key, text, number_format) in enumerate(totals, start=top + 1):
        book.label(ws, f"A{i}", key, bold=True)
        ws.merge_cells(f"A{i}:B{i}")
        book.formula(ws, f"C{i}", text, number_format, OUTPUT_FILL)
        book.name(name, ws, f"C{i}")
    status = top + len(totals) + 1
    book.label(ws, f"A{status}", "player.status", bold=True)
    n_games, halves = h("games"), h("halves")
    ws.merge_cells(f"C{status}:I{status}")
    book.formula(ws, f"C{status}", f'IF({unrated_fide},IF({n_games}<5,"{book.t("status.few_games")}",IF({halves}=0,'
                                   f'"{book.t("status.zero_score")}",IF({h("new")}="","{book.t("status.below_1400")}",'
                                   f'"{book.t("status.initial")}"))),"")')
    book.up_down(ws, f"C{top + 6}:C{top + 7}")

    # --- the Kvant article's steps ---------------------------------------------------------------------------
    kv = status + 2
    book.label(ws, f"A{kv}", "player.kvant_steps", bold=True)
    steps = (
        ("kvant.average", f'IF(IsKvant,{h("average")},"")'),
        ("kvant.delta", f'IF(AND(IsKvant,{n_games}>0),{own}-{h("average")},"")'),
        ("kvant.h", f'IF(AND(IsKvant,{n_games}>0),{h("h")},"")'),
        ("kvant.n_exp", f'IF(IsKvant,{h("n_exp")}/10,"")'),
        ("kvant.change", f'IF(IsKvant,{h("unrounded")},"")'),
    )
    for i, (key, text) in enumerate(steps, start=kv + 1):
        book.label(ws, f"A{i}", key)
        ws.merge_cells(f"A{i}:B{i}")
        book.formula(ws, f"C{i}", text, None, OUTPUT_FILL)

    book.widths(ws, {1: 6, 2: 24, 3: 11, 4: 8, 5: 8, 6: 11, 7: 10, 8: 9, 9: 11, 10: 6, 11: 7, 12: 8})
    ws.freeze_panes = f"A{first}"
    ws.row_dimensions[hdr].height = 45
    book.print_setup(ws, f"A1:I{kv + len(steps)}", f"{hdr}:{hdr}")
    book.protect(ws)
