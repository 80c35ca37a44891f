"""The books as a person sees them: printed pages, and values stored for readers that do not calculate."""

import io
import subprocess
import zipfile

import openpyxl
import pytest

from elo_xl import rate_event
from elo_xl.recalc import read_named
from elo_xl.samples import ROUND_ROBIN
from elo_xl.workbook import build, with_values
from elo_xl.workbook.i18n import translate


def pdf_pages(path) -> list[str]:
    """The text of every page of a PDF (poppler's pdftotext)."""
    count = int(next(line.split()[1] for line in subprocess.run(
        ["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout.splitlines()
        if line.startswith("Pages:")))
    return [subprocess.run(["pdftotext", "-layout", "-f", str(i), "-l", str(i), str(path), "-"],
                           capture_output=True, text=True, check=True).stdout for i in range(1, count + 1)]


def sample_book(**options) -> bytes:
    return build("round-robin", players=10, prefill={
        "names": [p.name for p in ROUND_ROBIN.players], "ratings": ROUND_ROBIN.ratings,
        "results": ROUND_ROBIN.results}, **options)


def test_round_robin_of_ten_prints_one_page_wide(libreoffice, tmp_path):
    source, pdf = tmp_path / "rr.xlsx", tmp_path / "rr.pdf"
    source.write_bytes(sample_book())
    libreoffice.export_pdf(source, pdf)
    pages = [text for text in pdf_pages(pdf) if "K used" in text]
    # the printed crosstable: the first column (names) and the last (K used) on one page (the
    # standings and norms sheets print the names on pages of their own)
    assert len(pages) == 1, f"the round robin prints on {len(pages)} pages"
    assert "Nguyen Van An" in pages[0] and "K used" in pages[0] and "Pham Quoc Duy" in pages[0]


def test_arabic_books_read_right_to_left():
    wb = openpyxl.load_workbook(io.BytesIO(build("swiss", "ar", players=4, rounds=2)))
    assert all(ws.sheet_view.rightToLeft for ws in wb.worksheets)
    assert wb.worksheets[1].title == translate("sheet.swiss", "ar")


def test_values_are_stored_and_nothing_else_changes(libreoffice, tmp_path):
    plain = sample_book()
    stored = with_values(plain, libreoffice)
    # the engine's numbers are there for a reader that does not calculate
    wb = openpyxl.load_workbook(io.BytesIO(stored), data_only=True)
    names = wb.defined_names
    sheet, cells = next(iter(names["NewRating"].destinations))
    values = [row[0].value for row in wb[sheet][cells]]
    engine = [o.new_rating for o in rate_event(ROUND_ROBIN.ratings, ROUND_ROBIN.results)]
    assert values == engine
    # the same numbers LibreOffice computes when it recalculates the book itself
    path = tmp_path / "stored.xlsx"
    path.write_bytes(stored)
    libreoffice.recalculate(path, tmp_path / "again.xlsx")
    assert read_named(tmp_path / "again.xlsx", ["NewRating"])["NewRating"] == [[v] for v in engine]
    # every part but the worksheets is byte-identical; frozen panes and names survive
    before, after = zipfile.ZipFile(io.BytesIO(plain)), zipfile.ZipFile(io.BytesIO(stored))
    assert before.namelist() == after.namelist()
    for name in before.namelist():
        if not name.startswith("xl/worksheets/"):
            assert before.read(name) == after.read(name), name
    assert openpyxl.load_workbook(io.BytesIO(stored)).worksheets[1].freeze_panes == "E6"  # No, sex, title and name stay in view


@pytest.mark.parametrize("lang", ["en", "vi", "ar", "ru"])
def test_every_template_exports_to_pdf(libreoffice, tmp_path, lang):
    for kind in ("player", "round-robin", "swiss", "match", "reference"):
        source, pdf = tmp_path / f"{kind}.xlsx", tmp_path / f"{kind}.pdf"
        source.write_bytes(build(kind, lang))
        libreoffice.export_pdf(source, pdf)
        assert pdf.read_bytes()[:4] == b"%PDF"
