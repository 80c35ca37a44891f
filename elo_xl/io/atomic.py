"""Writing a file without ever leaving a partial one: the command line, the xlwings Lite bundle
and the workbook saver all write through :func:`write_atomically`.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from ..errors import EloError

__all__ = ["write_atomically", "check_target", "FILE_MODE"]

#: Mode of a file :func:`write_atomically` creates (an existing file keeps its mode).
FILE_MODE = 0o644


def check_target(path: Path) -> None:
    """Refuse a path no file can be written to: a folder, a device or a pipe, or a path whose
    folder does not exist (or is a file); an :class:`EloError` that names it.

    >>> check_target(Path("."))
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: .: is a folder; give the name of the file to write
    """
    if path.is_dir():
        raise EloError(f"{path}: is a folder; give the name of the file to write")
    if path.exists() and not path.is_file():
        raise EloError(f"{path}: is not a regular file (a device or a pipe); give the name of a file to write")
    folder = path.parent
    if not folder.is_dir():
        if folder.exists():
            raise EloError(f"{path}: {folder} is a file, not a folder")
        raise EloError(f"{path}: the folder {folder} does not exist")


def write_atomically(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write *data* to *path* through a temporary file in the same folder and a rename.

    Readers see the old file or the new one, never a partial one; if anything fails the
    temporary file is removed and *path* is untouched. An existing file keeps its mode, a
    new one gets ``rw-r--r--``. Returns *path* as a :class:`~pathlib.Path`.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     target = write_atomically(Path(folder) / "book.xlsx", b"PK")
    ...     target.read_bytes(), sorted(p.name for p in Path(folder).iterdir())
    (b'PK', ['book.xlsx'])
    """
    path = Path(path)
    check_target(path)
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        mode = FILE_MODE
    try:
        descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except PermissionError as error:
        raise EloError(f"{path}: cannot write in {path.parent} ({error.strerror})") from None
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, mode)
        try:
            os.replace(temporary, path)
        except PermissionError as error:
            raise EloError(
                f"{path}: cannot replace the file ({error.strerror}); is it open in another program?"
            ) from error
    except BaseException:
        os.unlink(temporary)
        raise
    return path
