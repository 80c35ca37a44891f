"""The help says what each command does, in the same words for the same things: a number is
``N`` (a year ``YYYY``) whatever the command, ``rate`` and ``period`` name their formats
alike (``rate``'s old ``table`` still taken, as ``txt``), the top-level help lists every KIND
``workbook`` takes, and ``export --help`` says how ``export`` ranks (by the book's list).
"""

from __future__ import annotations

import argparse

import pytest

from elo_xl.cli import build_parser, main
from elo_xl.event.samples import SWISS_TRF_PATH


def subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_every_whole_number_option_is_shown_as_n():
    """``--players PLAYERS`` stood next to ``--rounds N``: every option taking a whole number
    shows ``N`` (``YYYY`` for a year)."""
    shown = {(name, action.option_strings[-1]): action.metavar
             for name, parser in subparsers().items() for action in parser._actions
             if action.option_strings and action.type is int}
    expected = {key: "YYYY" if key[1] == "--year" else "N" for key in shown}
    assert shown and shown == expected
    assert "--players N" in subparsers()["workbook"].format_usage()


def test_rate_and_period_name_their_formats_alike():
    formats = {name: next(a for a in subparsers()[name]._actions if "--format" in a.option_strings).choices
               for name in ("rate", "period")}
    assert list(formats["rate"]) == list(formats["period"]) == ["txt", "csv", "json", "xlsx"]


@pytest.mark.parametrize("command", ["rate", "period"])
@pytest.mark.parametrize("typed, taken", [("txt", "txt"), ("table", "txt"), ("csv", "csv")])
def test_the_old_format_name_is_still_taken(command, typed, taken):
    argv = [command, "e.trf", "--format", typed] if command == "rate" else [command, "--format", typed]
    assert build_parser().parse_args(argv).format == taken


def test_rate_format_table_and_txt_print_the_same(capsys):
    assert main(["rate", str(SWISS_TRF_PATH), "--format", "table"]) == 0
    table = capsys.readouterr().out
    assert main(["rate", str(SWISS_TRF_PATH), "--format", "txt"]) == 0
    assert capsys.readouterr().out == table and "Rank" in table


def test_the_top_level_help_lists_every_kind_workbook_takes():
    from elo_xl.workbook import KINDS

    text = " ".join(build_parser().format_help().split())
    assert f"write a ready-made workbook ({', '.join(KINDS)} or all)" in text


def test_export_help_says_it_ranks_by_the_books_list():
    """``export --help`` gave ``rate``'s defaults (the TRF file's 202 record, else FIDE's list)."""
    text = " ".join(subparsers()["export"].format_help().split())
    assert "(default: the list on the book's Event sheet;" in text
    assert "the version of C.07 (default: the one the book's Event sheet names," in text
    rate = " ".join(subparsers()["rate"].format_help().split())
    assert "(default: the TRF-2026 file's 202 record," in rate


@pytest.mark.parametrize("command", sorted(subparsers()))
def test_every_command_says_what_it_does(command):
    """Each command has a description of its own (more than its one-line summary) and examples."""
    parser = subparsers()[command]
    assert parser.description and parser.description.endswith(".") and len(parser.description) > 60
    assert parser.epilog.startswith("examples:")
