"""Rating reports as text: an aligned table for a terminal, CSV, and JSON.

>>> from elo_xl.samples import ROUND_ROBIN
>>> from elo_xl.tournament import from_crosstable, rate_tournament
>>> report = rate_tournament(from_crosstable(["Ann", "Bob"], [2500, 2400], [[None, 1], [0, None]]), k=10, year=2026)
>>> print(table(report))
No  Name  Title  Fed  Rating   K  Points  DE  WIN  SB  KS  Rank  Games  Score  Opp avg  Expected  Change   New  Perf
 1  Ann                 2500  10       1   0    1   0   0     1      1      1     2400      0.64      +4  2504  3200
 2  Bob                 2400  10       0   0    0   0   0     2      1      0     2500      0.36      -4  2396  1700

Every player's rank and tie-breaks come from one computation (:func:`elo_xl.tournament.event_ranking`:
points, then the list of tie-breaks, then start number). The JSON holds them as ``"rank"`` and
``"tiebreaks"`` (code → value, in the order of the list); the table and the CSV show one column
per tie-break after the points (table) or after the rank (CSV).
"""

from __future__ import annotations

import json
from typing import Any

from .io.csv_cells import csv_lines
from .tournament import Report
from .tournament_norms import norms_section, norms_text

#: Table columns: (header, report field, signed).
COLUMNS = (("No", "start_no", False), ("Name", "name", False), ("Title", "title", False), ("Fed", "federation", False),
           ("Rating", "rating", False), ("K", "k", False), ("Points", "points", False),
           ("Rank", "rank", False), ("Games", "games", False),
           ("Score", "score", False), ("Opp avg", "opp_average", False), ("Expected", "expected", False),
           ("Change", "change", True), ("New", "new_rating", False), ("Perf", "performance", False))
LEFT = {"name", "title", "federation"}


def number_text(value: Any, signed: bool = False) -> str:
    """A value as the table shows it: blank for None, no trailing zeros, optional sign.

    >>> number_text(None), number_text(2.5), number_text(4.0), number_text(3, signed=True)
    ('', '2.5', '4', '+3')
    """
    if value is None:
        return ""
    if isinstance(value, float):
        text = f"{value:.4f}".rstrip("0").rstrip(".")
    else:
        text = str(value)
    if signed and not text.startswith("-") and value != 0:
        text = "+" + text
    return text


def ranked_rows(report: Report) -> list[dict[str, Any]]:
    """The report's rows (in start order), flat: the JSON fields, each tie-break of the list as
    a field named by its code (``BH/C1``) after ``rank``, then ``norms`` when ``--norms`` added them."""
    rows = []
    for row in report.rows:
        fields = {k: v for k, v in row.items() if k not in ("norms", "tiebreaks")}
        fields.update(row.get("tiebreaks") or {})
        if "norms" in row:
            fields["norms"] = row["norms"]
        rows.append(fields)
    return rows


def columns(report: Report) -> list[tuple[str, str, bool]]:
    """The table's columns: :data:`COLUMNS` with one per tie-break of the list after Points."""
    codes = report.event.get("tiebreaks") or []
    at = next(i for i, c in enumerate(COLUMNS) if c[1] == "points") + 1
    return list(COLUMNS[:at]) + [(code, code, False) for code in codes] + list(COLUMNS[at:])


def table(report: Report) -> str:
    """The players of a report as an aligned table (unrated players show NR)."""
    shown = columns(report)
    rows = [[header for header, _, _ in shown]]
    for row in ranked_rows(report):
        cells = []
        for _, key, signed in shown:
            text = number_text(row[key], signed) if key not in LEFT else (row[key] or "")
            cells.append("NR" if key == "rating" and row[key] is None else text)
        rows.append(cells)
    widths = [max(len(r[i]) for r in rows) for i in range(len(shown))]
    lines = []
    for r in rows:
        cells = [cell.ljust(w) if shown[i][1] in LEFT else cell.rjust(w) for i, (cell, w) in enumerate(zip(r, widths))]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def heading(report: Report) -> str:
    """One line about the event: name, players, rounds, rule set, average rating and category."""
    e = report.event
    parts = [e["name"] or "Event", f"{e['players']} players", f"{e['rounds']} rounds", f"rules {e['rules']}"]
    if e.get("tiebreaks"):
        played = report.ranking.rounds if report.ranking is not None else e["rounds"]
        after = f", after round {played}" if played < e["rounds"] else ""  # a file exported before its last round
        parts.append(f"tie-breaks {', '.join(e['tiebreaks'])} ({e['tiebreak_rules']} rules{after})")
    if e["average_rating"] is not None:
        parts.append(f"average rating {e['average_rating']}, category {e['category']}")
    return " — ".join([parts[0], ", ".join(parts[1:])])


def as_csv(report: Report) -> str:
    """The players of a report as CSV: the JSON field names as header (``rank`` among them),
    one column per tie-break named by its code, and ``norms`` with ``--norms``. Every cell goes
    through :func:`elo_xl.io.csv_cells.neutralised`, so a name such as ``=HYPERLINK(…)`` stays
    text when the file is opened in a spreadsheet (a negative change stays ``-7``)."""
    rows = ranked_rows(report)
    fields = list(rows[0]) if rows else []
    lines = [fields]
    for row in rows:
        values = {k: "" if v is None else v for k, v in row.items()}
        if "norms" in row:  # --norms: the norms made, as one cell
            values["norms"] = norms_text(row["norms"])
        lines.append([values.get(k, "") for k in fields])
    return csv_lines(lines) if fields else "\n"


def as_json(report: Report) -> str:
    """The report as JSON: ``{"event": {...}, "players": [...]}``, null where no value exists."""
    return json.dumps(report.to_json(), ensure_ascii=False, indent=2) + "\n"


def as_text(report: Report) -> str:
    """The heading, the table and the notes, as ``--format table`` prints them."""
    lines = [heading(report), "", table(report)]
    if "norms" in report.event:  # --norms
        lines += [""] + norms_section(report)
    if report.notes:
        lines += [""] + [line for note in report.notes for line in wrapped("Note: ", note)]
    return "\n".join(lines) + "\n"


#: The width the printed notes and norms fit in.
WIDTH = 100


def wrapped(prefix: str, text: str, width: int = WIDTH) -> list[str]:
    """``prefix + text`` as lines of at most ``width`` columns (wrapped at spaces, continued
    under the text).

    >>> wrapped("Note: ", "3 players: a, b, c", width=16)
    ['Note: 3 players:', '      a, b, c']
    """
    import textwrap

    return textwrap.wrap(text, width, initial_indent=prefix, subsequent_indent=" " * len(prefix),
                         break_long_words=False, break_on_hyphens=False) or [prefix.rstrip()]
