"""The team book's tie-breaks on encounters and boards in native formulas: the extended direct
encounter (C.07's ``EDE``, ``EDEC``, ``EDET``, ``EDEB``, ``EDEBT``, ``EDEBB``), as
:func:`elo_xl.tiebreaks.teams.extended_direct_encounter` computes it, board count (``BC``),
top-board result (``TBR``) and bottom-board elimination (``BBE``).

The teams tied on match points and on the tie-breaks before the first EDE code of the list
form groups; direct encounter sorts each group into tiers, a stage at a time. A tier is
identified by its *key*: 1 + the teams ranked ahead of it so far (a shared rank), so that a
tier of the next stage is its old key plus the teams of the old tier ranked ahead of it. Each
stage, for every tier of two teams or more (the engine's order, :func:`~elo_xl.tiebreaks.encounter.tiers`):

* when every pair of the tier has met: the points among the tier (a pair that met more than
  once: the average) split it into levels, on match points (MP) first, else on game points
  (GP); a level split on GP tries GP first again;
* when not: the team whose points among the tier no other can reach with wins in its
  unplayed pairings ranks first (one per stage; the rest keep peeling on the same score);
* a tier of two that neither score splits: the board results of their encounter, as the code
  says (board count, each board from the top, the boards without the bottom ones).

A team's *mode* says which score its tier tries first (0 MP, 1 GP, 2 peeling on MP, 3 peeling
on GP). :data:`STAGES` stages settle every group of FIDE's and the generator's events (the
engine is the reference). The value: the place it gives the team in its group, as the engine's
standings show it (teams it cannot separate share the lower place).

The board results enter as one number per criterion and team-round, a weighted sum of the
half points on the boards (:func:`board_weights`), exact for every board count and number of
rounds the book takes: the board count; the boards from the top as digits in base
:func:`board_base`; the boards without the bottom ones as the first boards' points, then each
of the next boards' points taken off, in the same base. The same numbers over the whole event
give TBR and BBE (:func:`board_total`, :func:`rank_within`).

>>> board_base(9)
19
>>> EDE_CODES[-1], criteria_flags("P")
('EDEBB', 'IF(P=0,0,IF(OR(INDEX(TbCodes,P)="EDEC",INDEX(TbCodes,P)="EDEBT",INDEX(TbCodes,P)="EDEBB"),1,0))')
"""

from __future__ import annotations

from collections.abc import Callable

from openpyxl.utils import get_column_letter as L
from openpyxl.worksheet.worksheet import Worksheet

from . import team_formulas as tf
from .book import Book
from .style import WORK_FILL

__all__ = ["EDE_CODES", "RANK_WITHIN", "ROW_WORK", "STAGES", "EncounterLayout", "board_base", "board_total",
           "board_weights", "criteria_flags", "encounter", "first_position", "rank_within"]

#: The EDE family, in the order of the book's list.
EDE_CODES = ("EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB")
#: The codes whose board criteria include board count, the top boards, the bottom boards.
_WITH = {"c": ("EDEC", "EDEBT", "EDEBB"), "t": ("EDET", "EDEBT"), "b": ("EDEB", "EDEBB")}
#: The stages of direct encounter the book computes.
STAGES = 4
#: The Rounds sheet's working per row for EDE, BC, TBR and BBE: each side's half points weighted by its
#: board, per criterion (board count, top boards, bottom boards).
ROW_WORK = ("home_c", "away_c", "home_t", "away_t", "home_b", "away_b")
#: Per team and round: the times it met that opponent (0: no game), the board criteria of the match.
ROUND_BLOCKS = ("times", "enc_c", "enc_t", "enc_b")
#: Per team and stage after the stage's rounds (``in``: the weight of a game against a team of its tier).
STAGE = ("size", "met", "mmp", "mgp", "all", "rmp", "rgp", "fmp", "fgp", "pmp", "pgp", "amp", "agp", "ec", "et",
         "eb", "case", "key", "mode")
#: The other cells: the first EDE's place in the list and its board criteria (row above the headers).
GLOBALS = ("pos", "c", "t", "b")


def board_base(rounds: int) -> int:
    """The base of the top-board and bottom-board encodings: a digit is a board's half points
    over the rounds (at most two a round), ``rounds`` rounds. With the book's largest sizes
    (15 rounds, 10 boards) an encoding stays below 31^10 < 2^53: exact in a spreadsheet.

    >>> board_base(15) ** 10 < 2 ** 53
    True
    """
    return 2 * max(rounds, 1) + 1


def _weights(boards: int, rounds: int) -> dict[str, list[int]]:
    """Each board's weight in the three encodings (board 1 first)."""
    base, n = board_base(rounds), boards
    bottom = [(base ** (n - 2) if b < n else 0) - (base ** (b - 2) if 2 <= b < n else 0) for b in range(1, n + 1)]
    return {"c": list(range(1, n + 1)), "t": [base ** (n - b) for b in range(1, n + 1)], "b": bottom}


def board_weights(board: str, home: str, away: str, boards: int, rounds: int) -> dict[str, str]:
    """The working of one Rounds row (:data:`ROW_WORK`): each side's half points times its
    board's weight in board count, in the top-board and in the bottom-board encoding; 0 on a
    row without a board.

    >>> board_weights("C6", "H6", "I6", 4, 9)["home_t"]
    'IF(C6="",0,2*H6*CHOOSE(C6,6859,361,19,1))'
    """
    return {f"{side}_{k}": f'IF({board}="",0,2*{points}*CHOOSE({board},{",".join(map(str, w))}))'
            for k, w in _weights(boards, rounds).items() for side, points in (("home", home), ("away", away))}


def first_position() -> str:
    """The place in the list of its first EDE code (0: none); a second one is refused on the
    Event sheet.

    >>> first_position()[:41]
    'IF(MIN(IFERROR(MATCH("EDE",TbCodes,0),7),'
    """
    least = "MIN(" + ",".join(f'IFERROR(MATCH("{code}",TbCodes,0),7)' for code in EDE_CODES) + ")"
    return f"IF({least}=7,0,{least})"


def criteria_flags(pos: str, criterion: str = "c") -> str:
    """1 when the EDE code at ``pos`` compares the boards by ``criterion`` (``c`` board count,
    ``t`` the top boards, ``b`` the bottom boards).

    >>> criteria_flags("P", "t")
    'IF(P=0,0,IF(OR(INDEX(TbCodes,P)="EDET",INDEX(TbCodes,P)="EDEBT"),1,0))'
    """
    code = f"INDEX(TbCodes,{pos})"
    tests = ",".join(f'{code}="{c}"' for c in _WITH[criterion])
    return f"IF({pos}=0,0,IF(OR({tests}),1,0))"


class EncounterLayout:
    """Where the EDE working stands on the Teams sheet: from column ``first``, ``r`` rounds."""

    def __init__(self, first: int, r: int) -> None:
        self.first, self.r = first, r

    def glob(self, name: str) -> int:
        return self.first + GLOBALS.index(name)

    def block(self, name: str, t: int) -> int:
        return self.first + len(GLOBALS) + ROUND_BLOCKS.index(name) * (self.r + 1) + t

    def pre(self, k: int) -> int:  # the value of slot k (1–5) when it stands before the first EDE
        return self.block(ROUND_BLOCKS[-1], self.r) + k

    @property
    def key0(self) -> int:
        return self.pre(5) + 1

    def stage_in(self, s: int, t: int) -> int:  # stage s (1…STAGES): its weights per round
        return self.key0 + 1 + (s - 1) * (self.r + 1 + len(STAGE)) + t

    def stage(self, s: int, name: str) -> int:
        return self.stage_in(s, self.r) + STAGE.index(name)

    @property
    def value(self) -> int:
        return self.stage(STAGES, STAGE[-1]) + 1


def board_total(a: EncounterLayout, row: int, kinds: str, boards: int, rounds: int, criterion: str) -> str:
    """A team's boards over the event as one number (``c`` board count, ``t`` the top-board
    encoding, ``b`` the bottom-board one): its matches' boards, and a round without a match its
    boards all won (a pairing-allocated or full-point bye, a forfeit won) or drawn (a half-point
    bye), as the engine counts them for BC, TBR and BBE; ``kinds`` the team's kinds of round.

    >>> board_total(EncounterLayout(20, 3), 10, "K10:M10", 4, 3, "c")
    '(SUM(AB10:AD10)+10*(2*(COUNTIF(K10:M10,1)+COUNTIF(K10:M10,3)+COUNTIF(K10:M10,4))+COUNTIF(K10:M10,5)))/2'
    """
    whole = sum(_weights(boards, rounds)[criterion])
    won = "+".join(f"COUNTIF({kinds},{k})" for k in (tf.FORFEIT_WON, tf.PAB, tf.FULL_BYE))
    block = f"enc_{criterion}"
    return (f"(SUM({L(a.block(block, 0))}{row}:{L(a.block(block, a.r - 1))}{row})+{whole}*(2*({won})"
            f"+COUNTIF({kinds},{tf.HALF_BYE})))/2")


def encounter(book: Book, ws: Worksheet, a: EncounterLayout, top: int, last: int, boards: int,
              team_round: Callable[[str, int, int], str], team_sides: Callable[[int, str, str, int], str],
              values: tuple[int, int], ranked_ahead: Callable[[list[int], int], str]) -> int:
    """Write the EDE working on the Teams sheet ``ws`` where ``a`` places it, for the teams of
    rows ``top``–``last`` (``boards`` boards): ``team_round(block, t, row)`` a
    cell of the book's working per team and round (``opp``, ``kind``, ``wait``, ``mp``,
    ``gp``); ``team_sides(t, home, away, row)`` the sum of a Rounds working column over the
    team's side of round ``t``; ``values`` the first and last value columns before the EDE
    codes (their signs on the row above the headers: -1 where the lower ranks higher);
    ``ranked_ahead(columns, row)`` the teams ahead on those columns (a SUMPRODUCT). Returns
    the column of the EDE value."""
    return _write(book, ws, a, top, last, boards, team_round, team_sides, values, ranked_ahead)


def _write(book: Book, ws: Worksheet, a: EncounterLayout, top: int, last: int, boards: int,
           team_round: Callable[[str, int, int], str], team_sides: Callable[[int, str, str, int], str],
           values: tuple[int, int], ranked_ahead: Callable[[list[int], int], str]) -> int:
    r = a.r
    hdr = top - 1
    col = lambda c: f"${L(c)}${top}:${L(c)}${last}"  # noqa: E731
    g = {name: f"${L(a.glob(name))}${top - 2}" for name in GLOBALS}
    book.formula(ws, g["pos"], first_position(), fill=WORK_FILL)
    for k in "ctb":
        book.formula(ws, g[k], criteria_flags(g["pos"], k), fill=WORK_FILL)
    for name in GLOBALS:
        book.header(ws, hdr - 2, a.glob(name), "col.number", number=f"EDE {name}")
    for name in ROUND_BLOCKS:
        for t in range(r):
            book.header(ws, hdr, a.block(name, t), "col.number", number=f"{name} {t + 1}")
    for k in range(1, 6):
        book.header(ws, hdr, a.pre(k), "col.number", number=f"pre {k}")
    book.header(ws, hdr, a.key0, "col.number", number="key 0")
    for s in range(1, STAGES + 1):
        for t in range(r):
            book.header(ws, hdr, a.stage_in(s, t), "col.number", number=f"in{s} {t + 1}")
        for name in STAGE:
            book.header(ws, hdr, a.stage(s, name), "col.number", number=f"{name} {s}")
    book.header(ws, hdr, a.value, "col.number", number="EDE")
    for row in range(top, last + 1):
        c = lambda column: f"{L(column)}{row}"  # noqa: E731
        span = lambda name: f"{L(a.block(name, 0))}{row}:{L(a.block(name, r - 1))}{row}"  # noqa: E731
        book_span = lambda name: (f"{team_round(name, 0, row)}:{team_round(name, r - 1, row)}")  # noqa: E731
        for t in range(r):
            kind, wait, opp = (team_round(name, t, row) for name in ("kind", "wait", "opp"))
            times = (f"IF(AND({kind}={tf.GAME},{wait}=0),COUNTIFS({book_span('opp')},{opp},{book_span('kind')},"
                     f"{tf.GAME},{book_span('wait')},0),0)")
            book.formula(ws, c(a.block("times", t)), times, fill=WORK_FILL)
            for k in "ctb":
                book.formula(ws, c(a.block(f"enc_{k}", t)), team_sides(t, f"home_{k}", f"away_{k}", row),
                             fill=WORK_FILL)
        _group_key(book, ws, row, [a.pre(k) for k in range(1, 6)], a.key0, g["pos"], values, top, ranked_ahead)
        previous, mode = a.key0, "0"
        for s in range(1, STAGES + 1):
            keys, key = col(previous), f"${L(previous)}{row}"
            own = {name: c(a.stage(s, name)) for name in STAGE}
            whole = {name: col(a.stage(s, name)) for name in STAGE}
            weights = f"{L(a.stage_in(s, 0))}{row}:{L(a.stage_in(s, r - 1))}{row}"
            for t in range(r):
                times, opp = c(a.block("times", t)), team_round("opp", t, row)
                book.formula(ws, c(a.stage_in(s, t)), f"IF({times}=0,0,IF(INDEX({keys},{opp})={key},1/{times},0))",
                             fill=WORK_FILL)
            def tier(name: str, test: str) -> str:  # the teams of the tier whose ``name`` passes ``test``
                return f"COUNTIFS({keys},{key},{whole[name]},{test})"

            def than(op: str, cell: str) -> str:
                return f'"{op}"&{cell}'
            unmet = f"({own['size']}-1-{own['met']})"
            partner = lambda name: f"(SUMIF({keys},{key},{whole[name]})-{own[name]})"  # noqa: E731
            better = (f"IF(AND({g['c']}=1,{partner('ec')}<>{own['ec']}),{partner('ec')}>{own['ec']},"
                      f"IF({g['t']}=1,{partner('et')}>{own['et']},IF({g['b']}=1,{partner('eb')}>{own['eb']},FALSE)))")
            by_boards = f"IF(AND({own['size']}=2,{g['c']}+{g['t']}+{g['b']}>0),IF({better},1,0),0)"
            split = lambda name: tier(name, '">0"') + ">0"  # noqa: E731
            cells = {
                "size": f"COUNTIF({keys},{key})",
                "met": f"ROUND(SUM({weights}),6)",
                "mmp": f"ROUND(SUMPRODUCT({weights},{book_span('mp')}),6)",
                "mgp": f"ROUND(SUMPRODUCT({weights},{book_span('gp')}),6)",
                "all": f"IF({tier('met', than('<', own['size'] + '-1'))}=0,1,0)",
                "rmp": f"{own['mmp']}+MatchWin*{unmet}",
                "rgp": f"{own['mgp']}+{boards}*{unmet}",
                "ec": f"ROUND(-SUMPRODUCT({weights},{span('enc_c')}),6)",
                "et": f"ROUND(SUMPRODUCT({weights},{span('enc_t')}),6)",
                "eb": f"ROUND(SUMPRODUCT({weights},{span('enc_b')}),6)",
                "case": (f"IF(AND({mode}=2,{split('pmp')}),1,IF(AND({mode}=3,{split('pgp')}),2,"
                         f"IF(AND({mode}=1,{split('agp')}),3,IF({split('amp')},4,IF({split('agp')},5,6)))))"),
                "key": (f"{key}+CHOOSE({own['case']},{own['pmp']},{own['pgp']},{own['agp']},{own['amp']},"
                        f"{own['agp']},{by_boards})"),
                "mode": f"CHOOSE({own['case']},2,3,IF({own['all']}=1,1,3),IF({own['all']}=1,0,2),"
                        f"IF({own['all']}=1,1,3),0)",
            }
            for x in ("mp", "gp"):  # the first of a tier not all met; the peeling; the levels or the peeling
                cells[f"f{x}"] = f"IF(AND({own['size']}>1,{tier('r' + x, than('>=', own['m' + x]))}=1),1,0)"
                cells[f"p{x}"] = f"IF({own['f' + x]}=1,0,IF({tier('f' + x, '1')}>0,1,0))"
                cells[f"a{x}"] = f"IF({own['all']}=1,{tier('m' + x, than('>', own['m' + x]))},{own['p' + x]})"
            for name in STAGE:
                book.formula(ws, own[name], cells[name], fill=WORK_FILL)
            previous, mode = a.stage(s, "key"), own["mode"]
        key0 = f"${L(a.key0)}{row}"
        below = f'COUNTIFS({col(a.key0)},{key0},{col(previous)},">"&${L(previous)}{row})'
        book.formula(ws, c(a.value), f"IF({g['pos']}=0,0,{key0}+COUNTIF({col(a.key0)},{key0})-1-{below})",
                     fill=WORK_FILL)
    return a.value


def _group_key(book: Book, ws: Worksheet, row: int, pre: list[int], key0: int, pos: str, values: tuple[int, int],
               top: int, ranked_ahead: Callable[[list[int], int], str]) -> None:
    """The group of a rank-only tie-break at place ``pos`` of the list: the values of the
    slots before it (``pre``, signed: the higher ranks higher; from the value columns
    ``values``, none of which depends on it) and its key, 1 + the teams ahead on match points
    and on them (``key0``: the first place of the group)."""
    first, last = (L(c) for c in values)
    for k, column in enumerate(pre, start=1):
        at = f"MATCH(INDEX(TbCodes,{k}),TiebreakCodes,0)"
        value = f"INDEX(${first}{row}:${last}{row},1,{at})"
        sign = f"INDEX(${first}${top - 2}:${last}${top - 2},1,{at})"
        book.formula(ws, f"{L(column)}{row}", f"IF({pos}>{k},IFERROR({value}*{sign},0),0)", fill=WORK_FILL)
    book.formula(ws, f"{L(key0)}{row}", f"1+{ranked_ahead(pre, row)}", fill=WORK_FILL)


#: The rank-only board tie-breaks and their encodings: TBR each board from the top, BBE the
#: boards without the bottom ones.
RANK_WITHIN = {"TBR": "t", "BBE": "b"}
#: A rank-only board tie-break's columns per team.
WITHIN = ("total", "pre 1", "pre 2", "pre 3", "pre 4", "pre 5", "key", "place")


def rank_within(book: Book, ws: Worksheet, first: int, code: str, top: int, last: int, total: Callable[[int], str],
                values: tuple[int, int], ranked_ahead: Callable[[list[int], int], str]) -> int:
    """TBR or BBE (``code``) from column ``first`` for the teams of rows ``top``–``last``: its
    place in the list (above), each team's boards as one number (``total(row)``,
    :func:`board_total`), the group of the teams tied before it (:func:`_group_key`) and the
    place it gives there, as the engine's standings show it (teams level share the lower
    place). Returns the column of the place."""
    col = lambda k: f"${L(first + k)}${top}:${L(first + k)}${last}"  # noqa: E731
    pos = f"${L(first)}${top - 2}"
    book.formula(ws, pos, f'IFERROR(MATCH("{code}",TbCodes,0),0)', fill=WORK_FILL)
    for k, name in enumerate(WITHIN):
        book.header(ws, top - 1, first + k, "col.number", number=f"{code} {name}")
    for row in range(top, last + 1):
        book.formula(ws, f"{L(first)}{row}", total(row), fill=WORK_FILL)
        _group_key(book, ws, row, [first + k for k in range(1, 6)], first + 6, pos, values, top, ranked_ahead)
        key, own = f"${L(first + 6)}{row}", f"${L(first)}{row}"
        below = f'COUNTIFS({col(6)},{key},{col(0)},"<"&{own})'
        book.formula(ws, f"{L(first + 7)}{row}", f"IF({pos}=0,0,{key}+COUNTIF({col(6)},{key})-1-{below})",
                     fill=WORK_FILL)
    return first + len(WITHIN) - 1
