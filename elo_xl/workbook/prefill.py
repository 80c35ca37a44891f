"""What a book is prefilled with for an event (``elo-xl workbook KIND --from EVENT``): the Event
sheet's fields and the kept TRF lines, the tie-break slots, and each template's inputs (the
players' fields, the rounds or the crosstable, the K that ``rate`` uses).

>>> from elo_xl.event.samples import sample_swiss
>>> data = swiss_prefill(sample_swiss(), [(20, "rule")] * 12)
>>> data["name"][2], data["pairings"][2][:3], data["tiebreaks"]
('Tran, Thi Thu Huong', [9, 4, 1], None)
"""

from __future__ import annotations

from typing import Any

from .. import tiebreaks
from ..errors import EloError, show
from ..event.model import Tournament
from ..games import DOUBLE_ROUND_ROBIN
from ..event.ranking import tiebreak_record
from ..io.dates import as_date
from ..results import POINTS_HALVES, TRF_SYMBOL, WITHOUT_OPPONENT, is_blank
from .kept_trf import pack

__all__ = ["crosstable", "event_fields", "first_slots", "round_robin_prefill", "scoring_note", "swiss_prefill",
           "tiebreak_prefill"]


def event_fields(t: Tournament) -> dict[str, Any]:
    """The Event sheet's fields of a workbook (dates as dates where they can be read), and
    the TRF file's header records, which ``elo-xl export`` writes back where unchanged."""
    records = pack(t.origin) if t.origin is not None else []
    return {"name": t.name, "place": t.city, "start": as_date(t.start), "end": as_date(t.end), "arbiter": t.arbiter,
            "trf_records": records}


#: The results a scoring system may score otherwise than a game's win, draw or loss: (key of
#: ``TrfEvent.scoring``, the game result it scores like by default, its name in a note).
_UNPLAYED = (("FW", "WW", "a forfeit win"), ("FL", "WL", "a forfeit loss"), ("PAB", "WW", "a pairing-allocated bye"),
             ("FPB", "WW", "a full-point bye"), ("HPB", "WD", "a half-point bye"), ("ZPB", "WL", "a zero-point bye"))


def scoring_note(t: Tournament) -> list[str]:
    r"""The note ``workbook --from`` prints for a TRF file whose scoring system (TRF-2026 ``162``,
    JaVaFo ``XXS``) is not FIDE's 1, ½, 0: the books count 1, ½ and 0, so their points, their
    ranks and the TRF that ``export`` writes from them are in those points, not the event's.

    >>> from elo_xl.event.load import from_trf
    >>> from elo_xl.io.trf_read import parse_trf
    >>> lines = ["162  W 3.0    D 1.0    L 0.0", "001    1      Ha, An".ljust(91) + "   2 w 1",
    ...          "001    2      Le, Binh".ljust(91) + "   1 b 0"]
    >>> scoring_note(from_trf(parse_trf("\n".join(lines))))
    ["line 1 (162): the event scores a win 3, a draw 1, a loss 0; the book counts 1, ½ and 0, so its points, its ranks and the TRF that export writes from it are in those points, not the event's"]
    """
    from ..io.trf_model import TrfEvent

    source = t.origin
    if source is None or t.kept:
        return []
    records = [r for code in ("162", "XXS") for r in source.records(code)]
    if not records:
        return []
    scoring, standard = source.scoring(), TrfEvent([]).scoring()
    changed = []
    if any(scoring[k] != standard[k] for k in ("WW", "WD", "WL")):
        changed = [f"a win {_points(scoring['WW'])}", f"a draw {_points(scoring['WD'])}",
                   f"a loss {_points(scoring['WL'])}"]
    changed += [f"{name} {_points(scoring[key])}" for key, like, name in _UNPLAYED if scoring[key] != scoring[like]]
    if not changed:
        return []
    first = records[0]
    where = f"line {first.line} ({first.code})" if first.line is not None else f"record {first.code}"
    return [f"{where}: the event scores {', '.join(changed)}; the book counts 1, ½ and 0, so its points, its ranks "
            f"and the TRF that export writes from it are in those points, not the event's"]


def _points(value: Any) -> str:
    """A number of points as a note writes it: ½, 1, 2.5."""
    from fractions import Fraction

    return {Fraction(1, 2): "½"}.get(value, f"{float(value):g}")


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


def first_slots(t: Tournament) -> tuple[list[str], str]:
    """The tie-break list and rule version a book made from ``t`` starts with (its slots as
    :func:`tiebreak_prefill` and :func:`~elo_xl.workbook.tiebreak_slots.chosen` fill them):
    what ``export`` compares the book's with, to tell a list the arbiter chose from the file's.

    >>> from elo_xl.event.load import from_crosstable
    >>> first_slots(from_crosstable(["A", "B", "C"], [2000] * 3, [[None, 1, 0], [0, None, 1], [1, 0, None]]))[0]
    ['DE', 'WIN', 'SB', 'KS']
    """
    from ..games import SWISS
    from ..tiebreaks import DEFAULT_ROUND_ROBIN, DEFAULT_SWISS
    from . import tiebreak_slots

    data = tiebreak_prefill(t)
    offered, default = ((tiebreak_slots.SWISS, DEFAULT_SWISS) if t.kind() == SWISS
                        else (tiebreak_slots.ROUND_ROBIN, DEFAULT_ROUND_ROBIN))
    return tiebreak_slots.chosen(data["tiebreaks"], offered, default), data["tiebreak_rules"]


def swiss_prefill(t: Tournament, ks: list[tuple[Any, Any]]) -> dict[str, Any]:
    """The Swiss book's inputs for an event in rounds form, with the K that ``rate`` uses."""
    if t.pairings is None:
        raise EloError("a Swiss book needs rounds: give a TRF file (a CSV crosstable has no rounds or colours)")
    return {
        "sex": [e.sex for e in t.entrants], "title": [e.title for e in t.entrants],
        "name": [e.name for e in t.entrants], "rating": t.ratings,
        "federation": [e.federation for e in t.entrants], "fide_id": [e.fide_id for e in t.entrants],
        "birth": [e.birth for e in t.entrants], "k": [k for k, _ in ks],
        "pairings": t.pairings, "colours": t.colours or [], "results": _with_announced(t),
        **tiebreak_prefill(t),
    }


def _with_announced(t: Tournament) -> list[list[Any]]:
    """The results with the byes asked for rounds nobody has played yet (``t.announced``) put
    back in their rounds: the book keeps the request, which the pairing of that round needs."""
    if not t.announced:
        return t.results
    rows = [list(row) for row in t.results]
    for (number, r), result in t.announced.items():
        if 1 <= number <= len(rows) and 1 <= r <= len(rows[number - 1]) and rows[number - 1][r - 1] is None:
            rows[number - 1][r - 1] = result
    return rows


def crosstable(t: Tournament, cycles: int = 1) -> list[list[Any]]:
    """The event as an n×n crosstable (each game on the row of the player who lists it); a
    double round robin's (``cycles`` 2) n×2n: a pair's first game in the first n columns, its
    second in the next n.

    >>> from elo_xl.event.model import Entrant, Tournament
    >>> t = Tournament([Entrant(1, "A", None), Entrant(2, "B", None), Entrant(3, "C", None)],
    ...                [["1", None, "0"], ["0", "=", "1"], [None, "=", None]], [[2, None, 2], [1, 3, 1], [None, 2, None]])
    >>> crosstable(t, 2)
    [[None, '1', None, None, '0', None], ['0', None, '=', '1', None, None], [None, '=', None, None, None, None]]
    """
    if t.pairings is None:
        return t.results
    n = len(t.entrants)
    table: list[list[Any]] = [[None] * (n * cycles) for _ in range(n)]
    for i, (row, results) in enumerate(zip(t.pairings, t.results)):
        met: dict[int, int] = {}
        for r, (opponent, result) in enumerate(zip(row, results)):
            if not opponent:
                continue
            cycle = met[opponent] = met.get(opponent, -1) + 1
            if is_blank(result):
                continue
            if cycle >= cycles:
                times = "twice" if cycles == 1 else f"{cycle + 1} times"
                raise EloError(f"players {i + 1} and {opponent} meet {times} (round {r + 1}): a crosstable holds "
                               f"{'one game per pair' if cycles == 1 else 'two games per pair'}; use the Swiss book")
            table[i][cycle * n + opponent - 1] = result
    return table


def game_rounds(t: Tournament) -> dict[tuple[int, int, int], int]:
    """The round of each game of an event in rounds form: (i, j, cycle) → round, ``cycle``
    counting the meetings of start numbers ``i`` and ``j`` (2: a double round robin's second).

    >>> from elo_xl.event.model import Entrant, Tournament
    >>> game_rounds(Tournament([Entrant(1, "A", None), Entrant(2, "B", None)], [["1", "0"], ["0", "1"]],
    ...                        [[2, 2], [1, 1]]))
    {(1, 2, 1): 1, (1, 2, 2): 2, (2, 1, 1): 1, (2, 1, 2): 2}
    """
    found: dict[tuple[int, int, int], int] = {}
    for i, row in enumerate(t.pairings or [], 1):
        met: dict[int, int] = {}
        for r, opponent in enumerate(row, 1):
            if opponent:
                met[opponent] = met.get(opponent, 0) + 1
                found[(i, opponent, met[opponent])] = r
    return found


def _no_standard_ratings(t: Tournament) -> None:
    """The books have no column for standard ratings: refuse an event that gives them rather than
    compute something else than ``rate`` computes."""
    given = [e for e in t.entrants if e.standard_rating is not None]
    if given:
        raise EloError(f"{t.name or 'the event'}: the workbooks have no standard rating column (player "
                       f"{given[0].start_no}, {show(given[0].name)}, has {given[0].standard_rating}); rate a rapid "
                       "or blitz event with standard ratings with elo-xl rate, or leave the column out")


#: Results without an opponent that carry points (byes, a forfeit win): a crosstable has no cell for them.
_SCORING_WITHOUT_OPPONENT = frozenset(TRF_SYMBOL[code] for code in WITHOUT_OPPONENT if POINTS_HALVES[code])


def not_a_round_robin(t: Tournament) -> str | None:
    """Why the event cannot go into a round-robin book without losing something, or None:
    the file declares another type (its ``092``), or a round without an opponent carries
    points (a bye, a forfeit win), which a crosstable has no cell for.

    >>> from elo_xl.event import from_crosstable
    >>> not_a_round_robin(from_crosstable(["A", "B", "C"], [2000, 2000, 2000], [[None, 1, 0], [0, None, 1], [1, 0, None]]))
    """
    from ..games import SWISS

    declared = t.declared_type
    if declared and t.kind() == SWISS:
        return f"the file declares it {show(declared)}, not a round robin"
    if t.pairings is None:
        return None
    for i, (row, results) in enumerate(zip(t.pairings, t.results), 1):
        for r, (opponent, result) in enumerate(zip(row, results), 1):
            if not opponent and isinstance(result, str) and result.upper() in _SCORING_WITHOUT_OPPONENT:
                return (f"player {i} has {show(result)} without an opponent in round {r} (a bye or a forfeit win, "
                        "which counts points): a crosstable has no cell for it")
    return None


def round_robin_prefill(t: Tournament, ks: list[tuple[Any, Any]]) -> dict[str, Any]:
    """The round-robin book's inputs: the player fields (names, ratings, K, titles,
    federations, FIDE IDs, births, sexes) and the crosstable (n×2n for a double round robin:
    :func:`elo_xl.event.pairings.round_robin_schedule` gives its order). An event that is no round robin
    (:func:`not_a_round_robin`) is refused, naming why: nothing is dropped."""
    _no_standard_ratings(t)
    why = not_a_round_robin(t)
    if why:
        raise EloError(f"not a round robin: {why}; make a Swiss book (elo-xl workbook swiss --from …)")
    double = t.pairings is not None and t.kind() == DOUBLE_ROUND_ROBIN
    return {"names": [e.name for e in t.entrants], "ratings": t.ratings, "k": [k for k, _ in ks],
            "titles": [e.title for e in t.entrants], "federations": [e.federation for e in t.entrants],
            "fide_ids": [e.fide_id for e in t.entrants], "births": [e.birth for e in t.entrants],
            "sexes": [e.sex for e in t.entrants], "results": crosstable(t, 2 if double else 1),
            "game_rounds": game_rounds(t),
            **tiebreak_prefill(t)}
