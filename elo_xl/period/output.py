"""The new list of a period as FIDE's TXT layout, CSV or JSON (the ``.xlsx`` list is written by
:mod:`elo_xl.workbook.period_list`, a face that holds the words of its headers).

Every writer takes the list's head (``period``, ``type``, ``rules``) and its rows (the fields of
:data:`~elo_xl.period.run.LIST_FIELDS`), from a run (:meth:`PeriodResult.list_rows`) or from the
database (:func:`elo_xl.period.store.stored_list`): the same rows give the same bytes, so
``--show`` writes what the run wrote.

* JSON: ``{"period", "type", "rules", "players": [{"fide_id", "name", "federation", "sex", "title",
  "birth_year", "old_rating", "old_k", "games", "k_used", "change", "new_rating", "next_k",
  "note"}]}``, ``null`` where a value does not exist, players in the list's order, then newcomers.
* TXT: FIDE's layout, headed with the **new list's month** (the list of the 1st of the month
  after the period, e.g. ``NOV26`` for 2026-10): a standard list in the single-type layout (136
  columns: rating, games of the period, the next list's K, ``B-day``, ``Flag``); a rapid or blitz
  list in the combined layout of ``players_list_foa.txt`` (162 columns), which carries the
  standard rating that seeds an unrated player next month. Every player with a FIDE ID is
  written, a player without a rating of the type with that rating blank (as
  ``players_list_foa.txt`` writes a player unrated in one type): it reads back as next month's
  list, the unrated players and their standard ratings, birth years and flags included. A
  player without a FIDE ID cannot stand in FIDE's layout and is left out (the command warns
  when he was rated: the CSV, the ``.xlsx`` and the database carry him).
* CSV: the list's CSV columns (``rating`` = new rating, ``k`` = next K, ``games`` = games of the
  period), then ``standard_rating, w_title, o_title, foa_title`` and ``old_rating, old_k,
  k_used, change, note``: it reads back as next month's list, every player included. Text cells
  go through :func:`elo_xl.io.csv_cells.neutralised` (a name such as ``=HYPERLINK(…)`` stays a
  name when the file is double-clicked); the list reader undoes it.

>>> list_month_token("2026-10"), list_date("2026-12")
('NOV26', datetime.date(2027, 1, 1))
"""

from __future__ import annotations

import csv
import datetime
import io
import json
from typing import Any, Iterable

from ..io.csv_cells import neutralised
from .lists import CSV_FIELDS, CSV_OPTIONAL, HEADER_FOA_EXAMPLE, HEADER_SINGLE_EXAMPLE, header_tokens
from .run import JSON_FIELDS, month_number

FORMATS = ("txt", "csv", "xlsx", "json")
_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
_MONTHS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")
#: The most rows a worksheet holds (Excel, LibreOffice): a longer list goes to .csv or .txt.
XLSX_MAX_ROWS = 1_048_576


def list_month_token(period: str) -> str:
    """The header token of the list published after ``period`` (the list of the 1st of the next month)."""
    n = month_number(period) + 1
    return f"{_MONTHS[n % 12]}{(n // 12) % 100:02d}"


def list_date(period: str) -> datetime.date:
    """The date of the list a period makes: the 1st of the month after it."""
    n = month_number(period) + 1
    return datetime.date(n // 12, n % 12 + 1, 1)


def month_convention(period: str) -> str:
    """What the summary line says about the months (the TXT header names the new list's month).

    >>> month_convention("2026-04")
    'the new list is the list of 1 May 2026 (TXT header MAY26)'
    """
    d = list_date(period)
    return f"the new list is the list of {d.day} {_NAMES[d.month - 1]} {d.year} (TXT header {list_month_token(period)})"


def as_json(head: dict[str, Any], rows: Iterable[dict[str, Any]]) -> str:
    """The new list as JSON text."""
    encode = _JSON.encode  # one encoder for every row (json.dumps with an option makes one per call)
    out = io.StringIO()
    text = encode({"period": head["period"], "type": head["type"], "rules": head["rules"]})
    out.write(text[:-1] + ', "players": [')
    first = True
    for row in rows:
        out.write(("\n  " if first else ",\n  ") + encode({f: row[f] for f in JSON_FIELDS}))
        first = False
    out.write("\n]}\n" if not first else "]}\n")
    return out.getvalue()


_JSON = json.JSONEncoder(ensure_ascii=False)


CSV_COLUMNS = CSV_FIELDS + CSV_OPTIONAL + ("old_rating", "old_k", "k_used", "change", "note")
_CSV_SOURCE = ("fide_id", "name", "federation", "sex", "title", "new_rating", "games", "next_k", "birth_year", "flag",
               "standard", "w_title", "o_title", "foa_title", "old_rating", "old_k", "k_used", "change", "note")


def as_csv(head: dict[str, Any], rows: Iterable[dict[str, Any]]) -> str:
    """The new list as CSV (readable back as a list; cells safe to double-click)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for r in rows:
        writer.writerow(["" if v is None else neutralised(v) for v in (r[f] for f in _CSV_SOURCE)])
    return out.getvalue()


def _fixed(values: Iterable[Any], widths: list[int]) -> str:
    cells = []
    for v, w in zip(values, widths):
        text = "" if v is None else str(v)
        cells.append(text[:w - 1].ljust(w))  # a space always ends a field, so no line overflows
    return "".join(cells)


def _widths(header: str, end: int) -> list[int]:
    starts = [s for _, s in header_tokens(header)] + [end]
    return [b - a for a, b in zip(starts, starts[1:])]


def as_txt(head: dict[str, Any], rows: Iterable[dict[str, Any]]) -> str:
    """The new list in FIDE's TXT layout (single-type for standard, combined for rapid and blitz)."""
    kind = head["type"]
    if kind == "standard":
        header = HEADER_SINGLE_EXAMPLE.replace("OCT26", list_month_token(head["period"]))
        widths = _widths(header, 136)
    else:
        header = HEADER_FOA_EXAMPLE
        widths = _widths(header, 162)
    lines = [header]
    for r in rows:
        if r["fide_id"] is None:  # FIDE's layout starts every line with the ID
            continue
        names = (r["fide_id"], r["name"], r["federation"], r["sex"], r["title"], r["w_title"], r["o_title"],
                 r["foa_title"])
        mine = (r["new_rating"], r["games"], r["next_k"])
        if kind == "standard":
            values = names + mine + (r["birth_year"] or 0, r["flag"])
        else:
            standard = (r["standard"], None, None)
            blank = (None, None, None)
            triples = standard + (mine + blank if kind == "rapid" else blank + mine)
            values = names + triples + (r["birth_year"] or 0, r["flag"])
        lines.append(_fixed(values, widths))
    return "\n".join(lines) + "\n"


def render(head: dict[str, Any], rows: Iterable[dict[str, Any]], fmt: str, xlsx=None, lang: str = "en") -> bytes:
    """The new list in ``fmt`` (txt, csv, json, or xlsx through the writer ``xlsx(head, rows, lang)``) as bytes."""
    if fmt == "xlsx":
        if xlsx is None:
            from ..errors import EloError

            raise EloError("--format xlsx: no workbook writer here; use txt, csv or json")
        return xlsx(head, rows if isinstance(rows, list) else list(rows), lang)
    text = {"txt": as_txt, "csv": as_csv, "json": as_json}[fmt](head, rows)
    return text.encode("utf-8")


def head_of(result) -> dict[str, Any]:
    """The head of a run's list (period, type, rules)."""
    return {"period": result.period, "type": result.kind, "rules": result.rules}
