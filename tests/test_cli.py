"""The ``elo-xl`` command line: demo output, version, errors on one line with exit code 2."""

import subprocess
import sys

from elo_xl import __version__, rate_event
from elo_xl.cli import main
from elo_xl.samples import ROUND_ROBIN


def test_demo_prints_the_engine_numbers(capsys):
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    outcomes = rate_event(ROUND_ROBIN.ratings, ROUND_ROBIN.results)
    lines = out.splitlines()
    assert "10 players, rules FIDE" in lines[0]
    for player, outcome in zip(ROUND_ROBIN.players, outcomes):
        line = next(line for line in lines if player.name in line)
        assert str(outcome.new_rating) in line.split()
    assert "Pham Quoc Duy" in out and "2180" in out  # the unrated player's initial rating


def test_demo_other_rules(capsys):
    assert main(["demo", "--rules", "elo-1970"]) == 0
    assert "rules ELO-1970" in capsys.readouterr().out


def test_bad_rules_one_line_exit_2():
    done = subprocess.run([sys.executable, "-m", "elo_xl.cli", "demo", "--rules", "nope"],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        'elo-xl: rules: "nope" is not a rule set; use FIDE, FIDE-2024, ELO-1970, USSR-1977 or LOGISTIC '
        '(with a scale: "LOGISTIC 480")']


def test_version(capsys):
    try:
        main(["--version"])
    except SystemExit as stop:
        assert stop.code == 0
    assert capsys.readouterr().out.strip() == f"elo-xl {__version__}"
