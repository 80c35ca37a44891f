"""``elo-xl period``: the whole run behind the command (the command line only parses arguments).

    elo-xl period --list LIST --month YYYY-MM [--type standard|rapid|blitz] [--rules R]
                  [--k-schedule LIST] [--db FILE [--replace] [--wait SECONDS]] [--strict | --allow-dates]
                  EVENT.trf...
                  [--format txt|csv|json|xlsx] [--lang en|vi|ar|ru] [-o OUT]
    elo-xl period --db FILE --history
    elo-xl period --db FILE --show YYYY-MM [--type T] [-o LIST.txt|csv|json|xlsx]
    elo-xl period --db FILE --drop YYYY-MM [--type T]

With ``--db`` the database is taken for writing before the history is read and kept until the
period is recorded (:mod:`elo_xl.period.store`). Everything that can refuse comes before
anything is written: the list is rated and rendered, the output path checked, the period
recorded (one transaction), and only then the new list written. Should that last step fail (or
Ctrl-C come), the message says the period is recorded and how to write its list (``--show``).
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
from pathlib import Path
from typing import Callable, Iterator, Sequence

from ..errors import EloError
from ..io.formats import format_name
from ..io.paths import writable_file
from ..progress import Progress
from ..languages import LANGUAGES
from ..rules import parse_rules
from .lists import TYPES

#: Output formats (see :mod:`elo_xl.period.output`), named by their extension as ``rate``'s are.
FORMATS = ("txt", "csv", "json", "xlsx")
#: ``--format``: each spelling taken → the format (``table``, ``rate``'s old name for txt, too).
FORMAT_ALIASES = {**{f: f for f in FORMATS}, "table": "txt"}

#: The rule set of each list type when --rules is not given.
TYPE_RULES = {"standard": "FIDE", "rapid": "FIDE-RAPID", "blitz": "FIDE-BLITZ"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``elo-xl period``."""
    parser.add_argument("events", metavar="EVENT.trf", nargs="*", help="the events of the month (TRF files)")
    parser.add_argument("--list", metavar="LIST",
                        help="the rating list in force: players_list_foa.txt, a single-type TXT list, the XML list, "
                             "a CSV (fide_id,name,federation,sex,title,rating,games,k,birth_year,flag) or a list "
                             "written by elo-xl period (txt, csv or xlsx); with --db, leave it out to carry on from "
                             "the last list stored there")
    parser.add_argument("--month", metavar="YYYY-MM", help="the rating period (a calendar month)")
    parser.add_argument("--type", default="standard", choices=TYPES, help="list type (default standard)")
    parser.add_argument("--rules", help="rule set (default: FIDE, or FIDE-RAPID / FIDE-BLITZ for --type rapid / "
                                        "blitz); ELO-1970, USSR-1977, LOGISTIC for national lists")
    parser.add_argument("--k-schedule", metavar="LIST", help="K by rating instead of the rule set's K rules, "
                                                          "e.g. 0:25,1600:20,2000:15,2400:10")
    parser.add_argument("--db", metavar="FILE", help="SQLite database keeping every processed period (pooled "
                                                     "results of unrated players, career game counts)")
    parser.add_argument("--history", action="store_true", help="list the periods stored in --db")
    parser.add_argument("--show", metavar="YYYY-MM", help="write a stored period's new list (with -o, any format)")
    parser.add_argument("--replace", action="store_true",
                        help="re-run the last period of this type in --db (the same --month), replacing it")
    parser.add_argument("--drop", metavar="YYYY-MM", help="remove the last period of this type from --db")
    parser.add_argument("--wait", metavar="SECONDS", type=float, default=60.0,
                        help="seconds to wait for another run using --db (default 60)")
    dates = parser.add_mutually_exclusive_group()
    dates.add_argument("--strict", action="store_true",
                       help="refuse an event that ends outside --month, even one reported a month late")
    dates.add_argument("--allow-dates", action="store_true",
                       help="rate an event that ends outside --month all the same (a warning)")
    parser.add_argument("--format", choices=FORMATS, type=format_name(FORMAT_ALIASES),
                        help="output format: txt FIDE's layout, csv, json, xlsx ('table' is taken for txt); default: "
                             "from -o's extension, else txt")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the .xlsx list (default en)")
    parser.add_argument("-o", "--output", metavar="OUT", help="write to this file instead of standard output")


def resolve_rules(kind: str, rules: str | None):
    """The rule set of a run: ``--rules``, else the list type's.

    >>> resolve_rules("standard", None).name, resolve_rules("blitz", None).name
    ('FIDE', 'FIDE-BLITZ')
    >>> resolve_rules("blitz", "FIDE-2024").name
    'FIDE-2024'
    """
    return parse_rules(rules if rules else TYPE_RULES[kind])


def output_format(fmt: str | None, output: str | None) -> str:
    """The output file's extension, else ``--format``, else txt; a ``--format`` contradicting
    the extension is an error (:func:`elo_xl.io.formats.output_format`).

    >>> output_format(None, "new.xlsx"), output_format("csv", None), output_format(None, None)
    ('xlsx', 'csv', 'txt')
    """
    from ..io.formats import output_format as chosen

    return chosen(fmt, output, {f: f for f in FORMATS}, "txt", "period")


def read_events(paths: Sequence[str], stream=None, notes: list[str] | None = None) -> Iterator[tuple[str, object]]:
    """The TRF files as (path, event), read one at a time with a progress bar on stderr; a bad
    file's message names it. ``notes`` gains one line for each file whose points column is not
    filled (:func:`elo_xl.io.trf_points.filled`), naming it.

    >>> import os, tempfile
    >>> from elo_xl.io.trf_format import EXAMPLE
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = os.path.join(folder, "cup.trf")
    ...     with open(path, "w", encoding="utf-8") as f:
    ...         _ = f.write("\\n".join(line[:80] + " 0.0" + line[84:] if line.startswith("001") else line
    ...                               for line in EXAMPLE.split("\\n")))
    ...     notes = []
    ...     events = list(read_events([path], notes=notes))
    >>> len(events), notes[0].startswith(path + ": the points column (columns 81–84) is 0 on every line")
    (1, True)
    """
    from ..io import read_trf
    from ..io.trf_points import unfilled_note

    with Progress(len(paths), "reading events", stream) as progress:
        for path in paths:
            try:
                event = read_trf(path, refuse=True)  # the points compared once, as the reader reads them
            except EloError as error:  # named once: the reader names the file by its base name
                message, base = str(error), os.path.basename(path)
                named = path + message[len(base):] if base and message.startswith(base) else f"{path}: {message}"
                raise EloError(named) from None
            except OSError as error:
                raise EloError(f"{path}: cannot read the event ({error.strerror})") from None
            if notes is not None and not event.points_filled:
                notes.append(unfilled_note(path))
            yield path, event
            progress.step(os.path.basename(path))


def _emit(args: argparse.Namespace, write: Callable[[str, bytes], object], data: bytes) -> None:
    if args.output:
        write(args.output, data)
    else:
        out = getattr(sys.stdout, "buffer", None)
        out.write(data) if out is not None else sys.stdout.write(data.decode())
        sys.stdout.flush()


def _only(args: argparse.Namespace, mode: str, allowed: set[str]) -> None:
    """Refuse options that do not go with a mode (--history, --show, --drop)."""
    given = {"--list": args.list, "--month": args.month, "--rules": args.rules, "--k-schedule": args.k_schedule,
             "--replace": args.replace, "--strict": args.strict, "--allow-dates": args.allow_dates,
             "EVENT.trf": args.events}
    wrong = [name for name, value in given.items() if value and name not in allowed]
    if wrong:
        raise EloError(f"{mode} does not take {', '.join(wrong)}; it reads the database only")
    if not args.db:
        raise EloError(f"{mode} needs --db FILE, the database of the periods")


def run_command(args: argparse.Namespace, write: Callable[[str, bytes], object], xlsx=None) -> int:
    """Run ``elo-xl period``: rate the month (or read the database: --history, --show, --drop) and
    write the new list (``write(path, data)`` writes a file atomically; ``xlsx(head, rows, lang)``
    makes the .xlsx list). Notes and warnings go to stderr."""
    modes = [m for m, on in (("--history", args.history), ("--show", args.show), ("--drop", args.drop)) if on]
    if len(modes) > 1:
        raise EloError(f"{' and '.join(modes)}: give one of them at a time")
    if args.history:
        _only(args, "--history", set())
        return _history(args)
    if args.show:
        _only(args, "--show", set())
        return _show(args, write, xlsx)
    if args.drop:
        _only(args, "--drop", set())
        return _drop(args)
    return _rate(args, write, xlsx)


def _rate(args: argparse.Namespace, write: Callable[[str, bytes], object], xlsx) -> int:
    """Rate a month: the list in force (``--list``, or with ``--db`` alone the last list stored
    there), the events, the new list written and, with ``--db``, recorded."""
    from .run import KSchedule, month_number, month_text

    if not (args.list or args.db) or not args.month or not args.events:
        missing = [n for n, v in (("--list LIST", args.list or args.db), ("--month YYYY-MM", args.month),
                                  ("EVENT.trf", args.events)) if not v]
        raise EloError(f"period: give {', '.join(missing)} (to read a database: --db FILE --history, "
                       "or --show YYYY-MM)")
    if args.replace and not args.db:
        raise EloError("--replace goes with --db FILE: it replaces the last period stored there")
    month = month_text(month_number(args.month))
    rules = resolve_rules(args.type, args.rules)
    schedule = KSchedule.parse(args.k_schedule) if args.k_schedule else None
    fmt = output_format(args.format, args.output)
    if fmt == "xlsx" and not args.output:
        raise EloError("--format xlsx: a workbook cannot go to the terminal; give -o FILE.xlsx")
    carried = None
    if not args.list:  # --db alone: the list in force is the last one stored before the month
        carried = _stored_list_in_force(args.db, args.type, month)
        args.list = str(carried[0])
    elif not Path(args.list).is_file():
        raise EloError(f"--list: {args.list} does not exist; give the rating list in force")
    try:
        return _rate_month(args, write, xlsx, month, rules, schedule, fmt, carried)
    finally:
        if carried is not None:
            carried[0].unlink(missing_ok=True)


def _stored_list_in_force(db: str, kind: str, month: str) -> tuple[Path, str]:
    """The list a database's last stored period of ``kind`` before ``month`` wrote, as a CSV
    file to read with --list (the chain `--show -o LIST.csv`, then `--list LIST.csv`, in one
    step), and the month it came from."""
    import tempfile

    from .output import render
    from .store import months, open_for_reading, stored_list

    if not Path(db).exists():
        raise EloError(f"--db {db}: no such database to carry on from; give the rating list in force with --list "
                       "LIST (the first month rated with --db creates the database)")
    conn = open_for_reading(db)
    try:
        before = [m for m in months(conn, kind) if m < month]
        if not before:
            raise EloError(f"--db {db}: no {kind} period before {month} is stored there to carry on from; give the "
                           "rating list in force with --list LIST")
        head, rows = stored_list(conn, kind, before[-1])
    finally:
        conn.close()
    descriptor, name = tempfile.mkstemp(prefix="elo-xl-list-", suffix=".csv")
    with os.fdopen(descriptor, "wb") as stream:
        stream.write(render(head, rows, "csv"))
    print(f"elo-xl: --list: the {kind} list of {before[-1]} stored in {db} ({len(rows)} players)", file=sys.stderr)
    return Path(name), before[-1]


def _rate_month(args: argparse.Namespace, write: Callable[[str, bytes], object], xlsx, month: str, rules, schedule,
                fmt: str, carried: tuple[Path, str] | None) -> int:
    """:func:`_run`'s rating of the month, the list in force read from ``args.list``."""
    from . import store
    from .lists import read_list
    from .output import head_of, month_convention, render
    from .run import History, rate_period

    source = f"{os.path.basename(str(args.db))} ({carried[1]})" if carried else os.path.basename(args.list)
    conn = None
    history = History()
    recorded = False
    try:
        if args.db:
            conn = store.open_for_writing(args.db, args.wait)
            store.check_month(conn, args.type, month, replace=args.replace)
            if args.replace:
                store.drop_period(conn, args.type, month)
            history = store.load_history(conn, args.type, month, rules)
            history.events = store.rated_events(conn, args.type)
        rating_list = read_list(args.list, args.type)
        read_notes: list[str] = []
        events = read_events(args.events, notes=read_notes)
        result = rate_period(rating_list, events, month, args.type, rules, schedule, history, strict=args.strict,
                             allow_dates=args.allow_dates)
        # the rows are made again for the database: holding 200,000 of them would cost 100 MB
        rows = list(result.list_rows()) if fmt == "xlsx" else result.list_rows()
        data = render(head_of(result), rows, fmt, xlsx, args.lang)
        if args.output:
            writable_file(args.output)  # a bad -o is refused before the period is recorded
        if conn is not None:
            try:
                store.save_period(conn, result, source, rows if fmt == "xlsx" else None)
                store.commit(conn)
            except sqlite3.Error as error:
                store.rollback(conn)
                raise EloError(f"--db {store.cause(error, args.db)}; the period was not recorded (the database is as "
                               "it was) and nothing was written") from None
            recorded = True
        _report(result, notes=(fmt == "txt"), convention=month_convention(result.period), files=read_notes)
        if fmt == "txt":
            _txt_left_out(result)
        if args.replace:
            print(f"elo-xl: {args.type} period {month} replaced in {args.db}", file=sys.stderr)
        _emit(args, write, data)
    except (EloError, OSError, KeyboardInterrupt) as error:
        if conn is not None:
            store.rollback(conn)
        if not recorded or isinstance(error, BrokenPipeError):
            raise
        # the period is in the database, its list was not written: --show writes it
        why = "interrupted" if isinstance(error, KeyboardInterrupt) else str(error).removeprefix("elo-xl: ")
        print(f"elo-xl: {why}: the period {month} was recorded in {args.db}, but its new list was not written; "
              f"write it with elo-xl period --db {args.db} --show {month} --type {args.type} -o FILE", file=sys.stderr)
        return 130 if isinstance(error, KeyboardInterrupt) else 2
    finally:
        if conn is not None:
            store.rollback(conn)
            conn.close()
    return 0


def _history(args: argparse.Namespace) -> int:
    from .store import history, open_for_reading

    conn = open_for_reading(args.db)
    try:
        rows = history(conn)
    finally:
        conn.close()
    if args.format == "json":
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    if not rows:
        print(f"{args.db}: no periods yet")
        return 0
    heads = ("type", "month", "rules", "events", "players", "rated", "first ratings", "processed (UTC)", "list")
    keys = ("type", "month", "rules", "events", "players", "rated", "first_ratings", "processed_at", "list_source")
    table = [heads] + [tuple("" if r[k] is None else str(r[k]) for k in keys) for r in rows]
    widths = [max(len(row[c]) for row in table) for c in range(len(heads))]
    numeric = {3, 4, 5, 6}
    for row in table:
        print("  ".join(cell.rjust(w) if c in numeric else cell.ljust(w)
                        for c, (cell, w) in enumerate(zip(row, widths))).rstrip())
    return 0


def _show(args: argparse.Namespace, write: Callable[[str, bytes], object], xlsx) -> int:
    from .output import render
    from .run import month_number, month_text
    from .store import open_for_reading, stored_list

    month = month_text(month_number(args.show, "--show"))
    fmt = output_format(args.format, args.output)
    if fmt == "xlsx" and not args.output:
        raise EloError("--format xlsx: a workbook cannot go to the terminal; give -o FILE.xlsx")
    conn = open_for_reading(args.db)
    try:
        head, rows = stored_list(conn, args.type, month)
    finally:
        conn.close()
    _emit(args, write, render(head, rows, fmt, xlsx, args.lang))
    if args.output:  # a command that writes a file says so
        print(f"elo-xl: period {month} ({args.type}): the stored list written to {args.output} ({fmt}), "
              f"{len(rows)} player{'s' if len(rows) != 1 else ''}", file=sys.stderr)
    return 0


def _drop(args: argparse.Namespace) -> int:
    from . import store
    from .run import month_number, month_text

    month = month_text(month_number(args.drop, "--drop"))
    conn = store.open_for_writing(args.db, args.wait)
    try:
        store.drop_period(conn, args.type, month)
        store.commit(conn)
    except sqlite3.Error as error:
        raise EloError(f"--db {store.cause(error, args.db)}; nothing was removed") from None
    finally:
        store.rollback(conn)
        conn.close()
    print(f"elo-xl: {args.type} period {month} removed from {args.db}; the next period to rate is {month} again",
          file=sys.stderr)
    return 0


def _txt_left_out(result) -> None:
    """Warn about the players newly rated without a FIDE ID: FIDE's TXT layout has no line for
    them, so a TXT list given as next month's ``--list`` would rate them as unrated again."""
    n = len(result.players)
    new = result.new_rating
    names = [x.name for j, x in enumerate(result.extra) if not x.fide_id and new[n + j]]
    if names:
        shown = ", ".join(names[:10]) + (f" and {len(names) - 10} more" if len(names) > 10 else "")
        print(f"elo-xl: warning: {len(names)} player{'s' if len(names) > 1 else ''} rated for the first time "
              f"without a FIDE ID ({shown}) cannot stand in a TXT list (FIDE's layout needs the ID); write the list "
              "as .csv or .xlsx to carry them into next month's --list", file=sys.stderr)


def _report(result, notes: bool, convention: str = "", files: Sequence[str] = ()) -> None:
    """The notes on the files read (``files``), warnings, the players' notes (for a format without
    a note column) and a summary on stderr."""
    for note in files:
        print(f"elo-xl: note: {note}", file=sys.stderr)
    for w in result.warnings:
        print(f"elo-xl: warning: {w}", file=sys.stderr)
    if notes:
        for row in result.rows():
            if row["note"]:
                who = row["name"] + (f" ({row['fide_id']})" if row["fide_id"] else "")
                print(f"elo-xl: note: {who}: {row['note']}", file=sys.stderr)
    rated = int((result.has_change).sum())
    first = len(result.first_rated)
    events = len(result.events)
    print(f"elo-xl: period {result.period} ({result.kind}, {result.rules}): {events} event{'s' if events != 1 else ''}, "
          f"{rated} player{'s' if rated != 1 else ''} rated, {first} first rating{'s' if first != 1 else ''}"
          + (f"; {convention}" if convention else ""), file=sys.stderr)
