"""The vectorised period kernel against the per-player engine (elo_xl.engine.rate): identical results."""

import random

import numpy as np
import pytest

from elo_xl.engine import rate
from elo_xl import kernel
from elo_xl.period.lists import ListRow, RatingList
from elo_xl.period.run import rate_period
from elo_xl.io import parse_trf
from period_helpers import event_text

SYMBOL = {2: 1, 1: "½", 0: 0}


def random_ratings(rng, n):
    # all over the table, with the 2650 exception's neighbourhood and the 400-point edge well covered
    pools = [lambda: rng.randint(1000, 2900), lambda: rng.randint(2600, 2700), lambda: rng.randint(1390, 1420),
             lambda: rng.choice([2000, 2400, 2401, 2649, 2650, 2250])]
    return [rng.choice(pools)() for _ in range(n)]


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("rules", ["FIDE", "FIDE-2024"])
def test_kernel_equals_engine_game_for_game(seed, rules):
    rng = random.Random(seed)
    n = rng.randint(2, 60)
    games = rng.randint(1, 800)
    ratings = np.array(random_ratings(rng, n))
    k = np.array([rng.choice([10, 15, 20, 40, 32]) for _ in range(n)])
    a = np.array([rng.randrange(n) for _ in range(games)])
    b = np.array([(x + rng.randrange(1, n)) % n for x in a])
    h = np.array([rng.choice([0, 1, 2]) for _ in range(games)])
    played, k_used, change = kernel.rate_games(ratings, k, a, b, h, rules)
    per_player = {i: ([], []) for i in range(n)}
    for x, y, hx in zip(a.tolist(), b.tolist(), h.tolist()):
        per_player[x][0].append(int(ratings[y])), per_player[x][1].append(SYMBOL[hx])
        per_player[y][0].append(int(ratings[x])), per_player[y][1].append(SYMBOL[2 - hx])
    for i, (opps, results) in per_player.items():
        if not opps:
            assert played[i] == 0
            continue
        out = rate(int(ratings[i]), opps, results, k=int(k[i]), rules=rules)
        assert (played[i], k_used[i], change[i]) == (out.games, out.k, out.change), (seed, i)
        assert int(ratings[i] + change[i]) == out.new_rating


def test_side_form_equals_game_form():
    rng = np.random.default_rng(5)
    n, g = 40, 3000
    ratings = rng.integers(1000, 2900, n)
    a = rng.integers(0, n, g)
    b = (a + rng.integers(1, n, g)) % n
    h = rng.integers(0, 3, g)
    params = kernel.KernelParams.of("FIDE")
    games = kernel.game_sums(a, b, h, ratings, n, params)
    sides = kernel.side_sums(np.concatenate([a, b]), ratings[np.concatenate([a, b])], ratings[np.concatenate([b, a])],
                             np.concatenate([h, 2 - h]), n, params)
    assert games.games.tolist() == sides.games.tolist()
    assert games.delta.tolist() == sides.delta.tolist()


@pytest.mark.parametrize("seed", range(4))
def test_period_equals_engine_per_player(seed):
    """Whole periods (several events, list ratings and Ks, unrated players) against engine.rate."""
    rng = random.Random(100 + seed)
    n = rng.randint(6, 30)
    ratings = random_ratings(rng, n)
    for i in rng.sample(range(n), 2):
        ratings[i] = None  # unrated on the list: their games are not rated for the opponents
    ks = [rng.choice([10, 20, 40]) for _ in range(n)]
    rl = RatingList()
    for i in range(n):
        rl.append(ListRow(i + 1, f"P{i + 1}", "VIE", "M", "", "", "", "", ratings[i], 0, ks[i], 1980, "", i + 2))
    events = []
    record = {i: ([], []) for i in range(n)}
    for e in range(rng.randint(1, 4)):
        members = rng.sample(range(n), rng.randint(2, n) // 2 * 2)
        start = {x: s for s, x in enumerate(members, 1)}
        shuffled = members[:]
        rounds = []
        for _ in range(rng.randint(1, 9)):
            rng.shuffle(shuffled)
            pairs = []
            for x, y in zip(shuffled[::2], shuffled[1::2]):
                res = rng.choice(["1", "=", "0"])
                pairs.append((start[x], start[y], res))
                hx = {"1": 1, "=": "½", "0": 0}[res]
                hy = {"1": 0, "=": "½", "0": 1}[res]
                if ratings[x] and ratings[y]:
                    record[x][0].append(ratings[y]), record[x][1].append(hx)
                    record[y][0].append(ratings[x]), record[y][1].append(hy)
            rounds.append(pairs)
        players = [(f"P{i + 1}", i + 1, ratings[i]) for i in members]
        text = event_text(players, rounds)
        events.append((f"e{e}.trf", parse_trf(text)))
    result = rate_period(rl, events, "2026-10")
    rows = list(result.rows())
    for i in range(n):
        opps, results = record[i]
        row = rows[i]
        if not ratings[i]:
            continue
        if not opps:
            assert row["change"] is None and row["new_rating"] == ratings[i]
            continue
        out = rate(ratings[i], opps, results, k=ks[i])
        assert (row["games"], row["k_used"], row["change"]) == (out.games, out.k, out.change)
        expected_new = out.new_rating if out.new_rating >= 1400 else None
        assert row["new_rating"] == expected_new


def test_gap_rule_of_rapid_and_blitz():
    # FIDE-PERIODS.md: since 1 Dec 2024 a rapid/blitz game between players 600 or more apart is not
    # rated when one of them is rated above 2600 (for both players). Parameters as FIDE-RAPID has them.
    params = kernel.KernelParams(cap=400, cap_exempt_from=None, k_times_n=700, gap=600, gap_above=2600)
    own = np.array([2700, 2100, 2600, 2601, 2700])
    opp = np.array([2100, 2700, 2000, 2001, 2101])
    # 600 apart, 2700 above 2600: not rated either way; 2600 is not above 2600; 599 apart is rated
    assert kernel.rated_mask(own, opp, params).tolist() == [False, False, True, False, True]


def test_engine_skips_pairs_a_gap_rule_excludes():
    # A stand-in rule set with the rapid gap rule (the rapid rule sets come with their own change):
    # rate_event leaves out the 2700–2100 game for both players and rates the rest as FIDE-2024.
    from elo_xl.engine import rate_event
    from elo_xl.rules import FideRules

    class Gap(FideRules):
        GAP_FROM, GAP_ABOVE = 600, 2600

        def rated_pair(self, rating, opponent):
            return not (abs(rating - opponent) >= self.GAP_FROM and max(rating, opponent) > self.GAP_ABOVE)

    rules = Gap("GAP-TEST", cap_exempt_from=None)
    ratings = [[2700], [2100], [2150]]
    pairings = [[2, 3], [1, None], [None, 1]]
    results = [[1, 1], [0, None], [None, 0]]
    out = rate_event(ratings, results, 10, rules, pairings)
    # 2700 vs 2100: 600 apart → not rated; 2700 vs 2150: 550 apart → rated, D capped at 400: PD 0.92,
    # 10 × 0.08 = 0.8 → +1; 2150: 10 × (0 − 0.08) = −0.8 → −1.
    assert [(o.games, o.change) for o in out] == [(1, 1), (0, 0), (1, -1)]
