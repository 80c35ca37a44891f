"""Shared fixtures of the test suite: one instance of each spreadsheet engine per run, the
print fonts, and the ``office`` marker that separates the tests needing those programs.

The test modules live in folders by concept (``tests/engine/``, ``tests/workbook/``, …); the
helpers they share (``ci.py``, ``books.py``, ``period_helpers.py``, ``xlwings_harness.py``)
stay here in ``tests/``, which this file puts on ``sys.path`` for every folder.

``office``: a test that starts LibreOffice, Gnumeric or node, or reads pages printed with the
print fonts. Every test that uses the fixtures ``libreoffice``, ``gnumeric``, ``office`` or
``print_fonts`` gets the marker here; a test that reaches those programs another way
(``Gnumeric()`` or ``ssconvert`` called directly, node, a fixture that picks its engine at
run time) carries ``pytest.mark.office`` itself. A test without the marker that starts one
of those programs fails (:func:`pytest_runtest_protocol`), so that
``python -m pytest -m "not office"`` starts none of them.
"""

from __future__ import annotations

import gc
import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parent
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

from ci import missing  # noqa: E402  (tests/ is on sys.path from here)

from elo_xl.recalc import gnumeric as gnumeric_engine  # noqa: E402
from elo_xl.recalc import libreoffice as libreoffice_engine  # noqa: E402

#: The fixtures whose tests are ``office`` tests.
OFFICE_FIXTURES = frozenset({"libreoffice", "gnumeric", "office", "print_fonts"})
#: The programs a test without the ``office`` marker may not start.
OFFICE_PROGRAMS = frozenset({"soffice", "soffice.bin", "soffice.exe", "libreoffice", "ssconvert", "node", "nodejs"})
#: The font LibreOffice prints the books' Calibri with (metrically the same): the printed
#: pages' count and the widths of their words depend on it.
CARLITO = Path("/usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf")
#: What to tell a user without it.
NO_CARLITO = ("the Carlito font is not installed, so LibreOffice prints the books with other widths and "
              "other page counts: apt-get install fonts-crosextra-carlito")
#: The environment variable naming the run's folder of workbooks read by openpyxl
#: (:func:`books.load_workbook`), made for every worker before they start; the folder, and the
#: variable's value before the run.
PICKLES = "ELO_XL_TEST_PICKLES"
PICKLES_FOLDER = pytest.StashKey[str]()
PICKLES_BEFORE = pytest.StashKey["str | None"]()
#: The cyclic garbage collector's thresholds in a test process (Python's default: 700, 10, 10).
#: A worker keeps the books it read or made for its later tests (``tests/books.py``): millions
#: of openpyxl objects that every full collection walks again. At the default, the collector
#: took about 12% of the fast half's CPU (43 s of 357 s in one run, 35 s of it full
#: collections); at these, 14 s. Garbage in cycles lives a little longer; what the tests
#: check is the same (the commands they start in new processes keep Python's default).
GC_THRESHOLDS = (50_000, 20, 100)
#: The office programs a test without the marker tried to start (the guard's record) and how
#: many of them its reports have told so far.
OFFICE_STARTED = pytest.StashKey[list[str]]()
OFFICE_REPORTED = pytest.StashKey[int]()


gc.set_threshold(*GC_THRESHOLDS)


def pytest_collection_finish(session: pytest.Session) -> None:
    """The objects of the collection (modules, the tests' items and parameters) are kept to
    the end of the run: moved out of the collector's sight once, so that no full collection
    walks them again."""
    gc.collect()
    gc.freeze()


def pytest_configure(config: pytest.Config) -> None:
    """Before the workers start: elo-xl's modules compiled once, so that the tests that run the
    ``elo-xl`` command in a new process read the bytecode, as an installed package does,
    instead of compiling every module again in each of them (which they would do under
    ``PYTHONDONTWRITEBYTECODE``); and the run's folder of workbooks read by openpyxl
    (:func:`books.load_workbook`), which every worker finds in its environment."""
    if not hasattr(config, "workerinput"):
        import compileall
        import tempfile

        import elo_xl

        compileall.compile_dir(Path(elo_xl.__file__).parent, quiet=1)
        config.stash[PICKLES_BEFORE] = os.environ.get(PICKLES)
        os.environ[PICKLES] = config.stash[PICKLES_FOLDER] = tempfile.mkdtemp(prefix="elo-xl-test-books-")


def pytest_unconfigure(config: pytest.Config) -> None:
    """The run's folder of workbooks removed, once every worker has ended, and the variable as it
    was (a pytest run inside a test, as the office marker's test makes, leaves the outer run's)."""
    if PICKLES_FOLDER in config.stash:
        shutil.rmtree(config.stash[PICKLES_FOLDER], ignore_errors=True)
        before = config.stash[PICKLES_BEFORE]
        if before is None:
            os.environ.pop(PICKLES, None)
        else:
            os.environ[PICKLES] = before


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``office`` every test that uses a spreadsheet engine's fixture or the print fonts
    (before ``-m`` selects: this hook runs first)."""
    for item in items:
        if OFFICE_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.office)


@pytest.fixture(scope="session")
def libreoffice() -> Iterator[libreoffice_engine.LibreOffice]:
    """One headless LibreOffice for the whole test run.

    Skips the tests that use it when LibreOffice (or its Python bridge) is missing, except
    under CI (``CI=true``), where a missing LibreOffice fails them: CI installs it.
    """
    if not libreoffice_engine.available():
        missing(libreoffice_engine.NOT_INSTALLED)
    with libreoffice_engine.LibreOffice() as office:
        yield office


@pytest.fixture(scope="session")
def gnumeric() -> Iterator[gnumeric_engine.Gnumeric]:
    """Gnumeric's ``ssconvert``: skipped where it is missing, failed under CI."""
    if not gnumeric_engine.available():
        missing(gnumeric_engine.NOT_INSTALLED)
    with gnumeric_engine.Gnumeric() as office:
        yield office


#: The spreadsheet engines the workbook tests recalculate in.
ENGINES = ("libreoffice", "gnumeric")


@pytest.fixture(params=ENGINES)
def office(request: pytest.FixtureRequest) -> Any:
    """Each spreadsheet engine in turn (tests that take it run once per engine)."""
    return request.getfixturevalue(request.param)


def carlito_installed() -> bool:
    """Whether LibreOffice finds the Carlito font: fontconfig lists it (on Linux LibreOffice
    finds its fonts through fontconfig), or, without fontconfig, Debian's file is there."""
    fc_list = shutil.which("fc-list")
    if fc_list is not None:
        try:
            listed = subprocess.run([fc_list, ":family=Carlito", "file"], capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            pass
        else:
            if listed.returncode == 0:
                return bool(listed.stdout.strip())
    return CARLITO.is_file()


@pytest.fixture(scope="session")
def print_fonts() -> None:
    """The fonts the printed pages are measured with (``pytest.mark.usefixtures("print_fonts")``
    on a test that counts pages or words per line of a PDF): without Carlito the test is
    skipped with the install line, and fails with it under CI."""
    if not carlito_installed():
        missing(NO_CARLITO)


# --- the guard: only an ``office`` test starts LibreOffice, Gnumeric or node --------------------


def started_program(args: Any, options: dict[str, Any]) -> str:
    """The name of the program a :class:`subprocess.Popen` call starts (its file name)."""
    program = options.get("executable")
    if program is None:
        if isinstance(args, (str, bytes, os.PathLike)):
            program = os.fsdecode(args)
            if options.get("shell"):
                program = (shlex.split(program) or [""])[0]
        else:
            program = next(iter(args), "")
    return os.path.basename(os.fsdecode(program))


def office_violation(program: str, test: str) -> str:
    """The failure of a test without the ``office`` marker that started ``program``."""
    return (f"{test} started {program}, which only a test marked office may start: add "
            f"pytest.mark.office (or use the libreoffice, gnumeric or office fixture)")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Any:
    """The guard: a test without the ``office`` marker may not start LibreOffice, Gnumeric or node.

    Every process the suite's own Python starts goes through :class:`subprocess.Popen`
    (``subprocess.run`` too, and the LibreOffice and Gnumeric drivers). While a test without
    the marker runs (its fixtures' set-up and tear-down included, a module's or a session's
    too), ``Popen`` refuses those programs: the test fails where the program would start,
    with a message that names the marker. Should the code under test catch that failure (or
    a thread of its own meet it), the test's report fails all the same
    (:func:`pytest_runtest_makereport`).
    """
    if item.get_closest_marker("office") is not None:
        return (yield)
    started = item.stash.setdefault(OFFICE_STARTED, [])
    original = subprocess.Popen.__init__

    def guarded(self: subprocess.Popen[Any], args: Any, *rest: Any, **options: Any) -> None:
        program = started_program(args, options)
        if program.lower() in OFFICE_PROGRAMS:
            started.append(program)
            pytest.fail(office_violation(program, item.nodeid), pytrace=False)
        original(self, args, *rest, **options)

    subprocess.Popen.__init__ = guarded  # type: ignore[method-assign]
    try:
        return (yield)
    finally:
        subprocess.Popen.__init__ = original  # type: ignore[method-assign]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A phase of a test (set-up, call, tear-down) in which the guard refused a program fails,
    even when the failure was caught; each refusal is told once."""
    report = yield
    started = item.stash.get(OFFICE_STARTED, [])
    told = item.stash.get(OFFICE_REPORTED, 0)
    if len(started) > told:
        item.stash[OFFICE_REPORTED] = len(started)
        if report.passed:
            report.outcome = "failed"
            report.longrepr = office_violation(started[told], item.nodeid)
    return report
