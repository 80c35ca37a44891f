"""The books as a person sees them: printed pages, and values stored for readers that do not calculate."""

import io
import re
import subprocess
import zipfile

import pytest

from elo_xl import rate_event
from elo_xl.recalc import read_named
from elo_xl.event.samples import ROUND_ROBIN
from books import built, load_workbook
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


@pytest.mark.usefixtures("print_fonts")  # counts printed pages: Carlito
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
    wb = load_workbook(io.BytesIO(build("swiss", "ar", players=4, rounds=2)))
    assert all(ws.sheet_view.rightToLeft for ws in wb.worksheets)
    assert wb.worksheets[1].title == translate("sheet.swiss", "ar")


def test_values_are_stored_and_nothing_else_changes(libreoffice, tmp_path):
    plain = sample_book()
    stored = with_values(plain, libreoffice)
    # the engine's numbers are there for a reader that does not calculate
    wb = load_workbook(io.BytesIO(stored), data_only=True)
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
    assert load_workbook(io.BytesIO(stored)).worksheets[1].freeze_panes == "E6"  # No, sex, title and name stay in view


@pytest.mark.parametrize("lang", ["en", "vi", "ar", "ru"])
def test_every_template_exports_to_pdf(libreoffice, tmp_path, lang):
    for kind in ("player", "round-robin", "swiss", "match", "reference"):
        source, pdf = tmp_path / f"{kind}.xlsx", tmp_path / f"{kind}.pdf"
        source.write_bytes(built(kind, lang))
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
        wb = load_workbook(source)
        assert wb[translate("sheet.tables", "en")].sheet_state == "hidden"
        libreoffice.export_pdf(source, pdf)
        assert not [page for page in pdf_pages(pdf) if translate("tables.title", "en") in page], kind
    source, pdf = tmp_path / "reference.xlsx", tmp_path / "reference.pdf"  # the reference book prints them
    source.write_bytes(build("reference"))
    libreoffice.export_pdf(source, pdf)
    assert [page for page in pdf_pages(pdf) if translate("tables.title", "en") in page]


@pytest.mark.usefixtures("print_fonts")  # measures printed words: Carlito
def test_a_swiss_of_60_prints_at_8_points_or_more(libreoffice, tmp_path):
    """The Swiss sheet's start numbers print at least 8/11 as tall as the Event sheet's words,
    which print at full size (11 pt): so at 8 pt or more. It prints one page wide: the players
    table (repeated columns) and the outputs; the typed grid between them is not printed (the
    Crosstable sheet prints the games)."""
    source, pdf = tmp_path / "swiss.xlsx", tmp_path / "swiss.pdf"
    source.write_bytes(build("swiss", players=60, rounds=9))
    libreoffice.export_pdf(source, pdf)
    pages = pdf_pages(pdf)
    full = word_heights(pdf, 1, translate("event.place", "en"))[0]
    # the top page of the Swiss sheet, with start number 12
    swiss = [i + 1 for i, text in enumerate(pages) if "Swiss, 60 players" in text and word_heights(pdf, i + 1, "12")]
    assert len(swiss) == 1
    for page in swiss:
        heights = word_heights(pdf, page, "12")
        assert min(heights) >= full * 8 / 11 * 0.99, (page, heights, full)
        assert translate("col.name", "en") in pages[page - 1] and translate("out.NewRating", "en") in pages[page - 1]
        assert "Round 1" not in pages[page - 1] and "Type each board once" not in pages[page - 1]
    wb = load_workbook(source)
    ws = wb[translate("sheet.swiss", "en")]
    assert ws.page_setup.fitToHeight == 0 and ws.page_setup.fitToWidth == 1
    assert ws.print_title_rows == "$5:$5" and ws.print_title_cols == "$A:$I"


def tokens(text: str) -> set[str]:
    """The letter runs and digit runs of a text, as pdftotext prints it or as a cell holds it
    (right-to-left marks dropped; pdftotext moves the Arabic comma and joins digits to words)."""
    import re

    from test_workbook_looks import words

    return set(re.findall(r"[^\W\d_]+|\d+", " ".join(words(text))))


def sheet_pages(pages: list[str], first: set[str], following: set[str]) -> list[set[str]]:
    """The words of each page of one sheet: from the first page holding the words ``first`` (its
    title) to the page before the first that holds ``following`` (the next sheet's title)."""
    printed = [tokens(text) for text in pages]
    start = next(i for i, w in enumerate(printed) if first <= w)
    end = next(i for i, w in enumerate(printed) if i > start and following <= w)
    return printed[start:end]


@pytest.mark.usefixtures("print_fonts")  # counts printed pages: Carlito
@pytest.mark.parametrize("lang", ["en", "vi", "ar", "ru"])
def test_wide_sheets_cut_no_title_and_no_header(libreoffice, tmp_path, lang):
    """A round-robin sheet printed several pages wide (at the default size and at 20 players)
    cuts no title and no header: the page breaks run between columns that no merged cell
    spans, and the title wraps within the columns every page repeats. In the PDF the whole
    title prints on the top page of every strip across; LibreOffice adds no strip of its own."""
    from openpyxl.utils.cell import column_index_from_string, range_boundaries

    def all_of(text: str, page: set[str]) -> bool:
        # pdftotext loses a final ligature of Arabic (فارغًا comes out as فار): a word then counts
        # as printed when the page has its beginning
        return all(t in page or (lang == "ar" and any(len(p) >= 2 and t.startswith(p) for p in page))
                   for t in tokens(text))

    # the Swiss sheet prints one page wide (its players table and outputs; the grid is the
    # Crosstable's): test_a_swiss_of_60_prints_at_8_points_or_more
    cases = [("round-robin", {}), ("round-robin", {"players": 20})]
    for kind, size in cases:
        source, pdf = tmp_path / f"{kind}.xlsx", tmp_path / f"{kind}.pdf"
        source.write_bytes(build(kind, lang, **size))
        ws = load_workbook(source).worksheets[1]
        players = size.get("players", 10)
        last = column_index_from_string(ws.print_title_cols.split(":")[1].replace("$", ""))
        breaks = [b.id for b in ws.col_breaks.brk]
        strips = len(breaks) + 1
        assert breaks and ws.page_setup.fitToWidth == strips and ws.page_setup.scale >= 73, (kind, size, lang)
        for merged in ws.merged_cells.ranges:
            c0, r0, c1, r1 = range_boundaries(str(merged))
            assert not any(c0 <= b < c1 for b in breaks), (kind, lang, str(merged))
            assert c0 > 1 or c1 <= last, (kind, lang, str(merged))  # the title, the event line, the label
        title = ws["A1"].value
        libreoffice.export_pdf(source, pdf)
        pages = sheet_pages(pdf_pages(pdf), tokens(title), tokens(translate("title.standings", lang, players=players)))
        assert len(pages) % strips == 0, (kind, size, lang, len(pages), strips)
        assert sum(all_of(title, page) for page in pages) == strips, (kind, size, lang)


@pytest.mark.usefixtures("print_fonts")  # counts printed pages: Carlito
def test_an_empty_norms_sheet_prints_no_grid_and_a_filled_one_its_rows(libreoffice, tmp_path):
    """A new book's Norms sheet (no player typed) prints its title, its two settings and its
    headers on one page, and no row: the grid is drawn only where a row holds a player. With
    five players typed and two norms chosen before round 1, the sheet prints those five rows:
    in the Swiss each chosen norm has its 9 rounds still to play, no opponent known (nothing is
    paired); in the round robin the four other players are the opponents."""
    import re

    from books import put
    from elo_xl.workbook.norms_sheet import TOP

    def norms_pages(pdf, players: int) -> list[str]:
        pages = pdf_pages(pdf)
        start = next(i for i, text in enumerate(pages) if translate("title.norms", "en", players=players) in text)
        # the Norms sheet prints last (the Tables sheet prints nothing); each page without its footer
        return [re.sub(r"\s*\d+ ?/ ?\d+\s*$", "", text) for text in pages[start:]]

    for kind, size in (("round-robin", {"players": 10}), ("swiss", {"players": 20, "rounds": 9})):
        source, pdf = tmp_path / f"{kind}.xlsx", tmp_path / f"{kind}.pdf"
        source.write_bytes(build(kind, **size))
        ws = load_workbook(source)[translate("sheet.norms", "en")]
        assert all(ws.cell(TOP, c).fill.fill_type is None and not (ws.cell(TOP, c).border.left
                                                                    and ws.cell(TOP, c).border.left.style)
                   for c in range(1, 11)), kind
        libreoffice.export_pdf(source, pdf)
        pages = norms_pages(pdf, size["players"])
        assert len(pages) == 1, (kind, len(pages))
        # the page ends with the headers: no start number, no row
        assert pages[0].rstrip().splitlines()[-1].split()[-1] in (translate("col.norm_status", "en"), "required"), pages[0]
        assert not {"1", "2", "3", "4", "5"} & set(pages[0].split()), pages[0]

        wb = load_workbook(source)
        names = [f"Player {i}" for i in range(1, 6)]
        put(wb, "Names", names + [None] * (size["players"] - 5))
        put(wb, "NormTitle", ["GM", None, "IM", None, None] + [None] * (size["players"] - 5))
        wb.save(source)
        libreoffice.export_pdf(source, pdf)
        pages = norms_pages(pdf, size["players"])
        assert len(pages) == 1 and all(name in pages[0] for name in names), pages
        if kind == "swiss":
            assert pages[0].count("9 games still to play, no opponent known yet") == 2, pages[0]
        else:  # four opponents, unrated: each counts as 1400 (B.01 1.4.6), the lowest raised to the
            # norm's floor (2200 GM, 2050 IM): Ra (3 × 1400 + 2200) / 4 = 1600, (3 × 1400 + 2050) / 4 = 1562.5 → 1563
            assert "not possible: Ra 1600 below 2380" in pages[0] and "not possible: Ra 1563 below 2230" in pages[0]


def _paired_swiss(n: int, folder) -> bytes:
    """A Swiss book of ``n`` players (names ``Player001, Test``…), round 1 paired by ``pair``."""
    from elo_xl.cli import main
    from elo_xl.io.trf_model import TrfEvent, TrfPlayer, TrfRecord
    from elo_xl.io.trf_write import write_trf

    trf, book = folder / f"open{n}.trf", folder / f"open{n}.xlsx"
    trf.write_text(write_trf(TrfEvent(headers=[TrfRecord("012 Print test"), TrfRecord("XXR 7")], players=[
        TrfPlayer(k, f"Player{k:03d}, Test", rating=2400 - k, points=0.0) for k in range(1, n + 1)])),
        encoding="utf-8")
    assert main(["workbook", "swiss", "--from", str(trf), "-o", str(book)]) == 0
    assert main(["pair", str(book), "-o", str(book)]) == 0
    return book.read_bytes()


@pytest.mark.usefixtures("print_fonts")  # counts printed pages: Carlito
@pytest.mark.parametrize("players", [8, 34, 100, 300])
def test_every_printed_page_names_a_player(libreoffice, tmp_path, capsys, players):
    """Each sheet that lists the players (all but Event) prints no page without one of them: no
    page holding only the header row repeated (the Standings of 34 printed such a second page,
    for its note row under the table); and the Standings' start number stands apart from the
    name (centred)."""
    book, pdf = tmp_path / "book.xlsx", tmp_path / "book.pdf"
    book.write_bytes(_paired_swiss(players, tmp_path))
    capsys.readouterr()
    libreoffice.export_pdf(book, pdf)
    pages = pdf_pages(pdf)
    blank = [k + 1 for k, text in enumerate(pages)
             if "Event and rules" not in text and not re.search(r"Player\d{3}, Test", text)]
    assert blank == [], f"pages {blank} of {len(pages)} name no player"
    standings = load_workbook(book)[translate("sheet.standings", "en")]
    assert standings["B5"].alignment.horizontal == "center"
