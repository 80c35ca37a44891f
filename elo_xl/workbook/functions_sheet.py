"""The functions book (``elo-xl workbook functions``): one row per Excel function, with its
arguments, a live example that calls the LAMBDA name and the value the engine gives for it.

Open the book in Excel 365, Excel 2024 or Excel for the web: the column of live examples
must equal the column next to it. Elsewhere the live examples show #NAME? (no LAMBDA). Each
live example is stored as Excel stores a formula typed into a cell
(:mod:`elo_xl.workbook.dynamic_arrays`): shown as typed, spilling over the range its value fills.
"""

from __future__ import annotations

from typing import Any, Callable

from openpyxl.styles import Alignment

from ..functions import FUNCTIONS, WITH_LAMBDA
from ..io.xlsx import cell_name, parse_cell

from .book import Book
from .dynamic_arrays import SpillFormula
from .lambdas import LAMBDAS
from .style import WRAP

#: Each function's live example: the formula (with constants only) and the engine's value of it
#: (:attr:`elo_xl.functions.Function.example`).
EXAMPLES: dict[str, tuple[str, Callable[[], Any]]] = {
    f.name: (f.example.formula, f.example.value) for f in WITH_LAMBDA if f.example is not None}


def spill_range(top_left: str, value: Any) -> str:
    """The range a value fills from ``top_left``: one cell for a single value, the rows and
    columns of a list of rows (a flat list is a column).

    >>> spill_range("C5", 2504), spill_range("C5", [1, 2]), spill_range("C5", [[1, 2, 3], [4, 5, 6]])
    ('C5', 'C5:C6', 'C5:E6')
    """
    if not isinstance(value, list):
        return top_left
    rows = [r if isinstance(r, list) else [r] for r in value]
    row, column = parse_cell(top_left)
    return f"{top_left}:{cell_name(column + max(len(r) for r in rows) - 1, row + len(rows) - 1)}"


def signature(name: str) -> str:
    """A function as Excel's tooltip shows a LAMBDA's arguments: by the parameters' names,
    optional ones in brackets.

    >>> signature("ELO_K")
    'ELO_K(rating_, [games_], [birth_year_], [reached_2400_], [rules_], [year_])'
    """
    function = LAMBDAS[name]
    shown = [p + function.suffix for p in function.params]
    return f"{name}(" + ", ".join(f"[{s}]" if p in function.optional else s for p, s in zip(function.params, shown)) + ")"


def build(book: Book) -> None:
    """Add the Functions sheet to ``book`` (its names and hidden table sheet come with every book)."""
    ws = book.sheet("sheet.functions")
    book.title(ws, "title.functions", 5)
    book.label(ws, "A2", "fn.where")
    for column, key in enumerate(("fn.function", "fn.example", "fn.result", "fn.engine", "fn.note"), 1):
        book.header(ws, 4, column, key)
    row = 4
    for function in [*WITH_LAMBDA, *(f for f in FUNCTIONS if not f.has_lambda)]:
        row += 1
        name = function.name
        if function.has_lambda:
            formula, value = EXAMPLES[name]
            book.text(ws, f"A{row}", signature(name))
            book.text(ws, f"B{row}", formula[1:])
            ws[f"C{row}"] = SpillFormula(spill_range(f"C{row}", value()), formula)
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
