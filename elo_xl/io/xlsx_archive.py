"""What ``export`` reads at most from an ``.xlsx`` file, checked before openpyxl parses it.

An ``.xlsx`` workbook is a zip archive of XML parts. A small file can still hang a reader or
make it eat memory: 100,000 sheets naming one part (each is parsed again), millions of nested
elements (each kept in memory while open), a zip entry that declares a small size and unpacks
to gigabytes, a document type whose entities expand (and UTF-16 text hides it from a byte
search). :func:`check_archive` refuses each of these at once, with one line that names the
file, the part and the limit:

- every part is unpacked in chunks and the bytes that come out are counted, whatever the
  archive declares (:data:`MAX_PART` a part, :data:`MAX_UNPACKED` in all);
- every XML part is parsed once by a streaming parser that sees the decoded text whatever its
  encoding: no document type or entity, at most :data:`MAX_DEPTH` nested elements, no run of
  :data:`MAX_TOKEN` characters without markup;
- the workbook names at most :data:`MAX_SHEETS` sheets and :data:`MAX_NAMES` defined names, and
  the parts its relationships point to add up (once per reference) to at most
  :data:`MAX_UNPACKED`, so no part can be made to be read many times.

>>> import io, zipfile
>>> def book(xml: bytes) -> bytes:
...     buffer = io.BytesIO()
...     with zipfile.ZipFile(buffer, "w") as archive:
...         archive.writestr("xl/workbook.xml", xml)
...     return buffer.getvalue()
>>> check_archive_bytes("ok.xlsx", book(b"<workbook><sheets><sheet name='A'/></sheets></workbook>"))
>>> check_archive_bytes("deep.xlsx", book(b"<a>" * 300 + b"</a>" * 300))
Traceback (most recent call last):
...
elo_xl.errors.EloError: deep.xlsx: the part xl/workbook.xml nests elements more than 256 deep, which no workbook does; the file is not a workbook elo-xl can read
>>> hidden = '<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE w [<!ENTITY a "x">]><w/>'.encode("utf-16")
>>> check_archive_bytes("utf16.xlsx", book(hidden))
Traceback (most recent call last):
...
elo_xl.errors.EloError: utf16.xlsx: the part xl/workbook.xml declares a document type, which no workbook does; the file is not a workbook elo-xl can read
"""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
import zlib
from pathlib import Path
from typing import Any
from xml.parsers import expat

from ..errors import EloError

#: The largest book elo-xl writes (a Swiss of 1000 players and 15 rounds) has a 26 MB sheet
#: part in a 3.4 MB file, 5 sheets and about 60 defined names; limits well above that keep
#: every real book and refuse a small file that unpacks to gigabytes.
MAX_FILE = 64 * 2**20
MAX_PART = 64 * 2**20
MAX_UNPACKED = 128 * 2**20
MAX_PARTS = 2000
#: The most sheets and defined names a workbook may name (openpyxl reads a sheet's part once
#: for every sheet that names it).
MAX_SHEETS = 256
MAX_NAMES = 5000
#: The deepest nesting of XML elements (a workbook's parts nest about ten deep; libxml2 stops
#: at 256 too).
MAX_DEPTH = 256
#: The longest run of characters between two ``<``/``>`` an XML part may hold: a cell's text
#: (32,767 characters, as UTF-8 and with entities) and a formula fit well within it.
MAX_TOKEN = 256 * 2**10
#: How much of a part is unpacked at a time.
CHUNK = 2**20

_LONG_TOKEN = re.compile(rb"[<>][^<>]{%d}" % MAX_TOKEN)
_NOT_A_BOOK = "the file is not a workbook elo-xl can read"
_UNZIP_ERRORS = (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError, NotImplementedError, RuntimeError)


class _Refused(Exception):
    """Raised inside the XML parser's handlers to stop it at once."""


def check_archive_bytes(name: str, data: bytes) -> None:
    """:func:`check_members` of an archive held in memory; messages name ``name``."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError):
        raise EloError(f"{name} is a damaged zip archive, not a readable Excel workbook") from None
    with archive:
        check_members(name, archive)


def check_members(name: str | Path, archive: zipfile.ZipFile) -> None:
    """Refuse an archive whose parts go beyond the limits of the module's documentation."""
    infos = archive.infolist()
    if len(infos) > MAX_PARTS:
        raise EloError(f"{name}: the workbook has {len(infos)} parts, more than a workbook export reads ({MAX_PARTS})")
    declared = 0
    for info in infos:  # what the archive declares: the cheap refusal, before anything is unpacked
        declared += info.file_size
        if info.file_size > MAX_PART or declared > MAX_UNPACKED:
            raise _too_big(name, info.filename)
    sizes: dict[str, int] = {}
    references: list[tuple[str, str]] = []  # (the .rels part, a target it names)
    total = 0
    for info in infos:
        data = _unpack(name, archive, info, MAX_UNPACKED - total)
        total += len(data)
        sizes[info.filename] = len(data)
        if info.filename.endswith((".xml", ".rels", ".vml")) or _looks_like_xml(data):
            found = _check_xml(name, info.filename, data)
            references += [(info.filename, target) for target in found.targets]
    _check_references(name, sizes, references)


def _too_big(name: str | Path, part: str) -> EloError:
    return EloError(f"{name}: the part {part} unpacks to more than export reads ({MAX_PART // 2**20} MB a part, "
                    f"{MAX_UNPACKED // 2**20} MB in all); {_NOT_A_BOOK}")


def _unpack(name: str | Path, archive: zipfile.ZipFile, info: zipfile.ZipInfo, budget: int) -> bytearray:
    """A part's bytes, unpacked a chunk at a time and counted as they come out: refused as soon
    as they pass :data:`MAX_PART` or ``budget``, whatever the archive declares."""
    limit = min(MAX_PART, budget)
    out = bytearray()
    try:
        with archive.open(info) as member:
            while True:
                chunk = member.read(CHUNK)
                if not chunk:
                    break
                out += chunk
                if len(out) > limit:
                    raise _too_big(name, info.filename)
    except _UNZIP_ERRORS as error:
        raise EloError(f"{name}: the part {info.filename} cannot be unpacked ({type(error).__name__}: its data does "
                       "not match what the archive declares); the file is damaged") from None
    return out


def _looks_like_xml(data: bytes | bytearray) -> bool:
    """Whether a part starts as XML does in any encoding (a parser may be pointed at it by name).

    >>> _looks_like_xml(b"<?xml"), _looks_like_xml("<a/>".encode("utf-16")), _looks_like_xml(b"\\x89PNG")
    (True, True, False)
    """
    head = data[:4].lstrip(b"\xef\xbb\xbf")
    return head[:1] == b"<" or head[:2] in (b"\xff\xfe", b"\xfe\xff", b"<\x00", b"\x00<")


class _Found:
    """What the scan of one part found: the relationship targets it names."""

    def __init__(self) -> None:
        self.targets: list[str] = []


def _check_xml(name: str | Path, part: str, data: bytes | bytearray) -> _Found:
    """Parse one XML part once, in its own encoding, and refuse what no workbook holds.

    A part other than the workbook's and the relationships (a sheet: only its depth matters) is
    first given the quick check of :func:`_plainly_within_limits`; what it does not let through
    is parsed by the full check below, which refuses it exactly as it always did."""
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        raise _doctype(name, part)
    if _long_token(data) or len(data) > MAX_TOKEN and b"<" not in data[:MAX_TOKEN]:
        raise EloError(f"{name}: the part {part} holds a run of more than {MAX_TOKEN // 1024} kB without markup "
                       f"(a huge comment or text), more than any cell holds; {_NOT_A_BOOK}")
    found = _Found()
    rels = part.endswith(".rels")
    workbook = part == "xl/workbook.xml"
    if not rels and not workbook and _plainly_within_limits(data):
        return found
    counts = {"sheet": 0, "definedName": 0}
    depth = 0
    sheet_parts: set[str | None] = set()

    def start(tag: str, attributes: dict[str, str]) -> None:
        nonlocal depth
        depth += 1
        if depth > MAX_DEPTH:
            raise _Refused(f"nests elements more than {MAX_DEPTH} deep, which no workbook does")
        local = tag.rpartition(" ")[2]
        if workbook and local in counts:
            counts[local] += 1
            if local == "sheet" and counts[local] > MAX_SHEETS:
                raise _Refused(f"names more than {MAX_SHEETS} sheets, more than a workbook export reads")
            if local == "sheet":
                rid = next((v for k, v in attributes.items() if k.endswith(" id")), None)
                if rid is not None and rid in sheet_parts:
                    raise _Refused(f"names the part {rid} for two sheets, which no workbook does")
                sheet_parts.add(rid)
            if local == "definedName" and counts[local] > MAX_NAMES:
                raise _Refused(f"holds more than {MAX_NAMES} defined names, more than a workbook export reads")
        if rels and local == "Relationship" and attributes.get("TargetMode") != "External":
            found.targets.append(attributes.get("Target", ""))

    def end(tag: str) -> None:
        nonlocal depth
        depth -= 1

    def doctype(*_: Any) -> None:
        raise _Refused("doctype")

    def nested(tag: str, attributes: dict[str, str]) -> None:  # a part that only nests (a sheet): depth alone
        nonlocal depth
        depth += 1
        if depth > MAX_DEPTH:
            raise _Refused(f"nests elements more than {MAX_DEPTH} deep, which no workbook does")

    parser = expat.ParserCreate(namespace_separator=" ")
    parser.StartElementHandler = start if workbook or rels else nested
    parser.EndElementHandler = end
    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = doctype
    try:
        parser.Parse(data, True)
    except _Refused as refused:
        if str(refused) == "doctype":
            raise _doctype(name, part) from None
        raise EloError(f"{name}: the part {part} {refused}; {_NOT_A_BOOK}") from None
    except (expat.ExpatError, ValueError, LookupError) as error:
        raise EloError(f"{name}: the part {part} is not readable XML ({error}); the file is damaged") from None
    return found


def _long_token(data: bytes | bytearray) -> bool:
    """Whether :data:`_LONG_TOKEN` is found in ``data``: the same answer as searching it all,
    without running the pattern at every ``<`` and ``>`` of a sheet (a tenth of a second
    for a 6 MB part). A run of :data:`MAX_TOKEN` bytes without ``<`` or ``>`` covers a whole
    block of half that length, counted from the part's start; only around such a block
    (rare: most parts have none) is the pattern searched.

    >>> _long_token(b"<a>" + b"x" * MAX_TOKEN + b"</a>"), _long_token(b"<a>" + b"x" * (MAX_TOKEN - 1) + b"</a>")
    (True, False)
    """
    half = MAX_TOKEN // 2
    for block in range(0, len(data) - half + 1, half):
        if data.find(b"<", block, block + half) < 0 and data.find(b">", block, block + half) < 0:
            # a run holding this block starts less than half a token before it and ends less than a token after it
            if _LONG_TOKEN.search(data, max(0, block - half - 1), block + half + MAX_TOKEN + 1):
                return True
    return False


#: An XML declaration at the start of a part (after a UTF-8 byte order mark) and the encoding it names.
_DECLARATION = re.compile(rb"(?:\xef\xbb\xbf)?<\?xml[ \t\r\n][^<>]*?\?>")
_ENCODING = re.compile(rb"""[ \t\r\n]encoding[ \t\r\n]*=[ \t\r\n]*["']([^"']*)["']""")
#: The spans :func:`_plainly_within_limits` counts tags in: a first pass, and a closer look at a
#: span whose tags could reach :data:`MAX_DEPTH` (a sheet nests about 4 deep and holds a few
#: dozen tags in 128 bytes).
_SPAN, _CLOSER_SPAN = 2048, 128


def _plainly_within_limits(data: bytes | bytearray) -> bool:
    """True when the part is readable XML (as :func:`_check_xml` parses it: no document type or
    entity) whose elements nest at most :data:`MAX_DEPTH` deep, shown without a call into Python
    for each element (three times faster on a sheet); False when that is not plain, and the part
    is to be parsed by the full check.

    The depth is read off the bytes where they leave no doubt of what each ``<`` and ``>`` is:
    UTF-8 (declared, or no declaration) without a NUL byte, no ``<!`` (comment, CDATA, document
    type) and no ``<?`` after the declaration, and as many ``>`` as ``<``. In XML that parses,
    every ``<`` is then a tag's start, ``</`` an end tag's, and every ``>`` a tag's end (a ``<``
    cannot stand in text or in an attribute's value; one more ``>`` than tags would be in one),
    so ``/>`` ends an empty element. The depth where a span of the part starts (at a ``<``) is
    the start tags before it less the end tags and empty elements, and no element within the
    span is deeper than that plus the span's start tags. The parse, without handlers, still
    refuses what does not parse and a document type in any encoding.

    >>> _plainly_within_limits(b'<?xml version="1.0" encoding="UTF-8"?><a><b x="1"/><b>2</b></a>')
    True
    >>> _plainly_within_limits(b"<a>" * 300 + b"</a>" * 300), _plainly_within_limits(b"<a>1 > 0</a>")
    (False, False)
    """
    if b"\x00" in data:
        return False
    declared = _DECLARATION.match(data)
    if declared is not None:
        encoding = _ENCODING.search(declared[0])
        if encoding is not None and encoding[1].lower() != b"utf-8":
            return False
        start = declared.end()
    else:
        start = 3 if data.startswith(b"\xef\xbb\xbf") else 0
    if data.find(b"<!", start) >= 0 or data.find(b"<?", start) >= 0 or data.count(b"<", start) != data.count(b">", start):
        return False
    depth = 0
    for first, last in _spans(data, start, len(data), _SPAN):
        starts, ends = _tags(data, first, last)
        if depth + starts > MAX_DEPTH:
            for first_, last_ in _spans(data, first, last, _CLOSER_SPAN):
                starts_, ends_ = _tags(data, first_, last_)
                if depth + starts_ > MAX_DEPTH:
                    return False
                depth += starts_ - ends_
        else:
            depth += starts - ends
    parser = expat.ParserCreate(namespace_separator=" ")  # as the full check parses, without its handlers

    def doctype(*_: Any) -> None:
        raise _Refused("doctype")

    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = doctype
    try:
        parser.Parse(data, True)
    except (_Refused, expat.ExpatError, ValueError, LookupError):
        return False
    return True


def _spans(data: bytes | bytearray, first: int, last: int, size: int) -> Any:
    """``data[first:last]`` cut into spans of about ``size`` bytes, each after the first
    starting at a ``<`` (so that no tag is cut): (start, end) pairs."""
    while first < last:
        cut = data.find(b"<", first + size, last)
        end = last if cut < 0 else cut
        yield first, end
        first = end


def _tags(data: bytes | bytearray, first: int, last: int) -> tuple[int, int]:
    """(start tags, end tags and empty elements) in ``data[first:last]``, read as
    :func:`_plainly_within_limits` reads them."""
    ends = data.count(b"</", first, last)
    return data.count(b"<", first, last) - ends, ends + data.count(b"/>", first, last)


def _doctype(name: str | Path, part: str) -> EloError:
    return EloError(f"{name}: the part {part} declares a document type, which no workbook does; {_NOT_A_BOOK}")


def _check_references(name: str | Path, sizes: dict[str, int], references: list[tuple[str, str]]) -> None:
    """Refuse relationships that would make a reader parse more than :data:`MAX_UNPACKED` in
    all (a part named by many sheets is read once for each)."""
    total = 0
    for rels, target in references:
        if target.startswith("/"):
            resolved = target.lstrip("/")
        else:  # a part's relationships live in _rels/NAME.rels beside it; targets are relative to it
            source_folder = posixpath.dirname(posixpath.dirname(rels))
            resolved = posixpath.normpath(posixpath.join(source_folder, target))
        total += sizes.get(resolved, 0)
        if total > MAX_UNPACKED:
            raise EloError(f"{name}: the relationships in {rels} name parts that add up to more than "
                           f"{MAX_UNPACKED // 2**20} MB to read (one part named many times); {_NOT_A_BOOK}")
