"""The rows of an ``.xlsx`` worksheet read straight from its XML: the fast way to read a list.

openpyxl's read-only mode streams a 200,000-player list in about 17 s (it builds an object per
cell); this reader scans the worksheet's XML with regular expressions, a block of rows at a time
(memory stays flat but for the shared strings), in a few seconds. It reads what list files
hold: numbers, shared strings (LibreOffice, Excel), inline strings (elo-xl), booleans, errors
and text results, and gives the values openpyxl's ``load_workbook(read_only=True,
data_only=True)`` gives, row by row.

Whatever it does not read exactly as openpyxl does (a workbook part elsewhere than openpyxl's
usual places, a namespace prefix, rich text, a formula, a number in a date format, a row
without its number or out of order, a character or an entity XML does not allow, anything its
patterns do not account for character by character) raises :class:`Unusual`, with the row
where it was found: the caller reads the workbook with openpyxl from that row on
(:func:`elo_xl.period.sheet_list.iter_list_xlsx`). Rows already given are the same either
way. What it skips it still checks as openpyxl would: the other parts are read whole (their
CRC) and parsed, the sheet's XML around the rows is parsed, the sheet is read to its end.

>>> import io, openpyxl
>>> book = openpyxl.Workbook(); sheet = book.active
>>> sheet.append(["fide_id", "name"]); sheet.append([7, "Ngo & Lan"]); sheet.append([8, None, True])
>>> buffer = io.BytesIO(); book.save(buffer)
>>> fast = SheetBook(buffer)
>>> fast.sheetnames, list(fast.rows("Sheet", 2))
(['Sheet'], [(2, [7, 'Ngo & Lan']), (3, [8, None, True])])
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
import zipfile
from typing import IO, Any, Iterable, Iterator

from ..io.xlsx import MAIN, NOT_XML, PACKAGE_RELATIONSHIPS, RELATIONSHIPS, XML_BYTES, column_letter, column_number, resolve

#: Decompressed bytes of the worksheet read at a time.
BLOCK = 1 << 22

#: One cell as list files write it (``r`` its first attribute, then ``s``, then ``t``): its column,
#: then the text of an inline string, or the type and the value (``<v>``) of another cell (none
#: for an empty one). Split by it, a row's XML is these groups and what lies between the cells:
#: only white space in a row this reader reads. (A cell is placed by its row element and its
#: column, as openpyxl places it.)
_CELL_PATTERN = (r'<c r="([A-Z]{1,3})\d+"(?: s="STYLE")?'
                 r'(?: t="inlineStr"><is><t(?: xml:space="preserve")?>([^<]*)</t></is></c>'
                 r'|(?: t="(n|s|str|b|e)")?(?:/>|></c>|><v/></c>|><v>([^<]*)</v></c>))')
_CELL = re.compile(_CELL_PATTERN.replace("STYLE", r"\d+"))
#: The same with the style as its second group, for a workbook with a date format among its styles.
_STYLED_CELL = re.compile(_CELL_PATTERN.replace("STYLE", r"(\d+)"))
_ROW = re.compile(r'<row r="(\d+)"(?:\s+[\w:]+="[^"<&]*")*\s*(/?)>')
_ENTITY = re.compile(r"&(?:(amp|lt|gt|quot|apos)|#([0-9]{1,7})|#x([0-9a-fA-F]{1,6}));")
_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}
_DECLARATION = re.compile(rb'<\?xml[^>]*encoding=["\'](?!utf-8["\'])', re.I)
_STRINGS = re.compile(r'<si><t(?: xml:space="preserve")?>([^<]*)</t></si>|<si><t/></si>')


class Unusual(Exception):
    """Something this reader does not read as openpyxl does; ``row``: the first row concerned
    (0: before the rows)."""

    def __init__(self, what: str, row: int = 0):
        super().__init__(what)
        self.row = row


def unescape(text: str) -> str:
    """XML text as a parser gives it: entities and character references replaced, line ends as LF.

    >>> unescape("a &amp; b &lt;c&gt; &#233;&#x41;"), unescape("x\\r\\ny")
    ('a & b <c> éA', 'x\\ny')
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "&" not in text:
        return text

    def one(m: re.Match[str]) -> str:
        if m[1]:
            return _NAMED[m[1]]
        code = int(m[2]) if m[2] else int(m[3], 16)
        if code > 0x10FFFF or NOT_XML.match(chr(code)):  # a strict parser (openpyxl's) refuses them
            raise Unusual(f"character reference {m[0]}")
        return chr(code)

    done = _ENTITY.sub(one, text)
    if "&" in _ENTITY.sub("", text):
        raise Unusual("an entity XML does not define")
    return done


class SheetBook:
    """An ``.xlsx`` workbook opened for its rows (``path``: a file name or a binary file).

    ``sheetnames``: the worksheets' names; ``defined_names``: the workbook's names (those of
    no single sheet), name → text. Raises :class:`Unusual` for a workbook openpyxl should read,
    and :class:`zipfile.BadZipFile`, :class:`KeyError` or :class:`OSError` for one nobody can.
    """

    def __init__(self, path: Any):
        self._zip = zipfile.ZipFile(path)
        try:
            self._open()
        except BaseException:
            self._zip.close()
            raise

    def close(self) -> None:
        self._zip.close()

    def _part(self, name: str) -> bytes:
        data = self._zip.read(name)
        if _DECLARATION.match(data):
            raise Unusual(f"{name} is not UTF-8")
        return data

    def _xml(self, name: str) -> ET.Element:
        try:
            return ET.fromstring(self._part(name))
        except ET.ParseError as error:
            raise Unusual(f"{name}: {error}") from None

    def _open(self) -> None:
        names = set(self._zip.namelist())
        if "xl/workbook.xml" not in names or "xl/_rels/workbook.xml.rels" not in names:
            raise Unusual("the workbook's parts are not where openpyxl usually finds them")
        book = self._xml("xl/workbook.xml")
        if book.tag != f"{{{MAIN}}}workbook":
            raise Unusual(f"a workbook of namespace {book.tag}")
        targets, kinds = {}, {}
        for rel in self._xml("xl/_rels/workbook.xml.rels").iter(f"{{{PACKAGE_RELATIONSHIPS}}}Relationship"):
            if rel.get("TargetMode") == "External":
                continue
            targets[rel.get("Id")] = resolve("xl", rel.get("Target", ""))
            kinds[rel.get("Id")] = rel.get("Type", "").rsplit("/", 1)[-1]
        self.sheetnames: list[str] = []
        self._sheets: dict[str, str] = {}
        for sheet in book.iter(f"{{{MAIN}}}sheet"):
            rid = sheet.get(f"{{{RELATIONSHIPS}}}id")
            if kinds.get(rid) == "worksheet":
                self.sheetnames.append(sheet.get("name", ""))
                self._sheets[sheet.get("name", "")] = targets[rid]
        self.defined_names: dict[str, str] = {}
        for name in book.iter(f"{{{MAIN}}}definedName"):
            if name.get("localSheetId") is None and name.get("name"):
                self.defined_names[name.get("name")] = name.text or ""
        pr = book.find(f"{{{MAIN}}}workbookPr")
        if pr is not None and pr.get("date1904") in ("1", "true"):
            raise Unusual("dates counted from 1904")
        by_kind = {kind: targets[rid] for rid, kind in kinds.items()}
        self._date_styles = self._dates(by_kind.get("styles"), names)
        self._strings_part = by_kind.get("sharedStrings")
        if self._strings_part not in names:
            self._strings_part = None
        self._strings: list[str] | None = None
        if "[Content_Types].xml" not in names:
            raise Unusual("no [Content_Types].xml")
        for info in self._zip.infolist():  # the other parts, as openpyxl reads them: whole, well-formed
            if info.filename not in self._sheets.values() and info.filename != self._strings_part \
                    and not info.is_dir():
                data = self._zip.read(info)  # checks its CRC
                if info.filename.endswith((".xml", ".rels")):
                    try:
                        ET.fromstring(data)
                    except ET.ParseError as error:
                        raise Unusual(f"{info.filename}: {error}") from None

    def _dates(self, part: str | None, names: set[str]) -> set[int]:
        """The cell styles whose number format is a date or time (openpyxl reads them as dates)."""
        from openpyxl.styles.numbers import builtin_format_code, is_date_format

        if part is None or part not in names:
            return set()
        styles = self._xml(part)
        custom = {f.get("numFmtId"): f.get("formatCode") for f in styles.iter(f"{{{MAIN}}}numFmt")}
        dates = set()
        xfs = styles.find(f"{{{MAIN}}}cellXfs")
        for i, xf in enumerate(xfs if xfs is not None else ()):
            number = xf.get("numFmtId", "0")
            code = custom[number] if number in custom else builtin_format_code(int(number)) if number.isdigit() else None
            if code is None and number not in custom and not (number.isdigit() and int(number) < 164):
                dates.add(i)  # a format nobody defines: openpyxl's business
            elif is_date_format(code):
                dates.add(i)
        return dates

    def _shared(self) -> list[str]:
        """The shared strings (as openpyxl's ``read_string_table`` gives them)."""
        if self._strings is None:
            if self._strings_part is None:
                raise Unusual("a shared string, but no shared strings part")
            text = self._part(self._strings_part).decode("utf-8")
            start, end = text.find("<si>"), text.rfind("</si>") + len("</si>")
            body = text[start:end] if start >= 0 else ""
            pieces = _STRINGS.split(body)
            if "".join(pieces[::2]).strip() or "<" in text[end:].replace("</sst>", "").strip():
                raise Unusual("shared strings other than plain text")
            values = pieces[1::2]
            raw = body.encode("utf-8")
            if raw.translate(None, XML_BYTES) or "\ufffe" in body or "\uffff" in body:
                raise Unusual("a character XML cannot hold")
            self._strings = [unescape(v).replace("x005F_", "") if v else "" for v in values]
        return self._strings

    def rows(self, sheet: str, min_row: int = 1, max_row: int | None = None,
             columns: Iterable[int] | None = None) -> Iterator[tuple[int, list[Any]]]:
        """(row number, values by 0-based column) of the rows from ``min_row`` to ``max_row``, empty
        rows left out; only ``columns`` (0-based) are read when given, the others are ``None``."""
        part = self._sheets[sheet]
        wanted = None if columns is None else {column_letter(c + 1): c for c in sorted(set(columns))}
        with self._zip.open(part) as stream:
            yield from self._scan(stream, min_row, max_row, part, wanted)

    def _scan(self, stream: IO[bytes], min_row: int, max_row: int | None, part: str,
              wanted: dict[str, int] | None) -> Iterator[tuple[int, list[Any]]]:
        pending = stream.read(BLOCK)
        if _DECLARATION.match(pending):
            raise Unusual(f"{part} is not UTF-8")
        at = pending.find(b"<sheetData")
        if at < 0:
            raise Unusual("no sheetData in the first block")
        head, last = pending[:at], 0
        if pending.startswith(b"<sheetData/>", at):
            pending, end = pending[at:].replace(b"<sheetData/>", b"</sheetData>", 1), 0
        elif not pending.startswith(b"<sheetData>", at):
            raise Unusual("sheetData with attributes")
        else:
            pending, end = pending[at + len(b"<sheetData>"):], -1
        while end < 0:
            block = stream.read(BLOCK)
            pending += block
            end = pending.find(b"</sheetData>")
            if end >= 0:
                raw = pending[:end]
            elif not block:
                raise Unusual("the worksheet ends inside its rows", last + 1)
            else:
                cut = pending.rfind(b"</row>") + len(b"</row>")
                if cut < len(b"</row>"):
                    continue
                raw, pending = pending[:cut], pending[cut:]
            if raw.translate(None, XML_BYTES) or b"\xef\xbf\xbe" in raw or b"\xef\xbf\xbf" in raw or b"]]>" in raw:
                raise Unusual("a character XML cannot hold", last + 1)
            for n, values in self._rows_of(raw.decode("utf-8"), last, wanted):
                last = n
                if max_row is not None and n > max_row:
                    return
                if n >= min_row and values:
                    yield n, values
        # what lies around the rows must be well-formed too, and the whole part read (its CRC checked)
        tail = pending[end + len(b"</sheetData>"):] + stream.read()
        try:
            ET.fromstring(head + b"<sheetData/>" + tail)
        except ET.ParseError as error:
            raise Unusual(f"{part}: {error}", last + 1) from None

    def _rows_of(self, text: str, last: int, wanted: dict[str, int] | None) -> Iterator[tuple[int, list[Any]]]:
        """The rows of a run of whole ``<row>`` elements (``last``: the number of the row before)."""
        dates = self._date_styles
        cell = _STYLED_CELL if dates else _CELL
        k = cell.groups + 1
        # where each group lies after the column's: text, type, value (and style)
        o_text, o_kind, o_value = (2, 3, 4) if dates else (1, 2, 3)
        pieces = text.split("</row>")
        closing = len(pieces) - 1  # the pieces before a </row>: each must open a row
        for number, piece in enumerate(pieces):
            pos = 0
            while True:  # empty rows (<row …/>), then the row this piece ends
                start = _ROW.search(piece, pos)
                if start is None:
                    if piece[pos:].strip():
                        raise Unusual("something other than rows in sheetData", last + 1)
                    break
                n = int(start[1])
                if piece[pos:start.start()].strip() or n <= last:
                    raise Unusual("rows out of order, or something between them", last + 1)
                last, pos = n, start.end()
                if not start[2]:
                    break
            if start is None or start[2]:
                if number < closing:
                    raise Unusual("a </row> that closes no row", last + 1)
                continue
            parts = cell.split(piece[pos:] if pos else piece)
            gaps = "".join(parts[::k])
            if gaps and not gaps.isspace():
                raise Unusual("a row holding more than plain cells", n)
            letters = parts[1::k]
            if not letters:
                continue
            at = dict(zip(letters, range(1, len(parts), k)))
            if wanted is None:
                wanted_here = {letter: column_number(letter) - 1 for letter in at}
            else:
                wanted_here = wanted
            values: list[Any] = [None] * (max(wanted_here.values()) + 1 if wanted_here else 0)
            try:
                for letter, column in wanted_here.items():
                    j = at.get(letter)
                    if j is None:
                        continue
                    t = parts[j + o_text]
                    if t is not None:  # an inline string
                        values[column] = t if "&" not in t and "\r" not in t else unescape(t)
                        continue
                    v = parts[j + o_value]
                    if not v:
                        continue
                    kind = parts[j + o_kind]
                    if kind is None or kind == "n":
                        values[column] = float(v) if "." in v or "E" in v or "e" in v else int(v)
                        if dates and parts[j + 1] and int(parts[j + 1]) in dates:
                            raise Unusual("a number in a date format", n)
                    elif kind == "s":
                        values[column] = self._shared()[int(v)]
                    elif kind == "b":
                        values[column] = bool(int(v))
                    else:  # str, e
                        values[column] = unescape(v)
            except (ValueError, LookupError):
                raise Unusual("a value this reader does not read", n) from None
            except Unusual as unusual:
                unusual.row = unusual.row or n
                raise
            while values and values[-1] is None:
                values.pop()
            if wanted is not None and (not values or values[-1] == "") and not at.keys() <= wanted.keys() \
                    and all(v is None or v == "" for v in values):
                raise Unusual("a row whose cells lie outside the columns read", n)  # empty, or not?
            yield n, values
