"""The Swiss book's Pairings sheet: the current round's boards in board order, to print and pin
up — board, White's number, name and points, the result, Black's number, name and points —
then the pairing-allocated bye. Everything is a formula over the Swiss sheet's rounds grid (the
opponent and colour as counted, so a board typed on one row shows), and the result is the
grid's: there is one place to type, the Swiss sheet.

The current round is the last round with a pairing. The board order is the one ``elo-xl pair``
prints (gacrux's, after C.04.3): the higher score of the two players first, then the sum of
their scores, then the lower start number; the scores are the points of the rounds before.
Per player, working columns beside the table hold his points before the round (in halves),
his opponent and colour in it and, on White's row, the board's sort key
``max × 10⁶ + sum × 10⁴ + (9999 − lower start number)`` (scores in halves), so that
``LARGE`` finds board *b*'s key and ``MATCH`` its White.
"""

from __future__ import annotations

from collections.abc import Callable

from openpyxl.utils import get_column_letter as L
from openpyxl.worksheet.worksheet import Worksheet

from . import formulas as f
from .book import Book
from .codes import NOTHING, code_symbol
from .style import BOLD, CENTER, HALVES, SHRINK, WORK_FILL, cell_at, merge, set_style

#: The printed columns.
COLUMNS = ("col.board", "col.no", "col.white", "out.Points", "col.result", "col.no", "col.black", "out.Points")
TOP = 5  # the first board row (headers on the row above)
#: The working columns, after one empty column: points before (halves), opponent, colour, key, bye,
#: the player's place among those not paired, and why he is not.
WORK = ("work.points_before", "work.opponent_now", "work.colour_now", "work.board_key", "work.bye_now",
        "work.not_paired", "work.why_not_paired")
#: Rows below the boards' ``n // 2``, for the "Not paired" heading and a last line of two players.
EXTRA_ROWS = 2


def build(book: Book, n: int, r: int, *, opponent: Callable[[int, int], str], colour: Callable[[int, int], str],
          code: Callable[[int, int], str], result: Callable[[int, int], str], name: Callable[[int], str],
          opponent_column: Callable[[int], str]) -> Worksheet:
    """Add the Pairings sheet of a Swiss of ``n`` players and ``r`` rounds. The callables give
    the Swiss sheet's cells (with the sheet's name) for player ``i`` (from 0) in round ``t``
    (from 0): the opponent and colour as counted, the game's code, the typed result; ``name(i)``
    the name cell, ``opponent_column(t)`` round ``t``'s opponents as counted, every player."""
    ws = book.sheet("sheet.pairings")
    width = len(COLUMNS)
    first = width + 2  # the first working column
    pts, opp, col, key, bye, out, why = (L(first + k) for k in range(len(WORK)))
    now = f"${L(first)}$2"  # the current round
    book.title(ws, "title.pairings", width, players=n)
    book.formula(ws, "A2", f.event_line())
    book.formula(ws, f"{L(first)}2", "MAX(" + ",".join(
        f'IF(COUNTIF({opponent_column(t)},">0")>0,{t + 1},0)' for t in range(r)) + ")", fill=WORK_FILL)
    book.formula(ws, "A3", f"IF({now}=0,\"\"," + f.sentence(book.t("pairings.round", round="{round}"), round=now) + ")")
    ws["A3"].font = BOLD
    for k, header in enumerate(COLUMNS, 1):
        book.header(ws, TOP - 1, k, header)
    for k, header in enumerate(WORK):
        book.header(ws, TOP - 1, first + k, header)
    last = TOP + n - 1
    keys = f"${key}${TOP}:${key}${last}"
    points = f"${pts}${TOP}:${pts}${last}"
    for i in range(n):
        row = TOP + i
        before = "+".join(f"IF({now}>{t + 1},MOD({code(i, t)},10),0)" for t in range(r))
        book.formula(ws, (row, first), f"IF({now}=0,0,{before})", fill=WORK_FILL)
        book.formula(ws, (row, first + 1), f'IF({now}=0,"",' + _pick(opponent, i, r, now) + ")", fill=WORK_FILL)
        book.formula(ws, (row, first + 2), f'IF({now}=0,"",' + _pick(colour, i, r, now) + ")", fill=WORK_FILL)
        other = f"INDEX({points},{opp}{row})"
        book.formula(ws, (row, first + 3), f'IF(AND(ISNUMBER({opp}{row}),{col}{row}="w"),'
                     f'IF({opp}{row}>0,MAX({pts}{row},{other})*1000000+({pts}{row}+{other})*10000'
                     f'+9999-MIN({i + 1},{opp}{row}),""),"")', fill=WORK_FILL)
        typed = f.typed_text(_pick(result, i, r, now))  # spaces around a U as the book's codes read them
        book.formula(ws, (row, first + 4), f'IF({now}=0,0,IF(AND(OR(NOT(ISNUMBER({opp}{row})),{opp}{row}=0),'
                     f'UPPER({typed})="U"),1,0))', fill=WORK_FILL)
        # in the event (a name), not on a board, not the pairing-allocated bye: his place in the list
        left = f'AND({now}>0,{name(i)}<>"",IF(ISNUMBER({opp}{row}),{opp}{row}<=0,TRUE),{bye}{row}=0)'
        book.formula(ws, (row, first + 5), f'IF({left},1+MAX(${out}${TOP - 1}:{out}{row - 1}),"")', fill=WORK_FILL)
        absent = book.t("pairings.absent").replace('"', '""')
        # nothing typed (its code says so in every program: an empty cell through CHOOSE is 0 in
        # Gnumeric, "" elsewhere): absent; else what was typed, the bye asked for
        book.formula(ws, (row, first + 6), f'IF({out}{row}="","",IF({_pick(code, i, r, now)}={NOTHING},"{absent}",'
                     f'{typed}))', fill=WORK_FILL)
    outs, whys = f"${out}${TOP}:${out}${last}", f"${why}${TOP}:${why}${last}"
    heading = book.t("pairings.not_paired").replace('"', '""')
    names = _column(lambda i, t: name(i), 0, n)  # every player's name, and every round's codes: made once
    rounds = ",".join(_column(code, t, n) for t in range(r))
    for b in range(n // 2 + EXTRA_ROWS):
        row = TOP + b
        white = f"MATCH(LARGE({keys},{b + 1}),{keys},0)"
        black = f"INDEX(${opp}${TOP}:${opp}${last},{white})"
        shown = f"COUNT({keys})>={b + 1}"
        # below the boards: "Not paired", then two players a line, each with his points and why
        # (the bye he asked for, or absent), in start-number order
        place = [f"({2 * b + 1 + k}-2*COUNT({keys})-2)" for k in (0, 1)]
        listed = [f"AND(COUNT({keys})<{b},{p}<=MAX({outs}))" for p in place]
        number = [f"MATCH({p},{outs},0)" for p in place]
        # no fill and no grid: a round with fewer boards than rows prints no empty boxes
        book.formula(ws, f"A{row}", f'IF({shown},{b + 1},"")')
        for k, (no, who, score) in enumerate((("B", "C", "D"), ("F", "G", "H"))):
            board = (white, black)[k]
            named = f'IF({listed[k]},{_name_of(names, f"{no}{row}")}&" ("&INDEX({whys},{no}{row})&")","")'
            if k == 0:  # the heading's line
                named = f'IF(COUNT({keys})={b},IF(MAX({outs})>0,"{heading}",""),{named})'
            book.formula(ws, f"{no}{row}", f'IF({shown},{board},IF({listed[k]},{number[k]},""))')
            book.formula(ws, f"{who}{row}", f'IF({shown},{_name_of(names, f"{no}{row}")},{named})')
            book.formula(ws, f"{score}{row}", f'IF({shown},INDEX({points},{no}{row})/2,'
                         f'IF({listed[k]},INDEX({points},{no}{row})/2,""))', HALVES)
        symbols = [code_symbol(_pick_code(rounds, side, now)) for side in (f"B{row}", f"F{row}")]
        book.formula(ws, f"E{row}", f'IF({shown},IF({symbols[0]}="","",{symbols[0]}&" – "&{symbols[1]}),"")')
        for cell in (f"A{row}", f"B{row}", f"E{row}", f"F{row}"):
            set_style(cell_at(ws, cell), alignment=CENTER)
        for cell in (f"C{row}", f"G{row}"):  # a long name and why he is not paired: smaller, never cut
            set_style(cell_at(ws, cell), alignment=SHRINK)
    line = TOP + n // 2 + EXTRA_ROWS
    byes = f"${bye}${TOP}:${bye}${last}"
    holder = f"MATCH(1,{byes},0)"
    book.formula(ws, f"A{line}", f'IF(COUNTIF({byes},1)=0,"",' + f.sentence(
        book.t("pairings.bye", number="{number}"), number=holder) + f'&" "&{_name_of(names, holder)})')
    ws[f"A{line}"].font = BOLD
    merge(ws, line, 1, line, width)
    book.widths(ws, {1: 7, 2: 5, 3: 26, 4: 8, 5: 10, 6: 5, 7: 26, 8: 8,
                     **{first + k: 10 for k in range(len(WORK))}})
    ws.freeze_panes = f"A{TOP}"
    book.print_setup(ws, f"A1:{L(width)}{line}", f"{TOP - 1}:{TOP - 1}")
    book.protect(ws)
    return ws


def _pick(cell: Callable[[int, int], str], i: int, r: int, now: str) -> str:
    """Player ``i``'s cell in the current round: CHOOSE over the rounds."""
    return f"CHOOSE({now}," + ",".join(cell(i, t) for t in range(r)) + ")"


def _pick_code(rounds: str, number: str, now: str) -> str:
    """The game code of the player in cell ``number`` (a start number) in the current round;
    ``rounds``: every round's codes over every player, one range each, comma-separated."""
    return f"INDEX(CHOOSE({now},{rounds}),{number})"


def _column(cell: Callable[[int, int], str], t: int, n: int) -> str:
    """Round ``t`` of a per-player cell over every player, as one range."""
    first, last = cell(0, t), cell(n - 1, t)
    sheet, _, start = first.rpartition("!")
    return f"{first}:{last.rpartition('!')[2]}" if sheet else f"{start}:{last}"


def _name_of(column: str, number: str) -> str:
    """The name of start number ``number`` (a cell or a formula); ``column``: every player's
    name, one range."""
    return f'IF(INDEX({column},{number})="","",INDEX({column},{number}))'
