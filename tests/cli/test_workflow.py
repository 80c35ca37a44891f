"""The arbiter's workflow end to end: TRF → rate, TRF → workbook → TRF, the prefilled book
recalculated in LibreOffice equals ``rate``, a CSV crosstable equals the same event as TRF,
the demo, and the errors of the command line."""

import json
from pathlib import Path

import pytest

from in_process import elo_xl_run
from elo_xl import engine
from elo_xl.recalc import read_named
from elo_xl.event.samples import SWISS_TRF_PATH
from elo_xl.io import read_trf
from books import load_workbook

DATA = Path(__file__).parents[1] / "data" / "trf"


def cli(*args, check=True):
    done = elo_xl_run(*args)
    if check:
        assert done.returncode == 0, done.stderr
    return done


def rate_json(path, *options):
    return json.loads(cli("rate", path, "--format", "json", *options).stdout)


def test_rate_sample_trf_is_the_engine():
    event = read_trf(SWISS_TRF_PATH)
    data = rate_json(SWISS_TRF_PATH)
    assert data["event"] == {"name": "Saigon Chess Festival 2026 - Open A", "rules": "FIDE", "rounds": 7,
                             "players": 12, "average_rating": engine.average_rating(event.ratings()),
                             "category": None,  # a Swiss has no category (issue 23, item 12)
                             # a Swiss starting 14 March 2026: FIDE's recommended Swiss list, the 2026 rules
                             "tiebreaks": ["BH/C1", "BH", "SB", "PS", "DE", "WIN", "BWG"], "tiebreak_rules": "2026"}
    ks = [engine.k_factor(p.rating, None, y, None, "FIDE", 2026) if p.rating else None
          for p, y in zip(event.players, event.birth_years())]
    outcomes = engine.rate_event(event.ratings(), event.results(), [[k] for k in ks], "FIDE", event.pairings())
    for row, player, outcome, k in zip(data["players"], event.players, outcomes, ks):
        assert (row["start_no"], row["name"], row["title"], row["federation"], row["fide_id"]) == (
            player.start_no, player.name, player.title or None, player.federation or None, player.fide_id or None)
        assert row["k"] == k and row["k_source"] == ("rule" if k else None)
        assert row["points"] == player.points  # the file's points: byes and forfeits included
        for key in ("games", "score", "opp_average", "expected", "change_unrounded", "change", "new_rating",
                    "performance"):
            assert row[key] == getattr(outcome, key), (player.name, key)
    # juniors by the event year (2026): born 2009 → 40 below 2300; born 2010 and rated 1935 → 40
    assert data["players"][6]["k"] == 40 and data["players"][9]["k"] == 40
    assert data["players"][0]["k"] == 10


def test_year_option_changes_the_junior_rule():
    data = rate_json(SWISS_TRF_PATH, "--year", "2030")
    assert data["players"][6]["k"] == 20  # born 2009: 21 in 2030


def test_trf_to_workbook_to_trf_keeps_every_player_field(tmp_path):
    book, back = tmp_path / "event.xlsx", tmp_path / "back.trf"
    cli("workbook", "swiss", "--from", SWISS_TRF_PATH, "--lang", "vi", "-o", book)
    cli("export", book, "-o", back)
    original = [line for line in SWISS_TRF_PATH.read_text(encoding="utf-8").splitlines() if line.startswith("001")]
    again = [line for line in back.read_text(encoding="utf-8").splitlines() if line.startswith("001")]
    assert [line[:85] + line[89:] for line in again] == [line[:85] + line[89:] for line in original]
    exported = read_trf(back)
    assert exported.name == "Saigon Chess Festival 2026 - Open A" and exported.rounds == 7
    assert exported.start_year == 2026 and exported.city == "Ho Chi Minh City"
    # the book keeps the file's other records (arbiters, time control, round dates…): nothing is lost
    assert back.read_text(encoding="utf-8") == SWISS_TRF_PATH.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["swiss-10x9.trf", "round-robin-6.trf", "latin1.trf"])
def test_other_files_survive_the_workbook(tmp_path, name):
    book, back = tmp_path / "event.xlsx", tmp_path / "back.trf"
    cli("workbook", "swiss", "--from", DATA / name, "-o", book)
    cli("export", book, "-o", back)
    before, after = read_trf(DATA / name), read_trf(back)
    assert [r.text for r in before.headers] == [r.text for r in after.headers]   # blank lines and comments too
    original = (DATA / name).read_bytes().decode(before.encoding).replace("\r\n", "\n").splitlines()
    exported = back.read_text(encoding="utf-8").splitlines()
    assert [line[:80] + line[89:] for line in exported] == [line[:80] + line[89:] for line in original]
    for p, q in zip(before.players, after.players):
        assert (p.start_no, p.sex, p.title, p.name, p.rating, p.federation, p.fide_id, p.birth, p.points) == (
            q.start_no, q.sex, q.title, q.name, q.rating, q.federation, q.fide_id, q.birth, q.points)
        assert [(g.opponent, g.colour, g.result) for g in p.games if not g.blank] == [
            (g.opponent, g.colour, g.result) for g in q.games if not g.blank]


def test_prefilled_books_compute_what_rate_computes(libreoffice, tmp_path):
    names = ["Points", "Games", "Score", "OppAverage", "Expected", "Change", "NewRating", "Performance"]
    keys = ["points", "games", "score", "opp_average", "expected", "change", "new_rating", "performance"]
    # a Swiss is refused by the round-robin book (issue 23, item 6): each kind from its own event
    for kind, source in (("swiss", SWISS_TRF_PATH), ("round-robin", DATA / "round-robin-6.trf")):
        data = rate_json(source)
        book = tmp_path / f"{kind}.xlsx"
        cli("workbook", kind, "--from", source, "-o", book)
        libreoffice.recalculate(book, tmp_path / f"{kind}-computed.xlsx")
        values = read_named(tmp_path / f"{kind}-computed.xlsx", names)
        for name, key in zip(names, keys):
            got = [row[0] for row in values[name]]
            want = [p[key] for p in data["players"]]
            if key == "expected":
                assert all((a is None and b is None) or abs(a - b) < 1e-9 for a, b in zip(got, want)), (kind, name)
            else:
                assert got == want, (kind, name)


def test_csv_crosstable_equals_the_same_event_as_trf(tmp_path):
    event = read_trf(DATA / "round-robin-6.trf")
    n = len(event.players)
    table = [[""] * n for _ in range(n)]
    for i, (row, results) in enumerate(zip(event.pairings(), event.results())):
        for opponent, result in zip(row, results):
            if opponent and result:
                table[i][opponent - 1] = result
    lines = ["name,rating,k," + ",".join(str(j + 1) for j in range(n))]
    for p, row in zip(event.players, table):
        lines.append(",".join([f'"{p.name}"', str(p.rating or ""), ""] + row))
    csv_path = tmp_path / "rr.csv"
    csv_path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    from_trf, from_csv = rate_json(DATA / "round-robin-6.trf", "--year", "2026"), rate_json(csv_path, "--year", "2026")
    fields = ["name", "rating", "k", "points", "games", "score", "opp_average", "expected", "change_unrounded",
              "change", "new_rating", "performance"]
    assert [[p[f] for f in fields] for p in from_csv["players"]] == [[p[f] for f in fields] for p in from_trf["players"]]
    assert from_csv["event"]["average_rating"] == from_trf["event"]["average_rating"]


def test_demo_prints_both_tables_and_writes_the_books(tmp_path):
    done = cli("demo", "-o", tmp_path / "demo")
    assert "elo-xl Sample Round Robin" in done.stdout and "Saigon Chess Festival 2026" in done.stdout
    assert sorted(p.name for p in (tmp_path / "demo").iterdir()) == ["round-robin-en.xlsx", "swiss-en.xlsx"]
    wb = load_workbook(tmp_path / "demo" / "swiss-en.xlsx")
    sheet, cells = next(iter(wb.defined_names["Names"].destinations))
    assert wb[sheet][cells.split(":")[0].replace("$", "")].value == "Vasquez, Alejandro"


def test_bad_trf_one_line_exit_2_nothing_written(tmp_path):
    lines = SWISS_TRF_PATH.read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("001"))
    broken = list(lines)
    broken[first] = broken[first][:91] + "  17" + broken[first][95:]
    path = tmp_path / "bad.trf"
    path.write_text("\n".join(broken) + "\n", encoding="utf-8")
    out = tmp_path / "out.json"
    done = cli("rate", path, "-o", out, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip() == (f"elo-xl: bad.trf, line {first + 1}, columns 92–95: opponent 17 does not exist, "
                                   "the event has 12 players")
    assert not out.exists()
    done = cli("workbook", "swiss", "--from", path, "-o", tmp_path / "book.xlsx", check=False)
    assert done.returncode == 2 and not (tmp_path / "book.xlsx").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.trf"]


def test_both_players_won(tmp_path):
    # player 2 won round 1 against player 8; now player 8's line claims that win too
    text = SWISS_TRF_PATH.read_text(encoding="utf-8").replace("    2 w 0     7 b 0", "    2 w 1     7 b 0")
    path = tmp_path / "both.trf"
    path.write_text(text, encoding="utf-8")
    done = cli("rate", path, check=False)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1].endswith("round 1 says 2–8 was won by both players")


def test_export_errors(tmp_path):
    done = cli("export", tmp_path / "none.xlsx", "-o", tmp_path / "x.trf", check=False)
    assert done.returncode == 2 and done.stderr.strip() == f"elo-xl: {tmp_path / 'none.xlsx'}: no such file"
    other = tmp_path / "player.xlsx"
    cli("workbook", "player", "-o", other)
    done = cli("export", other, "-o", tmp_path / "x.trf", check=False)
    assert done.returncode == 2 and "this is a player calculator, not an event book" in done.stderr
    assert not (tmp_path / "x.trf").exists()
