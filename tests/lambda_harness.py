"""Evaluate the LAMBDA names in IronCalc: a book written with openpyxl carrying the names, the
hidden table sheet and one cell per call, read back after IronCalc's recalculation."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any, Sequence

import openpyxl
from openpyxl.utils import get_column_letter

from elo_xl.workbook.lambdas import add_to_workbook  # noqa: E402


#: A blank cell as an argument (None is an argument left empty: ``F(a,,c)``).
BLANK = ("cell", None)


def _literal(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, str):
        return '"' + value.replace('"', '""') + '"'
    return repr(value)


class Sheet:
    """Calls written as cells: each argument a literal, or a range of cells holding the values."""

    def __init__(self) -> None:
        self.book = openpyxl.Workbook()
        self.data = self.book.active
        self.data.title = "Data"
        self.calls = self.book.create_sheet("Calls")
        self.row = 0
        self.data_col = 1

    def _range(self, rows: Sequence[Sequence[Any]]) -> str:
        start = self.data_col
        for r, row in enumerate(rows, 1):
            for c, value in enumerate(row):
                if value is not None and value != BLANK:
                    self.data.cell(r, start + c, value)
        width = max(len(r) for r in rows)
        self.data_col += width
        return f"Data!{get_column_letter(start)}1:{get_column_letter(start + width - 1)}{len(rows)}"

    def arg(self, value: Any) -> str:
        """A range for lists (a flat list is a column), a cell for ('cell', v), else a literal."""
        if isinstance(value, tuple) and value and value[0] == "cell":
            return self._range([[value[1]]])
        if isinstance(value, list):
            rows = [v if isinstance(v, list) else [v] for v in value]
            return self._range(rows)
        return _literal(value)

    def call(self, name: str, *args: Any, omit: int = 0) -> str:
        """Write ``=name(args)`` in the next row of Calls; returns the cell's reference."""
        self.row += 1
        text = ",".join(self.arg(a) for a in args)
        self.calls.cell(self.row, 1).value = f"={name}({text})"
        return f"Calls!A{self.row}"

    def spill(self, name: str, height: int, width: int, *args: Any) -> str:
        """Write ``=name(args)`` as an array formula over ``height`` × ``width`` cells (how Excel
        stores a spill); returns the top-left cell's reference."""
        from openpyxl.worksheet.formula import ArrayFormula

        self.row += 1
        top = self.row
        self.row += height
        text = ",".join(self.arg(a) for a in args)
        ref = f"A{top}:{get_column_letter(width)}{top + height - 1}"
        self.calls.cell(top, 1).value = ArrayFormula(ref, f"={name}({text})")
        return f"Calls!A{top}"

    def evaluate(self) -> "Any":
        import ironcalc

        add_to_workbook(self.book)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "calls.xlsx"
            self.book.save(path)
            model = ironcalc.load_from_xlsx(str(path), "en", "UTC")
        model.evaluate()
        return model
