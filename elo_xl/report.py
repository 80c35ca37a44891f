"""Rating tables as text for a terminal: aligned columns, blanks where a value does not exist.

>>> from elo_xl import rate_event
>>> print(event_table(["Ann", "Bob"], rate_event([2500, 2400], [[None, 1], [0, None]], k=10)))
  No  Name  Rating   K  Points  Games  Score  Opp avg  Expected  Change  New  Perf
   1  Ann     2500  10       1      1      1     2400      0.64      +4  2504  3200
   2  Bob     2400  10       0      1      0     2500      0.36      -4  2396  1700
"""

from __future__ import annotations

from typing import Any, Sequence

from .engine import Outcome

COLUMNS = ("No", "Name", "Rating", "K", "Points", "Games", "Score", "Opp avg", "Expected", "Change", "New", "Perf")


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


def event_table(names: Sequence[str], outcomes: Sequence[Outcome]) -> str:
    """One line per player: the rating table of an event, aligned for a terminal."""
    rows = [COLUMNS]
    for no, (name, o) in enumerate(zip(names, outcomes), 1):
        rows.append((
            str(no), name, number_text(o.rating) or "NR", number_text(o.k), number_text(o.points),
            str(o.games), number_text(o.score), number_text(o.opp_average), number_text(o.expected),
            number_text(o.change, signed=True), number_text(o.new_rating), number_text(o.performance),
        ))
    widths = [max(len(row[i]) for row in rows) for i in range(len(COLUMNS))]
    lines = []
    for row in rows:
        cells = [cell.ljust(w) if i == 1 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths))]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)
