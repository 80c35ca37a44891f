"""``elo-xl period``: the whole run behind the command (the command line only parses arguments).

    elo-xl period --list LIST --month YYYY-MM [--type standard|rapid|blitz] [--rules R]
                  [--k-schedule S] [--db FILE] EVENT.trf... [--format txt|csv|xlsx|json] [-o OUT]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Callable, Iterator, Sequence

from ..errors import EloError
from ..progress import Progress
from ..rules import parse_rules
from .lists import TYPES

#: Output formats (see :mod:`elo_xl.period.output`).
FORMATS = ("txt", "csv", "xlsx", "json")

#: The rule set of each list type when --rules is not given.
TYPE_RULES = {"standard": "FIDE", "rapid": "FIDE-RAPID", "blitz": "FIDE-BLITZ"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``elo-xl period``."""
    parser.add_argument("events", metavar="EVENT.trf", nargs="+", help="the events of the month (TRF files)")
    parser.add_argument("--list", required=True, metavar="LIST",
                        help="the rating list in force: players_list_foa.txt, a single-type TXT list, the XML list or "
                             "a CSV (fide_id,name,federation,sex,title,rating,games,k,birth_year,flag)")
    parser.add_argument("--month", required=True, metavar="YYYY-MM", help="the rating period (a calendar month)")
    parser.add_argument("--type", default="standard", choices=TYPES, help="list type (default standard)")
    parser.add_argument("--rules", help="rule set (default: FIDE, or FIDE-RAPID / FIDE-BLITZ for --type rapid / "
                                        "blitz); ELO-1970, USSR-1977, LOGISTIC for national lists")
    parser.add_argument("--k-schedule", metavar="S", help="K by rating instead of the rule set's K rules, "
                                                          "e.g. 0:25,1600:20,2000:15,2400:10")
    parser.add_argument("--db", metavar="FILE", help="SQLite database keeping every processed period (pooled "
                                                     "results of unrated players, career game counts)")
    parser.add_argument("--format", choices=FORMATS, help="output format (default: from -o's extension, else txt)")
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

    >>> output_format(None, "new.xlsx"), output_format("csv", "x.out"), output_format(None, None)
    ('xlsx', 'csv', 'txt')
    """
    from ..io.formats import output_format as chosen

    return chosen(fmt, output, {f: f for f in FORMATS}, "txt")


def read_events(paths: Sequence[str], stream=None) -> Iterator[tuple[str, object]]:
    """The TRF files as (path, event), read one at a time with a progress bar on stderr; a bad
    file's message names it."""
    from ..trf import read_trf

    with Progress(len(paths), "reading events", stream) as progress:
        for path in paths:
            try:
                event = read_trf(path)
            except EloError as error:
                raise EloError(f"{path}: {error}") from None
            except OSError as error:
                raise EloError(f"{path}: cannot read the event ({error.strerror})") from None
            yield path, event
            progress.step(os.path.basename(path))


def run_command(args: argparse.Namespace, write: Callable[[str, bytes], object]) -> int:
    """Run ``elo-xl period``: rate the month, write the new list (``write(path, data)`` writes a file
    atomically), then record the period in the database. Notes and warnings go to stderr."""
    from .lists import read_list
    from .output import render
    from .run import KSchedule, month_number, month_text, rate_period

    month = month_text(month_number(args.month))
    rules = resolve_rules(args.type, args.rules)
    schedule = KSchedule.parse(args.k_schedule) if args.k_schedule else None
    fmt = output_format(args.format, args.output)
    if fmt == "xlsx" and not args.output:
        raise EloError("--format xlsx: a workbook cannot go to the terminal; give -o FILE.xlsx")
    conn = history = None
    if args.db:
        from .store import check_month, load_history, open_store

        conn = open_store(args.db)
        check_month(conn, args.type, month)
        history = load_history(conn, args.type, month, rules)
    try:
        if not Path(args.list).is_file():
            raise EloError(f"--list: {args.list} does not exist; give the rating list in force")
        rating_list = read_list(args.list, args.type)
        events = read_events(args.events)
        result = rate_period(rating_list, events, month, args.type, rules, schedule, history)
        data = render(result, fmt)
        _report(result, notes=(fmt == "txt"))
        if args.output:
            write(args.output, data)
        else:
            sys.stdout.buffer.write(data) if hasattr(sys.stdout, "buffer") else sys.stdout.write(data.decode())
            sys.stdout.flush()
        if conn is not None:
            import sqlite3

            from .store import save_period

            try:
                save_period(conn, result, os.path.basename(args.list))
            except sqlite3.Error as error:
                raise EloError(f"--db {args.db}: the period could not be recorded ({error}); the database is as "
                               "it was, the new list was written") from None
    finally:
        if conn is not None:
            conn.close()
    return 0


def _report(result, notes: bool) -> None:
    """Warnings, the players' notes (for a format without a note column) and a summary on stderr."""
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
          f"{rated} player{'s' if rated != 1 else ''} rated, {first} first rating{'s' if first != 1 else ''}",
          file=sys.stderr)
