"""``elo-xl rate EVENT --norms``: who is checked for which norm, Swiss prefixes, round robins,
the table's norms section and the JSON fields.

The events are written here as TRF text (fixed columns of the FIDE TRF16 format) or built as
crosstables; expected figures are worked by hand from table 8.1.1 (p → dp):
.50 → 0, .45 → −36, .56 → 43, .61 → 80, .67 → 125.
"""

from __future__ import annotations

import dataclasses

import json
from pathlib import Path

import pytest

from elo_xl.cli import main
from elo_xl.event import Entrant, Tournament, from_crosstable, rate_tournament
from elo_xl.event.norms import add_norms, norms_to_check, player_norms

NORM_KEYS = ["norm", "games", "games_credited", "ra", "score", "rp", "points_required", "achieved", "unmet",
             "after_round", "to_play", "points_needed"]


def trf_line(no: int, sex: str, title: str, name: str, rating: int | None, fed: str,
             rounds: list[tuple[int | None, str, str]]) -> str:
    """A TRF16 player line: columns 5–8 start rank, 10 sex, 11–13 title, 15–47 name, 49–52 rating,
    54–56 federation, then per round from column 92: opponent (4), colour, result."""
    head = f"001 {no:>4} {sex:1}{title:>3} {name:<33} {'' if rating is None else rating:>4} {fed:<3}"
    head = head.ljust(91)
    cells = []
    for opponent, colour, result in rounds:
        cells.append(f"{opponent or 0:04d} {colour} {result}" if opponent else f"0000 - {result}")
    return (head + "  ".join(cells)).rstrip()


def hero_swiss(hero_results: list[str], sex: str = "m", title: str = "FM") -> str:
    """A Swiss of 12 players and 11 rounds: player 1 meets player k + 1 in round k; the others
    are GMs rated 2600 from GER, FRA and ESP in turn and have no other game (zero-point byes)."""
    rounds = len(hero_results)
    opposite = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
    lines = ["012 Norm Open", "042 2026/05/01", "052 2026/05/11", f"XXR {rounds}"]
    lines.append(trf_line(1, sex, title, "Hero, Ann", 2450, "NOR",
                          [(k + 2, "w" if k % 2 == 0 else "b", hero_results[k]) for k in range(rounds)]))
    feds = ("GER", "FRA", "ESP")
    for k in range(rounds):
        row = [(None, "", "Z")] * rounds
        row[k] = (1, "b" if k % 2 == 0 else "w", opposite[hero_results[k]])
        lines.append(trf_line(k + 2, "m", "GM", f"Opponent, {k + 1:02d}", 2600, feds[k % 3], row))
    return "\n".join(lines) + "\n"


def run_json(tmp_path, text: str, *options: str) -> dict:
    path = tmp_path / "event.trf"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "out.json"
    assert main(["rate", str(path), "--norms", "--format", "json", "-o", str(out), *options]) == 0
    return json.loads(out.read_text(encoding="utf-8"))


# 5 points from the first 9 rounds (5 wins, 4 losses), then two losses: 5/11.
HERO = ["1", "0", "1", "0", "1", "0", "1", "0", "1", "0", "0"]


def test_swiss_norm_made_after_a_round_is_reported(tmp_path):
    data = run_json(tmp_path, hero_swiss(HERO))
    norms = data["players"][0]["norms"]
    assert [n["norm"] for n in norms] == ["GM", "IM"]
    gm, im = norms
    assert all(list(n) == NORM_KEYS for n in norms)
    # GM over 11 games: Ra 2600, 5/11 = .45 → −36 → Rp 2564 < 2600. After round 9: 5/9 = .56 → 43 → 2643,
    # 9 GMs from three federations: made, the last two games dropped.
    assert gm == {"norm": "GM", "games": 9, "games_credited": 9, "ra": 2600, "score": 5, "rp": 2643,
                  "points_required": 4.5, "achieved": True, "unmet": [], "after_round": 9, "to_play": 0, "points_needed": 0}
    # IM over the whole event: Rp 2564 ≥ 2450; the least score is 4 (4/11 = .36 → −102 → 2498; 3½ is
    # below 35 %), so 5 is one full point over: 12 games credited.
    assert im == {"norm": "IM", "games": 11, "games_credited": 12, "ra": 2600, "score": 5, "rp": 2564,
                  "points_required": 4, "achieved": True, "unmet": [], "after_round": None, "to_play": 0, "points_needed": 0}
    assert data["event"]["norms"] == {"exempt": False, "min_games": 9}


def test_swiss_prefixes_start_at_the_minimum(tmp_path):
    # Five wins, then six losses: 5/11 = .45 → 2564 is no GM performance; 5/7 (.71 → 158 → 2758) and
    # 5/8 would be, but the first prefix checked has 9 rounds: 5/9 = .56 → 2643.
    results = ["1", "1", "1", "1", "1", "0", "0", "0", "0", "0", "0"]
    gm = run_json(tmp_path, hero_swiss(results))["players"][0]["norms"][0]
    assert (gm["achieved"], gm["after_round"], gm["games"], gm["rp"]) == (True, 9, 9, 2643)
    # With --min-games 7 the 7 rounds count: the norm score in 7 games is 3½ (.50 → 2600), 5 is one
    # full point over: 8 games credited.
    gm = run_json(tmp_path, hero_swiss(results), "--min-games", "7")["players"][0]["norms"][0]
    assert (gm["achieved"], gm["after_round"], gm["games"], gm["games_credited"], gm["rp"]) == (True, 7, 7, 8, 2758)


def test_the_federation_rules_and_exempt(tmp_path):
    text = hero_swiss(HERO).replace(" GER ", " NOR ").replace(" FRA ", " NOR ")
    gm = run_json(tmp_path, text)["players"][0]["norms"][0]
    assert gm["achieved"] is False and gm["after_round"] is None
    assert "1 federation other than NOR, 2 needed" in gm["unmet"]
    gm = run_json(tmp_path, text, "--norms-exempt")["players"][0]["norms"][0]
    assert gm["achieved"] is True and gm["after_round"] == 9


def test_women_and_titles_held(tmp_path):
    data = run_json(tmp_path, hero_swiss(HERO, sex="w", title="WIM"))
    assert [n["norm"] for n in data["players"][0]["norms"]] == ["GM", "IM", "WGM"]
    # The GMs hold every title a norm counts: nobody is checked.
    assert all(p["norms"] == [] for p in data["players"][1:])


def test_norms_to_check():
    assert norms_to_check("m", "") == ["GM", "IM"]
    assert norms_to_check("w", "FM") == ["GM", "IM", "WGM", "WIM"]
    assert norms_to_check("w", "WGM") == ["GM", "IM"]
    assert norms_to_check("m", "GM") == []
    assert norms_to_check("", "im") == ["GM"]


def test_table_has_a_norms_section(tmp_path, capsys):
    path = tmp_path / "event.trf"
    path.write_text(hero_swiss(HERO), encoding="utf-8")
    assert main(["rate", str(path), "--norms"]) == 0
    out = capsys.readouterr().out
    section = out.split("Norms — ", 1)[1]
    assert section.splitlines()[0] == "GM and IM, WGM and WIM for women; federation rules applied; at least 9 games"
    rows = [line.split() for line in section.splitlines()[2:4]]
    assert rows[0][:4] == ["1", "Hero,", "Ann", "GM"] and " ".join(rows[0][-4:]) == "made after round 9"
    assert rows[1][3] == "IM" and rows[1][-1] == "made"


def test_the_norms_page_shows_this_section(tmp_path, capsys):
    path = tmp_path / "event.trf"
    path.write_text(hero_swiss(HERO), encoding="utf-8")
    assert main(["rate", str(path), "--norms"]) == 0
    section = capsys.readouterr().out.rstrip("\n").splitlines()[-4:]
    page = (Path(__file__).parents[2] / "docs" / "norms.md").read_text(encoding="utf-8")
    assert "\n".join("    " + line for line in section) in page


def test_csv_has_the_norms_made(tmp_path, capsys):
    path = tmp_path / "event.trf"
    path.write_text(hero_swiss(HERO), encoding="utf-8")
    assert main(["rate", str(path), "--norms", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith(",norms") and lines[1].endswith(",GM after round 9; IM")


def test_without_norms_nothing_changes(tmp_path, capsys):
    path = tmp_path / "event.trf"
    path.write_text(hero_swiss(HERO), encoding="utf-8")
    assert main(["rate", str(path), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "norms" not in data["event"] and all("norms" not in p for p in data["players"])


RANGE = "is not a number of games; give a whole number from 1 to 13 (more games count as 13)\n"


@pytest.mark.parametrize("options, message", [
    (["--min-games", "7"], "elo-xl: --min-games goes with --norms\n"),
    (["--norms-exempt"], "elo-xl: --norms-exempt goes with --norms\n"),
    (["--norms", "--min-games", "14"], "elo-xl: --min-games: 14 " + RANGE),
    (["--norms", "--min-games", "0"], "elo-xl: --min-games: 0 " + RANGE),
])
def test_option_errors(tmp_path, capsys, options, message):
    path = tmp_path / "event.trf"
    path.write_text(hero_swiss(HERO), encoding="utf-8")
    assert main(["rate", str(path), *options, "-o", str(tmp_path / "out.txt")]) == 2
    assert capsys.readouterr().err == message
    assert not (tmp_path / "out.txt").exists()


# --- round robins -------------------------------------------------------------------------------------


def round_robin(n: int, ratings: list, winner_first: bool = True) -> Tournament:
    """A crosstable where the lower start number wins every game (start order = final order)."""
    table = [[None if i == j else ("1" if i < j else "0") for j in range(n)] for i in range(n)]
    return from_crosstable([f"P{i + 1}" for i in range(n)], ratings, table)


def test_round_robin_unrated_with_zero_against_rated_do_not_count():
    # 10 players; the unrated player 10 loses every game: games against him do not count (9 → 8).
    t = round_robin(10, [2500] * 9 + [None])
    checks = player_norms(t, exempt=True)
    assert checks[0][0]["games"] == 8
    # If he scores against a rated player, they count (unrated 1400, raised to the floor when lowest).
    results = [list(row) for row in t.results]
    results[9][0], results[0][9] = "1", "0"
    assert player_norms(dataclasses.replace(t, results=results), exempt=True)[0][0]["games"] == 9


def test_a_crosstable_is_a_round_robin_and_pairings_tell_the_kind():
    t = round_robin(4, [2400] * 4)
    assert t.kind() == "round robin"
    entrants = [Entrant(i + 1, f"P{i + 1}", 2400) for i in range(4)]
    # Double round robin: 1-2 3-4, 1-3 2-4, 1-4 2-3, twice.
    pairs = [[2, 3, 4, 2, 3, 4], [1, 4, 3, 1, 4, 3], [4, 1, 2, 4, 1, 2], [3, 2, 1, 3, 2, 1]]
    results = [["=" for _ in range(6)] for _ in range(4)]
    drr = Tournament(entrants, results, pairs)
    assert drr.kind() == "double round robin"
    single = Tournament(entrants, [r[:3] for r in results], [p[:3] for p in pairs])
    assert single.kind() == "round robin"
    swiss = Tournament(entrants, [r[:2] for r in results], [p[:2] for p in pairs])
    assert swiss.kind() == "swiss"


def test_round_robin_titles_and_federations_from_the_entrants():
    # 10 players rated 2500, GMs from three federations but player 1 (NOR, FM): 9 wins.
    t = round_robin(10, [2500] * 10)
    feds = ["NOR"] + ["GER", "FRA", "ESP"] * 3
    for e, fed in zip(t.entrants, feds):
        e.federation, e.title = fed, "GM"
    t.entrants[0].title = "FM"
    report = rate_tournament(t, year=2026)
    add_norms(report, t)
    gm = report.rows[0]["norms"][0]
    # 9/9: p 1.00 → dp 800 → Rp 3300; the least score at Ra 2500 is 6 (.67 → 125 → 2625; 5½ → .61 → 80).
    assert (gm["norm"], gm["achieved"], gm["rp"], gm["points_required"]) == ("GM", True, 3300, 6)
    assert gm["after_round"] is None
    # Player 10 (ESP, GM) is checked for nothing.
    assert report.rows[9]["norms"] == []


def test_the_sample_event_gets_a_list_for_everyone():
    from elo_xl.event.samples import sample_swiss

    event = sample_swiss()
    report = rate_tournament(event)
    add_norms(report, event)
    for row, e in zip(report.rows, event.entrants):
        assert all(list(n) == NORM_KEYS for n in row["norms"])
        if not e.title and e.sex.lower() == "m":
            assert [n["norm"] for n in row["norms"]] == ["GM", "IM"]


def test_double_round_robin_halves_the_norm_title_requirement():
    # 6 players, each pair twice (10 rounds): player 1 (NOR, FM) meets one GM and four IMs twice.
    # 2 GM games of 10 are fewer than max(3, ⌈10/3⌉) = 4, but a double round robin needs ⌈4/2⌉ = 2.
    titles = ["FM", "GM", "IM", "IM", "IM", "IM"]
    feds = ["NOR", "GER", "FRA", "ESP", "GER", "FRA"]
    entrants = [Entrant(i + 1, f"P{i + 1}", 2600, title=titles[i], federation=feds[i]) for i in range(6)]
    berger = [[(1, 6), (2, 5), (3, 4)], [(6, 4), (5, 3), (1, 2)], [(2, 6), (3, 1), (4, 5)],
              [(6, 5), (1, 4), (2, 3)], [(3, 6), (4, 2), (5, 1)]]
    rounds = berger + berger
    pairings = [[0] * 10 for _ in range(6)]
    results = [[None] * 10 for _ in range(6)]
    for r, games in enumerate(rounds):
        for a, b in games:
            pairings[a - 1][r], pairings[b - 1][r] = b, a
            first = a == 1 or b == 1
            results[a - 1][r], results[b - 1][r] = (("1", "0") if a == 1 else ("0", "1")) if first else ("=", "=")
    t = Tournament(entrants, results, pairings)
    assert t.kind() == "double round robin"
    gm = player_norms(t)[0][0]
    # 10/10 at Ra 2600: Rp 3400; 2 GM games of 10, and ⌈4/2⌉ = 2 are needed.
    assert (gm["norm"], gm["games"], gm["rp"], gm["achieved"], gm["unmet"]) == ("GM", 10, 3400, True, [])
    # Cut off after round 7 it is a Swiss: the GM met in rounds 2 and 7, and max(3, ⌈7/3⌉) = 3 needed.
    swiss = Tournament(entrants, [row[:7] for row in results], [row[:7] for row in pairings])
    assert swiss.kind() == "swiss"
    assert "2 GM opponents, 3 needed" in player_norms(swiss, min_games=7)[0][0]["unmet"]


def test_event_checks_agree_with_elo_norm():
    # Every whole-event check of the sample Swiss equals ELO_NORM on that player's rounds.
    from elo_xl.event.samples import sample_swiss
    from elo_xl.udfs import ELO_NORM

    event = sample_swiss()
    checks = player_norms(event, min_games=5)
    compared = 0
    for i, (e, player_checks) in enumerate(zip(event.entrants, checks)):
        opponents, results, titles, feds = [], [], [], []
        for opponent, result in zip(event.pairings[i], event.results[i]):
            o = event.entrants[opponent - 1] if opponent else None
            if o is None and result is None:
                continue
            opponents.append(None if o is None else (o.rating or "NR"))
            results.append(result)
            titles.append(o.title if o else None)
            feds.append(o.federation if o else None)
        for c in player_checks:
            if c["after_round"] is not None:
                continue
            row = ELO_NORM(c["norm"], opponents, results, titles, feds, e.federation, None, 5)[0]
            assert row[:5] == [c["games_credited"], c["ra"], c["score"], c["rp"], c["points_required"]]
            assert row[6:] == ["; ".join(c["unmet"]), c["achieved"]]
            compared += 1
    assert compared >= 20
