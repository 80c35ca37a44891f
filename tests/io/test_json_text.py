"""The reports' JSON (:mod:`elo_xl.io.json_text`) is the standard library's, byte for byte, on
any tree of texts, numbers, lists and objects (the library's own ``json.dumps`` is the oracle)."""

from __future__ import annotations

import json
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from elo_xl.io.json_text import indented

SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True) | st.text()
TREES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
                     | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(TREES, st.integers(min_value=0, max_value=4))
def test_the_same_text_as_the_library(tree, indent):
    assert indented(tree, indent) == json.dumps(tree, ensure_ascii=False, indent=indent)


def test_what_the_library_writes_or_refuses_it_still_does():
    """A key that is not a text, and a value of another type, go to the library: written as it
    writes them (a number key), or refused as it refuses them."""
    assert indented({1: [math.inf], None: {"x": ()}}) == json.dumps({1: [math.inf], None: {"x": ()}},
                                                                      ensure_ascii=False, indent=2)
    for value in ({"a": {1, 2}}, [object()]):
        try:
            json.dumps(value, ensure_ascii=False, indent=2)
        except TypeError as expected:
            try:
                indented(value)
            except TypeError as error:
                assert str(error) == str(expected)
            else:
                raise AssertionError("refused by the library, written by indented")


def test_a_report_of_every_kind_of_player(tmp_path):
    """A rating report with norms, tie-breaks and unrated players reads back as the same JSON."""
    from elo_xl.cli import main
    from elo_xl.event.samples import SWISS_TRF_PATH

    out = tmp_path / "r.json"
    assert main(["rate", str(SWISS_TRF_PATH), "--norms", "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text == json.dumps(json.loads(text), ensure_ascii=False, indent=2) + "\n"
