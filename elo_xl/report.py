"""Rating reports as text: an aligned table for a terminal, CSV, and JSON.

>>> from elo_xl.event import from_crosstable, rate_tournament
>>> from elo_xl.event.samples import ROUND_ROBIN
>>> report = rate_tournament(from_crosstable(["Ann", "Bob"], [2500, 2400], [[None, 1], [0, None]]), k=10, year=2026)
>>> print(table(report))
No  Name  Title  Fed  Points  DE  WIN  SB  KS  Rank
 1  Ann                    1   0    1   0   0     1
 2  Bob                    0   0    0   0   0     2
<BLANKLINE>
No  Name  Rating   K  Games  Score  Opp avg  Expected  Change   New  Perf
 1  Ann     2500  10      1      1     2400      0.64      +4  2504  3200
 2  Bob     2400  10      1      0     2500      0.36      -4  2396  1700

The table comes in two parts that fit 100 columns (:data:`WIDTH`) each: the standings (the
points, one column per tie-break, the rank), by rank, and the ratings (K, games, expected
score, change, new rating, performance), by start number; a name too long for the room left
wraps onto a line of its own. The CSV, the JSON and the .xlsx report hold every column in one
table (the .xlsx report by rank, the CSV and the JSON by start number).

Every player's rank and tie-breaks come from one computation (:func:`elo_xl.event.ranking.event_ranking`:
points, then the list of tie-breaks, then start number). The JSON holds them as ``"rank"`` and
``"tiebreaks"`` (code → value, in the order of the list); the table and the CSV show one column
per tie-break after the points (table) or after the rank (CSV).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from .io.csv_cells import csv_lines
from .event.norms import norms_section, norms_text
from .event.rating import Report
from .games import progress_text
from .rounding import to_number
from .tiebreaks.unplayed import FORFEIT_LOST, FORFEIT_WON, FULL_BYE, HALF_BYE, PAB, ZERO_BYE

#: Table columns: (header, report field, signed).
COLUMNS = (("No", "start_no", False), ("Name", "name", False), ("Title", "title", False), ("Fed", "federation", False),
           ("Rating", "rating", False), ("K", "k", False), ("Points", "points", False),
           ("Rank", "rank", False), ("Games", "games", False),
           ("Score", "score", False), ("Opp avg", "opp_average", False), ("Expected", "expected", False),
           ("Change", "change", True), ("New", "new_rating", False), ("Perf", "performance", False))
LEFT = {"name", "title", "federation", "team"}
#: The text table's two parts (report fields; ``TIEBREAKS``: one column per tie-break of the list).
TIEBREAKS = "tiebreaks"
STANDINGS = ("start_no", "name", "title", "federation", "points", TIEBREAKS, "rank")
RATINGS = ("start_no", "name", "rating", "k", "games", "score", "opp_average", "expected", "change", "new_rating",
           "performance")
#: The narrowest a name column is made to fit a part into :data:`WIDTH`.
NAME_MIN = 12


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


def parts(report: Report) -> list[list[tuple[str, str, bool]]]:
    """The text table's parts (:data:`STANDINGS`, :data:`RATINGS`) as columns of :func:`columns`."""
    shown = columns(report)
    by_key = {column[1]: column for column in shown}
    codes = report.event.get("tiebreaks") or []
    return [[column for key in part for column in ([by_key[c] for c in codes] if key == TIEBREAKS else [by_key[key]])]
            for part in (STANDINGS, RATINGS)]


#: How the players are listed: by rank (the standings' order) or by start number.
SORTS = ("rank", "number")


def in_order(rows: list[dict[str, Any]], sort: str) -> list[dict[str, Any]]:
    """Report rows by rank (ties, and players without a rank, by start number) or as they are
    (start order).

    >>> [r["start_no"] for r in in_order([{"start_no": 1, "rank": 2}, {"start_no": 2, "rank": 1},
    ...                                   {"start_no": 3, "rank": None}], "rank")]
    [2, 1, 3]
    """
    if sort == "number":
        return rows
    return sorted(rows, key=lambda row: (row.get("rank") is None, row.get("rank") or 0, row["start_no"]))


def table(report: Report, width: int = 100, sort: str = "rank") -> str:
    """The players of a report as aligned text, in the parts of :func:`parts` (unrated players
    show NR): the standings in ``sort`` order (by rank unless ``"number"``), the ratings by
    start number."""
    rows = ranked_rows(report)
    standings, ratings = parts(report)
    return "\n\n".join(aligned(shown, [[cell_text(row, key, signed) for _, key, signed in shown] for row in ordered],
                                 width)
                         for shown, ordered in ((standings, in_order(rows, sort)), (ratings, rows)))


def cell_text(row: dict[str, Any], key: str, signed: bool) -> str:
    """One cell of the text table."""
    if key == "rating" and row[key] is None:
        return "NR"
    return number_text(row[key], signed) if key not in LEFT else (row[key] or "")


def aligned(shown: list[tuple[str, str, bool]], rows: list[list[str]], width: int = 100,
            left: Collection[str] = LEFT) -> str:
    """Rows under the headers of ``shown``, two spaces apart, text left and numbers right; when
    that is wider than ``width``, the name column is narrowed (to :data:`NAME_MIN` at least)
    and a longer name continues on the lines below its row.

    >>> print(aligned([("No", "start_no", False), ("Name", "name", False), ("Points", "points", False)],
    ...               [["1", "Heymann-Lobzhanidze,Anna-Luise", "5"]], width=34))
    No  Name                    Points
     1  Heymann-Lobzhanidze,         5
        Anna-Luise
    """
    table_rows = [[header for header, _, _ in shown]] + rows
    widths = [max(len(r[i]) for r in table_rows) for i in range(len(shown))]
    keys = [key for _, key, _ in shown]
    over = sum(widths) + 2 * (len(widths) - 1) - width
    name = keys.index("name") if "name" in keys else None
    if over > 0 and name is not None:
        widths[name] = max(NAME_MIN, len(shown[name][0]), widths[name] - over)
    lines = []
    for r in table_rows:
        pieces = [r[name]] if name is None or len(r[name]) <= widths[name] else broken(r[name], widths[name])
        for k, piece in enumerate(pieces or [""]):
            cells = r if k == 0 else [""] * len(r)
            if name is not None:
                cells = cells[:name] + [piece] + cells[name + 1:]
            lines.append("  ".join(cell.ljust(w) if key in left else cell.rjust(w)
                                   for cell, w, key in zip(cells, widths, keys)).rstrip())
    return "\n".join(lines)


def broken(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken after a space, a comma or a
    hyphen (a word longer than a line is cut).

    >>> broken("Heymann-Lobzhanidze,Anna-Luise", 12), broken("Nguyen Van An", 20)
    (['Heymann-', 'Lobzhanidze,', 'Anna-Luise'], ['Nguyen Van An'])
    """
    import re

    lines: list[str] = []
    line = ""
    for piece in re.findall(r"[^ ,-]*[ ,-]*", text):
        while len(piece.rstrip()) > width:  # a word longer than a line
            if line:
                lines.append(line.rstrip())
                line = ""
            lines.append(piece[:width])
            piece = piece[width:]
        if len((line + piece).rstrip()) > width:
            lines.append(line.rstrip())
            line = piece.lstrip()
        else:
            line += piece
    if line.strip():
        lines.append(line.rstrip())
    return lines


def heading_parts(report: Report) -> list[str]:
    """The event's name, then what :func:`heading` says about it, part by part."""
    e = report.event
    count = lambda n, noun: f"{n} {noun}{'' if n == 1 else 's'}"  # noqa: E731
    rounds = count(e["rounds"], "round")
    progress = report.progress
    if progress is not None and (progress[1] > progress[0] or not progress[0]):  # a round paired, its results to come
        rounds += f" ({progress_text(*progress)})"
    parts = [e["name"] or "Event", count(e["players"], "player"), rounds, f"rules {e['rules']}"]
    if e.get("tiebreaks"):
        played = report.ranking.rounds if report.ranking is not None else e["rounds"]
        after = f", after round {played}" if 0 < played < e["rounds"] else ""  # a file exported before its last round
        parts.append(f"tie-breaks {', '.join(e['tiebreaks'])} ({e['tiebreak_rules']} rules{after})")
    if e["average_rating"] is not None:
        parts.append(f"average rating {e['average_rating']}")
        if e.get("category") is not None:  # a category is a round robin's (a Swiss has none)
            parts.append(f"category {e['category']}")
    return parts


def heading(report: Report) -> str:
    """One line about the event: name, players, rounds, rule set, average rating and category."""
    parts = heading_parts(report)
    return " — ".join([parts[0], ", ".join(parts[1:])])


def heading_lines(report: Report, width: int = 100) -> list[str]:
    """:func:`heading` in lines of at most ``width`` columns, broken between its parts (the
    next lines indented by two spaces; a part longer than a line is broken at spaces).

    >>> from elo_xl.event import from_crosstable, rate_tournament
    >>> report = rate_tournament(from_crosstable(["Ann", "Bob"], [2500, 2400], [[None, 1], [0, None]]), k=10, year=2026)
    >>> heading_lines(report, 60)
    ['Event — 2 players, 1 round, rules FIDE,', '  tie-breaks DE, WIN, SB, KS (2026 rules),', '  average rating 2450, category 8']
    """
    parts = heading_parts(report)
    lines, line = [], parts[0] + " — "
    for k, part in enumerate(parts[1:], 1):
        text = part + ("," if k < len(parts) - 1 else "")
        if len(line.rstrip()) > 2 and len(line + text) > width:
            lines.append(line.rstrip())
            line = "  "
        if len(line + text) > width:
            pieces = wrapped(line, text, width, indent="  ")
            lines += pieces[:-1]
            line = pieces[-1]
        else:
            line += text
        line += " "
    return lines + [line.rstrip()]


def as_csv(report: Report, sort: str = "number") -> str:
    """The players of a report as CSV (by start number, or by rank with ``sort="rank"``): the
    JSON field names as header (``rank`` among them),
    one column per tie-break named by its code, and ``norms`` with ``--norms``. Every cell goes
    through :func:`elo_xl.io.csv_cells.neutralised`, so a name such as ``=HYPERLINK(…)`` stays
    text when the file is opened in a spreadsheet (a negative change stays ``-7``)."""
    rows = in_order(ranked_rows(report), sort)
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
    from .io.json_text import indented

    return indented(report.to_json()) + "\n"


def team_heading(report: Report) -> str:
    """One line about a team event's standings: teams, boards, rounds, the primary score, the
    list and its rules, and how an opponent's bye counts in Buchholz ("" for an individual event)."""
    standings = report.teams
    if standings is None:
        return ""
    e = standings.file.event
    r = standings.ranking
    count = lambda n, noun: f"{n} {noun}{'' if n == 1 else 's'}"  # noqa: E731
    primary = "match points" if e.primary == "MP" else "game points"
    pab = "at its points" if standings.pab == "points" else "as a drawn match"
    return (f"Teams — {count(e.teams, 'team')}, {count(e.boards, 'board')}, {count(r.rounds, 'round')}, {primary} "
            f"first, tie-breaks {', '.join(standings.written) or 'none'} ({r.version} rules); an opponent's "
            f"pairing-allocated bye counts in Buchholz {pab}")


def team_lines(report: Report, width: int = 100) -> list[str]:
    """A team event's part of the table: the heading of the team standings, the standings by
    rank (rank, number, team, match and game points, one column per tie-break as the arbiter
    wrote it; a rank-only tie-break as the place it gives), then each round's matches (white
    team first, its boards' results, its match and game points) and byes."""
    standings = report.teams
    if standings is None:
        return []
    e = standings.file.event
    r = standings.ranking
    head = team_heading(report)
    rows = standings.rows()
    codes = list(standings.written)
    shown = [("Rank", "rank", False), ("No", "no", False), ("Team", "name", False), ("MP", "match_points", False),
             ("GP", "game_points", False)] + [(c, c, False) for c in codes]
    cells = [[number_text(row["tiebreaks"][key]) if key in row["tiebreaks"] else
              (row[key] if isinstance(row[key], str) else number_text(row[key])) for _, key, _ in shown] for row in rows]
    lines = wrapped("", head, width, "  ") + ["", aligned(shown, cells, width)]
    names = {t.no: t.name for t in standings.file.teams}
    unplayed = {PAB: "pairing-allocated bye", FULL_BYE: "full-point bye", HALF_BYE: "half-point bye",
                ZERO_BYE: "zero-point bye"}
    for t in range(r.rounds):
        lines += ["", f"Round {t + 1}"]
        for i, row in enumerate(e.matches):
            m = row[t]
            no = i + 1
            if m.opponent is not None and (m.colour == "w" or (m.colour != "b" and no < m.opponent)):
                other = e.matches[m.opponent - 1][t]
                if not m.played:
                    lines.append(f"  {names[no]} ({no}) – {names[m.opponent]} ({m.opponent})  paired, results to come")
                    continue
                boards = " ".join(_board_text(v, e.game_points) for v in m.boards)
                forfeit = " (forfeit)" if m.kind in (FORFEIT_WON, FORFEIT_LOST) else ""
                lines.append(f"  {names[no]} ({no}) – {names[m.opponent]} ({m.opponent})  {number_text(to_number(m.gp))}–"
                             f"{number_text(to_number(other.gp))}{forfeit}  MP {number_text(to_number(m.mp))}–{number_text(to_number(other.mp))}"
                             + (f"  boards {boards}" if boards else ""))
            elif m.opponent is None and m.kind in unplayed:
                lines.append(f"  {names[no]} ({no}): {unplayed[m.kind]}, MP {number_text(to_number(m.mp))}, GP {number_text(to_number(m.gp))}")
            elif m.opponent is None and m.kind == FORFEIT_WON:
                lines.append(f"  {names[no]} ({no}): forfeit win, MP {number_text(to_number(m.mp))}, GP {number_text(to_number(m.gp))}")
    return lines


def _board_text(points, scale) -> str:
    """A board's result as a table shows it: 1, ½, 0 (other points as numbers)."""
    win, draw = scale
    return "1" if points == win else "½" if points == draw else "0" if points == 0 else number_text(to_number(points))


def board_prize_lines(prizes: list[list[dict[str, Any]]], least: int, width: int = 100) -> list[str]:
    """Board prizes as text: per board, the players with at least ``least`` games on it."""
    lines = [f"Boards (at least {least} game{'' if least == 1 else 's'} on the board)"]
    shown = [("Board", "board", False), ("No", "start_no", False), ("Name", "name", False), ("Team", "team", False),
             ("Games", "games", False), ("Points", "points", False), ("%", "percent", False),
             ("Perf", "performance", False)]
    cells = []
    for b, rows in enumerate(prizes, 1):
        for k, row in enumerate(rows[:3]):
            values = {**row, "board": b if k == 0 else ""}
            cells.append([v if isinstance(v := values[key], str) else number_text(v) for _, key, _ in shown])
    return lines + ["", aligned(shown, cells, width)] if cells else []


def as_text(report: Report, sort: str = "rank") -> str:
    """The heading, the table and the notes, as ``--format table`` prints them (a team event:
    the team standings, the matches and the board prizes first)."""
    lines = [*heading_lines(report), ""]
    if report.teams is not None:
        lines += team_lines(report) + [""]
        prizes = report.board_prizes()
        if prizes is not None:
            lines += board_prize_lines(prizes, report.board_games) + [""]
    lines.append(table(report, sort=sort))
    if "norms" in report.event:  # --norms
        lines += [""] + norms_section(report)
    if report.notes:
        lines += [""] + [line for note in report.notes for line in wrapped("Note: ", note)]
    return "\n".join(lines) + "\n"


#: The width the printed notes and norms fit in.
WIDTH = 100


def wrapped(prefix: str, text: str, width: int = WIDTH, indent: str | None = None) -> list[str]:
    """``prefix + text`` as lines of at most ``width`` columns (wrapped at spaces, continued
    under the text, or after ``indent``).

    >>> wrapped("Note: ", "3 players: a, b, c", width=16), wrapped("", "Cup — 9 players, 7 rounds", 16, "  ")
    (['Note: 3 players:', '      a, b, c'], ['Cup — 9 players,', '  7 rounds'])
    """
    import textwrap

    return textwrap.wrap(text, width, initial_indent=prefix, subsequent_indent=" " * len(prefix) if indent is None else indent,
                         break_long_words=False, break_on_hyphens=False) or [prefix.rstrip()]
