"""ELO_NORM and ELO_NORM_SCORE as Excel sees them: shapes, blanks, errors, and the Lite bundle.

Their registration through xlwings' classic and Lite code paths is checked with every other
function in test_registration.py and test_lite.py; here the norm functions are called in a
Lite bundle's main.py in an isolated interpreter. Expected values are worked by hand from
table 8.1.1 (see test_norms.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import xlwings

from elo_xl import udfs
from elo_xl.lite import bundled_modules, write_lite_bundle

OPPONENTS = [[2550], [2500], [2480], [2450], [2420], [2400], [2350], [2150], [None]]
RESULTS = [[1], [1], ["½"], [1], [0], [1], ["½"], [1], [0]]
TITLES = [["GM"], ["GM"], ["GM"], ["IM"], ["IM"], ["FM"], ["IM"], [None], [None]]
FEDS = [["GER"], ["FRA"], ["ESP"], ["GER"], ["FRA"], ["NED"], ["ENG"], ["NOR"], ["FID"]]


@pytest.fixture(autouse=True)
def cell_errors(monkeypatch):
    monkeypatch.setattr(udfs, "RAISE_ERRORS", False)


def test_elo_norm_spills_one_row_of_eight():
    # IM: Ra 2372 (the unrated raised to 2050), 6/9 → p .67 → dp 125 → Rp 2497; the least score is
    # 5½ (p .61 → 80 → 2452; 5/9 = .56 → 43 → 2415 < 2450).
    row = udfs.ELO_NORM("IM", OPPONENTS, RESULTS, TITLES, FEDS, "NOR")
    assert row == [[9, 2372, 6, 2497, 5.5, 0, "", True]]


def test_elo_norm_unmet_text_and_false():
    # GM: the floor is 2200 → Ra 2389, Rp 2514; the least score at 2389 is 7 (p .78 → 220 → 2609).
    row = udfs.ELO_NORM("GM", OPPONENTS, RESULTS, TITLES, FEDS, "NOR")
    assert row == [[9, 2389, 6, 2514, 7, 1, "Rp 2514 is below 2600", False]]


def test_elo_norm_rows_as_ranges_of_a_row():
    across = udfs.ELO_NORM("IM", [[r[0] for r in OPPONENTS]], [[r[0] for r in RESULTS]],
                           [[t[0] for t in TITLES]], [[f[0] for f in FEDS]], "NOR")
    assert across == udfs.ELO_NORM("IM", OPPONENTS, RESULTS, TITLES, FEDS, "NOR")


def test_elo_norm_empty_required_when_no_score_can_make_it():
    row = udfs.ELO_NORM("GM", [[2300]] * 9, [[1]] * 9, [["GM"]] * 9, None, None, True)
    assert row == [[9, 2300, 9, 3100, None, None, "Ra 2300 is below 2380", False]]


def test_elo_norm_games_still_to_play_and_points_still_needed():
    # Round robin before the last round: 9 GMs at 2600, 4 points from 8: 4½ required, ½ still needed.
    row = udfs.ELO_NORM("GM", [[2600]] * 9, [[1]] * 4 + [[0]] * 4 + [[None]], [["GM"]] * 9,
                        [["GER"], ["FRA"], ["ESP"]] * 3, "NOR")
    assert row[0][:6] == [9, 2600, 4, 2557, 4.5, 0.5]
    assert row[0][6:] == ["1 game still to play; Rp 2557 is below 2600", False]


def test_elo_norm_exempt_and_min_games():
    opponents, results = [[2700]] * 7, [[1]] * 3 + [[0]] * 4
    row = udfs.ELO_NORM("GM", opponents, results, [["GM"]] * 7, None, None, True, 7)
    assert row[0][-2:] == ["", True]
    row = udfs.ELO_NORM("GM", opponents, results, [["GM"]] * 7, None, None, True)
    assert row[0][-2:] == ["7 games credited, 9 needed", False]


def test_elo_norm_errors_are_the_cell_text():
    assert udfs.ELO_NORM("XX", 2400, 1) == 'norm: "XX" is not a norm; type GM, IM, WGM or WIM'
    message = udfs.ELO_NORM("GM", [[2400], [2500]], [[1], ["y"]])
    assert message.startswith('results, value 2: "y" is not a result')


def test_elo_norm_score():
    assert udfs.ELO_NORM_SCORE("GM", 9, 2460) == 6.5
    assert udfs.ELO_NORM_SCORE("gm", "9", 2680) == 3.5
    assert udfs.ELO_NORM_SCORE("WIM", 9, 2029) is None
    assert udfs.ELO_NORM_SCORE("GM", 9, "abc") == 'average: "abc" is not a number'


# --- the Lite bundle -------------------------------------------------------------------------------

LITE_SCRIPT = textwrap.dedent("""
    import importlib.util, json, sys
    sys.path.append(sys.argv[2])
    sys.path.append(sys.argv[3])
    import xlwings_harness as harness
    spec = importlib.util.spec_from_file_location("main", sys.argv[1])
    main = importlib.util.module_from_spec(spec)
    sys.modules["main"] = main
    spec.loader.exec_module(main)
    from xlwings.server import custom_functions_meta
    print(json.dumps({
        "names": [f["name"] for f in custom_functions_meta(main)["functions"]],
        "norms_file": sys.modules["elo_xl.norms"].__file__,
        "folder": main.BUNDLE_FOLDER,
        "score": harness.call(main, "ELO_NORM_SCORE", "GM", 9, 2460),
        "norm": harness.call(main, "ELO_NORM", "GM", 2600, 1),
        "bad": harness.call(main, "ELO_NORM", "FM", 2600, 1),
    }, default=repr))
""")


def test_lite_bundle_carries_and_runs_the_norm_functions(tmp_path):
    assert "norms" in bundled_modules()
    write_lite_bundle(tmp_path / "lite")
    source = (tmp_path / "lite" / "main.py").read_text(encoding="ascii")
    assert "    ELO_NORM,\n" in source and "    ELO_NORM_SCORE,\n" in source
    env = {key: value for key, value in os.environ.items() if not key.startswith("XLWINGS_")}
    env.update(HOME=str(tmp_path), TMPDIR=str(tmp_path), XLWINGS_ON_SERVER="true",
               XLWINGS_LICENSE_KEY="noncommercial")
    library = str(Path(xlwings.__file__).resolve().parents[1])
    done = subprocess.run([sys.executable, "-I", "-S", "-B", "-c", LITE_SCRIPT, str(tmp_path / "lite" / "main.py"),
                           library, str(Path(__file__).parents[1])], cwd=tmp_path, env=env, capture_output=True,
                          text=True, encoding="utf-8", timeout=120)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert {"ELO_NORM", "ELO_NORM_SCORE"} <= set(out["names"])
    assert Path(out["norms_file"]).parent == Path(out["folder"]) / "elo_xl"
    assert out["score"] == {"value": [[6.5]]}
    # One game, a win against 2600: Ra 2600, p 1.00 → Rp 3400; 1 game credited, 9 needed; no mix.
    (row,) = out["norm"]["value"]
    assert row[:4] == [1, 2600, 1, 3400] and row[-1] is False
    assert out["bad"]["error"]["type"] == "xlwings.XlwingsError"
    assert out["bad"]["error"]["message"] == 'norm: "FM" is not a norm; type GM, IM, WGM or WIM'
