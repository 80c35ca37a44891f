"""The one reading of an event's games from cells (:mod:`elo_xl.games`) and the one answer to
"round robin or Swiss?", checked on small events written out by hand, and the engine, the
tie-breaks and the norms shown to read the same games through it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ci import examples

from elo_xl import engine, games, tiebreaks
from elo_xl.errors import EloError
from elo_xl.games import ABSENT, DOUBLE_ROUND_ROBIN, ROUND_ROBIN, SWISS, Round, from_crosstable, from_rounds, kind
from elo_xl.results import BYE_HALF, DRAW, FORFEIT_LOSS, FORFEIT_WIN, LOSS, WIN

# A Swiss of 4 players, 2 rounds, each row the player's own record:
#   r1: 1–2 1-0 (1 white), 3–4 ½ (typed on 3's row only);  r2: 1–3 +/− (forfeit), 2: H, 4: nothing
PAIRINGS = [[2, 3], [1, None], [4, 1], [3, None]]
RESULTS = [[1, "+"], [0, "H"], ["½", "-"], [None, None]]
COLOURS = [["w", "b"], ["b", None], ["W", "w"], [" b ", None]]


def test_the_rounds_form_is_read_round_by_round_with_start_numbers_from_1():
    rows = from_rounds(RESULTS, PAIRINGS, COLOURS)
    assert rows[0] == [Round(2, "w", WIN), Round(3, "b", FORFEIT_WIN)]
    assert rows[1] == [Round(1, "b", LOSS), Round(None, "", BYE_HALF)]
    assert rows[2] == [Round(4, "w", DRAW), Round(1, "w", FORFEIT_LOSS)]
    # each row is its own record: 4's row has no result (3's row says ½ for 3, not for 4)
    assert rows[3] == [Round(3, "b", None), ABSENT]


@pytest.mark.parametrize("results, pairings, message", [
    ([[1], [1]], [[2], [1]], "results, round 1: row 1 (1) and row 2 (1) disagree on their game"),
    ([[1], [0], [None]], [[2], [3], [None]], "pairings, row 1 column 1: 1 meets 2 in round 1, but row 2 says 2 meets 3"),
    ([[1], [None]], [[5], [None]], 'pairings, row 1 column 1: 5 is not a start number; the event has 2 players'),
    ([[1], [None]], [[1], [None]], "pairings, row 1 column 1: 1 is the player himself"),
    ([["H"], [None]], [[2], [None]], 'results, row 1 column 1: "H" is a bye, which has no opponent'),
    ([["x"], [None]], [[None], [None]], 'results, row 1 column 1: "x" is not a result'),
    ([[1, 0]], [[None]], "results is 1×2 but pairings is 1×1"),
    ([[1], [0]], [["two"], [1]], 'pairings, row 1 column 1: "two" is not a whole number'),
])
def test_the_rounds_form_names_the_cell_at_fault(results, pairings, message):
    with pytest.raises(EloError, match=message.replace("(", r"\(").replace(")", r"\)")):
        from_rounds(results, pairings)


def test_the_crosstable_counts_a_game_typed_on_one_side_for_both():
    # 1 beat 2 (typed by 1), 3 drew 2 (typed by 2), 1–3 not played yet
    rows = from_crosstable([[None, 1, None], [None, None, "½"], [None, None, None]])
    assert rows == [[Round(2, "", WIN), Round(3, "", None)],
                    [Round(1, "", LOSS), Round(3, "", DRAW)],
                    [Round(1, "", None), Round(2, "", DRAW)]]


@pytest.mark.parametrize("table, message", [
    ([[None, 1], [1, None]], "results, row 1 column 2 (1) and row 2 column 1 (1) disagree"),
    ([[None, 1, 0], [0, None, 1]], "results is 2×3; a crosstable has one row and one column per player"),
    ([[None, "x"], [None, None]], 'results, row 1 column 2: "x" is not a result'),
    ([[None, "U"], [None, None]], 'results, row 1 column 2: "U" is a bye'),
])
def test_the_crosstable_names_the_cell_at_fault(table, message):
    with pytest.raises(EloError, match=message.replace("(", r"\(").replace(")", r"\)")):
        from_crosstable(table)


def test_the_numeric_rounds_read_as_the_general_reader_does():
    pairings = [[2, 3, None], [1, None, 3], [4, 1, 2], [3, None, None]]
    results = [[1, 0.5, None], [0, None, 1], [0.5, 0.5, 0], [0.5, None, None]]
    fast = games.numeric_rounds(results, pairings)
    rows = from_rounds(results, pairings)
    general = [(i, r.opponent - 1, r.code) for i, row in enumerate(rows) for r in row
               if r.opponent is not None and r.code is not None]
    assert list(zip(fast.player.tolist(), fast.opponent.tolist(), fast.halves.tolist())) == general
    assert fast.points == [3, 2, 2, 1]  # in halves: 1½, 1, 1, ½
    # a disagreement, a rematch of rows or text: the general reader must name the cell
    assert games.numeric_rounds([[1], [1]], [[2], [1]]) is None
    assert games.numeric_rounds([[1], [0], [None]], [[2], [3], [None]]) is None
    assert games.numeric_rounds([["1"], [0]], [[2], [1]]) is None


def rr_crosstable(n: int) -> list[list]:
    return [[None if i == j else (1 if i < j else 0) for j in range(n)] for i in range(n)]


def berger_rounds(n: int, cycles: int = 1, played: int | None = None) -> list[list[Round]]:
    """A round robin in rounds (the circle method), ``played`` rounds of it."""
    players = list(range(1, n + 1)) + ([None] if n % 2 else [])
    m = len(players)
    schedule = []
    for _ in range(cycles):
        order = players[:]
        for _ in range(m - 1):
            schedule.append([(order[k], order[m - 1 - k]) for k in range(m // 2)])
            order = [order[0], order[-1]] + order[1:-1]
    schedule = schedule[:played] if played is not None else schedule
    rows = [[ABSENT] * len(schedule) for _ in range(n)]
    for t, boards in enumerate(schedule):
        for a, b in boards:
            if a is not None and b is not None:
                rows[a - 1][t], rows[b - 1][t] = Round(b, "w", WIN), Round(a, "b", LOSS)
    return rows


@pytest.mark.parametrize("n", [3, 4, 5, 8, 9])
def test_kind_by_the_pairings(n):
    assert kind(from_crosstable(rr_crosstable(n))) == ROUND_ROBIN
    assert kind(berger_rounds(n)) == ROUND_ROBIN
    assert kind(berger_rounds(n, cycles=2)) == DOUBLE_ROUND_ROBIN
    cycle = n if n % 2 else n - 1
    assert kind(berger_rounds(n, cycles=2, played=cycle + 1)) == SWISS  # second cycle under way, not declared
    # declared, it is the double round robin it says (its second cycle is paired from the tables)
    assert kind(berger_rounds(n, cycles=2, played=cycle + 1), "Double Round Robin") == DOUBLE_ROUND_ROBIN
    assert kind(berger_rounds(n, cycles=2, played=cycle + 1), "Round Robin") == DOUBLE_ROUND_ROBIN
    assert kind(berger_rounds(n, cycles=2, played=2), "FIDE_DOUBLEROUNDROBIN") == DOUBLE_ROUND_ROBIN
    assert kind(berger_rounds(n, played=cycle - 1)) == SWISS  # a round robin half played, not declared


def test_a_declared_type_wins():
    half = berger_rounds(6, played=3)
    assert kind(half, "Round Robin") == ROUND_ROBIN
    assert kind(half, "Berger") == ROUND_ROBIN and kind(half, "RR") == ROUND_ROBIN
    assert kind(berger_rounds(4), "Swiss Dutch") == SWISS   # all met, but the organiser says Swiss
    assert kind(berger_rounds(4, cycles=2), "round robin") == DOUBLE_ROUND_ROBIN
    assert kind(berger_rounds(4), "Individual") == ROUND_ROBIN  # a word that names neither: the pairings


def test_a_swiss_where_a_pair_meets_twice_is_a_swiss():
    rows = [[Round(2, "w", WIN), Round(2, "b", WIN)], [Round(1, "b", LOSS), Round(1, "w", LOSS)],
            [Round(4, "w", WIN), Round(4, "b", WIN)], [Round(3, "b", LOSS), Round(3, "w", LOSS)]]
    assert kind(rows) == SWISS


def test_the_engine_the_tie_breaks_and_the_norms_read_the_same_games():
    from elo_xl.event import Entrant, Tournament
    from elo_xl.event.norms import _rounds

    ratings = [2400, 2300, 2200, None]
    outcomes = engine.rate_event(ratings, RESULTS, 10, pairings=PAIRINGS)
    event = tiebreaks.from_rounds(RESULTS, PAIRINGS, COLOURS, ratings)
    rows = from_rounds(RESULTS, PAIRINGS, COLOURS)
    assert event.rounds == rows
    # the engine rates the rated games of each row: 1 and 2 their game (1's forfeit is not rated),
    # 3 none (his draw is against the unrated 4), 4 none (nothing on his row)
    assert [o.games for o in outcomes] == [1, 1, 0, 0]
    assert [o.points for o in outcomes] == [2, 0.5, 0.5, 0]
    t = Tournament([Entrant(i + 1, f"P{i + 1}", r) for i, r in enumerate(ratings)], RESULTS, PAIRINGS, COLOURS,
                   rounds=2)
    assert t.games() == rows and _rounds(t) == rows  # the norms of the whole event read these rounds too


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(2, 9).flatmap(lambda n: st.tuples(st.just(n), st.lists(
    st.sampled_from([1, "½", 0]), min_size=n * (n - 1) // 2, max_size=n * (n - 1) // 2))))
def test_a_complete_round_robin_adds_up(event: tuple[int, list]) -> None:
    """A complete round robin of played games: every player's points are counted once in the
    Buchholz of each of his n − 1 opponents, and the Sonneborn-Berger total is, game by game,
    what each side scored times the other's points, under both rule versions."""
    n, results = event
    table: list[list] = [[None] * n for _ in range(n)]
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    for (i, j), result in zip(pairs, results):
        table[i][j] = result
    tb_event = tiebreaks.from_crosstable(table)
    assert kind(tb_event.rounds) == ROUND_ROBIN or n == 2
    for version in ("2024", "2026"):
        ranking = tiebreaks.ranking(tb_event, "SB,PTS", version)
        p = ranking.points
        assert sum(p) == n * (n - 1) / 2
        scored = {1: 1, "½": 0.5, 0: 0}
        total = sum(scored[r] * p[j] + (1 - scored[r]) * p[i] for (i, j), r in zip(pairs, results))
        assert sum(ranking.row(i)["SB"] for i in range(n)) == total
    swiss_view = tiebreaks.Event(tb_event.rounds, round_robin=False, ordered=False)
    bh = tiebreaks.ranking(swiss_view, "BH", "2024")
    assert [bh.row(i)["BH"] for i in range(n)] == [sum(bh.points) - own for own in bh.points]


def test_fides_scoring_is_written_once():
    # FIDE's points as a TRF scoring system, from the rules: a win and the full-point and
    # pairing-allocated byes 1, a draw and the half-point bye ½, a loss, a forfeit loss and the
    # zero-point bye 0, whatever the colour; a forfeit win 1
    from fractions import Fraction

    from elo_xl.io.trf_model import TrfEvent
    from elo_xl.results import FIDE_SCORING

    half, one, zero = Fraction(1, 2), Fraction(1), Fraction(0)
    assert dict(FIDE_SCORING) == {"WW": one, "BW": one, "WD": half, "BD": half, "WL": zero, "BL": zero, "FW": one,
                                  "FL": zero, "PAB": one, "FPB": one, "HPB": half, "ZPB": zero}
    assert TrfEvent([]).scoring() == dict(FIDE_SCORING)  # a file without 162 or XXS scores as FIDE does
