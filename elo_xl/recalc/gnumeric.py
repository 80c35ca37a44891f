"""Recalculate workbooks in Gnumeric: ``ssconvert --recalc in.xlsx out.xlsx``.

A third spreadsheet engine beside Excel and LibreOffice: a formula only one engine evaluates
is a formula some arbiter's program will not. :class:`Gnumeric` has the interface of
:class:`~elo_xl.recalc.libreoffice.LibreOffice` (a context manager with
:meth:`~Gnumeric.recalculate`), so tests run the same books through both; each file is one
``ssconvert`` process (a small book takes a few hundredths of a second). Read the values
back with :func:`elo_xl.recalc.values.read_values` or :func:`~elo_xl.recalc.values.read_named`.

Settings: ``ELO_XL_SSCONVERT`` names the ``ssconvert`` program (default: ``ssconvert`` on
the ``PATH``). ``ssconvert`` runs with ``LANG=C.UTF-8``, like LibreOffice.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path
from types import TracebackType

from ..errors import EloError
from ..io.paths import readable_file

#: Environment variable naming the ``ssconvert`` program.
SSCONVERT_VARIABLE = "ELO_XL_SSCONVERT"
#: What to tell a user who has no Gnumeric.
NOT_INSTALLED = "Gnumeric is not installed: install gnumeric (it provides ssconvert)"
#: Seconds one recalculation may take.
REQUEST_TIMEOUT = 300.0
#: The locale ssconvert runs in.
LOCALE = "C.UTF-8"


def find_ssconvert() -> str | None:
    """The ``ssconvert`` program to run, or ``None`` when Gnumeric is not installed."""
    return shutil.which(os.environ.get(SSCONVERT_VARIABLE) or "ssconvert")


def available() -> bool:
    """Whether Gnumeric's ``ssconvert`` is installed."""
    return find_ssconvert() is not None


class Gnumeric:
    """Gnumeric as a recalculation service: one ``ssconvert --recalc`` per file (entering
    checks that it is installed; there is no process to keep)."""

    def __init__(self, timeout: float = REQUEST_TIMEOUT) -> None:
        self.timeout = timeout

    def __enter__(self) -> Gnumeric:
        if not available():
            raise EloError(NOT_INSTALLED)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        return None

    def __repr__(self) -> str:
        return f"Gnumeric({find_ssconvert() or 'not installed'})"

    def recalculate(self, src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> float:
        """Recalculate every formula of ``src`` and save the workbook with its values as
        ``dst`` (an ``.xlsx`` file); the seconds it took."""
        program = find_ssconvert()
        if program is None:
            raise EloError(NOT_INSTALLED)
        source, target = readable_file(src, what="the workbook to recalculate"), Path(dst)
        if not target.parent.is_dir():
            raise EloError(f"{target.parent}: no such folder to write {target.name} in")
        environment = dict(os.environ, LANG=LOCALE, LC_ALL=LOCALE)
        partial = target.with_name(f".{target.stem}-{os.getpid()}-partial.xlsx")  # renamed when whole
        started = time.perf_counter()
        try:
            # The importer is named: by default ssconvert reads a file that is not a workbook as text.
            done = subprocess.run([program, "--recalc", "--import-type=Gnumeric_Excel:xlsx",
                                   "--export-type=Gnumeric_Excel:xlsx2", str(source), str(partial)],
                                  env=environment, stdin=subprocess.DEVNULL, capture_output=True, timeout=self.timeout)
            if done.returncode != 0 or not partial.is_file():
                said = (done.stderr + done.stdout).decode("utf-8", "replace").strip().splitlines()
                raise EloError(f"{source.name}: Gnumeric could not recalculate it"
                               + (f" ({said[-1]})" if said else f" (exit code {done.returncode})"))
            os.replace(partial, target)
        except subprocess.TimeoutExpired:
            raise EloError(f"{source.name}: Gnumeric took more than {self.timeout:g} s to recalculate it") from None
        finally:
            partial.unlink(missing_ok=True)
        return time.perf_counter() - started
