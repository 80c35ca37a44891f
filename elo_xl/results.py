"""What users type, parsed: results, ratings, K factors, and the shapes of ranges.

A result is kept as a small integer code: the points in halves for a played game
(:data:`LOSS` 0, :data:`DRAW` 1, :data:`WIN` 2) and two codes for forfeits, which are never
rated. ``None`` is a game not played.

>>> parse_result("½"), parse_result("0,5"), parse_result(1.0), parse_result("+")
(1, 1, 2, 3)
>>> parse_rating("NR") is None, parse_rating(2500.0), parse_rating(" 1873 ")
(True, 2500, 1873)
>>> grid([1, 2, 3])
[[1], [2], [3]]
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from .errors import EloError

LOSS, DRAW, WIN = 0, 1, 2
FORFEIT_WIN, FORFEIT_LOSS = 3, 4
#: Played but not rated (TRF ``W``, ``D``, ``L``).
UNRATED_WIN, UNRATED_DRAW, UNRATED_LOSS = 5, 6, 7
#: Byes, which have no opponent (TRF ``H`` half-point, ``F`` full-point, ``U`` pairing-allocated, ``Z`` zero-point).
BYE_HALF, BYE_FULL, BYE_PAIRING, BYE_ZERO = 8, 9, 10, 11
BYES = frozenset((BYE_HALF, BYE_FULL, BYE_PAIRING, BYE_ZERO))
#: Results that score on a round without an opponent: byes and forfeits.
WITHOUT_OPPONENT = BYES | {FORFEIT_WIN, FORFEIT_LOSS}

#: Points (in halves) that each result code brings in the tournament table.
POINTS_HALVES = (0, 1, 2, 2, 0, 2, 1, 0, 1, 2, 2, 0)


def as_points(units: int, per_point: int = 2) -> int | float:
    """A count of half points (or of other fractions of a point) as points, exactly: whole
    numbers stay integers.

    >>> as_points(7), as_points(8), as_points(9, 4)
    (3.5, 4, 2.25)
    """
    return units // per_point if units % per_point == 0 else units / per_point


#: The keys of a TRF scoring system (:meth:`elo_xl.io.trf_model.TrfEvent.scoring`) for each
#: result code: (with white, with black).
SCORING_KEYS = {
    WIN: ("WW", "BW"), DRAW: ("WD", "BD"), LOSS: ("WL", "BL"),
    UNRATED_WIN: ("WW", "BW"), UNRATED_DRAW: ("WD", "BD"), UNRATED_LOSS: ("WL", "BL"),
    FORFEIT_WIN: ("FW", "FW"), FORFEIT_LOSS: ("FL", "FL"),
    BYE_HALF: ("HPB", "HPB"), BYE_FULL: ("FPB", "FPB"), BYE_PAIRING: ("PAB", "PAB"), BYE_ZERO: ("ZPB", "ZPB"),
}


#: FIDE's scoring as a TRF scoring system (the keys of :data:`SCORING_KEYS`): 1, ½ and 0, a
#: full-point bye and the pairing-allocated bye 1, a half-point bye ½, a zero-point bye 0. A
#: file's ``162``/``XXS`` records change it (:meth:`elo_xl.io.trf_model.TrfEvent.scoring`).
FIDE_SCORING: Mapping[str, Fraction] = MappingProxyType(
    {key: Fraction(POINTS_HALVES[code], 2) for code, keys in SCORING_KEYS.items() for key in keys})


def game_points(code: int | None, black: bool = False, scoring: Mapping[str, Fraction] | None = None) -> Fraction:
    """The points one result brings: FIDE's 1, ½, 0, or a TRF file's scoring system.

    >>> game_points(DRAW), game_points(BYE_PAIRING), game_points(None)
    (Fraction(1, 2), Fraction(1, 1), Fraction(0, 1))
    >>> game_points(WIN, black=True, scoring={"WW": Fraction(3), "BW": Fraction(4)})
    Fraction(4, 1)
    """
    if code is None:
        return Fraction(0)
    if scoring is None:
        return Fraction(POINTS_HALVES[code], 2)
    return scoring[SCORING_KEYS[code][1 if black else 0]]


#: The other player's result for each code (a forfeit win is the opponent's forfeit loss; byes have none).
COMPLEMENT = (WIN, DRAW, LOSS, FORFEIT_LOSS, FORFEIT_WIN, UNRATED_LOSS, UNRATED_DRAW, UNRATED_WIN,
              None, None, None, None)
#: Each code as a crosstable or a TRF file writes it.
SYMBOL = ("0", "½", "1", "+", "−", "W", "D", "L", "H", "F", "U", "Z")

#: Each code as a FIDE TRF file writes it.
TRF_SYMBOL = ("0", "=", "1", "+", "-", "W", "D", "L", "H", "F", "U", "Z")

#: Every spelling of a result that users may type, with its code (letters in any case).
RESULT_TEXT = {
    "1": WIN, "1.0": WIN, "1,0": WIN,
    "0": LOSS, "0.0": LOSS, "0,0": LOSS,
    "½": DRAW, "=": DRAW, "1/2": DRAW, "0.5": DRAW, "0,5": DRAW, ".5": DRAW, ",5": DRAW,
    "+": FORFEIT_WIN,
    "-": FORFEIT_LOSS, "−": FORFEIT_LOSS, "–": FORFEIT_LOSS,
    "W": UNRATED_WIN, "D": UNRATED_DRAW, "L": UNRATED_LOSS,
    "H": BYE_HALF, "F": BYE_FULL, "U": BYE_PAIRING, "Z": BYE_ZERO,
}
#: Short forms for typing a result in a spreadsheet, which takes a cell starting with ``=``,
#: ``+`` or ``-`` as a formula: R (remis) a rated draw, F+ and F- forfeits won and lost.
#: They belong to the books and :func:`parse_result`, not to TRF files.
TYPED_TEXT = {"R": DRAW, "F+": FORFEIT_WIN, "F-": FORFEIT_LOSS, "F−": FORFEIT_LOSS}
_ALL_TEXT = {**RESULT_TEXT, **TYPED_TEXT}
#: The characters a typed result may hold besides its spelling, which the engine and the books'
#: formulas (:func:`elo_xl.workbook.codes.typed_text`) both drop wherever they stand: the space
#: and the no-break space (U+00A0, which pasting from a web page or a PDF brings). Nothing
#: else: a tab, a line break or another space makes the cell no result, in both. No spelling
#: holds one of them (:func:`result_text`).
RESULT_SPACES = (" ", "\u00a0")
_RESULT_TEXT = {**_ALL_TEXT, **{k.lower(): v for k, v in _ALL_TEXT.items() if k != k.lower()}}


def result_text(text: str) -> str:
    """A typed result's text as the engine and the books read it: :data:`RESULT_SPACES` dropped.

    >>> result_text(" ½\\u00a0"), result_text("F +"), result_text("1\\t")
    ('½', 'F+', '1\\t')
    >>> [text for text in _ALL_TEXT if result_text(text) != text]  # no spelling holds one
    []
    """
    for space in RESULT_SPACES:
        text = text.replace(space, "")
    return text


def blank_result(value: Any) -> bool:
    """Whether a result cell holds no result: nothing, or only :data:`RESULT_SPACES` (a tab is
    not blank there, as the books' formulas read it).

    >>> blank_result(None), blank_result(" \\u00a0"), blank_result("\\t"), blank_result(0)
    (True, True, False, False)
    """
    return value is None or (isinstance(value, str) and not result_text(value))


def agree(code: int, other: int) -> bool:
    """Whether two sides of one game agree: 1/0, ½/½, +/−, −/− (a double forfeit), W/L, D/D.

    >>> agree(WIN, LOSS), agree(FORFEIT_LOSS, FORFEIT_LOSS), agree(WIN, WIN)
    (True, True, False)
    """
    return other == COMPLEMENT[code] or code == other == FORFEIT_LOSS


RESULT_HELP = "is not a result; type 1, ½ (or 0.5, =, R), 0, + or − (forfeits; also F+, F-), or leave the cell blank"
BYE_HELP = "is a bye, which has no opponent; byes (H, F, U, Z) belong in the rounds form on a round without a pairing"

Cells = Any  # a single value, a flat list (a column) or a list of lists


def is_blank(value: Any) -> bool:
    """Empty cells arrive as None; a cell holding only spaces counts as empty too.

    >>> is_blank(None), is_blank("  "), is_blank(0)
    (True, True, False)
    """
    return value is None or (isinstance(value, str) and not value.strip())


def grid(cells: Cells) -> list[list[Any]]:
    """Any range argument as a list of rows: a value → 1×1, a flat list → a column.

    >>> grid(5), grid([[1, 2], [3, 4]]), grid(None)
    ([[5]], [[1, 2], [3, 4]], [[None]])
    """
    if isinstance(cells, (list, tuple)):
        if not cells:
            return []
        if all(isinstance(row, (list, tuple)) for row in cells):
            return [list(row) for row in cells]
        if any(isinstance(row, (list, tuple)) for row in cells):
            raise EloError("a range mixes single values and rows; give a list of rows")
        return [[v] for v in cells]
    return [[cells]]


def cells_with_position(cells: Cells) -> Iterator[tuple[Any, int | tuple[int, int] | None]]:
    """Every cell of a range with the position an error message names, row by row.

    A single cell has no position; a row or column is numbered 1, 2, 3…; a block by
    (row, column).

    >>> list(cells_with_position([[7, 8]]))
    [(7, 1), (8, 2)]
    >>> list(cells_with_position([[1, 2], [3, 4]]))[2]
    (3, (2, 1))
    """
    rows = grid(cells)
    if len(rows) == 1 and len(rows[0]) == 1:
        yield rows[0][0], None
        return
    line = len(rows) <= 1 or all(len(r) <= 1 for r in rows)
    i = 0
    for r, row in enumerate(rows, 1):
        for c, value in enumerate(row, 1):
            i += 1
            yield value, (i if line else (r, c))


def flat(cells: Cells) -> list[Any]:
    """All the cells of a range, row by row.

    >>> flat([[1, 2], [3, None]])
    [1, 2, 3, None]
    """
    return [v for row in grid(cells) for v in row]


def shape(cells: Cells) -> tuple[int, int]:
    """(rows, columns) of a range, refusing ragged lists.

    >>> shape([[1, 2], [3, 4], [5, 6]])
    (3, 2)
    """
    rows = grid(cells)
    widths = {len(r) for r in rows}
    if len(widths) > 1:
        raise EloError("a range has rows of different lengths; every row needs the same number of cells")
    return len(rows), (widths.pop() if widths else 0)


def parse_grid(cells: Cells, parse: Any, argument: str) -> list[list[Any]]:
    """Every cell of a range parsed by ``parse(value, argument, position)``, shape kept.

    >>> parse_grid([[1, "NR"], [2500, None]], parse_rating, "ratings")
    [[1, None], [2500, None]]
    """
    rows = grid(cells)
    height, width = shape(rows)
    values = [parse(v, argument, pos) for v, pos in cells_with_position(rows)]
    return [values[r * width:(r + 1) * width] for r in range(height)]


def broadcast(first: list[list[Any]], first_name: str, second: list[list[Any]], second_name: str) -> tuple[list, list]:
    """Two grids of one shape: a 1×1 grid is repeated over the other's shape.

    >>> broadcast([[1]], "a", [[1, 2]], "b")
    ([[1, 1]], [[1, 2]])
    """
    sa, sb = shape(first), shape(second)
    if sa == sb:
        return first, second
    if sa == (1, 1):
        return [[first[0][0]] * sb[1] for _ in range(sb[0])], second
    if sb == (1, 1):
        return first, [[second[0][0]] * sa[1] for _ in range(sa[0])]
    raise EloError(
        f"{first_name} is {sa[0]}×{sa[1]} but {second_name} is {sb[0]}×{sb[1]}; "
        "give two ranges of one shape, or a single value for one of them")


#: A number typed as text, once its spaces are dropped and a decimal comma is a point.
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def to_number(value: Any) -> float | int | None:
    """A cell's value as a number, or None when it is not one (text is read as typed).

    >>> to_number("2,5"), to_number(" 7 "), to_number("x"), to_number(True), to_number("7\\t"), to_number("1_000")
    (2.5, 7, None, None, None, None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            return None
        return int(value) if value.is_integer() else value
    if isinstance(value, str):
        # spaces around the number are dropped (as Excel's TRIM drops them: the LAMBDA names read
        # it so); a tab, a line break, a no-break space or an underscore makes it text
        text = value.strip(" ").replace("\u2212", "-").replace(",", ".")
        if not _NUMBER.fullmatch(text):
            return None
        number = float(text)
        if not math.isfinite(number):
            return None
        return int(number) if number.is_integer() else number
    return None


def parse_result(value: Any, argument: str = "result", pos: int | tuple[int, int] | None = None) -> int | None:
    """A typed result as a code (halves of a point, or a forfeit), or None when blank.

    >>> [parse_result(v) for v in (1, 0.5, 0, "1/2", "=", "-", None, "")]
    [2, 1, 0, 1, 1, 4, None, None]
    >>> [parse_result(v) for v in ("0,5", "R", "r", "F+", "f-", "F−")]
    [1, 1, 1, 3, 4, 4]
    >>> [parse_result(v) for v in (" 1 ", "\\u00a0½\\u00a0", "F +", "  ")]  # spaces and no-break spaces dropped
    [2, 1, 3, None]
    >>> parse_result("x", "results", (2, 3))
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: results, row 2 column 3: "x" is not a result; type 1, ½ (or 0.5, =, R), 0, + or − (forfeits; also F+, F-), or leave the cell blank
    """
    if value is None:
        return None
    if isinstance(value, str):
        text = result_text(value)
        if not text:
            return None
        code = _RESULT_TEXT.get(text)
        if code is not None:
            return code
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        if value == 1:
            return WIN
        if value == 0.5:
            return DRAW
        if value == 0:
            return LOSS
    raise EloError.at(argument, pos, value, RESULT_HELP)


def parse_rating(value: Any, argument: str = "rating", pos: int | tuple[int, int] | None = None) -> int | float | None:
    """A rating: a number from 1 to 3999 (or numeric text); blank, 0 or "NR" mean unrated.

    >>> parse_rating(0) is None, parse_rating("nr") is None, parse_rating(2012.5)
    (True, True, 2012.5)
    >>> parse_rating(-5)
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: rating: -5 is not a rating; type a number from 1 to 3999, or leave it blank (or 0, NR) for an unrated player
    """
    if is_blank(value):
        return None
    if isinstance(value, str) and value.strip().upper() == "NR":
        return None
    number = to_number(value)
    if number == 0:
        return None
    if number is None or not 1 <= number <= 3999:
        raise EloError.at(
            argument, pos, value,
            "is not a rating; type a number from 1 to 3999, or leave it blank (or 0, NR) for an unrated player",
        )
    return number


def parse_k(value: Any, argument: str = "k", pos: int | tuple[int, int] | None = None) -> int | float | None:
    """A K factor: a number above 0 and at most 100; blank means the rule set's default.

    >>> parse_k(None) is None, parse_k("15"), parse_k(12.5)
    (True, 15, 12.5)
    """
    if is_blank(value):
        return None
    number = to_number(value)
    if number is None or not 0 < number <= 100:
        raise EloError.at(argument, pos, value, "is not a K factor; type a number above 0 and at most 100, or leave it blank for the rule set's default")
    return number


def parse_whole(
    value: Any, argument: str, low: int, high: int, pos: int | tuple[int, int] | None = None
) -> int | None:
    """A whole number from ``low`` to ``high`` (games played, a year…), or None when blank.

    >>> parse_whole("2009", "birth_year", 1850, 2200), parse_whole(None, "games", 0, 10**6)
    (2009, None)
    """
    if is_blank(value):
        return None
    number = to_number(value)
    if not isinstance(number, int) or not low <= number <= high:
        raise EloError.at(argument, pos, value, f"is not a whole number from {low} to {high}")
    return number


def parse_number(value: Any, argument: str, pos: int | tuple[int, int] | None = None) -> int | float:
    """Any number (a delta, a score, a target rating); blank is refused.

    >>> parse_number("-120", "delta")
    -120
    """
    number = to_number(value)
    if number is None:
        raise EloError.at(argument, pos, value, "is not a number")
    return number


#: Yes and no in the languages of elo-xl (the workbooks' yes/no lists read them too).
FLAG_WORDS = {"en": ("yes", "no"), "vi": ("có", "không"), "ar": ("نعم", "لا"), "ru": ("да", "нет")}
#: Every word :func:`parse_flag` reads as TRUE, and as FALSE (lower case; the LAMBDA names read them too).
TRUE_WORDS = {"true", "y", "x", "1", "đúng"} | {yes for yes, _ in FLAG_WORDS.values()}
FALSE_WORDS = {"false", "n", "0", "sai"} | {no for _, no in FLAG_WORDS.values()}


def parse_flag(value: Any, argument: str, pos: int | tuple[int, int] | None = None) -> bool:
    """TRUE/FALSE as Excel passes it, or 1/0, yes/no, x; blank is FALSE.

    >>> parse_flag(True, "reached_2400"), parse_flag(None, "reached_2400"), parse_flag("yes", "x")
    (True, False, True)
    """
    if is_blank(value):
        return False
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        text = value.strip().lower()
        if text in TRUE_WORDS:
            return True
        if text in FALSE_WORDS:
            return False
    raise EloError.at(argument, pos, value, "is not TRUE or FALSE")


def same_size(first: Cells, first_name: str, second: Cells, second_name: str) -> tuple[list, list]:
    """Two ranges read cell by cell that must hold the same number of cells.

    >>> same_size([1, 2], "opponents", [[1, 0]], "results")
    ([1, 2], [1, 0])
    """
    a, b = flat(first), flat(second)
    if len(a) != len(b):
        raise EloError(
            f"{first_name} has {len(a)} cell{'s' if len(a) != 1 else ''} but {second_name} has {len(b)}; "
            "the two ranges must be the same size"
        )
    return a, b


def rating_cells(cells: Cells, argument: str) -> list[int | float | None]:
    """Every cell of a range parsed as a rating (None = unrated)."""
    return [parse_rating(v, argument, pos) for v, pos in cells_with_position(cells)]

