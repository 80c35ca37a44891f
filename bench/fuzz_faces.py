"""Odd inputs for the faces, used by the fuzz harness (``bench/fuzz.py``): broken books for
``export``, odd option values for every command, odd arguments for every Excel function.

* books broken the ways books get broken: odd values typed into the players table and the
  rounds grid, deleted sheets, deleted or resized or dangling defined names, damaged and
  truncated archives, missing parts, archives that unpack to far more than they weigh,
  document types, files that are not workbooks at all (:func:`export_case`);
* every command with odd option values (numbers too large or not numbers, text with control
  characters, paths that are folders, files, missing, unwritable, in /proc…), options where
  they do not apply, and valid runs (:func:`option_case`);
* every Excel function with odd arguments (numbers beyond Excel's range, NaN, huge integers,
  error values, ragged and empty ranges, dates, booleans, long text) (:func:`udf_case`), and
  :func:`judge_udf`, which says whether a function's result is one an Excel cell can hold.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import math
import random
import re
import zipfile
from pathlib import Path
from typing import Any, Callable

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "trf"
EXCEL_MAX = 9.99999999999999e307


# --- odd values -----------------------------------------------------------------------------------

ODD_TEXT = ["", " ", "x", "NR", "½", "1/2", "=", "+", "-", "−", "W", "H", "u", "#NUM!", "#N/A", "#DIV/0!",
            "\x1b[2J", "a\nb", "tab\there", "\x00", "\ufffe", "\ud800" if False else "\u202e", "=HYPERLINK(\"x\")",
            "2400", " 2400 ", "2,5", "1e400", "-1e400", "nan", "inf", "9" * 400, "Šuković", "ن", "A" * 40_000,
            "LOGISTIC 1", "LOGISTIC -5", "LOGISTIC 1e308", "LOGISTIC nan", "logistic 480", "FIDE", "ELO-1970",
            "fide-2024", "USSR", "2026/01/01"]
ODD_NUMBERS = [0, 1, -1, 0.5, 2400, 3999, 4000, 1e-300, -1e-300, 1e308, -1e308, EXCEL_MAX, 10 ** 20, 10 ** 400,
               10 ** 5000, -(10 ** 400), float("inf"), float("-inf"), float("nan"), 2 ** 63, 2400.5, 0.005, 100, 101]


def odd_scalar(rng: random.Random) -> Any:
    pick = rng.random()
    if pick < 0.35:
        return rng.choice(ODD_NUMBERS)
    if pick < 0.65:
        return rng.choice(ODD_TEXT)
    if pick < 0.75:
        return None
    if pick < 0.8:
        return rng.choice([True, False])
    if pick < 0.85:
        return rng.choice([dt.datetime(2026, 1, 1), dt.date(1900, 1, 1), dt.time(12, 0)])
    return rng.choice([rng.randint(-5000, 5000), rng.uniform(-3000, 3000), rng.randint(1000, 2800)])


def odd_range(rng: random.Random) -> Any:
    shape = rng.random()
    if shape < 0.15:
        return odd_scalar(rng)
    if shape < 0.25:
        return rng.choice([[], [[]], [[], []], [[1], [2, 3]], [[[1]]], [1, [2]]])
    rows, cols = rng.randint(1, 12), rng.randint(1, 4)
    if rng.random() < 0.05:
        rows = rng.choice([200, 2000])
    plausible = rng.random() < 0.5
    return [[(rng.randint(1200, 2800) if plausible and rng.random() < 0.8 else odd_scalar(rng)) for _ in range(cols)]
            for _ in range(rows)]


def odd_option_value(rng: random.Random) -> str:
    pick = rng.random()
    if pick < 0.5:
        value = rng.choice(ODD_TEXT + [str(v) for v in ODD_NUMBERS[:14]])
    elif pick < 0.8:
        value = str(rng.randint(-10, 2000))
    else:
        value = rng.choice(["3", "10", "60", "9", "15", "1000", "1001", "0", "-3", "2.5", "1e3"])
    return value.replace("\x00", "")  # an argument cannot hold NUL


# --- Excel functions --------------------------------------------------------------------------------


def udf_case(rng: random.Random) -> tuple[str, Callable[[], Any]]:
    from elo_xl import udfs

    function = rng.choice(udfs.FUNCTIONS)
    import inspect

    params = list(inspect.signature(function).parameters.values())
    count = rng.randint(sum(1 for p in params if p.default is inspect.Parameter.empty), len(params))
    args = []
    for p in params[:count]:
        ranged = p.name in {"opponents", "results", "ratings", "pairings", "remaining_opponents", "opponent", "delta",
                            "p", "k", "rating", "rules"} and rng.random() < 0.6
        args.append(odd_range(rng) if ranged else odd_scalar(rng))
    label = f"{function.__name__}({', '.join(_short(a) for a in args)})"
    return label, lambda: function(*args)


def _short(value: Any) -> str:
    if isinstance(value, int) and value.bit_length() > 64:
        return f"<int of {value.bit_length()} bits>"
    try:
        text = repr(value)
    except ValueError:  # a range holding an int of thousands of digits
        text = f"<{type(value).__name__} holding a huge int>"
    return text if len(text) < 60 else text[:57] + "..."


def judge_udf(result: Any) -> tuple[str, str]:
    """A function's result: a value a cell holds (success), a message (clean error), or not."""
    def cell_ok(value: Any) -> bool:
        if value is None or isinstance(value, bool):
            return True
        if isinstance(value, (int, float)):
            return math.isfinite(value) and abs(value) <= EXCEL_MAX
        if isinstance(value, str):
            return "\n" not in value and len(value) <= 32_767
        return False

    if isinstance(result, str):
        return ("clean error", result) if cell_ok(result) else ("partial output", f"message {result!r:.80}")
    if isinstance(result, list):
        if not result or not all(isinstance(row, list) for row in result):
            return "partial output", f"range result not rows: {result!r:.80}"
        if len({len(row) for row in result}) != 1:
            return "partial output", "ragged range result"
        bad = [v for row in result for v in row if not cell_ok(v)]
        return ("success", "") if not bad else ("partial output", f"cells no Excel cell holds: {bad[:3]!r}")
    return ("success", "") if cell_ok(result) else ("partial output", f"result no Excel cell holds: {result!r:.80}")


# --- the command line ------------------------------------------------------------------------------


class Fixtures:
    """Input files every command case may use, made once."""

    def __init__(self, folder: Path):
        from elo_xl import workbook
        from elo_xl.cli import main

        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.trf = DATA / "swiss-10x9.trf"
        self.rr_trf = DATA / "round-robin-6.trf"
        self.csv = folder / "event.csv"
        self.csv.write_text("name,rating,k\nA,2400,20,,1,0\nB,2300,,0,,1\nC,,,1,0,\n", encoding="utf-8")
        self.kfile = folder / "k.csv"
        self.kfile.write_text("id,k\n1,10\n2,40\n", encoding="utf-8")
        self.book = folder / "book.xlsx"
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["workbook", "swiss", "--from", str(self.trf), "-o", str(self.book)]) == 0
        self.book_bytes = self.book.read_bytes()
        self.player_book = folder / "player.xlsx"
        self.player_book.write_bytes(workbook.build("player", games=3))
        self.empty = folder / "empty.trf"
        self.empty.write_bytes(b"")
        self.binary = folder / "random.bin"
        self.binary.write_bytes(bytes(random.Random(1).randrange(256) for _ in range(3000)))
        self.a_folder = folder / "a-folder"
        self.a_folder.mkdir()

    def inputs(self) -> list[str]:
        return [str(p) for p in (self.trf, self.rr_trf, self.csv, self.kfile, self.book, self.player_book, self.empty,
                                 self.binary, self.a_folder)] + ["missing.trf", "/proc/elo-xl-missing", "/dev/null",
                                                                  "\x1b[2J.trf", "-"]


OUTPUT_CHOICES = ["out.file", "out-folder", "sub/out.file", "taken", "taken/inner", "/proc/elo-xl/out", ".",
                  "exists-folder", "exists-folder/out.file", "ok.xlsx", "ok.trf", "\x1b[31mred"]

COMMAND_OPTIONS = {
    "demo": ["-o", "--rules", "--lang"],
    "rate": ["--rules", "--k", "--k-file", "--year", "--format", "-o"],
    "workbook": ["-o", "--lang", "--players", "--rounds", "--games", "--rules", "--from", "--k", "--k-file", "--year"],
    "export": ["-o"],
    "lite": ["-o"],
}


def option_case(rng: random.Random, fixtures: Fixtures) -> list[str]:
    command = rng.choices(list(COMMAND_OPTIONS), weights=[1, 5, 6, 4, 1])[0]
    argv = [command]
    if command == "rate":
        argv.append(rng.choice(fixtures.inputs()[:3]) if rng.random() < 0.6 else rng.choice(fixtures.inputs()))
    if command == "workbook":
        argv.append(rng.choice(["player", "round-robin", "swiss", "match", "reference"] * 3 + ["all", "bogus", ""]))
    if command == "export":
        argv.append(str(fixtures.book) if rng.random() < 0.5 else rng.choice(fixtures.inputs()))
    options = COMMAND_OPTIONS[command]
    chosen = rng.sample(options, rng.randint(0, min(4, len(options))))
    if command in ("workbook", "export") and "-o" not in chosen and rng.random() < 0.9:
        chosen.append("-o")
    for option in chosen:
        if rng.random() < 0.03:
            argv.append(option)  # a missing value
            continue
        if option == "-o":
            value = rng.choice(OUTPUT_CHOICES)
        elif option in ("--from", "--k-file"):
            value = rng.choice(fixtures.inputs())
        elif option == "--rules":
            value = rng.choice(["FIDE", "ELO-1970", "LOGISTIC 480", "LOGISTIC 1", "LOGISTIC 0", "LOGISTIC -1",
                                "LOGISTIC 1e308", "LOGISTIC 1e-300", "LOGISTIC nan", "nope", "", "\x1b[2J"])
        elif option == "--lang":
            value = rng.choice(["en", "vi", "ar", "ru", "xx", ""])
        elif option == "--format":
            value = rng.choice(["table", "csv", "json", "xml"])
        else:
            value = odd_option_value(rng)
            if option in ("--players", "--rounds", "--games") and rng.random() < 0.5:
                value = str(rng.randint(0, 40))  # keep most books small
        argv += [option, value]
    if rng.random() < 0.02:
        argv.append(rng.choice(["--bogus", "extra", "--help"]))
    if command == "workbook" and "--players" in argv and argv[argv.index("--players") + 1:][:1] == ["1000"]:
        argv[argv.index("--players") + 1] = "30"  # the largest books are timed by the benchmarks
    return argv


def prepare_case_folder(folder: Path) -> None:
    """The files a relative output path may meet: a file ``taken``, a folder, an old book."""
    (folder / "taken").write_bytes(b"keep")
    (folder / "exists-folder").mkdir()
    (folder / "ok.xlsx").write_bytes(b"old")


# --- export of broken books ------------------------------------------------------------------------


def export_case(rng: random.Random, fixtures: Fixtures) -> tuple[str, bytes]:
    """A broken Swiss book: (what was broken, the file's bytes)."""
    data = fixtures.book_bytes
    kind = rng.choices(["cells", "names", "sheets", "zip", "bomb", "not-a-book"], weights=[8, 3, 1, 3, 2, 2])[0]
    if kind == "cells":
        return "cells", _mutate_cells(rng, data)
    if kind in ("names", "sheets"):
        return kind, _mutate_workbook_xml(rng, data, kind)
    if kind == "zip":
        return "zip", _mutate_zip(rng, data)
    if kind == "bomb":
        return "bomb", _bomb(rng, data)
    return "not-a-book", rng.choice([b"", b"012 Open\n001    1 m    A", bytes(rng.randrange(256) for _ in range(600)),
                                     b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600), "ÿþ0\x001\x002\x00".encode(),
                                     b"name,rating,k\n", b"%PDF-1.4", _zip({"mimetype": b"application/vnd.oasis."
                                                                            b"opendocument.spreadsheet"})])


def _zip(parts: dict[str, bytes], level: int = 6) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data, compresslevel=level)
    return buffer.getvalue()


def _parts(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


_CELL = re.compile(rb'<c r="([A-Z]+)(\d+)"([^>]*?)(?:/>|>.*?</c>)', re.S)


def _xml_value(value: Any) -> tuple[bytes, bytes]:
    """(type attribute, inner XML) of a cell holding ``value``."""
    from xml.sax.saxutils import escape

    if isinstance(value, bool):
        return b' t="b"', b"<v>%d</v>" % value
    if isinstance(value, (int, float)) and not (isinstance(value, int) and value.bit_length() > 1000):
        text = repr(float(value)) if isinstance(value, float) else str(value)
        return b"", b"<v>" + text.encode() + b"</v>"
    text = "" if value is None else str(value) if not isinstance(value, int) else "9" * 500
    text = re.sub("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]", "?", text)
    return b' t="inlineStr"', b"<is><t>" + escape(text).encode("utf-8") + b"</t></is>"


def _mutate_cells(rng: random.Random, data: bytes) -> bytes:
    parts = _parts(data)
    sheets = sorted((n for n in parts if n.startswith("xl/worksheets/")), key=lambda n: len(parts[n]))
    if rng.random() < 0.2:  # the Event sheet: event data and the TRF records kept
        sheet = next((n for n in sheets if b"EventName" in parts[n] or n.endswith("sheet1.xml")), sheets[0])
        xml = parts[sheet]
        targets = [m for m in _CELL.finditer(xml) if m.group(1) in (b"A", b"B") and int(m.group(2)) <= 40]
    else:
        sheet = sheets[-1]
        xml = parts[sheet]
        # the players table and rounds grid of a 10-player book: rows 6-15, columns B-AK
        targets = [m for m in _CELL.finditer(xml)
                   if 6 <= int(m.group(2)) <= 16 and len(m.group(1)) <= 2 and m.group(1) <= b"AK"]
    chosen = {m.start(): m for m in rng.sample(targets, min(len(targets), rng.randint(1, 4)))}
    out, last = [], 0
    for start in sorted(chosen):
        m = chosen[start]
        if rng.random() < 0.5:
            value = rng.choice([rng.randint(-2, 12), "x", "1", "½", "=", "H", "U", "F", "w", "b", "-", "W", 2400.5, "",
                                None, rng.randint(0, 4000), "23x5", "a\nb", "001    1 m", "XXR 100000000",
                                "012 " + "x" * 200, 45000.5, dt.datetime(2026, 2, 30 % 28)])
        else:
            value = odd_scalar(rng)
        attrs = re.sub(rb'\st="[^"]*"', b"", m.group(3))
        t, inner = _xml_value(value)
        out += [xml[last:m.start()], b'<c r="' + m.group(1) + m.group(2) + b'"' + attrs + t + b">" + inner + b"</c>"]
        last = m.end()
    parts[sheet] = b"".join(out) + xml[last:]
    return _zip(parts)


def _mutate_workbook_xml(rng: random.Random, data: bytes, kind: str) -> bytes:
    parts = _parts(data)
    xml = parts["xl/workbook.xml"].decode("utf-8")
    names = re.findall(r'<definedName name="([^"]+)"[^>]*>([^<]*)</definedName>', xml)
    if kind == "sheets":
        sheets = re.findall(r"<sheet [^>]*/>", xml)
        victim = rng.choice(sheets)
        if rng.random() < 0.5:
            xml = xml.replace(victim, "", 1)  # the sheet is gone (its part stays, unreferenced)
        else:
            xml = xml.replace(victim, re.sub(r'name="[^"]*"', 'name="Renamed"', victim), 1)
    else:
        for _ in range(rng.randint(1, 3)):
            name, ref = rng.choice(names)
            new_ref = rng.choice(["#REF!", "", "Nowhere!$A$1", ref.split("!")[0] + "!$A$1:$A$1048576",
                                  ref.split("!")[0] + "!$A:$A", ref.split("!")[0] + "!$1:$1", "1+1",
                                  re.sub(r"\$(\d+)$", lambda m: f"${max(1, int(m.group(1)) - rng.randint(1, 9))}", ref),
                                  re.sub(r"\$(\d+)$", lambda m: f"${int(m.group(1)) + rng.randint(1, 99999)}", ref),
                                  ref + "," + ref])
            if rng.random() < 0.2:
                xml = re.sub(rf'<definedName name="{re.escape(name)}"[^>]*>[^<]*</definedName>', "", xml, count=1)
            else:
                from xml.sax.saxutils import escape
                xml = re.sub(rf'(<definedName name="{re.escape(name)}"[^>]*>)[^<]*(</definedName>)',
                             lambda m: m.group(1) + escape(new_ref) + m.group(2), xml, count=1)
    parts["xl/workbook.xml"] = xml.encode("utf-8")
    return _zip(parts)


def _mutate_zip(rng: random.Random, data: bytes) -> bytes:
    how = rng.choice(["truncate", "flip", "drop", "garbage", "duplicate", "stored-lie"])
    if how == "truncate":
        return data[: rng.randrange(len(data))]
    if how == "flip":
        blob = bytearray(data)
        for _ in range(rng.randint(1, 20)):
            blob[rng.randrange(len(blob))] = rng.randrange(256)
        return bytes(blob)
    parts = _parts(data)
    name = rng.choice(sorted(parts))
    if how == "drop":
        del parts[name]
    elif how == "garbage":
        parts[name] = rng.choice([b"", b"<", b"not xml", bytes(rng.randrange(256) for _ in range(200)),
                                  b"<?xml version='1.0'?><a>" * 3])
    elif how == "duplicate":
        buffer = io.BytesIO(_zip(parts))
        with contextlib.suppress(Exception), zipfile.ZipFile(buffer, "a") as archive:
            import warnings

            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                archive.writestr(name, b"<x/>")
        return buffer.getvalue()
    else:  # a central directory that lies about a part's size
        blob = bytearray(_zip(parts))
        at = blob.rfind(b"PK\x01\x02")
        if at >= 0:
            blob[at + 24:at + 28] = (2**31).to_bytes(4, "little")
        return bytes(blob)
    return _zip(parts)


def _bomb(rng: random.Random, data: bytes) -> bytes:
    parts = _parts(data)
    sheet = max((n for n in parts if n.startswith("xl/worksheets/")), key=lambda n: len(parts[n]))
    how = rng.choice(["comment", "text", "doctype", "big-part", "many-parts", "attribute"])
    if how == "comment":
        parts[sheet] = parts[sheet].replace(b"<sheetData>", b"<!--" + b"x" * rng.choice([300_000, 5_000_000, 30_000_000])
                                            + b"--><sheetData>", 1)
    elif how == "text":
        parts[sheet] = parts[sheet].replace(b"<sheetData>", b"<sheetData>" + b" " * 3_000_000, 1)
    elif how == "attribute":
        parts[sheet] = parts[sheet].replace(b"<sheetData", b'<sheetData a="' + b"y" * 2_000_000 + b'"', 1)
    elif how == "doctype":
        parts["xl/workbook.xml"] = (b'<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;'
                                    b'&a;&a;&a;&a;&a;&a;&a;">]>' + parts["xl/workbook.xml"].split(b"?>", 1)[-1])
    elif how == "big-part":
        parts["xl/media/blob.bin"] = bytes(70 * 2**20)
    else:
        for i in range(2500):
            parts[f"xl/extra/{i}.xml"] = b"<a/>"
    return _zip(parts, level=9)


# --- hostile workbooks: small files made to hang export or eat memory -------------------------------

_HOSTILE: dict[tuple, bytes] = {}  # made once per (kind, size): the large ones take a second to make


def hostile_case(rng: random.Random, fixtures: Fixtures) -> tuple[str, bytes]:
    """A hostile Swiss book (``bench/hostile_books.py``): (what it is, the file's bytes). Most
    must be refused at once; a UTF-16 book without a document type and the sizes within the
    limits are read as any book."""
    import hostile_books

    kind = rng.choice(["sheets", "names", "deep", "lying", "utf16-doctype", "utf16"])
    size = {"sheets": [1, 255, 257, 5_000, 100_000], "names": [10, 4_900, 5_001, 100_000],
            "deep": [200, 254, 257, 100_000, 9_000_000], "lying": [2**20, 70 * 2**20, 600 * 2**20],
            "utf16-doctype": [1, 3, 6], "utf16": [0]}[kind]
    n = rng.choice(size)
    key = (kind, n)
    if key not in _HOSTILE:
        book = fixtures.book_bytes
        if kind == "sheets":
            _HOSTILE[key] = hostile_books.many_sheets(book, n)
        elif kind == "names":
            _HOSTILE[key] = hostile_books.many_names(book, n)
        elif kind == "deep":
            _HOSTILE[key] = hostile_books.deep_xml(book, n)
        elif kind == "lying":
            _HOSTILE[key] = hostile_books.lying_sizes(book, n)
        elif kind == "utf16-doctype":
            _HOSTILE[key] = hostile_books.utf16_doctype(book, n)
        else:
            parts = _parts(book)
            text = parts["xl/workbook.xml"].decode("utf-8").split("?>", 1)[-1]
            parts["xl/workbook.xml"] = ('<?xml version="1.0" encoding="UTF-16"?>' + text).encode("utf-16")
            _HOSTILE[key] = _zip(parts)
    return f"{kind} {n}", _HOSTILE[key]


# --- books saved again by other engines, and edited by hand ----------------------------------------

#: What a user types into a cell of a book: numbers, results, ratings with a space, formulas'
#: look-alikes, nothing.
TYPED = [2400, 1.5, -3, 0, 10 ** 15, "2400 ", "½", "=", "+", "x", "w", "b", "H", "", None, "1e400", "Šuković", "=A1",
         "#N/A", "a\tb"]
#: The names of the books' inputs (the contract's): where a user types (elo_xl.workbook.names.CONTRACT).
INPUT_NAMES = ("Names", "Ratings", "KFactors", "Rounds", "Results", "Titles", "Federations", "FideIds", "Births",
               "Sexes", "PairingSystem", "TiebreakList", "NormTitle", "EventName", "TrfRecords")
#: A sheet's new name: plain, with a space or a quote, another script, a name the book has already.
NEW_NAMES = ["Swiss 2", "Ŝvejco", "It's", "Round robin", "Event", "Tables", "X" * 31]


def _cut(text: str, rounds: int) -> str:
    """A TRF file's text as it stood after ``rounds`` rounds (points recomputed): a Swiss to pair."""
    from elo_xl.io.trf_read import parse_trf
    from elo_xl.io.trf_write import set_standings, write_trf

    event = parse_trf(text)
    for player in event.players:
        player.games = list(player.games[:rounds])
    set_standings(event)
    return write_trf(event, check=False)


def resaved_sources(fixtures: Fixtures) -> dict[str, bytes]:
    """The books the resaved cases start from, made once: a Swiss after 4 of its 7 rounds (the
    next round to pair), the 10-player Swiss with every round played, a 6-player round robin."""
    if not hasattr(fixtures, "resaved"):
        from elo_xl.cli import main
        from elo_xl.event.samples import SWISS_TRF_PATH

        trf = fixtures.folder / "open-4.trf"
        trf.write_text(_cut(Path(SWISS_TRF_PATH).read_text(encoding="utf-8"), 4), encoding="utf-8")
        books = {}
        for name, argv in (("swiss-4-of-7", ["swiss", "--from", str(trf)]),
                           ("round-robin-6", ["round-robin", "--from", str(fixtures.rr_trf)])):
            path = fixtures.folder / f"{name}.xlsx"
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                assert main(["workbook", *argv, "-o", str(path)]) == 0
            books[name] = path.read_bytes()
        books["swiss-10x9"] = fixtures.book_bytes
        fixtures.resaved = books  # type: ignore[attr-defined]
    return fixtures.resaved  # type: ignore[attr-defined]


def resaved_case(rng: random.Random, fixtures: Fixtures) -> tuple[str, bytes, bool]:
    """A generated book edited by hand (none to three edits: a cell typed, a name moved, a sheet
    renamed) and written again as another engine writes it: (what was done, the file's bytes,
    whether it is unedited: a book any face must read)."""
    import resaved_books

    source = rng.choice(sorted(resaved_sources(fixtures)))
    data = resaved_sources(fixtures)[source]
    done = [source]
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        names = resaved_books.names(data)
        edit = rng.choice(["type", "type", "move", "rename"])
        inputs = sorted(set(names) & set(INPUT_NAMES))
        name = rng.choice(inputs if inputs and rng.random() < 0.8 else sorted(names))
        block = re.fullmatch(r"'?((?:[^']|'')+?)'?!\$?([A-Z]+)\$?(\d+)(?::\$?([A-Z]+)\$?(\d+))?", names[name])
        if edit == "type" and block:
            sheet = block[1].replace("''", "'")
            row = int(block[3]) + rng.randrange(int(block[5] or block[3]) - int(block[3]) + 1)
            cell, value = f"{block[2]}{row}", rng.choice(TYPED)
            how = rng.choice(["inline", "shared", "str"])
            try:
                data = resaved_books.type_cell(data, sheet, cell, value, how)
            except KeyError:  # the name points to a sheet the book lacks
                continue
            done.append(f"{sheet}!{cell} typed {value!r} ({how})")
        elif edit == "move" or edit == "type":
            text = names[name]
            moved = rng.choice([
                "#REF!", "", "Nowhere!$A$1", re.sub(r"\$(\d+)", lambda m: f"${int(m[1]) + rng.choice([-2, -1, 1, 5])}",
                                                     text),
                re.sub(r"^'?((?:[^'!])+)'?!", "'Tables'!", text), text.split(":")[0], text + "," + text])
            data = resaved_books.move_name(data, name, moved)
            done.append(f"name {name} moved to {moved!r}")
        else:
            title = rng.choice(resaved_books.sheets(data))
            new = rng.choice(NEW_NAMES)
            data = resaved_books.rename_sheet(data, title, new)
            done.append(f"sheet {title} renamed {new!r}")
    ways = resaved_books.random_ways(rng)
    done.append("saved " + "+".join(way for way, on in ways.items() if on))
    return "; ".join(done), resaved_books.resave(data, **ways), len(done) == 2
