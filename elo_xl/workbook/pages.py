"""How a wide sheet prints: the pages across and down at a scale the books' text stays
readable at, page breaks between columns that no merged header spans, and the title and the
lines above the header rows kept within the columns repeated on every page.

>>> pages_wide(700, 100), column_pages([100, 100, 100, 100], [], 0, PAGE_POINTS / 250)
(1, [1])
"""

from __future__ import annotations

from typing import Sequence

from openpyxl.styles import Alignment
from openpyxl.utils import column_index_from_string, get_column_letter, range_boundaries
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from .style import merge

#: The smallest print scale of a wide sheet: the books' 11 pt text prints at 8 pt or more.
MIN_PRINT_SCALE = 8 / 11
#: The printable width of a landscape A4 page within the margins of :meth:`Book.print_setup`, in points.
PAGE_POINTS = (297 / 25.4 - 0.8) * 72


def points(ws: Worksheet, low: int, high: int) -> float:
    """The width of columns ``low``–``high`` in points (a width of w characters is 7w + 5 pixels)."""
    total = 0.0
    for c in range(low, high + 1):
        width = ws.column_dimensions[get_column_letter(c)].width or 8.43
        total += (7 * width + 5) * 0.75
    return total


def column_pages(widths: Sequence[float], ties: Sequence[tuple[int, int]], repeated: float,
                 scale: float) -> list[int] | None:
    """Where a sheet's page breaks go across: the index of the last column on each page but the
    last, for columns of ``widths`` points printed at ``scale`` beside ``repeated`` points of
    repeated columns on every page; never inside a tie (first, last index: a merged header) and
    never a column alone that would not fit (None when a tie or a column is wider than a page).

    >>> column_pages([100, 100, 100, 100], [], 0, PAGE_POINTS / 250)   # two columns a page
    [1]
    >>> column_pages([100, 100, 100, 100], [(2, 3)], 0, PAGE_POINTS / 300)   # three fit, but 2 goes with 3
    [1]
    >>> column_pages([100, 100, 100, 100], [(0, 3)], 0, PAGE_POINTS / 300) is None   # a tie wider than a page
    True
    """
    room = PAGE_POINTS / scale - repeated
    breaks, used, start = [], 0.0, 0
    allowed = [not any(a <= c < b for a, b in ties) for c in range(len(widths))]  # a break after c
    for c, width in enumerate(widths):
        if width > room:
            return None
        if used + width > room:
            last = next((b for b in range(c - 1, start - 1, -1) if allowed[b]), None)
            if last is None:
                return None
            breaks.append(last)
            start = last + 1
            used = sum(widths[start:c])
            if used + width > room:
                return None
        used += width
    return breaks


def pages_wide(width: float, repeated: float) -> int:
    """The fewest pages wide that print ``width`` points at :data:`MIN_PRINT_SCALE` or more when
    ``repeated`` points of it are printed again on every further page.

    >>> pages_wide(700, 100), pages_wide(1800, 200)
    (1, 2)
    """
    pages = 1
    while (width + (pages - 1) * repeated) * MIN_PRINT_SCALE > pages * PAGE_POINTS and pages < 20:
        pages += 1
    return pages


def within(ws: Worksheet, header: int, last: int) -> None:
    """The title, the event line and the labels above the header rows (from column A) merged
    across the repeated columns ``A``–``last`` and wrapped: they print in full on every page."""
    for merged in list(ws.merged_cells.ranges):
        if merged.min_row < header and merged.min_col == 1 and merged.max_col > last:
            ws.unmerge_cells(str(merged))
            merge(ws, merged.min_row, 1, merged.max_row, last)
    spans = {(m.min_row, m.min_col) for m in ws.merged_cells.ranges}
    for row in range(1, header):
        cell = ws.cell(row=row, column=1)
        if cell.value is not None and (row, 1) not in spans:
            merge(ws, row, 1, row, last)
        if cell.value is not None:
            cell.alignment = Alignment(wrap_text=True, vertical="top")


#: What the width estimate leaves free on a page (a spreadsheet's column widths differ slightly).
PAGE_SLACK = 0.96
#: The printable height of a landscape A4 page within the margins of :meth:`Book.print_setup`,
#: the footer's line taken off, in points.
PAGE_HEIGHT = (210 / 25.4 - 1.2) * 72 - 12


def pages_tall(heights: Sequence[float], repeated: float, scale: float) -> int:
    """How many pages down rows of ``heights`` points print at ``scale`` when ``repeated`` points
    of header rows print again at the top of every further page.

    >>> pages_tall([100] * 9, 0, PAGE_HEIGHT / 300), pages_tall([100] * 9, 100, PAGE_HEIGHT / 300)
    (3, 4)
    """
    room = PAGE_HEIGHT / scale
    pages, used = 1, 0.0
    for height in heights:
        if used + height > room:
            pages, used = pages + 1, repeated
        used += height
    return pages


def paginate(ws: Worksheet, area: str, title_columns: str) -> None:
    """Print a wide sheet across pages at the largest scale (percent, at most 100) that keeps
    the fewest pages :data:`MIN_PRINT_SCALE` allows, with manual breaks between columns that no
    merged cell of the area spans (a round's header stays whole); a fixed scale, since fitting
    to pages ignores manual breaks (Excel) or moves them."""
    low, top, high, bottom = range_boundaries(area)
    first, last = (column_index_from_string(c) for c in title_columns.split(":"))
    repeated = points(ws, first, last)
    start = last + 1
    widths = [points(ws, c, c) for c in range(start, high + 1)]
    ties = [(m.min_col - start, m.max_col - start) for m in ws.merged_cells.ranges
            if m.min_col >= start and m.max_col <= high and m.max_col > m.min_col]
    height = lambda r: (ws.row_dimensions[r].height if r in ws.row_dimensions and ws.row_dimensions[r].height  # noqa: E731
                        else 15.0)
    heights = [height(r) for r in range(top, bottom + 1)]
    header_rows = [int(x) for x in str(ws.print_title_rows or "").replace("$", "").split(":") if x]
    header = sum(height(r) for r in range(header_rows[0], header_rows[-1] + 1)) if header_rows else 0.0
    best: tuple[int, int, list[int]] | None = None
    # the fewest pages in all (across × down), then the largest scale that prints them
    for scale in range(100, int(-(-MIN_PRINT_SCALE * 100 // 1)) - 1, -1):
        breaks = column_pages(widths, ties, repeated, scale / 100 / PAGE_SLACK)
        if breaks is None:
            continue
        pages = (len(breaks) + 1) * pages_tall(heights, header, scale / 100 / PAGE_SLACK)
        if best is None or pages < best[1]:
            best = (scale, pages, breaks)
    if best is None:
        return  # nothing fits at the least scale: fit to width stays
    scale, _, breaks = best
    ws.sheet_properties.pageSetUpPr.fitToPage = False
    ws.page_setup.scale = scale
    ws.page_setup.fitToWidth = len(breaks) + 1
    for b in breaks:
        ws.col_breaks.append(Break(id=start + b, max=1048575))
