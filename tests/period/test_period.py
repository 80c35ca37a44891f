"""Rating periods: the arithmetic of a month (FIDE B.02), hand-computed from tables 8.1.1 / 8.1.2.

Every expected value below is worked out in the comment next to it from FIDE-RULES.md and
FIDE-PERIODS.md, not taken from the code.

The events here are dated in October 2026 whatever month they are rated in: the runs give
--allow-dates (the dates are tested in test_period_months.py).
"""

import json

import pytest

from elo_xl.cli import main
from elo_xl.period.run import rate_period
from elo_xl.io import parse_trf
from period_helpers import event_text, write_csv_list, write_event


def period(tmp_path, list_rows, events, month="2026-10", *extra):
    """Run ``elo-xl period`` with a CSV list and events; the JSON players by FIDE ID (or name)."""
    lst = write_csv_list(tmp_path, list_rows)
    paths = [write_event(tmp_path, f"e{i}.trf", players, games) for i, (players, games) in enumerate(events)]
    out = tmp_path / "out.json"
    code = main(["period", "--allow-dates", "--list", str(lst), "--month", month, *map(str, paths), "--format", "json", "-o", str(out),
                 *extra])
    assert code == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    return data, {(p["fide_id"] or p["name"]): p for p in data["players"]}


def test_one_player_three_events_one_rounding(tmp_path):
    # A 2010 K 20 draws with a 1995 player in each of three events: D = 15 → PD 0.52 (row 11–17).
    # Per event 20 × (0.5 − 0.52) = −0.4, which would round to 0 three times; over the period
    # 20 × (1.5 − 1.56) = −1.2 → −1 (rounded once).
    rows = [(1, "A", 2010, 20, 1980), (2, "B", 1995, 20, 1980), (3, "C", 1995, 20, 1980), (4, "D", 1995, 20, 1980)]
    events = [([("A", 1, 2010), (opp, fid, 1995)], [[(1, 2, "=")]]) for opp, fid in (("B", 2), ("C", 3), ("D", 4))]
    _, players = period(tmp_path, rows, events)
    a = players[1]
    assert (a["games"], a["k_used"], a["change"], a["new_rating"]) == (3, 20, -1, 2009)
    # each opponent: 20 × (0.5 − 0.48) = +0.4 → 0
    assert [players[i]["change"] for i in (2, 3, 4)] == [0, 0, 0]


def test_k20_with_39_games_becomes_17(tmp_path):
    # A 2000 K 20 meets 39 players rated 2000 (PD 0.50 each) in three 13-round events: one win and
    # 38 draws = 20 points against 19.5 expected. K × 39 = 780 > 700 → K = 700 // 39 = 17;
    # 17 × 0.5 = 8.5 → 9 (.5 away from zero); with K 20 it would have been 10.
    rows = [(1, "A", 2000, 20, 1980)] + [(100 + j, f"O{j}", 2000, 20, 1980) for j in range(39)]
    events = []
    for e in range(3):
        players = [("A", 1, 2000)] + [(f"O{e * 13 + j}", 100 + e * 13 + j, 2000) for j in range(13)]
        games = [[(1, j + 2, "1" if (e, j) == (0, 0) else "=")] for j in range(13)]
        events.append((players, games))
    _, players = period(tmp_path, rows, events)
    a = players[1]
    assert (a["games"], a["old_k"], a["k_used"], a["change"], a["new_rating"]) == (39, 20, 17, 9, 2009)
    # the player who lost: 20 × (0 − 0.5) = −10; one draw: 0
    assert (players[100]["change"], players[100]["new_rating"], players[101]["change"]) == (-10, 1990, 0)


NEWCOMER_EVENTS = [
    # event 1: N (unrated, FIDE ID 9) scores 2/3 against three 2000 players, and meets an
    # unrated player (not counted)
    ([("N", 9, None), ("R1", 11, 2000), ("R2", 12, 2000), ("R3", 13, 2000), ("U", 14, None)],
     [[(1, 2, "1")], [(1, 3, "1")], [(1, 4, "0")], [(1, 5, "1")]]),
    # event 2: ½... N scores 1/2 against 2100 and 1900: the 5th rated game
    ([("N", 9, None), ("R4", 15, 2100), ("R5", 16, 1900)], [[(1, 2, "1")], [(1, 3, "0")]]),
]
NEWCOMER_LIST = [(11, "R1", 2000, 20, 1980), (12, "R2", 2000, 20, 1980), (13, "R3", 2000, 20, 1980),
                 (15, "R4", 2100, 20, 1980), (16, "R5", 1900, 20, 1980)]


def test_newcomer_fifth_game_in_second_event(tmp_path):
    # 5 games against rated opponents: Σ = 3×2000 + 2100 + 1900 = 10000, score 3.
    # Two hypothetical 1800 draws: Ra = 13600 / 7 = 1942.86; p = 4/7 = 0.57 → dp 50 (table 8.1.1);
    # Ru = 1942.86 + 50 = 1992.86 → 1993 (≥ 1400, ≤ 2200).
    data, players = period(tmp_path, NEWCOMER_LIST, NEWCOMER_EVENTS)
    n = players[9]
    assert (n["old_rating"], n["games"], n["new_rating"]) == (None, 5, 1993)
    assert "first rating" in n["note"]
    assert "not on the list" in n["note"]
    # newcomers come after the list's players
    assert [p["fide_id"] for p in data["players"]][-2:] == [9, 14]
    # the rated players' games against N are not rated: R1 lost to an unrated player, no change
    assert (players[11]["games"], players[11]["change"], players[11]["new_rating"]) == (0, None, 2000)


def test_newcomer_after_first_event_only_has_no_rating(tmp_path):
    _, players = period(tmp_path, NEWCOMER_LIST, NEWCOMER_EVENTS[:1])
    n = players[9]
    assert n["new_rating"] is None
    assert "3 rated games against rated opponents, 5 needed" in n["note"]


def test_pooled_newcomer_across_two_periods(tmp_path):
    # September: the games of event 1 (3 rated games, no rating yet, pooled in the database);
    # October: event 2's 2 games complete 5 → the same first rating as above, 1993.
    db = tmp_path / "history.sqlite"
    lst = write_csv_list(tmp_path, NEWCOMER_LIST)
    e1 = write_event(tmp_path, "sep.trf", *NEWCOMER_EVENTS[0], start="2026/09/10")
    e2 = write_event(tmp_path, "oct.trf", *NEWCOMER_EVENTS[1])
    out = tmp_path / "out.json"
    assert main(["period", "--allow-dates", "--list", str(lst), "--month", "2026-09", str(e1), "--db", str(db), "-o", str(out)]) == 0
    sep = {p["fide_id"]: p for p in json.loads(out.read_text())["players"]}
    assert sep[9]["new_rating"] is None
    assert main(["period", "--allow-dates", "--list", str(lst), "--month", "2026-10", str(e2), "--db", str(db), "-o", str(out)]) == 0
    oct_ = {p["fide_id"]: p for p in json.loads(out.read_text())["players"]}
    assert (oct_[9]["games"], oct_[9]["new_rating"]) == (2, 1993)
    assert "pooled with 3 games of earlier periods" in oct_[9]["note"]
    # without the database the October games alone (2) give no rating
    out2 = tmp_path / "alone.json"
    assert main(["period", "--allow-dates", "--list", str(lst), "--month", "2026-10", str(e2), "-o", str(out2)]) == 0
    alone = {p["fide_id"]: p for p in json.loads(out2.read_text())["players"]}
    assert alone[9]["new_rating"] is None


def newcomer_files(folder):
    """The newcomer's list and two events in ``folder``; with the database and output paths."""
    lst = write_csv_list(folder, NEWCOMER_LIST)
    e1 = write_event(folder, "a.trf", *NEWCOMER_EVENTS[0])
    e2 = write_event(folder, "b.trf", *NEWCOMER_EVENTS[1])
    return folder / "history.sqlite", lst, e1, e2, folder / "out.json"


def test_pool_expires_after_26_months(tmp_path):
    db, lst, e1, e2, out = newcomer_files(tmp_path)
    assert main(["period", "--allow-dates", "--list", str(lst), "--month", "2024-08", str(e1), "--db", str(db), "-o", str(out)]) == 0
    # 2024-08 … 2026-10 spans 27 months: the September 2024 games are no longer pooled
    assert main(["period", "--allow-dates", "--list", str(lst), "--month", "2026-10", str(e2), "--db", str(db), "-o", str(out)]) == 0
    late = {p["fide_id"]: p for p in json.loads(out.read_text())["players"]}
    assert late[9]["new_rating"] is None


def test_rating_falling_below_1400_is_unrated(tmp_path):
    # X 1405 K 20 loses to 1555: D −150 → PD 0.30 (row 146–153), 20 × (0 − 0.30) = −6 → 1399 < 1400:
    # unrated on the new list. Y 1406 loses the same way → 1400, still rated.
    rows = [(1, "X", 1405, 20, 1980), (2, "Y", 1406, 20, 1980), (3, "S", 1555, 20, 1980), (4, "T", 1556, 20, 1980)]
    events = [([("X", 1, 1405), ("S", 3, 1555)], [[(1, 2, "0")]]),
              ([("Y", 2, 1406), ("T", 4, 1556)], [[(1, 2, "0")]])]
    _, players = period(tmp_path, rows, events)
    x, y = players[1], players[2]
    assert (x["change"], x["new_rating"], x["next_k"]) == (-6, None, None)
    assert "1399 is below 1400" in x["note"]
    assert (y["change"], y["new_rating"]) == (-6, 1400)
    # S: 20 × (1 − 0.70) = +6 → 1561
    assert players[3]["new_rating"] == 1561


def test_next_k_after_reaching_2400(tmp_path):
    # P 2395 K 20 beats Q 2395: +0.5 × 20 = +10 → 2405: K 10 from the next list on. Q: −10 → 2385, K 20.
    rows = [(1, "P", 2395, 20, 1980), (2, "Q", 2395, 20, 1980)]
    _, players = period(tmp_path, rows, [([("P", 1, 2395), ("Q", 2, 2395)], [[(1, 2, "1")]])])
    assert (players[1]["new_rating"], players[1]["next_k"]) == (2405, 10)
    assert (players[2]["new_rating"], players[2]["next_k"]) == (2385, 20)


def test_list_without_k_uses_the_rules(tmp_path):
    # No K on the list: a 2450 player gets 10, a 2100 adult 20 (career unknown: not 40).
    # 2450 vs 2100 win: D 350 → PD 0.89 (row 345–357): 10 × 0.11 = 1.1 → +1. 2100: 20 × (0 − 0.11) = −2.2 → −2.
    rows = [(1, "P", 2450, None, 1980), (2, "Q", 2100, None, 1980)]
    _, players = period(tmp_path, rows, [([("P", 1, 2450), ("Q", 2, 2100)], [[(1, 2, "1")]])])
    assert (players[1]["k_used"], players[1]["change"]) == (10, 1)
    assert (players[2]["k_used"], players[2]["change"]) == (20, -2)


def test_vietnamese_k_schedule(tmp_path):
    # K 25 below 1600, 20 from 1600, 15 from 2000, 10 from 2400 (SEEDS.md), replacing the list's K.
    # 1590 vs 1590 draw → 0; 1590 beats 2010: D −420 → −400 → PD 0.08 → 25 × 0.92 = 23;
    # 2010 loses: PD 0.92 → 15 × −0.92 = −13.8 → −14.
    rows = [(1, "A", 1590, 40, 1980), (2, "B", 2010, 40, 1980)]
    _, players = period(tmp_path, rows, [([("A", 1, 1590), ("B", 2, 2010)], [[(1, 2, "1")]])], "2026-10",
                        "--k-schedule", "0:25,1600:20,2000:15,2400:10")
    assert (players[1]["k_used"], players[1]["change"], players[1]["new_rating"], players[1]["next_k"]) == (25, 23, 1613, 20)
    assert (players[2]["k_used"], players[2]["change"], players[2]["new_rating"], players[2]["next_k"]) == (15, -14, 1996, 20)


def test_logistic_national_list(tmp_path):
    # SEEDS.md (Vietnamese Wikipedia): A 1613 loses to B 1609 with K 20: A 1603, B 1619.
    rows = [(1, "A", 1613, 20, 1980), (2, "B", 1609, 20, 1980)]
    data, players = period(tmp_path, rows, [([("A", 1, 1613), ("B", 2, 1609)], [[(1, 2, "0")]])], "2026-10",
                           "--rules", "LOGISTIC", "--k-schedule", "0:25,1600:20,2000:15,2400:10")
    assert data["rules"].startswith("LOGISTIC")
    assert (players[1]["new_rating"], players[2]["new_rating"]) == (1603, 1619)


def test_list_rating_is_used_not_the_files(tmp_path):
    # The TRF says 2300/2200, the list 2010/1995: the list rules (as in the first test, −0.4 → 0).
    rows = [(1, "A", 2010, 20, 1980), (2, "B", 1995, 20, 1980)]
    _, players = period(tmp_path, rows, [([("A", 1, 2300), ("B", 2, 2200)], [[(1, 2, "=")]])])
    assert (players[1]["old_rating"], players[1]["change"]) == (2010, 0)


def test_name_mismatch_is_a_warning(tmp_path, capsys):
    rows = [(1, "Alpha, Ann", 2010, 20, 1980), (2, "B", 1995, 20, 1980)]
    period(tmp_path, rows, [([("Omega, Olga", 1, 2010), ("B", 2, 1995)], [[(1, 2, "=")]])])
    err = capsys.readouterr().err
    assert "warning" in err and "FIDE ID 1 is Alpha, Ann on the list, not Omega, Olga" in err


def test_player_without_id_is_rated_as_unrated(tmp_path):
    rows = [(1, "A", 2010, 20, 1980)]
    data, players = period(tmp_path, rows, [([("A", 1, 2010), ("Nobody", None, 1800)], [[(1, 2, "1")]])])
    nobody = players["Nobody"]
    assert nobody["fide_id"] is None and nobody["new_rating"] is None
    assert "no FIDE ID" in nobody["note"]
    assert players[1]["change"] is None  # a game against an unrated player is not rated


def test_same_month_twice_and_out_of_order_refused(tmp_path, capsys):
    db = tmp_path / "h.sqlite"
    lst = write_csv_list(tmp_path, [(1, "A", 2010, 20, 1980), (2, "B", 1995, 20, 1980)])
    ev = write_event(tmp_path, "e.trf", [("A", 1, 2010), ("B", 2, 1995)], [[(1, 2, "=")]])
    out = tmp_path / "o.txt"
    args = ["period", "--allow-dates", "--list", str(lst), str(ev), "--db", str(db), "-o", str(out)]
    assert main(args + ["--month", "2026-10"]) == 0
    capsys.readouterr()
    out.unlink()
    assert main(args + ["--month", "2026-10"]) == 2
    err = capsys.readouterr().err
    assert "2026-10 is already in the database" in err and err.count("\n") == 1
    assert not out.exists()  # nothing written
    assert main(args + ["--month", "2026-09"]) == 2
    assert "comes before 2026-10" in capsys.readouterr().err
    # the same event in November: already rated in 2026-10 (recognised by its content)
    assert main(args + ["--month", "2026-11"]) == 2
    assert "already rated in the period 2026-10" in capsys.readouterr().err
    ev2 = write_event(tmp_path, "e2.trf", [("A", 1, 2010), ("B", 2, 1995)], [[(1, 2, "1")]], start="2026/11/03")
    assert main(["period", "--allow-dates", "--list", str(lst), str(ev2), "--db", str(db), "-o", str(out), "--month", "2026-11"]) == 0


def test_database_unchanged_when_a_period_fails_midway(tmp_path, monkeypatch):
    import sqlite3

    from elo_xl.period import store

    db, lst, e1, e2, out = newcomer_files(tmp_path)
    assert main(["period", "--allow-dates", "--list", str(lst), "--month", "2026-09", str(e1), "--db", str(db), "-o", str(out)]) == 0

    def dump():
        conn = sqlite3.connect(db)
        try:
            return list(conn.iterdump())
        finally:
            conn.close()

    before = dump()
    assert any("INSERT INTO \"pool\"" in line for line in before)

    def crash(conn, rows):
        conn.executemany("INSERT INTO games VALUES (?, ?, ?, ?)", [next(iter(rows))])
        raise RuntimeError("simulated crash while writing the games")

    monkeypatch.setattr(store, "_insert_games", crash)
    with pytest.raises(RuntimeError):
        main(["period", "--allow-dates", "--list", str(lst), "--month", "2026-10", str(e2), "--db", str(db), "-o", str(out)])
    assert dump() == before
    monkeypatch.undo()
    # and the month can then be processed
    assert main(["period", "--allow-dates", "--list", str(lst), "--month", "2026-10", str(e2), "--db", str(db), "-o", str(out)]) == 0
    assert {p["fide_id"]: p for p in json.loads(out.read_text())["players"]}[9]["new_rating"] == 1993


def test_rate_period_on_objects():
    # The library face: the same arithmetic without files (A 2500 beats B 2400, K 10: +3.6 → +4).
    from elo_xl.period.lists import ListRow, RatingList

    rl = RatingList()
    rl.append(ListRow(1, "A", "VIE", "M", "", "", "", "", 2500, 0, 10, 1980, "", 2))
    rl.append(ListRow(2, "B", "VIE", "M", "", "", "", "", 2400, 0, 10, 1980, "", 3))
    text = event_text([("A", 1, 2500), ("B", 2, 2400)], [[(1, 2, "1")]])
    result = rate_period(rl, [("x.trf", parse_trf(text))], "2026-10")
    assert [(r["change"], r["new_rating"]) for r in result.rows()] == [(4, 2504), (-4, 2396)]


def test_bad_month_and_missing_list(tmp_path, capsys):
    ev = write_event(tmp_path, "e.trf", [("A", 1, 2010), ("B", 2, 1995)], [[(1, 2, "=")]])
    assert main(["period", "--allow-dates", "--list", str(tmp_path / "none.txt"), "--month", "2026-13", str(ev)]) == 2
    assert '"2026-13" is not a month' in capsys.readouterr().err
    assert main(["period", "--allow-dates", "--list", str(tmp_path / "none.txt"), "--month", "2026-10", str(ev)]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_rapid_period_reads_the_rapid_column(tmp_path):
    # A combined list: the rapid ratings (RRtng) are used, not the standard ones.
    from test_period_lists import foa_line, FOA_HEADER

    lines = [FOA_HEADER, foa_line(1, "A", 2500, 2010, 20), foa_line(2, "B", 2500, 1995, 20)]
    lst = tmp_path / "players_list_foa.txt"
    lst.write_text("\n".join(lines) + "\n")
    ev = write_event(tmp_path, "e.trf", [("A", 1, 2010), ("B", 2, 1995)], [[(1, 2, "=")]])
    out = tmp_path / "o.json"
    assert main(["period", "--allow-dates", "--list", str(lst), "--month", "2026-10", "--type", "rapid", str(ev), "-o", str(out)]) == 0
    players = {p["fide_id"]: p for p in json.loads(out.read_text())["players"]}
    assert players[1]["old_rating"] == 2010


def test_junior_k40_ends_with_the_year_of_the_18th_birthday(tmp_path):
    # J born 2008, K 40, 2100: in 2026 he turns 18, so K 40 lasts until the end of 2026; the list of
    # 1 January 2027 (after the December period) gives him 20. After November he keeps 40.
    # J beats an equal 2100: +0.5 × 40 = +20.
    rows = [(1, "J", 2100, 40, 2008), (2, "Q", 2100, 20, 1980)]
    events = [([("J", 1, 2100), ("Q", 2, 2100)], [[(1, 2, "1")]])]
    _, december = period(tmp_path, rows, events, "2026-12")
    assert (december[1]["change"], december[1]["new_rating"], december[1]["next_k"]) == (20, 2120, 20)
    assert "18th birthday" in december[1]["note"]
    _, november = period(tmp_path, rows, events, "2026-11")
    assert november[1]["next_k"] == 40
    # an adult with K 40 and an unknown career keeps 40 (the 30-games rule needs the career count)
    _, adult = period(tmp_path, [(1, "A", 2100, 40, 1980), (2, "Q", 2100, 20, 1980)], events, "2026-12")
    assert adult[1]["next_k"] == 40


def test_thirty_games_from_the_career_count(tmp_path):
    # September: N gets a first rating from 5 games (1993, as above; career 5, next K 40).
    # October: on the list with 1993 and K 40, N draws 25 games with 1993 players → career 30:
    # K 20 from the November list. (25 draws at PD 0.50: change 0.)
    db = tmp_path / "h.sqlite"
    lst = write_csv_list(tmp_path, NEWCOMER_LIST, "sep.csv")
    e1 = write_event(tmp_path, "a.trf", *NEWCOMER_EVENTS[0])
    e2 = write_event(tmp_path, "b.trf", *NEWCOMER_EVENTS[1])
    out = tmp_path / "o.json"
    assert main(["period", "--allow-dates", "--list", str(lst), "--month", "2026-09", str(e1), str(e2), "--db", str(db),
                 "-o", str(out)]) == 0
    sep = {p["fide_id"]: p for p in json.loads(out.read_text())["players"]}
    assert (sep[9]["new_rating"], sep[9]["next_k"]) == (1993, 40)
    rows = [(9, "N", 1993, 40, 1980)] + [(300 + j, f"O{j}", 1993, 20, 1980) for j in range(25)]
    oct_list = write_csv_list(tmp_path, rows, "oct.csv")
    players = [("N", 9, 1993)] + [(f"O{j}", 300 + j, 1993) for j in range(25)]
    e3 = write_event(tmp_path, "c.trf", players, [[(1, j + 2, "=")] for j in range(25)])
    assert main(["period", "--allow-dates", "--list", str(oct_list), "--month", "2026-10", str(e3), "--db", str(db),
                 "-o", str(out)]) == 0
    oct_ = {p["fide_id"]: p for p in json.loads(out.read_text())["players"]}
    assert (oct_[9]["games"], oct_[9]["k_used"], oct_[9]["change"], oct_[9]["next_k"]) == (25, 28, 0, 20)


def test_ussr_1977_with_a_k_schedule_keeps_tenths(tmp_path):
    # USSR-1977: N_exp to 0.1 point. A 1700 vs B 1650 (one game): ΔK 50 → h 57 → N_exp 0.57 → 0.6;
    # A draws: K 25 (schedule, below 1600? no: 1700 → 20) → 20 × (0.5 − 0.6) = −2 → 1698.
    # B: h 43 → 0.4; K 20 × (0.5 − 0.4) = +2 → 1652. With K 25 for a 1590 player the change has halves:
    # C 1590 vs D 1540 draw: ΔK 50 → h 57 → 0.6, 25 × (0.5 − 0.6) = −2.5 → 1587.5.
    rows = [(1, "A", 1700, None, 1980), (2, "B", 1650, None, 1980), (3, "C", 1590, None, 1980),
            (4, "D", 1540, None, 1980)]
    events = [([("A", 1, 1700), ("B", 2, 1650)], [[(1, 2, "=")]]), ([("C", 3, 1590), ("D", 4, 1540)], [[(1, 2, "=")]])]
    _, players = period(tmp_path, rows, events, "2026-10", "--rules", "USSR-1977",
                        "--k-schedule", "0:25,1600:20,2000:15,2400:10")
    assert (players[1]["change"], players[1]["new_rating"]) == (-2, 1698)
    assert (players[2]["change"], players[2]["new_rating"]) == (2, 1652)
    assert (players[3]["k_used"], players[3]["change"], players[3]["new_rating"]) == (25, -2.5, 1587.5)


def test_zero_score_in_the_first_event_is_disregarded(tmp_path):
    # Event 1: N loses to three 2000 players (0/3). Event 2: N scores 3/5 against five 2100 players.
    # Without event 1: Ra = (5 × 2100 + 3600) / 7 = 2014.29, p = 4/7 = 0.57 → dp 50 → 2064.29 → 2064.
    # (Had event 1 counted: Ra = (16500 + 3600) / 10 = 2010, p = 0.40 → dp −72 → 1938.)
    rows = [(11, "R1", 2000, 20, 1980), (12, "R2", 2000, 20, 1980), (13, "R3", 2000, 20, 1980)] + [
        (20 + j, f"S{j}", 2100, 20, 1980) for j in range(5)]
    e1 = ([("N", 9, None), ("R1", 11, 2000), ("R2", 12, 2000), ("R3", 13, 2000)],
          [[(1, 2, "0")], [(1, 3, "0")], [(1, 4, "0")]])
    e2 = ([("N", 9, None)] + [(f"S{j}", 20 + j, 2100) for j in range(5)],
          [[(1, j + 2, "1" if j < 3 else "0")] for j in range(5)])
    _, players = period(tmp_path, rows, [e1, e2])
    assert players[9]["new_rating"] == 2064
    assert "a zero score in the first event is disregarded" in players[9]["note"]


def test_pool_is_cleared_once_the_list_rates_the_player(tmp_path):
    import sqlite3

    db = tmp_path / "h.sqlite"
    lst = write_csv_list(tmp_path, NEWCOMER_LIST, "sep.csv")
    e1 = write_event(tmp_path, "a.trf", *NEWCOMER_EVENTS[0])
    out = tmp_path / "o.json"
    assert main(["period", "--allow-dates", "--list", str(lst), "--month", "2026-09", str(e1), "--db", str(db), "-o", str(out)]) == 0
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM pool WHERE fide_id = 9").fetchone()[0] == 3
    # October's list rates N (1800, K 40): his games are rated as a rated player's, the pool goes.
    # N 1800 beats R4 2100: D −300 → PD 0.15 (row 291–302), 40 × 0.85 = 34 → 1834.
    oct_list = write_csv_list(tmp_path, NEWCOMER_LIST + [(9, "N", 1800, 40, 1990)], "oct.csv")
    e2 = write_event(tmp_path, "b.trf", [("N", 9, 1800), ("R4", 15, 2100)], [[(1, 2, "1")]])
    assert main(["period", "--allow-dates", "--list", str(oct_list), "--month", "2026-10", str(e2), "--db", str(db), "-o", str(out)]) == 0
    oct_ = {p["fide_id"]: p for p in json.loads(out.read_text())["players"]}
    assert (oct_[9]["change"], oct_[9]["new_rating"]) == (34, 1834)
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM pool WHERE fide_id = 9").fetchone()[0] == 0


def _rapid_seed_list(tmp_path, a_k=0):
    from test_period_lists import FOA_WIDTHS, FOA_HEADER

    def line(fide_id, name, standard, rapid, rapid_k):
        values = (fide_id, name, "VIE", "M", "", "", "", "", standard, 0, 20 if standard else 0, rapid, 0, rapid_k,
                  rapid, 0, rapid_k, 1990, "")  # blitz as rapid
        return "".join(str(v).ljust(w) for v, w in zip(values, FOA_WIDTHS))

    lines = [FOA_HEADER, line(1, "A", 2100, 0, a_k), line(2, "B", 2000, 2000, 20), line(4, "D", 2300, 0, 0)]
    lst = tmp_path / "players_list_foa.txt"
    lst.write_text("\n".join(lines) + "\n")
    return lst


def _rapid_period(tmp_path, lst, kind="rapid"):
    ev = write_event(tmp_path, "e.trf", [("A", 1, None), ("B", 2, 2000)], [[(1, 2, "1")]])
    out = tmp_path / "o.json"
    assert main(["period", "--allow-dates", "--list", str(lst), "--month", "2026-10", "--type", kind, str(ev), "--format", "json",
                 "-o", str(out)]) == 0
    return {p["fide_id"]: p for p in json.loads(out.read_text())["players"]}


@pytest.mark.parametrize("kind", ["rapid", "blitz"])
def test_rapid_period_seeds_an_unrated_player_with_his_standard_rating(tmp_path, kind):
    # A is unrated in rapid/blitz, standard 2100 on the combined list (SRtng), and beats B (2000, K 20).
    # B.02 R&B 7.2.1: A is rated with 2100, K 40 (the list gives none): D 100 → PD .64 (table 8.1.2),
    # 40 × .36 = 14.4 → +14 → 2114; B counts him as rated: 20 × (0 − .36) = −7.2 → −7 → 1993.
    players = _rapid_period(tmp_path, _rapid_seed_list(tmp_path), kind)
    a, b, d = players[1], players[2], players[4]
    assert (a["old_rating"], a["games"], a["k_used"], a["change"], a["new_rating"], a["next_k"]) == (
        None, 1, 40, 14, 2114, 40)
    assert "rated with his standard rating 2100" in a["note"] and "K 40, the list gives none" in a["note"]
    assert (b["games"], b["k_used"], b["change"], b["new_rating"]) == (1, 20, -7, 1993)
    # D has a standard rating but no game: he stays unrated, without a note
    assert (d["games"], d["new_rating"], d["note"]) == (0, None, None)


def test_rapid_period_seed_uses_the_lists_k(tmp_path):
    # the same game with a rapid K of 20 on the list for A: 20 × .36 = 7.2 → +7 → 2107
    a = _rapid_period(tmp_path, _rapid_seed_list(tmp_path, a_k=20))[1]
    assert (a["k_used"], a["change"], a["new_rating"]) == (20, 7, 2107)
    assert "K 20 from the list" in a["note"]


def test_standard_period_does_not_seed(tmp_path):
    # --type standard: SRtng is the rating itself (A 2100, B 2000, both K 20): 20 × .36 = 7.2 → +7
    players = _rapid_period(tmp_path, _rapid_seed_list(tmp_path), "standard")
    assert (players[1]["old_rating"], players[1]["change"], players[2]["change"]) == (2100, 7, -7)


def test_single_type_rapid_list_has_no_standard_rating(tmp_path):
    # a single-type list carries no standard rating: A stays unrated (one game is no first rating)
    # and B's only game, against an unrated player, is not rated
    from test_period_lists import SINGLE_HEADER, single_line

    lst = tmp_path / "rapid_rating_list.txt"
    lst.write_text("\n".join([SINGLE_HEADER, single_line(1, "A", 0, 0, 0, 1990),
                              single_line(2, "B", 2000, 0, 20, 1990)]) + "\n")
    players = _rapid_period(tmp_path, lst)
    assert (players[1]["new_rating"], players[2]["games"], players[2]["new_rating"]) == (None, 0, 2000)


def test_a_stored_month_a_later_one_stands_on_names_every_way_out(tmp_path, capsys):
    """Issue 23, item 9: October and November stored; October again is refused with the ways
    out: --drop (the last first), then --replace; or --show to get its list."""
    db = tmp_path / "h.sqlite"
    lst = write_csv_list(tmp_path, [(1, "A", 2010, 20, 1980), (2, "B", 1995, 20, 1980)])
    october = write_event(tmp_path, "oct.trf", [("A", 1, 2010), ("B", 2, 1995)], [[(1, 2, "=")]])
    november = write_event(tmp_path, "nov.trf", [("A", 1, 2010), ("B", 2, 1995)], [[(1, 2, "1")]])
    base = ["period", "--allow-dates", "--list", str(lst), "--db", str(db), "-o", str(tmp_path / "o.txt")]
    assert main(base + [str(october), "--month", "2026-10"]) == 0
    assert main(base + [str(november), "--month", "2026-11"]) == 0
    capsys.readouterr()
    assert main(base + [str(october), "--month", "2026-10"]) == 2
    assert capsys.readouterr().err == (
        "elo-xl: --month: standard period 2026-10 is already in the database, and 2026-11 was rated from its list; "
        "to redo it, remove the later period with --drop (the last first: --drop 2026-11), then add --replace; "
        "to get its list, --show 2026-10 -o FILE\n")


def test_a_list_holding_none_of_the_players_is_a_warning_naming_the_event(tmp_path, capsys):
    """Issue 23, item 9: a list of other players (another federation's?) rates nobody of the
    event; a warning names the event."""
    lst = write_csv_list(tmp_path, [(91, "X", 2010, 20, 1980), (92, "Y", 1995, 20, 1980)])
    ev = write_event(tmp_path, "e.trf", [("A", 1, 2010), ("B", 2, 1995)], [[(1, 2, "=")]])
    assert main(["period", "--allow-dates", "--list", str(lst), str(ev), "--month", "2026-10", "-o", str(tmp_path / "o.txt")]) == 0
    assert (f"elo-xl: warning: {ev}: none of its 2 players is on the list (by FIDE ID, or by name without one): "
            "all are rated as unrated; is it the list in force for this event?") in capsys.readouterr().err


def test_a_txt_list_names_the_newcomers_it_cannot_hold(tmp_path, capsys):
    """Issue 23, item 9: "New" has no FIDE ID and draws five games against players rated 2000:
    a first rating (FIDE: at least five games against rated players, a score above zero). The TXT
    layout has no line for a player without an ID; a warning names him and points to CSV/xlsx."""
    rated = [(k, f"P{k}", 2000, 20, 1980) for k in range(1, 6)]
    lst = write_csv_list(tmp_path, rated)
    players = [(f"P{k}", k, 2000) for k in range(1, 6)] + [("New", None, None)]
    ev = write_event(tmp_path, "e.trf", players, [[(6, k, "=")] for k in range(1, 6)])
    out = tmp_path / "next.txt"
    assert main(["period", "--allow-dates", "--list", str(lst), str(ev), "--month", "2026-10", "-o", str(out)]) == 0
    assert "New" not in out.read_text(encoding="utf-8")
    assert ("elo-xl: warning: 1 player rated for the first time without a FIDE ID (New) cannot stand in a TXT list "
            "(FIDE's layout needs the ID); write the list as .csv or .xlsx to carry them into next month's --list"
            ) in capsys.readouterr().err
    csv_out = tmp_path / "next.csv"
    assert main(["period", "--allow-dates", "--list", str(lst), str(ev), "--month", "2026-10", "-o", str(csv_out)]) == 0
    assert "first time without a FIDE ID" not in capsys.readouterr().err and "New" in csv_out.read_text("utf-8")


def test_the_database_carries_on_without_list(tmp_path, capsys):
    """October from the database alone: its list in force is September's new list as stored, so
    the month equals October rated with September's list written as CSV (`--show -o sep.csv`,
    then `--list sep.csv`), the chain the docs describe."""
    lst = write_csv_list(tmp_path, NEWCOMER_LIST)
    e1 = write_event(tmp_path, "sep.trf", *NEWCOMER_EVENTS[0], start="2026/09/10")
    e2 = write_event(tmp_path, "oct.trf", *NEWCOMER_EVENTS[1])
    alone, chained = tmp_path / "alone.sqlite", tmp_path / "chained.sqlite"
    sep_csv = tmp_path / "sep.csv"
    for db in (alone, chained):
        assert main(["period", "--allow-dates", "--list", str(lst), "--month", "2026-09", str(e1), "--db", str(db),
                     "-o", str(sep_csv)]) == 0
    capsys.readouterr()
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert main(["period", "--month", "2026-10", str(e2), "--db", str(alone), "-o", str(a)]) == 0
    assert "--list: the standard list of 2026-09 stored in" in capsys.readouterr().err
    assert main(["period", "--allow-dates", "--list", str(sep_csv), "--month", "2026-10", str(e2), "--db", str(chained), "-o", str(b)]) == 0
    assert json.loads(a.read_text())["players"] == json.loads(b.read_text())["players"]
    october = {p["fide_id"]: p for p in json.loads(a.read_text())["players"]}
    assert october[9]["new_rating"] == 1993  # the pooled newcomer, as above
    # nothing stored before the month, or no database: the way out is named
    capsys.readouterr()
    assert main(["period", "--month", "2026-08", str(e1), "--db", str(alone), "-o", str(tmp_path / "x.json")]) == 2
    assert "no standard period before 2026-08 is stored there to carry on from; give the rating list in force " \
           "with --list LIST" in capsys.readouterr().err
    assert main(["period", "--month", "2026-08", str(e1), "--db", str(tmp_path / "none.sqlite"),
                 "-o", str(tmp_path / "x.json")]) == 2
    assert "none.sqlite: no such database to carry on from; give the rating list in force with --list LIST" \
        in capsys.readouterr().err
    assert not (tmp_path / "none.sqlite").exists() and not (tmp_path / "x.json").exists()
