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
from .results import is_blank
from .standings import from_rounds, standings
from .tournament import Entrant, Tournament


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
    records = [row[0] for row in _named(wb, "TrfRecords")] if "TrfRecords" in wb.defined_names else []
    return Tournament(entrants, grid_r, grid_p, grid_c, rounds=len(pairings[0]) if pairings else rounds, records=records, **event)


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
    """A :class:`~elo_xl.io.trf_model.TrfEvent` of the tournament: the lines of the TRF file
    the book kept, the book's event data where changed, player lines with points and ranks
    (:func:`elo_xl.io.trf_keep.trf_from_book`)."""
    from .io.trf_keep import trf_from_book
    from .io.trf_write import set_standings

    event = trf_from_book(t)
    points, ranks = points_and_ranks(t)
    set_standings(event, points, ranks)
    return event


def tournament_to_trf(t: Tournament) -> str:
    """The TRF text of an event, with points and ranks filled in."""
    from .io.trf_write import write_trf

    return write_trf(trf_event(t))
