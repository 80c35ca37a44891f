"""Users see one error class, :class:`elo_xl.errors.EloError`, and code that needs to know more
about an error tells it by a typed subclass (:class:`elo_xl.errors.PairingMismatch`), never by
the words of its message: a message can then be reworded without changing what the code does."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from elo_xl import errors, games
from elo_xl.errors import EloError, PairingMismatch

PACKAGE = Path(__file__).resolve().parents[2] / "elo_xl"

#: The error classes of elo_xl: EloError and its subclasses in errors.py.
ERROR_CLASSES = {name for name, value in vars(errors).items() if isinstance(value, type) and issubclass(value, EloError)}


def _names(node: ast.AST | None) -> set[str]:
    """The class names an ``except`` clause catches (``EloError``, ``errors.EloError``, tuples)."""
    if node is None:
        return set()
    if isinstance(node, ast.Tuple):
        return set().union(*(_names(e) for e in node.elts))
    if isinstance(node, ast.Attribute):
        return {node.attr}
    return {node.id} if isinstance(node, ast.Name) else set()


def _is_text_of(node: ast.AST, name: str) -> bool:
    """``str(error)`` or ``error.args``…: the message of the error caught as ``name``."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "str":
        return len(node.args) == 1 and isinstance(node.args[0], ast.Name) and node.args[0].id == name
    if isinstance(node, ast.Subscript):
        node = node.value
    return isinstance(node, ast.Attribute) and node.attr == "args" and isinstance(node.value, ast.Name) \
        and node.value.id == name


def _bound(tree: ast.AST) -> list[tuple[str, list[ast.stmt]]]:
    """The names that hold one of elo_xl's errors, with the code where they do: the name of an
    ``except EloError as error:`` in its handler, a parameter annotated ``error: EloError`` in
    its function."""
    bound = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ExceptHandler) and node.name and _names(node.type) & ERROR_CLASSES:
            bound.append((node.name, node.body))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            arguments = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
            bound += [(a.arg, node.body) for a in arguments
                      if isinstance(a.annotation, (ast.Name, ast.Attribute)) and _names(a.annotation) & ERROR_CLASSES]
    return bound


def matches_on_text(source: str) -> list[int]:
    """The lines where code holding one of elo_xl's errors looks into its message:
    ``"…" in str(error)``, ``str(error).startswith(…)``, ``error.args[0] == …``, a regex on it."""
    found = set()
    for name, body in _bound(ast.parse(source)):
        for node in (n for statement in body for n in ast.walk(statement)):
            if isinstance(node, ast.Compare) and any(_is_text_of(side, name) for side in (node.left, *node.comparators)):
                found.add(node.lineno)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and (
                    (node.func.attr in ("startswith", "endswith", "find", "count") and _is_text_of(node.func.value, name))
                    or (node.func.attr in ("match", "search", "fullmatch", "findall")
                        and any(_is_text_of(a, name) for a in node.args))):
                found.add(node.lineno)
    return sorted(found)


def test_the_finder_finds_a_match_on_text():
    code = ("try:\n    f()\nexcept EloError as error:\n    if 'start number' not in str(error):\n        raise\n"
            "try:\n    f()\nexcept (OSError, errors.EloError) as e:\n    if str(e).startswith('x') or e.args[0] == 'y':\n"
            "        pass\n    re.match('z', str(e))\n"
            "try:\n    f()\nexcept PairingMismatch as error:\n    raise EloError(f'{error}; cause') from None\n"
            "def cause(path, error: EloError):\n    if ' pairs ' in str(error):\n        return\n"
            "def other(error: OSError):\n    return 'locked' in str(error)\n")
    assert matches_on_text(code) == [4, 9, 11, 17]
    # what export.py did before PairingMismatch
    assert matches_on_text("def _with_cause(path: str, error: EloError) -> None:\n"
                           "    if 'start number' not in str(error) and ' pairs ' not in str(error):\n        return\n") == [2]


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_tells_an_error_by_its_text(path):
    """A caught EloError is told apart by its class; its text is only shown (or prefixed)."""
    assert matches_on_text(path.read_text(encoding="utf-8")) == []


def test_a_pairing_mismatch_is_an_elo_error_with_its_message():
    with pytest.raises(PairingMismatch) as caught:
        games.from_rounds([[1], [0]], [[3], [1]])
    assert type(caught.value).__mro__[1] is EloError
    assert str(caught.value) == 'pairings, row 1 column 1: 3 is not a start number; the event has 2 players'
    with pytest.raises(PairingMismatch, match="1 meets 2 in round 1, but row 2 says 2 meets 3"):
        games.from_rounds([[1], [0], [None]], [[2], [3], [2]])
