"""The commands on an event: ``rate`` (its rating report), ``export`` (a book to a TRF file),
``pair`` (its next round) and ``period`` (a month of events rated against a list)."""

from __future__ import annotations

import argparse
import contextlib
import os
from typing import Any

from ..errors import EloError
from ..io.formats import refuse_other_extension
from ..io.paths import not_an_input, readable_file, same_file, writable_file
from .options import start_numbers, tiebreak_options, year_option
from .output import emit, naming, plural, print_notes


def run_rate(args: argparse.Namespace) -> int:
    """``elo-xl rate EVENT``: the rating table (or CSV, JSON, an .xlsx report) of an event."""
    from ..event import load, rate_tournament
    from ..io.kfile import read_k_file

    if not args.norms:
        given = [option for option, value in (("--norms-exempt", args.norms_exempt),
                                              ("--min-games", args.min_games is not None)) if value]
        if given:
            raise EloError(f"{' and '.join(given)} {'goes' if len(given) == 1 else 'go'} with --norms")
    year_option(args.year)
    readable_file(args.event)
    if args.k_file:
        readable_file(args.k_file, "--k-file")
    if args.output is not None:
        writable_file(args.output)
        not_an_input(args.output, args.event, args.k_file)
    fmt = _rate_format(args)
    codes = tiebreak_options(args)
    event = load(args.event)
    k_file = read_k_file(args.k_file) if args.k_file else None
    with naming(args.event):  # names the file, e.g. a bad 202 record: "cup.trf: line 5 (202): …"
        if args.board_games is not None and args.board_games < 1:
            raise EloError(f"--board-games: {args.board_games} is not a number of games; give 1 or more")
        result = rate_tournament(event, args.rules, args.k, k_file, args.year, codes, args.tiebreak_rules,
                                 args.pab_in_buchholz, args.board_games)
    if args.norms:
        from ..event.norms import add_norms

        add_norms(result, event, args.norms_exempt, args.min_games)
    if args.sort is not None and fmt == "json":
        raise EloError("--sort: the JSON lists players by start number, each with its rank; use --format txt, csv "
                       "or xlsx to list them by rank")
    data = _rate_output(fmt, result, args.sort)
    if args.output is not None:
        summary = (f"{args.output}: rating report ({'table' if fmt == 'txt' else fmt}), "
                   f"{plural(result.event['players'], 'player')}, {plural(result.event['rounds'], 'round')}, "
                   f"{result.event['rules']}")
    if fmt != "txt":
        print_notes(result.notes)
    emit(data, args.output)
    if args.output is not None:
        print(summary)
    return 0


#: ``rate -o``: the format each extension means (anything else: --format, else the table);
#: the formats are named as ``period``'s are, by their extension.
RATE_FORMATS = {"txt": "txt", "csv": "csv", "json": "json", "xlsx": "xlsx"}
#: ``rate --format``: each spelling taken → the format (``table``, the name it had, for ``txt``).
RATE_FORMAT_ALIASES = {**RATE_FORMATS, "table": "txt"}


def _rate_format(args: argparse.Namespace) -> str:
    """The format ``rate`` writes: -o's extension, --format (which must agree), else table."""
    from ..io.formats import output_format

    fmt = output_format(args.format, args.output, RATE_FORMATS, "txt", "rate")
    if fmt == "xlsx" and args.output is None:
        raise EloError("--format xlsx: a workbook cannot go to the terminal; give -o FILE.xlsx")
    return fmt


def _rate_output(fmt: str, result: Any, sort: str | None = None) -> str | bytes:
    """The report in one format: text for txt (the table), csv, json; the bytes of an .xlsx report;
    ``sort`` (``rank``, ``number``; None: each format's default) orders the players."""
    from .. import report

    if fmt == "xlsx":
        from ..workbook.rating_report import as_xlsx

        return as_xlsx(result, sort or "rank")
    if fmt == "json":
        return report.as_json(result)
    return {"txt": report.as_text, "csv": report.as_csv}[fmt](result, sort or ("rank" if fmt == "txt" else "number"))


def run_export(args: argparse.Namespace) -> int:
    """``elo-xl export BOOK -o OUT.trf``: a TRF file from what was typed into a Swiss, round-robin or team workbook."""
    from ..export import book_to_trf

    readable_file(args.book)
    writable_file(args.output)
    not_an_input(args.output, args.book)
    refuse_other_extension(args.output, "export", "a TRF file", ("trf", "txt"), ".trf")
    notes: list[str] = []
    text = book_to_trf(args.book, tiebreak_options(args), args.tiebreak_rules, notes)
    try:
        summary = trf_summary(args.output, text)  # reads the TRF back before anything is written
    except EloError as error:  # what the book's cells did not show: told with the book's name
        raise EloError(f"{args.book}: the TRF file would not be valid: {error}") from None
    emit(text, args.output)
    print(summary)
    print_notes(notes)
    return 0


def trf_summary(path: str, text: str) -> str:
    """The one line ``export`` prints about the TRF it wrote.

    >>> from elo_xl.io.trf_format import EXAMPLE
    >>> trf_summary("cup.trf", EXAMPLE)
    'cup.trf: TRF, 4 players, 3 rounds (3 played)'
    >>> trf_summary("cup.trf", EXAMPLE.replace("3 w -", "3 w  ").replace("2 b +", "2 b  "))  # round 3 without its result
    'cup.trf: TRF, 4 players, 3 rounds (2 played, 1 paired)'
    """
    from ..games import progress_text, rounds_progress
    from ..io.trf_read import parse_trf

    event = parse_trf(text)
    # byes asked for a round nobody has played do not make it paired; a paired round is played once its games have results
    counts = progress_text(*rounds_progress(event.pairings(), event.results()))
    return f"{path}: TRF, {plural(len(event.players), 'player')}, {plural(event.rounds, 'round')} ({counts})"


def run_pair(args: argparse.Namespace) -> int:
    """``elo-xl pair EVENT [-o OUT]``: the next round paired, printed, and written with -o."""
    from ..io.hold import hold
    from ..pair import ROUND_ROBIN_BOOK, pair_event, pairing_list

    absent = start_numbers(args.absent, "--absent") if args.absent else []
    if args.replace and args.round_ is None:
        raise EloError("--replace goes with --round N: name the round to pair again")
    if args.rounds is not None and args.rounds < 1:
        raise EloError(f"--rounds {args.rounds}: give the number of rounds, 1 or more")
    if args.output is not None:
        writable_file(args.output)
    colour = {"white": "w", "black": "b", None: None}[args.first_colour]
    with hold(args.output, "pair") if args.output is not None else contextlib.nullcontext() as held:
        in_place = held is not None and held.data is not None and same_file(args.event, args.output)
        result = pair_event(args.event, output=args.output, round_=args.round_, replace=args.replace,
                            first_colour=colour, rounds=args.rounds, absent=absent,
                            data=held.data if in_place else None)
        if held is not None and result.data is not None and getattr(result, "kind", None) != ROUND_ROBIN_BOOK:
            held.replace(result.data)
    from ..pair_teams import TeamPairResult, team_pairing_list

    if isinstance(result, TeamPairResult):
        print_notes([f"{args.event}: {note}" for note in result.notes])
        print(team_pairing_list(result))
        if args.output is not None:
            print(f"{args.output}: round {result.pairing.round} written")
        else:
            print(f"nothing written; give -o FILE (it may be {os.path.basename(args.event)} itself) to write "
                  f"round {result.pairing.round}")
        return 0
    from ..io.trf_points import unfilled_note

    unfilled = result.kind == "trf" and result.before.origin is not None and not result.before.origin.points_filled
    from ..workbook.kept_trf import in_book

    kept = result.before.origin if result.kind != "trf" else None  # a book's kept line named by its cell
    print_notes(([unfilled_note(args.event)] if unfilled else [])
                + [in_book(args.event, note, kept) for note in result.pairing.notes])
    listing = pairing_list(result.before, result.pairing)
    if result.kind == ROUND_ROBIN_BOOK:
        print(listing)
        print(f"{os.path.basename(args.event)}: its Schedule sheet lists round {result.pairing.round}; type the "
              "results in its crosstable")
    elif args.output is not None and result.data is not None:
        print(listing)
        print(f"{args.output}: round {result.pairing.round} written")
    else:
        print(listing)
        print(f"nothing written; give -o FILE (it may be {os.path.basename(args.event)} itself) to write "
              f"round {result.pairing.round}")
    return 0


def run_period(args: argparse.Namespace) -> int:
    """``elo-xl period``: a rating period's new list (all the work is in :mod:`elo_xl.period`)."""
    from ..period.command import run_command
    from ..workbook.archive import write_atomically
    from ..workbook.period_list import as_xlsx

    return run_command(args, write_atomically, as_xlsx)
