"""The round robins' pairings: FIDE's Berger tables (Handbook C.05, Annex 1).

Expected values: the table for six players as C.05 Annex 1 prints it (quoted in the project's
notes on the pairing rules), and gacrux's ``bergertables`` — the reference tool of FIDE's
Technical Commission — for 3 to 30 players, every round.
"""

from __future__ import annotations

import itertools

import pytest

from elo_xl.pairing.berger import berger_pairing, berger_round, schedule_pairing, schedule_round

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


def _played(n: int, system: str, rounds: list[list[tuple[int, int]]]) -> str:
    """A TRF file of ``n`` players declaring ``system`` (TRF-2026 ``192``) with ``rounds``
    played, every game drawn (written column by column by ``pairing_cases.player_line``)."""
    from pairing_cases import player_line

    games: dict[int, list[tuple[int | None, str, str]]] = {p: [] for p in range(1, n + 1)}
    for pairs in rounds:
        for white, black in pairs:
            if black == 0:
                games[white].append((None, "-", "U"))
                continue
            games[white].append((black, "w", "="))
            games[black].append((white, "b", "="))
    lines = ["012 Double", f"142 {2 * (n - 1 + n % 2)}", f"192 {system}"]
    lines += [player_line(p, f"Player {p}", sum(1 if r == "U" else 0.5 for _, _, r in games[p]), games[p])
              for p in range(1, n + 1)]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("n", [3, 4, 5, 6, 9, 10])
@pytest.mark.parametrize("system,reverse", [("FIDE_DOUBLEROUNDROBIN", True), ("BERGER_DOUBLEROUNDROBIN", False)])
def test_a_double_round_robin_is_the_rounds_gacrux_pairs(n, system, reverse):
    """gacrux pairs ``FIDE_DOUBLEROUNDROBIN`` with the last two rounds of the first cycle
    reversed (C.05 Annex 1's advice), ``BERGER_DOUBLEROUNDROBIN`` in the tables' order; each
    round is paired by gacrux after the rounds before it, as an arbiter would."""
    from elo_xl.pairing.dutch import pair_berger_gacrux

    played: list[list[tuple[int, int]]] = []
    cycle = n - 1 + n % 2
    for r in range(1, 2 * cycle + 1):
        pairs = pair_berger_gacrux(_played(n, system, played), round_=r, double=True, reverse=reverse)
        ours = schedule_pairing(n, r, double=True, reverse=reverse)
        assert sorted(pairs) == sorted(ours), (n, r)
        played.append(ours)


@pytest.mark.parametrize("n", range(3, 31))
def test_a_double_round_robin_from_the_tables(n):
    """The first cycle is C.05's table (gacrux's ``bergertables``), its last two rounds
    exchanged when asked; the second cycle the table again, every colour reversed."""
    from gacrux.berger import bergertables

    table = bergertables(n)["pairing"]
    m = n - 1 + n % 2

    def table_round(r):
        pairs = [(b["white"], b["black"]) for _, b in sorted(table[r].items())]
        return sorted((w, b) if max(w, b) <= n else (min(w, b), 0) for w, b in pairs)

    for reverse in (False, True):
        for r in range(1, 2 * m + 1):
            t = (r - 1) % m + 1
            if reverse and r in (m - 1, m):
                t = 2 * m - 1 - r
            expected = table_round(t)
            if r > m:
                expected = sorted((b, w) if b else (w, 0) for w, b in expected)
            assert sorted(schedule_pairing(n, r, double=True, reverse=reverse)) == expected, (n, r, reverse)
            for white, black in schedule_pairing(n, r, double=True, reverse=reverse):
                if black:
                    cycle = 1 if r <= m else 2
                    assert schedule_round(white, black, n, cycle, reverse=reverse) == (r, True)
                    assert schedule_round(black, white, n, cycle, reverse=reverse) == (r, False)


def test_reversing_the_last_two_rounds_avoids_three_same_colours_running():
    """C.05 Annex 1: reversing the last two rounds of the first cycle is advised so that no
    player has the same colour three times running; in the tables' order some do."""
    def worst_run(reverse):
        worst = 0
        for p in range(1, 11):
            colours = []
            for r in range(1, 19):
                for white, black in schedule_pairing(10, r, double=True, reverse=reverse):
                    if p in (white, black):
                        colours.append("w" if p == white else "b")
            run = longest = 1
            for a, b in zip(colours, colours[1:]):
                run = run + 1 if a == b else 1
                longest = max(longest, run)
            worst = max(worst, longest)
        return worst

    assert worst_run(False) == 3 and worst_run(True) == 2


def test_a_single_round_robin_has_its_cycle_only():
    assert schedule_pairing(6, 5) == berger_pairing(6, 5)
    with pytest.raises(ValueError, match="has 5 rounds, not 6"):
        schedule_pairing(6, 6)
