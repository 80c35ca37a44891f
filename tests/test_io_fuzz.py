"""The readers' fuzz harness (bench/fuzz.py) in its seeded quick mode: every mutated input ends
in a success or a one-line error, nothing is left half-written, no non-event is accepted."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

PATH = Path(__file__).resolve().parents[1] / "bench" / "fuzz.py"
spec = importlib.util.spec_from_file_location("elo_xl_fuzz", PATH)
fuzz = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = fuzz
spec.loader.exec_module(fuzz)


def test_quick_mode_finds_nothing():
    results = fuzz.fuzz(300, seed=20261130)
    outcomes = {r.outcome for r in results}
    bad = [f"{r.outcome} [{r.case.kind}] {r.detail}" for r in results if r.outcome not in ("success", "clean error")]
    assert bad == []
    assert outcomes == {"success", "clean error"}                  # both happen: the cases are not all trivial
    assert {r.case.kind for r in results} == set(fuzz.GENERATORS)  # every generator ran
    assert all(r.outcome == "success" for r in results if r.case.note == "valid")


def test_the_classifier_sees_each_failure():
    """A generator registered by another engineer plugs in; the classifier catches a traceback,
    a hang, partial output and an accepted non-event (driven through small fake commands)."""
    case = fuzz.Case("x", {"a.trf": b"data"}, ["rate", "{a.trf}", "-o", "{out}"], event=False)
    original = fuzz.main
    try:
        fuzz.main = lambda args: 1 / 0
        assert fuzz.run_case(case).outcome == "traceback"
        fuzz.main = lambda args: (Path(args[-1]).write_text("half"), 2)[1]
        assert fuzz.run_case(case).outcome == "partial output"
        fuzz.main = lambda args: 0
        assert fuzz.run_case(case).outcome == "non-event accepted"

        def forever(args):
            while True:
                pass

        fuzz.main = forever
        assert fuzz.run_case(case, limit=0.2).outcome == "hang"

        def clean(args):
            import sys
            print("elo-xl: a.trf: bad", file=sys.stderr)
            return 2

        fuzz.main = clean
        assert fuzz.run_case(case).outcome == "clean error"
    finally:
        fuzz.main = original

    @fuzz.generator("test-only", 1)
    def only(rng):
        return fuzz.Case("test-only", {"e.trf": b"001    1      A"}, ["rate", "{e.trf}"])

    try:
        assert [c.kind for c in fuzz.cases(3, 1, ["test-only"])] == ["test-only"] * 3
    finally:
        del fuzz.GENERATORS["test-only"]
