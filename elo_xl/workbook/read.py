"""A Swiss or round-robin book read back: what the arbiter typed, as an event.

Only the inputs are read, through the book's defined names (:mod:`elo_xl.workbook.names`, the
contract the templates write), so no spreadsheet program is needed. Every value is checked
where it was typed: a message names the file, the sheet and the cell (``book.xlsx, Swiss!U6:
"1" is a game result, but round 4 names no opponent in Swiss!S6``).

A round robin has a crosstable, not rounds: its games are put in the rounds and colours of
the book's kept TRF player lines when the book was made from a TRF file, a game they lack in
the round and colours of FIDE's Berger tables (:func:`elo_xl.pairing.berger.schedule_round`;
a double round robin's as its ``PairingSystem`` says), and every game in that order when the
two do not fit together.

The ranges are read through :mod:`elo_xl.workbook.book_access` (the archive checked first,
the XML read straight, openpyxl where something is unusual); every check here names the sheet
and cell the arbiter typed into.
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import Any

from ..errors import EloError, PairingMismatch, show
from ..event.model import Entrant, Tournament
from ..games import ROUND_ROBIN, SWISS
from ..io import xlsx
from ..io.decode import control_character
from ..pairing.berger import SYSTEMS, cycle_length, schedule_round, system_of
from ..results import (BYES, COMPLEMENT, TRF_SYMBOL, WITHOUT_OPPONENT, agree, blank_result, is_blank, parse_k,
                       parse_rating, parse_result, result_text, to_number)
from . import names, placement
from .book_access import Book, Range, with_book

#: The largest ranges read: TRF's 4-digit start numbers, and more rounds than any event has.
MAX_PLAYERS = 9999
MAX_ROUNDS = 99

#: TRF widths of the player fields typed as text (name 33 columns, federation 3…).
WIDTHS = {"sex": 1, "title": 3, "name": 33, "federation": 3, "fide_id": 11, "birth": 10}

RESULT_HELP = ("is not a result; type 1, ½ (or 0.5, =, R), 0 for a game, + or − (F+, F-) for a forfeit, W, D or L for an unrated "
               "game, H, F, U or Z for a bye, or leave the cell blank")


class Faults:
    """The bad cells of a book, found together and reported in one message: ``export`` names
    every bad cell at once (up to :attr:`LIMIT`, then how many more), not only the first.

    >>> faults = Faults("cup.xlsx")
    >>> faults.add(EloError('cup.xlsx, Swiss!E6: "abc" is not a rating'))
    >>> faults.add(EloError('cup.xlsx, Swiss!AD7: "x" is not a result'))
    >>> faults.check()
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: cup.xlsx: 2 cells to correct: Swiss!E6: "abc" is not a rating | Swiss!AD7: "x" is not a result
    """

    LIMIT = 20

    def __init__(self, path: str | Path):
        self.where = f"{path}, "
        self.path = path
        self.found: list[str] = []
        self.kind: type[EloError] = EloError  # a PairingMismatch when one of them is

    def add(self, error: EloError) -> None:
        """One bad cell's message (it names the file and the cell)."""
        self.found.append(str(error))
        if isinstance(error, PairingMismatch):
            self.kind = PairingMismatch

    def check(self) -> None:
        """Raise the one message naming every bad cell found (one alone: its own message)."""
        if not self.found:
            return
        if len(self.found) == 1:
            raise self.kind(self.found[0])
        shown = [text[len(self.where):] if text.startswith(self.where) else text for text in self.found[:self.LIMIT]]
        more = f" | and {len(self.found) - self.LIMIT} more" if len(self.found) > self.LIMIT else ""
        raise self.kind(f"{self.path}: {len(self.found)} cells to correct: {' | '.join(shown)}{more}")


def cell_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (_dt.date, _dt.datetime)):
        return value.strftime("%Y/%m/%d")
    return str(value).strip()


def _typed_result(value: Any) -> Any:
    """A result cell read (a result, :func:`~elo_xl.results.parse_result` says): a fraction as
    typed, a text without the spaces around it (:func:`~elo_xl.results.result_text`).

    >>> _typed_result(0.5), _typed_result(1), _typed_result(" ½\\u00a0")
    (0.5, '1', '½')
    """
    if isinstance(value, float):
        return value
    return result_text(value) if isinstance(value, str) else cell_text(value)


def is_swiss(book: Book) -> bool:
    """Whether an opened book is a Swiss book (it names a rounds grid), else a round robin."""
    return book.has(names.ROUNDS) or book.has(names.PAIRINGS) or not book.has(names.RESULTS)


def read_book(path: str | Path) -> Tournament:
    """The event typed into a Swiss or a round-robin workbook (a book with ``Rounds``, or
    ``Pairings`` in the first layout, is a Swiss: :func:`read_swiss_book`; else :func:`read_round_robin_book`)."""
    return with_book(path, read_event)


def read_event(path: Path, book: Any) -> Tournament:
    """:func:`read_book` of a book opened already (:func:`~elo_xl.workbook.book_access.with_book`)."""
    _event_book(path, book)
    return (_read_swiss if is_swiss(book) else _read_round_robin)(path, book)


def _event_book(path: Path, book: Any) -> None:
    """Refuse a book that is not an event book (Swiss or round robin), naming its kind: a player
    calculator or a match book has no players table to export."""
    from . import LABELS

    _not_a_team_book(path, book)
    if book.has(names.PLAYER_FIELDS["name"]):
        return
    for kind in ("player", "match"):
        if all(book.has(name) for name in names.CONTRACT[kind].inputs):
            raise EloError(f"{path}: this is a {LABELS[kind]}, not an event book; export writes a TRF file from a "
                           "Swiss or round-robin book (elo-xl workbook swiss or round-robin)")


def _not_a_team_book(path: Path, book: Any) -> None:
    """Refuse a team book in one line: it is read by :mod:`elo_xl.workbook.team_export`."""
    if book.has(names.TEAM_ROUNDS):
        raise EloError(f"{path}: this is a team book; read it with elo_xl.workbook.team_export (rate the team file "
                       "itself: elo-xl rate TEAMFILE)")


def event_and_origin(book: Book, where: str) -> tuple[dict[str, str], Any]:
    """The Event sheet's fields and the TRF file the book kept, read
    (:func:`elo_xl.workbook.kept_trf.kept_origin`; None when it kept none)."""
    from .kept_trf import kept_origin, unpack

    event = {}
    for key, name in names.EVENT_FIELDS.items():
        r = book.range(name, 1, 1)
        event[key] = cell_text(r.rows[0][0])
        if any(ch in event[key] for ch in "\r\n"):
            raise EloError(f"{where}{r.cell(0)}: {show(event[key])} holds a line break; a TRF record is one line")
        _printable(event[key], f"{where}{r.cell(0)}")
        _fits_a_line(event[key], f"{where}{r.cell(0)}", 4)  # written after its record code and a space
    records: list[Any] = []  # the TRF file's lines as the book keeps them (elo_xl.workbook.kept_trf)
    cells: dict[int, str] = {}  # each kept line's number → its cell, for messages about the line
    if book.has(names.TRF_RECORDS):
        kept = book.range(names.TRF_RECORDS, 100_000, 1)
        for i, row in enumerate(kept.rows):
            text = cell_text(row[0])
            if any(ch in text for ch in "\r\n"):
                raise EloError(f"{where}{kept.cell(i)}: {show(text)} holds a line break; a TRF record is one line")
            for line in unpack([text]):
                _fits_a_line(line, f"{where}{kept.cell(i)}")
                if line[:3] != "001":  # a player line that does not read is written anew from the book
                    _printable(line, f"{where}{kept.cell(i)}")
                cells[len(cells) + 1] = kept.cell(i)
        records = [row[0] for row in kept.rows]
    origin = kept_origin(records)
    if origin is not None:
        origin.cells = cells
    return event, origin


def _printable(text: str, where: str) -> None:
    """Refuse a value holding a control character, which no TRF line can hold, naming its cell."""
    if control_character(text) is not None:
        raise EloError(f"{where}: {show(text)} holds a control character, which a TRF file cannot hold; remove it")


def _fits_a_line(text: str, where: str, prefix: int = 0) -> None:
    """Refuse a value that would make a TRF line longer than a TRF reader takes (the written
    file must read back), naming its cell."""
    from ..io.trf_format import MAX_LINE

    if prefix + len(text) > MAX_LINE:
        raise EloError(f"{where}: {prefix + len(text):,} characters make a TRF line longer than {MAX_LINE:,}; "
                       "shorten the cell")


def _player_columns(path: Path, book: Book) -> dict[str, Range]:
    """The players table's columns, each checked to be the size of ``Names``."""
    columns = {key: book.range(name, MAX_PLAYERS, 1, defer=True) for key, name in names.PLAYER_FIELDS.items()}
    first = columns["name"]
    for r in columns.values():
        if len(r.rows) != len(first.rows):
            raise EloError(f"{path}: the range {r.name} ({r.reference}) is not the size of {first.name} "
                           f"({first.reference}); export needs the ranges as elo-xl wrote them (were rows or columns "
                           "deleted, or a name edited?)")
    return columns


#: A Swiss book's players table (field → range) and rounds grid (opponents, colours, results).
SwissRanges = tuple[dict[str, Range], tuple[Range, Range, Range]]


def _swiss_ranges(path: Path, book: Any) -> SwissRanges:
    """A Swiss book's players table and rounds grid (:func:`_round_ranges`), each range checked
    to be the size of the others and where the template puts it (:mod:`.placement`)."""
    columns = {key: book.range(name, MAX_PLAYERS, 1, defer=True) for key, name in names.PLAYER_FIELDS.items()}
    grids = _round_ranges(path, book)
    for r, first in [(r, columns["name"]) for r in [*columns.values(), *grids]] + [(g, grids[0]) for g in grids]:
        if len(r.rows) != len(first.rows) or (first is grids[0] and len(r.rows[0]) != len(first.rows[0])):
            raise EloError(f"{path}: the range {r.name} ({r.reference}) is not the size of {first.name} "
                           f"({first.reference}); export needs the ranges as elo-xl wrote them (were rows or columns "
                           "deleted, or a name edited?)")
    placement.check_swiss(path, book, columns, grids)
    for r in [*columns.values(), *grids]:
        r.refuse_formulas()
    return columns, grids


def _kept_schedule(origin: Any) -> dict[tuple[int, int, int], tuple[int, str]]:
    """The round and colour of each game in the TRF player lines a book kept (its event's
    ``origin``): (i, j, cycle) → (round, colour of i), ``cycle`` counting the meetings of i and
    j (2 in a double round robin)."""
    if origin is None or not origin.players:
        return {}
    schedule: dict[tuple[int, int, int], tuple[int, str]] = {}
    for p, (row, colours) in zip(origin.players, zip(origin.pairings(), origin.colours())):
        for t, (opponent, colour) in enumerate(zip(row, colours or [None] * len(row))):
            if opponent:
                cycle = 1 + sum(1 for i, j, _ in schedule if (i, j) == (p.start_no, opponent))
                schedule[(p.start_no, opponent, cycle)] = (t + 1, (colour or "").lower())
    return schedule


def read_round_robin_book(path: str | Path) -> Tournament:
    """The event typed into a round-robin workbook, its crosstable put into rounds.

    Each game is read from either of its two cells (both typed must agree); it is written in
    the round and colours the book's kept TRF lines give it, a game they lack (played since) in
    its round of the book's schedule (:func:`~elo_xl.pairing.berger.schedule_round`), and every game in that order when
    the two would put two games of one player in one round. Rows without a name or rating after the
    last player are empty places and left out.
    """
    return with_book(path, _read_round_robin)


def _read_round_robin(path: Path, book: Any) -> Tournament:
    """:func:`read_round_robin_book` of an opened book."""
    columns = _player_columns(path, book)
    size = len(columns["name"].rows)
    table = book.range(names.RESULTS, MAX_PLAYERS, 2 * MAX_PLAYERS, defer=True)
    system = cell_text(book.range(names.PAIRING_SYSTEM, 1, 1).rows[0][0]) if book.has(names.PAIRING_SYSTEM) else ""
    double, reverse = system_of(system) or (False, False)
    cycles = 2 if double else 1
    if len(table.rows) != size or len(table.rows[0]) != cycles * size:
        raise EloError(f"{path}: the range Results ({table.reference}) is not {size}×{cycles * size} like Names "
                       f"({columns['name'].reference}) and {names.PAIRING_SYSTEM} ({system or 'none'}) say; export "
                       "needs the ranges as elo-xl wrote them")
    placement.check_round_robin(path, book, columns, table)
    for r in [*columns.values(), table]:
        r.refuse_formulas()
    used = [i for i in range(size) if not is_blank(columns["name"].rows[i][0])
            or not is_blank(columns["rating"].rows[i][0]) or any(not blank_result(v) for v in table.rows[i])]
    n = max(used) + 1 if used else 0
    if n == 0:
        raise EloError(f"{path}: the players table is empty")
    where = f"{path}, "
    faults = Faults(path)
    entrants = _entrants(where, columns, n, faults)
    codes: dict[tuple[int, int, int], tuple[Any, Any]] = {}
    for i in range(n):
        for t in range(cycles * size):
            j, c = t % size, t // size
            value = table.rows[i][t]
            if i == j or j >= n or blank_result(value):
                continue
            try:
                code = parse_result(value, "results")
            except EloError:
                faults.add(EloError(f"{where}{table.cell(i, t)}: {not_a_result(value)}"))
                continue
            if code in BYES:
                faults.add(EloError(f"{where}{table.cell(i, t)}: {show(value)} is a bye, which a crosstable has no "
                                    f"place for; type the game's result or leave the cell blank"))
                continue
            codes[(i, j, c)] = (code, value)
    faults.check()
    event, origin = event_and_origin(book, where)
    games = []
    for c in range(cycles):
        for i in range(n):
            for j in range(i + 1, n):
                a, b = codes.get((i, j, c)), codes.get((j, i, c))
                if a and b and a[0] is not None and b[0] is not None and not agree(a[0], b[0]):
                    raise EloError(f"{where}{table.cell(i, c * size + j)} and {table.cell(j, c * size + i)}: "
                                   f"{show(a[1])} and {show(b[1])} disagree on one game ({i + 1} against {j + 1}); "
                                   "a game reads 1/0, ½/½, 0/1, +/−, −/−, W/L or D/D")
                if a or b:
                    games.append((i, j, c + 1, a, b))
    slots = _slots(games, n, _kept_schedule(origin), reverse)
    rounds = max([r for r, _ in slots.values()] + [cycle_length(n) * cycles])
    pairings: list[list[int | None]] = [[None] * rounds for _ in range(n)]
    colours = [[""] * rounds for _ in range(n)]
    results: list[list[Any]] = [[None] * rounds for _ in range(n)]
    for i, j, c, a, b in games:
        r, colour = slots[(i, j, c)]
        pairings[i][r - 1], pairings[j][r - 1] = j + 1, i + 1
        colours[i][r - 1], colours[j][r - 1] = colour, {"w": "b", "b": "w"}.get(colour, colour)
        results[i][r - 1] = _side(a, b)
        results[j][r - 1] = _side(b, a)
    chosen, version = book_tiebreaks(book)
    declared = SYSTEMS[(True, reverse)] if double else ROUND_ROBIN
    return Tournament(entrants, results, pairings, colours, rounds=rounds, origin=origin, kept=True, planned=rounds,
                      declared=declared,
                      tiebreak_list=chosen, tiebreak_version=version, **event)


def _berger(i: int, j: int, n: int, cycle: int, reverse: bool) -> tuple[int, str]:
    r, white = schedule_round(i + 1, j + 1, n, cycle, reverse=reverse)
    return r, "w" if white else "b"


def _slots(games: list[tuple[int, int, int, Any, Any]], n: int, kept: dict[tuple[int, int, int], tuple[int, str]],
           reverse: bool = False) -> dict[tuple[int, int, int], tuple[int, str]]:
    """The round and colour of each game (i, j, cycle): as the kept TRF lines give it, a game
    they lack in its round of the book's schedule; all in the schedule's order when that puts
    two games of a player in one round."""
    slots = {(i, j, c): kept.get((i + 1, j + 1, c)) or _berger(i, j, n, c, reverse) for i, j, c, _, _ in games}
    taken: set[tuple[int, int]] = set()
    for (i, j, _), (r, _) in slots.items():
        if (i, r) in taken or (j, r) in taken:
            return {(i, j, c): _berger(i, j, n, c, reverse) for i, j, c, _, _ in games}
        taken |= {(i, r), (j, r)}
    return slots


def _side(own: Any, other: Any) -> Any:
    """One player's result of a game from his cell, else the complement of the other's."""
    if own is not None and own[0] is not None:
        return _typed_result(own[1])
    if other is not None and other[0] is not None:
        return TRF_SYMBOL[COMPLEMENT[other[0]]]
    return None


def read_swiss_book(path: str | Path) -> Tournament:
    """The event typed into a Swiss workbook: players, pairings, colours and results.

    Rows without a name, a rating and any pairing are empty places of the book and are left out.
    Every value is checked where it was typed: a message names the file, the sheet and the cell
    (``book.xlsx, Swiss!U6: "1" is a game result, but round 4 names no opponent in Swiss!S6``).
    """
    return with_book(path, _read_swiss)


def swiss_grid(path: str | Path) -> "Grid":
    """Where a Swiss book's rounds grid is, for a program that types into it (``elo-xl pair``),
    read through the books' contract: ``Rounds`` (n × 3r), or in a book of the first layout
    ``Pairings``, ``Colours`` and ``Results`` (:data:`names.GAMES_LAYOUT_1`)."""
    return with_book(path, lambda path, book: _grid(path, _swiss_ranges(path, book)))


def read_book_and_grid(path: str | Path, data: bytes | None = None, team: Any = None) -> tuple[Any, "Grid | None"]:
    """:func:`read_book` and, for a Swiss book, :func:`swiss_grid` (None for a round robin),
    the book read once (from ``data``, its bytes, when given). A team book is refused, or with
    ``team`` read by it: ``(team(path, book), None)``."""
    def read(path: Path, book: Any) -> tuple[Any, Any]:
        if team is not None and book.has(names.TEAM_ROUNDS):
            return team(path, book), None
        _not_a_team_book(path, book)
        if is_swiss(book):
            ranges = _swiss_ranges(path, book)  # read once for both
            return _read_swiss(path, book, ranges), _grid(path, ranges)
        return _read_round_robin(path, book), None

    return with_book(path, read, data)


class Grid:
    """Where each typed cell of a Swiss book's rounds grid stands: player ``i`` (from 0), round
    ``t`` (from 0), field ``k`` (an index of :data:`names.ROUND_FIELDS`: opponent, colour,
    result).

    >>> g = Grid("Swiss", 6, 12, 7, ((10, 3), (11, 3), (12, 3)))
    >>> g.cell(0, 0, 0), g.cell(0, 1, 2), g.cell(11, 6, 1)
    ('J6', 'O6', 'AC17')
    >>> Grid("Swiss", 6, 12, 7, ((10, 1), (17, 1), (24, 1))).cell(0, 1, 2)  # the first layout
    'Y6'
    """

    def __init__(self, sheet: str, row: int, players: int, rounds: int, fields: tuple[tuple[int, int], ...]):
        self.sheet, self.row, self.players, self.rounds, self.fields = sheet, row, players, rounds, fields

    def cell(self, i: int, t: int, k: int) -> str:
        """The cell (no sheet) of player ``i``'s round ``t``, field ``k``."""
        first, step = self.fields[k]
        return xlsx.cell_name(first + t * step, self.row + i)


def _grid(path: Path, ranges: SwissRanges) -> Grid:
    """Where the rounds grid of a Swiss book stands, from its :func:`_swiss_ranges`."""
    opponents, colours, results = ranges[1]
    if len({opponents.sheet, colours.sheet, results.sheet}) != 1:
        raise EloError(f"{path}: the ranges {', '.join(names.GAMES_LAYOUT_1)} are not on one sheet; export needs "
                       "the names as elo-xl wrote them")
    return Grid(opponents.sheet, opponents.min_row, len(opponents.rows), len(opponents.rows[0]) if opponents.rows else 0,
                tuple((r.min_col, r.step) for r in (opponents, colours, results)))


def _round_ranges(path: Path, book: Any) -> tuple[Range, Range, Range]:
    """The opponents, colours and results typed, as three n×r ranges: the columns of ``Rounds``
    (three per round), or a book of the first layout's ``Pairings``, ``Colours``, ``Results``."""
    if not book.has(names.ROUNDS) and book.has(names.PAIRINGS):
        first, second, third = (book.range(name, MAX_PLAYERS, MAX_ROUNDS, defer=True) for name in names.GAMES_LAYOUT_1)
        return first, second, third
    grid = book.range(names.ROUNDS, MAX_PLAYERS, 3 * MAX_ROUNDS, defer=True)
    width = len(grid.rows[0]) if grid.rows else 0
    if width % 3:
        raise EloError(f"{path}: the range {names.ROUNDS} ({grid.reference}) is {width} columns wide, not three per "
                       "round (opponent, colour, result); export needs the ranges as elo-xl wrote them (were columns "
                       "deleted, or the name edited?)")
    first, second, third = (grid.every(k, 3) for k in range(3))
    return first, second, third


def _read_swiss(path: Path, book: Any, ranges: SwissRanges | None = None) -> Tournament:
    """:func:`read_swiss_book` of an opened book (``ranges``: its :func:`_swiss_ranges`, when read already)."""
    columns, grids = ranges or _swiss_ranges(path, book)
    size = len(columns["name"].rows)
    pairings, colours, results = grids
    used = [i for i in range(size)
            if not is_blank(columns["name"].rows[i][0]) or not is_blank(columns["rating"].rows[i][0])
            or any(not is_blank(v) for v in pairings.rows[i])]
    n = max(used) + 1 if used else 0
    if n == 0:
        raise EloError(f"{path}: the players table is empty")
    where = f"{path}, "
    faults = Faults(path)
    entrants = _entrants(where, columns, n, faults)
    rounds = max((t + 1 for i in range(n) for t in range(len(pairings.rows[i]))
                  if not is_blank(pairings.rows[i][t]) or not blank_result(results.rows[i][t])), default=0)
    grid_p, grid_c, grid_r = _rounds(where, pairings, colours, results, n, rounds, faults)
    event, origin = event_and_origin(book, where)
    planned = len(pairings.rows[0]) if pairings.rows else rounds  # the book's rounds, played or not
    chosen, version = book_tiebreaks(book)
    from ..event.load import hold_announced

    announced = hold_announced(grid_r, grid_p)  # byes typed for a round not yet paired count once it is
    return Tournament(entrants, grid_r, grid_p, grid_c, rounds=planned, origin=origin, kept=True, planned=planned,
                      declared=SWISS,
                      tiebreak_list=chosen, tiebreak_version=version, announced=announced, **event)


def _entrants(where: str, columns: dict[str, Range], n: int, faults: Faults) -> list[Entrant]:
    """The first ``n`` players of the players table; each player's first bad cell goes to
    ``faults``."""
    entrants = []
    for i in range(n):
        try:
            entrants.append(_entrant(where, columns, i))
        except EloError as error:
            faults.add(error)
    return entrants


def _entrant(where: str, columns: dict[str, Range], i: int) -> Entrant:
    """Player ``i`` of the players table, every field checked where it was typed."""
    values = {key: r.rows[i][0] for key, r in columns.items()}
    texts = {}
    for key, width in WIDTHS.items():
        text = cell_text(values[key])
        cell = columns[key].cell(i)
        if any(ch in text for ch in "\r\n\t"):
            raise EloError(f"{where}{cell}: {show(text)} holds a line break or a tab; type the {key.replace('_', ' ')} "
                           "on one line")
        if len(text) > width:
            raise EloError(f"{where}{cell}: {show(text)} has {len(text)} characters; a TRF file holds {width} for the "
                           f"{key.replace('_', ' ')}")
        _printable(text, f"{where}{cell}")
        texts[key] = text
    # what the TRF reader refuses in a player line is refused here, at its cell (the file written must read back)
    title, fide_id = texts["title"], texts["fide_id"]
    if title and not (title.isalpha() and title.isascii()):
        raise EloError(f"{where}{columns['title'].cell(i)}: {show(title)} is not a title; type GM, IM, FM, CM, WGM, "
                       "WIM, WFM, WCM (or another title in letters), or leave it blank")
    if fide_id and not (fide_id.isdigit() and fide_id.isascii()):
        raise EloError(f"{where}{columns['fide_id'].cell(i)}: {show(fide_id)} is not a FIDE ID; type its digits, "
                       "or leave it blank")
    if texts["birth"]:
        from ..io.dates import date_year

        try:
            date_year(texts["birth"])
        except ValueError:
            raise EloError(f"{where}{columns['birth'].cell(i)}: {show(texts['birth'])} is not a date; type "
                           "YYYY/MM/DD or the year alone, or leave it blank") from None
    if texts["sex"] and texts["sex"].lower() not in ("m", "w", "f"):
        raise EloError(f"{where}{columns['sex'].cell(i)}: {show(texts['sex'])} is not a sex; type m or w, "
                       "or leave it blank")
    rating = values["rating"]
    try:
        number = parse_rating(rating, "rating")
    except EloError:
        number = -1
    if number is not None and (number == -1 or not float(number).is_integer()):
        raise EloError(f"{where}{columns['rating'].cell(i)}: {show(rating)} is not a rating; type a whole number "
                       "from 1 to 3999, or leave it blank (or 0) for an unrated player")
    try:
        k = parse_k(values["k"], "k")
    except EloError:
        raise EloError(f"{where}{columns['k'].cell(i)}: {show(values['k'])} is not a K factor; type a number above "
                       "0 and at most 100, or leave it blank for the rule set's K") from None
    return Entrant(i + 1, texts["name"], None if number is None else int(number), texts["title"],
                   texts["federation"], texts["fide_id"], texts["sex"], texts["birth"], k)


def _rounds(where: str, pairings: Range, colours: Range, results: Range, n: int,
            rounds: int, faults: Faults) -> tuple[list[list[int | None]], list[list[str]], list[list[Any]]]:
    """The rounds grid, each cell checked where it was typed (every bad cell, with the players'
    table's, reported at once through ``faults``), then each game against the opponent's row
    (as a TRF file's two lines of a game are checked)."""
    grid_p: list[list[int | None]] = [[None] * rounds for _ in range(n)]
    grid_c = [[""] * rounds for _ in range(n)]
    grid_r: list[list[Any]] = [[None] * rounds for _ in range(n)]
    codes: list[list[int | None]] = [[None] * rounds for _ in range(n)]
    for i in range(n):
        for t in range(rounds):
            try:
                _cell_of_rounds(where, pairings, colours, results, n, i, t, grid_p, grid_c, grid_r, codes)
            except EloError as error:
                faults.add(error)
    faults.check()
    _implied(where, pairings, results, grid_p, grid_c, codes)
    for i in range(n):
        for t in range(rounds):
            j = (grid_p[i][t] or 0) - 1
            if j < 0:
                if codes[i][t] is not None and codes[i][t] not in WITHOUT_OPPONENT:
                    raise EloError(f"{where}{results.cell(i, t)}: {show(results.rows[i][t])} is a game result, but "
                                   f"round {t + 1} names no opponent in {pairings.cell(i, t)}, and no row names "
                                   f"{i + 1} in that round")
                continue
            back = grid_p[j][t]
            if back != i + 1:
                raise PairingMismatch(f"{where}{pairings.cell(i, t)}: round {t + 1} pairs {i + 1} with {j + 1}, but "
                               f"{pairings.cell(j, t)} pairs {j + 1} with {back}")
            if j < i:
                continue  # each game once
            a, b = codes[i][t], codes[j][t]
            if a is None and b is not None:  # typed on one of the two rows: the other is its complement
                codes[i][t], grid_r[i][t] = COMPLEMENT[b], TRF_SYMBOL[COMPLEMENT[b]]
            elif b is None and a is not None:
                codes[j][t], grid_r[j][t] = COMPLEMENT[a], TRF_SYMBOL[COMPLEMENT[a]]
            elif a is not None and b is not None and not agree(a, b):
                raise EloError(f"{where}{results.cell(i, t)} and {results.cell(j, t)}: {show(results.rows[i][t])} and "
                               f"{show(results.rows[j][t])} disagree on one game (round {t + 1}, {i + 1} against "
                               f"{j + 1}); a game reads 1/0, ½/½, 0/1, +/−, −/−, W/L or D/D")
            if grid_c[i][t] == grid_c[j][t] and grid_c[i][t] in ("w", "b"):
                raise EloError(f"{where}{colours.cell(i, t)} and {colours.cell(j, t)}: both players of one game "
                               f"(round {t + 1}, {i + 1} against {j + 1}) have {show(colours.rows[i][t])}; "
                               "one plays w, the other b")
    return grid_p, grid_c, grid_r


def _cell_of_rounds(where: str, pairings: Range, colours: Range, results: Range, n: int, i: int, t: int,
                    grid_p: list[list[int | None]], grid_c: list[list[str]], grid_r: list[list[Any]],
                    codes: list[list[int | None]]) -> None:
    """Player ``i``'s round ``t`` (pairing, colour, result) checked where it was typed, into the grids."""
    value, colour, result = pairings.rows[i][t], colours.rows[i][t], results.rows[i][t]
    opponent = None
    if not is_blank(value):
        number = to_number(value)
        if not isinstance(number, int) or not 0 <= number <= n or number == i + 1:
            problem = ("is the player's own start number; a player cannot meet himself" if number == i + 1
                       else f"is not a start number; type the opponent's start number (1 to {n}), "
                            "or leave the cell blank for a round without an opponent")
            raise PairingMismatch(f"{where}{pairings.cell(i, t)}: {show(value)} {problem}")
        opponent = number or None
    text = cell_text(colour).lower()
    if text not in ("", "w", "b", "-"):
        raise EloError(f"{where}{colours.cell(i, t)}: {show(colour)} is not a colour; type w, b or -, "
                       "or leave the cell blank")
    try:
        code = parse_result(result, "results")
    except EloError:
        raise EloError(f"{where}{results.cell(i, t)}: {not_a_result(result)}") from None
    if opponent is not None and code in BYES:
        raise EloError(f"{where}{results.cell(i, t)}: {show(result)} is a bye, which has no opponent, but "
                       f"round {t + 1} names {opponent} in {pairings.cell(i, t)}")
    grid_p[i][t], grid_c[i][t], codes[i][t] = opponent, text, code
    grid_r[i][t] = None if code is None else _typed_result(result)


def not_a_result(value: Any) -> str:
    """Why ``value`` in a result cell is no result, and what to type: a date says how it
    became one.

    >>> not_a_result(_dt.datetime(2026, 1, 2))
    'a date (2 January) is not a result: 1/2 typed in a spreadsheet becomes a date; type ½ or 0.5 for a draw (or format the cell as text first)'
    """
    if isinstance(value, (_dt.date, _dt.datetime)):
        return (f"a date ({value.day} {value:%B}) is not a result: 1/2 typed in a spreadsheet becomes a date; "
                "type ½ or 0.5 for a draw (or format the cell as text first)")
    return f"{show(value)} {RESULT_HELP}"


_OTHER_COLOUR = {"w": "b", "b": "w"}


def _implied(where: str, pairings: Range, results: Range, grid_p: list[list[int | None]],
             grid_c: list[list[str]], codes: list[list[int | None]]) -> None:
    """A board typed once: where a row names an opponent whose row names nobody in that round,
    the opponent's pairing and colour are implied (his result, if typed, must complement it;
    a bye there is a conflict); two rows naming one such opponent are a conflict. The grids are
    completed in place (the result follows in :func:`_rounds`)."""
    claims: dict[tuple[int, int], list[int]] = {}
    for i, row in enumerate(grid_p):
        for t, opponent in enumerate(row):
            if opponent is not None and grid_p[opponent - 1][t] is None:
                claims.setdefault((opponent - 1, t), []).append(i)
    for (j, t), rows in sorted(claims.items()):
        if len(rows) > 1:
            raise PairingMismatch(f"{where}{pairings.cell(rows[0], t)} and {pairings.cell(rows[1], t)}: round {t + 1} pairs "
                           f"{j + 1} with both {rows[0] + 1} and {rows[1] + 1}, and {pairings.cell(j, t)} names "
                           "nobody; fix the pairing")
        i = rows[0]
        a, b = codes[i][t], codes[j][t]
        if b is not None and (b in BYES or (a is not None and not agree(a, b))):
            raise PairingMismatch(f"{where}{pairings.cell(i, t)} and {results.cell(j, t)}: round {t + 1} pairs {i + 1} with "
                           f"{j + 1}, but {results.cell(j, t)} gives {j + 1} {show(results.rows[j][t])}, which does "
                           f"not complement {show(results.rows[i][t])}; type the game on one row, or on both alike")
        grid_p[j][t] = i + 1
        grid_c[j][t] = _OTHER_COLOUR.get(grid_c[i][t], grid_c[i][t])


def book_tiebreaks(book: Book) -> tuple[list[str] | None, str | None]:
    """The list of tie-breaks and the rule version a book names (its ``TiebreakList`` and
    ``TiebreakRules``); (None, None) for a book that names none: the defaults apply. A code
    or version that is not one is an error naming its cell."""
    from .. import tiebreaks
    from . import tiebreak_slots

    codes: list[str] | None = None
    version: str | None = None
    if book.has(names.TIEBREAK_LIST):
        slots = book.range(names.TIEBREAK_LIST, 6, 1)
        given = [(k, cell_text(row[0])) for k, row in enumerate(slots.rows)]
        offered = tiebreak_slots.SWISS if is_swiss(book) else tiebreak_slots.ROUND_ROBIN
        seen: dict[str, int] = {}
        for k, text in given:
            if not text:
                continue
            where = f"{book.path}: {slots.cell(k)} ({names.TIEBREAK_LIST})"
            try:
                tiebreaks.parse_code(text)
            except EloError as error:
                raise EloError(f"{where}: {error}") from None
            # a slot the book shows red counts for nothing there: refuse it rather than rank otherwise
            if text.upper() not in offered:
                raise EloError(f"{where}: {show(text)} is not a tie-break this book computes, so the book counts "
                               f"nothing for it (the slot is red); choose one of {', '.join(offered)}, or clear it")
            if text.upper() in seen:
                raise EloError(f"{where}: {show(text)} is already in {slots.cell(seen[text.upper()])}; clear one of them")
            seen[text.upper()] = k
        codes = [text for _, text in given if text] or None
    if book.has(names.TIEBREAK_RULES):
        version = rules_version(book, names.TIEBREAK_RULES, f"{book.path}: ")
    return codes, version


def rules_version(book: Book, name: str, where: str) -> str | None:
    """The tie-break rule version typed in the cell ``name`` (``TiebreakRules``,
    ``TeamTiebreakRules``): None when empty; one that is not a version is refused naming the
    cell (``where``: the book's name and ": ")."""
    from .. import tiebreaks

    cell = book.range(name, 1, 1)
    text = cell_text(cell.rows[0][0])
    if text.endswith(".0"):
        text = text[:-2]
    if not text:
        return None
    try:
        return tiebreaks.check_version(text)
    except EloError as error:
        raise EloError(f"{where}{cell.cell(0)} ({name}): {error}") from None


