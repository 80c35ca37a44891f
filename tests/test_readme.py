"""The README's function reference matches the code (its examples run as doctests)."""

import inspect
import re
from pathlib import Path

from elo_xl.udfs import FUNCTIONS

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")


def readme_signature(function) -> str:
    """How the README heads a function: optional arguments in brackets."""
    parts = []
    for p in inspect.signature(function).parameters.values():
        parts.append(p.name if p.default is inspect.Parameter.empty else f"[{p.name}]")
    return f"### {function.__name__}({', '.join(parts)})"


def test_every_function_has_its_reference_heading_in_order():
    headings = re.findall(r"^### (ELO_\w+\(.*\))$", README, flags=re.M)
    assert ["### " + h for h in headings] == [readme_signature(f) for f in FUNCTIONS]


def test_every_argument_is_described():
    for function in FUNCTIONS:
        section = README.split(readme_signature(function), 1)[1].split("\n### ", 1)[0]
        for name in inspect.signature(function).parameters:
            if name == "rules" and function.__name__ != "ELO_K":
                assert "- **`rules`**" in README  # described once for all functions
                continue
            assert f"`{name}`" in section, f"{function.__name__}: argument {name} is not described"
        assert f"={function.__name__}(" in section, f"{function.__name__}: no Excel example"
        assert ">>> " in section, f"{function.__name__}: no Python example"
