"""The pairing records of a TRF file (TRF-2026 ``240`` byes, ``250`` accelerated rounds, ``260``
forbidden pairs; ``XXZ`` absent players) that cannot apply: refused when ignoring them would
change the pairing without a word, noted (and left out of what gacrux reads) when the event is
paired as it would be without them. Each message names the record's line.

Expected values, from the rules and by hand:

- the built-in entry list (``elo_xl/data/sample-open.trf``: 12 players, 7 rounds, 12 lines
  before the first player) with one record inserted before the players: the record is line 13;
- its round 1 by C.04.3 (S1 = 1–6 meets S2 = 7–12 in order, White drawn for board 1, colours
  alternating down the boards): 1–7, 8–2, 3–9, 10–4, 5–11, 12–6;
- the rules ``docs/input-files.md`` states: a round the event has (1 to 7), a player it has
  (1 to 12), ranges written lower first, one bye per player and round, at most 7 fictitious
  points (7 rounds of 1 for a win), two different players in a forbidden pair.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from elo_xl.cli import main
from elo_xl.errors import EloError
from elo_xl.event import pairings
from elo_xl.event.load import from_trf
from elo_xl.event.pairings import pair_next
from elo_xl.event.samples import SWISS_TRF_PATH
from elo_xl.io.trf_read import parse_trf
from pairing_cases import cut

OPEN = Path(__file__).resolve().parents[2] / "elo_xl" / "data" / "sample-open.trf"
#: Round 1 of the entry list by C.04.3 (worked out above).
ROUND_ONE = [(1, 7), (8, 2), (3, 9), (10, 4), (5, 11), (12, 6)]


def _text(*records: str) -> str:
    lines = OPEN.read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("001"))
    return "\n".join(lines[:first] + list(records) + lines[first:]) + "\n"


def _pair(*records: str, **options):
    return pair_next(from_trf(parse_trf(_text(*records))), first_colour="w", **options)


def _boards(pairing) -> list[tuple[int, int]]:
    return [b.players for b in pairing.boards]


def test_the_entry_list_is_paired_as_c04_3_pairs_round_one():
    p = _pair()
    assert _boards(p) == ROUND_ONE and p.notes == ()


# --- noted: the event is paired as without the record ----------------------------------------


@pytest.mark.parametrize("record, note", [
    ("240 H 999    3", "line 13 (240): round 999 is not a round of this 7-round event; the record is left aside"),
    ("250  0.0  1.0 999 999    1    6",
     "line 13 (250): round 999 is not a round of this 7-round event; the record is left aside"),
    ("260 999 999 0001 0007", "line 13 (260): round 999 is not a round of this 7-round event; the record is left aside"),
    ("240 H 001", "line 13 (240): it names no player; the record is left aside"),
])
def test_a_record_that_applies_to_no_round_is_noted_and_left_aside(record, note):
    p = _pair(record)
    assert _boards(p) == ROUND_ONE and p.bye is None
    assert p.notes == (note,)


def test_the_same_bye_record_twice_is_read_once():
    p = _pair("240 H 001    3", "240 H 001    3")
    assert p.notes == ("line 14 (240): it repeats line 13 (240); the record is left aside",)
    # 3 sits out: 11 players, 5 boards and the pairing-allocated bye
    assert 3 not in p.paired and len(p.boards) == 5 and p.bye is not None


def test_a_player_named_twice_for_one_bye_is_read_once():
    p = _pair("240 H 001    3    3")
    assert p.notes == ("line 13 (240): player 3 is named twice for round 1; his bye H is read once",)
    assert 3 not in p.paired and len(p.boards) == 5


def test_a_player_repeated_in_a_forbidden_pair_is_read_once():
    p = _pair("260 001 007 0001 0007 0001")
    assert p.notes == ("line 13 (260): player 1 is named twice; read once",)
    assert all({1, 7} != set(b) for b in _boards(p)) and len(p.boards) == 6


def test_the_notes_are_printed_on_standard_error_with_the_file(tmp_path, capsys):
    path = tmp_path / "open.trf"
    path.write_text(_text("240 H 999    3"), encoding="utf-8")
    assert main(["pair", str(path), "--first-colour", "white"]) == 0
    out, err = capsys.readouterr()
    assert " ".join(err.split()) == (f"elo-xl: note: {path}: line 13 (240): round 999 is not a round of this 7-round "
                                     "event; the record is left aside")
    assert out.startswith("Round 1 of 7: 6 boards")


# --- refused: ignoring the record would change the pairing --------------------------------------


@pytest.mark.parametrize("record, message", [
    ("250  0.0  1.0   1   2    6    1",
     "line 13 (250): the players 6 to 1 are reversed, so the record would accelerate nobody; write the lower start "
     "number first (1 to 6)"),
    ("250  0.0  1.0   3   1    1    6",
     "line 13 (250): the rounds 3 to 1 are reversed, so the record would apply to no round; write the first round "
     "first (1 to 3)"),
    ("250  0.0 9999   1   2    1    6",
     "line 13 (250): 9999 fictitious points is more than a player can score in this event (7 at most: 7 rounds of 1 "
     "for a win); write the points the acceleration adds (such as 1.0 or 0.5)"),
    ("250  0.0  1.0   1   2    1   13",
     "line 13 (250): player 13 is not in the event (start numbers 1 to 12); correct the number or take it out of the "
     "record"),
    ("260 001 007 0001 0099",
     "line 13 (260): player 99 is not in the event (start numbers 1 to 12); correct the number or take it out of the "
     "record"),
    ("260 001 007 0001 0001",
     "line 13 (260): it names only player 1 (2 times), and a forbidden pair needs two different players; write the "
     "start numbers of the players who shall not meet"),
    ("260 001 007 0004",
     "line 13 (260): it names only player 4, and a forbidden pair needs two different players; write the start "
     "numbers of the players who shall not meet"),
    ("260 007 001 0001 0007",
     "line 13 (260): the rounds 7 to 1 are reversed, so the record would apply to no round; write the first round "
     "first (1 to 7)"),
    ("260 000 007 0001 0007", "line 13 (260): round 0: rounds are counted from 1"),
    ("240 H 001   30", "line 13 (240): player 30 is not in the event (start numbers 1 to 12); correct the number or "
                        "take it out of the record"),
    ("240 H 000    3", "line 13 (240): round 0: rounds are counted from 1"),
    ("XXZ 4 40", "line 13 (XXZ): player 40 is not in the event (start numbers 1 to 12); correct the number or take it "
                 "out of the record"),
])
def test_a_record_that_cannot_apply_is_refused_naming_its_line(record, message):
    with pytest.raises(EloError) as caught:
        _pair(record)
    assert str(caught.value) == message


def test_two_different_byes_for_one_player_are_refused():
    with pytest.raises(EloError, match=r"^line 14 \(240\): player 3 asks for a bye F in round 1, and line 13 \(240\) "
                                       r"for a bye H; keep the one he asked for$"):
        _pair("240 H 001    3", "240 F 001    3")


def test_a_bye_for_a_round_already_paired_agrees_with_the_player_s_line():
    """The sample Swiss before round 6 (round 1: 1 played 7; round 5: 9 had a half-point bye,
    ``0000 - H``): a ``240`` for round 1 naming 1 contradicts his line, one giving 9 a full-point
    bye in round 5 too; one giving 9 his half-point bye agrees, and round 6 is paired."""
    lines = cut(Path(SWISS_TRF_PATH).read_text(encoding="utf-8"), 5).splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("001"))

    def event(record: str):
        return from_trf(parse_trf("\n".join(lines[:first] + [record] + lines[first:]) + "\n"))

    with pytest.raises(EloError, match=rf"^line {first + 1} \(240\): player 1 asks for a bye H in round 1, but he "
                                       r"played 7 in that round; correct the record or his line$"):
        pair_next(event("240 H 001    1"))
    with pytest.raises(EloError, match=rf"^line {first + 1} \(240\): player 9 asks for a bye F in round 5, but his "
                                       r"line has H in that round \(round 5 is paired\); write the bye on his line too "
                                       r"\(0000 - F\) or correct the record$"):
        pair_next(event("240 F 005    9"))
    p = pair_next(event("240 H 005    9"))
    assert p.round == 6 and p.notes == ()


def test_a_record_refused_is_named_with_the_file(tmp_path, capsys, monkeypatch):
    """From the command line: one line naming the file and the record's line; gacrux is not
    called."""
    monkeypatch.setattr(pairings, "pair_dutch", lambda *a, **k: pytest.fail("gacrux was called"))
    path = tmp_path / "open.trf"
    path.write_text(_text("260 001 007 0001 0099"), encoding="utf-8")
    assert main(["pair", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == (f"elo-xl: {path}: line 13 (260): player 99 is not in the event (start numbers 1 to 12); correct "
                   "the number or take it out of the record\n")


def test_the_pairing_list_names_a_bye_a_240_record_asks_for(tmp_path, capsys):
    path = tmp_path / "open.trf"
    path.write_text(_text("240 H 001    3"), encoding="utf-8")
    assert main(["pair", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Not paired: 3 Tran, Thi Thu Huong (bye requested: H)" in out.splitlines()
