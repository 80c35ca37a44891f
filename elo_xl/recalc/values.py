"""Reading a recalculated workbook's values: every cell, or defined names.

A spreadsheet engine (:mod:`.libreoffice`, :mod:`.gnumeric`) saves its results as the
cells' cached values; these functions read them back with python-calamine (several times
faster) or openpyxl, error values included:

>>> import io, openpyxl, tempfile
>>> book = openpyxl.Workbook()
>>> book.active["A1"] = 21
>>> with tempfile.TemporaryDirectory() as folder:
...     book.save(Path(folder) / "book.xlsx")
...     read_values(Path(folder) / "book.xlsx")
{'Sheet': {'A1': 21}}
"""

from __future__ import annotations

import functools
import os
import re
import warnings
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..io import xml_tags
from ..io.xlsx import cell_name, parse_cell, sheet_parts

Values = dict[str, dict[str, object]]

#: A cell typed as an error (python-calamine reads these as empty text), {P} the prefix the part
#: binds SpreadsheetML to, and its value: either quote, whitespace anywhere a part may hold it.
_ERROR_CELL = rb"""<{P}c\s((?:[^>]*?\s)?t\s*=\s*["']e["'][^>]*?)(?<!/)>(.*?)</{P}c\s*>"""
_VALUE = rb"<{P}v(?=[\s>]){A}>([^<]*)</{P}v\s*>"


def read_values(path: str | os.PathLike[str], *, reader: str | None = None) -> Values:
    """Every cell's value in a workbook: sheet title → {"A1": value}, empty cells left out.

    Numbers come as ``int`` when whole and ``float`` otherwise, whichever the reader, text
    as ``str``, ``True``/``False`` as ``bool``,
    error values as their text (``"#VALUE!"``, ``"#DIV/0!"``, ``"Err:502"``...). A formula
    whose result is the empty text counts as an empty cell. For a file openpyxl wrote the
    values are the cached results (none, unless recalculated or
    :func:`~elo_xl.workbook.archive.inject_values` stored some).

    *reader* is ``"calamine"`` (python-calamine: several times faster; the default when it
    is installed) or ``"openpyxl"``. python-calamine reads error cells as empty text, so
    error cells are read from the sheets' XML on top of it.

    >>> import io, openpyxl, tempfile
    >>> book = openpyxl.Workbook()
    >>> book.active.append([1, "x", None, 2.5])
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     book.save(Path(folder) / "book.xlsx")
    ...     read_values(Path(folder) / "book.xlsx", reader="openpyxl")
    {'Sheet': {'A1': 1, 'B1': 'x', 'D1': 2.5}}
    """
    if reader is None:
        reader = "calamine" if _has_calamine() else "openpyxl"
    if reader == "calamine":
        return _read_with_calamine(Path(path))
    if reader == "openpyxl":
        return _read_with_openpyxl(Path(path))
    raise ValueError(f"reader {reader!r} is neither 'calamine' nor 'openpyxl'")


def read_named(path: str | os.PathLike[str], names: Iterable[str]) -> dict[str, object]:
    """The values of defined names: one cell → its value, a range → a list of rows.

    Empty cells are ``None``. A name may be workbook-wide or, written ``Sheet!Name``,
    local to a sheet. A name that is a constant (``=0.5``) gives the number or text;
    a name that is a formula, an error or several areas raises :class:`KeyError`.

    >>> import openpyxl, tempfile
    >>> from openpyxl.workbook.defined_name import DefinedName
    >>> book = openpyxl.Workbook()
    >>> book.active.append([1, 2]); book.active.append([3, None])
    >>> book.defined_names["Grid"] = DefinedName("Grid", attr_text="Sheet!$A$1:$B$2")
    >>> book.defined_names["Corner"] = DefinedName("Corner", attr_text="Sheet!$A$1")
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     book.save(Path(folder) / "book.xlsx")
    ...     read_named(Path(folder) / "book.xlsx", ["Grid", "Corner"])
    {'Grid': [[1, 2], [3, None]], 'Corner': 1}
    """
    from openpyxl.utils.cell import range_boundaries

    path = Path(path)
    names = list(names)
    book = _open(path, data_only=False)
    try:
        wanted = {name: _defined_name(book, name) for name in names}
    finally:
        book.close()
    values = read_values(path)
    result: dict[str, object] = {}
    for name, definition in wanted.items():
        destinations = list(definition.destinations)
        if not destinations:
            result[name] = _constant(name, definition.attr_text)
            continue
        if len(destinations) != 1:
            raise KeyError(f"the name {name} refers to {len(destinations)} areas")
        title, reference = destinations[0]
        sheet = values.get(title, {})
        low_column, low_row, high_column, high_row = range_boundaries(reference.replace("$", ""))
        if low_column is None or low_row is None or high_column is None or high_row is None:
            raise KeyError(f"the name {name} refers to whole rows or columns: {reference}")
        rows = [
            [sheet.get(cell_name(column, row)) for column in range(low_column, high_column + 1)]
            for row in range(low_row, high_row + 1)
        ]
        result[name] = rows[0][0] if len(rows) == 1 and len(rows[0]) == 1 else rows
    return result


def _defined_name(book: object, name: str) -> object:
    """The ``DefinedName`` called *name* (``Sheet!Name`` for a sheet-local one)."""
    title, _, local = name.rpartition("!")
    if title:
        title = title.strip("'").replace("''", "'")
        try:
            return book[title].defined_names[local]  # type: ignore[index]
        except KeyError:
            raise KeyError(f"no name {local} on sheet {title}") from None
    try:
        return book.defined_names[name]  # type: ignore[attr-defined]
    except KeyError:
        raise KeyError(f"no defined name {name}") from None


def _constant(name: str, text: str | None) -> object:
    """The value of a name defined as a constant (``0.5``, ``"text"``, ``TRUE``)."""
    text = (text or "").strip().removeprefix("=")
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return text[1:-1].replace('""', '"')
    if text.upper() in ("TRUE", "FALSE"):
        return text.upper() == "TRUE"
    try:
        number = float(text)
    except ValueError:
        raise KeyError(f"the name {name} is neither a range nor a constant: {text}") from None
    return int(number) if number.is_integer() and "." not in text and "e" not in text.lower() else number


def _open(path: Path, data_only: bool) -> Any:
    """The workbook read-only through openpyxl, without its warning about a file that has no
    default style (Gnumeric writes none)."""
    import openpyxl

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Workbook contains no default style", category=UserWarning)
        return openpyxl.load_workbook(path, data_only=data_only, read_only=True)


@functools.lru_cache(maxsize=None)
def _has_calamine() -> bool:
    try:
        import python_calamine  # noqa: F401
    except ImportError:
        return False
    return True


def _read_with_openpyxl(path: Path) -> Values:
    book = _open(path, data_only=True)
    try:
        result: Values = {}
        for sheet in book.worksheets:
            cells: dict[str, object] = {}
            for row in sheet.iter_rows():
                for cell in row:
                    value = getattr(cell, "value", None)
                    if value is not None and value != "":
                        cells[cell.coordinate] = whole_number(value)
            result[sheet.title] = cells
        return result
    finally:
        book.close()


def _read_with_calamine(path: Path) -> Values:
    import python_calamine
    from openpyxl.utils.cell import get_column_letter

    result: Values = {}
    book = python_calamine.CalamineWorkbook.from_path(str(path))
    try:
        for title in book.sheet_names:
            sheet = book.get_sheet_by_name(title)
            cells: dict[str, object] = {}
            # skip_empty_area=False: the rows start at row 1 and the lists at column A.
            rows = sheet.to_python(skip_empty_area=False)
            width = max(map(len, rows), default=0)
            letters = [get_column_letter(column) for column in range(1, width + 1)]
            for row_number, row in enumerate(rows, start=1):
                for letter, value in zip(letters, row):
                    if value != "" and value is not None:
                        cells[f"{letter}{row_number}"] = whole_number(value)
            result[title] = cells
    finally:
        book.close()
    with zipfile.ZipFile(path) as archive:
        for title, part in sheet_parts(archive).items():
            if title in result:
                result[title].update(_error_cells(archive.read(part)))
    return result


def whole_number(value: object) -> object:
    """A whole ``float`` as an ``int`` (the readers differ there); anything else as it is."""
    if type(value) is float and value.is_integer() and abs(value) < 2**53:
        return int(value)
    return value


def _error_cells(xml: bytes) -> dict[str, str]:
    """Coordinate → error text of the cells of a worksheet part typed ``t="e"``, as any engine
    writes them (a part it cannot read has none).

    >>> _error_cells(b"<x:worksheet xmlns:x='" + xml_tags.MAIN.encode() + b"'><x:sheetData><x:row r='1'>"
    ...              b"<x:c r='A1' t = 'e'>\\n <x:f>1/0</x:f>\\n <x:v>#DIV/0!</x:v>\\n</x:c></x:row></x:sheetData>")
    {'A1': '#DIV/0!'}
    """
    try:
        space = xml_tags.prefix(xml)
    except ValueError:
        return {}
    found = {}
    for match in xml_tags.pattern(_ERROR_CELL, space, re.DOTALL).finditer(xml):
        reference = xml_tags.attribute(match[1], b"r")
        value = xml_tags.pattern(_VALUE, space).search(match[2])
        if reference and value:
            try:
                parse_cell(reference.decode("ascii"))
            except (ValueError, UnicodeDecodeError):
                continue
            found[reference.decode("ascii")] = value[1].decode("utf-8", "replace")
    return found
