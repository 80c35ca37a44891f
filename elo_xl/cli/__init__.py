"""The ``elo-xl`` command line: argument parsing and output only.

Every error is one line on stderr with exit code 2, and nothing is written: outputs go to a
temporary file that is moved into place only when complete.

One module per job: :mod:`~elo_xl.cli.parser` (every command, option and help text),
:mod:`~elo_xl.cli.options` (what the commands share in parsing), :mod:`~elo_xl.cli.output`
(what they share in printing and writing), and the commands by what they work on:
:mod:`~elo_xl.cli.events` (``rate``, ``export``, ``pair``, ``period``), :mod:`~elo_xl.cli.books`
(``workbook``, ``functions``, ``recalc``), :mod:`~elo_xl.cli.folders` (``demo``, ``lite``).
Each command checks its paths and options first, computes everything, writes its files (all or
none) and only then prints: an error never follows output.
"""

from __future__ import annotations

import argparse
import functools
import sys

from ..errors import EloError, escaped
from .books import (SET_BY_FROM, WITH_FROM, WORKBOOK_OPTIONS, book_summary, check_workbook_options, run_functions,
                    run_recalc, run_workbook)
from .events import RATE_FORMATS, run_export, run_pair, run_period, run_rate, trf_summary
from .folders import DEMO_FOLDER, LITE_FOLDER, LITE_HINT, demo_summary, lite_summary, run_demo, run_lite
from .options import (EXAMPLES, RULES_HELP, HelpFormatter, Parser, add_tiebreak_arguments, examples,
                      tiebreak_options)
from .output import os_message, silence_stdout
from .parser import build_parser

__all__ = ["DEMO_FOLDER", "EXAMPLES", "HelpFormatter", "LITE_FOLDER", "LITE_HINT", "Parser", "RATE_FORMATS",
           "RULES_HELP", "SET_BY_FROM", "WITH_FROM", "WORKBOOK_OPTIONS", "add_tiebreak_arguments", "book_summary",
           "build_parser", "check_workbook_options", "demo_summary", "examples", "lite_summary", "main",
           "run_demo", "run_export", "run_functions", "run_lite", "run_pair", "run_period", "run_rate",
           "run_recalc", "run_workbook", "tiebreak_options", "trf_summary"]


@functools.lru_cache(maxsize=1)
def _parser() -> argparse.ArgumentParser:
    """:func:`build_parser`'s parser, built once per process for :func:`main`: argparse keeps
    nothing of one parse for the next, and a program that calls ``main`` many times (a script,
    the fuzz harness, the test suite) need not build every command's options again each time
    (3.6 ms, most of a ``--version``)."""
    return build_parser()


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``elo-xl`` console script: the exit code of the command ``argv``
    names: 0 when done, 2 when refused (one line on stderr), 141 when the reader of its output
    went away, 130 (or the signal's own code) when interrupted."""
    parser = _parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "run"):
        parser.print_help()
        return 0
    try:
        code = args.run(args)
        sys.stdout.flush()
        return code
    except BrokenPipeError:  # `elo-xl demo | head`: the reader has gone, end quietly
        silence_stdout()
        return 141  # as a process ended by SIGPIPE
    except EloError as error:
        print(f"elo-xl: {escaped(str(error))}", file=sys.stderr)
        return 2
    except OSError as error:  # a path that changed under us, a full disk…
        print(f"elo-xl: {escaped(os_message(error))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as stopped:  # Ctrl-C, or SIGTERM/SIGHUP a command turned into one (io.atomic)
        name = getattr(stopped, "name", "SIGINT")
        try:
            print(f"elo-xl: interrupted{'' if name == 'SIGINT' else f' ({name})'}; nothing was written",
                  file=sys.stderr)
        except (OSError, ValueError):  # the terminal has gone (SIGHUP)
            pass
        return getattr(stopped, "code", 130)
