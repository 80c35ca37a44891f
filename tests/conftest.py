"""Shared fixtures of the test suite."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from elo_xl.libreoffice import NOT_INSTALLED, LibreOffice, available


@pytest.fixture(scope="session")
def libreoffice() -> Iterator[LibreOffice]:
    """One headless LibreOffice for the whole test run.

    Skips the tests that use it when LibreOffice (or its Python bridge) is missing, except
    under CI (``CI=true``), where a missing LibreOffice fails them: CI installs it.
    """
    if not available():
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true and {NOT_INSTALLED} (see .ci/run)", pytrace=False)
        pytest.skip(NOT_INSTALLED)
    with LibreOffice() as office:
        yield office
