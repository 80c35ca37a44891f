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


# --- issue 15: what prints, and at what size ----------------------------------------------------------


def word_heights(pdf, page: int, word: str) -> list[float]:
    """The heights (points) of every occurrence of ``word`` on ``page`` (poppler's bounding boxes)."""
    import re

    text = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout
    return [float(b) - float(a) for a, b, w in re.findall(
        r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<', text) if w == word]


def test_books_do_not_print_the_tables_sheet(libreoffice, tmp_path):
    for kind in ("player", "swiss", "round-robin", "match"):
        source, pdf = tmp_path / f"{kind}.xlsx", tmp_path / f"{kind}.pdf"
        source.write_bytes(build(kind, players=4) if kind in ("swiss", "round-robin") else build(kind))
        wb = openpyxl.load_workbook(source)
        assert wb[translate("sheet.tables", "en")].sheet_state == "hidden"
        libreoffice.export_pdf(source, pdf)
        assert not [page for page in pdf_pages(pdf) if translate("tables.title", "en") in page], kind
    source, pdf = tmp_path / "reference.xlsx", tmp_path / "reference.pdf"  # the reference book prints them
    source.write_bytes(build("reference"))
    libreoffice.export_pdf(source, pdf)
    assert [page for page in pdf_pages(pdf) if translate("tables.title", "en") in page]


def test_a_swiss_of_60_prints_at_8_points_or_more(libreoffice, tmp_path):
    """The Swiss sheet's start numbers print at least 8/11 as tall as the Event sheet's words,
    which print at full size (11 pt): so at 8 pt or more. The names repeat on every page."""
    source, pdf = tmp_path / "swiss.xlsx", tmp_path / "swiss.pdf"
    source.write_bytes(build("swiss", players=60, rounds=9))
    libreoffice.export_pdf(source, pdf)
    pages = pdf_pages(pdf)
    full = word_heights(pdf, 1, translate("event.place", "en"))[0]
    # the pages of the Swiss sheet with start number 12 (round 12 never exists): its two halves
    swiss = [i + 1 for i, text in enumerate(pages) if "Swiss, 60 players" in text and word_heights(pdf, i + 1, "12")]
    assert len(swiss) == 2
    for page in swiss:
        heights = word_heights(pdf, page, "12")
        assert min(heights) >= full * 8 / 11 * 0.99, (page, heights, full)
        assert translate("col.name", "en") in pages[page - 1]
    wb = openpyxl.load_workbook(source)
    ws = wb[translate("sheet.swiss", "en")]
    assert ws.page_setup.fitToHeight == 0 and ws.print_title_rows == "$4:$5" and ws.print_title_cols == "$A:$D"


def test_standings_say_after_which_round_and_the_dates(libreoffice, tmp_path):
    import datetime as dt

    from books import put

    wb = openpyxl.load_workbook(io.BytesIO(build("swiss", players=4, rounds=3)))
    put(wb, "StartDate", dt.date(2026, 3, 1))
    put(wb, "EndDate", dt.date(2026, 3, 9))
    put(wb, "Pairings", [[2, 3, None], [1, None, None], [4, 1, None], [3, None, None]])
    put(wb, "Results", [[1, "½", None], [0, None, None], ["½", "½", None], ["½", None, None]])
    wb.save(tmp_path / "s.xlsx")
    libreoffice.recalculate(tmp_path / "s.xlsx", tmp_path / "v.xlsx")
    sheet = openpyxl.load_workbook(tmp_path / "v.xlsx", data_only=True)[translate("sheet.standings", "en")]
    assert sheet["A3"].value == "After round 2"
    assert [sheet[c].value.date() for c in ("D3", "E3")] == [dt.date(2026, 3, 1), dt.date(2026, 3, 9)]
    typed = openpyxl.load_workbook(tmp_path / "s.xlsx")[translate("sheet.standings", "en")]
    assert typed["D3"].number_format == typed["E3"].number_format == "yyyy-mm-dd"
