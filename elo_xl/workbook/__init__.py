"""The workbook generator: ready-made calculators and crosstables whose own native formulas
recalculate every rating, in Excel, LibreOffice and Google Sheets, with no add-in or macro.

>>> data = build("round-robin", players=4)
>>> data[:2]
b'PK'
>>> build("round-robin", players=2)
Traceback (most recent call last):
...
elo_xl.errors.EloError: --players: 2 is not possible for a round-robin book; give a whole number from 3 to 30
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from importlib import import_module
from pathlib import Path
from typing import Any, Iterator, NamedTuple

from ..errors import EloError


class Size(NamedTuple):
    """A size option of a kind of book: ``--players`` and the like, and what it counts."""

    option: str
    default: int
    low: int
    high: int
    unit: str


class Kind(NamedTuple):
    """A kind of book: its size options, what a command calls the book it wrote, and what else
    a book of the kind is made with (``elo-xl workbook`` takes an option only where it applies)."""

    sizes: tuple[Size, ...]
    label: str
    #: The module of this package that builds it (imported for its kind only).
    module: str
    #: Its ratings computed under a rule set chosen in the book (``--rules``).
    rated: bool = False
    #: Prefilled from an event, with the K that ``rate`` uses (``--from``, ``--k``, ``--k-file``, ``--year``).
    from_event: bool = False
    #: Made as a double round robin, its first cycle's last two rounds exchanged or not (``--double``, ``--reverse``).
    double: bool = False
    #: Prefilled from a team file (``--from``: the teams, rosters and board games).
    team_file: bool = False


#: The kinds of book, one record each (every list of kinds, sizes, labels and options derives from it).
KINDS: dict[str, Kind] = {
    "player": Kind((Size("games", 40, 1, 200, "game row"),), "player calculator", "player", rated=True),
    "round-robin": Kind((Size("players", 10, 3, 30, "player"),), "round-robin book", "round_robin", rated=True,
                        from_event=True, double=True),
    "swiss": Kind((Size("players", 60, 2, 1000, "player"), Size("rounds", 9, 1, 15, "round")), "Swiss book", "swiss",
                  rated=True, from_event=True),
    "match": Kind((Size("games", 24, 1, 1000, "game"),), "match book", "match", rated=True),
    "team": Kind((Size("teams", 10, 2, 100, "team"), Size("boards", 4, 1, 10, "board"),
                  Size("rounds", 9, 1, 15, "round")), "team book", "team_book", team_file=True),
    "reference": Kind((), "reference book", "reference"),
    "functions": Kind((), "functions book", "functions_sheet"),
}
#: What each kind is called in the line a command prints about the book it wrote.
LABELS = {name: kind.label for name, kind in KINDS.items()}


def size_help(option: str) -> str:
    """The help of a size option, from :data:`KINDS`.

    >>> size_help("players")
    'players: round-robin 3-30 (default 10), swiss 2-1000 (default 60)'
    >>> size_help("games"), size_help("rounds")
    ('player: game rows 1-200 (default 40); match: games 1-1000 (default 24)', 'rounds: swiss 1-15 (default 9), team 1-15 (default 9)')
    >>> size_help("teams")
    'team teams 2-100 (default 10)'
    """
    found = [(kind, size) for kind, record in KINDS.items() for size in record.sizes if size.option == option]
    if len(found) == 1:
        kind, size = found[0]
        return f"{kind} {size.unit}s {size.low}-{size.high} (default {size.default})"
    if len({size.unit for _, size in found}) > 1:
        return "; ".join(f"{kind}: {size.unit}s {size.low}-{size.high} (default {size.default})" for kind, size in found)
    return f"{option}: " + ", ".join(f"{kind} {size.low}-{size.high} (default {size.default})" for kind, size in found)


def sizes(kind: str, **given: int | None) -> dict[str, int]:
    """The size options of a kind with defaults filled in and ranges checked.

    >>> sizes("swiss", players=None, rounds=11)
    {'players': 60, 'rounds': 11}
    """
    if kind not in KINDS:
        raise EloError.at("KIND", None, kind, f"is not a kind of workbook; use {', '.join(KINDS)}")
    chosen = {}
    for option, default, low, high, _ in KINDS[kind].sizes:
        value = given.get(option)
        value = default if value is None else value
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise EloError.at(f"--{option}", None, value,
                              f"is not possible for a {kind} book; give a whole number from {low} to {high}")
        chosen[option] = value
    return chosen


def build(kind: str, lang: str = "en", *, players: int | None = None, rounds: int | None = None,
          games: int | None = None, teams: int | None = None, boards: int | None = None, rules: str = "FIDE", scale: int | float | None = None, default_k: Any = None,
          event: dict[str, Any] | None = None, prefill: dict[str, Any] | None = None,
          rule_sets: tuple[Any, ...] | None = None, double: bool = False, reverse: bool = False) -> bytes:
    """The .xlsx bytes of a book of ``kind`` in ``lang`` (deterministic: same call, same bytes).

    ``prefill`` fills the input cells (see each template's ``build``); ``event`` the Event
    sheet (``name``, ``place``, ``start``, ``end``, ``arbiter``); ``scale`` the LOGISTIC
    scale (blank: the default); ``rule_sets`` the rule sets the book offers (default: all of
    :data:`elo_xl.rules.RULE_SETS`). ``double`` (round-robin only): a double round robin,
    ``reverse`` its first cycle's last two rounds exchanged (C.05 Annex 1).
    """
    if (double or reverse) and kind != "round-robin":
        raise EloError(f"--double and --reverse go with a round-robin book, not a {kind} book")
    if reverse and not double:
        raise EloError("--reverse exchanges rounds of a double round robin's first cycle: give --double too")
    from ..rules import RULE_SETS, LogisticRules
    from .book import Book
    from .lambdas import add_to_workbook

    size = sizes(kind, players=players, rounds=rounds, games=games, teams=teams, boards=boards)
    with _without_cycle_collection():
        book = Book(lang, RULE_SETS if rule_sets is None else tuple(rule_sets))
        scale = LogisticRules.SCALE_DEFAULT if scale is None else scale
        # the template's module only: a Swiss book needs none of the others' imports
        template = import_module(f".{KINDS[kind].module}", __name__)
        if kind in ("reference", "functions"):
            template.build(book)
        elif kind == "team":
            book.event_sheet(rules=rules, scale=scale, default_k=default_k, event=event, tiebreaks=True)
            template.build(book, **size, prefill=prefill)
        else:
            book.event_sheet(rules=rules, scale=scale, default_k=default_k, event=event,
                             tiebreaks=kind in ("swiss", "round-robin"))
            extra = {"double": double, "reverse": reverse} if kind == "round-robin" else {}
            template.build(book, **size, prefill=prefill, **extra)
        book.tables_sheet(switches=kind not in ("reference", "functions"))
        add_to_workbook(book.wb)  # the functions as LAMBDA names, and their hidden table sheet
        data = book.to_bytes()
        # the cells freed now, while the collector is off: once it is back it would walk them
        # all once more (a sheet and its cells refer to each other, so only it would free them)
        for ws in book.wb.worksheets:
            ws._cells.clear()
        return data


@contextmanager
def _without_cycle_collection() -> Iterator[None]:
    """Python's cycle collector paused while a book is built: a big book makes about a million
    objects that all live until it is written, and the collector would walk them again and
    again (a sixth of the time of a 1000-player Swiss) to find nothing to free."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def with_values(xlsx: bytes, office: Any = None) -> bytes:
    """The same book carrying every formula's value as LibreOffice computes it.

    Mail previews, phones and readers that do not calculate then show numbers. Only the
    cached values are added: the file is otherwise byte for byte the one generated (a file
    re-saved by LibreOffice would lose features such as frozen panes). ``office`` is a
    running :class:`elo_xl.recalc.LibreOffice` to reuse; by default one is started.
    """
    return recalculated(xlsx, office).data


class Recalculated(NamedTuple):
    """A book with its values stored (:attr:`data`), and the cells whose value is an error:
    (sheet, cell, Excel's error code) in the book's order, sheet by sheet, row by row."""

    data: bytes
    errors: list[tuple[str, str, str]]


def recalculated(xlsx: bytes, office: Any = None) -> Recalculated:
    """What :func:`with_values` computes, with the error cells found: an error is stored as an
    error (``t="e"``, Excel's code; LibreOffice's ``Err:502`` as ``#VALUE!``), never as text."""
    from concurrent.futures import ThreadPoolExecutor

    from ..io.scratch import scratch
    from ..io.xlsx import parse_cell
    from ..recalc import LibreOffice, available
    from .archive import Injection, excel_error

    if office is None and not available():
        raise EloError("--values needs LibreOffice to compute the values: install libreoffice-calc-nogui "
                       "and python3-uno, or leave out --values")
    # the copy LibreOffice opens, in a folder named for this process: removed however the work
    # ends, and by the next run when this one is killed (elo_xl.io.scratch)
    with scratch("book") as folder, ThreadPoolExecutor(1) as pool:
        source = Path(folder, "book.xlsx")
        source.write_bytes(xlsx)
        scanned = pool.submit(Injection, xlsx)  # the book's formula cells found while LibreOffice computes
        try:
            if office is None:
                with LibreOffice() as started:
                    values = started.values(source)
            else:
                values = office.values(source)
        except RuntimeError as problem:  # LibreOffice could not open the book, crashed or took too long
            scanned.result()  # what elo-xl cannot read is said first, in its words
            raise EloError(_libreoffice_failed(problem, source)) from None
        injection = scanned.result()
        unknown = sorted(set(values) - set(injection.parts))
        if unknown:
            raise EloError(f"LibreOffice reads a sheet {unknown[0]!r} that the book's parts do not name (two sheets of "
                           "one name?); save the book again in Excel or LibreOffice")
        values = without_function_calls(injection, values)  # LibreOffice has no LAMBDA: not its errors
        errors = []
        for title in injection.parts:
            found = []
            for cell, value in values.get(title, {}).items():
                code = excel_error(value)
                if code is not None:
                    found.append((*parse_cell(cell), cell, code))
            errors.extend((title, cell, code) for _, _, cell, code in sorted(found))
        return Recalculated(injection.fill(values), errors)


def _libreoffice_failed(problem: RuntimeError, source: Path) -> str:
    """LibreOffice's failure on the copy *source* of a book, as one line about the book.

    >>> _libreoffice_failed(RuntimeError("LibreOffice failed on /tmp/x/book.xlsx: RuntimeError: LibreOffice "
    ...                                  "could not open /tmp/x/book.xlsx"), Path("/tmp/x/book.xlsx"))
    'LibreOffice could not recalculate the book (it could not open it); open it in a spreadsheet program and save it again'
    """
    text = str(problem)
    for path in {str(source), str(source.resolve())}:
        text = text.replace(path, "it")
    text = text.replace("LibreOffice failed on it: ", "").replace("RuntimeError: ", "")
    text = text.replace("LibreOffice could not open it", "it could not open it")
    return f"LibreOffice could not recalculate the book ({text}); open it in a spreadsheet program and save it again"


def without_function_calls(ready: Any, values: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """``values`` without the cells whose formula calls one of the LAMBDA functions: LibreOffice
    has no LAMBDA and computes #NAME? there; Excel computes them itself (shared formulas
    filled down from such a cell included)."""
    import re

    from .names import FUNCTIONS

    calls = re.compile(rb"\b(?:" + "|".join(FUNCTIONS).encode() + rb")\(")
    shared = re.compile(rb"""\ssi\s*=\s*["'](\d+)["']""")  # a shared formula's number, either quote
    kept = {}
    for title, cells in values.items():
        formulas = ready.sheets.get(ready.parts.get(title), ([], []))[1]
        calling = {shared.search(f)[1] for _, f, _ in formulas if calls.search(f) and shared.search(f)}
        left = {reference for _, f, reference in formulas
                if calls.search(f) or (shared.search(f) and shared.search(f)[1] in calling)}
        kept[title] = {reference: value for reference, value in cells.items() if reference not in left}
    return kept
