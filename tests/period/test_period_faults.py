"""elo-xl period under faults: two runs at once, a busy, read-only, full or wrong database, any
line end, hostile lines, Ctrl-C during the save, lists too long for a worksheet."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from elo_xl.cli import main
from period_helpers import write_csv_list, write_event
from test_period_lists import FOA_HEADER, foa_line
from test_period_months import MARCH, files

ROOT = Path(__file__).resolve().parents[2]
CLI = "import sys; from elo_xl.cli import main; sys.exit(main(sys.argv[1:]))"
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def run(*args) -> int:
    return main(["period", *map(str, args)])


def cli(*args, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", CLI, "period", *map(str, args)], capture_output=True, text=True,
                          env=ENV, timeout=120, **kw)


def dump(db: Path) -> list[str]:
    conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


# --- line ends, empty lists, long lines, memory ---------------------------------------------------


@pytest.mark.parametrize("end", ["\r", "\r\n", "mixed"])
def test_every_line_end_reads_the_same_players(tmp_path, end):
    from elo_xl.period.lists import read_list

    lines = [FOA_HEADER] + [foa_line(100 + i, f"P{i}", 2000 + i, 0, 20) for i in range(50)]
    csv_lines = ["fide_id,name,federation,sex,title,rating,games,k,birth_year,flag"] + [
        f'{100 + i},"P{i}",VIE,M,,{2000 + i},0,20,1990,' for i in range(50)]
    for name, body in (("l.txt", lines), ("l.csv", csv_lines)):
        ends = [("\r", "\n", "\r\n")[i % 3] for i in range(len(body))] if end == "mixed" else [end] * len(body)
        path = tmp_path / name
        path.write_bytes("".join(line + e for line, e in zip(body, ends)).encode())
        rl = read_list(path)
        # 50 players, ratings 2000…2049 as written, whatever the line ends
        assert len(rl) == 50 and rl.rating[0] == 2000 and rl.rating[49] == 2049 and rl.name[49] == "P49", name


def test_a_list_with_no_players_is_an_error(tmp_path, capsys):
    lst = tmp_path / "l.txt"
    lst.write_text(FOA_HEADER + "\n")
    ev = write_event(tmp_path, "e.trf", [("A", 1, 2000), ("B", 2, 2000)], [[(1, 2, "=")]])
    assert run("--list", lst, "--month", "2026-10", ev, "-o", tmp_path / "o.txt") == 2
    assert "no players read from the list" in capsys.readouterr().err and not (tmp_path / "o.txt").exists()


def test_a_workbook_that_is_no_list_is_named_as_a_workbook(tmp_path, capsys):
    import openpyxl

    book = openpyxl.Workbook()
    book.active["A1"] = "hello"
    book.save(tmp_path / "l.xlsx")
    ev = write_event(tmp_path, "e.trf", [("A", 1, 2000), ("B", 2, 2000)], [[(1, 2, "=")]])
    assert run("--list", tmp_path / "l.xlsx", "--month", "2026-10", ev) == 2
    err = capsys.readouterr().err
    assert "a workbook, but not a rating list" in err and "PK" not in err and "\\x" not in err
    (tmp_path / "l.pdf").write_bytes(b"%PDF-1.7\n" + bytes(range(256)))
    assert run("--list", tmp_path / "l.pdf", "--month", "2026-10", ev) == 2
    assert "is a PDF document, not a rating list" in capsys.readouterr().err


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads its peak from /proc")
def test_a_300_mb_line_is_refused_at_once_in_bounded_memory(tmp_path):
    # one 300 MB line (no line end at all): refused after the first chunk, far below 1 GB
    big = tmp_path / "one-line.txt"
    with open(big, "wb") as f:
        block = b"x" * (1 << 20)
        for _ in range(300):
            f.write(block)
    ev = write_event(tmp_path, "e.trf", [("A", 1, 2000), ("B", 2, 2000)], [[(1, 2, "=")]])
    # VmHWM is this process's own peak. ru_maxrss is not: Linux keeps it across exec, so a child
    # forked from a large pytest process reports the parent's size.
    code = ("import sys; from elo_xl.cli import main; c = main(sys.argv[1:]); "
            "print([l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')][0]); sys.exit(c)")
    t = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code, "period", "--list", str(big), "--month", "2026-10", str(ev)],
                          capture_output=True, text=True, env=ENV, timeout=120)
    seconds = time.perf_counter() - t
    assert done.returncode == 2, done.stderr
    assert "line 1: longer than 1024 characters" in done.stderr and done.stderr.count("\n") == 1
    assert int(done.stdout.split()[-1]) < 1024 * 1024  # KiB: under 1 GB
    del seconds  # (how long: see bench/bench_period.py; no timed assertion here)


# --- the database: one writer, real causes --------------------------------------------------------


HOLD = ("import sqlite3, sys; c = sqlite3.connect(sys.argv[1], isolation_level=None); "
        "c.execute('BEGIN IMMEDIATE'); print('held', flush=True); sys.stdin.read(); c.execute('COMMIT')")


def _hold(db: Path) -> subprocess.Popen:
    """Another run holding the history's write lock until :func:`_release`."""
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(db)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True)
    assert holder.stdout.readline().strip() == "held"
    return holder


def _release(holder: subprocess.Popen) -> None:
    holder.stdin.close()
    assert holder.wait(timeout=60) == 0
    holder.stdout.close()


def test_a_second_run_waits_then_goes_or_is_refused(tmp_path):
    f = files(tmp_path)
    db = tmp_path / "h.sqlite"
    assert run("--list", f["march"], "--month", "2026-04", f["a"], "--db", db, "-o", tmp_path / "apr.csv") == 0
    before = dump(db)
    holder = _hold(db)
    try:
        refused = cli("--list", tmp_path / "apr.csv", "--month", "2026-05", f["b"], "--db", db, "-o",
                      tmp_path / "may.csv", "--wait", "0.5")
        # a viewer is not stopped by the writer
        viewer = cli("--db", db, "--history")
    finally:
        _release(holder)
    assert refused.returncode == 2
    assert "in use by another elo-xl run; waiting up to 0.5 s" in refused.stderr
    assert "in use by another elo-xl run for more than 0.5 s" in refused.stderr
    assert not (tmp_path / "may.csv").exists() and dump(db) == before
    assert viewer.returncode == 0 and "2026-04" in viewer.stdout
    # held until the second run says it waits, then released: the run goes on
    holder = _hold(db)
    try:
        waiting = subprocess.Popen([sys.executable, "-c", CLI, "period", "--list", str(tmp_path / "apr.csv"), "--month",
                                    "2026-05", str(f["b"]), "--db", str(db), "-o", str(tmp_path / "may.csv"), "--wait",
                                    "30"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
        said = waiting.stderr.readline()
    finally:
        _release(holder)
    out, err = waiting.communicate(timeout=120)
    assert "in use by another elo-xl run; waiting up to 30 s" in said, said
    assert waiting.returncode == 0, said + err
    # N's first rating used April's pooled games: 1993 (see test_period_months)
    assert "9,N,VIE" in (tmp_path / "may.csv").read_text() and ",1993," in (tmp_path / "may.csv").read_text()


READ = ("import sqlite3, sys, time; c = sqlite3.connect(sys.argv[1], isolation_level=None); "
        "c.execute('BEGIN'); c.execute('SELECT COUNT(*) FROM players').fetchone(); print('reading', flush=True); "
        "time.sleep(float(sys.argv[2])); c.execute('COMMIT')")


def test_a_viewer_in_the_middle_of_a_read_does_not_stop_a_run(tmp_path):
    # a reader holding the database (a shared lock, as --show does while it reads) when the run
    # commits: the run waits for the read to end and records its period
    f = files(tmp_path)
    db = tmp_path / "h.sqlite"
    assert run("--list", f["march"], "--month", "2026-04", f["a"], "--db", db, "-o", tmp_path / "apr.csv") == 0
    reader = subprocess.Popen([sys.executable, "-c", READ, str(db), "2"], stdout=subprocess.PIPE, text=True)
    try:
        assert reader.stdout.readline().strip() == "reading"
        done = cli("--list", tmp_path / "apr.csv", "--month", "2026-05", f["b"], "--db", db, "-o",
                   tmp_path / "may.csv")
    finally:
        reader.wait()
        reader.stdout.close()
    assert done.returncode == 0, done.stderr
    assert [m for (m,) in sqlite3.connect(db).execute("SELECT month FROM periods ORDER BY month")] == [
        "2026-04", "2026-05"]


def test_two_runs_started_together_never_share_a_history(tmp_path):
    # April and May started at the same moment, three times: either May ran after April (and N's
    # first rating 1993 used April's pooled games), or one of them was refused; never both done
    # from the same (empty) history.
    f = files(tmp_path)
    apr_list = tmp_path / "apr-in.csv"
    # May's list (what April's run writes) made beforehand, so both runs can start at once
    assert run("--list", f["march"], "--month", "2026-04", f["a"], "-o", apr_list) == 0
    for attempt in range(3):
        db = tmp_path / f"h{attempt}.sqlite"
        outs = [tmp_path / f"apr{attempt}.csv", tmp_path / f"may{attempt}.csv"]
        procs = [subprocess.Popen([sys.executable, "-c", CLI, "period", "--list", str(lst), "--month", month, str(ev),
                                   "--db", str(db), "-o", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  text=True, env=ENV)
                 for lst, month, ev, out in ((f["march"], "2026-04", f["a"], outs[0]),
                                             (apr_list, "2026-05", f["b"], outs[1]))]
        results = [(p.wait(timeout=120), p.stderr.read()) for p in procs]
        for p in procs:
            p.stdout.close(), p.stderr.close()
        codes = [c for c, _ in results]
        months = [m for (m,) in sqlite3.connect(db).execute("SELECT month FROM periods ORDER BY month")]
        if codes == [0, 0]:
            assert months == ["2026-04", "2026-05"]
            assert ",1993," in outs[1].read_text()  # May rated from April's history
        else:
            assert codes == [2, 0], results  # April came second: refused, it comes before May
            assert "comes before 2026-05" in results[0][1] and months == ["2026-05"]


def test_reading_writes_nothing(tmp_path):
    f = files(tmp_path)
    db = tmp_path / "h.sqlite"
    assert run("--list", f["march"], "--month", "2026-04", f["a"], "--db", db, "-o", tmp_path / "a.csv") == 0
    data, mtime = db.read_bytes(), db.stat().st_mtime_ns
    assert run("--db", db, "--history") == 0
    assert run("--db", db, "--show", "2026-04", "-o", tmp_path / "s.json") == 0
    assert db.read_bytes() == data and db.stat().st_mtime_ns == mtime
    assert sorted(p.name for p in tmp_path.glob("h.sqlite*")) == ["h.sqlite"]


@pytest.mark.parametrize("case,expected", [
    ("folder", "is a folder; give the database file"),
    ("missing", "does not exist; create it or give another path"),
    ("text", "not a database (not an SQLite file)"),
])
def test_database_messages_name_the_cause(tmp_path, capsys, case, expected):
    f = files(tmp_path)
    db = {"folder": tmp_path, "missing": tmp_path / "nowhere" / "h.sqlite", "text": f["march"]}[case]
    before = Path(f["march"]).read_bytes()
    assert run("--list", f["march"], "--month", "2026-04", f["a"], "--db", db, "-o", tmp_path / "o.csv") == 2
    err = capsys.readouterr().err
    assert expected in err and err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "o.csv").exists() and Path(f["march"]).read_bytes() == before
    assert run("--db", db, "--history") == 2
    assert "elo-xl: --db" in capsys.readouterr().err


def _namespace_available() -> bool:
    if not shutil.which("unshare"):
        return False
    probe = subprocess.run(["unshare", "-m", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"], capture_output=True)
    return probe.returncode == 0


needs_mount = pytest.mark.skipif(not _namespace_available(), reason="no mount namespace (unshare -m) here")


def _in_namespace(script: str) -> subprocess.CompletedProcess:
    return subprocess.run(["unshare", "-m", "sh", "-ec", script], capture_output=True, text=True, env=ENV, timeout=180)


@needs_mount
def test_a_full_disk_during_the_save_leaves_the_earlier_periods(tmp_path):
    # a 300 kB tmpfs holds April; May's 3,000-player list does not fit: the save fails, the database
    # holds April exactly, no journal stays beside it, the message names the disk and says nothing
    # was written
    f = files(tmp_path)
    big = write_csv_list(tmp_path, MARCH + [(1000 + i, f"Player number {i}", 1500 + i % 900, 20, 1990)
                                            for i in range(3000)], "big.csv")
    disk = tmp_path / "disk"
    disk.mkdir()
    py = f"{sys.executable} -c '{CLI}' period"
    script = f"""
mount -t tmpfs -o size=300k tmpfs {disk}
{py} --list {f['march']} --month 2026-04 {f['a']} --db {disk}/h.sqlite -o {tmp_path}/apr.csv
cp {disk}/h.sqlite {tmp_path}/before.sqlite
set +e
{py} --list {big} --month 2026-05 {f['b']} --db {disk}/h.sqlite -o {tmp_path}/may.csv 2> {tmp_path}/err.txt
echo "code $?"
set -e
ls -a {disk}
cp {disk}/h.sqlite {tmp_path}/after.sqlite
"""
    done = _in_namespace(script)
    assert done.returncode == 0, done.stderr
    err = (tmp_path / "err.txt").read_text()
    assert "code 2" in done.stdout, (done.stdout, err)
    assert "no space left on the disk of the database" in err and "nothing was written" in err, err
    assert "h.sqlite-journal" not in done.stdout.split()
    assert dump(tmp_path / "after.sqlite") == dump(tmp_path / "before.sqlite")
    assert not (tmp_path / "may.csv").exists()


@needs_mount
def test_a_read_only_database_is_named_so(tmp_path):
    f = files(tmp_path)
    ro = tmp_path / "ro"
    ro.mkdir()
    assert run("--list", f["march"], "--month", "2026-04", f["a"], "--db", ro / "h.sqlite", "-o", tmp_path / "a.csv") == 0
    py = f"{sys.executable} -c '{CLI}' period"
    script = f"""
mount --bind {ro} {ro}
mount -o remount,bind,ro {ro}
set +e
{py} --list {tmp_path}/a.csv --month 2026-05 {f['b']} --db {ro}/h.sqlite -o {tmp_path}/may.csv 2> {tmp_path}/err.txt
echo "code $?"
{py} --db {ro}/h.sqlite --history
"""
    done = _in_namespace(script)
    err = (tmp_path / "err.txt").read_text()
    assert "code 2" in done.stdout and "read-only" in err, (done.stdout, done.stderr, err)
    assert "2026-04" in done.stdout  # reading a read-only database works


# --- Ctrl-C and refusals at save time -------------------------------------------------------------


def test_ctrl_c_during_the_save_and_after_it(tmp_path, capsys, monkeypatch):
    from elo_xl.period import store
    from elo_xl.workbook import archive

    f = files(tmp_path)
    db = tmp_path / "h.sqlite"
    assert run("--list", f["march"], "--month", "2026-04", f["a"], "--db", db, "-o", tmp_path / "apr.csv") == 0
    before = dump(db)
    capsys.readouterr()

    def interrupted(*args, **kw):
        raise KeyboardInterrupt

    # during the save: the database is as it was and the list is not written (the list is written
    # only once the period is recorded), so "nothing was written" is true
    monkeypatch.setattr(store, "commit", interrupted)
    may = tmp_path / "may.csv"
    assert run("--list", tmp_path / "apr.csv", "--month", "2026-05", f["b"], "--db", db, "-o", may) == 130
    assert "nothing was written" in capsys.readouterr().err
    assert not may.exists() and dump(db) == before
    monkeypatch.undo()
    # after the save, while the list is written: the message says the period is recorded and how
    # to get its list
    monkeypatch.setattr(archive, "write_atomically", interrupted)
    assert run("--list", tmp_path / "apr.csv", "--month", "2026-05", f["b"], "--db", db, "-o", may) == 130
    err = capsys.readouterr().err
    assert "interrupted: the period 2026-05 was recorded" in err and "--show 2026-05" in err
    assert "nothing was written" not in err
    monkeypatch.undo()
    assert run("--db", db, "--show", "2026-05", "-o", may) == 0 and ",1993," in may.read_text()


def test_a_save_refused_before_writing_the_list(tmp_path, capsys, monkeypatch):
    from elo_xl.period import store

    f = files(tmp_path)
    db = tmp_path / "h.sqlite"
    assert run("--list", f["march"], "--month", "2026-04", f["a"], "--db", db, "-o", tmp_path / "apr.csv") == 0
    capsys.readouterr()

    def full(conn, rows):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(store, "_insert_games", full)
    assert run("--list", tmp_path / "apr.csv", "--month", "2026-05", f["b"], "--db", db, "-o", tmp_path / "may.csv") == 2
    err = capsys.readouterr().err
    assert "no space left on the disk of the database" in err and "nothing was written" in err
    assert not (tmp_path / "may.csv").exists()


def test_xlsx_longer_than_a_worksheet_is_refused(tmp_path, capsys, monkeypatch):
    from elo_xl.period.output import XLSX_MAX_ROWS
    from elo_xl.workbook import period_list

    assert XLSX_MAX_ROWS == 1_048_576  # Excel's rows per worksheet (Excel specifications and limits)
    monkeypatch.setattr(period_list, "XLSX_MAX_ROWS", 6)  # title + header + 4 players
    f = files(tmp_path)
    out = tmp_path / "apr.xlsx"
    assert run("--list", f["march"], "--month", "2026-04", f["a"], "-o", out) == 2
    err = capsys.readouterr().err
    assert "7 players do not fit in a worksheet" in err and ".csv or .txt" in err and not out.exists()


def test_csv_output_is_safe_and_reads_back(tmp_path):
    import csv

    from elo_xl.period.lists import iter_list

    hostile = ['=HYPERLINK("http://x","y")', "+cmd|' /C calc'!A0", "@SUM(A1:A9)", "-2+3"]
    lst = tmp_path / "l.csv"
    with open(lst, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["fide_id", "name", "federation", "sex", "title", "rating", "games", "k", "birth_year", "flag"])
        for i, name in enumerate(hostile):
            w.writerow([1 + i, name, "VIE", "M", "", 2000, 0, 20, 1980, ""])
    ev = write_event(tmp_path, "e.trf", [("X", 1, 2000), ("Y", 2, 2000)], [[(1, 2, "1")]])
    out = tmp_path / "new.csv"
    assert run("--list", lst, "--month", "2026-10", ev, "-o", out) == 0
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    # every hostile name gets a quote in front (OWASP), so a spreadsheet shows it as text
    assert [r["name"] for r in rows] == ["'" + name for name in hostile]
    # the changes keep their sign as numbers: equal ratings, a win: 20 × .5 = +10 and −10
    assert [r["change"] for r in rows[:2]] == ["10", "-10"]
    assert [r.name for r in iter_list(out)] == hostile


def test_line_splitting_across_chunks_equals_splitlines():
    # any mix of CR, LF and CRLF, cut into chunks of 1–4 bytes (a CRLF split between two chunks
    # included): the lines are those of bytes.splitlines, which knows exactly these three ends
    import io
    import random

    from elo_xl.io.decode import iter_lines

    for trial in range(3000):
        r = random.Random(trial)
        lines = [bytes(r.choice(b"ab ") for _ in range(r.randrange(0, 6))) for _ in range(r.randrange(0, 12))]
        ends = [r.choice([b"\r", b"\n", b"\r\n"]) for _ in lines]
        data = b"".join(line + end for line, end in zip(lines, ends))
        if lines and r.random() < 0.5:
            data = data[:-len(ends[-1])]  # no line end after the last line
        assert list(iter_lines(io.BytesIO(data), "x", "a list", 100, chunk=r.randrange(1, 5))) == data.splitlines()


def test_show_to_a_file_says_what_it_wrote(tmp_path, capsys):
    """Issue 23, item 9: every command that writes a file prints its summary line, --show too."""
    f = files(tmp_path)
    db = tmp_path / "h.sqlite"
    assert run("--list", f["march"], "--month", "2026-04", f["a"], "--db", db, "-o", tmp_path / "a.csv") == 0
    written = [line for line in (tmp_path / "a.csv").read_text(encoding="utf-8").splitlines()[1:] if line]
    capsys.readouterr()
    shown = tmp_path / "s.csv"
    assert run("--db", db, "--show", "2026-04", "-o", shown) == 0
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == (f"elo-xl: period 2026-04 (standard): the stored list written to "
                                                   f"{shown} (csv), {len(written)} players\n")
