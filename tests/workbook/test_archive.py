"""Post-processing of openpyxl's .xlsx archives: fixed dates, cached values, atomic writes."""

from __future__ import annotations

import io
import math
import os
import re
import stat
import time
import zipfile
from pathlib import Path

import openpyxl
import pytest
from hypothesis import given
from hypothesis import strategies as st
from openpyxl.formatting.rule import CellIsRule
from openpyxl.styles import Font, PatternFill
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation

from elo_xl.recalc import values as reading
from elo_xl.errors import EloError
from elo_xl.recalc import LibreOffice, read_values
from elo_xl.workbook import archive
from elo_xl.workbook.archive import (
    FIXED_TIMESTAMP,
    ZIP_DATE_TIME,
    cell_text,
    deterministic,
    inject_values,
    sheet_parts,
    write_atomically,
)
from books import load_workbook

READERS = ["openpyxl"] + (["calamine"] if reading._has_calamine() else [])


def build() -> bytes:
    """The same workbook every time: formulas of every result type, names, styles, rules."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Players"
    sheet.append(["Name", "Rating", "Score", "Expected", "Text", "Flag", "Blank", "Error"])
    for row, (name, rating, score) in enumerate([("Ann", 2100, 1), ("Bob", 1950, 0.5), ("Cy", 1800, 0)], 2):
        sheet.append([
            name, rating, score,
            f"=ROUND(1/(1+10^((2000-B{row})/400)),3)",
            f'=A{row}&" <"&B{row}&"> & co"',
            f"=B{row}>1900",
            f'=IF(C{row}=0,"",C{row})',
            f"=C{row}/(B{row}-1950)",
        ])
    sheet["A1"].font = Font(bold=True)
    sheet["J1"] = "=SUMPRODUCT((B2:B4>1900)*B2:B4)"
    sheet["J2"] = "=LOOKUP(5,{0,4,8},{1,2,3})"
    sheet["J3"] = "=SUM(Ratings)/3"
    sheet["J4"] = "=NOSUCH(1)"
    sheet["J5"] = "=2/3"
    sheet["J6"] = "=1E+308*10"
    sheet.conditional_formatting.add(
        "B2:B4", CellIsRule(operator="greaterThan", formula=["2000"], fill=PatternFill("solid", fgColor="FFFF00"))
    )
    validation = DataValidation(type="list", formula1='"1,0,="')
    sheet.add_data_validation(validation)
    validation.add("C2:C4")
    sheet.freeze_panes = "A2"
    other = book.create_sheet("R&D's <sums>")
    other["A1"] = "=SUM(Players!B2:B4)"
    other["A2"] = "=Players!E2"
    other["B1"] = "constant"
    book.create_sheet("Empty")
    book.defined_names["Ratings"] = DefinedName("Ratings", attr_text="Players!$B$2:$B$4")
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def entries(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as opened:
        return {info.filename: opened.read(info) for info in opened.infolist()}


def infos(data: bytes) -> list[zipfile.ZipInfo]:
    with zipfile.ZipFile(io.BytesIO(data)) as opened:
        return opened.infolist()


# deterministic ------------------------------------------------------------------------------

def test_two_builds_become_identical() -> None:
    first = build()
    time.sleep(1.1)
    second = build()
    assert first != second  # openpyxl stamps the time of saving
    assert deterministic(first) == deterministic(second)
    assert deterministic(deterministic(first)) == deterministic(first)


def test_only_the_dates_change() -> None:
    original = build()
    fixed = deterministic(original)
    before, after = entries(original), entries(fixed)
    assert list(before) == list(after)
    for name in before:
        if name != "docProps/core.xml":
            assert before[name] == after[name], name
    stamp = FIXED_TIMESTAMP.encode()
    core = after["docProps/core.xml"]
    assert re.findall(rb"<dcterms:(created|modified)[^>]*>([^<]*)<", core) == [
        (b"created", stamp), (b"modified", stamp),
    ]
    unstamped = re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", b"T", before["docProps/core.xml"])
    assert re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", b"T", core) == unstamped
    for info in infos(fixed):
        assert info.date_time == ZIP_DATE_TIME
        assert info.compress_type == zipfile.ZIP_DEFLATED
        assert info.external_attr >> 16 == stat.S_IFREG | 0o644


def test_other_timestamps() -> None:
    fixed = deterministic(build(), "2000-02-29T12:34:56Z")
    assert entries(fixed)["docProps/core.xml"].count(b">2000-02-29T12:34:56Z<") == 2
    with pytest.raises(ValueError, match="timestamp"):
        deterministic(build(), "2000-02-29 12:34")


def test_the_fixed_file_opens_in_openpyxl() -> None:
    book = load_workbook(io.BytesIO(deterministic(build())))
    assert book.sheetnames == ["Players", "R&D's <sums>", "Empty"]
    assert book["Players"]["J1"].value == "=SUMPRODUCT((B2:B4>1900)*B2:B4)"
    assert book.defined_names["Ratings"].attr_text == "Players!$B$2:$B$4"
    assert book.properties.created.year == 2026


def test_the_fixed_file_opens_in_libreoffice(libreoffice: LibreOffice, tmp_path: Path) -> None:
    (tmp_path / "original.xlsx").write_bytes(build())
    (tmp_path / "fixed.xlsx").write_bytes(deterministic(build()))
    libreoffice.recalculate(tmp_path / "original.xlsx", tmp_path / "original-values.xlsx")
    libreoffice.recalculate(tmp_path / "fixed.xlsx", tmp_path / "fixed-values.xlsx")
    values = read_values(tmp_path / "fixed-values.xlsx")
    assert values == read_values(tmp_path / "original-values.xlsx")
    assert values["R&D's <sums>"]["A1"] == 5850


# inject_values ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def computed(libreoffice: LibreOffice, tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """The original file, LibreOffice's recalculation of it, and the injected original."""
    folder = tmp_path_factory.mktemp("inject")
    original = build()
    (folder / "original.xlsx").write_bytes(original)
    libreoffice.recalculate(folder / "original.xlsx", folder / "libreoffice.xlsx")
    values = read_values(folder / "libreoffice.xlsx")
    injected = inject_values(original, values)
    (folder / "injected.xlsx").write_bytes(injected)
    return {"folder": folder, "original": original, "values": values, "injected": injected}


def formula_cells(data: bytes) -> dict[str, set[str]]:
    book = load_workbook(io.BytesIO(data))
    return {
        sheet.title: {cell.coordinate for row in sheet.iter_rows() for cell in row if cell.data_type == "f"}
        for sheet in book.worksheets
    }


def test_libreoffice_values_as_expected(computed: dict) -> None:
    players = computed["values"]["Players"]
    assert players["D2"] == 0.64 and players["D4"] == 0.24
    assert players["E2"] == "Ann <2100> & co"
    assert players["F2"] is True and players["F4"] is False
    assert "G4" not in players  # the empty text
    assert players["H3"] == "#DIV/0!" and players["J4"] == "#NAME?" and players["J6"] == "#NUM!"
    assert players["J1"] == 2100 + 1950 and players["J2"] == 2 and players["J3"] == 1950
    assert players["J5"] == pytest.approx(2 / 3, rel=1e-14)


@pytest.mark.parametrize("reader", READERS)
def test_injected_values_read_back(computed: dict, reader: str) -> None:
    folder = computed["folder"]
    assert read_values(folder / "injected.xlsx", reader=reader) == read_values(
        folder / "libreoffice.xlsx", reader=reader
    )


def test_injected_values_in_openpyxl(computed: dict) -> None:
    book = load_workbook(io.BytesIO(computed["injected"]), data_only=True)
    for title, coordinates in formula_cells(computed["original"]).items():
        for coordinate in coordinates:
            expected = computed["values"][title].get(coordinate)
            assert book[title][coordinate].value == expected, (title, coordinate)
    # The formulas themselves are untouched.
    book = load_workbook(io.BytesIO(computed["injected"]))
    original = load_workbook(io.BytesIO(computed["original"]))
    for title in original.sheetnames:
        for row in original[title].iter_rows():
            for cell in row:
                assert book[title][cell.coordinate].value == cell.value


def test_only_formula_cells_change(computed: dict) -> None:
    before, after = entries(computed["original"]), entries(computed["injected"])
    assert list(before) == list(after)
    with zipfile.ZipFile(io.BytesIO(computed["original"])) as opened:
        worksheets = set(sheet_parts(opened).values())
    assert worksheets == {"xl/worksheets/sheet1.xml", "xl/worksheets/sheet2.xml", "xl/worksheets/sheet3.xml"}
    for name in before:
        if name not in worksheets:
            assert after[name] == before[name], name
    for old, new in zip(infos(computed["original"]), infos(computed["injected"])):
        assert (old.date_time, old.external_attr, old.compress_type) == (new.date_time, new.external_attr, new.compress_type)
    changed = 0
    for name in worksheets:
        old_outside, old_cells = cut_formula_cells(before[name])
        new_outside, new_cells = cut_formula_cells(after[name])
        assert new_outside == old_outside
        assert len(new_cells) == len(old_cells)
        for old_cell, new_cell in zip(old_cells, new_cells):
            assert re.findall(rb"<f[ >].*</f>", old_cell) == re.findall(rb"<f[ >].*</f>", new_cell)
            assert re.sub(rb' t="\w+"', b"", new_cell.split(b">")[0]) == old_cell.split(b">")[0]
            changed += old_cell != new_cell
    assert changed == sum(map(len, formula_cells(computed["original"]).values())) == 23


def cut_formula_cells(xml: bytes) -> tuple[bytes, list[bytes]]:
    """*xml* without its formula cells, and those cells (found from each <f> outwards)."""
    outside, cells, position = [], [], 0
    for match in re.finditer(rb"<f>", xml):
        start = xml.rindex(b"<c ", 0, match.start())
        end = xml.index(b"</c>", match.end()) + len(b"</c>")
        outside.append(xml[position:start])
        cells.append(xml[start:end])
        position = end
    outside.append(xml[position:])
    return b"|".join(outside), cells


def test_injected_file_recalculates_the_same(computed: dict, libreoffice: LibreOffice) -> None:
    folder = computed["folder"]
    libreoffice.recalculate(folder / "injected.xlsx", folder / "again.xlsx")
    assert read_values(folder / "again.xlsx") == computed["values"]


def test_inject_and_deterministic_commute(computed: dict) -> None:
    original, values = computed["original"], computed["values"]
    assert deterministic(inject_values(original, values)) == inject_values(deterministic(original), values)


def with_sheet_data(cells: bytes, extra: bytes = b"") -> bytes:
    """An openpyxl archive whose first worksheet has *cells* as its only row."""
    book = openpyxl.Workbook()
    book.active["A1"] = 0
    buffer = io.BytesIO()
    book.save(buffer)
    parts = entries(buffer.getvalue())
    xml = parts["xl/worksheets/sheet1.xml"]
    start, end = xml.index(b"<sheetData>"), xml.index(b"</sheetData>") + len(b"</sheetData>")
    parts["xl/worksheets/sheet1.xml"] = xml[:start] + b'<sheetData><row r="1">' + cells + b"</row></sheetData>" + extra + xml[end:]
    output = io.BytesIO()
    with zipfile.ZipFile(output, "w", zipfile.ZIP_DEFLATED) as written:
        for name, data in parts.items():
            written.writestr(name, data)
    return output.getvalue()


def test_every_way_of_writing_a_formula_cell() -> None:
    cells = (
        b'<c r="A1" s="0" t="n"><f>1+1</f><v>5</v></c>'  # a stale value and a type
        b'<c r="B1"><f t="shared" ref="B1:D1" si="0">A1*2</f></c>'  # no <v> at all
        b'<c r="C1"><f t="shared" si="0"/><v/></c>'  # a shared formula's follower
        b'<c r="D1" t="str"><f t="shared" si="0" /><v>old</v></c>'
        b'<c r="E1"><f>"x"</f><v></v></c>'
        b'<c r="F1" t="n"><v>1</v></c>'  # not a formula: stays as it is
        b'<c r="G1" s="0"/>'
        b'<c r="H1" t="inlineStr"><is><t>&lt;f&gt;</t></is></c>'
        b'<c r="I1"><f>1/0</f><v /></c>'
    )
    rules = b'<conditionalFormatting sqref="A1"><cfRule type="expression" priority="1"><formula>A1&gt;1</formula></cfRule></conditionalFormatting>'
    data = with_sheet_data(cells, rules)
    values = {"Sheet": {"A1": 2, "B1": 4.5, "C1": True, "D1": "<&>", "F1": 99, "I1": "#DIV/0!"}}
    xml = entries(inject_values(data, values))["xl/worksheets/sheet1.xml"]
    assert xml[xml.index(b"<sheetData>"):xml.index(b"</sheetData>")].split(b"</c>") == [
        b'<sheetData><row r="1"><c r="A1" s="0"><f>1+1</f><v>2</v>',
        b'<c r="B1"><f t="shared" ref="B1:D1" si="0">A1*2</f><v>4.5</v>',
        b'<c r="C1" t="b"><f t="shared" si="0"/><v>1</v>',
        b'<c r="D1" t="str"><f t="shared" si="0" /><v>&lt;&amp;&gt;</v>',
        b'<c r="E1" t="str"><f>"x"</f><v></v>',
        b'<c r="F1" t="n"><v>1</v>',
        b'<c r="G1" s="0"/><c r="H1" t="inlineStr"><is><t>&lt;f&gt;</t></is>',
        b'<c r="I1" t="e"><f>1/0</f><v>#DIV/0!</v>',
        b"</row>",
    ]
    assert xml.endswith(rules + xml[xml.index(rules) + len(rules):])
    book = load_workbook(io.BytesIO(inject_values(data, values)), data_only=True)
    assert [cell.value for cell in book.active[1]] == [2, 4.5, True, "<&>", None, 1, None, "<f>", "#DIV/0!"]


def test_unknown_markup_and_sheets_are_refused() -> None:
    with pytest.raises(EloError, match=r"sheet1.xml: a formula cell is written in a way elo-xl does not read \(1 of 1"):
        inject_values(with_sheet_data(b'<c r="A1"><f><![CDATA[1+1]]></f></c>'), {})
    with pytest.raises(ValueError, match="no sheet named 'Nope'"):
        inject_values(build(), {"Nope": {}})
    with pytest.raises(ValueError, match="cannot be stored"):
        inject_values(build(), {"Players": {"D2": math.inf}})
    with pytest.raises(TypeError, match="not a cell value"):
        inject_values(build(), {"Players": {"D2": [1]}})


def test_cell_text() -> None:
    assert cell_text(None) == cell_text("") == (b"str", b"")
    # LibreOffice's own codes stored as the Excel error LibreOffice saves them as (measured with
    # its 'Save as .xlsx': =SQRT(-1) Err:502 -> #VALUE!, a circular reference Err:522 -> #VALUE!,
    # an IRR that does not converge Err:523 -> #N/A): an error stays an error (issue 23, item 8)
    assert cell_text("Err:502") == cell_text("Err:522") == (b"e", b"#VALUE!")
    assert cell_text("Err:523") == (b"e", b"#N/A")
    assert cell_text("Err: 502") == (b"str", b"Err: 502")  # text that only looks like one
    assert cell_text("#N/A") == (b"e", b"#N/A")
    assert cell_text("line\r\nnext") == (b"str", b"line&#13;\nnext")
    assert cell_text(False) == (b"b", b"0")
    assert cell_text(2**60) == (None, b"1.152921504606847e+18")
    assert cell_text(-5) == (None, b"-5")
    with pytest.raises(ValueError, match="character"):
        cell_text("bell\x07")
    with pytest.raises(ValueError):
        cell_text(math.nan)


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_numbers_are_stored_exactly(number: float) -> None:
    kind, text = cell_text(number)
    assert kind is None
    assert float(text) == number
    assert re.fullmatch(rb"-?(\d+(\.\d+)?(e[+-]\d+)?|\d\.\d+e[+-]\d+|inf)", text) and b"inf" not in text


def big_archive(cells: int) -> bytes:
    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet("Big")
    for row in range(1, cells // 10 + 1):
        sheet.append([f"=ROW()*{column}" for column in range(1, 11)])
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def test_inject_a_big_sheet() -> None:
    # 100,000 formula cells, each given its value (the time it takes is measured by
    # bench/bench_workbook.py, "values stored", not asserted here)
    letters = "ABCDEFGHIJ"
    data = big_archive(100_000)
    values = {"Big": {f"{letters[c - 1]}{r}": r * c for r in range(1, 10_001) for c in range(1, 11)}}
    sheet = entries(inject_values(data, values))["xl/worksheets/sheet1.xml"]
    assert sheet.count(b"<v>") == 100_000 and b'<c r="J10000"><f>ROW()*10</f><v>100000</v></c>' in sheet
    assert b'<c r="A1"><f>ROW()*1</f><v>1</v></c>' in sheet and b'<c r="C77"><f>ROW()*3</f><v>231</v></c>' in sheet


# write_atomically ---------------------------------------------------------------------------

def test_write_atomically(tmp_path: Path) -> None:
    target = tmp_path / "book.xlsx"
    assert write_atomically(target, b"one") == target
    assert target.read_bytes() == b"one"
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    target.chmod(0o600)
    write_atomically(str(target), b"two")
    assert target.read_bytes() == b"two"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["book.xlsx"]


def test_a_failed_write_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "book.xlsx"
    target.write_bytes(b"old")

    def fail(source: str, destination: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(archive.os, "replace", fail)
    with pytest.raises(OSError, match="No space"):
        write_atomically(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["book.xlsx"]

    def locked(source: str, destination: str) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(archive.os, "replace", locked)
    with pytest.raises(EloError, match="book.xlsx: cannot replace the file .*open in another program"):
        write_atomically(target, b"new")
    assert [p.name for p in tmp_path.iterdir()] == ["book.xlsx"]


def test_no_folder(tmp_path: Path) -> None:
    with pytest.raises(EloError, match=r"book\.xlsx: the folder .*missing does not exist$"):
        write_atomically(tmp_path / "missing" / "book.xlsx", b"x")
    assert not (tmp_path / "missing").exists()
    assert os.listdir(tmp_path) == []
