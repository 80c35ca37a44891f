"""A book saved again by another engine, or by hand (issue 30, "One book, many hands"): every
reader and writer of books reads and edits its XML whatever the form — whitespace between
elements (Gnumeric), SpreadsheetML under a prefix (``<x:c>``), attributes in single quotes
with spaces around ``=`` and in another order, shared strings instead of inline strings, empty
elements written open and shut, CR LF line ends.

The forms are made by ``bench/resaved_books.py`` (lxml parses each part and writes it again).
What each test expects is read by openpyxl from the book before and after, or comes from the
TRF file the book was made from: never from the code under test. The same books through
Gnumeric and LibreOffice themselves are ``tests/recalc/test_resaved_recalc.py``.
"""

from __future__ import annotations

import io
import sys
import zipfile
from pathlib import Path

import openpyxl
import pytest
from openpyxl.utils.cell import get_column_letter, range_boundaries
from openpyxl.workbook.defined_name import DefinedName

from elo_xl.cli import main
from elo_xl.errors import EloError
from elo_xl.event.samples import SWISS_TRF_PATH
from elo_xl.io.trf_read import parse_trf
from elo_xl.recalc import values as reading
from elo_xl.workbook.add_functions import add_functions
from elo_xl.workbook.archive import Injection, inject_values, set_cells
from books import load_workbook
from pairing_cases import cut

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import resaved_books  # noqa: E402

#: Each form alone, and all of them at once.
FORMS = {
    "indented": {"indent": True},
    "prefixed": {"prefix": True},
    "single quotes, reordered": {"quotes": True, "reorder": True},
    "shared strings": {"shared": True},
    "open and shut": {"expand": True},
    "crlf": {"indent": True, "crlf": True},
    "every form": {way: True for way in resaved_books.WAYS},
}
#: The forms the slower tests (each reads whole books in openpyxl) take: Gnumeric's, a prefix,
#: quotes, and all at once.
SOME_FORMS = ["indented", "prefixed", "single quotes, reordered", "every form"]
#: What each form shows in the Swiss sheet's XML (so that a form that changed nothing fails).
MARKS = {"indented": b">\n      <c ", "prefixed": b"<x:c r=", "single quotes, reordered": b" = '",
         "shared strings": b't="s"', "open and shut": b"></c>", "crlf": b"\r\n", "every form": b"<x:c "}


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> dict:
    """The sample Swiss as it stood before round 5 (a TRF file), its book, and the book in each form."""
    folder = tmp_path_factory.mktemp("resaved")
    trf = folder / "open.trf"
    trf.write_text(cut(Path(SWISS_TRF_PATH).read_text(encoding="utf-8"), 4), encoding="utf-8")
    book = folder / "open.xlsx"
    assert main(["workbook", "swiss", "--from", str(trf), "-o", str(book), "--k", "20"]) == 0
    data = book.read_bytes()
    return {"folder": folder, "trf": trf, "book": data,
            "forms": {form: resaved_books.resave(data, **ways) for form, ways in FORMS.items()}}


def as_written(value):
    """A cell's content as openpyxl reads it, formulas as their text (array formulas too)."""
    return getattr(value, "text", value)


_READ: dict[tuple[bytes, bool], tuple[dict, dict]] = {}  # the books' readings, made once (a reading takes a second)


def read_book(data: bytes, data_only: bool = False) -> tuple[dict[tuple[str, str], object], dict[tuple[str, str], str]]:
    """Every non-empty cell of every sheet and every formula cell, as openpyxl reads them."""
    if (data, data_only) not in _READ:
        book = load_workbook(io.BytesIO(data), data_only=data_only)
        cells = [(sheet.title, cell) for sheet in book.worksheets for row in sheet.iter_rows() for cell in row]
        _READ[data, data_only] = ({(title, cell.coordinate): as_written(cell.value) for title, cell in cells
                                   if cell.value is not None},
                                  {(title, cell.coordinate): as_written(cell.value) for title, cell in cells
                                   if cell.data_type == "f"})
    return _READ[data, data_only]


def contents(data: bytes, data_only: bool = False) -> dict[tuple[str, str], object]:
    """Every non-empty cell of every sheet, as openpyxl reads it."""
    return read_book(data, data_only)[0]


def formulas(data: bytes) -> dict[tuple[str, str], str]:
    """Every formula cell of every sheet and its formula, as openpyxl reads them."""
    return read_book(data)[1]


def swiss_xml(data: bytes) -> bytes:
    return resaved_books._parts(data)[resaved_books.sheet_part(data, "Swiss")]


@pytest.mark.parametrize("form", FORMS)
def test_each_form_is_what_it_says_and_reads_the_same_in_openpyxl(made, form):
    data = made["forms"][form]
    assert MARKS[form] in swiss_xml(data)
    assert contents(data) == contents(made["book"])


@pytest.mark.parametrize("form", SOME_FORMS)
def test_values_are_stored_whatever_the_form(made, form):
    """The values recalc stores (a number, a fraction, text with markup characters, a logical,
    an error, the empty text) land in the formula cells openpyxl sees, and nothing else changes."""
    data = made["forms"][form]
    before = contents(data)
    cells = sorted(formulas(data))
    assert len(cells) > 1000
    cycle = [7, 2.5, "a <b> & 'c'", True, "#DIV/0!", None]
    values: dict[str, dict[str, object]] = {}
    for k, (sheet, cell) in enumerate(cells):
        values.setdefault(sheet, {})[cell] = cycle[k % len(cycle)]
    done = inject_values(data, values)
    cached = contents(done, data_only=True)
    for k, (sheet, cell) in enumerate(cells):
        assert cached.get((sheet, cell)) == cycle[k % len(cycle)], (sheet, cell)
    assert contents(done) == before


@pytest.mark.parametrize("form", SOME_FORMS)
def test_cells_are_typed_whatever_the_form(made, form):
    """What pair types (a name, a number, a text with a space at its end, a cell emptied, a row
    the sheet lacked) reads back in openpyxl; every other cell is as it was; a formula is not typed over."""
    data = made["forms"][form]
    book = load_workbook(io.BytesIO(data), read_only=True)  # its names only (the cells: contents)
    (sheet, names), = book.defined_names["Names"].destinations
    (_, ratings), = book.defined_names["Ratings"].destinations
    name_column, name_row, _, _ = range_boundaries(names.replace("$", ""))
    rating_column, rating_row, _, _ = range_boundaries(ratings.replace("$", ""))
    typed = {f"{get_column_letter(name_column)}{name_row}": "Nguyen, Typed ",
             f"{get_column_letter(rating_column)}{rating_row}": 2345,
             f"{get_column_letter(name_column)}{name_row + 1}": None, "B400": 1.5}
    done = set_cells(data, sheet, typed)
    before, after = contents(data), contents(done)
    for cell, value in typed.items():
        assert after.get((sheet, cell)) == value
    assert {k: v for k, v in after.items() if k[0] != sheet or k[1] not in typed} == \
        {k: v for k, v in before.items() if k[0] != sheet or k[1] not in typed}
    formula = next(cell for title, cell in formulas(data) if title == sheet)
    with pytest.raises(ValueError, match="holds a formula"):
        set_cells(data, sheet, {formula: 1})


def _games(trf_text: str, rounds: int) -> list:
    """Each player's name, rating and games of the first ``rounds`` rounds (opponent, colour, result)."""
    event = parse_trf(trf_text)
    return [(p.name, p.rating, [(g.opponent, g.colour, g.result) for g in p.games[:rounds]]) for p in event.players]


@pytest.mark.parametrize("form", FORMS)
def test_export_reads_every_form(made, form, tmp_path, capsys):
    book, out = tmp_path / "book.xlsx", tmp_path / "out.trf"
    book.write_bytes(made["forms"][form])
    assert main(["export", str(book), "-o", str(out)]) == 0
    assert _games(out.read_text(encoding="utf-8"), 4) == _games(made["trf"].read_text(encoding="utf-8"), 4)


@pytest.mark.parametrize("form", SOME_FORMS)
def test_pair_writes_round_five_into_every_form(made, form, tmp_path, capsys):
    """The round pair types into the book is the round it writes into the TRF file the book was
    made from; the book still opens in openpyxl, its formulas as they were."""
    book, paired, trf = tmp_path / "book.xlsx", tmp_path / "paired.xlsx", tmp_path / "paired.trf"
    book.write_bytes(made["forms"][form])
    assert main(["pair", str(book), "-o", str(paired)]) == 0
    assert main(["pair", str(made["trf"]), "-o", str(trf)]) == 0
    exported = tmp_path / "exported.trf"
    assert main(["export", str(paired), "-o", str(exported)]) == 0

    def round_five(text):
        return [[(opponent, colour) for opponent, colour, _ in games[4:5]] for _, _, games in _games(text, 5)]

    assert round_five(exported.read_text(encoding="utf-8")) == round_five(trf.read_text(encoding="utf-8"))
    assert formulas(paired.read_bytes()) == formulas(made["forms"][form])


@pytest.mark.parametrize("form", FORMS)
def test_error_cells_are_read_whatever_the_form(made, form):
    """The error values a recalculated book holds (read apart from python-calamine, which reads
    them as empty text) are found in every form: openpyxl reads the same cells as errors."""
    errors = {"Swiss": {}}
    swiss = [cell for title, cell in formulas(made["book"]) if title == "Swiss"]
    codes = ["#DIV/0!", "#N/A", "#VALUE!", "#REF!"]
    for k, cell in enumerate(swiss[::37]):
        errors["Swiss"][cell] = codes[k % len(codes)]
    data = resaved_books.resave(inject_values(made["book"], errors), **FORMS[form])
    expected = {cell: value for (title, cell), value in contents(data, data_only=True).items()
                if title == "Swiss" and value in codes}
    assert len(expected) == len(errors["Swiss"])
    assert reading._error_cells(swiss_xml(data)) == expected


@pytest.mark.parametrize("form", FORMS)
def test_functions_are_added_whatever_the_form(form):
    book = openpyxl.Workbook()
    book.active["A1"], book.active["B1"] = 2400, "=A1+1"
    book.defined_names["Mine"] = DefinedName("Mine", attr_text="Sheet!$A$1")
    buffer = io.BytesIO()
    book.save(buffer)
    data = resaved_books.resave(buffer.getvalue(), **FORMS[form])
    done = load_workbook(io.BytesIO(add_functions(data, "club.xlsx")))
    assert {"Mine", "ELO_EXPECTED", "ELO_NEW"} <= set(done.defined_names)
    assert (done["Sheet"]["A1"].value, done["Sheet"]["B1"].value) == (2400, "=A1+1")
    assert [s.sheet_state for s in done.worksheets] == ["visible", "hidden"]


# --- a sheet written by hand, as Gnumeric writes it ---------------------------------------------

MAIN = b"http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def hand_written(sheet_data: bytes, root: bytes = b'<x:worksheet xmlns:x="' + MAIN + b'">', end=b"</x:worksheet>") -> bytes:
    """A one-sheet book whose sheet part is ``root`` + ``sheet_data`` + ``end``, written by hand."""
    parts = {
        "[Content_Types].xml": b'<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                               b'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
                               b'<Default Extension="xml" ContentType="application/xml"/>'
                               b'<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
                               b'officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" '
                               b'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
        "_rels/.rels": b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship '
                       b'Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" '
                       b'Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": b"<workbook xmlns='" + MAIN + b"' xmlns:r='http://schemas.openxmlformats.org/officeDocument/"
                           b"2006/relationships'>\n  <sheets>\n    <sheet name='Hand' sheetId='1' r:id='rId1'/>\n  </sheets>\n"
                           b"</workbook>",
        "xl/_rels/workbook.xml.rels": b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                                      b'<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
                                      b'relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
        "xl/worksheets/sheet1.xml": b'<?xml version="1.0" encoding="UTF-8"?>\n' + root + sheet_data + end,
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return buffer.getvalue()


GNUMERIC_LIKE = (b"\n  <x:sheetData>\n    <x:row r='1' spans='1:4'>\n"
                 b"      <x:c r='A1' t='inlineStr'>\n        <x:is>\n          <x:t>Ann</x:t>\n        </x:is>\n      </x:c>\n"
                 b"      <x:c r = 'B1' >\n        <x:v>2400</x:v>\n      </x:c>\n"
                 b"      <x:c r='C1' t='s'>\n        <x:f>B1*2</x:f>\n        <x:v>17</x:v>\n      </x:c>\n"
                 b"      <x:c t=\"str\" r=\"D1\">\r\n        <x:f t='shared' ref='D1:D2' si='0'>B1&amp;\"&gt;\"</x:f>\r\n"
                 b"        <x:v/>\r\n      </x:c>\n      <x:c r='E1'/>\n      <x:c r='F1'></x:c>\n    </x:row>\n"
                 b"    <x:row r='2'>\n      <x:c r='D2'><x:f t='shared' si='0' /></x:c>\n    </x:row>\n"
                 b"  </x:sheetData>\n")


def test_a_sheet_written_by_hand_as_gnumeric_writes_it():
    data = hand_written(GNUMERIC_LIKE)
    done = inject_values(data, {"Hand": {"C1": 4800, "D1": "2400>", "D2": "#N/A"}})
    sheet = load_workbook(io.BytesIO(done), data_only=True)["Hand"]
    assert [sheet[c].value for c in ("A1", "B1", "C1", "D1", "D2", "E1", "F1")] == \
        ["Ann", 2400, 4800, "2400>", "#N/A", None, None]
    typed = load_workbook(io.BytesIO(set_cells(data, "Hand", {"E1": "x", "F1": 3, "B3": 1})))["Hand"]
    assert [typed[c].value for c in ("A1", "B1", "C1", "E1", "F1", "B3")] == ["Ann", 2400, "=B1*2", "x", 3, 1]


@pytest.mark.parametrize("sheet_data, root, message", [
    (b"<x:sheetData><x:row r='1'><x:c r='A1'><x:f><![CDATA[1+1]]></x:f></x:c></x:row></x:sheetData>", None,
     r"sheet1.xml: a formula cell is written in a way elo-xl does not read \(1 of 1 formulas\)"),
    (b"<x:sheetData><x:row r='1'><x:c><x:f>1+1</x:f></x:c></x:row></x:sheetData>", None,
     "sheet1.xml: a formula cell without its reference"),
    (b"<sheetData/>", b'<worksheet xmlns="http://purl.oclc.org/ooxml/spreadsheetml/main">',
     "sheet1.xml: the part's root element is not in the namespace"),
])
def test_what_no_engine_writes_is_one_line_naming_the_part(sheet_data, root, message):
    kwargs = {"root": root, "end": b"</worksheet>"} if root else {}
    with pytest.raises(EloError, match=message) as refused:
        Injection(hand_written(sheet_data, **kwargs))
    assert "\n" not in str(refused.value)


def test_a_damaged_archive_is_one_line(made):
    with pytest.raises(EloError, match=r"not a readable \.xlsx workbook \(") as refused:
        Injection(made["book"][: len(made["book"]) // 2])
    assert "\n" not in str(refused.value)
    parts = resaved_books._parts(made["book"])
    del parts["xl/workbook.xml"]
    with pytest.raises(EloError, match="There is no item named 'xl/workbook.xml'"):
        Injection(resaved_books._zip(parts))
