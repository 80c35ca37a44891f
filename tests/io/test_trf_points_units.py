"""Issue 29: the points check in whole units and once per file.

The points columns are compared with the results in integer units of the scoring system (half
points for 1-½-0, hundredths or any common denominator for a 162 or XXS record whose values
are not halves), never in floats, and once per file: the reader's comparison settles the
absences and is the one the period command refuses from. ``XXR`` is read once per file.

Every expected figure below is worked out by hand from the scoring rules (TRF16 result codes;
TRF-2026 ``162``; JaVaFo ``XXS``), or by the small Fraction reference in this file, which
applies those rules game by game.
"""

from __future__ import annotations

import io
import random
from fractions import Fraction

import pytest

from elo_xl.errors import EloError
from elo_xl.io import trf_check, trf_model, trf_points, trf_read
from elo_xl.io.trf_model import TrfEvent, TrfGame, TrfPlayer, TrfRecord
from elo_xl.io.trf_points import point_differences, refuse_unexplained, witness
from elo_xl.io.trf_read import parse_trf, read_trf
from elo_xl.io.trf_write import format_player
from elo_xl.period.command import read_events


def _event_text(records: list[str], players: list[TrfPlayer]) -> str:
    return "\n".join(records + [format_player(p) for p in players]) + "\n"


def _line(start_no: int, points: float | None, *games: tuple[int | None, str, str]) -> TrfPlayer:
    return TrfPlayer(start_no, f"Player, {start_no}", sex="m", rating=2000 + start_no, federation="VIE",
                     fide_id=str(1000 + start_no), points=points, games=[TrfGame(*g) for g in games])


def _differences(event: TrfEvent) -> list[tuple[int, Fraction, Fraction]]:
    return [(p.start_no, column, computed) for p, column, computed in point_differences(event)]


# --- by hand ------------------------------------------------------------------------------------


def test_half_points_and_byes_by_hand():
    """1-½-0: 1 (win) + ½ (draw) + ½ (H) = 2; 0 (loss) + 1 (F) + 1 (U) = 2; ½ + 0 (Z) + 0 (a
    blank round without an opponent: a zero-point bye) = ½. Columns 2, 2.5 and 0.5: player 2's
    differs, by ½."""
    text = _event_text(["012 Halves", "XXR 3"], [
        _line(1, 2.0, (2, "w", "1"), (3, "b", "="), (None, "-", "H")),
        _line(2, 2.5, (1, "b", "0"), (None, "-", "F"), (None, "-", "U")),
        _line(3, 0.5, (None, "-", "Z"), (1, "w", "="), (None, "", "")),
    ])
    event = parse_trf(text)
    assert _differences(event) == [(2, Fraction(5, 2), Fraction(2))]


def test_three_one_zero_scoring_of_a_162_record():
    """``162 W 3.0 D 1.0 L 0.0``: a win 3, a draw 1, a loss 0, H is D's 1, F and U are W's 3.
    Player 1: 3 + 1 = 4 (column 4); player 2: 0 + 3 (F) = 3 (column 3); player 3: 1 + 1 (H) =
    2, but his column says 2.5."""
    text = _event_text(["012 Three", "162  W 3.0    D 1.0    L 0.0", "XXR 2"], [
        _line(1, 4.0, (2, "w", "1"), (3, "b", "=")),
        _line(2, 3.0, (1, "b", "0"), (None, "-", "F")),
        _line(3, 2.5, (None, "-", "H"), (1, "w", "=")),
    ])
    assert _differences(parse_trf(text)) == [(3, Fraction(5, 2), Fraction(2))]


def test_values_that_are_not_halves_are_exact():
    """``XXS W=1.0 D=0.4``: draws are worth 0.4 (2/5 of a point: the units are fifths). Player 1
    drew twice: 0.8 as his column says; player 2 drew and won: 1.4, his column says 1.5 (a
    difference a float sum could round away or invent); player 3 won and drew: 1.4; player 4
    lost twice: 0."""
    text = _event_text(["012 Fifths", "XXS W=1.0 D=0.4", "XXR 2"], [
        _line(1, 0.8, (2, "w", "="), (3, "b", "=")),
        _line(2, 1.5, (1, "b", "="), (4, "w", "1")),
        _line(3, 1.4, (4, "w", "1"), (1, "w", "=")),
        _line(4, 0.0, (3, "b", "0"), (2, "b", "0")),
    ])
    assert _differences(parse_trf(text)) == [(2, Fraction(3, 2), Fraction(7, 5))]


def test_hundredths_and_a_column_in_thirds():
    """``XXS D=0.33``: a draw is 33/100. A column ``0.33`` is 33/100 (the column is read to the
    hundredth), the same; a column ``.333`` is read as 1/3 (the nearest fraction with a
    denominator up to 100), which is not 33/100."""
    text = _event_text(["012 Hundredths", "XXS D=0.33", "XXR 1"], [
        _line(1, 0.33, (2, "w", "=")),
        _line(2, 0.33, (1, "b", "=")),
    ])
    lines = text.split("\n")
    lines[-2] = lines[-2][:80] + "0.33"[:4].rjust(4) + lines[-2][84:]
    event = parse_trf("\n".join(lines))
    assert _differences(event) == []
    lines[-2] = lines[-2][:80] + ".333" + lines[-2][84:]
    assert _differences(parse_trf("\n".join(lines))) == [(2, Fraction(1, 3), Fraction(33, 100))]


def test_colour_counts_where_the_scoring_says_so():
    """``XXS WW=1 BW=1.5``: a win with black is worth 1½, with white 1. Player 1 won with white
    (1) and player 2 with black (1½); the columns say 1 and 1½, player 3's 1 (he lost twice)
    is wrong: 0."""
    text = _event_text(["012 Colours", "XXS WW=1 BW=1.5", "XXR 2"], [
        _line(1, 1.0, (3, "w", "1"), (None, "", "")),
        _line(2, 1.5, (None, "", ""), (3, "b", "1")),
        _line(3, 1.0, (1, "b", "0"), (2, "w", "0")),
    ])
    assert _differences(parse_trf(text)) == [(3, Fraction(1), Fraction(0))]


def test_a_zero_point_bye_worth_points_counts_blank_rounds_only_without_an_opponent():
    """``162 … A 0.5``: an absence (``A``: a zero-point bye, and a forfeit loss) is worth ½. A
    blank round without an opponent is that bye (½); a blank result with an opponent is a game
    not played yet (0). Player 1: 1 + ½ = 1½; player 2 lost (0) and his round 2 names player 3
    without a result: 0; player 3: ½ (forfeit loss) + 0 = ½."""
    text = _event_text(["012 Absences", "162  W 1.0    D 0.5    L 0.0    A 0.5", "XXR 2"], [
        _line(1, 1.5, (2, "w", "1"), (None, "", "")),
        _line(2, 0.0, (1, "b", "0"), (3, "w", "")),
        _line(3, 0.5, (None, "-", "-"), (2, "b", "")),
    ])
    assert _differences(parse_trf(text)) == []


def test_a_settled_absence_that_still_differs_is_refused_as_before():
    """``162 … A 0.5``: player 1's round-2 absence without a code counts ½ (A), so his results
    give 1 + ½ = 1½ and his column says 2: ½ missing, which one H settles (the reader reads it
    as H, ½). But H is worth what A was: still 1½, and the line has no absence left to explain
    the column. The reader's comparison refuses it as refuse_unexplained does on the settled
    event, in the same words."""
    text = _event_text(["012 Edge", "162  W 1.0    D 0.5    L 0.0    A 0.5", "XXR 2"], [
        _line(1, 2.0, (2, "w", "1"), (None, "-", "")),
        _line(2, 0.5, (1, "b", "0"), (3, "w", "=")),
        _line(3, 1.5, (4, "w", "1"), (2, "b", "=")),
        _line(4, 0.5, (3, "b", "0"), (None, "-", "H")),
    ])
    message = ("line 4 (player 1): the points column (columns 81–84) says 2 but the results add up to 1.5, and no "
               "round of the line explains it; correct the points or the results (a scoring system other than 1-½-0 "
               "needs its 162 record)")
    event = parse_trf(text)
    assert event.players[0].games[1] == TrfGame(None, "-", "H")
    assert event.notes == ["line 4 (player 1), round 2: an absence written without a result code read as H (½ point), "
                           "as the points column counts it"]
    with pytest.raises(EloError) as old_way:
        refuse_unexplained(event)
    with pytest.raises(EloError) as one_pass:
        parse_trf(text, refuse=True)
    assert str(old_way.value) == str(one_pass.value) == message


def test_pre_announced_byes_count_either_way():
    """Round 3 is played by nobody yet; player 1 asked for a half-point bye in it (H). His
    column may leave it out (1: his round-1 win and his round-2 loss) or count it (1½): both
    are his results. 2 is neither."""
    for column, differs in ((1.0, False), (1.5, False), (2.0, True)):
        text = _event_text(["012 Ahead", "XXR 3"], [
            _line(1, column, (2, "w", "1"), (3, "w", "0"), (None, "-", "H")),
            _line(2, 0.0, (1, "b", "0"), (None, "", ""), (None, "", "")),
            _line(3, 1.0, (None, "", ""), (1, "b", "1"), (None, "", "")),
        ])
        found = _differences(parse_trf(text))
        assert found == ([(1, Fraction(column).limit_denominator(100), Fraction(1))] if differs else [])


# --- against the rules, game by game, in fractions ---------------------------------------------

#: TRF result code → (key with white, key with black) of the scoring system.
_KEYS = {"1": ("WW", "BW"), "=": ("WD", "BD"), "0": ("WL", "BL"), "W": ("WW", "BW"), "D": ("WD", "BD"),
         "L": ("WL", "BL"), "+": ("FW", "FW"), "-": ("FL", "FL"), "H": ("HPB", "HPB"), "F": ("FPB", "FPB"),
         "U": ("PAB", "PAB"), "Z": ("ZPB", "ZPB")}


def _reference_sums(event: TrfEvent) -> dict[int, tuple[Fraction, Fraction]]:
    """Start rank → (results, pre-announced byes) in fractions: a line's rounds summed under the
    scoring system, byes entered for rounds nobody has played yet apart."""
    scoring = event.scoring()
    rounds = event.rounds
    played = [t for p in event.players for t, g in enumerate(p.games[:rounds], 1)
              if g.opponent is not None or g.result in "10=WDLU+" and g.result]
    last = max(played, default=0)
    future = {t - 1 for p in event.players for t, g in enumerate(p.games[:rounds], 1) if t > last and not g.blank}

    def points(g: TrfGame) -> Fraction:
        if not g.result:
            return scoring["ZPB"] if g.opponent is None else Fraction(0)
        return scoring[_KEYS[g.result][g.colour.lower() == "b"]]

    return {p.start_no: (sum((points(g) for t, g in enumerate(p.games) if t not in future), Fraction(0)),
                         sum((points(g) for t, g in enumerate(p.games) if t in future), Fraction(0)))
            for p in event.players}


def _reference(event: TrfEvent) -> list[tuple[int, Fraction, Fraction]]:
    """The points check as the rules state it: a column (read to the hundredth) that is neither
    the results nor the results with the pre-announced byes."""
    sums = _reference_sums(event)
    found = []
    for p in sorted(event.players, key=lambda p: p.start_no):
        if p.points is None:
            continue
        column = Fraction(p.points).limit_denominator(100)
        computed, announced = sums[p.start_no]
        if column not in (computed, computed + announced):
            found.append((p.start_no, column, computed))
    return found


def _random_event(rng: random.Random) -> TrfEvent:
    headers = [TrfRecord("012 Random")]
    value = lambda: rng.choice(["0", "0.5", "1", "1.5", "3", "0.25", "0.4", "0.33", "2.75", "-1"])  # noqa: E731
    if rng.random() < 0.4:
        headers.append(TrfRecord("162 " + " ".join(f"{k} {value()}" for k in rng.sample("WDLAP", rng.randint(1, 5)))))
    if rng.random() < 0.4:
        codes = ["WW", "BW", "WD", "BD", "WL", "BL", "FW", "FL", "PAB", "FPB", "HPB", "ZPB", "W", "D"]
        headers.append(TrfRecord("XXS " + " ".join(f"{k}={value()}" for k in rng.sample(codes, rng.randint(1, 6)))))
    rounds = rng.randint(1, 6)
    players = []
    for s in range(1, rng.randint(2, 12) + 1):
        games = []
        for _ in range(rounds):
            opponent = rng.choice([None, None, rng.randint(1, 12)])
            colour = rng.choice(["w", "b", "B", "-", ""])
            result = rng.choice(["1", "=", "0", "W", "D", "L", "+", "-", "H", "F", "U", "Z", "", ""])
            games.append(TrfGame(opponent, colour, result) if (opponent, colour, result) != (None, "", "")
                         else trf_model.BLANK)
        points = rng.choice([None, rng.randint(0, 24) / 2, rng.randint(0, 300) / 100, round(rng.random() * 9, 2)])
        players.append(TrfPlayer(s, f"P{s}", points=points, games=games))
    rng.shuffle(players)  # any order: the check runs in start-rank order
    return TrfEvent(headers, players)


def test_the_units_agree_with_fractions_on_random_events():
    """Random events (any results, colours, byes and blanks; 1-½-0, 162 and XXS systems with
    values in halves, quarters, fifths, hundredths, negative): the integer check names the same
    players with the same exact figures as the rules applied in fractions."""
    rng = random.Random(29)
    checked = differing = 0
    for _ in range(1500):
        event = _random_event(rng)
        sums = _reference_sums(event)
        for p in event.players:  # most columns as written by a program that adds up right
            if rng.random() < 0.6:
                computed, announced = sums[p.start_no]
                p.points = float(computed + rng.choice([0, announced]))
        expected = _reference(event)
        assert _differences(event) == expected
        checked += sum(p.points is not None for p in event.players)
        differing += len(expected)
    assert differing > 1000 and checked - differing > 1000  # both verdicts were tried


# --- once per file --------------------------------------------------------------------------------


def _count_calls(monkeypatch, module, name: str, *also) -> list[int]:
    calls = [0]
    original = getattr(module, name)

    def counted(*args, **kwargs):
        calls[0] += 1
        return original(*args, **kwargs)

    for m in (module, *also):
        monkeypatch.setattr(m, name, counted)
    return calls


def _files(tmp_path, count: int) -> list[str]:
    paths = []
    for i in range(count):
        text = _event_text([f"012 Cup {i}", "042 2026/10/03", "XXR 2"], [
            _line(1, 1.5, (2, "w", "1"), (3, "b", "=")),
            _line(2, 0.5, (1, "b", "0"), (None, "-", "H")),
            _line(3, 0.5, (None, "-", "Z"), (1, "w", "=")),
        ])
        path = tmp_path / f"cup{i}.trf"
        path.write_text(text, encoding="utf-8")
        paths.append(str(path))
    return paths


def test_the_period_reads_xxr_once_and_compares_the_points_once_per_file(tmp_path, monkeypatch):
    """``elo-xl period`` reads each file through :func:`read_events`: one ``XXR`` reading, one
    pass over the points columns, and no second comparison by refuse_unexplained."""
    paths = _files(tmp_path, 3)
    declared = _count_calls(monkeypatch, trf_model, "declared_rounds", trf_read, trf_check)
    passes = _count_calls(monkeypatch, trf_points, "_differences")
    monkeypatch.setattr(trf_points, "refuse_unexplained", lambda event: pytest.fail("compared a second time"))
    events = list(read_events(paths, stream=io.StringIO()))
    assert len(events) == 3
    assert declared[0] == 3 and passes[0] == 3


def test_read_trf_refuses_as_read_then_refuse_unexplained(tmp_path):
    """The one-pass refusal gives refuse_unexplained's words, after the reader's own messages."""
    path = tmp_path / "cup.trf"
    path.write_text(_event_text(["012 Cup", "XXR 1"], [_line(1, 0.5, (2, "w", "1")), _line(2, 0.0, (1, "b", "0"))]),
                    encoding="utf-8")
    with pytest.raises(EloError) as old_way:
        refuse_unexplained(read_trf(path))
    with pytest.raises(EloError) as one_pass:
        read_trf(path, refuse=True)
    assert str(one_pass.value) == str(old_way.value) == (
        "line 3 (player 1): the points column (columns 81–84) says ½ but the results add up to 1, and no round of "
        "the line explains it; correct the points or the results (a scoring system other than 1-½-0 needs its 162 "
        "record)")
    assert witness(read_trf(path)).unexplained[0][0].start_no == 1
