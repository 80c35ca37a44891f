"""The round-robin book: a crosstable of inputs, a printable computed crosstable, and every
rating output per player, recalculated by the spreadsheet's own formulas.

Layout of the main sheet (n players):

* rows 1–3: title, event line, event block (average rating, category, K_T, conflicts);
* the player block (printable): No, name, rating, K, the computed crosstable showing every
  game from both sides, then the outputs;
* below it the input crosstable, where a game is typed in either of its two cells;
* to the right of the input crosstable the working area: base codes, game codes, expected
  scores, and the per-player helper columns of :mod:`event`.
"""

from __future__ import annotations

from typing import Any

from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Font, PatternFill
from openpyxl.utils import get_column_letter as L

from . import formulas as f
from .book import CENTER, GRID, OUTPUT_FILL, WORK_FILL, Book
from .event import PlayerColumns, RowRanges, event_block

OUTPUTS = ("Points", "Games", "Score", "OppAverage", "Expected", "Change", "NewRating", "Performance",
           "SB", "Rank", "Forecast", "KUsed")
OUTPUT_FORMATS = {"Expected": "0.00##", "Score": "0.#", "Points": "0.#", "SB": "0.##", "Forecast": "0.0#",
                  "Change": "+0.##;-0.##;0"}
DIAGONAL_FILL = PatternFill("solid", fgColor="808080")


def build(book: Book, players: int = 10, prefill: dict[str, Any] | None = None) -> None:
    """Add the round-robin sheet for ``players`` (3–30) to ``book``.

    ``prefill`` may give ``names``, ``ratings``, ``k`` (lists of n) and ``results`` (n×n).
    """
    n = players
    data = prefill or {}
    ws = book.sheet("sheet.round_robin")
    top = 6                      # first player row of the printable block
    last = top + n - 1
    cross = 5                    # first column of the computed crosstable
    out = cross + n              # first output column
    grid_header = last + 3
    g0 = grid_header + 1         # first row of the input crosstable
    g_last = g0 + n - 1
    work = out + len(OUTPUTS) + 1
    base_col = work              # base codes of the typed cells
    code_col = base_col + n + 1  # game codes
    exp_col = code_col + n + 1   # expected scores (percent)
    helpers = PlayerColumns(exp_col + n + 1)
    ru_row = grid_header - 1     # the opponents' ratings used, as a row over the code block
    pts_row = grid_header - 2    # the players' points, as a row over the code block

    # --- title and event block ---------------------------------------------------------------
    book.title(ws, "title.round_robin", out - 1, players=n)
    book.formula(ws, "A2", 'IF(EventName="","",EventName&IF(Place<>"",", "&Place,""))')
    event_block(book, ws, row=3, first=out, helpers=helpers, g=(g0, g_last))

    # --- player block ------------------------------------------------------------------------------
    for column, key in ((1, "col.no"), (2, "col.name"), (3, "col.rating"), (4, "col.k")):
        book.header(ws, top - 1, column, key)
    for j in range(n):
        book.header(ws, top - 1, cross + j, "col.number", number=j + 1)
    for k, key in enumerate(OUTPUTS):
        book.header(ws, top - 1, out + k, f"out.{key}")
    names, ratings, ks = data.get("names") or [], data.get("ratings") or [], data.get("k") or []
    for i in range(n):
        row = top + i
        ws.cell(row=row, column=1, value=i + 1).alignment = CENTER
        book.input_cell(ws, f"B{row}", names[i] if i < len(names) else None)
        book.input_cell(ws, f"C{row}", ratings[i] if i < len(ratings) else None)
        book.input_cell(ws, f"D{row}", ks[i] if i < len(ks) else None)
        grow = g0 + i
        for j in range(n):
            cell = f"{L(cross + j)}{row}"
            if i == j:
                ws[cell].fill = DIAGONAL_FILL
                continue
            code = f"{L(code_col + j)}{grow}"
            book.formula(ws, cell, f'IF({code}>={f.NOTHING},IF({code}={f.CONFLICT},"!",""),LOOKUP({code},CodeList,CodeSymbol))')
            ws[cell].alignment = CENTER
            ws[cell].border = GRID
        h = lambda key: helpers.cell(key, grow)  # noqa: E731
        values = {
            "Points": h("points"), "Games": h("games"), "Score": f"{h('halves')}/2",
            "OppAverage": h("average"), "Expected": helpers.expected_output(grow), "Change": h("change"),
            "NewRating": h("new"), "Performance": h("performance"),
            "SB": f"SUMPRODUCT({f.units(f'{L(code_col)}{grow}:{L(code_col + n - 1)}{grow}')},${L(code_col)}${pts_row}:${L(code_col + n - 1)}${pts_row})/2",
            "Rank": f"RANK({L(out + len(OUTPUTS))}{row},${L(out + len(OUTPUTS))}${top}:${L(out + len(OUTPUTS))}${last})",
            "Forecast": h("forecast"), "KUsed": f'IF(AND(IsFide,{h("rating_value")}=0),"",{h("k_eff")})',
        }
        for k, key in enumerate(OUTPUTS):
            text = f'IF({h("present")}=0,"",{values[key]})'  # a row without a player shows nothing
            book.formula(ws, f"{L(out + k)}{row}", text, OUTPUT_FORMATS.get(key), OUTPUT_FILL)
        # ranking key beside the outputs: points first, then Sonneborn-Berger
        book.formula(ws, f"{L(out + len(OUTPUTS))}{row}", f'IF({h("present")}=0,"",{L(out)}{row}*10000+{L(out + OUTPUTS.index("SB"))}{row})', fill=WORK_FILL)
    for k, key in enumerate(OUTPUTS):
        if key not in ("SB", "Rank", "KUsed"):
            book.name(key, ws, f"{L(out + k)}{top}:{L(out + k)}{last}")
    book.name("Ratings", ws, f"C{top}:C{last}")
    book.name("KFactors", ws, f"D{top}:D{last}")
    book.validate(ws, f"C{top}:C{last}", "rating")
    book.validate(ws, f"D{top}:D{last}", "k")

    # --- input crosstable ----------------------------------------------------------------------------
    book.label(ws, f"A{grid_header - 1}", "rr.type_here", bold=True)
    for column, key in ((1, "col.no"), (2, "col.name")):
        book.header(ws, grid_header, column, key)
    for j in range(n):
        book.header(ws, grid_header, cross + j, "col.number", number=j + 1)
    table = data.get("results") or []
    for i in range(n):
        row = g0 + i
        ws.cell(row=row, column=1, value=i + 1).alignment = CENTER
        book.formula(ws, f"B{row}", f'IF(B{top + i}="","",B{top + i})')
        for j in range(n):
            cell = f"{L(cross + j)}{row}"
            if i == j:
                ws[cell].fill = DIAGONAL_FILL
                continue
            value = table[i][j] if i < len(table) and j < len(table[i]) else None
            book.input_cell(ws, cell, value, centred=True)
    results = f"{L(cross)}{g0}:{L(cross + n - 1)}{g_last}"
    book.name("Results", ws, results)
    book.validate(ws, results, "results")
    book.result_colours(ws, results, f"{L(cross)}{g0}")
    book.conflict_colour(ws, results, f"{L(code_col)}{g0}")
    book.result_colours(ws, f"{L(cross)}{top}:{L(cross + n - 1)}{last}", f"{L(cross)}{top}")
    ws.conditional_formatting.add(f"{L(cross)}{top}:{L(cross + n - 1)}{last}",
                                  FormulaRule(formula=[f'{L(cross)}{top}="!"'], fill=PatternFill("solid", bgColor="FF0000"),
                                              font=Font(color="FFFFFF", bold=True)))
    change_col = L(out + OUTPUTS.index("Change"))
    book.up_down(ws, f"{change_col}{top}:{change_col}{last}")

    # --- working area --------------------------------------------------------------------------------
    book.label(ws, f"{L(base_col)}{pts_row - 1}", "work.title", bold=True)
    for j in range(n):
        book.header(ws, grid_header, base_col + j, "work.base", number=j + 1)
        book.header(ws, grid_header, code_col + j, "work.code", number=j + 1)
        book.header(ws, grid_header, exp_col + j, "work.expected", number=j + 1)
        # the opponents' ratings used and points, as rows over the code block
        book.formula(ws, f"{L(code_col + j)}{ru_row}", helpers.cell("rating_used", g0 + j), fill=WORK_FILL)
        book.formula(ws, f"{L(code_col + j)}{pts_row}", helpers.cell("points", g0 + j), fill=WORK_FILL)
    book.label(ws, f"{L(code_col - 1)}{ru_row}", "work.ru_row")
    book.label(ws, f"{L(code_col - 1)}{pts_row}", "work.points_row")
    helpers.headers(book, ws, grid_header)
    ru_range = f"${L(code_col)}${ru_row}:${L(code_col + n - 1)}${ru_row}"
    for i in range(n):
        row = g0 + i
        own_ru = helpers.cell("rating_used", row)
        for j in range(n):
            b, c, e = (f"{L(col + j)}{row}" for col in (base_col, code_col, exp_col))
            if i == j:
                ws[b] = f.NOTHING
                ws[c] = f.NOTHING
                ws[e] = 0
                continue
            book.formula(ws, b, f.result_base(f"{L(cross + j)}{row}"), fill=WORK_FILL)
            other = f"{L(base_col + i)}{g0 + j}"
            book.formula(ws, c, f.crosstable_code(b, other), fill=WORK_FILL)
            opp_ru = f"{L(code_col + j)}${ru_row}"
            book.formula(ws, e, f"IF(AND(OR({c}<=2,{c}={f.PENDING}),{opp_ru}>0,{own_ru}>0),{f.expected_percent(own_ru, opp_ru)},0)", fill=WORK_FILL)
        helpers.write(book, ws, row, RowRanges(
            name=f"B{top + i}", rating=f"C{top + i}", k=f"D{top + i}",
            codes=f"{L(code_col)}{row}:{L(code_col + n - 1)}{row}", opp_used=None, opp_row=ru_range,
            expected=f"{L(exp_col)}{row}:{L(exp_col + n - 1)}{row}"))

    # --- sheet set-up ------------------------------------------------------------------------------------
    book.widths(ws, {1: 4, 2: 24, 3: 7, 4: 5})
    book.widths(ws, {cross + j: 3.6 for j in range(n)})
    book.widths(ws, {out + k: 9.5 for k in range(len(OUTPUTS))})
    book.widths(ws, {out + len(OUTPUTS): 3})
    ws.freeze_panes = f"C{top}"
    book.print_setup(ws, f"A1:{L(out + len(OUTPUTS) - 1)}{last}", f"{top - 1}:{top - 1}")
    book.protect(ws)
    for row in (top - 1, grid_header):
        ws.row_dimensions[row].height = 45

