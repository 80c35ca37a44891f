"""``workbook/archive.py``: the quick look for a stored value (:func:`without_values` returns a
part at once when it has none) finds every value the full rewriting drops."""

from __future__ import annotations

import pytest

from elo_xl.io import xml_tags
from elo_xl.workbook import archive

PARTS = [
    b'<worksheet><sheetData><row r="1"><c r="A1"><f>B1</f><v>3</v></c></row></sheetData></worksheet>',
    b'<worksheet><c r="A1" t="str"><f t="shared" si="0"/><v>x</v></c></worksheet>',
    b'<worksheet><c r="A1"><f>B1</f >\n  <v/></c></worksheet>',
    b'<worksheet><c r="A1" t="inlineStr"><f>B1</f><is><t>x</t></is></c></worksheet>',
    b'<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:c r="A1"><x:f>B1</x:f>'
    b'<x:v>1</x:v></x:c></x:worksheet>',
    b'<worksheet><c r="A1"><f>B1</f><v></v></c><c r="A2"><v>2</v></c><c r="A3"/></worksheet>',
    b'<worksheet><c r="A1"><f>B1</f></c><c r="A2" t="n"><v>2</v></c></worksheet>',
]


@pytest.mark.parametrize("xml", PARTS)
def test_the_quick_look_misses_no_stored_value(xml):
    space = archive._space(xml, "sheet.xml")
    full = xml_tags.pattern(archive._STORED, space, archive.re.DOTALL)
    changed = archive.without_values(xml, "sheet.xml")
    assert changed == xml or xml_tags.pattern(archive._VALUE_AFTER_FORMULA, space).search(xml)
    if not xml_tags.pattern(archive._VALUE_AFTER_FORMULA, space).search(xml):
        assert all(m[3] is None for m in full.finditer(xml))
