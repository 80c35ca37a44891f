"""What the pairing tests share: tournaments cut after a round, the pairs a file holds, and an
independent check of C.04.3's absolute criteria.

The checks here are written from the rules (FIDE Handbook C.04.1 and C.04.3, articles C1–C3
as ``FIDE-PAIRINGS.md`` summarises them), not from gacrux or elo-xl's code.
"""

from __future__ import annotations

import atexit
import json
import subprocess
import sys
import zipfile
from pathlib import Path

from elo_xl.io.trf_read import parse_trf
from elo_xl.io.trf_write import set_standings, write_trf

DATA = Path(__file__).resolve().parent / "data"
CORPUS = DATA / "generated" / "gacrux-dutch-200.zip"

#: Points of each result letter (C.07 / TRF: a pairing-allocated bye, a full-point bye and a
#: forfeit win score 1; a half-point bye ½).
POINTS = {"1": 1, "+": 1, "W": 1, "F": 1, "U": 1, "=": 0.5, "D": 0.5, "H": 0.5, "0": 0, "-": 0, "L": 0, "Z": 0, "": 0}


def corpus() -> list[tuple[str, str]]:
    """(name, TRF text) of every generated tournament."""
    with zipfile.ZipFile(CORPUS) as archive:
        return [(name, archive.read(name).decode("latin-1")) for name in sorted(archive.namelist())
                if name.endswith(".trf")]


def cut(text: str, rounds: int) -> str:
    """The TRF text as it stood before round ``rounds + 1`` was paired: its first ``rounds``
    rounds, and the byes requested for the next one (a bye without an opponent other than the
    pairing-allocated one, ``U``), points recomputed from them."""
    event = parse_trf(text)
    for p in event.players:
        games = list(p.games[:rounds])
        if len(p.games) > rounds:
            nxt = p.games[rounds]
            if nxt.opponent is None and nxt.result not in ("U", ""):
                games.append(nxt)
        p.games = games
    set_standings(event)
    return write_trf(event, check=False)


def round_pairs(text: str, round_: int) -> tuple[set[tuple[int, int]], int | None]:
    """The (white, black) games and the pairing-allocated bye of one round of a TRF text."""
    event = parse_trf(text)
    games, bye = set(), None
    for p in event.players:
        if round_ > len(p.games):
            continue
        g = p.games[round_ - 1]
        if g.opponent is not None and g.colour == "w":
            games.add((p.start_no, g.opponent))
        elif g.opponent is None and g.result == "U":
            bye = p.start_no
    return games, bye


def absolute_criteria(text: str, round_: int, games: list[tuple[int, int]], bye: int | None,
                      rounds_total: int) -> list[str]:
    """What breaks C.04.1/C.04.3's absolute criteria in pairing ``games`` (+ ``bye``) as round
    ``round_`` after the rounds of ``text``: rematches, a second bye, and for players who are
    not topscorers in the last round, a colour difference over 2 or three equal colours in a
    row. Empty: nothing."""
    event = parse_trf(text)
    history = {p.start_no: [g for g in p.games[:round_ - 1]] for p in event.players}
    points = {n: sum(POINTS[g.result] for g in h) for n, h in history.items()}
    faults = []
    # a game counts as met once played (a forfeit is not a game played: C.04.1)
    met = {n: {g.opponent for g in h if g.opponent is not None and g.result not in ("+", "-")}
           for n, h in history.items()}
    for w, b in games:
        if b in met[w]:
            faults.append(f"{w} and {b} met before")
    if bye is not None:
        # C.04.1: no pairing-allocated bye after one, nor after a point scored without playing
        earlier = [g for g in history[bye] if g.result in ("U", "F", "+")]
        if earlier:
            faults.append(f"{bye} gets a second bye ({earlier[0].result} before)")
    last = round_ == rounds_total
    # topscorers: over 50 % of the maximum possible score, when pairing the last round
    top = {n for n, pts in points.items() if last and pts > (round_ - 1) / 2}
    for w, b in games:
        for player, colour in ((w, "w"), (b, "b")):
            if player in top:
                continue
            played = [g.colour for g in history[player] if g.opponent is not None and g.colour in ("w", "b")
                      and g.result not in ("+", "-")] + [colour]
            difference = played.count("w") - played.count("b")
            if abs(difference) > 2:
                faults.append(f"{player} colour difference {difference:+d}")
            if len(played) >= 3 and len(set(played[-3:])) == 1:
                faults.append(f"{player} has {colour} three times in a row")
    return faults


def player_line(number: int, name: str, points: float, games: list[tuple[int | None, str, str]]) -> str:
    """A TRF ``001`` line laid out column by column as FIDE's TRF16 describes it (start rank
    5–8, name 15–47, points 81–84, each round from column 92: opponent, colour, result)."""
    head = f"001 {number:>4}      {name:<33}" + " " * 33 + f"{points:>4.1f}" + " " * 5
    assert len(head) == 89, len(head)
    return head + "".join(f"  {'0000' if opp is None else opp:>4} {colour} {result}" for opp, colour, result in games)


def gacrux_command_line(tmp_path: Path, texts: dict[str, str], extra: dict[str, list[str]] | None = None) -> dict:
    """gacrux's own command line, ``pairingchecker -p -dT``, on each text: (white, black) pairs
    in board order, black 0 for the bye. One Python process runs them all."""
    files = []
    for name, text in texts.items():
        path = tmp_path / f"{name}.trf"
        path.write_text(text, encoding="utf-8")
        files.append((name, path))
    driver = (
        "import runpy, sys, json\n"
        "cases = json.loads(sys.argv[1])\n"
        "for name, path, out, extra in cases:\n"
        "    sys.argv = ['pairingchecker', '-i', path, '-o', out, '-p', '-dT', '-b', 'utf-8', *extra]\n"
        "    try:\n"
        "        runpy.run_module('gacrux.pairingchecker', run_name='__main__')\n"
        "    except SystemExit:\n"
        "        pass\n"
    )
    cases = [(name, str(path), str(path.with_suffix(".out")), (extra or {}).get(name, [])) for name, path in files]
    subprocess.run([sys.executable, "-c", driver, json.dumps(cases)], check=True, capture_output=True, timeout=600)
    found = {}
    for name, _, out, _ in cases:
        lines = Path(out).read_text(encoding="utf-8").split("\n")
        count = int(lines[0])
        found[name] = [tuple(int(x) for x in line.split()) for line in lines[1:1 + count]]
    return found


def with_152(text: str, colour: str) -> str:
    """The TRF text with one ``152`` record (TRF-2026's initial colour: ``W`` or ``B``) before
    its first line, any other ``152`` taken out: the drawing of lots, stated as gacrux reads it."""
    lines = [line for line in text.splitlines() if not line.startswith("152")]
    return "\n".join([f"152 {colour.upper()}"] + lines) + "\n"


#: gacrux's command line (``python -m gacrux.pairingchecker ARGS``) served by one Python process:
#: each line read, a JSON list of arguments, is run as the command line; each run answered by a
#: line, the JSON of its exit code and what it printed.
SERVER = """\
import contextlib, io, json, os, runpy, sys, traceback
answer = os.fdopen(os.dup(1), "w")
os.dup2(2, 1)  # what is written to the standard output otherwise does not reach the answers
for line in sys.stdin:
    sys.argv = ["pairingchecker", *json.loads(line)]
    printed = io.StringIO()
    code = 0
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
        try:
            runpy.run_module("gacrux.pairingchecker", run_name="__main__", alter_sys=True)
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 0 if done.code is None else 1
        except BaseException:
            code = 1
            traceback.print_exc()
    answer.write(json.dumps([code, printed.getvalue()]) + "\\n")
    answer.flush()
"""
_SERVERS: list[subprocess.Popen[str]] = []


def gacrux_run(argv: list[str]) -> None:
    """``python -m gacrux.pairingchecker ARGV``, as ``subprocess.run(..., check=True)`` runs it,
    in one Python process kept for the test process: starting Python and importing gacrux
    again for each command took most of each comparison's time (its runs share nothing but the
    imported modules). A run that fails raises :class:`AssertionError` with what it printed."""
    if not _SERVERS or _SERVERS[0].poll() is not None:
        _SERVERS[:] = [subprocess.Popen([sys.executable, "-c", SERVER], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)]
        atexit.register(_SERVERS[0].kill)
    server = _SERVERS[0]
    assert server.stdin is not None and server.stdout is not None
    server.stdin.write(json.dumps([str(a) for a in argv]) + "\n")
    server.stdin.flush()
    answer = server.stdout.readline()
    assert answer, f"gacrux's command line ended the process: pairingchecker {' '.join(map(str, argv))}"
    code, printed = json.loads(answer)
    assert code == 0, f"pairingchecker {' '.join(map(str, argv))} exited with {code}:\n{printed}"
