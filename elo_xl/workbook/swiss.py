"""The Swiss book: a players table with every field of a TRF player line, a rounds grid as in
a TRF file (per round: opponent's start number, colour, result), and every rating output.

Each row is that player's own record: a game counts for the player whose row lists it; where
the opponent's row lists the same round, the two are checked against each other and a
disagreement is coloured, counted, and counts for neither. Per game the working area holds
five small formulas, each O(1): the typed result's code, the game's code after the checks,
the opponent's rating as counted, the expected score, and the opponent's points (Buchholz).
"""

from __future__ import annotations

from typing import Any

from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Font, PatternFill
from openpyxl.utils import get_column_letter as L

from . import formulas as f
from .book import CENTER, OUTPUT_FILL, WORK_FILL, Book
from .event import PlayerColumns, RowRanges, event_block

#: The defined name of each players-table column (beside the spec's Ratings and KFactors).
FIELD_NAMES = {"sex": "Sexes", "title": "Titles", "name": "Names", "rating": "Ratings", "federation": "Federations",
               "fide_id": "FideIds", "birth": "Births", "k": "KFactors"}
#: The TRF player fields of the players table: (prefill key, header key, width).
FIELDS = (("sex", "col.sex", 4), ("title", "col.title", 5), ("name", "col.name", 24), ("rating", "col.rating", 7),
          ("federation", "col.federation", 5), ("fide_id", "col.fide_id", 11), ("birth", "col.birth", 11),
          ("k", "col.k", 5))
OUTPUTS = ("Points", "Games", "Score", "OppAverage", "Expected", "Change", "NewRating", "Performance",
           "Buchholz", "Rank", "Forecast", "KUsed")
OUTPUT_FORMATS = {"Expected": "0.00##", "Score": "0.#", "Points": "0.#", "Buchholz": "0.#", "Forecast": "0.0#",
                  "Change": "+0.##;-0.##;0"}


def build(book: Book, players: int = 60, rounds: int = 9, prefill: dict[str, Any] | None = None) -> None:
    """Add the Swiss sheet for ``players`` (2–1000) and ``rounds`` (1–15) to ``book``.

    ``prefill`` may give per-player lists for the keys of :data:`FIELDS` and ``pairings``,
    ``colours`` and ``results`` (n×r).
    """
    n, r = players, rounds
    data = prefill or {}
    ws = book.sheet("sheet.swiss")
    top, last = 6, 6 + n - 1
    opp0 = 2 + len(FIELDS)          # first opponent column
    col0 = opp0 + r                 # first colour column
    res0 = col0 + r                 # first result column
    out = res0 + r                  # first output column
    key_col = out + len(OUTPUTS)
    base0 = key_col + 2             # working area: typed codes, game codes, opponents, expected, opponents' points
    code0, opp_used0, exp0, bh0 = (base0 + (r + 1) * k for k in range(1, 5))
    helpers = PlayerColumns(bh0 + r + 1)

    book.title(ws, "title.swiss", opp0 - 1, players=n, rounds=r)
    book.formula(ws, "A2", 'IF(EventName="","",EventName&IF(Place<>"",", "&Place,""))')
    event_block(book, ws, row=3, first=out, helpers=helpers, g=(top, last))

    # --- headers -------------------------------------------------------------------------------
    hdr = top - 1
    book.header(ws, hdr, 1, "col.no")
    for k, (_, key, _) in enumerate(FIELDS):
        book.header(ws, hdr, 2 + k, key)
    for first, key in ((opp0, "col.opponents"), (col0, "col.colours"), (res0, "col.results")):
        book.header(ws, hdr - 1, first, key)
        ws.merge_cells(start_row=hdr - 1, start_column=first, end_row=hdr - 1, end_column=first + r - 1)
    ws.row_dimensions[hdr - 1].height = 30
    for t in range(r):
        for first in (opp0, col0, res0):
            book.header(ws, hdr, first + t, "col.number", number=t + 1)
        book.header(ws, hdr, base0 + t, "work.base", number=t + 1)
        book.header(ws, hdr, code0 + t, "work.code", number=t + 1)
        book.header(ws, hdr, opp_used0 + t, "work.opp_used", number=t + 1)
        book.header(ws, hdr, exp0 + t, "work.expected", number=t + 1)
        book.header(ws, hdr, bh0 + t, "work.opp_points", number=t + 1)
    for k, key in enumerate(OUTPUTS):
        book.header(ws, hdr, out + k, f"out.{key}")
    helpers.headers(book, ws, hdr)
    book.label(ws, f"{L(base0)}{hdr - 1}", "work.title", bold=True)

    # --- players ------------------------------------------------------------------------------------
    pairings, colours, results = data.get("pairings") or [], data.get("colours") or [], data.get("results") or []
    rating_col = L(2 + [k for k, *_ in FIELDS].index("rating"))
    k_col = L(2 + [k for k, *_ in FIELDS].index("k"))
    name_col = L(2 + [k for k, *_ in FIELDS].index("name"))
    used_col = helpers.col("rating_used", top, last)
    points_col = helpers.col("points", top, last)
    for i in range(n):
        row = top + i
        ws.cell(row=row, column=1, value=i + 1).alignment = CENTER
        for k, (key, _, _) in enumerate(FIELDS):
            values = data.get(key) or []
            book.input_cell(ws, f"{L(2 + k)}{row}", values[i] if i < len(values) else None)
        for t in range(r):
            cells = ((opp0, pairings), (col0, colours), (res0, results))
            for first, grid in cells:
                value = grid[i][t] if i < len(grid) and t < len(grid[i]) else None
                book.input_cell(ws, f"{L(first + t)}{row}", value, centred=True)
            pairing, base, code, opp, exp, bh = (f"{L(c + t)}{row}" for c in (opp0, base0, code0, opp_used0, exp0, bh0))
            opp_range = f"${L(opp0 + t)}${top}:${L(opp0 + t)}${last}"
            base_range = f"${L(base0 + t)}${top}:${L(base0 + t)}${last}"
            book.formula(ws, base, f.result_base(f"{L(res0 + t)}{row}"), fill=WORK_FILL)
            book.formula(ws, code, f.rounds_code(pairing, base, f"$A{row}", str(n), f"INDEX({opp_range},{pairing})",
                                                 f"INDEX({base_range},{pairing})"), fill=WORK_FILL)
            own = helpers.cell("rating_used", row)
            book.formula(ws, opp, f.counted_opponent(f"OR({code}<=2,{code}={f.PENDING})", own, f"INDEX({used_col},{pairing})"),
                         fill=WORK_FILL)
            book.formula(ws, exp, f"IF(AND({opp}>0,{own}>0),{f.expected_percent(own, opp)},0)", fill=WORK_FILL)
            book.formula(ws, bh, f'IF(AND({code}<{f.NOTHING},{pairing}<>"",{pairing}<>0),INDEX({points_col},{pairing}),0)',
                         fill=WORK_FILL)
        row_of = lambda first: f"{L(first)}{row}:{L(first + r - 1)}{row}"  # noqa: E731
        helpers.write(book, ws, row, RowRanges(
            name=f"{name_col}{row}", rating=f"{rating_col}{row}", k=f"{k_col}{row}", codes=row_of(code0),
            opp_used=row_of(opp_used0), expected=row_of(exp0)))
        h = lambda key: helpers.cell(key, row)  # noqa: E731
        values = {
            "Points": h("points"), "Games": h("games"), "Score": f"{h('halves')}/2",
            "OppAverage": h("average"), "Expected": helpers.expected_output(row), "Change": h("change"),
            "NewRating": h("new"), "Performance": h("performance"), "Buchholz": f"SUM({row_of(bh0)})",
            "Rank": f"RANK({L(key_col)}{row},${L(key_col)}${top}:${L(key_col)}${last})",
            "Forecast": h("forecast"), "KUsed": f'IF({f.gets_initial_rating(h("rating_value"))},"",{h("k_eff")})',
        }
        for k, key in enumerate(OUTPUTS):
            text = f'IF({h("present")}=0,"",{values[key]})'  # a row without a player shows nothing
            book.formula(ws, f"{L(out + k)}{row}", text, OUTPUT_FORMATS.get(key), OUTPUT_FILL)
        book.formula(ws, f"{L(key_col)}{row}", f'IF({h("present")}=0,"",{L(out)}{row}*100000+{L(out + OUTPUTS.index("Buchholz"))}{row})',
                     fill=WORK_FILL)

    # --- names, validation, formatting ----------------------------------------------------------------
    block = lambda first: f"{L(first)}{top}:{L(first + r - 1)}{last}"  # noqa: E731
    for k, (key, _, _) in enumerate(FIELDS):
        book.name(FIELD_NAMES[key], ws, f"{L(2 + k)}{top}:{L(2 + k)}{last}")
    book.name("Pairings", ws, block(opp0))
    book.name("Colours", ws, block(col0))
    book.name("Results", ws, block(res0))
    for k, key in enumerate(OUTPUTS):
        if key not in ("Buchholz", "Rank", "KUsed"):
            book.name(key, ws, f"{L(out + k)}{top}:{L(out + k)}{last}")
    book.validate(ws, f"{rating_col}{top}:{rating_col}{last}", "rating")
    book.validate(ws, f"{k_col}{top}:{k_col}{last}", "k")
    book.validate(ws, block(opp0), "whole")
    book.validate(ws, block(col0), "colour")
    book.validate(ws, block(res0), "rounds")
    book.result_colours(ws, block(res0), f"{L(res0)}{top}")
    book.conflict_colour(ws, block(res0), f"{L(code0)}{top}")
    book.conflict_colour(ws, block(opp0), f"{L(code0)}{top}")
    change_col = L(out + OUTPUTS.index("Change"))
    book.up_down(ws, f"{change_col}{top}:{change_col}{last}")
    ws.conditional_formatting.add(block(col0), FormulaRule(formula=[f'{L(col0)}{top}="b"'],
                                                           fill=PatternFill("solid", bgColor="404040"),
                                                           font=Font(color="FFFFFF")))

    book.widths(ws, {1: 5, **{2 + k: w for k, (_, _, w) in enumerate(FIELDS)}})
    book.widths(ws, {c: 4.5 for c in range(opp0, out)})
    book.widths(ws, {out + k: 9.5 for k in range(len(OUTPUTS))})
    book.widths(ws, {key_col: 3})
    ws.freeze_panes = f"{L(opp0)}{top}"
    ws.row_dimensions[hdr].height = 45
    book.print_setup(ws, f"A1:{L(out + len(OUTPUTS) - 1)}{last}", f"{hdr}:{hdr}")
    book.protect(ws)
