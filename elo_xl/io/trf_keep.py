"""What a Swiss workbook keeps of the TRF file it was made from, and the TRF written back.

A book made with ``elo-xl workbook swiss --from EVENT.trf`` keeps every line of the file, in
order, on its Event sheet (:func:`book_lines`): the records elo-xl does not own (unknown
records, comments, blank lines, spacing, trailing spaces) and the original player lines.
:func:`trf_from_book` puts a TRF back together from them and from what the book holds now:

- every record is written as it was, but for the event data the arbiter can change in the
  book (name ``012``, place ``022``, dates ``042``/``052``, arbiter ``102``), which is
  rewritten only when it changed (dates compared as dates), and the counts ``062``/``072``,
  rewritten only when their first number no longer matches and what they count changed in the
  book (``062 15 (12)`` stays, and so does a ``072 14`` that counts what the book cannot see);
- ``XXR``/``142`` keep the planned number of rounds: rewritten only when the book's games go
  beyond it or the book has more rounds (``workbook swiss --from FILE --rounds N``); a file
  without either gets none, a book made without a file gets ``XXR`` with the book's number of
  rounds;
- each player line is the original line with only the changed fields written anew
  (:func:`elo_xl.io.trf_write.player_line`): points and rank (recomputed), and whatever the
  arbiter changed. A rating written ``0``, ``0000`` or blank, a points column written ``5``
  or ``5.0``, the spacing of every field, stay as they were.

What cannot round-trip: a field the arbiter changed is written in the specification's layout
(right-aligned numbers, ``YYYY/MM/DD`` for a date typed as a date); a tab in a record comes
back as a space (a workbook cell keeps no tab); the line ends and the encoding are the
exporting command's (UTF-8, LF).

>>> from elo_xl.io.trf_read import parse_trf
>>> from elo_xl.io.trf_format import EXAMPLE
>>> book_lines(parse_trf(EXAMPLE))[:2], len(book_lines(parse_trf(EXAMPLE)))
(['012 Spring Open', '022 Hanoi'], 12)
"""

from __future__ import annotations

from typing import Any

from ..results import TRF_SYMBOL, is_blank, parse_result
from .dates import as_date
from .trf_format import PLAYER_COLUMNS
from .trf_model import TrfEvent, TrfGame, TrfPlayer, TrfRecord, declared_rounds
from .trf_write import format_player

__all__ = ["book_lines", "book_cells", "unpack_cells", "trf_from_book", "EVENT_RECORDS", "COUNTS", "ROWS"]

#: Up to this many lines a book keeps one line per row (readable on the Event sheet); a file
#: with more lines is kept in cells of several lines each (a cell holds at most 32,767
#: characters), so that no file makes a book of thousands of rows.
ROWS = 2000
_CELL = 30000
#: What separates the lines packed into one cell.
SEPARATOR = "\u2028"

#: The records the book's event data replaces when the arbiter changed it there.
EVENT_RECORDS = ("012", "022", "042", "052", "102")
#: Records that only count what the player lines show.
COUNTS = ("062", "072")


def book_lines(event: TrfEvent) -> list[str]:
    """Every line of the event's file in file order (records verbatim, player lines as read):
    what a workbook keeps for :func:`trf_from_book`."""
    items: list[tuple[int, int, str]] = []
    for i, r in enumerate(event.headers):
        items.append((r.line if r.line is not None else 0, i, r.text))
    last = max((x[0] for x in items), default=0)
    for p in event.players:
        text = p.text
        if text is None:
            text = format_player(p)
        items.append((p.line if p.line is not None else last + 1, 0, text))
    items.sort(key=lambda item: (item[0], item[1]))
    return [text for *_, text in items]


def book_cells(event: TrfEvent) -> list[str]:
    """:func:`book_lines` as the book's cells: one line per cell up to :data:`ROWS` lines, else
    consecutive lines joined by U+2028 LINE SEPARATOR (which no line read can hold) into
    cells of at most 30,000 characters.

    >>> from elo_xl.io.trf_read import parse_trf
    >>> e = parse_trf("012 Big\\n" + "### note\\n" * 4000 + "001    1      Ha, An\\n")
    >>> cells = book_cells(e)
    >>> len(cells), unpack_cells(cells) == book_lines(e)
    (2, True)
    """
    lines = book_lines(event)
    if len(lines) <= ROWS:
        return lines
    cells, current, size = [], [], 0
    for line in lines:
        if current and size + len(line) + 1 > _CELL:
            cells.append(SEPARATOR.join(current))
            current, size = [], 0
        current.append(line)
        size += len(line) + 1
    cells.append(SEPARATOR.join(current))
    return cells


def unpack_cells(cells: list[Any]) -> list[str]:
    """The lines a book's cells hold (a cell may hold several, see :func:`book_cells`; an empty
    cell is a blank line)."""
    lines: list[str] = []
    for cell in cells:
        lines.extend(("" if cell is None else str(cell)).split(SEPARATOR))
    return lines


def _player_from_book(t: Any, i: int) -> TrfPlayer:
    e = t.entrants[i]
    colours = (t.colours[i] if t.colours and i < len(t.colours) else None) or [""] * len(t.pairings[i])
    games = []
    for r, (opponent, colour, result) in enumerate(zip(t.pairings[i], colours, t.results[i]), 1):
        code = None if is_blank(result) else parse_result(result, "results", (i + 1, r))
        symbol = "" if code is None else TRF_SYMBOL[code]
        # a result without an opponent (a bye typed in the book) takes the colour "-", as the specification writes it
        games.append(TrfGame(opponent, colour or ("-" if opponent is None and symbol else ""), symbol))
    return TrfPlayer(e.start_no, e.name, e.sex, e.title, e.rating, e.federation, e.fide_id, e.birth, games=games)


def _kept_bye_colours(p: TrfPlayer) -> None:
    """A bye the kept line already holds keeps the line's colour (``       H`` stays so); a bye
    typed in the book takes ``-`` (:func:`_player_from_book`)."""
    from .trf_format import round_columns

    for r, g in enumerate(p.games, 1):
        if g.opponent is None and g.result:
            o, c, s = round_columns(r)
            text = p.text or ""
            if text[s - 1:s] == g.result and not text[o - 1:o + 3].strip(" 0"):
                p.games[r - 1] = TrfGame(None, text[c - 1:c].strip(), g.result)


def _same(code: str, record: str, value: str) -> bool:
    """Whether a kept record says what the book says (dates compared as dates)."""
    if code in ("042", "052"):
        return as_date(record) == as_date(value)
    if code in COUNTS:  # "062 15 (12)": the count, then what a program adds after it
        return record.split()[:1] == value.split()[:1]
    return record.strip() == value.strip()


def _file_counts(player_lines: list[str]) -> dict[str, str]:
    """What ``062`` and ``072`` would count in the file's own player lines: players, and
    players with a rating (columns 49–52 neither blank nor zero).

    >>> _file_counts(["001    1      Ha, An                            0000", "001    2      Le" + " " * 32 + "1800"])
    {'062': '2', '072': '1'}
    """
    a, b = PLAYER_COLUMNS["rating"]
    rated = sum(1 for text in player_lines if text[a - 1:b].strip().strip("0"))
    return {"062": str(len(player_lines)), "072": str(rated)}


def trf_from_book(t: Any) -> TrfEvent:
    """The TrfEvent of what a Swiss book holds (a :class:`~elo_xl.event.model.Tournament` read
    from it, with ``records`` the lines the book kept and ``rounds`` the book's number of
    rounds), following the module's rules. Points and ranks are left to the caller.

    >>> from elo_xl.event import Entrant, Tournament
    >>> kept = ["012 Cup", "XXR 3", "001    1      Ha, An                            0000", "###"]
    >>> t = Tournament([Entrant(1, "Ha, An", None), Entrant(2, "Le, Binh", 1800)], [["1"], ["0"]],
    ...                [[2], [1]], [["w"], ["b"]], name="Cup", rounds=3, records=kept)
    >>> e = trf_from_book(t)
    >>> [r.text for r in e.headers], e.players[0].text[44:52]
    (['012 Cup', 'XXR 3', '###'], '    0000')
    """
    lines = unpack_cells(t.records or [])
    if not any(line.strip() for line in lines):
        lines = []
    headers, templates = [], {}
    for n, text in enumerate(lines, 1):
        if text[:3] == "001" and text[4:8].strip().isdigit():
            templates.setdefault(int(text[4:8]), (text, n))
        else:
            headers.append(TrfRecord(text, n))
    players = []
    for i in range(len(t.entrants)):
        p = _player_from_book(t, i)
        for (number, r), result in (getattr(t, "announced", None) or {}).items():
            if number == p.start_no:  # a bye asked for a round not yet paired: written in its round
                while len(p.games) < r:
                    p.games.append(TrfGame(None, "", ""))
                if p.games[r - 1].opponent is None and not p.games[r - 1].result:
                    p.games[r - 1] = TrfGame(None, "-", result)
        if p.start_no in templates:
            p.text, p.line = templates[p.start_no]
            _kept_bye_colours(p)
        players.append(p)
    event = TrfEvent(headers, players)
    used = max((len(p.games) for p in players), default=0)
    planned = max(used, t.rounds or 0)
    values = [("012", t.name), ("022", t.city), ("042", t.start), ("052", t.end), ("102", t.arbiter),
              ("062", str(len(t.entrants))), ("072", str(sum(1 for e in t.entrants if e.rating)))]
    counted = _file_counts([text for text, _ in templates.values()])
    for code, value in values:
        current = event.header(code)
        if current is None and (not value or (lines and code in COUNTS)):
            continue  # a record the file did without is not added to it
        if current is not None and _same(code, current, value or ""):
            continue
        if current is not None and code in COUNTS and lines and counted.get(code) == value:
            continue  # what it counts did not change in the book: the file's figure stays ("072 14")
        event.set_header(code, value or "")
    declared = declared_rounds(event)
    if declared is None:
        if not lines:
            event.set_header("XXR", str(planned))
    elif declared[0] < planned:  # the games went beyond it, or the book was made with more rounds
        for r in event.headers:
            if r.code in ("XXR", "142"):
                r.text = f"{r.code} {planned}"
    return event
