"""A folder of files written all or none, even when the process is killed.

``elo-xl workbook all``, ``demo`` and ``lite`` write several files into one folder. Writing
them one by one leaves some new and some old when the process is killed half-way (SIGKILL
runs no clean-up). :func:`write_folder` instead builds the folder's new state in a hidden
folder beside it (``.NAME.elo-xl-PID-….tmp``): the files the command writes, and a hard link
to every other file already in the folder (so the user's own files stay, and nothing is
copied). Then one rename puts the new folder in place: an atomic exchange where the system
has one (Linux ``renameat2``), else two renames. A kill leaves the old folder or the complete
new one; a hidden folder it leaves beside it is removed by the next run that writes there
(or, when a kill fell between the two renames, put back as the folder).

A folder that cannot be swapped that way (it holds sub-folders or links, it is the working
folder or holds it, it is a mount point, or no folder can be made beside it) is written file
by file as before (:class:`elo_xl.io.paths.Outputs`): each file atomic, all removed again
on an error.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as parent:
...     folder = Path(parent) / "books"
...     folder.mkdir()
...     _ = (folder / "notes.txt").write_text("mine")
...     paths = write_folder(folder, {"a.xlsx": b"A", "b.xlsx": b"B"})
...     sorted(p.name for p in folder.iterdir()), sorted(p.name for p in Path(parent).iterdir())
(['a.xlsx', 'b.xlsx', 'notes.txt'], ['books'])
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import shutil
import stat
import tempfile
from pathlib import Path

from ..errors import EloError
from .atomic import FILE_MODE, is_stale, mark, terminate_as_interrupt
from .paths import Outputs, make_folders, reason

__all__ = ["write_folder", "clean_stale_folders"]

#: The second name of the two-rename swap: the old folder, moved aside.
OLD = "old"


def write_folder(folder: str | os.PathLike[str], files: dict[str, bytes]) -> list[Path]:
    """Write ``files`` (name → bytes) into ``folder`` all or none, also when killed (see the
    module); other files in the folder are kept. Returns the paths written, in order."""
    folder = Path(folder)
    parent = folder.absolute().parent
    clean_stale_folders(parent, folder.name)
    if not _swappable(folder):
        return _one_by_one(folder, files)
    made = make_folders(parent)
    try:
        staging = Path(tempfile.mkdtemp(dir=parent, prefix=f".{folder.name}.{mark()}", suffix=".tmp"))
    except OSError:
        for m in reversed(made):
            with contextlib.suppress(OSError):
                m.rmdir()
        return _one_by_one(folder, files)
    try:
        with terminate_as_interrupt():
            _fill(staging, folder, files)
            _put_in_place(staging, folder, files)
    except _CannotSwap:  # the old folder cannot be moved (open in another program, on some systems)
        shutil.rmtree(staging, ignore_errors=True)
        return _one_by_one(folder, files)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        for m in reversed(made):
            with contextlib.suppress(OSError):
                m.rmdir()
        raise
    return [folder / name for name in files]


class _CannotSwap(Exception):
    """The old folder could not be moved aside; nothing was changed."""


def _one_by_one(folder: Path, files: dict[str, bytes]) -> list[Path]:
    outputs = Outputs()
    for name, data in files.items():
        outputs.add(folder / name, data)
    return outputs.commit()


def _swappable(folder: Path) -> bool:
    """Whether ``folder`` can be replaced by a rename: new, or a plain folder of plain files
    that is neither a mount point nor the working folder (or one above it)."""
    if not folder.exists() and not folder.is_symlink():
        return True
    if folder.is_symlink() or not folder.is_dir() or os.path.ismount(folder):
        return False
    here, there = Path.cwd().resolve(), folder.resolve()
    if here == there or there in here.parents:
        return False
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return False
    return all(entry.is_file(follow_symlinks=False) for entry in entries)


def _fill(staging: Path, folder: Path, files: dict[str, bytes]) -> None:
    """The folder's new state in ``staging``: links to the files kept, the new files written."""
    modes = {}
    if folder.exists():
        os.chmod(staging, stat.S_IMODE(folder.stat().st_mode))
        for entry in os.scandir(folder):
            if entry.name in files:
                modes[entry.name] = stat.S_IMODE(entry.stat(follow_symlinks=False).st_mode)
                continue
            try:
                os.link(entry.path, staging / entry.name)
            except OSError:  # a file system without hard links: a copy keeps the file all the same
                shutil.copy2(entry.path, staging / entry.name)
    else:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(staging, 0o777 & ~umask)
    for name, data in files.items():
        path = staging / name
        try:
            with open(path, "wb") as file:
                file.write(data)
                file.flush()
                os.fsync(file.fileno())
            os.chmod(path, modes.get(name, FILE_MODE))
        except OSError as error:
            raise EloError(f"{folder / name}: cannot write ({reason(error)}); nothing was written in {folder}") \
                from None
    _sync_folder(staging)


def _put_in_place(staging: Path, folder: Path, files: dict[str, bytes]) -> None:
    """Rename ``staging`` to ``folder``: an exchange (or two renames) when it exists."""
    if not folder.exists():
        try:
            os.rename(staging, folder)
        except OSError as error:
            raise EloError(f"{folder}: cannot make the folder ({reason(error)}); nothing was written") from None
        _sync_folder(folder.absolute().parent)
        return
    if not _exchange(staging, folder):
        aside = staging.with_name(staging.name[: -len(".tmp")] + f"-{OLD}.tmp")
        try:
            os.rename(folder, aside)
        except OSError:
            raise _CannotSwap from None
        try:
            os.rename(staging, folder)
        except BaseException:
            os.rename(aside, folder)
            raise
        staging = aside
    _sync_folder(folder.absolute().parent)
    for entry in os.scandir(staging):  # a file added to the old folder meanwhile moves over
        if entry.name not in files and not (folder / entry.name).exists():
            with contextlib.suppress(OSError):
                os.rename(entry.path, folder / entry.name)
    shutil.rmtree(staging, ignore_errors=True)


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders in one atomic step (Linux ``renameat2``); False where unavailable."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    result = renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    return result == 0


def _sync_folder(folder: Path) -> None:
    """Make a folder's entries durable (where the system allows opening a folder)."""
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def clean_stale_folders(parent: Path, name: str) -> None:
    """Remove the hidden folders a killed run left beside ``parent / name``; put back the old
    folder a kill left aside between the two renames of a swap when ``name`` is missing."""
    try:
        entries = [e for e in os.scandir(parent) if e.name.startswith(f".{name}.") and e.name.endswith(".tmp")]
    except OSError:
        return
    for entry in entries:
        if not entry.is_dir(follow_symlinks=False) or not is_stale(entry.name[len(name) + 2:]):
            continue
        target = parent / name
        if entry.name.endswith(f"-{OLD}.tmp") and not target.exists():
            with contextlib.suppress(OSError):
                os.rename(entry.path, target)
                continue
        shutil.rmtree(entry.path, ignore_errors=True)
