"""Shared fixtures of the test suite: one instance of each spreadsheet engine per run, and
the ``office`` marker that separates the tests needing those programs.

The test modules live in folders by concept (``tests/engine/``, ``tests/workbook/``, …); the
helpers they share (``ci.py``, ``books.py``, ``period_helpers.py``, ``xlwings_harness.py``)
stay here in ``tests/``, which this file puts on ``sys.path`` for every folder.

``office``: a test that starts LibreOffice, Gnumeric or node. Every test that uses the
fixtures ``libreoffice``, ``gnumeric`` or ``office`` gets the marker here; a test that reaches
those programs another way (``Gnumeric()`` or ``ssconvert`` called directly, node, a fixture
that picks its engine at run time) carries ``pytest.mark.office`` itself. ``python -m pytest -m "not office"`` leaves them out.
"""

from __future__ import annotations

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
OFFICE_FIXTURES = frozenset({"libreoffice", "gnumeric", "office"})


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``office`` every test that uses a spreadsheet engine's fixture (before ``-m``
    selects: this hook runs first)."""
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
