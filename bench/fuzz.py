"""The fuzz harness: elo-xl's faces fed mutated and odd inputs; every case must end in a success
or a clean error. (Over 700 lines on purpose: the generators are one registry, each a short
function beside the others, and the harness that runs and classes their cases reads them all.)

    python bench/fuzz.py                      # full mode: 10,000 seeded cases over every generator
    python bench/fuzz.py --quick              # 400 seeded cases (the test suite runs these)
    python bench/fuzz.py --cases 500 --seed 7 --kinds trf-mutation,csv

Generators live in :data:`GENERATORS`, a registry: a new kind of input is one more function
decorated with ``@generator("name", weight)`` that returns a :class:`Case` from a seeded
:class:`random.Random` (case *i* of seed *s* is the same case on every machine). Registered:

- readers: ``trf-mutation``, ``trf-bytes``, ``trf-valid``, ``trf-to-book``, ``pair``, ``non-event``,
  ``csv``, ``k-file`` (mutated real TRF exports, damaged bytes, crosstables, K files, files
  that are not events at all);
- rating lists: ``rating-list`` (combined, single-type and CSV lists with CR-only, CRLF, LF
  or mixed line ends, edited, cut or one endless line, through ``elo-xl period``), ``xlsx-list``
  (the ``.xlsx`` list, untouched or with its sheet, names or archive damaged);
- faces: ``export`` (broken Swiss books), ``hostile-book`` (books made to hang export or eat
  memory: many sheets or names, deep XML, zip sizes that lie, UTF-16 document types), ``options`` (every command with odd option values
  and paths), ``udfs`` (every Excel function with odd arguments); their inputs are made by
  ``bench/fuzz_faces.py``;
- books from other hands: ``resaved-book`` (generated Swiss and round-robin books edited by hand
  and written again as Gnumeric, LibreOffice, Excel or a hand-made tool writes them,
  ``bench/resaved_books.py``) for ``export``, ``pair`` and, in the full mode where LibreOffice
  is installed, ``recalc``;
- two writers: ``two-writers`` (two ``pair`` runs, or ``pair`` and ``functions``, on one book or
  TRF file, or ``pair`` while another program saves it; ``bench/fuzz_races.py``), in the full
  mode only (``QUICK`` lists the quick mode's generators).

A command case runs ``elo_xl.cli.main`` in this process, in a fresh folder (its working
directory), with an alarm for hangs; an Excel-function case calls the function. Each case is
classified as:

- ``success``: exit code 0, or a value an Excel cell can hold;
- ``clean error``: exit code 2, nothing on standard output, one line on standard error that
  starts with ``elo-xl``, no escape sequence in it, and nothing new or changed on disk; or a
  function's one-line message;
- ``traceback``: an exception escaped, or another exit code;
- ``hang``: the case ran longer than the time limit (``--limit``, default 10 s);
- ``partial output``: a failing case printed to standard output or changed a file, an error
  took more than one line, a temporary file was left behind, or a function's result is one no
  Excel cell can hold (NaN, infinity, text of several lines, a ragged range);
- ``non-event accepted``: a case whose input is not an event at all (random bytes, a
  workbook, a README) ended in a success.
- ``mixed result``: two writers left a file that is not what the successful ones write one
  after the other (two pairings mixed, a write reported and lost).

The full mode caps the address space at 3 GB, so a runaway allocation shows as a traceback
(MemoryError) instead of stopping the machine.
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
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
for _folder in (ROOT, ROOT / "bench"):
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))

import fuzz_faces  # noqa: E402
import fuzz_races  # noqa: E402
from elo_xl.cli import main  # noqa: E402
from elo_xl.io import scratch  # noqa: E402

OUTCOMES = ("success", "clean error", "traceback", "hang", "partial output", "non-event accepted", "mixed result")
#: Real and sample TRF files the mutations start from.
SEEDS = sorted([*(ROOT / "tests" / "data" / "real").glob("*.trf"), *(ROOT / "tests" / "data" / "trf").glob("*.trf"),
                ROOT / "elo_xl" / "data" / "sample-swiss.trf"])


@dataclass
class Case:
    """One input: ``files`` (name → bytes, written into a fresh folder) and the command line,
    where ``{name}`` stands for a file's path and ``{out}`` for the output path (a relative
    path is relative to the case's folder); or ``call``, an Excel function with its arguments.
    ``event``: False for inputs that are not events at all (a success is then a failure of the
    reader)."""

    kind: str
    files: dict[str, bytes]
    args: list[str]
    event: bool = True
    note: str = ""
    #: An Excel-function case: the call to make instead of a command line.
    call: Callable[[], object] | None = None
    #: Put the files a case's relative output paths may meet into the folder first (a file
    #: ``taken``, a folder ``exists-folder``, an old ``ok.xlsx``).
    prepare: bool = False
    #: A case that runs its own processes in a fresh folder (the folder, the time limit) and
    #: classifies itself: two writers racing for one file (``bench/fuzz_races.py``).
    run: Callable[[Path, float], tuple[str, str]] | None = None
    #: Exit code 1 with the output written and one line on standard error is a success:
    #: ``recalc``'s book holding error values.
    warns: bool = False
    #: Seconds the case may take when more than the harness's limit (a recalculation starts LibreOffice).
    limit: float | None = None


@dataclass
class Result:
    case: Case
    outcome: str
    detail: str = ""
    seconds: float = 0.0


GENERATORS: dict[str, tuple[Callable[[random.Random], Case], int]] = {}
#: The generators the quick mode draws from (the others take seconds a case: the full mode's).
QUICK: list[str] = []


def generator(name: str, weight: int = 1, quick: bool = True) -> Callable:
    """Register a case generator under ``name``; ``weight`` is its share of the cases;
    ``quick=False`` leaves it to the full mode (its cases take seconds each)."""
    def register(function: Callable[[random.Random], Case]) -> Callable[[random.Random], Case]:
        GENERATORS[name] = (function, weight)
        if quick and name not in QUICK:
            QUICK.append(name)
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


#: Team files: FIDE's team exercises, FIDE TEC's TRF-2026 sample, a file Sharly Chess wrote mid-event.
TEAM_SEEDS = [ROOT / "elo_xl" / "data" / "sample-team.trf", ROOT / "tests" / "data" / "real" / "fide-trf26-grandmommys-cup.trf",
              ROOT / "tests" / "data" / "real" / "sharly-chess-2026-team.trf"]
_TEAM_LINES = ["320  2.0  4.0 001 002 003", "330 +- 002 001 002", "330 -- 001 003 004", "330 ++ 1 1 1", "240 H 003 005",
               "240 F 001 999", "300   1   1   2    1    2    3    4", "300   2   1   0 0000 0000 9999", "299 W   2.0   2.5    1    1",
               "299    -1.0  -2.0    4   31", "299     0.0  -4.0  999   14", "299 +   2.0", "299 X   a", "352 WBWBWBWB", "352 ",
               "362 TW 3.0 TD 1.0 TL 0.0", "362 TW x", "202 EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP", "202 BH:XX,SSSC,BC,TBR,BBE",
               "192 FIDE_TEAM_GP_MP", "310 999 Ghosts" + " " * 59 + "   1    2", "310   1 Dup" + " " * 62 + "   1    1"]


@generator("team-mutation", 2)
def team_mutation(rng: random.Random) -> Case:
    """A team file with its team records edited: a record added, changed, removed or moved."""
    path = rng.choice(TEAM_SEEDS)
    lines = path.read_text(encoding="utf-8").split("\n")
    for _ in range(rng.randint(1, 4)):
        team = [k for k, line in enumerate(lines) if line[:3] in ("310", "320", "330", "300", "299", "240", "013")]
        if team and rng.random() < 0.6:
            k = rng.choice(team)
            if rng.random() < 0.3:
                del lines[k]
            else:
                text = _mutate_lines(rng, [lines[k]])
                lines[k] = text
        else:
            lines.insert(rng.randrange(len(lines) + 1), rng.choice(_TEAM_LINES))
    args = _rate("event.trf", rng)
    if rng.random() < 0.5:
        args += ["--tiebreaks", rng.choice(["MPvGP,BH:MP/C1,EDE", "EGGSB,SSSC,BC,TBR,BBE", "EDEBB,EDEC,ESB/C1",
                                             "BH:GP/M1/P,EMMSB/C2"])]
    if rng.random() < 0.3:
        args += ["--pab-in-buchholz", rng.choice(["points", "draw"]), "--tiebreak-rules", rng.choice(["2024", "2026"])]
    return Case("team-mutation", {"event.trf": _encode(rng, "\n".join(lines))}, args)


@generator("team-pair", 1)
def team_pair(rng: random.Random) -> Case:
    """The next round of a team file, its team records edited (or not), written or listed."""
    if rng.random() < 0.5:  # a team Swiss cut before a round (gacrux paired the rounds before)
        path = rng.choice(sorted((ROOT / "tests" / "data" / "teams" / "pairing").glob("*.trf")))
        text = path.read_text(encoding="utf-8")
        for _ in range(rng.randint(0, 3)):
            text = _mutate_lines(rng, text.split("\n"))
        case = Case("", {"event.trf": _encode(rng, text)}, [])
    else:
        case = team_mutation(rng)
    args = ["pair", "{event.trf}"] + rng.choice([[], ["-o", "out.trf"], ["-o", "{event.trf}"], ["-o", "out.xlsx"]])
    if rng.random() < 0.3:
        args += ["--absent", rng.choice(["1", "2,3", "99", "x"])]
    if rng.random() < 0.2:
        args += ["--rounds", rng.choice(["8", "9", "1"])]
    return Case("team-pair", case.files, args)


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


def _big(text: str) -> bool:
    """A seed of more than 150 players (the Karl-Mala open, FIDE's Grandmommy's Cup): its book
    takes seconds to write, near the time limit of a case on a busy machine."""
    return sum(line.startswith("001") for line in text.split("\n")) > 150


@generator("trf-to-book", 1)
def trf_to_book(rng: random.Random) -> Case:
    """A mutated TRF given to ``workbook swiss --from`` (or ``round-robin``): the same reader."""
    text = _seed_text(rng)
    if _big(text):  # the 284- and 249-player files make slow books; the others cover the reader
        text = (ROOT / "elo_xl" / "data" / "sample-swiss.trf").read_text(encoding="utf-8")
    for _ in range(rng.randint(0, 3)):
        text = _mutate_lines(rng, text.split("\n"))
    return Case("trf-to-book", {"event.trf": _encode(rng, text)},
                ["workbook", rng.choice(["swiss", "round-robin"]), "--from", "{event.trf}", "-o", "{out}"])


@generator("pair", 1)
def pair_case(rng: random.Random) -> Case:
    """An entry list, or a real or sample TRF given more rounds, perhaps mutated, given to
    ``pair`` with the options an arbiter gives (gacrux pairs it, or the refusal is one line)."""
    seed = rng.choice([ROOT / "elo_xl" / "data" / "sample-open.trf", *SEEDS])
    if _big(seed.read_text(encoding="latin-1")):  # 284 or 249 players: slow to pair, the others cover it
        seed = ROOT / "elo_xl" / "data" / "sample-open.trf"
    text = seed.read_text(encoding="utf-8", errors="replace")
    lines = [line for line in text.split("\n") if not line.startswith(("XXR", "142"))]
    lines.insert(1, f"XXR {rng.randint(1, 15)}")
    text = "\n".join(lines)
    for _ in range(rng.choice([0, 0, 1, 2])):
        text = _mutate_lines(rng, text.split("\n"))
    args = ["pair", "{event.trf}"]
    args += rng.choice([[], ["-o", "out.trf"], ["-o", "{event.trf}"], ["-o", "out.xlsx"]])
    args += rng.choice([[], ["--rounds", str(rng.randint(0, 20))], ["--absent", rng.choice(["1,3", "0", "x", "99"])],
                        ["--first-colour", "black"], ["--round", str(rng.randint(0, 9)), "--replace"]])
    return Case("pair", {"event.trf": _encode(rng, text)}, args)


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




# --- the faces: export, options, Excel functions ------------------------------------------------

_FIXTURES: list[fuzz_faces.Fixtures] = []


_FOA_HEADER = ("ID Number" + " " * 6 + "Name" + " " * 57 + "Fed Sex Tit  WTit OTit" + " " * 11 + "FOA SRtng SGm SK "
               "RRtng RGm Rk BRtng BGm BK B-day Flag")
_FOA_WIDTHS = (15, 61, 4, 4, 5, 5, 15, 4, 6, 4, 3, 6, 4, 3, 6, 4, 3, 6, 4)


def _rating_list(rng: random.Random, players: int) -> tuple[str, list[str], str]:
    """A rating list (combined TXT, single-type TXT or CSV) of ``players``: its name, its lines."""
    form = rng.choice(["foa", "single", "csv"])
    if form == "csv":
        lines = ["fide_id,name,federation,sex,title,rating,games,k,birth_year,flag"]
        for i in range(players):
            lines.append(f'{100 + i},"Player {i}",VIE,M,,{rng.choice([0, rng.randint(1400, 2700)])},0,'
                         f'{rng.choice(["", 10, 20, 40])},{rng.randint(1950, 2015)},')
        return "list.csv", lines, form
    header = _FOA_HEADER if form == "foa" else _FOA_HEADER[:113] + "OCT26 Gms K  B-day Flag"
    widths = _FOA_WIDTHS if form == "foa" else _FOA_WIDTHS[:8] + (6, 4, 3, 6, 4)
    lines = [header]
    for i in range(players):
        r = rng.choice([0, rng.randint(1400, 2700)])
        triple = (r, 0, rng.choice([10, 20, 40]))
        values = (100 + i, f"Player {i}", "VIE", "M", "", "", "", "") + (triple * 3 if form == "foa" else triple) + (
            rng.randint(1950, 2015), "")
        lines.append("".join(str(v).ljust(w) for v, w in zip(values, widths)))
    return "list.txt", lines, form


def _list_event(n: int) -> list[str]:
    """The TRF lines of a one-round event of the list's first ``n`` players (FIDE IDs 100, 101…),
    every board drawn."""
    trf = ["012 Fuzz open", "042 2026/10/03", "XXR 1"]
    for s in range(1, n + 1):
        opp = s + 1 if s % 2 else s - 1
        game = f"{opp:4d} {'w' if s % 2 else 'b'} =" if opp <= n else ""
        trf.append(f"001 {s:4d} m    {f'Player {s - 1}':33} {'':>4} VIE {100 + s - 1:11d} {'':10} {'0.5':>4} "
                   f"{'':4}  {game}".rstrip())
    return trf


@generator("rating-list", 2)
def rating_list(rng: random.Random) -> Case:
    """A rating list with CR-only, CRLF, LF or mixed line ends (sometimes edited, cut or given one
    endless line), and a small event on its players, through ``elo-xl period``: a list changed
    only in its line ends must be read as the LF one (a success that rates its players)."""
    players = rng.randint(2, 40)
    name, lines, form = _rating_list(rng, players)
    trf = _list_event(min(players, 10))
    note = "valid"
    edit = rng.randrange(6)
    if edit == 1:
        lines = _mutate_lines(rng, lines).split("\n")
        note = "edited"
    elif edit == 2:
        lines = lines[:rng.randrange(0, len(lines) + 1)]
        note = "cut"
    elif edit == 3 and rng.random() < 0.3:
        lines = [lines[0], "x" * rng.choice([2000, 70000, 3_000_000])]
        note = "endless line"
    ends = rng.choice(["\r", "\r\n", "\n", "mixed"])
    if ends == "mixed":
        data = "".join(line + rng.choice(["\r", "\n", "\r\n"]) for line in lines)
    else:
        data = ends.join(lines) + rng.choice([ends, ""])
    if note == "valid" and len(lines) < 2:
        note = "cut"
    fmt = rng.choice(["txt", "csv", "json"])
    args = ["period", "--list", "{" + name + "}", "--month", "2026-10", "{event.trf}", "--format", fmt, "-o", "{out}"]
    return Case("rating-list", {name: data.encode("utf-8", "surrogatepass"), "event.trf": ("\n".join(trf) + "\n").encode()}, args,
                note=note if note != "valid" else "valid")


_XLSX_SNIPPETS = ['<f>1+1</f>', '<is><r><t>x</t></r></is>', '&nbsp;', '&#0;', '&#x41;', '\x00', '<x:c r="A3"/>',
                  ' s="99"', ' t="d"', ' t="s"', '<v>abc</v>', '<v>1.5</v>', '<v>-1</v>', '<v></v>', '<v>1e400</v>',
                  '<v>nan</v>', '<v>99999999999999999999</v>', '<row r="1">', '</row>', '<row r="0">', '"', '<', '>',
                  '&amp;', '\r\n', ' xml:space="preserve"', '<c r="XFE3"><v>1</v></c>', '<c r="A3"><v>7</v></c>']


@generator("xlsx-list", 1)
def xlsx_list(rng: random.Random) -> Case:
    """An ``.xlsx`` list as ``elo-xl period -o`` writes it (or headed with the CSV's field names),
    untouched or with its sheet, names or archive damaged (formulas, rich text, entities, odd
    types and values, rows out of order, cut or flipped bytes), as next month's ``--list``: the
    worksheet reader must read it as openpyxl would or refuse it in one line."""
    import zipfile

    from elo_xl.period.run import LIST_FIELDS
    from elo_xl.workbook.period_list import as_xlsx

    players = rng.randint(2, 30)
    n = min(players, 10)
    if rng.random() < 0.8:
        rows = []
        for i in range(players):
            row = dict.fromkeys(LIST_FIELDS)
            rating = rng.choice([None, rng.randint(1400, 2700)])
            row.update(fide_id=100 + i, name=rng.choice([f"Player {i}", f"Player {i}", rng.choice(_ODD)]),
                       federation="VIE", sex="M", games=0, new_rating=rating, next_k=rng.choice([None, 10, 20, 40]),
                       birth_year=rng.randint(1950, 2015), change=rng.choice([None, -7, 0, 12]))
            rows.append(row)
        data = as_xlsx({"period": "2026-09", "type": "standard", "rules": "FIDE"}, rows,
                       rng.choice(["en", "vi", "ar", "ru"]))
    else:
        import openpyxl

        book = openpyxl.Workbook()
        sheet = book.active
        sheet.append(["fide_id", "name", "federation", "sex", "title", "rating", "games", "k", "birth_year", "flag"])
        for i in range(players):
            sheet.append([100 + i, f"Player {i}", "VIE", "M", None, rng.choice([None, 2000]), 0, 20, 1990, None])
        buffer = io.BytesIO()
        book.save(buffer)
        data = buffer.getvalue()
    note = "valid"
    damage = rng.randrange(5)
    if damage:
        source = zipfile.ZipFile(io.BytesIO(data))
        parts = {info.filename: source.read(info) for info in source.infolist()}
        if damage in (1, 2):  # the sheet's XML
            name = "xl/worksheets/sheet1.xml"
            xml = parts[name].decode("utf-8")
            for _ in range(rng.randint(1, 3)):
                at = rng.randrange(len(xml))
                if rng.random() < 0.7:
                    xml = xml[:at] + rng.choice(_XLSX_SNIPPETS) + xml[at + rng.choice([0, 0, 1, 5, 20]):]
                else:
                    xml = xml[:at] + xml[at + rng.randint(1, 200):]
            parts[name] = xml.encode("utf-8", "surrogatepass")
            note = "sheet edited"
        elif damage == 3:  # the workbook's part: names, sheets
            name = rng.choice(["xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/styles.xml", "[Content_Types].xml"])
            text = parts[name]
            at = rng.randrange(len(text))
            parts[name] = text[:at] + rng.choice([b"", b"<", b"&", b"\xff", b"elo_xl.", b"$Z$9"]) + text[at + rng.randint(0, 30):]
            note = f"{name} edited"
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
            for name, part in parts.items():
                target.writestr(name, part)
        data = out.getvalue()
        if damage == 4:  # the archive
            raw = bytearray(data)
            for _ in range(rng.randint(1, 4)):
                raw[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)
            data = bytes(raw[:rng.choice([len(raw), len(raw), rng.randrange(len(raw))])])
            note = "archive damaged"
    trf = _list_event(n)
    args = ["period", "--list", "{list.xlsx}", "--month", "2026-10", "{event.trf}", "--format",
            rng.choice(["txt", "csv", "json"]), "-o", "{out}"]
    return Case("xlsx-list", {"list.xlsx": data, "event.trf": ("\n".join(trf) + "\n").encode()}, args, note=note)


def fixtures() -> fuzz_faces.Fixtures:
    """The input files every face case may use (a Swiss book, TRFs, a CSV, a K file…), made
    once per process in a temporary folder removed at exit."""
    if not _FIXTURES:
        import atexit
        import shutil

        folder = Path(tempfile.mkdtemp(prefix="elo-xl-fuzz-fixtures-"))
        atexit.register(shutil.rmtree, folder, True)
        _FIXTURES.append(fuzz_faces.Fixtures(folder / "fixtures"))
    return _FIXTURES[0]


@generator("export", 3)
def export_book(rng: random.Random) -> Case:
    """A Swiss book broken in cells, names, sheets or archive (or not a book) given to ``export``."""
    what, content = fuzz_faces.export_case(rng, fixtures())
    return Case("export", {"broken.xlsx": content}, ["export", "{broken.xlsx}", "-o", "out.trf"],
                note=f"book broken by {what}", prepare=True)


@generator("hostile-book", 2)
def hostile_book(rng: random.Random) -> Case:
    """A small book made to hang ``export`` or eat memory: many sheets or names, deep XML,
    zip sizes that lie, a UTF-16 document type (``bench/hostile_books.py``)."""
    what, content = fuzz_faces.hostile_case(rng, fixtures())
    return Case("hostile-book", {"hostile.xlsx": content}, ["export", "{hostile.xlsx}", "-o", "out.trf"],
                note=f"hostile book: {what}", prepare=True)


@generator("options", 4)
def options(rng: random.Random) -> Case:
    """Any command with odd option values, paths and options where they do not apply."""
    argv = fuzz_faces.option_case(rng, fixtures())
    # workbook all builds every kind in every language (28 books, about 6 s of CPU): on a busy
    # machine that passes the harness's 10 s without hanging
    every = argv[:2] == ["workbook", "all"]
    return Case("options", {}, argv, note="elo-xl " + " ".join(fuzz_faces._short(a) for a in argv), prepare=True,
                limit=60.0 if every else None)


@generator("two-writers", 1, quick=False)
def two_writers(rng: random.Random) -> Case:
    """Two ``pair`` runs, or ``pair`` and ``functions``, on one book or TRF file, or ``pair``
    while another program saves the book, a random moment apart: a success or a one-line
    refusal each, and the file as the successful ones write it one after the other, never a mix
    (``bench/fuzz_races.py``)."""
    race = fuzz_races.race_case(rng)
    return Case("two-writers", {race.name: race.data}, [" | ".join(" ".join(c) for c in race.commands)],
                note=f"{race.note}, {race.delay:.2f} s apart", run=lambda folder, limit: fuzz_races.run_race(
                    race, folder, limit))


#: Set by the full mode where LibreOffice is installed: ``resaved-book`` cases recalculate too.
#: (The quick mode, which the test suite runs without the ``office`` marker, never starts it.)
OFFICE = False


@generator("resaved-book", 1)
def resaved_book(rng: random.Random) -> Case:
    """A generated Swiss or round-robin book edited by hand (a cell typed, a name moved, a sheet
    renamed) and written again as Gnumeric, LibreOffice, Excel or a hand-made tool writes it
    (``bench/resaved_books.py``: whitespace between elements, a prefix, single quotes, attributes
    reordered, shared strings, CRLF), given to ``recalc`` (the full mode, where LibreOffice is
    installed), ``export`` or ``pair``. A book only written again must be read: ``export`` and
    ``recalc`` of it must succeed."""
    what, content, unedited = fuzz_faces.resaved_case(rng, fixtures())
    command = rng.choice(["recalc", "export", "export", "pair"])
    if command == "recalc" and not OFFICE:
        command = "export"
    args = {"recalc": ["recalc", "{book.xlsx}", "-o", "{out}"], "export": ["export", "{book.xlsx}", "-o", "out.trf"],
            "pair": ["pair", "{book.xlsx}", "-o", "paired.xlsx"]}[command]
    return Case("resaved-book", {"book.xlsx": content}, args, note="valid" if unedited and command != "pair" else what,
                warns=command == "recalc", limit=120.0 if command == "recalc" else None)


@generator("udfs", 5)
def excel_functions(rng: random.Random) -> Case:
    """An Excel function with odd arguments (scalars, ranges, huge and non-finite numbers)."""
    label, call = fuzz_faces.udf_case(rng)
    return Case("udfs", {}, [], note=label, call=call)


# --- running -------------------------------------------------------------------------------------------


class _Hang(BaseException):
    """Raised by the alarm when a case runs past its time limit."""


@contextlib.contextmanager
def time_limit(seconds: float):
    """Raise :class:`_Hang` in this (main) thread after ``seconds``."""
    def ring(signum, frame):  # pragma: no cover - only on a hang
        raise _Hang()

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file (its bytes) and folder under ``folder``, by relative path."""
    return {str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else b"<dir>") for p in folder.rglob("*")}


def judge(code: int, out: str, err: str, before: dict, after: dict, event: bool = True,
          warns: bool = False) -> tuple[str, str]:
    """The class of a finished command (see the module's documentation) and a detail; with
    ``warns``, exit code 1, one line on standard output and one on standard error, and a file
    written, is a success (``recalc``'s book holding error values)."""
    leftovers = [name for name in after if name not in before and (
        name.endswith(".tmp") or os.path.basename(name).startswith("."))]
    if "Traceback" in err:
        return "traceback", err.strip().splitlines()[-1][:300]
    if leftovers:
        return "partial output", f"temporary files left: {leftovers[:3]}"
    if code == 1 and warns:
        written = sorted(set(after) - set(before))
        if len(err.splitlines()) == 1 and err.startswith("elo-xl") and len(out.splitlines()) == 1 and written:
            return ("success", "") if event else ("non-event accepted", "")
        return "partial output", f"a warning not as recalc gives it: stdout {out[:60]!r}, stderr {err[:100]!r}"
    if code == 0:
        return ("success", "") if event else ("non-event accepted", "")
    if code != 2:
        return "traceback", f"exit code {code}: {err.strip()[:200]}"
    lines = err.splitlines()
    if len(lines) != 1 or not lines[0].startswith("elo-xl"):
        return "partial output", f"error not one line: {err[:200]!r}"
    changed = sorted(set(after) ^ set(before)) + sorted(k for k in before if k in after and before[k] != after[k])
    if out or changed:
        return "partial output", f"error after output: stdout {out[:60]!r}, files {changed[:4]}"
    if "\x1b" in err:
        return "partial output", "escape sequence echoed raw"
    return "clean error", lines[0][:200]


def _call(case: Case, limit: float) -> tuple[str, str]:
    from elo_xl import udfs

    raise_errors, udfs.RAISE_ERRORS = udfs.RAISE_ERRORS, False  # messages as the classic add-in shows them
    try:
        with time_limit(limit):
            return fuzz_faces.judge_udf(case.call())
    except _Hang:
        return "hang", f"more than {limit} s"
    except BaseException as error:  # noqa: BLE001 (what escaped is the finding)
        return "traceback", f"{type(error).__name__}: {str(error)[:200]}"
    finally:
        udfs.RAISE_ERRORS = raise_errors


def _output_name(args: list[str]) -> str:
    """The name ``{out}`` stands for: ``output`` with the extension of what the command writes
    (``-o`` means its extension): ``--format``'s, else the command's own.

    >>> _output_name(["rate", "{x}", "--format", "table", "-o", "{out}"]), _output_name(["workbook", "swiss"])
    ('output.txt', 'output.xlsx')
    """
    if "--format" in args[:-1]:
        given = args[args.index("--format") + 1]
        return "output." + {"table": "txt"}.get(given, given)
    return "output." + {"workbook": "xlsx", "recalc": "xlsx", "export": "trf"}.get(args[0] if args else "", "txt")


def _command(case: Case, folder: Path, limit: float) -> tuple[str, str]:
    paths = {}
    for name, data in case.files.items():
        (folder / name).write_bytes(data)
        paths[name] = str(folder / name)
    if case.prepare:
        fuzz_faces.prepare_case_folder(folder)
    args = []
    out = str(folder / _output_name(case.args))
    for a in case.args:
        for name, path in [("out", out), *paths.items()]:
            a = a.replace("{" + name + "}", path)
        args.append(a)
    before = snapshot(folder)
    scratch_before = set(scratch.owned_by(os.getpid()))
    stdout, stderr = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(folder)
    try:
        with time_limit(limit), contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            try:
                code = main(args)
            except SystemExit as done:
                code = done.code if isinstance(done.code, int) else (0 if done.code is None else 2)
    except _Hang:
        return "hang", " ".join(args)[:300]
    except BaseException as error:  # noqa: BLE001 (what escaped is the finding)
        return "traceback", f"{type(error).__name__}: {error}"[:300]
    finally:
        os.chdir(here)
    left = sorted(set(scratch.owned_by(os.getpid())) - scratch_before)
    if left:  # the copy of a book LibreOffice opened, or its profile
        return "partial output", f"temporary folders left: {[p.name for p in left[:3]]}"
    return judge(code, stdout.getvalue(), stderr.getvalue(), before, snapshot(folder), case.event, case.warns)


def run_case(case: Case, limit: float = 10.0) -> Result:
    """Run one case (in a fresh folder, for a command) and classify it."""
    start = time.perf_counter()
    limit = max(limit, case.limit or 0)
    if case.call is not None:
        outcome, detail = _call(case, limit)
    elif case.run is not None:
        with tempfile.TemporaryDirectory(prefix="elo-xl-fuzz-") as folder:
            outcome, detail = case.run(Path(folder), limit)
    else:
        with tempfile.TemporaryDirectory(prefix="elo-xl-fuzz-") as folder:
            outcome, detail = _command(case, Path(folder), limit)
    if outcome != "success" and case.note and case.note != "valid":
        detail = f"{case.note[:120]} -> {detail}"
    return Result(case, outcome, detail, time.perf_counter() - start)


def case(i: int, seed: int, kinds: list[str] | None = None) -> Case:
    """Case ``i`` of ``seed``: its own random source picks a generator (by weight) and the input."""
    rng = random.Random(seed * 1_000_003 + i)
    names = kinds or list(GENERATORS)
    return GENERATORS[rng.choices(names, [GENERATORS[name][1] for name in names])[0]][0](rng)


def cases(n: int, seed: int, kinds: list[str] | None = None) -> list[Case]:
    """``n`` cases from the registered generators (by weight), reproducible from ``seed``."""
    return [case(i, seed, kinds) for i in range(n)]


def fuzz(n: int, seed: int = 1, kinds: list[str] | None = None, limit: float = 10.0) -> list[Result]:
    """Run ``n`` seeded cases; the results in case order (cases are made one at a time)."""
    return [run_case(case(i, seed, kinds), limit) for i in range(n)]


def is_bad(result: Result) -> bool:
    """A finding: anything but a success or a clean error, or a valid file not read."""
    return result.outcome not in ("success", "clean error") or (result.case.note == "valid"
                                                                and result.outcome != "success")


def summary(results: list[Result]) -> str:
    """Counts per generator and outcome, the slowest cases, and the first findings."""
    kinds = [k for k in GENERATORS if any(r.case.kind == k for r in results)]
    kinds += sorted({r.case.kind for r in results} - set(kinds))
    counts = {k: Counter(r.outcome for r in results if r.case.kind == k) for k in kinds}
    total = Counter(r.outcome for r in results)
    width = max(len(o) for o in OUTCOMES) + 2
    lines = [f"{len(results)} cases", f"  {'':<14}" + "".join(f"{o:>{width}}" for o in OUTCOMES)]
    for k in kinds:
        lines.append(f"  {k:<14}" + "".join(f"{counts[k][o]:>{width}}" for o in OUTCOMES))
    lines.append(f"  {'all':<14}" + "".join(f"{total[o]:>{width}}" for o in OUTCOMES))
    slowest = sorted(results, key=lambda r: r.seconds, reverse=True)[:3]
    lines.append("slowest: " + "; ".join(f"{r.seconds:.2f} s ({r.case.kind})" for r in slowest))
    for r in [r for r in results if is_bad(r)][:20]:
        lines.append(f"  {r.outcome} [{r.case.kind}] {r.detail}")
    return "\n".join(lines)


def main_cli(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="400 cases (what the test suite runs)")
    parser.add_argument("--cases", type=int, help="number of cases (default 10,000; quick 400)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kinds", help="comma-separated generators: " + ", ".join(GENERATORS))
    parser.add_argument("--limit", type=float, default=10.0, help="seconds before a case is a hang")
    args = parser.parse_args(argv)
    kinds = args.kinds.split(",") if args.kinds else (QUICK if args.quick else None)
    if kinds and set(kinds) - set(GENERATORS):
        parser.error(f"no generator {', '.join(sorted(set(kinds) - set(GENERATORS)))}; "
                     f"the generators: {', '.join(GENERATORS)}")
    n = args.cases or (400 if args.quick else 10_000)
    if not args.quick:
        from elo_xl.recalc import available

        global OFFICE
        OFFICE = available()
    if not args.quick:
        try:
            import resource

            limit = 3 * 2 ** 30
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))  # a runaway is a finding
        except (ImportError, ValueError, OSError):
            pass
    start = time.perf_counter()
    results = fuzz(n, args.seed, kinds, args.limit)
    print(summary(results))
    print(f"{time.perf_counter() - start:.0f} s in all, seed {args.seed}")
    return 1 if any(is_bad(r) for r in results) else 0


if __name__ == "__main__":
    sys.exit(main_cli())
