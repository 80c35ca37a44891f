"""Swiss pairings: the Dutch system (FIDE C.04.3) through gacrux, from the event elo-xl reads.

Expected values, each independent of elo-xl's pairing code:

- **the generated tournaments** (``tests/data/generated/``): 200 Swiss tournaments written by
  gacrux's own generator, each round paired by gacrux as it went. Cut after a round (the byes
  requested for the next round kept), the next round elo-xl pairs must be the round the file
  holds: every board, every colour, the bye;
- **gacrux's command line** (``python -m gacrux.pairingchecker -p``) on the same TRF file, the
  first colour stated in a ``152`` record, for a sample of those and for the real files of
  ``tests/data/real/`` cut after every round;
- **the absolute criteria** of C.04.1/C.04.3 (no rematch, no second bye, colours), checked by
  ``pairing_cases.absolute_criteria``, written from the rules.
"""

from __future__ import annotations

import dataclasses
import functools
import random
import zlib
from pathlib import Path

import pytest

from elo_xl.errors import EloError
from elo_xl.event.load import from_trf, load
from elo_xl.event.model import Entrant, Tournament
from elo_xl.event.pairings import next_round, pair_next, paired_rounds, unfinished_games, with_pairing
from elo_xl.io.trf_read import parse_trf
from elo_xl.pairing.model import Pairing
from pairing_cases import DATA, absolute_criteria, corpus, cut, gacrux_command_line, player_line, round_pairs, with_152

CASES = corpus()
REAL = ["lichess-2020-05.trf", "lichess-2020-06.trf"]


def _cut_round(name: str, rounds: int) -> int:
    """The round a generated tournament is cut after: fixed per file, spread over 0…rounds−1."""
    return random.Random(zlib.crc32(name.encode())).randrange(rounds)


def _event(text: str) -> Tournament:
    return from_trf(parse_trf(text))


@functools.lru_cache(maxsize=None)
def _paired(text: str) -> Pairing:
    """``pair_next`` of the event of a TRF text, paired once per test process: the comparison
    with gacrux's command line takes a tenth of the generated tournaments, cut where the test of
    each tournament cuts it, and gets the same (frozen) pairing that test checked."""
    return pair_next(_event(text))


def test_the_corpus_is_what_its_readme_says():
    sizes = [len(parse_trf(text).players) for _, text in CASES]
    assert len(CASES) == 200
    assert min(sizes) >= 9 and max(sizes) <= 300 and sum(s > 150 for s in sizes) >= 5
    letters = {g.result for _, text in CASES for p in parse_trf(text).players for g in p.games}
    assert {"H", "Z", "U", "+", "-"} <= letters  # requested byes, pairing-allocated byes, forfeits


@pytest.mark.parametrize("name,text", CASES, ids=[name for name, _ in CASES])
def test_the_next_round_of_a_generated_tournament_is_the_round_gacrux_paired(name, text):
    total = parse_trf(text).rounds
    k = _cut_round(name, total)
    before = cut(text, k)
    pairing = _paired(before)
    games, bye = round_pairs(text, k + 1)
    assert pairing.round == k + 1
    assert {b.players for b in pairing.boards} == games
    assert pairing.bye == bye
    assert absolute_criteria(before, k + 1, [b.players for b in pairing.boards], pairing.bye, total) == []


def _drawn_colour(text: str) -> str:
    """The colour drawn for round 1's first board, in the order docs/cli.md states: the file's
    ``152``, else its ``XXC white1``/``black1``, else the colour round 1's lowest start number
    with an opponent had, else White. gacrux's command line is given it as a ``152`` record
    (:func:`pairing_cases.with_152`): without one, gacrux takes it from round 1's records, ``-t``
    notwithstanding, and reads a bye asked for in round 1 as Black."""
    event = parse_trf(text)
    lines = text.splitlines()
    for line in lines:
        if line.startswith("152 ") and line[4:].strip()[:1].lower() in ("w", "b"):
            return line[4:].strip()[:1].lower()
    for line in lines:
        if line.startswith("XXC ") and {"white1", "black1"} & set(line[4:].lower().split()):
            return "w" if "white1" in line.lower() else "b"
    for p in sorted(event.players, key=lambda p: p.start_no):
        if p.games and p.games[0].opponent is not None and p.games[0].colour in ("w", "b"):
            return p.games[0].colour
    return "w"


def test_the_same_pairing_as_gacrux_command_line(tmp_path):
    texts = {}
    for name, text in CASES[::10]:
        texts[name] = cut(text, _cut_round(name, parse_trf(text).rounds))
    for real in REAL:
        raw = (DATA / "real" / real).read_text(encoding="utf-8")
        for k in range(parse_trf(raw).rounds):
            texts[f"{real}-{k}"] = cut(raw, k)
    expected = gacrux_command_line(tmp_path, {name: with_152(text, _drawn_colour(text)) for name, text in texts.items()})
    assert len(expected) == len(texts) == 20 + 19
    for name, text in texts.items():
        pairing = _paired(text)
        got = [b.players for b in pairing.boards] + ([(pairing.bye, 0)] if pairing.bye else [])
        assert got == expected[name], name  # board order too


def test_absent_players_are_left_out_as_gacrux_leaves_them(tmp_path):
    name, text = CASES[3]
    before = cut(text, 2)
    pairing = pair_next(_event(before), absent=[1, 5])
    assert not {1, 5} & set(pairing.paired)
    expected = gacrux_command_line(tmp_path, {"absent": with_152(before, _drawn_colour(before))},
                                   {"absent": ["-u", "1", "5"]})["absent"]
    assert [b.players for b in pairing.boards] + ([(pairing.bye, 0)] if pairing.bye else []) == expected


def test_a_real_file_is_paired_within_the_absolute_criteria_after_every_round():
    raw = (DATA / "real" / "karl-mala-2005.trf").read_text(encoding="utf-8")
    for k in (0, 3, 6):
        before = cut(raw, k)
        pairing = pair_next(_event(before), rounds=7 if k < 6 else 9)
        assert pairing.round == k + 1
        assert len(pairing.boards) * 2 + (pairing.bye is not None) == 284
        assert absolute_criteria(before, k + 1, [b.players for b in pairing.boards], pairing.bye, 9) == []


def test_the_absolute_criteria_check_finds_what_breaks_them():
    text = "\n".join(["XXR 5",
                      player_line(1, "A", 2, [(2, "w", "1"), (3, "b", "1"), (4, "b", "0")]),
                      player_line(2, "B", 1, [(1, "b", "0"), (None, "-", "U"), (3, "w", "0")]),
                      player_line(3, "C", 2, [(4, "b", "1"), (1, "w", "0"), (2, "b", "1")]),
                      player_line(4, "D", 1, [(3, "w", "0"), (None, "-", "-"), (1, "w", "1")])]) + "\n"
    assert {"1 and 2 met before", "4 and 3 met before"} <= set(absolute_criteria(text, 4, [(1, 2), (4, 3)], None, 5))
    assert set(absolute_criteria(text, 4, [(3, 4)], 2, 5)) >= {"3 and 4 met before", "2 gets a second bye (U before)"}
    # 1 had w b b: a third black in a row breaks C.04.3's colour criterion (not the last round)
    assert "1 has b three times in a row" in absolute_criteria(text, 4, [(4, 1)], None, 5)
    assert absolute_criteria(text, 4, [(2, 4)], None, 5) == []
    # in the last round a topscorer (over 50 % of the points so far) may get it
    assert "1 has b three times in a row" not in absolute_criteria(text, 4, [(4, 1)], None, 4)


def _four(results: list[list[str | None]], pairings: list[list[int | None]], colours: list[list[str]]) -> Tournament:
    return Tournament([Entrant(n, f"P{n}", 2400 - 10 * n) for n in (1, 2, 3, 4)], results, pairings, colours,
                      rounds=3)


def test_round_one_of_four_players_and_the_drawn_colour():
    empty = _four([[None] * 3] * 4, [[None] * 3] * 4, [[""] * 3] * 4)
    # C.04.3 round 1: S1 = {1, 2} meets S2 = {3, 4}; board 1 gets the drawn colour, board 2 the other
    assert [b.players for b in pair_next(empty, first_colour="w").boards] == [(1, 3), (4, 2)]
    assert [b.players for b in pair_next(empty, first_colour="b").boards] == [(3, 1), (2, 4)]
    assert [b.players for b in pair_next(empty).boards] == [(1, 3), (4, 2)]  # white unless told


def test_a_round_with_games_unfinished_is_not_paired_past():
    t = _four([["1", None, None], ["0", None, None], [None, None, None], [None, None, None]],
              [[3, None, None], [4, None, None], [1, None, None], [2, None, None]],
              [["w", "", ""], ["b", "", ""], ["b", "", ""], ["w", "", ""]])
    assert paired_rounds(t) == 1 and next_round(t) == 2
    assert unfinished_games(t, 1) == [(4, 2)] or unfinished_games(t, 1) == []
    t = dataclasses.replace(t, results=[[None, None, None] if i == 1 else row for i, row in enumerate(t.results)])
    assert unfinished_games(t, 1) == [(4, 2)]
    with pytest.raises(EloError, match=r"round 1 has 1 game without a result \(4–2\); type the results, then pair round 2"):
        pair_next(t)


def test_a_paired_round_is_paired_again_only_when_asked():
    empty = _four([[None] * 3] * 4, [[None] * 3] * 4, [[""] * 3] * 4)
    first = pair_next(empty, first_colour="w")
    t = with_pairing(empty, first)
    with pytest.raises(EloError, match="round 1 has 2 games without a result"):
        pair_next(t)
    with pytest.raises(EloError, match=r"round 1 is paired already .* give --round 1 --replace"):
        pair_next(t, round_=1)
    again = pair_next(t, round_=1, replace=True, first_colour="w")
    assert again == first
    with pytest.raises(EloError, match="--round 3: round 2 is the next one to pair"):
        pair_next(t, round_=3)


def test_every_round_paired_and_no_round_count():
    t = _four([["1"], ["0"], ["1"], ["0"]], [[2], [1], [4], [3]], [["w"], ["b"], ["w"], ["b"]])
    t = dataclasses.replace(t, rounds=1)
    with pytest.raises(EloError, match="all 1 rounds are paired; give --rounds N"):
        pair_next(t)
    assert pair_next(t, rounds=3).round == 2
    text = "\n".join(line for line in (DATA / "real" / "lichess-2020-06.trf").read_text(encoding="utf-8").splitlines()
                     if not line.startswith("XXR"))
    with pytest.raises(EloError, match=r"does not say how many rounds .* give --rounds N"):
        pair_next(_event(cut(text, 2)))


def test_a_round_robin_is_paired_from_the_berger_tables():
    # six players, round 1 as C.05 Annex 1 pairs it: 1–6, 2–5, 3–4
    players = [Entrant(n, f"P{n}", None) for n in range(1, 7)]
    opponents = {1: 6, 6: 1, 2: 5, 5: 2, 3: 4, 4: 3}
    t = Tournament(players, [["½"] + [None] * 4 for _ in players], [[opponents[n]] + [None] * 4 for n in range(1, 7)],
                   [["w" if n < 4 else "b"] + [""] * 4 for n in range(1, 7)], rounds=5, declared="round robin")
    pairing = pair_next(t)
    assert pairing.system == "berger" and pairing.round == 2
    assert [b.players for b in pairing.boards] == [(6, 4), (5, 3), (1, 2)]
    with pytest.raises(EloError, match="--absent: a round robin's pairings are fixed"):
        pair_next(t, absent=[2])
    swapped = {1: 2, 2: 1, 3: 4, 4: 3, 5: 6, 6: 5}
    t = dataclasses.replace(t, pairings=[[swapped[n]] + [None] * 4 for n in range(1, 7)])
    with pytest.raises(EloError, match=r"round 1: 1 and 2 met, but the Berger tables pair them in round 2"):
        pair_next(t)


def test_the_sample_swiss_from_its_file():
    t = load(Path(__file__).resolve().parents[2] / "elo_xl" / "data" / "sample-swiss.trf")
    with pytest.raises(EloError, match="all 7 rounds are paired"):
        pair_next(t)


def _open_with(record: str) -> Tournament:
    """The built-in entry list (12 players, no round yet) with one more record before the players."""
    lines = OPEN.read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("001"))
    return _event("\n".join(lines[:first] + [record] + lines[first:]) + "\n")


OPEN = Path(__file__).resolve().parents[2] / "elo_xl" / "data" / "sample-open.trf"


def test_a_forbidden_pair_of_trf_2026_is_kept_apart():
    plain = pair_next(_event(OPEN.read_text(encoding="utf-8")))
    assert (1, 7) in [b.players for b in plain.boards]  # C.04.3 round 1: 1 meets 7 (S1 = 1-6, S2 = 7-12)
    # TRF-2026 260: players 1 and 7 may not meet in rounds 1 to 7
    kept = pair_next(_open_with("260 001 007 0001 0007"))
    assert all({1, 7} != set(b.players) for b in kept.boards)
    assert len(kept.boards) == 6


def test_players_the_file_marks_absent_are_not_paired():
    pairing = pair_next(_open_with("XXZ 1 3"))
    assert not {1, 3} & set(pairing.paired) and len(pairing.boards) == 5


def test_the_192_record_names_the_system():
    # TRF-2026 192: a round robin goes to the Berger tables, another Swiss system is refused
    rr = pair_next(_open_with("192 FIDE_ROUNDROBIN"))
    assert rr.system == "berger" and [b.players for b in rr.boards][:2] == [(1, 12), (2, 11)]
    assert pair_next(_open_with("192 FIDE_DUTCH_2026")).system == "dutch"
    with pytest.raises(EloError, match="the file's 192 record says FIDE_DUBOV: elo-xl pairs the Dutch system"):
        pair_next(_open_with("192 FIDE_DUBOV"))


# --- nobody, or one player, left to pair: said plainly, gacrux not called ----------------------


def _no_gacrux(*args, **kwargs):
    raise AssertionError("gacrux was called")


@pytest.mark.parametrize("byes, absent, message", [
    (["H", "Z", "F", "H"], [],
     "round 1: nobody is left to pair: all 4 players asked for a bye in round 1 (typed on their lines); for the "
     "players who will play, take back their byes, then pair round 1"),
    ([None] * 4, [1, 2, 3, 4],
     "round 1: nobody is left to pair: all 4 players are absent (--absent); for the players who will play, take them "
     "out of --absent, then pair round 1"),
    (["H", "H", None, None], [3, 4],
     "round 1: nobody is left to pair: 2 players asked for a bye in round 1 (typed on their lines) and 2 are absent "
     "(--absent); for the players who will play, take back their byes or take them out of --absent, then pair round 1"),
    (["H", "Z", "F", None], [],
     "round 1: only player 4 (P4) is left to pair: 3 players asked for a bye in round 1 (typed on their lines); a game "
     "needs two players: the arbiter decides his round (type U for a pairing-allocated bye, or the bye he asks for), "
     "or, for the players who will play, take back their byes"),
    ([None] * 4, [2, 3, 4],
     "round 1: only player 1 (P1) is left to pair: 3 players are absent (--absent); a game needs two players: the "
     "arbiter decides his round (type U for a pairing-allocated bye, or the bye he asks for), or, for the players who "
     "will play, take them out of --absent"),
])
def test_a_round_with_nobody_or_one_player_left_says_so(monkeypatch, byes, absent, message):
    """Four players; the byes typed for round 1 (``H``, ``Z``, ``F``) and the absent ones leave
    nobody, or one player, to pair: no pairing exists, whatever C.04.3's criteria."""
    monkeypatch.setattr("elo_xl.event.pairings.pair_dutch", _no_gacrux)
    t = _four([[b, None, None] for b in byes], [[None] * 3] * 4, [[""] * 3] * 4)
    with pytest.raises(EloError) as caught:
        pair_next(t, absent=absent)
    assert str(caught.value) == message


def test_nobody_left_by_the_file_s_records(monkeypatch):
    """The entry list (12 players): a ``240`` gives 1–6 a half-point bye in round 1, ``XXZ``
    marks 7–11 absent, ``--absent`` 12."""
    monkeypatch.setattr("elo_xl.event.pairings.pair_dutch", _no_gacrux)
    lines = OPEN.read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("001"))
    text = "\n".join(lines[:first] + ["240 H 001    1    2    3    4    5    6", "XXZ 7 8 9 10 11"] + lines[first:])
    with pytest.raises(EloError, match=r"^round 1: only player 12 \(Ahmadi, Reza\) is left to pair: 6 players asked for "
                                       r"a bye in round 1 \(240 records\) and 5 are absent \(the file's XXZ\); "):
        pair_next(_event(text + "\n"))
    with pytest.raises(EloError, match=r"^round 1: nobody is left to pair: 6 players asked for a bye in round 1 \(240 "
                                       r"records\) and 6 are absent \(--absent and the file's XXZ\); "):
        pair_next(_event(text + "\n"), absent=[12])

