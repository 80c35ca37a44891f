"""Helpers of the workbook tests: typing values into a generated book through its defined names."""

from __future__ import annotations

import functools
import io
from typing import Any

import openpyxl
from openpyxl.utils.cell import range_boundaries

from elo_xl.workbook import build


def put(book: openpyxl.Workbook, name: str, value: Any) -> None:
    """Type ``value`` (a value, a column as a flat list, or a block as rows) into the named cells."""
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


#: Titles as older pairing programs type them (issue 15, item 1), with the title each means.
SHORT = {"g": "GM", "wm": "WIM", "M": "IM", " wg ": "WGM", "Wf": "WFM", "c": "CM"}
#: The norms a title holder is not checked for (rate --norms skips them; the sheet says so):
#: his own title's and the lower ones' (FIDE B.01: GM > IM > WGM > WIM).
HELD = {"GM": {"GM", "IM", "WGM", "WIM"}, "IM": {"IM", "WGM", "WIM"}, "WGM": {"WGM", "WIM"}, "WIM": {"WIM"}}
#: The Norms sheet's outputs, per player.
NORM_NAMES = ("NormGames", "NormAverage", "NormScore", "NormPerformance", "NormRequired", "NormNeeded", "NormStatus")


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
    return openpyxl.load_workbook(io.BytesIO(built(kind, lang, **sizes)))
