"""Every command's --help ends with two or three real examples (issue 15, item 9): each parses
as the command it shows, the texts fit 100 columns and no word is cut."""

from __future__ import annotations

import argparse
import shlex

import pytest

from elo_xl.cli import EXAMPLES, build_parser


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_every_command_has_examples():
    assert set(_commands()) == set(EXAMPLES)


@pytest.mark.parametrize("command", sorted(EXAMPLES))
def test_help_ends_with_examples_that_parse(command, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    text = _commands()[command].format_help()
    tail = text.rstrip("\n").split("\n")
    shown = EXAMPLES[command]
    assert 2 <= len(shown) <= 3
    assert tail[-len(shown) - 1:] == ["examples:"] + [f"  {line}" for line in shown]
    for line in shown:
        words = shlex.split(line)
        assert words[:2] == ["elo-xl", command]
        args = build_parser().parse_args(words[1:])
        assert args.run.__name__ == f"run_{command}"
    assert max(len(line) for line in text.split("\n")) <= 100, command


def test_export_help_names_every_book_and_period_help_keeps_the_header_whole(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    commands = _commands()
    assert "a Swiss, round-robin or team workbook" in " ".join(commands["export"].format_help().split())
    period = commands["period"].format_help()
    assert "(fide_id,name,federation,sex,title,rating,games,k,birth_year,flag)" in period
