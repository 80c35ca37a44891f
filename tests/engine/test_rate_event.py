"""rate_event's numeric fast path (cells that are already numbers) against the general reader.

The same events are rated twice: once with every cell a number (as Excel passes them: the fast
path), once with the results typed as text ("1", "½", "0": the general path). Every outcome must
be identical, and errors must read the same.
"""

import random

import pytest

from elo_xl.engine import rate_event
from elo_xl.errors import EloError

TEXT = {1.0: "1", 0.5: "½", 0.0: "0", None: None}


def random_event(rng, n, rounds):
    ratings = [[rng.choice([None, rng.randint(1000, 2850), rng.randint(2600, 2700), 2012.5])] for _ in range(n)]
    pairings = [[None] * rounds for _ in range(n)]
    results = [[None] * rounds for _ in range(n)]
    order = list(range(n))
    for t in range(rounds):
        rng.shuffle(order)
        for a, b in zip(order[::2], order[1::2]):
            if rng.random() < 0.1:
                continue  # neither plays this round
            pairings[a][t], pairings[b][t] = float(b + 1), float(a + 1)
            r = rng.choice([1.0, 0.5, 0.0])
            ra, rb = r, 1.0 - r
            side = rng.random()
            if side < 0.1:
                rb = None  # written on one row only
            elif side < 0.15:
                ra = None
            elif side < 0.18:
                ra = rb = None  # not played yet
            results[a][t], results[b][t] = ra, rb
    return ratings, pairings, results


@pytest.mark.parametrize("rules", ["FIDE", "FIDE-2024", "ELO-1970", "USSR-1977", "LOGISTIC"])
@pytest.mark.parametrize("seed", range(5))
def test_fast_path_equals_general_path(rules, seed):
    rng = random.Random(seed)
    ratings, pairings, results = random_event(rng, rng.randint(10, 80), rng.randint(1, 12))
    as_text = [[TEXT[v] for v in row] for row in results]
    k = [[rng.choice([None, 10, 20, 40])] for _ in ratings]
    fast = rate_event(ratings, results, k, rules, pairings)
    general = rate_event(ratings, as_text, k, rules, pairings)
    assert fast == general


@pytest.mark.parametrize("rules", ["FIDE", "FIDE-2024"])
@pytest.mark.parametrize("seed", range(6))
def test_fast_path_with_whole_ratings_equals_general_path(rules, seed):
    # whole ratings only: the fast path then sums ΣPD for the whole event at once (cap, the 2650
    # exemption of FIDE, differences beyond 736 all met by the ratings drawn)
    rng = random.Random(100 + seed)
    ratings, pairings, results = random_event(rng, rng.randint(10, 80), rng.randint(1, 12))
    ratings = [[None if r[0] is None else rng.choice([rng.randint(1000, 2850), rng.randint(2600, 2700)])]
               for r in ratings]
    as_text = [[TEXT[v] for v in row] for row in results]
    k = [[rng.choice([None, 10, 20, 40])] for _ in ratings]
    fast = rate_event(ratings, results, k, rules, pairings)
    general = rate_event(ratings, as_text, k, rules, pairings)
    assert fast == general
    assert any(o.expected for o in fast)


def test_errors_read_the_same_on_numbers():
    rng = random.Random(9)
    ratings, pairings, results = random_event(rng, 40, 5)
    a = next(i for i in range(40) if pairings[i][0] and results[i][0] is not None
             and results[int(pairings[i][0]) - 1][0] is not None)
    b = int(pairings[a][0]) - 1
    results[a][0] = results[b][0] = 1.0  # both won the same game
    with pytest.raises(EloError) as numeric:
        rate_event(ratings, results, None, "FIDE", pairings)
    first, second = sorted((a, b))
    assert str(numeric.value).startswith(f"results, round 1: row {first + 1} (1) and row {second + 1} (1) disagree "
                                         "on their game")
    pairings[a][1] = float(a + 1)
    with pytest.raises(EloError, match="is the player himself"):
        rate_event(ratings, results, None, "FIDE", pairings)
    pairings[a][1] = 0.5
    with pytest.raises(EloError, match="is not a whole number"):
        rate_event(ratings, results, None, "FIDE", pairings)


def test_bools_are_not_results():
    ratings = [[2000]] * 8
    pairings = [[float((i ^ 1) + 1)] * 8 for i in range(8)]
    results = [[1.0 if i % 2 == 0 else 0.0] * 8 for i in range(8)]
    results[3][2] = True
    with pytest.raises(EloError, match="row 4 column 3: True is not a result"):
        rate_event(ratings, results, None, "FIDE", pairings)


def test_ratings_read_directly_as_the_general_reader_reads_them():
    pairings = [[2.0], [1.0], [4.0], [3.0]]
    results = [[1.0], [0.0], [0.5], [0.5]]
    fast = rate_event([[2400.0], [0.0], [2012.5], [None]], results, 20, "FIDE", pairings)
    general = rate_event([["2400"], ["NR"], ["2012.5"], [""]], results, 20, "FIDE", pairings)
    assert fast == general
    assert [o.rating for o in fast] == [2400, None, 2012.5, None]
    with pytest.raises(EloError, match=r"ratings, value 3: 5000 is not a rating"):
        rate_event([[2400.0], [0.0], [5000.0], [None]], results, 20, "FIDE", pairings)
    with pytest.raises(EloError, match=r"ratings, value 2: True is not a rating"):
        rate_event([[2400.0], [True], [2000.0], [None]], results, 20, "FIDE", pairings)
