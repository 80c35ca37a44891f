"""``rate`` of an event with no result at all: the report (players, K, average rating) and a
note that nothing is rated, rather than a rating report that says nothing, or a refusal that
would give none of it (the Swiss book, too, shows its players before round 1).

Expected values by hand: no game has a result, so no player has a rated game, every change is
0 and every new rating the old one.
"""

from __future__ import annotations

import json
from pathlib import Path

from elo_xl.cli import main
from elo_xl.event.samples import OPEN_TRF_PATH

NOTHING = "no game has a result yet, so nothing is rated: every rating stays as it is; type the results, then rate"


def _rate(capsys, *args) -> tuple[str, str]:
    code = main(["rate", *map(str, args)])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out, err


def test_an_entry_list_is_reported_and_said_unrated(capsys):
    out, _ = _rate(capsys, OPEN_TRF_PATH)
    heading = " ".join(out.split("\n\n")[0].split())
    assert heading == ("Saigon Chess Festival 2026 - Open B — 12 players, 7 rounds (0 played), rules FIDE, tie-breaks "
                       "BH/C1, BH, SB, PS, DE, WIN, BWG (2026 rules), average rating 2220")
    assert f"Note: {NOTHING}" in " ".join(out.split("\n\n")[-1].split()).replace(" Note:", "\nNote:").splitlines()


def test_round_one_paired_without_results(capsys, tmp_path):
    source, paired = tmp_path / "open.trf", tmp_path / "r1.trf"
    source.write_bytes(Path(OPEN_TRF_PATH).read_bytes())
    assert main(["pair", str(source), "-o", str(paired)]) == 0
    capsys.readouterr()
    out, err = _rate(capsys, paired, "--format", "json")
    report = json.loads(out)
    assert [p["change"] for p in report["players"]] == [0] * 11 + [None]  # 12 is unrated: no change to give
    assert [p["new_rating"] for p in report["players"]][:11] == [p["rating"] for p in report["players"]][:11]
    assert ("elo-xl: note: no game has a result yet (round 1 is paired), so nothing is rated: every rating stays as "
            "it is; type the results, then rate") in " ".join(err.split()).replace(" elo-xl:", "\nelo-xl:").splitlines()


def test_a_crosstable_without_results(capsys, tmp_path):
    csv = tmp_path / "club.csv"
    csv.write_text("name,rating,k,A,B,C\nA,2000,20,,,\nB,1900,20,,,\nC,1800,20,,,\n", encoding="utf-8")
    out, _ = _rate(capsys, csv)
    assert f"Note: {NOTHING}" in " ".join(out.split("\n\n")[-1].split()).replace(" Note:", "\nNote:").splitlines()
