"""``io/scratch.py``: temporary folders named for their process, and the folders of runs that
were killed removed by the next run."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from elo_xl.io import scratch


@pytest.fixture
def temporary(tmp_path, monkeypatch):
    """A temporary folder of the test's own, as ``tempfile`` sees it."""
    import tempfile

    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def gone_pid() -> int:
    """The id of a process that has ended (a child started and waited for)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_folder_is_named_for_its_process_and_removed_after(temporary):
    with scratch.scratch("book") as folder:
        assert folder.parent == temporary and folder.name.startswith(f"elo-xl-{os.getpid()}-book-")
        (folder / "book.xlsx").write_bytes(b"PK")
        assert scratch.owned_by(os.getpid()) == [folder]
    assert list(temporary.iterdir()) == []


def test_the_folders_of_a_killed_run_go_with_the_next_run(temporary):
    dead = gone_pid()
    left = [temporary / f"elo-xl-{dead}-libreoffice-abc", temporary / f"elo-xl-{dead}-book-def"]
    for folder in left:
        (folder / "profile").mkdir(parents=True)
        (folder / "profile" / "registrymodifications.xcu").write_text("x", encoding="utf-8")
    alive = temporary / f"elo-xl-{os.getppid()}-book-ghi"     # a process that is running: kept
    alive.mkdir()
    other = [temporary / "elo-xl-fuzz-123", temporary / f"not-elo-xl-{dead}-x", temporary / f"elo-xl-{dead}-file"]
    other[0].mkdir()
    other[1].mkdir()
    other[2].write_text("a file, not a folder", encoding="utf-8")
    target = temporary / "elsewhere"
    target.mkdir()
    (target / "keep.txt").write_text("keep", encoding="utf-8")
    link = temporary / f"elo-xl-{dead}-link"
    link.symlink_to(target, target_is_directory=True)         # a link is not followed
    with scratch.scratch("book") as mine:
        assert sorted(p.name for p in temporary.iterdir()) == sorted(
            p.name for p in [alive, *other, target, link, mine])
    assert (target / "keep.txt").read_text(encoding="utf-8") == "keep"
