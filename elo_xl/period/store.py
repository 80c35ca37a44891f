"""The history of rating periods in an SQLite database (``elo-xl period --db FILE``).

One writer at a time: a run takes the database for writing (``BEGIN IMMEDIATE``) *before* it
reads the history it rates against, and keeps it until the period is recorded, so a second
run waits (up to ``--wait`` seconds, saying so) or is refused: two periods are never computed
from the same history. Opening for reading (``--history``, ``--show``) writes nothing, so a
viewer never stops a run.

Each processed period is written in that one transaction — its list, events, games, the
results of unrated players still pooled, the career game counts and what it changed in them
(so that the last period can be replaced, ``--replace``) — so an interrupted or failed run
leaves the database as it was. Periods of one list type are processed in calendar order.

Schema (``PRAGMA user_version`` = 2; a version-1 database is brought up to date when written):

* ``periods(id, type, month, rules, list_source, processed_at, list_players, players_rated,
  first_ratings, undo)`` — one row per processed period, unique per (type, month); ``undo`` 1
  when the period's changes to ``pool`` and ``careers`` are logged (it can be replaced).
* ``players(period_id, position, fide_id, name, federation, sex, title, birth_year, old_rating,
  old_k, games, k_used, change, new_rating, next_k, note, w_title, o_title, foa_title, flag,
  standard)`` — the list used and the new list, one row per player in output order.
* ``events(id, period_id, number, source, name, start, end, players, games, digest)`` — the TRF
  files (``digest``: the event's content, to recognise it given again).
* ``games(event_id, player, opponent, halves)`` — every rated result read.
* ``pool(type, fide_id, month, event_key, opponent_rating, halves)`` — the games against rated
  opponents of unrated players who have no rating yet (pooled for up to 26 months).
* ``careers(type, fide_id, games, since)`` — rated games of players who entered the database
  unrated (their whole career), for the 30-games K rule.
* ``pool_removed(period_id, …pool's columns)`` and ``career_added(period_id, type, fide_id,
  games, created)`` — what a period took out of the pool and added to the careers.

>>> conn = open_for_writing(":memory:")
>>> check_month(conn, "standard", "2026-10")
>>> sorted(r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'"))
['career_added', 'careers', 'events', 'games', 'periods', 'players', 'pool', 'pool_removed']
"""

from __future__ import annotations

import datetime
import os
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any, Iterator

from ..errors import EloError
from .run import LIST_FIELDS, History, PeriodResult, month_number, pool_months

VERSION = 2

SCHEMA = """
CREATE TABLE IF NOT EXISTS periods (
    id INTEGER PRIMARY KEY, type TEXT NOT NULL, month TEXT NOT NULL, rules TEXT NOT NULL,
    list_source TEXT NOT NULL, processed_at TEXT NOT NULL, UNIQUE (type, month));
CREATE TABLE IF NOT EXISTS players (
    period_id INTEGER NOT NULL REFERENCES periods(id), position INTEGER NOT NULL, fide_id INTEGER,
    name TEXT, federation TEXT, sex TEXT, title TEXT, birth_year INTEGER, old_rating INTEGER, old_k INTEGER,
    games INTEGER NOT NULL, k_used INTEGER, change INTEGER, new_rating INTEGER, next_k INTEGER, note TEXT,
    PRIMARY KEY (period_id, position));
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY, period_id INTEGER NOT NULL REFERENCES periods(id), number INTEGER NOT NULL,
    source TEXT NOT NULL, name TEXT, start TEXT, end TEXT, players INTEGER, games INTEGER);
CREATE TABLE IF NOT EXISTS games (
    event_id INTEGER NOT NULL REFERENCES events(id), player INTEGER NOT NULL, opponent INTEGER NOT NULL,
    halves INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS pool (
    type TEXT NOT NULL, fide_id INTEGER NOT NULL, month TEXT NOT NULL, event_key TEXT NOT NULL,
    opponent_rating INTEGER NOT NULL, halves INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS pool_player ON pool (type, fide_id);
CREATE TABLE IF NOT EXISTS careers (
    type TEXT NOT NULL, fide_id INTEGER NOT NULL, games INTEGER NOT NULL, since TEXT NOT NULL,
    PRIMARY KEY (type, fide_id));
CREATE TABLE IF NOT EXISTS pool_removed (
    period_id INTEGER NOT NULL, type TEXT NOT NULL, fide_id INTEGER NOT NULL, month TEXT NOT NULL,
    event_key TEXT NOT NULL, opponent_rating INTEGER NOT NULL, halves INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS career_added (
    period_id INTEGER NOT NULL, type TEXT NOT NULL, fide_id INTEGER NOT NULL, games INTEGER NOT NULL,
    created INTEGER NOT NULL);
"""

#: Columns version 2 added to version-1 tables.
ADDED = {
    "periods": ("list_players INTEGER", "players_rated INTEGER", "first_ratings INTEGER", "undo INTEGER"),
    "players": ("w_title TEXT", "o_title TEXT", "foa_title TEXT", "flag TEXT", "standard INTEGER"),
    "events": ("digest TEXT",),
}

#: How long a reader waits while a run commits (a commit takes the file for a moment), in seconds.
READ_WAIT = 30.0
#: How long a run waits for another run to finish with the database (``--wait``), in seconds.
DEFAULT_WAIT = 60.0


# --- opening: the real cause of every refusal ---------------------------------------------------


def cause(error: sqlite3.Error, path: str) -> str:
    """What an SQLite error means for the person running elo-xl (the database's name first).

    >>> cause(sqlite3.OperationalError("database or disk is full"), "h.sqlite")
    'h.sqlite: no space left on the disk of the database'
    """
    text = str(error)
    name = getattr(error, "sqlite_errorname", "") or ""
    if name.startswith("SQLITE_FULL") or "disk is full" in text:
        return f"{path}: no space left on the disk of the database"
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
        return f"{path}: the database is in use by another elo-xl run (or a program reading it)"
    if name.startswith("SQLITE_READONLY") or "readonly" in text:
        return f"{path}: the database is read-only (its file, its folder or its disk)"
    if name.startswith("SQLITE_NOTADB") or "not a database" in text:
        return f"{path}: not a database (not an SQLite file); give a file made by elo-xl period --db or a new name"
    if name.startswith("SQLITE_CORRUPT") or "malformed" in text:
        return f"{path}: the database is damaged ({text}); restore a copy"
    if name.startswith("SQLITE_IOERR"):
        return f"{path}: the disk of the database failed ({text})"
    return f"{path}: {text}"


def _check_path(path: str, write: bool) -> None:
    """Refuse a folder, a missing folder, a missing file (reading) and a read-only file or folder
    (writing), before SQLite answers with less helpful words."""
    if path == ":memory:":
        return
    p = Path(path)
    if p.is_dir():
        raise EloError(f"--db {path}: is a folder; give the database file (e.g. {p / 'ratings.sqlite'})")
    if not p.parent.is_dir():
        raise EloError(f"--db {path}: the folder {p.parent} does not exist; create it or give another path")
    if not write:
        if not p.exists():
            raise EloError(f"--db {path}: no such database; periods are recorded by elo-xl period --db {path} "
                           "EVENT.trf…")
        return
    if p.exists():
        if not os.access(p, os.W_OK):
            raise EloError(f"--db {path}: the database is read-only; make it writable (or copy it) to record a period")
    elif not os.access(p.parent, os.W_OK | os.X_OK):
        raise EloError(f"--db {path}: cannot create the database in {p.parent} (read-only folder); give another path")


def _version(conn: sqlite3.Connection, path: str) -> int:
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > VERSION:
        raise EloError(f"{path}: database version {version} is newer than this elo-xl; update elo-xl")
    return version


def open_for_reading(path: str | os.PathLike) -> sqlite3.Connection:
    """Open a period database to read it: nothing is written, not even a lock that outlives a query.

    >>> open_for_reading("no-such.sqlite")
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: --db no-such.sqlite: no such database; periods are recorded by elo-xl period --db no-such.sqlite EVENT.trf…
    """
    path = os.fspath(path)
    _check_path(path, write=False)
    try:
        conn = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True, isolation_level=None,
                               timeout=READ_WAIT)
        _version(conn, path)  # a newer database is refused
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.Error as error:
        raise EloError(f"--db {cause(error, path)}") from None
    if "periods" not in tables:
        raise EloError(f"--db {path}: not a period database (no periods in it); give a file made by elo-xl period --db")
    conn.execute("PRAGMA query_only = 1")
    return conn


def open_for_writing(path: str | os.PathLike, wait: float = DEFAULT_WAIT, stream=None) -> sqlite3.Connection:
    """Open (or create) a period database and take it for writing (``BEGIN IMMEDIATE``): the
    transaction stays open until :func:`commit`. Another run holding it: a message on
    ``stream`` (stderr), then up to ``wait`` seconds of waiting, then a refusal."""
    path = os.fspath(path)
    _check_path(path, write=True)
    stream = stream if stream is not None else sys.stderr
    try:
        conn = sqlite3.connect(path, isolation_level=None, timeout=0)
    except sqlite3.Error as error:
        raise EloError(f"--db {cause(error, path)}") from None
    try:
        _begin(conn, path, wait, stream)
        # the commit needs readers (--history, --show) to finish their query: wait for them
        conn.execute(f"PRAGMA busy_timeout = {int(max(wait, READ_WAIT) * 1000)}")
        _version(conn, path)
        _upgrade(conn)
    except sqlite3.Error as error:
        rollback(conn)
        conn.close()
        raise EloError(f"--db {cause(error, path)}") from None
    except BaseException:
        rollback(conn)
        conn.close()
        raise
    return conn


def _begin(conn: sqlite3.Connection, path: str, wait: float, stream) -> None:
    try:
        conn.execute("BEGIN IMMEDIATE")
        return
    except sqlite3.OperationalError as error:
        if "locked" not in str(error) and "busy" not in str(error):
            raise
    print(f"elo-xl: {path} is in use by another elo-xl run; waiting up to {wait:g} s for it to finish",
          file=stream, flush=True)
    deadline = time.monotonic() + wait
    while True:
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(min(1.0, max(0.0, deadline - time.monotonic())) * 1000)}")
            conn.execute("BEGIN IMMEDIATE")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) and "busy" not in str(error):
                raise
            if time.monotonic() >= deadline:
                raise EloError(f"--db {path}: in use by another elo-xl run for more than {wait:g} s; run again when "
                               "it has finished (or give --wait SECONDS)") from None


def _upgrade(conn: sqlite3.Connection) -> None:
    """The schema, created or brought to version 2 (inside the open transaction)."""
    for statement in SCHEMA.split(";"):
        if statement.strip():
            conn.execute(statement)
    for table, columns in ADDED.items():
        have = {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}
        for column in columns:
            if column.split()[0] not in have:
                conn.execute(f"ALTER TABLE {table} ADD COLUMN {column}")
    conn.execute(f"PRAGMA user_version = {VERSION}")


def rollback(conn: sqlite3.Connection) -> None:
    """Undo the open transaction, if SQLite has not already (it does on a full disk)."""
    try:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
    except sqlite3.Error:
        pass


def commit(conn: sqlite3.Connection) -> None:
    """End the run's transaction: the period is recorded."""
    conn.execute("COMMIT")


# --- the order of periods ----------------------------------------------------------------------


def months(conn: sqlite3.Connection, kind: str) -> list[str]:
    """The months of this list type in the database, in order."""
    return [m for (m,) in conn.execute("SELECT month FROM periods WHERE type = ? ORDER BY month", (kind,))]


def check_month(conn: sqlite3.Connection, kind: str, month: str, replace: bool = False) -> None:
    """Refuse a month already processed (unless replacing it, and it is the last), one before the
    last processed month of this type, and a replacement of a month not in the database.

    >>> conn = open_for_writing(":memory:")
    >>> _ = conn.execute("INSERT INTO periods (type, month, rules, list_source, processed_at) "
    ...                  "VALUES ('standard', '2026-10', 'FIDE', 'x', 'now')")
    >>> check_month(conn, "standard", "2026-09")
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: --month: 2026-09 comes before 2026-10, the last standard period in the database; periods are processed in order (a mistake in 2026-09: see elo-xl period --db FILE --history)
    """
    done = months(conn, kind)
    last = done[-1] if done else None
    if replace:
        if month not in done:
            raise EloError(f"--replace: there is no {kind} period {month} in the database to replace; "
                           f"run without --replace to record it")
        later = [m for m in done if m > month]
        if later:
            raise EloError(f"--replace: {kind} period {month} cannot be replaced: {', '.join(later)} "
                           f"{'was' if len(later) == 1 else 'were'} rated from its list; replace only the last "
                           f"period ({last}), or remove the later ones first with --drop {last}")
        return
    if last is None:
        return
    if month in done and month == last:
        raise EloError(f"--month: {kind} period {month} is already in the database; to redo it, add --replace "
                       f"(or get its list with --show {month} -o FILE)")
    if month in done:  # a stored month a later one stands on: say every way out
        later = [m for m in done if m > month]
        raise EloError(f"--month: {kind} period {month} is already in the database, and {', '.join(later)} "
                       f"{'was' if len(later) == 1 else 'were'} rated from its list; to redo it, remove the later "
                       f"period{'s' if len(later) > 1 else ''} with --drop (the last first: --drop {last}), then add "
                       f"--replace; to get its list, --show {month} -o FILE")
    if month_number(month) <= month_number(last):
        raise EloError(f"--month: {month} comes before {last}, the last {kind} period in the database; periods are "
                       f"processed in order (a mistake in {month}: see elo-xl period --db FILE --history)")


# --- undoing the last period --------------------------------------------------------------------


def drop_period(conn: sqlite3.Connection, kind: str, month: str) -> None:
    """Remove the last period of this type from the database (inside the open transaction), giving
    back the pool and the career counts as they were before it."""
    done = months(conn, kind)
    if not done or done[-1] != month:
        if month in done:
            later = [m for m in done if m > month]
            raise EloError(f"--drop: {kind} period {month} cannot be removed: {', '.join(later)} stand on it; "
                           f"remove the last period ({done[-1]}) first")
        raise EloError(f"--drop: there is no {kind} period {month} in the database (see --history)")
    period_id, undo = conn.execute("SELECT id, undo FROM periods WHERE type = ? AND month = ?", (kind, month)).fetchone()
    if not undo:
        raise EloError(f"--db: {kind} period {month} was recorded by an earlier elo-xl that kept no undo record; "
                       "it cannot be replaced or removed (rebuild the database from the first month)")
    conn.execute("DELETE FROM pool WHERE type = ? AND month = ?", (kind, month))
    conn.execute("INSERT INTO pool SELECT type, fide_id, month, event_key, opponent_rating, halves FROM pool_removed "
                 "WHERE period_id = ? ORDER BY rowid", (period_id,))
    conn.execute("UPDATE careers SET games = games - (SELECT a.games FROM career_added a WHERE a.period_id = ? "
                 "AND a.type = careers.type AND a.fide_id = careers.fide_id) WHERE type = ? AND fide_id IN "
                 "(SELECT fide_id FROM career_added WHERE period_id = ?)", (period_id, kind, period_id))
    conn.execute("DELETE FROM careers WHERE type = ? AND fide_id IN (SELECT fide_id FROM career_added "
                 "WHERE period_id = ? AND created = 1)", (kind, period_id))
    conn.execute("DELETE FROM games WHERE event_id IN (SELECT id FROM events WHERE period_id = ?)", (period_id,))
    for table in ("events", "players", "pool_removed", "career_added"):
        conn.execute(f"DELETE FROM {table} WHERE period_id = ?", (period_id,))
    conn.execute("DELETE FROM periods WHERE id = ?", (period_id,))


# --- reading the history ------------------------------------------------------------------------


def load_history(conn: sqlite3.Connection, kind: str, month: str, rules: Any = None) -> History:
    """Pooled games of unrated players (within the pooling window) and career counts, for a period."""
    from ..rules import parse_rules

    now = month_number(month)
    window = pool_months(parse_rules(rules)) or 0
    history = History()
    for fid, m, key, opp, halves in conn.execute(
            "SELECT fide_id, month, event_key, opponent_rating, halves FROM pool WHERE type = ? ORDER BY rowid", (kind,)):
        n = month_number(m)
        if now - n < window:
            history.pool.setdefault(fid, []).append((n, key, opp, halves))
    for fid, games in conn.execute("SELECT fide_id, games FROM careers WHERE type = ?", (kind,)):
        history.careers[fid] = games
    return history


def rated_events(conn: sqlite3.Connection, kind: str) -> dict[str, tuple[str, str]]:
    """The events already rated in periods of this type: digest → (month, source)."""
    has = {r[1] for r in conn.execute("PRAGMA table_info(events)")}
    if "digest" not in has:
        return {}
    return {d: (m, s) for d, m, s in conn.execute(
        "SELECT e.digest, p.month, e.source FROM events e JOIN periods p ON p.id = e.period_id "
        "WHERE p.type = ? AND e.digest IS NOT NULL", (kind,))}


def history(conn: sqlite3.Connection) -> list[dict[str, Any]]:
    """The stored periods, oldest first: type, month, rules, events, players on the list, players
    rated, first ratings, when processed."""
    has = {r[1] for r in conn.execute("PRAGMA table_info(periods)")}
    counts = "p.list_players, p.players_rated, p.first_ratings" if "undo" in has else "NULL, NULL, NULL"
    rows = conn.execute(
        f"SELECT p.type, p.month, p.rules, (SELECT COUNT(*) FROM events e WHERE e.period_id = p.id), {counts}, "
        "p.processed_at, p.list_source FROM periods p ORDER BY p.type, p.month").fetchall()
    keys = ("type", "month", "rules", "events", "players", "rated", "first_ratings", "processed_at", "list_source")
    return [dict(zip(keys, r)) for r in rows]


def stored_list(conn: sqlite3.Connection, kind: str, month: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A stored period's new list: its head (period, type, rules) and its rows as the run wrote them."""
    row = conn.execute("SELECT id, rules FROM periods WHERE type = ? AND month = ?", (kind, month)).fetchone()
    if row is None:
        done = months(conn, kind)
        kinds = [k for (k,) in conn.execute("SELECT DISTINCT type FROM periods WHERE month = ?", (month,))]
        other = f"; there is a {' and a '.join(kinds)} period {month} (give --type)" if kinds else ""
        listed = f" (it holds {', '.join(done)})" if done else ""
        raise EloError(f"--show: no {kind} period {month} in the database{listed}{other}")
    period_id, rules = row
    has = {r[1] for r in conn.execute("PRAGMA table_info(players)")}
    names = [f if f in has else f"NULL AS {f}" for f in LIST_FIELDS]
    cursor = conn.execute(f"SELECT {', '.join(names)} FROM players WHERE period_id = ? ORDER BY position",
                          (period_id,))
    rows = [dict(zip(LIST_FIELDS, r)) for r in cursor]
    return {"period": month, "type": kind, "rules": rules}, rows


# --- writing a period ---------------------------------------------------------------------------


def save_period(conn: sqlite3.Connection, result: PeriodResult, list_source: str, rows: list[dict] | None = None
                ) -> None:
    """Write a processed period inside the open transaction (:func:`open_for_writing`); the caller
    commits (:func:`commit`) or rolls back (:func:`rollback`). ``rows``: the list rows already
    made (:meth:`PeriodResult.list_rows`)."""
    kind, month = result.kind, result.period
    check_month(conn, kind, month)
    rows = rows if rows is not None else result.list_rows()
    now = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    rated = int(result.has_change.sum())
    period_id = conn.execute(
        "INSERT INTO periods (type, month, rules, list_source, processed_at, list_players, players_rated, "
        "first_ratings, undo) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)",
        (kind, month, result.rules, list_source, now, len(result.players), rated, len(result.first_rated))).lastrowid
    columns = ", ".join(LIST_FIELDS)
    conn.executemany(
        f"INSERT INTO players (period_id, position, {columns}) VALUES (?, ?, {', '.join('?' * len(LIST_FIELDS))})",
        ((period_id, i + 1, *[row[f] for f in LIST_FIELDS]) for i, row in enumerate(rows)))
    event_ids = []
    for number, info in enumerate(result.events, 1):
        event_ids.append(conn.execute(
            "INSERT INTO events (period_id, number, source, name, start, end, players, games, digest) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (period_id, number, info["source"], info["name"], info["start"], info["end"], info["players"],
             info["games"], info.get("digest"))).lastrowid)
    _insert_games(conn, _game_rows(result, event_ids))
    _update_pool_and_careers(conn, result, period_id)


def _game_rows(result: PeriodResult, event_ids: list[int]) -> Iterator[tuple[int, int, int, int]]:
    g = result.read_games
    if g is None:
        return
    for e, a, b, h in zip(g.a_event, g.a, g.b, g.h):
        yield event_ids[e], a + 1, b + 1, h
    for e, a, b, h in zip(g.side_event, g.side_p, g.side_o, g.side_h):
        yield event_ids[e], a + 1, b + 1, h


def _insert_games(conn: sqlite3.Connection, rows: Iterator[tuple[int, int, int, int]]) -> None:
    conn.executemany("INSERT INTO games VALUES (?, ?, ?, ?)", rows)


def _remove_pool(conn: sqlite3.Connection, period_id: int, kind: str, fids: list[int]) -> None:
    """Take players' games out of the pool, keeping them in ``pool_removed`` for an undo."""
    conn.execute("CREATE TEMP TABLE IF NOT EXISTS gone (fide_id INTEGER PRIMARY KEY)")
    conn.execute("DELETE FROM temp.gone")
    conn.executemany("INSERT OR IGNORE INTO temp.gone VALUES (?)", ((f,) for f in fids))
    conn.execute("INSERT INTO pool_removed SELECT ?, type, fide_id, month, event_key, opponent_rating, halves "
                 "FROM pool WHERE type = ? AND fide_id IN (SELECT fide_id FROM temp.gone) ORDER BY rowid",
                 (period_id, kind))
    conn.execute("DELETE FROM pool WHERE type = ? AND fide_id IN (SELECT fide_id FROM temp.gone)", (kind,))


def _update_pool_and_careers(conn: sqlite3.Connection, result: PeriodResult, period_id: int) -> None:
    kind, month = result.kind, result.period
    careers = dict(conn.execute("SELECT fide_id, games FROM careers WHERE type = ?", (kind,)).fetchall())
    first, created = [], []
    for i, entries in result.newcomer_games.items():
        fid = result.fide_id_of(i)
        if fid is None:
            continue
        if i in result.first_rated:
            first.append(fid)
        else:
            conn.executemany("INSERT INTO pool VALUES (?, ?, ?, ?, ?, ?)",
                             ((kind, fid, month, key, opp, halves) for key, opp, halves in entries))
        if fid not in careers:
            conn.execute("INSERT INTO careers VALUES (?, ?, 0, ?)", (kind, fid, month))
            careers[fid] = 0
            created.append(fid)
    # players the list now rates (rated elsewhere, or published meanwhile) need no pool any more
    index, rating = result.players.index, result.players.rating  # type: ignore[attr-defined]
    pooled = [fid for (fid,) in conn.execute("SELECT DISTINCT fide_id FROM pool WHERE type = ? AND month != ?",
                                             (kind, month))]
    done = [fid for fid in pooled if fid in index and rating[index[fid]]]
    _remove_pool(conn, period_id, kind, first + done)
    games = result.games.tolist()
    updates = [(games[i], kind, fid) for fid, i in _positions(result, careers) if games[i]]
    conn.executemany("UPDATE careers SET games = games + ? WHERE type = ? AND fide_id = ?", updates)
    new = set(created)
    added = {fid: g for g, _, fid in updates}
    conn.executemany("INSERT INTO career_added VALUES (?, ?, ?, ?, ?)",
                     ((period_id, kind, fid, added.get(fid, 0), int(fid in new)) for fid in set(added) | new))


def _positions(result: PeriodResult, careers: dict[int, int]) -> Iterator[tuple[int, int]]:
    """(FIDE ID, index) of the period's players who have a career count."""
    index = result.players.index
    n = len(result.players)
    for fid in careers:
        i = index.get(fid)
        if i is not None:
            yield fid, i
    for j, x in enumerate(result.extra):
        if x.fide_id and x.fide_id in careers:
            yield x.fide_id, n + j
