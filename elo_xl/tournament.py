"""The event model the readers fill (:mod:`elo_xl.io.events` reads the files), its K factors,
its rating report (what ``elo-xl rate`` prints), and the prefill of a workbook.

>>> from elo_xl.samples import ROUND_ROBIN
>>> t = from_crosstable([p.name for p in ROUND_ROBIN.players], ROUND_ROBIN.ratings, ROUND_ROBIN.results)
>>> report = rate_tournament(t, year=2026)
>>> report.rows[0]["new_rating"], report.rows[9]["new_rating"], report.rows[9]["k"]
(2530, 2180, None)
"""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field
from typing import Any

from .engine import average_rating, category, k_factor, rate_event
from .errors import EloError, show
from .io.dates import as_date, date_year, parse_date
from .io.trf_keep import book_cells, unpack_cells
from .results import is_blank, parse_k, parse_rating
from .rules import RuleSet, parse_rules
from . import tiebreaks
from .titles import canonical as canonical_title


@dataclass
class Entrant:
    """One player of an event, with the fields of a TRF player line."""

    start_no: int
    name: str
    rating: int | None
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    sex: str = ""
    birth: str = ""
    k: int | float | None = None  # a K given with the event (the CSV's k column)
    standard_rating: int | None = None  # the CSV's standard rating column (rapid and blitz)

    @property
    def birth_year(self) -> int | None:
        """The year of ``birth`` (``YYYY/MM/DD``, ``YYYY``, ``DD.MM.YYYY``…), or None.

        >>> Entrant(1, "A", None, birth="2009/05/01").birth_year, Entrant(1, "A", None, birth="12.03.2011").birth_year
        (2009, 2011)
        """
        return _year(self.birth)


def _year(text: str) -> int | None:
    """The year of a date as pairing programs write it (:func:`elo_xl.io.dates.date_year`), or
    None when blank or unreadable."""
    try:
        return date_year(text or "")
    except ValueError:
        return None


@dataclass
class Tournament:
    """An event as elo-xl rates it: rounds form (``pairings``) or crosstable form."""

    entrants: list[Entrant]
    results: list[list[Any]]
    pairings: list[list[int | None]] | None = None
    colours: list[list[str]] | None = None
    name: str = ""
    city: str = ""
    start: str = ""
    end: str = ""
    arbiter: str = ""
    rounds: int | None = None
    source: Any = None  # the TrfEvent read, when the event came from a TRF file
    records: list[str] = field(default_factory=list)  # the TRF lines a workbook keeps (see io.trf_keep)
    notes: list[str] = field(default_factory=list)  # what the reader noticed (an unreadable date…)

    @property
    def ratings(self) -> list[int | None]:
        """Ratings in start order."""
        return [e.rating for e in self.entrants]

    def year(self) -> tuple[int, str]:
        """The event year for the junior K rule and where it came from: start date, end date, or today."""
        for text, origin in ((self.start, "start date"), (self.end, "end date")):
            year = _year(text)
            if year is not None:
                return year, origin
        return _dt.date.today().year, "current year"


def from_crosstable(names: list[str], ratings: list[Any], results: list[list[Any]],
                    ks: list[Any] | None = None, **event: Any) -> Tournament:
    """A round robin given as names, ratings and an n×n crosstable."""
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
    entrants, notes = [], []
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
    return Tournament(entrants, event.results(), event.pairings(), event.colours(), name=event.name or "",
                      city=event.city or "", start=event.start or "", end=event.end or "", arbiter=event.arbiter or "",
                      rounds=event.rounds, source=event, notes=notes)


@dataclass
class Report:
    """What ``elo-xl rate`` shows: the event and one row per player (JSON-ready)."""

    event: dict[str, Any]
    rows: list[dict[str, Any]]
    notes: list[str] = field(default_factory=list)
    #: The event rated.
    tournament: Tournament | None = field(default=None, repr=False, compare=False)
    #: Its ranking (:func:`event_ranking`): the rows' ``rank`` and ``tiebreaks`` come from it.
    ranking: tiebreaks.Ranking | None = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        """``{"event": {...}, "players": [...]}``, exactly as ``--format json`` prints it."""
        return {"event": self.event, "players": self.rows}


def resolve_k(t: Tournament, rules: RuleSet, k: Any = None, k_file: dict[str, int | float] | None = None,
              year: int | None = None) -> list[tuple[int | float | None, str | None]]:
    """Each player's K and where it came from: ``given`` (--k), ``file`` (--k-file or the CSV's
    k column), ``rule`` (the rule set: FIDE 10 from 2400, 40 below 2300 for a junior by the event
    year, 20 otherwise). ``(None, None)`` for an unrated player under FIDE (no K is used)."""
    given = parse_k(k, "--k")
    if k_file and hasattr(k_file, "unmatched"):  # a K file read from disk: every line must be applied
        k_file.unmatched([e.fide_id.strip() for e in t.entrants if e.fide_id.strip()]
                         + [str(e.start_no) for e in t.entrants])
    event_year = year if year is not None else t.year()[0]
    chosen = []
    for e in t.entrants:
        seeded = e.rating is None and e.standard_rating is not None and rules.seeds_from_standard
        if e.rating is None and rules.uses_initial_ratings and not seeded:
            chosen.append((None, None))
        elif given is not None:
            chosen.append((given, "given"))
        elif k_file and (e.fide_id.strip() in k_file or str(e.start_no) in k_file):
            chosen.append((k_file.get(e.fide_id.strip(), k_file.get(str(e.start_no))), "file"))
        elif e.k is not None:
            chosen.append((e.k, "file"))
        elif seeded:  # rated with his standard rating (B.02 R&B 7.2.1), K as the rule set takes it
            chosen.append((rules.K_STANDARD_SEED, "rule"))
        else:
            chosen.append((k_factor(e.rating, None, e.birth_year, None, rules, event_year), "rule"))
    return chosen


def rate_tournament(t: Tournament, rules: Any = None, k: Any = None, k_file: dict[str, int | float] | None = None,
                    year: int | None = None, tiebreak_list: Any = None, tiebreak_rules: str | None = None) -> Report:
    """Rate an event: the report ``elo-xl rate`` prints (see :class:`Report`), ranked by
    :func:`event_ranking` with ``tiebreak_list`` and ``tiebreak_rules``."""
    rs = parse_rules(rules)
    ranking = event_ranking(t, tiebreak_list, tiebreak_rules)
    notes = list(t.notes)
    if year is None:
        year, origin = t.year()
        if origin == "current year":
            notes.append(f"the event has no {'readable ' if t.notes else ''}dates: the junior K rule uses the "
                         f"current year, {year}")
        elif origin == "end date" and t.start:
            notes.append(f"the junior K rule uses the end date's year, {year}")
    ks = resolve_k(t, rs, k, k_file, year)
    standard = [e.standard_rating for e in t.entrants]
    if any(s is not None for s in standard) and not rs.seeds_from_standard:
        raise EloError(f"{t.name or 'the event'}: the standard rating column is for FIDE-RAPID and FIDE-BLITZ "
                       f"(an unrated player is rated with his standard rating), not {rs.name}; give --rules "
                       "FIDE-RAPID or FIDE-BLITZ, or leave the column out")
    outcomes = rate_event(t.ratings, t.results, [[value] for value, _ in ks], rs, t.pairings,
                          [[s] for s in standard] if rs.seeds_from_standard else None)
    average = average_rating(t.ratings, rs)
    rounds = t.rounds if t.rounds is not None else (len(t.pairings[0]) if t.pairings else max(len(t.entrants) - 1, 0))
    event = {"name": t.name, "rules": rs.name, "rounds": rounds, "players": len(t.entrants),
             "average_rating": average, "category": category(average),
             "tiebreaks": ranking.codes, "tiebreak_rules": ranking.version}
    rows, player_notes = [], []
    for i, (e, o, (k_value, source)) in enumerate(zip(t.entrants, outcomes, ks)):
        rows.append({
            "start_no": e.start_no, "name": e.name, "fide_id": e.fide_id or None, "federation": e.federation or None,
            "title": e.title or None, "rating": e.rating, "k": k_value, "k_source": source,
            "points": o.points, "games": o.games, "score": o.score, "opp_average": o.opp_average,
            "expected": o.expected, "change_unrounded": o.change_unrounded, "change": o.change,
            "new_rating": o.new_rating, "performance": o.performance,
            "rank": ranking.ranks[i], "tiebreaks": ranking.row(i),
        })
        if o.note:
            player_notes.append((e.name, o.note))
    return Report(event, rows, notes + grouped_notes(player_notes), t, ranking)


_TOO_FEW = re.compile(r"no rating: (\d+) rated games? against rated opponents, (\d+) needed")


def grouped_notes(notes: list[tuple[str, str]]) -> list[str]:
    """The players' notes, one line per kind: a note that several players share is said once,
    with their names (``101 players without a rating have fewer than 5 rated games…``).

    >>> for line in grouped_notes([("Ann", "no rating: 4 rated games against rated opponents, 5 needed"),
    ...                            ("Bob", "no rating: 1 rated game against rated opponents, 5 needed"),
    ...                            ("Cy", "no rating: a zero score is disregarded")]):
    ...     print(line.replace("\\xa0", " "))
    2 players without a rating have fewer than 5 rated games against rated opponents: Ann (4), Bob (1)
    Cy: no rating: a zero score is disregarded
    """
    groups: dict[str, list[tuple[str, str, str]]] = {}
    for name, note in notes:
        match = _TOO_FEW.fullmatch(note)
        if match:
            what = f"without a rating have fewer than {match[2]} rated games against rated opponents"
            groups.setdefault(what, []).append((name, note, f"{name}\u00a0({match[1]})"))  # kept on one line
        else:
            groups.setdefault(note, []).append((name, note, name))
    out = []
    for what, members in groups.items():
        if len(members) == 1:
            out.append(f"{members[0][0]}: {members[0][1]}")
        elif what.startswith("without a rating have fewer"):
            out.append(f"{len(members)} players {what}: {', '.join(label for *_, label in members)}")
        else:
            out.append(f"{len(members)} players: {what}: {', '.join(label for *_, label in members)}")
    return out


def tiebreak_event(t: Tournament, round_robin: bool | None = None) -> tiebreaks.Event:
    """The event as the tie-breaks read it: its TRF file's lines when it came from one, else
    its rounds form (a Swiss unless ``round_robin``), else its crosstable (a round robin).
    ``round_robin`` None: from the TRF file (``092``, or every pair meeting once)."""
    start = tiebreaks.start_date(t.start)
    if t.source is not None:
        return tiebreaks.from_trf(t.source, round_robin)
    if t.pairings is not None:
        return tiebreaks.from_rounds(t.results, t.pairings, t.colours, t.ratings, bool(round_robin), start)
    return tiebreaks.from_crosstable(t.results, t.ratings, start)


def tiebreak_record(t: Tournament) -> tuple[str, str] | None:
    """The TRF-2026 ``202`` record (an individual event's tie-breaks) of the event's file, or of
    the lines a book kept: (its value, where it stands), None when there is none."""
    if t.source is not None:
        for r in t.source.records("202"):
            return r.value, (f"line {r.line} (202)" if r.line is not None else "record 202")
        return None
    for text in unpack_cells(t.records or []):
        if text[:4] == "202 ":
            return text[4:].strip(), "the kept record 202"
    return None


def event_ranking(t: Tournament, tiebreak_list: Any = None, version: str | None = None,
                  round_robin: bool | None = None) -> tiebreaks.Ranking:
    """The one ranking of an event: points, then the tie-breaks (``tiebreak_list``; None: the
    file's ``202`` record, else FIDE's recommended list), then start number, under ``version``
    (None: the rules in force at the start date).

    >>> r = event_ranking(from_crosstable(["A", "B", "C"], [2000, 2000, 2000], [[None, 1, 0], [0, None, "½"], [1, "½", None]]))
    >>> r.codes, r.ranks, r.row(0)
    (['DE', 'WIN', 'SB', 'KS'], [2, 3, 1], {'DE': 0, 'WIN': 1, 'SB': 0.5, 'KS': 0})
    """
    event = tiebreak_event(t, round_robin)
    if tiebreak_list is None:
        record = tiebreak_record(t)
        if record is not None and record[0]:
            try:
                return tiebreaks.ranking(event, record[0], version)
            except EloError as error:
                raise EloError(f"{record[1]}: {error} (or give --tiebreaks)") from None
    return tiebreaks.ranking(event, tiebreak_list, version)


def event_fields(t: Tournament) -> dict[str, Any]:
    """The Event sheet's fields of a workbook (dates as dates where they can be read), and
    the TRF file's header records, which ``elo-xl export`` writes back where unchanged."""
    records = book_cells(t.source) if t.source is not None else list(t.records)
    return {"name": t.name, "place": t.city, "start": as_date(t.start), "end": as_date(t.end), "arbiter": t.arbiter,
            "trf_records": records}


def tiebreak_prefill(t: Tournament) -> dict[str, Any]:
    """A book's tie-break slots and rule version for an event: its ``202`` record's list (None
    without one, or when it does not read: the book's default, FIDE's recommended list; the
    book keeps it only if it computes every code of it) and the version in force at the start
    date (C.07; the 2026 amendment from 1 March 2026)."""
    record = tiebreak_record(t)
    chosen: list[str] | None = None
    if record is not None and record[0]:
        try:
            codes = [x.code for x in tiebreaks.parse_codes(record[0])]
        except EloError:
            codes = []
        chosen = codes or None
    return {"tiebreaks": chosen, "tiebreak_rules": tiebreaks.version_for(tiebreaks.start_date(t.start))}


def swiss_prefill(t: Tournament, ks: list[tuple[Any, Any]]) -> dict[str, Any]:
    """The Swiss book's inputs for an event in rounds form, with the K that ``rate`` uses."""
    if t.pairings is None:
        raise EloError("a Swiss book needs rounds: give a TRF file (a CSV crosstable has no rounds or colours)")
    return {
        "sex": [e.sex for e in t.entrants], "title": [e.title for e in t.entrants],
        "name": [e.name for e in t.entrants], "rating": t.ratings,
        "federation": [e.federation for e in t.entrants], "fide_id": [e.fide_id for e in t.entrants],
        "birth": [e.birth for e in t.entrants], "k": [k for k, _ in ks],
        "pairings": t.pairings, "colours": t.colours or [], "results": t.results,
        **tiebreak_prefill(t),
    }


def crosstable(t: Tournament) -> list[list[Any]]:
    """The event as an n×n crosstable (each game on the row of the player who lists it)."""
    if t.pairings is None:
        return t.results
    n = len(t.entrants)
    table: list[list[Any]] = [[None] * n for _ in range(n)]
    for i, (row, results) in enumerate(zip(t.pairings, t.results)):
        for r, (opponent, result) in enumerate(zip(row, results)):
            if not opponent or is_blank(result):
                continue
            if table[i][opponent - 1] is not None:
                raise EloError(f"players {i + 1} and {opponent} meet twice (round {r + 1}): "
                               "a crosstable holds one game per pair; use the Swiss book")
            table[i][opponent - 1] = result
    return table


def _no_standard_ratings(t: Tournament) -> None:
    """The books have no column for standard ratings: refuse an event that gives them rather than
    compute something else than ``rate`` computes."""
    given = [e for e in t.entrants if e.standard_rating is not None]
    if given:
        raise EloError(f"{t.name or 'the event'}: the workbooks have no standard rating column (player "
                       f"{given[0].start_no}, {show(given[0].name)}, has {given[0].standard_rating}); rate a rapid "
                       "or blitz event with standard ratings with elo-xl rate, or leave the column out")


def round_robin_prefill(t: Tournament, ks: list[tuple[Any, Any]]) -> dict[str, Any]:
    """The round-robin book's inputs: the player fields (names, ratings, K, titles,
    federations, FIDE IDs, births, sexes) and the crosstable."""
    _no_standard_ratings(t)
    return {"names": [e.name for e in t.entrants], "ratings": t.ratings, "k": [k for k, _ in ks],
            "titles": [e.title for e in t.entrants], "federations": [e.federation for e in t.entrants],
            "fide_ids": [e.fide_id for e in t.entrants], "births": [e.birth for e in t.entrants],
            "sexes": [e.sex for e in t.entrants], "results": crosstable(t),
            **tiebreak_prefill(t)}
