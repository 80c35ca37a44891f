"""The team book's Matches sheet: one round's matches to print and pin up, board by board.

Per match a line with the two teams (number, name and the average rating of the players
the round's lineup seats, its rated ones) and the match score once every board has its
result, then a line per board: the board, the home player's number, name and rating,
the board's result, the away player's number, name and rating. Below the matches, "Not
paired:" and the teams of the round without a match, each with the letter typed for it (U, F,
H, Z, or ``+`` for a forfeit won without an opponent named).

Everything is a formula over the Rounds sheet (``TeamRounds``, where the results are typed)
and the rosters: there is one place to type. The round shown is the one typed in the sheet's
round cell, else the last round with anything typed. A match is listed from its first row on
the Rounds sheet (its board 1, or the row of a forfeited match), in the order typed there;
its boards by board number.

Working columns to the right, one row per row of a round on the Rounds sheet, give each row's
home team, away team and board in the round shown, whether it opens a match (its place among
the matches), its key (home team × 1000 + board) and whether it is a team without a match (its
place among those). Each printed line is a match's heading, a board, the "Not paired" heading
or a team without a match: match *m* takes lines (*m* − 1)(boards + 1) to *m*(boards + 1) − 1,
and the list follows the last match.

>>> lines_needed(14, 4)
37
"""

from __future__ import annotations

from collections.abc import Callable

from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Font, PatternFill
from openpyxl.utils import get_column_letter as L
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from . import formulas as f
from . import names
from .book import Book
from .pages import PAGE_HEIGHT, PAGE_SLACK
from .style import BOLD, CENTER, SHRINK, WORK_FILL, merge

__all__ = ["build", "lines_needed", "match_breaks", "COLUMNS"]

#: The printed columns.
COLUMNS = ("col.board", "col.no", "col.home", "col.rating", "col.result", "col.no", "col.away", "col.rating")
TOP = 6  # the first printed line (headers on the row above)
#: The working columns per row of a round on the Rounds sheet.
ROW_WORK = ("home", "away", "board", "match", "key", "alone")
#: The working columns per printed line: what it is (1 a match, 2 a board, 3 the heading of the
#: teams without a match, 4 one of them), the match or the place in that list, the row it shows.
LINE_WORK = ("line", "item", "row", "waiting", "home GP", "away GP")
HEADING_FILL = PatternFill("solid", fgColor="DDE5F0")


def lines_needed(teams: int, boards: int) -> int:
    """Printed lines enough for any round: ⌈teams / 2⌉ matches of ``boards`` + 1 lines, then the
    "Not paired" heading and one more line (a round with fewer matches has as many lines more as
    teams without a match, at most two per match fewer, and a match fewer frees ``boards`` + 1)."""
    return -(-teams // 2) * (boards + 1) + 2


def build(book: Book, teams: int, boards: int, rounds: int, round_rows: int,
          rounds_column: Callable[[int, str], str]) -> Worksheet:
    """Add the Matches sheet of ``teams`` teams, ``boards`` boards and ``rounds`` rounds, each
    round ``round_rows`` rows on the Rounds sheet (``TeamRounds``). ``rounds_column(t, name)`` is round
    ``t``'s (from 0) column ``name`` on the Rounds sheet, with its sheet's name: ``home`` (typed)
    and the working ``base`` (the result's code), ``home_points``, ``away_points`` and
    ``pending``. A round's column is chosen with CHOOSE, which every program reads as a range
    (Gnumeric's INDEX gives no whole column)."""
    ws = book.sheet("sheet.team_pairings")
    width = len(COLUMNS)
    lines = lines_needed(teams, boards)
    wrow = width + 2  # the first working column per row of a round
    home, away, board, opened, key, alone = (L(wrow + k) for k in range(len(ROW_WORK)))
    wline = wrow + len(ROW_WORK) + 1
    kind, item, source, waiting, home_gp, away_gp = (L(wline + k) for k in range(len(LINE_WORK)))
    latest, now = f"${L(wrow)}$2", f"${L(wrow)}$3"
    last_row = TOP + round_rows - 1
    col = lambda c: f"${c}${TOP}:${c}${last_row}"  # noqa: E731
    book.title(ws, "title.team_pairings", width, teams=teams)
    book.formula(ws, "A2", f.event_line())
    # the round shown: the one typed in H3, else the last round anything is typed in
    book.label(ws, "E3", "team.round_to_print", bold=True)
    merge(ws, 3, 5, 3, 7)
    book.input_cell(ws, "H3", None, centred=True)
    book.validate(ws, "H3", "whole")
    book.formula(ws, f"{L(wrow)}2", "MAX(" + ",".join(f"IF(COUNT({rounds_column(t, 'home')})>0,{t + 1},0)"
                                                     for t in range(rounds)) + ")", fill=WORK_FILL)
    book.formula(ws, f"{L(wrow)}3", f"IF(AND(ISNUMBER(H3),H3>=1,H3<={rounds}),INT(H3),{latest})", fill=WORK_FILL)
    book.formula(ws, "A3", f'IF({now}=0,"",' + f.sentence(book.t("team.pairings_round", round="{round}"),
                                                            round=now) + ")")
    ws["A3"].font = BOLD
    merge(ws, 3, 1, 3, 4)
    for k, header in enumerate(COLUMNS, 1):
        book.header(ws, TOP - 1, k, header)
    for k, header in enumerate(ROW_WORK):  # the working's headers are not printed: not translated
        book.header(ws, TOP - 1, wrow + k, "col.number", number=header)
    for k, header in enumerate(LINE_WORK):
        book.header(ws, TOP - 1, wline + k, "col.number", number=header)

    def typed(j: int, k: int) -> str:
        """Row ``j``'s input ``k`` (0 home … 5 result) in the round shown."""
        return f"INDEX({names.TEAM_ROUNDS},{j + 1},6*({now}-1)+{k + 1})"

    def shown(name: str) -> str:
        """The Rounds sheet's column ``name`` in the round shown."""
        return f"CHOOSE({now}," + ",".join(rounds_column(t, name) for t in range(rounds)) + ")"

    for j in range(round_rows):
        row = TOP + j
        for column, k in ((home, 0), (away, 1), (board, 2)):
            book.formula(ws, f"{column}{row}", f'IF({now}=0,"",IF({typed(j, k)}="","",{typed(j, k)}))',
                         fill=WORK_FILL)
        h, a, b = f"{home}{row}", f"{away}{row}", f"{board}{row}"
        above = f"MAX({opened}${TOP - 1}:{opened}{row - 1})" if j else "0"
        book.formula(ws, f"{opened}{row}", f'IF(AND(ISNUMBER({h}),ISNUMBER({a}),OR({b}="",{b}=1)),1+{above},"")',
                     fill=WORK_FILL)
        book.formula(ws, f"{key}{row}", f'IF(AND(ISNUMBER({h}),ISNUMBER({b})),{h}*1000+{b},"")', fill=WORK_FILL)
        alone_above = f"MAX({alone}${TOP - 1}:{alone}{row - 1})" if j else "0"
        # the round is looked at only when there is one (AND evaluates every argument: in Gnumeric
        # round 0's column is a #REF!)
        book.formula(ws, f"{alone}{row}", f'IF({now}=0,"",IF(AND(ISNUMBER({h}),{a}="",{b}=""),'
                                          f'IF({typed(j, 5)}<>"",1+{alone_above},""),""))', fill=WORK_FILL)
    matches, singles = f"MAX({col(opened)})", f"MAX({col(alone)})"
    per = boards + 1
    name_of = lambda no: f'IFERROR(INDEX(RosterNames,MATCH({no},RosterNos,0))&"","")'  # noqa: E731
    rating_of = lambda no: f'IFERROR(IF(INDEX(RosterRatings,MATCH({no},RosterNos,0))>0,'  \
                           f'INDEX(RosterRatings,MATCH({no},RosterNos,0)),""),"")'  # noqa: E731
    team_name = lambda no: f'IFERROR(INDEX({names.TEAM_NAMES},{no})&"","")'  # noqa: E731
    half = lambda x: f'IF({x}<1,IF({x}>0,"½","0"),INT({x})&IF(MOD({x},1)>0,"½",""))'  # noqa: E731
    heading = book.t("pairings.not_paired").replace('"', '""')
    for line in range(lines):
        row = TOP + line
        m, pos = line // per + 1, line % per
        rest = f"({line}-{matches}*{per})"  # the line's place after the last match's lines
        k_, i_, s_ = f"{kind}{row}", f"{item}{row}", f"{source}{row}"
        book.formula(ws, k_, f'IF({now}=0,"",IF({m}<={matches},{1 if pos == 0 else 2},IF({singles}=0,"",'
                             f'IF({rest}=0,3,IF({rest}<={singles},4,"")))))', fill=WORK_FILL)
        book.formula(ws, i_, f'IF({k_}=4,{rest},IF(OR({k_}=1,{k_}=2),{m},""))', fill=WORK_FILL)
        opener = f"MATCH({i_},{col(opened)},0)"
        match_home = f"INDEX({col(home)},{opener})"
        book.formula(ws, s_, f'IF({k_}=1,{opener},IF({k_}=2,IFERROR(MATCH({match_home}*1000+{pos},{col(key)},0),""),'
                             f'IF({k_}=4,MATCH({i_},{col(alone)},0),"")))', fill=WORK_FILL)
        src = f"INDEX({col(home)},{s_})"
        at = lambda k: f"INDEX({names.TEAM_ROUNDS},{s_},6*({now}-1)+{k + 1})"  # noqa: E731
        base = f"INDEX({shown('base')},{s_})"
        result = (f'IF({base}=12,"+ – −",IF({base}=10,"− – +",IF({base}<=22,'
                  f'{half(f"MOD({base},10)/2")}&" – "&{half(f"(2-MOD({base},10))/2")},"")))')
        # a match: its score once every board has its result (a forfeited match: + – − or − – +)
        boards_of = f"({col(key)}>={src}*1000)*({col(key)}<{src}*1000+1000)"
        for column, name in ((waiting, "pending"), (home_gp, "home_points"), (away_gp, "away_points")):
            whole = shown(name)
            summed = f"({whole}>0)" if name == "pending" else whole
            book.formula(ws, f"{column}{row}", f'IF({k_}=1,SUMPRODUCT({boards_of}*{summed}),"")', fill=WORK_FILL)
        gp = lambda c: f"{c}{row}"  # noqa: E731
        score = (f'IF({at(2)}="",{result},IF({waiting}{row}>0,"",{half(gp(home_gp))}&" – "&{half(gp(away_gp))}))')
        def lineup(column: str) -> str:
            """On a match's line, the average rating of the team's rated players on its boards
            (the lines below), rounded; else nothing."""
            if pos:
                return '""'
            return f'IF({k_}=1,IFERROR(ROUND(AVERAGE({column}{row + 1}:{column}{row + boards}),0),""),"")'

        cells = {
            "A": f'IF({k_}=2,IF({s_}="","",{pos}),"")',
            "B": f'IF({k_}=1,{src},IF(AND({k_}=2,{s_}<>""),IF({at(3)}="","",{at(3)}),IF({k_}=4,{src},"")))',
            "C": f'IF(OR({k_}=1,{k_}=4),{team_name(src)},IF(AND({k_}=2,{s_}<>""),{name_of(at(3))},'
                 f'IF({k_}=3,"{heading}","")))',
            "D": f'IF(AND({k_}=2,{s_}<>""),{rating_of(at(3))},{lineup("D")})',
            "E": f'IF({k_}=1,{score},IF(AND({k_}=2,{s_}<>""),{result},IF({k_}=4,{f.typed_text(at(5))},"")))',
            "F": f'IF({k_}=1,{at(1)},IF(AND({k_}=2,{s_}<>""),IF({at(4)}="","",{at(4)}),""))',
            "G": f'IF({k_}=1,{team_name(at(1))},IF(AND({k_}=2,{s_}<>""),{name_of(at(4))},""))',
            "H": f'IF(AND({k_}=2,{s_}<>""),{rating_of(at(4))},{lineup("H")})',
        }
        for column, text in cells.items():
            book.formula(ws, f"{column}{row}", text)
            ws[f"{column}{row}"].alignment = SHRINK if column in "CG" else CENTER
    bottom = TOP + lines - 1
    # a match's line: bold on a light band, so that each match stands out on paper
    ws.conditional_formatting.add(f"A{TOP}:{L(width)}{bottom}", FormulaRule(
        formula=[f"${kind}{TOP}=1"], fill=HEADING_FILL, font=Font(bold=True)))
    ws.conditional_formatting.add(f"A{TOP}:{L(width)}{bottom}", FormulaRule(
        formula=[f"${kind}{TOP}=3"], font=Font(bold=True)))
    book.widths(ws, {1: 7, 2: 6, 3: 26, 4: 8, 5: 9, 6: 6, 7: 26, 8: 8,
                     **{wrow + k: 9 for k in range(len(ROW_WORK))}, **{wline + k: 9 for k in range(len(LINE_WORK))}})
    ws.freeze_panes = f"A{TOP}"
    book.print_setup(ws, f"A1:{L(width)}{bottom}", f"{TOP - 1}:{TOP - 1}")
    for row in match_breaks([ws.row_dimensions[r].height or 15.0 for r in range(1, TOP)], per, lines):
        ws.row_breaks.append(Break(id=row))
    book.protect(ws)
    return ws


def match_breaks(above: list[float], per: int, lines: int, line: float = 15.0) -> list[int]:
    """The rows after which a page ends so that no match is cut: as many whole matches (``per``
    lines of ``line`` points each) as a page takes, the rows ``above`` the first line (title and
    header, the header repeated on every page) on the first. The lines after the last match's
    (the teams without a match) go with it: no page holds them alone, or the header alone.

    >>> match_breaks([20, 15, 15, 15, 15], 5, 37)   # 14 teams of 4 boards: five matches, then two
    [30]
    >>> match_breaks([20, 15, 15, 15, 15], 5, 27)   # 10 teams: the fifth match goes with the list
    [25]
    """
    room = PAGE_HEIGHT * PAGE_SLACK
    starts = list(range(TOP, TOP + lines - (lines % per or per), per))  # each match's first line
    breaks, used, first = [], sum(above), TOP
    for k, start in enumerate(starts):
        size = (per if k < len(starts) - 1 else TOP + lines - start) * line
        if used + size > room and start > first:
            breaks.append(start - 1)
            used, first = above[-1], start
        used += size
    return breaks
