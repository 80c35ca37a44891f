"""The team book's players and boards, in native formulas over the Rounds sheet:

* **Players**: one row per roster place (the Teams sheet's order: team by team, board order):
  the points scored over the boards (forfeited boards included), and the rating arithmetic of
  the Swiss book (:class:`~elo_xl.workbook.rating_columns.PlayerColumns`) by the rule set, scale
  and default K of the Event sheet: rated games, score, opponents' average, change, new rating,
  performance. Right of them, locked, the working: per round where the player sat (his row of
  the round, + at home, − away), the game's code from his side, the opponent, the opponent's
  rating as counted, the expected score and the board; per board his games over the board,
  points, performance, ranking key and place on it.
* **Boards**: the board prizes as ``elo-xl rate --board-games N`` ranks them
  (:func:`elo_xl.event.teams.board_results`): per board the players with at least
  ``BoardGames`` games over the board on it (forfeits not counted), by percentage (to one
  decimal), then points, then performance (the opponents as the rating counts them), then start
  number.

>>> PlayersLayout(4, 6, 4, 7).block("code", 0), PlayersLayout(4, 6, 4, 7).board("place", 1)
(22, 82)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Callable

from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter as L
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from . import formulas as f
from . import names
from .book import Book
from .pages import PAGE_HEIGHT, points
from .rating_columns import PlayerColumns, RowRanges
from .style import CHANGE, HALVES, OUTPUT_FILL, WORK_FILL, merge, ref
from .team_crosstable import Sources, fit_headers

TOP = 5  # the first player's row (headers on the row above)
#: The columns shown: the player, then his outputs (by the keys of ``PlayerColumns.outputs``).
SHOWN = ("col.team", "col.no", "col.name", "col.rating")
OUTPUTS = ("Points", "Games", "Score", "OppAverage", "Change", "NewRating", "Performance")
FORMATS = {"Points": HALVES, "Score": HALVES, "Change": CHANGE}
#: The working per round, one block of columns each (see the module's text).
ROUND_WORK = ("pos", "code", "oppno", "opp", "exp", "board")
#: The working per board.
BOARD_WORK = ("games", "halves", "perf", "key", "place")
#: The helper columns of the rating arithmetic the sheet writes (not the forecast's).
RATING_HELPERS = ("present", "rating_value", "rating_used", "k_given", "games", "halves", "opp_sum", "exp_sum",
                  "k_eff", "average", "h", "n_exp", "unrounded", "change", "new", "performance", "points")
#: The Boards sheet's columns.
PRIZE_COLUMNS = ("col.board", "col.place", "col.no", "col.name", "col.team", "col.board_games", "out.Points",
                 "col.percent", "out.Performance")
BOARD_GAMES = names.BOARD_GAMES


def percent_tenths(halves: str, games: str) -> str:
    """A board's percentage in tenths, rounded as ``elo-xl rate`` rounds it (Python's
    ``round(x, 1)``: a tie, such as 6.25 of 1 point in 8 games, to the even tenth).

    >>> percent_tenths("H", "G")
    'IF(AND(MOD(500*H/G,1)=0.5,MOD(INT(500*H/G),2)=0),INT(500*H/G),ROUND(500*H/G,0))'
    """
    x = f"500*{halves}/{games}"
    return f"IF(AND(MOD({x},1)=0.5,MOD(INT({x}),2)=0),INT({x}),ROUND({x},0))"


@dataclass(frozen=True)
class PlayersLayout:
    """Where the players' working stands: ``n`` teams, ``size`` roster places each, ``boards``, ``r`` rounds."""

    n: int
    size: int
    boards: int
    r: int

    @cached_property
    def last(self) -> int:
        return TOP + self.n * self.size - 1

    def block(self, name: str, t: int) -> int:
        return len(SHOWN) + len(OUTPUTS) + 3 + ROUND_WORK.index(name) * (self.r + 1) + t

    def board(self, name: str, b: int) -> int:
        """Board ``b``'s (from 1) working column ``name``."""
        return self.block(ROUND_WORK[-1], self.r) + 1 + BOARD_WORK.index(name) * (self.boards + 1) + b - 1

    @cached_property
    def helpers(self) -> int:
        return self.board(BOARD_WORK[-1], self.boards) + 1

    def row_of(self, name: str, row: int) -> str:
        return f"{L(self.block(name, 0))}{row}:{L(self.block(name, self.r - 1))}{row}"

    def column(self, c: int) -> str:
        return f"${L(c)}${TOP}:${L(c)}${self.last}"

    @cached_property
    def per_board(self) -> int:
        """Rows per board on the Boards sheet: every team's places that may sit on one board
        when lineups keep the roster's order."""
        return self.n * (self.size - self.boards + 1)


def build(book: Book, src: Sources) -> None:
    """Add the Players and Boards sheets of the team book to ``book``, reading ``src``.

    >>> from elo_xl.workbook import build as make
    >>> import io, openpyxl
    >>> wb = openpyxl.load_workbook(io.BytesIO(make("team", teams=4, boards=2, rounds=3)))
    >>> wb["Players"]["C4"].value, wb["Boards"]["B4"].value, wb.defined_names["BoardGames"].attr_text
    ('Name', 'Place', "'Boards'!$F$3")
    """
    at = src.at
    pl = PlayersLayout(at.n, at.roster_size, at.boards, at.r)
    ws = book.sheet("sheet.team_players")
    boards_ws = book.sheet("sheet.team_boards")
    _players(book, ws, src, pl)
    _boards(book, boards_ws, ws, pl, src.fixed_scale)


def _players(book: Book, ws: Worksheet, src: Sources, pl: PlayersLayout) -> None:
    """One row per roster place: the player, his outputs and their working."""
    at, teams_ws, rounds_ws = src.at, src.teams, src.rounds
    width = len(SHOWN) + len(OUTPUTS)
    book.title(ws, "title.team_players", width)
    book.formula(ws, "A2", book.event_line())
    hdr = TOP - 1
    for k, key in enumerate(SHOWN):
        book.header(ws, hdr, 1 + k, key)
    for k, key in enumerate(OUTPUTS):
        book.header(ws, hdr, len(SHOWN) + 1 + k, f"out.{key}")
    book.label(ws, f"{L(pl.block('pos', 0))}{hdr - 1}", "work.title", bold=True)
    for name in ROUND_WORK:
        for t in range(at.r):
            book.header(ws, hdr, pl.block(name, t), "col.number", number=f"{name} {t + 1}")
    for name in BOARD_WORK:
        for b in range(1, at.boards + 1):
            book.header(ws, hdr, pl.board(name, b), "col.number", number=f"{name} {b}")
    helpers = PlayerColumns(pl.helpers)
    helpers.headers(book, ws, hdr)

    def rcol(t: int, k: int) -> str:
        c = L(at.input_col(t, k))
        return ref(rounds_ws, f"{c}{src.rounds_top}:{c}{at.rounds_last}")

    bases = [ref(rounds_ws, f"{L(at.work_col(t, 'base'))}{src.rounds_top}:{L(at.work_col(t, 'base'))}{at.rounds_last}")
             for t in range(at.r)]
    used, nos = helpers.col("rating_used", TOP, pl.last), pl.column(2)
    for i in range(at.n * at.roster_size):
        row, source = TOP + i, src.teams_top + i
        for k, column in enumerate("EGHI"):
            text = ref(teams_ws, f"{column}{source}")
            text = f'IF({text}="","",{text})' if column != "H" else f'{text}&""'
            book.formula(ws, f"{L(1 + k)}{row}", text, centred=column != "H")
        own = helpers.cell("rating_used", row)
        for t in range(at.r):
            c = {name: f"{L(pl.block(name, t))}{row}" for name in ROUND_WORK}
            homes, aways, board = rcol(t, 3), rcol(t, 4), rcol(t, 2)
            away = f"INDEX({bases[t]},-{c['pos']})"
            cells = {
                "pos": f'IF($B{row}="",0,IFERROR(MATCH($B{row},{homes},0),-IFERROR(MATCH($B{row},{aways},0),0)))',
                "code": f"IF({c['pos']}=0,{f.NOTHING},IF({c['pos']}>0,INDEX({bases[t]},{c['pos']}),"
                        f"{f.other_side(away)}))",
                "oppno": f"IF({c['pos']}>0,N(INDEX({aways},{c['pos']})),"
                         f"IF({c['pos']}<0,N(INDEX({homes},-{c['pos']})),0))",
                "opp": f.counted_opponent(f"{c['code']}<=2", own,
                                          f"IFERROR(INDEX({used},MATCH({c['oppno']},{nos},0)),0)"),
                "exp": f.expected_if_counted(own, c["opp"]),
                "board": f"IF({c['pos']}=0,0,N(INDEX({board},ABS({c['pos']}))))",
            }
            for name in ROUND_WORK:
                book.formula(ws, c[name], cells[name], fill=WORK_FILL)
        _board_work(book, ws, pl, row)
        helpers.write(book, ws, row, RowRanges(name=f"C{row}", rating=f"D{row}", k=f"{L(width + 1)}{row}",
                                               codes=pl.row_of("code", row), opp_used=pl.row_of("opp", row),
                                               expected=pl.row_of("exp", row)), RATING_HELPERS)
        values = helpers.outputs(row)
        present = f'OR($B{row}="",{helpers.cell("present", row)}=0)'
        for k, key in enumerate(OUTPUTS):
            book.formula(ws, f"{L(len(SHOWN) + 1 + k)}{row}", f'IF({present},"",{values[key]})', FORMATS.get(key),
                         OUTPUT_FILL, centred=True)
    for k, name in enumerate(names.ROSTER_OUTPUTS):
        book.name(name, ws, f"{L(len(SHOWN) + 1 + k)}{TOP}:{L(len(SHOWN) + 1 + k)}{pl.last}")
    change = L(len(SHOWN) + 1 + OUTPUTS.index("Change"))
    book.up_down(ws, f"{change}{TOP}:{change}{pl.last}")
    book.widths(ws, {1: 6, 2: 6, 3: 28, 4: 8, **{len(SHOWN) + 1 + k: 9.5 for k in range(len(OUTPUTS))},
                     width + 1: 3})
    book.widths(ws, {c: 6 for c in range(pl.block(ROUND_WORK[0], 0), pl.helpers + 30)})
    for column in range(1, width + 1):
        ws.cell(row=hdr, column=column).alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)
    fit_headers(ws, hdr, width)
    ws.freeze_panes = f"D{TOP}"
    book.print_setup(ws, f"A1:{L(width)}{pl.last}", f"{hdr}:{hdr}")
    src.fixed_scale(ws, pl.last, f"{hdr}:{hdr}", points(ws, 1, width))
    book.protect(ws)


def _board_work(book: Book, ws: Worksheet, pl: PlayersLayout, row: int) -> None:
    """Per board the player's games over the board on it (rated or not, forfeits not counted),
    points (halves), performance (the opponents as his rating counts them), key and place."""
    boards, codes, opps, opp = (pl.row_of(k, row) for k in ("board", "code", "oppno", "opp"))

    def over_board(function: str, first: str, more: str = "") -> str:  # the games 0–2 and 20–22
        return (f'({function}({first}{boards},{{b}},{opps},">0",{codes},"<=2"{more})+'
                f'{function}({first}{boards},{{b}},{opps},">0",{codes},">=20",{codes},"<=22"{more}))')

    for b in range(1, pl.boards + 1):
        c = {name: f"{L(pl.board(name, b))}{row}" for name in BOARD_WORK}
        keys = pl.column(pl.board("key", b))
        # the performance's games: those the rating counts (an opponent's rating counted only there)
        rated = f'COUNTIFS({boards},{b},{opp},">0")'
        rated_halves = f'SUMIFS({codes},{boards},{b},{opp},">0")'
        total = f"SUMIFS({opp},{boards},{b})"
        cells = {
            "games": over_board("COUNTIFS", "").format(b=b),
            "halves": (f'SUMIFS({codes},{boards},{b},{opps},">0",{codes},"<=2")+SUMIFS({codes},{boards},{b},{opps},'
                       f'">0",{codes},">=20",{codes},"<=22")-20*COUNTIFS({boards},{b},{opps},">0",{codes},">=20",'
                       f'{codes},"<=22")'),
            "perf": f"IF({rated}=0,0,{f.performance(f.average(total, rated), rated_halves, rated)})",
            "key": f'IF(OR($B{row}="",{c["games"]}=0,{c["games"]}<{BOARD_GAMES}),-1,'
                   f"{percent_tenths(c['halves'], c['games'])}*100000000+{c['halves']}*100000+"
                   f"MAX(0,ROUND({c['perf']},0)))",
            "place": f'IF({c["key"]}<0,0,1+COUNTIF({keys},">"&{c["key"]})+COUNTIFS({keys},{c["key"]},'
                     f'{pl.column(2)},"<"&$B{row}))',
        }
        for name in BOARD_WORK:
            book.formula(ws, c[name], cells[name], fill=WORK_FILL)


def _boards(book: Book, ws: Worksheet, players_ws: Worksheet, pl: PlayersLayout,
            fixed_scale: Callable[..., None]) -> None:
    """The board prizes: per board its players in place order (``per_board`` rows each)."""
    width = len(PRIZE_COLUMNS)
    book.title(ws, "title.team_boards", width, boards=pl.boards)
    book.formula(ws, "A2", book.event_line())
    book.label(ws, "A3", "team.board_games", bold=True)
    merge(ws, 3, 1, 3, 5)
    ws["A3"].alignment = Alignment(horizontal="right", vertical="center")
    book.input_cell(ws, "F3", 1, centred=True)
    book.validate(ws, "F3", "whole")
    book.name(BOARD_GAMES, ws, "F3")
    hdr, top = 4, 5
    src = lambda c: ref(players_ws, f"{L(c)}{TOP}:{L(c)}{pl.last}")  # noqa: E731
    for k, key in enumerate(PRIZE_COLUMNS):
        book.header(ws, hdr, 1 + k, key)
    where = width + 2
    book.header(ws, hdr, where, "work.row_of")
    for b in range(1, pl.boards + 1):
        places = src(pl.board("place", b))
        shown = {"col.no": src(2), "col.name": src(3), "col.team": src(1),
                 "col.board_games": src(pl.board("games", b)), "out.Performance": src(pl.board("perf", b))}
        halves = src(pl.board("halves", b))
        for p in range(pl.per_board):
            row = top + (b - 1) * pl.per_board + p
            at_row = f"${L(where)}{row}"
            book.formula(ws, f"{L(where)}{row}", f'IFERROR(MATCH({p + 1},{places},0),"")', fill=WORK_FILL)
            blank = lambda text: f'IF({at_row}="","",{text})'  # noqa: E731
            book.formula(ws, f"A{row}", blank(str(b)), fill=OUTPUT_FILL, centred=True)  # on every row: a
            book.formula(ws, f"B{row}", blank(str(p + 1)), fill=OUTPUT_FILL, centred=True)  # page may split a board
            for k, key in enumerate(PRIZE_COLUMNS[2:], start=3):
                if key == "col.team":
                    text = f'INDEX({names.TEAM_NAMES},INDEX({shown[key]},{at_row}))&""'
                elif key in shown:
                    text = f"INDEX({shown[key]},{at_row})"
                    if key == "out.Performance":
                        text = f'IF({text}=0,"",{text})'
                elif key == "out.Points":
                    text = f"INDEX({halves},{at_row})/2"
                else:  # the percentage, to one decimal
                    games = f"INDEX({shown['col.board_games']},{at_row})"
                    text = f"{percent_tenths(f'INDEX({halves},{at_row})', games)}/10"
                fmt = HALVES if key == "out.Points" else "0.0" if key == "col.percent" else None
                book.formula(ws, f"{L(k)}{row}", blank(text), fmt, OUTPUT_FILL,
                             centred=key not in ("col.name", "col.team"))
    last = top + pl.boards * pl.per_board - 1
    # under the table, red: the places that a lineup out of the roster's order puts beyond a board's rows
    places = src(pl.board("place", 1)).split(":")[0] + ":" + src(pl.board("place", pl.boards)).split(":")[1]
    beyond = f'COUNTIF({places},">{pl.per_board}")'
    words = book.t("team.board_overflow", number="{number}")
    last += 1
    book.formula(ws, f"A{last}", f'IF({beyond}=0,"",{f.sentence(words, number=beyond)})')
    ws[f"A{last}"].font = Font(bold=True, color="C00000")
    ws[f"A{last}"].alignment = Alignment(wrap_text=True, vertical="top")
    merge(ws, last, 1, last, width)
    ws.row_dimensions[last].height = 30
    book.widths(ws, {1: 7, 2: 7, 3: 6, 4: 28, 5: 20, 6: 9, 7: 9, 8: 9, 9: 11, where: 8})
    for column in range(1, width + 1):
        ws.cell(row=hdr, column=column).alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)
    fit_headers(ws, hdr, width)
    ws.freeze_panes = f"A{top}"
    book.print_setup(ws, f"A1:{L(width)}{last}", f"{hdr}:{hdr}")
    fixed_scale(ws, last, f"{hdr}:{hdr}", points(ws, 1, width))
    _whole_boards(ws, hdr, top, pl)
    book.protect(ws)


def _whole_boards(ws: Worksheet, hdr: int, top: int, pl: PlayersLayout) -> None:
    """A page break before a board that would not end on the page it starts on, where a
    board fits on a page (its header row printed again on every page)."""
    height = lambda r: ws.row_dimensions[r].height or 15.0  # noqa: E731
    room = PAGE_HEIGHT / (ws.page_setup.scale / 100)
    header = height(hdr)
    used = sum(height(r) for r in range(1, top))
    for b in range(pl.boards):
        first = top + b * pl.per_board
        block = sum(height(r) for r in range(first, first + pl.per_board))
        if used + block > room and header + block <= room and b > 0:
            ws.row_breaks.append(Break(id=first - 1))
            used = header
        used += block
        while used > room:  # a board longer than a page
            used -= room - header
