"""Reading an input file's bytes as text: the one decoder of every event file.

TRF files, CSV crosstables and K files are all read by :func:`read_text`:

- encodings: UTF-8 with or without a byte-order mark, UTF-16 (with a byte-order mark, or
  without one when every other byte is zero), and Windows-1252 where the bytes are not UTF-8
  (Latin-1 for the five bytes Windows-1252 leaves undefined);
- line ends: CR, LF or CRLF (:func:`split_lines`), and a DOS end-of-file mark (Ctrl-Z) at the end;
- a file that is not text at all (an Excel workbook, a PDF, a zip archive, random bytes), an
  empty file, a folder, a file that cannot be read or one larger than :data:`MAX_BYTES` is an
  :class:`~elo_xl.errors.EloError` that says what the file is.

>>> decode("Šeško, Žiga".encode("cp1252"), "event.trf", "a TRF file")
Decoded(text='Šeško, Žiga', encoding='cp1252')
>>> decode(b"\\xef\\xbb\\xbf012 Open\\r\\n", "event.trf", "a TRF file")
Decoded(text='012 Open\\r\\n', encoding='utf-8-sig')
>>> split_lines("a\\r\\nb\\rc\\nd\\n")
['a', 'b', 'c', 'd']
>>> decode(b"PK\\x03\\x04" + b"\\x00" * 30 + b"xl/workbook.xml", "book.xlsx", "a TRF file")
Traceback (most recent call last):
...
elo_xl.errors.EloError: book.xlsx is an Excel workbook, not a TRF file: to read a workbook use `elo-xl export`
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import NamedTuple

from ..errors import EloError
from .paths import readable_file, reason
from .sniff import CONTAINERS, EMPTY, EXCEL, what_file

#: The control characters no text file holds (tab, line ends, form feed and the DOS end-of-file
#: mark aside), and the C1 controls that only a wrong code page shows.
_CONTROLS = re.compile("[\x00-\x08\x0b\x0e-\x19\x1b-\x1f\x7f-\x9f]")

__all__ = ["Decoded", "decode", "read_text", "split_lines", "newline_of", "control_character", "MAX_BYTES"]

#: The largest input file read (an event of 9,999 players and 99 rounds is about 11 MB).
MAX_BYTES = 16 * 1024 * 1024


class Decoded(NamedTuple):
    """A file's text (line ends as in the file) and the encoding it was read in."""

    text: str
    encoding: str


def _utf16_without_bom(data: bytes) -> str | None:
    """``utf-16-le``/``-be`` when every other byte of the start is zero (ASCII in UTF-16)."""
    sample = data[:400]
    if len(sample) < 4 or len(sample) % 2:
        sample = sample[:len(sample) - len(sample) % 2]
    if len(sample) < 4:
        return None
    odd, even = sample[1::2], sample[0::2]
    if odd.count(0) == len(odd) and even.count(0) == 0:
        return "utf-16-le"
    if even.count(0) == len(even) and odd.count(0) == 0:
        return "utf-16-be"
    return None


def decode(data: bytes, name: str, kind: str) -> Decoded:
    """The text of a file's bytes (see the module's documentation); ``name`` and ``kind``
    (``"a TRF file"``) go into the messages."""
    found = what_file(data[:65536], name)
    if found == EMPTY:
        raise EloError(f"{name} is empty, not {kind}")
    if found in CONTAINERS:
        hint = ": to read a workbook use `elo-xl export`" if found == EXCEL and "TRF" in kind else ""
        raise EloError(f"{name} is {found}, not {kind}{hint}")
    try:
        if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
            text, encoding = data.decode("utf-32"), "utf-32"
        elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
            text, encoding = data.decode("utf-16"), "utf-16"
        elif data.startswith(b"\xef\xbb\xbf"):
            text, encoding = data[3:].decode("utf-8"), "utf-8-sig"
        elif encoding := _utf16_without_bom(data):
            text = data.decode(encoding)
        else:
            text, encoding = data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        try:
            text, encoding = data.decode("cp1252"), "cp1252"
        except UnicodeDecodeError:
            text, encoding = data.decode("latin-1"), "latin-1"
    sample = text[:65536]
    controls = len(_CONTROLS.findall(sample))
    if "\x00" in sample or controls > max(8, len(sample) // 100):
        raise EloError(f"{name} holds binary data, not {kind}")
    return Decoded(text, encoding)


def read_text(path: str | os.PathLike, kind: str, data: bytes | None = None) -> Decoded:
    """Read and decode a file (or its bytes ``data``, read already); every problem (no such
    file, a folder, no permission, too large, not text) is an EloError that names the file.

    >>> read_text("/", "a TRF file")
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: /: is a folder; give a TRF file to read
    """
    if data is None:
        path = readable_file(path, what=f"{kind} to read")
        try:
            with open(path, "rb") as f:
                data = f.read(MAX_BYTES + 1)
        except OSError as error:  # gone or locked since it was checked
            raise EloError(f"{path}: cannot be read ({reason(error)})") from None
    path = Path(path)
    name = path.name or str(path)
    if len(data) > MAX_BYTES:
        raise EloError(f"{name} is larger than {MAX_BYTES // (1024 * 1024)} MB, too large for {kind}")
    return decode(data, name, kind)


_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufffe\uffff\ud800-\udfff]")


def control_character(line: str) -> int | None:
    """The column (from 1) of the first control character of a line (a tab is allowed), or
    None: event files hold printable text, and a control character in a name would reach
    terminals and workbooks.

    >>> control_character("012 Open"), control_character("012 O\x1b[2Jpen"), control_character("a\tb")
    (None, 6, None)
    """
    m = _CONTROL.search(line)
    return None if m is None else m.start() + 1


def split_lines(text: str) -> list[str]:
    """The lines of a text, whatever its line ends (CR, LF, CRLF); a final line end and a
    DOS end-of-file mark (Ctrl-Z) after the last line make no extra line.

    >>> split_lines("x\\n\\n"), split_lines("x\\r\\n\\x1a"), split_lines("")
    (['x', ''], ['x'], [])
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] in ("", "\x1a"):
        lines.pop()
        if lines and lines[-1] == "\x1a":
            lines.pop()
    return lines


def newline_of(text: str) -> str:
    """The line end a text uses first (``\\n`` when it has none).

    >>> newline_of("a\\r\\nb"), newline_of("a\\rb"), newline_of("ab")
    ('\\r\\n', '\\r', '\\n')
    """
    i = text.find("\n")
    j = text.find("\r")
    if j < 0:
        return "\n"
    if i == j + 1:
        return "\r\n"
    if i < 0 or j < i:
        return "\r"
    return "\n"


def iter_lines(stream, name: str, kind: str, max_length: int, chunk: int = 1 << 20):
    """The lines of a binary stream as bytes without their line ends, whatever the ends (CR, LF,
    CRLF, mixed), read in chunks: memory stays within a chunk and one line, and a line longer than
    ``max_length`` bytes is refused as soon as it is seen (not after reading it whole).

    >>> import io
    >>> list(iter_lines(io.BytesIO(b"a\\rb\\r\\nc\\nd"), "x", "a list", 10, chunk=2))
    [b'a', b'b', b'c', b'd']
    >>> list(iter_lines(io.BytesIO(b"a" * 30), "list.txt", "a rating list", 10))
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: list.txt, line 1: longer than 10 characters, longer than any line of a rating list; is this a rating list?
    """
    line_no = 1
    rest = b""
    pending_cr = False
    while True:
        block = stream.read(chunk)
        if not block:
            break
        if pending_cr and block.startswith(b"\n"):
            block = block[1:]
        pending_cr = block.endswith(b"\r")
        data = rest + block
        if not data:
            continue
        parts = data.splitlines()  # bytes: CR, LF and CRLF only
        rest = b"" if data.endswith((b"\n", b"\r")) else parts.pop()
        for part in parts:
            if len(part) > max_length:
                break
            yield part
            line_no += 1
        else:
            if len(rest) <= max_length:
                continue
        raise EloError(f"{name}, line {line_no}: longer than {max_length} characters, longer than any line of "
                       f"{kind}; is this {kind}?")
    if rest and rest != b"\x1a":
        yield rest
