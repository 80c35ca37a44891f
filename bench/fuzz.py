"""Fuzzing elo-xl's faces with mutated inputs: every case must end in a success or a clean error.

    python bench/fuzz.py                 # full mode: 10,000 cases, seed 1
    python bench/fuzz.py --cases 500 --seed 7 --kinds trf-mutation,csv

Each case is an input file (bytes) and a command line; the case runs ``elo_xl.cli.main`` in
this process, with an alarm for hangs, in a fresh folder, and is classified as:

- ``success``: exit code 0;
- ``clean error``: exit code 2, nothing on standard output, one line on standard error that
  starts with ``elo-xl:``, and no output file (nor temporary file) left behind;
- ``traceback``: an exception other than the one-line error escaped;
- ``hang``: the case ran longer than the time limit (default 5 s);
- ``partial output``: a failing case printed to standard output or left a file behind, or an
  error took more than one line;
- ``non-event accepted``: a case whose input is not an event at all (random bytes, a
  workbook, a README) ended in a success.

Case generators live in :data:`GENERATORS`, a registry: a new kind of input (broken
workbooks for ``export``, odd option values, Excel-function arguments through a small driver
command) is one more function decorated with ``@generator("name", weight)`` that returns a
:class:`Case` from a seeded :class:`random.Random`. The test suite runs a seeded quick mode
(``tests/test_io_fuzz.py``).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import signal
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from elo_xl.cli import main  # noqa: E402

OUTCOMES = ("success", "clean error", "traceback", "hang", "partial output", "non-event accepted")
#: Real and sample TRF files the mutations start from.
SEEDS = sorted([*(ROOT / "tests" / "data" / "real").glob("*.trf"), *(ROOT / "tests" / "data" / "trf").glob("*.trf"),
                ROOT / "elo_xl" / "data" / "sample-swiss.trf"])


@dataclass
class Case:
    """One input: ``files`` (name → bytes, written into a fresh folder) and the command line,
    where ``{name}`` stands for a file's path and ``{out}`` for the output path. ``event``:
    False for inputs that are not events at all (a success is then a failure of the reader)."""

    kind: str
    files: dict[str, bytes]
    args: list[str]
    event: bool = True
    note: str = ""


@dataclass
class Result:
    case: Case
    outcome: str
    detail: str = ""
    seconds: float = 0.0


GENERATORS: dict[str, tuple[Callable[[random.Random], Case], int]] = {}


def generator(name: str, weight: int = 1) -> Callable:
    """Register a case generator under ``name``; ``weight`` is its share of the cases."""
    def register(function: Callable[[random.Random], Case]) -> Callable[[random.Random], Case]:
        GENERATORS[name] = (function, weight)
        return function
    return register


# --- mutations -------------------------------------------------------------------------------------

_ODD = ["\x00", "\x1b[2J", "\ufffe", "\u202e", "é", "Š", "½", "−", "\t", "\r", "\x1a", "9" * 12, "-1", "0000",
        "XXR 100000000", "142 99999", "=HYPERLINK(\"x\")", "\ud800", "🂡", " " * 200]


def _seed_text(rng: random.Random) -> str:
    path = rng.choice(SEEDS)
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252")


def _mutate_lines(rng: random.Random, lines: list[str]) -> str:
    """One of many small edits a person or a program makes to a text file."""
    if not lines:
        lines = [""]
    i = rng.randrange(len(lines))
    line = lines[i]
    choice = rng.randrange(12)
    if choice == 0 and line:                                   # change one character
        j = rng.randrange(len(line))
        lines[i] = line[:j] + rng.choice("0123456789 wbWB=+-HFUZ.x") + line[j + 1:]
    elif choice == 1:                                          # insert odd text
        j = rng.randrange(len(line) + 1)
        lines[i] = line[:j] + rng.choice(_ODD) + line[j:]
    elif choice == 2 and line:                                 # delete a span
        j = rng.randrange(len(line))
        lines[i] = line[:j] + line[j + rng.randrange(1, 12):]
    elif choice == 3:                                          # duplicate a line
        lines.insert(i, line)
    elif choice == 4 and len(lines) > 1:                       # delete a line
        del lines[i]
    elif choice == 5 and len(lines) > 1:                       # swap two lines
        k = rng.randrange(len(lines))
        lines[i], lines[k] = lines[k], line
    elif choice == 6:                                          # a field out of its columns
        lines[i] = " " + line if rng.random() < 0.5 else line[1:]
    elif choice == 7:                                          # a record's value replaced
        lines[i] = line[:4] + rng.choice(_ODD + ["", "1", "2026/13/45", "May 32, 2020", "abc"])
    elif choice == 8 and line:                                 # digits changed in a numeric field
        j = rng.randrange(len(line))
        if line[j].isdigit():
            lines[i] = line[:j] + str(rng.randrange(10)) + line[j + 1:]
    elif choice == 9:                                          # truncated
        lines[i] = line[:rng.randrange(len(line) + 1)]
    elif choice == 10:                                         # a round added or removed
        lines[i] = line + rng.choice(["  0000 - H", "     1 w 1", "  9999 b 0", "          "])
    else:                                                      # a header record added
        lines.insert(i, rng.choice(["XXR 9", "142 5", "162  W 3.0 D 1.0 L 0.0", "013 Team" + " " * 28 + "   1    2",
                                    "042 28. 07. 2005", "052 Jun 26, 2020", "### comment", "XXS W=abc", ""]))
    return "\n".join(lines)


def _encode(rng: random.Random, text: str) -> bytes:
    newline = rng.choice(["\n", "\n", "\r\n", "\r"])
    text = text.replace("\n", newline)
    encoding = rng.choice(["utf-8", "utf-8", "utf-8", "utf-8-sig", "utf-16", "cp1252"])
    return text.encode(encoding, errors="replace" if encoding == "cp1252" else "surrogatepass")


def _rate(name: str, rng: random.Random) -> list[str]:
    args = ["rate", "{" + name + "}", "--format", rng.choice(["json", "csv", "table"]), "-o", "{out}"]
    if rng.random() < 0.2:
        args += ["--rules", rng.choice(["FIDE", "FIDE-2024", "ELO-1970", "USSR-1977", "LOGISTIC"])]
    return args


# --- generators -------------------------------------------------------------------------------------


@generator("trf-mutation", 6)
def trf_mutation(rng: random.Random) -> Case:
    """A real or sample TRF with one to five small edits, in a random encoding and line end."""
    text = _seed_text(rng)
    for _ in range(rng.randint(1, 5)):
        text = _mutate_lines(rng, text.split("\n"))
    return Case("trf-mutation", {"event.trf": _encode(rng, text)}, _rate("event.trf", rng))


@generator("trf-bytes", 1)
def trf_bytes(rng: random.Random) -> Case:
    """A real TRF with random bytes flipped, inserted or cut (a damaged download)."""
    data = bytearray(rng.choice(SEEDS).read_bytes())
    for _ in range(rng.randint(1, 20)):
        j = rng.randrange(len(data) + 1)
        op = rng.randrange(3)
        if op == 0 and j < len(data):
            data[j] = rng.randrange(256)
        elif op == 1:
            data[j:j] = bytes([rng.randrange(256)])
        else:
            del data[j:j + rng.randrange(1, 40)]
    return Case("trf-bytes", {"event.trf": bytes(data)}, _rate("event.trf", rng))


@generator("trf-valid", 1)
def trf_valid(rng: random.Random) -> Case:
    """A real TRF, unchanged but for its encoding and line ends: must be a success."""
    return Case("trf-valid", {"event.trf": _encode(rng, _seed_text(rng))}, _rate("event.trf", rng), note="valid")


@generator("trf-to-book", 1)
def trf_to_book(rng: random.Random) -> Case:
    """A mutated TRF given to ``workbook swiss --from`` (or ``round-robin``): the same reader."""
    text = _seed_text(rng)
    if "spielfrei" in text:  # the 284-player file makes a slow book; the others cover the reader
        text = (ROOT / "elo_xl" / "data" / "sample-swiss.trf").read_text(encoding="utf-8")
    for _ in range(rng.randint(0, 3)):
        text = _mutate_lines(rng, text.split("\n"))
    return Case("trf-to-book", {"event.trf": _encode(rng, text)},
                ["workbook", rng.choice(["swiss", "round-robin"]), "--from", "{event.trf}", "-o", "{out}"])


def _xlsx_bytes() -> bytes:
    import openpyxl

    buffer = io.BytesIO()
    openpyxl.Workbook().save(buffer)
    return buffer.getvalue()


@generator("non-event", 1)
def non_event(rng: random.Random) -> Case:
    """Files that are not events: random bytes, an empty file, a workbook, prose, JSON."""
    kind = rng.randrange(6)
    if kind == 0:
        data = rng.randbytes(rng.randrange(1, 5000))
    elif kind == 1:
        data = rng.choice([b"", b"\n", b"\r\n\r\n", b"\x1a", b"\xef\xbb\xbf"])
    elif kind == 2:
        data = _xlsx_bytes()
    elif kind == 3:
        data = (ROOT / "README.md").read_bytes()[:rng.randrange(100, 20000)]
    elif kind == 4:
        data = b'{"event": {"name": "x"}, "players": []}'
    else:
        data = "012 Open\n022 Hanoi\nXXR 9\n".encode("utf-16")
    name = rng.choice(["event.trf", "event.txt", "event.csv", "book.xlsx"])
    return Case("non-event", {name: data}, _rate(name, rng), event=False)


def _crosstable(rng: random.Random) -> str:
    n = rng.randint(2, 8)
    sep = rng.choice([",", ";", "\t"])
    diagonal = rng.random() < 0.5
    rows = [sep.join(["name", "rating", "k"] + [str(j + 1) for j in range(n if diagonal else n - 1)])]
    scores = {}
    for i in range(n):
        for j in range(i + 1, n):
            scores[i, j] = rng.choice(["1", "0", "½", "=", "0.5", "+", "-", ""])
            scores[j, i] = {"1": "0", "0": "1", "½": "½", "=": "=", "0.5": "0.5", "+": "-", "-": "+", "": ""}[scores[i, j]]
    for i in range(n):
        cells = [("x" if diagonal else None) if i == j else scores[i, j] for j in range(n)]
        cells = [c for c in cells if c is not None]
        if sep != ",":
            cells = [c.replace("0.5", "0,5") for c in cells]
        rating = rng.choice(["", "0", "NR", str(rng.randint(1000, 2800))])
        rows.append(sep.join([f"P{i + 1}", rating, rng.choice(["", "10", "20", "40"])] + cells))
    return "\n".join(rows) + "\n"


@generator("csv", 2)
def csv_crosstable(rng: random.Random) -> Case:
    """A random crosstable (separator, diagonal, decimal commas), often mutated."""
    text = _crosstable(rng)
    if rng.random() < 0.7:
        for _ in range(rng.randint(1, 3)):
            text = _mutate_lines(rng, text.split("\n"))
    return Case("csv", {"rr.csv": _encode(rng, text)}, _rate("rr.csv", rng))


@generator("k-file", 1)
def k_file(rng: random.Random) -> Case:
    """The sample Swiss with a K file of start numbers and FIDE IDs, often mutated."""
    sep = rng.choice([",", ";", "\t"])
    rows = ["id" + sep + "k"] + [f"{i}{sep}{rng.choice(['10', '20', '40', '15,5' if sep != ',' else '15.5'])}"
                                for i in rng.sample(range(1, 13), rng.randint(1, 5))]
    text = "\n".join(rows) + "\n"
    if rng.random() < 0.7:
        for _ in range(rng.randint(1, 3)):
            text = _mutate_lines(rng, text.split("\n"))
    sample = (ROOT / "elo_xl" / "data" / "sample-swiss.trf").read_bytes()
    return Case("k-file", {"event.trf": sample, "k.csv": _encode(rng, text)},
                ["rate", "{event.trf}", "--k-file", "{k.csv}", "--format", "json", "-o", "{out}"])


# --- running -------------------------------------------------------------------------------------------


class _Hang(Exception):
    pass


def _alarm(signum, frame):  # pragma: no cover - only on a hang
    raise _Hang()


def run_case(case: Case, limit: float = 5.0) -> Result:
    """Run one case in a fresh folder and classify it (see the module's documentation)."""
    with tempfile.TemporaryDirectory(prefix="elo-xl-fuzz-") as folder:
        paths = {}
        for name, data in case.files.items():
            path = Path(folder) / name
            path.write_bytes(data)
            paths[name] = str(path)
        out = Path(folder) / "output"
        args = []
        for a in case.args:
            for name, path in [("out", str(out)), *paths.items()]:
                a = a.replace("{" + name + "}", path)
            args.append(a)
        stdout, stderr = io.StringIO(), io.StringIO()
        previous = signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, limit)
        start = time.perf_counter()
        try:
            with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
                try:
                    code = main(args)
                except SystemExit as done:
                    code = done.code if isinstance(done.code, int) else 2
        except _Hang:
            return Result(case, "hang", " ".join(args), limit)
        except BaseException as error:  # what escaped is the finding
            return Result(case, "traceback", f"{type(error).__name__}: {error}"[:300], time.perf_counter() - start)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        seconds = time.perf_counter() - start
        left = sorted(p.name for p in Path(folder).iterdir() if p.name not in case.files)
        err = stderr.getvalue()
        if code == 0:
            if not case.event:
                return Result(case, "non-event accepted", " ".join(args), seconds)
            return Result(case, "success", "", seconds)
        lines = err.strip().splitlines()
        if stdout.getvalue() or left or len(lines) != 1 or not lines[0].startswith("elo-xl: "):
            return Result(case, "partial output", f"stdout={stdout.getvalue()[:80]!r} left={left} err={err[:200]!r}",
                          seconds)
        return Result(case, "clean error", lines[0][:200], seconds)


def cases(n: int, seed: int, kinds: list[str] | None = None) -> list[Case]:
    """``n`` cases from the registered generators (by weight), reproducible from ``seed``."""
    rng = random.Random(seed)
    names = kinds or list(GENERATORS)
    weights = [GENERATORS[name][1] for name in names]
    return [GENERATORS[rng.choices(names, weights)[0]][0](rng) for _ in range(n)]


def fuzz(n: int, seed: int = 1, kinds: list[str] | None = None, limit: float = 5.0) -> list[Result]:
    """Run ``n`` seeded cases; the results in case order."""
    return [run_case(case, limit) for case in cases(n, seed, kinds)]


def summary(results: list[Result]) -> str:
    """Counts per outcome and per generator, the slowest case, and the first findings."""
    total = Counter(r.outcome for r in results)
    lines = [f"{len(results)} cases: " + ", ".join(f"{total[o]} {o}" for o in OUTCOMES)]
    for kind in sorted({r.case.kind for r in results}):
        counts = Counter(r.outcome for r in results if r.case.kind == kind)
        lines.append(f"  {kind:14} " + ", ".join(f"{counts[o]} {o}" for o in OUTCOMES if counts[o]))
    slowest = max(results, key=lambda r: r.seconds)
    lines.append(f"slowest case: {slowest.seconds:.2f} s ({slowest.case.kind})")
    bad = [r for r in results if r.outcome not in ("success", "clean error")
           or (r.case.note == "valid" and r.outcome != "success")]
    for r in bad[:20]:
        lines.append(f"  {r.outcome} [{r.case.kind}] {r.detail}")
    return "\n".join(lines)


def main_cli(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kinds", help="comma-separated generators: " + ", ".join(GENERATORS))
    parser.add_argument("--limit", type=float, default=5.0, help="seconds before a case is a hang")
    args = parser.parse_args(argv)
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (2 * 1024 ** 3, resource.RLIM_INFINITY))  # a runaway is a finding
    except (ImportError, ValueError, OSError):
        pass
    start = time.perf_counter()
    results = fuzz(args.cases, args.seed, args.kinds.split(",") if args.kinds else None, args.limit)
    print(summary(results))
    print(f"{time.perf_counter() - start:.0f} s in all")
    return 0 if all(r.outcome in ("success", "clean error") for r in results) else 1


if __name__ == "__main__":
    sys.exit(main_cli())
