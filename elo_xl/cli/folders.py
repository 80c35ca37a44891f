"""The commands that write a folder of ready files: ``demo`` (the sample events rated, and
their books) and ``lite`` (the xlwings Lite bundle)."""

from __future__ import annotations

import argparse

from ..io.paths import writable_folder
from ..io.staged import write_folder
from .options import rules_options
from .output import plural

LITE_FOLDER = "elo-xl-lite"
LITE_HINT = "Replace the xlwings Lite editor's main.py with this main.py; keep its requirements.txt as it is."
DEMO_FOLDER = "elo-xl-demo"


def run_demo(args: argparse.Namespace) -> int:
    """``elo-xl demo``: the sample events' rating tables, and their workbooks in a folder."""
    from .. import report, workbook
    from ..progress import Progress
    from ..event import rate_tournament, resolve_k
    from ..event.samples import sample_round_robin, sample_swiss
    from ..workbook.prefill import event_fields, round_robin_prefill, swiss_prefill
    from ..rules import parse_rules

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
                                              **rules_options(args.rules))
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
    parts = [f"{name} ({', '.join(plural(n, noun[:-1]) for noun, n in size.items())})" for name, _, size in books]
    return f"{folder}: {plural(len(books), 'workbook')}, {', '.join(parts)}, {rules}" + (f", in {lang}" if lang != "en" else "")


def run_lite(args: argparse.Namespace) -> int:
    """``elo-xl lite``: write the xlwings Lite bundle and say where it went."""
    from ..lite import write_lite_bundle  # imports xlwings, which only this command needs

    paths = write_lite_bundle(args.output)
    print(lite_summary(args.output, [path.name for path in paths]))
    print(LITE_HINT)
    return 0


def lite_summary(folder: str, names: list[str]) -> str:
    """The one line ``lite`` prints about the bundle it wrote.

    >>> from elo_xl import __version__, functions
    >>> lite_summary("elo-xl-lite", ["main.py", "requirements.txt"]) == (
    ...     f"elo-xl-lite: xlwings Lite bundle, main.py (elo-xl {__version__}, "
    ...     f"{len(functions.FUNCTIONS)} Excel functions), requirements.txt")
    True
    """
    from .. import __version__, functions

    described = {"main.py": f"main.py (elo-xl {__version__}, {plural(len(functions.FUNCTIONS), 'Excel function')})"}
    return f"{folder}: xlwings Lite bundle, {', '.join(described.get(name, name) for name in names)}"
