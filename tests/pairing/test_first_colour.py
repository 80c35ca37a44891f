"""The first colour of a Swiss (the colour drawn for round 1's first board, C.04.3's initial
colour): settled by elo-xl in the order ``docs/cli.md`` states and handed to gacrux, so that a
bye asked for in round 1 no longer reverses every board.

Expected values, each independent of elo-xl's code:

- **the generated tournaments** (``tests/data/generated/``): gacrux paired their round 1 as it
  went, with the colour their ``152`` record states. With the record taken out and the colour
  given as ``--first-colour`` instead, round 1 must be the file's;
- **the rules**: in round 1 the drawn colour decides the colours only (who meets whom does not
  hang on it; C.04.3 gives the first board the drawn colour and alternates it down the boards),
  so the other colour reverses every board of the file's round 1;
- **the order of docs/cli.md** (``--first-colour``, ``152``, ``XXC``, round 1 as paired, White),
  on events made by hand.
"""

from __future__ import annotations

import pytest

from elo_xl.event.first_colour import settle_first_colour
from elo_xl.event.load import from_trf
from elo_xl.event.model import Entrant, Tournament
from elo_xl.event.pairings import pair_next
from elo_xl.io.trf_read import parse_trf
from pairing_cases import corpus, cut, round_pairs

OTHER = {"w": "b", "b": "w"}


def _round_one_byes() -> list[tuple[str, str]]:
    """The generated tournaments of at most 60 players where someone asked for a bye (``H``,
    ``Z`` or ``F``) in round 1."""
    found = []
    for name, text in corpus():
        event = parse_trf(text)
        if len(event.players) <= 60 and any(p.games and p.games[0].opponent is None and p.games[0].result in "HZF"
                                             and p.games[0].result for p in event.players):
            found.append((name, text))
    return found


BYES = _round_one_byes()


@pytest.mark.parametrize("name,text", BYES, ids=[name for name, _ in BYES])
def test_round_one_with_a_bye_asked_gets_the_colour_drawn(name, text):
    assert len(BYES) >= 30  # of the 200, 81 (half-point and zero-point byes)
    drawn = parse_trf(text).header("152")[:1].lower()
    without = "\n".join(line for line in text.splitlines() if not line.startswith("152")) + "\n"
    games, bye = round_pairs(text, 1)
    # the file's record: round 1 as gacrux paired it
    as_filed = pair_next(from_trf(parse_trf(cut(text, 0))))
    assert ({b.players for b in as_filed.boards}, as_filed.bye) == (games, bye)
    # no record: the colour given, as --first-colour gives it, and the other one reverses every board
    event = from_trf(parse_trf(cut(without, 0)))
    drawn_pairing = pair_next(event, first_colour=drawn)
    assert ({b.players for b in drawn_pairing.boards}, drawn_pairing.bye) == (games, bye)
    other = pair_next(event, first_colour=OTHER[drawn])
    assert ({b.players for b in other.boards}, other.bye) == ({(b, w) for w, b in games}, bye)
    # the first board has the colour given: its White is the lower start number for White
    assert (other.boards[0].white > other.boards[0].black) == (drawn == "w")


def _event(header: list[str], round_one: list[tuple[int | None, str, str]] | None = None) -> Tournament:
    """Four players; ``header`` the file's records; ``round_one`` each player's round 1
    (opponent, colour, result), None: no round played."""
    lines = ["012 Cup", "XXR 3", *header]
    for n in range(1, 5):
        games = ""
        if round_one is not None:
            opponent, colour, result = round_one[n - 1]
            games = f"  {'0000' if opponent is None else opponent:>4} {colour} {result}"
        lines.append(f"001 {n:4d}      Player {n:<26}" + " " * 33 + " 0.0" + " " * 5 + games)
    return from_trf(parse_trf("\n".join(lines) + "\n"))


#: Round 1 paired with Black on the first board (1 had Black against 3), unplayed yet.
BLACK_FIRST = [(3, "b", ""), (4, "w", ""), (1, "w", ""), (2, "b", "")]


@pytest.mark.parametrize("given,header,paired,expected", [
    (None, [], None, ("w", "White unless told")),
    (None, [], BLACK_FIRST, ("b", "round 1 as paired says Black (player 1 had Black against 3)")),
    (None, ["XXC white1"], BLACK_FIRST, ("w", "line 3 (XXC) says White")),
    (None, ["XXC rank black1"], None, ("b", "line 3 (XXC) says Black")),
    (None, ["152 B", "XXC white1"], None, ("b", "line 3 (152) says Black")),
    (None, ["XXC white1", "152 B"], None, ("b", "line 4 (152) says Black")),  # 152 first, wherever it stands
    ("w", ["152 B"], BLACK_FIRST, ("w", "--first-colour white")),
    (None, ["152 X"], BLACK_FIRST, ("b", "round 1 as paired says Black (player 1 had Black against 3)")),
])
def test_the_sources_in_the_order_docs_cli_states(given, header, paired, expected):
    settled = settle_first_colour(_event(header, paired), given)
    assert (settled.colour, settled.source) == expected


def test_sources_that_disagree_are_named_with_the_one_used():
    settled = settle_first_colour(_event(["XXC white1"], BLACK_FIRST))
    assert settled.notes == ("first colour: line 3 (XXC) says White, round 1 as paired says Black (player 1 had Black "
                             "against 3); White is used (the order: --first-colour, 152, XXC, round 1); to pair as "
                             "round 1 was paired, give --first-colour black",)
    given = settle_first_colour(_event(["152 W"]), "b")
    assert given.notes == ("first colour: --first-colour black, line 3 (152) says White; Black is used (the order: "
                           "--first-colour, 152, XXC, round 1)",)
    assert settle_first_colour(_event(["152 B", "XXC black1"], BLACK_FIRST)).notes == ()
    assert settle_first_colour(_event(["152 X"])).notes == (
        "line 3 (152): 'X' is not W or B (the first board's colour in round 1); the record is left aside",)


def test_round_one_paired_again_keeps_the_colour_it_was_drawn_with():
    """``--round 1 --replace`` drops round 1 before pairing it again: the colour drawn is still
    the one round 1 shows."""
    event = _event([], BLACK_FIRST)
    again = pair_next(event, round_=1, replace=True)
    assert [b.players for b in again.boards] == [(3, 1), (2, 4)]  # C.04.3 round 1: 1–3, 2–4; Black on board 1
