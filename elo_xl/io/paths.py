"""The files a command reads and writes, checked before it starts and written all or none.

A command first checks every path it will use (:func:`readable_file`, :func:`writable_file`,
:func:`writable_folder`), so that a wrong path is one clear line before anything is printed
or computed; then it writes its files together with :class:`Outputs`, which removes what it
wrote (and the folders it made) when any of them fails.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     out = Outputs()
...     _ = out.add(Path(folder) / "new" / "a.txt", b"a")
...     [p.name for p in out.commit()], sorted(p.name for p in Path(folder, "new").iterdir())
(['a.txt'], ['a.txt'])
>>> writable_file(".")
Traceback (most recent call last):
...
elo_xl.errors.EloError: .: is a folder; give the name of the file to write
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ..errors import EloError
from . import atomic
from .atomic import check_target


def reason(error: OSError) -> str:
    """The operating system's words for an error, e.g. ``Permission denied``."""
    return error.strerror or type(error).__name__


def readable_file(path: str | os.PathLike[str], option: str = "", what: str = "the file to read") -> Path:
    """``path`` if it is a file that can be read; else an :class:`EloError` naming it.

    ``option`` (e.g. ``--k-file``) starts the message when the path came with one; ``what``
    names the file wanted when a folder was given.

    >>> readable_file("no-such-file.trf", "--from")
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: --from: no-such-file.trf: no such file
    """
    where = f"{option}: " if option else ""
    p = Path(path)
    if p.is_dir():
        raise EloError(f"{where}{p}: is a folder; give {what}")
    if not p.exists():
        raise EloError(f"{where}{p}: no such file")
    if not p.is_file():
        raise EloError(f"{where}{p}: is not a regular file (a device or a pipe); give a file to read")
    try:
        with open(p, "rb") as file:
            file.read(1)
    except OSError as error:
        raise EloError(f"{where}{p}: cannot be read ({reason(error)})") from None
    return p


def writable_file(path: str | os.PathLike[str]) -> Path:
    """``path`` if a file can be written there (its folder exists and takes new files).

    An existing regular file may be replaced; a folder, a device or a missing folder is an
    :class:`EloError`. Nothing is left on disk by the check.
    """
    p = Path(path)
    check_target(p)
    _probe(p.parent, p)
    return p


def not_an_input(output: str | os.PathLike[str], *inputs: str | os.PathLike[str] | None) -> None:
    """Refuse an output that is one of the command's inputs (it would be overwritten).

    >>> not_an_input("a.trf", "b.trf", None)
    """
    out = Path(output)
    if not out.exists():
        return
    for given in inputs:
        if given is not None and Path(given).exists() and os.path.samefile(out, given):
            raise EloError(f"{out}: is also the file read; give another name for the output")


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether two paths name one existing file (through links and ``..`` too).

    >>> same_file("pyproject.toml", "./pyproject.toml"), same_file("pyproject.toml", "no-such-file")
    (True, False)
    """
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def writable_folder(path: str | os.PathLike[str]) -> Path:
    """``path`` if it is a folder that takes new files, or can be made one.

    An existing file is an :class:`EloError`; so is a folder (or the nearest existing
    folder above a new one) where files cannot be created. Nothing is left on disk.
    """
    p = Path(path)
    if p.exists() and not p.is_dir():
        raise EloError(f"{p}: is a file; give a folder to write into")
    existing = p
    while not existing.exists():
        if existing.parent == existing:
            break
        existing = existing.parent
    if existing.exists() and not existing.is_dir():
        raise EloError(f"{p}: {existing} is a file, not a folder")
    _probe(existing, p)
    return p


def _probe(folder: Path, target: Path) -> None:
    """Create and remove a file in ``folder``: the one sure test that writing works there
    (permissions, read-only mounts, system folders, whoever runs the command)."""
    atomic.clean_stale(folder, "elo-xl-probe")
    try:
        descriptor, name = tempfile.mkstemp(dir=folder, prefix=f".elo-xl-probe.{atomic.mark()}", suffix=".tmp")
    except OSError as error:
        raise EloError(f"{target}: cannot write in {folder} ({reason(error)})") from None
    os.close(descriptor)
    os.unlink(name)


class Outputs:
    """Files to write together: every one of them, or (on any failure) none that was new.

    Each file is written atomically; folders are made as needed. When one write fails the
    files written before it that did not exist are removed, and so are the folders made;
    a file that existed and was already replaced keeps its new content, and the error says
    which ones.
    """

    def __init__(self) -> None:
        self.files: list[tuple[Path, bytes]] = []

    def add(self, path: str | os.PathLike[str], data: bytes) -> Path:
        """Add one file to write; returns its path."""
        p = Path(path)
        self.files.append((p, data))
        return p

    def commit(self) -> list[Path]:
        """Write every file added, in order; returns their paths. A file LibreOffice or Excel
        has open is refused before anything is written (:func:`elo_xl.io.hold.refuse_if_open`):
        that program's next save would undo it."""
        from .hold import refuse_if_open

        for path, _ in self.files:
            refuse_if_open(path, "close it there first, or write elsewhere with -o")
        made: list[Path] = []
        written: list[Path] = []
        replaced: list[Path] = []
        try:
            for path, data in self.files:
                made.extend(make_folders(path.parent))
                existed = path.exists()
                atomic.write_atomically(path, data)
                (replaced if existed else written).append(path)
        except BaseException as error:
            for path in reversed(written):
                path.unlink(missing_ok=True)
            for folder in reversed(made):
                try:
                    folder.rmdir()
                except OSError:
                    pass
            if replaced and isinstance(error, (EloError, OSError)):  # say what stays written
                text = str(error) if isinstance(error, EloError) else f"{error.filename}: {reason(error)}"
                raise EloError(f"{text}; already replaced before it: {', '.join(map(str, replaced))}") from None
            raise
        return [path for path, _ in self.files]


def make_folders(folder: Path) -> list[Path]:
    """Make ``folder`` and any missing parents; returns those made, outermost first (removed
    again if one cannot be made).

    >>> import tempfile
    >>> root = Path(tempfile.mkdtemp())
    >>> [p.name for p in make_folders(root / "a" / "b")], make_folders(root / "a")
    (['a', 'b'], [])
    """
    missing = []
    while not folder.exists():
        missing.append(folder)
        if folder.parent == folder:
            break
        folder = folder.parent
    made = []
    for p in reversed(missing):
        try:
            p.mkdir()
        except OSError as error:
            for m in reversed(made):
                m.rmdir()
            raise EloError(f"{p}: cannot make the folder ({reason(error)})") from None
        made.append(p)
    return made
