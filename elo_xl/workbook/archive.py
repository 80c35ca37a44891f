"""Byte-level finishing of the ``.xlsx`` files openpyxl writes.

An ``.xlsx`` file is a zip archive of XML parts. openpyxl writes formulas without results
and stamps the time of saving into the archive; this module rewrites the archive without
touching anything else:

- :func:`deterministic` replaces every timestamp by a fixed one, so that building the same
  workbook twice gives byte-identical files;
- :func:`inject_values` stores computed results (for instance LibreOffice's, read with
  :func:`elo_xl.recalc.read_values`) as the formula cells' cached values, so that
  programs that read cached values instead of calculating (previewers, pandas, openpyxl's
  ``data_only=True``) see numbers instead of blanks;
- :func:`set_cells` types cells into a book as a user would, and :func:`without_values` drops
  every formula cell's stored value, so that a book typed into holds no value of its inputs
  before;
- :func:`write_atomically` (from :mod:`elo_xl.io.atomic`) writes the result to disk without ever
  leaving a partial file.

What openpyxl 3.1 varies between two saves of the same workbook: only
``dcterms:created``/``dcterms:modified`` in ``docProps/core.xml`` and the zip entries' dates
(the worksheets' entries also take the mode of the temporary file they were written to,
the others a fixed 0600). ``docProps/app.xml`` and every other part are the same.

>>> import io, openpyxl
>>> book = openpyxl.Workbook()
>>> book.active["A1"], book.active["B1"] = 21, "=A1*2"
>>> buffer = io.BytesIO(); book.save(buffer)
>>> fixed = deterministic(inject_values(buffer.getvalue(), {"Sheet": {"B1": 42}}))
>>> openpyxl.load_workbook(io.BytesIO(fixed), data_only=True).active["B1"].value
42
>>> zipfile.ZipFile(io.BytesIO(fixed)).getinfo("xl/worksheets/sheet1.xml").date_time
(1980, 1, 1, 0, 0, 0)
"""

from __future__ import annotations

import datetime
import math
import numbers
import os
import re
import stat
import zipfile
import zlib
from collections.abc import Callable, Iterable, Mapping
from io import BytesIO
from xml.etree import ElementTree

from ..io.atomic import FILE_MODE, write_atomically  # noqa: F401  (shared with the CLI and lite)
from ..errors import EloError
from ..io import xml_tags
from ..io.xlsx import NOT_XML, cell_name, escape, parse_cell, sheet_parts, workbook_part

#: The date of every zip entry: the earliest a zip file can hold.
ZIP_DATE_TIME = (1980, 1, 1, 0, 0, 0)
#: What ``dcterms:created`` and ``dcterms:modified`` say in ``docProps/core.xml``.
FIXED_TIMESTAMP = "2026-01-01T00:00:00Z"
#: The deflate level of every entry: 4 writes a big book's sheets in about half the time of
#: zlib's default (6) for a file a few per cent larger.
DEFLATE_LEVEL = 4
#: Unix mode of every entry after :func:`deterministic` (a regular file, rw-r--r--).
ENTRY_MODE = stat.S_IFREG | 0o644
#: The error values a cell can hold in Office Open XML (``t="e"``).
ERROR_VALUES = frozenset(
    ["#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#GETTING_DATA"]
)

#: LibreOffice's own error codes as LibreOffice itself writes them into an ``.xlsx`` file
#: (measured with LibreOffice 7: ``=SQRT(-1)`` shows ``Err:502`` and is saved ``#VALUE!``, a
#: circular reference ``Err:522`` ``#VALUE!``, ``=IRR`` that does not converge ``Err:523``
#: ``#N/A``); the other ``Err:nnn`` as LibreOffice's default, ``#N/A``.
LIBREOFFICE_ERRORS = {"Err:502": "#VALUE!", "Err:504": "#VALUE!", "Err:508": "#VALUE!", "Err:509": "#VALUE!",
                      "Err:510": "#VALUE!", "Err:511": "#VALUE!", "Err:522": "#VALUE!", "Err:523": "#N/A"}
_LIBREOFFICE_ERROR = re.compile(r"Err:\d{3}\Z")


def excel_error(value: object) -> str | None:
    """The Excel error code a computed value stands for, or None when it is no error: one of
    :data:`ERROR_VALUES` as it is, LibreOffice's ``Err:nnn`` as LibreOffice saves it.

    >>> excel_error("#REF!"), excel_error("Err:502"), excel_error("Err:523"), excel_error("Err:599")
    ('#REF!', '#VALUE!', '#N/A', '#N/A')
    >>> excel_error("Err: 502 is my nickname"), excel_error(2.5)
    (None, None)
    """
    if not isinstance(value, str):
        return None
    if value in ERROR_VALUES:
        return value
    if _LIBREOFFICE_ERROR.match(value):
        return LIBREOFFICE_ERRORS.get(value, "#N/A")
    return None


_W3CDTF = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\Z")
_CORE_DATES = re.compile(rb"(<((?:\w+:)?)(created|modified)\b[^>]*>)[^<]*(</\2\3>)")
#: A formula cell ({P}: the prefix the part binds SpreadsheetML to): its attributes, its <f> (text
#: or a shared formula's reference) and its cached value (<v>, or an inline string), with or
#: without whitespace between them, up to its end tag.
_FORMULA_CELL = (rb"<{P}c(\s{A})?>\s*(<{P}f(?=[\s/>]){A}/>|<{P}f(?=[\s/>]){A}>[^<]*</{P}f\s*>)\s*"
                 rb"(?:<{P}v(?=[\s/>]){A}/>|<{P}v(?=[\s/>]){A}>[^<]*</{P}v\s*>|<{P}is(?=[\s/>]){A}>.*?</{P}is\s*>)?"
                 rb"\s*(?=</{P}c\s*>)")
_ANY_FORMULA = rb"<{P}f[\s/>]"
_REFERENCE = re.compile(rb"""(?:^|\s)r\s*=\s*["']([^"']*)["']""")  # a cell's name holds no quote
_TYPE = re.compile(rb"""\st\s*=\s*(?:"[^"]*"|'[^']*')""")


def _space(xml: bytes, part: str) -> bytes:
    """The prefix *part* binds SpreadsheetML to (:func:`elo_xl.io.xml_tags.prefix`); a part in
    no namespace elo-xl reads is an :class:`~elo_xl.errors.EloError` that names it."""
    try:
        return xml_tags.prefix(xml)
    except ValueError as error:
        raise EloError(f"{part}: {error}; save the book again in Excel or LibreOffice") from None


def _reference(attributes: bytes) -> bytes | None:
    """The ``r`` attribute's value in a cell's attributes, whichever the quotes."""
    found = _REFERENCE.search(attributes)
    return None if found is None else found[1]


def deterministic(xlsx: bytes, timestamp: str = FIXED_TIMESTAMP) -> bytes:
    """The same archive with fixed dates: building one workbook twice gives equal bytes.

    Every zip entry gets the date 1980-01-01 00:00:00 and the mode ``rw-r--r--`` of a Unix
    regular file (openpyxl's vary with the clock and with the temporary files it writes
    the worksheets to); ``docProps/core.xml`` says *timestamp* (W3CDTF, UTC) for the
    creation and modification times. Entry order, contents and compression (deflate) stay.

    >>> import io, openpyxl
    >>> buffer = io.BytesIO(); openpyxl.Workbook().save(buffer)
    >>> fixed = deterministic(buffer.getvalue())
    >>> deterministic(fixed) == fixed
    True
    >>> zipfile.ZipFile(io.BytesIO(fixed)).read("docProps/core.xml").count(b">2026-01-01T00:00:00Z<")
    2
    """
    if not _W3CDTF.match(timestamp):
        raise ValueError(f"timestamp {timestamp!r} is not of the form 2026-01-01T00:00:00Z")
    stamp = timestamp.encode("ascii")

    def fix(info: zipfile.ZipInfo, data: bytes) -> tuple[zipfile.ZipInfo, bytes]:
        if info.filename == "docProps/core.xml":
            data = _CORE_DATES.sub(lambda m: m[1] + stamp + m[4], data)
        fixed = zipfile.ZipInfo(info.filename, ZIP_DATE_TIME)
        fixed.create_system = 3  # Unix, whatever the platform: the mode bits below are Unix's
        fixed.external_attr = ENTRY_MODE << 16
        return fixed, data

    return _rewrite(xlsx, fix)


class _FixedZip(zipfile.ZipFile):
    """A zip archive whose every entry gets the fixed date and mode of :func:`deterministic`."""

    def writestr(self, zinfo_or_arcname, data, compress_type=None, compresslevel=None):  # type: ignore[override]
        if not isinstance(zinfo_or_arcname, zipfile.ZipInfo):
            info = zipfile.ZipInfo(zinfo_or_arcname, ZIP_DATE_TIME)
            info.create_system = 3
            info.external_attr = ENTRY_MODE << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zinfo_or_arcname = info
        super().writestr(zinfo_or_arcname, data, compress_type, DEFLATE_LEVEL if compresslevel is None else compresslevel)

    def write(self, filename, arcname=None, compress_type=None, compresslevel=None):  # type: ignore[override]
        with open(filename, "rb") as file:
            self.writestr(arcname or os.path.basename(filename), file.read())


def save_deterministic(workbook: object, timestamp: str = FIXED_TIMESTAMP) -> bytes:
    """Save an openpyxl workbook straight to deterministic bytes (one pass, no re-compression).

    The same bytes as ``deterministic(<the workbook saved by openpyxl>)``: fixed entry dates
    and modes, and *timestamp* as the creation and modification times.

    >>> import openpyxl
    >>> data = save_deterministic(openpyxl.Workbook())
    >>> deterministic(data) == data
    True
    """
    from .sheet_writer import BookWriter  # openpyxl's writer: loaded by what writes a book, not by what types into one

    moment = datetime.datetime.strptime(timestamp, "%Y-%m-%dT%H:%M:%SZ")
    workbook.properties.created = workbook.properties.modified = moment  # type: ignore[attr-defined]
    buffer = BytesIO()
    with _FixedZip(buffer, "w", zipfile.ZIP_DEFLATED, allowZip64=True) as archive:
        BookWriter(workbook, archive).write_data()
    return buffer.getvalue()


def inject_values(xlsx: bytes, values: Mapping[str, Mapping[str, object]]) -> bytes:
    """Store *values* (sheet title → {"B7": value}) as the cached results of formula cells.

    Every formula cell of every worksheet gets a cached value, and nothing else changes:
    other cells, other parts and the zip entries' dates and modes stay byte for byte.
    Values of cells that hold no formula are ignored, so the output of
    :func:`elo_xl.recalc.read_values` can be passed as it is. A value is written as

    - a number (``int``, ``float``, dates as Excel serial numbers): ``<v>`` with the
      shortest text that reads back as the same double, no type attribute;
    - ``True``/``False``: ``t="b"`` with 1/0;
    - one of :data:`ERROR_VALUES` such as ``"#DIV/0!"``: ``t="e"``; LibreOffice's own
      ``Err:502`` as the Excel error LibreOffice saves it as (:func:`excel_error`), never as text;
    - any other text: ``t="str"`` with the text escaped;
    - no value given (or ``None``, or ``""``): ``t="str"`` and an empty ``<v></v>``. That is
      how Excel and LibreOffice both store a formula whose result is the empty text (such as
      ``=IF(A1="","",1)``); openpyxl reads it back as ``None``, python-calamine as ``""``.

    The sheets are matched to their XML parts through ``xl/workbook.xml`` and its
    relationships. The scan is one regular-expression pass per worksheet, linear in its size.

    >>> import io, openpyxl
    >>> book = openpyxl.Workbook()
    >>> sheet = book.active
    >>> sheet["A1"], sheet["B1"], sheet["B2"], sheet["B3"] = 2, "=A1/3", "=1/0", '=""'
    >>> buffer = io.BytesIO(); book.save(buffer)
    >>> done = inject_values(buffer.getvalue(), {"Sheet": {"A1": 2, "B1": 2 / 3, "B2": "#DIV/0!"}})
    >>> xml = zipfile.ZipFile(io.BytesIO(done)).read("xl/worksheets/sheet1.xml").decode()
    >>> for cell in re.findall(r'<c r="B.*?</c>', xml):
    ...     print(cell)
    <c r="B1"><f>A1/3</f><v>0.6666666666666666</v></c>
    <c r="B2" t="e"><f>1/0</f><v>#DIV/0!</v></c>
    <c r="B3" t="str"><f>""</f><v></v></c>
    """
    return Injection(xlsx).fill(values)


class Injection:
    """A workbook scanned for its formula cells, ready to take their values: what
    :func:`inject_values` does in two steps, so that the scan can run while LibreOffice
    computes (:func:`elo_xl.workbook.with_values`).

    >>> import io, openpyxl
    >>> book = openpyxl.Workbook()
    >>> book.active["A1"] = "=1+1"
    >>> buffer = io.BytesIO(); book.save(buffer)
    >>> ready = Injection(buffer.getvalue())
    >>> ready.formulas, openpyxl.load_workbook(io.BytesIO(ready.fill({"Sheet": {"A1": 2}})), data_only=True).active["A1"].value
    (1, 2)
    """

    def __init__(self, xlsx: bytes):
        self.entries: list[tuple[zipfile.ZipInfo, bytes | None]] = []
        #: per worksheet part: its text between formula cells, and each cell's attributes (no
        #: type), formula and reference
        self.sheets: dict[str, tuple[list[bytes], list[tuple[bytes, bytes, str]]]] = {}
        #: per worksheet part: the prefix its elements carry (``b""``, or ``b"x:"`` where the part
        #: binds SpreadsheetML to ``x``)
        self.prefixes: dict[str, bytes] = {}
        try:
            with zipfile.ZipFile(BytesIO(xlsx)) as archive:
                self.parts = sheet_parts(archive)
                sheets = set(self.parts.values())
                for info in archive.infolist():
                    data = archive.read(info)
                    if info.filename in sheets:
                        chunks, cells, self.prefixes[info.filename] = _scan_sheet(data, info.filename)
                        self.sheets[info.filename] = (chunks, cells)
                        self.entries.append((info, None))
                    else:
                        self.entries.append((info, data))
                self.comment = archive.comment
        except _DAMAGED as error:
            raise EloError(f"not a readable .xlsx workbook ({_damage(error)})") from None

    @property
    def formulas(self) -> int:
        """How many formula cells the worksheets hold."""
        return sum(len(cells) for _, cells in self.sheets.values())

    def fill(self, values: Mapping[str, Mapping[str, object]]) -> bytes:
        """The workbook with *values* (sheet title → {"B7": value}) as its formula cells'
        cached results (see :func:`inject_values`)."""
        unknown = sorted(set(values) - set(self.parts))
        if unknown:
            raise ValueError(f"the workbook has no sheet named {unknown[0]!r}")
        by_part = {part: values.get(title, {}) for title, part in self.parts.items()}
        return _archive(((_copy_info(info), data if data is not None else
                          _fill_sheet(*self.sheets[info.filename], by_part.get(info.filename, {}),
                                      self.prefixes[info.filename]))
                         for info, data in self.entries), self.comment)


#: What reading a damaged archive raises (zipfile's many kinds, a part missing, XML that does not
#: parse, text that is not UTF-8).
_DAMAGED = (zipfile.BadZipFile, zlib.error, EOFError, KeyError, NotImplementedError, RuntimeError,
            ElementTree.ParseError, UnicodeDecodeError)


def _damage(error: BaseException) -> str:
    """What is wrong with a damaged archive, in a few words.

    >>> _damage(KeyError("There is no item named 'xl/workbook.xml' in the archive"))
    "There is no item named 'xl/workbook.xml' in the archive"
    """
    text = str(error.args[0]) if isinstance(error, KeyError) and error.args else str(error)
    return " ".join(text.split())[:120] or type(error).__name__


def set_cells(xlsx: bytes, sheet: str, values: Mapping[str, object]) -> bytes:
    """Type *values* ({"J7": 12, "Q7": "w"}) into cells of the worksheet *sheet* that hold no
    formula, as a user would: every other cell, every other part and the zip entries' dates
    and modes stay byte for byte. A number is written as a number, a text as an inline string
    (``t="inlineStr"``), ``None`` empties the cell; a cell keeps its style. A cell that holds a
    formula is refused (``ValueError``): typing over a formula is not this function's job.

    The workbook's calculation is marked to run when the file is next opened
    (``fullCalcOnLoad``), so that Excel shows the figures of the typed cells, and every formula
    cell of every worksheet loses its stored value (:func:`without_values`): a program that
    calculates computes it afresh, one that does not (a mail preview, a phone) shows it empty,
    never the value of the inputs before the typing.

    >>> import io, openpyxl
    >>> book = openpyxl.Workbook()
    >>> book.active["A1"], book.active["B2"] = 5, "=A1*2"
    >>> buffer = io.BytesIO(); book.save(buffer)
    >>> typed = set_cells(buffer.getvalue(), "Sheet", {"A1": 7, "C2": "w", "A3": 1.5})
    >>> sheet = openpyxl.load_workbook(io.BytesIO(typed)).active
    >>> sheet["A1"].value, sheet["B2"].value, sheet["C2"].value, sheet["A3"].value
    (7, '=A1*2', 'w', 1.5)
    >>> stored = inject_values(buffer.getvalue(), {"Sheet": {"B2": 10}})
    >>> typed = set_cells(stored, "Sheet", {"A1": 7})
    >>> openpyxl.load_workbook(io.BytesIO(typed), data_only=True).active["B2"].value is None
    True
    """
    cells: dict[int, dict[int, object]] = {}
    for reference, value in values.items():
        row, column = parse_cell(reference)
        cells.setdefault(row, {})[column] = value
    with zipfile.ZipFile(BytesIO(xlsx)) as archive:
        parts = sheet_parts(archive)
        if sheet not in parts:
            raise ValueError(f"the workbook has no sheet named {sheet!r}")
        part = parts[sheet]
        book_part = workbook_part(archive)

    sheets = set(parts.values())

    def change(info: zipfile.ZipInfo, data: bytes) -> tuple[zipfile.ZipInfo, bytes]:
        if info.filename == part:
            data = _type_cells(data, part, cells)
        if info.filename in sheets:
            data = without_values(data, info.filename)
        elif info.filename == book_part:
            data = calculate_on_load(data, book_part)
        return _copy_info(info), data

    return _rewrite(xlsx, change)


# The parts of a worksheet set_cells reads, {P} its prefix: a row and its cells (each empty, or
# with its content), the end of the cells, the workbook's calculation settings.
_ROW = rb"<{P}row(?=[\s/>])({A})(/>|>(.*?)</{P}row\s*>)"
_CELL = rb"<{P}c(?=[\s/>])({A})(/>|>(.*?)</{P}c\s*>)"
_SHEET_DATA = rb"<{P}sheetData(?=[\s/>]){A}/>|</{P}sheetData\s*>"
_CALC_PR = rb"<{P}calcPr(?=[\s/>])({A})(/?)>"
_END_OF_BOOK = rb"</{P}workbook\s*>"


def _typed_cell(reference: str, style: bytes | None, value: object, space: bytes = b"") -> bytes:
    """The XML of a cell typed with *value* (``None``: an empty cell that keeps its style), its
    elements with the prefix *space*."""
    attributes = b' r="' + reference.encode("ascii") + b'"' + (b' s="' + style + b'"' if style else b"")
    if value is None or value == "":
        return b"<" + space + b"c" + attributes + b"/>"
    if isinstance(value, str):
        bad = NOT_XML.search(value)
        if bad:
            raise ValueError(f"{value!r}: character {bad[0]!r} cannot be stored in a cell")
        keep = b' xml:space="preserve"' if value != value.strip() else b""
        return (b"<" + space + b"c" + attributes + b' t="inlineStr"><' + space + b"is><" + space + b"t" + keep + b">"
                + escape(value).encode("utf-8") + b"</" + space + b"t></" + space + b"is></" + space + b"c>")
    kind, text = cell_text(value)
    if kind is not None:
        raise TypeError(f"{value!r} is not a number or a text to type in a cell")
    return b"<" + space + b"c" + attributes + b"><" + space + b"v>" + text + b"</" + space + b"v></" + space + b"c>"


def _type_cells(xml: bytes, part: str, cells: Mapping[int, Mapping[int, object]]) -> bytes:
    """A worksheet's XML with *cells* (row → column → value) typed in, rows and cells that do
    not exist yet inserted in order."""
    space = _space(xml, part)
    out, last, done = [], 0, set()
    below = _Below(cells)
    for row in xml_tags.pattern(_ROW, space, re.DOTALL).finditer(xml):
        number = xml_tags.attribute(row[1], b"r")
        if number is None or not number.isdigit():
            raise ValueError(f"{part}: a row without its number; save the book again in Excel or LibreOffice")
        r = int(number)
        pending = [(rr, cells[rr]) for rr in below.pending(r, done)]
        if pending:
            out.append(xml[last:row.start()])
            out.extend(_new_row(rr, row_cells, space) for rr, row_cells in pending)
            done.update(rr for rr, _ in pending)
            last = row.start()
        if r in cells:
            out.append(xml[last:row.start()])
            out.append(_typed_row(row, r, part, cells[r], space))
            done.add(r)
            last = row.end()
    rest = [(rr, cells[rr]) for rr in sorted(cells) if rr not in done]
    if rest:
        end = xml_tags.pattern(_SHEET_DATA, space).search(xml, last)
        if end is None:
            raise ValueError(f"{part}: no sheetData; this is not a worksheet elo-xl can type into")
        out.append(xml[last:end.start()])
        new_rows = b"".join(_new_row(rr, row_cells, space) for rr, row_cells in rest)
        if end[0].endswith(b"/>"):
            out.append(b"<" + space + b"sheetData>" + new_rows + b"</" + space + b"sheetData>")
        else:
            out.append(new_rows + end[0])
        last = end.end()
    out.append(xml[last:])
    return b"".join(out)


class _Below:
    """The keys (rows, or columns of a row) to type in ascending order, handed out as the XML
    goes past them: :meth:`pending` is ``[k for k in sorted(keys) if k < limit and k not in
    done]`` without sorting the keys for every row and cell of a sheet (which took most of the
    time of typing a round into a 500-player book). Every key handed out, or below a limit
    asked for, is done by the caller before the next call."""

    def __init__(self, keys: Iterable[int]):
        self.order, self.at = sorted(keys), 0

    def pending(self, limit: int, done: set[int]) -> list[int]:
        """The keys below ``limit`` not ``done``, in ascending order."""
        order, at, found = self.order, self.at, []
        while at < len(order) and order[at] < limit:
            if order[at] not in done:
                found.append(order[at])
            at += 1
        self.at = at
        return found


def _new_row(r: int, row_cells: Mapping[int, object], space: bytes = b"") -> bytes:
    return (b"<" + space + b'row r="' + str(r).encode("ascii") + b'">'
            + b"".join(_typed_cell(cell_name(c, r), None, v, space) for c, v in sorted(row_cells.items()))
            + b"</" + space + b"row>")


def _typed_row(row: re.Match, r: int, part: str, row_cells: Mapping[int, object], space: bytes = b"") -> bytes:
    """One ``<row>`` with its cells typed in."""
    body = row[3] or b""
    pieces, last, done = [], 0, set()
    below = _Below(row_cells)
    for cell in xml_tags.pattern(_CELL, space, re.DOTALL).finditer(body):
        reference = _reference(cell[1])
        if reference is None:
            raise ValueError(f"{part}: a cell without its reference in row {r}; save the book again in Excel or LibreOffice")
        try:
            _, c = parse_cell(reference.decode("ascii"))
        except (ValueError, UnicodeDecodeError):
            raise ValueError(f"{part}: a cell named {reference.decode('utf-8', 'replace')!r}") from None
        before = below.pending(c, done)
        if before:
            pieces.append(body[last:cell.start()])
            pieces.extend(_typed_cell(cell_name(cc, r), None, row_cells[cc], space) for cc in before)
            done.update(before)
            last = cell.start()
        if c in row_cells:
            if xml_tags.pattern(_ANY_FORMULA, space).search(cell[3] or b""):
                raise ValueError(f"{cell_name(c, r)} holds a formula; elo-xl does not type over a formula")
            style = xml_tags.attribute(cell[1], b"s")
            pieces.append(body[last:cell.start()])
            pieces.append(_typed_cell(cell_name(c, r), style if style and style.isdigit() else None, row_cells[c],
                                      space))
            done.add(c)
            last = cell.end()
            if len(done) == len(row_cells):
                break  # every cell typed: the rest of the row stays as it is (a Swiss row has hundreds)
    pieces.append(body[last:])
    tail = b"".join(_typed_cell(cell_name(cc, r), None, row_cells[cc], space)
                    for cc in sorted(row_cells) if cc not in done)
    return b"<" + space + b"row" + row[1] + b">" + b"".join(pieces) + tail + b"</" + space + b"row>"


#: A formula cell's stored value as :data:`_FORMULA_CELL` finds it: group 3 is the value (or None).
_STORED = (rb"<{P}c(\s{A})?>(\s*(?:<{P}f(?=[\s/>]){A}/>|<{P}f(?=[\s/>]){A}>[^<]*</{P}f\s*>)\s*)"
           rb"(<{P}v(?=[\s/>]){A}/>|<{P}v(?=[\s/>]){A}>[^<]*</{P}v\s*>|<{P}is(?=[\s/>]){A}>.*?</{P}is\s*>)?"
           rb"(?=\s*</{P}c\s*>)")


#: What every stored value of :data:`_STORED` has: a formula's end (``</f>``, or ``/>`` of an
#: empty ``<f/>``) then a value's start; a part without it has no value to drop (found in a
#: tenth of the time of matching every cell).
_VALUE_AFTER_FORMULA = rb"(?:</{P}f\s*>|/>)\s*<{P}(?:v|is)(?=[\s/>])"
_EMPTY_VALUE = re.compile(rb"<(?:[\w.-]+:)?v\s*(?:/>|>\s*</(?:[\w.-]+:)?v\s*>)")


def without_values(xml: bytes, part: str = "xl/worksheets/sheet1.xml") -> bytes:
    """A worksheet's XML with no stored value in any formula cell: each keeps its attributes
    (but its value's type), its formula and what lies around them; a part without stored values
    (an untyped empty ``<v></v>``, as openpyxl writes, stores none) comes back byte for byte.

    >>> without_values(b'<worksheet><sheetData><row r="1"><c r="A1" t="str" s="2"><f>B1</f><v>x</v></c>'
    ...                b'<c r="B1" t="s"><v>0</v></c></row></sheetData></worksheet>')
    b'<worksheet><sheetData><row r="1"><c r="A1" s="2"><f>B1</f></c><c r="B1" t="s"><v>0</v></c></row></sheetData></worksheet>'
    >>> without_values(b'<worksheet><c r="A1"><f>B1</f><v></v></c><c r="A2" t="str"><f>B1</f><v></v></c></worksheet>')
    b'<worksheet><c r="A1"><f>B1</f><v></v></c><c r="A2"><f>B1</f></c></worksheet>'
    """
    space = _space(xml, part)
    if not xml_tags.pattern(_VALUE_AFTER_FORMULA, space).search(xml):
        return xml  # no formula cell stores a value (a book as elo-xl writes it): nothing to drop

    def drop(match: re.Match) -> bytes:
        attributes = match[1] or b""
        typed = b"t" in attributes and _TYPE.search(attributes)
        if match[3] is None or (not typed and _EMPTY_VALUE.fullmatch(match[3])):
            return match[0]  # nothing stored (openpyxl writes an untyped <v></v>: no value)
        if typed:
            attributes = _TYPE.sub(b"", attributes)
        return b"<" + space + b"c" + attributes + b">" + match[2]

    return xml_tags.pattern(_STORED, space, re.DOTALL).sub(drop, xml)


def calculate_on_load(xml: bytes, part: str = "xl/workbook.xml") -> bytes:
    """``xl/workbook.xml`` with ``fullCalcOnLoad="1"`` on its ``calcPr`` (added if missing)."""
    space = _space(xml, part)
    match = xml_tags.pattern(_CALC_PR, space).search(xml)
    if match is None:
        end = None
        for end in xml_tags.pattern(_END_OF_BOOK, space).finditer(xml):
            pass
        if end is None:
            return xml
        return xml[:end.start()] + b"<" + space + b'calcPr fullCalcOnLoad="1"/>' + xml[end.start():]
    attributes = xml_tags.without(match[1], b"fullCalcOnLoad").rstrip() + b' fullCalcOnLoad="1"'
    return xml[:match.start()] + b"<" + space + b"calcPr" + attributes + match[2] + b">" + xml[match.end():]


def cell_text(value: object) -> tuple[bytes | None, bytes]:
    """The type attribute (or ``None``) and the ``<v>`` text that store *value* in a cell.

    >>> cell_text(2.0), cell_text(0.1), cell_text(1e300), cell_text(-0.0), cell_text(7)
    ((None, b'2'), (None, b'0.1'), (None, b'1e+300'), (None, b'0'), (None, b'7'))
    >>> cell_text(True), cell_text("#N/A"), cell_text("a<b & c"), cell_text(None)
    ((b'b', b'1'), (b'e', b'#N/A'), (b'str', b'a&lt;b &amp; c'), (b'str', b''))
    >>> cell_text("Err:502")
    (b'e', b'#VALUE!')
    >>> cell_text(datetime.date(2026, 1, 1))
    (None, b'46023')
    """
    if value is None:
        return b"str", b""
    if isinstance(value, bool):
        return b"b", b"1" if value else b"0"
    if isinstance(value, (datetime.date, datetime.time, datetime.timedelta)):
        from openpyxl.utils.datetime import to_excel

        value = to_excel(value)
    if isinstance(value, numbers.Real):
        number = float(value)
        if isinstance(value, numbers.Integral) and abs(value) < 2**53:
            return None, str(int(value)).encode("ascii")
        if not math.isfinite(number):
            raise ValueError(f"{value!r} cannot be stored in a cell")
        if number.is_integer() and abs(number) < 2**53:
            return None, str(int(number)).encode("ascii")
        return None, repr(number).encode("ascii")
    if isinstance(value, str):
        error = excel_error(value)
        if error is not None:
            return b"e", error.encode("ascii")
        bad = NOT_XML.search(value)
        if bad:
            raise ValueError(f"{value!r}: character {bad[0]!r} cannot be stored in a cell")
        return b"str", escape(value).replace("\r", "&#13;").encode("utf-8")
    raise TypeError(f"{value!r} ({type(value).__name__}) is not a cell value")


def _scan_sheet(xml: bytes, part: str) -> tuple[list[bytes], list[tuple[bytes, bytes, str]], bytes]:
    """A worksheet's text between its formula cells, each formula cell's attributes (without a
    type), formula and reference, and the prefix of its elements: one regular-expression pass.
    A formula cell written in a way the pass does not match is an :class:`EloError` naming it."""
    space = _space(xml, part)
    chunks: list[bytes] = []
    cells: list[tuple[bytes, bytes, str]] = []
    last = 0
    for match in xml_tags.pattern(_FORMULA_CELL, space, re.DOTALL).finditer(xml):
        attributes = match[1] or b""
        reference = _reference(attributes)
        if reference is None:
            raise EloError(f"{part}: a formula cell without its reference: "
                           f"{match[0][:80].decode('utf-8', 'replace')!r}; save the book again in Excel or LibreOffice")
        name = reference.decode("utf-8", "replace")
        if b"t" in attributes:
            attributes = _TYPE.sub(b"", attributes)
        chunks.append(xml[last:match.start()])
        cells.append((attributes, match[2], name))
        last = match.end()
    chunks.append(xml[last:])
    every = xml_tags.pattern(_ANY_FORMULA, space).findall(xml)
    if len(cells) != len(every):
        raise EloError(f"{part}: a formula cell is written in a way elo-xl does not read ({len(every) - len(cells)} "
                       f"of {len(every)} formulas); save the book again in Excel or LibreOffice")
    return chunks, cells, space


def _fill_sheet(chunks: list[bytes], cells: list[tuple[bytes, bytes, str]], values: Mapping[str, object],
                space: bytes = b"") -> bytes:
    """A scanned worksheet with each formula cell's cached value taken from *values* (its
    elements written with the prefix *space*, as the part's others)."""
    texts: dict[tuple[type, object], tuple[bytes, bytes]] = {}  # a book's values repeat
    start, value_start, value_end = b"<" + space + b"c", b"<" + space + b"v>", b"</" + space + b"v>"
    out = []
    for chunk, (attributes, formula, reference) in zip(chunks, cells):
        value = values.get(reference)
        key = (value.__class__, value)
        try:
            tail = texts[key]
        except (KeyError, TypeError):  # new, or not hashable (then stored as it is, or refused)
            kind, text = cell_text(value)
            tail = (b' t="' + kind + b'">' if kind is not None else b">"), value_start + text + value_end
            try:
                texts[key] = tail
            except TypeError:
                pass
        out.append(chunk)
        out.append(start + attributes + tail[0] + formula + tail[1])
    out.append(chunks[-1])
    return b"".join(out)


def _rewrite(
    xlsx: bytes, change: Callable[[zipfile.ZipInfo, bytes], tuple[zipfile.ZipInfo, bytes]]
) -> bytes:
    """A new archive with ``change(info, data)`` applied to every entry, in the same order."""
    with zipfile.ZipFile(BytesIO(xlsx)) as source:
        return _archive((change(info, source.read(info)) for info in source.infolist()), source.comment)


def _archive(entries: Iterable[tuple[zipfile.ZipInfo, bytes]], comment: bytes) -> bytes:
    """A zip archive of ``entries`` (each deflated at :data:`DEFLATE_LEVEL`) and ``comment``."""
    output = BytesIO()
    with zipfile.ZipFile(output, "w", compression=zipfile.ZIP_DEFLATED) as target:
        for info, data in entries:
            info.compress_type = zipfile.ZIP_DEFLATED
            target.writestr(info, data, compresslevel=DEFLATE_LEVEL)
        target.comment = comment
    return output.getvalue()


def _copy_info(info: zipfile.ZipInfo) -> zipfile.ZipInfo:
    """A fresh entry header with the name, date, origin and mode of *info*."""
    copy = zipfile.ZipInfo(info.filename, info.date_time)
    copy.create_system = info.create_system
    copy.external_attr = info.external_attr
    copy.comment = info.comment
    return copy
