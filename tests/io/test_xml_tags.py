"""``io/xml_tags.py``: a part's tags found as every engine writes them. The expected values are
read off the XML text by eye (and, for the prefix, checked with lxml's own reading of the
namespace declarations)."""

from __future__ import annotations

import re

import pytest
from lxml import etree

from elo_xl.io import xml_tags
from elo_xl.io.xlsx import MAIN

M = MAIN.encode()


@pytest.mark.parametrize("xml, expected", [
    (b'<worksheet xmlns="' + M + b'"><sheetData/></worksheet>', b""),
    (b'<?xml version="1.0" encoding="UTF-8"?>\r\n<!-- Gnumeric -->\n<x:worksheet xmlns:x="' + M + b'"/>', b"x:"),
    (b"<s:worksheet xmlns:r='other' xmlns:s = '" + M + b"'/>", b"s:"),
    (b'<worksheet xmlns="' + M + b'" xmlns:x="' + M + b'"/>', b""),   # the root's own binding first
    (b'<x:worksheet xmlns="' + M + b'" xmlns:x="' + M + b'"/>', b"x:"),
    (b"<worksheet><sheetData/></worksheet>", b""),                      # no namespace at all
])
def test_the_prefix_of_spreadsheetml(xml, expected):
    assert xml_tags.prefix(xml) == expected
    root = etree.fromstring(xml)
    assert expected[:-1].decode() == (root.prefix or "")


@pytest.mark.parametrize("xml", [
    b'<worksheet xmlns="http://purl.oclc.org/ooxml/spreadsheetml/main"/>',  # Strict Open XML
    b"no XML at all",
    b"",
])
def test_a_part_in_another_namespace_is_refused(xml):
    with pytest.raises(ValueError):
        xml_tags.prefix(xml)


def test_attributes_in_either_quote_and_spaces_around_the_sign():
    text = b""" r = 'B7'  t="str" s='1' x14ac:dyDescent="0.25" note='a "quoted" > sign'"""
    assert xml_tags.attributes(text) == {b"r": b"B7", b"t": b"str", b"s": b"1", b"x14ac:dyDescent": b"0.25",
                                         b"note": b'a "quoted" > sign'}
    assert xml_tags.attribute(text, b"t") == b"str" and xml_tags.attribute(text, b"v") is None
    assert xml_tags.without(text, b"t") == b""" r = 'B7' s='1' x14ac:dyDescent="0.25" note='a "quoted" > sign'"""


def test_a_name_inside_a_value_is_not_an_attribute():
    assert xml_tags.attribute(b""" note="t='e'" r="A1\"""", b"t") is None


def test_patterns_take_the_prefix_and_quoted_closing_signs():
    start = xml_tags.pattern(rb"<{P}c(\s{A})?(/?)>", b"x:")
    found = start.match(b"<x:c r='A1' note='1 > 0 / 2'/>")
    assert found[1] == b" r='A1' note='1 > 0 / 2'" and found[2] == b"/"
    assert start.match(b"<c r='A1'>") is None
    assert re.match(xml_tags.element(b"row"), b"<rows>") is None
