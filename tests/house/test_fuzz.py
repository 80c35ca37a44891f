"""The fuzz harness (bench/fuzz.py) in its seeded quick mode: mutated TRF, CSV and K files,
files that are not events, broken books for ``export``, odd option values for every command
and odd arguments for every Excel function. Every case ends in a success or a one-line error,
nothing is left half-written, no non-event is accepted (``--rules "LOGISTIC 1"`` and K files
that are not CSV text, which once ended in tracebacks, are among the cases)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

PATH = Path(__file__).resolve().parents[2] / "bench" / "fuzz.py"


@pytest.fixture(scope="module")
def fuzz():
    spec = importlib.util.spec_from_file_location("elo_xl_fuzz", PATH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    yield module
    del sys.modules[spec.name]


@pytest.fixture(scope="module")
def results(fuzz):
    return fuzz.fuzz(400, seed=20261130, kinds=fuzz.QUICK, limit=20)


def test_quick_mode_finds_nothing(fuzz, results):
    assert [f"{r.outcome} [{r.case.kind}] {r.detail}" for r in results if fuzz.is_bad(r)] == []
    assert {r.outcome for r in results} == {"success", "clean error"}  # both happen: the cases are not all trivial


def test_every_generator_ran_and_met_both_ends(fuzz, results):
    assert len(results) == 400
    assert {r.case.kind for r in results} == set(fuzz.QUICK)
    assert set(fuzz.GENERATORS) - set(fuzz.QUICK) == {"two-writers"}  # seconds a case: the full mode's
    for kind in ("trf-mutation", "csv", "k-file", "export", "options", "udfs", "resaved-book"):
        outcomes = {r.outcome for r in results if r.case.kind == kind}
        assert outcomes == {"success", "clean error"}, kind
    assert all(r.outcome == "success" for r in results if r.case.note == "valid")
    assert all(r.outcome == "clean error" for r in results if not r.case.event)


def test_two_writers_race_and_neither_mixes_nor_loses(fuzz):
    """Four races of the full mode's ``two-writers`` (two ``pair`` runs on one book or TRF,
    ``pair`` and ``functions``, ``pair`` while another program saves): each ends in the file as
    the successful commands write it one after the other (the harness's ``mixed result``
    otherwise, which it found in 7 of 16 races before the hold)."""
    results = fuzz.fuzz(4, seed=20261206, kinds=["two-writers"], limit=20)
    assert [f"{r.outcome} [{r.case.kind}] {r.detail}" for r in results if fuzz.is_bad(r)] == []
    assert all(r.outcome in ("success", "clean error") for r in results)


def test_a_case_is_the_same_on_every_run(fuzz):
    a, b = fuzz.case(17, 3), fuzz.case(17, 3)
    assert (a.kind, a.files, a.args, a.note) == (b.kind, b.files, b.args, b.note)


def test_the_classifier_sees_each_failure(fuzz):
    """A generator registered by another engineer plugs in; the classifier catches a traceback,
    a hang, partial output and an accepted non-event (driven through small fake commands)."""
    case = fuzz.Case("x", {"a.trf": b"data"}, ["rate", "{a.trf}", "-o", "{out}"], event=False)
    original = fuzz.main
    try:
        fuzz.main = lambda args: 1 / 0
        assert fuzz.run_case(case).outcome == "traceback"
        fuzz.main = lambda args: 1
        assert fuzz.run_case(case).outcome == "traceback"
        fuzz.main = lambda args: (Path(args[-1]).write_text("half"), 2)[1]
        assert fuzz.run_case(case).outcome == "partial output"
        fuzz.main = lambda args: (print("table"), 2)[1]
        assert fuzz.run_case(case).outcome == "partial output"
        fuzz.main = lambda args: 0
        assert fuzz.run_case(case).outcome == "non-event accepted"

        def forever(args):
            while True:
                pass

        fuzz.main = forever
        assert fuzz.run_case(case, limit=0.2).outcome == "hang"

        def clean(args):
            print("elo-xl: a.trf: bad", file=sys.stderr)
            return 2

        fuzz.main = clean
        assert fuzz.run_case(case).outcome == "clean error"

        def two_lines(args):
            print("elo-xl: a.trf: bad\nmore", file=sys.stderr)
            return 2

        fuzz.main = two_lines
        assert fuzz.run_case(case).outcome == "partial output"

        def raw_escape(args):
            print("elo-xl: a.trf: \x1b[2J", file=sys.stderr)
            return 2

        fuzz.main = raw_escape
        assert fuzz.run_case(case).outcome == "partial output"
    finally:
        fuzz.main = original

    @fuzz.generator("test-only", 1)
    def only(rng):
        return fuzz.Case("test-only", {"e.trf": b"001    1      A"}, ["rate", "{e.trf}"])

    try:
        assert [c.kind for c in fuzz.cases(3, 1, ["test-only"])] == ["test-only"] * 3
    finally:
        del fuzz.GENERATORS["test-only"]


def test_the_judges_see_bad_output(fuzz):
    """The command judge and the Excel-function judge catch each bad outcome."""
    assert fuzz.judge(0, "", "", {}, {".out.trf.x1.tmp": b""})[0] == "partial output"
    assert fuzz.judge(2, "", "elo-xl: fine\n", {"a": b"1"}, {"a": b"2"})[0] == "partial output"
    assert fuzz.judge(2, "", "elo-xl: fine\n", {"a": b"1"}, {"a": b"1"})[0] == "clean error"
    assert fuzz.judge(0, "x", "", {}, {}, event=False)[0] == "non-event accepted"
    # recalc's book holding error values: exit code 1, one line on each stream, the book written
    said = ("b.xlsx: recalculated in LibreOffice in 2.0 s, 2 cells holding an error\n",
            "elo-xl: b.xlsx: 2 cells hold an error after recalculation: Swiss!A1 #REF!\n")
    assert fuzz.judge(1, *said, {}, {"b.xlsx": b"PK"}, warns=True)[0] == "success"
    assert fuzz.judge(1, *said, {}, {"b.xlsx": b"PK"})[0] == "traceback"
    assert fuzz.judge(1, said[0], said[1] * 2, {}, {"b.xlsx": b"PK"}, warns=True)[0] == "partial output"
    assert fuzz.judge(1, *said, {}, {}, warns=True)[0] == "partial output"
    judge_udf = fuzz.fuzz_faces.judge_udf
    assert judge_udf(float("nan"))[0] == "partial output"
    assert judge_udf([[1, 2], [3]])[0] == "partial output"
    assert judge_udf("two\nlines")[0] == "partial output"
    assert judge_udf("one line")[0] == "clean error"
    assert judge_udf([[1, None, "x"]]) == ("success", "")


def test_excel_function_cases_restore_the_error_mode(fuzz):
    from elo_xl import udfs

    before = udfs.RAISE_ERRORS
    result = fuzz.run_case(fuzz.Case("udfs", {}, [], call=lambda: udfs.ELO_EXPECTED(2400, 2200)))
    assert result.outcome == "success" and udfs.RAISE_ERRORS == before
