"""The functions book (``elo-xl workbook functions``): its live examples stored as Excel 365
stores a formula typed into a cell (a dynamic-array formula over the range its value fills, the
cell marked with the metadata that says so), and read by LibreOffice and Gnumeric, which have
no LAMBDA, with every other value in place."""

from __future__ import annotations

import io
import re
import zipfile


from books import built, load_workbook
from elo_xl.recalc import read_values
from elo_xl.workbook.dynamic_arrays import CONTENT_TYPE, PART, RELATIONSHIP
from elo_xl.workbook.functions_sheet import EXAMPLES, spill_range


def _rows() -> dict[str, int]:
    wb = load_workbook(io.BytesIO(built("functions", "en")))
    ws = wb["Functions"]
    return {str(ws[f"A{r}"].value).split("(")[0]: r for r in range(5, ws.max_row + 1)}


def test_live_examples_are_dynamic_array_formulas():
    data = built("functions", "en")
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        sheet = archive.read("xl/worksheets/sheet1.xml").decode()
        metadata = archive.read(PART).decode()
        rels = archive.read("xl/_rels/workbook.xml.rels").decode()
        types = archive.read("[Content_Types].xml").decode()
    assert 'fDynamic="1"' in metadata and 'name="XLDAPR"' in metadata and '<rc t="1" v="0"/>' in metadata
    assert f'Type="{RELATIONSHIP}" Target="metadata.xml"' in rels
    assert f'PartName="/{PART}" ContentType="{CONTENT_TYPE}"' in types
    rows = _rows()
    for name, (formula, value) in EXAMPLES.items():
        cell = f"C{rows[name]}"
        found = re.search(rf'<c r="{cell}"([^>]*)><f([^>]*)>([^<]*)</f>', sheet)
        assert found, name
        assert ' cm="1"' in found[1] and found[2] == f' t="array" ref="{spill_range(cell, value())}"', name
        assert found[3] == formula[1:].replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"), name


def test_the_other_books_hold_no_metadata():
    for kind in ("player", "swiss"):
        with zipfile.ZipFile(io.BytesIO(built(kind, "en"))) as archive:
            assert PART not in archive.namelist()


def test_libreoffice_and_gnumeric_read_the_book(office, tmp_path):
    """Each engine opens the book and computes the engine's values beside the live examples
    (which call LAMBDA names, and show an error there)."""
    path = tmp_path / "functions.xlsx"
    path.write_bytes(built("functions", "en"))
    target = tmp_path / "functions-values.xlsx"
    office.recalculate(path, target)
    values = read_values(target)["Functions"]
    rows = _rows()
    for name, (_, value) in EXAMPLES.items():
        assert values[f"D{rows[name]}"] == value(), name
        assert values[f"A{rows[name]}"].startswith(name + "("), name
