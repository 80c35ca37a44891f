"""``io/xlsx_archive.py``: the quick check of a sheet's part (its depth read off the bytes, the
parse without a handler per element) lets through only what the full check lets through, and
everything else is refused with the full check's own line."""

from __future__ import annotations

import pytest

from elo_xl.errors import EloError
from elo_xl.io import xlsx_archive

DEEP = xlsx_archive.MAX_DEPTH
PART = "xl/worksheets/sheet1.xml"


def outcome(data: bytes) -> str:
    """What the check says of ``data`` as a sheet's part: "ok" or its refusal."""
    try:
        xlsx_archive._check_xml("book.xlsx", PART, data)
    except EloError as error:
        return str(error)
    return "ok"


def nested(levels: int, inner: bytes = b"") -> bytes:
    return b"<a>" * levels + inner + b"</a>" * levels


PARTS = [
    b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w><d><r><c r="A1"><v>1</v></c></r></d></w>',
    b"\xef\xbb\xbf<w><c/><c x='a/>b'/></w>",                       # a BOM; "/>" in a value ('>' counted twice)
    b"<w><t>a/>b</t><t>1 &gt; 0</t></w>",                           # "/>" in text
    b"<w a='x>y'/>",                                                # '>' in an attribute's value
    b"<w><!-- <a><a><a> --><x/></w>",                               # a comment holding tags
    b"<w><![CDATA[</a></a>]]></w>",                                 # CDATA
    b"<?xml version='1.0' encoding='ISO-8859-1'?><w>\xe9</w>",      # another encoding
    b"<?xml version='1.0' encoding='utf-8'?><?pi x?><w/>",          # a processing instruction
    "<?xml version='1.0' encoding='UTF-16'?><w/>".encode("utf-16"),
    b"<w><x:a/></w>",                                               # an unbound prefix
    b"<w><a></w>",                                                  # does not parse
    b"<w/><w/>",
    b"<w a='1' a='2'/>",
    b"",
    nested(DEEP), nested(DEEP + 1), nested(DEEP - 1, b"<e/>"), nested(DEEP, b"<e/>"),
    nested(DEEP - 1, b"<e/>" * 400), nested(DEEP - 2, b"<e/>" * 400 + b"<b><e/></b>"),
    b"<w>" + b"<r><c/><c/></r>" * 5000 + b"</w>",
    nested(100, b"<e/>" * 2000 + nested(DEEP - 100)) + b"",
    nested(100, b"<e/>" * 2000 + nested(DEEP - 99)),
    b"<w>" + b"</e>" * 3 + b"<e>" * 300 + b"</w>",                  # end tags first: does not parse
]


@pytest.mark.parametrize("data", PARTS)
def test_the_quick_check_says_what_the_full_check_says(data, monkeypatch):
    quick = outcome(data)
    monkeypatch.setattr(xlsx_archive, "_plainly_within_limits", lambda data: False)
    assert quick == outcome(data)


def test_the_quick_check_lets_plain_sheets_through():
    assert xlsx_archive._plainly_within_limits(PARTS[0])
    assert xlsx_archive._plainly_within_limits(b"<w>" + b"<r><c/><c/></r>" * 5000 + b"</w>")
    assert xlsx_archive._plainly_within_limits(nested(DEEP, b"<e/>")) is False  # 257 deep


@pytest.mark.parametrize("length", [xlsx_archive.MAX_TOKEN - 1, xlsx_archive.MAX_TOKEN, 3 * xlsx_archive.MAX_TOKEN])
@pytest.mark.parametrize("before", [0, 1, 5, xlsx_archive.MAX_TOKEN // 2 - 1, xlsx_archive.MAX_TOKEN // 2 + 7])
def test_a_long_run_is_found_as_the_pattern_finds_it(length, before):
    data = b"<" + b"x" * before + b">" + b"y" * length + b"<z/>"
    assert xlsx_archive._long_token(data) == (xlsx_archive._LONG_TOKEN.search(data) is not None)
