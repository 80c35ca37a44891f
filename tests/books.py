"""Helpers of the workbook tests: typing values into a generated book through its defined names."""

from __future__ import annotations

from typing import Any

import openpyxl
from openpyxl.utils.cell import range_boundaries


def put(book: openpyxl.Workbook, name: str, value: Any) -> None:
    """Type ``value`` (a value, a column as a flat list, or a block as rows) into the named cells."""
    (title, reference), = book.defined_names[name].destinations
    low_col, low_row, high_col, high_row = range_boundaries(reference.replace("$", ""))
    rows = value if isinstance(value, list) else [[value]]
    rows = [row if isinstance(row, list) else [row] for row in rows]
    assert (len(rows), len(rows[0])) == (high_row - low_row + 1, high_col - low_col + 1), name
    sheet = book[title]
    for i, row in enumerate(rows):
        for j, item in enumerate(row):
            cell = sheet.cell(low_row + i, low_col + j)
            cell.value = item
            if isinstance(item, str):
                cell.data_type = "s"
