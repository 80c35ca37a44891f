"""Run xlwings' own registration code on the Excel functions and print what it produced as JSON.

The tests start this script in a fresh interpreter, so that stubbed Windows modules and
the ``XLWINGS_ON_SERVER`` switch (both read when xlwings is imported) never leak into the
test process. Modes::

    python xlwings_harness.py classic          # classic add-in: VBA module + MacroOptions
    python xlwings_harness.py server           # xlwings Lite/Server: metadata and two calls
    python xlwings_harness.py lite MAIN DIR    # a Lite bundle's main.py, DIR the only extra path

``server`` and ``lite`` need ``XLWINGS_ON_SERVER=true`` and an ``XLWINGS_LICENSE_KEY``.
The tests call :func:`run`, which starts this script and parses its output.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import io
import json
import os
import re
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

#: What Excel reports as its version; 14 (Excel 2010) and above get argument descriptions.
EXCEL_VERSION = "16.0"
WORKBOOK_NAME = "elo.xlsm"
#: A call with a result that is not one, and how its one-line message must begin
#: (the position is named only when there is more than one value).
BAD_RESULT_CALL = ("ELO_NEW", 2500, 2400, "x")
BAD_RESULT_MESSAGE = re.compile(r'results(, value 1)?: "x" is not a result; ')
#: An error cell as Office.js sends it to a custom function (an Excel.ErrorCellValue).
NUM_ERROR = {"type": "Error", "basicType": "Error", "basicValue": "#NUM!", "errorType": "Num"}


def run(mode: str, *arguments: str, home: Path, on_server: bool, flags: tuple[str, ...] = (),
        extra_env: dict[str, str] | None = None) -> dict[str, Any]:
    """Run this script's *mode* in a fresh interpreter and return the JSON (ASCII) it prints.

    The child gets the environment without the developer's xlwings settings, HOME and the
    working folder set to *home*, and with ``on_server`` the xlwings Lite/Server switch.
    """
    env = {key: value for key, value in os.environ.items() if not key.startswith("XLWINGS_")}
    env.update(HOME=str(home), **(extra_env or {}))
    if on_server:
        env.update(XLWINGS_ON_SERVER="true", XLWINGS_LICENSE_KEY="noncommercial")
    completed = subprocess.run([sys.executable, *flags, __file__, mode, *arguments], cwd=home, env=env,
                               capture_output=True, text=True, encoding="utf-8", timeout=120)
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout)


class ComError(Exception):
    """Stand-in for ``pywintypes.com_error``."""


def _dispatch(*args: Any, **kwargs: Any) -> None:
    """Stand-in for ``win32com.client.Dispatch``: registration must not need a COM object."""
    raise AssertionError(f"Dispatch called with {args!r} {kwargs!r}")


def stub_windows_modules() -> None:
    """Put the Windows-only modules that ``xlwings.udfs`` imports into ``sys.modules``."""
    pythoncom = types.ModuleType("pythoncom")
    pythoncom.CoInitialize = lambda: None
    pywintypes = types.ModuleType("pywintypes")
    pywintypes.com_error = ComError
    client = types.ModuleType("win32com.client")
    client.Dispatch = _dispatch
    win32com = types.ModuleType("win32com")
    win32com.client = client
    sys.modules.update({"pythoncom": pythoncom, "pywintypes": pywintypes,
                        "win32com": win32com, "win32com.client": client})


class FakeComponents:
    """``Workbook.VBProject.VBComponents``: records removals and the text of each import."""

    def __init__(self, record: dict[str, list]) -> None:
        self.record = record

    def __call__(self, name: str) -> str:
        return name

    def Remove(self, component: str) -> None:  # noqa: N802 (COM spelling)
        self.record["removed"].append(component)

    def Import(self, path: str) -> None:  # noqa: N802
        self.record["imported"].append(Path(path).read_text())


class FakeApplication:
    """``Workbook.Application``: an Excel version and a recorder of MacroOptions calls."""

    Version = EXCEL_VERSION

    def __init__(self, record: dict[str, list]) -> None:
        self.record = record

    def MacroOptions(self, macro: str, **options: Any) -> None:  # noqa: N802
        self.record["macro_options"].append({"macro": macro, **options})


class FakeWorkbook:
    """The parts of a COM workbook that ``xlwings.udfs.import_udfs`` touches.

    It is falsy on purpose: ``get_udf_module`` only looks for embedded code (a Windows
    COM round trip) ``if xl_workbook``, and elo-xl embeds no code in workbooks.
    """

    Name = WORKBOOK_NAME

    def __init__(self) -> None:
        self.record: dict[str, list] = {"removed": [], "imported": [], "macro_options": []}
        self.VBProject = types.SimpleNamespace(VBComponents=FakeComponents(self.record))
        self.Application = FakeApplication(self.record)

    def __bool__(self) -> bool:
        return False


def xlfunc_summary(module: types.ModuleType) -> dict[str, dict]:
    """The ``__xlfunc__`` metadata of every function of *module* that carries it."""
    summary = {}
    for name in dir(module):
        info = getattr(getattr(module, name), "__xlfunc__", None)
        if info is not None:
            summary[name] = {
                "name": info["name"],
                "category": info.get("category"),
                "doc": info["ret"]["doc"],
                "args": [{"name": arg["name"], "doc": arg["doc"], "options": arg["options"],
                          "optional": "optional" in arg, "vba": arg.get("vba")}
                         for arg in info["args"]],
            }
    return summary


def classic() -> dict[str, Any]:
    """Register the functions the way the classic Windows add-in's "Import Functions" does."""
    stub_windows_modules()
    import xlwings
    import xlwings.udfs

    assert not xlwings.__pro__, "run without an xlwings PRO licence: import_udfs would read the workbook"
    xlwings.func, xlwings.arg, xlwings.ret = xlwings.udfs.xlfunc, xlwings.udfs.xlarg, xlwings.udfs.xlret
    assert "elo_xl.udfs" not in sys.modules
    import elo_xl.udfs

    workbook = FakeWorkbook()
    log = io.StringIO()
    with contextlib.redirect_stdout(log):  # import_udfs prints a summary line
        xlwings.udfs.import_udfs("elo_xl.udfs", workbook)
    return {
        "functions": [function.__name__ for function in elo_xl.udfs.FUNCTIONS],
        "xlfunc": xlfunc_summary(elo_xl.udfs),
        "log": log.getvalue(),
        **workbook.record,
    }


def office_js_call(func_name: str, *values: Any) -> dict[str, Any]:
    """The request Office.js sends for ``=FUNC_NAME(values...)``, one cell per argument."""
    import xlwings

    return {
        "func_name": func_name,
        "args": [[[value]] for value in values],
        "caller_address": "Sheet1!A1",
        "version": xlwings.__version__,
        "client": "Office.js",
        "runtime": "1.16",
        "culture_info_name": "en-US",
        "date_format": "M/d/yyyy",
    }


def call(module: types.ModuleType, func_name: str, *values: Any) -> dict[str, Any]:
    """Call a custom function as xlwings Lite/Server do; report its value or its error."""
    from xlwings.server import custom_functions_call

    try:
        return {"value": asyncio.run(custom_functions_call(office_js_call(func_name, *values), module))}
    except Exception as error:  # noqa: BLE001 (the test judges the error)
        return {"error": {"type": f"{type(error).__module__}.{type(error).__qualname__}",
                          "message": str(error), "cause": repr(error.__cause__),
                          "suppress_context": error.__suppress_context__}}


def engine_message(rating: Any, opponents: Any, results: Any) -> str | None:
    """The engine's own EloError text for a rating calculation, or None if there is none."""
    from elo_xl import engine
    from elo_xl.errors import EloError

    try:
        engine.rate(rating, opponents, results)
    except EloError as error:
        return str(error)
    return None


def server() -> dict[str, Any]:
    """Register and call the functions the way xlwings Lite and xlwings Server do."""
    import xlwings.server

    import elo_xl.udfs

    return {
        "functions": [function.__name__ for function in elo_xl.udfs.FUNCTIONS],
        "raise_errors": elo_xl.udfs.RAISE_ERRORS,
        "meta": xlwings.server.custom_functions_meta(elo_xl.udfs),
        "expected": call(elo_xl.udfs, "ELO_EXPECTED", 2500, 2400),
        "bad_result": call(elo_xl.udfs, *BAD_RESULT_CALL),
        "engine_message": engine_message(2500, [[2400]], [["x"]]),
        # =ELO_NEW(10^5000, 2400, 1): Excel passes the cell's #NUM! as an error value
        "error_cell": call(elo_xl.udfs, "ELO_NEW", NUM_ERROR, 2400, 1),
    }


def lite(main_py: str, library: str) -> dict[str, Any]:
    """Import a Lite bundle's ``main.py`` as module ``main`` with only *library* added to the path.

    Adding a folder to ``sys.path`` does not run its ``.pth`` files, so an editable install
    of elo_xl there stays invisible: the only elo_xl is the one main.py embeds.
    """
    sys.path.append(library)
    importable_before = importlib.util.find_spec("elo_xl") is not None
    spec = importlib.util.spec_from_file_location("main", main_py)
    main = importlib.util.module_from_spec(spec)
    sys.modules["main"] = main
    spec.loader.exec_module(main)

    from xlwings.server import custom_functions_meta

    return {
        "importable_before": importable_before,
        "bundle_folder": main.BUNDLE_FOLDER,
        "module_files": {name: module.__file__ for name, module in sys.modules.items()
                         if name.partition(".")[0] == "elo_xl"},
        "meta": custom_functions_meta(main),
        "direct": main.ELO_NEW(2500, [[2400]], [[1]], 10),
        "call": call(main, "ELO_NEW", 2500, 2400, 1, 10),
        "bad_result": call(main, *BAD_RESULT_CALL),
    }


MODES = {"classic": classic, "server": server, "lite": lite}

if __name__ == "__main__":
    print(json.dumps(MODES[sys.argv[1]](*sys.argv[2:]), default=repr))
