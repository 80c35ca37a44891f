"""The fast reader's numbers and dates (:mod:`elo_xl.workbook.book_access`): every cell it reads
without openpyxl holds what openpyxl's own reading (``data_only``) gives, whatever the number
format says, dates and durations included; the others are left to openpyxl."""

from __future__ import annotations

import datetime
import io
import zipfile
from pathlib import Path

import openpyxl
import pytest
from openpyxl.workbook.defined_name import DefinedName

from elo_xl.io import xlsx
from elo_xl.io.xlsx import MAIN
from elo_xl.workbook import book_access
from books import load_workbook

#: Number formats a typed or resaved book may carry: plain numbers, the books' own, dates,
#: times, durations, and codes whose letters are only quoted or bracketed.
FORMATS = ("General", "0", "0.00", "#,##0", "0%", "0.00E+00", "@", "yyyy-mm-dd", "mm-dd-yy", "d/m/yyyy",
           "h:mm", "[h]:mm:ss", "[mm]:ss", '[=0.5]"½";General', 'General;-General;"–"', "+0.00##;-0.00##;0",
           '"day "0', "[Red]0.0", "0.0_d", "[>=1000]0;0.0#", "yyyy-mm-dd hh:mm")
#: Values as a cell stores them: whole and decimal numbers, day numbers around the false
#: 29 February 1900, a time of day, the last day a spreadsheet counts.
VALUES = (0, 1, -3, 2538, 2538.0, 0.5, -0.25, 1e-7, 12345678901, 59, 60, 61, 46204, 46204.75, 2958465)


@pytest.mark.filterwarnings("ignore:Cell .* is marked as a date:UserWarning")  # openpyxl's, on 12345678901 as a date
def test_every_number_the_fast_reader_reads_is_openpyxls(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Data"
    for column, code in enumerate(FORMATS, start=1):
        for row, value in enumerate(VALUES, start=1):
            cell = ws.cell(row=row, column=column, value=value)
            cell.number_format = code
    ws.cell(row=len(VALUES) + 1, column=1).number_format = "yyyy-mm-dd"  # styled, no value
    last = f"{openpyxl.utils.get_column_letter(len(FORMATS))}{len(VALUES) + 1}"
    wb.defined_names["Everything"] = DefinedName("Everything", attr_text=f"Data!$A$1:${last[0]}${last[1:]}")
    buffer = io.BytesIO()
    wb.save(buffer)
    data = buffer.getvalue()
    expected = load_workbook(io.BytesIO(data), data_only=True)["Data"]

    fast = book_access.FastBook(tmp_path / "x.xlsx", data)
    quick: set[str] = set()
    values, _ = fast._sheet("Data")
    for row in expected.iter_rows():
        for cell in row:
            assert values.get((cell.row, cell.column)) == cell.value, (cell.coordinate, cell.number_format)
            element = _element(data, cell.coordinate)
            read = None if element is None else book_access._plain_number(element, fast._number_styles())
            if read is not None:
                quick.add(cell.number_format)
                assert read[0] == cell.value and type(read[0]) is type(cell.value), cell.coordinate
    # the formats without a letter of a date, and the books' dates, are read without openpyxl;
    # other dates, times, durations and formats with such a letter anywhere are left to it
    assert quick == {code for code in FORMATS if not any(c in code for c in "dmhysDMHYS")} | {"yyyy-mm-dd", "mm-dd-yy"}


def _element(data: bytes, coordinate: str):
    from lxml import etree

    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        root = etree.fromstring(archive.read("xl/worksheets/sheet1.xml"))
    return root.find(f".//{{{MAIN}}}c[@r='{coordinate}']")


def test_a_book_of_plain_cells_is_read_without_openpyxl(tmp_path):
    """The number cells elo-xl writes, and its dates, need no openpyxl (which took a fifth of
    ``export``'s time to import)."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws["A1"], ws["A2"], ws["A3"] = 2100, 0.5, datetime.datetime(2026, 7, 1)
    ws["A3"].number_format = "yyyy-mm-dd"
    wb.defined_names["Cells"] = DefinedName("Cells", attr_text="Sheet!$A$1:$A$3")
    buffer = io.BytesIO()
    wb.save(buffer)
    fast = book_access.FastBook(Path("x.xlsx"), buffer.getvalue())
    assert fast.range("Cells", 3, 1).rows == [[2100], [0.5], [datetime.datetime(2026, 7, 1)]]
    assert fast._parser_state is None  # openpyxl's cell parser was never made


@pytest.mark.parametrize("command", [["export", "-o", "back.trf"], ["pair", "-o", "paired.xlsx"]])
def test_export_and_pair_of_a_book_as_written_load_no_book_writer(tmp_path, command):
    """``export`` of a Swiss book elo-xl wrote, and ``pair`` into it, in a new process, never
    import openpyxl (nor the book writer that needs it): the import took a fifth of ``export``'s
    time."""
    import subprocess
    import sys

    from elo_xl.cli import main
    from elo_xl.event.samples import SWISS_TRF_PATH

    book = tmp_path / "s.xlsx"
    assert main(["workbook", "swiss", "--from", str(SWISS_TRF_PATH), "--rounds", "9", "-o", str(book)]) == 0
    code = ("import sys; from elo_xl.cli import main; code = main(sys.argv[1:]); "
            "print(code, sorted(m for m in sys.modules if m in ('openpyxl', 'elo_xl.workbook.book')))")
    done = subprocess.run([sys.executable, "-c", code, command[0], str(book), command[1], str(tmp_path / command[2])],
                          capture_output=True, text=True, check=True)
    assert done.stdout.split("\n")[-2] == "0 []", done.stdout + done.stderr
    assert (tmp_path / command[2]).stat().st_size > 0


def test_the_cells_of_other_columns_go_before_the_parse_and_nothing_else_does():
    """The wanted columns' cells of a sheet part are the same parsed with the others removed
    first, however a cell is written: attributes in another order, single quotes, empty or
    self-closing, with text, formulas and values; a part with a ``>`` inside an attribute or a
    comment is left whole."""
    import random

    from lxml import etree

    rng = random.Random(29)
    forms = ['<c r="{r}"/>', '<c r="{r}" s="3"><v>{n}</v></c>', '<c s="2" r="{r}"><f>A1+1</f><v>{n}</v></c>',
             "<c r='{r}' t=\"inlineStr\"><is><t>x{n}</t></is></c>", '<c r="{r}" t="str"><f>"&lt;c r=""B1"""</f></c>',
             '<c r="{r}"><f t="shared" si="0"/></c>', '<c r="{r}" t="inlineStr"><is><t>a/&gt;b</t></is></c>']
    wanted = frozenset({2, 3, 28})
    removed = 0
    for case in range(200):
        rows = []
        for row in range(1, 6):
            cells = "".join(rng.choice(forms).format(r=f"{rng.choice(['A', 'B', 'C', 'AB', 'BB', 'XFD'])}{row}",
                                                      n=rng.randint(0, 99)) for _ in range(rng.randint(0, 8)))
            rows.append(f'<row r="{row}">{cells}</row>')
        extra = rng.choice(["", '<extra note="a&gt;b"/>', "<!-- <c r=\"D1\"/> -->", '<extra note="x>y"/>'])
        part = (f'<worksheet xmlns="{MAIN}"><sheetData>{"".join(rows)}</sheetData>{extra}</worksheet>').encode()
        kept = book_access._without_other_columns(part, wanted)
        if b"<!" in part or b'"x>y"' in part:
            assert kept == part
        seen = [[etree.tostring(c) for c in etree.fromstring(data).iter(f"{{{MAIN}}}c")
                 if xlsx.parse_cell(c.get("r"))[1] in wanted] for data in (part, kept)]
        assert seen[0] == seen[1], case
        assert len(kept) <= len(part)
        removed += len(kept) < len(part)
    assert removed > 60  # of the about 100 parts without a comment or a ">" in a value, most lost cells
