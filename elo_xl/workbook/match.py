"""The match book: two players and up to 1000 games, the Kvant article's paradox made visible.

Rated once at the end by the chosen rule set (``NewRatingA``/``NewRatingB``), and beside it
rated game by game — each game rated on its own, rounded as the rule set prescribes and
carried into the next (``RunningA``/``RunningB``) — with the same series carried unrounded.
"""

from __future__ import annotations

from typing import Any

from openpyxl.utils import get_column_letter as L

from . import formulas as f
from .book import CENTER, OUTPUT_FILL, WORK_FILL, WRAP, Book
from .event import PlayerColumns, RowRanges

COLUMNS = ("col.game", "col.result_a", "col.running_a", "col.running_b", "col.unrounded_a", "col.unrounded_b",
           "col.code_a", "col.opp_a", "col.e_a", "col.code_b", "col.opp_b", "col.e_b")


def _one_game(own: str, opp: str, k: str, code: str, unrounded: bool) -> str:
    """The change of one game rated on its own (``code`` the game's code for ``own``).

    Rounded as the rule set prescribes, or (``unrounded``) K×(W − E) with E the game's
    expected score (ELO-1970/USSR-1977: h/100).
    """
    expected = f.expected_percent(own, opp)
    if unrounded:
        return f"{k}*({code}/2-({expected})/100)"
    h = f.table_h(f"{own}-{f.rounded_rating(opp)}")  # the opponent's rating as an average of one
    tenths = f.n_exp_tenths(h, "1")
    return f"IF(IsKvant,{k}*(5*{code}-{tenths})/10,ROUND({k}*(50*{code}-({expected}))/100,0))"


def build(book: Book, games: int = 24, prefill: dict[str, Any] | None = None) -> None:
    """Add the match sheet with ``games`` game rows (1–1000) to ``book``.

    ``prefill`` may give ``name_a``, ``rating_a``, ``k_a``, ``name_b``, ``rating_b``, ``k_b``
    and ``results`` (player A's score per game).
    """
    data = prefill or {}
    ws = book.sheet("sheet.match")
    book.title(ws, "title.match", 7)
    book.formula(ws, "A2", 'IF(EventName="","",EventName&IF(Place<>"",", "&Place,""))')

    # --- the two players ----------------------------------------------------------------------
    book.label(ws, "B4", "match.player_a", bold=True)
    book.label(ws, "C4", "match.player_b", bold=True)
    rows = (("col.name", "name", None, None, None), ("col.rating", "rating", "RatingA", "RatingB", "rating"),
            ("col.k", "k", "KA", "KB", "k"))
    for i, (key, field, name_a, name_b, kind) in enumerate(rows, start=5):
        book.label(ws, f"A{i}", key, bold=True)
        for column, side, name in (("B", "a", name_a), ("C", "b", name_b)):
            book.input_cell(ws, f"{column}{i}", data.get(f"{field}_{side}"))
            if kind:
                book.validate(ws, f"{column}{i}", kind)
            if name:
                book.name(name, ws, f"{column}{i}")

    # --- games --------------------------------------------------------------------------------
    hdr = 14
    first, last = hdr + 1, hdr + games
    for k, key in enumerate(COLUMNS, start=1):
        book.header(ws, hdr, k, key)
    helpers_a, helpers_b = PlayerColumns(len(COLUMNS) + 2), PlayerColumns(len(COLUMNS) + 2)
    ha, hb = 11, 12  # helper rows of player A and player B
    ru_a, ru_b = helpers_a.cell("rating_used", ha), helpers_b.cell("rating_used", hb)
    k_a, k_b = helpers_a.cell("k_given", ha), helpers_b.cell("k_given", hb)
    results = data.get("results") or []
    for i in range(games):
        row = first + i
        prev = row - 1
        ws.cell(row=row, column=1, value=i + 1).alignment = CENTER
        book.input_cell(ws, f"B{row}", results[i] if i < len(results) else None, centred=True)
        code_a, opp_a, e_a, code_b, opp_b, e_b = (f"{L(c)}{row}" for c in range(7, 13))
        book.formula(ws, code_a, f.result_base(f"B{row}"), fill=WORK_FILL)
        book.formula(ws, opp_a, f.counted_opponent(f"{code_a}<=2", ru_a, ru_b), fill=WORK_FILL)
        book.formula(ws, e_a, f"IF(AND({opp_a}>0,{ru_a}>0),{f.expected_percent(ru_a, opp_a)},0)", fill=WORK_FILL)
        book.formula(ws, code_b, f"IF({code_a}<30,{f.complement(code_a)},{code_a})", fill=WORK_FILL)
        book.formula(ws, opp_b, f.counted_opponent(f"{code_b}<=2", ru_b, ru_a), fill=WORK_FILL)
        book.formula(ws, e_b, f"IF(AND({opp_b}>0,{ru_b}>0),{f.expected_percent(ru_b, opp_b)},0)", fill=WORK_FILL)
        # game by game: each game rated on its own and carried into the next
        for column, own, other, k, code, unrounded in (
            ("C", "C", "D", k_a, code_a, False), ("D", "D", "C", k_b, code_b, False),
            ("E", "E", "F", k_a, code_a, True), ("F", "F", "E", k_b, code_b, True),
        ):
            before = f"{own}{prev}" if i else ("RatingAUsed" if own in "CE" else "RatingBUsed")
            against = f"{other}{prev}" if i else ("RatingBUsed" if own in "CE" else "RatingAUsed")
            rated = f"AND({code}<=2,{before}<>\"\",{before}>0,{against}<>\"\",{against}>0)"
            change = _one_game(before, against, k, code, unrounded)
            book.formula(ws, f"{column}{row}", f'IF({before}="","",{before}+IF({rated},IF({f.rated_pair(before, against)},{change},0),0))',
                         "0.0###" if unrounded else None, OUTPUT_FILL)
    book.name("Results", ws, f"B{first}:B{last}")
    book.name("RunningA", ws, f"C{first}:C{last}")
    book.name("RunningB", ws, f"D{first}:D{last}")
    book.validate(ws, f"B{first}:B{last}", "results")
    book.result_colours(ws, f"B{first}:B{last}", f"B{first}")
    book.conflict_colour(ws, f"B{first}:B{last}", f"G{first}")

    # --- helper rows: the whole match rated once --------------------------------------------------
    book.label(ws, f"{L(helpers_a.first)}{ha - 2}", "work.title", bold=True)
    helpers_a.headers(book, ws, ha - 1)
    helpers_a.write(book, ws, ha, RowRanges(name="B5", rating="RatingA", k="KA", codes=f"$G${first}:$G${last}",
                                            opp_used=f"$H${first}:$H${last}", expected=f"$I${first}:$I${last}"))
    helpers_b.write(book, ws, hb, RowRanges(name="C5", rating="RatingB", k="KB", codes=f"$J${first}:$J${last}",
                                            opp_used=f"$K${first}:$K${last}", expected=f"$L${first}:$L${last}"))
    # the ratings the game-by-game series start from ('' for an unrated player under FIDE)
    for name, helpers, row in (("RatingAUsed", helpers_a, ha), ("RatingBUsed", helpers_b, hb)):
        cell = f"{L(helpers.first - 1)}{row}"
        book.formula(ws, cell, f'IF({helpers.cell("rating_used", row)}>0,{helpers.cell("rating_used", row)},"")', fill=WORK_FILL)
        book.name(name, ws, cell)

    # --- results of the match rated once ---------------------------------------------------------------
    book.label(ws, "E4", "match.once", bold=True)
    outputs = (("out.Score", f"{helpers_a.cell('halves', ha)}/2", f"{helpers_b.cell('halves', hb)}/2", None),
               ("out.Expected", helpers_a.expected_output(ha), helpers_b.expected_output(hb), "0.00##"),
               ("out.Change", helpers_a.cell("change", ha), helpers_b.cell("change", hb), "+0.##;-0.##;0"),
               ("out.NewRating", helpers_a.cell("new", ha), helpers_b.cell("new", hb), None))
    book.label(ws, "F4", "match.player_a", bold=True)
    book.label(ws, "G4", "match.player_b", bold=True)
    for i, (key, text_a, text_b, number_format) in enumerate(outputs, start=5):
        book.label(ws, f"E{i}", key, bold=True)
        book.formula(ws, f"F{i}", text_a, number_format, OUTPUT_FILL)
        book.formula(ws, f"G{i}", text_b, number_format, OUTPUT_FILL)
    book.name("NewRatingA", ws, "F8")
    book.name("NewRatingB", ws, "G8")
    book.label(ws, "E10", "match.paradox")
    ws["E10"].alignment = WRAP
    ws.merge_cells("E10:G12")
    book.up_down(ws, "F7:G7")

    book.widths(ws, {1: 10, 2: 18, 3: 18, 4: 13, 5: 16, 6: 13, 7: 13})
    book.widths(ws, {c: 7 for c in range(8, 13)})
    ws.freeze_panes = f"A{first}"
    ws.row_dimensions[hdr].height = 30
    book.print_setup(ws, f"A1:G{last}", f"{hdr}:{hdr}")
    book.protect(ws)
