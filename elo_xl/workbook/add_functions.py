"""The functions added to a workbook the user already has, changing nothing else in it.

``elo-xl functions BOOK.xlsx`` writes the LAMBDA names of :mod:`elo_xl.workbook.lambdas` into
``BOOK``'s ``xl/workbook.xml`` and adds their hidden table sheet as a new part; the workbook's
relationships and ``[Content_Types].xml`` gain one line each, and every other part of the file
is copied byte for byte but for the worksheets' stored values: every formula cell loses its
stored value and the workbook is marked to calculate when opened (``fullCalcOnLoad``), so that
no program shows values computed before the names were there. A book that carries the
functions already (their names and their table sheet: every book elo-xl writes) is left as it
is, and said so; one that has one of the names (at any scope), or a sheet named like the table
sheet, is refused with the name. The functions' variables take a prefix
that none of the book's own names has (:func:`elo_xl.workbook.lambdas.prefix_for`); a name
that is one of their parameters (``rating_``) is refused, named.

>>> import io, openpyxl
>>> buffer = io.BytesIO(); openpyxl.Workbook().save(buffer)
>>> done = add_functions(buffer.getvalue(), "club.xlsx")
>>> sorted(openpyxl.load_workbook(io.BytesIO(done)).defined_names)[:2]
['ELO_AVERAGE', 'ELO_CATEGORY']
>>> add_functions(done, "club.xlsx")
Traceback (most recent call last):
...
elo_xl.errors.EloError: club.xlsx already carries the Elo functions (the names ELO_EXPECTED… and the hidden sheet EloFunctionTables); nothing to add: use the book as it is
"""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
from xml.etree import ElementTree

from ..errors import EloError
from ..io import xml_tags
from ..io.xlsx import (MAIN, PACKAGE_RELATIONSHIPS, RELATIONSHIPS, column_letter, escape, local, relationships,
                      sheet_parts, workbook_part)
from ..io.xlsx_archive import check_archive_bytes
from .archive import calculate_on_load, without_values
from .lambdas import FUNCTIONS, HELPERS, TABLE_SHEET, LambdaFunction, NameClash, prefix_for, table_columns

WORKSHEET_TYPE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet"
WORKSHEET_CONTENT = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
CONTENT_TYPES = "http://schemas.openxmlformats.org/package/2006/content-types"
_BAD = "the functions were not added"


def table_sheet_xml() -> bytes:
    """The hidden table sheet as a worksheet part: numbers, and text written inline (the book's
    shared strings stay as they are), protected."""
    columns = table_columns()
    height = max(len(values) for _, values in columns)
    rows = []
    for r in range(height):
        cells = []
        for c, (_, values) in enumerate(columns, 1):
            if r < len(values):
                ref = f"{column_letter(c)}{r + 1}"
                value = values[r]
                if isinstance(value, str):
                    cells.append(f'<c r="{ref}" t="inlineStr"><is><t>{escape(value)}</t></is></c>')
                else:
                    cells.append(f'<c r="{ref}"><v>{value}</v></c>')
        rows.append(f'<row r="{r + 1}">{"".join(cells)}</row>')
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="{MAIN}">'
            f'<sheetData>{"".join(rows)}</sheetData><sheetProtection sheet="1"/></worksheet>').encode("utf-8")


def add_functions(xlsx: bytes, name: str) -> bytes:
    """``xlsx`` with the functions and their hidden table sheet added (``name`` names the file in
    messages); every other part byte for byte."""
    check_archive_bytes(name, xlsx)
    with zipfile.ZipFile(io.BytesIO(xlsx)) as archive:
        workbook = workbook_part(archive)
        folder, base = posixpath.split(workbook)
        rels = posixpath.join(folder, "_rels", base + ".rels")
        try:
            book_xml = archive.read(workbook).decode("utf-8")
            types_xml = archive.read("[Content_Types].xml").decode("utf-8")
            rels_xml = archive.read(rels).decode("utf-8")
        except (KeyError, UnicodeDecodeError):
            raise EloError(f"{name}: the workbook's parts are not where an .xlsx file keeps them; {_BAD}") from None
        try:
            root = ElementTree.fromstring(book_xml)
        except ElementTree.ParseError:
            raise EloError(f"{name}: xl/workbook.xml is not well-formed XML; {_BAD}") from None
        _check_free(root, name)
        prefix = _prefix(root, archive, name)
        ids = {relation.get("Id") for relation in relationships(archive, rels)}
        identifier = next(f"rId{n}" for n in range(len(ids) + 1, len(ids) + 10**6) if f"rId{n}" not in ids)
        part = next(f"worksheets/sheet{n}.xml" for n in range(1, 10**6)
                    if posixpath.join(folder, f"worksheets/sheet{n}.xml") not in archive.namelist())
        rels_space = _space(rels_xml, PACKAGE_RELATIONSHIPS, name)
        types_space = _space(types_xml, CONTENT_TYPES, name)
        changed = {
            workbook: calculate_on_load(_with_names(book_xml, root, identifier, name, prefix).encode("utf-8"),
                                         workbook),
            rels: _insert(rels_xml, rels_space + "Relationships",
                          f'<{rels_space}Relationship Id="{identifier}" Type="{WORKSHEET_TYPE}" Target="{part}"/>',
                          name),
            "[Content_Types].xml": _insert(types_xml, types_space + "Types",
                                           f'<{types_space}Override PartName="/{posixpath.join(folder, part)}" '
                                           f'ContentType="{WORKSHEET_CONTENT}"/>', name),
        }
        sheets = set(sheet_parts(archive).values())
        output = io.BytesIO()
        with zipfile.ZipFile(output, "w", compression=zipfile.ZIP_DEFLATED) as target:
            for info in archive.infolist():
                data = changed.get(info.filename)
                if data is None:
                    data = archive.read(info)
                    if info.filename in sheets:
                        data = without_values(data, info.filename)
                target.writestr(info, data)
            target.writestr(zipfile.ZipInfo(posixpath.join(folder, part), date_time=(1980, 1, 1, 0, 0, 0)),
                            table_sheet_xml())
        target.comment = archive.comment
    return output.getvalue()


def added() -> str:
    """What ``elo-xl functions`` adds, counted from the functions' records.

    >>> added()
    '14 functions added as LAMBDA names, with 1 hidden helper name and the hidden sheet EloFunctionTables'
    """
    helpers = f"{len(HELPERS)} hidden helper name{'s' if len(HELPERS) != 1 else ''}"
    return f"{len(FUNCTIONS)} functions added as LAMBDA names, with {helpers} and the hidden sheet {TABLE_SHEET}"


def _check_free(root: ElementTree.Element, name: str) -> None:
    """Refuse a book holding one of the functions' names or a sheet named like their table sheet."""
    if local(root.tag) != "workbook" or not root.tag.startswith("{" + MAIN + "}"):
        raise EloError(f"{name}: xl/workbook.xml is not an Excel workbook of the usual kind (transitional "
                       f"Office Open XML); {_BAD}")
    ours = {f.name.upper() for f in FUNCTIONS + HELPERS}
    held = [element.get("name") or "" for element in root.iter()
            if local(element.tag) == "definedName" and (element.get("name") or "").upper() in ours]
    sheet = any(local(element.tag) == "sheet" and (element.get("name") or "").upper() == TABLE_SHEET.upper()
                for element in root.iter())
    if held and sheet:  # a book elo-xl wrote, or one this command ran on before
        raise EloError(f"{name} already carries the Elo functions (the names {held[0]}… and the hidden sheet "
                       f"{TABLE_SHEET}); nothing to add: use the book as it is")
    if held:
        raise EloError(f"{name} already has a name {held[0]}; {_BAD} (rename it, or use the book as it is)")
    if sheet:
        raise EloError(f"{name} already has a sheet {TABLE_SHEET}, though none of the functions' names; {_BAD} "
                       "(rename the sheet)")


def _prefix(root: ElementTree.Element, archive: zipfile.ZipFile, name: str) -> str:
    """The prefix of the functions' variables that none of the book's own names has (its
    defined names at any scope and its tables' names, which Excel keeps with them); a name that
    is a parameter of the functions is refused, named."""
    held = [element.get("name") or "" for element in root.iter() if local(element.tag) == "definedName"]
    for part in archive.namelist():
        if re.fullmatch(r"(?:.*/)?tables/[^/]+\.xml", part):
            try:
                table = ElementTree.fromstring(archive.read(part))
            except ElementTree.ParseError:
                continue
            held += [table.get("name") or "", table.get("displayName") or ""]
    try:
        return prefix_for(held)
    except NameClash as clash:
        raise EloError(f"{name} has {clash}; {_BAD} (rename it in the book, and the functions can be added)") from None


def _attributes(function: LambdaFunction) -> str:
    """A name's comment (what Excel shows as it is typed) and, for a helper, ``hidden``.

    >>> _attributes(LambdaFunction("F", (), (), "1", comment='a "b" & <c>')), _attributes(HELPERS[0])
    (' comment="a &quot;b&quot; &amp; &lt;c&gt;"', ' hidden="1"')
    """
    comment = f' comment="{escape(function.comment).replace(chr(34), "&quot;")}"' if function.comment else ""
    return comment + (' hidden="1"' if function.hidden else "")


def _space(text: str, namespace: str, name: str) -> str:
    """The prefix (``"x:"``, or ``""``) a part's root binds ``namespace`` to, which the elements
    added to it carry (:func:`elo_xl.io.xml_tags.prefix`)."""
    try:
        return xml_tags.prefix(text.encode("utf-8"), namespace).decode("utf-8")
    except ValueError as error:
        raise EloError(f"{name}: {error}; {_BAD}") from None


def _insert(text: str, before: str, line: str, name: str) -> bytes:
    """``line`` written before the last end tag ``</before>`` of ``text`` (spaces before its
    ``>`` allowed)."""
    ends = list(re.finditer("</" + re.escape(before) + r"\s*>", text))
    if not ends:
        raise EloError(f"{name}: a part of the workbook lacks </{before}>; {_BAD}")
    at = ends[-1].start()
    return (text[:at] + line + text[at:]).encode("utf-8")


def _with_names(text: str, root: ElementTree.Element, identifier: str, name: str, variables: str) -> str:
    """workbook.xml with the table sheet listed (hidden) and the names added to its
    ``<definedNames>`` (created after ``<sheets>``, or after ``<externalReferences>``, as the
    schema orders them), their variables prefixed ``variables``; the elements added carry the prefix the
    part's others carry."""
    x = _space(text, MAIN, name)
    start = re.search(r"<(?:[\w.-]+:)?workbook\b[^>]*>", text)
    prefix = re.search(r"""xmlns:([\w.-]+)\s*=\s*["']""" + re.escape(RELATIONSHIPS) + "[\"']", start[0]) \
        if start else None
    r = prefix[1] if prefix else "r"
    declare = "" if prefix else f' xmlns:r="{RELATIONSHIPS}"'
    sheet_ids = [int(e.get("sheetId", "0")) for e in root.iter() if local(e.tag) == "sheet" and
                 (e.get("sheetId") or "").isdigit()]
    sheet = (f'<{x}sheet{declare} name="{TABLE_SHEET}" sheetId="{max(sheet_ids, default=0) + 1}" state="hidden" '
             f'{r}:id="{identifier}"/>')
    text = _insert(text, x + "sheets", sheet, name).decode("utf-8")
    names = "".join(f'<{x}definedName name="{f.name}"{_attributes(f)}>{escape(f.render(variables))}</{x}definedName>'
                    for f in FUNCTIONS + HELPERS)
    if re.search("</" + re.escape(x) + r"definedNames\s*>", text):
        return _insert(text, x + "definedNames", names, name).decode("utf-8")
    empty = re.search("<" + re.escape(x) + r"definedNames\s*/>", text)
    if empty:
        return text[:empty.start()] + f"<{x}definedNames>{names}</{x}definedNames>" + text[empty.end():]
    after = None
    for tag in (x + "externalReferences", x + "sheets"):
        ends = list(re.finditer("</" + re.escape(tag) + r"\s*>", text))
        if ends:
            after = ends[-1].end()
            break
    assert after is not None  # the table sheet was just written into <sheets>
    return text[:after] + f"<{x}definedNames>{names}</{x}definedNames>" + text[after:]
