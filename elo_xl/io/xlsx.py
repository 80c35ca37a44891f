"""The ``.xlsx`` plumbing every reader and writer of elo-xl shares: the package's relationships
and where each sheet's part is, the characters XML cannot hold and XML escaping, and cell
names (``C5``, ``Swiss!M6``).

Used by the fast list reader (:mod:`elo_xl.period.sheet_reader`), the values read back after a
recalculation (:mod:`elo_xl.recalc.values`), the books' writer (:mod:`elo_xl.workbook`) and
their reader (:mod:`elo_xl.workbook.read`). The limits ``export`` reads within are
:mod:`elo_xl.io.xlsx_archive`.

>>> cell_name(3, 5), cell_name(28, 1, absolute=True), column_number("XFD"), parse_cell("$AB$1")
('C5', '$AB$1', 16384, (1, 28))
>>> reference("Swiss", 13, 6), reference("Vòng đấu", 1, 2)
('Swiss!M6', "'Vòng đấu'!A2")
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from xml.etree import ElementTree

__all__ = ["MAIN", "NOT_XML", "RELATIONSHIPS", "cell_name", "column_letter", "column_number", "escape",
           "parse_cell", "parts_by_type", "plain_cell", "reference", "relationships", "resolve", "sheet_parts", "workbook_part"]

#: The namespaces of SpreadsheetML and of the package's relationships.
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE_RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships"

#: The characters XML 1.0 cannot hold: control characters but tab and line ends, lone
#: surrogates, U+FFFE and U+FFFF (each writer of the house refuses them or writes U+FFFD).
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
#: The bytes XML text may hold (all but the control characters other than tab, LF and CR).
XML_BYTES = bytes(b for b in range(256) if b >= 0x20 or b in (9, 10, 13))


def escape(text: str) -> str:
    """``text`` as the content of an XML element: ``&``, ``<`` and ``>`` escaped.

    >>> escape("a<b & c")
    'a&lt;b &amp; c'
    """
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


# --- cell names ------------------------------------------------------------------------------


#: The date format of the books' date cells (an ISO date, read alike in every language).
DATE_FORMAT = "yyyy-mm-dd"
#: The last column of a sheet, XFD (as its last row is 1048576).
LAST_COLUMN = 16384


def _letters() -> list[str]:
    """Column letters of columns 1 to 16384 (A to XFD), index = column number."""
    one = [chr(65 + i) for i in range(26)]
    two = [a + b for a in one for b in one]
    three = [a + b for a in one for b in two]
    return [""] + (one + two + three)[:LAST_COLUMN]


_LETTERS = _letters()
_NUMBERS = {letters: n for n, letters in enumerate(_LETTERS) if letters}
#: A sheet name a formula may write without quotes (letters and digits, not starting with a digit).
_PLAIN_SHEET = re.compile(r"[^\W\d]\w*\Z")


def column_letter(column: int) -> str:
    """The letters of column ``column`` (from 1).

    >>> column_letter(1), column_letter(27), column_letter(16384)
    ('A', 'AA', 'XFD')
    """
    return _LETTERS[column]


def column_number(letters: str) -> int:
    """The number (from 1) of a column's letters; a KeyError for letters beyond XFD.

    >>> column_number("A"), column_number("AB")
    (1, 28)
    """
    return _NUMBERS[letters]


def cell_name(column: int, row: int, absolute: bool = False) -> str:
    """``(3, 5)`` → ``C5`` (or ``$C$5``)."""
    letters = _LETTERS[column]
    return f"${letters}${row}" if absolute else f"{letters}{row}"


#: A cell's name: column letters and row number, either made absolute with ``$``.
_CELL_NAME = re.compile(r"\$?([A-Z]{1,3})\$?([1-9][0-9]{0,6})")
#: The last row of a sheet (Excel's limit, as the last column is XFD).
_LAST_ROW = 1048576


def parse_cell(name: str) -> tuple[int, int]:
    """A cell's name as (row, column), both from 1: the reverse of :func:`cell_name` (which
    takes them the other way round). ``$`` marks are allowed; anything else, a range, a sheet
    name, lower-case letters or a cell beyond XFD1048576, is a ValueError.

    >>> parse_cell("B7"), parse_cell("$C$5"), parse_cell("XFD1048576")
    ((7, 2), (5, 3), (1048576, 16384))
    >>> parse_cell("B0")
    Traceback (most recent call last):
    ...
    ValueError: 'B0' is not a cell name such as B7
    """
    plain = plain_cell(name)
    if plain is not None:
        return plain
    match = _CELL_NAME.fullmatch(name)
    column = _NUMBERS.get(match[1]) if match is not None else None
    if column is None or int(match[2]) > _LAST_ROW:
        raise ValueError(f"{name!r} is not a cell name such as B7")
    return int(match[2]), column


def letters_of(name: str) -> str:
    """The letters before a cell name's row number: its column's, for a plain name such as
    ``D7`` (a reader passing by cells of columns it does not read compares only these).

    >>> letters_of("D7"), letters_of("XFD1048576"), letters_of("$D$7")
    ('D', 'XFD', '$D$')
    """
    return name.rstrip("0123456789")


def plain_cell(name: str) -> tuple[int, int] | None:
    """:func:`parse_cell` of the common case, a name without ``$`` such as ``B7``, read without
    a pattern (for a reader going through every cell of a sheet); None for any other text,
    which :func:`parse_cell` reads or refuses.

    >>> plain_cell("B7"), plain_cell("$B$7"), plain_cell("B0")
    ((7, 2), None, None)
    """
    letters = name.rstrip("0123456789")
    digits = name[len(letters):]
    column = _NUMBERS.get(letters)
    if column is not None and digits[:1] not in ("", "0") and len(digits) <= 7 and int(digits) <= _LAST_ROW:
        return int(digits), column
    return None


def reference(sheet: str, column: int, row: int) -> str:
    """A cell as Excel shows it in a formula and the messages name it: ``Swiss!M6``,
    ``'My sheet'!A1`` (quotes only where the sheet's name needs them).

    >>> reference("Швейцарка", 1, 2), reference("It's", 2, 3)
    ('Швейцарка!A2', "'It''s'!B3")
    """
    quoted = sheet if _PLAIN_SHEET.match(sheet) else "'" + sheet.replace("'", "''") + "'"
    return f"{quoted}!{_LETTERS[column]}{row}"


# --- the package's parts -----------------------------------------------------------------------


def local(tag: str) -> str:
    """An XML name without its ``{namespace}``."""
    return tag.rpartition("}")[2]


def relationships(archive: zipfile.ZipFile, part: str) -> list[ElementTree.Element]:
    """The ``<Relationship>`` elements of a ``.rels`` part (none if it is missing)."""
    try:
        root = ElementTree.fromstring(archive.read(part))
    except KeyError:
        return []
    return [element for element in root if local(element.tag) == "Relationship"]


def resolve(folder: str, target: str) -> str:
    """A relationship target as a part name: absolute (``/xl/…``) or relative to ``folder``.

    >>> resolve("xl", "worksheets/sheet1.xml"), resolve("xl", "/xl/styles.xml")
    ('xl/worksheets/sheet1.xml', 'xl/styles.xml')
    """
    if target.startswith("/"):
        return target[1:]
    return posixpath.normpath(posixpath.join(folder, target))


def workbook_part(archive: zipfile.ZipFile) -> str:
    """The workbook's part, as ``_rels/.rels`` names it (``xl/workbook.xml`` by default)."""
    workbook = "xl/workbook.xml"
    for relation in relationships(archive, "_rels/.rels"):
        if relation.get("Type", "").endswith("/officeDocument"):
            workbook = resolve("", relation.get("Target", workbook))
    return workbook


def parts_by_type(archive: zipfile.ZipFile, workbook: str | None = None) -> dict[str, dict[str, str]]:
    """The workbook's relationships by the last word of their type (``worksheet``, ``styles``,
    ``sharedStrings``…): type → {relationship id → part}. External targets are left out."""
    workbook = workbook or workbook_part(archive)
    folder, name = posixpath.split(workbook)
    found: dict[str, dict[str, str]] = {}
    for relation in relationships(archive, posixpath.join(folder, "_rels", name + ".rels")):
        if relation.get("TargetMode") == "External":
            continue
        kind = relation.get("Type", "").rsplit("/", 1)[-1]
        found.setdefault(kind, {})[relation.get("Id", "")] = resolve(folder, relation.get("Target", ""))
    return found


def sheet_parts(archive: zipfile.ZipFile) -> dict[str, str]:
    """Sheet title → name of its worksheet part (``xl/worksheets/sheet1.xml``), in tab order.

    Follows ``_rels/.rels`` to the workbook part, its ``<sheets>`` list and its relationships;
    chart sheets and dialog sheets are left out.

    >>> import io, openpyxl
    >>> book = openpyxl.Workbook(); book.create_sheet("R&D")
    <Worksheet "R&D">
    >>> buffer = io.BytesIO(); book.save(buffer)
    >>> sheet_parts(zipfile.ZipFile(buffer))
    {'Sheet': 'xl/worksheets/sheet1.xml', 'R&D': 'xl/worksheets/sheet2.xml'}
    """
    workbook = workbook_part(archive)
    targets = parts_by_type(archive, workbook).get("worksheet", {})
    parts = {}
    for element in ElementTree.fromstring(archive.read(workbook)).iter():
        if local(element.tag) == "sheet":
            identifier = next((v for k, v in element.attrib.items() if local(k) == "id"), None)
            if identifier in targets:
                parts[element.get("name", "")] = targets[identifier]
    return parts
