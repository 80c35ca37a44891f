"""The tags of an ``.xlsx`` part found in its bytes as every engine writes them, so that a part
can be read or edited in place, every other byte kept.

openpyxl and Excel write ``<c r="B7" s="3"><f>A1*2</f><v>4</v></c>`` with nothing between the
elements; Gnumeric puts a line end and an indent between them; some writers bind SpreadsheetML
to a prefix (``<x:c>`` under ``xmlns:x="…"``); an attribute's value may be in single or double
quotes, with spaces around ``=``; an element without content may close itself (``<v/>``). The
patterns here accept each of these; a reader or writer builds its patterns from them with the
prefix the part binds SpreadsheetML to (:func:`prefix`), and refuses what they do not match.

>>> part = b'<?xml version="1.0"?>\\n<x:worksheet xmlns:x="' + MAIN.encode() + b'">'
>>> prefix(part), prefix(b'<worksheet xmlns="' + MAIN.encode() + b'"/>')
(b'x:', b'')
>>> attributes(b" r='B7'  t = \\"str\\" s=\\"2\\""), attribute(b' r="B7"', b"s")
({b'r': b'B7', b't': b'str', b's': b'2'}, None)
>>> without(b' r="B7" t=\\'e\\' s="1"', b"t")
b' r="B7" s="1"'
"""

from __future__ import annotations

import functools
import re

from .xlsx import MAIN

__all__ = ["ATTRIBUTES", "MAIN", "attribute", "attributes", "element", "prefix", "pattern", "without"]

#: The attributes of a start tag, up to its ``>`` or ``/>``: a ``>`` or ``/`` inside a quoted
#: value (either quote) belongs to the value. Written as one loop that cannot backtrack.
ATTRIBUTES = rb"""[^>"'/]*(?:(?:"[^"]*"|'[^']*')[^>"'/]*)*"""

_ATTRIBUTE = re.compile(rb"""([^\s=/>"']+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")
#: The first element of a part: its name (with any prefix) and its attributes.
_ROOT = re.compile(rb"<([A-Za-z_][\w.-]*:)?[A-Za-z_][\w.-]*(" + ATTRIBUTES + rb")/?>")
_PROLOG = re.compile(rb"(?:\s+|<\?.*?\?>|<!--.*?-->)*", re.DOTALL)
_DECLARATION = re.compile(rb"""xmlns(?::([\w.-]+))?\s*=\s*(?:"([^"]*)"|'([^']*)')""")


def prefix(xml: bytes, namespace: str = MAIN) -> bytes:
    """The prefix (``b"x:"``) or none (``b""``) the root element of a part binds *namespace*
    to, SpreadsheetML's by default; a part whose root binds no namespace at all is taken as
    written without one (``b""``). A part whose root binds the namespace to no name, or is
    not XML, is a ValueError.

    >>> prefix(b"<worksheet><sheetData/></worksheet>")
    b''
    >>> prefix(b'<w xmlns="http://purl.oclc.org/ooxml/spreadsheetml/main"/>')
    Traceback (most recent call last):
    ...
    ValueError: the part's root element is not in the namespace http://schemas.openxmlformats.org/spreadsheetml/2006/main
    """
    start = _PROLOG.match(xml).end()  # type: ignore[union-attr]  (it matches the empty text)
    root = _ROOT.match(xml, start)
    if root is None:
        raise ValueError("the part does not start with an XML element")
    declared = {(m[1] or b""): (m[2] if m[2] is not None else m[3]) for m in _DECLARATION.finditer(root[2])}
    if not declared:
        return b""
    wanted = namespace.encode("utf-8")
    own = (root[1] or b":")[:-1]
    if declared.get(own) == wanted:  # the root's own prefix first: the one its children share
        return own + b":" if own else b""
    for name, value in declared.items():
        if value == wanted:
            return name + b":" if name else b""
    raise ValueError(f"the part's root element is not in the namespace {namespace}")


def attributes(text: bytes) -> dict[bytes, bytes]:
    """The attributes of a start tag (the text between its name and its ``>``): name → value,
    as written (entities not replaced), whichever the quotes."""
    return {m[1]: m[2] if m[2] is not None else m[3] for m in _ATTRIBUTE.finditer(text)}


def attribute(text: bytes, name: bytes) -> bytes | None:
    """The value of one attribute of a start tag's text, or None."""
    for m in _ATTRIBUTE.finditer(text):
        if m[1] == name:
            return m[2] if m[2] is not None else m[3]
    return None


def without(text: bytes, name: bytes) -> bytes:
    """A start tag's attribute text without the attribute *name* (and the space before it)."""
    for m in _ATTRIBUTE.finditer(text):
        if m[1] == name:
            start = m.start()
            while start > 0 and text[start - 1:start].isspace():
                start -= 1
            return text[:start] + text[m.end():]
    return text


def element(name: bytes, space: bytes = b"") -> bytes:
    """A pattern's start of an element: ``<`` and the name with the prefix *space*, followed
    by what may end a name (a space, ``/`` or ``>``).

    >>> re.match(element(b"c", b"x:"), b"<x:c r='A1'>") is not None, re.match(element(b"c"), b"<cols>")
    (True, None)
    """
    return b"<" + re.escape(space) + re.escape(name) + rb"(?=[\s/>])"


@functools.lru_cache(maxsize=64)
def pattern(template: bytes, space: bytes, flags: int = 0) -> re.Pattern[bytes]:
    """*template* compiled with ``{P}`` standing for the escaped prefix *space* and ``{A}`` for
    :data:`ATTRIBUTES` (kept: one part's patterns are the next part's).

    >>> pattern(rb"<{P}v\\b{A}>([^<]*)</{P}v\\s*>", b"x:").search(b"<x:v  >12</x:v >")[1]
    b'12'
    """
    return re.compile(template.replace(b"{P}", re.escape(space)).replace(b"{A}", ATTRIBUTES), flags)
