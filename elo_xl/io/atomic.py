"""Writing a file without ever leaving a partial one: the command line, the xlwings Lite bundle
and the workbook saver all write through :func:`write_atomically`.

The temporary file lives beside the target (a rename within one folder is what makes the
write atomic) and is named ``.NAME.elo-xl-PID-….tmp``: a run killed while writing leaves it
behind, and the next write of ``NAME`` removes it once process PID is gone
(:func:`clean_stale`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

from ..errors import EloError

__all__ = ["write_atomically", "check_target", "FILE_MODE", "mark", "is_stale", "clean_stale", "process_alive",
           "terminate_as_interrupt", "Interrupted"]

#: Mode of a file :func:`write_atomically` creates (an existing file keeps its mode).
FILE_MODE = 0o644


_MARK = re.compile(r"elo-xl-(\d+)-")


def mark() -> str:
    """The start of a temporary name's random part: ``elo-xl-PID-`` of this process."""
    return f"elo-xl-{os.getpid()}-"


def is_stale(rest: str) -> bool:
    """Whether a temporary name's part after ``.NAME.`` was made by a process that is gone.

    >>> is_stale(mark() + "x.tmp"), is_stale("elo-xl-999999999-x.tmp"), is_stale("abc.tmp")
    (False, True, False)
    """
    found = _MARK.match(rest)
    if not found:
        return False
    pid = int(found.group(1))
    return pid != os.getpid() and not process_alive(pid)


def process_alive(pid: int) -> bool:
    """Whether process ``pid`` runs on this machine (a process of another user counts).

    On Windows ``os.kill(pid, 0)`` would end the process, so the process is looked up instead.

    >>> process_alive(os.getpid()), process_alive(999999999)
    (True, False)
    """
    if pid <= 0:
        return False
    if sys.platform == "win32":  # pragma: no cover - Windows only
        return _windows_process_alive(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # a live process of another user
        return True
    except (OSError, OverflowError):  # a number no process can have
        return False
    return True


def _windows_process_alive(pid: int) -> bool:  # pragma: no cover - Windows only
    """Windows: the process can be opened and has not exited (GetExitCodeProcess ≠ STILL_ACTIVE)."""
    import ctypes

    kernel = ctypes.WinDLL("kernel32", use_last_error=True)  # type: ignore[attr-defined]
    handle = kernel.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return ctypes.get_last_error() == 5  # ERROR_ACCESS_DENIED: it exists, another user's
    try:
        code = ctypes.c_ulong()
        return bool(kernel.GetExitCodeProcess(handle, ctypes.byref(code))) and code.value == 259  # STILL_ACTIVE
    finally:
        kernel.CloseHandle(handle)


class Interrupted(KeyboardInterrupt):
    """A command ended by signal *number* (raised by :func:`terminate_as_interrupt`): a
    KeyboardInterrupt, as Ctrl-C's, with the signal's ``name`` and the ``code`` a process ended
    by it exits with (128 + its number: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP),
    which the command line exits with.

    >>> stopped = Interrupted(signal.SIGTERM)
    >>> isinstance(stopped, KeyboardInterrupt), stopped.name, stopped.code
    (True, 'SIGTERM', 143)
    """

    def __init__(self, number: int) -> None:
        try:
            name = signal.Signals(number).name
        except ValueError:
            name = f"signal {number}"
        super().__init__(name)
        self.number, self.name, self.code = int(number), name, 128 + int(number)


@contextlib.contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """Meanwhile SIGTERM and SIGHUP (a closed terminal, a stopped service) raise
    :class:`Interrupted`, a KeyboardInterrupt, as Ctrl-C does, so that what the command holds
    — a temporary file, a lock, a half-made folder, a LibreOffice it started — is removed on
    the way out (the main thread only; SIGKILL runs no clean-up, and the next run removes
    what it left: :func:`clean_stale`). Once one of them or Ctrl-C has, later ones are ignored
    until the block is left: a second Ctrl-C does not cut the clean-up short. (SIGINT is
    handled only where Python's own handler is in place: a run told to ignore it keeps doing so.)

    >>> try:
    ...     with terminate_as_interrupt():
    ...         signal.raise_signal(signal.SIGTERM)  # as a SIGTERM sent to elo-xl
    ...         raise AssertionError("not reached: the signal raises first")
    ... except Interrupted as stopped:
    ...     stopped.code
    143
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def ignore(signum: int, frame: object) -> None:
        pass

    def interrupt(signum: int, frame: object) -> None:
        for kind in kinds:
            signal.signal(kind, ignore)
        raise Interrupted(signum)

    kinds = [signal.SIGTERM] + ([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        kinds.append(signal.SIGINT)
    previous = {kind: signal.signal(kind, interrupt) for kind in kinds}
    try:
        yield
    finally:
        for kind, handler in previous.items():
            signal.signal(kind, handler)


def clean_stale(folder: Path, name: str) -> None:
    """Remove the temporary files (``.NAME.elo-xl-PID-….tmp``) that killed runs left in ``folder``."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if entry.name.startswith(f".{name}.") and entry.name.endswith(".tmp") and \
                entry.is_file(follow_symlinks=False) and is_stale(entry.name[len(name) + 2:]):
            try:
                os.unlink(entry.path)
            except OSError:
                pass


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
    clean_stale(path.parent, path.name)
    try:
        descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.{mark()}", suffix=".tmp")
    except PermissionError as error:
        raise EloError(f"{path}: cannot write in {path.parent} ({error.strerror})") from None
    try:
        try:
            with os.fdopen(descriptor, "wb") as file:
                file.write(data)
                file.flush()
                os.fsync(file.fileno())
        except OSError as error:  # a full disk, a quota, a file too large: name the file
            why = "no space left on the device" if error.errno in (errno.ENOSPC, errno.EDQUOT) \
                else (error.strerror or type(error).__name__)
            raise EloError(f"{path}: cannot write the file ({why}); nothing was written to it") from None
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
