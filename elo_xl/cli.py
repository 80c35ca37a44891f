"""The ``elo-xl`` command line: argument parsing and output only."""

from __future__ import annotations

import argparse
import sys

from . import __version__


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``elo-xl``."""
    parser = argparse.ArgumentParser(
        prog="elo-xl",
        description="FIDE-exact chess rating calculations: Excel functions, workbooks, TRF tools.",
    )
    parser.add_argument("--version", action="version", version=f"elo-xl {__version__}")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``elo-xl`` console script."""
    parser = build_parser()
    parser.parse_args(argv)
    parser.print_help()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
