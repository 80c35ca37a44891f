"""The ``elo-xl`` command line: argument parsing and output only.

Every error is one line on stderr with exit code 2, and nothing is written: outputs go to a
temporary file that is moved into place only when complete.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any, NoReturn

from . import __version__
from .errors import EloError, escaped
from .io.formats import refuse_other_extension
from .io.paths import Outputs, not_an_input, readable_file, writable_file, writable_folder
from .io.staged import write_folder
from .languages import LANGUAGES
from .rules import rule_choices
from .workbook import KINDS, size_help

LITE_FOLDER = "elo-xl-lite"
LITE_HINT = "Replace the xlwings Lite editor's main.py with this main.py; keep its requirements.txt as it is."
DEMO_FOLDER = "elo-xl-demo"
RULES_HELP = "rule set: " + rule_choices("'")


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Help as written: the examples (epilog) line by line as given (an indented line is never
    wrapped), descriptions and option texts wrapped at spaces only (a CSV header such as
    ``fide_id,name,…`` is never cut inside a word)."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        import textwrap

        return textwrap.wrap(" ".join(text.split()), width, break_long_words=False, break_on_hyphens=False)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        import textwrap

        out = []
        for line in text.splitlines():
            if line.startswith("  ") or not line.strip():
                out.append(indent + line)
            else:
                out.extend(textwrap.wrap(line, width, initial_indent=indent, subsequent_indent=indent,
                                         break_long_words=False, break_on_hyphens=False))
        return "\n".join(out)


#: The examples that end each command's ``--help`` (run by the tests through the parser).
EXAMPLES = {
    "demo": ["elo-xl demo", "elo-xl demo -o demo-vi --lang vi"],
    "rate": ["elo-xl rate event.trf", "elo-xl rate event.trf --norms -o report.xlsx",
             "elo-xl rate crosstable.csv --k 20 --format json"],
    "workbook": ["elo-xl workbook swiss --from event.trf -o event.xlsx",
                 "elo-xl workbook round-robin --players 12 --lang ru -o club.xlsx",
                 "elo-xl workbook all -o workbooks"],
    "export": ["elo-xl export event.xlsx -o event.trf", "elo-xl export club.xlsx -o club.trf"],
    "pair": ["elo-xl pair event.trf", "elo-xl pair event.trf -o event.trf",
             "elo-xl pair event.xlsx -o event.xlsx --absent 7,12"],
    "recalc": ["elo-xl recalc event.xlsx", "elo-xl recalc event.xlsx -o event-values.xlsx"],
    "functions": ["elo-xl functions club.xlsx", "elo-xl functions club.xlsx -o club-elo.xlsx"],
    "period": ["elo-xl period open.trf cup.trf --list players_list_foa.txt --month 2026-04 -o list.txt",
               "elo-xl period may/*.trf --list list.txt --month 2026-05 --db ratings.db -o new-list.xlsx"],
    "lite": ["elo-xl lite", "elo-xl lite -o lite-bundle"],
}


def examples(command: str) -> str:
    """The epilog of a command's ``--help``: its examples, one a line.

    >>> print(examples("recalc"))
    examples:
      elo-xl recalc event.xlsx
      elo-xl recalc event.xlsx -o event-values.xlsx
    """
    return "examples:\n" + "\n".join(f"  {line}" for line in EXAMPLES[command])


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors: ``elo-xl: …`` and exit code 2; help as
    :class:`HelpFormatter` writes it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {escaped(message)} (see {self.prog} --help)\n")


#: Where each ``workbook`` option applies: option → (its attribute, the kinds that take it).
#: An option given for any other kind is an error that names it: no option is ignored.
#: A new option of ``workbook`` gets a row here; options of the other commands apply to
#: every use of their command.
WORKBOOK_OPTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "--lang": ("lang", ("player", "round-robin", "swiss", "match", "reference", "functions")),
    "--rules": ("rules", ("player", "round-robin", "swiss", "match")),
    "--players": ("players", ("round-robin", "swiss")),
    "--rounds": ("rounds", ("swiss",)),
    "--games": ("games", ("player", "match")),
    "--from": ("source", ("round-robin", "swiss")),
    "--k": ("k", ("round-robin", "swiss")),
    "--k-file": ("k_file", ("round-robin", "swiss")),
    "--year": ("year", ("round-robin", "swiss")),
    "--values": ("values", ("player", "round-robin", "swiss", "match", "reference", "functions")),
    "--double": ("double", ("round-robin",)),
    "--reverse": ("reverse", ("round-robin",)),
}
#: Options that only go with ``--from EVENT``, and options whose value ``--from`` sets.
WITH_FROM = ("--k", "--k-file", "--year")
SET_BY_FROM = ("--players", "--rounds", "--double", "--reverse")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``elo-xl``."""
    parser = Parser(prog="elo-xl",
                    description="FIDE-exact chess rating calculations: Excel functions, workbooks, TRF tools.")
    parser.add_argument("--version", action="version", version=f"elo-xl {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    demo = commands.add_parser("demo", epilog=examples("demo"), help="rate the built-in sample events and write their workbooks",
                               description="Rate a built-in 10-player round robin and a Swiss, print their rating "
                                           "tables and write prefilled workbooks into a folder.")
    demo.add_argument("-o", "--output", metavar="FOLDER", default=DEMO_FOLDER,
                      help=f"folder for the workbooks (default: {DEMO_FOLDER})")
    demo.add_argument("--rules", default="FIDE", help=RULES_HELP)
    demo.add_argument("--lang", default="en", choices=LANGUAGES, help="language of the workbooks (default en)")
    demo.set_defaults(run=run_demo)

    rate = commands.add_parser("rate", epilog=examples("rate"), help="rate an event from a TRF file or a CSV crosstable",
                               description="Rate an event: a FIDE TRF file, or a CSV crosstable (header row name, rating, "
                                           "k; then per player name, rating, k and one result column per player, "
                                           "with or without the diagonal; see docs/input-files.md).")
    rate.add_argument("event", metavar="EVENT", help="a .trf file or a .csv crosstable")
    rate.add_argument("--rules", default="FIDE", help=RULES_HELP)
    group = rate.add_mutually_exclusive_group()
    group.add_argument("--k", metavar="N", help="one K for every player")
    group.add_argument("--k-file", metavar="CSV", help="K per player: rows of (FIDE ID or start number, K); "
                       "every row must match a player")
    rate.add_argument("--year", type=int, metavar="Y", help="the event year for the junior K rule "
                      "(default: the year of the start date, else of the end date, else this year)")
    rate.add_argument("--format", choices=["table", "csv", "json", "xlsx"],
                      help="output format (default: from -o's extension: .txt table, .csv, .json, .xlsx a formatted "
                           "report; else table)")
    rate.add_argument("-o", "--output", metavar="OUT", help="write to this file instead of standard output")
    rate.add_argument("--sort", choices=["rank", "number"], help="list the players by rank or by start number "
                      "(default: the table's standings and the .xlsx report by rank, the CSV by start number; the "
                      "table's ratings and the JSON always by start number)")
    rate.add_argument("--norms", action="store_true",
                      help="also check FIDE title norms: GM and IM for every player, WGM and WIM for women")
    rate.add_argument("--norms-exempt", action="store_true",
                      help="with --norms: the event is exempt from the federation rules (national championship final, zonal…)")
    rate.add_argument("--min-games", type=int, metavar="N", help="with --norms: the games a norm needs (default 9)")
    add_tiebreak_arguments(rate)
    rate.set_defaults(run=run_rate)

    book = commands.add_parser(
        "workbook", epilog=examples("workbook"), help=f"write a ready-made workbook ({', '.join(KINDS)})",
        description="Write a workbook whose own formulas recalculate every rating in Excel, LibreOffice and Google "
                    "Sheets. KIND 'all' writes every kind in every language into the -o folder. --from prefills a "
                    "swiss or round-robin book from a TRF file (or a round robin from a CSV crosstable). An option "
                    "that does not apply to KIND is an error.")
    book.add_argument("kind", metavar="KIND", choices=[*KINDS, "all"], help=f"{', '.join(KINDS)}, or all")
    book.add_argument("-o", "--output", metavar="FILE", required=True, help="the .xlsx file to write (a folder for 'all')")
    book.add_argument("--lang", choices=LANGUAGES, help="language of the book (default en)")
    for option in ("players", "rounds", "games"):
        book.add_argument(f"--{option}", type=int, help=size_help(option))
    book.add_argument("--rules", help="rule set preselected in the book (default FIDE)")
    book.add_argument("--from", dest="source", metavar="EVENT", help="prefill from a TRF file (swiss, round-robin) "
                      "or a CSV crosstable (round-robin), with the K that 'rate' uses; the size comes from the event")
    k_group = book.add_mutually_exclusive_group()
    k_group.add_argument("--k", metavar="N", help="with --from: one K for every player")
    k_group.add_argument("--k-file", metavar="CSV", help="with --from: K per player, rows of (FIDE ID or start number, K)")
    book.add_argument("--year", type=int, metavar="Y", help="with --from: the event year for the junior K rule")
    book.add_argument("--double", action="store_true", help="round-robin: a double round robin, each pair playing "
                      "twice, the second cycle with the colours reversed (two result cells per pair)")
    book.add_argument("--reverse", action="store_true", help="with --double: exchange the last two rounds of the "
                      "first cycle, as FIDE C.05 Annex 1 advises (nobody gets one colour three times running)")
    book.add_argument("--values", action="store_true",
                      help="also store every formula's value, computed by LibreOffice, for readers that do not calculate")
    book.set_defaults(run=run_workbook)

    export = commands.add_parser("export", epilog=examples("export"),
                                 help="write a TRF file from a Swiss or round-robin workbook",
                                 description="Read what was typed into a Swiss or round-robin workbook (no spreadsheet "
                                             "engine needed) and write a TRF file with points and ranks.")
    export.add_argument("book", metavar="BOOK", help="a Swiss or round-robin workbook written by elo-xl")
    export.add_argument("-o", "--output", metavar="OUT", required=True, help="the .trf file to write")
    add_tiebreak_arguments(export)
    export.set_defaults(run=run_export)

    pair = commands.add_parser(
        "pair", epilog=examples("pair"), help="pair the next round of a Swiss (FIDE's Dutch system) or a round robin",
        description="Pair the next round of an event: a Swiss by the Dutch system (FIDE C.04.3, the 2026 rules) "
                    "through gacrux, the reference tool of FIDE's Technical Commission; a round robin by the Berger "
                    "tables (C.05 Annex 1). Print the pairing; with -o, write it into the TRF file or the Swiss "
                    "book (only that round's opponent and colour cells, and the bye). A round is paired only when "
                    "every game of the round before has its result.")
    pair.add_argument("event", metavar="EVENT", help="a .trf file or a Swiss workbook (.xlsx)")
    pair.add_argument("-o", "--output", metavar="OUT", help="write the event with the round paired here: a .trf "
                      "file for a TRF file, an .xlsx book for a book (it may be EVENT itself); default: print only")
    pair.add_argument("--round", type=int, metavar="N", dest="round_", help="the round to pair (default: the first "
                      "round with no pairing)")
    pair.add_argument("--replace", action="store_true", help="with --round N: pair round N again, dropping its "
                      "pairing and results and those of later rounds")
    pair.add_argument("--rounds", type=int, metavar="N", help="the number of rounds, when the file or book does "
                      "not say (XXR, 142)")
    pair.add_argument("--first-colour", choices=["white", "black"], help="the colour drawn for the first board "
                      "of round 1 (default: as the file says (152, XXC), else as round 1 was paired, else white)")
    pair.add_argument("--absent", metavar="LIST", help="start numbers not to pair in this round, with commas "
                      "(withdrawn or absent players); a requested bye is typed as H, Z or F in the round instead")
    pair.set_defaults(run=run_pair)

    recalc = commands.add_parser(
        "recalc", epilog=examples("recalc"), help="recalculate an edited book in LibreOffice and store every value",
        description="Recalculate a workbook (typed into in Excel, LibreOffice or another program) in LibreOffice "
                    "and store every formula's value in it, so that mail previews, phones and readers that do "
                    "not calculate show numbers. Only the values are added: the book is otherwise unchanged.")
    recalc.add_argument("book", metavar="BOOK", help="the .xlsx workbook to recalculate")
    recalc.add_argument("-o", "--output", metavar="OUT", help="write the recalculated book here (default: "
                        "replace BOOK)")
    recalc.set_defaults(run=run_recalc)

    functions = commands.add_parser(
        "functions", epilog=examples("functions"), help="add the Elo functions to a workbook you have, as LAMBDA names",
        description="Add the Excel functions (ELO_NEW, ELO_EXPECTED…) to an existing workbook as LAMBDA names, "
                    "which Excel 365, Excel 2024 and Excel for the web call with no add-in, and a hidden sheet with "
                    "FIDE's tables. Nothing else in the book changes; a name it already has is refused.")
    functions.add_argument("book", metavar="BOOK", help="the .xlsx workbook to add the functions to")
    functions.add_argument("-o", "--output", metavar="OUT", help="write the book with the functions here (default: "
                           "replace BOOK)")
    functions.set_defaults(run=run_functions)

    period = commands.add_parser(
        "period", epilog=examples("period"), help="rate a month of events against the rating list in force and write the new list",
        description="Rate a rating period: every player's games of the month from all events (TRF files), rated "
                    "against the list in force, the change rounded once, K×n ≤ 700, first ratings for unrated "
                    "players, and the new list as TXT (FIDE's layout), CSV, JSON or .xlsx.")
    from .period.command import add_arguments as period_arguments
    period_arguments(period)
    period.set_defaults(run=run_period)

    lite = commands.add_parser(
        "lite", epilog=examples("lite"), help="write main.py and requirements.txt for xlwings Lite",
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
            if option in given and option in ("--double", "--reverse"):
                raise EloError(f"{option} does not apply with --from: the event's own schedule is used (a double "
                               "round robin as its 192 record or its rounds say)")
            if option in given and args.kind != "swiss":
                raise EloError(f"{option} does not apply with --from: the event's own size is used")
    else:
        for option in WITH_FROM:
            if option in given:
                raise EloError(f"{option} goes with --from EVENT (the K and year of a prefilled book)")


# --- commands --------------------------------------------------------------------------------
# Each command checks its paths and options first, computes everything, writes its files
# (all or none) and only then prints: an error never follows output.


def run_rate(args: argparse.Namespace) -> int:
    """``elo-xl rate EVENT``: the rating table (or CSV, JSON, an .xlsx report) of an event."""
    from .event import load, rate_tournament
    from .io.kfile import read_k_file

    if not args.norms:
        given = [option for option, value in (("--norms-exempt", args.norms_exempt),
                                              ("--min-games", args.min_games is not None)) if value]
        if given:
            raise EloError(f"{' and '.join(given)} {'goes' if len(given) == 1 else 'go'} with --norms")
    _year_option(args.year)
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
    with _naming(args.event):  # names the file, e.g. a bad 202 record: "cup.trf: line 5 (202): …"
        result = rate_tournament(event, args.rules, args.k, k_file, args.year, codes, args.tiebreak_rules)
    if args.norms:
        from .event.norms import add_norms

        add_norms(result, event, args.norms_exempt, args.min_games)
    if args.sort is not None and fmt == "json":
        raise EloError("--sort: the JSON lists players by start number, each with its rank; use --format table, csv "
                       "or xlsx to list them by rank")
    data = _rate_output(fmt, result, args.sort)
    if args.output is not None:
        summary = (f"{args.output}: rating report ({'table' if fmt == 'table' else fmt}), "
                   f"{_count(result.event['players'], 'player')}, {_count(result.event['rounds'], 'round')}, "
                   f"{result.event['rules']}")
    if fmt != "table":
        _notes(result.notes)
    _emit(data, args.output)
    if args.output is not None:
        print(summary)
    return 0


#: ``rate -o``: the format each extension means (anything else: --format, else the table).
RATE_FORMATS = {"txt": "table", "csv": "csv", "json": "json", "xlsx": "xlsx"}


def _rate_format(args: argparse.Namespace) -> str:
    """The format ``rate`` writes: -o's extension, --format (which must agree), else table."""
    from .io.formats import output_format

    fmt = output_format(args.format, args.output, RATE_FORMATS, "table", "rate")
    if fmt == "xlsx" and args.output is None:
        raise EloError("--format xlsx: a workbook cannot go to the terminal; give -o FILE.xlsx")
    return fmt


def _rate_output(fmt: str, result: Any, sort: str | None = None) -> str | bytes:
    """The report in one format: text for table, csv, json; the bytes of an .xlsx report;
    ``sort`` (``rank``, ``number``; None: each format's default) orders the players."""
    from . import report

    if fmt == "xlsx":
        from .workbook.rating_report import as_xlsx

        return as_xlsx(result, sort or "rank")
    if fmt == "json":
        return report.as_json(result)
    return {"table": report.as_text, "csv": report.as_csv}[fmt](result, sort or ("rank" if fmt == "table" else "number"))


def run_workbook(args: argparse.Namespace) -> int:
    """``elo-xl workbook KIND -o FILE``: write a ready-made workbook (prefilled with --from)."""
    from . import workbook
    from .progress import Progress

    check_workbook_options(args)
    outputs = Outputs()
    if args.kind == "all":
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
        if args.double or args.reverse:
            options.update(double=args.double, reverse=args.reverse)
        if args.kind not in ("reference", "functions"):
            options.update(_rules_options(args.rules or "FIDE"))
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
            from .progress import Waiting

            with Waiting(f"computing the values of {os.path.basename(args.output)} in LibreOffice"):
                data = workbook.with_values(data)
        outputs.add(args.output, data)
        outputs.commit()
        _notes(notes)
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
    >>> book_summary("dd.xlsx", "round-robin", {"players": 6, "double": True, "reverse": True, "rules": "FIDE"})
    "dd.xlsx: round-robin book, 6 players, double round robin, the first cycle's last two rounds exchanged, FIDE"
    >>> book_summary("p.xlsx", "player", {"games": None, "rules": "FIDE"}, "vi")
    'p.xlsx: player calculator, 40 game rows, FIDE, in vi'
    """
    from .workbook import KINDS, LABELS, sizes

    size = sizes(kind, **{option: options.get(option) for option, *_ in KINDS[kind]})
    parts = [LABELS[kind]]
    if "players" in size:
        prefill = options.get("prefill") or {}
        entered = len(prefill.get("name") or prefill.get("names") or [])
        rows = f" (rows for {size['players']})" if entered and entered < size["players"] else ""
        parts.append(f"{entered or size['players']} players{rows}")
    if options.get("double"):
        order = ", the first cycle's last two rounds exchanged" if options.get("reverse") else ""
        parts.append(f"double round robin{order}")
    if "rounds" in size:
        played = 0  # the last round paired: a game, or a pairing-allocated bye (not a bye asked for)
        prefill = options.get("prefill") or {}
        for key, counts in (("pairings", lambda v: v not in (None, "", 0)), ("results", lambda v: v in ("U", "+"))):
            for row in prefill.get(key) or []:
                for r, value in enumerate(row, 1):
                    if counts(value):
                        played = max(played, r)
        parts.append(_count(size["rounds"], "round") + (f" ({played} played)" if options.get("prefill") else ""))
    if "games" in size:
        parts.append(_count(size["games"], KINDS[kind][0].unit))
    if options.get("rules"):
        parts.append(str(options["rules"]) + (f" {options['scale']}" if options.get("scale", 400) != 400 else ""))
    if lang != "en":
        parts.append(f"in {lang}")
    return f"{path}: {', '.join(parts)}"


def run_export(args: argparse.Namespace) -> int:
    """``elo-xl export BOOK -o OUT.trf``: a TRF file from what was typed into a Swiss or round-robin workbook."""
    from .export import book_to_trf

    readable_file(args.book)
    writable_file(args.output)
    not_an_input(args.output, args.book)
    refuse_other_extension(args.output, "export", "a TRF file", ("trf", "txt"), ".trf")
    notes: list[str] = []
    text = book_to_trf(args.book, tiebreak_options(args), args.tiebreak_rules, notes)
    summary = trf_summary(args.output, text)  # reads the TRF back before anything is written
    _emit(text, args.output)
    print(summary)
    from .report import wrapped

    for note in notes:
        print("\n".join(wrapped("elo-xl: note: ", note)), file=sys.stderr)
    return 0


def _count(n: int, noun: str) -> str:
    """``1 round``, ``9 rounds``.

    >>> _count(1, "round"), _count(9, "game row")
    ('1 round', '9 game rows')
    """
    return f"{n} {noun}{'' if n == 1 else 's'}"


def trf_summary(path: str, text: str) -> str:
    """The one line ``export`` prints about the TRF it wrote.

    >>> from elo_xl.io.trf_format import EXAMPLE
    >>> trf_summary("cup.trf", EXAMPLE)
    'cup.trf: TRF, 4 players, 3 rounds (3 played)'
    """
    from .io.trf_points import last_played
    from .io.trf_read import parse_trf

    event = parse_trf(text)
    played = last_played(event)  # byes asked for a round nobody has played do not make it played
    return f"{path}: TRF, {_count(len(event.players), 'player')}, {_count(event.rounds, 'round')} ({played} played)"


def run_pair(args: argparse.Namespace) -> int:
    """``elo-xl pair EVENT [-o OUT]``: the next round paired, printed, and written with -o."""
    from .pair import ROUND_ROBIN_BOOK, pair_event, pairing_list

    absent = _start_numbers(args.absent, "--absent") if args.absent else []
    if args.replace and args.round_ is None:
        raise EloError("--replace goes with --round N: name the round to pair again")
    if args.rounds is not None and args.rounds < 1:
        raise EloError(f"--rounds {args.rounds}: give the number of rounds, 1 or more")
    if args.output is not None:
        writable_file(args.output)
    colour = {"white": "w", "black": "b", None: None}[args.first_colour]
    result = pair_event(args.event, output=args.output, round_=args.round_, replace=args.replace,
                        first_colour=colour, rounds=args.rounds, absent=absent)
    listing = pairing_list(result.before, result.pairing)
    if result.kind == ROUND_ROBIN_BOOK:
        print(listing)
        print(f"{os.path.basename(args.event)}: its Schedule sheet lists round {result.pairing.round}; type the "
              "results in its crosstable")
    elif args.output is not None and result.data is not None:
        _emit(result.data, args.output)
        print(listing)
        print(f"{args.output}: round {result.pairing.round} written")
    else:
        print(listing)
        print(f"nothing written; give -o FILE (it may be {os.path.basename(args.event)} itself) to write "
              f"round {result.pairing.round}")
    return 0


def _start_numbers(text: str, option: str) -> list[int]:
    """Start numbers given as ``3,17`` (spaces allowed).

    >>> _start_numbers("3, 17", "--absent")
    [3, 17]
    >>> _start_numbers("3,x", "--absent")
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: --absent 3,x: "x" is not a start number; give start numbers with commas, such as 3,17
    """
    numbers = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit() or int(part) < 1:
            raise EloError(f'{option} {text}: "{part}" is not a start number; give start numbers with commas, '
                           "such as 3,17")
        numbers.append(int(part))
    return numbers


def run_recalc(args: argparse.Namespace) -> int:
    """``elo-xl recalc BOOK [-o OUT]``: the book with every formula's value stored (LibreOffice).
    Cells holding an error after recalculation are stored as errors and named on stderr, with
    the likely cause; the exit code is then 1."""
    from .io.paths import lock_file
    from .io.sniff import EXCEL, what_file
    from .progress import Waiting
    from .recalc import available
    from .workbook import recalculated
    from .workbook.diagnose import errors_message, players_jump

    source = readable_file(args.book)
    output = args.output if args.output is not None else args.book
    writable_file(output)
    data = source.read_bytes()
    kind = what_file(data[:4096], source.name)
    if kind != EXCEL:
        raise EloError(f"{args.book}: this is {kind}, not an Excel workbook (.xlsx); give a book to recalculate")
    refuse_other_extension(output, "recalc", "an .xlsx workbook", ("xlsx",))
    lock = lock_file(output)
    if lock is not None:
        raise EloError(f"{output}: is open in another program ({lock.name} beside it); close it there first, or "
                       "write the recalculated book elsewhere with -o")
    if not available():
        raise EloError(f"{args.book}: recalc needs LibreOffice: install it with "
                       "'sudo apt install libreoffice-calc-nogui python3-uno' (or from libreoffice.org)")
    if lock_file(source) is not None:
        print(f"elo-xl: warning: {args.book} is open in another program ({lock_file(source).name} beside it): "
              "what is not saved there is not in this recalculation", file=sys.stderr)
    started = time.monotonic()
    with Waiting(f"recalculating {source.name} in LibreOffice"), _naming(args.book):
        computed = recalculated(data)
    _emit(computed.data, output)
    seconds = time.monotonic() - started
    if computed.errors:
        print(f"{output}: recalculated in LibreOffice in {seconds:.1f} s, "
              f"{_count(len(computed.errors), 'cell')} holding an error")
        print(f"elo-xl: {escaped(errors_message(args.book, computed.errors, players_jump(data)))}", file=sys.stderr)
        return 1
    print(f"{output}: recalculated in LibreOffice in {seconds:.1f} s, every formula's value stored")
    return 0


def run_functions(args: argparse.Namespace) -> int:
    """``elo-xl functions BOOK [-o OUT]``: the functions added to a workbook as LAMBDA names."""
    from .io.sniff import EXCEL, what_file
    from .workbook.add_functions import add_functions
    from .workbook.names import FUNCTIONS

    source = readable_file(args.book)
    output = args.output if args.output is not None else args.book
    writable_file(output)
    data = source.read_bytes()
    kind = what_file(data[:4096], source.name)
    if kind != EXCEL:
        raise EloError(f"{args.book}: this is {kind}, not an Excel workbook (.xlsx); give an .xlsx workbook")
    if os.path.splitext(output)[1].lower() not in (".xlsx", ".xlsm"):
        raise EloError(f"-o {output}: functions writes an .xlsx workbook; name the file .xlsx")
    _emit(add_functions(data, args.book), output)
    print(f"{output}: {len(FUNCTIONS)} functions added as LAMBDA names (Excel 365, Excel 2024, Excel for the web)")
    return 0


def run_demo(args: argparse.Namespace) -> int:
    """``elo-xl demo``: the sample events' rating tables, and their workbooks in a folder."""
    from . import report, workbook
    from .progress import Progress
    from .event import rate_tournament, resolve_k
    from .event.samples import sample_round_robin, sample_swiss
    from .workbook.prefill import event_fields, round_robin_prefill, swiss_prefill
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
    built = {}
    with Progress(len(books), "writing workbooks") as progress:
        for path, kind, size, prefill, event in books:
            built[path.name] = workbook.build(kind, args.lang, prefill=prefill, event=event, **size,
                                              **_rules_options(args.rules))
            progress.step(path.name)
    write_folder(folder, built)  # all or none, also when killed
    for table in tables:
        print(table)
    print(demo_summary(args.output, [(path.name, kind, size) for path, kind, size, _, _ in books],
                       rules.name, args.lang))
    return 0


def demo_summary(folder: str, books: list[tuple[str, str, dict[str, int]]], rules: str, lang: str = "en") -> str:
    """The one line ``demo`` prints about the workbooks it wrote: (file name, kind, size) each.

    >>> demo_summary("elo-xl-demo", [("round-robin-en.xlsx", "round-robin", {"players": 10}),
    ...     ("swiss-en.xlsx", "swiss", {"players": 12, "rounds": 7})], "FIDE")
    'elo-xl-demo: 2 workbooks, round-robin-en.xlsx (10 players), swiss-en.xlsx (12 players, 7 rounds), FIDE'
    """
    parts = [f"{name} ({', '.join(_count(n, noun[:-1]) for noun, n in size.items())})" for name, _, size in books]
    return f"{folder}: {_count(len(books), 'workbook')}, {', '.join(parts)}, {rules}" + (f", in {lang}" if lang != "en" else "")


def run_period(args: argparse.Namespace) -> int:
    """``elo-xl period``: a rating period's new list (all the work is in :mod:`elo_xl.period`)."""
    from .period.command import run_command
    from .workbook.archive import write_atomically
    from .workbook.period_list import as_xlsx

    return run_command(args, write_atomically, as_xlsx)


def run_lite(args: argparse.Namespace) -> int:
    """``elo-xl lite``: write the xlwings Lite bundle and say where it went."""
    from .lite import write_lite_bundle  # imports xlwings, which only this command needs

    paths = write_lite_bundle(args.output)
    print(lite_summary(args.output, [path.name for path in paths]))
    print(LITE_HINT)
    return 0


def lite_summary(folder: str, names: list[str]) -> str:
    """The one line ``lite`` prints about the bundle it wrote.

    >>> from elo_xl import __version__, udfs
    >>> lite_summary("elo-xl-lite", ["main.py", "requirements.txt"]) == (
    ...     f"elo-xl-lite: xlwings Lite bundle, main.py (elo-xl {__version__}, "
    ...     f"{len(udfs.FUNCTIONS)} Excel functions), requirements.txt")
    True
    """
    from . import __version__, udfs

    described = {"main.py": f"main.py (elo-xl {__version__}, {_count(len(udfs.FUNCTIONS), 'Excel function')})"}
    return f"{folder}: xlwings Lite bundle, {', '.join(described.get(name, name) for name in names)}"


# --- helpers ----------------------------------------------------------------------------------


def _year_option(year: int | None) -> None:
    """Refuse a ``--year`` that is no event year, naming the option (not the event file).

    >>> _year_option(2026)
    >>> _year_option(26)
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: --year: 26 is not a whole number from 1800 to 2200
    """
    from .results import parse_whole

    if year is not None:
        try:
            parse_whole(year, "year", 1800, 2200)
        except EloError:
            raise EloError(f"--year: {year} is not a whole number from 1800 to 2200") from None


def _rules_options(text: str) -> dict[str, Any]:
    """The Rules and Scale cells of a book for a rule-set name (``LOGISTIC 480`` → LOGISTIC, 480)."""
    from .rules import parse_rules

    rules = parse_rules(text)
    return {"rules": rules.name.split()[0], "scale": getattr(rules, "scale", 400)}


def _notes(notes: list[str]) -> None:
    """Each note on standard error, as ``elo-xl: note: …`` (wrapped)."""
    from .report import wrapped

    for note in notes:
        print("\n".join(wrapped("elo-xl: note: ", note)), file=sys.stderr)


def _prefill(args: argparse.Namespace, notes: list[str]) -> dict[str, Any]:
    """Workbook options from ``--from EVENT``: sizes, event data and the inputs with rate's K;
    what the reader read otherwise than written goes to ``notes``."""
    from .event import load, resolve_k
    from .io.kfile import read_k_file
    from .workbook.prefill import event_fields, round_robin_prefill, scoring_note, swiss_prefill
    from .rules import parse_rules

    _year_option(args.year)
    event = load(args.source)
    notes.extend(event.notes)
    notes.extend(scoring_note(event))
    rules = parse_rules(args.rules or "FIDE")
    k_file = read_k_file(args.k_file) if args.k_file else None
    ks = resolve_k(event, rules, args.k, k_file, args.year)
    options: dict[str, Any] = {"players": len(event.entrants), "event": event_fields(event)}
    event_rounds = None
    with _naming(f"--from {args.source}"):
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
                from .event.pairings import round_robin_schedule

                options["double"], options["reverse"] = round_robin_schedule(event)
    _event_size(args.source, args.kind, len(event.entrants), event_rounds)
    return options


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
    from .workbook import KINDS

    for size in KINDS[kind]:
        count = {"players": players, "rounds": rounds}.get(size.option)
        if count is not None and not size.low <= count <= size.high:
            raise EloError(f"--from {source}: the event has {_count(count, size.unit)}; a {kind} book holds "
                           f"{size.low} to {size.high}")


class _naming:
    """``with _naming("--from cup.csv"):`` puts the option and file in front of an error's
    message that names neither (the reader's own messages already name the file; a message
    about an option, ``--k: …``, ``rules: …``, is about the option, not the file).

    >>> try:
    ...     with _naming("--from cup.csv"):
    ...         raise EloError("a Swiss book needs rounds")
    ... except EloError as e:
    ...     print(e)
    --from cup.csv: a Swiss book needs rounds
    """

    def __init__(self, where: str):
        self.where = where

    def __enter__(self) -> "_naming":
        return self

    def __exit__(self, kind: type | None, error: BaseException | None, tb: object) -> bool:
        text = str(error)
        if isinstance(error, EloError) and not text.startswith((self.where.split()[-1], "-", "rules:")):
            raise EloError(f"{self.where}: {error}") from None
        return False


def _emit(text: str | bytes, output: str | None) -> None:
    """Print ``text``, or write it (text as UTF-8, or bytes) atomically to ``output``."""
    if output is None:
        sys.stdout.write(text if isinstance(text, str) else text.decode("utf-8"))
        return
    outputs = Outputs()
    outputs.add(output, text.encode("utf-8") if isinstance(text, str) else text)
    outputs.commit()


def _os_message(error: OSError) -> str:
    """An operating-system error as one line that names the file."""
    reason = error.strerror or type(error).__name__
    if error.filename is not None:
        return f"{error.filename}: {reason}"
    return reason


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
