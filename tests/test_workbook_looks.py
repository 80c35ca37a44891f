"""How the generated books look: number formats that never print a trailing separator."""

import io
import re

import openpyxl
import pytest

from elo_xl.workbook import KINDS, build
from elo_xl.workbook.book import NUMBER_FORMATS
from elo_xl.workbook.i18n import LANGUAGES

#: A format section that may end its number with the separator: a dot followed only by
#: optional digits (``#``), as in ``0.#`` or ``0.##`` (Excel prints 6 as "6.").
OPTIONAL_DECIMALS = re.compile(r"\.#")


def books():
    for kind in KINDS:
        for lang in LANGUAGES:
            yield kind, lang


@pytest.mark.parametrize("kind,lang", list(books()))
def test_every_number_format_is_one_that_cannot_end_with_a_separator(kind, lang):
    wb = openpyxl.load_workbook(io.BytesIO(build(kind, lang)))
    seen = set()
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.value is None and cell.number_format == "General":
                    continue
                seen.add(cell.number_format)
                assert cell.number_format in NUMBER_FORMATS, (ws.title, cell.coordinate, cell.number_format)
        for rules in ws.conditional_formatting:
            for rule in rules.rules:
                if rule.dxf is not None and rule.dxf.numFmt is not None:
                    assert rule.dxf.numFmt.formatCode in NUMBER_FORMATS
    assert "General" in seen


def test_the_whitelist_itself_has_no_optional_decimals_after_a_separator():
    for number_format in NUMBER_FORMATS:
        for section in number_format.split(";"):
            # a separator must be followed by at least one compulsory digit
            assert not OPTIONAL_DECIMALS.search(section), number_format
            if "." in section:
                assert re.search(r"\.0", section), number_format
