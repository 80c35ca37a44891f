"""Paths and processes of the command line: every wrong path is one line naming it, exit 2,
nothing on standard output before it, nothing left on disk; a closed pipe ends quietly.

The tests run as root, where file modes do not stop reading or writing. Unwritable and
unreadable paths are made three ways: a place where the system refuses new files (a folder
under /proc), a file standing where a folder is wanted, and, where the system has
``setpriv``, the command run as the unprivileged user ``nobody`` on a mode-0555 folder or a
mode-0600 file (run directly when the suite does not run as root). The all-or-nothing
writing is tested by making the third of several writes fail.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from elo_xl.errors import escaped, show
from elo_xl.io import paths
from elo_xl.cli import main

TRF = Path(__file__).parents[1] / "data" / "trf" / "swiss-10x9.trf"
COMMAND = [sys.executable, "-m", "elo_xl.cli"]


def run(*args: str, cwd: Path | None = None, user: bool = False) -> subprocess.CompletedProcess:
    """The command line in a new process (as ``nobody`` with ``user``)."""
    prefix = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] if user and os.geteuid() == 0 else []
    return subprocess.run(prefix + COMMAND + list(args), capture_output=True, text=True, cwd=cwd)


def one_line_error(done: subprocess.CompletedProcess, *names: str) -> str:
    """The one error line of a failed run, which names every one of ``names``."""
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("elo-xl: "), done.stderr
    assert "Traceback" not in done.stderr
    for name in names:
        assert name in lines[0]
    return lines[0]


def tree(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


# --- an existing file where a folder is wanted ---------------------------------------------------


@pytest.mark.parametrize("command", [["lite"], ["workbook", "all"], ["demo"]])
def test_a_file_where_a_folder_is_wanted(tmp_path, command):
    target = tmp_path / "taken"
    target.write_bytes(b"keep me")
    line = one_line_error(run(*command, "-o", str(target)), str(target))
    assert "is a file" in line
    assert target.read_bytes() == b"keep me" and tree(tmp_path) == ["taken"]


@pytest.mark.parametrize("command", [["lite"], ["workbook", "all"], ["demo"]])
def test_a_file_standing_where_a_parent_folder_is_wanted(tmp_path, command):
    (tmp_path / "taken").write_bytes(b"keep me")
    target = tmp_path / "taken" / "sub"
    line = one_line_error(run(*command, "-o", str(target)), str(target))
    assert "is a file, not a folder" in line
    assert tree(tmp_path) == ["taken"]


# --- a folder where a file is wanted ---------------------------------------------------------------


@pytest.mark.parametrize("arguments", [
    ["rate", "{dir}"],
    ["rate", str(TRF), "--k-file", "{dir}"],
    ["workbook", "swiss", "--from", "{dir}", "-o", "{out}"],
    ["workbook", "swiss", "--from", str(TRF), "--k-file", "{dir}", "-o", "{out}"],
    ["export", "{dir}", "-o", "{out}"],
], ids=["rate", "rate-k-file", "workbook-from", "workbook-k-file", "export"])
def test_a_folder_given_to_read(tmp_path, arguments):
    folder = tmp_path / "a folder"
    folder.mkdir()
    out = tmp_path / "out.file"
    done = run(*[a.format(dir=folder, out=out) for a in arguments])
    assert "is a folder" in one_line_error(done, str(folder))
    assert tree(tmp_path) == ["a folder"]


@pytest.mark.parametrize("arguments", [
    ["rate", str(TRF), "-o", "{dir}"],
    ["workbook", "player", "-o", "{dir}"],
    ["export", "{book}", "-o", "{dir}"],
], ids=["rate", "workbook", "export"])
def test_a_folder_given_to_write(tmp_path, arguments):
    folder = tmp_path / "a folder"
    folder.mkdir()
    book = tmp_path / "book.xlsx"
    assert main(["workbook", "swiss", "--from", str(TRF), "-o", str(book)]) == 0
    done = run(*[a.format(dir=folder, book=book) for a in arguments])
    assert "is a folder" in one_line_error(done, str(folder))
    assert tree(tmp_path) == ["a folder", "book.xlsx"]


def test_missing_folder_of_an_output_file(tmp_path):
    out = tmp_path / "nowhere" / "out.trf"
    assert "does not exist" in one_line_error(run("rate", str(TRF), "-o", str(out)), str(out))
    assert tree(tmp_path) == []


# --- folders where nothing can be written ---------------------------------------------------------


@pytest.mark.parametrize("command", [["lite"], ["workbook", "all"], ["demo"]])
def test_a_system_folder_that_takes_no_files(command):
    target = "/proc/elo-xl-output"  # /proc refuses new files, even to root
    line = one_line_error(run(*command, "-o", target), target)
    assert "cannot write in /proc" in line


@pytest.mark.parametrize("command", [["rate", str(TRF), "-o"], ["workbook", "player", "-o"]])
def test_a_system_folder_that_takes_no_file(command):
    target = "/proc/elo-xl-output.file"
    assert "cannot write in /proc" in one_line_error(run(*command, target), target)


def test_unwritable_folder_checked_before_demo_prints(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "read-only"
    folder.mkdir()

    def refuse(*args, dir=None, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(paths.tempfile, "mkstemp", refuse)
    assert main(["demo", "-o", str(folder / "out")]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"elo-xl: {folder / 'out'}: cannot write in {folder} (Permission denied)\n"
    assert tree(tmp_path) == ["read-only"]


def _unprivileged_tmp() -> Path:
    """A folder every user can enter (pytest's tmp_path is private to root)."""
    folder = Path(tempfile.mkdtemp(prefix="elo-xl-test-"))
    folder.chmod(0o755)
    return folder


needs_a_user = pytest.mark.skipif(
    os.geteuid() == 0 and shutil.which("setpriv") is None, reason="runs as root without setpriv")


@needs_a_user
@pytest.mark.parametrize("command", [["lite"], ["workbook", "all"], ["demo"]])
def test_read_only_folder_for_a_real_user(command):
    base = _unprivileged_tmp()
    try:
        locked = base / "locked"
        locked.mkdir(mode=0o555)
        locked.chmod(0o555)
        target = locked / "out"
        done = run(*command, "-o", str(target), cwd=base, user=True)
        assert "cannot write in" in one_line_error(done, str(target))
        assert tree(base) == ["locked"]
    finally:
        shutil.rmtree(base)


@needs_a_user
def test_unreadable_file_for_a_real_user():
    base = _unprivileged_tmp()
    try:
        secret = base / "event.trf"
        secret.write_bytes(TRF.read_bytes())
        secret.chmod(0o600)
        done = run("rate", str(secret), cwd=base, user=True)
        assert "cannot be read (Permission denied)" in one_line_error(done, str(secret))
    finally:
        shutil.rmtree(base)


def test_unreadable_file(tmp_path, monkeypatch, capsys):
    secret = tmp_path / "event.trf"
    secret.write_bytes(TRF.read_bytes())
    real_open = open

    def guarded(file, *args, **kwargs):
        if Path(file) == secret:
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(paths, "open", guarded, raising=False)
    for argv in (["rate", str(secret)], ["rate", str(TRF), "--k-file", str(secret)],
                 ["workbook", "swiss", "--from", str(secret), "-o", str(tmp_path / "b.xlsx")],
                 ["export", str(secret), "-o", str(tmp_path / "x.trf")]):
        assert main(argv) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err.count("\n") == 1 and f"{secret}: cannot be read (Permission denied)" in captured.err
    assert tree(tmp_path) == ["event.trf"]


# --- all or nothing ----------------------------------------------------------------------------------


def test_a_failed_write_leaves_nothing_new(tmp_path, monkeypatch, capsys):
    from elo_xl.io import staged

    calls = []

    def third_fails(path, mode="r", *args, **kwargs):
        calls.append(Path(path))
        if len(calls) == 3:
            raise OSError(28, "No space left on device", str(path))
        return open(path, mode, *args, **kwargs)

    monkeypatch.setattr(staged, "open", third_fails, raising=False)  # the books are written in a hidden folder
    import elo_xl.workbook  # what is checked is the folder written, not the books: made at once

    monkeypatch.setattr(elo_xl.workbook, "build", lambda kind, lang="en", **options: f"{kind} {lang}".encode())
    target = tmp_path / "new" / "books"
    assert main(["workbook", "all", "-o", str(target)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"elo-xl: {target / calls[2].name}: cannot write (No space left on device); "
                            f"nothing was written in {target}\n")
    assert tree(tmp_path) == []  # the two books written, the hidden folder and both folders made are gone


def test_replaced_files_and_existing_folder_stay(tmp_path, capsys):
    folder = tmp_path / "lite"
    folder.mkdir()
    (folder / "main.py").write_text("old")
    (folder / "notes.txt").write_text("mine")
    assert main(["lite", "-o", str(folder)]) == 0
    assert (folder / "main.py").read_text() != "old" and (folder / "notes.txt").read_text() == "mine"
    assert tree(tmp_path) == ["lite", "lite/main.py", "lite/notes.txt", "lite/requirements.txt"]


# --- pipes --------------------------------------------------------------------------------------------


def test_closed_pipe_ends_quietly(tmp_path):
    process = subprocess.Popen(COMMAND + ["demo", "-o", str(tmp_path / "demo")],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()  # the reader is gone before the first line (as `| head -0`)
    _, err = process.communicate(timeout=120)
    assert err == b""
    assert process.returncode == 141


def test_closed_pipe_in_process(monkeypatch, tmp_path):
    class Closed:
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self):
            raise BrokenPipeError(32, "Broken pipe")

        def fileno(self):
            raise ValueError("no descriptor")

    monkeypatch.setattr(sys, "stdout", Closed())
    assert main(["rate", str(TRF)]) == 141


def test_escape_sequences_in_messages_are_shown_escaped(tmp_path, capsys):
    name = tmp_path / "\x1b[2Jevent.trf"
    assert main(["rate", str(name)]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\\x1b[2Jevent.trf: no such file" in err


def test_escaping_keeps_ordinary_text():
    assert escaped("Šuković, «ok» — ½ 阮") == "Šuković, «ok» — ½ 阮"
    assert escaped("a\u202eb\u2028c\ufffe") == "a\\u202eb\\u2028c\\ufffe"  # overrides, separators, non-characters
    assert show("a\x1b[2Jb") == '"a\\x1b[2Jb"'  # a value in a message: the same escaping


@pytest.mark.parametrize("argv", [
    ["rate", "{trf}", "-o", "{trf}"],
    ["rate", "{trf}", "--k-file", "{k}", "-o", "{k}"],
    ["workbook", "swiss", "--from", "{trf}", "-o", "{trf}"],
    ["export", "{book}", "-o", "{book}"],
], ids=["rate", "rate-k-file", "workbook-from", "export"])
def test_output_that_is_an_input(tmp_path, capsys, argv):
    trf, k, book = tmp_path / "event.trf", tmp_path / "k.csv", tmp_path / "book.xlsx"
    trf.write_bytes(TRF.read_bytes())
    k.write_text("1,10\n")
    assert main(["workbook", "swiss", "--from", str(TRF), "-o", str(book)]) == 0
    capsys.readouterr()
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert main([a.format(trf=trf, k=k, book=book) for a in argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.endswith("is also the file read; give another name for the output\n")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
