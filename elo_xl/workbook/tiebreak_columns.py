"""The tie-break columns of the Swiss book: every tie-break the book offers, per player, by
native formulas (:mod:`tiebreak_formulas`), the six chosen on the Event sheet
(``Tiebreak1`` … ``Tiebreak6``) and the one ranking: points, the list, then start number
(``Rank``).

The area stands to the right of the working area, so the sheet's other blocks keep their
places. It reads each round through the working area's game codes (one cell per game, after
the checks of both rows) and the pairings, colours and ratings as the book holds them:

* per round: the kind of round (C.07 16.2), the value its opponent adds to Buchholz (16.3,
  16.4), the cut key (16.5), the opponent's rating (10), the points against a player still
  tied (6);
* per player: the adjusted score, the cut values, Buchholz's largest values, DE's group key,
  one column per offered tie-break (headed by its code, which the chosen slots look up),
  the six chosen values, their numeric copies for the ranking, and the place.

``TbRounds`` (the rounds counted: the last in which anybody has a pairing or a result)
stands on row 3; ``TbNew`` (the 2026 rules) and ``TbDePos`` (DE's place in the list) on the
Event sheet.

>>> from elo_xl.workbook.tiebreak_slots import SWISS
>>> [code for code in SWISS if code != "DE"][:3]
['BH/C1', 'BH', 'SB']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from openpyxl.utils import get_column_letter as L
from openpyxl.worksheet.worksheet import Worksheet

from . import tiebreak_formulas as tf
from . import formulas as f
from . import names
from .formulas import sonneborn_berger
from .book import Book
from .style import OUTPUT_FILL, WORK_FILL
from .tiebreak_slots import SLOTS, SWISS

#: Per-round blocks of the area.
KIND, VALUE, CUT, RATING, ENCOUNTER, LEVEL = range(6)
BLOCK_KEYS = ("tb.kind", "tb.value", "tb.cut", "tb.rating", "tb.encounter", "tb.level")
#: Per-player helper columns, before the value columns.
HELPERS = ("s2", "last", "adjusted", "bh2", "x1", "x2", "a1", "a2", "a3", "a4", "de_key", "de_size", "de_met",
           "de_mini", "de_mini2", "de_reach", "de_first", "de_rest", "de_rest_reach", "de_open")


@dataclass(frozen=True)
class Sources:
    """Where one player's round data stand: ``code(i, t)``, ``pairing(i, t)``, ``colour(i, t)``
    cells; ``codes(i)``/``colours(i)`` his rows; ``points``, ``present``, ``rating`` (0 when
    unrated) his helper cells; ``columns`` the code and pairing columns of round ``t`` over
    every player (for the rounds counted)."""

    code: Callable[[int, int], str]
    pairing: Callable[[int, int], str]
    colour: Callable[[int, int], str]
    codes: Callable[[int], str]
    colours: Callable[[int], str]
    points: Callable[[int], str]
    present: Callable[[int], str]
    rating_column: str
    round_columns: Callable[[int], tuple[str, str]]


class Area:
    """The tie-break area of ``n`` players and ``r`` rounds (a round robin: ``n`` columns, one
    per opponent) from column ``first``, rows from ``top``: per-round ``blocks`` (header keys),
    per-player ``helpers``, one value column per code of ``offered`` (DE last)."""

    def __init__(self, first: int, n: int, r: int, top: int, offered: tuple[str, ...] = SWISS,
                 blocks: tuple[str, ...] = BLOCK_KEYS, helpers: tuple[str, ...] = HELPERS):
        self.first, self.n, self.r, self.top = first, n, r, top
        self.blocks, self.helpers = blocks, helpers
        self.last_row = top + n - 1
        self.helper0 = first + len(blocks) * (r + 1)
        self.value0 = self.helper0 + len(helpers)
        self.work = [code for code in offered if code != "DE"]
        self.de_col = self.value0 + len(self.work)
        self.slot0 = self.de_col + 1
        self.key0 = self.slot0 + SLOTS
        self.order0 = self.key0 + SLOTS  # the two packed ranking keys (:func:`write_rank`)
        self.last_col = self.order0 + 1
        self._helper_letters = {key: L(self.helper0 + k) for k, key in enumerate(helpers)}
        #: made once: every player's row reads them
        self._helper_columns = {key: self.column(self.helper0 + k) for k, key in enumerate(helpers)}
        self._letters = [[L(self.col(block, t)) for t in range(r + 1)] for block in range(len(blocks))]
        self.codes_row = f"${L(self.value0)}${top - 1}:${L(self.de_col - 1)}${top - 1}"

    def col(self, block: int, t: int) -> int:
        """The column of round ``t`` of per-round block ``block``."""
        return self.first + block * (self.r + 1) + t

    def cell(self, block: int, t: int, row: int) -> str:
        return f"{self._letters[block][t]}{row}"

    def row_of(self, block: int, row: int) -> str:
        return f"{self.cell(block, 0, row)}:{self.cell(block, self.r - 1, row)}"

    def helper(self, key: str, row: int) -> str:
        return f"{self._helper_letters[key]}{row}"

    def column(self, col: int) -> str:
        return f"${L(col)}${self.top}:${L(col)}${self.last_row}"

    def helper_column(self, key: str) -> str:
        return self._helper_columns[key]

    def helper_at(self, key: str, row: int) -> tuple[int, int]:
        """The helper cell ``key`` on ``row`` as (row, column)."""
        return row, self.helper0 + self.helpers.index(key)


def build(book: Book, ws: Worksheet, area: Area, src: Sources) -> None:
    """Write the Swiss area: the rounds counted, the headers and every player's formulas."""
    a = area
    active = []
    for t in range(a.r):
        pairs, codes = src.round_columns(t)
        active.append(f'COUNTIF({pairs},">0")+' + "+".join(f"COUNTIF({codes},{c})" for c in (12, 30, 31, 32)) + ">0")
    rounds = "0"
    for t in range(a.r):
        rounds = f"IF({active[t]},{t + 1},{rounds})"
    _event_cell(book, ws, a, "TbRounds", "tb.rounds", rounds)
    _headers(book, ws, a)
    for i in range(a.n):
        _player(book, ws, a, src, i)
    _names(book, ws, a)
    _open_count(book, ws, a)


def _event_cell(book: Book, ws: Worksheet, a: Area, name: str, key: str, text: str, offset: int = 0) -> None:
    row, column = a.top - 1, L(a.first + offset)
    book.label(ws, f"{column}{row - 3}", key, bold=True)
    book.formula(ws, f"{column}{row - 2}", text, fill=WORK_FILL)
    book.name(name, ws, f"{column}{row - 2}")


def _open_count(book: Book, ws: Worksheet, a: Area) -> None:
    """``TbDeOpen``: how many players' DE the book may not take to the end (0 when DE is not
    in the list); the Standings sheet says so under its table."""
    _event_cell(book, ws, a, "TbDeOpen", "tb.de_open_count",
                f'IF(TbDePos=0,0,COUNTIF({a.helper_column("de_open")},1))', offset=3)


def _headers(book: Book, ws: Worksheet, a: Area) -> None:
    hdr = a.top - 1
    book.label(ws, f"{L(a.first)}{hdr - 1}", "tb.title", bold=True)
    for block, key in enumerate(a.blocks):
        for t in range(a.r):
            book.header(ws, hdr, a.first + block * (a.r + 1) + t, key, number=t + 1)
    for k, key in enumerate(a.helpers):
        book.header(ws, hdr, a.helper0 + k, f"tb.{key}")
    for k, code in enumerate(a.work + ["DE"]):
        book.text(ws, f"{L(a.value0 + k)}{hdr}", code)  # the code: the slots look it up here
    for k in range(SLOTS):
        book.header(ws, hdr, a.slot0 + k, "tb.slot", number=k + 1)
        book.header(ws, hdr, a.key0 + k, "tb.key", number=k + 1)
    for k in range(2):
        book.header(ws, hdr, a.order0 + k, "tb.order", number=k + 1)


def _names(book: Book, ws: Worksheet, a: Area) -> None:
    for k in range(SLOTS):
        col = L(a.slot0 + k)
        book.name(names.TIEBREAK_VALUES[k], ws, f"{col}{a.top}:{col}{a.last_row}")
    book.widths(ws, {c: 6 for c in range(a.first, a.last_col + 1)})


def _work_range(a: Area, row: int) -> str:
    return f"${L(a.value0)}{row}:${L(a.de_col - 1)}{row}"


def _slot_value(a: Area, work: str, k: int) -> str:
    """The value of the code in slot ``k`` (from 1) for DE's group key, from the row's values
    ``work`` (:func:`_work_range`): 0 for none."""
    return f"IFERROR(INDEX({work},1,MATCH(INDEX(TbCodes,{k}),{a.codes_row},0)),0)"


def _de_key(a: Area, row: int, points: str, present: str) -> str:
    """DE's group key: points and the values of the slots before DE's ("" on an empty row)."""
    work = _work_range(a, row)
    key = '"k"&' + points + "".join(f'&"_"&IF(TbDePos>{k},{_slot_value(a, work, k)},"")' for k in range(1, SLOTS))
    return f'IF({present}=0,"",{key})'


def _de_size(a: Area, h: Callable[[str], str]) -> str:
    """The size of the player's tied group (0 on an empty row): counted once, read by DE's formulas."""
    return f'IF({h("de_key")}="",0,COUNTIF({a.helper_column("de_key")},{h("de_key")}))'


def _reach(a: Area, h: Callable[[str], str]) -> str:
    """DE (6.3): the half points among the tied group plus a win for each of them not met."""
    return f'IF({h("de_key")}="","",{h("de_mini")}+2*({h("de_size")}-1-{h("de_met")}))'


def _values_and_slots(book: Book, ws: Worksheet, a: Area, row: int, present: str, values_of: dict[str, str],
                      against_first: Callable[[str], tuple[str, str]]) -> None:
    """The value columns, DE, the six chosen values and their numeric copies of one player.
    ``against_first(first)``: the half points he scored against start number ``first`` among
    the tied, and the games he played against him there (for :func:`_de_open`)."""
    h = lambda key: a.helper(key, row)  # noqa: E731
    for k, code in enumerate(a.work):
        book.formula(ws, (row, a.value0 + k), f'IF({present}=0,"",{values_of[code]})', fill=WORK_FILL)
    de = tf.direct_encounter(a.helper_column("de_key"), h("de_key"), a.helper_column("de_met"),
                             a.helper_column("de_mini"), h("de_mini"), a.helper_column("de_mini2"), h("de_mini2"),
                             a.helper_column("de_reach"), h("de_size"))
    book.formula(ws, (row, a.de_col), f'IF({present}=0,"",{de})', fill=WORK_FILL)
    _de_open(book, ws, a, row, against_first)
    de_cell, work = f"{L(a.de_col)}{row}", _work_range(a, row)
    for k in range(SLOTS):
        code = f"INDEX(TbCodes,{k + 1})"
        shown = (f'IF(OR({present}=0,{code}=""),"",IF({code}="DE",{de_cell},'
                 f'INDEX({work},1,MATCH({code},{a.codes_row},0))))')
        slot = f"{L(a.slot0 + k)}{row}"
        book.formula(ws, (row, a.slot0 + k), shown, fill=OUTPUT_FILL)
        book.formula(ws, (row, a.key0 + k), f"IF(ISNUMBER({slot}),{slot},0)", fill=WORK_FILL)


def _de_open(book: Book, ws: Worksheet, a: Area, row: int, against_first: Callable[[str], tuple[str, str]]) -> None:
    """Whether the book's DE may differ from C.07 6 taken to the end (``de_open``, counted by
    ``TbDeOpen``), through the first of a group not all met and the points among the rest."""
    h = lambda key: a.helper(key, row)  # noqa: E731
    numbers = f"$A${a.top}:$A${a.last_row}"
    de = a.column(a.de_col)
    keys, met = a.helper_column("de_key"), h("de_met")
    points, games = against_first(h("de_first"))
    at = lambda key: a.helper_at(key, row)  # noqa: E731
    book.formula(ws, at("de_first"), tf.de_first(keys, h("de_key"), a.helper_column("de_met"), numbers, de,
                                                 h("de_size")),
                 fill=WORK_FILL)
    book.formula(ws, at("de_rest"), tf.de_rest_points(h("de_first"), f"$A{row}", h("de_mini"), points),
                 fill=WORK_FILL)
    book.formula(ws, at("de_rest_reach"), tf.de_rest_reach(h("de_rest"), h("de_size"), met, games),
                 fill=WORK_FILL)
    book.formula(ws, at("de_open"), tf.de_open(keys, h("de_key"), a.helper_column("de_met"), a.helper_column("de_mini"),
                                               h("de_mini"), a.helper_column("de_mini2"), h("de_mini2"),
                                               a.helper_column("de_rest_reach"), h("de_rest"), h("de_size")),
                 fill=WORK_FILL)


def _player(book: Book, ws: Worksheet, a: Area, src: Sources, i: int) -> None:
    row = a.top + i
    h = lambda key: a.helper(key, row)  # noqa: E731
    kinds, values, keys, ratings, meets = (a.row_of(b, row) for b in (KIND, VALUE, CUT, RATING, ENCOUNTER))
    codes = src.codes(i)
    for t in range(a.r):
        code, pairing = src.code(i, t), src.pairing(i, t)
        kind = a.cell(KIND, t, row)
        book.formula(ws, (row, a.col(KIND, t)), tf.round_kind(code, pairing, t + 1), fill=WORK_FILL)
        value = a.cell(VALUE, t, row)
        book.formula(ws, (row, a.col(VALUE, t)),
                     tf.opponent_value(kind, code, pairing, a.helper_column("adjusted"), h("s2")), fill=WORK_FILL)
        book.formula(ws, (row, a.col(CUT, t)), tf.cut_key(kind, value, t + 1), fill=WORK_FILL)
        book.formula(ws, (row, a.col(RATING, t)), tf.opponent_rating(code, pairing, src.rating_column), fill=WORK_FILL)
        book.formula(ws, (row, a.col(ENCOUNTER, t)),
                     tf.encounter_points(code, pairing, a.helper_column("de_key"), h("de_key")), fill=WORK_FILL)
        book.formula(ws, (row, a.col(LEVEL, t)), tf.level_points(
            code, pairing, a.helper_column("de_key"), h("de_key"), a.helper_column("de_mini"), h("de_mini")),
            fill=WORK_FILL)
    present = src.present(i)
    helpers = {
        "s2": f"2*{src.points(i)}",
        "last": tf.last_available(kinds),
        "adjusted": tf.adjusted(h("s2"), h("last"), kinds),
        "bh2": f"SUM({values})",
        "x1": tf.cut_value(keys, 1), "x2": tf.cut_value(keys, 2),
        **{f"a{k}": tf.largest(values, k) for k in range(1, 5)},
        "de_key": _de_key(a, row, src.points(i), present),
        "de_size": _de_size(a, h),
        "de_met": f"COUNT({meets})",
        "de_mini": f"SUM({meets})",
        "de_mini2": f"SUM({a.row_of(LEVEL, row)})",
        "de_reach": _reach(a, h),
    }
    for key, text in helpers.items():
        book.formula(ws, a.helper_at(key, row), text, fill=WORK_FILL)
    x, big = [h("x1"), h("x2")], [h(f"a{k}") for k in range(1, 5)]
    trimmed = lambda cut, median: f"{tf.buchholz_trimmed(h('bh2'), x, big, cut, median)}/2"  # noqa: E731
    aro = f"{L(a.value0 + a.work.index('ARO'))}{row}"
    values_of = {
        "BH": f"{h('bh2')}/2", "BH/C1": trimmed(1, 0), "BH/C2": trimmed(2, 0), "BH/M1": trimmed(0, 1),
        "BH/M2": trimmed(0, 2), "SB": tf.sonneborn_berger(codes, values),
        "PS": tf.progressive([src.code(i, t) for t in range(a.r)]), "WIN": tf.wins(codes), "WON": tf.won(codes),
        "BPG": tf.black_games(codes, src.colours(i)), "BWG": tf.black_wins(codes, src.colours(i)),
        "ARO": tf.average_rating(ratings), "TPR": tf.performance(codes, ratings, aro),
    }
    opponents, meets = f"{src.pairing(i, 0)}:{src.pairing(i, a.r - 1)}", a.row_of(ENCOUNTER, row)
    _values_and_slots(book, ws, a, row, present, values_of, lambda first: (
        f"SUMIFS({meets},{opponents},{first})", f'COUNTIFS({opponents},{first},{meets},">=0")'))


RR_BLOCKS = ("tb.encounter", "tb.rating", "tb.level")
#: A double round robin's two more blocks: per opponent, the average of his two games among the
#: tied (C.07 6.1: "a pair that met more than once: each side's average"), and of the level ones.
RR_PAIR_BLOCKS = ("tb.encounter_pair", "tb.level_pair")
RR_HELPERS = ("games", "de_key", "de_size", "de_met", "de_mini", "de_mini2", "de_reach", "de_first", "de_rest",
              "de_rest_reach", "de_open")


@dataclass(frozen=True)
class CrossSources:
    """A round robin's data: ``code(i, j)`` player ``i``'s game code against ``j`` (the
    diagonal holds nothing), ``codes(i)`` his row, ``points_row`` the players' points as a row
    over the code block, ``points(i)``, ``present(i)``, ``rating_column`` (0 when unrated). A double round robin (``cycles`` 2) has
    ``2n`` game columns, the first cycle's then the second's: ``code(i, t)``, ``t`` from 0 to 2n − 1."""

    code: Callable[[int, int], str]
    codes: Callable[[int], str]
    points_row: str
    points: Callable[[int], str]
    present: Callable[[int], str]
    rating_column: str
    cycles: int = 1


def build_round_robin(book: Book, ws: Worksheet, a: Area, src: CrossSources) -> None:
    """Write the round-robin area (C.07 15.2: a forfeit is a game against its opponent; no
    score is adjusted): ``TbGames`` the most games a player has played (Koya's 50 %)."""
    _event_cell(book, ws, a, "TbGames", "tb.games", f"MAX({a.helper_column('games')})")
    _headers(book, ws, a)
    for i in range(a.n):
        row = a.top + i
        h = lambda key: a.helper(key, row)  # noqa: E731
        codes = src.codes(i)
        for t in range(a.r):
            code, opponent = src.code(i, t), str(t % a.n + 1)
            book.formula(ws, a.cell(0, t, row), tf.cross_encounter_points(
                code, a.helper_column("de_key"), opponent, h("de_key")), fill=WORK_FILL)
            book.formula(ws, a.cell(1, t, row), tf.opponent_rating(code, opponent, src.rating_column),
                         fill=WORK_FILL)
            book.formula(ws, a.cell(2, t, row), tf.level_points(
                code, opponent, a.helper_column("de_key"), h("de_key"), a.helper_column("de_mini"), h("de_mini"),
                f"{code}<90"), fill=WORK_FILL)
        meets, levels = a.row_of(0, row), a.row_of(2, row)
        if src.cycles > 1:  # each opponent once: the average of his games (C.07 6.1)
            for block, source in ((3, 0), (4, 2)):
                for j in range(a.n):
                    games = ",".join(a.cell(source, c * a.n + j, row) for c in range(src.cycles))
                    book.formula(ws, a.cell(block, j, row), f'IF(COUNT({games})=0,"",SUM({games})/COUNT({games}))',
                                 fill=WORK_FILL)
            meets, levels = a.row_of(3, row), a.row_of(4, row)
        present = src.present(i)
        ratings = a.row_of(1, row)
        helpers = {"games": f'COUNTIF({codes},"<90")', "de_key": _de_key(a, row, src.points(i), present),
                   "de_size": _de_size(a, h), "de_met": f"COUNT({meets})", "de_mini": f"SUM({meets})",
                   "de_mini2": f"SUM({levels})", "de_reach": _reach(a, h)}
        for key, text in helpers.items():
            book.formula(ws, h(key), text, fill=WORK_FILL)
        aro = f"{L(a.value0 + a.work.index('ARO'))}{row}"
        values_of = {
            "WIN": tf.wins(codes), "WON": f"{tf.won(codes)}+COUNTIF({codes},12)",
            "SB": sonneborn_berger(codes, src.points_row), "KS": tf.koya(codes, src.points_row),
            "ARO": tf.average_rating(ratings), "TPR": tf.performance(codes, ratings, aro),
        }
        _values_and_slots(book, ws, a, row, present, values_of, lambda first, meets=meets: (
            f"IF({first}=0,0,SUM(INDEX({meets},1,{first})))", f"IF({first}=0,0,COUNT(INDEX({meets},1,{first})))"))
    _names(book, ws, a)
    _open_count(book, ws, a)


def write_rank(book: Book, ws: Worksheet, a: Area, row: int, points_column: str, points: str, present: str,
               cell: str) -> None:
    """The player's place in ``cell`` (1 + the players ranked above: more points; or as many
    and better on the first chosen tie-break that differs; or equal on all and a lower start
    number), through two packed keys on his row of the area (:func:`tiebreak_formulas.order_key`:
    points and slots 1–3, then slots 4–6), so that each player's place costs 7 scans of the
    players instead of 36."""
    if a.n >= tf.ORDER_BASE:
        raise ValueError(f"{a.n} players: the packed ranking keys hold fewer than {tf.ORDER_BASE}")
    own = lambda k: (a.column(a.key0 + k), f"{L(a.key0 + k)}{row}")  # noqa: E731
    first = tf.order_key([(points_column, points)] + [own(k) for k in range(3)])
    second = tf.order_key([own(k) for k in range(3, SLOTS)])
    keys = [f"{L(a.order0 + k)}{row}" for k in range(2)]
    for k, text in enumerate((first, second)):
        book.formula(ws, (row, a.order0 + k), f'IF({present}=0,"",{text})', fill=WORK_FILL)
    numbers = f"$A${a.top}:$A${a.last_row}"
    ahead = tf.ahead_by_order((a.column(a.order0), keys[0]), (a.column(a.order0 + 1), keys[1]), numbers, f"$A{row}")
    book.formula(ws, cell, f'IF({present}=0,"",1+{ahead})', fill=OUTPUT_FILL)


def open_note(book: Book) -> str:
    """The Standings sheet's line under its table when ``TbDeOpen`` counts anyone (else empty)."""
    return f'IF(TbDeOpen>0,{f.sentence(book.t("standings.de_open", number="{number}"), number="TbDeOpen")},"")'


def standings_columns(area: Area, first: int, count: int = SLOTS, number_format: str | None = None
                      ) -> tuple[list[tuple[str, int, str | None]], dict[int, str]]:
    """The Standings sheet's tie-break columns (``Tiebreak1`` … ``Tiebreak6``, the first
    ``count``: the slots filled when the book is made, so that no empty column prints) and
    their headers: each the code chosen in its slot (``first``: the place of the first among
    the printed columns); ``number_format`` the columns' (None: General)."""
    columns = [("tb.column", area.slot0 + k, number_format) for k in range(count)]
    headers = {first + k: f'IF(INDEX(TbCodes,{k + 1})="","",INDEX(TbCodes,{k + 1}))' for k in range(count)}
    return columns, headers
