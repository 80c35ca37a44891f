"""Any event file as a :class:`~elo_xl.event.model.Tournament`: the one entry point every command
uses (``rate``, ``workbook --from``, ``demo``), and the event of a TRF file or of a crosstable
given as lists.

A ``.csv`` file is a CSV crosstable (:mod:`elo_xl.io.crosstable`); any other file is a TRF
(:mod:`elo_xl.io.trf_read`), unless its first line is a crosstable's header (``name,rating,k``).
A file that is neither says what it looks like.

>>> from elo_xl.event.samples import SWISS_TRF_PATH
>>> t = load(SWISS_TRF_PATH)
>>> len(t.entrants), t.rounds, t.planned, t.origin.encoding
(12, 7, 7, 'utf-8')
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..errors import EloError, show
from ..io.crosstable import read_csv_crosstable
from ..io.dates import parse_date
from ..io.decode import read_text, split_lines
from ..io.kfile import KFile, read_k_file
from ..io.trf_points import PAIRED, refuse_unexplained, unplayed_rounds
from ..io.trf_model import declared_rounds
from ..io.trf_read import parse_trf
from ..results import TRF_SYMBOL, parse_k, parse_rating, parse_result
from ..titles import canonical as canonical_title
from .model import Entrant, Tournament

__all__ = ["load", "from_crosstable", "from_trf", "read_k_file", "KFile"]


def _is_crosstable_header(line: str) -> bool:
    for sep in (",", ";", "\t"):
        if [cell.strip().strip('"').lower() for cell in line.split(sep)[:3]] == ["name", "rating", "k"]:
            return True
    return False


def load(path: str | os.PathLike, data: bytes | None = None) -> Tournament:
    """Read an event: a TRF file (``.trf``, ``.txt`` or any other name) or a CSV crosstable
    (``.csv``, or any file whose first line is ``name,rating,k…``). ``data``: the TRF file's
    bytes, when the caller read them already (:func:`elo_xl.io.hold.hold`)."""
    path = Path(path)
    if data is None and path.suffix.lower() == ".csv":
        return _csv(path)
    decoded = read_text(path, "a TRF file", data)
    first = next((line for line in split_lines(decoded.text[:4096]) if line.strip()), "")
    if _is_crosstable_header(first.lstrip("\ufeff")):
        return _csv(path)
    name = path.name or str(path)
    event = parse_trf(decoded.text, name)
    try:
        refuse_unexplained(event)
    except EloError as error:
        raise EloError(f"{name}: {error}") from None
    event.encoding = decoded.encoding
    return from_trf(event)


def _csv(path: Path) -> Tournament:
    """A CSV crosstable (:func:`elo_xl.io.crosstable.read_csv_crosstable`) as an event."""
    table = read_csv_crosstable(path)
    entrants = [Entrant(i + 1, p.name, p.rating, k=p.k, standard_rating=p.standard_rating)
                for i, p in enumerate(table.players)]
    return Tournament(entrants, table.results, name=table.name)


def from_crosstable(names: list[str], ratings: list[Any], results: list[list[Any]],
                    ks: list[Any] | None = None, **event: Any) -> Tournament:
    """A round robin given as names, ratings and an n×n crosstable.

    >>> t = from_crosstable(["Ann", "Bob"], [2500, "NR"], [[None, 1], [None, None]])
    >>> t.ratings, t.kind()
    ([2500, None], 'round robin')
    """
    entrants = [Entrant(i + 1, name, parse_rating(r, "rating", i + 1),
                        k=parse_k(ks[i], "k", i + 1) if ks else None)
                for i, (name, r) in enumerate(zip(names, ratings))]
    return Tournament(entrants, results, **event)


def from_trf(event: Any) -> Tournament:
    """A Tournament from a :class:`elo_xl.io.trf_model.TrfEvent`; a start or end date that
    cannot be read is a note naming the record (the event year then comes from the next
    source, see :meth:`Tournament.year`). Titles are read as :mod:`elo_xl.titles` says
    (``g`` is GM); a word that is no FIDE title is kept as written, counts as no title and is
    a note naming the line."""
    entrants, notes = [], list(getattr(event, "notes", []))
    for p in event.players:
        title = canonical_title(p.title)
        if title is None:
            place = f"line {p.line}" if p.line is not None else f"player {p.start_no}"
            notes.append(f"{place} (player {p.start_no}): the title {show(p.title)} is not a FIDE title "
                         "(GM, IM, WGM, WIM, FM, WFM, CM, WCM or g, m, wg, wm, f, wf, c, wc); counted as no title")
        entrants.append(Entrant(p.start_no, p.name, p.rating, title if title is not None else p.title,
                                p.federation, p.fide_id, p.sex, p.birth))
    for code, what in (("042", "start date"), ("052", "end date")):
        for r in event.records(code)[:1]:
            try:
                parse_date(r.value)
            except ValueError:
                place = f"line {r.line} " if r.line is not None else ""
                notes.append(f"{place}({code}): the {what} {show(r.value)} is not a date elo-xl can read "
                             "(write YYYY/MM/DD)")
    results = event.results()
    future = unplayed_rounds(event)
    announced: dict[tuple[int, int], str] = {}
    if future:
        lines = sorted({p.line for p in event.players for t in future
                        if t <= len(p.games) and not p.games[t - 1].blank and p.line is not None})
        for p, row in zip(event.players, results):
            for t in future:
                if t <= len(p.games) and p.games[t - 1].result:
                    announced[(p.start_no, t)] = p.games[t - 1].result
                row[t - 1] = None
        where = f" (line{'s' if len(lines) > 1 else ''} {', '.join(map(str, lines[:10]))}" \
                f"{', …' if len(lines) > 10 else ''})" if lines else ""
        notes.append(f"round{'s' if len(future) > 1 else ''} {', '.join(map(str, future))}: nobody has played "
                     f"{'them' if len(future) > 1 else 'it'} yet; the byes entered there{where} are pre-announced: "
                     "they count once the round is played (C.07 article 16); a Swiss book made from the file shows "
                     "them in their round and counts them once the round is paired")
    declared = declared_rounds(event)
    return Tournament(entrants, results, event.pairings(), event.colours(), name=event.name or "",
                      city=event.city or "", start=event.start or "", end=event.end or "", arbiter=event.arbiter or "",
                      rounds=event.rounds, origin=event, planned=declared[0] if declared else None, notes=notes,
                      announced=announced)


def hold_announced(results: list[list], pairings: list[list]) -> dict[tuple[int, int], str]:
    """Take out of ``results`` (in place) the byes entered for rounds nobody has played yet
    (after the last round in which somebody has an opponent or a result that only a played
    round gives, :data:`elo_xl.io.trf_points.PAIRED`, as :func:`~elo_xl.io.trf_points.last_played`
    reads a TRF file) and return them as :attr:`Tournament.announced` holds them, in TRF
    letters: they count once the round is played (C.07 article 16), as a TRF file's do
    (:func:`from_trf`).

    >>> results = [["1", "h"], ["0", None]]
    >>> hold_announced(results, [[2, None], [1, None]]), results
    ({(1, 2): 'H'}, [['1', None], ['0', None]])
    """
    def letter(value: Any) -> str:
        code = parse_result(value)
        return "" if code is None else TRF_SYMBOL[code]

    rounds = max((len(row) for row in results), default=0)
    last = max((t + 1 for t in range(rounds)
                if any(t < len(row) and row[t] is not None for row in pairings)
                or any(t < len(row) and letter(row[t]) in PAIRED for row in results)), default=0)
    held: dict[tuple[int, int], str] = {}
    for i, row in enumerate(results):
        for t in range(last, len(row)):
            if letter(row[t]):
                held[(i + 1, t + 1)] = letter(row[t])
                row[t] = None
    return held
