"""Writing into a file the user keeps: one writer at a time, and never a stale write.

``pair``, ``recalc`` and ``functions`` read a book (or a TRF file), change it and write it
back. Two of them at once, or one of them while LibreOffice or Excel has the book open, would
each write what it read and lose the other's work. :func:`hold` makes that impossible:

- while a command holds a file, a second elo-xl command that would write it is refused at once,
  naming the command and process that hold it (a lock beside the file, ``.~elo-xl.NAME#``, held
  by ``fcntl.flock`` on Linux and macOS and ``msvcrt.locking`` on Windows: the system releases
  it when the process ends, however it ends);
- a file open in LibreOffice (``.~lock.NAME#``) or Excel (``~$NAME``) is refused, before the
  command starts and again just before it writes: their next save would undo the change;
- the command works on the bytes the hold read (:attr:`Held.data`), and :meth:`Held.replace`
  writes the new ones only if the file still holds exactly those bytes (a program that does
  not know elo-xl's lock may have saved it meanwhile), then atomically
  (:func:`elo_xl.io.atomic.write_atomically`);
- SIGTERM and SIGHUP end the command as Ctrl-C does, removing the lock and any temporary
  file; after a SIGKILL the lock file is left, unheld, and the next command takes it.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     path = Path(folder, "cup.trf")
...     _ = path.write_bytes(b"012 Cup")
...     with hold(path, "pair") as held:
...         _ = held.replace(held.data + b" 2026")
...     path.read_bytes(), sorted(p.name for p in Path(folder).iterdir())
(b'012 Cup 2026', ['cup.trf'])
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

from ..errors import EloError
from .atomic import terminate_as_interrupt, write_atomically

__all__ = ["Held", "hold", "lock_name", "open_elsewhere", "refuse_if_open"]

#: The programs whose lock files say they hold a file open: lock file name → program.
OFFICE_LOCKS = {".~lock.{}#": "LibreOffice", "~${}": "Excel"}


def lock_name(path: str | os.PathLike[str]) -> Path:
    """The lock file elo-xl holds beside ``path`` while a command writes into it.

    >>> lock_name("events/cup.xlsx").name
    '.~elo-xl.cup.xlsx#'
    """
    p = Path(path)
    return p.with_name(f".~elo-xl.{p.name}#")


def open_elsewhere(path: str | os.PathLike[str]) -> tuple[Path, str] | None:
    """The lock file beside ``path`` that says LibreOffice or Excel has it open, and the
    program's name (with the user LibreOffice names in it); None when there is none.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     book = Path(folder, "cup.xlsx")
    ...     before = open_elsewhere(book)
    ...     _ = Path(folder, ".~lock.cup.xlsx#").write_text("Ann Arbiter,host,host,06.12.2026 10:00,file;")
    ...     lock, program = open_elsewhere(book)
    ...     before, lock.name, program
    (None, '.~lock.cup.xlsx#', 'LibreOffice by Ann Arbiter')
    """
    p = Path(path)
    for pattern, program in OFFICE_LOCKS.items():
        lock = p.with_name(pattern.format(p.name))
        if not lock.exists():
            continue
        if program == "LibreOffice":
            with contextlib.suppress(OSError):
                user = lock.read_bytes()[:200].decode("utf-8", "replace").split(",")[0].strip()
                if user and user.isprintable():
                    program = f"LibreOffice by {user}"
        return lock, program
    return None


def refuse_if_open(path: str | os.PathLike[str], advice: str) -> None:
    """Refuse a file LibreOffice or Excel has open (:func:`open_elsewhere`); ``advice`` ends
    the message.

    >>> refuse_if_open("no-such-book.xlsx", "")
    """
    found = open_elsewhere(path)
    if found is not None:
        lock, program = found
        raise EloError(f"{path}: is open in {program} ({lock.name} beside it), whose next save would undo "
                       f"what elo-xl writes; {advice}")


class Held:
    """A file held by :func:`hold`: its bytes as read (None: it did not exist) and the one
    way to write it back (:meth:`replace`)."""

    def __init__(self, path: Path, command: str, data: bytes | None):
        self.path, self.command, self.data = path, command, data

    def replace(self, data: bytes) -> Path:
        """Write ``data`` in place of the file, atomically, if it still holds the bytes read
        and no office program has opened it meanwhile; else an :class:`EloError`, and the file
        is left as it is."""
        refuse_if_open(self.path, f"nothing was written: close it there, then run {self.command} again")
        if _current(self.path) != self.data:
            raise EloError(f"{self.path}: changed while {self.command} ran (saved by another program?); nothing was "
                           f"written: run {self.command} again")
        return write_atomically(self.path, data)


@contextlib.contextmanager
def hold(path: str | os.PathLike[str], command: str) -> Iterator[Held]:
    """Hold ``path`` for ``command``'s whole read–modify–write (see the module's text): refused
    when another elo-xl command holds it or LibreOffice or Excel has it open.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     book = Path(folder, "cup.xlsx")
    ...     with hold(book, "recalc"):
    ...         with hold(book, "pair"):
    ...             pass
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: ...cup.xlsx: elo-xl recalc (process ...) is writing into it; wait until it has finished, then run pair again
    """
    p = Path(path)
    refuse_if_open(p, "close it there first, or write elsewhere with -o")
    with terminate_as_interrupt(), _locked(p, command):
        yield Held(p, command, _current(p))


def _current(path: Path) -> bytes | None:
    """The file's bytes now, or None when there is none."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None


@contextlib.contextmanager
def _locked(path: Path, command: str) -> Iterator[None]:
    """elo-xl's own lock on ``path`` (:func:`lock_name`), for this process; removed on the way out."""
    lock = lock_name(path)
    for _ in range(20):  # another process may remove the lock file between our open and our lock
        try:
            descriptor = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise EloError(f"{path}: cannot make the lock file {lock.name} beside it "
                           f"({error.strerror or type(error).__name__})") from None
        if not _try_lock(descriptor):
            holder = _holder(descriptor)
            os.close(descriptor)
            raise EloError(f"{path}: elo-xl {holder} is writing into it; wait until it has finished, then run "
                           f"{command} again")
        if sys.platform == "win32" or _same_file(descriptor, lock):
            break
        os.close(descriptor)  # the file we locked was removed by its holder; lock the new one
    else:  # pragma: no cover - twenty holders in a row
        raise EloError(f"{path}: other elo-xl commands keep writing into it; run {command} again")
    try:
        os.ftruncate(descriptor, 0)
        os.write(descriptor, f"{command} (process {os.getpid()})\n".encode())
        yield
    finally:
        if sys.platform == "win32":  # pragma: no cover - an open file cannot be removed there
            os.close(descriptor)
            with contextlib.suppress(OSError):
                os.unlink(lock)
        else:
            with contextlib.suppress(OSError):
                os.unlink(lock)
            os.close(descriptor)


def _try_lock(descriptor: int) -> bool:
    """Take the lock without waiting; False when another process holds it."""
    if sys.platform == "win32":  # pragma: no cover - Windows only
        import msvcrt

        os.lseek(descriptor, 1 << 20, os.SEEK_SET)  # lock a byte past the text, which stays readable
        try:
            msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        finally:
            os.lseek(descriptor, 0, os.SEEK_SET)
        return True
    import fcntl

    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _same_file(descriptor: int, lock: Path) -> bool:
    """Whether the lock file's name still leads to the file we locked."""
    try:
        here = os.stat(lock)
    except OSError:
        return False
    mine = os.fstat(descriptor)
    return (here.st_dev, here.st_ino) == (mine.st_dev, mine.st_ino)


def _holder(descriptor: int) -> str:
    """What the holder wrote into the lock: ``pair (process 1234)``."""
    try:
        text = os.pread(descriptor, 200, 0) if hasattr(os, "pread") else os.read(descriptor, 200)
    except OSError:
        text = b""
    words = text.decode("utf-8", "replace").strip()
    return words if words and words.isprintable() else "another command"
