"""The ``office`` marker is a rule that can fail: a test without it that starts LibreOffice,
Gnumeric or node fails, naming the marker; the tests that use the engines' fixtures or the
print fonts get it without writing it; ``-m "not office"`` leaves them out.

Each case runs in a pytest of its own (``pytester``, in a fresh process) with the suite's
``conftest.py`` and ``ci.py`` and the ``markers`` of ``pyproject.toml``. The programs are
small shell scripts named ``soffice``, ``ssconvert`` and ``node``: the guard goes by the
name, so nothing real is started (a marked test runs its script). Without the Carlito font
(hidden from fontconfig here) a test that measures printed pages is skipped with the install
line, and fails with it under CI.
"""

from __future__ import annotations

import os
import shutil
import tomllib
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent

#: The inner suite: every way a test may start a program, with and without the marker.
INNER = '''
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from elo_xl.recalc.libreoffice import LibreOffice


@pytest.fixture
def fake(tmp_path):
    def program(name):
        path = tmp_path / name
        path.write_text("#!/bin/sh\\nexit 0\\n")
        path.chmod(0o755)
        return str(path)
    return program


def test_unmarked_runs_soffice(fake):
    subprocess.run([fake("soffice"), "--version"])


def test_unmarked_runs_ssconvert_through_a_shell(fake):
    subprocess.run(fake("ssconvert") + " --recalc a.xlsx b.xlsx", shell=True)


def test_unmarked_swallows_the_failure_of_node(fake):
    try:
        subprocess.run([fake("node"), "run.mjs"])
    except BaseException:
        pass


def test_unmarked_starts_soffice_in_a_thread(fake):
    thread = threading.Thread(target=subprocess.run, args=([fake("soffice")],))
    thread.start()
    thread.join()


def test_unmarked_starts_the_libreoffice_driver(fake, tmp_path):
    with pytest.raises(Exception):
        LibreOffice(soffice=fake("soffice"), startup_timeout=1).start()


@pytest.fixture(scope="module")
def module_engine(tmp_path_factory):
    path = tmp_path_factory.mktemp("bin") / "ssconvert"
    path.write_text("#!/bin/sh\\nexit 0\\n")
    path.chmod(0o755)
    subprocess.run([str(path), "--recalc", "a.xlsx", "b.xlsx"])
    return path


def test_unmarked_takes_a_module_fixture_that_runs_ssconvert(module_engine):
    pass


def test_unmarked_runs_python_and_poppler_freely():
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    subprocess.Popen(["true"]).wait()


@pytest.mark.office
def test_marked_runs_soffice(fake):
    subprocess.run([fake("soffice"), "--version"], check=True)


def test_takes_libreoffice(libreoffice):
    raise AssertionError("never run here: deselected")


def test_takes_gnumeric(gnumeric):
    raise AssertionError("never run here: deselected")


def test_takes_each_engine(office):
    raise AssertionError("never run here: deselected")


@pytest.mark.usefixtures("print_fonts")
def test_counts_printed_pages():
    raise AssertionError("never run here: deselected")
'''

#: The tests the guard must fail, each with the program it names.
FAILED = {
    "test_unmarked_runs_soffice": "soffice",
    "test_unmarked_runs_ssconvert_through_a_shell": "ssconvert",
    "test_unmarked_swallows_the_failure_of_node": "node",
    "test_unmarked_starts_soffice_in_a_thread": "soffice",
    "test_unmarked_starts_the_libreoffice_driver": "soffice",
}


@pytest.fixture
def inner(pytester: pytest.Pytester) -> pytest.Pytester:
    """A pytest with the suite's conftest, its CI helper and its markers, and the inner tests."""
    pytester.makeconftest((TESTS / "conftest.py").read_text(encoding="utf-8"))
    pytester.makepyfile(ci=(TESTS / "ci.py").read_text(encoding="utf-8"))
    markers = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]["markers"]
    pytester.makeini("[pytest]\nmarkers =\n" + "".join(f"    {line}\n" for line in markers))
    pytester.makepyfile(test_inner=INNER)
    return pytester


@pytest.mark.skipif(os.name != "posix", reason="uses shell scripts")
def test_a_test_without_the_marker_that_starts_an_office_program_fails(inner: pytest.Pytester) -> None:
    result = inner.runpytest_subprocess("-m", "not office", "-p", "no:cacheprovider", "--strict-markers",
                                        "-W", "ignore::pytest.PytestUnhandledThreadExceptionWarning")
    # one report per test (a failure the test swallowed is told once; a module fixture's set-up
    # that starts a program is an error of the test that set it up)
    result.assert_outcomes(passed=1, failed=len(FAILED), errors=1, deselected=6)
    for test, program in [*FAILED.items(), ("test_unmarked_takes_a_module_fixture_that_runs_ssconvert", "ssconvert")]:
        result.stdout.fnmatch_lines([
            f"test_inner.py::{test} started {program}, which only a test marked office may start: add pytest.mark.office*"])
    # with the marker, the same program starts
    marked = inner.runpytest_subprocess("-k", "test_marked_runs_soffice", "-p", "no:cacheprovider", "--strict-markers")
    marked.assert_outcomes(passed=1, deselected=12)


def test_the_engines_fixtures_and_the_print_fonts_mark_a_test_office(inner: pytest.Pytester) -> None:
    result = inner.runpytest_subprocess("--collect-only", "-q", "-m", "office", "-p", "no:cacheprovider",
                                        "--strict-markers")
    selected = {line.split("::")[1] for line in result.stdout.lines if line.startswith("test_inner.py::")}
    assert selected == {"test_marked_runs_soffice", "test_takes_libreoffice", "test_takes_gnumeric",
                        "test_takes_each_engine[libreoffice]", "test_takes_each_engine[gnumeric]",
                        "test_counts_printed_pages"}


#: A fontconfig set-up that hides Carlito, as on a machine without fonts-crosextra-carlito.
NO_CARLITO = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <selectfont><rejectfont><pattern><patelt name="family"><string>Carlito</string></patelt></pattern></rejectfont></selectfont>
</fontconfig>
"""


@pytest.mark.skipif(shutil.which("fc-list") is None, reason="needs fontconfig's fc-list")
def test_without_carlito_the_print_tests_say_how_to_install_it(inner: pytest.Pytester,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    (inner.path / "fonts.conf").write_text(NO_CARLITO, encoding="utf-8")
    monkeypatch.setenv("FONTCONFIG_FILE", str(inner.path / "fonts.conf"))
    monkeypatch.delenv("CI", raising=False)
    line = "*the Carlito font is not installed*apt-get install fonts-crosextra-carlito*"
    result = inner.runpytest_subprocess("-k", "test_counts_printed_pages", "-p", "no:cacheprovider", "-rs")
    result.assert_outcomes(skipped=1, deselected=12)
    result.stdout.fnmatch_lines([f"SKIPPED*{line}"])
    monkeypatch.setenv("CI", "true")   # under CI the same test fails, with the same line
    result = inner.runpytest_subprocess("-k", "test_counts_printed_pages", "-p", "no:cacheprovider")
    result.assert_outcomes(errors=1, deselected=12)
    result.stdout.fnmatch_lines([f"*CI=true and {line}"])
