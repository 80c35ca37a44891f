"""The Swiss book: a players table with every field of a TRF player line, a rounds grid as in
a TRF file (per round: opponent's start number, colour, result), and every rating output.

Each row is that player's own record: a game counts for the player whose row lists it; where
the opponent's row lists the same round, the two are checked against each other and a
disagreement is coloured, counted, and counts for neither. Per game the working area holds
six small formulas, each O(1): the typed result's code, the game's code after the checks,
the opponent's rating as counted, the expected score, and the opponent and colour as counted
(a board typed on one row counts for both). Buchholz, the other tie-breaks and the rank come
from the tie-break area (:mod:`tiebreak_columns`).

Layout (see :class:`Layout`): rows 1–3 title, event line and event block (and, above the grid,
the line that says how to type, on screen only); from row 6 one row per player: No, the TRF
fields, then per round its opponent, colour and result side by side (the defined name
``Rounds``: typed board by board), the outputs, a ranking key, then the working blocks and the
helper columns of :mod:`rating_columns`. The sheet prints the players table and the outputs;
the games print from the Crosstable sheet (:mod:`crosstable_sheet`: each game from both sides,
as counted). Then the Standings, Pairings and Norms sheets (:mod:`norms_sheet`: one slot per
round).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter as L
from openpyxl.worksheet.worksheet import Worksheet

from ..tiebreaks import DEFAULT_SWISS, VERSIONS
from . import formulas as f
from . import crosstable_sheet, names, norms_sheet, pairings_sheet, standings_sheet, tiebreak_columns, tiebreak_slots
from .book import Book
from .style import (CENTER, CHANGE, DRAW, EXPECTED, FORECAST, HALVES, OUTPUT_FILL, TIEBREAK, WORK_FILL, cell_at,
                    column_ref, merge, ref, row_ref, set_style)
from .codes import NOTHING
from .rating_columns import HELPERS, OUTPUT_WIDTH, PlayerColumns, RowRanges, event_block

#: The TRF player fields of the players table: (prefill key, header key, width); the headers
#: are the contract's (:data:`names.PLAYER_HEADERS`).
FIELDS = tuple((key, names.PLAYER_HEADERS[key], width) for key, width in (
    ("sex", 4), ("title", 5), ("name", 24), ("rating", 7), ("federation", 5), ("fide_id", 11), ("birth", 11), ("k", 5)))
OUTPUTS = ("Points", "Games", "Score", "OppAverage", "Expected", "Change", "NewRating", "Performance",
           "Buchholz", "Rank", "Forecast", "KUsed")
OUTPUT_FORMATS = {"Expected": EXPECTED, "Score": HALVES, "Points": HALVES, "Buchholz": HALVES, "Forecast": FORECAST,
                  "Change": CHANGE}
#: The per-round blocks of the rounds grid (inputs) and of the working area, in column order.
#: ``OPPONENT`` is the opponent as counted: the typed one, or the row that names this one;
#: ``COLOUR_USED`` the colour as counted (the typed one, or the other colour of that row's).
OPPONENTS, COLOURS, RESULTS, BASE, CODE, OPP_USED, EXPECTED, OPPONENT, COLOUR_USED = range(9)
#: The typed fields of a round, in the order of their columns (and of :data:`names.ROUND_FIELDS`).
INPUTS = (OPPONENTS, COLOURS, RESULTS)
WORK_HEADERS = ((BASE, "work.base"), (CODE, "work.code"), (OPP_USED, "work.opp_used"), (EXPECTED, "work.expected"),
                (OPPONENT, "work.opponent"), (COLOUR_USED, "work.colour_used"))


@dataclass(frozen=True)
class Layout:
    """Where everything stands on the sheet of ``n`` players and ``r`` rounds."""

    n: int
    r: int
    top: int = 6

    @cached_property
    def last(self) -> int:
        return self.top + self.n - 1

    def field(self, key: str) -> int:
        """The column of a TRF field of the players table."""
        return 2 + [k for k, *_ in FIELDS].index(key)

    @cached_property
    def grid(self) -> int:
        """The first column of the rounds grid: per round its opponent, colour and result."""
        return 2 + len(FIELDS)

    def col(self, k: int, t: int) -> int:
        """The column of round ``t`` of ``k``: an input (three columns per round, side by side)
        or a block of the working area (one column per round)."""
        if k in INPUTS:
            return self.grid + 3 * t + k
        return self.key_col + 2 + (self.r + 1) * (k - BASE) + t

    def block(self, k: int) -> int:
        """The first column of per-round block ``k`` of the working area (one column per round)."""
        return self.col(k, 0)

    @cached_property
    def out(self) -> int:  # the first output column
        return self.grid + 3 * self.r

    @cached_property
    def key_col(self) -> int:  # the ranking key, beside the outputs
        return self.out + len(OUTPUTS)

    def paired_flag(self, t: int) -> str:
        """The cell saying whether round ``t`` is paired (its number, else 0), above the working
        area's code block."""
        return self.cell(CODE, t, self.top - 3)

    @cached_property
    def last_paired(self) -> str:
        """The cell holding the last round paired (0 before round 1), absolute."""
        return f"${L(self.col(CODE, self.r))}${self.top - 3}"

    @cached_property
    def helpers(self) -> int:  # the first helper column
        return self.block(COLOUR_USED) + self.r + 1

    def cell(self, k: int, t: int, row: int) -> str:
        """Round ``t`` of ``k`` on ``row``."""
        return f"{self._letters[k][t]}{row}"

    @cached_property
    def _letters(self) -> list[list[str]]:
        """The letters of every round's column of every block (round ``r``: the block's last column)."""
        return [[L(self.col(k, t)) for t in range(self.r + 1)] for k in range(COLOUR_USED + 1)]

    def row_of(self, k: int, row: int) -> str:
        """Block ``k`` of the working area on one row."""
        return f"{L(self.block(k))}{row}:{L(self.block(k) + self.r - 1)}{row}"

    def column(self, k: int, t: int) -> str:
        """Round ``t`` of ``k`` over every player (absolute)."""
        letter = L(self.col(k, t))
        return f"${letter}${self.top}:${letter}${self.last}"

    def inputs(self, k: int) -> str:
        """Input ``k`` of every round over every player: one range per round, space-separated
        (as validations and conditional formats take them)."""
        return " ".join(self.column(k, t).replace("$", "") for t in range(self.r))

    @cached_property
    def rounds(self) -> str:
        """The rounds grid (the defined name ``Rounds``): every player, three columns per round."""
        return f"{L(self.grid)}{self.top}:{L(self.out - 1)}{self.last}"


def build(book: Book, players: int = 60, rounds: int = 9, prefill: dict[str, Any] | None = None) -> None:
    """Add the Swiss sheet for ``players`` (2–1000) and ``rounds`` (1–15) to ``book``.

    ``prefill`` may give per-player lists for the keys of :data:`FIELDS` and ``pairings``,
    ``colours`` and ``results`` (n×r).
    """
    at = Layout(players, rounds)
    data = prefill or {}
    ws = book.sheet("sheet.swiss")
    helpers = PlayerColumns(at.helpers)
    book.title(ws, "title.swiss", at.grid - 1, players=at.n, rounds=at.r)
    book.formula(ws, "A2", f.event_line())
    event_block(book, ws, row=3, first=at.out, helpers=helpers, g=(at.top, at.last), boxes_by_rule=True)
    _headers(book, ws, at, helpers)
    _rounds_paired(book, ws, at)
    per_round = _round_ranges(at)
    for i in range(at.n):
        _player_row(book, ws, at, helpers, i, data, per_round)
    area = _tiebreaks(book, ws, at, helpers, data)
    _names_and_checks(book, ws, at)
    _sheet_setup(book, ws, at)
    filled = len(tiebreak_slots.chosen(data.get("tiebreaks"), tiebreak_slots.SWISS, DEFAULT_SWISS))
    _standings(book, ws, at, area, filled)
    _crosstable(book, ws, at)
    # the references to the Swiss sheet's cells, made from each column's once
    absolute = {k: [column_ref(ws, at.col(k, t), absolute=True) for t in range(at.r)]
                for k in (OPPONENT, COLOUR_USED, CODE, RESULTS)}
    name_column = column_ref(ws, at.field("name"), absolute=True)
    pairings_sheet.build(
        book, at.n, at.r, opponent=lambda i, t: f"{absolute[OPPONENT][t]}{at.top + i}",
        colour=lambda i, t: f"{absolute[COLOUR_USED][t]}{at.top + i}",
        code=lambda i, t: f"{absolute[CODE][t]}{at.top + i}", result=lambda i, t: f"{absolute[RESULTS][t]}{at.top + i}",
        name=lambda i: f"{name_column}{at.top + i}",
        opponent_column=lambda t: ref(ws, at.column(OPPONENT, t).replace("$", "")))
    _norms(book, ws, at, helpers)


def _rounds_paired(book: Book, ws: Worksheet, at: Layout) -> None:
    """Above the code block: per round whether it is paired (someone has an opponent, a
    pairing-allocated bye ``U`` or a forfeit win ``+``), and the last round paired. A bye typed
    for a later round is pre-announced: it counts once that round is paired (C.07 article 16),
    as ``rate`` and ``export`` count it (:func:`elo_xl.event.load.hold_announced`)."""
    for t in range(at.r):
        results, bases = at.column(RESULTS, t), at.column(BASE, t)
        book.formula(ws, at.paired_flag(t), f'IF(OR(COUNTIF({at.column(OPPONENTS, t)},">0")>0,'
                                            f'{f.pairing_byes(results, bases)}>0,COUNTIF({bases},12)>0),{t + 1},0)',
                     fill=WORK_FILL)
    first, last = at.paired_flag(0), at.paired_flag(at.r - 1)
    book.formula(ws, at.last_paired.replace("$", ""), f"MAX({first}:{last})", fill=WORK_FILL)


def _tiebreaks(book: Book, ws: Worksheet, at: Layout, helpers: PlayerColumns,
               data: dict[str, Any]) -> tiebreak_columns.Area:
    """The tie-break slots on the Event sheet and the tie-break area right of the helper
    columns (:mod:`tiebreak_columns`); the Rank output and the ranking key become the one
    ranking (points, the chosen list, start number) and Buchholz C.07's (articles 8 and 16)."""
    codes = tiebreak_slots.chosen(data.get("tiebreaks"), tiebreak_slots.SWISS, DEFAULT_SWISS)
    book.tiebreak_slots(tiebreak_slots.SWISS, codes, data.get("tiebreak_rules") or VERSIONS[-1])
    area = tiebreak_columns.Area(helpers.first + len(HELPERS) + 1, at.n, at.r, at.top)
    row_of = lambda i: at.top + i  # noqa: E731
    tiebreak_columns.build(book, ws, area, tiebreak_columns.Sources(
        # the opponent and colour as counted, so a board typed on one row counts for both
        code=lambda i, t: at.cell(CODE, t, row_of(i)), pairing=lambda i, t: at.cell(OPPONENT, t, row_of(i)),
        colour=lambda i, t: at.cell(COLOUR_USED, t, row_of(i)), codes=lambda i: at.row_of(CODE, row_of(i)),
        colours=lambda i: at.row_of(COLOUR_USED, row_of(i)), points=lambda i: helpers.cell("points", row_of(i)),
        present=lambda i: helpers.cell("present", row_of(i)),
        rating_column=helpers.col("rating_value", at.top, at.last),
        round_columns=lambda t: (at.column(OPPONENT, t), at.column(CODE, t))))
    points = f"${L(at.out)}${at.top}:${L(at.out)}${at.last}"
    rank_col, bh_col = at.out + OUTPUTS.index("Rank"), at.out + OUTPUTS.index("Buchholz")
    bh = area.value0 + area.work.index("BH")
    for i in range(at.n):
        row = at.top + i
        present = helpers.cell("present", row)
        tiebreak_columns.write_rank(book, ws, area, row, points, f"{L(at.out)}{row}", present, f"{L(rank_col)}{row}")
        book.formula(ws, (row, bh_col), f.if_present(present, f"{L(bh)}{row}"), HALVES, OUTPUT_FILL)
        book.formula(ws, (row, at.key_col), f.copy_of(f"{L(rank_col)}{row}"), fill=WORK_FILL)
    book.name(names.RANK, ws, f"{L(rank_col)}{at.top}:{L(rank_col)}{at.last}")
    return area


def _norms(book: Book, ws: Worksheet, at: Layout, helpers: PlayerColumns) -> None:
    """The norms sheet: one slot per round; the rounds with no opponent and nothing typed are
    the rounds still to play (:func:`elo_xl.norms.evaluate`'s ``remaining``)."""
    code_starts, opponent_starts = ([column_ref(ws, at.col(k, t)) for t in range(at.r)] for k in (CODE, OPPONENT))

    def code(i: int, t: int | None) -> str:
        return row_ref(ws, at.row_of(CODE, at.top + i)) if t is None else f"{code_starts[t]}{at.top + i}"

    def rest(i: int) -> str:
        codes, pairings = code(i, None), row_ref(ws, at.row_of(OPPONENT, at.top + i))
        return f'COUNTIF({codes},{NOTHING})-COUNTIFS({codes},{NOTHING},{pairings},">0")'

    games = norms_sheet.Games(at.r, code, lambda i, t: f"{opponent_starts[t]}{at.top + i}", rest)
    cells = {key: L(at.field(field)) for key, field in (("names", "name"), ("ratings", "rating"),
                                                         ("titles", "title"), ("federations", "federation"))}
    norms_sheet.build(book, ws, at.top, at.n, cells, games, lambda i: row_ref(ws, helpers.cell("present", at.top + i)))


def _crosstable(book: Book, ws: Worksheet, at: Layout) -> None:
    """The printable grid (:mod:`crosstable_sheet`): every game from both sides, as counted."""
    def cell(column: int) -> Callable[[int], str]:
        start = column_ref(ws, column)
        return lambda i: f"{start}{at.top + i}"

    widths = {key: width for key, _, width in FIELDS}
    fields = [("col.no", cell(1), 5.0), *((header, cell(at.field(key)), widths[key]) for key, header in (
        ("title", "col.title"), ("name", "col.name"), ("federation", "col.federation"), ("rating", "col.rating")))]
    after = [(f"out.{key}", cell(at.out + OUTPUTS.index(key)), OUTPUT_FORMATS.get(key, "General"))
             for key in ("Points", "Rank")]
    starts = [tuple(column_ref(ws, at.col(k, t)) for k in (CODE, OPPONENT, COLOUR_USED)) for t in range(at.r)]
    crosstable_sheet.build(book, at.n, at.r, fields=fields, after=after, game=lambda i, t: tuple(
        f"{start}{at.top + i}" for start in starts[t]))


def _standings(book: Book, ws: Worksheet, at: Layout, area: tiebreak_columns.Area, filled: int) -> None:
    """The printable standings sheet: by points, then the chosen tie-breaks (the ``filled``
    slots filled when the book was made: no empty column prints), then start number."""
    out = {key: (f"out.{key}", at.out + OUTPUTS.index(key), OUTPUT_FORMATS.get(key))
           for key in ("Points", "Change", "NewRating")}
    fields = {key: (header, at.field(key), None) for key, header, _ in FIELDS}
    first = 6  # the tie-breaks' place among the columns below
    slots, headers = tiebreak_columns.standings_columns(area, first, max(1, filled), TIEBREAK)  # one format per column
    standings_sheet.build(book, ws, at.top, at.last, [
        ("col.no", 1, None), fields["name"], fields["title"], fields["federation"], fields["rating"],
        out["Points"], *slots, out["Change"], out["NewRating"]], at.key_col,
        at.out + OUTPUTS.index("Rank"), progress=f.sentence(book.t("standings.after_round", round="{round}"), round=(
            f.rounds_played([ref(ws, at.column(CODE, t).replace("$", "")) for t in range(at.r)]))),
        header_formulas=headers, note=tiebreak_columns.open_note(book))


def _headers(book: Book, ws: Worksheet, at: Layout, helpers: PlayerColumns) -> None:
    """The header rows: the players table, the rounds grid, the outputs, the working area."""
    hdr = at.top - 1
    book.header(ws, hdr, 1, "col.no")
    for k, (_, key, _) in enumerate(FIELDS):
        book.header(ws, hdr, 2 + k, key)
    for t in range(at.r):  # "Round N" over each round's opponent, colour and result
        book.header(ws, hdr - 1, at.col(OPPONENTS, t), "schedule.round", round=t + 1)
        merge(ws, hdr - 1, at.col(OPPONENTS, t), hdr - 1, at.col(RESULTS, t))
        for k, key in zip(INPUTS, names.ROUND_HEADERS):
            book.header(ws, hdr, at.col(k, t), key)
        for block, key in WORK_HEADERS:
            book.header(ws, hdr, at.block(block) + t, key, number=t + 1)
    for k, key in enumerate(OUTPUTS):
        book.header(ws, hdr, at.out + k, f"out.{key}")
    helpers.headers(book, ws, hdr)
    book.label(ws, f"{L(at.block(BASE))}{hdr - 1}", "work.title", bold=True)
    # on screen above the grid, where the boards are typed; not printed (outside the print area)
    book.label(ws, f"{L(at.grid)}{hdr - 2}", "swiss.type_here", bold=True)
    ws[f"{L(at.grid)}{hdr - 2}"].alignment = Alignment(wrap_text=True, vertical="bottom")
    merge(ws, hdr - 2, at.grid, hdr - 2, at.out - 1)


#: What every player's row reads of a round (:func:`_round_ranges`).
RoundRanges = tuple[list[int], list[str], str, str, str, str]


def _round_ranges(at: Layout) -> list[RoundRanges]:
    """What every player's row reads of round ``t``, made once per round: the round's columns
    and their letters (by block), its typed opponents, colours and result bases over every
    player, and the test of a round after the last paired."""
    columns = [[at.col(k, t) for k in range(COLOUR_USED + 1)] for t in range(at.r)]
    return [(columns[t], [L(c) for c in columns[t]], at.column(OPPONENTS, t), at.column(COLOURS, t),
             at.column(BASE, t), f"{t + 1}>{at.last_paired}") for t in range(at.r)]


def _player_row(book: Book, ws: Worksheet, at: Layout, helpers: PlayerColumns, i: int, data: dict[str, Any],
                per_round: list[RoundRanges]) -> None:
    """One player: his TRF fields and rounds (inputs), the working of each round, the outputs
    (``per_round``: :func:`_round_ranges`)."""
    row = at.top + i
    start = cell_at(ws, (row, 1))  # his start number
    start.value = i + 1
    set_style(start, alignment=CENTER)
    for k, (key, _, _) in enumerate(FIELDS):
        values = data.get(key) or []
        book.input_cell(ws, (row, 2 + k), values[i] if i < len(values) else None)
    grids = ((OPPONENTS, data.get("pairings") or []), (COLOURS, data.get("colours") or []),
             (RESULTS, data.get("results") or []))
    own, ratings = helpers.cell("rating_used", row), helpers.col("rating_used", at.top, at.last)
    number = f"$A{row}"
    for t, (cols, letters, typed, colours, bases, later) in enumerate(per_round):
        for block, grid in grids:
            value = grid[i][t] if i < len(grid) and t < len(grid[i]) else None
            if block == RESULTS and value == "=":  # TRF's draw: printed as the round robin prints it
                value = "½"
            book.input_cell(ws, (row, cols[block]), value, DRAW if block == RESULTS else None, centred=True)
        pairing, base, code, opp, who = (f"{letters[k]}{row}" for k in (OPPONENTS, BASE, CODE, OPP_USED, OPPONENT))
        book.formula(ws, (row, cols[OPPONENT]), f.implied_opponent(pairing, number, typed), fill=WORK_FILL)
        book.formula(ws, (row, cols[COLOUR_USED]), f.implied_colour(f"{letters[COLOURS]}{row}", pairing, who,
                                                                          colours), fill=WORK_FILL)
        book.formula(ws, (row, cols[BASE]), f.result_base(f"{letters[RESULTS]}{row}"), fill=WORK_FILL)
        book.formula(ws, (row, cols[CODE]), f.rounds_code(
            pairing, who, base, number, str(at.n), f"INDEX({typed},{who})", f"INDEX({bases},{who})",
            f"COUNTIF({typed},{who})", later), fill=WORK_FILL)
        book.formula(ws, (row, cols[OPP_USED]), f.counted_opponent(
            f"OR({code}<=2,{code}={f.PENDING})", own, f"INDEX({ratings},{who})"), fill=WORK_FILL)
        book.formula(ws, (row, cols[EXPECTED]), f.expected_if_counted(own, opp), fill=WORK_FILL)
    column = lambda key: f"{L(at.field(key))}{row}"  # noqa: E731
    helpers.write(book, ws, row, RowRanges(
        name=column("name"), rating=column("rating"), k=column("k"), codes=at.row_of(CODE, row),
        opp_used=at.row_of(OPP_USED, row), expected=at.row_of(EXPECTED, row)))
    present = helpers.cell("present", row)
    values = helpers.outputs(row)
    for k, key in enumerate(OUTPUTS):
        if key not in ("Buchholz", "Rank"):  # these and the rank's key come from the tie-break area (_tiebreaks)
            book.formula(ws, (row, at.out + k), f.if_present(present, values[key]), OUTPUT_FORMATS.get(key),
                         OUTPUT_FILL)


def _names_and_checks(book: Book, ws: Worksheet, at: Layout) -> None:
    """Defined names, validation and colours of the inputs and outputs."""
    for k, (key, _, _) in enumerate(FIELDS):
        book.name(names.PLAYER_FIELDS[key], ws, f"{L(2 + k)}{at.top}:{L(2 + k)}{at.last}")
    book.name(names.ROUNDS, ws, at.rounds)
    for k, key in enumerate(OUTPUTS):
        if key in names.PLAYER_OUTPUTS:  # the others are shown, not named (Rank is named with its key)
            book.name(key, ws, f"{L(at.out + k)}{at.top}:{L(at.out + k)}{at.last}")
    for key, kind in (("rating", "rating"), ("k", "k")):
        book.validate(ws, f"{L(at.field(key))}{at.top}:{L(at.field(key))}{at.last}", kind)
    book.validate(ws, at.inputs(OPPONENTS), "whole")
    book.validate(ws, at.inputs(COLOURS), "colour")
    book.validate(ws, at.inputs(RESULTS), "rounds")
    book.result_colours(ws, at.inputs(RESULTS), at.cell(RESULTS, 0, at.top))
    for t in range(at.r):  # a round's typed cells red where its game is a conflict; Black dark
        for k in (OPPONENTS, RESULTS):  # one range each: the code's column is relative to the range's corner
            book.conflict_colour(ws, at.column(k, t).replace("$", ""), at.cell(CODE, t, at.top))
        ws.conditional_formatting.add(at.column(COLOURS, t).replace("$", ""), FormulaRule(
            formula=[f'{at.cell(COLOURS, t, at.top)}="b"'], fill=PatternFill("solid", bgColor="404040"),
            font=Font(color="FFFFFF")))
    change = L(at.out + OUTPUTS.index("Change"))
    book.up_down(ws, f"{change}{at.top}:{change}{at.last}")


def _sheet_setup(book: Book, ws: Worksheet, at: Layout) -> None:
    """Widths, frozen panes, the printed area (the players table and the outputs), protection."""
    book.widths(ws, {1: 5, **{2 + k: w for k, (_, _, w) in enumerate(FIELDS)}})
    if book.lang == "ar":  # LibreOffice prints the Arabic "Sex" wider than the width estimate (layout.py) says
        book.widths(ws, {at.field("sex"): 8})
    book.widths(ws, {at.col(k, t): width for t in range(at.r) for k, width in zip(INPUTS, (4.5, 4, 4.5))})
    book.widths(ws, {at.out + k: OUTPUT_WIDTH for k in range(len(OUTPUTS))})
    book.widths(ws, {at.key_col: 3})
    ws.freeze_panes = f"{L(at.grid)}{at.top}"
    # printed: the players table and the rating outputs; the typed grid, half empty where a
    # board was typed on one row, is printed from the Crosstable sheet (every game from both sides)
    book.print_setup(ws, f"{L(at.out)}1:{L(at.key_col - 1)}{at.last}", f"{at.top - 1}:{at.top - 1}")
    ws.print_title_cols = f"A:{L(at.grid - 1)}"
    book.protect(ws)
