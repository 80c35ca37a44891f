"""``elo-xl pair`` on a team file: the next round of the teams paired by gacrux's Swiss team
system (FIDE C.04.6), or by the Berger tables for a team round robin; the boards as the lineups
and ``352`` seat them; the round written into the TRF; the refusals.

The events of ``tests/data/teams/pairing/`` were paired round by round by gacrux's own command
line (README.md there); each is compared here with that command line on the round to pair.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import random
import sys
from pathlib import Path

import pytest

from elo_xl.cli import main
from elo_xl.errors import EloError
from elo_xl.event.samples import TEAM_TRF_PATH
from elo_xl.event.teams import read_teams
from elo_xl.io.trf_read import parse_trf
from elo_xl.pair import pair_event
from elo_xl.pair_teams import TeamPairResult
from elo_xl.pairing.berger import schedule_pairing
from elo_xl.tiebreaks.unplayed import GAME, PAB
from pairing_cases import gacrux_run

DATA = Path(__file__).resolve().parents[1] / "data"
EVENTS = sorted((DATA / "teams" / "pairing").glob("event-*.trf"))
HELD = (DATA / "tiebreaks" / "held_team.trf").read_text(encoding="utf-8")


def _generator():
    spec = importlib.util.spec_from_file_location("team_generator", DATA / "teams" / "pairing" / "generate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def gacrux_pairs(path: Path, round_: int, method: list[str], tmp_path: Path) -> list[tuple[int, int]]:
    """gacrux's own command line on ``path``: the pairs of ``round_`` (black 0: the bye)."""
    out = tmp_path / "out.json"
    gacrux_run(["-p", *method, "-i", str(path), "-n", str(round_), "-o", str(out)])
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["status"]["code"] == 0, result["status"]
    return [(int(w), int(b)) for w, b in result["pairingResult"]["pairs"]]


def gacrux_pairs_many(runs: list[tuple[Path, int, list[str]]], folder: Path) -> list[list[tuple[int, int]]]:
    """:func:`gacrux_pairs` of each (path, round, method), gacrux's command line run for all of
    them in one Python process (:func:`pairing_cases.gacrux_run`)."""
    outs = [folder / f"gacrux-{k}.json" for k in range(len(runs))]
    for (path, round_, method), out in zip(runs, outs):
        gacrux_run(["-p", *method, "-i", str(path), "-n", str(round_), "-o", str(out)])
    found = []
    for out in outs:
        result = json.loads(out.read_text(encoding="utf-8"))
        assert result["status"]["code"] == 0, result["status"]
        found.append([(int(w), int(b)) for w, b in result["pairingResult"]["pairs"]])
    return found


@functools.lru_cache(maxsize=None)
def paired(path: Path) -> TeamPairResult:
    """``pair_event`` of a generated event, computed once per test process (a frozen result,
    only read): its round is the one gacrux's command line is asked for."""
    return pair_event(path)


def method_of(path: Path) -> list[str]:
    """gacrux's options for an event, as the generator paired it (gacrux reads a 192 itself)."""
    return [] if parse_trf(path.read_text(encoding="utf-8")).header("192") else ["-m", "fideteam"]


@functools.lru_cache(maxsize=None)
def events_by_gacrux(events: tuple[Path, ...] = tuple(EVENTS)) -> dict[str, tuple[int, list[tuple[int, int]]]]:
    """Each of ``events`` (by file name): the round elo-xl pairs next and gacrux's own command
    line's pairs of it, gacrux run on every event in one Python process rather than a new one
    per event (starting Python and gacrux took most of each comparison's time)."""
    import tempfile

    rounds = [paired(path).pairing.round for path in events]
    with tempfile.TemporaryDirectory() as folder:
        pairs = gacrux_pairs_many([(path, r, method_of(path)) for path, r in zip(events, rounds)], Path(folder))
    return {path.name: (r, found) for path, r, found in zip(events, rounds, pairs)}


def run(capsys, *args) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def held_cut(rounds: int, folder: Path | None = None) -> str:
    """Held's team event as it stood before round ``rounds + 1`` was paired: ``rounds`` rounds
    on the 001 lines, the 320, 240 and 330 entries of later rounds dropped (the half-point bye
    Narwhals asked for in the next round kept: it was asked before the pairing). With
    ``folder``, the points columns and the 310 totals are made those of the rounds kept (as
    gacrux's command line needs them), through elo-xl's own TRF writer."""
    out = []
    for line in HELD.splitlines():
        if line.startswith("001"):
            line = line[:91 + 10 * rounds - 2].rstrip()
        elif line.startswith("320"):
            line = line[:14 + 4 * rounds - 1]
        elif line.startswith(("240", "330")) and int(line[4:].split()[1]) > rounds + (line.startswith("240")):
            continue
        out.append(line)
    text = "\n".join(out) + "\n"
    if folder is None:
        return text
    from elo_xl.event.load import load
    from elo_xl.event.pairings import engine_text
    from elo_xl.event.teams import prepare_points, with_team_totals

    path = folder / "cut.trf"
    path.write_text(text, encoding="utf-8")
    event = read_teams(parse_trf(text)).event
    return with_team_totals(engine_text(load(path)), prepare_points(event, "MP"), prepare_points(event, "GP"))


def expected_boards(tf, white: int, black: int, colours: str) -> list[tuple[int, int]]:
    """C.04.6 with 352: board b seats the b-th players of the lineups (the rosters here), the
    white team's player White where the sequence says W."""
    w, b = tf.teams[white - 1].members, tf.teams[black - 1].members
    return [(w[k], b[k]) if colours[k] == "W" else (b[k], w[k]) for k in range(len(colours))]


def test_there_are_at_least_20_events():
    assert len(EVENTS) >= 20


@pytest.mark.parametrize("path", EVENTS, ids=[p.stem for p in EVENTS])
def test_each_event_is_paired_as_gacrux_pairs_it(path):
    result = paired(path)
    assert isinstance(result, TeamPairResult)
    trf = parse_trf(path.read_text(encoding="utf-8"))
    round_, theirs = events_by_gacrux()[path.name]  # gacrux's command line, with method_of(path)
    assert round_ == result.pairing.round
    # gacrux writes the bye as (team, 0) where it comes; elo-xl's list has it last
    assert result.pairing.pairs() == [p for p in theirs if p[1]] + [p for p in theirs if not p[1]]
    tf = read_teams(trf)
    colours = trf.header("352").strip()
    for m in result.pairing.matches:
        assert [(b.white, b.black) for b in m.boards] == expected_boards(tf, m.white, m.black, colours)
    requested = {int(r.text[4:].split()[2]) for r in trf.records("240")
                 if int(r.text[4:].split()[1]) == result.pairing.round}
    assert set(result.pairing.left_out) == requested


def test_the_written_round_is_read_as_paired_matches(capsys, tmp_path):
    path = next(p for p in EVENTS if parse_trf(p.read_text(encoding="utf-8")).records("320")
                and len(read_teams(parse_trf(p.read_text(encoding="utf-8"))).teams) % 2)
    out = tmp_path / "next.trf"
    code, printed, err = run(capsys, "pair", path, "-o", out)
    assert code == 0, err
    result = pair_event(path)
    r = result.pairing.round
    before, after = path.read_text(encoding="utf-8").splitlines(), out.read_text(encoding="utf-8").splitlines()
    assert len(before) == len(after)
    changed = [(a, b) for a, b in zip(before, after) if a != b]
    assert all(a.startswith("001") or a.startswith("320") for a, _ in changed)
    assert all(b.startswith(a.rstrip()) or a[:3] == "320" for a, b in changed)  # the round added at the end
    tf = read_teams(parse_trf(out.read_text(encoding="utf-8")))
    for m in result.pairing.matches:
        for team, other, colour in ((m.white, m.black, "w"), (m.black, m.white, "b")):
            match = tf.event.matches[team - 1][r - 1]
            assert (match.opponent, match.colour, match.kind, match.played) == (other, colour, GAME, False)
    if result.pairing.bye is not None:
        assert tf.event.matches[result.pairing.bye - 1][r - 1].kind == PAB
    code, printed, err = run(capsys, "rate", out)
    assert code == 0, err
    assert f"Round {r}\n" in printed and "paired, results to come" in printed


def test_held_after_round_4_is_paired_for_round_5(capsys, tmp_path):
    path = tmp_path / "held4.trf"
    path.write_text(held_cut(4, tmp_path), encoding="utf-8")
    result = pair_event(path)
    assert result.pairing.round == 5
    theirs = gacrux_pairs(path, 5, [], tmp_path)
    assert result.pairing.pairs() == [p for p in theirs if p[1]] + [p for p in theirs if not p[1]]
    # as in Held's event: Lynxes (12) get the pairing-allocated bye, Narwhals (14) asked for a half-point bye
    assert result.pairing.bye == 12 and result.pairing.left_out == {14: "H"}
    out = tmp_path / "held5.trf"
    code, printed, err = run(capsys, "pair", path, "-o", out)
    assert code == 0, err
    assert printed.splitlines()[0] == "Round 5 of 7: 6 matches (Swiss team system, FIDE C.04.6, no colour preferences)"
    assert "Bye: Lynxes (12) (MP 0, GP 2 before the round;" in printed
    assert "Not paired: Narwhals (14) (bye requested: H)" in printed
    assert "320  1.0  2.0 000 000 000 000 012\n" in out.read_text(encoding="utf-8")


def test_the_sample_with_an_eighth_round_is_paired_as_gacrux_pairs_it(tmp_path):
    result = pair_event(TEAM_TRF_PATH, rounds=8)
    theirs = gacrux_pairs(Path(TEAM_TRF_PATH), 8, ["-N", "8"], tmp_path)
    assert result.pairing.pairs() == [p for p in theirs if p[1]] + [p for p in theirs if not p[1]]
    assert result.pairing.round == 8 and result.pairing.bye is None


def test_a_320_record_is_added_for_the_first_pairing_allocated_bye(tmp_path):
    text = held_cut(0).replace("240 H 005  014\n", "")
    text = "\n".join(line for line in text.splitlines() if not line.startswith(("310  14", "320"))) + "\n"
    text = "\n".join(line for line in text.splitlines() if not (line.startswith("001") and int(line[4:8]) > 52))
    path = tmp_path / "thirteen.trf"
    path.write_text(text + "\n", encoding="utf-8")
    result = pair_event(path, output=str(tmp_path / "out.trf"))
    assert result.pairing.round == 1 and result.pairing.bye is not None
    written = result.data.decode("utf-8")
    # after the last team record: a drawn match's points, the boards' half points (4 boards)
    assert f"310  13 Moose" in written.split("320  1.0  2.0 ")[0].splitlines()[-1]
    assert f"320  1.0  2.0 {result.pairing.bye:03d}\n" in written
    assert any("a 320 record was added" in note for note in result.notes)


def _refused(capsys, *args) -> str:
    code, out, err = run(capsys, "pair", *args)
    assert code == 2, (out, err)
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    return lines[0]


def test_refusals(capsys, tmp_path):
    path = EVENTS[0]
    name = path.name
    # a round not complete: pair, then pair the file written again
    once = tmp_path / "once.trf"
    assert run(capsys, "pair", path, "-o", once)[0] == 0
    message = _refused(capsys, once)
    assert "once.trf: round" in message and "without every board's result" in message
    assert "type the results on the players' lines, then pair round" in message
    # all rounds paired
    message = _refused(capsys, TEAM_TRF_PATH)
    assert message.endswith("sample-team.trf: all 7 rounds are paired; give --rounds N to add rounds")
    # team numbers not 1…N
    bad = tmp_path / "numbers.trf"
    bad.write_text(path.read_text(encoding="utf-8").replace("310   2 Team 2 ", "310  17 Team 2 "), encoding="utf-8")
    message = _refused(capsys, bad)
    assert "numbers.trf: line " in message and "(310): the team numbers are not 1 to" in message
    assert "team 2 is missing; number the 310 records 1…N (this one says 17)" in message
    # --absent names teams
    message = _refused(capsys, path, "--absent", "99")
    assert f"{name}: --absent 99: in a team file --absent gives team numbers" in message
    # no number of rounds
    no_rounds = tmp_path / "rounds.trf"
    no_rounds.write_text("".join(line for line in path.read_text(encoding="utf-8").splitlines(keepends=True)
                                 if not line.startswith("142")), encoding="utf-8")
    assert "does not say how many rounds" in _refused(capsys, no_rounds)
    # a system elo-xl does not pair
    custom = tmp_path / "custom.trf"
    custom.write_text(path.read_text(encoding="utf-8").replace("142 ", "192 CUSTOM_TEAM_SWISS\n142 "),
                      encoding="utf-8")
    message = _refused(capsys, custom)
    assert "custom.trf: line" in message and "(192) says CUSTOM_TEAM_SWISS" in message
    # --replace
    assert "--replace: pair pairs a team event's next round only" in _refused(capsys, path, "--round", "1", "--replace")
    # -o of another kind
    assert "name the file .trf" in _refused(capsys, path, "-o", tmp_path / "x.xlsx")


def test_a_round_already_paired_is_refused(capsys):
    path = next(p for p in EVENTS if pair_event(p).pairing.round > 1)
    message = _refused(capsys, path, "--round", "1")
    assert f"{path.name}: --round 1: round 1 is paired already (the next round is" in message


def test_nobody_left_to_pair(capsys, tmp_path):
    text = held_cut(4)
    path = tmp_path / "away.trf"
    path.write_text(text, encoding="utf-8")
    message = _refused(capsys, path, "--absent", ",".join(str(n) for n in range(1, 14)))
    assert "away.trf: round 5: nobody is left to pair" in message


class _ServedGacrux:
    """Stands for the generator's ``subprocess`` module in :func:`_round_robin`: its
    ``python -m gacrux.pairingchecker ARGS`` (with ``check=True``) is the same command line run
    by :func:`pairing_cases.gacrux_run`, in the Python process kept for the test process rather
    than a new one each round."""

    @staticmethod
    def run(command: list[str], **options: object) -> None:
        assert command[:3] == [sys.executable, "-m", "gacrux.pairingchecker"] and options.get("check"), command
        gacrux_run(command[3:])


def _round_robin(teams: int, played: int, code: str, seed: int, folder: Path) -> Path:
    """A team round robin of ``teams`` teams with ``played`` rounds paired by gacrux's
    ``-m berger`` (it reads the 192 code) and played with random results."""
    g = _generator()
    g.subprocess = _ServedGacrux
    event = g.Event(random.Random(seed), code)
    event.teams, event.boards, event.colours = teams, 4, "WBWB"
    n = teams * 4
    event.ratings = {p: 2000 + p for p in range(1, n + 1)}
    event.games = {p: [] for p in range(1, n + 1)}
    event.points = {p: 0 for p in range(1, n + 1)}
    event.mp = {t: 0 for t in range(1, teams + 1)}
    event.gp = dict(event.mp)
    event.rounds = (teams - 1 + teams % 2) * (2 if "DOUBLE" in code else 1)
    event.upcoming = []
    for r in range(1, played + 1):
        event.play(r, event.pair(r, folder), free_day=True)
    path = folder / f"rr-{teams}-{played}.trf"
    path.write_text(event.text(), encoding="utf-8")
    return path


@pytest.mark.parametrize(("teams", "played"), [(6, 0), (6, 3), (5, 2), (7, 4)])
def test_a_team_round_robin_is_paired_by_the_berger_tables(tmp_path, teams, played):
    path = _round_robin(teams, played, "FIDE_TEAM_ROUNDROBIN", teams * 10 + played, tmp_path)
    result = pair_event(path)
    r = played + 1
    assert result.pairing.round == r and result.pairing.round_robin
    # elo-xl's Berger tables on the team numbers…
    assert result.pairing.pairs() == schedule_pairing(teams, r)
    # …as gacrux's -m berger pairs the teams (its bye first, elo-xl's last)
    theirs = gacrux_pairs(path, r, ["-m", "berger"], tmp_path)
    assert result.pairing.pairs() == [p for p in theirs if p[1]] + [p for p in theirs if not p[1]]


def test_a_round_robin_refuses_absent_teams(capsys, tmp_path):
    path = _round_robin(6, 1, "FIDE_TEAM_ROUNDROBIN", 1, tmp_path)
    assert "a round robin's pairings are fixed by the Berger tables" in _refused(capsys, path, "--absent", "3")


def test_pair_event_refuses_in_one_line_naming_the_file(tmp_path):
    path = tmp_path / "cup.trf"
    path.write_text(held_cut(4).replace("142 7\nXXR 7\n", ""), encoding="utf-8")
    with pytest.raises(EloError, match=r"^.*cup\.trf: the file does not say how many rounds"):
        pair_event(path)


def test_absent_teams_are_left_out_as_gacrux_leaves_them_with_u(tmp_path):
    path = next(p for p in EVENTS if not parse_trf(p.read_text(encoding="utf-8")).header("192"))
    result = pair_event(path, absent=[3, 5])
    theirs = gacrux_pairs(path, result.pairing.round, ["-m", "fideteam", "-u", "3", "5"], tmp_path)
    assert result.pairing.pairs() == [p for p in theirs if p[1]] + [p for p in theirs if not p[1]]
    assert {3, 5} <= set(result.pairing.left_out) and result.pairing.left_out[3] == "absent"
    assert all(3 not in (m.white, m.black) and 5 not in (m.white, m.black) for m in result.pairing.matches)


def test_a_300_lineup_seats_the_boards_and_352_colours_them(tmp_path):
    path = EVENTS[0]
    text = path.read_text(encoding="utf-8")
    first = pair_event(path).pairing
    match = first.matches[0]
    tf = read_teams(parse_trf(text))
    boards = tf.boards
    lineup = list(reversed(tf.teams[match.white - 1].members))[:boards]
    # the lineup handed in before the pairing: no opponent scheduled yet (0)
    record = f"300 {first.round:3d} {match.white:3d}   0 " + " ".join(f"{m:4d}" for m in lineup)
    colours = "BWWB" + "WB" * boards
    text = text.replace(f"352 {parse_trf(text).header('352').strip()}", f"352 {colours[:boards]}") + record + "\n"
    changed = tmp_path / "lineup.trf"
    changed.write_text(text, encoding="utf-8")
    result = pair_event(changed)
    m = next(m for m in result.pairing.matches if match.white in (m.white, m.black))
    own = match.white
    other = m.black if own == m.white else m.white
    theirs = tf.teams[other - 1].members
    # 352 BWWB…: the white team's player has White where the sequence has board 1's letter
    sequence = colours[:boards]
    for k, board in enumerate(m.boards):
        mine, opp = lineup[k], theirs[k]
        white_team_white = sequence[k] == sequence[0]
        if own == m.white:
            assert (board.white, board.black) == ((mine, opp) if white_team_white else (opp, mine))
        else:
            assert (board.white, board.black) == ((opp, mine) if white_team_white else (mine, opp))


def test_a_player_line_with_the_round_written_is_not_written_over():
    """A seated player whose line has something in the round already (typed by hand between the
    pairing and the writing): the round is not written over it, and the refusal names the line."""
    from elo_xl.pair_teams import _written

    path = next(p for p in EVENTS if pair_event(p).pairing.round > 1)
    result = pair_event(path)
    player = result.pairing.matches[0].boards[0].white
    lines = path.read_text(encoding="utf-8").splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("001") and int(line[4:8]) == player)
    lines[k] = lines[k].ljust(91 + 10 * (result.pairing.round - 1)) + "0000 - Z"
    text = "\n".join(lines) + "\n"
    with pytest.raises(EloError, match=rf"^line {k + 1}: player {player} has round {result.pairing.round} written "
                                       r"already \(0000 - Z\); take it off, then pair round"):
        _written(text, parse_trf(text), result.teams, result.pairing)


def test_rounds_added_by_the_option_are_written_and_the_file_rates(tmp_path, capsys):
    # the sample has 142 7: pairing round 8 with --rounds 8 writes 142 8, so that rate reads the file
    from elo_xl.cli import main
    from elo_xl.event.samples import TEAM_TRF_PATH

    out = tmp_path / "round8.trf"
    assert main(["pair", str(TEAM_TRF_PATH), "--rounds", "8", "-o", str(out)]) == 0
    assert "142 8" in out.read_text(encoding="utf-8").splitlines()
    capsys.readouterr()
    assert main(["rate", str(out), "--format", "json"]) == 0
    assert "paired, results to come" not in capsys.readouterr().out  # JSON; the matches are read as paired
    assert read_teams(parse_trf(out.read_text(encoding="utf-8"))).event.matches[0][7].played is False


def test_a_baku_acceleration_250_is_paired_as_gacrux_pairs_it(tmp_path):
    """C.04.6 with a Baku acceleration: a team ``250`` record (virtual match and game points for
    teams 1–7 in rounds 1 and 2) reaches gacrux as written; round 1 is gacrux's own command
    line's, and not the round the same file pairs without it."""
    source = Path(TEAM_TRF_PATH).with_name("sample-team-open.trf").read_text(encoding="utf-8")
    source = source.replace("192 FIDE_TEAM_MP_GP", "192 FIDE_TEAM_TYPEA_MP_GP\n152 W")  # the first colour drawn
    plain, accelerated = tmp_path / "plain.trf", tmp_path / "accelerated.trf"
    plain.write_text(source, encoding="utf-8")
    accelerated.write_text(source.replace("362 TW", "250  1.0  2.0   1   2    1    7\n362 TW"), encoding="utf-8")
    pairs = pair_event(accelerated).pairing.pairs()
    assert pairs == gacrux_pairs(accelerated, 1, [], tmp_path)
    assert pairs != pair_event(plain).pairing.pairs()
    # seven teams with a virtual match point: they meet each other, one of them floats down
    assert sum((w <= 7) != (b <= 7) for w, b in pairs) == 1
