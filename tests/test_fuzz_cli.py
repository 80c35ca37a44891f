"""The quick mode of bench/fuzz_cli.py: a few hundred seeded cases of broken books for
``export``, odd option values for every command and odd arguments for every Excel function.

No case may hang, leave partial output, or end in a traceback from the command line, export
or the Excel functions (``--rules "LOGISTIC 1"`` and K files that are not CSV text, which
once ended in tracebacks, are among the cases).
"""

from __future__ import annotations

import importlib.util
import io
from pathlib import Path

import pytest

FUZZ = Path(__file__).resolve().parent.parent / "bench" / "fuzz_cli.py"


@pytest.fixture(scope="module")
def fuzz():
    spec = importlib.util.spec_from_file_location("fuzz_cli", FUZZ)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def report(fuzz, tmp_path_factory):
    printed = io.StringIO()
    result = fuzz.run(300, seed=0, seconds=20, out=printed)
    result.printed = printed.getvalue()
    return result


def test_every_case_is_classified(fuzz, report):
    assert sum(sum(c.values()) for c in report.counts.values()) == 300
    assert set().union(*report.counts.values()) <= set(fuzz.CLASSES)
    # every generator ran, and each produced both successes and clean errors
    for generator in fuzz.GENERATORS:
        assert report.counts[generator]["clean error"] > 0, generator
    assert report.counts["options"]["success"] > 0 and report.counts["export"]["success"] > 0


def test_no_hang_and_no_partial_output(report):
    assert report.total("hang") == 0 and report.total("partial output") == 0, report.printed


def test_no_traceback(report):
    assert report.total("traceback") == 0, report.printed
    assert report.bad == [], report.printed


def test_the_judges_see_bad_output(fuzz):
    """The classifier itself: each bad outcome is caught (so a clean run means something)."""
    assert fuzz.judge_command(2, "table", "elo-xl: x\n", {}, {}, [])[0] == "partial output"
    assert fuzz.judge_command(2, "", "elo-xl: x\n", {}, {"new.trf": b"x"}, [])[0] == "partial output"
    assert fuzz.judge_command(2, "", "elo-xl: a\nb\n", {}, {}, [])[0] == "partial output"
    assert fuzz.judge_command(1, "", "boom\n", {}, {}, [])[0] == "traceback"
    assert fuzz.judge_command(0, "", "", {}, {".out.trf.x1.tmp": b""}, [])[0] == "partial output"
    assert fuzz.judge_command(2, "", "elo-xl: fine\n", {"a": b"1"}, {"a": b"1"}, [])[0] == "clean error"
    assert fuzz.judge_udf(float("nan"))[0] == "partial output"
    assert fuzz.judge_udf([[1, 2], [3]])[0] == "partial output"
    assert fuzz.judge_udf("two\nlines")[0] == "partial output"
    assert fuzz.judge_udf([[1, None, "x"]]) == ("success", "")
