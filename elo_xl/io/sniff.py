"""What a file is, from its first bytes: the one answer the readers and ``export`` give when a
file is not what was asked for (a workbook given as a TRF, a TRF given as a workbook).

:func:`what_file` names the kind as the messages say it ("an Excel workbook", "a TRF file",
"a PDF document" …); the readers (:mod:`elo_xl.io.decode`) refuse containers and binary
formats with it, and ``export`` (:func:`elo_xl.workbook.book_access.describe_file`) refuses everything but
a zip archive with it, with advice on what to do instead.

>>> what_file(b"PK\\x03\\x04" + bytes(30) + b"xl/workbook.xml", "book.xlsx")
'an Excel workbook'
>>> what_file(b"012 Club Cup\\n001    1 m    Tran"), what_file(b"name;rating;k\\nA;2000;20\\n")
('a TRF file', 'a text file (CSV)')
>>> what_file(b" \\r\\n"), what_file(b"%PDF-1.7"), what_file(bytes(range(256)))
('empty', 'a PDF document', 'binary data')
"""

from __future__ import annotations

import re

#: Control characters that no text holds (tab, line ends and form feed aside).
_CONTROLS = re.compile("[\x00-\x08\x0b\x0e-\x1f]")

__all__ = ["what_file", "EMPTY", "EXCEL", "OPENDOCUMENT", "ZIP", "OLD_OFFICE", "PDF", "GZIP", "IMAGE", "TRF",
           "MARKUP", "CSV", "TEXT", "BINARY", "CONTAINERS"]

EMPTY = "empty"
EXCEL = "an Excel workbook"
OPENDOCUMENT = "an OpenDocument spreadsheet"
ZIP = "a zip archive"
OLD_OFFICE = "an old-style Office file (.xls or .doc)"
PDF = "a PDF document"
GZIP = "a gzip archive"
IMAGE = "an image"
TRF = "a TRF file"
MARKUP = "an XML or HTML file"
CSV = "a text file (CSV)"
TEXT = "a text file"
BINARY = "binary data"
#: The kinds that are no text file at all: no text reader reads them.
CONTAINERS = (EXCEL, OPENDOCUMENT, ZIP, OLD_OFFICE, PDF, GZIP, IMAGE)

_TRF_RECORD = re.compile(r"(012|001|XXR|0[2-9]2|1[0-3]2) ")


def what_file(head: bytes, name: str = "") -> str:
    """The kind of a file whose first bytes are ``head`` (64 kB are plenty; 512 bytes tell all
    but a zip's contents); ``name``'s extension tells an Excel workbook from another zip when
    the bytes read do not."""
    if not head.strip(b" \t\r\n\x1a"):
        return EMPTY
    start = head[:8]
    if start.startswith((b"PK\x03\x04", b"PK\x05\x06")):
        if b"xl/" in head[:65536] or name.lower().endswith((".xlsx", ".xlsm")):
            return EXCEL
        if b"opendocument.spreadsheet" in head[:200]:
            return OPENDOCUMENT
        return ZIP
    if start.startswith(b"\xd0\xcf\x11\xe0"):
        return OLD_OFFICE
    if start.startswith(b"%PDF"):
        return PDF
    if start.startswith(b"\x1f\x8b"):
        return GZIP
    if start.startswith((b"\x89PNG", b"\xff\xd8\xff", b"GIF8")):
        return IMAGE
    text = _as_text(head[:65536])
    if text is None:
        return BINARY
    lines = [line.strip("\ufeff") for line in text.splitlines()]
    if any(_TRF_RECORD.match(line) for line in lines):
        return TRF
    if any(mark in text for mark in ("<?xml", "<html", "<HTML", "<!DOCTYPE")):
        return MARKUP
    if any(sep in (lines[0] if lines else "") for sep in ",;\t"):
        return CSV
    return TEXT


def _as_text(head: bytes) -> str | None:
    """The first bytes as text when they look like text (UTF-8, UTF-16 or a legacy code page)."""
    for bom, encoding in ((b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be")):
        if head.startswith(bom):
            return head[2:].decode(encoding, "ignore")
    if b"\x00" in head:
        return None
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError as error:
        if error.start < len(head) - 4:  # not only a character cut at the end
            text = head.decode("cp1252", "replace")
        else:
            text = head[:error.start].decode("utf-8")
    controls = len(_CONTROLS.findall(text))
    return None if controls > len(text) // 20 else text
