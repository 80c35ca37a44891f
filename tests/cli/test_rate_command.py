"""``elo-xl rate``: a CSV crosstable rated, its JSON exactly as specified, K sources, errors."""

import csv
import io
import json

import pytest

from in_process import elo_xl_run
from elo_xl import engine
from elo_xl.cli import main
from elo_xl.event.samples import ROUND_ROBIN

PLAYER_KEYS = ["start_no", "name", "fide_id", "federation", "title", "rating", "k", "k_source", "points", "games",
               "score", "opp_average", "expected", "change_unrounded", "change", "new_rating", "performance"]


def write_csv(path, rows, header="name,rating,k"):
    n = len(rows)
    lines = [header + "," + ",".join(str(i + 1) for i in range(n))]
    for name, rating, k, results in rows:
        lines.append(",".join([name, "" if rating is None else str(rating), "" if k is None else str(k)] +
                              ["" if r is None else r for r in results]))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def sample_csv(tmp_path):
    rows = [(p.name, p.rating, None, ROUND_ROBIN.results[i]) for i, p in enumerate(ROUND_ROBIN.players)]
    return write_csv(tmp_path / "rr.csv", rows)


def run_json(*args):
    done = elo_xl_run("rate", *map(str, args), "--format", "json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout), done.stderr


def test_csv_crosstable_json_is_the_engine(tmp_path):
    data, _ = run_json(sample_csv(tmp_path), "--year", "2026")
    assert list(data) == ["event", "players"]
    assert list(data["event"]) == ["name", "rules", "rounds", "players", "average_rating", "category", "tiebreaks",
                                   "tiebreak_rules"]
    # a crosstable is a round robin: FIDE's recommended list; no start date: the rules in force today (2026)
    assert data["event"] == {"name": "rr", "rules": "FIDE", "rounds": 9, "players": 10,
                             "average_rating": engine.average_rating(ROUND_ROBIN.ratings), "category": 6,
                             "tiebreaks": ["DE", "WIN", "SB", "KS"], "tiebreak_rules": "2026"}
    outcomes = engine.rate_event(ROUND_ROBIN.ratings, ROUND_ROBIN.results)
    for row, outcome, player in zip(data["players"], outcomes, ROUND_ROBIN.players):
        assert list(row) == PLAYER_KEYS + ["rank", "tiebreaks"]
        assert list(row["tiebreaks"]) == ["DE", "WIN", "SB", "KS"]
        assert row["name"] == player.name and row["rating"] == player.rating
        for key in ("points", "games", "score", "opp_average", "expected", "change_unrounded", "change",
                    "new_rating", "performance"):
            assert row[key] == getattr(outcome, key), (player.name, key)
    unrated = data["players"][9]
    assert unrated["rating"] is None and unrated["k"] is None and unrated["k_source"] is None
    assert unrated["new_rating"] == 2180 and unrated["change"] is None and unrated["expected"] is None
    assert data["players"][0]["k"] == 10 and data["players"][0]["k_source"] == "rule"
    assert data["players"][8]["k"] == 20


def test_k_sources(tmp_path):
    path = sample_csv(tmp_path)
    data, _ = run_json(path, "--k", "15")
    assert {(p["k"], p["k_source"]) for p in data["players"][:9]} == {(15, "given")}
    k_file = tmp_path / "k.csv"
    k_file.write_text("id,k\n1,40\n3,10\n")
    data, _ = run_json(path, "--k-file", k_file, "--year", "2026")
    assert [(p["k"], p["k_source"]) for p in data["players"][:4]] == [(40, "file"), (10, "rule"), (10, "file"), (10, "rule")]
    outcomes = engine.rate_event(ROUND_ROBIN.ratings, ROUND_ROBIN.results, [[40], [None], [10]] + [[None]] * 7)
    assert [p["new_rating"] for p in data["players"]] == [o.new_rating for o in outcomes]


def test_other_rule_sets_use_their_own_k(tmp_path):
    data, _ = run_json(sample_csv(tmp_path), "--rules", "elo-1970")
    assert data["event"]["rules"] == "ELO-1970"
    assert {(p["k"], p["k_source"]) for p in data["players"]} == {(10, "rule")}
    outcomes = engine.rate_event(ROUND_ROBIN.ratings, ROUND_ROBIN.results, None, "ELO-1970")
    assert [p["new_rating"] for p in data["players"]] == [o.new_rating for o in outcomes]


def test_no_dates_uses_this_year_and_says_so(tmp_path):
    _, stderr = run_json(sample_csv(tmp_path))
    assert "the event has no dates: the junior K rule uses the current year" in stderr


def test_table_and_csv_formats(tmp_path, capsys):
    path = sample_csv(tmp_path)
    assert main(["rate", str(path), "--year", "2026"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[:2] == [  # wrapped at 100 columns, between the heading's parts
        "rr — 10 players, 9 rounds, rules FIDE, tie-breaks DE, WIN, SB, KS (2026 rules), average rating 2389,",
        "  category 6"]
    assert "Nguyen Van An" in out and "2530" in out and "Note: Pham Quoc Duy" not in out
    assert main(["rate", str(path), "--year", "2026", "--format", "csv", "-o", str(tmp_path / "out.csv")]) == 0
    lines = (tmp_path / "out.csv").read_text().splitlines()
    assert lines[0] == ",".join(PLAYER_KEYS + ["rank", "DE", "WIN", "SB", "KS"]) and len(lines) == 11


def swiss_trf(path):
    """Four players, two rounds. Round 1: 1 beats 2, 3 and 4 draw; round 2: 1 beats 4, 2 beats 3."""
    games = {1: [(2, "w", "1"), (4, "b", "1")], 2: [(1, "b", "0"), (3, "w", "1")],
             3: [(4, "w", "="), (2, "b", "0")], 4: [(3, "b", "="), (1, "w", "0")]}
    lines = ["012 Tie-break Open", "042 2026/05/01", "XXR 2"]
    for no, name in enumerate(["Ann", "Bob", "Cat", "Dan"], 1):
        rounds = "".join(f"  {opp:>4} {colour} {result}" for opp, colour, result in games[no])
        lines.append(f"001 {no:>4} m    {name:<33} {2000:>4} VIE {'':>11} {'':10} {'':>4} {'':>4}" + rounds)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_table_and_csv_rank_by_points_then_buchholz(tmp_path, capsys):
    """By hand: points 2, 1, ½, ½; Buchholz (the opponents' final scores) Ann 1 + ½ = 1½,
    Bob 2 + ½ = 2½, Cat ½ + 1 = 1½, Dan ½ + 2 = 2½; Cat and Dan tie on points and Dan's
    Buchholz puts him above Cat, though his start number is higher."""
    path = swiss_trf(tmp_path / "swiss.trf")
    assert main(["rate", str(path), "--format", "csv", "--tiebreaks", "BH"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [(r["name"], r["points"], r["BH"], r["rank"]) for r in rows] == [
        ("Ann", "2", "1.5", "1"), ("Bob", "1", "2.5", "2"), ("Cat", "0.5", "1.5", "4"), ("Dan", "0.5", "2.5", "3")]
    assert main(["rate", str(path), "--tiebreaks", "BH"]) == 0
    lines = capsys.readouterr().out.splitlines()
    lines = lines[next(i for i, line in enumerate(lines) if line.startswith("No ")) - 2:]  # the heading's lines before
    assert lines[2].split() == ["No", "Name", "Title", "Fed", "Points", "BH", "Rank"]
    # no title: after the name come the federation, points, Buchholz and rank; the standings
    # list the players by rank (Dan above Cat), the CSV above by start number
    assert [line.split()[1:6] for line in lines[3:7]] == [
        ["Ann", "VIE", "2", "1.5", "1"], ["Bob", "VIE", "1", "2.5", "2"], ["Dan", "VIE", "0.5", "2.5", "3"],
        ["Cat", "VIE", "0.5", "1.5", "4"]]
    assert main(["rate", str(path), "--tiebreaks", "BH", "--sort", "number"]) == 0
    by_number = capsys.readouterr().out.splitlines()
    first = next(i for i, line in enumerate(by_number) if line.startswith("No "))
    assert [line.split()[1] for line in by_number[first + 1:first + 5]] == ["Ann", "Bob", "Cat", "Dan"]
    assert main(["rate", str(path), "--format", "csv", "--tiebreaks", "BH", "--sort", "rank"]) == 0
    assert [r["name"] for r in csv.DictReader(io.StringIO(capsys.readouterr().out))] == ["Ann", "Bob", "Dan", "Cat"]
    assert main(["rate", str(path), "--format", "json", "--sort", "rank"]) == 2
    assert "--sort: the JSON lists players by start number" in capsys.readouterr().err
    # then the ratings: rating and K (20: rated below 2400, no birth date)
    assert lines[8].split()[:4] == ["No", "Name", "Rating", "K"]
    assert [line.split()[1:4] for line in lines[9:13]] == [["Ann", "2000", "20"], ["Bob", "2000", "20"],
                                                           ["Cat", "2000", "20"], ["Dan", "2000", "20"]]
    # the JSON: the rank and the tie-breaks of the list, by code
    assert main(["rate", str(path), "--format", "json", "--tiebreaks", "BH"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data["players"][0]) == PLAYER_KEYS + ["rank", "tiebreaks"]
    assert [(p["rank"], p["tiebreaks"]) for p in data["players"]] == [(1, {"BH": 1.5}), (2, {"BH": 2.5}),
                                                                    (4, {"BH": 1.5}), (3, {"BH": 2.5})]
    assert (data["event"]["tiebreaks"], data["event"]["tiebreak_rules"]) == (["BH"], "2026")  # 042: May 2026


@pytest.mark.parametrize("content,message", [
    ("name,rating\nA,2000\nB,2000\n",
     'rr.csv, line 1: a CSV crosstable starts with a header line name, rating, k; this one starts with "name,rating"'),
    ("name,rating,k,1,2\nA,2000,,,1\nB,2000,,x,\n",
     'rr.csv, line 3, column 4: ... '),
    ("name,rating,k,1,2\nA,abc,,,1\nB,2000,,0,\n",
     'rr.csv, line 2, column 2: rating "abc" is not a rating; type a number from 1 to 3999, or leave it blank (or 0, NR) '
     'for an unrated player'),
    ("name,rating,k,1,2\nA,2000,,,1\nB,2000,,1,\n",
     'rr.csv, lines 2 and 3: player 1 against 2 reads "1" but 2 against 1 reads "1"; one game reads 1/0, ½/½, 0/1, '
     "+/− or −/−"),
    ("name,rating,k,1,2\nA,2000,,,1\nB,2000,,0,,1\n",
     "rr.csv, line 3: 3 results, but the event has 2 players: give one column per player with the diagonal (2)"),
    ("name,rating,k,1,2\nA,2000,,1,1\nB,2000,,0,\n",
     'rr.csv, line 2, column 4: "1" is in the player\'s own cell (the diagonal); leave it blank or write x'),
])
def test_bad_csv_one_line_exit_2_nothing_written(tmp_path, content, message):
    path = tmp_path / "rr.csv"
    path.write_text(content)
    out = tmp_path / "out.json"
    done = elo_xl_run("rate", str(path), "-o", str(out))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    if "..." in message:
        assert lines[0].startswith("elo-xl: " + message.split("...")[0])
    else:
        assert lines[0] == "elo-xl: " + message
    assert not out.exists()


def test_missing_file_and_bad_option(tmp_path):
    done = elo_xl_run("rate", str(tmp_path / "none.trf"))
    assert done.returncode == 2 and done.stderr.strip() == f"elo-xl: {tmp_path / 'none.trf'}: no such file"
    done = elo_xl_run("rate", "x.trf", "--format", "xml")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1


# --- the standard rating column (FIDE-RAPID, FIDE-BLITZ) ---------------------------------------


def test_standard_rating_column_seeds_an_unrated_rapid_player(tmp_path):
    # Binh is unrated in rapid, standard 2100, and beats An (2000, K 20 given): he is rated with 2100
    # at K 40 (B.02 R&B 7.2.1): PD .64 for D 100 (table 8.1.2), 40 × .36 = 14.4 → +14;
    # An counts him as rated: 20 × (0 − .36) = −7.2 → −7
    path = tmp_path / "rapid.csv"
    path.write_text("name;rating;k;Standard Rating;1;2\nAn;2000;20;2400;x;0\nBinh;;;2100;1;x\n", encoding="utf-8")
    data, stderr = run_json(path, "--rules", "FIDE-RAPID", "--year", "2026")
    an, binh = data["players"]
    assert (an["change_unrounded"], an["change"], an["new_rating"], an["opp_average"]) == (-7.2, -7, 1993, 2100)
    assert (binh["rating"], binh["k"], binh["k_source"]) == (None, 40, "rule")
    assert (binh["change_unrounded"], binh["change"], binh["new_rating"]) == (14.4, 14, 2114)
    assert "Binh: rated with his standard rating 2100" in stderr
    # a K given for him is used: 20 × .36 = 7.2 → +7
    data, _ = run_json(path, "--rules", "FIDE-BLITZ", "--year", "2026", "--k", "20")
    assert data["players"][1]["new_rating"] == 2107


def test_standard_rating_column_is_refused_under_standard_rules(tmp_path):
    path = tmp_path / "std.csv"
    path.write_text("name,rating,k,standard rating,1,2\nAn,2000,20,,x,0\nBinh,,,2100,1,x\n", encoding="utf-8")
    done = elo_xl_run("rate", str(path))
    assert done.returncode != 0
    assert "the standard rating column is for FIDE-RAPID and FIDE-BLITZ" in done.stderr
    assert "Traceback" not in done.stderr


def test_standard_rating_column_positions_in_messages(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("name,rating,k,standard rating,1,2\nAn,2000,20,abc,x,0\nBinh,,,2100,1,x\n", encoding="utf-8")
    done = elo_xl_run("rate", str(path), "--rules", "FIDE-RAPID")
    assert "bad.csv, line 2, column 4: standard rating" in done.stderr
    path.write_text("name,rating,k,standard rating,1,2\nAn,2000,20,,x,q\nBinh,,,2100,1,x\n", encoding="utf-8")
    done = elo_xl_run("rate", str(path), "--rules", "FIDE-RAPID")
    assert "bad.csv, line 2, column 6:" in done.stderr


def test_workbook_from_a_csv_with_standard_ratings_is_refused(tmp_path):
    # the books have no standard rating column: they would rate Binh as unrated, unlike rate
    path = tmp_path / "rapid.csv"
    path.write_text("name,rating,k,standard rating,1,2\nAn,2000,20,,x,0\nBinh,,,2100,1,x\n", encoding="utf-8")
    out = tmp_path / "book.xlsx"
    assert main(["workbook", "round-robin", "--from", str(path), "--rules", "FIDE-RAPID", "-o", str(out)]) == 2
    assert not out.exists()
