"""The new list of a period as FIDE's TXT layout, CSV, JSON or an ``.xlsx`` workbook.

* JSON: ``{"period", "type", "rules", "players": [{"fide_id", "name", "federation", "sex", "title",
  "birth_year", "old_rating", "old_k", "games", "k_used", "change", "new_rating", "next_k",
  "note"}]}``, ``null`` where a value does not exist, players in the list's order, then newcomers.
* TXT: FIDE's single-type layout (136 columns; the rating under the new list's month, e.g.
  ``NOV26``, then games of the period, the next list's K, ``B-day``, ``Flag``). Players without a
  rating on the new list are left out, as FIDE's lists leave them out. It reads back as a list.
* CSV: the list's CSV columns (``rating`` = new rating, ``k`` = next K, ``games`` = games of the
  period), so it reads back as next month's list, then ``old_rating, old_k, k_used, change, note``.
* ``.xlsx``: one row per player, the JSON fields as columns, the header frozen, filters on,
  gains green and losses red; text cells always hold text (a name is never a formula).

>>> from elo_xl.period.run import month_text
>>> list_month_token("2026-10")
'NOV26'
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from .lists import CSV_FIELDS, HEADER_SINGLE_EXAMPLE, _tokens
from .run import JSON_FIELDS, PeriodResult, month_number

FORMATS = ("txt", "csv", "xlsx", "json")
_MONTHS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")


def list_month_token(period: str) -> str:
    """The header token of the list published after ``period`` (the list of the 1st of the next month)."""
    n = month_number(period) + 1
    return f"{_MONTHS[n % 12]}{(n // 12) % 100:02d}"


def as_json(result: PeriodResult) -> str:
    """The new list as JSON text."""
    out = io.StringIO()
    head = {"period": result.period, "type": result.kind, "rules": result.rules}
    text = json.dumps(head, ensure_ascii=False)
    out.write(text[:-1] + ', "players": [')
    first = True
    for row in result.rows():
        out.write(("\n  " if first else ",\n  ") + json.dumps(row, ensure_ascii=False))
        first = False
    out.write("\n]}\n" if not first else "]}\n")
    return out.getvalue()


CSV_COLUMNS = CSV_FIELDS + ("old_rating", "old_k", "k_used", "change", "note")


def as_csv(result: PeriodResult) -> str:
    """The new list as CSV (readable back as a list)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    flags = _flags(result)
    for i, r in enumerate(result.rows()):
        values = (r["fide_id"], r["name"], r["federation"], r["sex"], r["title"], r["new_rating"], r["games"],
                  r["next_k"], r["birth_year"], flags(i), r["old_rating"], r["old_k"], r["k_used"], r["change"],
                  r["note"])
        writer.writerow(["" if v is None else v for v in values])
    return out.getvalue()


def _flags(result: PeriodResult):
    n = len(result.players)
    flag = result.players.flag  # type: ignore[attr-defined]
    return lambda i: flag[i] if i < n else ""


def as_txt(result: PeriodResult) -> str:
    """The new list in FIDE's single-type TXT layout."""
    header = HEADER_SINGLE_EXAMPLE.replace("OCT26", list_month_token(result.period))
    starts = [s for _, s in _tokens(header)] + [136]
    widths = [b - a for a, b in zip(starts, starts[1:])]
    rl = result.players
    n = len(rl)
    lines = [header]
    for i, r in enumerate(result.rows()):
        if r["new_rating"] is None or r["fide_id"] is None:
            continue
        if i < n:
            w_title, o_title, foa, flag = rl.w_title[i], rl.o_title[i], rl.foa_title[i], rl.flag[i]  # type: ignore[attr-defined]
        else:
            w_title = o_title = foa = flag = ""
        values = (r["fide_id"], r["name"], r["federation"], r["sex"], r["title"], w_title, o_title, foa,
                  r["new_rating"], r["games"], r["next_k"], r["birth_year"] or 0, flag)
        cells = []
        for v, w in zip(values, widths):
            text = "" if v is None else str(v)
            cells.append(text[:w - 1].ljust(w))  # a space always ends a field, so no line overflows
        lines.append("".join(cells))
    return "\n".join(lines) + "\n"


def as_xlsx(result: PeriodResult) -> bytes:
    """The new list as an ``.xlsx`` workbook (bytes)."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font, PatternFill

    book = Workbook(write_only=True)
    sheet = book.create_sheet(f"List {result.period}")
    sheet.freeze_panes = "A2"
    bold = Font(bold=True)
    gain, loss = PatternFill("solid", fgColor="C6EFCE"), PatternFill("solid", fgColor="FFC7CE")
    widths = {"name": 32, "note": 60}
    for c, name in enumerate(JSON_FIELDS):
        sheet.column_dimensions[_column(c)].width = widths.get(name, 11)
    head = []
    for name in JSON_FIELDS:
        cell = WriteOnlyCell(sheet, value=name)
        cell.font = bold
        head.append(cell)
    sheet.append(head)
    rows = 1
    change_at = JSON_FIELDS.index("change")
    for r in result.rows():
        cells: list[Any] = list(r.values())
        for c, value in enumerate(cells):
            if value.__class__ is str and value[:1] in _FORMULA_START:
                cell = WriteOnlyCell(sheet, value=value)
                cell.data_type = "s"  # user text stays text, never a formula
                cells[c] = cell
        value = cells[change_at]
        if value:
            cell = WriteOnlyCell(sheet, value=value)
            cell.fill = gain if value > 0 else loss
            cells[change_at] = cell
        sheet.append(cells)
        rows += 1
    sheet.auto_filter.ref = f"A1:{_column(len(JSON_FIELDS) - 1)}{rows}"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


#: Text starting with one of these would be read as a formula if written as a plain value.
_FORMULA_START = ("=",)


def _column(c: int) -> str:
    """Column letters of 0-based column ``c`` (up to ZZ)."""
    return (chr(64 + c // 26) if c >= 26 else "") + chr(65 + c % 26)


def render(result: PeriodResult, fmt: str) -> bytes:
    """The new list in ``fmt`` (txt, csv, xlsx, json) as bytes."""
    if fmt == "xlsx":
        return as_xlsx(result)
    text = {"txt": as_txt, "csv": as_csv, "json": as_json}[fmt](result)
    return text.encode("utf-8")
