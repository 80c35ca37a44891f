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
from books import load_workbook


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
    assert capsys.readouterr().out == (f"{out}: {len(FUNCTIONS)} functions added as LAMBDA names, with "
                                       f"{len(FUNCTION_HELPERS)} hidden helper name and the hidden sheet "
                                       f"{FUNCTION_TABLES} (Excel 365, Excel 2024, Excel for the web)\n")
    before, after = _parts(book), _parts(out)
    changed = {"xl/workbook.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml"}
    assert {k: v for k, v in after.items() if k in before and k not in changed} == {
        k: v for k, v in before.items() if k not in changed}
    assert set(after) - set(before) == {"xl/worksheets/sheet3.xml"}
    wb = load_workbook(out)
    assert set(FUNCTIONS) | set(FUNCTION_HELPERS) | {"Budget"} == set(wb.defined_names)
    assert wb[FUNCTION_TABLES].sheet_state == "hidden" and wb["Players"]["C1"].value == "=B1+1"


def test_each_function_has_its_comment_and_the_helper_is_hidden(tmp_path):
    """The count printed is what is added; each name a user types carries the function's
    description as its comment (what Excel shows as the name is typed, at most 255 characters);
    the helper is hidden."""
    from xml.etree import ElementTree

    from elo_xl.functions import BY_NAME

    book = _club(tmp_path / "club.xlsx")
    assert main(["functions", str(book)]) == 0
    root = ElementTree.fromstring(_parts(book)["xl/workbook.xml"])
    names = {e.get("name"): e for e in root.iter() if e.tag.endswith("definedName")}
    assert set(names) - {"Budget"} == set(FUNCTIONS) | set(FUNCTION_HELPERS)
    for name in FUNCTIONS:
        assert names[name].get("comment") == BY_NAME[name].description and len(BY_NAME[name].description) <= 255
        assert names[name].get("hidden") is None
    assert all(names[name].get("hidden") == "1" and names[name].get("comment") is None for name in FUNCTION_HELPERS)


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


def test_a_book_with_its_own_names_computes_the_functions(tmp_path):
    """A user's book whose names are those of the functions' former variables (``Rounds``, a
    local of ELO_EVENT once), of elo-xl's own books (``Rating``, ``K``, ``Results``) and of
    the variables' prefix (``qx_a``, a table ``QX_B``): the functions take another prefix and
    IronCalc computes them as elo_xl.udfs does."""
    ironcalc = pytest.importorskip("ironcalc")
    path = tmp_path / "club.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Players"
    ws["A1"], ws["B1"], ws["A2"], ws["B2"] = "Ann", 2500, "Bob", 2400
    for name in ("Rounds", "Rating", "K", "Results", "Ratings", "rule_no", "who", "qx_a", "QX_c"):
        wb.defined_names[name] = DefinedName(name, attr_text="Players!$B$1")
    from openpyxl.worksheet.table import Table
    ws["D1"], ws["E1"], ws["D2"], ws["E2"] = "Name", "Elo", "Ann", 2500
    ws.add_table(Table(displayName="QX_B", ref="D1:E2"))
    wb.save(path)
    assert main(["functions", str(path)]) == 0
    texts = [dn.attr_text for name, dn in load_workbook(path).defined_names.items() if name in FUNCTIONS]
    assert not any("_xlpm.qx_" in text for text in texts) and all("_xlpm.qz_" in text for text in texts[:3])
    model = ironcalc.load_from_xlsx(str(path), "en", "UTC")
    typed = {'INDEX(ELO_EVENT(Players!B1:B2,{"",1;0,""},10),1,6)':
             udfs.ELO_EVENT([[2500], [2400]], [[None, 1], [0, None]], 10)[0][5],
             "ELO_NEW(Players!B1,Players!B2,1,10)": udfs.ELO_NEW(2500, 2400, 1, 10),
             "ELO_K(2350,12)": udfs.ELO_K(2350, 12)}
    for row, formula in enumerate(typed, 5):
        model.set_user_input(0, row, 1, "=" + formula)
    model.evaluate()
    assert [model.get_cell_value_by_ref(f"Players!A{row}") for row in range(5, 5 + len(typed))] == list(typed.values())


@pytest.mark.parametrize("taken,parameter,function", [("k_", "k_", "ELO_NEW"), ("Opponents_", "opponents_", "ELO_NEW")])
def test_a_name_that_is_a_parameter_is_refused(tmp_path, capsys, taken, parameter, function):
    book = _club(tmp_path / "club.xlsx", taken)
    before = book.read_bytes()
    assert main(["functions", str(book)]) != 0
    assert capsys.readouterr().err == (f"elo-xl: {book} has a name {taken}, which {function} has as a parameter "
                                       f"({parameter}); the functions were not added (rename it in the book, and "
                                       "the functions can be added)\n")
    assert book.read_bytes() == before


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
    capsys.readouterr()
    before = book.read_bytes()
    assert main(["functions", str(book)]) != 0
    assert capsys.readouterr().err == (f"elo-xl: {book} already carries the Elo functions (the names ELO_EXPECTED… "
                                       "and the hidden sheet EloFunctionTables); nothing to add: use the book as it is\n")
    assert book.read_bytes() == before


def test_a_book_elo_xl_wrote_is_said_to_carry_the_functions(tmp_path, capsys):
    """Every book ``workbook`` writes carries the functions: no "rename it" for one of them."""
    book = tmp_path / "p.xlsx"
    assert main(["workbook", "player", "-o", str(book)]) == 0
    capsys.readouterr()
    assert main(["functions", str(book), "-o", str(tmp_path / "again.xlsx")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"elo-xl: {book} already carries the Elo functions (") and "rename" not in err
    assert not (tmp_path / "again.xlsx").exists()


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
