"""The rating columns every calculating book shares: per player, the helper columns of the
rating arithmetic, and the event's figures above the players (average rating, category, K_T).

Every calculating book ends in the same per-player arithmetic over a row of game codes (see
:mod:`formulas`): rated games, score, opponents' average, expected score, change, new rating,
performance and forecast. :class:`PlayerColumns` writes that arithmetic once, as helper
columns of the working area, given where a player's codes, opponents' ratings and expected
scores stand.
"""

from __future__ import annotations

from dataclasses import dataclass

from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment, Border
from openpyxl.utils import get_column_letter as L
from openpyxl.worksheet.worksheet import Worksheet

from . import formulas as f
from . import names
from .book import Book
from .layout import line_points, lines
from .style import BOLD, CATEGORY, GRID, OUTPUT_FILL, WORK_FILL, merge

#: The width of an output column beside the players (Swiss sheet): the event block's boxes span two.
OUTPUT_WIDTH = 9.5

#: The helper columns, in order, and the header key of each.
HELPERS = (
    "present", "rating_value", "rating_used", "k_given", "games", "halves", "opp_sum", "exp_sum",
    "k_eff", "average", "h", "n_exp", "unrounded", "change", "new", "performance",
    "points", "pend_games", "pend_sum", "pend_exp", "pend_h", "pend_tenths", "forecast", "conflicts",
)


@dataclass
class RowRanges:
    """Where one player's data stands (cell and range references on the same sheet)."""

    name: str  # the name cell
    rating: str  # the rating input cell
    k: str  # the K input cell
    codes: str  # the player's row of game codes
    opp_used: str  # the player's row of the opponents' ratings as each game counts them (0: not counted)
    expected: str  # the player's row of expected scores (percent)


class PlayerColumns:
    """The per-player helper columns, starting at column ``first`` of the working area."""

    def __init__(self, first: int):
        self.first = first
        self.column = {key: first + i for i, key in enumerate(HELPERS)}
        self._letters = {key: L(column) for key, column in self.column.items()}

    def cell(self, key: str, row: int) -> str:
        """The helper cell ``key`` of the player on ``row``."""
        return f"{self._letters[key]}{row}"

    def col(self, key: str, first_row: int, last_row: int) -> str:
        """The whole helper column ``key`` over the player rows."""
        letter = L(self.column[key])
        return f"${letter}${first_row}:${letter}${last_row}"

    def headers(self, book: Book, ws: Worksheet, row: int) -> None:
        """Header row of the helper columns."""
        for key, column in self.column.items():
            book.header(ws, row, column, f"work.{key}")

    def write(self, book: Book, ws: Worksheet, row: int, r: RowRanges, keys: tuple[str, ...] = HELPERS) -> None:
        """The helper formulas of the player on ``row``: all, or those of ``keys`` (a sheet
        without the forecast leaves its helpers out)."""
        c = lambda key: self.cell(key, row)  # noqa: E731
        codes, exp = r.codes, r.expected
        games = f'COUNTIFS({codes},"<=2",{r.opp_used},">0")'
        halves = f'SUMIFS({codes},{codes},"<=2",{r.opp_used},">0")'
        opp_sum = f'SUMIFS({r.opp_used},{codes},"<=2")'
        pend_games = f'COUNTIFS({codes},{f.PENDING},{r.opp_used},">0")'
        pend_sum = f"SUMIFS({r.opp_used},{codes},{f.PENDING})"
        unrated_fide = f.gets_initial_rating(c("rating_value"))
        cells = {
            "present": f'IF(OR({r.name}<>"",{c("rating_value")}>0),1,0)',
            "rating_value": f.rating_value(r.rating),
            "rating_used": f.rating_used(c("rating_value")),
            "k_given": f.k_given(r.k, c("rating_used")),
            "games": games,
            "halves": halves,
            "opp_sum": opp_sum,
            "exp_sum": f'SUMIFS({exp},{codes},"<=2")',
            "k_eff": f.k_effective(c("k_given"), c("games")),
            "average": f'IF({c("games")}=0,"",{f.average(c("opp_sum"), c("games"))})',
            "h": f'IF({c("games")}=0,0,{f.table_h(c("rating_used") + "-" + c("average"))})',
            "n_exp": f'IF(IsKvant,{f.n_exp_tenths(c("h"), c("games"))},0)',
            "unrounded": f'IF({unrated_fide},"",{f.change_unrounded(c("k_eff"), c("halves"), c("exp_sum"), c("n_exp"))})',
            "change": f'IF({unrated_fide},"",{f.change(c("unrounded"))})',
            "new": f'IF({unrated_fide},{f.initial_rating(c("opp_sum"), c("halves"), c("games"))},{c("rating_used")}+{c("change")})',
            "performance": f.performance(c("average"), c("halves"), c("games")),
            "points": f.points(codes),
            "pend_games": pend_games,
            "pend_sum": pend_sum,
            "pend_exp": f"SUMIFS({exp},{codes},{f.PENDING})",
            "pend_h": f'IF({c("pend_games")}=0,0,{f.table_h(c("rating_used") + "-" + f.average(c("pend_sum"), c("pend_games")))})',
            "pend_tenths": f'IF(IsKvant,{f.n_exp_tenths(c("pend_h"), c("pend_games"))},0)',
            "forecast": f'IF({unrated_fide},"",{c("points")}+IF(IsKvant,{c("pend_tenths")}/10,{c("pend_exp")}/100))',
            "conflicts": f.conflicts(codes),
        }
        column = self.column
        for key in keys:
            book.formula(ws, (row, column[key]), cells[key], fill=WORK_FILL)

    def outputs(self, row: int) -> dict[str, str]:
        """The per-player outputs every event book shows, by defined name (formula text)."""
        c = lambda key: self.cell(key, row)  # noqa: E731
        return {
            "Points": c("points"), "Games": c("games"), "Score": f.score(c("halves")), "OppAverage": c("average"),
            "Expected": self.expected_output(row), "Change": c("change"), "NewRating": c("new"),
            "Performance": c("performance"), "Forecast": c("forecast"), "KUsed": f.k_used(c("rating_value"), c("k_eff")),
        }

    def expected_output(self, row: int) -> str:
        """The 'expected score' output of the player on ``row``: N_exp, or ΣPD / ΣE."""
        c = lambda key: self.cell(key, row)  # noqa: E731
        return f'IF({f.gets_initial_rating(c("rating_value"))},"",IF(IsKvant,{c("n_exp")}/10,{c("exp_sum")}/100))'


def event_block(book: Book, ws: Worksheet, row: int, first: int, helpers: PlayerColumns, g: tuple[int, int],
                boxes_by_rule: bool = False) -> None:
    """Average rating, category, K_T and whether the event counts, conflicts: with their names.

    K_T and whether the event counts show under the Kvant article's rule sets only
    (:meth:`Book.kvant_only`). With ``boxes_by_rule`` their boxes have no border of their own
    and are drawn by a conditional format under those rule sets: a file saved by LibreOffice
    loses the colour of a conditional border, so a white border that hides a box prints black
    (empty black boxes where the hidden block is)."""
    g0, g_last = g
    present = helpers.col("present", g0, g_last)
    value = helpers.col("rating_value", g0, g_last)
    used = helpers.col("rating_used", g0, g_last)
    conflicts = helpers.col("conflicts", g0, g_last)
    rated_sum, rated_count = f'SUMIF({value},">0")', f'COUNTIF({value},">0")'
    kvant_sum, kvant_count = f"SUMIF({present},1,{used})", f"SUM({present})"
    average, category, kt, counts, conflicts_name = names.EVENT_OUTPUTS
    items = [
        (average, "event.average", f.event_average(rated_sum, rated_count, kvant_sum, kvant_count)),
        (category, "event.category", f.category(average)),
        (kt, "event.kt", f.if_kvant(average)),
        (counts, "event.counts", f.event_counts(rated_count, kvant_count, average)),
        (conflicts_name, "event.conflicts", f"SUM({conflicts})"),
    ]
    column = first
    for name, key, text in items:
        if boxes_by_rule and name in (kt, counts):
            # the label too is shown by the rule set, not hidden by a white font (a file saved by
            # LibreOffice prints an Arabic white-font label in black)
            words = book.shown(key)
            book.formula(ws, f"{L(column)}{row - 1}", 'IF(IsKvant,"' + words.replace('"', '""') + '","")')
            ws[f"{L(column)}{row - 1}"].font = BOLD
            given = ws.row_dimensions[row - 1].height if row - 1 in ws.row_dimensions else None
            need = lines(words, 2 * OUTPUT_WIDTH, bold=True) * line_points() + 3
            ws.row_dimensions[row - 1].height = max(need, given or 0.0)
        else:
            book.label(ws, f"{L(column)}{row - 1}", key, bold=True)
        ws[f"{L(column)}{row - 1}"].alignment = Alignment(wrap_text=True, vertical="bottom", horizontal="center")
        merge(ws, row - 1, column, row - 1, column + 1)
        book.formula(ws, f"{L(column)}{row}", text, fill=OUTPUT_FILL)
        ws[f"{L(column)}{row}"].font = BOLD
        ws[f"{L(column)}{row}"].alignment = Alignment(horizontal="center")
        merge(ws, row, column, row, column + 1)
        book.name(name, ws, f"{L(column)}{row}")
        if name in (kt, counts):
            book.kvant_only(ws, f"{L(column)}{row - 1}:{L(column + 1)}{row}", borders=not boxes_by_rule)
            if boxes_by_rule:
                for c in (column, column + 1):  # the merged cell's second half keeps the grid's right edge
                    ws.cell(row=row, column=c).border = Border()
                ws.conditional_formatting.add(f"{L(column)}{row}:{L(column + 1)}{row}",
                                              FormulaRule(formula=["IsKvant"], border=GRID))
        if name == category:
            ws[f"{L(column)}{row}"].number_format = CATEGORY
        column += 2

