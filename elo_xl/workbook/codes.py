"""Game codes: what a typed result becomes in the books, and the formulas that read codes.

A typed result becomes a *base code* (:data:`BASE_CODE`): the points in halves in the units
digit, the kind of game in the tens — 0–2 a rated game, 10/12 a forfeit loss/win, 20–22 a
game played but not rated (W, D, L), 30–32 a bye (Z, H, F/U). A code cell that holds no
game holds 90 (nothing typed), 100 (paired or scheduled, not yet played), 110 (a conflict
seen from both sides of a game) or 120 (a conflict or bad input on one side only), all worth 0
points, so that a player's points are always the
sum of the codes' units digits, halved (:func:`points`), and his rated games are the codes ``<=2``.
"""

from __future__ import annotations

from typing import Callable

from ..results import (
    BYE_FULL,
    BYE_HALF,
    BYE_PAIRING,
    BYE_ZERO,
    DRAW,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    LOSS,
    RESULT_SPACES,
    RESULT_TEXT,
    TRF_SYMBOL,
    TYPED_TEXT,
    UNRATED_DRAW,
    UNRATED_LOSS,
    UNRATED_WIN,
    WIN,
)

NOTHING, PENDING, CONFLICT, ONE_SIDED = 90, 100, 110, 120

#: Workbook base code of every engine result code.
BASE_CODE = {
    LOSS: 0, DRAW: 1, WIN: 2, FORFEIT_LOSS: 10, FORFEIT_WIN: 12,
    UNRATED_LOSS: 20, UNRATED_DRAW: 21, UNRATED_WIN: 22,
    BYE_ZERO: 30, BYE_HALF: 31, BYE_FULL: 32, BYE_PAIRING: 32,
}


#: Game codes in ascending order with the symbol the computed crosstable shows.
CODE_SYMBOLS = ((0, "0"), (1, "½"), (2, "1"), (10, "−"), (12, "+"), (20, "L"), (21, "D"), (22, "W"),
                (30, "Z"), (31, "H"), (32, "F"))


def result_table() -> list[tuple[str, int]]:
    """Every spelling users may type, with its base code: the rows of ``ResultText``/``ResultBase``.

    >>> dict(result_table())["½"], dict(result_table())["+"], dict(result_table())["H"]
    (1, 12, 31)
    """
    return [(text, BASE_CODE[code]) for text, code in {**RESULT_TEXT, **TYPED_TEXT}.items()]


def typed_text(cell: str) -> str:
    """A typed result as text the way the engine reads it (:func:`elo_xl.results.result_text`):
    the space and the no-break space dropped wherever they stand. The no-break space is written
    as the character itself: ``CHAR(160)`` is one only where the system's code page says so
    (Excel for Windows), not in Excel for Mac nor in LibreOffice under a UTF-8 locale; and
    SUBSTITUTE drops exactly these two characters in every program, where TRIM drops other
    spaces in Gnumeric (tabs, line breaks) than in Excel and LibreOffice (the space only).

    >>> typed_text("L6") == 'SUBSTITUTE(SUBSTITUTE(L6," ",""),"\u00a0","")'
    True
    """
    text = cell
    for space in RESULT_SPACES:
        text = f'SUBSTITUTE({text},"{space}","")'
    return text


def result_base(cell: str) -> str:
    """The base code of a typed result: 90 when blank (or spaces only), 110 when not a result.

    A number is read as a number (1, 0.5, 0: whatever the locale's separator); text, its spaces
    and no-break spaces dropped (:func:`typed_text`), is looked up in ``ResultText`` and the row
    found must equal it, since MATCH reads ``*``, ``?`` and ``~`` as wildcards (a pasted ``*``
    would otherwise be the first result of the list).
    """
    text = typed_text(cell)
    found = f"MATCH({text},ResultText,0)"
    number = f"IF({cell}=1,{BASE_CODE[WIN]},IF({cell}=0.5,{BASE_CODE[DRAW]},IF({cell}=0,{BASE_CODE[LOSS]},{CONFLICT})))"
    return (f'IF({text}="",{NOTHING},IF(ISNUMBER({cell}),{number},'
            f'IFERROR(IF(INDEX(ResultText,{found})={text},INDEX(ResultBase,{found}),{CONFLICT}),{CONFLICT})))')


def pairing_byes(results: str, bases: str) -> str:
    """How many cells of ``results`` hold the pairing-allocated bye (``U``), spaces around it or
    not: those whose base code (``bases``, the cells beside them) is a full-point bye's and whose
    text holds a U (COUNTIFS's ``*`` stands for any characters; ``F``, the other full-point bye,
    holds none). :func:`typed_text` cannot be counted over a range: Gnumeric evaluates no text
    function over a range inside SUMPRODUCT.

    >>> pairing_byes("$L$6:$L$9", "$BA$6:$BA$9")
    'COUNTIFS($BA$6:$BA$9,32,$L$6:$L$9,"*U*")'
    >>> [text for text, code in result_table() if code == 32 and "U" in text.upper()]  # U alone
    ['U']
    """
    return f'COUNTIFS({bases},{BASE_CODE[BYE_PAIRING]},{results},"*{TRF_SYMBOL[BYE_PAIRING]}*")'


def complement(code: str) -> str:
    """The other side of a game code below 30: 2↔0, 1↔1, 12↔10, 22↔20, 21↔21."""
    return f"(10*INT({code}/10)+2-MOD({code},10))"


def other_side(code: str) -> str:
    """A game code as the opponent sees it (a bye or an empty cell stays as it is)."""
    return f"IF({code}<{BASE_CODE[BYE_ZERO]},{complement(code)},{code})"


def agree(code: str, other: str) -> str:
    """Whether two typed sides of one game agree (a double forfeit −/− included)."""
    return f"OR({other}={complement(code)},AND({code}=10,{other}=10))"


def crosstable_code(own: str, other: str) -> str:
    """A crosstable game from the two cells that may hold it (base codes ``own``, ``other``).

    Blank on both sides: 100 (not yet played). One side typed: that side (or the complement
    of the other). Both typed: ``own`` when the two agree, else 110. A bye or bad input: 110.
    """
    bad = f"OR(AND({own}>=30,{own}<>{NOTHING}),AND({other}>=30,{other}<>{NOTHING}))"
    return (f"IF(AND({own}={NOTHING},{other}={NOTHING}),{PENDING},IF({bad},{CONFLICT},"
            f"IF({own}={NOTHING},{complement(other)},IF({other}={NOTHING},{own},"
            f"IF({agree(own, other)},{own},{CONFLICT})))))")


def game(own: str, other: str) -> str:
    """One game seen from a row, both sides known to be paired (``own`` this row's base code,
    ``other`` the opponent's): blank on both is pending (100); a result typed on one side
    only counts for both (the other side is its complement); typed on both, it counts when the
    two agree, else 110 (a conflict seen from both rows). A bye code or bad input on this row
    with nothing on the other is 120; blank here against a bye code there is 90 (the other row
    holds the 120)."""
    return (f"IF({own}={NOTHING},IF({other}={NOTHING},{PENDING},IF({other}<{BASE_CODE[BYE_ZERO]},"
            f"{complement(other)},{NOTHING})),IF({other}={NOTHING},IF({own}>={BASE_CODE[BYE_ZERO]},{ONE_SIDED},{own}),"
            f"IF(OR({own}>={BASE_CODE[BYE_ZERO]},{other}>={BASE_CODE[BYE_ZERO]},NOT({agree(own, other)})),"
            f"{CONFLICT},{own})))")


def implied_opponent(pairing: str, number: str, pairings: str) -> str:
    """The opponent of a round as the book counts it: the typed start number, or, on a row
    that names nobody, the one row that names this player in that round (0 when none or
    several do: a number, as a typed ``0000`` is, so that ``>0`` and INDEX read it as no
    opponent). ``pairings`` is the round's column of typed opponents.

    >>> implied_opponent("J6", "$A6", "$J$6:$J$9")
    'IF(OR(J6="",J6=0),IF(COUNTIF($J$6:$J$9,$A6)=1,MATCH($A6,$J$6:$J$9,0),0),J6)'
    """
    return (f'IF(OR({pairing}="",{pairing}=0),IF(COUNTIF({pairings},{number})=1,MATCH({number},{pairings},0),0),'
            f"{pairing})")


def implied_colour(colour: str, pairing: str, opponent: str, colours: str) -> str:
    """The colour of a round as the book counts it: the typed one, or, on a row that names
    nobody but is named by one row (``opponent``, :func:`implied_opponent`), the other colour
    of that row's (as ``export`` writes the implied line). ``colours`` is the round's column
    of typed colours.

    >>> implied_colour("V6", "J6", "AZ6", "$V$6:$V$9")
    'IF(V6<>"",V6,IF(OR(J6="",J6=0),IF(AZ6=0,"",IF(INDEX($V$6:$V$9,AZ6)="w","b",IF(INDEX($V$6:$V$9,AZ6)="b","w",""))),""))'
    """
    other = f"INDEX({colours},{opponent})"
    return (f'IF({colour}<>"",{colour},IF(OR({pairing}="",{pairing}=0),IF({opponent}=0,"",'
            f'IF({other}="w","b",IF({other}="b","w",""))),""))')


def rounds_code(pairing: str, opponent: str, own: str, number: str, players: str, back: str, other: str,
                claims: str, held: str = "FALSE") -> str:
    """A game of the rounds grid from the player's row.

    ``pairing`` the typed opponent cell, ``opponent`` the opponent as counted
    (:func:`implied_opponent`), ``own`` the base code of the player's result, ``number`` his
    start number, ``players`` n, ``back`` the opponent's typed pairing in that round, ``other``
    the base code of the opponent's result there and ``claims`` how many rows of the round
    name the same opponent.

    * No opponent typed and nobody names this row: byes and forfeits count; a played result
      is ignored (90); bad input 120.
    * No opponent typed, one row names this one: the game of that row (:func:`game`).
    * A bad start number, or an opponent whose row pairs him with someone else: 120.
    * Both rows name each other: :func:`game`.
    * The opponent's row names nobody: :func:`game` (the pairing and the complementary result
      are implied on his row), unless another row names him too (120).

    A conflict seen from both rows is 110 on each (half a conflict each), one seen from one
    row only is 120 (a whole one).

    ``held`` is true while the round is not yet paired (nobody in it has an opponent, a
    pairing-allocated bye or a forfeit win): a bye or absence typed there is pre-announced and
    counts once the round is paired (C.07 article 16), 90 until then.
    """
    no_opponent = f'OR({pairing}="",{pairing}=0)'  # then ``opponent`` is the row naming this one
    unpaired = (f"IF(OR({own}=10,{own}=12,AND({own}>=30,{own}<{NOTHING})),IF({held},{NOTHING},{own}),"
                f"IF({own}={CONFLICT},{ONE_SIDED},{NOTHING}))")
    bad_number = (f"IF(ISNUMBER({pairing}),OR({pairing}<>INT({pairing}),{pairing}<1,{pairing}>{players},"
                  f"{pairing}={number}),TRUE)")
    paired_elsewhere = f'AND({back}<>"",{back}<>0,{back}<>{number})'
    wrong = (f"IF({no_opponent},0,IF({bad_number},1,IF({paired_elsewhere},1,"
             f"IF({back}={number},0,{claims}-1))))")
    return f'IF(OR({opponent}="",{opponent}=0),{unpaired},IF({wrong}>0,{ONE_SIDED},{game(own, other)}))'


def conflicts(codes: str) -> str:
    """Conflicting games in a row of codes: half for each seen from both rows, one for each seen from one."""
    return f"COUNTIF({codes},{CONFLICT})/2+COUNTIF({codes},{ONE_SIDED})"


def by_points(count: "Callable[[int], str]") -> str:
    """Σ over the game codes worth points of (half points × ``count(code)``), one COUNTIF or
    SUMIF per code: every engine evaluates these over a range (Gnumeric does not evaluate
    MOD over a range inside SUMPRODUCT)."""
    worth: dict[int, list[int]] = {}
    for code in sorted(set(BASE_CODE.values())):
        if code % 10:
            worth.setdefault(code % 10, []).append(code)
    terms = []
    for halves, codes in sorted(worth.items()):
        total = "+".join(count(code) for code in codes)
        terms.append(total if halves == 1 else f"{halves}*({total})")
    return "+".join(terms)


def points(codes: str) -> str:
    """Tournament points of a row of game codes (forfeits and byes included).

    >>> points("C")
    '(COUNTIF(C,1)+COUNTIF(C,21)+COUNTIF(C,31)+2*(COUNTIF(C,2)+COUNTIF(C,12)+COUNTIF(C,22)+COUNTIF(C,32)))/2'
    """
    return f"({by_points(lambda code: f'COUNTIF({codes},{code})')})/2"


def code_symbol(code: str) -> str:
    """What the computed crosstable shows for a game code: its symbol, ``!`` for a conflict."""
    return f'IF({code}>={NOTHING},IF({code}={CONFLICT},"!",""),LOOKUP({code},CodeList,CodeSymbol))'
