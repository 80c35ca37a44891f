"""The house's import graph, read from the source, against its one rule: every module and
package of ``elo_xl`` has a layer (:data:`LAYERS`), an import never points to a higher layer,
neither modules nor packages import each other round in a cycle, and the layers below the books
never import a spreadsheet library. ``docs/architecture.md`` draws exactly :data:`LAYERS`.

Imports inside functions count too: a lazy import that points up is still an arrow up.
Imports under ``if TYPE_CHECKING:`` count for the cycles between modules.
"""

from __future__ import annotations

import ast
import functools
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "elo_xl"

#: Every package and top-level module of elo_xl with its layer, bottom up, and what the layer
#: holds. A module of a package has the package's layer. A new module must be placed here.
LAYERS: dict[str, int] = {
    "elo_xl.tables": 0, "elo_xl.rounding": 0, "elo_xl.errors": 0, "elo_xl.titles": 0, "elo_xl.progress": 0,
    "elo_xl.languages": 0,
    "elo_xl.results": 1,
    "elo_xl.rules": 2, "elo_xl.games": 2, "elo_xl.io": 2,
    "elo_xl.kernel": 3,
    "elo_xl.engine": 4, "elo_xl.norms": 4,
    "elo_xl.tiebreaks": 5, "elo_xl.pairing": 5,
    "elo_xl.event": 6,
    "elo_xl.report": 7, "elo_xl.period": 7, "elo_xl.recalc": 7, "elo_xl.functions": 7,
    "elo_xl.workbook": 8,
    "elo_xl.export": 9, "elo_xl.pair": 9, "elo_xl.pair_team_book": 9, "elo_xl.pair_teams": 9, "elo_xl.udfs": 9,
    "elo_xl.lite": 10,
    "elo_xl.cli": 11, "elo_xl": 11,
}
#: What each layer holds (docs/architecture.md shows them with :data:`LAYERS`).
LAYER_NAMES = ("ground", "what users type", "rule sets, an event's games, files", "the vectorised kernel",
               "rating arithmetic, norms", "tie-breaks, pairings", "the event", "reports, periods, engines",
               "the books", "the faces", "xlwings Lite", "the command line")
#: The layers that never import xlwings or openpyxl (everything below the reports and the books).
NO_SPREADSHEET_BELOW = 7
SPREADSHEET_LIBRARIES = {"xlwings", "openpyxl"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def unit(module: str) -> str:
    """The package or top-level module a module belongs to: ``elo_xl.io.trf_read`` → ``elo_xl.io``."""
    parts = module.split(".")
    return ".".join(parts[:2])


def layer(module: str) -> int:
    return LAYERS[unit(module)]


def _statements(tree: ast.AST, type_checking: bool):
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            if type_checking:
                yield from (s for n in node.body for s in _statements_of(n, type_checking))
            yield from (s for n in node.orelse for s in _statements_of(n, type_checking))
            continue
        yield from _statements_of(node, type_checking)


def _statements_of(node: ast.AST, type_checking: bool):
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        yield node
    else:
        yield from _statements(node, type_checking)


def imports(module: str, type_checking: bool = False) -> set[str]:
    """What ``module`` imports: elo_xl modules by name, other packages by their top name."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = set()
    for node in _statements(ast.parse(path.read_text(encoding="utf-8")), type_checking):
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


@functools.lru_cache(maxsize=None)
def graph(type_checking: bool = False) -> dict[str, set[str]]:
    """Module → the elo_xl modules it imports (a package's own modules, and the package root
    named by ``from .. import x``, are left out). Read once, when a test first asks (not when
    the file is collected, which every worker does), and only read by the tests."""
    return {m: {t for t in imports(m, type_checking) if t in MODULES and t != "elo_xl" and not t.startswith(m + ".")}
            for m in MODULES}



def test_the_graph_is_read():
    """The reader sees known arrows (so an empty graph cannot pass the tests below)."""
    assert "elo_xl.rules" in graph()["elo_xl.engine"]
    assert "elo_xl.games" in graph()["elo_xl.engine"]
    assert "elo_xl.tables" in graph()["elo_xl.rules"]
    assert "elo_xl.workbook.read" in graph()["elo_xl.export"]
    assert "xlwings" in imports("elo_xl.udfs") and "openpyxl" in imports("elo_xl.workbook.book_access")
    assert [layer(m) for m in ("elo_xl.errors", "elo_xl.results", "elo_xl.rules", "elo_xl.io.decode",
                               "elo_xl.kernel", "elo_xl.event.model", "elo_xl.workbook.book")] == [0, 1, 2, 2, 3, 6, 8]


def test_every_module_has_a_layer():
    """A module of a package not in :data:`LAYERS`, or a new top-level module, is named here."""
    assert sorted({unit(m) for m in MODULES} - set(LAYERS)) == []
    assert sorted(set(LAYERS) - {unit(m) for m in MODULES}) == []  # and no layer for what is gone
    assert len(LAYER_NAMES) == max(LAYERS.values()) + 1


@pytest.mark.parametrize("module", [m for m in MODULES if not m.endswith("_uno_worker")])
def test_every_module_imports(module):
    importlib.import_module(module)


def cycle(g: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``g`` (its nodes in order, the first repeated at the end), or None."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(g.get(node, ())):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state and (found := visit(target)):
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(g):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_the_cycle_finder_finds_cycles():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_no_cycle_between_modules():
    assert cycle(graph(type_checking=True)) is None


def packages_graph(g: dict[str, set[str]]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for m, targets in g.items():
        out.setdefault(unit(m), set()).update(unit(t) for t in targets if unit(t) != unit(m))
    return out


def test_no_cycle_between_packages():
    """``io`` reading into the event model while the event model imports ``io`` is one concept
    split in two; the packages import each other one way only."""
    assert cycle(packages_graph(graph(type_checking=True))) is None


def test_the_rules_can_fail():
    """The checks above catch what they are for: an arrow up and a cycle between packages."""
    g = {m: set(t) for m, t in graph().items()}
    g["elo_xl.io.trf_read"].add("elo_xl.event.model")
    assert upward(g) == ["elo_xl.io.trf_read (layer 2) imports elo_xl.event.model (layer 6)"]
    assert cycle(packages_graph(g)) is not None


def upward(g: dict[str, set[str]]) -> list[str]:
    return [f"{m} (layer {layer(m)}) imports {t} (layer {layer(t)})"
            for m, targets in sorted(g.items()) for t in sorted(targets) if layer(t) > layer(m)]


def test_imports_point_down():
    assert upward(graph()) == []


def test_recalc_imports_nothing_from_workbook():
    assert [(m, t) for m, ts in graph().items() if m.startswith("elo_xl.recalc") for t in ts
            if t.startswith("elo_xl.workbook")] == []


def test_the_layers_below_the_books_import_no_spreadsheet_library():
    lower = sorted(m for m in MODULES if layer(m) < NO_SPREADSHEET_BELOW and not m.endswith("_uno_worker"))
    # in the source, at any depth (a lazy import counts) ...
    assert [m for m in lower if imports(m) & SPREADSHEET_LIBRARIES] == []
    # ... and when imported: a fresh interpreter that imports them loads neither
    code = f"import sys\nfor m in {lower!r}: __import__(m)\nprint(sorted({SPREADSHEET_LIBRARIES!r} & set(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def drawing() -> str:
    """The layers as ``docs/architecture.md`` draws them, top layer first."""
    lines = []
    for number in range(max(LAYERS.values()), -1, -1):
        units = sorted(u.removeprefix("elo_xl.") + ("/" if (PACKAGE / u.removeprefix("elo_xl.")).is_dir() else "")
                       for u, n in LAYERS.items() if n == number and u != "elo_xl")
        lines.append(f"{number:>2}  {LAYER_NAMES[number]:<35} {'  '.join(units)}")
    return "\n".join(lines)


def test_the_architecture_page_draws_these_layers():
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    shown = "\n".join("    " + line for line in drawing().splitlines())
    assert shown in page, "docs/architecture.md must show the layers as tests/house/test_imports.py has them:\n" + shown


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
    g = {m: _all_imports(m) for m in MODULES}
    assert "elo_xl.io.trf_format" in g["elo_xl.io.trf_model"]
    pairs = sorted((a, b) for a, targets in g.items() for b in targets if a < b and a in g.get(b, ()))
    assert pairs == []


def _imported_from(module: str, node: ast.ImportFrom) -> str:
    """The absolute name of the module a ``from … import`` reads."""
    if not node.level:
        return node.module or ""
    package = module.split(".")
    if not MODULES[module].name == "__init__.py":
        package = package[:-1]
    base = package[:len(package) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def test_no_private_name_crosses_a_module():
    """A name with a leading underscore stays in its module: another module that needs it
    gets a public name (imports and ``module._name`` both count)."""
    crossing = []
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules_bound: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                source = _imported_from(name, node)
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        crossing.append(f"{name} imports {alias.name} from {source}")
                    if f"{source}.{alias.name}" in MODULES:
                        modules_bound.add(alias.asname or alias.name)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name in MODULES and alias.asname:
                        modules_bound.add(alias.asname)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and node.value.id in modules_bound and node.attr.startswith("_") and not node.attr.startswith("__"):
                crossing.append(f"{name} reads {node.value.id}.{node.attr}")
    assert crossing == []


def test_the_io_package_says_what_it_holds():
    """``elo_xl/io/__init__.py`` names every module of ``io/`` and no other, and what it says of
    their imports holds: nothing of elo-xl but ``errors``, ``results`` and ``titles``."""
    import re

    import elo_xl.io

    listed = set(re.findall(r"^``(\w+)``", elo_xl.io.__doc__, re.MULTILINE))
    assert listed == {path.stem for path in (PACKAGE / "io").glob("*.py")} - {"__init__"}
    outside = {t for m, targets in graph().items() if unit(m) == "elo_xl.io" for t in targets if unit(t) != "elo_xl.io"}
    assert outside <= {"elo_xl.errors", "elo_xl.results", "elo_xl.titles"}


def test_the_command_line_is_one_layer_of_modules():
    """``cli/`` is a package of modules on layer 11, and argument parsing lives there (and in
    ``period.command``, whose options the ``period`` command of cli's parser adds)."""
    assert {layer(m) for m in MODULES if unit(m) == "elo_xl.cli"} == {11}
    assert len([m for m in MODULES if unit(m) == "elo_xl.cli"]) > 1
    parsing = sorted(m for m in MODULES if "argparse" in imports(m) and unit(m) != "elo_xl.cli")
    assert parsing == ["elo_xl.period.command"]
