"""Benchmark of the xlwings Lite bundle in Pyodide: prints its import time and one call's time.

    python bench/bench_pyodide.py

Needs what ``tests/excel/test_pyodide.py`` needs (node, the npm package pyodide and the xlwings
wheel in ``tests/.pyodide``; ``.ci/run`` installs them).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from elo_xl.lite import write_lite_bundle

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tests" / ".pyodide"

SCRIPT = """
import json, os, sys, time
os.environ["XLWINGS_ON_SERVER"] = "true"
os.environ["XLWINGS_LICENSE_KEY"] = "noncommercial"
started = time.perf_counter()
import main
imported = time.perf_counter()
value = main.ELO_NEW(2500, [[2400]], [[1]], 10)
called = time.perf_counter()
print(json.dumps({"python": sys.version.split()[0], "import_s": imported - started,
                  "first_call_s": called - imported, "ELO_NEW": value}))
"""


def main() -> None:
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work)
        write_lite_bundle(folder / "lite")
        (folder / "script.py").write_text(SCRIPT, encoding="utf-8")
        pyodide = TOOLS / "node_modules" / "pyodide"
        version = json.loads((pyodide / "package.json").read_text())["version"]
        done = subprocess.run(["node", str(ROOT / "tests" / "pyodide_run.mjs"), str(pyodide), str(TOOLS / "wheels"),
                               str(folder / "lite" / "main.py"), str(folder / "script.py")],
                              capture_output=True, text=True, check=False)
        if done.returncode:
            sys.exit(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "node failed")
        report = json.loads(done.stdout.strip().splitlines()[-1])
        print(f"Pyodide {version}, Python {report['python']}: import main.py {report['import_s']:.2f} s, "
              f"first ELO_NEW {report['first_call_s'] * 1000:.1f} ms = {report['ELO_NEW']}")


if __name__ == "__main__":
    main()
