"""The tests' loader of workbooks (``tests/books.py``, :func:`books.load_workbook`): a workbook
it unpickles is the workbook openpyxl reads, so a test that types into it and saves it writes
what it would have written with openpyxl's own reading."""

from __future__ import annotations

import html
import io
import os
import re
import zipfile
from pathlib import Path

import openpyxl
import pytest
from openpyxl.formula.translate import Translator, TranslatorError
from openpyxl.utils.cell import coordinate_to_tuple, get_column_letter

import books
from books import built, frozen, load_workbook, saved, thawed
from shared_formulas import QuickTranslator


@pytest.mark.parametrize("kind, options", [
    ("swiss", {"players": 12, "rounds": 5}), ("round-robin", {"double": True}),
    ("team", {"teams": 4, "boards": 2, "rounds": 3}), ("player", {}), ("match", {}),
])
def test_a_thawed_workbook_saves_what_openpyxl_reads(kind, options):
    data = built(kind, **options)
    fresh = openpyxl.load_workbook(io.BytesIO(data))
    pickled = frozen(fresh, data)
    copy = thawed(pickled)
    assert any(len(sheet.merged_cells.ranges) > 1 for sheet in copy.worksheets)  # the order put back is tried
    assert saved(copy) == saved(fresh)
    # every cell's style number as openpyxl gives it for the book it read, cell after cell: the
    # styles the reader changed after listing them are listed again, in the same places
    again = openpyxl.load_workbook(io.BytesIO(data))
    assert style_ids(thawed(pickled)) == style_ids(again)
    # its own workbook: typing into a copy leaves the next copy as read
    copy.active["A1"] = "typed"
    assert thawed(pickled).active["A1"].value != "typed"


def style_ids(book: openpyxl.Workbook) -> list[list[int]]:
    return [[cell.style_id for row in sheet.iter_rows() for cell in row] for sheet in book.worksheets]


def test_the_match_book_has_styles_the_reader_lost():
    """The case :func:`books.thawed` puts back: openpyxl 3.1 reads the match book with some
    cell styles no lookup finds, so the style numbers of a read book depend on it."""
    data = built("match")
    book = openpyxl.load_workbook(io.BytesIO(data))
    lost = [i for i, style in enumerate(book._cell_styles) if book._cell_styles._dict.get(style) != i]
    listed = len(book._cell_styles)
    assert lost
    assert max(max(ids) for ids in style_ids(book)) >= listed  # listed again at the end


def test_the_run_has_its_folder():
    """conftest.py made the folder this helper keeps its workbooks in, under the name it reads."""
    assert Path(os.environ[books.PICKLES]).is_dir()


def test_the_third_load_comes_from_the_run_folder(tmp_path, monkeypatch):
    monkeypatch.setenv(books.PICKLES, str(tmp_path))
    monkeypatch.setattr(books, "KEEP_AFTER", 0)
    data = built("swiss", players=12, rounds=5)
    first = load_workbook(io.BytesIO(data))
    assert [path.suffix for path in tmp_path.iterdir()] == [".seen"]  # read once: nothing pickled
    second = load_workbook(data)
    assert sorted(path.suffix for path in tmp_path.iterdir()) == [".pickle", ".seen"]
    third = load_workbook(data)  # the first two were openpyxl's own readings
    assert third is not first and saved(third) == saved(first) == saved(second)
    # other options are another reading: data_only reads no formula
    values = load_workbook(data, data_only=True)
    assert len(list(tmp_path.iterdir())) == 3
    assert not any(cell.data_type == "f" for sheet in values.worksheets for row in sheet.iter_rows() for cell in row)


def test_a_book_whose_ranges_are_not_found_is_not_kept(tmp_path, monkeypatch):
    monkeypatch.setenv(books.PICKLES, str(tmp_path))
    monkeypatch.setattr(books, "KEEP_AFTER", 0)
    book = openpyxl.Workbook()
    book.active.merge_cells("A1:B2")
    buffer = io.BytesIO()
    book.save(buffer)
    out = io.BytesIO()
    with zipfile.ZipFile(buffer) as source, zipfile.ZipFile(out, "w") as target:
        for name in source.namelist():  # the range written as another program may write it
            target.writestr(name, source.read(name).replace(b'<mergeCell ref="A1:B2"', b"<mergeCell ref='A1:B2'"))
    data = out.getvalue()
    assert b"<mergeCell ref='A1:B2'" in zipfile.ZipFile(out).read("xl/worksheets/sheet1.xml")
    assert frozen(openpyxl.load_workbook(io.BytesIO(data)), data) is None
    for _ in range(3):
        assert saved(load_workbook(data)) == saved(openpyxl.load_workbook(io.BytesIO(data)))
    assert [path.suffix for path in tmp_path.iterdir()] == [".seen"]


def _shared_formulas(data: bytes) -> list[tuple[str, str, list[str]]]:
    """Each shared formula of a book: its top cell's text and cell, and the cells that share it."""
    found = []
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for name in archive.namelist():
            if name.startswith("xl/worksheets/sheet"):
                xml = archive.read(name).decode()
                tops = re.findall(r'<c r="([A-Z]+\d+)"[^>]*><f t="shared" ref="[^"]+" si="(\d+)">([^<]*)</f>', xml)
                below = re.findall(r'<c r="([A-Z]+\d+)"[^>]*><f t="shared" si="(\d+)"/>', xml)
                for top, group, text in tops:
                    cells = [cell for cell, number in below if number == group]
                    found.append(("=" + html.unescape(text), top, cells))
    return found


@pytest.mark.parametrize("kind, options", [
    ("swiss", {"players": 12, "rounds": 5}), ("swiss", {"players": 12, "rounds": 5, "lang": "ru"}),
    ("round-robin", {"double": True}), ("team", {"teams": 4, "boards": 2, "rounds": 3}), ("player", {}), ("match", {}),
])
def test_the_quick_translator_gives_every_cell_what_openpyxl_gives(kind, options):
    """Every shared formula of the book, to every cell that shares it, and to cells across and
    above (columns shifted, rows off the sheet: openpyxl's error)."""
    formulas = _shared_formulas(built(kind, **options))
    assert formulas
    for text, top, cells in formulas:
        ours, theirs = QuickTranslator(text, top), Translator(text, top)
        row, column = coordinate_to_tuple(top)
        elsewhere = [f"{get_column_letter(c)}{r}" for r in (1, row + 3) for c in (1, column + 2, 16384)]
        for cell in cells + elsewhere:
            assert_same_translation(ours, theirs, cell)


@pytest.mark.parametrize("text", [
    "=A1+B$2+$C3+$D$4", "=SUM(A1:B2)+SUM($A:B)+SUM(1:$2)", "='My sheet'!A1+Sheet2!$B2:C$3", "=A1:B2:Cap",
    '="A1"&A1', "=Cap+K40+XFD1+a1", "=5", "text", "=", "=SUM(Rounds)", "={1,2;3,4}+A1",
])
def test_the_quick_translator_on_forms_the_books_do_not_write(text):
    ours, theirs = QuickTranslator(text, "C3"), Translator(text, "C3")
    for cell in ("C3", "C9", "A1", "E2", "XFD3", "B1048576"):
        assert_same_translation(ours, theirs, cell)


def assert_same_translation(ours: QuickTranslator, theirs: Translator, cell: str) -> None:
    """The formula shifted to ``cell`` by both: the same text, or openpyxl's error from both."""
    try:
        expected = theirs.translate_formula(cell)
    except TranslatorError:
        with pytest.raises(TranslatorError):
            ours.translate_formula(cell)
    else:
        assert ours.translate_formula(cell) == expected, (ours.formula, ours.origin, cell)
