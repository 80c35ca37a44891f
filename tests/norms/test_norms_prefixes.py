"""The norm checks of a Swiss over its first *k* rounds, from sums made once per player
(:class:`elo_xl.norms.Prefixes`, issue 18: ``rate --norms`` of a 9,999 x 99 event took 110 s),
give exactly what evaluating every prefix in turn gave: compared on random events with titles,
federations, byes, forfeits, unrated opponents and games still to play, and two cases by hand.
"""

from __future__ import annotations

import random

import pytest

from elo_xl.norms import MIN_GAMES, evaluate
from elo_xl.results import WITHOUT_OPPONENT
from elo_xl.event import Entrant, Tournament
from elo_xl.event.norms import _as_dict, _excluded_unrated, _federation, _rounds, _title, norms_to_check, player_norms
from elo_xl.norms import NormGame

TITLES = ("", "", "GM", "GM", "IM", "WGM", "WIM", "FM", "WFM", "CM")
FEDERATIONS = ("GER", "FRA", "ESP", "NOR", "", "FID")
RESULTS = ("1", "=", "0")


def every_prefix(t: Tournament, exempt: bool = False, min_games: int = MIN_GAMES) -> list[list[dict]]:
    """The per-prefix evaluation as ``player_norms`` did it before the shared sums."""
    rounds = _rounds(t)
    kind = t.kind()
    excluded = _excluded_unrated(t, rounds) if kind != "swiss" else set()
    out = []
    for i, e in enumerate(t.entrants):
        per_round = []
        for j, _, code in rounds[i]:
            if j is None:
                per_round.append(NormGame(None, code) if code in WITHOUT_OPPONENT else None)
            elif j in excluded:
                per_round.append(None)
            else:
                o = t.entrants[j - 1]
                per_round.append(NormGame(o.rating, code, _title(o.title), _federation(o.federation)))
        games = [g for g in per_round if g is not None]
        own = _federation(e.federation)
        checks = []
        for name in norms_to_check(e.sex, e.title):
            check = evaluate(name, games, own, min_games=min_games, exempt=exempt,
                             double_round_robin=kind == "double round robin")
            after = None
            if not check.achieved and kind == "swiss":
                for k in range(min_games, len(per_round)):
                    prefix = evaluate(name, [g for g in per_round[:k] if g is not None], own,
                                      min_games=min_games, exempt=exempt)
                    if prefix.achieved:
                        check, after = prefix, k
                        break
            checks.append(_as_dict(check, after))
        out.append(checks)
    return out


def random_swiss(rng: random.Random, players: int, rounds: int) -> Tournament:
    """Strong players (so that norms are made), byes, forfeits, unplayed games, unrated players."""
    entrants = [Entrant(i + 1, f"P{i + 1}", rng.choice([None, rng.randint(2300, 2750), rng.randint(2450, 2700)]),
                        rng.choice(TITLES), rng.choice(FEDERATIONS), sex=rng.choice("mw")) for i in range(players)]
    pairings: list[list[int | None]] = [[None] * rounds for _ in range(players)]
    results: list[list[str | None]] = [[None] * rounds for _ in range(players)]
    for t in range(rounds):
        order = list(range(players))
        rng.shuffle(order)
        if len(order) % 2 or rng.random() < 0.3:
            results[order.pop()][t] = rng.choice(["U", "H", "F", "Z", None])
        for a, b in zip(order[::2], order[1::2]):
            pairings[a][t], pairings[b][t] = b + 1, a + 1
            r = rng.choices(range(5), [40, 30, 40, 4, 3])[0]
            results[a][t], results[b][t] = [("1", "0"), ("=", "="), ("0", "1"), ("+", "-"), (None, None)][r]
    return Tournament(entrants, results, pairings)


@pytest.mark.parametrize("seed", range(12))
def test_shared_sums_equal_every_prefix_on_random_events(seed):
    rng = random.Random(seed)
    event = random_swiss(rng, rng.randint(12, 40), rng.randint(9, 22))
    exempt, min_games = rng.random() < 0.3, rng.choice([MIN_GAMES, MIN_GAMES, 7, 5])
    expected = every_prefix(event, exempt, min_games)
    assert player_norms(event, exempt, min_games) == expected


def test_random_events_do_make_norms_after_a_round():
    """The comparison above is not vacuous: the random events make norms over a prefix."""
    found = 0
    for seed in range(12):
        rng = random.Random(seed)
        event = random_swiss(rng, rng.randint(12, 40), rng.randint(9, 22))
        found += sum(c["after_round"] is not None for checks in player_norms(event) for c in checks)
    assert found > 0


def one_player_swiss(results: list[str], ratings: list[int], titles: list[str], federations: list[str]) -> Tournament:
    """Player 1 (NOR) meets players 2, 3… in rounds 1, 2…; the others play nobody else."""
    n = len(results) + 1
    entrants = [Entrant(1, "Hero", 2450, "", "NOR", sex="m")] + [
        Entrant(i + 2, f"O{i + 2}", ratings[i], titles[i], federations[i], sex="m") for i in range(n - 1)]
    rounds = n - 1
    pairings: list[list[int | None]] = [[None] * rounds for _ in range(n)]
    cells: list[list[str | None]] = [[None] * rounds for _ in range(n)]
    back = {"1": "0", "0": "1", "=": "="}
    for r, result in enumerate(results):
        pairings[0][r], pairings[r + 1][r] = r + 2, 1
        cells[0][r], cells[r + 1][r] = result, back[result]
    return Tournament(entrants, cells, pairings)


def test_gm_norm_after_round_9_by_hand():
    """Nine GMs rated 2600 from four federations: Ra 2600. 4½ of 9 is p 0.50, dp 0, Rp 2600: the
    GM norm (4½ is also the least score: 4 of 9 is p 0.44, dp −43). Two losses after it give
    4½ of 10 (p 0.45, Rp 2564) and of 11 (p 0.41, Rp 2538): not made over 10 or 11 rounds, so
    the norm is made after round 9."""
    results = ["1", "1", "1", "1", "=", "0", "0", "0", "0", "0", "0"]
    feds = ["GER", "FRA", "ESP", "ITA"] * 2 + ["GER", "FRA", "ESP"]
    event = one_player_swiss(results, [2600] * 11, ["GM"] * 11, feds)
    gm = player_norms(event)[0][0]
    assert (gm["norm"], gm["achieved"], gm["after_round"]) == ("GM", True, 9)
    assert (gm["games"], gm["ra"], gm["score"], gm["rp"], gm["points_required"]) == (9, 2600, 4.5, 2600, 4.5)
    assert gm == every_prefix(event)[0][0]


def test_no_prefix_makes_the_norm_by_hand():
    """The same event with a draw instead of the fourth win: 4 of 9 (p 0.44, Rp 2557) and never
    more later, so no prefix makes the GM norm and the check over all 11 rounds stands."""
    results = ["1", "1", "1", "=", "=", "0", "0", "0", "0", "0", "0"]
    feds = ["GER", "FRA", "ESP", "ITA"] * 2 + ["GER", "FRA", "ESP"]
    event = one_player_swiss(results, [2600] * 11, ["GM"] * 11, feds)
    gm = player_norms(event)[0][0]
    assert (gm["achieved"], gm["after_round"], gm["games"], gm["score"]) == (False, None, 11, 4)
    assert gm == every_prefix(event)[0][0]


def test_prefixes_do_not_evaluate_every_round(monkeypatch):
    """Before, a norm not made over a 60-round Swiss was evaluated again for each of the 51
    prefixes from round 9; now once over the event and once per prefix the sums cannot rule out."""
    import elo_xl.norms as norms
    import elo_xl.event.norms as event_norms

    calls = []
    real = norms.evaluate

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(norms, "evaluate", counted)
    monkeypatch.setattr(event_norms, "evaluate", counted)
    rng = random.Random(5)
    event = random_swiss(rng, 30, 60)
    checks = sum(map(len, player_norms(event)))
    assert len(calls) < 2 * checks


def test_kind_of_event_without_a_table_of_every_pair():
    """Who met whom is counted per pair met, not in an n x n table (9,999 players: 800 MB)."""
    import tracemalloc

    n = 4000
    entrants = [Entrant(i + 1, f"P{i + 1}", 2000) for i in range(n)]
    pairings = [[(i ^ 1) + 1] for i in range(n)]
    event = Tournament(entrants, [["="] for _ in range(n)], pairings)
    tracemalloc.start()
    try:
        assert event.kind() == "swiss"
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 10 * 2**20  # the table of 4000 x 4000 counts took 128 MB


def test_kind_of_event_by_hand():
    """Three players who all meet once: a round robin; twice: a double one; one pair missing: a Swiss."""
    entrants = [Entrant(i + 1, n, 2000) for i, n in enumerate("ABC")]
    once = Tournament(entrants, [["1", "1", None], ["0", None, "1"], [None, "0", "0"]],
                      [[2, 3, None], [1, None, 3], [None, 1, 2]])
    assert once.kind() == "round robin"
    twice = Tournament(entrants, [r * 2 for r in once.results], [p * 2 for p in once.pairings])
    assert twice.kind() == "double round robin"
    missing = Tournament(entrants, [["1", None, None], ["0", None, None], [None, None, None]],
                         [[2, None, None], [1, None, None], [None, None, None]])
    assert missing.kind() == "swiss"
