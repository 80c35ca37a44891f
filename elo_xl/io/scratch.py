"""Temporary folders named for the process that made them: ``elo-xl-PID-WHAT-…`` in the
system's temporary folder (``$TMPDIR``, else ``/tmp``).

``recalc`` gives LibreOffice a copy of the book and a profile of its own, each in such a
folder. A run that ends removes its folders; a run killed before it could (SIGKILL runs no
clean-up) leaves them behind, and the next run that makes one removes every folder whose
process is gone (:func:`clean_stale`), as :mod:`.atomic` does for the temporary files beside
an output (the same mark, ``elo-xl-PID-``, the same test of the process).

>>> with scratch("example") as folder:
...     folder.name.startswith(mark() + "example-"), folder.is_dir()
(True, True)
>>> folder.exists()
False
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from .atomic import is_stale, mark

__all__ = ["clean_stale", "make", "owned_by", "scratch"]


def make(what: str) -> Path:
    """A new folder ``elo-xl-PID-WHAT-…`` of this process in the temporary folder, the stale
    folders of killed runs removed first."""
    clean_stale()
    return Path(tempfile.mkdtemp(prefix=f"{mark()}{what}-"))


@contextlib.contextmanager
def scratch(what: str) -> Iterator[Path]:
    """A folder of :func:`make`, removed with everything in it when the block ends, however
    it ends."""
    folder = make(what)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def owned_by(pid: int, where: str | os.PathLike[str] | None = None) -> list[Path]:
    """The folders of process *pid* in *where* (the temporary folder by default).

    >>> owned_by(-1)
    []
    """
    prefix = f"elo-xl-{pid}-"
    return [Path(entry.path) for entry in _entries(where) if entry.name.startswith(prefix)
            and entry.is_dir(follow_symlinks=False)]


def clean_stale(where: str | os.PathLike[str] | None = None) -> list[Path]:
    """Remove the folders of processes that are gone from *where* (the temporary folder by
    default); the folders removed."""
    removed = []
    for entry in _entries(where):
        if entry.name.startswith("elo-xl-") and entry.is_dir(follow_symlinks=False) and is_stale(entry.name):
            shutil.rmtree(entry.path, ignore_errors=True)
            removed.append(Path(entry.path))
    return removed


def _entries(where: str | os.PathLike[str] | None) -> list[os.DirEntry[str]]:
    try:
        return list(os.scandir(where if where is not None else tempfile.gettempdir()))
    except OSError:
        return []
