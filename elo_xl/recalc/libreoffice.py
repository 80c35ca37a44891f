"""The LibreOffice process driver: recalculate workbooks and export PDFs in headless LibreOffice.

openpyxl writes formulas without results. To know what a generated workbook computes, open
it in a real spreadsheet engine, recalculate every formula and save it again:

    with LibreOffice() as office:
        office.recalculate("book.xlsx", "book-values.xlsx")
        office.export_pdf("book.xlsx", "book.pdf")
    values = read_values("book-values.xlsx")      # {"Sheet": {"B7": 2504, ...}}

(:func:`~elo_xl.recalc.values.read_values` reads the values back; ending the ``soffice``
process group is :mod:`.processes`' job.)

:class:`LibreOffice` starts one ``soffice`` (with a private, temporary profile, listening on
a uniquely named pipe) and serves any number of files with it. LibreOffice's Python bridge
(``uno``, Debian's ``python3-uno``) is compiled for one interpreter, usually
``/usr/bin/python3``, not for the one running elo-xl; so this module never imports ``uno``:
a small worker script (``_uno_worker.py`` beside this file) runs under that interpreter,
connects to ``soffice`` and takes requests as JSON lines over a pipe.

Settings (environment variables):

- ``ELO_XL_UNO_PYTHON``: the Python that can ``import uno`` (default ``/usr/bin/python3``,
  then the ``python`` shipped in LibreOffice's ``program`` folder);
- ``ELO_XL_SOFFICE``: the ``soffice`` program (default: ``soffice`` or ``libreoffice`` on
  the ``PATH``, then the usual install folders on macOS and Windows).

``soffice`` always runs with ``LANG=C.UTF-8``: under another locale it formats and parses
numbers differently (``"a"&1.5`` gives ``a1,5``).

Two things to know about the values: LibreOffice stores numbers in ``.xlsx`` with 15
significant digits (``=0.1+0.2`` is saved as ``0.3``, ``=2^60`` as ``1.15292150460685E+018``),
so compare computed floats with that precision; and it saves its own errors (``Err:502``
and so on) as the nearest Excel error (``#VALUE!``, ``#NUM!``, ...).
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import queue
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import time
import uuid
import weakref
from pathlib import Path
from types import TracebackType
from typing import IO

from ..errors import EloError
from ..io import scratch
from ..io.paths import readable_file
from .processes import end_group, group_members, socket_files, stale_pipes
from .values import Values, whole_number

#: Environment variable naming the Python that can ``import uno``.
PYTHON_VARIABLE = "ELO_XL_UNO_PYTHON"
#: Environment variable naming the ``soffice`` program.
SOFFICE_VARIABLE = "ELO_XL_SOFFICE"
#: What to tell a user who has no LibreOffice.
NOT_INSTALLED = "LibreOffice is not installed: install libreoffice-calc-nogui and python3-uno"
#: What to tell a user whose LibreOffice has no Python bridge.
NO_BRIDGE = (
    "LibreOffice's Python bridge is missing: install python3-uno, or set "
    f"{PYTHON_VARIABLE} to a Python that can import uno"
)
#: Seconds one recalculation or export may take before LibreOffice is restarted.
REQUEST_TIMEOUT = 120.0
#: Seconds ``soffice`` may take to start and accept the worker's connection.
STARTUP_TIMEOUT = 60.0
#: The worker script, run by the uno-capable Python.
WORKER = Path(__file__).with_name("_uno_worker.py")
#: The guard script, run by this Python (see ``_guard.py``).
GUARD = Path(__file__).with_name("_guard.py")
#: The locale LibreOffice runs in.
LOCALE = "C.UTF-8"

_SOFFICE_PLACES = (
    "/Applications/LibreOffice.app/Contents/MacOS/soffice",
    r"C:\Program Files\LibreOffice\program\soffice.exe",
    r"C:\Program Files (x86)\LibreOffice\program\soffice.exe",
)


def find_soffice() -> str | None:
    """The ``soffice`` program to run, or ``None`` when LibreOffice is not installed."""
    configured = os.environ.get(SOFFICE_VARIABLE)
    if configured:
        return shutil.which(configured)
    for name in ("soffice", "libreoffice"):
        found = shutil.which(name)
        if found:
            return found
    return next((place for place in _SOFFICE_PLACES if os.path.isfile(place)), None)


def find_uno_python(soffice: str | None = None) -> str | None:
    """A Python interpreter that can ``import uno``, or ``None``.

    Tries ``$ELO_XL_UNO_PYTHON`` alone when it is set; else ``/usr/bin/python3``, then the
    ``python`` in the folder of *soffice* (LibreOffice's own, on Windows and macOS).
    """
    configured = os.environ.get(PYTHON_VARIABLE)
    soffice = soffice or find_soffice()
    if configured:
        candidates = [shutil.which(configured) or configured]
    else:
        candidates = ["/usr/bin/python3"]
        if soffice:
            program = Path(soffice).resolve().parent
            candidates += [str(program / "python"), str(program / "python.exe")]
    return next((c for c in candidates if _imports_uno(c, soffice or "")), None)


def available() -> bool:
    """Whether LibreOffice (``soffice``) and a Python with its ``uno`` bridge are installed."""
    soffice = find_soffice()
    return soffice is not None and find_uno_python(soffice) is not None


@functools.lru_cache(maxsize=None)
def _imports_uno(python: str, soffice: str) -> bool:
    """Whether *python* runs and can ``import uno`` (cached: it costs a process start)."""
    if not os.path.isfile(python):
        return False
    try:
        done = subprocess.run(
            [python, "-c", "import uno"], env=_worker_environment(soffice),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            timeout=60,
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def _worker_environment(soffice: str) -> dict[str, str]:
    """The environment of the worker: ours, in the C locale, without a foreign PYTHONHOME.

    LibreOffice's ``program`` folder goes last on ``PYTHONPATH``: that is where ``uno.py``
    lives in LibreOffice's own builds and on some distributions.
    """
    environment = dict(os.environ, LANG=LOCALE, LC_ALL=LOCALE, PYTHONIOENCODING="utf-8")
    environment.pop("PYTHONHOME", None)
    if soffice:
        paths = [p for p in environment.get("PYTHONPATH", "").split(os.pathsep) if p]
        environment["PYTHONPATH"] = os.pathsep.join(paths + [str(Path(soffice).resolve().parent)])
    return environment


def _soffice_environment(folder: Path) -> dict[str, str]:
    """The environment of ``soffice``: ours, in the C locale, its temporary files in *folder*
    (LibreOffice leaves its ``lu…tmp`` folders behind when it is killed: they go with
    *folder*).
    """
    temporary = folder / "tmp"
    temporary.mkdir(exist_ok=True)
    return dict(os.environ, LANG=LOCALE, LC_ALL=LOCALE, TMPDIR=str(temporary), TMP=str(temporary),
                TEMP=str(temporary))


class LibreOffice:
    """One headless LibreOffice that recalculates and exports any number of workbooks.

    Use it as a context manager: entering starts ``soffice`` and the UNO worker (about
    1.5 s), leaving stops both, with every child process, and deletes the temporary profile.
    A request that LibreOffice does not finish within *timeout* seconds, or during which it
    crashed, raises :class:`RuntimeError`; LibreOffice is then restarted for the next one.
    Problems the user can fix (LibreOffice missing, a file missing) raise
    :class:`~elo_xl.errors.EloError`. An instance serves one request at a time.

    >>> office = LibreOffice(timeout=30)
    >>> office.running, office.timeout
    (False, 30)
    """

    def __init__(
        self,
        *,
        timeout: float = REQUEST_TIMEOUT,
        startup_timeout: float = STARTUP_TIMEOUT,
        soffice: str | None = None,
        python: str | None = None,
    ) -> None:
        """Prepare (not start) a LibreOffice; *soffice* and *python* override the search."""
        self.timeout = timeout
        self.startup_timeout = startup_timeout
        self._soffice = soffice
        self._python = python
        self._session: _Session | None = None
        self._finalizer: weakref.finalize | None = None
        self._lock = threading.Lock()
        self._entered = False
        #: Seconds the last start took, from launching ``soffice`` to the worker's connection.
        self.startup_seconds: float | None = None
        #: How many times LibreOffice was started (more than 1 after a crash or a timeout).
        self.starts = 0

    def __enter__(self) -> LibreOffice:
        self.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        # Interrupted (Ctrl-C, a signal the command turned into KeyboardInterrupt, an alarm):
        # LibreOffice may be busy with the request, so it is stopped at once, not asked to quit.
        self.close(graceful=kind is None or issubclass(kind, Exception))

    def __repr__(self) -> str:
        state = f"pid {self._session.soffice.pid}" if self.running and self._session else "stopped"
        return f"<LibreOffice {state}>"

    @property
    def running(self) -> bool:
        """Whether ``soffice`` and the worker are up."""
        return self._session is not None and self._session.alive()

    @property
    def pids(self) -> list[int]:
        """Process ids of this LibreOffice: the launcher, ``soffice.bin``, the worker.

        On systems without ``/proc`` only the launcher's and the worker's are known.
        """
        return self._session.pids() if self._session else []

    def start(self) -> LibreOffice:
        """Start ``soffice`` and the worker (a no-op when they run). Returns ``self``."""
        with self._lock:
            self._entered = True
            if not self.running:
                self._start()
        return self

    def close(self, graceful: bool = True) -> None:
        """Stop the worker and ``soffice`` with all its children; remove the profile. Not
        *graceful*: end the processes without asking them to quit first (a few tenths of a
        second, where a busy LibreOffice may take seconds to quit)."""
        with self._lock:
            self._entered = False
            self._stop(graceful=graceful)

    def recalculate(self, src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> float:
        """Open *src*, recalculate every formula (``calculateAll``), save it as ``.xlsx`` to *dst*.

        *dst* is replaced atomically. Returns the seconds the request took.
        """
        return self._request("recalculate", src, dst)

    def export_pdf(self, src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> float:
        """Open *src*, recalculate every formula and print it to the PDF file *dst*.

        Returns the seconds the request took.
        """
        return self._request("pdf", src, dst)

    def values(self, src: str | os.PathLike[str]) -> Values:
        """Open *src*, recalculate every formula and return each formula cell's result:
        sheet title -> {"B7": value}, without saving anything (the fast way to a book's
        values: :func:`elo_xl.workbook.with_values` stores them in the book).

        Numbers come as ``int`` when whole, else ``float``; text as ``str`` (``""`` for the
        empty text); an error as its text (``"#DIV/0!"``, ``"Err:502"``). A logical result
        comes as 1 or 0: the bridge's blocks of values carry no type beyond number and text.
        """
        reply = self._send("values", src, None)
        found = reply.get("values")
        if not isinstance(found, dict):
            raise RuntimeError(f"LibreOffice sent no values for {src}")
        return {sheet: {cell: whole_number(value) for cell, value in cells.items()} for sheet, cells in found.items()}

    def _request(self, op: str, src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> float:
        target = Path(dst).resolve()
        if not target.parent.is_dir():
            raise EloError(f"{dst}: the folder {target.parent} does not exist")
        temporary = target.with_name(f".{target.name}.{uuid.uuid4().hex[:12]}.tmp")
        try:
            reply = self._send(op, src, temporary)
            os.replace(temporary, target)
        except BaseException:
            _remove(temporary)
            raise
        return float(reply["seconds"])

    def _send(self, op: str, src: str | os.PathLike[str], temporary: Path | None) -> dict[str, object]:
        """One request to the worker: its reply, with ``seconds`` the time it took here."""
        source = readable_file(src, what="the workbook to open").resolve()
        with self._lock:
            if not self._entered:
                raise RuntimeError("LibreOffice is not started: use `with LibreOffice() as office:`")
            if not self.running:
                self._stop(graceful=False)
                self._start()
            session = self._session
            assert session is not None
            request = {"op": op, "src": str(source)}
            if temporary is not None:
                request["dst"] = str(temporary)
            started = time.monotonic()
            try:
                reply = session.ask(request, self.timeout)
            except _Broken as problem:
                self._stop(graceful=False)
                raise RuntimeError(f"LibreOffice failed on {src}: {problem}; it will be restarted") from None
            seconds = time.monotonic() - started
            if not reply.get("ok"):
                message = str(reply.get("error", "unknown error"))
                if not session.alive():
                    self._stop(graceful=False)
                    raise RuntimeError(f"LibreOffice crashed on {src}: {message}")
                raise RuntimeError(f"LibreOffice failed on {src}: {message}")
            reply["seconds"] = seconds
            return reply

    def _start(self) -> None:
        soffice = self._soffice or find_soffice()
        if soffice is None:
            raise EloError(NOT_INSTALLED)
        python = self._python or find_uno_python(soffice)
        if python is None:
            raise EloError(NO_BRIDGE)
        started = time.monotonic()
        session = _Session(soffice, python, self.startup_timeout)
        self._session = session
        self._finalizer = weakref.finalize(self, session.stop, False)
        try:
            session.wait_ready(self.startup_timeout + 10)
        except BaseException:
            self._stop(graceful=False)
            raise
        self.startup_seconds = time.monotonic() - started
        self.starts += 1

    def _stop(self, graceful: bool) -> None:
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        if self._session is not None:
            session, self._session = self._session, None
            session.stop(graceful)


class _Broken(Exception):
    """The worker did not answer: it died, or the request timed out."""


class _Session:
    """The processes of one start: ``soffice`` (with its children) and the worker."""

    def __init__(self, soffice: str, python: str, startup_timeout: float) -> None:
        for stale in stale_pipes():  # left by an earlier run killed with its guard
            with contextlib.suppress(OSError):
                os.unlink(stale)
        self.folder = scratch.make("libreoffice")  # an earlier run's folders removed first
        self.pipe_name = f"elo_xl_{os.getpid()}_{uuid.uuid4().hex[:16]}"
        self.stopped = False
        self.sockets: list[str] = []
        self.soffice: subprocess.Popen[bytes] | None = None
        self.worker: subprocess.Popen[bytes] | None = None
        self.guard: Guard | None = None
        self.reader: threading.Thread | None = None
        self.replies: queue.Queue[str | None] = queue.Queue()
        self.soffice_log = open(self.folder / "soffice.log", "wb")
        self.worker_log = open(self.folder / "worker.log", "wb")
        profile = (self.folder / "profile").as_uri()
        try:
            # The guard first: from here on, a kill of this process leaves nothing behind.
            self.guard = Guard.start(self.folder)
            # A new session (process group) per soffice: stopping it reaches soffice.bin,
            # which the launcher (oosplash) forks; a Ctrl-C in a terminal does not hit it.
            self.soffice = subprocess.Popen(
                [
                    soffice, "--headless", "--invisible", "--nologo", "--norestore", "--nodefault",
                    "--nolockcheck", f"-env:UserInstallation={profile}",
                    f"--accept=pipe,name={self.pipe_name};urp;StarOffice.ComponentContext",
                ],
                env=_soffice_environment(self.folder), stdin=subprocess.DEVNULL,
                stdout=self.soffice_log, stderr=subprocess.STDOUT, start_new_session=True,
                cwd=self.folder,
            )
            self.guard.watch("group", self.soffice.pid)
            self.worker = subprocess.Popen(
                [python, str(WORKER), self.pipe_name, str(startup_timeout)],
                env=_worker_environment(soffice), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=self.worker_log, start_new_session=True, cwd=self.folder,
            )
            self.guard.watch("group", self.worker.pid)
        except BaseException:
            self.stop(graceful=False)
            raise
        self.reader = threading.Thread(
            target=_read_lines, args=(self.worker.stdout, self.replies), daemon=True
        )
        self.reader.start()

    def alive(self) -> bool:
        """Whether both processes are running."""
        return (
            not self.stopped
            and self.soffice is not None and self.soffice.poll() is None
            and self.worker is not None and self.worker.poll() is None
        )

    def pids(self) -> list[int]:
        """The launcher, everything in its process group, the worker and the guard."""
        if self.soffice is None or self.worker is None:
            return []
        found = [self.soffice.pid, *group_members(self.soffice.pid), self.worker.pid]
        if self.guard is not None and self.guard.process is not None:
            found.append(self.guard.process.pid)
        return list(dict.fromkeys(found))

    def wait_ready(self, timeout: float) -> None:
        """Wait for the worker's first line: connected, or why not."""
        try:
            reply = self._reply(timeout, "start")
        except _Broken as problem:
            raise RuntimeError(f"LibreOffice did not start: {problem}") from None
        if not reply.get("ready"):
            raise RuntimeError(f"LibreOffice did not start: {reply.get('error')}{self._log_tail()}")
        # soffice's pipes are socket files in /tmp that it removes only when it quits
        # normally: note them now, to remove them after a crash or a kill.
        self.sockets = socket_files(self.pids())
        if self.guard is not None:
            for socket_file in self.sockets:
                self.guard.watch("path", socket_file)

    def ask(self, request: dict[str, str], timeout: float) -> dict[str, object]:
        """Send one request and wait for its answer."""
        assert self.worker is not None and self.worker.stdin is not None
        try:
            self.worker.stdin.write((json.dumps(request) + "\n").encode("utf-8"))
            self.worker.stdin.flush()
        except OSError:
            raise _Broken("the UNO worker has stopped" + self._log_tail()) from None
        return self._reply(timeout, "the request")

    def _reply(self, timeout: float, what: str) -> dict[str, object]:
        assert self.soffice is not None and self.worker is not None
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.replies.get(timeout=min(0.5, max(0.0, deadline - time.monotonic())))
            except queue.Empty:
                if self.soffice.poll() is not None:
                    raise _Broken(f"soffice exited with status {self.soffice.returncode}"
                                  + self._log_tail()) from None
                if time.monotonic() >= deadline:
                    raise _Broken(f"{what} took more than {timeout:g} s") from None
                continue
            if line is None:
                self.worker.wait()
                raise _Broken(f"the UNO worker exited with status {self.worker.returncode}"
                              + self._log_tail())
            try:
                reply = json.loads(line)
            except ValueError:
                continue  # not a protocol line: ignore it
            if isinstance(reply, dict):
                return reply

    def _log_tail(self) -> str:
        """The last line the worker or soffice wrote to stderr, as `` (...)`` or nothing."""
        for log in (self.worker_log, self.soffice_log):
            try:
                log.flush()
                lines = Path(log.name).read_text("utf-8", "replace").strip().splitlines()
            except (OSError, ValueError):
                continue
            lines = [line for line in lines if "javaldx" not in line]
            if lines:
                return f" ({lines[-1].strip()})"
        return ""

    def stop(self, graceful: bool) -> None:
        """End the worker and soffice (politely first if *graceful*) and clean up. Idempotent."""
        if self.stopped:
            return
        self.stopped = True
        worker, soffice = self.worker, self.soffice
        # the pipes soffice listens on, also when it was stopped before they were noted
        self.sockets = sorted(set(self.sockets) | set(socket_files(self.pids())))
        if worker is not None:
            if graceful and worker.poll() is None:
                try:
                    assert worker.stdin is not None
                    worker.stdin.write(b'{"op": "quit"}\n')
                    worker.stdin.flush()
                except OSError:
                    pass
            # Without a quit, the end of its input also makes the worker stop soffice.
            _close(worker.stdin)
            if graceful:  # else it may be busy with a request: it is killed after soffice
                try:
                    worker.wait(10)
                except subprocess.TimeoutExpired:
                    pass
        if soffice is not None:
            if graceful:
                # The worker asked soffice to terminate: give it a moment to exit by itself.
                try:
                    soffice.wait(10)
                except subprocess.TimeoutExpired:
                    pass
            end_group(soffice)
        if worker is not None:
            if worker.poll() is None:
                worker.kill()
            worker.wait()
            if self.reader is not None:
                self.reader.join(5)
            _close(worker.stdout)
        self.soffice_log.close()
        self.worker_log.close()
        shutil.rmtree(self.folder, ignore_errors=True)
        for socket_file in self.sockets:
            try:
                if stat.S_ISSOCK(os.lstat(socket_file).st_mode):
                    os.unlink(socket_file)
            except OSError:
                pass
        if self.guard is not None:
            self.guard.release()


class Guard:
    """The guard of a session (``_guard.py``, a process of its own): told what to end and
    remove, it does so if this process dies first, and exits quietly once released
    (:meth:`release`).
    Without a usable interpreter or on Windows there is none (:meth:`start` returns a guard
    that watches nothing).

    >>> nobody = Guard(None)
    >>> nobody.watch("group", 4711); nobody.release(); nobody.process is None
    True
    """

    def __init__(self, process: subprocess.Popen[bytes] | None) -> None:
        self.process = process

    @classmethod
    def start(cls, folder: Path) -> Guard:
        """A guard of this process that removes *folder* when it dies."""
        if os.name != "posix" or not sys.executable:
            return cls(None)
        try:
            process = subprocess.Popen(
                [sys.executable, "-I", "-S", str(GUARD), str(os.getpid()), tempfile.gettempdir()],
                stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                start_new_session=True, cwd="/",
            )
        except OSError:
            return cls(None)
        guard = cls(process)
        guard.watch("path", folder)
        return guard

    def watch(self, what: str, value: object) -> None:
        """One line to the guard: ``group PID`` to end, ``path P`` to remove."""
        self._say(f"{what} {value}\n")

    def release(self) -> None:
        """Everything is cleaned up: the guard exits without doing anything (and is reaped)."""
        if self.process is None:
            return
        self._say("done\n")
        _close(self.process.stdin)
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def _say(self, line: str) -> None:
        if self.process is None or self.process.stdin is None:
            return
        try:
            self.process.stdin.write(line.encode("utf-8", "surrogateescape"))
            self.process.stdin.flush()
        except (OSError, ValueError):
            pass


def _read_lines(stream: IO[bytes] | None, lines: queue.Queue[str | None]) -> None:
    """Move the worker's output lines into *lines*; ``None`` marks the end."""
    try:
        if stream is not None:
            for raw in stream:
                lines.put(raw.decode("utf-8", "replace"))
    except (OSError, ValueError):
        pass
    finally:
        lines.put(None)


def _close(stream: IO[bytes] | None) -> None:
    try:
        if stream is not None:
            stream.close()
    except OSError:
        pass


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass
