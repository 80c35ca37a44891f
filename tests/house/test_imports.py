"""The house's import graph, read from the source: every module imports, no module imports
another that (directly or through others) imports it back, imports point down the layers, and
the engine layer never imports xlwings or openpyxl.

The layers, bottom up (docs/architecture.md, "How it is built"): tables/rounding/errors → results → rules →
engine, standings, norms, period, io, tournament … → the faces (cli, udfs, lite, workbook,
report, export). ``recalc`` (the spreadsheet engines that prove the books) sits beside the
faces and imports nothing from ``workbook``. Imports inside functions count too: a lazy
import that points up is still an arrow up.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "elo_xl"

#: The layer of each module or package, bottom up; anything not named is layer 3.
LAYERS = {
    "elo_xl.tables": 0, "elo_xl.rounding": 0, "elo_xl.errors": 0,
    "elo_xl.results": 1,
    "elo_xl.rules": 2,
    "elo_xl.cli": 4, "elo_xl.udfs": 4, "elo_xl.lite": 4, "elo_xl.workbook": 4, "elo_xl.report": 4,
    "elo_xl.export": 4, "elo_xl.recalc": 4, "elo_xl": 4,
}
#: The engine layer: plain arithmetic, never a spreadsheet library.
ENGINE = ["elo_xl.engine", "elo_xl.rules", "elo_xl.results", "elo_xl.tables", "elo_xl.rounding", "elo_xl.errors",
          "elo_xl.standings", "elo_xl.norms", "elo_xl.period.kernel"]
SPREADSHEET_LIBRARIES = {"xlwings", "openpyxl"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer(module: str) -> int:
    while module:
        if module in LAYERS:
            return LAYERS[module]
        if module.count(".") == 1:
            return 3
        module = module.rsplit(".", 1)[0]
    return 3


def _statements(tree: ast.AST):
    """Every import statement, at any depth, but those under ``if TYPE_CHECKING:``."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            yield from (s for n in node.orelse for s in _statements_of(n))
            continue
        yield from _statements_of(node)


def _statements_of(node: ast.AST):
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        yield node
    else:
        yield from _statements(node)


def imports(module: str) -> set[str]:
    """What ``module`` imports: elo_xl modules by name, other packages by their top name."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = set()
    for node in _statements(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name if a.name.startswith("elo_xl") else a.name.split(".")[0] for a in node.names}
            continue
        if node.level:
            base = package.split(".")[:len(package.split(".")) - node.level + 1]
            target = ".".join(base + ([node.module] if node.module else []))
        else:
            target = node.module if node.module.startswith("elo_xl") else node.module.split(".")[0]
        found.add(target)
        found |= {f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in MODULES}
    return found - {module}


GRAPH = {m: {t for t in imports(m) if t in MODULES and not t.startswith(m + ".")} for m in MODULES}


def test_the_graph_is_read():
    """The reader sees known arrows (so an empty graph cannot pass the tests below)."""
    assert "elo_xl.rules" in GRAPH["elo_xl.engine"]
    assert "elo_xl.tables" in GRAPH["elo_xl.rules"]
    assert "elo_xl.io.paths" in GRAPH["elo_xl.export"]
    assert "xlwings" in imports("elo_xl.udfs") and "openpyxl" in imports("elo_xl.export")
    assert [layer(m) for m in ("elo_xl.errors", "elo_xl.results", "elo_xl.rules", "elo_xl.io.decode",
                               "elo_xl.period.kernel", "elo_xl.workbook.book", "elo_xl.recalc.values")] == [0, 1, 2, 3, 3, 4, 4]


@pytest.mark.parametrize("module", [m for m in MODULES if not m.endswith("_uno_worker")])
def test_every_module_imports(module):
    importlib.import_module(module)


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` (its modules in order, the first repeated at the end), or None."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state and (found := visit(target)):
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_the_cycle_finder_finds_cycles():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_no_import_cycle():
    assert cycle(GRAPH) is None


def test_imports_point_down():
    upward = [f"{m} (layer {layer(m)}) imports {t} (layer {layer(t)})"
              for m, targets in GRAPH.items() for t in targets
              if layer(t) > layer(m) and not m.startswith(t + ".")]
    assert upward == []


def test_recalc_imports_nothing_from_workbook():
    assert [(m, t) for m, ts in GRAPH.items() if m.startswith("elo_xl.recalc") for t in ts
            if t.startswith("elo_xl.workbook")] == []


def test_the_engine_layer_imports_no_spreadsheet_library():
    # in the source, at any depth (a lazy import counts) ...
    for module in ENGINE:
        assert imports(module) & SPREADSHEET_LIBRARIES == set(), module
        assert all(imports(t) & SPREADSHEET_LIBRARIES == set() for t in GRAPH[module] if layer(t) < 4), module
    # ... and when imported: a fresh interpreter that imports the engine layer loads neither
    code = f"import sys\nfor m in {ENGINE!r}: __import__(m)\nprint(sorted({SPREADSHEET_LIBRARIES!r} & set(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def _all_imports(module: str) -> set[str]:
    """What ``module`` names from the house, ``if TYPE_CHECKING:`` imports included."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.split(".")[:len(package.split(".")) - node.level + 1]
            target = ".".join(base + ([node.module] if node.module else []))
            found.add(target)
            found |= {f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in MODULES}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("elo_xl"):
            found.add(node.module)
    return {t for t in found - {module} if t in MODULES and not t.startswith(module + ".")}


def test_no_module_takes_names_from_one_that_imports_it():
    """Not even for type hints: two modules that name each other's contents are one concept
    split in two (``io.trf_format`` and ``io.trf_model`` were); one of them owns what both need."""
    graph = {m: _all_imports(m) for m in MODULES}
    assert "elo_xl.io.trf_format" in graph["elo_xl.io.trf_model"]
    pairs = sorted((a, b) for a, targets in graph.items() for b in targets if a < b and a in graph.get(b, ()))
    assert pairs == []
