"""The round-robin book: a crosstable of inputs, a printable computed crosstable, and every
rating output per player, recalculated by the spreadsheet's own formulas.

Layout of the main sheet (n players), top to bottom and left to right (see :class:`Layout`):

* rows 1–3: title, event line, event block (average rating, category, K_T, conflicts);
* the player block (printable): No, the TRF player fields (sex, title, name, rating,
  federation, FIDE ID, birth, K: :data:`FIELDS`), the computed crosstable showing every game
  from both sides, then the outputs and a ranking key;
* below it the input crosstable, where a game is typed in either of its two cells;
* to the right of the input crosstable the working area: base codes, game codes, expected
  scores, counted opponents' ratings, and the per-player helper columns of :mod:`rating_columns`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Font, PatternFill
from openpyxl.utils import get_column_letter as L
from openpyxl.worksheet.worksheet import Worksheet

from ..pairing.berger import schedule_round
from ..tiebreaks import DEFAULT_ROUND_ROBIN, VERSIONS
from . import formulas as f
from . import names, norms_sheet, schedule_sheet, standings_sheet, tiebreak_columns, tiebreak_slots
from .book import Book
from .style import CENTER, CHANGE, EXPECTED, FORECAST, GRID, HALVES, OUTPUT_FILL, TIEBREAK, WORK_FILL, merge, ref
from .rating_columns import HELPERS as EVENT_HELPERS
from .rating_columns import PlayerColumns, RowRanges, event_block

#: The Buchholz codes a slot may hold that the 2026 rules forbid in a round robin (C.07 8).
BUCHHOLZ_CODES = ("BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2", "AOB", "FB")

#: The players table: (prefill key, header key, width, defined name), the Swiss's fields under
#: the contract's headers (:data:`names.PLAYER_HEADERS`).
FIELDS = tuple((prefill, names.PLAYER_HEADERS[field], width, names.PLAYER_FIELDS[field]) for prefill, field, width in (
    ("sexes", "sex", 8), ("titles", "title", 5), ("names", "name", 24), ("ratings", "rating", 7),
    ("federations", "federation", 5), ("fide_ids", "fide_id", 11), ("births", "birth", 11), ("k", "k", 5)))
#: The column number of each field.
FIELD_COLUMNS = {key: 2 + k for k, (key, *_) in enumerate(FIELDS)}

OUTPUTS = ("Points", "Games", "Score", "OppAverage", "Expected", "Change", "NewRating", "Performance",
           "SB", "Rank", "Forecast", "KUsed")
OUTPUT_FORMATS = {"Expected": EXPECTED, "Score": HALVES, "Points": HALVES, "SB": HALVES, "Forecast": FORECAST,
                  "Change": CHANGE}
DIAGONAL_FILL = PatternFill("solid", fgColor="808080")


@dataclass(frozen=True)
class Layout:
    """Where everything stands on the sheet of ``n`` players (rows and column numbers)."""

    n: int
    cycles: int = 1  # 2 in a double round robin: two result cells per pair of players
    top: int = 6    # the first player row of the printable block
    cross: int = 2 + len(FIELDS)  # the first column of the computed crosstable

    @property
    def games(self) -> int:
        """The game columns of a player: one per opponent and cycle (``n`` × ``cycles``)."""
        return self.n * self.cycles

    def slot(self, j: int, cycle: int = 0) -> int:
        """The game column (from 0) of opponent ``j`` (from 0) in ``cycle`` (from 0): the first
        cycle's ``n`` columns, then the second cycle's."""
        return cycle * self.n + j

    @staticmethod
    def field(key: str) -> str:
        """The column letter of a players-table field (a prefill key of :data:`FIELDS`)."""
        return L(FIELD_COLUMNS[key])

    @property
    def last(self) -> int:
        return self.top + self.n - 1

    @property
    def out(self) -> int:  # the first output column
        return self.cross + self.games

    @property
    def key_col(self) -> int:  # the ranking key, beside the outputs
        return self.out + len(OUTPUTS)

    @property
    def grid_header(self) -> int:  # the header row of the input crosstable
        return self.last + 3

    @property
    def g0(self) -> int:  # the first row of the input crosstable (and of the working area)
        return self.grid_header + 1

    @property
    def g_last(self) -> int:
        return self.g0 + self.n - 1

    @property
    def pts_row(self) -> int:  # the players' points, as a row over the code block
        return self.grid_header - 2

    @property
    def ru_row(self) -> int:  # the players' ratings used, as a row over the code block
        return self.grid_header - 1

    def block(self, k: int) -> int:
        """The first column of working block ``k``: 0 base codes, 1 game codes, 2 expected
        scores, 3 counted opponents' ratings, 4 the helper columns."""
        return self.key_col + 1 + (self.games + 1) * k

    def row_of(self, k: int, row: int) -> str:
        """Working block ``k`` on one row."""
        return f"{L(self.block(k))}{row}:{L(self.block(k) + self.games - 1)}{row}"


BASE, CODE, EXPECTED, OPPONENT, HELPERS = range(5)


def build(book: Book, players: int = 10, prefill: dict[str, Any] | None = None, *, double: bool = False,
          reverse: bool = False) -> None:
    """Add the round-robin sheet for ``players`` (3–30) to ``book``.

    ``prefill`` may give per-player lists for the keys of :data:`FIELDS` (``names``,
    ``ratings``, ``k``, ``titles``, ``federations``, ``fide_ids``, ``births``, ``sexes``) and
    ``results`` (n×n; a double round robin n×2n, the first cycle's columns then the second's).
    ``double``: a double round robin (two result cells per pair, one per cycle); ``reverse``:
    its first cycle's last two rounds exchanged (C.05 Annex 1), as the Schedule sheet shows.
    """
    at = Layout(players, cycles=2 if double else 1)
    data = prefill or {}
    ws = book.sheet("sheet.round_robin")
    helpers = PlayerColumns(at.block(HELPERS))
    book.title(ws, "title.round_robin", at.out - 1, players=at.n)
    book.formula(ws, "A2", book.event_line())
    event_block(book, ws, row=3, first=at.out, helpers=helpers, g=(at.g0, at.g_last), boxes_by_rule=True)
    _player_block(book, ws, at, helpers, data)
    _input_crosstable(book, ws, at, data.get("results") or [])
    _working_area(book, ws, at, helpers)
    area, chosen = _tiebreaks(book, ws, at, helpers, data)
    _sheet_setup(book, ws, at)
    last_round = _last_rounds(book, ws, at, area.last_col + 1, data.get("game_rounds"), reverse)
    progress = _progress(book, ws, at, helpers, last_round)
    _standings(book, ws, at, helpers, area, chosen, progress)
    book.formula(ws, "A3", progress)  # the line the Standings and Schedule sheets carry under their titles
    schedule_sheet.build(book, at.n, lambda i: ref(ws, f"{at.field('names')}{at.top + i - 1}"),
                         lambda i, j, c=1: ref(ws, f"{L(at.cross + at.slot(j - 1, c - 1))}{at.top + i - 1}"),
                         double=double, reverse=reverse, progress=progress)
    games = norms_sheet.Games(
        at.games,
        lambda i, j: ref(ws, at.row_of(CODE, at.g0 + i) if j is None else f"{L(at.block(CODE) + j)}{at.g0 + i}"),
        lambda i, j: str(j % at.n + 1))
    norms_sheet.build(book, ws, at.top, at.n, {key: at.field(key) for key in ("names", "ratings", "titles", "federations")},
                      games, lambda i: ref(ws, helpers.cell("present", at.g0 + i)))


def _tiebreaks(book: Book, ws: Worksheet, at: Layout, helpers: PlayerColumns,
               data: dict[str, Any]) -> tuple[tiebreak_columns.Area, int]:
    """The tie-break slots on the Event sheet and the tie-break area right of the helper
    columns, on the player block's rows (:func:`tiebreak_columns.build_round_robin`); the
    Rank output and the ranking key become the one ranking (points, the list, start number).
    Returns the area and the number of slots filled (the Standings prints those)."""
    offered = tiebreak_slots.ROUND_ROBIN
    codes = tiebreak_slots.chosen(data.get("tiebreaks"), offered, DEFAULT_ROUND_ROBIN)
    book.tiebreak_slots(offered, codes, data.get("tiebreak_rules") or VERSIONS[-1], forbidden=BUCHHOLZ_CODES)
    blocks = tiebreak_columns.RR_BLOCKS + (tiebreak_columns.RR_PAIR_BLOCKS if at.cycles > 1 else ())
    area = tiebreak_columns.Area(at.block(HELPERS) + len(EVENT_HELPERS) + 1, at.n, at.games, at.top, offered,
                                 blocks, tiebreak_columns.RR_HELPERS)
    code0 = at.block(CODE)
    tiebreak_columns.build_round_robin(book, ws, area, tiebreak_columns.CrossSources(
        code=lambda i, j: f"{L(code0 + j)}{at.g0 + i}", codes=lambda i: at.row_of(CODE, at.g0 + i),
        points_row=f"${L(code0)}${at.pts_row}:${L(code0 + at.games - 1)}${at.pts_row}",
        points=lambda i: helpers.cell("points", at.g0 + i), present=lambda i: helpers.cell("present", at.g0 + i),
        rating_column=helpers.col("rating_value", at.g0, at.g_last), cycles=at.cycles))
    points = f"${L(at.out)}${at.top}:${L(at.out)}${at.last}"
    rank_col = at.out + OUTPUTS.index("Rank")
    for i in range(at.n):
        row = at.top + i
        present = helpers.cell("present", at.g0 + i)
        tiebreak_columns.write_rank(book, ws, area, row, points, f"{L(at.out)}{row}", present, f"{L(rank_col)}{row}")
        book.formula(ws, f"{L(at.key_col)}{row}", f.copy_of(f"{L(rank_col)}{row}"), fill=WORK_FILL)
    book.name(names.RANK, ws, f"{L(rank_col)}{at.top}:{L(rank_col)}{at.last}")
    return area, len(codes)


def _last_rounds(book: Book, ws: Worksheet, at: Layout, column: int, rounds: dict[tuple[int, int, int], int] | None,
                 reverse: bool) -> str:
    """Each player's last round with a result (its round in ``rounds``, (i, j, cycle) → round,
    from the TRF file the book was made from; else in the book's schedule), in ``column`` of
    the player block's rows; returns the column's range."""
    book.header(ws, at.top - 1, column, "work.last_round")
    for i in range(at.n):
        terms = []
        for t in range(at.games):
            j, c = t % at.n, t // at.n + 1
            if i == j:
                continue
            r = (rounds or {}).get((i + 1, j + 1, c)) or schedule_round(i + 1, j + 1, at.n, c, reverse=reverse)[0]
            terms.append(f"IF({L(at.block(CODE) + t)}{at.g0 + i}<{f.NOTHING},{r},0)")
        book.formula(ws, f"{L(column)}{at.top + i}", f"MAX({','.join(terms)})", fill=WORK_FILL)
    return f"{L(column)}{at.top}:{L(column)}{at.last}"


def _standings(book: Book, ws: Worksheet, at: Layout, helpers: PlayerColumns,
               area: tiebreak_columns.Area, chosen: int, progress: str) -> None:
    """The printable standings sheet: by points, then the chosen tie-breaks (the ``chosen``
    slots filled when the book was made), then start number; "After round 7" over it."""
    out = {key: (f"out.{key}", at.out + OUTPUTS.index(key), OUTPUT_FORMATS.get(key))
           for key in ("Points", "Change", "NewRating")}
    fields = {key: (header, FIELD_COLUMNS[key], None) for key, header, *_ in FIELDS}
    slots, headers = tiebreak_columns.standings_columns(area, 6, max(1, chosen), TIEBREAK)  # one format per column
    standings_sheet.build(book, ws, at.top, at.last, [
        ("col.no", 1, None), fields["names"], fields["titles"], fields["federations"], fields["ratings"],
        out["Points"], *slots, out["Change"], out["NewRating"]], at.key_col,
        at.out + OUTPUTS.index("Rank"), progress=progress, header_formulas=headers,
        note=tiebreak_columns.open_note(book))


def _progress(book: Book, ws: Worksheet, at: Layout, helpers: PlayerColumns, last_round: str) -> str:
    """How far the event is: after which round (the last with a result), and the games with a
    result of all the games of the players entered."""
    codes = ref(ws, f"{L(at.block(CODE))}{at.g0}:{L(at.block(CODE) + at.games - 1)}{at.g_last}")
    players = f"SUM({ref(ws, helpers.col('present', at.g0, at.g_last).replace('$', ''))})"
    after = f.sentence(book.t("standings.after_round", round="{round}"), round=f"MAX({ref(ws, last_round)})")
    return after + '&" · "&' + f.sentence(book.t("standings.games_played", played="{played}", total="{total}"),
                                         played=f'COUNTIF({codes},"<{f.NOTHING}")/2',
                                         total=f"{at.cycles}*{players}*({players}-1)/2")


def _player_block(book: Book, ws: Worksheet, at: Layout, helpers: PlayerColumns, data: dict[str, Any]) -> None:
    """No, the player fields (inputs), the computed crosstable and the outputs, one row per player."""
    book.header(ws, at.top - 1, 1, "col.no")
    for k, (_, key, _, _) in enumerate(FIELDS):
        book.header(ws, at.top - 1, 2 + k, key)
    _game_headers(book, ws, at, at.top - 1)
    for k, key in enumerate(OUTPUTS):
        book.header(ws, at.top - 1, at.out + k, f"out.{key}")
    inputs = [(at.field(key), data.get(key) or []) for key, *_ in FIELDS]
    for i in range(at.n):
        row, grow = at.top + i, at.g0 + i
        ws.cell(row=row, column=1, value=i + 1).alignment = CENTER
        for column, values in inputs:
            book.input_cell(ws, f"{column}{row}", values[i] if i < len(values) else None)
        for t in range(at.games):
            cell = ws.cell(row=row, column=at.cross + t)
            if i == t % at.n:
                cell.fill = DIAGONAL_FILL
                continue
            book.formula(ws, cell.coordinate, f.code_symbol(f"{L(at.block(CODE) + t)}{grow}"))
            cell.alignment, cell.border = CENTER, GRID
        present = helpers.cell("present", grow)
        points_row = f"${L(at.block(CODE))}${at.pts_row}:${L(at.block(CODE) + at.games - 1)}${at.pts_row}"
        values = {**helpers.outputs(grow), "SB": f.sonneborn_berger(at.row_of(CODE, grow), points_row)}
        for k, key in enumerate(OUTPUTS):
            if key != "Rank":  # the rank and its key come from the tie-break area (_tiebreaks)
                book.formula(ws, f"{L(at.out + k)}{row}", f.if_present(present, values[key]),
                             OUTPUT_FORMATS.get(key), OUTPUT_FILL)
    for k, key in enumerate(OUTPUTS):
        if key in names.PLAYER_OUTPUTS:  # the others are shown, not named (Rank is named with its key)
            book.name(key, ws, f"{L(at.out + k)}{at.top}:{L(at.out + k)}{at.last}")
    for key, _, _, name in FIELDS:
        book.name(name, ws, f"{at.field(key)}{at.top}:{at.field(key)}{at.last}")
    for key, kind in (("ratings", "rating"), ("k", "k")):
        book.validate(ws, f"{at.field(key)}{at.top}:{at.field(key)}{at.last}", kind)
    shown = f"{L(at.cross)}{at.top}:{L(at.cross + at.games - 1)}{at.last}"
    book.result_colours(ws, shown, f"{L(at.cross)}{at.top}")
    ws.conditional_formatting.add(shown, FormulaRule(formula=[f'{L(at.cross)}{at.top}="!"'],
                                                     fill=PatternFill("solid", bgColor="FF0000"),
                                                     font=Font(color="FFFFFF", bold=True)))
    change = L(at.out + OUTPUTS.index("Change"))
    book.up_down(ws, f"{change}{at.top}:{change}{at.last}")


def _game_headers(book: Book, ws: Worksheet, at: Layout, row: int) -> None:
    """The crosstable's headers on ``row``: each opponent's number; in a double round robin the
    first cycle's columns then the second's, each cycle named on the row above."""
    for t in range(at.games):
        book.header(ws, row, at.cross + t, names.NUMBER_HEADER, number=t % at.n + 1)
    if at.cycles > 1:
        for c in range(at.cycles):
            first, last = at.cross + at.slot(0, c), at.cross + at.slot(at.n - 1, c)
            book.header(ws, row - 1, first, "rr.cycle", number=c + 1)
            merge(ws, row - 1, first, row - 1, last)


def _input_crosstable(book: Book, ws: Worksheet, at: Layout, table: list[list[Any]]) -> None:
    """The crosstable the arbiter types into: a game in either of its two cells."""
    # a double round robin names its cycles on the row above the headers: the label goes higher
    book.label(ws, f"A{at.grid_header - at.cycles}", "rr.type_here", bold=True)
    for column, key in ((1, "col.no"), (2, "col.name")):
        book.header(ws, at.grid_header, column, key)
    _game_headers(book, ws, at, at.grid_header)
    for i in range(at.n):
        row = at.g0 + i
        ws.cell(row=row, column=1, value=i + 1).alignment = CENTER
        book.formula(ws, f"B{row}", f.copy_of(f"{at.field('names')}{at.top + i}"))
        for t in range(at.games):
            cell = f"{L(at.cross + t)}{row}"
            if i == t % at.n:
                ws[cell].fill = DIAGONAL_FILL
                continue
            value = table[i][t] if i < len(table) and t < len(table[i]) else None
            book.input_cell(ws, cell, value, centred=True)
    results = f"{L(at.cross)}{at.g0}:{L(at.cross + at.games - 1)}{at.g_last}"
    book.name(names.RESULTS, ws, results)
    book.validate(ws, results, "results")
    book.result_colours(ws, results, f"{L(at.cross)}{at.g0}")
    book.conflict_colour(ws, results, f"{L(at.block(CODE))}{at.g0}")


def _working_area(book: Book, ws: Worksheet, at: Layout, helpers: PlayerColumns) -> None:
    """Per game: base code, game code, expected score, counted opponent; then the helper columns."""
    code0 = at.block(CODE)
    book.label(ws, f"{L(at.block(BASE))}{at.pts_row - 1}", "work.title", bold=True)
    for t in range(at.games):
        j = t % at.n
        for k, key in ((BASE, "work.base"), (CODE, "work.code"), (EXPECTED, "work.expected"),
                       (OPPONENT, "work.opp_used")):
            book.header(ws, at.grid_header, at.block(k) + t, key, number=j + 1)
        book.formula(ws, f"{L(code0 + t)}{at.ru_row}", helpers.cell("rating_used", at.g0 + j), fill=WORK_FILL)
        book.formula(ws, f"{L(code0 + t)}{at.pts_row}", helpers.cell("points", at.g0 + j), fill=WORK_FILL)
    book.label(ws, f"{L(code0 - 1)}{at.ru_row}", "work.ru_row")
    book.label(ws, f"{L(code0 - 1)}{at.pts_row}", "work.points_row")
    helpers.headers(book, ws, at.grid_header)
    for i in range(at.n):
        row = at.g0 + i
        own = helpers.cell("rating_used", row)
        for t in range(at.games):
            j, cycle = t % at.n, t // at.n
            base, code, exp, opp = (f"{L(at.block(k) + t)}{row}" for k in (BASE, CODE, EXPECTED, OPPONENT))
            if i == j:
                ws[base], ws[code], ws[exp], ws[opp] = f.NOTHING, f.NOTHING, 0, 0
                continue
            book.formula(ws, base, f.result_base(f"{L(at.cross + t)}{row}"), fill=WORK_FILL)
            book.formula(ws, code, f.crosstable_code(base, f"{L(at.block(BASE) + at.slot(i, cycle))}{at.g0 + j}"),
                         fill=WORK_FILL)
            book.formula(ws, opp, f.counted_opponent(f"OR({code}<=2,{code}={f.PENDING})", own,
                                                     f"{L(code0 + t)}${at.ru_row}"), fill=WORK_FILL)
            book.formula(ws, exp, f.expected_if_counted(own, opp), fill=WORK_FILL)
        helpers.write(book, ws, row, RowRanges(
            name=f"{at.field('names')}{at.top + i}", rating=f"{at.field('ratings')}{at.top + i}",
            k=f"{at.field('k')}{at.top + i}", codes=at.row_of(CODE, row),
            opp_used=at.row_of(OPPONENT, row), expected=at.row_of(EXPECTED, row)))


def _sheet_setup(book: Book, ws: Worksheet, at: Layout) -> None:
    """Widths, frozen panes, the printed area (the player block), protection."""
    book.widths(ws, {1: 4, **{2 + k: width for k, (_, _, width, _) in enumerate(FIELDS)}})
    book.widths(ws, {at.cross + t: 3.6 for t in range(at.games)})
    book.widths(ws, {at.out + k: 9.5 for k in range(len(OUTPUTS))})
    book.widths(ws, {at.key_col: 3})
    ws.freeze_panes = f"{L(FIELD_COLUMNS['names'] + 1)}{at.top}"  # No to the name stay in view
    book.print_setup(ws, f"A1:{L(at.key_col - 1)}{at.last}", f"{at.top - 1}:{at.top - 1}",
                     f"A:{L(FIELD_COLUMNS['names'])}")
    book.protect(ws)
