"""All or none, also when killed (issue 18): ``workbook all`` killed with SIGKILL at any moment
leaves its folder as it was or with all the new books (every kind in every language), the user's own files kept, nothing else
in it; SIGTERM is an interruption that leaves nothing; the hidden temporary files a kill leaves
beside a target are removed by the next run; a write that fails for want of space names the
file. (Before: a kill left 1 to 16 of the 20 books, and hidden ``.NAME.*.tmp`` files stayed
after 29 of 30 kills; a full disk said only "No space left on device".)

The kills and the full disk of ``workbook all`` run it with books made at once
(:func:`quick_book`, book-sized bytes naming kind and language): the folder is written and
replaced as ever, without the seconds each kill spent building real books first.
"""

from __future__ import annotations

import os
import random
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from elo_xl.cli import main
from elo_xl.io.atomic import write_atomically
from elo_xl.languages import LANGUAGES
from elo_xl.workbook import KINDS

ROOT = Path(__file__).resolve().parents[2]
TRF = ROOT / "tests" / "data" / "trf" / "swiss-10x9.trf"
COMMAND = [sys.executable, "-c", "import sys; from elo_xl.cli import main; sys.exit(main())"]
#: ``workbook all`` whose books are made at once (:func:`quick_book`): what these tests check is
#: how the folder is written and replaced, not the books, which take seconds to build.
QUICK = [sys.executable, "-c", "import sys; import elo_xl.workbook as w; from test_atomic_writes import quick_book; "
         "w.build = quick_book; from elo_xl.cli import main; sys.exit(main())"]
ENV = dict(os.environ, PYTHONPATH=os.pathsep.join((str(ROOT), str(Path(__file__).parent))))
#: What `workbook all` writes: every kind in every language.
BOOKS = len(KINDS) * len(LANGUAGES)


def quick_book(kind: str, lang: str = "en", **options: object) -> bytes:
    """A stand-in for :func:`elo_xl.workbook.build`: bytes of a book's size (about 40 kB) that
    name the kind and the language, made at once."""
    return f"{kind} {lang} ".encode() * (40_000 // (len(kind) + len(lang) + 2))


@pytest.fixture(scope="module")
def new_books(tmp_path_factory) -> dict[str, bytes]:
    """The books of an uninterrupted run (what a complete new state holds), made at once."""
    folder = tmp_path_factory.mktemp("reference") / "books"
    assert subprocess.run(QUICK + ["workbook", "all", "-o", str(folder)], env=ENV).returncode == 0
    books = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert len(books) == BOOKS
    return books


def entries(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()} if folder.exists() else {}


def start(argv: list[str], quick: bool = False) -> subprocess.Popen:
    """``elo-xl argv`` in a child process; ``quick``: its books made at once (:data:`QUICK`)."""
    return subprocess.Popen((QUICK if quick else COMMAND) + argv, env=ENV, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)


def kill_when_writing(child: subprocess.Popen, watched: list[Path], delay: float) -> None:
    """SIGKILL ``child`` ``delay`` seconds after anything in the ``watched`` folders changes
    (the moment it starts writing), or at once when it has ended."""
    def state() -> list:
        out = []
        for folder in watched:
            try:
                out += sorted((e.name, e.stat().st_mtime_ns) for e in os.scandir(folder))
            except OSError:
                out.append(None)
        return out

    before = state()
    deadline = time.monotonic() + 60
    while child.poll() is None and state() == before and time.monotonic() < deadline:
        time.sleep(0.0005)
    time.sleep(delay)
    child.kill()
    child.wait()


def test_sigkill_of_workbook_all_leaves_all_or_none(tmp_path, new_books):
    rng = random.Random(18)
    parent = tmp_path / "parent"
    folder = parent / "books"
    folder.mkdir(parents=True)
    old = {name: b"old " + name.encode() for name in new_books} | {"notes.txt": b"the arbiter's own file"}
    outcomes = []
    for attempt in range(8):
        for name in list(entries(folder)):
            (folder / name).unlink()
        for name, data in old.items():
            (folder / name).write_bytes(data)
        child = start(["workbook", "all", "-o", str(folder)], quick=True)
        if attempt < 6:  # the moment it starts writing, and a little after
            kill_when_writing(child, [parent, folder], rng.choice([0, 0, 0.0005, 0.002, 0.01, 0.03]))
        else:  # any moment
            time.sleep(rng.uniform(0.1, 1.0))
            child.kill()
            child.wait()
        # a kill between the writability probe's creation and removal leaves that empty hidden
        # file (.elo-xl-probe.elo-xl-PID-….tmp): no output, and the next run removes it (below)
        now = {name: data for name, data in entries(folder).items() if not name.startswith(".elo-xl-probe.")}
        if now == old:
            outcomes.append("old")
        else:
            assert now == new_books | {"notes.txt": old["notes.txt"]}, sorted(
                name for name in now if now[name] != (new_books | old).get(name))
            outcomes.append("new")
        assert [p.name for p in parent.iterdir() if not p.name.startswith(".books.elo-xl-")] == ["books"]
    assert "old" in outcomes  # the kills did land before the end
    assert subprocess.run(QUICK + ["workbook", "all", "-o", str(folder)], env=ENV).returncode == 0  # the next run
    # cleans what kills left beside
    assert sorted(p.name for p in parent.iterdir()) == ["books"]
    assert entries(folder) == new_books | {"notes.txt": old["notes.txt"]}


def test_sigkill_into_a_new_folder(tmp_path, new_books):
    rng = random.Random(7)
    for attempt in range(4):
        parent = tmp_path / f"p{attempt}"
        parent.mkdir()
        child = start(["workbook", "all", "-o", str(parent / "books")], quick=True)
        kill_when_writing(child, [parent], rng.choice([0, 0.001, 0.01]))
        assert entries(parent / "books") in ({}, new_books)


def test_sigterm_is_an_interruption_that_leaves_nothing(tmp_path):
    folder = tmp_path / "books"
    child = start(["workbook", "all", "-o", str(folder)])
    time.sleep(1.0)
    child.send_signal(signal.SIGTERM)
    _, err = child.communicate(timeout=60)
    assert sorted(p.name for p in tmp_path.iterdir()) in ([], ["books"])
    if child.returncode == 0:  # it had finished: then everything is there
        assert len(list(folder.iterdir())) == BOOKS
    else:
        assert list(tmp_path.iterdir()) == []


def test_a_kill_during_a_write_leaves_a_temporary_file_the_next_write_removes(tmp_path):
    target = tmp_path / "out.trf"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    stale = tmp_path / f".out.trf.elo-xl-{int(dead.stdout)}-a1b2c3.tmp"  # as a killed run leaves it
    stale.write_bytes(b"half")
    other = tmp_path / f".out.trf.elo-xl-{os.getpid()}-live.tmp"  # a live run's: kept
    other.write_bytes(b"busy")
    user = tmp_path / ".out.trf.backup.tmp"  # not ours: kept
    user.write_bytes(b"mine")
    write_atomically(target, b"012 Event\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["out.trf", other.name, user.name])


def test_a_kill_between_the_two_renames_is_undone_by_the_next_run(tmp_path, new_books):
    """Where no atomic exchange exists, the old folder is moved aside, then the new one in: a
    kill between them leaves the old one aside, which the next run puts back first."""
    from elo_xl.io.staged import clean_stale_folders

    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    aside = tmp_path / f".books.elo-xl-{int(dead.stdout)}-x-old.tmp"
    aside.mkdir()
    (aside / "notes.txt").write_text("kept")
    staging = tmp_path / f".books.elo-xl-{int(dead.stdout)}-x.tmp"
    staging.mkdir()
    (staging / "swiss-en.xlsx").write_bytes(b"new, unfinished")
    clean_stale_folders(tmp_path, "books")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["books"]
    assert entries(tmp_path / "books") == {"notes.txt": b"kept"}


def _file_size_limit(limit: int):
    def apply() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return apply


def test_a_failed_write_on_o_names_the_file(tmp_path):
    """A file system that takes no more (here a file-size limit of 512 bytes) fails the write of
    ``rate -o``: the message names the file, and nothing is left."""
    out = tmp_path / "report.txt"
    done = subprocess.run(COMMAND + ["rate", str(TRF), "-o", str(out)], env=ENV, capture_output=True, text=True,
                          preexec_fn=_file_size_limit(512))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"elo-xl: {out}: cannot write the file (File too large); nothing was written to it\n"
    assert list(tmp_path.iterdir()) == []


@pytest.fixture
def small_disk(tmp_path):
    """A 64 kB tmpfs (root only; skipped elsewhere)."""
    mount = tmp_path / "disk"
    mount.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)],
                                           capture_output=True).returncode != 0:
        pytest.skip("mounting a small tmpfs needs root")
    yield mount
    subprocess.run(["umount", str(mount)], check=False)


def test_a_full_disk_on_o_leaves_nothing(small_disk):
    out = small_disk / "book.xlsx"
    assert main(["workbook", "swiss", "-o", str(out)]) == 2  # 160 kB on a 64 kB disk
    assert list(small_disk.iterdir()) == []


def test_a_full_disk_message(small_disk, capsys):
    out = small_disk / "book.xlsx"
    main(["workbook", "swiss", "-o", str(out)])
    assert capsys.readouterr().err == (f"elo-xl: {out}: cannot write the file (no space left on the device); "
                                       "nothing was written to it\n")


def test_a_full_disk_in_workbook_all_names_the_file(small_disk, capsys, monkeypatch):
    import elo_xl.workbook

    monkeypatch.setattr(elo_xl.workbook, "build", quick_book)  # 40 kB books: the second fills the disk
    folder = small_disk / "books"
    assert main(["workbook", "all", "-o", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"elo-xl: {folder}/") and err.endswith(
        f".xlsx: cannot write (No space left on device); nothing was written in {folder}\n")
    assert list(small_disk.iterdir()) == []


def test_two_renames_where_no_exchange_exists(tmp_path, monkeypatch):
    from elo_xl.io import staged

    monkeypatch.setattr(staged, "_exchange", lambda a, b: False)
    folder = tmp_path / "lite"
    folder.mkdir()
    (folder / "main.py").write_text("old")
    (folder / "notes.txt").write_text("mine")
    staged.write_folder(folder, {"main.py": b"new", "requirements.txt": b"xlwings"})
    assert entries(folder) == {"main.py": b"new", "notes.txt": b"mine", "requirements.txt": b"xlwings"}
    assert [p.name for p in tmp_path.iterdir()] == ["lite"]


def test_a_folder_with_sub_folders_is_written_file_by_file(tmp_path):
    """A folder that holds folders cannot be swapped without moving them: its books are written
    one by one, each atomic, as before (the sub-folder is untouched)."""
    from elo_xl.io import staged

    folder = tmp_path / "mine"
    (folder / "sub").mkdir(parents=True)
    (folder / "sub" / "x.txt").write_text("x")
    staged.write_folder(folder, {"a.xlsx": b"A"})
    assert sorted(p.name for p in folder.iterdir()) == ["a.xlsx", "sub"] and (folder / "sub" / "x.txt").exists()


def test_a_refusal_says_what_was_already_replaced(tmp_path, monkeypatch):
    """Written file by file, a failure after an existing file was replaced says so (the new
    files before it are removed; a replaced one cannot be put back)."""
    from elo_xl.errors import EloError
    from elo_xl.io import atomic
    from elo_xl.io.paths import Outputs

    (tmp_path / "a.txt").write_text("old")
    real = atomic.write_atomically

    def second_fails(path, data):
        if Path(path).name == "c.txt":
            raise OSError(28, "No space left on device", str(path))
        return real(path, data)

    monkeypatch.setattr(atomic, "write_atomically", second_fails)
    outputs = Outputs()
    for name in ("a.txt", "b.txt", "c.txt"):
        outputs.add(tmp_path / name, b"new")
    with pytest.raises(EloError) as refused:
        outputs.commit()
    assert str(refused.value) == (f"{tmp_path / 'c.txt'}: No space left on device; already replaced before it: "
                                  f"{tmp_path / 'a.txt'}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]


def test_a_folder_that_cannot_be_moved_is_written_file_by_file(tmp_path, monkeypatch):
    from elo_xl.io import staged

    folder = tmp_path / "books"
    folder.mkdir()
    (folder / "a.xlsx").write_bytes(b"old")
    real_rename = os.rename

    def no_moving_the_folder(a, b):
        if Path(a) == folder:
            raise PermissionError(13, "Permission denied", str(a))
        return real_rename(a, b)

    monkeypatch.setattr(staged, "_exchange", lambda a, b: False)
    monkeypatch.setattr(staged.os, "rename", no_moving_the_folder)
    staged.write_folder(folder, {"a.xlsx": b"new", "b.xlsx": b"B"})
    assert entries(folder) == {"a.xlsx": b"new", "b.xlsx": b"B"}
    assert [p.name for p in tmp_path.iterdir()] == ["books"]
