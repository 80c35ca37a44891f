"""The functions book (``elo-xl workbook functions``): one row per Excel function, with its
arguments, a live example that calls the LAMBDA name and the value the engine gives for it.

Open the book in Excel 365, Excel 2024 or Excel for the web: the column of live examples
must equal the column next to it. Elsewhere the live examples show #NAME? (no LAMBDA).
"""

from __future__ import annotations

from typing import Any, Callable

from openpyxl.styles import Alignment

from .. import engine, norms
from .book import Book
from .lambdas import LAMBDAS, WITHOUT_LAMBDA
from .style import WRAP

#: Each function's live example: the formula (with constants only) and the engine's value of it.
EXAMPLES: dict[str, tuple[str, Callable[[], Any]]] = {
    "ELO_EXPECTED": ("=ELO_EXPECTED(2500,2400)", lambda: engine.expected(2500, 2400)),
    "ELO_TABLE_H": ("=ELO_TABLE_H(100)", lambda: engine.table_h(100)),
    "ELO_DP": ("=ELO_DP(0.83)", lambda: engine.dp(0.83)),
    "ELO_NEW": ("=ELO_NEW(2500,2400,1,10)", lambda: engine.rate(2500, [2400], [1], 10).new_rating),
    "ELO_CHANGE": ("=ELO_CHANGE(2500,2400,1,10)", lambda: engine.rate(2500, [2400], [1], 10).change_unrounded),
    "ELO_EVENT": ('=INDEX(ELO_EVENT({2500;2400},{"",1;0,""},10),1,6)',
                  lambda: engine.rate_event([2500, 2400], [[None, 1], [0, None]], 10)[0].new_rating),
    "ELO_PERFORMANCE": ("=ELO_PERFORMANCE({2400;2500;2600},{1;1;0.5})",
                        lambda: engine.performance([2400, 2500, 2600], [1, 1, 0.5])),
    "ELO_INITIAL": ("=ELO_INITIAL({2100;2100;2100;2100;2100},{1;1;1;1;1})",
                    lambda: engine.initial_rating([2100] * 5, [1] * 5)[0]),
    "ELO_K": ("=ELO_K(2350,12)", lambda: engine.k_factor(2350, 12)),
    "ELO_AVERAGE": ('=ELO_AVERAGE({2400;2401;"NR"})', lambda: engine.average_rating([2400, 2401, "NR"])),
    "ELO_CATEGORY": ("=ELO_CATEGORY(2530)", lambda: engine.category(2530)),
    "ELO_FORECAST": ("=ELO_FORECAST(2500,3,{2400;2400})", lambda: engine.forecast(2500, 3, [2400, 2400])),
    "ELO_NEEDED": ("=ELO_NEEDED(2400,{2400;2400;2400;2400;2400;2400;2400;2400;2400},2420,20)",
                   lambda: engine.needed(2400, [2400] * 9, 2420, 20)),
    "ELO_NORM_SCORE": ('=ELO_NORM_SCORE("GM",9,2460)', lambda: norms.norm_score("GM", 9, 2460)),
}


def signature(name: str) -> str:
    """A function as Excel's tooltip shows a LAMBDA's arguments: optional ones in brackets.

    >>> signature("ELO_K")
    'ELO_K(rating, [games], [birth_year], [reached_2400], [rules], [year])'
    """
    function = LAMBDAS[name]
    return f"{name}(" + ", ".join(f"[{p}]" if p in function.optional else p for p in function.params) + ")"


def build(book: Book) -> None:
    """Add the Functions sheet to ``book`` (its names and hidden table sheet come with every book)."""
    ws = book.sheet("sheet.functions")
    book.title(ws, "title.functions", 5)
    book.label(ws, "A2", "fn.where")
    for column, key in enumerate(("fn.function", "fn.example", "fn.result", "fn.engine", "fn.note"), 1):
        book.header(ws, 4, column, key)
    row = 4
    for name in [*LAMBDAS, *WITHOUT_LAMBDA]:
        row += 1
        if name in LAMBDAS:
            formula, value = EXAMPLES[name]
            book.text(ws, f"A{row}", signature(name))
            book.text(ws, f"B{row}", formula[1:])
            ws[f"C{row}"] = formula
            ws[f"D{row}"] = value()
            book.label(ws, f"E{row}", "fn.same")
        else:
            book.text(ws, f"A{row}", name)
            book.label(ws, f"E{row}", "fn.none")
        for column in "ABE":
            ws[f"{column}{row}"].alignment = WRAP if column == "E" else Alignment(vertical="top", wrap_text=True)
    book.widths(ws, {1: 44, 2: 44, 3: 16, 4: 16, 5: 40})
    ws.freeze_panes = "A5"
    book.print_setup(ws, f"A1:E{row}", "4:4")
    book.protect(ws)
