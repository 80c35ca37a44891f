"""The xlwings Lite bundle: deterministic files, and a main.py that works on its own.

The generated main.py runs in a fresh interpreter started with ``-I -S -B``: no user site,
no current folder, no ``.pth`` files (so no editable install of elo_xl), only the folder
that holds xlwings on the path, no bytecode written beside main.py. Whatever elo_xl it
imports can only be the embedded copy.
"""

from __future__ import annotations

import ast
import base64
import io
import zipfile
from pathlib import Path
from typing import Any

import pytest
import xlwings
import xlwings_harness

from elo_xl import __version__, cli, udfs
from elo_xl.lite import write_lite_bundle

NAMES = [function.__name__ for function in udfs.FUNCTIONS]

#: What udfs.py needs; the bundle carries at least these and never the command line.
ENGINE_MODULES = {"__init__", "engine", "errors", "results", "rounding", "rules", "tables", "udfs"}
NOT_BUNDLED = {"cli", "lite"}


def file_bytes(folder: Path) -> dict[str, bytes]:
    """Every file of *folder* by name."""
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def embedded_archive(main_py: Path) -> zipfile.ZipFile:
    """The zip archive that main.py carries in its ``_ARCHIVE`` string."""
    for node in ast.parse(main_py.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "_ARCHIVE":
            return zipfile.ZipFile(io.BytesIO(base64.b64decode(node.value.value)))
    raise AssertionError("main.py has no _ARCHIVE")


@pytest.fixture(scope="module")
def bundle(tmp_path_factory) -> Path:
    """A freshly written bundle folder."""
    folder = tmp_path_factory.mktemp("bundle") / "lite"
    write_lite_bundle(folder)
    return folder


def test_writes_the_two_files(tmp_path):
    paths = write_lite_bundle(tmp_path / "new" / "lite")
    assert paths == [tmp_path / "new" / "lite" / "main.py", tmp_path / "new" / "lite" / "requirements.txt"]
    assert sorted(path.name for path in (tmp_path / "new" / "lite").iterdir()) == ["main.py", "requirements.txt"]


def test_bundle_is_deterministic(tmp_path, bundle):
    write_lite_bundle(tmp_path / "a")
    write_lite_bundle(tmp_path / "a")  # over the first: replaced, no leftovers
    assert file_bytes(tmp_path / "a") == file_bytes(bundle)


def test_requirements_keep_lites_own_lines_and_add_nothing(bundle):
    """Lite's requirements.txt holds lines it marks ``# required``: the bundle's file asks to keep
    them and adds no requirement (main.py needs only the xlwings those lines install)."""
    major, minor = xlwings.__version__.split(".")[:2]
    text = (bundle / "requirements.txt").read_text(encoding="utf-8")
    assert [line for line in text.splitlines() if line.strip() and not line.startswith("#")] == []
    assert 'Keep every line Lite marks "# required"' in text and "add nothing else" in text
    assert f"xlwings {major}.{minor}.x" in text  # the series the bundle was tested with


def test_main_py_imports_nothing_but_xlwings_and_the_standard_library(bundle):
    """Nothing in the bundle depends on a requirement line of its own (or on removing Lite's)."""
    import ast
    import sys

    from elo_xl import lite

    sources = [(bundle / "main.py").read_text(encoding="utf-8")]
    sources += [(lite.PACKAGE_DIR / f"{name.replace('.', '/')}.py").read_text(encoding="utf-8")
                for name in lite.bundled_modules() if name != "__init__"]
    outside = set()
    for source in sources:
        tree = ast.parse(source)
        optional = {id(inner) for node in ast.walk(tree) if isinstance(node, ast.Try)
                    and any("ImportError" in ast.unparse(h.type or ast.Name("")) for h in node.handlers)
                    for inner in ast.walk(node)}  # e.g. engine's numpy fast path, optional
        for node in ast.walk(tree):
            if id(node) in optional:
                continue
            if isinstance(node, ast.Import):
                outside |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and not node.level:
                outside.add(node.module.split(".")[0])
    outside -= set(sys.stdlib_module_names) | {"elo_xl", "__future__"}
    assert outside == {"xlwings"}


def test_archive_holds_the_package_sources_only(bundle):
    archive = embedded_archive(bundle / "main.py")
    package = Path(udfs.__file__).parent
    names = archive.namelist()
    assert names == sorted(names) and all(name.startswith("elo_xl/") for name in names)
    modules = {Path(name).stem for name in names}
    assert ENGINE_MODULES <= modules and not modules & NOT_BUNDLED
    for entry in archive.infolist():
        assert entry.date_time == (1980, 1, 1, 0, 0, 0)
        assert archive.read(entry) == (package / Path(entry.filename).name).read_bytes()


def test_main_py_is_ascii_and_imports_every_function(bundle):
    source = (bundle / "main.py").read_text(encoding="ascii")
    compile(source, "main.py", "exec")
    for name in NAMES:
        assert f"    {name},\n" in source


@pytest.fixture(scope="module")
def lite_run(tmp_path_factory, bundle) -> dict[str, Any]:
    """main.py imported in an isolated interpreter, then registered and called by xlwings."""
    work = tmp_path_factory.mktemp("lite-run")
    library = str(Path(xlwings.__file__).resolve().parents[1])
    return xlwings_harness.run("lite", str(bundle / "main.py"), library, home=work, on_server=True,
                               flags=("-I", "-S", "-B"), extra_env={"TMPDIR": str(work)})


def test_main_py_uses_the_embedded_package(lite_run):
    assert lite_run["importable_before"] is False
    folder = Path(lite_run["bundle_folder"])
    assert {name.partition(".")[2] or "__init__" for name in lite_run["module_files"]} >= ENGINE_MODULES
    for file in lite_run["module_files"].values():
        assert Path(file).parent == folder / "elo_xl"


def test_lite_registers_the_thirteen_functions(lite_run):
    functions = lite_run["meta"]["functions"]
    assert sorted(f["name"] for f in functions) == sorted(NAMES)
    assert all(f["result"]["dimensionality"] == "matrix" for f in functions)


def test_lite_functions_compute(lite_run):
    assert lite_run["direct"] == 2504
    assert lite_run["call"] == {"value": [[2504]]}
    error = lite_run["bad_result"]["error"]
    assert error["type"] == "xlwings.XlwingsError"
    assert xlwings_harness.BAD_RESULT_MESSAGE.match(error["message"])


def test_cli_lite(tmp_path, capsys, bundle):
    assert cli.main(["lite", "-o", str(tmp_path / "out")]) == 0
    lines = capsys.readouterr().out.splitlines()
    # one summary line (the folder, both files, the functions main.py registers), then what to do
    assert lines[0] == (f"{tmp_path / 'out'}: xlwings Lite bundle, main.py (elo-xl {__version__}, "
                        f"{len(NAMES)} Excel functions), requirements.txt")
    assert len(lines) == 2 and "xlwings Lite" in lines[1] and all(len(line) <= 100 for line in lines[1:])
    assert file_bytes(tmp_path / "out") == file_bytes(bundle)


def test_cli_lite_default_folder(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["lite"]) == 0
    assert sorted(p.name for p in (tmp_path / "elo-xl-lite").iterdir()) == ["main.py", "requirements.txt"]
