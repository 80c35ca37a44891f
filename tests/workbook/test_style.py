"""The books' cell vocabulary (``elo_xl/workbook/style.py``): :func:`merge` leaves what
openpyxl's own ``merge_cells`` leaves, byte for byte in the saved file."""

from __future__ import annotations

import io
import random
import zipfile

import openpyxl
from openpyxl.styles import Border, PatternFill, Protection, Side

from elo_xl.workbook.style import merge

SIDES = [None, Side(style="thin", color="BFBFBF"), Side(style="medium"), Side(style="thin", color="FF0000")]
FILLS = [None, PatternFill("solid", fgColor="FFF4CC"), PatternFill("solid", fgColor="E2EFDA")]


def _styled(rng: random.Random, cell) -> None:
    """Give ``cell`` a random border, fill, protection and value (or leave it plain)."""
    if rng.random() < 0.3:
        return
    cell.border = Border(**{side: rng.choice(SIDES) for side in ("left", "right", "top", "bottom")})
    fill = rng.choice(FILLS)
    if fill is not None:
        cell.fill = fill
    if rng.random() < 0.5:
        cell.protection = Protection(locked=False)
    cell.value = rng.choice([None, "text", 7])


def _saved(book: openpyxl.Workbook) -> dict[str, bytes]:
    buffer = io.BytesIO()
    book.save(buffer)
    with zipfile.ZipFile(buffer) as archive:
        return {name: archive.read(name) for name in archive.namelist() if not name.startswith("docProps/")}


def test_merge_leaves_what_openpyxl_leaves():
    """Ranges of several shapes merged row after row (the same shape and corners again and again,
    as a book does, and corners styled at random), some over cells typed or styled before, some
    over a corner that does not exist yet: the two books save to the same parts."""
    rng = random.Random(20261206)
    merged = kept = 0
    for case in range(20):
        ours, theirs = openpyxl.Workbook(), openpyxl.Workbook()
        shapes = [(rng.randint(1, 3), rng.randint(1, 4)) for _ in range(3)]
        row = 1
        for _ in range(30):
            height, width = rng.choice(shapes)
            column = rng.randint(1, 4)
            state = rng.getstate()
            for book in (ours, theirs):
                rng.setstate(state)
                ws = book.active
                for r in range(row, row + height):
                    for c in range(column, column + width):
                        if rng.random() < 0.4:
                            _styled(rng, ws.cell(r, c))
            merge(ours.active, row, column, row + height - 1, column + width - 1)
            theirs.active.merge_cells(start_row=row, start_column=column, end_row=row + height - 1,
                                      end_column=column + width - 1)
            row += height
        assert _saved(ours) == _saved(theirs), case
        merged, kept = merged + 30, kept + len(ours._elo_merges)
    assert 0.2 * merged < kept < 0.8 * merged  # both ways were taken often: openpyxl's, and the kept styles


def test_the_kept_styles_are_used_and_each_cell_gets_its_own():
    book = openpyxl.Workbook()
    ws = book.active
    for row in (1, 2, 3):
        ws.cell(row, 1).border = Border(top=SIDES[1], bottom=SIDES[1], left=SIDES[2], right=SIDES[3])
        merge(ws, row, 1, row, 3)
    assert len(book._elo_merges) == 1  # one shape, one pair of corners: openpyxl merged the first only
    assert [type(ws.cell(3, c)).__name__ for c in (1, 2, 3)] == ["Cell", "MergedCell", "MergedCell"]
    assert ws.cell(3, 3).border.right.color.rgb == "00FF0000" and ws.cell(3, 2).border.right.style is None
    ws.cell(3, 2).border = Border()  # a style array of its own: the next row's is untouched
    assert ws.cell(2, 2).border.top.style == "thin"
