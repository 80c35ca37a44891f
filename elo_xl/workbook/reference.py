"""The reference book: FIDE's tables, the article's Table 1 as h%, K rules, categories, the
rule sets explained, and the rating bands of the Vietnamese Wikipedia article.

Every number comes from :mod:`elo_xl.tables`, the data the engine and the formulas read.
"""

from __future__ import annotations

from openpyxl.styles import Alignment

from ..rules import FIDE, RULE_NAMES
from ..tables import P_TO_DP, p_high_rows
from .book import Book
from .style import WRAP, merge

#: Rating bands of the Vietnamese Wikipedia article "Elo rating system": (from, key).
BANDS = ((1000, "band.1000"), (1200, "band.1200"), (1600, "band.1600"), (1800, "band.1800"), (2000, "band.2000"),
         (2200, "band.2200"), (2400, "band.2400"), (2600, "band.2600"), (2700, "band.2700"))
K_RULES = ("k.40_new", "k.40_junior", "k.10", "k.20", "k.700")
CATEGORIES = 25


def build(book: Book) -> None:
    """Add the reference sheet to ``book``."""
    ws = book.sheet("sheet.reference")
    book.title(ws, "title.reference", 13)

    # table 8.1.2 with the article's h (percent)
    book.label(ws, "A3", "ref.table_812", bold=True)
    for column, key in enumerate(("ref.d_from", "ref.d_to", "tables.p_high", "tables.p_low", "ref.h_high", "ref.h_low"), 1):
        book.header(ws, 4, column, key)
    for i, (d_min, d_max, high, low) in enumerate(p_high_rows(), start=5):
        for column, value in enumerate((d_min, d_max, high / 100, low / 100, high, low), 1):
            cell = ws.cell(row=i, column=column, value=value)
            if column in (3, 4):
                cell.number_format = "0.00"
    end = 5 + len(p_high_rows())

    # table 8.1.1
    book.label(ws, "H3", "ref.table_811", bold=True)
    book.header(ws, 4, 8, "tables.p")
    book.header(ws, 4, 9, "tables.dp")
    for i, dp in enumerate(reversed(P_TO_DP)):
        ws.cell(row=5 + i, column=8, value=(100 - i) / 100).number_format = "0.00"
        ws.cell(row=5 + i, column=9, value=dp)

    # categories
    book.label(ws, "K3", "ref.categories", bold=True)
    for column, key in enumerate(("ref.category", "ref.average_from", "ref.average_to"), 11):
        book.header(ws, 4, column, key)
    start, width = FIDE.CATEGORY_FROM, FIDE.CATEGORY_WIDTH
    for c in range(1, CATEGORIES + 1):
        for column, value in enumerate((c, start + width * (c - 1), start + width * c - 1), 11):
            ws.cell(row=4 + c, column=column, value=value)

    # K rules, rule sets and rating bands, in words
    row = max(end, 5 + len(P_TO_DP)) + 2
    book.label(ws, f"A{row}", "ref.k_rules", bold=True)
    for key in K_RULES:
        row += 1
        book.label(ws, f"A{row}", key)
    row += 2
    book.label(ws, f"A{row}", "ref.rule_sets", bold=True)
    for name in RULE_NAMES:
        row += 1
        book.text(ws, f"A{row}", name)
        ws[f"A{row}"].alignment = Alignment(vertical="top")
        book.label(ws, f"B{row}", f"ref.rules.{name}")
        merge(ws, row, 2, row, 13)
        ws[f"B{row}"].alignment = WRAP
    row += 2
    book.label(ws, f"A{row}", "ref.bands", bold=True)
    for rating, key in BANDS:
        row += 1
        ws.cell(row=row, column=1, value=rating).alignment = Alignment(horizontal="left")
        book.label(ws, f"B{row}", key)

    book.widths(ws, {1: 10, 2: 10, 3: 9, 4: 9, 5: 9, 6: 9, 8: 8, 9: 8, 11: 10, 12: 12, 13: 12})
    ws.freeze_panes = "A5"
    book.print_setup(ws, f"A1:M{row}", "4:4")
    book.protect(ws)
