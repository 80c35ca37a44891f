"""Month after month: a rating officer's three months (April, May, June 2026) in ``elo-xl period``.

Hand-computed from FIDE-RULES.md (tables 8.1.1 and 8.1.2) and FIDE-PERIODS.md:

* March list: R1 2000, R2 2000, R3 2000, R4 2100, R5 1900 (K 20); N (FIDE ID 9) is unrated.
* April (event A): N beats R1 and R2 and loses to R3 (3 games against rated players: no rating
  yet, pooled); R4 draws R5: D 200 → PD .76 / .24 (row 198–206): R4 20 × (.5 − .76) = −5.2 → −5
  → 2095, R5 +5.2 → +5 → 1905. Nobody (no FIDE ID) draws R3: not rated for R3.
* May (event B): N beats R4 (now 2095) and loses to R5 (1905): 5 games, Σ opponents
  3 × 2000 + 2095 + 1905 = 10000; with two hypothetical 1800 draws Ra = 13600 / 7 = 1942.86,
  p = 4 / 7 = .57 → dp +50 (table 8.1.1) → 1992.86 → **1993**, next K 40 (5 career games).
  The first May file had N *losing* to R4 by mistake: p = 3 / 7 = .43 → dp −50 → 1892.86 →
  1893. ``--replace`` re-runs May with the right file.
* June (event C): N (1993, K 40) beats R1 (2000, K 20): D 7 → PD .49 / .51 (row 4–10):
  N 40 × (1 − .49) = 20.4 → +20 → **2013**; R1 20 × (0 − .51) = −10.2 → −10 → **1990**.
  From the wrong May (1893): D 107 → PD .36 (row 102–110): 40 × .64 = 25.6 → +26 → 1919.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from elo_xl.cli import main
from period_helpers import event_text, write_csv_list, write_event
from books import load_workbook

MARCH = [(11, "R1", 2000, 20, 1980), (12, "R2", 2000, 20, 1980), (13, "R3", 2000, 20, 1980),
         (15, "R4", 2100, 20, 1980), (16, "R5", 1900, 20, 1980)]
APRIL = ([("N", 9, None), ("R1", 11, 2000), ("R2", 12, 2000), ("R3", 13, 2000), ("R4", 15, 2100), ("R5", 16, 1900),
          ("Nobody", None, None)],
         [[(1, 2, "1"), (5, 6, "=")], [(1, 3, "1"), (7, 4, "=")], [(1, 4, "0")]])
MAY = ([("N", 9, None), ("R4", 15, 2095), ("R5", 16, 1905)], [[(1, 2, "1")], [(1, 3, "0")]])
MAY_WRONG = ([("N", 9, None), ("R4", 15, 2095), ("R5", 16, 1905)], [[(1, 2, "0")], [(1, 3, "0")]])
JUNE = ([("N", 9, 1993), ("R1", 11, 2000)], [[(1, 2, "1")]])


def run(*args: str) -> int:
    return main(["period", *map(str, args)])


def files(tmp_path: Path) -> dict[str, Path]:
    return {"march": write_csv_list(tmp_path, MARCH, "march.csv"),
            "a": write_event(tmp_path, "a.trf", *APRIL, start="2026/04/04"),
            "b_wrong": write_event(tmp_path, "b-first.trf", *MAY_WRONG, start="2026/05/09"),
            "b": write_event(tmp_path, "b.trf", *MAY, start="2026/05/09"),
            "c": write_event(tmp_path, "c.trf", *JUNE, start="2026/06/06"),
            "a_again": write_event(tmp_path, "april-copy.trf", *APRIL, start="2026/04/04")}


def ratings(path: Path) -> dict[int, tuple]:
    """(new rating, next K) by FIDE ID, read through the list reader (the way the next run reads it)."""
    from elo_xl.period.lists import iter_list

    return {r.fide_id: (r.rating, r.k) for r in iter_list(path) if r.fide_id}


def three_months(tmp_path: Path, fmt: str, via_show: bool = False) -> dict[str, dict[int, tuple]]:
    """April, May (wrong, then replaced), June, each month's --list being last month's output
    (``via_show``: the list taken out of the database with --show instead)."""
    f = files(tmp_path)
    db = tmp_path / "ratings.sqlite"
    out = {m: tmp_path / f"{m}.{fmt}" for m in ("apr", "may", "jun")}
    seen = {}

    def next_list(month: str, key: str) -> Path:
        if not via_show:
            return out[key]
        shown = tmp_path / f"shown-{key}.{fmt}"
        assert run("--db", db, "--show", month, "-o", shown) == 0
        return shown

    assert run("--list", f["march"], "--month", "2026-04", f["a"], "--db", db, "-o", out["apr"]) == 0
    seen["apr"] = ratings(out["apr"]) if fmt != "json" else None
    apr_list = next_list("2026-04", "apr")
    assert run("--list", apr_list, "--month", "2026-05", f["b_wrong"], "--db", db, "-o", out["may"]) == 0
    seen["may_wrong"] = ratings(out["may"])
    assert run("--list", apr_list, "--month", "2026-05", f["b"], "--db", db, "-o", out["may"], "--replace") == 0
    seen["may"] = ratings(out["may"])
    assert run("--list", next_list("2026-05", "may"), "--month", "2026-06", f["c"], "--db", db, "-o", out["jun"]) == 0
    seen["jun"] = ratings(out["jun"])
    seen["db"] = db
    seen["files"] = f
    seen["out"] = out
    return seen


@pytest.mark.parametrize("fmt,via_show", [("txt", False), ("csv", False), ("xlsx", False), ("csv", True),
                                          ("txt", True), ("xlsx", True)])
def test_three_months_every_format_the_same_ratings(tmp_path, fmt, via_show):
    seen = three_months(tmp_path, fmt, via_show)
    # April: R4 −5, R5 +5; N has no rating yet (3 games), R1–R3 unchanged
    assert {i: seen["apr"][i] for i in (11, 15, 16)} == {11: (2000, 20), 15: (2095, 20), 16: (1905, 20)}
    assert 9 not in seen["apr"] or seen["apr"][9][0] is None
    # May, the wrong file: 1893; replaced with the right one: 1993, K 40
    assert seen["may_wrong"][9] == (1893, 40)
    assert seen["may"][9] == (1993, 40)
    # June starts from the replaced May: N 1993 beats R1: +20 → 2013, R1 −10 → 1990
    assert seen["jun"][9] == (2013, 40) and seen["jun"][11] == (1990, 20)
    assert seen["jun"][15] == (2095, 20) and seen["jun"][16] == (1905, 20)


def test_show_gives_the_runs_bytes_in_every_format(tmp_path):
    f = files(tmp_path)
    db = tmp_path / "h.sqlite"
    for fmt in ("txt", "csv", "xlsx", "json"):
        sub = tmp_path / fmt
        sub.mkdir()
        d = sub / "h.sqlite"
        written = sub / f"apr.{fmt}"
        assert run("--list", f["march"], "--month", "2026-04", f["a"], "--db", d, "-o", written) == 0
        shown = sub / f"shown.{fmt}"
        assert run("--db", d, "--show", "2026-04", "-o", shown) == 0
        assert shown.read_bytes() == written.read_bytes(), fmt
        # and in another format than the run's: the same players
        other = sub / "other.json"
        assert run("--db", d, "--show", "2026-04", "-o", other) == 0
        assert [p["fide_id"] for p in json.loads(other.read_text())["players"]][:6] == [11, 12, 13, 15, 16, 9]
    del db


def test_a_duplicate_event_is_refused_by_content(tmp_path, capsys):
    seen = three_months(tmp_path, "csv")
    f, db = seen["files"], seen["db"]
    capsys.readouterr()
    jul = tmp_path / "jul.csv"
    # the April file under another name, in July: already rated in 2026-04
    assert run("--list", seen["out"]["jun"], "--month", "2026-07", f["a_again"], "--db", db, "-o", jul) == 2
    err = capsys.readouterr().err
    assert "already rated in the period 2026-04" in err and "april-copy.trf" in err and not jul.exists()
    # the same event twice in one run (two names, one content)
    assert run("--list", f["march"], "--month", "2026-04", f["a"], f["a_again"], "-o", jul) == 2
    err = capsys.readouterr().err
    assert "the same event as" in err and "a.trf" in err and "april-copy.trf" in err


def test_replace_only_the_last_period_and_history(tmp_path, capsys):
    seen = three_months(tmp_path, "csv")
    f, db = seen["files"], seen["db"]
    capsys.readouterr()
    assert run("--list", seen["out"]["apr"], "--month", "2026-05", f["b"], "--db", db, "-o", tmp_path / "x.csv",
               "--replace") == 2
    err = capsys.readouterr().err
    assert "2026-05 cannot be replaced: 2026-06 was rated from its list" in err and "--drop 2026-06" in err
    assert not (tmp_path / "x.csv").exists()
    assert run("--db", db, "--history") == 0
    table = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in table[1:]] == [["standard", "2026-04"], ["standard", "2026-05"],
                                                        ["standard", "2026-06"]]
    # May's list (April's CSV): R1–R5, N and Nobody = 7 players; nobody rated with a change (R4 and
    # R5 met an unrated player only), N's first rating
    may = table[2].split()
    assert may[3:7] == ["1", "7", "0", "1"]  # events, players on the list, rated, first ratings
    # drop June, then May can be replaced (and June rated again, the same as before)
    assert run("--db", db, "--drop", "2026-06") == 0
    assert run("--list", seen["out"]["apr"], "--month", "2026-05", f["b"], "--db", db, "-o", tmp_path / "may2.csv",
               "--replace") == 0
    assert run("--list", tmp_path / "may2.csv", "--month", "2026-06", f["c"], "--db", db, "-o",
               tmp_path / "jun2.csv") == 0
    assert ratings(tmp_path / "jun2.csv") == seen["jun"]


def test_the_database_alone_equals_a_fresh_sequence(tmp_path):
    # the database after May-wrong + --replace equals one where May was right the first time
    seen = three_months(tmp_path, "csv")
    f = seen["files"]
    other = tmp_path / "clean"
    other.mkdir()
    db = other / "h.sqlite"
    assert run("--list", f["march"], "--month", "2026-04", f["a"], "--db", db, "-o", other / "apr.csv") == 0
    assert run("--list", other / "apr.csv", "--month", "2026-05", f["b"], "--db", db, "-o", other / "may.csv") == 0

    def state(path):
        with sqlite3.connect(path) as conn:
            return (sorted(conn.execute("SELECT * FROM pool")), sorted(conn.execute("SELECT type, fide_id, games FROM careers")))

    fresh = state(db)
    replaced = tmp_path / "r"
    replaced.mkdir()
    db2 = replaced / "h.sqlite"
    assert run("--list", f["march"], "--month", "2026-04", f["a"], "--db", db2, "-o", replaced / "apr.csv") == 0
    assert run("--list", replaced / "apr.csv", "--month", "2026-05", f["b_wrong"], "--db", db2, "-o",
               replaced / "may.csv") == 0
    assert run("--list", replaced / "apr.csv", "--month", "2026-05", f["b"], "--db", db2, "-o", replaced / "may.csv",
               "--replace") == 0
    assert state(db2) == fresh
    assert (other / "may.csv").read_bytes() == (replaced / "may.csv").read_bytes()


def test_an_event_outside_the_month_is_refused_unless_allowed(tmp_path, capsys):
    """An event is rated in the month it ends (B.02): one of 2010 given for April 2026 is refused,
    naming its month and the way out; --allow-dates rates it with a warning; a report one month
    late (it ended in March) is taken with a warning, which --strict refuses."""
    f = files(tmp_path)
    old = write_event(tmp_path, "old.trf", *MAY, start="2010/05/09")
    out = tmp_path / "o.csv"
    assert run("--list", f["march"], "--month", "2026-04", old, "-o", out) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert err == (f"elo-xl: {old}: the event starts on 2010/05/09, outside the period 2026-04: it ends more than a "
                   "month before the period; give it with --month 2010-05, the month it ends (a report one month late "
                   "is taken with a warning), or --allow-dates to rate it here")
    assert not out.exists()
    assert run("--list", f["march"], "--month", "2026-04", old, "-o", out, "--allow-dates") == 0
    assert "outside the period 2026-04 (rated in it all the same, as --allow-dates asks)" in capsys.readouterr().err
    out.unlink()
    later = write_event(tmp_path, "later.trf", *MAY, start="2026/05/02")
    assert run("--list", f["march"], "--month", "2026-04", later, "-o", out) == 2
    assert "it ends after the period; give it with --month 2026-05" in " ".join(capsys.readouterr().err.split())
    late = write_event(tmp_path, "late.trf", *MAY, start="2026/03/28")
    assert run("--list", f["march"], "--month", "2026-04", late, "-o", out) == 0
    assert "outside the period 2026-04 (reported late: rated in this period)" in capsys.readouterr().err
    out.unlink()
    assert run("--list", f["march"], "--month", "2026-04", late, "-o", out, "--strict") == 2
    assert "--strict refuses a report one month late" in capsys.readouterr().err and not out.exists()
    with pytest.raises(SystemExit):
        run("--list", f["march"], "--month", "2026-04", late, "-o", out, "--strict", "--allow-dates")
    assert "--allow-dates: not allowed with argument --strict" in capsys.readouterr().err
    # an event that ends in the month it is rated in: no warning, even if it started before
    text = event_text(*MAY, start="2026/03/29").replace("042 2026/03/29", "042 2026/03/29\n052 2026/04/02")
    (tmp_path / "across.trf").write_text(text)
    assert run("--list", f["march"], "--month", "2026-04", tmp_path / "across.trf", "-o", out, "--strict") == 0
    assert "outside" not in capsys.readouterr().err


def test_rapid_lists_keep_the_standard_rating_in_every_format(tmp_path):
    # a rapid CSV list: A unrated in rapid with standard 2100 (the seed), B 2000 K 20; nobody plays
    lst = tmp_path / "rapid.csv"
    lst.write_text("fide_id,name,federation,sex,title,rating,games,k,birth_year,flag,standard_rating\n"
                   "1,A,VIE,M,,0,0,,1990,,2100\n2,B,VIE,M,,2000,0,20,1990,,2000\n", encoding="utf-8")
    ev = write_event(tmp_path, "e.trf", [("B", 2, 2000), ("C", 3, None)], [[(1, 2, "1")]])
    from elo_xl.period.lists import iter_list

    for fmt in ("txt", "csv", "xlsx"):
        out = tmp_path / f"new.{fmt}"
        assert run("--list", lst, "--month", "2026-10", "--type", "rapid", ev, "-o", out) == 0
        rows = {r.fide_id: r for r in iter_list(out, "rapid")}
        assert rows[2].standard == 2000 and rows[2].rating == 2000
        assert rows[1].standard == 2100 and rows[1].rating is None  # the TXT too (FIDE's combined layout)


def test_fide_id_twice_names_both_lines(tmp_path, capsys):
    lst = write_csv_list(tmp_path, MARCH + [(12, "R2 again", 2000, 20, 1980)], "twice.csv")
    ev = write_event(tmp_path, "a.trf", *APRIL, start="2026/04/04")
    assert run("--list", lst, "--month", "2026-04", ev) == 2
    assert "twice.csv, lines 3 and 7: FIDE ID 12 is listed twice" in capsys.readouterr().err


@pytest.mark.parametrize("lang,name,old", [("vi", "Họ tên", "Elo cũ"), ("ar", "الاسم", "التصنيف السابق"),
                                           ("ru", "Имя", "Старый рейтинг")])
def test_xlsx_list_in_other_languages_reads_back(tmp_path, lang, name, old):

    f = files(tmp_path)
    out = tmp_path / "apr.xlsx"
    assert run("--list", f["march"], "--month", "2026-04", f["a"], "-o", out, "--lang", lang) == 0
    sheet = load_workbook(out).active
    heads = [c.value for c in sheet[2]]
    assert name in heads and old in heads and "2026-04" in sheet["A1"].value
    assert bool(sheet.sheet_view.rightToLeft) == (lang == "ar")
    # read back as May's list whatever the words: R4 2095, R5 1905 (see the module's story)
    assert {i: ratings(out)[i] for i in (15, 16)} == {15: (2095, 20), 16: (1905, 20)}
