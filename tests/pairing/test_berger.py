"""The round robins' pairings: FIDE's Berger tables (Handbook C.05, Annex 1).

Expected values: the table for six players as C.05 Annex 1 prints it (quoted in the project's
notes on the pairing rules), and gacrux's ``bergertables`` — the reference tool of FIDE's
Technical Commission — for 3 to 30 players, every round.
"""

from __future__ import annotations

import itertools

import pytest

from elo_xl.pairing.berger import berger_pairing, berger_round

#: C.05 Annex 1, six players, White first.
SIX = {1: [(1, 6), (2, 5), (3, 4)], 2: [(6, 4), (5, 3), (1, 2)], 3: [(2, 6), (3, 1), (4, 5)],
       4: [(6, 5), (1, 4), (2, 3)], 5: [(3, 6), (4, 2), (5, 1)]}


def test_the_table_for_six_players_as_fide_prints_it():
    assert {r: berger_pairing(6, r) for r in SIX} == SIX


@pytest.mark.parametrize("n", range(3, 31))
def test_every_round_equals_gacrux_bergertables(n):
    from gacrux.berger import bergertables

    table = bergertables(n)["pairing"]
    last = n + n % 2
    for r in range(1, last):
        expected = [(b["white"], b["black"]) for _, b in sorted(table[r].items())]
        # an odd field: the dummy (the highest number, n + 1) is the bye, listed last here
        games = [(w, b) for w, b in expected if last not in (w, b) or last == n]
        byes = [w if b == last else b for w, b in expected if last > n and last in (w, b)]
        assert berger_pairing(n, r) == games + [(p, 0) for p in byes], (n, r)


@pytest.mark.parametrize("n", [3, 4, 5, 10, 11, 16, 29, 30])
def test_each_pair_meets_once_a_cycle_in_the_round_berger_round_names(n):
    last = n + n % 2
    met = {}
    for r in range(1, 2 * (last - 1) + 1):
        seen = set()
        for white, black in berger_pairing(n, r):
            assert white not in seen and black not in seen
            seen.update((white, black))
            if black == 0:
                continue
            cycle_round = (r - 1) % (last - 1) + 1
            assert berger_round(white, black, n) == (cycle_round, r <= last - 1)
            met.setdefault(frozenset((white, black)), []).append(white)
        assert seen - {0} == set(range(1, n + 1))
    assert set(met) == {frozenset(p) for p in itertools.combinations(range(1, n + 1), 2)}
    # twice each, the colours reversed in the second cycle
    assert all(len(whites) == 2 and whites[0] != whites[1] for whites in met.values())


def test_an_odd_field_gives_each_player_one_bye_a_cycle():
    byes = [next(w for w, b in berger_pairing(7, r) if b == 0) for r in range(1, 8)]
    assert sorted(byes) == list(range(1, 8))


def test_a_round_robin_needs_two_players_and_rounds_from_one():
    with pytest.raises(ValueError):
        berger_pairing(1, 1)
    with pytest.raises(ValueError):
        berger_pairing(4, 0)
