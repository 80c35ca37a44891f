"""From a Swiss workbook back to a TRF file: what the arbiter typed, with points and ranks.

Only the inputs are read (through the book's defined names), so no spreadsheet engine is
needed. Points come from the engine (byes and forfeits included); ranks are by points, then
Buchholz (the book's tie-break), then start number.
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import Any

from .engine import rate_event
from .errors import EloError
from .results import TRF_SYMBOL, is_blank, parse_result
from .standings import from_rounds, standings
from .tournament import Entrant, Tournament, as_date


def _named(wb: Any, name: str) -> list[list[Any]]:
    """The values of a defined name's range, as rows."""
    from openpyxl.utils.cell import range_boundaries

    if name not in wb.defined_names:
        raise EloError(f"the workbook has no range named {name}: is it a Swiss book written by elo-xl?")
    sheet, ref = next(iter(wb.defined_names[name].destinations))
    ws = wb[sheet]
    min_col, min_row, max_col, max_row = range_boundaries(ref.replace("$", ""))
    return [[ws.cell(row=r, column=c).value for c in range(min_col, max_col + 1)] for r in range(min_row, max_row + 1)]


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (_dt.date, _dt.datetime)):
        return value.strftime("%Y/%m/%d")
    return str(value).strip()


def read_swiss_book(path: str | Path) -> Tournament:
    """The event typed into a Swiss workbook: players, pairings, colours and results.

    Rows without a name, a rating and any pairing are empty places of the book and are left out.
    """
    import openpyxl

    path = Path(path)
    if not path.is_file():
        raise EloError(f"{path}: no such file")
    try:
        wb = openpyxl.load_workbook(path, data_only=False)
    except Exception as error:  # openpyxl raises many kinds for a file that is not a workbook
        raise EloError(f"{path.name}: not an .xlsx workbook ({type(error).__name__})") from None
    columns = {key: [row[0] for row in _named(wb, name)] for key, name in (
        ("sex", "Sexes"), ("title", "Titles"), ("name", "Names"), ("rating", "Ratings"), ("federation", "Federations"),
        ("fide_id", "FideIds"), ("birth", "Births"), ("k", "KFactors"))}
    pairings, colours, results = (_named(wb, name) for name in ("Pairings", "Colours", "Results"))
    used = [i for i in range(len(columns["name"]))
            if not is_blank(columns["name"][i]) or not is_blank(columns["rating"][i])
            or any(not is_blank(v) for v in pairings[i])]
    n = max(used) + 1 if used else 0
    if n == 0:
        raise EloError(f"{path.name}: the players table is empty")
    entrants = []
    for i in range(n):
        rating = columns["rating"][i]
        entrants.append(Entrant(
            i + 1, _text(columns["name"][i]), int(rating) if isinstance(rating, (int, float)) and rating > 0 else None,
            _text(columns["title"][i]), _text(columns["federation"][i]), _text(columns["fide_id"][i]),
            _text(columns["sex"][i]), _text(columns["birth"][i]),
            columns["k"][i] if isinstance(columns["k"][i], (int, float)) else None))
    rounds = max((t + 1 for i in range(n) for t in range(len(pairings[i]))
                  if not is_blank(pairings[i][t]) or not is_blank(results[i][t])), default=0)
    grid_p = [[int(v) if isinstance(v, (int, float)) and v else None for v in row[:rounds]] for row in pairings[:n]]
    grid_c = [[_text(v) for v in row[:rounds]] for row in colours[:n]]
    grid_r = [[None if is_blank(v) else _text(v) if not isinstance(v, float) else v for v in row[:rounds]]
              for row in results[:n]]
    event = {key: _text(_named(wb, name)[0][0]) for key, name in (
        ("name", "EventName"), ("city", "Place"), ("start", "StartDate"), ("end", "EndDate"), ("arbiter", "Arbiter"))}
    records = [_text(row[0]) for row in _named(wb, "TrfRecords")] if "TrfRecords" in wb.defined_names else []
    return Tournament(entrants, grid_r, grid_p, grid_c, rounds=rounds, records=[r for r in records if r], **event)


def points_and_ranks(t: Tournament) -> tuple[list[float], list[int]]:
    """Tournament points (engine) and ranks: points, then Buchholz, then start number."""
    try:
        outcomes = rate_event(t.ratings, t.results, None, None, t.pairings)
    except EloError as error:
        raise EloError(f"the book's games do not agree, fix them first: {error}") from None
    points = [o.points for o in outcomes]
    rounds = from_rounds(t.results, t.pairings)
    ranks = [s.rank for s in standings(rounds, "buchholz")]  # points, Buchholz, start number
    return points, ranks


def trf_event(t: Tournament) -> Any:
    """A :class:`~elo_xl.trf.TrfEvent` of the tournament: header records from its event data
    (or the TRF file it was read from), player lines with points and ranks."""
    from .trf import TrfEvent, TrfGame, TrfPlayer, TrfRecord, set_standings

    records = [TrfRecord(r.text) for r in t.source.headers] if t.source is not None else [TrfRecord(x) for x in t.records]
    players = []
    for i, e in enumerate(t.entrants):
        games = []
        for opponent, colour, result in zip(t.pairings[i], (t.colours or [[]] * len(t.entrants))[i] or
                                            [""] * len(t.pairings[i]), t.results[i]):
            code = None if is_blank(result) else parse_result(result, "results", (i + 1, len(games) + 1))
            games.append(TrfGame(opponent, colour or "", "" if code is None else TRF_SYMBOL[code]))
        players.append(TrfPlayer(e.start_no, e.name, e.sex, e.title, e.rating, e.federation, e.fide_id, e.birth,
                                 games=games))
    event = TrfEvent(records, players)
    values = (("012", t.name), ("022", t.city), ("042", t.start), ("052", t.end), ("062", str(len(t.entrants))),
              ("072", str(sum(1 for e in t.entrants if e.rating))), ("102", t.arbiter),
              ("XXR", str(len(t.pairings[0]) if t.pairings else 0)))
    for code, value in values:  # the book's event data, where it differs from the records kept
        current = event.header(code)
        if current is None and (not value or (records and code in COUNTS)):
            continue  # a record the file did without (the counts) is not added to it
        if current is not None and _same(code, current, value):
            continue
        event.set_header(code, value)
    points, ranks = points_and_ranks(t)
    set_standings(event, points, ranks)
    return event


#: Records that only count what the player lines show.
COUNTS = ("062", "072", "XXR")


def _same(code: str, record: str, value: str) -> bool:
    """Whether a kept record says what the book says (dates compared as dates)."""
    if code in ("042", "052"):
        return as_date(record) == as_date(value)
    return record.strip() == value.strip()


def tournament_to_trf(t: Tournament) -> str:
    """The TRF text of an event, with points and ranks filled in."""
    from .trf import write_trf

    return write_trf(trf_event(t))
