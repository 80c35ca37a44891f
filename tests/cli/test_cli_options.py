"""No silent surprises: every option of every command either changes what the command does or
is refused with a message naming it.

The expected table below is written from what each kind of book is (docs/books.md,
"Ready-made workbooks"), not read from the command's own table: a player book has game rows and no
players, a reference book has no Event sheet and so no rule set, ``all`` writes every kind
at its default size in every language, ``--k``/``--k-file``/``--year`` only shape a book
prefilled ``--from`` an event, whose size is the event's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from elo_xl.cli import WORKBOOK_OPTIONS, build_parser, main
from books import load_workbook

TRF = Path(__file__).parents[1] / "data" / "trf" / "round-robin-6.trf"
KINDS = ["player", "round-robin", "swiss", "match", "team", "reference", "all"]

#: option → (a value to give, the kinds it applies to)
APPLIES = {
    "--lang": ("ru", {"player", "round-robin", "swiss", "match", "team", "reference"}),
    "--rules": ("ELO-1970", {"player", "round-robin", "swiss", "match"}),
    "--players": ("12", {"round-robin", "swiss"}),
    "--rounds": ("5", {"swiss", "team"}),
    "--games": ("12", {"player", "match"}),
    "--teams": ("6", {"team"}),
    "--boards": ("3", {"team"}),
    "--from": (str(TRF), {"round-robin", "swiss", "team"}),
    "--k": ("15", {"round-robin", "swiss"}),
    "--k-file": (str(TRF), {"round-robin", "swiss"}),
    "--year": ("2020", {"round-robin", "swiss"}),
    "--values": (None, {"player", "round-robin", "swiss", "match", "team", "reference"}),
    "--double": (None, {"round-robin"}),
    "--reverse": (None, {"round-robin"}),
}


def test_the_audit_covers_every_workbook_option():
    parser = build_parser()
    workbook = parser._subparsers._group_actions[0].choices["workbook"]
    options = {s for a in workbook._actions for s in a.option_strings if s.startswith("--")} - {"--help", "--output"}
    assert options == set(APPLIES) == set(WORKBOOK_OPTIONS)


@pytest.mark.parametrize("kind,option", [(k, o) for o, (_, kinds) in APPLIES.items() for k in KINDS if k not in kinds])
def test_option_not_applying_is_an_error(tmp_path, capsys, kind, option):
    value, kinds = APPLIES[option]
    out = tmp_path / "out"
    argv = ["workbook", kind, option] + ([value] if value is not None else []) + ["-o", str(out)]
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith(f"elo-xl: {option} does not apply to ")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("option", ["--k", "--k-file", "--year"])
@pytest.mark.parametrize("kind", ["round-robin", "swiss"])
def test_from_options_without_from(tmp_path, capsys, kind, option):
    value = APPLIES[option][0]
    assert main(["workbook", kind, option, value, "-o", str(tmp_path / "b.xlsx")]) == 2
    assert capsys.readouterr().err == f"elo-xl: {option} goes with --from EVENT (the K and year of a prefilled book)\n"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("option,size,what", [("--players", 6, "players"), ("--rounds", 5, "rounds")])
def test_size_options_with_from(tmp_path, capsys, option, size, what):
    # a Swiss book may be larger than the event (late entries, more rounds), never smaller
    assert main(["workbook", "swiss", "--from", str(TRF), option, str(size - 1), "-o", str(tmp_path / "b.xlsx")]) == 2
    assert capsys.readouterr().err == (f"elo-xl: {option} {size - 1}: {TRF} has {size} {what}; give at least {size} (more "
                                       f"leaves room for late entries and rounds), or leave {option} out\n")
    assert list(tmp_path.iterdir()) == []
    assert main(["workbook", "swiss", "--from", str(TRF), option, str(size + 3), "-o", str(tmp_path / "b.xlsx")]) == 0
    summary = capsys.readouterr().out
    assert ("6 players (rows for 9)" if what == "players" else "8 rounds") in summary
    assert main(["workbook", "round-robin", "--from", str(TRF), "--players", "8", "-o", str(tmp_path / "r.xlsx")]) == 2
    assert capsys.readouterr().err == "elo-xl: --players does not apply with --from: the event's own size is used\n"


def test_k_and_k_file_exclude_each_other(tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["workbook", "swiss", "--from", str(TRF), "--k", "10", "--k-file", str(TRF), "-o", str(tmp_path / "b")])
    assert stop.value.code == 2
    assert "--k-file: not allowed with argument --k" in capsys.readouterr().err


def test_options_that_apply_change_the_book(tmp_path):
    """Each option accepted for a kind shows in the book written (spot checks of the table)."""
    import openpyxl

    def book(*argv: str) -> openpyxl.Workbook:
        out = tmp_path / f"{len(list(tmp_path.iterdir()))}.xlsx"
        assert main(["workbook", *argv, "-o", str(out)]) == 0
        return load_workbook(out)

    assert book("match", "--games", "12")["Match"].max_row < book("match")["Match"].max_row
    player_ru = book("player", "--lang", "ru")
    assert player_ru.worksheets[0].title != "Event"
    event = book("player", "--rules", "ELO-1970").worksheets[0]
    assert "ELO-1970" in [event[f"B{r}"].value for r in range(3, 11)]
    ref_ru = book("reference", "--lang", "ru")
    assert ref_ru.worksheets[0].title != book("reference").worksheets[0].title


@pytest.mark.parametrize("command", [
    ["demo", "--lang", "xx"], ["rate", "e.trf", "--format", "xml"], ["workbook", "swiss", "--players", "x", "-o", "b"],
    ["rate", "e.trf", "--year", "1e3"], ["export"], ["lite", "extra"], ["workbook", "nothing", "-o", "b"],
])
def test_bad_option_values_are_one_line(capsys, command):
    with pytest.raises(SystemExit) as stop:
        main(command)
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and captured.err.startswith("elo-xl")
