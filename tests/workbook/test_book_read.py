"""A book read back (:mod:`elo_xl.workbook.read`): the fast reader, straight from the XML, gives
exactly what openpyxl's reading gives, on books as elo-xl writes them, as openpyxl and
LibreOffice save them again (shared strings, other styles), with dates typed in date cells,
and with formulas typed into input cells (read as the value the book stores for them, or
refused naming the cell when it stores none)."""

from __future__ import annotations

import dataclasses
import datetime
import zipfile
from pathlib import Path

import pytest

from books import load_workbook, once, put
from elo_xl.cli import main
from elo_xl.errors import EloError
from elo_xl.event.samples import SWISS_TRF_PATH
from elo_xl.workbook import book_access, names, read

REAL = SWISS_TRF_PATH.parents[2] / "tests" / "data" / "real" / "karl-mala-2005.trf"


def both(path):
    """The event read the fast way (openpyxl forbidden) and through openpyxl."""
    def fast_only(path, data):
        raise AssertionError("the fast reader fell back to openpyxl")

    original = book_access.open_book
    book_access.open_book = fast_only
    try:
        fast = read.read_book(path)
    finally:
        book_access.open_book = original
    slow = read._read_swiss if read.is_swiss(opened := original(path, path.read_bytes())) else read._read_round_robin
    return fast, slow(path, opened)


def same(a, b):
    assert dataclasses.asdict(a) == dataclasses.asdict(b)


@pytest.fixture
def swiss_book(tmp_path):
    """The sample Swiss's book in the test's folder, as ``elo-xl workbook swiss --from`` writes it
    (made once per test process, :func:`books.once`: most tests here start from it)."""
    path = tmp_path / "s.xlsx"
    assert once(["workbook", "swiss", "--from", str(SWISS_TRF_PATH), "-o", str(path)], path) == 0
    return path


def test_a_book_as_written(swiss_book, tmp_path):
    same(*both(swiss_book))
    rr = tmp_path / "r.xlsx"
    csv = tmp_path / "rr.csv"
    csv.write_text("name,rating,k,1,2,3\nAn,2100,,x,1,½\nBinh,2000,20,0,x,\nChi,,,½,,x\n", encoding="utf-8")
    assert main(["workbook", "round-robin", "--from", str(csv), "--lang", "ar", "-o", str(rr)]) == 0
    same(*both(rr))


def test_a_real_event_as_written(tmp_path):
    path = tmp_path / "k.xlsx"
    assert once(["workbook", "swiss", "--from", str(REAL), "-o", str(path)], path) == 0
    fast, slow = both(path)
    same(fast, slow)
    assert len(fast.entrants) == 284


def test_a_book_saved_again_by_openpyxl_with_dates_and_numbers_typed(swiss_book, tmp_path):
    """openpyxl writes shared strings and its own styles; a date typed in a date cell and in a
    text cell, a whole number typed as a float, a result typed as a number."""
    wb = load_workbook(swiss_book)
    put(wb, names.EVENT_FIELDS["start"], datetime.datetime(2026, 3, 14))
    sheet, ref = next(iter(wb.defined_names[names.PLAYER_FIELDS["birth"]].destinations))
    cell = wb[sheet][ref.replace("$", "").split(":")[0]]
    cell.value, cell.number_format = datetime.datetime(1990, 1, 2), "yyyy-mm-dd"
    sheet, ref = next(iter(wb.defined_names[names.PLAYER_FIELDS["rating"]].destinations))
    wb[sheet][ref.replace("$", "").split(":")[0]].value = 2538.0
    again = tmp_path / "again.xlsx"
    wb.save(again)
    fast, slow = both(again)
    same(fast, slow)
    assert fast.start == "2026/03/14" and fast.entrants[0].birth == "1990/01/02" and fast.entrants[0].rating == 2538


def with_formula(book: Path, target: Path, cells: dict[str, tuple[str, str | None, str | None]]) -> Path:
    """The Swiss book ``book`` with formulas typed into cells of its Swiss sheet, each with the
    value a spreadsheet stores for it: {cell: (formula, value, type)} (value None: none stored;
    type ``str``, ``e`` for an error, None for a number), as Excel and LibreOffice write them."""
    from lxml import etree

    from elo_xl.io.xlsx import MAIN, sheet_parts

    with zipfile.ZipFile(book) as archive:
        part = sheet_parts(archive)["Swiss"]
        parts = {info.filename: archive.read(info) for info in archive.infolist()}
    root = etree.fromstring(parts[part])
    for where, (formula, value, kind) in cells.items():
        cell = root.find(f".//{{{MAIN}}}c[@r='{where}']")
        for child in list(cell):
            cell.remove(child)
        cell.attrib.pop("t", None)
        if kind:
            cell.set("t", kind)
        etree.SubElement(cell, f"{{{MAIN}}}f").text = formula
        if value is not None:
            etree.SubElement(cell, f"{{{MAIN}}}v").text = value
    parts[part] = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return target


def test_a_formula_in_an_input_cell_is_read_as_its_stored_value(swiss_book, tmp_path):
    """A name typed as a formula (``="Kim, "&"Ana"``, stored as Kim, Ana), a result typed as
    ``=1`` where the sample's player 1 won round 1 (Swiss!L6), and player 12's name as a
    formula whose value is the empty text: read as what the cells show, the same by both
    readers, and the rest of the event as before."""
    typed = with_formula(swiss_book, tmp_path / "formula.xlsx", {
        "D6": ('"Kim, "&"Ana"', "Kim, Ana", "str"), "L6": ("1", "1", None), "D17": ('""', "", "str")})
    fast, slow = both(typed)
    same(fast, slow)
    before = read.read_book(swiss_book)
    assert fast.entrants[0].name == "Kim, Ana" and before.entrants[0].name == "Vasquez, Alejandro"
    assert fast.entrants[11].name == "" and before.entrants[11].name != ""
    assert before.results[0][0] == "1" and fast.results == before.results  # =1 is the win typed as 1
    assert fast.entrants[1:11] == before.entrants[1:11]


@pytest.mark.parametrize("stored, says", [
    ((None, None), "holds a formula, and the book stores no value for it; recalculate the book (elo-xl recalc) or "
                   "type the value instead of the formula"),
    (("#DIV/0!", "e"), "holds a formula whose value is an error (#DIV/0!); type the value instead of the formula"),
])
def test_a_formula_without_a_usable_value_is_refused_naming_its_cell(swiss_book, tmp_path, stored, says):
    typed = with_formula(swiss_book, tmp_path / "formula.xlsx", {"D6": ('"Kim, "&"Ana"', *stored)})
    expected = f"{typed}, Swiss!D6: {says}"
    with pytest.raises(EloError) as fast:
        read.read_book(typed)
    assert str(fast.value) == expected
    opened = book_access.open_book(typed, typed.read_bytes())  # openpyxl's reading says the same
    with pytest.raises(EloError) as slow:
        read._read_swiss(typed, opened)
    assert str(slow.value) == expected


def test_a_formula_saved_by_openpyxl_is_refused_and_every_such_cell_counted(swiss_book, tmp_path, capsys):
    """openpyxl (and any program that does not calculate) stores no value for a formula (an
    empty ``<v>``): export says so in one line, naming the first cell and counting the others."""
    wb = load_workbook(swiss_book)
    sheet, ref = next(iter(wb.defined_names[names.PLAYER_FIELDS["name"]].destinations))
    first = int(ref.replace("$", "").split(":")[0][1:])
    wb[sheet][f"D{first}"].value = '="Kim, Ana"'
    wb[sheet][f"D{first + 1}"].value = '="Kim"'
    typed = tmp_path / "formula.xlsx"
    wb.save(typed)
    assert main(["export", str(typed), "-o", str(tmp_path / "out.trf")]) == 2
    err = capsys.readouterr().err
    assert err == (f"elo-xl: {typed}, Swiss!D{first}: holds a formula, and the book stores no value for it (nor for 1 "
                   "more cell of Names); recalculate the book (elo-xl recalc) or type the value instead of the "
                   "formula\n")


@pytest.mark.office
def test_a_formula_typed_then_recalculated_is_read(swiss_book, tmp_path, libreoffice):
    """What the refusal advises: the book recalculated stores the formula's value, read as the name."""
    wb = load_workbook(swiss_book)
    wb["Swiss"]["D6"].value = '="Kim, "&"Ana"'
    typed, recalculated = tmp_path / "formula.xlsx", tmp_path / "recalculated.xlsx"
    wb.save(typed)
    with pytest.raises(EloError, match="stores no value"):
        read.read_book(typed)
    libreoffice.recalculate(typed, recalculated)
    assert read.read_book(recalculated).entrants[0].name == "Kim, Ana"


@pytest.mark.office
def test_a_book_saved_by_libreoffice(swiss_book, libreoffice, tmp_path):
    saved = tmp_path / "lo.xlsx"
    libreoffice.recalculate(swiss_book, saved)
    fast, slow = both(saved)
    same(fast, slow)
    assert [e.name for e in fast.entrants] == [e.name for e in read.read_book(swiss_book).entrants]


# --- a book of the first layout (three blocks: Pairings, Colours, Results) -----------------------

LAYOUT_1 = SWISS_TRF_PATH.parents[2] / "tests" / "data" / "books" / "swiss-layout-1.xlsx"


def test_a_book_of_the_first_layout_reads_as_it_did(tmp_path):
    """The book elo-xl 0.1.0 wrote (rounds in three blocks) exports to the file that release
    exported from it, and to what a book of today's layout, made from the same TRF file, exports:
    both readers, the fast one and openpyxl's, read the three blocks."""
    from elo_xl.export import book_to_trf

    expected = LAYOUT_1.with_name("swiss-layout-1.export.trf").read_text(encoding="utf-8")
    assert book_to_trf(LAYOUT_1) == expected
    fast, slow = both(LAYOUT_1)
    same(fast, slow)
    today = tmp_path / "today.xlsx"
    assert main(["workbook", "swiss", "--from", str(SWISS_TRF_PATH), "--rounds", "8", "-o", str(today)]) == 0
    assert names.ROUNDS in load_workbook(today).defined_names
    assert book_to_trf(today) == expected
    same(read.read_book(today), fast)


def test_the_grid_of_either_layout():
    """Where pair types: round 8's opponent, colour and result cells of player 1 (row 6), in the
    first layout's blocks (J–Q, R–Y, Z–AG for 8 rounds) and side by side (J, K, L for round 1)."""
    old = read.swiss_grid(LAYOUT_1)
    assert (old.sheet, old.players, old.rounds) == ("Swiss", 12, 8)
    assert [old.cell(0, 7, k) for k in range(3)] == ["Q6", "Y6", "AG6"]
    new = read.Grid("Swiss", 6, 12, 8, ((10, 3), (11, 3), (12, 3)))
    assert [new.cell(0, 7, k) for k in range(3)] == ["AE6", "AF6", "AG6"]  # J + 3 × 7 = AE
