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
import re
import signal
import stat
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


#: The pipe a session of process PID listens on, as a socket file: ``OSL_PIPE_UID_elo_xl_PID_…``.
_OUR_PIPE = re.compile(r"OSL_PIPE_\d+_elo_xl_(\d+)_[0-9a-f]+\Z")


def stale_pipes(folder: str = "/tmp") -> list[str]:
    """The socket files of sessions whose process is gone and which no process listens on
    (LibreOffice removes its pipes only when it quits normally; a killed run's guard removes
    them, and this finds what a run killed with its guard left).

    >>> stale_pipes("/no/such/folder")
    []
    """
    try:
        names = [name for name in os.listdir(folder) if _OUR_PIPE.match(name)]
    except OSError:
        return []
    if not names:
        return []
    try:
        with open("/proc/net/unix", encoding="utf-8", errors="replace") as table:
            listened = {row.split()[7] for row in table.read().splitlines()[1:] if len(row.split()) >= 8}
    except OSError:
        return []  # no way to know that no process listens on them: leave them
    found = []
    for name in names:
        path = os.path.join(folder, name)
        owner = int(_OUR_PIPE.match(name)[1])  # type: ignore[index]
        if path in listened or owner == os.getpid() or _exists(owner):
            continue
        try:
            if stat.S_ISSOCK(os.lstat(path).st_mode):
                found.append(path)
        except OSError:
            pass
    return sorted(found)


def _exists(pid: int) -> bool:
    """Whether a process *pid* exists (of any user, a zombie included)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError, OverflowError):
        return True
    return True


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
