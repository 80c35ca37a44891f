"""The ``elo-xl`` command line: argument parsing and output only.

Every error is one line on stderr with exit code 2, and nothing is written: outputs go to a
temporary file that is moved into place only when complete.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, NoReturn

from . import __version__
from .errors import EloError, escaped
from .io.paths import Outputs, not_an_input, readable_file, writable_file, writable_folder

LITE_FOLDER = "elo-xl-lite"
LITE_HINT = "Paste each file into the xlwings Lite editor's tab of the same name (main.py, requirements.txt)."
DEMO_FOLDER = "elo-xl-demo"
LANGS = ("en", "vi", "ar", "ru")
RULES_HELP = "rule set: FIDE (default), FIDE-2024, FIDE-RAPID, FIDE-BLITZ, ELO-1970, USSR-1977, LOGISTIC or 'LOGISTIC 480'"


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors: ``elo-xl: …`` and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {escaped(message)} (see {self.prog} --help)\n")


#: Where each ``workbook`` option applies: option → (its attribute, the kinds that take it).
#: An option given for any other kind is an error that names it: no option is ignored.
#: A new option of ``workbook`` gets a row here; options of the other commands apply to
#: every use of their command.
WORKBOOK_OPTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "--lang": ("lang", ("player", "round-robin", "swiss", "match", "reference")),
    "--rules": ("rules", ("player", "round-robin", "swiss", "match")),
    "--players": ("players", ("round-robin", "swiss")),
    "--rounds": ("rounds", ("swiss",)),
    "--games": ("games", ("player", "match")),
    "--from": ("source", ("round-robin", "swiss")),
    "--k": ("k", ("round-robin", "swiss")),
    "--k-file": ("k_file", ("round-robin", "swiss")),
    "--year": ("year", ("round-robin", "swiss")),
    "--values": ("values", ("player", "round-robin", "swiss", "match", "reference")),
}
#: Options that only go with ``--from EVENT``, and options whose value ``--from`` sets.
WITH_FROM = ("--k", "--k-file", "--year")
SET_BY_FROM = ("--players", "--rounds")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``elo-xl``."""
    parser = Parser(prog="elo-xl",
                    description="FIDE-exact chess rating calculations: Excel functions, workbooks, TRF tools.")
    parser.add_argument("--version", action="version", version=f"elo-xl {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    demo = commands.add_parser("demo", help="rate the built-in sample events and write their workbooks",
                               description="Rate a built-in 10-player round robin and a Swiss, print their rating "
                                           "tables and write prefilled workbooks into a folder.")
    demo.add_argument("-o", "--output", metavar="FOLDER", default=DEMO_FOLDER,
                      help=f"folder for the workbooks (default: {DEMO_FOLDER})")
    demo.add_argument("--rules", default="FIDE", help=RULES_HELP)
    demo.add_argument("--lang", default="en", choices=LANGS, help="language of the workbooks (default en)")
    demo.set_defaults(run=run_demo)

    rate = commands.add_parser("rate", help="rate an event from a TRF file or a CSV crosstable",
                               description="Rate an event: a FIDE TRF file, or a CSV crosstable (header row name, rating, "
                                           "k; then per player name, rating, k and one result column per player, "
                                           "with or without the diagonal; see the README's 'Input files').")
    rate.add_argument("event", metavar="EVENT", help="a .trf file or a .csv crosstable")
    rate.add_argument("--rules", default="FIDE", help=RULES_HELP)
    group = rate.add_mutually_exclusive_group()
    group.add_argument("--k", metavar="N", help="one K for every player")
    group.add_argument("--k-file", metavar="CSV", help="K per player: rows of (FIDE ID or start number, K); "
                       "every row must match a player")
    rate.add_argument("--year", type=int, metavar="Y", help="the event year for the junior K rule "
                      "(default: the year of the start date, else of the end date, else this year)")
    rate.add_argument("--format", default="table", choices=["table", "csv", "json"], help="output format (default table)")
    rate.add_argument("-o", "--output", metavar="OUT", help="write to this file instead of standard output")
    rate.add_argument("--norms", action="store_true",
                      help="also check FIDE title norms: GM and IM for every player, WGM and WIM for women")
    rate.add_argument("--norms-exempt", action="store_true",
                      help="with --norms: the event is exempt from the federation rules (national championship final, zonal…)")
    rate.add_argument("--min-games", type=int, metavar="N", help="with --norms: the games a norm needs (default 9)")
    add_tiebreak_arguments(rate)
    rate.set_defaults(run=run_rate)

    book = commands.add_parser(
        "workbook", help="write a ready-made workbook (player, round-robin, swiss, match, reference)",
        description="Write a workbook whose own formulas recalculate every rating in Excel, LibreOffice and Google "
                    "Sheets. KIND 'all' writes every kind in every language into the -o folder. --from prefills a "
                    "swiss or round-robin book from a TRF file (or a round robin from a CSV crosstable). An option "
                    "that does not apply to KIND is an error.")
    book.add_argument("kind", metavar="KIND", choices=["player", "round-robin", "swiss", "match", "reference", "all"],
                      help="player, round-robin, swiss, match, reference, or all")
    book.add_argument("-o", "--output", metavar="FILE", required=True, help="the .xlsx file to write (a folder for 'all')")
    book.add_argument("--lang", choices=LANGS, help="language of the book (default en)")
    book.add_argument("--players", type=int, help="players: round-robin 3-30 (default 10), swiss 2-1000 (default 60)")
    book.add_argument("--rounds", type=int, help="swiss rounds 1-15 (default 9)")
    book.add_argument("--games", type=int, help="player: game rows 1-200 (default 40); match: games 1-1000 (default 24)")
    book.add_argument("--rules", help="rule set preselected in the book (default FIDE)")
    book.add_argument("--from", dest="source", metavar="EVENT", help="prefill from a TRF file (swiss, round-robin) "
                      "or a CSV crosstable (round-robin), with the K that 'rate' uses; the size comes from the event")
    k_group = book.add_mutually_exclusive_group()
    k_group.add_argument("--k", metavar="N", help="with --from: one K for every player")
    k_group.add_argument("--k-file", metavar="CSV", help="with --from: K per player, rows of (FIDE ID or start number, K)")
    book.add_argument("--year", type=int, metavar="Y", help="with --from: the event year for the junior K rule")
    book.add_argument("--values", action="store_true",
                      help="also store every formula's value, computed by LibreOffice, for readers that do not calculate")
    book.set_defaults(run=run_workbook)

    export = commands.add_parser("export", help="write a TRF file from a Swiss workbook",
                                 description="Read what was typed into a Swiss workbook (no spreadsheet engine needed) "
                                             "and write a TRF file with points and ranks.")
    export.add_argument("book", metavar="BOOK", help="a Swiss workbook written by elo-xl")
    export.add_argument("-o", "--output", metavar="OUT", required=True, help="the .trf file to write")
    add_tiebreak_arguments(export)
    export.set_defaults(run=run_export)

    period = commands.add_parser(
        "period", help="rate a month of events against the rating list in force and write the new list",
        description="Rate a rating period: every player's games of the month from all events (TRF files), rated "
                    "against the list in force, the change rounded once, K×n ≤ 700, first ratings for unrated "
                    "players, and the new list as TXT (FIDE's layout), CSV, JSON or .xlsx.")
    from .period.command import add_arguments as period_arguments
    period_arguments(period)
    period.set_defaults(run=run_period)

    lite = commands.add_parser(
        "lite", help="write main.py and requirements.txt for xlwings Lite",
        description="Write main.py (the Excel functions with elo-xl embedded) and requirements.txt for the xlwings "
                    "Lite editor.")
    lite.add_argument("-o", "--output", metavar="FOLDER", default=LITE_FOLDER,
                      help=f"folder to write to (default: {LITE_FOLDER})")
    lite.set_defaults(run=run_lite)
    return parser


def add_tiebreak_arguments(parser: argparse.ArgumentParser) -> None:
    """``--tiebreaks LIST`` and ``--tiebreak-rules 2024|2026`` (``rate``, ``export``)."""
    parser.add_argument("--tiebreaks", metavar="LIST",
                        help="the tie-breaks in order, codes of FIDE C.07, e.g. BH/C1,BH,SB (default: the TRF-2026 "
                             "file's 202 record, else Swiss BH/C1,BH,SB,PS,DE,WIN,BWG, round robin DE,WIN,SB,KS)")
    parser.add_argument("--tiebreak-rules", choices=("2024", "2026"),
                        help="the version of C.07 (default: the one in force at the start date, 2026 from 1 March 2026)")


def tiebreak_options(args: argparse.Namespace) -> Any:
    """The ``--tiebreaks`` list, checked (None when not given): an unknown code or modifier is
    an error naming the option."""
    from .tiebreaks import parse_codes

    if args.tiebreaks is None:
        return None
    try:
        return parse_codes(args.tiebreaks)
    except EloError as error:
        raise EloError(f"--tiebreaks: {error}") from None


def check_workbook_options(args: argparse.Namespace) -> None:
    """Refuse every ``workbook`` option given where it does not apply (see :data:`WORKBOOK_OPTIONS`).

    >>> check_workbook_options(build_parser().parse_args(["workbook", "player", "--players", "5", "-o", "p.xlsx"]))
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: --players does not apply to a player book; it goes with round-robin, swiss
    """
    given = [option for option, (dest, _) in WORKBOOK_OPTIONS.items() if getattr(args, dest) not in (None, False)]
    for option in given:
        kinds = WORKBOOK_OPTIONS[option][1]
        if args.kind not in kinds:
            what = "'workbook all' (every kind in every language at its default size)" if args.kind == "all" \
                else f"a {args.kind} book"
            raise EloError(f"{option} does not apply to {what}; it goes with {', '.join(kinds)}")
    if "--from" in given:
        for option in SET_BY_FROM:
            if option in given:
                raise EloError(f"{option} does not apply with --from: the event's own size is used")
    else:
        for option in WITH_FROM:
            if option in given:
                raise EloError(f"{option} goes with --from EVENT (the K and year of a prefilled book)")


# --- commands --------------------------------------------------------------------------------
# Each command checks its paths and options first, computes everything, writes its files
# (all or none) and only then prints: an error never follows output.


def run_rate(args: argparse.Namespace) -> int:
    """``elo-xl rate EVENT``: the rating table (or CSV, JSON) of an event."""
    from . import report
    from .io.events import load, read_k_file
    from .tournament import rate_tournament

    readable_file(args.event)
    if args.k_file:
        readable_file(args.k_file, "--k-file")
    if args.output is not None:
        writable_file(args.output)
        not_an_input(args.output, args.event, args.k_file)
    codes = tiebreak_options(args)
    event = load(args.event)
    k_file = read_k_file(args.k_file) if args.k_file else None
    try:
        result = rate_tournament(event, args.rules, args.k, k_file, args.year, codes, args.tiebreak_rules)
    except EloError as error:  # the file's 202 record: name the file too
        if str(error).startswith("line ") and " (202): " in str(error):
            raise EloError(f"{os.path.basename(args.event)}, {error}") from None
        raise
    if args.norms or args.norms_exempt or args.min_games is not None:
        from .tournament_norms import add_norms

        if not args.norms:
            raise EloError("--norms-exempt and --min-games go with --norms")
        add_norms(result, event, args.norms_exempt, args.min_games)
    text = {"table": report.as_text, "csv": report.as_csv, "json": report.as_json}[args.format](result)
    if args.format != "table":
        for note in result.notes:
            print(f"elo-xl: note: {note}", file=sys.stderr)
    _emit(text, args.output)
    return 0


def run_workbook(args: argparse.Namespace) -> int:
    """``elo-xl workbook KIND -o FILE``: write a ready-made workbook (prefilled with --from)."""
    from . import workbook
    from .progress import Progress

    check_workbook_options(args)
    outputs = Outputs()
    if args.kind == "all":
        folder = writable_folder(args.output)
        kinds = [(kind, lang) for kind in workbook.KINDS for lang in LANGS]
        with Progress(len(kinds), "writing workbooks") as progress:
            for kind, lang in kinds:
                path = outputs.add(folder / f"{kind}-{lang}.xlsx", workbook.build(kind, lang))
                progress.step(path.name)
        paths = outputs.commit()
    else:
        options: dict[str, Any] = dict(players=args.players, rounds=args.rounds, games=args.games)
        if args.kind != "reference":
            options.update(_rules_options(args.rules or "FIDE"))
        for path, option in ((args.source, "--from"), (args.k_file, "--k-file")):
            if path:
                readable_file(path, option)
        writable_file(args.output)
        not_an_input(args.output, args.source, args.k_file)
        if args.source:
            options.update(_prefill(args))
        with _Working(args.values):
            data = workbook.build(args.kind, args.lang or "en", **options)
            if args.values:
                data = workbook.with_values(data)
        outputs.add(args.output, data)
        paths = outputs.commit()
    for path in paths:
        print(path)
    return 0


def run_export(args: argparse.Namespace) -> int:
    """``elo-xl export BOOK -o OUT.trf``: a TRF file from what was typed into a Swiss workbook."""
    from .export import book_to_trf

    readable_file(args.book)
    writable_file(args.output)
    not_an_input(args.output, args.book)
    _emit(book_to_trf(args.book, tiebreak_options(args), args.tiebreak_rules), args.output)
    print(args.output)
    return 0


def run_demo(args: argparse.Namespace) -> int:
    """``elo-xl demo``: the sample events' rating tables, and their workbooks in a folder."""
    from . import report, workbook
    from .progress import Progress
    from .samples import sample_round_robin, sample_swiss
    from .tournament import rate_tournament, resolve_k, round_robin_prefill, swiss_prefill, event_fields
    from .rules import parse_rules

    rules = parse_rules(args.rules)
    folder = writable_folder(args.output)
    tables, books = [], []
    for kind, event, prefill in (("round-robin", sample_round_robin(), round_robin_prefill),
                                 ("swiss", sample_swiss(), swiss_prefill)):
        tables.append(report.as_text(rate_tournament(event, rules)))
        ks = resolve_k(event, rules, year=event.year()[0])
        size = {"players": len(event.entrants)}
        if kind == "swiss":
            size["rounds"] = len(event.pairings[0])
        books.append((folder / f"{kind}-{args.lang}.xlsx", kind, size, prefill(event, ks), event_fields(event)))
    outputs = Outputs()
    with Progress(len(books), "writing workbooks") as progress:
        for path, kind, size, prefill, event in books:
            outputs.add(path, workbook.build(kind, args.lang, prefill=prefill, event=event, **size,
                                             **_rules_options(args.rules)))
            progress.step(path.name)
    paths = outputs.commit()
    for table in tables:
        print(table)
    print("Workbooks: " + ", ".join(str(path) for path in paths))
    return 0


def run_period(args: argparse.Namespace) -> int:
    """``elo-xl period``: a rating period's new list (all the work is in :mod:`elo_xl.period`)."""
    from .period.command import run_command
    from .workbook.archive import write_atomically

    return run_command(args, write_atomically)


def run_lite(args: argparse.Namespace) -> int:
    """``elo-xl lite``: write the xlwings Lite bundle and say where it went."""
    from .lite import write_lite_bundle  # imports xlwings, which only this command needs

    for path in write_lite_bundle(args.output):
        print(path)
    print(LITE_HINT)
    return 0


# --- helpers ----------------------------------------------------------------------------------


def _rules_options(text: str) -> dict[str, Any]:
    """The Rules and Scale cells of a book for a rule-set name (``LOGISTIC 480`` → LOGISTIC, 480)."""
    from .rules import parse_rules

    rules = parse_rules(text)
    return {"rules": rules.name.split()[0], "scale": getattr(rules, "scale", 400)}


def _prefill(args: argparse.Namespace) -> dict[str, Any]:
    """Workbook options from ``--from EVENT``: sizes, event data and the inputs with rate's K."""
    from .io.events import load, read_k_file
    from .tournament import event_fields, resolve_k, round_robin_prefill, swiss_prefill
    from .rules import parse_rules

    event = load(args.source)
    rules = parse_rules(args.rules or "FIDE")
    k_file = read_k_file(args.k_file) if args.k_file else None
    ks = resolve_k(event, rules, args.k, k_file, args.year)
    options: dict[str, Any] = {"players": len(event.entrants), "event": event_fields(event)}
    if args.kind == "swiss":
        options["rounds"] = max(1, len(event.pairings[0]) if event.pairings else 0)
        options["prefill"] = swiss_prefill(event, ks)
    else:
        options["prefill"] = round_robin_prefill(event, ks)
    return options


def _emit(text: str, output: str | None) -> None:
    """Print ``text``, or write it atomically to ``output``."""
    if output is None:
        sys.stdout.write(text)
        return
    outputs = Outputs()
    outputs.add(output, text.encode("utf-8"))
    outputs.commit()


def _os_message(error: OSError) -> str:
    """An operating-system error as one line that names the file."""
    reason = error.strerror or type(error).__name__
    if error.filename is not None:
        return f"{error.filename}: {reason}"
    return reason


class _Working:
    """A note on stderr while LibreOffice computes the values of a book (a terminal only)."""

    def __init__(self, active: bool):
        self.active = active and sys.stderr.isatty()

    def __enter__(self) -> "_Working":
        if self.active:
            print("elo-xl: computing the values in LibreOffice…", file=sys.stderr, end="", flush=True)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.active:
            print("\r\033[K", file=sys.stderr, end="", flush=True)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``elo-xl`` console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "run"):
        parser.print_help()
        return 0
    try:
        code = args.run(args)
        sys.stdout.flush()
        return code
    except BrokenPipeError:  # `elo-xl demo | head`: the reader has gone, end quietly
        _silence_stdout()
        return 141  # as a process ended by SIGPIPE
    except EloError as error:
        print(f"elo-xl: {escaped(str(error))}", file=sys.stderr)
        return 2
    except OSError as error:  # a path that changed under us, a full disk…
        print(f"elo-xl: {escaped(_os_message(error))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("elo-xl: interrupted; nothing was written", file=sys.stderr)
        return 130


def _silence_stdout() -> None:
    """Point standard output at the null device, so that Python's last flush cannot fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no file descriptor (captured output)
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
