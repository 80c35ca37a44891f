"""`elo-xl functions BOOK [-o OUT]` (issue 25): the functions added to a workbook the user has,
as LAMBDA names, with every other part of the file byte for byte; a name already there refused,
named; bad input one line, nothing written."""

from __future__ import annotations

import zipfile

import openpyxl
import pytest
from openpyxl.workbook.defined_name import DefinedName

from elo_xl import udfs
from elo_xl.cli import main
from elo_xl.workbook.names import FUNCTION_HELPERS, FUNCTION_TABLES, FUNCTIONS


def _club(path, name="Budget"):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Players"
    ws["A1"], ws["B1"], ws["C1"] = "Ann", 2500, "=B1+1"
    ws["A2"] = "Ünïcode & <text>"
    wb.create_sheet("Games")["A1"] = 2400
    wb.defined_names[name] = DefinedName(name, attr_text="Players!$B$1")
    wb.save(path)
    return path


def _parts(path):
    with zipfile.ZipFile(path) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def test_functions_are_added_and_nothing_else_changes(tmp_path, capsys):
    book, out = _club(tmp_path / "club.xlsx"), tmp_path / "club-elo.xlsx"
    assert main(["functions", str(book), "-o", str(out)]) == 0
    assert capsys.readouterr().out == f"{out}: 14 functions added as LAMBDA names (Excel 365, Excel 2024, Excel for the web)\n"
    before, after = _parts(book), _parts(out)
    changed = {"xl/workbook.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml"}
    assert {k: v for k, v in after.items() if k in before and k not in changed} == {
        k: v for k, v in before.items() if k not in changed}
    assert set(after) - set(before) == {"xl/worksheets/sheet3.xml"}
    wb = openpyxl.load_workbook(out)
    assert set(FUNCTIONS) | set(FUNCTION_HELPERS) | {"Budget"} == set(wb.defined_names)
    assert wb[FUNCTION_TABLES].sheet_state == "hidden" and wb["Players"]["C1"].value == "=B1+1"


def test_ironcalc_computes_the_added_functions(tmp_path):
    ironcalc = pytest.importorskip("ironcalc")
    book = _club(tmp_path / "club.xlsx")
    assert main(["functions", str(book)]) == 0
    model = ironcalc.load_from_xlsx(str(book), "en", "UTC")
    model.set_user_input(0, 5, 1, "=ELO_NEW(Players!B1,Games!A1,1,10)")
    model.set_user_input(0, 6, 1, '=ELO_PERFORMANCE({2400;2500;2600},{1;1;"½"})')
    model.evaluate()
    assert model.get_cell_value_by_ref("Players!A5") == udfs.ELO_NEW(2500, 2400, 1, 10)
    assert model.get_cell_value_by_ref("Players!A6") == udfs.ELO_PERFORMANCE([[2400], [2500], [2600]], [[1], [1], ["½"]])


@pytest.mark.parametrize("taken", ["ELO_NEW", "elo_k"])
def test_a_name_already_there_is_refused_and_nothing_written(tmp_path, capsys, taken):
    book = _club(tmp_path / "club.xlsx", taken)
    before = book.read_bytes()
    assert main(["functions", str(book)]) != 0
    assert capsys.readouterr().err == (f"elo-xl: {book} already has a name {taken}; the functions were not added "
                                       "(rename it, or use the book as it is)\n")
    assert book.read_bytes() == before


def test_twice_is_refused(tmp_path, capsys):
    book = _club(tmp_path / "club.xlsx")
    assert main(["functions", str(book)]) == 0
    assert main(["functions", str(book)]) != 0
    assert "already has a name ELO_EXPECTED" in capsys.readouterr().err


@pytest.mark.parametrize("content,message", [
    (b"hello", "this is a text file, not an Excel workbook (.xlsx); give an .xlsx workbook"),
    (b"PK\x03\x04broken", "is a damaged zip archive"),
])
def test_bad_input_is_one_line(tmp_path, capsys, content, message):
    book = tmp_path / "bad.xlsx"
    book.write_bytes(content)
    out = tmp_path / "out.xlsx"
    assert main(["functions", str(book), "-o", str(out)]) != 0
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
    assert not out.exists()
