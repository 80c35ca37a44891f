"""The one CI guard: a test that needs a program this machine lacks is skipped, except
under CI (``CI=true``), where it fails: CI installs LibreOffice, Gnumeric and python-calamine,
so a missing one there is a broken set-up, not a reason to pass.
"""

from __future__ import annotations

import os
from typing import NoReturn

import pytest


def under_ci() -> bool:
    """Whether the suite runs under CI (``CI=true``)."""
    return os.environ.get("CI", "").lower() == "true"


def missing(reason: str) -> NoReturn:
    """Skip the test for ``reason`` (what is not installed), or fail it under CI."""
    if under_ci():
        pytest.fail(f"CI=true and {reason} (see .ci/run)", pytrace=False)
    pytest.skip(reason)


def examples(n: int) -> int:
    """Hypothesis's ``max_examples`` for a property that takes ``n`` under CI (``CI=true``) or with
    ``ELO_FULL_EXAMPLES=1``: where you work, a third of it (the fast loop, ``-m "not office"``)."""
    if under_ci() or os.environ.get("ELO_FULL_EXAMPLES") == "1":
        return n
    return max(n // 3, 20)


def as_from_a_terminal() -> None:
    """For ``subprocess.Popen(preexec_fn=…)``: the child takes Ctrl-C (SIGINT) as a command
    started from a terminal does. A suite started in the background (``cmd &``, ``nohup``)
    ignores SIGINT, its children inherit that, and elo-xl keeps a SIGINT that was ignored
    ignored: the tests of Ctrl-C test a command run from a terminal."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)
