"""The rating report as an ``.xlsx`` workbook (``elo-xl rate EVENT -o report.xlsx``): one sheet
(a team event: the team standings first, on a sheet of their own),
the event's heading line, the table's columns (:func:`elo_xl.report.columns`: one per
tie-break of the list after Points, as the text table; each player's norms made under
``--norms``) with a frozen header, column widths from the words, and
a print setup an arbiter can pin up: landscape, one page wide, the header repeated on every
page. The notes follow the table.

>>> from elo_xl.event import from_crosstable, rate_tournament
>>> report = rate_tournament(from_crosstable(["=Ann", "Bob"], [2500, 2400], [[None, 1], [0, None]]), k=10, year=2026)
>>> import io, openpyxl
>>> ws = openpyxl.load_workbook(io.BytesIO(as_xlsx(report))).active
>>> ws["B3"].value, ws["B3"].data_type, ws["R2"].value, ws["R3"].value, ws.freeze_panes, ws.print_title_rows
('=Ann', 's', 'Change', 4, 'C3', '$2:$2')
>>> [c.value for c in ws[2]][:3], [c.value for c in ws[2]][7:13]   # FIDE ID after the name; tie-breaks after Points
(['No', 'Name', 'FIDE ID'], ['Points', 'DE', 'WIN', 'SB', 'KS', 'Rank'])
"""

from __future__ import annotations

import io
import textwrap
from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font, PatternFill

from ..report import LEFT, columns as table_columns, heading, in_order, ranked_rows, team_heading
from ..event.rating import Report
from ..event.norms import norms_text
from .book import Book
from .style import FONT, TITLE_FONT
from .layout import text_width

__all__ = ["as_xlsx"]

HEADER_ROW = 2
_HEAD_FONT = Font(name=FONT, bold=True, color="FFFFFF")
_HEAD_FILL = PatternFill("solid", fgColor="1F4E78")
_BODY_FONT = Font(name=FONT)
_LEFT = Alignment(horizontal="left", indent=1)
#: Changes with their sign (+4, -4, 0).
SIGNED = "+0;-0;0"


def as_xlsx(report: Report, sort: str = "rank") -> bytes:
    """The report as the bytes of an ``.xlsx`` file (see the module's docstring), players by
    rank (``sort="number"``: by start number). A team event gets a first sheet, **Teams**: the
    team standings as the table prints them (rank, number, team, MP, GP, one column per team
    tie-break).

    >>> from elo_xl.event import load, rate_tournament
    >>> from elo_xl.event.samples import TEAM_TRF_PATH
    >>> import io, openpyxl
    >>> book = openpyxl.load_workbook(io.BytesIO(as_xlsx(rate_tournament(load(TEAM_TRF_PATH), tiebreak_rules="2024"))))
    >>> book.sheetnames, [c.value for c in book["Teams"][2]][:6], book["Teams"]["C3"].value
    (['Teams', 'Rating report'], ['Rank', 'No', 'Team', 'MP', 'GP', 'MPvGP'], 'Elephants')
    """
    wb = Workbook()
    ws = wb.active
    if report.teams is not None:
        ws.title = "Teams"
        team_rows = report.teams.rows()
        codes = list(report.teams.written)
        team_columns = [("Rank", "rank", False), ("No", "no", False), ("Team", "name", False),
                        ("MP", "match_points", False), ("GP", "game_points", False)] + [(c, c, False) for c in codes]
        flat = [{**{k: v for k, v in row.items() if k != "tiebreaks"}, **row["tiebreaks"]} for row in team_rows]
        title, _, rest = team_heading(report).partition(", match points first")
        if not rest:
            title, _, rest = team_heading(report).partition(", game points first")
        explained = ("Match" if report.teams.file.event.primary == "MP" else "Game") + " points first" + rest
        _table(ws, title, team_columns, flat, [explained[0].upper() + explained[1:]])
        ws = wb.create_sheet("Rating report")
    else:
        ws.title = "Rating report"
    columns = table_columns(report)
    at = next(i for i, c in enumerate(columns) if c[1] == "name") + 1
    columns.insert(at, ("FIDE ID", "fide_id", False))  # the rating officer's key to each player
    rows = in_order(ranked_rows(report), sort)
    if "norms" in report.event:
        columns.append(("Norms", "norms", False))
    _table(ws, heading(report), columns, rows, report.notes)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def _table(ws: Any, title: str, columns: list[tuple[str, str, bool]], rows: list[dict[str, Any]],
           notes: list[str]) -> None:
    """One sheet of the report: the title line, the header row, one row per entry, the notes;
    a frozen header, widths from the words, a print setup that repeats the header."""
    last = len(columns)
    ws.cell(row=1, column=1, value=title).font = TITLE_FONT
    ws.cell(row=1, column=1).data_type = "s"
    widths = [text_width(header, bold=True) for header, _, _ in columns]
    for c, (header, key, _) in enumerate(columns, 1):
        cell = ws.cell(row=HEADER_ROW, column=c, value=header)
        cell.font, cell.fill = _HEAD_FONT, _HEAD_FILL
        cell.alignment = _LEFT if key in LEFT or key in ("norms", "fide_id") else Alignment(horizontal="right")
    for r, row in enumerate(rows, HEADER_ROW + 1):
        for c, (_, key, signed) in enumerate(columns, 1):
            value: Any = row.get(key)
            if key == "norms":
                value = norms_text(value or [])
            elif key == "rating" and value is None:
                value = "NR"
            elif key == "fide_id":
                value = value or None
            cell = ws.cell(row=r, column=c)
            cell.font = _BODY_FONT
            if isinstance(value, str):
                Book.text(ws, cell.coordinate, value)  # a name stays a name, never a formula
            else:
                cell.value = value
            if signed:
                cell.number_format = SIGNED
            if key in LEFT or key in ("norms", "fide_id"):
                cell.alignment = _LEFT  # a space between the right-aligned numbers and the names
            if key == "rating" and value == "NR":
                cell.alignment = Alignment(horizontal="right")
            shown = "" if value is None else (f"{value:+}" if signed and isinstance(value, (int, float)) else str(value))
            widths[c - 1] = max(widths[c - 1], text_width(shown))
    for c, width in enumerate(widths, 1):
        ws.column_dimensions[ws.cell(row=1, column=c).column_letter].width = round(width + 2, 1)
    end = HEADER_ROW + len(rows)
    room = max(int(sum(widths) * 1.1), 40)  # characters the printed width holds
    lines = [line for note in notes for line in textwrap.wrap(f"Note: {note}", room, subsequent_indent="      ")]
    for i, line in enumerate(lines, end + 2):
        Book.text(ws, f"A{i}", line)
    notes = lines
    ws.freeze_panes = f"C{HEADER_ROW + 1}"  # start number and name stay in view
    last_letter = ws.cell(row=1, column=last).column_letter
    Book.print_setup(ws, f"A1:{last_letter}{max(end, HEADER_ROW) + (len(notes) + 1 if notes else 0)}",
                     f"{HEADER_ROW}:{HEADER_ROW}")
    ws.auto_filter.ref = f"A{HEADER_ROW}:{last_letter}{max(end, HEADER_ROW)}"
