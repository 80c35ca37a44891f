"""The guard of one LibreOffice session: it ends the session's processes and removes its
temporary files when the process that started them dies without doing it (SIGKILL runs no
clean-up, and ``soffice`` runs in a session of its own, which no signal to the owner reaches).

This file is a standalone script, run by :mod:`elo_xl.recalc.libreoffice` with the owner's own
interpreter in a session of its own (a Ctrl-C or a hang-up in the owner's terminal does not
reach it)::

    python _guard.py OWNER_PID TEMPORARY_FOLDER

The owner writes to the guard's standard input, one line each, what to clean up: ``group N``
(a process group to end: ``soffice`` with ``soffice.bin``, the UNO worker), ``path P`` (a file
or folder to remove), and ``done`` when it has cleaned up itself. The guard only reads. At the
end of its input without ``done`` — the owner died: only the owner held the pipe's other end —
it ends each group (SIGTERM, then SIGKILL after :data:`GRACE` seconds), removes the paths and,
once the owner is gone, every ``elo-xl-OWNER_PID-…`` folder in the temporary folder (the
owner's copy of the book among them), then exits.

Why a guard and not ``PR_SET_PDEATHSIG``: that Linux flag fires when the *thread* that started
the child ends (a LibreOffice started from a worker thread would be killed with the thread),
reaches the direct child only (the ``soffice`` launcher, not the ``soffice.bin`` it forks) and
exists on Linux only. A pipe's end is seen on every POSIX system. On Windows there is no guard:
a killed elo-xl leaves LibreOffice running there (a job object that kills its processes on
close would be the way). A process that forks without exec after starting LibreOffice holds
the pipe too: the guard then waits for that child as well.

It imports nothing from ``elo_xl`` but :mod:`.processes` beside it (as a file, when run).
"""

import os
import shutil
import signal
import sys
import time


def _processes():
    """:mod:`elo_xl.recalc.processes`: imported from the package, or as the file beside this
    one when this file runs as a script (isolated: the package need not be importable)."""
    if __package__:
        from . import processes
    else:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import processes  # type: ignore[no-redef]
    return processes

#: Seconds the session's processes get to end after SIGTERM, before SIGKILL.
GRACE = 3.0
#: Seconds to wait, after the end of the input, for the owner to be gone (its pipe closes an
#: instant before the system gives its children a new parent).
OWNER_GONE = 2.0


def end_groups(groups):
    """SIGTERM every group, SIGKILL what is left after :data:`GRACE` seconds; the socket files
    (``OSL_PIPE_…``) their processes listened on, which soffice removes only when it quits
    normally, are removed after."""
    tools = _processes()
    sockets = tools.socket_files(pid for group in groups for pid in tools.group_members(group))
    try:
        _end(tools, groups)
    finally:
        for path in sockets:
            remove(path)


def _end(tools, groups):
    for sig in (signal.SIGTERM, signal.SIGKILL):
        members = []
        for group in groups:
            try:
                os.killpg(group, sig)
            except (ProcessLookupError, PermissionError):
                continue
            members += tools.group_members(group) or [group]
        if not members:
            return
        tools.wait_gone(members, GRACE)
        if not any(tools.is_live(pid) for pid in members):
            return


def remove(path):
    """A file, a socket or a folder removed (nothing if it is gone)."""
    try:
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path, ignore_errors=True)
        else:
            os.unlink(path)
    except OSError:
        pass


def owner_gone(owner):
    """Whether the owner has gone: this process has another parent now."""
    deadline = time.monotonic() + OWNER_GONE
    while os.getppid() == owner:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    owner, temporary = int(argv[0]), argv[1]
    for sig in (signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, signal.SIG_IGN)
    groups, paths = [], []
    for raw in sys.stdin.buffer:
        line = raw.decode("utf-8", "surrogateescape").rstrip("\n")
        word, _, rest = line.partition(" ")
        if word == "done":
            return 0
        if word == "group" and rest.isdigit() and int(rest) > 1:
            groups.append(int(rest))
        elif word == "path" and rest:
            paths.append(rest)
    end_groups(groups)
    for path in paths:
        remove(path)
    if owner_gone(owner):
        prefix = f"elo-xl-{owner}-"
        try:
            entries = list(os.scandir(temporary))
        except OSError:
            entries = []
        for entry in entries:
            if entry.name.startswith(prefix) and entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
