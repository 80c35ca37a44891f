"""The ``elo-xl`` command line: demo output, version, errors on one line with exit code 2."""

import subprocess
import sys

from elo_xl import __version__, rate_event
from elo_xl.cli import main
from elo_xl.event.samples import ROUND_ROBIN
from books import load_workbook


def test_demo_prints_the_engine_numbers(capsys, tmp_path):
    assert main(["demo", "-o", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    outcomes = rate_event(ROUND_ROBIN.ratings, ROUND_ROBIN.results)
    lines = out.splitlines()
    assert lines[:2] == ["elo-xl Sample Round Robin — 10 players, 9 rounds, rules FIDE,",  # wrapped at 100 columns
                         "  tie-breaks DE, WIN, SB, KS (2026 rules), average rating 2389, category 6"]
    ratings = next(i for i, line in enumerate(lines) if line.split()[:3] == ["No", "Name", "Rating"])
    for player, outcome in zip(ROUND_ROBIN.players, outcomes):
        line = next(line for line in lines[ratings:] if player.name in line)
        assert str(outcome.new_rating) in line.split()
    assert "Pham Quoc Duy" in out and "2180" in out  # the unrated player's initial rating
    assert (tmp_path / "round-robin-en.xlsx").exists() and (tmp_path / "swiss-en.xlsx").exists()
    # the last line: one summary of what was written (the samples' sizes, as the sample module has them)
    from elo_xl.event.samples import sample_swiss

    swiss = sample_swiss()
    assert lines[-1] == (f"{tmp_path}: 2 workbooks, round-robin-en.xlsx ({len(ROUND_ROBIN.players)} players), "
                         f"swiss-en.xlsx ({len(swiss.entrants)} players, {len(swiss.pairings[0])} rounds), FIDE")


def test_demo_other_rules(capsys, tmp_path):
    assert main(["demo", "--rules", "elo-1970", "-o", str(tmp_path)]) == 0
    assert "rules ELO-1970" in capsys.readouterr().out


def test_bad_rules_one_line_exit_2():
    done = subprocess.run([sys.executable, "-m", "elo_xl.cli", "demo", "--rules", "nope", "-o", "nowhere"],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        'elo-xl: rules: "nope" is not a rule set; use FIDE, FIDE-2024, FIDE-RAPID, FIDE-BLITZ, ELO-1970, USSR-1977 or LOGISTIC '
        '(with a scale: "LOGISTIC 480")']


def test_version(capsys):
    try:
        main(["--version"])
    except SystemExit as stop:
        assert stop.code == 0
    assert capsys.readouterr().out.strip() == f"elo-xl {__version__}"


def test_workbook_command_writes_a_book(tmp_path, capsys):
    out = tmp_path / "rr.xlsx"
    assert main(["workbook", "round-robin", "--players", "6", "--lang", "ru", "-o", str(out)]) == 0

    wb = load_workbook(out)
    assert "Ratings" in wb.defined_names and wb.worksheets[1].title == "Круговой"
    assert capsys.readouterr().out == f"{out}: round-robin book, 6 players, FIDE, in ru\n"


def test_workbook_command_bad_size_writes_nothing(tmp_path):
    out = tmp_path / "sw.xlsx"
    done = subprocess.run([sys.executable, "-m", "elo_xl.cli", "workbook", "swiss", "--players", "1001", "-o", str(out)],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.strip() == ("elo-xl: --players: 1001 is not possible for a swiss book; "
                                   "give a whole number from 2 to 1000")
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_workbook_command_logistic_scale(tmp_path):
    out = tmp_path / "p.xlsx"
    assert main(["workbook", "player", "--rules", "logistic 480", "-o", str(out)]) == 0

    wb = load_workbook(out)
    event = wb.worksheets[0]
    values = {event[f"A{r}"].value: event[f"B{r}"].value for r in range(3, 11)}
    assert values["Rule set"] == "LOGISTIC" and values["Logistic scale"] == 480
