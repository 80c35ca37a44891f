"""The commands on books: ``workbook`` (a ready-made book, prefilled from an event with
``--from``), ``functions`` (the Excel functions added to a book) and ``recalc`` (a book's values
stored by LibreOffice)."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ..errors import EloError, escaped
from ..io.formats import refuse_other_extension
from ..io.paths import Outputs, not_an_input, readable_file, same_file, writable_file, writable_folder
from ..io.staged import write_folder
from ..languages import LANGUAGES
from ..games import progress_text, rounds_progress
from ..workbook import KINDS, Kind
from .options import rules_options, year_option
from .output import naming, plural, print_notes


def workbook_options(kinds: dict[str, Kind]) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Where each ``workbook`` option applies: option → (its attribute, the kinds that take it, in
    the order of ``kinds``), read from the kinds' records (:class:`~elo_xl.workbook.Kind`). A new
    option of ``workbook`` gets a row here (and the records a field, when none says where it
    applies); options of the other commands apply to every use of their command.

    >>> workbook_options(KINDS)["--double"], workbook_options(KINDS)["--players"]
    (('double', ('round-robin',)), ('players', ('round-robin', 'swiss')))
    """
    def taking(takes: Callable[[Kind], bool]) -> tuple[str, ...]:
        return tuple(name for name, kind in kinds.items() if takes(kind))

    def sized(option: str) -> tuple[str, ...]:
        return taking(lambda kind: any(size.option == option for size in kind.sizes))

    return {
        "--lang": ("lang", taking(lambda kind: True)),
        "--rules": ("rules", taking(lambda kind: kind.rated)),
        "--players": ("players", sized("players")),
        "--rounds": ("rounds", sized("rounds")),
        "--games": ("games", sized("games")),
        "--teams": ("teams", sized("teams")),
        "--boards": ("boards", sized("boards")),
        "--from": ("source", taking(lambda kind: kind.from_event or kind.team_file)),
        "--k": ("k", taking(lambda kind: kind.from_event)),
        "--k-file": ("k_file", taking(lambda kind: kind.from_event)),
        "--year": ("year", taking(lambda kind: kind.from_event)),
        "--values": ("values", taking(lambda kind: True)),
        "--double": ("double", taking(lambda kind: kind.double)),
        "--reverse": ("reverse", taking(lambda kind: kind.double)),
    }


#: ``workbook all``: every kind of book in every language, into a folder.
ALL_KINDS = "all"
#: What ``workbook`` takes for KIND: every kind of :data:`~elo_xl.workbook.KINDS`, then ``all``.
KIND_CHOICES = (*KINDS, ALL_KINDS)

#: Where each ``workbook`` option applies (:func:`workbook_options` of the kinds of book). An
#: option given for any other kind is an error that names it: no option is ignored.
WORKBOOK_OPTIONS = workbook_options(KINDS)
#: Options that only go with ``--from EVENT``, and options whose value ``--from`` sets.
WITH_FROM = ("--k", "--k-file", "--year")
SET_BY_FROM = ("--players", "--rounds", "--teams", "--boards", "--double", "--reverse")


def check_workbook_options(args: argparse.Namespace) -> None:
    """Refuse every ``workbook`` option given where it does not apply (see :data:`WORKBOOK_OPTIONS`).

    >>> from elo_xl.cli import build_parser
    >>> check_workbook_options(build_parser().parse_args(["workbook", "player", "--players", "5", "-o", "p.xlsx"]))
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: --players does not apply to a player book; it goes with round-robin, swiss
    """
    given = [option for option, (dest, _) in WORKBOOK_OPTIONS.items() if getattr(args, dest) not in (None, False)]
    for option in given:
        kinds = WORKBOOK_OPTIONS[option][1]
        if args.kind not in kinds:
            what = "'workbook all' (every kind in every language at its default size)" if args.kind == ALL_KINDS \
                else f"a {args.kind} book"
            raise EloError(f"{option} does not apply to {what}; it goes with {', '.join(kinds)}")
    if "--from" in given:
        for option in SET_BY_FROM:
            if option in given and option in ("--double", "--reverse"):
                raise EloError(f"{option} does not apply with --from: the event's own schedule is used (a double "
                               "round robin as its 192 record or its rounds say)")
            if option in given and args.kind != "swiss":
                raise EloError(f"{option} does not apply with --from: the event's own size is used")
    else:
        for option in WITH_FROM:
            if option in given:
                raise EloError(f"{option} goes with --from EVENT (the K and year of a prefilled book)")


def run_workbook(args: argparse.Namespace) -> int:
    """``elo-xl workbook KIND -o FILE``: write a ready-made workbook (prefilled with --from)."""
    from .. import workbook
    from ..progress import Progress

    check_workbook_options(args)
    outputs = Outputs()
    if args.kind == ALL_KINDS:
        folder = writable_folder(args.output)
        kinds = [(kind, lang) for kind in workbook.KINDS for lang in LANGUAGES]
        books = {}
        with Progress(len(kinds), "writing workbooks") as progress:
            for kind, lang in kinds:
                books[f"{kind}-{lang}.xlsx"] = workbook.build(kind, lang)
                progress.step(f"{kind}-{lang}.xlsx")
        write_folder(folder, books)  # all or none, also when killed
        print(f"{args.output}: {len(kinds)} workbooks ({', '.join(workbook.KINDS)}; in {', '.join(LANGUAGES)})")
        return 0
    else:
        options: dict[str, Any] = dict(players=args.players, rounds=args.rounds, games=args.games)
        if args.kind == "team":
            options.update(teams=args.teams, boards=args.boards)
        if args.double or args.reverse:
            options.update(double=args.double, reverse=args.reverse)
        if KINDS[args.kind].rated:
            options.update(rules_options(args.rules or "FIDE"))
        for path, option in ((args.source, "--from"), (args.k_file, "--k-file")):
            if path:
                readable_file(path, option)
        writable_file(args.output)
        not_an_input(args.output, args.source, args.k_file)
        refuse_other_extension(args.output, "workbook", "an .xlsx workbook", ("xlsx",))
        notes: list[str] = []
        if args.source:
            options.update(_prefill(args, notes))
        data = workbook.build(args.kind, args.lang or "en", **options)
        if args.values:
            from ..progress import Waiting

            with Waiting(f"computing the values of {os.path.basename(args.output)} in LibreOffice"):
                data = workbook.with_values(data)
        outputs.add(args.output, data)
        outputs.commit()
        print_notes(notes)
    print(book_summary(args.output, args.kind, options, args.lang or "en"))
    return 0



def book_summary(path: str, kind: str, options: dict[str, Any], lang: str = "en") -> str:
    """The one line ``workbook`` prints about the book it wrote.

    >>> book_summary("gros.xlsx", "swiss", {"players": 52, "rounds": 9, "rules": "FIDE", "prefill": {"results": [
    ...     ["1", "0", "1", "=", "H", None, None, None, None]] * 52, "pairings": [[2, 3, 4, 5, None, None, None, None, None]]}})
    'gros.xlsx: Swiss book, 52 players, 9 rounds (4 played), FIDE'
    >>> book_summary("open.xlsx", "swiss", {"players": 20, "rounds": 9, "rules": "FIDE", "prefill": {
    ...     "name": ["Ann", "Bob"], "results": [[None] * 9] * 2}})
    'open.xlsx: Swiss book, 2 players (rows for 20), 9 rounds (0 played), FIDE'
    >>> book_summary("r5.xlsx", "swiss", {"players": 2, "rounds": 7, "rules": "FIDE", "prefill": {
    ...     "results": [["1", None] + [None] * 5, ["0", None] + [None] * 5], "pairings": [[2, 2] + [None] * 5, [1, 1] + [None] * 5]}})
    'r5.xlsx: Swiss book, 2 players, 7 rounds (1 played, 1 paired), FIDE'
    >>> book_summary("dd.xlsx", "round-robin", {"players": 6, "double": True, "reverse": True, "rules": "FIDE"})
    "dd.xlsx: round-robin book, 6 players, double round robin, the first cycle's last two rounds exchanged, FIDE"
    >>> book_summary("p.xlsx", "player", {"games": None, "rules": "FIDE"}, "vi")
    'p.xlsx: player calculator, 40 game rows, FIDE, in vi'
    """
    from ..workbook import sizes

    size = sizes(kind, **{option: options.get(option) for option, *_ in KINDS[kind].sizes})
    parts = [KINDS[kind].label]
    if "players" in size:
        prefill = options.get("prefill") or {}
        entered = len(prefill.get("name") or prefill.get("names") or [])
        rows = f" (rows for {size['players']})" if entered and entered < size["players"] else ""
        parts.append(f"{entered or size['players']} players{rows}")
    prefill = options.get("prefill") or {}
    for option in ("teams", "boards"):
        if option in size:
            parts.append(plural(size[option], option[:-1]))
    if options.get("double"):
        order = ", the first cycle's last two rounds exchanged" if options.get("reverse") else ""
        parts.append(f"double round robin{order}")
    if "rounds" in size and "teams" in size:
        played = sum(1 for rows in prefill.get("rounds") or [] if any(row[5] for row in rows))
        parts.append(plural(size["rounds"], "round") + (f" ({played} with results)" if prefill else ""))
    elif "rounds" in size:
        results = prefill.get("results") or []
        pairings = prefill.get("pairings") or [[None] * len(row) for row in results]
        counts = progress_text(*rounds_progress(pairings, results))  # a bye asked for pairs nothing
        parts.append(plural(size["rounds"], "round") + (f" ({counts})" if options.get("prefill") else ""))
    if "games" in size:
        parts.append(plural(size["games"], KINDS[kind].sizes[0].unit))
    if options.get("rules"):
        parts.append(str(options["rules"]) + (f" {options['scale']}" if options.get("scale", 400) != 400 else ""))
    if lang != "en":
        parts.append(f"in {lang}")
    return f"{path}: {', '.join(parts)}"


def _prefill(args: argparse.Namespace, notes: list[str]) -> dict[str, Any]:
    """Workbook options from ``--from EVENT``: sizes, event data and the inputs with rate's K;
    what the reader read otherwise than written goes to ``notes``."""
    from ..event import load, resolve_k
    from ..io.kfile import read_k_file
    from ..workbook.prefill import event_fields, round_robin_prefill, scoring_note, swiss_prefill
    from ..rules import parse_rules

    if args.kind == "team":
        return _team_prefill(args)
    year_option(args.year)
    event = load(args.source)
    notes.extend(event.notes)
    rules = parse_rules(args.rules or "FIDE")
    k_file = read_k_file(args.k_file) if args.k_file else None
    with naming(args.source):  # what its records say, e.g. a bad 162 record: "cup.trf: line 9, …"
        notes.extend(scoring_note(event))
        ks = resolve_k(event, rules, args.k, k_file, args.year)
    options: dict[str, Any] = {"players": len(event.entrants), "event": event_fields(event)}
    event_rounds = None
    with naming(f"--from {args.source}"):
        if args.kind == "swiss":
            options["rounds"] = event_rounds = max(1, len(event.pairings[0]) if event.pairings else 0)
            # a Swiss book may be made larger than the event: rows for late entries, more rounds
            for option, key, what in (("--players", "players", "players"), ("--rounds", "rounds", "rounds")):
                wanted = getattr(args, key)
                if wanted is not None:
                    if wanted < options[key]:
                        raise EloError(f"{option} {wanted}: {args.source} has {options[key]} {what}; give at least "
                                       f"{options[key]} (more leaves room for late entries and rounds), or leave "
                                       f"{option} out")
                    options[key] = wanted
            options["prefill"] = swiss_prefill(event, ks)
        else:
            options["prefill"] = round_robin_prefill(event, ks)
            if event.pairings is not None:
                from ..event.pairings import round_robin_schedule

                options["double"], options["reverse"] = round_robin_schedule(event)
    _event_size(args.source, args.kind, len(event.entrants), event_rounds)
    return options


def _team_prefill(args: argparse.Namespace) -> dict[str, Any]:
    """Workbook options from ``--from TEAMFILE``: the sizes, the event data, the teams, rosters
    and board games (:func:`~elo_xl.workbook.team_prefill.team_prefill`)."""
    from ..event import load
    from ..event.teams import is_team_file
    from ..workbook.prefill import event_fields
    from ..workbook.team_prefill import team_prefill

    event = load(args.source)  # read once: its origin is the parsed team file
    if event.origin is None or not is_team_file(event.origin):
        raise EloError(f"--from {args.source}: the file has no teams (310 or 013 records); a team book is made "
                       "from a team file")
    with naming(f"--from {args.source}"):
        size, prefill = team_prefill(event.origin)
    for option in KINDS["team"].sizes:
        count = size[option.option]
        if not option.low <= count <= option.high:
            raise EloError(f"--from {args.source}: the event has {plural(count, option.unit)}; a team book holds "
                           f"{option.low} to {option.high}")
    return {**size, "event": event_fields(event), "prefill": prefill}


def _event_size(source: str, kind: str, players: int, rounds: int | None = None) -> None:
    """Refuse an event too small or too large for the kind of book, naming ``--from`` (the
    size comes from the event, not from ``--players`` or ``--rounds``).

    >>> _event_size("two.csv", "round-robin", 2)
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: --from two.csv: the event has 2 players; a round-robin book holds 3 to 30
    >>> _event_size("bullet.trf", "swiss", 112, 21)
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: --from bullet.trf: the event has 21 rounds; a swiss book holds 1 to 15
    """
    for size in KINDS[kind].sizes:
        count = {"players": players, "rounds": rounds}.get(size.option)
        if count is not None and not size.low <= count <= size.high:
            raise EloError(f"--from {source}: the event has {plural(count, size.unit)}; a {kind} book holds "
                           f"{size.low} to {size.high}")


def run_recalc(args: argparse.Namespace) -> int:
    """``elo-xl recalc BOOK [-o OUT]``: the book with every formula's value stored (LibreOffice).
    Cells holding an error after recalculation are stored as errors and named on stderr, with
    the likely cause; the exit code is then 1."""
    from ..io.hold import open_elsewhere
    from ..io.xlsx_archive import check_archive_bytes
    from ..progress import Waiting
    from ..recalc import available
    from ..workbook import recalculated
    from ..workbook.diagnose import errors_message, players_jump

    with _book_held(args, "recalc", "give a book to recalculate") as (source, held, data):
        refuse_other_extension(held.path, "recalc", "an .xlsx workbook", ("xlsx",))
        if not available():
            raise EloError(f"{args.book}: recalc needs LibreOffice: install it with "
                           "'sudo apt install libreoffice-calc-nogui python3-uno' (or from libreoffice.org)")
        with naming(args.book):
            check_archive_bytes(args.book, data)  # a damaged archive or a zip bomb: refused before LibreOffice
        elsewhere = open_elsewhere(source)
        if elsewhere is not None:
            print(f"elo-xl: warning: {args.book} is open in {elsewhere[1]} ({elsewhere[0].name} beside it): "
                  "what is not saved there is not in this recalculation", file=sys.stderr)
        started = time.monotonic()
        # held: SIGTERM and SIGHUP end it as Ctrl-C does, LibreOffice stopped and its files removed
        with Waiting(f"recalculating {source.name} in LibreOffice"), naming(args.book):
            computed = recalculated(data)
        held.replace(computed.data)
    output = held.path
    seconds = time.monotonic() - started
    if computed.errors:
        print(f"{output}: recalculated in LibreOffice in {seconds:.1f} s, "
              f"{plural(len(computed.errors), 'cell')} holding an error")
        print(f"elo-xl: {escaped(errors_message(args.book, computed.errors, players_jump(data)))}", file=sys.stderr)
        return 1
    print(f"{output}: recalculated in LibreOffice in {seconds:.1f} s, every formula's value stored")
    return 0


@contextlib.contextmanager
def _book_held(args: argparse.Namespace, command: str, advice: str) -> Iterator[tuple[Path, Any, bytes]]:
    """The book a command writes into (``args.book``, or ``-o``), held for the whole command
    (:func:`elo_xl.io.hold.hold`): the book read, the hold of the file written, and the bytes
    read — the held bytes themselves when the book is written in place. Refused unless it is an
    ``.xlsx`` workbook (``advice`` ends the refusal)."""
    from ..io.hold import hold
    from ..io.sniff import EXCEL, what_file

    source = readable_file(args.book)
    output = args.output if args.output is not None else args.book
    writable_file(output)
    with hold(output, command) as held:
        in_place = held.data is not None and same_file(source, output)
        data = held.data if in_place else source.read_bytes()
        kind = what_file(data[:4096], source.name)
        if kind != EXCEL:
            raise EloError(f"{args.book}: this is {kind}, not an Excel workbook (.xlsx); {advice}")
        yield source, held, data


def run_functions(args: argparse.Namespace) -> int:
    """``elo-xl functions BOOK [-o OUT]``: the functions added to a workbook as LAMBDA names."""
    from ..workbook.add_functions import add_functions, added

    with _book_held(args, "functions", "give an .xlsx workbook") as (_, held, data):
        if held.path.suffix.lower() not in (".xlsx", ".xlsm"):
            raise EloError(f"-o {held.path}: functions writes an .xlsx workbook; name the file .xlsx")
        held.replace(add_functions(data, args.book))
    print(f"{held.path}: {added()} (Excel 365, Excel 2024, Excel for the web)")
    return 0
