"""One rating period: a rating list and the month's events (TRF files) to the new list.

Every player's rated games of the month, from every event, are rated together against the
list given: change = K × Σ(W − PD) over the period, rounded once; K is the list's (or the rule
set's when the list has none, or the K schedule's), then cut so that K × n stays within the
rule set's limit for the whole period. Unrated players with enough games against rated
opponents (pooled with earlier periods when a history is given) get a first rating; a rating
that falls below the lowest published rating makes the player unrated on the new list; the
K of the next list is worked out (2400 reached, a junior's year end, 30 games when the career
count is known).

One module on purpose (over 500 lines): matching players to the list, K, the period's
arithmetic, first ratings pooled with the history and the next K are one computation whose
steps share the period's tables; split, each piece would pass the same state around.

>>> from elo_xl.period.lists import RatingList, ListRow
>>> from elo_xl.io import parse_trf
>>> rl = RatingList()
>>> rl.append(ListRow(100, "Ann", "VIE", "F", "", "", "", "", 2500, 0, 10, 1990, "w", 2))
>>> rl.append(ListRow(200, "Bob", "VIE", "M", "", "", "", "", 2400, 0, 10, 1991, "", 3))
>>> event = parse_trf(
...     "001    1 w    Ann                               2500 VIE         100                          2 w 1\\n"
...     "001    2 m    Bob                               2400 VIE         200                          1 b 0\\n")
>>> result = rate_period(rl, [("a.trf", event)], "2026-10")
>>> [(r["name"], r["old_rating"], r["change"], r["new_rating"], r["next_k"]) for r in result.rows()]
[('Ann', 2500, 4, 2504, 10), ('Bob', 2400, -4, 2396, 10)]
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Sequence

import numpy as np

from ..engine import k_factor
from ..errors import EloError, show
from ..io.dates import parse_date
from ..results import RESULT_TEXT
from ..rules import FideRules, RuleSet, parse_rules
from ..io import TrfEvent, birth_year
from .. import kernel
from .lists import ListRow, RatingList

#: TRF results of a rated game, in halves of a point for the player whose line holds them (the
#: result codes of :mod:`elo_xl.results`: ``1`` win, ``=`` draw, ``0`` loss).
RATED_HALVES = {symbol: RESULT_TEXT[symbol] for symbol in ("1", "=", "0")}


# --- the numbers of the rules a period needs ----------------------------------------------------


def lowest_rating(rs: RuleSet) -> int | None:
    """The lowest published rating (FIDE: 1400; a new rating below it makes the player unrated); None
    for rule sets without one.

    >>> lowest_rating(parse_rules("FIDE")), lowest_rating(parse_rules("LOGISTIC"))
    (1400, None)
    """
    return rs.RATING_FLOOR


def pool_months(rs: RuleSet) -> int | None:
    """How many consecutive months an unrated player's results are pooled (FIDE: 26); None for
    rule sets without initial ratings.

    >>> pool_months(parse_rules("FIDE"))
    26
    """
    return rs.POOL_MONTHS


def month_number(month: str, argument: str = "--month") -> int:
    """``YYYY-MM`` as a count of months (for distances between periods).

    >>> month_number("2026-10") - month_number("2024-09")
    25
    """
    m = re.fullmatch(r"\s*(\d{4})-(\d{1,2})\s*", month or "")
    if not m or not 1 <= int(m.group(2)) <= 12:
        raise EloError(f"{argument}: {show(month)} is not a month; write YYYY-MM, e.g. 2026-10")
    return int(m.group(1)) * 12 + int(m.group(2)) - 1


def month_text(number: int) -> str:
    """The inverse of :func:`month_number`.

    >>> month_text(month_number("2026-12") + 1)
    '2027-01'
    """
    return f"{number // 12:04d}-{number % 12 + 1:02d}"


# --- K schedules ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class KSchedule:
    """A national K schedule: K by the rating a player has (rows "rating from: K").

    >>> s = KSchedule.parse("0:25,1600:20,2000:15,2400:10")
    >>> s.k_of(np.array([1599, 1600, 2399, 2400])).tolist(), str(s)
    ([25, 20, 15, 10], '0:25,1600:20,2000:15,2400:10')
    """

    rows: tuple[tuple[int, int], ...]

    @classmethod
    def parse(cls, text: str) -> "KSchedule":
        """``0:25,1600:20,…``, checked as :func:`elo_xl.engine.k_factor` checks a schedule."""
        rows = []
        for i, part in enumerate(str(text).split(","), 1):
            bits = part.split(":")
            if len(bits) != 2 or not all(b.strip().isdigit() for b in bits):
                raise EloError(f"--k-schedule, row {i}: {show(part)} is not RATING:K; write e.g. 0:25,1600:20,2000:15,2400:10")
            rows.append([int(bits[0]), int(bits[1])])
        k_factor(None, rules=rows)  # the engine's checks: sorted, K within range
        return cls(tuple((a, b) for a, b in rows))

    def k_of(self, ratings: np.ndarray) -> np.ndarray:
        """K for each rating (the last row whose rating is reached; below the first row, its K)."""
        lows = np.array([r for r, _ in self.rows])
        ks = np.array([k for _, k in self.rows])
        at = np.searchsorted(lows, ratings, side="right") - 1
        return ks[np.maximum(at, 0)]

    def __str__(self) -> str:
        return ",".join(f"{r}:{k}" for r, k in self.rows)


# --- history (from the database) ------------------------------------------------------------------


@dataclass
class History:
    """What earlier periods left: unrated players' rated games still pooled, and career game counts.

    ``pool[fide_id]`` = list of (month number, event key, opponent rating, halves) in play order;
    ``careers[fide_id]`` = rated games since the player entered the database unrated (his whole career).
    """

    pool: dict[int, list[tuple[int, str, int, int]]] = field(default_factory=dict)
    careers: dict[int, int] = field(default_factory=dict)
    #: Events already rated in stored periods: content digest → (month, source).
    events: dict[str, tuple[str, str]] = field(default_factory=dict)


# --- the result -----------------------------------------------------------------------------------


JSON_FIELDS = ("fide_id", "name", "federation", "sex", "title", "birth_year", "old_rating", "old_k", "games",
               "k_used", "change", "new_rating", "next_k", "note")
#: A row of the new list as every output (and the database) needs it: the JSON fields, then the
#: list's other columns (other titles, flag, and the standard rating of a rapid or blitz list).
LIST_FIELDS = JSON_FIELDS + ("w_title", "o_title", "foa_title", "flag", "standard")


@dataclass
class PeriodResult:
    """The new list: the rating list's players in its order, then the newcomers (``extra``)."""

    period: str
    kind: str
    rules: str
    players: RatingList
    extra: list[ListRow]
    old_rating: np.ndarray
    old_k: np.ndarray
    games: np.ndarray
    k_used: np.ndarray
    change: np.ndarray
    has_change: np.ndarray
    new_rating: np.ndarray
    next_k: np.ndarray
    notes: dict[int, list[str]]
    warnings: list[str]
    #: Rated games per player (index) against rated opponents, for the database's pool: (event key, opp, halves).
    newcomer_games: dict[int, list[tuple[str, int, int]]] = field(default_factory=dict)
    #: Newcomers who got their first rating this period (indices).
    first_rated: dict[int, int] = field(default_factory=dict)
    #: Games as read, for the database: (event key, player index, opponent index, round, halves).
    events: list[dict[str, Any]] = field(default_factory=list)
    #: The rated results as read (player indices), for the database.
    read_games: Any = None

    def __len__(self) -> int:
        return len(self.players) + len(self.extra)

    def fide_id_of(self, i: int) -> int | None:
        """The FIDE ID of player ``i`` (None for a newcomer without one)."""
        if i < len(self.players):
            return self.players.fide_id[i] or None  # type: ignore[attr-defined]
        fid = self.extra[i - len(self.players)].fide_id
        return fid or None

    def rows(self) -> Iterator[dict[str, Any]]:
        """Each player as the JSON output shows him, None where a value does not exist."""
        rl = self.players
        n_list = len(rl)
        cols = [self.old_rating.tolist(), self.old_k.tolist(), self.games.tolist(), self.k_used.tolist(),
                self.change.tolist(), self.has_change.tolist(), self.new_rating.tolist(), self.next_k.tolist()]
        old_r, old_k, games, k_used, change, has_change, new_r, next_k = cols
        for i in range(len(self)):
            if i < n_list:
                fid, name, fed, sex, title, born = (rl.fide_id[i] or None, rl.name[i], rl.federation[i],  # type: ignore[attr-defined]
                                                   rl.sex[i], rl.title[i], rl.birth_year[i])  # type: ignore[attr-defined]
            else:
                x = self.extra[i - n_list]
                fid, name, fed, sex, title, born = x.fide_id or None, x.name, x.federation, x.sex, x.title, x.birth_year
            note = self.notes.get(i)
            yield {"fide_id": fid, "name": name, "federation": fed or None, "sex": sex or None, "title": title or None,
                   "birth_year": born, "old_rating": old_r[i] or None, "old_k": old_k[i] or None, "games": games[i],
                   "k_used": k_used[i] or None, "change": change[i] if has_change[i] else None,
                   "new_rating": new_r[i] or None, "next_k": next_k[i] or None,
                   "note": "; ".join(note) if note else None}

    def list_rows(self) -> Iterator[dict[str, Any]]:
        """Each player with every column of the new list (:data:`LIST_FIELDS`): what the outputs
        write and the database keeps, so that a stored list renders byte for byte as the run did."""
        rl = self.players
        n = len(rl)
        w, o, foa, flag, standard = rl.w_title, rl.o_title, rl.foa_title, rl.flag, rl.standard  # type: ignore[attr-defined]
        seeds = self.kind != "standard"
        for i, row in enumerate(self.rows()):
            if i < n:
                row.update(w_title=w[i] or None, o_title=o[i] or None, foa_title=foa[i] or None, flag=flag[i] or None,
                           standard=(standard[i] or None) if seeds else None)
            else:
                row.update(w_title=None, o_title=None, foa_title=None, flag=None, standard=None)
            yield row


# --- reading the events ---------------------------------------------------------------------------


def event_digest(event: TrfEvent) -> str:
    """What an event is, whatever its file is called: a digest of its players (FIDE ID, else name)
    and every round's opponent, colour and result. The same event given twice, in one run or in
    two periods, has the same digest.

    >>> from elo_xl.io import parse_trf
    >>> lines = ("001    1 m    Ann                               2500 VIE         100                          2 w 1\\n"
    ...          "001    2 m    Bob                               2400 VIE         200                          1 b 0\\n")
    >>> event_digest(parse_trf("012 A\\n" + lines)) == event_digest(parse_trf("012 B\\n" + lines))
    True
    >>> event_digest(parse_trf(lines)) == event_digest(parse_trf(lines.replace("w 1", "w =").replace("b 0", "b =")))
    False
    """
    parts = []  # hashed in one piece: the same digest as fed piece by piece
    for p in event.players:
        who = p.fide_id.strip() if p.fide_id and p.fide_id.strip().strip("0") else _norm(p.name)
        parts.append(f"{p.start_no}|{who}|")
        parts += [f"{g.opponent or ''}{g.colour}{g.result};" for g in p.games]
        parts.append("\n")
    return hashlib.sha256("".join(parts).encode("utf-8", "replace")).hexdigest()


def _norm(s: str) -> str:
    return " ".join(re.sub(r"[.,]", " ", s or "").casefold().split())


def _same_name(a: str, b: str) -> bool:
    return _norm(a) == _norm(b)


def _event_month(event: TrfEvent) -> tuple[str, int | None]:
    """(the date that places an event in a period, its month number): the end date (052), else the
    start date (042); None when neither is a readable date with a month."""
    for text in (event.end, event.start):
        if not text:
            continue
        try:
            found = parse_date(text)
        except ValueError:
            continue
        if found is not None and found.month:
            return text, found.year * 12 + found.month - 1
    return "", None


@dataclass
class _Games:
    """Games as read from the events: pairs given once (a, b, a's halves) and one-sided entries."""

    a: list[int] = field(default_factory=list)
    b: list[int] = field(default_factory=list)
    h: list[int] = field(default_factory=list)
    side_p: list[int] = field(default_factory=list)
    side_o: list[int] = field(default_factory=list)
    side_h: list[int] = field(default_factory=list)
    #: event key of each pair and of each side entry (for the pool of unrated players)
    a_event: list[int] = field(default_factory=list)
    side_event: list[int] = field(default_factory=list)


def _check_event(source: str, event: TrfEvent, digest: str, seen: dict[str, str], history: History,
                 period_no: int | None, strict: bool, warnings: list[str], allow_dates: bool = False) -> None:
    """The officer's mistakes: the same event twice (in this run or an earlier period), an event
    whose dates lie outside the period. An event is rated in the month it ends; one that ended
    the month before is a late report, rated with a warning (refused when ``strict``); any other
    month is refused unless ``allow_dates`` (then a warning)."""
    if digest in seen:
        raise EloError(f"{source}: the same event as {seen[digest]} (the same players and results); give each "
                       "event once")
    if digest in history.events:
        month, earlier = history.events[digest]
        raise EloError(f"{source}: this event was already rated in the period {month} (as {earlier}); leave it out, "
                       f"or if {month} was wrong and is the last period, redo it with --month {month} --replace")
    seen[digest] = source
    if period_no is None:
        return
    text, number = _event_month(event)
    if number is None or number == period_no:
        return
    what = (f"{source}: the event {'ends' if text == event.end else 'starts'} on {text}, outside the period "
            f"{month_text(period_no)}")
    late = number == period_no - 1
    if late and strict:
        raise EloError(what + "; --strict refuses a report one month late: leave out --strict to rate it in this "
                       "period")
    if late:
        warnings.append(what + " (reported late: rated in this period)")
        return
    if allow_dates:
        warnings.append(what + " (rated in it all the same, as --allow-dates asks)")
        return
    when = "after" if number > period_no else "more than a month before"
    raise EloError(f"{what}: it ends {when} the period; give it with --month {month_text(number)}, the month it "
                   "ends (a report one month late is taken with a warning), or --allow-dates to rate it here")


def _collect(rating_list: RatingList, events: Iterable[tuple[str, TrfEvent]], progress: Callable[[str], None] | None,
             history: History | None = None, period_no: int | None = None, strict: bool = False,
             allow_dates: bool = False) -> tuple[_Games, list[ListRow], dict[int, list[str]], list[str], list[dict[str, Any]]]:
    index = rating_list.index
    names = rating_list.name  # type: ignore[attr-defined]
    n_list = len(rating_list)
    no_id = rating_list.without_id()
    history = history or History()
    extra: list[ListRow] = []
    extra_index: dict[int, int] = {}
    notes: dict[int, list[str]] = {}
    warnings: list[str] = []
    seen: dict[str, str] = {}
    games = _Games()
    infos = []
    for e_no, (source, event) in enumerate(events):
        digest = event_digest(event)
        _check_event(source, event, digest, seen, history, period_no, strict, warnings, allow_dates)
        players = event.players
        gid = [0] * (len(players) + 1)
        on_list = 0
        for p in players:
            fid = int(p.fide_id) if p.fide_id else 0
            at = index.get(fid) if fid else no_id.get(_norm(p.name))
            if at is not None:
                on_list += 1
                gid[p.start_no] = at
                if fid and p.name and p.name != names[at] and not _same_name(p.name, names[at]):
                    warnings.append(f"{source}, line {p.line}: FIDE ID {fid} is {names[at]} on the list, "
                                    f"not {p.name}; rated as the list's player")
                continue
            if fid and fid in extra_index:
                gid[p.start_no] = extra_index[fid]
                continue
            g = n_list + len(extra)
            extra.append(ListRow(fid, p.name, p.federation, p.sex.upper().replace("W", "F"), p.title, "", "", "",
                                 None, 0, None, birth_year(p), "", p.line or 0))
            if fid:
                extra_index[fid] = g
                why = f"FIDE ID {fid} is not on the list ({source}): rated as unrated"
            else:
                why = f"no FIDE ID ({source}, line {p.line}): rated as unrated"
            notes.setdefault(g, []).append(why)
            gid[p.start_no] = g
        if players and not on_list:  # the list of another federation or type?
            warnings.append(f"{source}: none of its {len(players)} players is on the list (by FIDE ID, or by name "
                            "without one): all are rated as unrated; is it the list in force for this event?")
        a, b, h, sp, so, sh, ae, se = (games.a, games.b, games.h, games.side_p, games.side_o, games.side_h,
                                       games.a_event, games.side_event)
        count = 0
        rated = RATED_HALVES
        for p in players:
            start_no = p.start_no
            me = gid[start_no]
            r = -1
            for g in p.games:
                r += 1
                opp = g.opponent
                if opp is None:
                    continue
                halves = rated.get(g.result)
                if halves is None:
                    continue
                q = players[opp - 1]
                back = q.games[r] if q.start_no == opp else event.player(opp).games[r]
                if back.opponent == start_no and back.result in rated:  # two-sided
                    if start_no < opp:
                        a.append(me), b.append(gid[opp]), h.append(halves), ae.append(e_no)
                        count += 1
                else:
                    sp.append(me), so.append(gid[opp]), sh.append(halves), se.append(e_no)
                    count += 1
        infos.append({"source": source, "name": event.name, "start": event.start, "end": event.end,
                      "players": len(players), "games": count, "digest": digest})
        if progress:
            progress(os.path.basename(source))
    return games, extra, notes, warnings, infos


# --- the period -----------------------------------------------------------------------------------


def _note(notes: dict[int, list[str]], i: int, text: str) -> None:
    notes.setdefault(i, []).append(text)


def rate_period(rating_list: RatingList, events: Iterable[tuple[str, TrfEvent]], month: str,
                kind: str = "standard", rules: Any = None, k_schedule: KSchedule | str | None = None,
                history: History | None = None, progress: Callable[[str], None] | None = None,
                strict: bool = False, allow_dates: bool = False) -> PeriodResult:
    """Rate one period: ``events`` are (source name, TRF event) pairs, read once in order (a generator
    keeps one event in memory at a time); players are matched to the list by FIDE ID (a list row
    without one, by name). The same event twice (here or in ``history``) is an error; so is an
    event that ends outside the month, but for a report one month late (a warning; an error
    when ``strict``), unless ``allow_dates`` (a warning). Returns the new list (see
    :class:`PeriodResult`)."""
    rs = parse_rules(rules)
    period_no = month_number(month)
    if isinstance(k_schedule, str):
        k_schedule = KSchedule.parse(k_schedule)
    history = history or History()
    games, extra, notes, warnings, infos = _collect(rating_list, events, progress, history, period_no, strict,
                                                     allow_dates)
    n_list = len(rating_list)
    total = n_list + len(extra)
    ratings = np.zeros(total, dtype=np.int64)
    ratings[:n_list] = np.array([r or 0 for r in rating_list.rating], dtype=np.int64)  # type: ignore[attr-defined]
    list_k = np.zeros(total, dtype=np.int64)
    list_k[:n_list] = np.array([k or 0 for k in rating_list.k], dtype=np.int64)  # type: ignore[attr-defined]
    old_k = list_k
    born = list(rating_list.birth_year) + [x.birth_year for x in extra]  # type: ignore[attr-defined]

    a = np.array(games.a, dtype=np.intp)
    b = np.array(games.b, dtype=np.intp)
    h = np.array(games.h, dtype=np.int64)
    sp = np.array(games.side_p, dtype=np.intp)
    so = np.array(games.side_o, dtype=np.intp)
    sh = np.array(games.side_h, dtype=np.int64)
    year = period_no // 12

    # FIDE's changes are whole numbers; ELO-1970/USSR-1977 with a K of one's own may give halves
    exact_type = np.int64 if isinstance(rs, FideRules) else object
    k_used = np.zeros(total, dtype=exact_type)
    change = np.zeros(total, dtype=exact_type)
    has_change = np.zeros(total, dtype=bool)
    new_rating = ratings.astype(exact_type)  # a player without a game keeps the list's rating (or none)
    listed = ratings
    if rs.seeds_from_standard:
        ratings, list_k = _standard_seeds(rs, rating_list, ratings, list_k, (a, b, sp, so), notes)
    played = np.zeros(total, dtype=np.int64)
    newcomer_games: dict[int, list[tuple[str, int, int]]] = {}
    event_keys = [f"{month}#{i + 1}" for i in range(len(infos))]

    if isinstance(rs, FideRules):
        params = kernel.KernelParams.of(rs)
        ra, rb = ratings[a], ratings[b]
        mask = kernel.rated_mask(ra, rb, params)
        smask = kernel.rated_mask(ratings[sp], ratings[so], params)
        sums = (kernel.game_sums(a[mask], b[mask], h[mask], ratings, total, params)
                + kernel.side_sums(sp[smask], ratings[sp[smask]], ratings[so[smask]], sh[smask], total, params))
        played = sums.games
        who = np.flatnonzero((played > 0) & (ratings > 0))
        k = _period_k(rs, k_schedule, ratings, list_k, who, born, history, year, rating_list)
        ku, ch = kernel.changes(k, sums, params)
        k_used[who], change[who] = ku[who], ch[who]
        has_change[who] = True
        new_rating[who] = ratings[who] + change[who]
        # unrated players: their games against rated opponents, for a first rating
        found: dict[int, list[tuple[int, int, int]]] = {}
        for i, opp_r, halves, e in _unrated_games(ratings, a, b, h, ra, rb, games.a_event, sp, so, sh, games.side_event):
            found.setdefault(i, []).append((e, opp_r, halves))
        for i, entries in found.items():
            entries.sort(key=lambda x: x[0])  # in event order: the first event matters
            newcomer_games[i] = [(event_keys[e], o, hv) for e, o, hv in entries]
        first_rated = _first_ratings(rs, ratings, newcomer_games, history, period_no, born, year, new_rating,
                                     played, notes, rating_list, extra)
    else:
        first_rated = _per_player(rs, k_schedule, ratings, list_k, a, b, h, sp, so, sh, born, history, year,
                                  new_rating, change, has_change, k_used, played, notes, rating_list, extra)

    floor = lowest_rating(rs)
    if floor is not None:
        fell = np.flatnonzero(has_change & (new_rating < floor) & (new_rating > 0))
        for i in fell.tolist():
            _note(notes, i, f"{new_rating[i]} is below {floor}: unrated on the new list")
        new_rating[fell] = 0

    next_k = _next_k(rs, k_schedule, ratings, list_k, k_used, new_rating, played, born, history, period_no,
                     rating_list, extra, first_rated, notes)
    name = rs.name + (f", K schedule {k_schedule}" if k_schedule else "")
    return PeriodResult(month_text(period_no), kind, name, rating_list, extra, listed, old_k, played, k_used,
                        change, has_change, new_rating, next_k, notes, warnings, newcomer_games, first_rated, infos,
                        games)


def _standard_seeds(rs: RuleSet, rating_list: RatingList, ratings: np.ndarray, list_k: np.ndarray,
                    players: Sequence[np.ndarray], notes: dict[int, list[str]]) -> tuple[np.ndarray, np.ndarray]:
    """Rapid and blitz (B.02 R&B 7.2.1): an unrated player of the list who plays this period and has
    a standard rating on it is rated with that rating and counts as rated for his opponents; his K
    is the list's, else the rule set's (40). Returns new (ratings, K) arrays; ``notes`` say so."""
    standard = rating_list.standard  # type: ignore[attr-defined]
    n_list = len(rating_list)
    if not any(standard):
        return ratings, list_k
    involved = np.zeros(len(ratings), dtype=bool)
    for side in players:
        involved[side] = True
    seeded_r, seeded_k = ratings.copy(), list_k.copy()
    for i in np.flatnonzero(involved[:n_list] & (ratings[:n_list] == 0)).tolist():
        value = standard[i]
        if not value:
            continue
        seeded_r[i] = value
        given = bool(list_k[i])
        if not given:
            seeded_k[i] = rs.K_STANDARD_SEED
        _note(notes, i, f"rated with his standard rating {value} (unrated in {rs.name}; K {seeded_k[i]}"
                        f"{' from the list' if given else ', the list gives none'})")
    return seeded_r, seeded_k


def _unrated_games(ratings, a, b, h, ra, rb, a_event, sp, so, sh, side_event) -> Iterator[tuple[int, int, int, int]]:
    """(unrated player, rated opponent's rating, halves, event number) of every game of an unrated
    player against a rated one."""
    for sel, me, opp, my_h in (((ra == 0) & (rb > 0), a, rb, h), ((rb == 0) & (ra > 0), b, ra, 2 - h)):
        for j in np.flatnonzero(sel).tolist():
            yield int(me[j]), int(opp[j]), int(my_h[j]), a_event[j]
    if len(sp):
        rsp, rso = ratings[sp], ratings[so]
        for j in np.flatnonzero((rsp == 0) & (rso > 0)).tolist():
            yield int(sp[j]), int(rso[j]), int(sh[j]), side_event[j]


def _fide_id(i: int, rating_list: RatingList, extra: list[ListRow]) -> int | None:
    n = len(rating_list)
    return (rating_list.fide_id[i] or None) if i < n else (extra[i - n].fide_id or None)  # type: ignore[attr-defined]


def _career(history: History, fid: int | None) -> int | None:
    return history.careers.get(fid) if fid else None


def _period_k(rs, k_schedule, ratings, list_k, who, born, history, year, rating_list) -> np.ndarray:
    """K of each player who played: the schedule's, else the list's, else the rule set's."""
    k = list_k.copy()
    if k_schedule is not None:
        k[who] = k_schedule.k_of(ratings[who])
        return k
    for i in who[k[who] == 0].tolist():
        fid = _fide_id(i, rating_list, [])
        k[i] = k_factor(int(ratings[i]), _career(history, fid), born[i], rules=rs, year=year)
    return k


def _first_ratings(rs, ratings, newcomer_games, history, period_no, born, year, new_rating, played, notes,
                   rating_list, extra) -> set[int]:
    """Initial ratings of unrated players (FIDE): this period's games pooled with earlier ones.
    Returns {player: rated games of his career} for those who get a first rating."""
    first_rated = {}
    window = pool_months(rs) or 0  # no pooling where the rules give no initial ratings
    for i, this in newcomer_games.items():
        fid = _fide_id(i, rating_list, extra)
        earlier = [(m, e, o, hv) for m, e, o, hv in history.pool.get(fid, []) if period_no - m < window] if fid else []
        pooled = [(m, e, o, hv) for m, e, o, hv in earlier] + [(period_no, e, o, hv) for e, o, hv in this]
        played[i] = len(this)
        first_event = pooled[0][1]
        first = [x for x in pooled if x[1] == first_event]
        if len(pooled) > len(first) and sum(x[3] for x in first) == 0:
            pooled = [x for x in pooled if x[1] != first_event]
            _note(notes, i, "a zero score in the first event is disregarded")
        opponents = [x[2] for x in pooled]
        halves = sum(x[3] for x in pooled)
        rating, why = rs.initial(opponents, halves)
        if earlier:
            _note(notes, i, f"pooled with {len(earlier)} game{'s' if len(earlier) != 1 else ''} of earlier periods")
        if rating is None:
            _note(notes, i, why)
            continue
        new_rating[i] = rating
        first_rated[i] = len(earlier) + len(this)
        _note(notes, i, f"first rating, from {len(opponents)} games")
    return first_rated


def _per_player(rs, k_schedule, ratings, list_k, a, b, h, sp, so, sh, born, history, year, new_rating, change,
                has_change, k_used, played, notes, rating_list, extra) -> set[int]:
    """Rule sets that rate a player's games as a whole (ELO-1970, USSR-1977, LOGISTIC): one call of the
    rule set's ``change`` per player, unrated players counting as the rule set says."""
    sub = rs.unrated_as
    opps: dict[int, list] = {}
    halves: dict[int, int] = {}
    for x, y, hx in zip(a.tolist(), b.tolist(), h.tolist()):
        rx, ry = int(ratings[x]) or sub, int(ratings[y]) or sub
        opps.setdefault(x, []).append(ry)
        halves[x] = halves.get(x, 0) + hx
        opps.setdefault(y, []).append(rx)
        halves[y] = halves.get(y, 0) + 2 - hx
    for x, y, hx in zip(sp.tolist(), so.tolist(), sh.tolist()):
        opps.setdefault(x, []).append(int(ratings[y]) or sub)
        halves[x] = halves.get(x, 0) + hx
    first_rated = {}
    for i, o in opps.items():
        own = int(ratings[i]) or sub
        if k_schedule is not None:
            k = int(k_schedule.k_of(np.array([own]))[0])
        else:
            k = int(list_k[i]) or None
        result = rs.change(own, o, halves[i], k)
        played[i] = len(o)
        k_used[i] = result.k
        change[i] = result.rounded
        has_change[i] = True
        new_rating[i] = own + result.rounded
        if not ratings[i]:
            first_rated[i] = len(o)
            _note(notes, i, f"entered as {sub}")
    return first_rated


def _next_k(rs, k_schedule, ratings, list_k, k_used, new_rating, played, born, history, period_no, rating_list,
            extra, first_rated, notes) -> np.ndarray:
    """The K each player will have on the next list."""
    if k_schedule is not None:
        values = new_rating.astype(np.float64)
        return np.where(values > 0, k_schedule.k_of(values), 0)
    if not isinstance(rs, FideRules):
        return np.array([rs.default_k(r) if r else 0 for r in new_rating.tolist()], dtype=np.int64)
    next_k = np.where(new_rating > 0, list_k, 0)
    top_k = k_factor(3999, rules=rs)       # the K of a player whose rating reached 2400
    new_k = k_factor(None, rules=rs)       # the K of a new player (until 30 games)
    year, next_year = period_no // 12, (period_no + 1) // 12
    january = (period_no + 1) % 12 == 0
    # K changes only with play, a missing K, or (on the January list) a junior's K 40 ending
    recompute = (new_rating > 0) & ((played > 0) | (list_k == 0) | (january & (list_k >= new_k)))
    known: dict[tuple, int | float] = {}

    def k_of(rating: int, career: int | None, born: int | None, reached: bool | None, year: int) -> int | float:
        """:func:`~elo_xl.engine.k_factor` of the rule set, each set of arguments worked out once."""
        key = (rating, career, born, reached, year)
        k = known.get(key)
        if k is None:
            k = known[key] = k_factor(rating, career, born, reached_2400=reached, rules=rs, year=year)
        return k

    for i in np.flatnonzero(recompute).tolist():
        fid = _fide_id(i, rating_list, extra)
        career = _career(history, fid)
        if career is not None:
            career += int(played[i])
        elif i in first_rated:
            career = first_rated[i]
        old = int(list_k[i])
        rating = int(new_rating[i])
        if career is None and old >= new_k:
            junior_ends = (born[i] is not None and k_of(rating, None, born[i], None, year) == new_k
                           and k_of(rating, None, born[i], None, next_year) != new_k)
            if junior_ends:  # K 40 of a junior: it ends with the year of his 18th birthday
                _note(notes, i, "K 40 ends with the year of the 18th birthday (career games not known: "
                                "taken as 30 or more)")
            else:
                career = 0  # K 40 with an unknown career: it stays (the 30-games rule cannot be applied)
        k = k_of(rating, career, born[i], 0 < old <= top_k, next_year)
        next_k[i] = min(k, old) if old else k
    return next_k
