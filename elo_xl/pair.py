"""``elo-xl pair``: the next round of an event paired, printed, and written into its TRF file
or its Swiss book.

A Swiss is paired by the Dutch system (FIDE C.04.3, the rules in force from 2026) through
gacrux; a round robin by the Berger tables (C.05 Annex 1): :mod:`elo_xl.event.pairings`. In a
book only the paired round's opponent and colour cells are typed (and ``U`` in the result cell
of the pairing-allocated bye), through the books' contract (:mod:`elo_xl.workbook.names`);
every other cell and part of the file stays as it was.

>>> from elo_xl.event.model import Entrant, Tournament
>>> from elo_xl.pairing.model import Board, Pairing
>>> t = Tournament([Entrant(n, f"Player {n}", None) for n in (1, 2, 3)], [[None], [None], ["H"]],
...                [[None], [None], [None]], rounds=5)
>>> print(pairing_list(t, Pairing(1, (Board(1, 1, 2),), None, "dutch", 5)))
Round 1 of 5: 1 board (Dutch system, FIDE C.04.3)
Board  No  White     Points  No  Black     Points
    1   1  Player 1       0   2  Player 2       0
Not paired: 3 Player 3 (bye requested: H)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import EloError
from .event.model import Tournament
from .event.pairings import pair_next, points_before, with_pairing
from .games import Round
from .pairing.model import Pairing
from .report import aligned, number_text
from .results import SYMBOL

__all__ = ["pair_event", "pairing_list", "PairResult"]

SYSTEMS = {"dutch": "Dutch system, FIDE C.04.3", "berger": "Berger tables, FIDE C.05 Annex 1"}
#: What ``-o`` may be for each kind of input.
BOOK_EXTENSIONS, TRF_EXTENSIONS = (".xlsx",), (".trf", ".txt")



#: What :class:`PairResult` calls a round-robin book: paired (printed), never written into.
ROUND_ROBIN_BOOK = "round-robin book"


@dataclass(frozen=True)
class PairResult:
    """What ``pair`` computed: the event before, the pairing, the event after, the bytes of the
    file to write (None: nothing to write) and what was read (``"trf"``, ``"book"`` or
    :data:`ROUND_ROBIN_BOOK`)."""

    before: Tournament
    pairing: Pairing
    after: Tournament
    data: bytes | None
    kind: str


def pair_event(path: str | Path, *, output: str | None = None, round_: int | None = None, replace: bool = False,
               first_colour: str | None = None, rounds: int | None = None, absent: Sequence[int] = (),
               data: bytes | None = None) -> PairResult | Any:
    """Pair the next round of the event in ``path`` (a TRF file, a Swiss book, a round-robin
    book; ``data``: its bytes, when the caller holds the file: :func:`elo_xl.io.hold.hold`); with
    ``output``, the bytes of that file with the round written in (same kind as the input, typed
    into the very bytes read; a round-robin book is never written: its Schedule sheet holds
    every round). A TRF file with teams (``310``/``013``) is paired team by team
    (:func:`elo_xl.pair_teams.pair_team_file`, which returns a
    :class:`~elo_xl.pair_teams.TeamPairResult`), a team book as its team file is
    (:func:`elo_xl.pair_team_book.pair_team_book`: ``output`` a book or a TRF file); ``absent``
    then gives team numbers."""
    from .io.paths import readable_file
    from .io.sniff import EXCEL, TRF, what_file

    source = readable_file(path, what="the event to pair")
    if data is None:
        with open(source, "rb") as file:
            head = file.read(4096)
    else:
        head = data[:4096]
    kind = what_file(head, source.name)
    grid = None
    if kind == EXCEL:
        from .workbook.book_access import read_book_bytes
        from .workbook.read import read_book_and_grid
        from .workbook.team_export import read_team

        if data is None:
            data = read_book_bytes(source)
        t, grid = read_book_and_grid(source, data, team=read_team)
        if isinstance(t, dict):  # a team book (read as export reads it): paired as its team file
            if output is not None and Path(output).suffix.lower() not in BOOK_EXTENSIONS + TRF_EXTENSIONS:
                raise EloError(f"-o {output}: pair writes the round into a book (.xlsx) or a TRF file (.trf); name "
                               "the file .xlsx or .trf")
            from .pair_team_book import pair_team_book

            return pair_team_book(source, data, output=output, round_=round_, replace=replace,
                                  first_colour=first_colour, rounds=rounds, absent=absent, book=t)
        kind = "book" if grid is not None else ROUND_ROBIN_BOOK
        if grid is None and output is not None:
            raise EloError(f"{path}: a round-robin book's Schedule sheet holds every round of the Berger tables "
                           "already, so pair writes nothing into it; leave out -o to print the next round, and type "
                           "its results in the crosstable")
    elif kind == TRF:
        from .io.decode import MAX_BYTES, read_text
        from .pair_teams import is_team_text

        if data is None:
            with open(source, "rb") as file:
                data = file.read(MAX_BYTES + 1)  # read_text refuses a larger one
        if is_team_text(read_text(source, "a TRF file", data).text):
            _check_output(path, source, output, "trf")
            from .pair_teams import pair_team_file

            return pair_team_file(source, data, output=output, round_=round_, replace=replace,
                                  first_colour=first_colour, rounds=rounds, absent=absent)
        from .event.load import load

        t = load(source, data)
        kind = "trf"
    else:
        raise EloError(f"{path}: this is {kind}; elo-xl pair reads a TRF file, a Swiss book or a team book (.xlsx)")
    _check_output(path, source, output, kind)
    from .progress import WAITING_AFTER, Waiting

    try:
        with Waiting(f"pairing {source.name} ({len(t.entrants):,} players)", after=WAITING_AFTER):
            pairing = pair_next(t, round_=round_, replace=replace, first_colour=first_colour, rounds=rounds,
                                absent=absent)
    except EloError as error:
        from .workbook.kept_trf import in_book

        raise EloError(in_book(path, str(error), t.origin if kind != "trf" else None)) from None
    after = with_pairing(t, pairing)
    written = None
    if output is not None:
        written = _book_bytes(source, data, grid, t, after, pairing) if grid is not None else _trf_bytes(after)
    return PairResult(t, pairing, after, written, kind)


def _check_output(path: str | Path, source: Path, output: str | None, kind: str) -> None:
    """Refuse ``-o`` naming a file of another kind than the one read."""
    if output is not None:
        ext = Path(output).suffix.lower()
        allowed = BOOK_EXTENSIONS if kind == "book" else TRF_EXTENSIONS
        if ext not in allowed:
            what = "a book (.xlsx)" if kind == "book" else "a TRF file (.trf)"
            raise EloError(f"-o {output}: pair writes the round into {what} like {source.name}; name the file "
                           f"{allowed[0]}")


def _trf_bytes(t: Tournament) -> bytes:
    """The event's TRF file with its new round (:func:`elo_xl.event.trf.paired_trf`), in the
    encoding of the file read."""
    from .event.trf import paired_trf
    from .io.trf_write import write_trf

    return write_trf(paired_trf(t)).encode(getattr(t.origin, "encoding", None) or "utf-8")


def _book_bytes(source: Path, data: bytes, grid: Any, before: Tournament, after: Tournament,
                pairing: Pairing) -> bytes:
    """The book (``data``, the bytes read) with the round's opponent, colour and bye cells typed
    (and, for a round paired again, the later rounds' cells emptied); ``grid``
    (:class:`elo_xl.workbook.read.Grid`) says where each cell is, in either layout of the book."""
    from .workbook.archive import set_cells

    if pairing.round > grid.rounds:
        raise EloError(f"{source}: the book has {grid.rounds} rounds; round {pairing.round} does not fit (make a book "
                       f"with more rounds: elo-xl workbook swiss --rounds N --from {source.name} after export)")
    if len(after.entrants) > grid.players:
        raise EloError(f"{source}: the book has rows for {grid.players} players")
    cells: dict[str, Any] = {}
    first = pairing.round - 1
    width = max(len(row) for row in after.pairings)
    for k, (new_rows, old) in enumerate(((after.pairings, before.pairings), (after.colours, before.colours or []),
                                         (after.results, before.results))):
        for i, row in enumerate(new_rows):
            for t in range(first, min(width, grid.rounds)):
                new = row[t] if t < len(row) else None
                was = old[i][t] if i < len(old) and t < len(old[i]) else None
                if (new or None) != (was or None):
                    cells[grid.cell(i, t, k)] = new if new != "" else None
    if cells:
        try:
            data = set_cells(data, grid.sheet, cells)
        except ValueError as error:
            raise EloError(f"{source}: {error}") from None
    return data


def pairing_list(t: Tournament, pairing: Pairing) -> str:
    """The pairing as the hall reads it: board, White, points, Black, points; the bye; who is
    not paired and why."""
    points = points_before(t, pairing.round)
    names = [e.name for e in t.entrants]
    planned = pairing.rounds
    boards = len(pairing.boards)
    head = (f"Round {pairing.round}{f' of {planned}' if planned else ''}: {boards} board{'s' if boards != 1 else ''} "
            f"({SYSTEMS[pairing.system]})")
    shown = [("Board", "board", False), ("No", "white_no", False), ("White", "name", False),
             ("Points", "white_points", False), ("No", "black_no", False), ("Black", "black", False),
             ("Points", "black_points", False)]
    rows = [[str(b.number), str(b.white), names[b.white - 1], number_text(float(points[b.white - 1])),
             str(b.black), names[b.black - 1], number_text(float(points[b.black - 1]))] for b in pairing.boards]
    lines = [head, _aligned(shown, rows)]
    if pairing.bye is not None:
        n = pairing.bye
        scores = ("a round robin's bye is a free day: no game, no points" if pairing.system == "berger"
                  else "the pairing-allocated bye scores as a win")
        lines.append(f"Bye: {n} {names[n - 1]} ({number_text(float(points[n - 1]))} points before the round; {scores})")
    paired = set(pairing.paired)
    left = []
    games = t.games() if t.pairings is not None else []
    recorded = _byes_recorded(t, pairing.round)
    for i, name in enumerate(names, 1):
        if i in paired:
            continue
        row = games[i - 1] if games else []
        g: Round | None = row[pairing.round - 1] if pairing.round - 1 < len(row) else None
        asked = t.announced.get((i, pairing.round)) or recorded.get(i)
        if asked is not None:
            why = f"bye requested: {asked}"
        else:
            why = f"bye requested: {SYMBOL[g.code]}" if g is not None and g.code is not None else "absent"
        left.append(f"{i} {name} ({why})")
    if left:
        lines.append("Not paired: " + ", ".join(left))
    return "\n".join(lines)


def _byes_recorded(t: Tournament, round_: int) -> dict[int, str]:
    """The byes TRF-2026 ``240`` records of the event's file ask for in ``round_``: start number
    → bye type."""
    from .io.trf_pairing_records import pairing_records

    try:
        records = pairing_records(t.origin)
    except EloError:  # pair_next refused such a record already; a listing made otherwise says nothing of it
        return {}
    return {n: b.kind for b in records.byes if b.round == round_ for n in b.players}


def _aligned(shown: list[tuple[str, str, bool]], rows: list[list[str]]) -> str:
    """:func:`elo_xl.report.aligned`, both name columns left-aligned."""
    from .report import LEFT

    return aligned(shown, rows, width=120, left=LEFT | {"black"})
