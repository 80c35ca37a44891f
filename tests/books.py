"""Helpers of the workbook tests: typing values into a generated book through its defined names."""

from __future__ import annotations

import atexit
import contextlib
import functools
import hashlib
import io
import os
import pickle
import re
import shutil
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
from openpyxl.utils.cell import range_boundaries
from openpyxl.utils.indexed_list import IndexedList

from elo_xl.cli import main
from elo_xl.workbook import build
from shared_formulas import quick_reading


#: A Swiss book's ``Rounds`` grid (three columns per round) read as the three n×r blocks of the
#: first layout: the name, and its column among each round's three.
ROUND_PARTS = {"Pairings": 0, "Colours": 1, "Results": 2}


def round_cell(book: openpyxl.Workbook, name: str, i: int, t: int) -> tuple[str, int, int]:
    """(sheet, row, column) of player ``i``'s round ``t`` (from 0) of ``Pairings``, ``Colours`` or
    ``Results`` in a Swiss book: in its ``Rounds`` grid, or in the block of a book of the first layout."""
    if name not in book.defined_names and "Rounds" in book.defined_names:
        (title, reference), = book.defined_names["Rounds"].destinations
        low_col, low_row, _, _ = range_boundaries(reference.replace("$", ""))
        return title, low_row + i, low_col + 3 * t + ROUND_PARTS[name]
    (title, reference), = book.defined_names[name].destinations
    low_col, low_row, _, _ = range_boundaries(reference.replace("$", ""))
    return title, low_row + i, low_col + t


def put(book: openpyxl.Workbook, name: str, value: Any) -> None:
    """Type ``value`` (a value, a column as a flat list, or a block as rows) into the named cells;
    in a Swiss book, ``Pairings``, ``Colours`` and ``Results`` are the fields of ``Rounds``."""
    if name not in book.defined_names and name in ROUND_PARTS and "Rounds" in book.defined_names:
        (title, reference), = book.defined_names["Rounds"].destinations
        low_col, low_row, high_col, high_row = range_boundaries(reference.replace("$", ""))
        assert (len(value), len(value[0])) == (high_row - low_row + 1, (high_col - low_col + 1) // 3), name
        for i, row in enumerate(value):
            for t, item in enumerate(row):
                sheet, r, c = round_cell(book, name, i, t)
                cell = book[sheet].cell(r, c)
                cell.value = item
                if isinstance(item, str):
                    cell.data_type = "s"
        return
    (title, reference), = book.defined_names[name].destinations
    low_col, low_row, high_col, high_row = range_boundaries(reference.replace("$", ""))
    rows = value if isinstance(value, list) else [[value]]
    rows = [row if isinstance(row, list) else [row] for row in rows]
    assert (len(rows), len(rows[0])) == (high_row - low_row + 1, high_col - low_col + 1), name
    sheet = book[title]
    for i, row in enumerate(rows):
        for j, item in enumerate(row):
            cell = sheet.cell(low_row + i, low_col + j)
            cell.value = item
            if isinstance(item, str):
                cell.data_type = "s"


#: The environment variable naming the folder where :func:`load_workbook` keeps the workbooks it
#: read, for every worker of the test run: ``conftest.PICKLES``, which ``conftest.py`` makes
#: before the workers start and removes after (conftest.py imports no helper: the test of the
#: office marker runs it alone).
PICKLES = "ELO_XL_TEST_PICKLES"
#: A workbook that took openpyxl at least this long to read (seconds) is kept pickled when it is
#: read a second time (a small book: 0.14 s to read, 0.03 s to unpickle).
KEEP_AFTER = 0.05


def load_workbook(source: Path | str | bytes | io.BytesIO, **options: Any) -> openpyxl.Workbook:
    """``openpyxl.load_workbook(source, **options)``: a workbook of its own each call, as
    openpyxl reads it (its shared formulas through :mod:`shared_formulas`, which gives each
    cell the text openpyxl's translator gives it, 3 times faster).

    A workbook read a second time in the run, if it took openpyxl :data:`KEEP_AFTER` or more,
    is then kept pickled in the run's folder (:data:`PICKLES`); a later load of the same bytes
    with the same options, by any worker, unpickles it: the same objects, 4 to 8 times faster,
    each sheet's merged ranges put back in the order openpyxl's reader gives them (a pickled set
    comes back in another order, and a workbook saves its ranges in its set's order), and its
    style lists finding what the reader's find (:func:`thawed`). A book read once, as most are,
    costs no pickle. ``tests/workbook/test_books_helper.py`` checks that a workbook so made
    saves the same parts as the one openpyxl reads. A read-only book keeps its archive open and
    is read by openpyxl each time.

    >>> book = load_workbook(built("player"))
    >>> book.sheetnames == load_workbook(io.BytesIO(built("player"))).sheetnames
    True
    """
    if options.get("read_only"):
        return openpyxl.load_workbook(source, **options)
    if isinstance(source, (str, Path)):
        data = Path(source).read_bytes()
    elif isinstance(source, bytes):
        data = source
    else:
        data = source.getvalue() if hasattr(source, "getvalue") else source.read()
    key = hashlib.sha256(data + repr(sorted(options.items())).encode()).hexdigest()
    folder = os.environ.get(PICKLES)
    kept = Path(folder) / f"{key}.pickle" if folder else None
    if kept is not None and kept.exists():
        return thawed(kept.read_bytes())
    start = time.perf_counter()
    with quick_reading():
        book = openpyxl.load_workbook(io.BytesIO(data), **options)
    if kept is not None and time.perf_counter() - start >= KEEP_AFTER:
        seen = kept.with_suffix(".seen")
        if not seen.exists():  # read once so far: most books are read once in a run
            seen.touch()
        else:
            pickled = frozen(book, data)
            if pickled is not None:
                partial = kept.with_name(f"{key}.{os.getpid()}.partial")
                partial.write_bytes(pickled)
                os.replace(partial, kept)  # a worker reads a whole pickle or none
    return book


def frozen(book: openpyxl.Workbook, data: bytes) -> bytes | None:
    """``book`` (openpyxl's reading of ``data``) pickled with each sheet's merged ranges in the
    order ``data`` lists them, which is the order openpyxl's reader adds them in (``None``
    when a sheet's ranges are not found listed as elo-xl and openpyxl write them), and with
    the entries of each of its indexed lists that a lookup finds (see :func:`thawed`)."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        listed = [re.findall(r'<mergeCell ref="([^"]+)"', archive.read(name).decode())
                  for name in archive.namelist() if name.startswith("xl/worksheets/sheet")]
    order: dict[str, list[str]] = {}
    for sheet in book.worksheets:
        refs = {str(r) for r in sheet.merged_cells.ranges}
        if refs:
            found = [in_file for in_file in listed if set(in_file) == refs]
            if not found:
                return None
            order[sheet.title] = found[0]
    found_at = {name: [i for i, value in enumerate(kept) if kept._dict.get(value) == i]
                for name, kept in vars(book).items() if isinstance(kept, IndexedList)}
    return pickle.dumps((book, order, found_at), pickle.HIGHEST_PROTOCOL)


def thawed(pickled: bytes) -> openpyxl.Workbook:
    """A new workbook from :func:`frozen`'s pickle, as openpyxl's reader makes it: its merged
    ranges in the reader's order, and each indexed list (``_cell_styles``, ``_fonts``…)
    finding what the read one finds. openpyxl's reader changes some cell styles after it has
    listed them, so their old places are lost to a lookup and ``cell.style_id`` lists them
    again at the end; a pickle would list them under their new values and find them.

    >>> import openpyxl
    >>> data = built("match")
    >>> book = thawed(frozen(openpyxl.load_workbook(io.BytesIO(data)), data))
    >>> fresh = openpyxl.load_workbook(io.BytesIO(data))
    >>> [c.style_id for c in book["Match"]["F"]] == [c.style_id for c in fresh["Match"]["F"]]
    True
    """
    from openpyxl.worksheet.cell_range import MultiCellRange

    book, order, found_at = pickle.loads(pickled)
    for title, refs in order.items():
        by_ref = {str(r): r for r in book[title].merged_cells.ranges}
        book[title].merged_cells = MultiCellRange([by_ref[ref] for ref in refs])
    for name, places in found_at.items():
        kept = getattr(book, name)
        kept._dict = {kept[i]: i for i in places}
    return book


def saved(book: openpyxl.Workbook) -> dict[str, bytes]:
    """The parts of the file openpyxl writes for ``book``, but the time of the save."""
    buffer = io.BytesIO()
    book.save(buffer)
    with zipfile.ZipFile(buffer) as archive:
        return {name: re.sub(rb"<dcterms:modified[^>]*>[^<]*</dcterms:modified>", b"", archive.read(name))
                for name in archive.namelist()}


#: Titles as older pairing programs type them (issue 15, item 1), with the title each means.
SHORT = {"g": "GM", "wm": "WIM", "M": "IM", " wg ": "WGM", "Wf": "WFM", "c": "CM"}
#: The norms a title holder is not checked for (rate --norms skips them; the sheet says so):
#: his own title's and the lower ones' (FIDE B.01: GM > IM > WGM > WIM).
HELD = {"GM": {"GM", "IM", "WGM", "WIM"}, "IM": {"IM", "WGM", "WIM"}, "WGM": {"WGM", "WIM"}, "WIM": {"WIM"}}
#: The Norms sheet's outputs, per player.
NORM_NAMES = ("NormGames", "NormAverage", "NormScore", "NormPerformance", "NormRequired", "NormNeeded", "NormStatus")


#: Four teams of two boards typed into a new team book, per round its rows (home, away, board,
#: home player, away player, result; team t's board b is player 4(t − 1) + b): a match won, a
#: match drawn by a board forfeited inside it, a forfeited match, a PAB, an H and a Z bye, a
#: match still waiting for a board's result, an absence to the end.
TYPED_TEAM_ROUNDS = [
    [(1, 2, 1, 1, 5, "1"), (1, 2, 2, 2, 6, "½"), (3, 4, 1, 9, 13, "0"), (3, 4, 2, 10, 14, "+")],
    [(1, 3, None, None, None, "-"), (2, None, None, None, None, "U"), (4, None, None, None, None, "H")],
    [(2, 4, 1, 5, 13, "½"), (2, 4, 2, 6, 14, None), (3, None, None, None, None, "Z")],
]


def typed_team_book() -> openpyxl.Workbook:
    """A new team book (4 teams, 2 boards, 3 rounds) with :data:`TYPED_TEAM_ROUNDS` typed in."""
    from elo_xl.workbook import names

    book = load_workbook(built("team", teams=4, boards=2, rounds=3))
    (title, reference), = book.defined_names[names.TEAM_ROUNDS].destinations
    low_col, low_row, high_col, high_row = range_boundaries(reference.replace("$", ""))
    grid: list[list[Any]] = [[None] * (high_col - low_col + 1) for _ in range(high_row - low_row + 1)]
    for t, lines in enumerate(TYPED_TEAM_ROUNDS):
        for j, line in enumerate(lines):
            grid[j][6 * t:6 * t + 6] = list(line)
    put(book, names.TEAM_ROUNDS, grid)
    return book


def title(typed: str) -> str:
    """The title a typed word means, by :data:`SHORT`."""
    return SHORT.get(typed, typed)


def held(typed: str, norm: str) -> bool:
    """Whether the holder of the typed title is not checked for ``norm``."""
    return norm in HELD.get(title(typed), set())


def blank(value: Any) -> Any:
    """A value read back, the empty text as ``None``."""
    return None if value == "" else value


def built(kind: str, lang: str = "en", **options: Any) -> bytes:
    """:func:`elo_xl.workbook.build` of a book, made once per test run when every option is
    hashable (the bytes are immutable; a test of the generator itself, such as its determinism,
    calls ``build``). A book with a prefill (a dict) is built afresh each call."""
    try:
        return _built(kind, lang, **options)
    except TypeError as error:
        if "unhashable" not in str(error):
            raise
        return build(kind, lang, **options)


@functools.lru_cache(maxsize=None)
def _built(kind: str, lang: str, **options: Any) -> bytes:
    return build(kind, lang, **options)


def opened(kind: str, lang: str = "en", **sizes: Any) -> openpyxl.Workbook:
    """An empty book of :func:`built`, opened by openpyxl (a fresh object each call)."""
    return load_workbook(built(kind, lang, **sizes))


@functools.lru_cache(maxsize=None)
def read_book(kind: str, lang: str = "en", **options: Any) -> openpyxl.Workbook:
    """An empty book of :func:`built`, opened by openpyxl once per test process and shared by
    every test that only reads it (its formulas, names, formats, styles, validations): a Swiss
    book takes about a second to open, and the workbook tests read each kind in each
    language. A test that types into a book, saves it or removes from it opens its own copy
    (:func:`opened`)."""
    return load_workbook(built(kind, lang, **options))


@functools.lru_cache(maxsize=None)
def read_formats(kind: str, lang: str = "en", **options: Any) -> openpyxl.Workbook:
    """An empty book of :func:`built` opened by openpyxl once per test process with
    ``data_only=True``, for a test that reads no formula: a formula cell reads as the value the
    file stores for it (none: a book is written without computed values), every other cell as
    :func:`read_book` reads it, with the same styles, number formats, merged ranges and sheet
    settings. Without the formulas to parse and shift down their columns, openpyxl opens a
    Swiss book four times faster."""
    return load_workbook(built(kind, lang, **options), data_only=True)


@functools.lru_cache(maxsize=None)
def read_names(kind: str, lang: str = "en", **options: Any) -> openpyxl.Workbook:
    """A book of :func:`built` opened by :func:`names_only` once per test process, for a test that
    reads only what lies outside the cells, in every kind and language."""
    return names_only(built(kind, lang, **options))


def names_only(data: bytes) -> openpyxl.Workbook:
    """A book opened by openpyxl without the cells of its sheets (each ``<sheetData>`` emptied
    first), for a test that reads only what lies outside them: the defined names of every scope
    with their comments and flags, the tables, the sheets' titles. Parsing the cells (the
    formulas above all) is nearly all the time openpyxl takes to open a book."""
    with zipfile.ZipFile(io.BytesIO(data)) as source:
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as target:
            for info in source.infolist():
                part = source.read(info)
                if info.filename.startswith("xl/worksheets/") and info.filename.endswith(".xml"):
                    part = re.sub(rb"<sheetData>.*?</sheetData>", b"<sheetData/>", part, count=1, flags=re.S)
                target.writestr(info.filename, part)
    return openpyxl.load_workbook(io.BytesIO(out.getvalue()))


#: What :func:`once` keeps per command: the exit code, the output file's bytes, what was
#: printed, and the paths the command was run with (replaced by the caller's when replayed).
_RUNS: dict[tuple, tuple[int, bytes | None, str, str, str, str]] = {}
_SCRATCH: list[Path] = []


def once(argv: list[str], out: Path, given: Path | None = None) -> int:
    """``main(argv)`` for a command that writes the file ``out`` (``-o out`` in ``argv``), run once
    per test process: a later call with the same arguments (and, for ``given``, an input file
    made in the test's own folder, the same bytes in it) writes the same bytes to ``out``, prints
    the same lines on stdout and stderr (naming the caller's paths) and returns the same code.
    Only the suffix of a path counts, not its name.

    For the big real files that several tests turn into a book and back (a 284-player book
    takes seconds to make and to export): the commands are deterministic and write the same
    bytes whatever the output's name, so each test still gets exactly what ``main`` gives it.
    A test that varies what the command sees between runs (a clock, the environment, a
    failing disk) calls ``main``.
    """
    out_key, given_key = str(out), str(given) if given is not None else None
    key = (tuple("<out>" if a == out_key else "<given>" if a == given_key else a for a in argv), out.suffix,
           None if given is None else (given.suffix, hashlib.sha256(given.read_bytes()).hexdigest()))
    if key not in _RUNS:
        if not _SCRATCH:
            _SCRATCH.append(Path(tempfile.mkdtemp(prefix="elo-xl-once-")))
            atexit.register(shutil.rmtree, _SCRATCH[0], True)
        folder = Path(tempfile.mkdtemp(dir=_SCRATCH[0]))
        scratch_out = folder / "out" / out.name
        scratch_out.parent.mkdir()
        scratch_given = folder / "given" / given.name if given is not None else None
        if scratch_given is not None:
            scratch_given.parent.mkdir()
            shutil.copyfile(given, scratch_given)
        swap = {out_key: str(scratch_out), given_key: str(scratch_given)}
        stdout, stderr = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            code = main([swap.get(a, a) for a in argv])
        data = scratch_out.read_bytes() if scratch_out.is_file() else None
        _RUNS[key] = (code, data, stdout.getvalue(), stderr.getvalue(), str(scratch_out), str(scratch_given))
        shutil.rmtree(folder)
    code, data, printed, warned, scratch_out, scratch_given = _RUNS[key]
    if data is not None:
        out.write_bytes(data)

    def named(text: str) -> str:
        text = text.replace(scratch_out, out_key)
        return text.replace(scratch_given, given_key) if given_key is not None else text

    sys.stdout.write(named(printed))
    sys.stderr.write(named(warned))
    return code
