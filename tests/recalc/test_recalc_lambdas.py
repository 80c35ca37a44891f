"""`elo-xl recalc` and `--values` with the LAMBDA names (issue 25): LibreOffice, which has no
LAMBDA, computes the book's other formulas, and the file written keeps the names byte for byte
(a LibreOffice save would lower-case ``_xlfn.lambda`` and store #NAME? in the calling cells)."""

from __future__ import annotations

import io
import zipfile


from books import built, load_workbook
from elo_xl.workbook import with_values
from elo_xl.workbook.names import FUNCTION_TABLES


def _part(data: bytes, name: str) -> bytes:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return archive.read(name)


def test_values_keep_the_names_and_store_no_error_for_their_calls(libreoffice):
    wb = load_workbook(io.BytesIO(built("player", "en")))
    typed = wb.create_sheet("Typed")
    typed["A1"] = "=ELO_NEW(2500,2400,1,10)"
    typed["A2"] = "=1+1"
    buffer = io.BytesIO()
    wb.save(buffer)
    plain = buffer.getvalue()
    stored = with_values(plain, libreoffice)
    assert _part(stored, "xl/workbook.xml") == _part(plain, "xl/workbook.xml")
    assert b"_xlfn.LAMBDA(" in _part(stored, "xl/workbook.xml")
    values = load_workbook(io.BytesIO(stored), data_only=True)
    assert values["Typed"]["A2"].value == 2
    assert values["Typed"]["A1"].value in (None, "")  # LibreOffice's #NAME? is not stored
    assert values[FUNCTION_TABLES].sheet_state == "hidden"
