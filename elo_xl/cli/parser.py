"""The argument parser of ``elo-xl``: every command, option and help text, in one place."""

from __future__ import annotations

import argparse

from .. import __version__
from ..io.formats import format_name
from ..languages import LANGUAGES
from ..results import BYE_FULL, BYE_HALF, BYE_ZERO, TRF_SYMBOL
from ..workbook import KINDS, size_help
from .books import ALL_KINDS, KIND_CHOICES, run_functions, run_recalc, run_workbook
from .events import RATE_FORMAT_ALIASES, run_export, run_pair, run_period, run_rate
from .folders import DEMO_FOLDER, LITE_FOLDER, run_demo, run_lite
from .options import RULES_HELP, Parser, add_tiebreak_arguments, examples, one_of


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``elo-xl``."""
    parser = Parser(prog="elo-xl",
                    description="FIDE-exact chess rating calculations for arbiters: rate an event or a month of "
                                "events, pair a round, write workbooks that calculate by themselves, read them back "
                                "as TRF files, and add the Elo functions to Excel. 'elo-xl COMMAND --help' tells "
                                "more about each command.")
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

    rate = commands.add_parser("rate", epilog=examples("rate"),
                               help="rate and rank an event from a TRF file or a CSV crosstable",
                               description="Rate an event and rank it by its tie-breaks: a FIDE TRF file, or a CSV "
                                           "crosstable (header row name, rating, k; then per player name, rating, k "
                                           "and one result column per player, with or without the diagonal; see "
                                           "docs/input-files.md). Print the standings and every player's rating "
                                           "change, or write them as CSV, JSON or an .xlsx report.")
    rate.add_argument("event", metavar="EVENT", help="a .trf file or a .csv crosstable")
    rate.add_argument("--rules", default="FIDE", help=RULES_HELP)
    group = rate.add_mutually_exclusive_group()
    group.add_argument("--k", metavar="N", help="one K for every player")
    group.add_argument("--k-file", metavar="CSV", help="K per player: rows of (FIDE ID or start number, K); "
                       "every row must match a player")
    rate.add_argument("--year", type=int, metavar="YYYY", help="the event year for the junior K rule "
                      "(default: the year of the start date, else of the end date, else this year)")
    rate.add_argument("--format", choices=list(dict.fromkeys(RATE_FORMAT_ALIASES.values())),
                      type=format_name(RATE_FORMAT_ALIASES),
                      help="output format: txt the rating table, csv, json, xlsx a formatted report ('table' is "
                           "taken for txt); default: from -o's extension, else txt")
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
    rate.add_argument("--pab-in-buchholz", choices=("points", "draw"), default="points",
                      help="a team event: an opponent's pairing-allocated bye counts in team Buchholz at its points "
                           "(C.07 16.3, as FIDE's reference tool; the default) or as a drawn match (as Swiss-Manager)")
    rate.add_argument("--board-games", type=int, metavar="N",
                      help="a team event: the least games on a board that its board prize counts (default 1)")
    rate.set_defaults(run=run_rate)

    book = commands.add_parser(
        "workbook", epilog=examples("workbook"), help=f"write a ready-made workbook ({one_of(KIND_CHOICES)})",
        description="Write a workbook whose own formulas recalculate every rating in Excel, LibreOffice and Google "
                    f"Sheets. KIND '{ALL_KINDS}' writes every kind in every language into the -o folder. --from "
                    "prefills a swiss or round-robin book from a TRF file (or a round robin from a CSV crosstable). An option "
                    "that does not apply to KIND is an error.")
    book.add_argument("kind", metavar="KIND", choices=KIND_CHOICES, help=one_of(KIND_CHOICES))
    book.add_argument("-o", "--output", metavar="FILE", required=True,
                      help=f"the .xlsx file to write (a folder for '{ALL_KINDS}')")
    book.add_argument("--lang", choices=LANGUAGES, help="language of the book (default en)")
    for option in ("players", "rounds", "games", "teams", "boards"):
        book.add_argument(f"--{option}", type=int, metavar="N", help=size_help(option))
    book.add_argument("--rules", help="rule set preselected in the book (default FIDE)")
    book.add_argument("--from", dest="source", metavar="EVENT", help="prefill from a TRF file (swiss, round-robin, "
                      "team: a TRF-2026 team file) or a CSV crosstable (round-robin), with the K that 'rate' uses; the "
                      "size comes from the event")
    k_group = book.add_mutually_exclusive_group()
    k_group.add_argument("--k", metavar="N", help="with --from: one K for every player")
    k_group.add_argument("--k-file", metavar="CSV", help="with --from: K per player, rows of (FIDE ID or start number, K)")
    book.add_argument("--year", type=int, metavar="YYYY", help="with --from: the event year for the junior K rule")
    book.add_argument("--double", action="store_true", help="round-robin: a double round robin, each pair playing "
                      "twice, the second cycle with the colours reversed (two result cells per pair)")
    book.add_argument("--reverse", action="store_true", help="with --double: exchange the last two rounds of the "
                      "first cycle, as FIDE C.05 Annex 1 advises (nobody gets one colour three times running)")
    book.add_argument("--values", action="store_true",
                      help="also store every formula's value, computed by LibreOffice, for readers that do not calculate")
    book.set_defaults(run=run_workbook)

    export = commands.add_parser("export", epilog=examples("export"),
                                 help="write a TRF file, with points and ranks, from a Swiss, round-robin or team workbook",
                                 description="Read what was typed into a Swiss, round-robin or team workbook (no "
                                             "spreadsheet engine needed) and write a TRF file with points and ranks "
                                             "(a team book: a TRF-2026 team file). The ranks "
                                             "follow the tie-breaks listed on the book's Event sheet, under the "
                                             "version of C.07 it names there, unless --tiebreaks or "
                                             "--tiebreak-rules say otherwise.")
    export.add_argument("book", metavar="BOOK", help="a Swiss, round-robin or team workbook written by elo-xl")
    export.add_argument("-o", "--output", metavar="OUT", required=True, help="the .trf file to write")
    add_tiebreak_arguments(export, book=True)
    export.set_defaults(run=run_export)

    pair = commands.add_parser(
        "pair", epilog=examples("pair"), help="pair the next round of a Swiss (FIDE's Dutch system) or a round robin",
        description="Pair the next round of an event: a Swiss by the Dutch system (FIDE C.04.3, the 2026 rules) "
                    "through gacrux, the reference tool of FIDE's Technical Commission; a round robin by the Berger "
                    "tables (C.05 Annex 1). Print the pairing; with -o, write it into the TRF file or the Swiss "
                    "book (only that round's opponent and colour cells, and the bye). A round is paired only when "
                    "every game of the round before has its result. A TRF file with teams (310 records) is paired "
                    "team by team: FIDE's Swiss team system (C.04.6) through gacrux, or the Berger tables for a "
                    "team round robin; each match's boards seat the lineups in order. A team book is paired as the "
                    "team file export writes from it, the round typed into its Rounds sheet.")
    pair.add_argument("event", metavar="EVENT", help="a .trf file, a Swiss workbook or a team book (.xlsx)")
    pair.add_argument("-o", "--output", metavar="OUT", help="write the event with the round paired here: a .trf "
                      "file for a TRF file, an .xlsx book for a book, a team book's also a .trf file (it may be "
                      "EVENT itself); default: print only")
    pair.add_argument("--round", type=int, metavar="N", dest="round_", help="the round to pair (default: the first "
                      "round with no pairing)")
    pair.add_argument("--replace", action="store_true", help="with --round N: pair round N again, dropping its "
                      "pairing and results and those of later rounds")
    pair.add_argument("--rounds", type=int, metavar="N", help="the number of rounds, when the file or book does "
                      "not say (XXR, 142)")
    pair.add_argument("--first-colour", choices=["white", "black"], help="the colour drawn for the first board "
                      "of round 1 (default: as the file says (152, XXC), else as round 1 was paired, else white)")
    pair.add_argument("--absent", metavar="LIST", help="start numbers not to pair in this round, with commas "
                      "(withdrawn or absent players; in a team file or book, team numbers); a requested bye is typed "
                      f"as {TRF_SYMBOL[BYE_HALF]}, {TRF_SYMBOL[BYE_ZERO]} or {TRF_SYMBOL[BYE_FULL]} in the round instead")
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
                    "FIDE's tables. Nothing else in the book changes but its stored values (dropped: the book "
                    "calculates when opened; elo-xl recalc stores them again). A book that carries the functions "
                    "already (every book elo-xl workbook writes does) is left as it is; one that has one of their "
                    "names otherwise is refused.")
    functions.add_argument("book", metavar="BOOK", help="the .xlsx workbook to add the functions to")
    functions.add_argument("-o", "--output", metavar="OUT", help="write the book with the functions here (default: "
                           "replace BOOK)")
    functions.set_defaults(run=run_functions)

    period = commands.add_parser(
        "period", epilog=examples("period"), help="rate a month of events against the rating list in force and write the new list",
        description="Rate a rating period: every player's games of the month from all events (TRF files), rated "
                    "against the list in force, the change rounded once, K×n ≤ 700, first ratings for unrated "
                    "players, and the new list as TXT (FIDE's layout), CSV, JSON or .xlsx.")
    from ..period.command import add_arguments as period_arguments
    period_arguments(period)
    period.set_defaults(run=run_period)

    lite = commands.add_parser(
        "lite", epilog=examples("lite"),
        help="write the Excel functions as an xlwings Lite bundle (main.py, requirements.txt)",
        description="Write main.py (the Excel functions with elo-xl embedded) and requirements.txt for the xlwings "
                    "Lite editor.")
    lite.add_argument("-o", "--output", metavar="FOLDER", default=LITE_FOLDER,
                      help=f"folder to write to (default: {LITE_FOLDER})")
    lite.set_defaults(run=run_lite)
    return parser
