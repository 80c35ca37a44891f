"""Shared fixtures of the test suite: one instance of each spreadsheet engine per run."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ci import missing

from elo_xl.recalc import gnumeric as gnumeric_engine
from elo_xl.recalc import libreoffice as libreoffice_engine


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
