"""Hostile workbooks: small files that try to hang ``export`` or make it eat memory.

Each function takes the bytes of a real Swiss book (``elo-xl workbook swiss``) and returns a
changed copy; ``bench/bench_faults.py`` times them at full size, ``bench/fuzz.py`` draws them
at random sizes (generator ``hostile-book``) and the tests build small ones.

- :func:`many_sheets`: ``xl/workbook.xml`` names ``count`` more sheets (all pointing to one part);
- :func:`many_names`: ``count`` defined names;
- :func:`deep_xml`: a sheet part nested ``levels`` deep (``<a><a><a>…``), deflated to little;
- :func:`lying_sizes`: a sheet part whose zip entry declares a small size but unpacks to
  ``actual`` bytes (the central directory and the local header both lie);
- :func:`utf16_doctype`: ``xl/workbook.xml`` in UTF-16 with a document type (entities), which
  a byte search for ``<!DOCTYPE`` does not see.

>>> import zipfile, io
>>> book = _zip({"xl/workbook.xml": b'<workbook><sheets><sheet name="A" sheetId="1" id="rId1"/></sheets></workbook>'})
>>> zipfile.ZipFile(io.BytesIO(many_sheets(book, 3))).read("xl/workbook.xml").count(b"<sheet ")
4
"""

from __future__ import annotations

import io
import re
import struct
import zipfile
import zlib

from fuzz_faces import _zip  # the fuzz harness's zip writer (this file sits beside it in bench/)


def _parts(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}




def _largest_sheet(parts: dict[str, bytes]) -> str:
    return max((n for n in parts if n.startswith("xl/worksheets/") and n.endswith(".xml")), key=lambda n: len(parts[n]))


def many_sheets(book: bytes, count: int) -> bytes:
    """The book with ``count`` more sheets named in ``xl/workbook.xml`` (each the first sheet's part)."""
    parts = _parts(book)
    xml = parts["xl/workbook.xml"]
    first = re.search(rb"<sheet [^>]*/>", xml)
    assert first is not None
    template = re.sub(rb'sheetId="[^"]*"', b'sheetId="%d"', re.sub(rb'name="[^"]*"', b'name="S%d"', first.group(0)))
    extra = b"".join(template % (i, 1000 + i) for i in range(count))
    parts["xl/workbook.xml"] = xml[:first.start()] + extra + xml[first.start():]
    return _zip(parts, 9)


def many_names(book: bytes, count: int) -> bytes:
    """The book with ``count`` more defined names."""
    parts = _parts(book)
    xml = parts["xl/workbook.xml"]
    extra = b"".join(b'<definedName name="N%d">Event!$A$1</definedName>' % i for i in range(count))
    if b"<definedNames>" in xml:
        xml = xml.replace(b"<definedNames>", b"<definedNames>" + extra, 1)
    else:
        xml = xml.replace(b"</sheets>", b"</sheets><definedNames>" + extra + b"</definedNames>", 1)
    parts["xl/workbook.xml"] = xml
    return _zip(parts, 9)


def deep_xml(book: bytes, levels: int) -> bytes:
    """The book whose largest sheet holds ``levels`` nested elements inside its first row."""
    parts = _parts(book)
    sheet = _largest_sheet(parts)
    nest = b"<a>" * levels + b"</a>" * levels
    parts[sheet] = parts[sheet].replace(b"<sheetData>", b"<sheetData>" + nest, 1)
    return _zip(parts, 9)


def lying_sizes(book: bytes, actual: int) -> bytes:
    """The book whose largest sheet part unpacks to about ``actual`` bytes (the sheet padded
    with spaces inside ``<sheetData>``) while its zip entry declares the original size and CRC."""
    parts = _parts(book)
    sheet = _largest_sheet(parts)
    honest = parts[sheet]
    at = honest.index(b"<sheetData>") + len(b"<sheetData>")
    # One raw deflate stream made of three byte-aligned runs, none reaching back into another:
    # the head (flushed in full), one MiB of spaces deflated once and repeated, the tail.
    # Deflating the hundreds of MiB of spaces themselves took seconds for the same archive.
    block = b" " * 2**20
    repeats = max(0, actual - len(honest)) // len(block)
    head, spaces, tail = zlib.compressobj(9, zlib.DEFLATED, -15), zlib.compressobj(9, zlib.DEFLATED, -15), \
        zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = b"".join([head.compress(honest[:at]) + head.flush(zlib.Z_FULL_FLUSH),
                       (spaces.compress(block) + spaces.flush(zlib.Z_FULL_FLUSH)) * repeats,
                       tail.compress(honest[at:]) + tail.flush()])
    out = io.BytesIO()
    central = []
    for name, data in parts.items():
        raw = name.encode()
        if name == sheet:
            body, size, crc = packed, len(honest), zlib.crc32(honest)
        else:
            c = zlib.compressobj(6, zlib.DEFLATED, -15)
            body, size, crc = c.compress(data) + c.flush(), len(data), zlib.crc32(data)
        offset = out.tell()
        out.write(struct.pack("<4sHHHHHIIIHH", b"PK\x03\x04", 20, 0, 8, 0, 0x21, crc, len(body), size, len(raw), 0))
        out.write(raw + body)
        central.append(struct.pack("<4sHHHHHHIIIHHHHHII", b"PK\x01\x02", 20, 20, 0, 8, 0, 0x21, crc, len(body), size,
                                   len(raw), 0, 0, 0, 0, 0, offset) + raw)
    start = out.tell()
    for entry in central:
        out.write(entry)
    out.write(struct.pack("<4sHHHHIIH", b"PK\x05\x06", 0, 0, len(central), len(central), out.tell() - start, start, 0))
    return out.getvalue()


def utf16_doctype(book: bytes, entities: int = 3) -> bytes:
    """The book whose ``xl/workbook.xml`` is UTF-16 with a document type declaring entities
    (``entities`` levels of ten-fold expansion, used in the first sheet's name)."""
    parts = _parts(book)
    xml = parts["xl/workbook.xml"].decode("utf-8")
    body = xml.split("?>", 1)[-1]
    decls = '<!ENTITY e0 "aaaaaaaaaa">' + "".join(f'<!ENTITY e{i} "{("&e%d;" % (i - 1)) * 10}">'
                                                  for i in range(1, entities))
    body = re.sub(r'(<sheet [^>]*name=")[^"]*', lambda m: m.group(1) + f"&e{entities - 1};", body, count=1)
    text = f'<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE workbook [{decls}]>' + body
    parts["xl/workbook.xml"] = text.encode("utf-16")
    return _zip(parts, 9)


#: The hostile books of the issue at their full size, for the benchmark.
FULL_SIZE = {
    "100,000 sheets": lambda book: many_sheets(book, 100_000),
    "100,000 defined names": lambda book: many_names(book, 100_000),
    "9 million nested levels": lambda book: deep_xml(book, 9_000_000),
    "zip sizes that lie (2 GB unpacked)": lambda book: lying_sizes(book, 2 * 2**30),
    "UTF-16 XML with a document type": lambda book: utf16_doctype(book, 3),
}
