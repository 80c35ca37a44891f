"""Title norms (FIDE Title Regulations B.01, 2024): the engine of elo_xl.norms.

Expected values come from the regulations' published checks, from the worked example of
the reference notes, and from hand calculations with table 8.1.1 read here from the
independent CSV copy in tests/data (never from the package's own table).
"""

from __future__ import annotations

import csv
import math
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ci import examples

from elo_xl.errors import EloError
from elo_xl.results import BYE_FULL, BYE_HALF, BYE_PAIRING, FORFEIT_WIN
from elo_xl.norms import (
    NormGame,
    evaluate,
    floored_ratings,
    NORMS,
    norm_check,
    norm_score,
)

DATA = Path(__file__).parents[1] / "data"

#: Table 8.1.1 from the independent copy: p in hundredths → dp.
DP = {round(float(row["p"]) * 100): int(row["dp"])
      for row in csv.DictReader((DATA / "fide_table_8_1_1.csv").open(encoding="utf-8"))}

#: The thresholds as the regulations print them: Rp at least, Ra at least, floor.
THRESHOLDS = {"GM": (2600, 2380, 2200), "IM": (2450, 2230, 2050), "WGM": (2400, 2180, 2000),
              "WIM": (2250, 2030, 1850)}

WIN, DRAW, LOSS = 2, 1, 0


def test_the_csv_copy_is_complete():
    assert sorted(DP) == list(range(101)) and DP[100] == 800 and DP[50] == 0 and DP[0] == -800


# --- published and worked examples --------------------------------------------------------------


def test_published_gm_nine_games():
    # Title Regulations, Annex: GM norm in 9 games needs 6½ at Ra 2460, 3½ at Ra 2680 or more.
    assert norm_score("GM", 9, 2460) == 6.5
    assert norm_score("GM", 9, 2680) == 3.5
    assert norm_score("GM", 9, 2800) == 3.5
    assert norm_score("GM", 9, 3500) == 3.5
    assert norm_score("GM", 9, 2679) == 4


WORKED_OPPONENTS = [2550, 2500, 2480, 2450, 2420, 2400, 2350, 2150, None]
WORKED_RESULTS = [1, 1, "½", 1, 0, 1, "½", 1, 0]  # 6/9


def test_worked_example_im():
    # The unrated counts 1400, is the lowest and is raised to 2050 (2150 stays):
    # Ra = 21350/9 = 2372.2 → 2372; p = 6/9 = 67 % → dp 125; Rp 2497 ≥ 2450, Ra ≥ 2230.
    check = norm_check("IM", WORKED_OPPONENTS, WORKED_RESULTS, exempt=True)
    assert (check.games, check.ra, check.score, check.p, check.dp, check.rp) == (9, 2372, 6, 0.67, 125, 2497)
    assert not any("Ra" in u or "Rp" in u or "35" in u for u in check.unmet)


def test_worked_example_gm():
    # For a GM norm the floor is 2200: Ra = 21500/9 = 2388.9 → 2389, Rp 2514 < 2600.
    check = norm_check("GM", WORKED_OPPONENTS, WORKED_RESULTS, exempt=True)
    assert (check.ra, check.rp) == (2389, 2514)
    assert "Rp 2514 is below 2600" in check.unmet


# --- the Annex: every band edge for 9 games, from table 8.1.1 by hand ------------------------------


def annex_bands(norm: str, games: int) -> list[tuple[int, float]]:
    """(lowest Ra, least score) bands of the Annex, computed here from the CSV table.

    A score s (in halves) makes the performance from Ra = Rp_min − dp(p(s)) on, if it is at
    least 35 % of the games (exact fraction); the least such s for an Ra is the band's score.
    """
    rp_min, ra_min, _ = THRESHOLDS[norm]
    starts = {}
    for halves in range(2 * games + 1):
        if halves * 100 < 35 * 2 * games:
            continue
        p = math.floor(Fraction(100 * halves, 2 * games) + Fraction(1, 2))  # whole percent, .5 up
        start = max(ra_min, rp_min - DP[p])
        starts.setdefault(start, halves / 2)
    bands, best = [], None
    for start in sorted(starts):
        if best is None or starts[start] < best:
            best = starts[start]
            bands.append((start, best))
    return bands


@pytest.mark.parametrize("norm", list(THRESHOLDS))
def test_annex_band_edges_nine_games(norm):
    bands = annex_bands(norm, 9)
    assert len(bands) >= 5
    _, ra_min, _ = THRESHOLDS[norm]
    assert norm_score(norm, 9, ra_min - 1) is None
    for i, (start, score) in enumerate(bands):
        assert norm_score(norm, 9, start) == score, (norm, start)
        if i:
            assert norm_score(norm, 9, start - 1) == bands[i - 1][1], (norm, start - 1)
    assert norm_score(norm, 9, bands[-1][0] + 500) == bands[-1][1]


def test_annex_band_table_by_hand_gm():
    # The GM 9-game Annex row, each edge worked by hand from table 8.1.1:
    # 7 points (p .78, dp 220) from 2380; 6½ (.72, 166) from 2434; 6 (.67, 125) from 2475;
    # 5½ (.61, 80) from 2520; 5 (.56, 43) from 2557; 4½ (.50, 0) from 2600;
    # 4 (.44, −43) from 2643; 3½ (.39, −80) from 2680.
    assert annex_bands("GM", 9) == [(2380, 7), (2434, 6.5), (2475, 6), (2520, 5.5), (2557, 5), (2600, 4.5),
                                    (2643, 4), (2680, 3.5)]
    assert norm_score("GM", 9, 2379) is None


@pytest.mark.parametrize("games", list(range(7, 20)))
def test_annex_other_game_counts(games):
    for norm in THRESHOLDS:
        for start, score in annex_bands(norm, games):
            assert norm_score(norm, games, start) == score


def test_annex_impossible_at_the_minimum_with_few_games():
    # 7 games at Ra 2380: a GM norm needs dp ≥ 220, p ≥ .78: 5½/7 = .79 → 5½.
    assert norm_score("GM", 7, 2380) == 5.5
    # 1 game at 2380: 1/1 → dp 800 → Rp 3180: 1 point.
    assert norm_score("GM", 1, 2380) == 1


# --- Ra: unrated opponents and the floor ------------------------------------------------------------


def test_floor_raises_only_the_lowest_opponent_and_only_one():
    assert floored_ratings(NORMS["GM"], [2000, 2000, 2100, 2500]) == [2200, 2000, 2100, 2500]
    assert floored_ratings(NORMS["GM"], [2500, 2100, 1900]) == [2500, 2100, 2200]
    assert floored_ratings(NORMS["WIM"], [1900, 2000]) == [1900, 2000]  # nobody below 1850


def test_floor_in_ra():
    # GM, 9 opponents: 2000, 2000 and seven 2600. The first 2000 counts 2200, the second stays:
    # (2200 + 2000 + 7 × 2600) / 9 = 22400 / 9 = 2488.9 → 2489.
    check = evaluate("GM", [NormGame(2000, WIN), NormGame(2000, WIN)] + [NormGame(2600, DRAW)] * 7, exempt=True)
    assert check.ra == 2489


def test_unrated_opponents_count_1400():
    # IM, opponents 1300, unrated, and seven 2400: the 1300 is the lowest and is raised to 2050,
    # the unrated counts 1400: (2050 + 1400 + 16800) / 9 = 20250 / 9 = 2250.
    games = [NormGame(1300, WIN), NormGame(None, WIN)] + [NormGame(2400, DRAW)] * 7
    assert evaluate("IM", games, exempt=True).ra == 2250
    # "NR", 0 and blank are unrated in the Excel form.
    for unrated in ("NR", 0, None):
        check = norm_check("IM", [unrated] + [2400] * 8, [1] * 9, exempt=True)
        assert check.ra == 2361  # (2050 + 8 × 2400) / 9 = 21250 / 9 = 2361.1


def test_ra_rounds_half_up():
    # GM, two opponents 2401 and 2402: 4803 / 2 = 2401.5 → 2402.
    assert evaluate("GM", [NormGame(2401, WIN), NormGame(2402, WIN)]).ra == 2402


def test_p_rounds_half_up():
    # 3 of 8 = .375 → .38 → dp −87 (a binary float would give .37).
    check = evaluate("GM", [NormGame(2600, WIN)] * 3 + [NormGame(2600, LOSS)] * 5)
    assert (check.p, check.dp, check.rp) == (0.38, DP[38], 2600 + DP[38])


# --- games: 35 %, overscore, the 13-game cap, the bye rule -------------------------------------------


def titled_field(n: int, ratings: int = 2700) -> list[NormGame]:
    """n GMs from three federations in turn: a mix that passes every requirement."""
    feds = ("GER", "FRA", "ESP")
    return [NormGame(ratings, LOSS, "GM", feds[i % 3]) for i in range(n)]


def with_score(games: list[NormGame], halves: int) -> list[NormGame]:
    """The same opponents, scoring ``halves`` half points (wins first, then a draw)."""
    out = []
    for g in games:
        code = min(2, halves)
        halves -= code
        out.append(NormGame(g.rating, code, g.title, g.federation))
    return out


def test_35_percent_on_the_exact_fraction():
    # 13 GMs at 2800: 4½/13 = 34.6 % (p .35 → dp −110 → Rp 2690 ≥ 2600), but below 35 %.
    assert norm_score("GM", 13, 2800) == 5
    check = evaluate("GM", with_score(titled_field(13, 2800), 9), "NOR")
    assert check.rp == 2800 + DP[35] and check.rp >= 2600
    assert check.unmet == ("score 4½ of 13 is below 35 %",)
    assert evaluate("GM", with_score(titled_field(13, 2800), 10), "NOR").achieved


def test_overscore_one_full_point_counts_as_one_more_game():
    # 8 games at Ra 2700: the norm score is 3 (3/8 = .38 → −87 → 2613; 35 %: 2.8). 4 points are
    # one full point over: 9 games credited. 3½ is only ½ over: 8 games.
    field = titled_field(8)
    over = evaluate("GM", with_score(field, 8), "NOR")
    assert (over.games, over.games_credited, over.achieved) == (8, 9, True)
    short = evaluate("GM", with_score(field, 7), "NOR")
    assert (short.games_credited, short.unmet) == (8, ("8 games credited, 9 needed",))
    assert short.points_required == 4 and short.points_needed == 0.5


def test_thirteen_game_cap():
    check = evaluate("GM", with_score(titled_field(15), 20), "NOR")
    assert (check.games, check.games_credited, check.achieved) == (15, 13, True)
    # Overscore cannot lift the credit above 13 either.
    check = evaluate("GM", with_score(titled_field(13), 26), "NOR")
    assert check.games_credited == 13


def test_nine_rounds_with_a_pairing_bye_or_forfeit_win_count_as_nine():
    field = with_score(titled_field(8), 6)
    for extra in (BYE_PAIRING, FORFEIT_WIN):
        check = evaluate("GM", field + [NormGame(None, extra)], "NOR")
        assert (check.games, check.games_credited, check.achieved) == (8, 9, True)
    # A half-point bye does not. (3 points are the norm score in 8 games at 2700, nothing over.)
    assert evaluate("GM", field + [NormGame(None, BYE_HALF)], "NOR").games_credited == 8
    assert evaluate("GM", field + [NormGame(None, BYE_FULL)], "NOR").games_credited == 8
    assert norm_check("GM", [2700] * 8 + [None], [1, 1, 1, 0, 0, 0, 0, 0, "U"], ["GM"] * 9,
                      ["GER", "FRA", "ESP"] * 3, "NOR").games_credited == 9


def test_forfeits_and_unrated_games_do_not_count():
    check = norm_check("GM", [2700] * 11, [1, 1, 1, 0, 0, 0, 0, 0, 0, "+", "W"], ["GM"] * 11,
                       ["GER", "FRA", "ESP"] * 3 + ["GER", "FRA"], "NOR")
    assert check.games == 9 and check.score == 3


def test_min_games_option():
    # 3/7 at 2700: p .43 → −50 → 2650; 2½/7 (.36 → −102 → 2598) is not enough, so nothing is over.
    field = with_score(titled_field(7), 6)
    assert not evaluate("GM", field, "NOR").achieved
    assert evaluate("GM", field, "NOR", min_games=7).achieved


# --- the opponent mix: each requirement failing alone ------------------------------------------------


BASE_TITLES = ["GM", "GM", "GM", "IM", "IM", "FM", "WFM", "CM", "WCM"]
BASE_FEDS = ["GER", "GER", "FRA", "FRA", "ESP", "ESP", "NOR", "NOR", "FID"]


def mix(titles=BASE_TITLES, feds=BASE_FEDS, own="NOR", **options):
    return norm_check("GM", [2700] * len(titles), [1] * 5 + [0] * (len(titles) - 5), titles, feds, own, **options)


def test_the_base_mix_makes_the_norm():
    # 7 title holders of 9 (CM, WCM do not count; 5 needed); 3 GMs; GER, FRA, ESP other than NOR;
    # 2 from NOR (at most 5); at most 2 from any federation (6 allowed).
    assert mix().unmet == ()


def test_title_holders_below_half():
    check = mix(titles=["GM", "GM", "GM", "IM", "CM", "CM", "WCM", "", ""])
    assert check.unmet == ("4 title holders of 9 opponents, 5 needed (50 %, not CM or WCM)",)


def test_fewer_than_three_norm_title_holders():
    check = mix(titles=["GM", "GM", "IM", "IM", "IM", "FM", "WFM", "CM", "WCM"])
    assert check.unmet == ("2 GM opponents, 3 needed",)
    check = mix(titles=["GM", "IM", "IM", "IM", "IM", "FM", "WFM", "CM", "WCM"])
    assert check.unmet == ("1 GM opponent, 3 needed",)


def test_fewer_than_a_third_norm_title_holders():
    # 12 games: at least 4 GMs (1/3 of 12), 3 are not enough.
    titles = ["GM", "GM", "GM", "IM", "IM", "IM", "FM", "FM", "", "", "", ""]
    feds = ["GER", "FRA", "ESP"] * 4
    check = norm_check("GM", [2750] * 12, [1] * 8 + [0] * 4, titles, feds, "NOR")
    assert check.unmet == ("3 GM opponents, 4 needed",)


def test_norm_titles_or_higher():
    # An IM norm counts GMs and IMs; a WGM norm WGMs, IMs and GMs; a WIM norm WIMs too.
    check = norm_check("IM", [2500] * 9, [1] * 6 + [0] * 3, ["GM", "IM", "WGM"] * 3, BASE_FEDS, "NOR")
    assert check.achieved
    check = norm_check("WGM", [2400] * 9, [1] * 6 + [0] * 3, ["WIM", "WGM", "WFM"] * 3, BASE_FEDS, "NOR")
    assert check.achieved
    check = norm_check("WGM", [2400] * 9, [1] * 6 + [0] * 3, ["WIM", "WFM", "WFM"] * 3, BASE_FEDS, "NOR")
    assert check.unmet == ("0 GM/IM/WGM opponents, 3 needed",)
    check = norm_check("WIM", [2300] * 9, [1] * 6 + [0] * 3, ["WIM", "WFM", "WFM"] * 3, BASE_FEDS, "NOR")
    assert check.achieved


def test_double_round_robin_halves_the_norm_title_requirement():
    titles = ["GM", "GM", "IM", "IM", "IM", "FM", "FM", "FM", "FM", "FM"]
    feds = ["GER", "FRA", "ESP", "ENG", "ITA"] * 2
    games = [NormGame(2700, code, t, f) for code, t, f in zip([2] * 6 + [0] * 4, titles, feds)]
    # 10 games: max(3, ⌈10/3⌉) = 4 GMs; in a double round robin ⌈4/2⌉ = 2.
    assert evaluate("GM", games, "NOR").unmet == ("2 GM opponents, 4 needed",)
    assert evaluate("GM", games, "NOR", double_round_robin=True).achieved


def test_fewer_than_two_other_federations():
    feds = ["GER", "GER", "GER", "GER", "GER", "GER", "NOR", "NOR", "NOR"]
    assert mix(feds=feds).unmet == ("1 federation other than NOR, 2 needed",)


def test_too_many_from_the_players_federation():
    # 9 games: at most 3 × 9 // 5 = 5 from NOR; 6 is one too many.
    feds = ["GER", "FRA", "ESP", "NOR", "NOR", "NOR", "NOR", "NOR", "NOR"]
    assert mix(feds=feds).unmet == ("6 opponents from NOR, at most 5 (3/5)",)


def test_too_many_from_one_federation():
    # 9 games: at most 2 × 9 // 3 = 6 from one federation; 7 from GER is too many.
    feds = ["GER"] * 7 + ["FRA", "ESP"]
    assert mix(feds=feds).unmet == ("7 opponents from GER, at most 6 (2/3)",)


def test_fid_is_no_federation():
    feds = ["GER", "FID", "FID", "FID", "FID", "FID", "FID", "FID", "FID"]
    assert mix(feds=feds).unmet == ("1 federation other than NOR, 2 needed",)
    assert mix(feds=["FID"] * 7 + ["GER", "FRA"]).unmet == ()  # seven FID players are not one federation


def test_exempt_switches_the_federation_rules_off():
    feds = ["NOR"] * 9
    assert len(mix(feds=feds).unmet) == 3
    assert mix(feds=feds, exempt=True).unmet == ()


# --- required and still needed -------------------------------------------------------------------------


def test_games_still_to_play():
    # 9 GMs at 2600, 4 points from 8 games, one to play: 4½ needed (p .50 → 2600).
    check = norm_check("GM", [2600] * 9, [1, 1, 1, 1, 0, 0, 0, 0, None], ["GM"] * 9, ["GER", "FRA", "ESP"] * 3, "NOR")
    assert (check.games, check.to_play, check.points_required, check.points_needed) == (9, 1, 4.5, 0.5)
    assert check.unmet == ("1 game still to play", "Rp 2557 is below 2600")
    done = norm_check("GM", [2600] * 9, [1, 1, 1, 1, 0, 0, 0, 0, "½"], ["GM"] * 9, ["GER", "FRA", "ESP"] * 3, "NOR")
    assert done.achieved and done.points_needed == 0


def test_no_score_when_ra_is_too_low():
    check = norm_check("GM", [2300] * 9, [1] * 9, ["GM"] * 9, ["GER", "FRA", "ESP"] * 3, "NOR")
    assert check.points_required is None and check.points_needed is None
    assert check.unmet == ("Ra 2300 is below 2380",)


def test_no_score_when_too_few_games():
    # 6 games at Ra 2380, 9 needed: the norm score is 5 (5/6 = .83; 4½/6 = .75 → 202 < 220), so
    # 9 games need 5 + 3 = 8 points of 6.
    check = evaluate("GM", [NormGame(2380, LOSS, "GM", f) for f in ("GER", "FRA", "ESP") * 2], "NOR")
    assert check.points_required is None


def test_blank_rows_are_no_game():
    check = norm_check("GM", [2600, None, 2600], [1, None, 0])
    assert check.games == 2


# --- bad input -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("args, message", [
    (("FM", [2400], [1]), 'norm: "FM" is not a norm'),
    (("GM", [2400], ["x"]), 'results: "x" is not a result'),
    (("GM", [2400, 2400], [1]), "opponents has 2 cells but results has 1"),
    (("GM", [2400], [1], ["Master"]), 'titles: "Master" is not a title'),
    (("GM", [2400, 2500], [1, 1], ["GM"]), "titles has 1 cell but opponents has 2"),
    (("GM", [2400], [1], None, ["GERMANY"]), 'federations: "GERMANY" is not a federation'),
    (("GM", [2400], [1], None, None, "N0R"), 'own_federation: "N0R" is not a federation'),
    (("GM", [2400], [1], None, None, None, "maybe"), 'exempt: "maybe" is not TRUE or FALSE'),
    (("GM", [2400], [1], None, None, None, None, 0), "min_games: 0 is not a whole number from 1 to 13"),
])
def test_bad_input_is_one_line(args, message):
    with pytest.raises(EloError) as error:
        norm_check(*args)
    assert str(error.value).startswith(message) and "\n" not in str(error.value)


@pytest.mark.parametrize("args, message", [
    (("XX", 9, 2400), 'norm: "XX" is not a norm'),
    (("GM", 0, 2400), "games: 0 is not a whole number"),
    (("GM", None, 2400), "games: blank is not a number of games"),
    (("GM", 9, "x"), 'average: "x" is not a number'),
    (("GM", 9, 5000), "average: 5000 is not an average rating"),
])
def test_norm_score_bad_input(args, message):
    with pytest.raises(EloError) as error:
        norm_score(*args)
    assert str(error.value).startswith(message)


# --- properties --------------------------------------------------------------------------------------------

ratings = st.one_of(st.none(), st.integers(1000, 2900))
titles = st.sampled_from(["", "GM", "IM", "WGM", "WIM", "FM", "WFM", "CM", "WCM"])
feds = st.sampled_from(["", "GER", "FRA", "NOR", "ESP"])
norms_ = st.sampled_from(list(THRESHOLDS))
game = st.builds(NormGame, ratings, st.sampled_from([LOSS, DRAW, WIN, None]), titles, feds)


def required_key(value):
    return float("inf") if value is None else value


@settings(max_examples=examples(300), deadline=None)
@given(norms_, st.lists(game, min_size=1, max_size=15), st.data(), st.booleans())
def test_more_points_never_unmake_a_norm(norm, games, data, exempt):
    i = data.draw(st.integers(0, len(games) - 1))
    g = games[i]
    if g.result not in (LOSS, DRAW):
        return
    better = NormGame(g.rating, g.result + 1, g.title, g.federation)
    before = evaluate(norm, games, "NOR", exempt=exempt)
    after = evaluate(norm, games[:i] + [better] + games[i + 1:], "NOR", exempt=exempt)
    assert after.achieved or not before.achieved
    assert after.games_credited >= before.games_credited


@settings(max_examples=examples(300), deadline=None)
@given(norms_, st.lists(game, min_size=1, max_size=15), st.data())
def test_raising_a_rating_never_raises_the_points_required(norm, games, data):
    before = evaluate(norm, games, "NOR")
    i = data.draw(st.integers(0, len(games) - 1))
    g = games[i]
    start = 1400 if g.rating is None else g.rating
    new = data.draw(st.integers(start, 3000))
    after = evaluate(norm, games[:i] + [NormGame(new, g.result, g.title, g.federation)] + games[i + 1:], "NOR")
    assert required_key(after.points_required) <= required_key(before.points_required)


@settings(max_examples=examples(200), deadline=None)
@given(norms_, st.integers(1, 19), st.integers(1000, 3000))
def test_the_annex_score_makes_the_performance_and_half_a_point_less_does_not(norm, games, ra):
    rp_min, ra_min, _ = THRESHOLDS[norm]
    score = norm_score(norm, games, ra)

    def makes(halves):
        p = math.floor(Fraction(100 * halves, 2 * games) + Fraction(1, 2))
        return halves * 100 >= 35 * 2 * games and ra + DP[p] >= rp_min

    if ra < ra_min:
        assert score is None
    elif score is None:
        assert not makes(2 * games)
    else:
        assert makes(int(2 * score)) and (score == 0 or not makes(int(2 * score) - 1))


# --- a Swiss: rounds still to play against opponents not known yet ------------------------------

SO_FAR = [NormGame(2450, WIN, "GM", "GER"), NormGame(2500, DRAW, "GM", "FRA"), NormGame(2400, WIN, "IM", "ESP"),
          NormGame(2550, LOSS, "GM", "ENG"), NormGame(2300, DRAW, "IM", "GER")]


def test_remaining_rounds_count_at_the_known_average() -> None:
    """After 5 of 9 rounds, 3 points: Ra = 12200/5 = 2440; a GM norm in 9 games at 2440 needs
    dp ≥ 160: 6½/9 = .72 → 166, 6/9 = .67 → 125 (table 8.1.1), so 6½ required, 3½ from 4 rounds."""
    c = evaluate("GM", SO_FAR, "NOR", remaining=4)
    assert (c.games, c.to_play, c.ra, c.score, c.points_required, c.points_needed) == (9, 4, 2440, 3, 6.5, 3.5)
    assert c.unmet[0] == "4 games still to play" and not c.achieved
    # the same as four games still to play against GMs rated 2440 from four new federations
    same = evaluate("GM", SO_FAR + [NormGame(2440, None, "GM", f) for f in ("ITA", "USA", "IND", "CHN")], "NOR")
    assert (same.games, same.ra, same.rp, same.points_required, same.unmet) == (c.games, c.ra, c.rp,
                                                                               c.points_required, c.unmet)


def test_remaining_rounds_keep_the_floor_on_the_known_opponents() -> None:
    """GM norm, known opponents 2100 (raised to 2200), 2500, 2600: Ra = 7300/3 = 2433.3 → 2433;
    six rounds at 2433 more: (7300 + 6 × 2433)/9 = 2433.1 → 2433 again."""
    known = [NormGame(2100, WIN, "GM", "GER"), NormGame(2500, DRAW, "GM", "FRA"), NormGame(2600, DRAW, "GM", "ESP")]
    assert evaluate("GM", known, remaining=6).ra == 2433
    assert evaluate("GM", known + [NormGame(2433, None, "GM", "ITA")] * 6).ra == 2433


def test_remaining_rounds_meet_the_mix_only_when_they_can() -> None:
    """Five FMs from GER so far (player NOR). With 4 rounds to play (9 games) 3 GMs are still
    possible and 5 of 9 from GER is within 2/3 (6); with 2 (7 games) 2 GMs at most, and 5 > 4."""
    fms = [NormGame(2450, DRAW, "FM", "GER")] * 5
    assert not [u for u in evaluate("GM", fms, "NOR", remaining=4).unmet if "GM opponent" in u or "GER" in u]
    unmet = evaluate("GM", fms, "NOR", remaining=2).unmet
    assert "0 GM opponents, 3 needed" in unmet and "5 opponents from GER, at most 4 (2/3)" in unmet
    assert "1 federation other than NOR, 2 needed" not in unmet  # two new federations are still possible


def test_before_the_first_round_nothing_is_known() -> None:
    c = evaluate("IM", [], "NOR", remaining=9)
    assert (c.games, c.to_play, c.ra, c.rp, c.points_required, c.points_needed) == (9, 9, None, None, None, None)
    assert c.unmet[:2] == ("9 games still to play", "no opponent known yet")
    with pytest.raises(EloError, match="remaining"):
        evaluate("IM", [], remaining=-1)
