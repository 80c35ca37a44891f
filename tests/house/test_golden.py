"""What a user sees stays what it was: every command below, run on the built-in samples and on
files other programs wrote, prints and writes exactly the files in ``tests/data/golden/``.

Those files were written by elo-xl as it stood before the house was rebuilt around one reading
of an event's games and one contract for the books (the commit before the change of
``CHANGELOG.md``'s "Moved" list), so they are a reference independent of the code under test.
A change that is meant to change an output rewrites them, and says why in its commit:

    python tests/house/test_golden.py --write

Each case is a list of commands run in one empty folder; what they print (standard output and
error, with the exit code) and the text files they write are compared. Books are compared by
what ``export`` gives back from them (their bytes are compared by ``test_workbooks_folder.py``).
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
GOLDEN = DATA / "golden"

#: Input files: name in the case folder → where it comes from.
INPUTS = {
    "swiss.trf": ROOT / "elo_xl" / "data" / "sample-swiss.trf",
    "karl.trf": DATA / "real" / "karl-mala-2005.trf",
    "lichess5.trf": DATA / "real" / "lichess-2020-05.trf",
    "lichess6.trf": DATA / "real" / "lichess-2020-06.trf",
    "rr6.trf": DATA / "trf" / "round-robin-6.trf",
    "held5.trf": DATA / "tiebreaks" / "held_swiss_5.trf",
    "heldrr.trf": DATA / "tiebreaks" / "held_round_robin.trf",
    "swiss10.trf": DATA / "trf" / "swiss-10x9.trf",
}

RR_CSV = "name,rating,k,1,2,3,4\nAn,2100,,x,1,½,0\nBinh,2000,20,0,x,1,\nChi,,,½,0,x,1\nDung,1950,,1,,0,x\n"

#: name → commands (argument lists of ``elo-xl``).
CASES: dict[str, list[list[str]]] = {
    "rate-swiss-table": [["rate", "swiss.trf", "--norms", "--tiebreaks", "BH/C1,SB", "-o", "out.txt"]],
    "rate-swiss-json": [["rate", "swiss.trf", "--norms", "--format", "json", "-o", "out.json"]],
    "rate-swiss-csv": [["rate", "swiss.trf", "-o", "out.csv"]],
    "rate-swiss-2024": [["rate", "swiss.trf", "--tiebreak-rules", "2024", "--rules", "FIDE-2024", "-o", "out.txt"]],
    "rate-karl": [["rate", "karl.trf", "--norms", "-o", "out.txt"], ["rate", "karl.trf", "--format", "json", "-o",
                                                                      "out.json"]],
    "rate-lichess": [["rate", "lichess5.trf", "-o", "a.txt"], ["rate", "lichess6.trf", "--format", "json", "-o",
                                                                 "b.json"]],
    "rate-round-robin": [["rate", "rr6.trf", "--norms", "-o", "a.txt"], ["rate", "heldrr.trf", "--format", "json",
                                                                         "-o", "b.json"]],
    "rate-held": [["rate", "held5.trf", "--tiebreaks", "BH,BH/C1,SB,ARO,WIN,BPG,BWG,PS", "--tiebreak-rules", "2024",
                   "-o", "a.txt"], ["rate", "swiss10.trf", "--format", "json", "--norms", "-o", "b.json"]],
    "rate-csv-crosstable": [["rate", "rr.csv", "--norms", "--year", "2026", "-o", "a.txt"],
                            ["rate", "rr.csv", "--format", "json", "--year", "2026", "-o", "b.json"]],
    "swiss-book-round-trip": [["workbook", "swiss", "--from", "swiss.trf", "-o", "s.xlsx"],
                              ["export", "s.xlsx", "-o", "s.trf"],
                              ["workbook", "swiss", "--from", "held5.trf", "--lang", "ru", "-o", "h.xlsx"],
                              ["export", "h.xlsx", "-o", "h.trf"]],
    "round-robin-book-round-trip": [["workbook", "round-robin", "--from", "rr6.trf", "-o", "r.xlsx"],
                                    ["export", "r.xlsx", "-o", "r.trf"],
                                    ["workbook", "round-robin", "--from", "rr.csv", "--lang", "vi", "-o", "c.xlsx"],
                                    ["export", "c.xlsx", "-o", "c.trf"]],
    "karl-book-round-trip": [["workbook", "swiss", "--from", "karl.trf", "-o", "k.xlsx"],
                             ["export", "k.xlsx", "-o", "k.trf"]],
    "help": [["--help"]] + [[command, "--help"] for command in
                            ("rate", "workbook", "export", "recalc", "demo", "period", "lite")],
    "refusals": [["rate", "missing.trf"], ["export", "swiss.trf", "-o", "x.trf"],
                 ["workbook", "round-robin", "--players", "2", "-o", "x.xlsx"], ["rate", "swiss.trf", "--rules", "X"],
                 ["rate", "swiss.trf", "--tiebreaks", "BH/Q"]],
}


def run_case(name: str, folder: Path) -> str:
    """Run one case in ``folder``; everything it printed and wrote, as one text."""
    from elo_xl.cli import main

    for target, source in INPUTS.items():
        shutil.copyfile(source, folder / target)
    (folder / "rr.csv").write_text(RR_CSV, encoding="utf-8")
    before = {p.name for p in folder.iterdir()}
    out = []
    cwd, columns = os.getcwd(), os.environ.get("COLUMNS")
    os.chdir(folder)
    os.environ["COLUMNS"] = "80"  # the width help is wrapped to
    try:
        for argv in CASES[name]:
            printed, errors = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(errors):
                try:
                    code = main(argv)
                except SystemExit as stop:
                    code = stop.code
            out.append(f"$ elo-xl {' '.join(argv)}\n{printed.getvalue()}{errors.getvalue()}exit {code}\n")
    finally:
        os.chdir(cwd)
        if columns is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = columns
    for path in sorted(folder.iterdir()):
        if path.name in before or path.suffix == ".xlsx":
            continue
        out.append(f"--- {path.name}\n{path.read_text(encoding='utf-8')}")
    return "\n".join(out).replace(str(folder), "FOLDER")


@pytest.mark.parametrize("name", CASES)
def test_what_a_user_sees_is_unchanged(name, tmp_path):
    expected = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
    assert run_case(name, tmp_path) == expected


def test_the_public_names_are_unchanged():
    import elo_xl

    assert sorted(elo_xl.__all__) == sorted([
        "EloError", "Outcome", "RuleSet", "average_rating", "category", "dp", "expected", "forecast",
        "initial_rating", "k_factor", "needed", "parse_rules", "performance", "rate", "rate_event", "table_h",
        "__version__"])
    assert all(hasattr(elo_xl, name) for name in elo_xl.__all__)


if __name__ == "__main__":  # python tests/house/test_golden.py --write
    import tempfile

    if sys.argv[1:2] != ["--write"]:
        sys.exit("usage: python tests/house/test_golden.py --write [CASE...]")
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for case in sys.argv[2:] or CASES:
        with tempfile.TemporaryDirectory() as scratch:
            (GOLDEN / f"{case}.txt").write_text(run_case(case, Path(scratch)), encoding="utf-8")
        print("wrote", GOLDEN / f"{case}.txt")
