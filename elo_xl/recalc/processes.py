"""Processes of a spawned program on POSIX: its process group, the sockets it listens on,
and ending the whole group without leaving zombies (used by :mod:`.libreoffice`, whose
``soffice`` launcher forks ``soffice.bin``). Linux details come from ``/proc``; elsewhere
the lists are empty and ending falls back to killing the launcher.

>>> import os
>>> is_live(os.getpid()), group_members(-1)
(True, [])
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Iterable


def group_members(group: int) -> list[int]:
    """Ids of the live processes in process group *group* (from ``/proc``; else none)."""
    members = []
    try:
        entries = os.listdir("/proc")
    except OSError:
        return []
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as file:
                fields = file.read().rpartition(b")")[2].split()
        except OSError:
            continue
        # After the command name: state, parent, process group.
        if len(fields) > 2 and int(fields[2]) == group and fields[0] != b"Z":
            members.append(int(entry))
    return sorted(members)


def socket_files(pids: Iterable[int]) -> list[str]:
    """The ``OSL_PIPE_*`` socket files that processes *pids* listen on (Linux; else none)."""
    inodes = set()
    for pid in pids:
        try:
            descriptors = os.listdir(f"/proc/{pid}/fd")
        except OSError:
            continue
        for descriptor in descriptors:
            try:
                target = os.readlink(f"/proc/{pid}/fd/{descriptor}")
            except OSError:
                continue
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
    try:
        with open("/proc/net/unix", encoding="utf-8", errors="replace") as table:
            rows = [line.split() for line in table.read().splitlines()[1:]]
    except OSError:
        return []
    found = {row[7] for row in rows if len(row) >= 8 and row[6] in inodes}
    return sorted(path for path in found if os.path.basename(path).startswith("OSL_PIPE_"))


def end_group(launcher: subprocess.Popen[bytes]) -> None:
    """Stop the launcher's whole process group and reap the launcher.

    ``soffice.bin`` goes first, so that the launcher (its parent) can still reap it and no
    zombie is left for init; then the launcher and anything left, SIGTERM then SIGKILL.
    """
    group = launcher.pid
    if os.name != "posix":
        if launcher.poll() is None:
            launcher.kill()
        launcher.wait()
        return
    for sig in (signal.SIGTERM, signal.SIGKILL):
        children = [pid for pid in group_members(group) if pid != launcher.pid]
        for pid in children:
            send_signal(pid, sig)
        if children:
            wait_gone(children, 5)
        if launcher.poll() is None:
            send_signal(launcher.pid, sig)
            try:
                launcher.wait(5)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(group, sig)
        except (ProcessLookupError, PermissionError):
            pass
        if launcher.poll() is not None and not group_members(group):
            break
    launcher.wait()


def wait_gone(pids: Iterable[int], seconds: float) -> None:
    """Wait until none of *pids* is a live process (zombies count as gone)."""
    deadline = time.monotonic() + seconds
    pending = set(pids)
    while pending and time.monotonic() < deadline:
        pending = {pid for pid in pending if is_live(pid)}
        if pending:
            time.sleep(0.02)


def is_live(pid: int) -> bool:
    """Whether *pid* is a process that is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            return file.read().rpartition(b")")[2].split()[0] != b"Z"
    except (OSError, IndexError):
        return False


def send_signal(pid: int, sig: int) -> None:
    try:
        os.kill(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass
