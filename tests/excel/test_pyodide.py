"""The xlwings Lite bundle runs where xlwings Lite runs: in Pyodide.

xlwings Lite runs ``main.py`` in Pyodide (CPython compiled to WebAssembly) inside Excel, with
xlwings installed from its pure-Python wheel. This test does the same outside Excel: node
loads the npm package ``pyodide``, xlwings' ``py3-none-any`` wheel is unpacked into Pyodide's
site-packages, the ``main.py`` that ``elo-xl lite`` writes is imported, and every function
is called through ``xlwings.server.custom_functions_call`` with the request Office.js sends,
as Lite does. The expected values are the published examples of docs/functions.md (each checked by
hand against FIDE's tables).

What it needs, installed by ``.ci/run`` (missing here: skipped; under ``CI=true``: failed):
``node``, the npm package ``pyodide`` in ``tests/.pyodide/node_modules`` and the xlwings wheel
of the installed version in ``tests/.pyodide/wheels``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import xlwings
from ci import missing

from elo_xl import udfs
from elo_xl.lite import write_lite_bundle

pytestmark = pytest.mark.office  # node runs Pyodide

HERE = Path(__file__).resolve().parents[1]
TOOLS = HERE / ".pyodide"
PYODIDE = TOOLS / "node_modules" / "pyodide"
WHEELS = TOOLS / "wheels"
RUNNER = HERE / "pyodide_run.mjs"

#: One call per Excel function: (name, arguments as Office.js sends them, the value docs/functions.md publishes).
#: Each argument is a 2-D range, as Lite receives every argument of an ndim=2 function.
CALLS: list[tuple[str, list[Any], Any]] = [
    ("ELO_EXPECTED", [[[2700]], [[2100]]], [[0.98]]),
    ("ELO_TABLE_H", [[[100]]], [[64]]),
    ("ELO_DP", [[[0.83]]], [[273]]),
    ("ELO_NEW", [[[2500]], [[2400]], [[1]], [[10]]], [[2504]]),
    ("ELO_CHANGE", [[[2092]], [[2000]], [[1]], [[15]]], [[5.55]]),
    ("ELO_EVENT", [[[2500], [2400]], [[None, 1], [0, None]], [[10]]],
     [[1, 1, 2400, 0.64, 4, 2504, 3200], [1, 0, 2500, 0.36, -4, 2396, 1700]]),
    ("ELO_PERFORMANCE", [[[2400], [2500], [2600]], [[1], [1], [0.5]]], [[2773]]),
    ("ELO_INITIAL", [[[2100]] * 5, [[1]] * 5], [[2200]]),
    ("ELO_K", [[[2250]], [[120]], [[2009]], [[False]], [[None]], [[2026]]], [[40]]),
    ("ELO_AVERAGE", [[[2400], [2401], [None]]], [[2401]]),
    ("ELO_CATEGORY", [[[2530]]], [[12]]),
    ("ELO_FORECAST", [[[2500]], [[3]], [[2400], [2400]]], [[4.28]]),
    ("ELO_NEEDED", [[[2400]], [[2400]] * 9, [[2420]], [[20]]], [[5.5]]),
    # FIDE-NORMS.md's worked example: IM norm, Ra 2372, Rp 2497.
    ("ELO_NORM", [[["IM"]], [[2550], [2500], [2480], [2450], [2420], [2400], [2350], [2150], [None]],
                  [[1], [1], ["½"], [1], [0], [1], ["½"], [1], [0]],
                  [["GM"], ["GM"], ["GM"], ["IM"], ["IM"], ["FM"], ["IM"], [None], [None]],
                  [["GER"], ["FRA"], ["ESP"], ["GER"], ["FRA"], ["NED"], ["ENG"], ["NOR"], ["FID"]], [["NOR"]]],
     [[9, 2372, 6, 2497, 5.5, 0, "", True]]),
    ("ELO_NORM_SCORE", [[["GM"]], [[9]], [[2460]]], [[6.5]]),
]

#: A bad argument: it must reach Excel as xlwings.XlwingsError carrying the one-line message.
BAD_CALL = ("ELO_NEW", [[[2500]], [[2400]], [["x"]]])

SCRIPT = """
import json, os, sys
# Lite's runtime imports xlwings in its server mode (xlwings.func is then the Office.js
# decorator) and brings its own licence; set both as the server-mode harness does.
os.environ["XLWINGS_ON_SERVER"] = "true"
os.environ["XLWINGS_LICENSE_KEY"] = "noncommercial"
import main
import xlwings
from xlwings.server import custom_functions_call, custom_functions_meta

def request(name, args):
    return {"func_name": name, "args": args, "caller_address": "Sheet1!A1",
            "version": xlwings.__version__, "client": "Office.js", "runtime": "1.16",
            "culture_info_name": "en-US", "date_format": "M/d/yyyy"}

async def call(name, args):
    # Pyodide runs this script as a coroutine (top-level await), as Lite awaits its calls.
    try:
        return {"value": await custom_functions_call(request(name, args), main)}
    except Exception as error:
        return {"error": {"type": type(error).__module__ + "." + type(error).__qualname__,
                          "message": str(error)}}

calls = json.loads(%(calls)r)
print(json.dumps({
    "python": ".".join(map(str, sys.version_info[:3])),
    "platform": sys.platform,
    "registered": sorted(f["name"] for f in custom_functions_meta(main)["functions"]),
    "results": [await call(name, args) for name, args in calls],
    "bad": await call(*json.loads(%(bad)r)),
}))
"""


def _tools_missing() -> str | None:
    """What is missing to run Pyodide here, or None."""
    if shutil.which("node") is None:
        return "node is not installed"
    if not (PYODIDE / "pyodide.mjs").is_file():
        return f"the npm package pyodide is not installed in {TOOLS.name}/node_modules"
    if not list(WHEELS.glob(f"xlwings-{xlwings.__version__}-py3-none-any.whl")):
        return f"the xlwings {xlwings.__version__} wheel is not in {TOOLS.name}/wheels"
    return None


@pytest.fixture(scope="module")
def pyodide_run(tmp_path_factory) -> dict[str, Any]:
    """Import a fresh Lite bundle in Pyodide and call every function; the script's report."""
    lacking = _tools_missing()
    if lacking:
        missing(lacking)
    work = tmp_path_factory.mktemp("pyodide")
    write_lite_bundle(work / "lite")
    script = work / "script.py"
    script.write_text(SCRIPT % {"calls": json.dumps([[name, args] for name, args, _ in CALLS]),
                                "bad": json.dumps(BAD_CALL)}, encoding="utf-8")
    done = subprocess.run(["node", str(RUNNER), str(PYODIDE), str(WHEELS), str(work / "lite" / "main.py"),
                           str(script)], capture_output=True, text=True, timeout=300, cwd=work)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_runs_in_pyodide(pyodide_run):
    assert pyodide_run["platform"] == "emscripten"
    assert pyodide_run["python"].startswith("3.12.")


def test_registers_every_function(pyodide_run):
    assert pyodide_run["registered"] == sorted(f.__name__ for f in udfs.FUNCTIONS)
    assert sorted(name for name, _, _ in CALLS) == sorted(f.__name__ for f in udfs.FUNCTIONS)


@pytest.mark.parametrize("index", range(len(CALLS)), ids=[name for name, _, _ in CALLS])
def test_every_function_computes_the_readme_value(pyodide_run, index):
    assert pyodide_run["results"][index] == {"value": CALLS[index][2]}


def test_bad_argument_arrives_as_xlwings_error(pyodide_run):
    error = pyodide_run["bad"]["error"]
    assert error["type"] == "xlwings.XlwingsError"
    assert error["message"].startswith('results: "x" is not a result; ')
    assert "\n" not in error["message"]
