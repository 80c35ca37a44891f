"""The team book: the teams and their rosters, the rounds typed board by board, and the team
standings by match points and C.07's team tie-breaks, in native formulas.

Sheets, after the Event sheet (its tie-break slots are ``TeamTiebreakList``):

* **Teams**: the points of a match won, drawn and lost and of a pairing-allocated bye (rows
  3–7); from row :data:`TOP` the teams table (number, name, average rating of its rated
  players) and beside it the rosters, one row per roster place, team by team in board order
  (team, place, start number, name, rating). Right of them, locked, the working: per team and
  round its kind of round, opponent, game and match points and the elements of its tie-breaks
  (:mod:`team_formulas`), then its totals, tie-break values, rank and the working of the
  extended direct encounter, TBR and BBE (:mod:`team_encounter`).
* **Rounds**: per round six columns side by side (``TeamRounds``): home team, away team, board,
  the home and away players' start numbers and the home player's result, one row per board;
  a team's round without a board (a bye, a forfeited match) on a row without a board. The
  working of each row is to the right.
* **Standings**: the teams in rank order (match points, the tie-breaks of the list, team number).

>>> TeamLayout(14, 4, 7).roster_size, TeamLayout(14, 4, 7).rows
(6, 30)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter as L
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from ..tiebreaks import VERSIONS
from . import formulas as f
from . import names
from . import team_crosstable
from . import team_encounter as te
from . import team_formulas as tf
from . import team_pairings_sheet
from . import team_players
from .book import Book
from .layout import longest_word
from .pages import MIN_PRINT_SCALE, PAGE_POINTS, PAGE_SLACK, pages_tall, points
from .style import BOLD, CENTER, CONFLICT_FILL, DRAW, HALVES, OUTPUT_FILL, TIEBREAK, WORK_FILL, merge, ref

#: The team tie-breaks the book computes (match points primary), in the order of its value columns.
OFFERED = ("MPvGP", "GP", "BH:MP", "BH:GP", "BH:MP/C1", "BH:GP/C1", "BH:MP/C2", "BH:GP/C2", "BH:MP/M1", "BH:GP/M1",
           "EMMSB", "EMGSB", "EGMSB", "EGGSB", "ESB", "EMMSB/C1", "EMGSB/C1", "EGMSB/C1", "EGGSB/C1", "ESB/C1",
           "SSSC", "BC", *te.EDE_CODES, *te.RANK_WITHIN)
#: The codes whose lower value ranks higher: board count, and a place among the teams still tied (EDE, TBR, BBE).
ASCENDING = ("BC", *te.EDE_CODES, *te.RANK_WITHIN)
#: The list a book starts with when none is given: FIDE's default as far as the book computes it.
DEFAULT = ("MPvGP", "BH:MP/C1", "EMGSB/C1", "BH:MP")
TOP = 10  # the first row of the teams and rosters (headers on the row above)
ROUNDS_TOP = 6  # the first row of the rounds (the round's number and the headers above)
#: The working of a rounds row, one column each per round: the result's code, each side's kind
#: of round (plus one; 0 on a board), each side's game points, a board waiting for its result, and
#: each side's boards weighted for BC, TBR, BBE and EDE's board criteria (:data:`team_encounter.ROW_WORK`).
ROW_WORK = ("base", "home_kind", "away_kind", "home_points", "away_points", "pending", *te.ROW_WORK)
#: The working per team and round, one block of columns each.
#: The extended Sonneborn-Berger's two scores: the opponent's (first letter) and the team's own (second).
PAIRS = ("mm", "mg", "gm", "gg")
BLOCKS = ("typed", "opp", "kind", "wait", "gp", "ogp", "mp", "avail", "late", "vur", "vmp", "vgp", "kmp", "kgp",
          "lmp", "lgp", *(f"c{xy}" for xy in PAIRS), *(f"u{xy}" for xy in PAIRS))
#: The totals per team after the blocks.
TOTALS = ("MP", "GP", "last", "adjMP", "adjGP", "lowMP", "lowGP")
SLOTS = 6


@dataclass(frozen=True)
class TeamLayout:
    """Where everything stands for ``n`` teams of ``boards`` boards and ``r`` rounds."""

    n: int
    boards: int
    r: int
    roster: int = 0  # roster places per team (0: the boards and two reserves)
    round_rows: int = 0  # rows per round (0: every match's boards and two rows for byes)

    @cached_property
    def roster_size(self) -> int:
        """A file's longest roster (at least the boards), else the boards and two reserves."""
        return max(self.roster, self.boards) if self.roster else self.boards + 2

    @cached_property
    def rows(self) -> int:
        return max(self.round_rows, -(-self.n // 2) * self.boards + 2)

    @cached_property
    def last(self) -> int:  # the last team's row
        return TOP + self.n - 1

    @cached_property
    def roster_last(self) -> int:
        return TOP + self.n * self.roster_size - 1

    # the Teams sheet: A–C the teams, E–I the rosters, the working from K
    def block(self, name: str, t: int) -> int:
        return 11 + BLOCKS.index(name) * (self.r + 1) + t

    def cell(self, name: str, t: int, row: int) -> str:
        return f"{L(self.block(name, t))}{row}"

    def row_of(self, name: str, row: int) -> str:
        """A block's rounds on one team's row."""
        return f"{L(self.block(name, 0))}{row}:{L(self.block(name, self.r - 1))}{row}"

    @cached_property
    def counted(self) -> str:
        """The cell holding the rounds counted (the last round anyone has a match or a bye)."""
        return f"${L(self.block('typed', self.r))}${TOP - 2}"

    def total(self, name: str) -> int:
        return self.block(BLOCKS[-1], self.r) + 1 + TOTALS.index(name)

    def value(self, code: str) -> int:
        return self.total(TOTALS[-1]) + 1 + OFFERED.index(code)

    def slot(self, k: int) -> int:
        return self.value(OFFERED[-1]) + 1 + k

    @cached_property
    def rank(self) -> int:
        return self.slot(SLOTS)

    def key(self, k: int) -> int:  # slot k as the rank compares it: the higher ranks higher
        return self.rank + 1 + k

    def column(self, c: int, first: int | None = None, last: int | None = None) -> str:
        return f"{L(c)}{first or TOP}:{L(c)}{last or self.last}"

    # the Rounds sheet
    def input_col(self, t: int, k: int) -> int:
        return 1 + 6 * t + k

    def work_col(self, t: int, name: str) -> int:
        return 6 * self.r + 2 + len(ROW_WORK) * t + ROW_WORK.index(name)

    @cached_property
    def rounds_last(self) -> int:
        return ROUNDS_TOP + self.rows - 1


def build(book: Book, teams: int = 10, boards: int = 4, rounds: int = 9, prefill: dict[str, Any] | None = None) -> None:
    """Add the Teams, Rounds and Standings sheets of ``teams`` teams of ``boards`` boards and
    ``rounds`` rounds to ``book`` (its Event sheet made).

    ``prefill`` may give ``teams`` (names), ``roster`` (per team, its (start number, name,
    rating) in board order), ``rounds`` (per round, rows of (home, away, board, home player,
    away player, result)), ``points`` (a match won, drawn, lost, a PAB's match and game points),
    ``tiebreaks`` and ``tiebreak_rules``.
    """
    data = prefill or {}
    roster = data.get("roster") or []
    rows = max((len(rows) for rows in data.get("rounds") or []), default=0)
    at = TeamLayout(teams, boards, rounds, max((len(r) for r in roster), default=0), rows)
    chosen = [c for c in (data.get("tiebreaks") or DEFAULT)][:SLOTS]
    book.tiebreak_slots(OFFERED, chosen, str(data.get("tiebreak_rules") or VERSIONS[-1]), team=True,
                        one_of=te.EDE_CODES, not_after=((("TBR", "BBE"), te.EDE_CODES), (("BBE",), ("TBR",))))
    teams_ws = book.sheet("sheet.teams")
    rounds_ws = book.sheet("sheet.team_rounds")
    _teams(book, teams_ws, at, data)
    _rounds(book, rounds_ws, at, data)
    _working(book, teams_ws, rounds_ws, at)
    _standings(book, teams_ws, at, len(chosen))
    results = team_crosstable.Sources(teams_ws, rounds_ws, at, TOP, ROUNDS_TOP, fixed_scale)
    team_crosstable.build(book, results)  # the Crosstable, the Players and the Boards
    team_players.build(book, results)

    def column(t: int, name: str) -> str:
        c = L(at.input_col(t, 0) if name == "home" else at.work_col(t, name))
        return ref(rounds_ws, f"${c}${ROUNDS_TOP}:${c}${at.rounds_last}")
    team_pairings_sheet.build(book, at.n, at.boards, at.r, at.rows, column)


def _teams(book: Book, ws: Worksheet, at: TeamLayout, data: dict[str, Any]) -> None:
    """The points of a match and of a PAB, the teams table and the rosters."""
    book.title(ws, "title.teams", 9, teams=at.n, boards=at.boards)
    book.formula(ws, "A2", f.event_line())
    scoring = list(data.get("points") or (2, 1, 0, 2, at.boards))
    for k, (key, name) in enumerate(zip(("team.match_won", "team.match_drawn", "team.match_lost", "team.pab_mp",
                                         "team.pab_gp"), names.TEAM_POINTS)):
        row = 3 + k
        book.label(ws, f"E{row}", key, bold=True)
        merge(ws, row, 5, row, 8)
        book.input_cell(ws, f"I{row}", scoring[k], centred=True)
        book.validate(ws, f"I{row}", "points")
        book.name(name, ws, f"I{row}")
    hdr = TOP - 1
    for column, key in enumerate(("col.no", "col.team", "col.team_average"), start=1):
        book.header(ws, hdr, column, key)
    for column, key in enumerate(("col.team", "col.board", "col.no", "col.name", "col.rating"), start=5):
        book.header(ws, hdr, column, key)
    book.label(ws, f"E{hdr - 1}", "team.roster", bold=True)
    names_given = data.get("teams") or []
    rosters = data.get("roster") or []
    size = at.roster_size
    team_col, rating_col = f"$E${TOP}:$E${at.roster_last}", f"$I${TOP}:$I${at.roster_last}"
    for i in range(at.n):
        row = TOP + i
        ws.cell(row=row, column=1, value=i + 1).alignment = CENTER
        book.input_cell(ws, f"B{row}", names_given[i] if i < len(names_given) else None)
        book.formula(ws, f"C{row}", f'IFERROR(ROUND(SUMIFS({rating_col},{team_col},$A{row},{rating_col},">0")/'
                                    f'COUNTIFS({team_col},$A{row},{rating_col},">0"),0),"")', fill=OUTPUT_FILL,
                     centred=True)
        members = rosters[i] if i < len(rosters) else []
        for k in range(size):
            place = TOP + i * size + k
            ws.cell(row=place, column=5, value=i + 1).alignment = CENTER
            ws.cell(row=place, column=6, value=k + 1).alignment = CENTER
            numbered = None if rosters else i * size + k + 1  # a new book: team by team, board by board
            no, name, rating = members[k] if k < len(members) else (numbered, None, None)
            book.input_cell(ws, f"G{place}", no, centred=True)
            book.input_cell(ws, f"H{place}", name)
            book.input_cell(ws, f"I{place}", rating, centred=True)
    book.name(names.TEAM_NAMES, ws, f"B{TOP}:B{at.last}")
    book.name(names.TEAM_OUTPUTS[0], ws, f"C{TOP}:C{at.last}")
    for column, name in zip("GHI", names.ROSTER_FIELDS):
        book.name(name, ws, f"{column}{TOP}:{column}{at.roster_last}")
    book.name("RosterTeams", ws, f"E{TOP}:E{at.roster_last}")  # the book's own working
    book.validate(ws, f"G{TOP}:G{at.roster_last}", "whole")
    book.validate(ws, f"I{TOP}:I{at.roster_last}", "rating")
    book.widths(ws, {1: 5, 2: 26, 3: 10, 4: 3, 5: 7, 6: 7, 7: 7, 8: 28, 9: 10, 10: 3})
    ws.freeze_panes = f"A{TOP}"
    ws.row_dimensions[1].height = 20
    ws.row_dimensions[hdr].height = 30  # a header of two lines
    book.print_setup(ws, f"A1:I{at.roster_last}", f"{hdr}:{hdr}")
    fixed_scale(ws, at.roster_last, f"{hdr}:{hdr}", points(ws, 1, 9))


def _rounds(book: Book, ws: Worksheet, at: TeamLayout, data: dict[str, Any]) -> None:
    """Per round six input columns side by side, one row per board, and each row's working."""
    # each column as wide as its header's longest word (bold), at least 5.5
    wide = [max(5.5, longest_word(book.t(key), bold=True) + 0.8) for key in names.TEAM_ROUND_HEADERS]
    book.widths(ws, {at.input_col(t, k): wide[k] for t in range(at.r) for k in range(6)})
    across = _rounds_per_page(at.r, points(ws, 1, 6))
    book.title(ws, "title.team_rounds", 6 * across, rounds=at.r)
    book.formula(ws, "A2", f.event_line())
    book.label(ws, "A3", "team.type_here", bold=True)
    ws["A3"].alignment = Alignment(wrap_text=True, vertical="top")
    merge(ws, 3, 1, 3, 6 * across)
    ws.row_dimensions[3].height = 60
    hdr = ROUNDS_TOP - 1
    typed = data.get("rounds") or []
    # through names: a conditional format may not name another sheet in Excel 2007
    roster_teams, roster_nos = "RosterTeams", names.ROSTER_FIELDS[0]
    for t in range(at.r):
        first = at.input_col(t, 0)
        book.header(ws, hdr - 1, first, "schedule.round", round=t + 1)
        merge(ws, hdr - 1, first, hdr - 1, first + 5)
        for k, key in enumerate(names.TEAM_ROUND_HEADERS):
            book.header(ws, hdr, first + k, key)
        for k, key in enumerate(ROW_WORK):
            book.header(ws, hdr, at.work_col(t, key), "col.number", number=f"{key} {t + 1}")
        rows = typed[t] if t < len(typed) else []
        cells = [L(first + k) for k in range(6)]
        home, away, board, home_player, away_player, result = cells
        for j in range(at.rows):
            row = ROUNDS_TOP + j
            values = rows[j] if j < len(rows) else (None,) * 6
            for k, column in enumerate(cells):
                value = values[k]
                if k == 5 and value == "=":
                    value = "½"
                book.input_cell(ws, f"{column}{row}", value, DRAW if k == 5 else None, centred=True)
            work = {key: f"{L(at.work_col(t, key))}{row}" for key in ROW_WORK}
            b, x = f"{board}{row}", work["base"]
            book.formula(ws, x, f.result_base(f"{result}{row}"), fill=WORK_FILL)
            book.formula(ws, work["home_kind"], tf.home_kind(b, x, f"{result}{row}"), fill=WORK_FILL)
            book.formula(ws, work["away_kind"], tf.away_kind(b, x), fill=WORK_FILL)
            book.formula(ws, work["home_points"], tf.home_points(b, x, f"{result}{row}", at.boards), fill=WORK_FILL)
            book.formula(ws, work["away_points"], tf.away_points(b, x, at.boards), fill=WORK_FILL)
            book.formula(ws, work["pending"], tf.pending(b, x, f"{home}{row}"), fill=WORK_FILL)
            for key, text in te.board_weights(b, work["home_points"], work["away_points"], at.boards, at.r).items():
                book.formula(ws, work[key], text, fill=WORK_FILL)
        span = lambda c: f"{c}{ROUNDS_TOP}:{c}{at.rounds_last}"  # noqa: E731
        for column in (home, away, board, home_player, away_player):
            book.validate(ws, span(column), "whole")
        book.validate(ws, span(result), "rounds")
        book.result_colours(ws, span(result), f"{result}{ROUNDS_TOP}")
        # a player who is not on the roster of the team typed beside him: red
        for player, team in ((home_player, home), (away_player, away)):
            top = f"{player}{ROUNDS_TOP}"
            his_team = f"IFERROR(INDEX({roster_teams},MATCH({top},{roster_nos},0)),0)"
            ws.conditional_formatting.add(span(player), FormulaRule(
                formula=[f'AND({top}<>"",{his_team}<>{team}{ROUNDS_TOP})'],
                fill=CONFLICT_FILL, font=Font(color="FFFFFF", bold=True)))
        if at.boards > 1:
            _out_of_order(ws, at, cells, roster_nos)
    book.name(names.TEAM_ROUNDS, ws, f"A{ROUNDS_TOP}:{L(6 * at.r)}{at.rounds_last}")
    book.label(ws, f"{L(at.work_col(0, 'base'))}{hdr - 1}", "work.title", bold=True)
    ws.freeze_panes = f"A{ROUNDS_TOP}"
    book.print_setup(ws, f"A1:{L(6 * at.r)}{at.rounds_last}", f"{hdr - 1}:{hdr}")
    # whole rounds on each page, as many as a readable scale allows (a fixed scale: fitting to
    # pages ignores manual breaks)
    ws.row_dimensions[1].height = 20
    fixed_scale(ws, at.rounds_last, f"{hdr - 1}:{hdr}", points(ws, 1, 6 * across), -(-at.r // across))
    for t in range(across, at.r, across):
        ws.col_breaks.append(Break(id=6 * t))
    book.protect(ws)


#: The fill of a player placed above a team-mate the roster ranks ahead of him.
ORDER_FILL = PatternFill("solid", fgColor="F4B084", bgColor="F4B084")


def out_of_order_rule(cells: list[str], player: int, row: int, boards: int, roster_nos: str) -> str:
    """The conditional format's formula of a player's cell (``cells``: a round's six columns,
    ``player``: 3 home, 4 away) on ``row``: true when a later board of the same match, on the
    ``boards − 1`` rows below (a match typed board under board), seats a team-mate the roster
    (``roster_nos``) ranks ahead of him (the order ``export`` notes). One test per row, scalar
    functions only, so that every spreadsheet computes it alike.

    >>> out_of_order_rule(["A", "B", "C", "D", "E", "F"], 3, 6, 2, "RosterNos")
    'AND(D6<>"",OR(AND(A7=A6,B7=B6,C7>C6,IFERROR(MATCH(D7,RosterNos,0)<MATCH(D6,RosterNos,0),FALSE))))'
    """
    home, away, board, me = cells[0], cells[1], cells[2], cells[player]
    rank = lambda r: f"MATCH({me}{r},{roster_nos},0)"  # noqa: E731
    tests = [f"AND({home}{r}={home}{row},{away}{r}={away}{row},{board}{r}>{board}{row},"
             f"IFERROR({rank(r)}<{rank(row)},FALSE))" for r in range(row + 1, row + boards)]
    return f'AND({me}{row}<>"",OR({",".join(tests)}))'


def _out_of_order(ws: Worksheet, at: TeamLayout, cells: list[str], roster_nos: str) -> None:
    """A round's player cells: orange when the player sits above a team-mate the roster ranks
    ahead of him (:func:`out_of_order_rule`)."""
    for k in (3, 4):
        ws.conditional_formatting.add(f"{cells[k]}{ROUNDS_TOP}:{cells[k]}{at.rounds_last}", FormulaRule(
            formula=[out_of_order_rule(cells, k, ROUNDS_TOP, at.boards, roster_nos)], fill=ORDER_FILL,
            font=Font(bold=True)))


def fixed_scale(ws: Worksheet, bottom: int, title_rows: str, width: float, across: int = 1) -> None:
    """Print rows 1–``bottom`` at the largest scale (percent, at least
    :data:`~elo_xl.workbook.pages.MIN_PRINT_SCALE`) that prints ``width`` points across one page
    and the fewest pages down (no page of the repeated headers and a row or two); ``across``
    pages wide (their breaks set by the caller)."""
    height = lambda r: ws.row_dimensions[r].height or 15.0  # noqa: E731
    first, last = (int(x) for x in title_rows.split(":"))
    heights = [height(r) for r in range(1, bottom + 1)]
    header = sum(height(r) for r in range(first, last + 1))
    best: tuple[int, int] | None = None
    for scale in range(100, int(-(-MIN_PRINT_SCALE * 100 // 1)) - 1, -1):
        if width * scale / 100 > PAGE_POINTS * PAGE_SLACK:
            continue
        pages = pages_tall(heights, header, scale / 100 / PAGE_SLACK)
        if best is None or pages < best[1]:
            best = (scale, pages)
    ws.sheet_properties.pageSetUpPr.fitToPage = False
    ws.page_setup.fitToWidth = across
    ws.page_setup.scale = best[0] if best else int(-(-MIN_PRINT_SCALE * 100 // 1))


def _rounds_per_page(rounds: int, width: float) -> int:
    """The rounds printed side by side on a page, a round ``width`` points wide: the fewest pages
    across at a scale of at least :data:`~elo_xl.workbook.pages.MIN_PRINT_SCALE`, spread evenly.

    >>> _rounds_per_page(7, 211.5), _rounds_per_page(2, 211.5), _rounds_per_page(9, 211.5)
    (4, 2, 3)
    """
    most = max(1, int(PAGE_POINTS * PAGE_SLACK // (width * MIN_PRINT_SCALE)))
    pages = -(-rounds // most)
    return -(-rounds // pages)


def _working(book: Book, ws: Worksheet, rounds_ws: Worksheet, at: TeamLayout) -> None:
    """Per team and round what the round gave it and the elements of its tie-breaks; per team
    the totals, the tie-break values, the slots of the list and the rank."""
    hdr = TOP - 1
    book.label(ws, f"{L(at.block('typed', 0))}{hdr - 2}", "work.title", bold=True)
    for name in BLOCKS:
        for t in range(at.r):
            book.header(ws, hdr, at.block(name, t), "col.number", number=f"{name} {t + 1}")
    for name in TOTALS:
        book.header(ws, hdr, at.total(name), "col.number", number=name)
    for code in OFFERED:
        book.header(ws, hdr, at.value(code), "col.number", number=code)
    for k in range(SLOTS):
        book.header(ws, hdr, at.slot(k), "col.number", number=f"TB{k + 1}")
    book.header(ws, hdr, at.rank, "out.Rank")
    for k in range(SLOTS):
        book.header(ws, hdr, at.key(k), "col.number", number=f"key {k + 1}")
    for code in OFFERED:  # how the rank compares each code: 1 the higher first, -1 the lower (a place)
        book.formula(ws, f"{L(at.value(code))}{TOP - 2}", "-1" if code in ASCENDING else "1", fill=WORK_FILL)
    counted = at.counted
    for t in range(at.r):  # above the kinds: whether anyone has a match or a bye in the round
        kinds = at.column(at.block("kind", t)).split(":")
        book.formula(ws, f"{L(at.block('typed', t))}{TOP - 2}",
                     f'IF(COUNTIF(${kinds[0]}:${kinds[1]},"<{tf.ABSENT}")>0,{t + 1},0)', fill=WORK_FILL)
    book.formula(ws, counted.replace("$", ""), f"MAX({L(at.block('typed', 0))}{TOP - 2}:"
                                               f"{L(at.block('typed', at.r - 1))}{TOP - 2})", fill=WORK_FILL)
    adj = {score: ref(ws, at.column(at.total(f"adj{score}"))) for score in ("MP", "GP")}

    def team_sides(t: int, home: str, away: str, row: int) -> str:  # a Rounds working column, the team's side
        def column(key: str) -> str:
            letter = L(at.work_col(t, key))
            return ref(rounds_ws, f"{letter}{ROUNDS_TOP}:{letter}{at.rounds_last}")
        homes, aways = (ref(rounds_ws, f"{L(at.input_col(t, k))}{ROUNDS_TOP}:{L(at.input_col(t, k))}{at.rounds_last}")
                        for k in (0, 1))
        return tf.both_sides(f"$A{row}", homes, aways, column(home), column(away))
    before_ede = (at.value(OFFERED[0]), at.value(OFFERED[OFFERED.index(te.EDE_CODES[0]) - 1]))
    encounter = te.EncounterLayout(at.key(SLOTS), at.r)
    ede = te.encounter(book, ws, encounter, TOP, at.last, at.boards, lambda name, t, row: at.cell(name, t, row),
                       team_sides, before_ede, lambda columns, row: _ahead(at, [at.total("MP"), *columns], row))
    within, column = {}, ede + 1
    for code, criterion in te.RANK_WITHIN.items():  # each after the value columns it may follow in the list
        kinds = lambda row: at.row_of("kind", row)  # noqa: E731
        within[code] = te.rank_within(
            book, ws, column, code, TOP, at.last,
            lambda row, c=criterion: te.board_total(encounter, row, kinds(row), at.boards, at.r, c),
            (at.value(OFFERED[0]), at.value(OFFERED[OFFERED.index(code) - 1])),
            lambda columns, row: _ahead(at, [at.total("MP"), *columns], row))
        column = within[code] + 1
    for i in range(at.n):
        row = TOP + i
        team = f"$A{row}"
        c = lambda name, t: at.cell(name, t, row)  # noqa: E731
        own = {score: f"${L(at.total(score))}{row}" for score in ("MP", "GP")}
        for t in range(at.r):
            def rcol(k: int) -> str:
                return ref(rounds_ws, f"{L(at.input_col(t, k))}{ROUNDS_TOP}:{L(at.input_col(t, k))}{at.rounds_last}")

            def wcol(key: str) -> str:
                column = L(at.work_col(t, key))
                return ref(rounds_ws, f"{column}{ROUNDS_TOP}:{column}{at.rounds_last}")
            homes, aways = rcol(0), rcol(1)
            sides = lambda h, a: tf.both_sides(team, homes, aways, h, a)  # noqa: E731
            n = t + 1
            cells = {
                "typed": sides(wcol("home_kind"), wcol("away_kind")),
                "opp": tf.team_opponent(team, homes, aways),
                "kind": tf.team_kind(c("typed", t), c("opp", t)),
                "wait": sides(wcol("pending"), wcol("pending")),
                "gp": f"IF(OR({c('kind', t)}={tf.ABSENT},AND({c('kind', t)}={tf.GAME},{c('wait', t)}>0)),0,"
                      f"{sides(wcol('home_points'), wcol('away_points'))})",
                "ogp": sides(wcol("away_points"), wcol("home_points")),
                "mp": tf.match_points(c("kind", t), c("wait", t), c("gp", t), c("ogp", t)),
                "avail": f"IF(OR({c('kind', t)}=0,{c('kind', t)}=1,{c('kind', t)}=3,{c('kind', t)}=4),{n},0)",
                "late": f"IF(AND({n}<={counted},OR({c('kind', t)}=5,{c('kind', t)}=6,{c('kind', t)}=7),"
                        f"{n}>${L(at.total('last'))}{row}),1,0)",
                "vur": f"IF(AND({n}<={counted},OR({c('kind', t)}=2,{c('kind', t)}=5,{c('kind', t)}=6,"
                       f"{c('kind', t)}=7)),1,0)",
                "vmp": tf.round_value(c("kind", t), c("opp", t), n, counted, own["MP"], adj["MP"], "MatchDraw",
                                      "TbNew"),
                "vgp": tf.round_value(c("kind", t), c("opp", t), n, counted, own["GP"], adj["GP"],
                                      f"{at.boards / 2:g}", "TbNew"),
                "kmp": f"IF({n}>{counted},{3 * tf.BIG},{c('vmp', t)}-{c('vur', t)}*{tf.BIG})",
                "kgp": f"IF({n}>{counted},{3 * tf.BIG},{c('vgp', t)}-{c('vur', t)}*{tf.BIG})",
                "lmp": f"IF({n}>{counted},{3 * tf.BIG},{c('vmp', t)})",
                "lgp": f"IF({n}>{counted},{3 * tf.BIG},{c('vgp', t)})",
            }
            for xy in PAIRS:  # the ESB cut's candidates: its products at the lowest opponent, and in VURs
                theirs, ours = c(f"v{xy[0]}p", t), c(f"{xy[1]}p", t)
                low = f"${L(at.total(f'low{xy[0].upper()}P'))}{row}"
                cells[f"c{xy}"] = f"IF(AND({n}<={counted},{theirs}={low}),{theirs}*{ours},{3 * tf.BIG})"
                cells[f"u{xy}"] = f"IF({c('vur', t)}=1,{theirs}*{ours},{3 * tf.BIG})"
            for name in BLOCKS:
                book.formula(ws, c(name, t), cells[name], fill=WORK_FILL)
        block = lambda name: at.row_of(name, row)  # noqa: E731
        totals = {
            "MP": f"SUM({block('mp')})", "GP": f"SUM({block('gp')})", "last": f"MAX({block('avail')})",
            "adjMP": f"{own['MP']}+MatchDraw*SUM({block('late')})-SUMPRODUCT({block('late')},{block('mp')})",
            "adjGP": f"{own['GP']}+{at.boards / 2:g}*SUM({block('late')})-SUMPRODUCT({block('late')},{block('gp')})",
            "lowMP": f"MIN({block('lmp')})", "lowGP": f"MIN({block('lgp')})",
        }
        for name, text in totals.items():
            book.formula(ws, f"{L(at.total(name))}{row}", text, fill=WORK_FILL)
        bh = {score: f"{L(at.value(f'BH:{score}'))}{row}" for score in ("MP", "GP")}
        values = {
            "MPvGP": own["GP"], "GP": own["GP"], "BH:MP": f"SUM({block('vmp')})", "BH:GP": f"SUM({block('vgp')})",
            "BH:MP/C1": tf.buchholz_cut(bh["MP"], block("kmp"), counted),
            "BH:GP/C1": tf.buchholz_cut(bh["GP"], block("kgp"), counted),
            "BH:MP/C2": tf.buchholz_cut2(bh["MP"], block("kmp"), counted),
            "BH:GP/C2": tf.buchholz_cut2(bh["GP"], block("kgp"), counted),
            "BH:MP/M1": tf.buchholz_median(bh["MP"], block("kmp"), block("vmp"), counted),
            "BH:GP/M1": tf.buchholz_median(bh["GP"], block("kgp"), block("vgp"), counted),
            "EMMSB": f"SUMPRODUCT({block('vmp')},{block('mp')})", "EMGSB": f"SUMPRODUCT({block('vmp')},{block('gp')})",
            "EGMSB": f"SUMPRODUCT({block('vgp')},{block('mp')})", "EGGSB": f"SUMPRODUCT({block('vgp')},{block('gp')})",
            "ESB": f"SUMPRODUCT({block('vmp')},{block('gp')})",
            "BC": te.board_total(encounter, row, block("kind"), at.boards, at.r, "c"),
            # SSSC: game points + Buchholz of match points over the number that brings it to their
            # scale, rounded half up to two decimals (the inner ROUND: no binary tail at the half)
            "SSSC": f"ROUND(ROUND({own['GP']}+{bh['MP']}/MAX(1,INT(MatchWin*{counted}/{at.boards})),9),2)",
        }
        for xy in PAIRS:
            code = f"E{xy.upper()}SB"
            values[f"{code}/C1"] = tf.sonneborn_cut(values[code], block(f"c{xy}"), block(f"u{xy}"), counted)
        values["ESB/C1"] = values["EMGSB/C1"]
        for code in te.EDE_CODES:  # one working for the first of the list (a second one is refused)
            values[code] = f"${L(ede)}{row}"
        for code, column in within.items():
            values[code] = f"${L(column)}{row}"
        for code in OFFERED:
            book.formula(ws, f"{L(at.value(code))}{row}", values[code], fill=WORK_FILL)
        first, last = L(at.value(OFFERED[0])), L(at.value(OFFERED[-1]))
        for k in range(SLOTS):
            code = f"INDEX(TbCodes,{k + 1})"
            book.formula(ws, f"{L(at.slot(k))}{row}", f'IF({code}="",0,INDEX(${first}{row}:${last}{row},1,'
                                                      f"MATCH({code},TiebreakCodes,0)))", fill=WORK_FILL)
            book.formula(ws, f"{L(at.key(k))}{row}", f'IF({code}="",0,{L(at.slot(k))}{row}*INDEX(${first}${TOP - 2}:'
                                                     f"${last}${TOP - 2},1,MATCH({code},TiebreakCodes,0)))",
                         fill=WORK_FILL)
        book.formula(ws, f"{L(at.rank)}{row}", _rank(at, row), fill=OUTPUT_FILL, centred=True)
    book.name(names.TEAM_OUTPUTS[1], ws, at.column(at.total("MP")))
    book.name(names.TEAM_OUTPUTS[2], ws, at.column(at.total("GP")))
    for k, name in enumerate(names.TEAM_TIEBREAK_VALUES):
        book.name(name, ws, at.column(at.slot(k)))
    book.name(names.TEAM_RANK, ws, at.column(at.rank))
    book.widths(ws, {c: 6 for c in range(at.block(BLOCKS[0], 0), column)})
    book.protect(ws)


def _rank(at: TeamLayout, row: int) -> str:
    """1 + the teams ahead: more match points, or as many and ahead on the list (each slot's
    key: a place, the lower first), or equal on everything and a lower team number."""
    by_number = f"($A${TOP}:$A${at.last}<$A{row})"
    return f"1+{_ahead(at, [at.total('MP')] + [at.key(k) for k in range(SLOTS)], row, by_number)}"


def _ahead(at: TeamLayout, columns: list[int], row: int, last: str = "0") -> str:
    """The teams ahead of the team on ``row`` by ``columns`` in turn (the higher first), then
    by ``last`` (an array of 0 and 1): one comparison, nested, per column.

    >>> _ahead(TeamLayout(4, 2, 3), [2], 10)
    'SUMPRODUCT((($B$10:$B$13>$B10)+($B$10:$B$13=$B10)*0))'
    """
    text = last
    for column in reversed(columns):
        whole, own = f"${L(column)}${TOP}:${L(column)}${at.last}", f"${L(column)}{row}"
        text = f"(({whole}>{own})+({whole}={own})*{text})"
    return f"SUMPRODUCT({text})"


def _standings(book: Book, teams_ws: Worksheet, at: TeamLayout, filled: int) -> None:
    """The printable standings: the teams in rank order, with the list's tie-breaks (the slots
    filled when the book was made: no empty column prints)."""
    ws = book.sheet("sheet.standings")
    shown = max(1, filled)
    width = 5 + shown
    book.title(ws, "title.team_standings", width, teams=at.n)
    book.formula(ws, "A2", book.event_line())
    book.formula(ws, "A3", f.sentence(book.t("standings.after_round", round="{round}"),
                                      round=ref(teams_ws, at.counted.replace("$", ""))))
    ws["A3"].font = BOLD
    hdr, top = 4, 5
    for column, key in enumerate(("col.place", "col.no", "col.team", "col.mp", "col.gp"), start=1):
        book.header(ws, hdr, column, key)
    for k in range(shown):
        book.header(ws, hdr, 6 + k, "col.number", number="")
        ws.cell(row=hdr, column=6 + k).value = f'=IF(INDEX(TbCodes,{k + 1})="","",INDEX(TbCodes,{k + 1}))'
    where = width + 2
    book.header(ws, hdr, where, "work.row_of")
    sources = [ref(teams_ws, at.column(c)) for c in
               (1, 2, at.total("MP"), at.total("GP"), *(at.slot(k) for k in range(shown)))]
    formats = [None, None, HALVES, HALVES] + [TIEBREAK] * shown
    for p in range(at.n):
        row = top + p
        at_row = f"${L(where)}{row}"
        book.formula(ws, f"{L(where)}{row}", f"IFERROR(MATCH({p + 1},{names.TEAM_RANK},0),\"\")", fill=WORK_FILL)
        book.formula(ws, f"A{row}", f'IF({at_row}="","",{p + 1})', fill=OUTPUT_FILL, centred=True)
        for k, (source, number_format) in enumerate(zip(sources, formats)):
            text = f'IF({at_row}="","",INDEX({source},{at_row}))'
            if k == 1:
                text = f'IF({at_row}="","",INDEX({source},{at_row})&"")'
            book.formula(ws, f"{L(2 + k)}{row}", text, number_format, OUTPUT_FILL, centred=k != 1)
    book.widths(ws, {1: 8, 2: 5, 3: 28, 4: 10, 5: 10, **{6 + k: 10 for k in range(shown)}, where: 8})
    for column in range(1, width + 1):
        ws.cell(row=hdr, column=column).alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)
    ws.freeze_panes = f"A{top}"
    book.print_setup(ws, f"A1:{L(width)}{top + at.n - 1}", f"{hdr}:{hdr}")
    book.protect(ws)
