"""The ``elo-xl`` command line: argument parsing and output only."""

from __future__ import annotations

import argparse
import sys

from . import __version__
from .errors import EloError

LITE_FOLDER = "elo-xl-lite"
LITE_HINT = "Paste each file into the xlwings Lite editor's tab of the same name (main.py, requirements.txt)."


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``elo-xl``."""
    parser = argparse.ArgumentParser(
        prog="elo-xl",
        description="FIDE-exact chess rating calculations: Excel functions, workbooks, TRF tools.",
    )
    parser.add_argument("--version", action="version", version=f"elo-xl {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    lite = commands.add_parser(
        "lite", help="write main.py and requirements.txt for xlwings Lite",
        description="Write main.py (the Excel functions with elo-xl embedded) and requirements.txt "
                    "for the xlwings Lite editor.")
    lite.add_argument("-o", "--output", metavar="FOLDER", default=LITE_FOLDER,
                      help=f"folder to write to (default: {LITE_FOLDER})")
    lite.set_defaults(run=run_lite)
    book = commands.add_parser(
        "workbook", help="write a ready-made workbook (player, round-robin, swiss, match, reference)",
        description="Write a workbook whose own formulas recalculate every rating in Excel, LibreOffice "
                    "and Google Sheets. KIND 'all' writes every kind in every language into the -o folder.")
    book.add_argument("kind", metavar="KIND", choices=["player", "round-robin", "swiss", "match", "reference", "all"],
                      help="player, round-robin, swiss, match, reference, or all")
    book.add_argument("-o", "--output", metavar="FILE", required=True, help="the .xlsx file to write (a folder for 'all')")
    book.add_argument("--lang", default="en", choices=["en", "vi", "ar", "ru"], help="language of the book (default en)")
    book.add_argument("--players", type=int, help="players: round-robin 3-30 (default 10), swiss 2-1000 (default 60)")
    book.add_argument("--rounds", type=int, help="swiss rounds 1-15 (default 9)")
    book.add_argument("--games", type=int, help="player: game rows 1-200 (default 40); match: games 1-1000 (default 24)")
    book.add_argument("--rules", default="FIDE", help="rule set preselected in the book (default FIDE)")
    book.add_argument("--values", action="store_true",
                      help="also store every formula's value, computed by LibreOffice, for readers that do not calculate")
    book.set_defaults(run=run_workbook)
    demo = commands.add_parser(
        "demo", help="rate a built-in sample event", description="Rate a built-in sample event and print the rating table.")
    demo.add_argument("--rules", default="FIDE", help="rule set: FIDE (default), FIDE-2024, ELO-1970, USSR-1977, LOGISTIC")
    demo.set_defaults(run=run_demo)
    return parser


def run_workbook(args: argparse.Namespace) -> int:
    """``elo-xl workbook KIND -o FILE``: write a ready-made workbook."""
    from . import workbook
    from .rules import parse_rules

    if args.kind == "all":
        for path in workbook.rebuild_folder(args.output):
            print(path)
        return 0
    rules = parse_rules(args.rules)
    scale = getattr(rules, "scale", 400)
    name = rules.name.split()[0]
    path = workbook.write(args.output, args.kind, args.lang, values=args.values, players=args.players,
                          rounds=args.rounds, games=args.games, rules=name, scale=scale)
    print(path)
    return 0


def run_demo(args: argparse.Namespace) -> int:
    """``elo-xl demo``: the rating table of the built-in sample round robin."""
    from .engine import average_rating, category, rate_event
    from .report import event_table
    from .rules import parse_rules
    from .samples import ROUND_ROBIN as event

    rules = parse_rules(args.rules)
    outcomes = rate_event(event.ratings, event.results, None, rules)
    average = average_rating(event.ratings, rules)
    print(f"{event.name}, {event.place}, {event.start} — {len(event.players)} players, rules {rules.name}")
    print(f"Average rating {average}, category {category(average)}")
    print()
    print(event_table([p.name for p in event.players], outcomes))
    for player, outcome in zip(event.players, outcomes):
        if outcome.note:
            print(f"{player.name}: {outcome.note}")
    return 0


def run_lite(args: argparse.Namespace) -> int:
    """``elo-xl lite``: write the xlwings Lite bundle and say where it went."""
    from .lite import write_lite_bundle  # imports xlwings, which only this command needs

    for path in write_lite_bundle(args.output):
        print(path)
    print(LITE_HINT)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``elo-xl`` console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "run"):
        parser.print_help()
        return 0
    try:
        return args.run(args)
    except EloError as error:
        print(f"elo-xl: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
