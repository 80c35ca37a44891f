"""Two writers on one file, for the fuzz harness (generator ``two-writers``): two elo-xl
commands that write into the same book or TRF file (``pair``, ``functions``), or one of them
while another program saves the file, started a random fraction of a second apart.

Each command must end in a success or a one-line refusal, and the file must hold exactly what
the successful commands write when run one after the other, in some order, on what the other
program saved (the expected files are made by running each command alone on a copy). A file
holding anything else is a ``mixed result``: two pairings mixed, or a write reported and lost.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import os
import random
import subprocess
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Swiss events whose next round the racers pair (round 8; round 1 of an entry list): (file,
#: rounds to give the event).
EVENTS = [(ROOT / "elo_xl" / "data" / "sample-swiss.trf", 9), (ROOT / "elo_xl" / "data" / "sample-open.trf", 7)]


@dataclass
class Race:
    """The file raced for (``name``, its bytes), the two commands (``{file}`` stands for the
    file's path; an empty list is another program saving ``saved`` into the file), and the
    delay before the second starts."""

    name: str
    data: bytes
    commands: list[list[str]]
    delay: float
    saved: bytes = b""
    note: str = field(default="")


def _event(rng: random.Random) -> bytes:
    """A played Swiss with more rounds planned, so that ``pair`` has a round to pair."""
    path, rounds = rng.choice(EVENTS)
    lines = [line for line in path.read_text(encoding="utf-8").split("\n") if not line.startswith(("XXR", "142"))]
    lines.insert(1, f"XXR {rounds}")
    return "\n".join(lines).encode("utf-8")


def _book(trf: bytes) -> bytes:
    """The Swiss book ``workbook swiss --from`` makes of the TRF."""
    from elo_xl.cli import main

    with tempfile.TemporaryDirectory(prefix="elo-xl-race-") as folder:
        source, book = Path(folder, "event.trf"), Path(folder, "event.xlsx")
        source.write_bytes(trf)
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["workbook", "swiss", "--from", str(source), "-o", str(book)]) == 0
        return book.read_bytes()


_BOOKS: dict[bytes, bytes] = {}


def race_case(rng: random.Random) -> Race:
    """A random race: two ``pair`` runs (one perhaps with ``--absent``) on a book or a TRF file,
    ``pair`` and ``functions`` on a book, or ``pair`` while another program saves the book."""
    trf = _event(rng)
    absent = ["--absent", str(rng.randint(1, 10))]
    scenario = rng.choice(["pair+pair book", "pair+pair trf", "pair+functions", "pair+save"])
    delay = rng.choice([0.0, 0.0, rng.uniform(0, 0.3), rng.uniform(0.3, 1.5)])
    if scenario == "pair+pair trf":
        return Race("event.trf", trf, [["pair", "{file}", "-o", "{file}"], ["pair", "{file}", "-o", "{file}", *absent]],
                    delay, note=scenario)
    if trf not in _BOOKS:
        _BOOKS[trf] = _book(trf)
    book = _BOOKS[trf]
    pair = ["pair", "{file}", "-o", "{file}"] + (absent if rng.random() < 0.5 else [])
    if scenario == "pair+pair book":
        return Race("event.xlsx", book, [pair, ["pair", "{file}", "-o", "{file}", *absent]], delay, note=scenario)
    if scenario == "pair+functions":
        commands = [pair, ["functions", "{file}"]]
        rng.shuffle(commands)
        return Race("event.xlsx", book, commands, delay, note=scenario)
    saved = _alone(["functions", "{file}"], "event.xlsx", book)[1]  # another program's save: a changed book
    return Race("event.xlsx", book, [pair, []], delay, saved=saved, note=scenario)


_ALONE: dict[tuple[tuple[str, ...], bytes], tuple[bool, bytes]] = {}


def _alone(command: list[str], name: str, data: bytes) -> tuple[bool, bytes]:
    """What ``command`` does to the file alone (in this process, on a copy): whether it
    succeeds, and the file after it."""
    from elo_xl.cli import main

    key = (tuple(command), data)
    if key not in _ALONE:
        with tempfile.TemporaryDirectory(prefix="elo-xl-race-") as folder:
            path = Path(folder, name)
            path.write_bytes(data)
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                code = main([a.replace("{file}", str(path)) for a in command])
            _ALONE[key] = (code == 0, path.read_bytes())
    return _ALONE[key]


def content(name: str, data: bytes) -> object:
    """What a file holds, whatever the zip's own dates and packing: a book's parts unpacked."""
    if not name.endswith(".xlsx"):
        return data
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return {info.filename: archive.read(info) for info in archive.infolist()}
    except zipfile.BadZipFile:
        return data


def expected(race: Race, succeeded: list[int]) -> list[object]:
    """Every file the race may end with: the commands that succeeded, run alone one after the
    other in either order, on the file as it was or as the other program saved it."""
    starts = [race.data] + ([race.saved] if any(not c for c in race.commands) else [])
    ends = []
    for start in starts:
        for order in itertools.permutations(succeeded):
            data = start
            for i in order:
                ok, data = _alone(race.commands[i], race.name, data)
                if not ok:
                    break
            else:
                ends.append(content(race.name, data))
    if any(not c for c in race.commands):  # the save may also come after every command
        ends.append(content(race.name, race.saved))
    return ends


def run_race(race: Race, folder: Path, limit: float) -> tuple[str, str]:
    """Run the race in ``folder`` and classify it (the harness's outcomes, and ``mixed result``)."""
    path = folder / race.name
    path.write_bytes(race.data)
    processes: list[subprocess.Popen | None] = []
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    for k, command in enumerate(race.commands):
        if k:
            time.sleep(race.delay)
        if not command:  # another program saves the file (as a spreadsheet does: a new file renamed over it)
            temporary = folder / "saving.tmp"
            temporary.write_bytes(race.saved)
            os.replace(temporary, path)
            processes.append(None)
            continue
        processes.append(subprocess.Popen([sys.executable, "-m", "elo_xl.cli",
                                           *[a.replace("{file}", str(path)) for a in command]],
                                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=folder,
                                          env=environment))
    said = []
    for process in processes:
        if process is None:
            continue
        try:
            out, err = process.communicate(timeout=limit * 3)
        except subprocess.TimeoutExpired:
            for other in processes:
                if other is not None:
                    other.kill()
                    other.communicate()
            return "hang", race.note
        said.append((process.returncode, out, err))
    succeeded = []
    k = 0
    for i, command in enumerate(race.commands):
        if not command:
            continue
        code, out, err = said[k]
        k += 1
        if "Traceback" in err or code not in (0, 2):
            return "traceback", f"{race.note}: {' '.join(command)}: exit {code}: {err.strip()[-200:]}"
        if code == 2 and (out or err.count("\n") != 1 or not err.startswith("elo-xl: ")):
            return "partial output", f"{race.note}: {' '.join(command)}: refusal not one line: {err[:200]!r}"
        if code == 0:
            succeeded.append(i)
    left = sorted(p.name for p in folder.iterdir() if p.name != race.name)
    if left:
        return "partial output", f"{race.note}: left beside the file: {left[:3]}"
    if not succeeded and not any(not c for c in race.commands):
        return "clean error", f"{race.note}: both refused: {said[0][2].strip()[:160]}"
    if content(race.name, path.read_bytes()) not in expected(race, succeeded):
        return "mixed result", f"{race.note}: the file is no order of what succeeded ({len(succeeded)} said written)"
    return "success", race.note


def race_once(rng: random.Random, limit: float = 10.0) -> tuple[str, str]:
    """One race in a fresh folder (for a quick look: ``python bench/fuzz_races.py``)."""
    with tempfile.TemporaryDirectory(prefix="elo-xl-race-") as folder:
        return run_race(race_case(rng), Path(folder), limit)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    for i in range(int(sys.argv[1]) if len(sys.argv) > 1 else 5):
        print(race_once(random.Random(i)))
