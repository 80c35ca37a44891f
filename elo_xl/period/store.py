"""The history of rating periods in an SQLite database (``elo-xl period --db FILE``).

Each processed period is written in one transaction — its list, events, games, the results of
unrated players still pooled and the career game counts — so an interrupted run leaves the
database as it was. Periods of one list type are processed in calendar order: a month already
processed, or earlier than the last one, is refused.

Schema (``PRAGMA user_version`` = 1):

* ``periods(id, type, month, rules, list_source, processed_at)`` — one row per processed period,
  unique per (type, month).
* ``players(period_id, position, fide_id, name, federation, sex, title, birth_year, old_rating,
  old_k, games, k_used, change, new_rating, next_k, note)`` — the list used and the new list: one
  row per player in output order (``position`` from 1), the JSON output's fields.
* ``events(id, period_id, number, source, name, start, end, players, games)`` — the TRF files.
* ``games(event_id, player, opponent, halves)`` — every rated result read: ``player`` and
  ``opponent`` are ``players.position`` in the same period; ``halves`` is the player's score
  (2, 1, 0); a game listed by both players is one row, the first player's result.
* ``pool(type, fide_id, month, event_key, opponent_rating, halves)`` — the games against rated
  opponents of unrated players who have no rating yet (pooled for up to 26 months).
* ``careers(type, fide_id, games, since)`` — rated games of players who entered the database
  unrated (their whole career), for the 30-games K rule.

>>> import sqlite3
>>> conn = open_store(":memory:")
>>> check_month(conn, "standard", "2026-10")
>>> sorted(r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'"))
['careers', 'events', 'games', 'periods', 'players', 'pool']
"""

from __future__ import annotations

import datetime
import os
import sqlite3
from typing import Any, Iterator

from ..errors import EloError
from .run import History, PeriodResult, month_number, pool_months

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
"""


def open_store(path: str | os.PathLike) -> sqlite3.Connection:
    """Open (or create) a period database; transactions are managed here, not by the driver."""
    try:
        conn = sqlite3.connect(path, isolation_level=None)
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version not in (0, 1):
            raise EloError(f"{os.fspath(path)}: database version {version} is newer than this elo-xl; update elo-xl")
        conn.execute("BEGIN")
        for statement in SCHEMA.split(";"):
            if statement.strip():
                conn.execute(statement)
        conn.execute("PRAGMA user_version = 1")
        conn.execute("COMMIT")
    except sqlite3.DatabaseError as error:
        raise EloError(f"{os.fspath(path)}: not a period database ({error}); give a file made by elo-xl period --db "
                       "or a new file name") from None
    return conn


def last_month(conn: sqlite3.Connection, kind: str) -> str | None:
    """The latest month processed for this list type (None: none yet)."""
    row = conn.execute("SELECT month FROM periods WHERE type = ? ORDER BY month DESC LIMIT 1", (kind,)).fetchone()
    return row[0] if row else None


def check_month(conn: sqlite3.Connection, kind: str, month: str) -> None:
    """Refuse a month already processed, or one before the last processed month of this type.

    >>> conn = open_store(":memory:")
    >>> _ = conn.execute("INSERT INTO periods (type, month, rules, list_source, processed_at) "
    ...                  "VALUES ('standard', '2026-10', 'FIDE', 'x', 'now')")
    >>> check_month(conn, "standard", "2026-09")
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: --month: 2026-09 comes before 2026-10, the last standard period in the database; periods are processed in order
    """
    last = last_month(conn, kind)
    if last is None:
        return
    if last == month:
        raise EloError(f"--month: {kind} period {month} is already in the database; a period is processed once")
    if month_number(month) < month_number(last):
        raise EloError(f"--month: {month} comes before {last}, the last {kind} period in the database; "
                       "periods are processed in order")


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


def save_period(conn: sqlite3.Connection, result: PeriodResult, list_source: str) -> None:
    """Write a processed period, all or nothing (one transaction)."""
    kind, month = result.kind, result.period
    conn.execute("BEGIN IMMEDIATE")
    try:
        check_month(conn, kind, month)
        now = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
        period_id = conn.execute(
            "INSERT INTO periods (type, month, rules, list_source, processed_at) VALUES (?, ?, ?, ?, ?)",
            (kind, month, result.rules, list_source, now)).lastrowid
        conn.executemany(
            "INSERT INTO players VALUES (?, ?, " + ", ".join("?" * 14) + ")",
            ((period_id, i + 1, *row.values()) for i, row in enumerate(result.rows())))
        event_ids = []
        for number, info in enumerate(result.events, 1):
            event_ids.append(conn.execute(
                "INSERT INTO events (period_id, number, source, name, start, end, players, games) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (period_id, number, info["source"], info["name"], info["start"], info["end"], info["players"],
                 info["games"])).lastrowid)
        _insert_games(conn, _game_rows(result, event_ids))
        _update_pool_and_careers(conn, result)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


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


def _update_pool_and_careers(conn: sqlite3.Connection, result: PeriodResult) -> None:
    kind, month = result.kind, result.period
    careers = dict(conn.execute("SELECT fide_id, games FROM careers WHERE type = ?", (kind,)).fetchall())
    for i, entries in result.newcomer_games.items():
        fid = result.fide_id_of(i)
        if fid is None:
            continue
        if i in result.first_rated:
            conn.execute("DELETE FROM pool WHERE type = ? AND fide_id = ?", (kind, fid))
        else:
            conn.executemany("INSERT INTO pool VALUES (?, ?, ?, ?, ?, ?)",
                             ((kind, fid, month, key, opp, halves) for key, opp, halves in entries))
        if fid not in careers:
            conn.execute("INSERT INTO careers VALUES (?, ?, 0, ?)", (kind, fid, month))
            careers[fid] = 0
    # players the list now rates (rated elsewhere, or published meanwhile) need no pool any more
    index, rating = result.players.index, result.players.rating  # type: ignore[attr-defined]
    pooled = [fid for (fid,) in conn.execute("SELECT DISTINCT fide_id FROM pool WHERE type = ?", (kind,))]
    done = [(kind, fid) for fid in pooled if fid in index and rating[index[fid]]]
    conn.executemany("DELETE FROM pool WHERE type = ? AND fide_id = ?", done)
    games = result.games.tolist()
    updates = [(games[i], kind, fid) for fid, i in _positions(result, careers) if games[i]]
    conn.executemany("UPDATE careers SET games = games + ? WHERE type = ? AND fide_id = ?", updates)


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
