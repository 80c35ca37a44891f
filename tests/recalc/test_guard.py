"""The guard of a LibreOffice session (``elo_xl/recalc/_guard.py``), without LibreOffice: an
owner process starts a guard and a process group of its own (a shell and two ``sleep``, as the
``soffice`` launcher and the ``soffice.bin`` it forks), and dies by SIGKILL. The guard must end
the group and remove the owner's folders and files within a few seconds; released, it must
leave everything alone. The processes are found in ``/proc``; the test ends what it started."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from elo_xl.recalc.processes import group_members, is_live

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="the guard's test reads /proc")

OWNER = r"""
import json, os, subprocess, sys, time
from elo_xl.io import scratch
from elo_xl.recalc.libreoffice import Guard

profile, book = scratch.make("libreoffice"), scratch.make("book")
(profile / "profile").mkdir()
(book / "book.xlsx").write_bytes(b"PK")
extra = os.path.join(os.environ["TMPDIR"], "OSL_PIPE_test_socket")
open(extra, "w").close()
guard = Guard.start(profile)
group = subprocess.Popen(["sh", "-c", "sleep 60 & sleep 60; wait"], start_new_session=True)
guard.watch("group", group.pid)
guard.watch("path", extra)
time.sleep(0.3)  # the shell has started both sleeps
print(json.dumps({"group": group.pid, "guard": guard.process.pid, "paths": [str(profile), str(book), extra]}),
      flush=True)
if sys.argv[1] == "release":
    guard.release()
    print("released", flush=True)
time.sleep(600)
"""


def start_owner(tmp_path: Path, how: str) -> tuple[subprocess.Popen, dict]:
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    owner = subprocess.Popen([sys.executable, "-c", OWNER, how], stdout=subprocess.PIPE, text=True,
                             env=dict(os.environ, TMPDIR=str(temporary)))
    facts = json.loads(owner.stdout.readline())
    facts["members"] = group_members(facts["group"])
    facts["temporary"] = temporary
    return owner, facts


def wait_until(condition, seconds: float) -> float:
    """Seconds until ``condition()`` held (``seconds`` at most; then the caller's assert says why)."""
    started = time.monotonic()
    while not condition() and time.monotonic() - started < seconds:
        time.sleep(0.02)
    return time.monotonic() - started


def end(owner: subprocess.Popen, facts: dict) -> None:
    """End what the test started, whatever happened."""
    for pid in [*facts["members"], facts["group"]]:
        if is_live(pid):
            os.kill(pid, signal.SIGKILL)
    if owner.poll() is None:
        owner.kill()
    owner.wait()


def test_a_killed_owner_leaves_no_process_and_no_file(tmp_path):
    owner, facts = start_owner(tmp_path, "keep")
    try:
        assert len(facts["members"]) == 3 and all(is_live(pid) for pid in facts["members"])
        assert all(os.path.exists(path) for path in facts["paths"])
        owner.kill()   # SIGKILL: no clean-up in the owner
        owner.wait()
        seconds = wait_until(lambda: not any(is_live(pid) for pid in [*facts["members"], facts["guard"]])
                             and not any(os.path.exists(path) for path in facts["paths"]), 10)
        assert [pid for pid in facts["members"] if is_live(pid)] == []
        assert not is_live(facts["guard"])
        assert [path for path in facts["paths"] if os.path.exists(path)] == []
        assert list(facts["temporary"].iterdir()) == []
        assert seconds < 5
    finally:
        end(owner, facts)


def test_a_released_guard_leaves_everything_alone(tmp_path):
    owner, facts = start_owner(tmp_path, "release")
    try:
        assert owner.stdout.readline().strip() == "released"
        assert wait_until(lambda: not is_live(facts["guard"]), 5) < 5
        owner.kill()
        owner.wait()
        time.sleep(0.5)
        assert all(is_live(pid) for pid in facts["members"])
        assert all(os.path.exists(path) for path in facts["paths"])
    finally:
        end(owner, facts)
