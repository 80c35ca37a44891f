"""What every command of ``elo-xl`` shares in parsing its arguments: the help as written, the
examples, one-line argparse errors, and the options and values several commands take
(tie-breaks, year, rule set, start numbers)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any, NoReturn

from ..errors import EloError, escaped
from ..rules import rule_choices

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


def one_of(names: Sequence[str]) -> str:
    """Names as a sentence lists them.

    >>> one_of(["swiss", "match", "all"]), one_of(["csv"])
    ('swiss, match or all', 'csv')
    """
    return " or ".join(", ".join(names).rsplit(", ", 1))


#: Where ``--tiebreaks`` and ``--tiebreak-rules`` come from when not given: an event file
#: (``rate``), a book (``export``).
_TIEBREAK_DEFAULTS = {
    False: ("the TRF-2026 file's 202 record, else Swiss BH/C1,BH,SB,PS,DE,WIN,BWG, round robin DE,WIN,SB,KS",
            "the one in force at the start date, 2026 from 1 March 2026"),
    True: ("the list on the book's Event sheet; a book without one: the 202 record of the TRF file it keeps, "
           "else Swiss BH/C1,BH,SB,PS,DE,WIN,BWG, round robin DE,WIN,SB,KS",
           "the one the book's Event sheet names, else the one in force at the start date, 2026 from 1 March 2026"),
}


def add_tiebreak_arguments(parser: argparse.ArgumentParser, book: bool = False) -> None:
    """``--tiebreaks LIST`` and ``--tiebreak-rules 2024|2026`` (``rate``; ``export``, whose
    defaults are the ``book``'s)."""
    codes, version = _TIEBREAK_DEFAULTS[book]
    parser.add_argument("--tiebreaks", metavar="LIST",
                        help=f"the tie-breaks in order, codes of FIDE C.07, e.g. BH/C1,BH,SB (default: {codes})")
    parser.add_argument("--tiebreak-rules", choices=("2024", "2026"),
                        help=f"the version of C.07 (default: {version})")


def tiebreak_options(args: argparse.Namespace) -> Any:
    """The ``--tiebreaks`` list, checked (None when not given): an unknown code or modifier is
    an error naming the option."""
    from ..tiebreaks import parse_codes

    if args.tiebreaks is None:
        return None
    try:
        return parse_codes(args.tiebreaks)
    except EloError as error:
        from ..tiebreaks.team_codes import parse_team_codes

        try:  # a team event's list: MPvGP, BH:MP/C1, EMGSB…
            return parse_team_codes(args.tiebreaks)
        except EloError as team_error:
            from ..tiebreaks import NAMES
            from ..tiebreaks.team_codes import TEAM_NAMES

            bases = {item.strip().upper().split("/")[0].split("-")[0] for item in args.tiebreaks.split(",")}
            teamish = any(":" in b or (b in TEAM_NAMES and b not in NAMES) for b in bases)
            raise EloError(f"--tiebreaks: {team_error if teamish else error}") from None


def year_option(year: int | None) -> None:
    """Refuse a ``--year`` that is no event year, naming the option (not the event file).

    >>> year_option(2026)
    >>> year_option(26)
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: --year: 26 is not a whole number from 1800 to 2200
    """
    from ..results import parse_whole

    if year is not None:
        try:
            parse_whole(year, "year", 1800, 2200)
        except EloError:
            raise EloError(f"--year: {year} is not a whole number from 1800 to 2200") from None


def rules_options(text: str) -> dict[str, Any]:
    """The Rules and Scale cells of a book for a rule-set name (``LOGISTIC 480`` → LOGISTIC, 480)."""
    from ..rules import parse_rules

    rules = parse_rules(text)
    return {"rules": rules.name.split()[0], "scale": getattr(rules, "scale", 400)}


def start_numbers(text: str, option: str) -> list[int]:
    """Start numbers given as ``3,17`` (spaces allowed).

    >>> start_numbers("3, 17", "--absent")
    [3, 17]
    >>> start_numbers("3,x", "--absent")
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
