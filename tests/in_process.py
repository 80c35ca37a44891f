"""``elo-xl`` run through :func:`elo_xl.cli.main` in the test's own process, with what
:func:`subprocess.run` gives (exit code, standard output and error as text): the same checks
without starting Python anew (about 0.3 s of CPU a run). The console script itself, in a new
process, stays tested in ``tests/cli/test_cli.py``, ``test_cli_paths.py``, ``tests/io/test_atomic_writes.py``
and ``tests/period/test_period_faults.py``."""

from __future__ import annotations

import contextlib
import io
import subprocess

from elo_xl.cli import main


def elo_xl_run(*args: object) -> subprocess.CompletedProcess[str]:
    """``elo-xl ARGS`` (each argument as ``str``) as ``subprocess.run(..., capture_output=True,
    text=True)`` reports it; an exit through :class:`SystemExit` (argparse's refusals) gives its code."""
    argv = [str(a) for a in args]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 0 if exit_.code is None else 1
    return subprocess.CompletedProcess(["elo-xl", *argv], code, out.getvalue(), err.getvalue())
