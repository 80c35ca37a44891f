"""A killed ``elo-xl recalc`` (issue 30, item B): started as a process of its own on a generated
book, it is killed with SIGTERM, SIGINT, SIGHUP or SIGKILL while LibreOffice computes. Within a
few seconds no process of that run may be left (the command, the ``soffice`` launcher,
``soffice.bin``, the UNO worker, the guard), nor any of its temporary files (the copy of the
book, LibreOffice's profile and temporary files, the socket files of its pipes); the book is
untouched. SIGTERM, SIGINT and SIGHUP end it with one line on standard error and the shells'
exit codes (143, 130, 129).

The run's processes are found in ``/proc`` by a mark in their environment that only this test
gives (every process of the run inherits it), and the sockets they listen on from
``/proc/net/unix``, read here, not through elo-xl's own helpers. The run's temporary folder
(``TMPDIR``) is the test's own.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from ci import as_from_a_terminal

from ci import missing
from elo_xl.cli import main
from elo_xl.recalc import libreoffice

pytestmark = [pytest.mark.office,
              pytest.mark.skipif(not Path("/proc/net/unix").exists(), reason="the test reads /proc")]

MARK = "ELO_XL_TEST_RUN"
#: (signal, exit code as subprocess reports it, standard error)
KILLS = [
    ("SIGTERM", 143, "elo-xl: interrupted (SIGTERM); nothing was written\n"),
    ("SIGINT", 130, "elo-xl: interrupted; nothing was written\n"),
    ("SIGHUP", 129, "elo-xl: interrupted (SIGHUP); nothing was written\n"),
    ("SIGKILL", -9, ""),
]
#: Seconds a kill's clean-up may take ("a few seconds"; it takes well under one).
CLEAN_UP = 8.0


@pytest.fixture(scope="module")
def book(tmp_path_factory) -> bytes:
    """A 150-player, 9-round Swiss book: LibreOffice takes seconds over it, time to kill it."""
    if not libreoffice.available():
        missing(libreoffice.NOT_INSTALLED)
    path = tmp_path_factory.mktemp("kills") / "book.xlsx"
    assert main(["workbook", "swiss", "--players", "150", "--rounds", "9", "-o", str(path)]) == 0
    return path.read_bytes()


def command() -> list[str]:
    """The console script beside this Python, else the module."""
    script = Path(sys.executable).with_name("elo-xl")
    return [str(script)] if script.exists() else [sys.executable, "-m", "elo_xl.cli"]


def marked(mark: str) -> dict[int, str]:
    """The live processes whose environment holds ``MARK=mark``: pid → name."""
    found = {}
    wanted = f"{MARK}={mark}".encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as file:
                if wanted not in file.read().split(b"\0"):
                    continue
            with open(f"/proc/{entry}/stat", "rb") as file:
                fields = file.read().rpartition(b")")[2].split()
            with open(f"/proc/{entry}/comm", encoding="utf-8") as file:
                name = file.read().strip()
        except OSError:
            continue
        if fields and fields[0] != b"Z":
            found[int(entry)] = name
    return found


def sockets_of(pids) -> set[str]:
    """The paths of the Unix sockets the processes hold open."""
    inodes = set()
    for pid in pids:
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
                if target.startswith("socket:["):
                    inodes.add(target[8:-1])
        except OSError:
            continue
    with open("/proc/net/unix", encoding="utf-8", errors="replace") as table:
        rows = [line.split() for line in table.read().splitlines()[1:]]
    return {row[7] for row in rows if len(row) >= 8 and row[6] in inodes and row[7].startswith("/")}


def wait_for(condition, seconds: float) -> float:
    started = time.monotonic()
    while not condition() and time.monotonic() - started < seconds:
        time.sleep(0.02)
    return time.monotonic() - started


def start(book: bytes, tmp_path: Path) -> tuple[subprocess.Popen, str, Path, Path]:
    mark = uuid.uuid4().hex
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    path = tmp_path / "book.xlsx"
    path.write_bytes(book)
    run = subprocess.Popen([*command(), "recalc", str(path)], cwd=tmp_path, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, env=dict(os.environ, TMPDIR=str(temporary), **{MARK: mark}),
                           preexec_fn=as_from_a_terminal)
    return run, mark, temporary, path


def end(mark: str, run: subprocess.Popen) -> None:
    """Whatever the test found, end the processes of its run."""
    for pid in marked(mark):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    if run.poll() is None:
        run.kill()
    run.communicate()


@pytest.mark.parametrize("name, code, stderr", KILLS)
def test_a_killed_recalc_leaves_no_process_and_no_file(book, tmp_path, name, code, stderr):
    run, mark, temporary, path = start(book, tmp_path)
    try:
        # LibreOffice listens on its pipe (the worker connects through it): it is at work on the book
        listening = wait_for(lambda: any("elo_xl_" in s for s in sockets_of(marked(mark))), 90)
        assert listening < 90, "LibreOffice did not start"
        time.sleep(0.3)
        before = marked(mark)
        sockets = sockets_of(before)
        assert run.poll() is None, "the recalculation ended before it could be killed"
        assert {"soffice.bin", "oosplash"} <= set(before.values()) and run.pid in before
        assert sum(1 for n in before.values() if n.startswith("python")) >= 2  # the UNO worker and the guard
        assert len(sockets) >= 2  # its pipe, and the one a second soffice would find it by
        run.send_signal(getattr(signal, name))
        out, err = run.communicate(timeout=30)
        seconds = wait_for(lambda: not marked(mark), CLEAN_UP)
        assert marked(mark) == {}
        assert seconds < CLEAN_UP
        assert (run.returncode, out, err) == (code, "", stderr)
        assert sorted(os.listdir(temporary)) == []
        assert [s for s in sockets if os.path.exists(s)] == []
        assert path.read_bytes() == book
        # beside the book: nothing but, after a SIGKILL, the lock a command holds the book by, which
        # the system released and the next command takes (elo_xl.io.hold)
        beside = sorted(p.name for p in tmp_path.iterdir())
        assert beside == ["book.xlsx", "tmp"] or name == "SIGKILL" and beside == [".~elo-xl.book.xlsx#", "book.xlsx", "tmp"]
    finally:
        end(mark, run)


def test_the_next_run_removes_what_a_run_killed_with_its_guard_left(book, tmp_path):
    """A run killed together with its guard (the whole machine's processes, say) leaves its
    folders in the temporary folder and a socket file in /tmp; the next run removes them, as
    their process is gone."""
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    stale = [temporary / f"elo-xl-{gone.pid}-libreoffice-x", temporary / f"elo-xl-{gone.pid}-book-y"]
    for folder in stale:
        (folder / "profile").mkdir(parents=True)
    pipe = Path(f"/tmp/OSL_PIPE_{os.getuid()}_elo_xl_{gone.pid}_0123456789abcdef")
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(str(pipe))
    listener.close()  # the file stays, nobody listens on it
    small = tmp_path / "small.xlsx"
    try:
        assert main(["workbook", "player", "--games", "3", "-o", str(small)]) == 0
        done = subprocess.run([*command(), "recalc", str(small)], cwd=tmp_path, capture_output=True, text=True,
                              env=dict(os.environ, TMPDIR=str(temporary)), timeout=300)
        assert done.returncode == 0, done.stderr
        assert sorted(os.listdir(temporary)) == [] and not pipe.exists()
    finally:
        if pipe.exists():
            pipe.unlink()
