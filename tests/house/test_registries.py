"""Every list a user reads comes from its one registry: the languages (:mod:`elo_xl.languages`),
the rule sets (:data:`elo_xl.rules.RULE_SETS`) and the kinds of book with their sizes
(:data:`elo_xl.workbook.KINDS`). The help texts, the Excel functions' argument text, the
messages and the pages of ``docs/`` name exactly what the registries hold."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from elo_xl import cli, udfs
from elo_xl.errors import EloError
from elo_xl.languages import LANGUAGES, NAMES
from elo_xl.results import FLAG_WORDS
from elo_xl.rules import RULE_NAMES, RULE_SETS, RULES_HELP, parse_rules
from elo_xl.workbook import KINDS, LABELS, size_help, sizes
from elo_xl.workbook.i18n import TEXT

ROOT = Path(__file__).resolve().parents[2]
CLI_PAGE = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")


def subparser(name: str):
    parser = cli.build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return action.choices[name]


def option(parser, flag: str):
    return next(a for a in parser._actions if flag in a.option_strings)


def test_the_languages():
    assert set(NAMES) == set(LANGUAGES) == set(FLAG_WORDS)
    for command in ("demo", "workbook"):
        assert tuple(option(subparser(command), "--lang").choices) == LANGUAGES
    assert all(len(texts) == len(LANGUAGES) for texts in TEXT.values())
    with pytest.raises(EloError, match=re.escape(f"use {', '.join(LANGUAGES)}")):
        from elo_xl.workbook.book import Book
        Book("xx")
    assert f"`--lang L` | `en` | language of the book: {', '.join(f'`{lang}`' for lang in LANGUAGES)} |" in CLI_PAGE


def test_the_rule_sets():
    assert RULE_NAMES == tuple(rs.name for rs in RULE_SETS)
    for text in (cli.RULES_HELP, udfs.RULES_DOC, RULES_HELP):
        assert [name for name in re.findall(r"[A-Z][A-Z0-9-]+(?: \d+)?", text) if name in RULE_NAMES] == list(RULE_NAMES)
    for name in RULE_NAMES:
        assert parse_rules(name).name == name
    assert option(subparser("rate"), "--rules").help == cli.RULES_HELP


def test_the_kinds_of_book_and_their_sizes():
    book = subparser("workbook")
    kind = next(a for a in book._actions if a.dest == "kind")
    assert list(kind.choices) == [*KINDS, "all"] and LABELS == {name: record.label for name, record in KINDS.items()}
    for name in ("players", "rounds", "games", "teams", "boards"):
        assert option(book, f"--{name}").help == size_help(name)
        for kind_name, record in KINDS.items():
            for size in record.sizes:
                if size.option == name:
                    assert f"{size.low}-{size.high} (default {size.default})" in size_help(name)
                    assert sizes(kind_name)[name] == size.default
                    # docs/cli.md: the option's row gives each kind's range (with an en dash)
                    row = next(line for line in CLI_PAGE.splitlines() if line.startswith(f"| `--{name} N`"))
                    assert f"{size.low}–{size.high}" in row and str(size.default) in row
    assert f"`KIND` | | {', '.join(f'`{k}`' for k in KINDS)}, `all` |" in CLI_PAGE


def test_the_workbook_options_come_from_the_kinds_records():
    """``workbook``'s options apply where the kinds' records say (one record per kind of book,
    :data:`elo_xl.workbook.KINDS`): a new kind is taken by its options with no list of kinds
    typed in the command line; and every option of ``workbook`` has its row."""
    from elo_xl.cli.books import WORKBOOK_OPTIONS, workbook_options
    from elo_xl.workbook import Kind, Size

    assert WORKBOOK_OPTIONS == workbook_options(KINDS)
    assert WORKBOOK_OPTIONS["--lang"][1] == WORKBOOK_OPTIONS["--values"][1] == tuple(KINDS)
    assert WORKBOOK_OPTIONS["--rules"][1] == tuple(name for name, kind in KINDS.items() if kind.rated)
    league = Kind((Size("players", 8, 2, 40, "team"),), "league book", "league", rated=True)
    taken = {option: "league" in kinds for option, (_, kinds) in workbook_options({**KINDS, "league": league}).items()}
    assert [option for option, yes in taken.items() if yes] == ["--lang", "--rules", "--players", "--values"]
    book = subparser("workbook")
    flags = {flag for a in book._actions for flag in a.option_strings if flag.startswith("--")} - {"--help", "--output"}
    assert flags == set(WORKBOOK_OPTIONS)


def test_the_top_level_help_lists_the_kinds():
    """The top-level help names the kinds of book from the registry, and ``all`` (every kind in
    every language), as ``workbook KIND`` takes them."""
    assert subparser_help("workbook") == f"write a ready-made workbook ({', '.join(KINDS)} or all)"


def subparser_help(name: str) -> str:
    parser = cli.build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return next(c.help for c in action._choices_actions if c.dest == name)
