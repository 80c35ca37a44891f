"""Books saved again by other engines, and edited by hand: the same workbook, its XML written
the ways Gnumeric, LibreOffice, Excel and hand-written tools write it.

:func:`resave` re-serialises every XML part of a book (parsed with lxml, written again):

- ``indent``: a line end and an indent between elements (Gnumeric);
- ``prefix``: SpreadsheetML (and the package's namespaces) bound to a prefix, ``<x:c>``;
- ``quotes``: attribute values in single quotes, with spaces around ``=``;
- ``reorder``: each element's attributes in reverse order;
- ``shared``: inline strings moved into a shared-strings part (``t="s"``), as Excel and
  LibreOffice write text;
- ``expand``: empty elements written ``<c r="A1"></c>`` instead of ``<c r="A1"/>``;
- ``crlf``: CR LF line ends (with ``indent``).

The hand edits change what a user changes: :func:`type_cell` (a value typed into a cell, as a
number, an inline string or a shared string), :func:`move_name` (a defined name pointed
elsewhere), :func:`rename_sheet` (a sheet renamed, its formulas and names left as they were).
``bench/fuzz.py`` draws them at random (generator ``resaved-book``) and the tests apply each
alone.

>>> import openpyxl, io
>>> book = openpyxl.Workbook(); book.active["A1"] = "=1+1"; book.active["B1"] = "x"
>>> buffer = io.BytesIO(); book.save(buffer)
>>> again = resave(buffer.getvalue(), indent=True, prefix=True, quotes=True)
>>> b"<x:c r = 'A1'" in _parts(again)["xl/worksheets/sheet1.xml"]
True
>>> openpyxl.load_workbook(io.BytesIO(again)).active["A1"].value
'=1+1'
"""

from __future__ import annotations

import io
import random
import re
import zipfile

from lxml import etree

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
SHARED_STRINGS_TYPE = RELATIONSHIPS + "/sharedStrings"
SHARED_STRINGS_CONTENT = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"
#: The ways of writing :func:`resave` knows.
WAYS = ("indent", "prefix", "quotes", "reorder", "shared", "expand", "crlf")


def _parts(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def _zip(parts: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def _is_xml(name: str) -> bool:
    return name.endswith((".xml", ".rels"))


def _tag(name: str) -> str:
    return f"{{{MAIN}}}{name}"


def resave(data: bytes, **ways: bool) -> bytes:
    """The book *data* with every XML part written again in the *ways* given (see the module)."""
    unknown = set(ways) - set(WAYS)
    if unknown:
        raise ValueError(f"no way {sorted(unknown)}")
    parts = _parts(data)
    trees = {name: etree.fromstring(xml) for name, xml in parts.items() if _is_xml(name)}
    if ways.get("shared"):
        _share_strings(parts, trees)
    for name, root in trees.items():
        if ways.get("indent"):
            etree.indent(root, space="  ")
        xml = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
        if ways.get("prefix"):
            xml = _prefixed(xml, root)
        if ways.get("quotes") or ways.get("reorder"):
            xml = _START_TAG.sub(lambda m: _attributes_again(m, ways.get("quotes", False), ways.get("reorder", False)),
                                 xml)
        if ways.get("expand"):
            xml = _EMPTY.sub(rb"<\1\2></\1>", xml)
        if ways.get("crlf"):
            xml = xml.replace(b"\n", b"\r\n")
        parts[name] = xml
    return _zip(parts)


def _prefixed(xml: bytes, root: etree._Element) -> bytes:
    """lxml's output of *root* with its default namespace bound to a prefix (``x``, else ``s``)
    instead: every element without a prefix gets it (in lxml's output a ``<`` is always a tag's,
    text and values escape theirs); the other prefixes stay (``mc:Ignorable`` names them)."""
    default = root.nsmap.get(None)
    if default is None:
        return xml
    taken = {key for element in root.iter() if isinstance(element.tag, str) for key in element.nsmap if key}
    prefix = next(p for p in ("x", "s", "ns9") if p not in taken).encode()
    declaration = b'xmlns="' + default.encode() + b'"'
    head, _, body = xml.partition(b"?>")
    body = _UNPREFIXED.sub(lambda m: b"<" + m[1] + prefix + b":" + m[2], body)
    return head + b"?>" + body.replace(declaration, b"xmlns:" + prefix + b'="' + default.encode() + b'"', 1)


_UNPREFIXED = re.compile(rb"<(/?)([A-Za-z_][\w.-]*)(?=[\s/>])")
_START_TAG = re.compile(rb"<([A-Za-z_][\w.:-]*)((?:\s+[^\s=>/]+=\"[^\"]*\")+)(\s*/?)>")
_ATTRIBUTE = re.compile(rb'\s+([^\s=>/]+)="([^"]*)"')
_EMPTY = re.compile(rb"<([A-Za-z_][\w.:-]*)((?:\s+[^\s=>/]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))*)\s*/>")


def _attributes_again(match: re.Match[bytes], quotes: bool, reorder: bool) -> bytes:
    """One start tag of lxml's output (double quotes, ``>`` escaped in values) written again."""
    found = _ATTRIBUTE.findall(match[2])
    if reorder:
        found.reverse()
    if quotes:
        written = b"".join(b" " + name + b" = '" + value.replace(b"&quot;", b'"').replace(b"'", b"&apos;") + b"'"
                           for name, value in found)
    else:
        written = b"".join(b" " + name + b'="' + value + b'"' for name, value in found)
    return b"<" + match[1] + written + match[3] + b">"


def _share_strings(parts: dict[str, bytes], trees: dict[str, etree._Element]) -> None:
    """Every inline string of the worksheets moved into the shared-strings part (made, and
    named in the workbook's relationships and content types, when the book has none)."""
    rels_name = "xl/_rels/workbook.xml.rels"
    rels = trees[rels_name]
    existing = [r for r in rels if r.get("Type") == SHARED_STRINGS_TYPE]
    if existing:
        target = "xl/" + existing[0].get("Target").lstrip("/").removeprefix("xl/")
        table = trees[target]
    else:
        target = "xl/sharedStrings.xml"
        table = etree.Element(_tag("sst"), nsmap={None: MAIN})
        trees[target] = table
        ids = {r.get("Id") for r in rels}
        identifier = next(f"rId{n}" for n in range(1, 10**6) if f"rId{n}" not in ids)
        etree.SubElement(rels, f"{{{rels.nsmap[None]}}}Relationship", Id=identifier, Type=SHARED_STRINGS_TYPE,
                         Target="sharedStrings.xml")
        types = trees["[Content_Types].xml"]
        etree.SubElement(types, f"{{{types.nsmap[None]}}}Override", PartName="/xl/sharedStrings.xml",
                         ContentType=SHARED_STRINGS_CONTENT)
    index = len(table.findall(_tag("si")))
    for name, root in trees.items():
        if not name.startswith("xl/worksheets/"):
            continue
        for cell in root.iter(_tag("c")):
            if cell.get("t") != "inlineStr":
                continue
            inline = cell.find(_tag("is"))
            if inline is None:
                continue
            item = etree.SubElement(table, _tag("si"))
            for child in inline:
                item.append(child)
            cell.remove(inline)
            cell.set("t", "s")
            etree.SubElement(cell, _tag("v")).text = str(index)
            index += 1
    table.set("count", str(index))
    table.set("uniqueCount", str(index))
    parts.setdefault(target, b"")


# --- hand edits ---------------------------------------------------------------------------------


def _workbook(parts: dict[str, bytes]) -> etree._Element:
    return etree.fromstring(parts["xl/workbook.xml"])


def names(data: bytes) -> dict[str, str]:
    """The book's workbook-wide defined names: name → its text."""
    return {n.get("name"): n.text or "" for n in _workbook(_parts(data)).iter(_tag("definedName"))
            if n.get("localSheetId") is None}


def sheets(data: bytes) -> list[str]:
    """The titles of the book's sheets, in tab order."""
    return [sheet.get("name") for sheet in _workbook(_parts(data)).iter(_tag("sheet"))]


def sheet_part(data: bytes, title: str) -> str:
    """The worksheet part of the sheet *title* (``xl/worksheets/sheet2.xml``)."""
    parts = _parts(data)
    book = _workbook(parts)
    rels = etree.fromstring(parts["xl/_rels/workbook.xml.rels"])
    targets = {r.get("Id"): r.get("Target") for r in rels}
    for sheet in book.iter(_tag("sheet")):
        if sheet.get("name") == title:
            target = targets[sheet.get(f"{{{RELATIONSHIPS}}}id")]
            return target.lstrip("/") if target.startswith("/") else "xl/" + target
    raise KeyError(title)


def type_cell(data: bytes, title: str, reference: str, value: object, how: str = "inline") -> bytes:
    """*value* typed into cell *reference* of sheet *title*: a number (``<v>``), a text as an
    inline string (``how="inline"``), a shared string (``"shared"``) or a ``t="str"`` cell
    (``"str"``); ``None`` empties the cell. The cell is made when the row lacks it."""
    parts = _parts(data)
    part = sheet_part(data, title)
    root = etree.fromstring(parts[part])
    row_number = int(re.sub("[A-Z$]", "", reference))
    data_element = root.find(_tag("sheetData"))
    row = next((r for r in data_element.iter(_tag("row")) if r.get("r") == str(row_number)), None)
    if row is None:
        row = etree.SubElement(data_element, _tag("row"), r=str(row_number))
        rows = sorted(data_element, key=lambda r: int(r.get("r")))
        data_element[:] = rows
    cell = next((c for c in row.iter(_tag("c")) if c.get("r") == reference), None)
    if cell is None:
        cell = etree.SubElement(row, _tag("c"), r=reference)
        row[:] = sorted(row, key=lambda c: (len(re.sub(r"\d", "", c.get("r"))), c.get("r")))
    for child in list(cell):
        cell.remove(child)
    cell.attrib.pop("t", None)
    if value is None:
        pass
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        etree.SubElement(cell, _tag("v")).text = repr(value) if isinstance(value, float) else str(value)
    elif how == "shared":
        table_name = "xl/sharedStrings.xml"
        if table_name not in parts:
            return type_cell(resave(data, shared=True), title, reference, value, how)
        table = etree.fromstring(parts[table_name])
        item = etree.SubElement(table, _tag("si"))
        etree.SubElement(item, _tag("t")).text = str(value)
        cell.set("t", "s")
        etree.SubElement(cell, _tag("v")).text = str(len(table.findall(_tag("si"))) - 1)
        parts[table_name] = etree.tostring(table, xml_declaration=True, encoding="UTF-8", standalone=True)
    elif how == "str":
        cell.set("t", "str")
        etree.SubElement(cell, _tag("v")).text = str(value)
    else:
        cell.set("t", "inlineStr")
        etree.SubElement(etree.SubElement(cell, _tag("is")), _tag("t")).text = str(value)
    parts[part] = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
    return _zip(parts)


def move_name(data: bytes, name: str, text: str) -> bytes:
    """The defined name *name* pointed at *text* (``'Swiss'!$B$7:$B$18``, ``#REF!``…)."""
    parts = _parts(data)
    book = _workbook(parts)
    for element in book.iter(_tag("definedName")):
        if element.get("name") == name and element.get("localSheetId") is None:
            element.text = text
    parts["xl/workbook.xml"] = etree.tostring(book, xml_declaration=True, encoding="UTF-8", standalone=True)
    return _zip(parts)


def rename_sheet(data: bytes, title: str, new: str) -> bytes:
    """The sheet *title* renamed *new* in the sheet list only: its formulas and the defined
    names still say *title* (a rename made by editing the file, not by a spreadsheet program)."""
    parts = _parts(data)
    book = _workbook(parts)
    for sheet in book.iter(_tag("sheet")):
        if sheet.get("name") == title:
            sheet.set("name", new)
    parts["xl/workbook.xml"] = etree.tostring(book, xml_declaration=True, encoding="UTF-8", standalone=True)
    return _zip(parts)


def random_ways(rng: random.Random) -> dict[str, bool]:
    """A random choice of :data:`WAYS` (at least one)."""
    ways = {way: rng.random() < 0.4 for way in WAYS}
    if not any(ways.values()):
        ways[rng.choice(WAYS)] = True
    if ways["crlf"]:
        ways["indent"] = True
    return ways
