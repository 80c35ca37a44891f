"""One writer at a time, never a stale write (:mod:`elo_xl.io.hold`): the lock, the check of
the bytes read, the office programs' lock files, and what a kill leaves."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ci import as_from_a_terminal

from elo_xl.errors import EloError
from elo_xl.io.hold import hold, lock_name

#: A process that holds a file until its standard input closes; it prints "held" once it holds it.
HOLDER = """
import sys, time
from elo_xl.io.hold import hold
with hold(sys.argv[1], sys.argv[2]) as held:
    print("held", flush=True)
    sys.stdin.read()
"""


def holder(path: Path, command: str = "pair") -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-c", HOLDER, str(path), command], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    assert process.stdout.readline() == "held\n"
    return process


def test_a_second_writer_is_refused_naming_the_first(tmp_path):
    path = tmp_path / "cup.xlsx"
    path.write_bytes(b"book")
    first = holder(path, "recalc")
    try:
        with pytest.raises(EloError) as refused:
            with hold(path, "pair"):
                pass
        assert str(refused.value) == (f"{path}: elo-xl recalc (process {first.pid}) is writing into it; wait until "
                                      "it has finished, then run pair again")
    finally:
        first.communicate("")
    assert first.returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cup.xlsx"]  # the lock went with its holder
    with hold(path, "pair") as held:  # and the file is free again
        assert held.data == b"book"


def test_a_lock_left_by_a_killed_holder_is_taken_and_removed(tmp_path):
    path = tmp_path / "cup.trf"
    path.write_bytes(b"012 Cup")
    first = holder(path)
    first.kill()  # SIGKILL: no clean-up runs; the system releases the lock, the file stays
    first.wait()
    assert lock_name(path).exists()
    with hold(path, "pair") as held:
        held.replace(b"012 Cup, round 5")
    assert path.read_bytes() == b"012 Cup, round 5"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cup.trf"]


def test_a_file_changed_meanwhile_is_not_written_over(tmp_path):
    """A program that knows nothing of elo-xl's lock (a spreadsheet saving) wrote the file
    between the read and the write: the write is refused and the other program's file stays."""
    path = tmp_path / "cup.xlsx"
    path.write_bytes(b"as read")
    with pytest.raises(EloError) as refused:
        with hold(path, "pair") as held:
            path.write_bytes(b"saved by someone else")
            held.replace(b"as read, round 5")
    assert str(refused.value) == (f"{path}: changed while pair ran (saved by another program?); nothing was "
                                  "written: run pair again")
    assert path.read_bytes() == b"saved by someone else"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cup.xlsx"]


def test_a_file_removed_meanwhile_is_not_made_again(tmp_path):
    path = tmp_path / "cup.xlsx"
    path.write_bytes(b"as read")
    with pytest.raises(EloError, match="changed while recalc ran"):
        with hold(path, "recalc") as held:
            path.unlink()
            held.replace(b"new")
    assert not path.exists()


@pytest.mark.parametrize("lock,program", [(".~lock.cup.xlsx#", "LibreOffice by Ann"), ("~$cup.xlsx", "Excel")])
def test_a_file_an_office_program_opens_meanwhile_is_not_written(tmp_path, lock, program):
    path = tmp_path / "cup.xlsx"
    path.write_bytes(b"as read")
    with pytest.raises(EloError) as refused:
        with hold(path, "functions") as held:
            (tmp_path / lock).write_text("Ann,host,host,06.12.2026 10:00,file;", encoding="utf-8")
            held.replace(b"new")
    assert str(refused.value) == (f"{path}: is open in {program} ({lock} beside it), whose next save would undo "
                                  "what elo-xl writes; nothing was written: close it there, then run functions again")
    assert path.read_bytes() == b"as read"


def test_a_file_open_in_an_office_program_is_refused_before_anything(tmp_path):
    path = tmp_path / "cup.xlsx"
    path.write_bytes(b"as read")
    (tmp_path / ".~lock.cup.xlsx#").write_text("Ann,host", encoding="utf-8")
    with pytest.raises(EloError, match="is open in LibreOffice by Ann"):
        with hold(path, "pair"):
            raise AssertionError("the hold was given")
    assert not lock_name(path).exists()


@pytest.mark.parametrize("kind", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_signal_ends_the_hold_and_leaves_nothing(tmp_path, kind):
    """SIGTERM and SIGHUP end a command as Ctrl-C does: the lock and the temporary file go."""
    path = tmp_path / "cup.trf"
    path.write_bytes(b"012 Cup")
    script = HOLDER.replace('sys.stdin.read()', 'time.sleep(60)')
    process = subprocess.Popen([sys.executable, "-c", script, str(path), "pair"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, preexec_fn=as_from_a_terminal)
    assert process.stdout.readline() == "held\n"
    process.send_signal(kind)
    _, err = process.communicate(timeout=20)
    # raised inside the hold, as Ctrl-C is: a KeyboardInterrupt that names the signal
    assert err.strip().splitlines()[-1] == f"elo_xl.io.atomic.Interrupted: {kind.name}"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cup.trf"]
    assert path.read_bytes() == b"012 Cup"


def test_a_new_file_is_held_too(tmp_path):
    path = tmp_path / "new.trf"
    with hold(path, "pair") as held:
        assert held.data is None
        held.replace(b"012 New")
    assert path.read_bytes() == b"012 New"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.trf"]


def test_the_pid_check_does_not_end_a_process(tmp_path):
    """A lock's or a temporary file's owner is looked up, never signalled (on Windows
    ``os.kill(pid, 0)`` ends the process): the owner still runs afterwards."""
    from elo_xl.io.atomic import process_alive

    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        assert process_alive(sleeper.pid)
        time.sleep(0.1)
        assert sleeper.poll() is None
    finally:
        sleeper.kill()
        sleeper.wait()
    assert not process_alive(sleeper.pid)
