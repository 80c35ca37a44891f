"""ELO_NEEDED by bisection gives exactly what the old linear scan gave.

The reference below is the former algorithm, kept here on purpose: try every score from 0 to
a full score in half points and return the first whose new rating reaches the target. It is
quadratic (26 s for 10,000 opponents); bench/bench_needed.py times both.
"""

from __future__ import annotations

import random

import pytest

from elo_xl import engine
from elo_xl.engine import _counted, _opponents_only, _outcome
from elo_xl.results import as_points
from elo_xl.results import parse_k, parse_number, parse_rating
from elo_xl.rules import parse_rules

RULES = ["FIDE", "FIDE-2024", "ELO-1970", "USSR-1977", "LOGISTIC", "LOGISTIC 480"]


def needed_by_scan(rating, opponents, target, k=None, rules=None):
    rs = parse_rules(rules)
    own = parse_rating(rating, "rating")
    k_value = parse_k(k, "k")
    goal = parse_number(target, "target")
    opps, _ = _counted(rs, _opponents_only(opponents, "opponents"))
    for halves in range(0, 2 * len(opps) + 1):
        new = _outcome(rs, own, opps, halves, k_value).new_rating
        if new is not None and new >= goal:
            return as_points(halves)
    return None


def random_case(rng: random.Random):
    n = rng.choice([0, 1, 2, 4, 5, 6, 9, 13, 30, 61])
    opponents = [rng.choice([None, "NR", 0] if rng.random() < 0.1 else [rng.randint(1000, 2850)]) for _ in range(n)]
    opponents = [o for o in opponents if o is not None] or [2000]
    rating = None if rng.random() < 0.2 else rng.randint(1000, 2850)
    base = rating if rating is not None else 1800
    target = base + rng.randint(-60, 120) + rng.choice([0, 0.5, 0.25])
    k = rng.choice([None, 10, 15, 20, 32.5, 40, 100])
    return rating, opponents, target, k, rng.choice(RULES)


@pytest.mark.parametrize("seed", range(20))
def test_bisection_equals_the_scan(seed):
    rng = random.Random(seed)
    for _ in range(60):
        case = random_case(rng)
        assert engine.needed(*case) == needed_by_scan(*case), case


def test_every_target_on_one_field():
    # every reachable rating as target: the least score for each, both ways
    opponents = [2100, 2250, 2400, 2390, 1980, 2600, 2050, 2200, 2300]
    for rules in RULES:
        for rating in (None, 1500, 2200, 2400, 2700):
            for target in range(1300, 2800, 7):
                assert engine.needed(rating, opponents, target, None, rules) == \
                    needed_by_scan(rating, opponents, target, None, rules), (rules, rating, target)


def test_published_example():
    # the function's own documented case: 2400 against nine 2400s needs 5.5 for +20 at K 20
    # (5.5 − 4.5 = 1 point above expectation × K 20 = +20; 5 points give only +10)
    assert engine.needed(2400, [2400] * 9, 2420, k=20) == 5.5
    assert engine.needed(2400, [2400] * 9, 2410, k=20) == 5
    assert engine.needed(2400, [2400] * 9, 2600, k=20) is None
