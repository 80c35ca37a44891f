"""The team records of a TRF-2026 file: what each does to the matches, and each refusal, in
one line naming the line. Expected values are worked out by hand from Held's team event
(``tests/data/tiebreaks/held_team.trf``: Elephants, team 5, 10 MP and 18 GP; Narwhals, 14, 4 MP
and 11.5 GP; see ``tests/data/README.md``).
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from elo_xl.cli import main
from elo_xl.event.teams import prepare_points, read_teams
from elo_xl.io.trf_read import parse_trf
from elo_xl.errors import EloError
from elo_xl.tiebreaks.teams import team_ranking

HELD = (Path(__file__).parents[1] / "data" / "tiebreaks" / "held_team.trf").read_text(encoding="utf-8")


def teams_of(text: str):
    return read_teams(parse_trf(text))


def with_records(*lines: str) -> str:
    return HELD.rstrip("\n") + "\n" + "\n".join(lines) + "\n"


def test_a_penalty_counts_in_its_round_and_a_999_adjustment_in_the_standings_only():
    base = teams_of(HELD)
    t = teams_of(with_records("299    -1.0  -2.0    4    5", "299     0.0  -4.0  999   14"))
    mp, gp = prepare_points(t.event, "MP"), prepare_points(t.event, "GP")
    assert (mp[4], gp[4]) == (9, 16)          # Elephants: 10 − 1 MP, 18 − 2 GP
    assert (mp[13], gp[13]) == (4, Fraction(15, 2))  # Narwhals: 11.5 − 4 GP, standings only
    r0 = team_ranking(base.event, "BH:MP", "2024")
    r = team_ranking(t.event, "BH:MP", "2024")
    # Elephants' round-4 penalty lowers its score as every opponent's Buchholz counts it (1 MP);
    # Narwhals' 999 adjustment touches no tie-break
    elephants_met = {m.opponent for m in base.event.matches[4] if m.opponent}
    for i in range(14):
        assert r0.values[i][0] - r.values[i][0] == (1 if i + 1 in elephants_met else 0)
    assert r.points[13] == Fraction(4)  # MP primary: the GP adjustment leaves the MP score


def test_a_result_set_by_299_replaces_the_boards():
    t = teams_of(with_records("299 W   2.0   2.5    1    1"))
    m = t.event.matches[0][0]
    assert (m.mp, m.gp, m.boards) == (2, Fraction(5, 2), (1, 1, Fraction(1, 2), 0))


def test_forfeit_points_without_boards_come_from_299():
    # the round-6 forfeit (Antelopes v Falcons, 330) with its boards left blank on the players' lines
    lines = HELD.rstrip("\n").split("\n")
    for k, line in enumerate(lines):
        if line.startswith("001") and int(line[4:8]) in (1, 2, 3, 4, 21, 22, 23, 24):
            lines[k] = line[:141] + " " * 8 + line[149:]
    plain = teams_of("\n".join(lines))
    assert [(m.mp, m.gp) for m in (plain.event.matches[0][5], plain.event.matches[5][5])] == [(2, 4), (0, 0)]
    t = teams_of("\n".join(lines + ["299 +   2.0   3.0", "299 -   0.0   0.5"]))
    assert [(m.mp, m.gp) for m in (t.event.matches[0][5], t.event.matches[5][5])] == [(2, 3), (0, Fraction(1, 2))]


@pytest.mark.parametrize("change, message", [
    (("310   1 Antelopes                        ANTEL          10.0   17.5   2     1    2    3    4",
      "310   1 Antelopes                        ANTEL          10.0   17.5   2     1    2    3    5"),
     "player 5 is already a member of team 1"),
    (("310   1 Antelopes                        ANTEL          10.0   17.5   2     1    2    3    4",
      "310   1 Antelopes                        ANTEL          10.0   17.5   2     1    2    3   99"),
     "member 99 has no player line (001)"),
    (("330 +- 006 001 006", "330 +- 006 001 007"), "round 6 pairs teams 1 and 7, but team 1's boards face team 6"),
    (("320  1.0  2.0 000 000 000 000 012 000 014", "320  1.0  2.0 001 000 000 000 012 000 014"),
     "round 1 gives team 1 a pairing-allocated bye, but its boards play team 8"),
    (("330 +- 006 001 006", "330 ++ 006 001 006"), "write a forfeited match as +-, -+ or --"),
])
def test_a_team_file_that_contradicts_itself_is_refused_naming_the_line(change, message):
    with pytest.raises(EloError, match=r"^line \d+ \(3[123]0\)[:,] .*" + re.escape(message)):
        teams_of(HELD.replace(*change))


def test_team_numbers_must_be_1_to_n():
    with pytest.raises(EloError, match="the team numbers are not 1 to 14: team 14 is missing; number the 310 records"):
        teams_of(HELD.replace("310  14 Narwhals", "310  15 Narwhals"))


def test_boards_against_two_teams_are_refused():
    # round 1, board 4: Antelopes (4) against Cougars (12), Hippopotami (32) against Jackals (40)
    lines = HELD.split("\n")
    for player, opponent, colour, result in ((4, 12, "b", "0"), (12, 4, "w", "1"), (32, 40, "w", "1"), (40, 32, "b", "0")):
        i = next(k for k, line in enumerate(lines) if line.startswith(f"001 {player:4d} "))
        lines[i] = lines[i][:91] + f"{opponent:4d} {colour} {result}" + lines[i][99:]
    with pytest.raises(EloError, match=r"round 1: team 1 \(Antelopes\)'s boards face teams 3, 8"):
        teams_of("\n".join(lines))


def test_a_refusal_reaches_the_user_in_one_line_naming_the_file(tmp_path, capsys):
    bad = tmp_path / "bad.trf"
    bad.write_text(with_records("299 W   2.0   2.5   12    1"), encoding="utf-8")
    assert main(["rate", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.trf" in err and "(299): round 12 is not a round of the event" in err
