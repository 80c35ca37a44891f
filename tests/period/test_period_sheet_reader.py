"""The fast reader of ``.xlsx`` lists (elo_xl.period.sheet_reader) and the list written for it.

The workbooks here are written by hand, part by part, so every expected value is the one typed
in the XML; each is also read by openpyxl's read-only mode, the reader this one must agree with.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from elo_xl.cli import main
from elo_xl.period.lists import iter_list
from elo_xl.period.sheet_reader import SheetBook, Unusual, unescape
from period_helpers import write_csv_list, write_event

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
TYPES = ('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
         'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
         'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/'
         'workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
         '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.'
         'spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.'
         'openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/><Override PartName="/xl/styles.xml" '
         'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>')
ROOT_RELS = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
             '2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
             'relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>')
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
BOOK_RELS = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
             f'2006/relationships"><Relationship Id="rId1" Type="{REL}/worksheet" Target="worksheets/sheet1.xml"/>'
             f'<Relationship Id="rId2" Type="{REL}/sharedStrings" Target="sharedStrings.xml"/>'
             f'<Relationship Id="rId3" Type="{REL}/styles" Target="styles.xml"/></Relationships>')
#: Style 0 plain, style 1 a date (built-in format 14), style 2 the list's signed format.
STYLES = (f'<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="{MAIN}"><numFmts count="1"><numFmt numFmtId="164" '
          'formatCode="+0;-0;0"/></numFmts><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>'
          '<fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders>'
          '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
          '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
          '<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
          '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>'
          '</styleSheet>')


def book(path: Path, rows: str, strings: list[str] = (), names: str = "") -> Path:
    """A workbook of one sheet named List: ``rows`` is the XML inside <sheetData>."""
    workbook = (f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{MAIN}" xmlns:r="{REL}"><sheets>'
                f'<sheet name="List" sheetId="1" r:id="rId1"/></sheets>'
                + (f"<definedNames>{names}</definedNames>" if names else "") + "</workbook>")
    sst = (f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{MAIN}" count="{len(strings)}" '
           f'uniqueCount="{len(strings)}">' + "".join(f"<si>{s}</si>" for s in strings) + "</sst>")
    sheet = f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{MAIN}"><sheetData>{rows}</sheetData></worksheet>'
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in (("[Content_Types].xml", TYPES), ("_rels/.rels", ROOT_RELS), ("xl/workbook.xml", workbook),
                           ("xl/_rels/workbook.xml.rels", BOOK_RELS), ("xl/styles.xml", STYLES),
                           ("xl/sharedStrings.xml", sst), ("xl/worksheets/sheet1.xml", sheet)):
            z.writestr(name, text)
    return path


def by_openpyxl(path: Path) -> list[tuple[int, list]]:
    """The non-empty rows as openpyxl's read-only mode gives them, trailing empties left out."""
    import warnings

    from openpyxl import load_workbook

    with warnings.catch_warnings():  # these hand-written workbooks have no default style: openpyxl says so
        warnings.simplefilter("ignore")
        wb = load_workbook(path, read_only=True, data_only=True)
    out = []
    for n, row in enumerate(wb["List"].iter_rows(values_only=True), 1):
        values = list(row)
        while values and values[-1] is None:
            values.pop()
        if values:
            out.append((n, values))
    wb.close()
    return out


def fast(path: Path, **kw) -> list[tuple[int, list]]:
    b = SheetBook(path)
    try:
        return list(b.rows("List", **kw))
    finally:
        b.close()


HEADER = '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>'
STRINGS = ["<t>fide_id</t>", "<t>name</t>", "<t>rating</t>", '<t xml:space="preserve"> Lê, An </t>', "<t>A &amp; B</t>"]


def test_cells_as_typed_in_the_xml(tmp_path):
    rows = (HEADER +
            '<row r="2" spans="1:3" ht="15"><c r="A2" s="0" t="n"><v>101</v></c><c r="B2" t="s"><v>3</v></c>'
            '<c r="C2" s="2"><v>2105</v></c></row>'
            '<row r="3"/>'  # an empty row element
            '<row r="4"><c r="A4"><v>102</v></c><c r="B4" t="inlineStr"><is><t>Ngo &lt;x&gt; &#233;</t></is></c>'
            '<c r="C4" t="str"><v>=1+1</v></c><c r="E4" t="b"><v>1</v></c></row>'
            '<row r="6">\n  <c r="B6" t="s"><v>4</v></c><c r="C6"/><c r="D6" s="2"></c><c r="F6" t="e"><v>#N/A</v></c>'
            '<c r="G6"><v>1.5</v></c><c r="H6"><v>2E3</v></c></row>')
    path = book(tmp_path / "l.xlsx", rows, STRINGS)
    expected = [(1, ["fide_id", "name", "rating"]), (2, [101, " Lê, An ", 2105]),
                (4, [102, "Ngo <x> é", "=1+1", None, True]),
                (6, [None, "A & B", None, None, None, "#N/A", 1.5, 2000.0])]
    assert fast(path) == expected
    assert by_openpyxl(path) == expected
    assert fast(path, min_row=2, max_row=4, columns=[1]) == [(2, [None, " Lê, An "]), (4, [None, "Ngo <x> é"])]


@pytest.mark.parametrize("rows,strings,at", [
    ('<row r="2"><c r="A2" t="inlineStr"><is><r><t>A</t></r><r><t>b</t></r></is></c></row>', [], 2),  # rich text
    ('<row r="2"><c r="A2"><f>1+1</f><v>2</v></c></row>', [], 2),  # a formula
    ('<row r="2"><c r="A2" s="1"><v>46023</v></c></row>', [], 2),  # a number shown as a date
    ('<row r="2"><c r="A2" cm="1"><v>2</v></c></row>', [], 2),  # another attribute
    ('<row r="2"><c r="A2"><v>2</v></c><v>3</v></row>', [], 2),  # a stray element (openpyxl: a cell)
    ('<row r="3"><c r="A3"><v>2</v></c></row><row r="2"><c r="A2"><v>1</v></c></row>', [], 4),
    # (out of order: openpyxl drops a row coming after a later one, so it reads on from row 4)
    ('<row><c r="A2"><v>2</v></c></row>', [], 1),  # no row number
    ('<row r="2"><c r="A2"><v>2</v></c></row></row>', [], 3),  # a row closed twice (not XML)
    ('<row r="2"><c r="A2" t="inlineStr"><is><t>a]]>b</t></is></c></row>', [], 1),  # not XML either
    ('<row r="2"><c r="A2" t="s"><v>0</v></c></row>', ["<r><t>x</t></r>"], 2),  # rich shared string
    ('<row r="2"><c r="A2" t="inlineStr"><is><t>&nbsp;</t></is></c></row>', [], 2),  # an undefined entity
])
def test_what_the_fast_reader_leaves_to_openpyxl(tmp_path, rows, strings, at):
    path = book(tmp_path / "l.xlsx", rows, strings)
    with pytest.raises(Unusual) as found:
        fast(path)
    assert found.value.row == at


def test_a_cell_naming_another_row_is_placed_by_its_row_element(tmp_path):
    path = book(tmp_path / "l.xlsx", '<row r="2"><c r="A3"><v>2</v></c><c r="B7"><v>5</v></c></row>')
    assert fast(path) == by_openpyxl(path) == [(2, [2, 5])]


def test_unescape():
    assert unescape("&quot;&apos;&#x1F600;") == "\"'\U0001F600"
    with pytest.raises(Unusual):
        unescape("&#0;")  # not a character XML can hold


def run(*args) -> int:
    return main(["period", *map(str, args)])


def test_a_list_with_rich_text_and_a_formula_reads_through_openpyxl(tmp_path):
    # row 2 is read fast, row 3 (rich text in the name) and after by openpyxl: the same rows
    rows = (HEADER + '<row r="2"><c r="A2"><v>11</v></c><c r="B2" t="inlineStr"><is><t>R1</t></is></c>'
            '<c r="C2"><v>2000</v></c></row>'
            '<row r="3"><c r="A3"><v>12</v></c><c r="B3" t="inlineStr"><is><r><t>R</t></r><r><t>2</t></r></is></c>'
            '<c r="C3"><f>1000*2</f><v>2010</v></c></row>'
            '<row r="4"><c r="A4"><v>13</v></c><c r="B4" t="s"><v>3</v></c><c r="C4"><v>1990</v></c></row>')
    path = book(tmp_path / "l.xlsx", rows, STRINGS)
    got = [(r.line, r.fide_id, r.name, r.rating) for r in iter_list(path)]
    assert got == [(2, 11, "R1", 2000), (3, 12, "R2", 2010), (4, 13, "Lê, An", 1990)]


def test_a_date_in_a_rating_column_is_named_by_row_and_column(tmp_path, capsys):
    rows = HEADER + '<row r="2"><c r="A2"><v>11</v></c><c r="B2" t="s"><v>1</v></c><c r="C2" s="1"><v>46023</v></c></row>'
    path = book(tmp_path / "l.xlsx", rows, STRINGS)
    ev = write_event(tmp_path, "e.trf", [("A", 11, 2000), ("B", 12, 2000)], [[(1, 2, "=")]])
    assert run("--list", path, "--month", "2026-10", ev) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"elo-xl: {path}, row 2, column rating: ") and "2026-01-01" in err
    assert err.endswith("is not a whole number") and "\n" not in err


def test_a_wrong_value_read_fast_is_named_by_row_and_column(tmp_path, capsys):
    rows = (HEADER + '<row r="2"><c r="A2"><v>11</v></c><c r="B2" t="s"><v>1</v></c><c r="C2"><v>2000</v></c></row>'
            '<row r="3"><c r="A3"><v>12</v></c><c r="B3" t="s"><v>1</v></c><c r="C3"><v>2000.5</v></c></row>')
    path = book(tmp_path / "l.xlsx", rows, STRINGS)
    ev = write_event(tmp_path, "e.trf", [("A", 11, 2000), ("B", 12, 2000)], [[(1, 2, "=")]])
    assert run("--list", path, "--month", "2026-10", ev) == 2
    assert capsys.readouterr().err.strip() == f"elo-xl: {path}, row 3, column rating: 2000.5 is not a whole number"


@pytest.mark.parametrize("damage", ["cut sheet", "cut workbook", "cut strings", "not xml", "bad crc", "encrypted"])
def test_a_damaged_workbook_is_one_line(tmp_path, capsys, damage):
    rows = HEADER + "".join(f'<row r="{n}"><c r="A{n}"><v>{n}</v></c><c r="B{n}" t="s"><v>1</v></c></row>'
                            for n in range(2, 400))
    good = book(tmp_path / "good.xlsx", rows, STRINGS)
    bad = tmp_path / "bad.xlsx"
    src = zipfile.ZipFile(good)
    part = {"cut sheet": "xl/worksheets/sheet1.xml", "cut workbook": "xl/workbook.xml",
            "cut strings": "xl/sharedStrings.xml", "not xml": "xl/worksheets/sheet1.xml"}.get(damage)
    with zipfile.ZipFile(bad, "w", zipfile.ZIP_DEFLATED) as z:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == part:
                data = data[:len(data) // 2] if damage.startswith("cut") else b"\xff\xfe garbage <<"
            z.writestr(info.filename, data)
    if damage == "bad crc":  # one byte of the sheet's stored text changed after the archive was written
        data = bytearray(bad.read_bytes())
        with zipfile.ZipFile(bad) as z:
            info = z.getinfo("xl/worksheets/sheet1.xml")
        at = info.header_offset + 30 + len(info.filename) + len(info.extra) + info.compress_size // 2
        data[at] ^= 0xFF
        bad.write_bytes(bytes(data))
    if damage == "encrypted":  # the relations part flagged encrypted (general purpose bit 0): zipfile wants a password
        data = bytearray(bad.read_bytes())
        with zipfile.ZipFile(bad) as z:
            info = z.getinfo("xl/_rels/workbook.xml.rels")
        name = info.filename.encode()
        central = next(k for k in range(len(data)) if data[k:k + 4] == b"PK\x01\x02"
                       and data[k + 46:k + 46 + len(name)] == name)
        data[central + 8] |= 1
        data[info.header_offset + 6] |= 1
        bad.write_bytes(bytes(data))
    ev = write_event(tmp_path, "e.trf", [("A", 2, 2000), ("B", 3, 2000)], [[(1, 2, "=")]])
    assert run("--list", bad, "--month", "2026-10", ev, "-o", tmp_path / "o.txt") == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"elo-xl: {bad}: cannot be read as a workbook (") and "\n" not in err, err
    assert "Traceback" not in err and not (tmp_path / "o.txt").exists()


def test_the_written_list_reads_fast_without_openpyxl(tmp_path, monkeypatch):
    # the list elo-xl writes is read by the fast reader alone: openpyxl's reader is never asked
    from elo_xl.period import sheet_list

    lst = write_csv_list(tmp_path, [(11, "=1+2", 2000, 20, 1980), (12, " Lê & <An> ", 2100, 10, 1970)])
    ev = write_event(tmp_path, "e.trf", [("A", 11, 2000), ("B", 12, 2100)], [[(1, 2, "1")]])
    out = tmp_path / "new.xlsx"
    assert run("--list", lst, "--month", "2026-10", ev, "-o", out) == 0

    def refuse(*args):
        raise AssertionError("openpyxl's reader was used")

    monkeypatch.setattr(sheet_list, "openpyxl_rows", refuse)
    rows = {r.fide_id: r for r in iter_list(out)}
    # A (2000) beats B (2100): D 100 → PD .36 / .64 (FIDE table 8.1.2, row 99–106);
    # A: 20 × .64 = 12.8 → +13 → 2013; B: 10 × −.64 = −6.4 → −6 → 2094
    assert (rows[11].name, rows[11].rating, rows[12].rating) == ("=1+2", 2013, 2094)
    assert rows[12].name == "Lê & <An>"  # the list reader strips a name's ends, as from a CSV


def test_rows_cut_into_chunks_are_numbered_on(tmp_path, monkeypatch):
    from openpyxl import load_workbook

    from elo_xl.period.run import LIST_FIELDS
    from elo_xl.workbook import period_list

    monkeypatch.setattr(period_list, "CHUNK_ROWS", 2)
    head = {"period": "2026-04", "type": "standard", "rules": "FIDE"}
    texts = ["Ngo, Lan", " lead", "trail ", "a\x07\ud800\ufffeb", "x & <y>", "=1+1", ""]
    rows = []
    for i, name in enumerate(texts):
        row = dict.fromkeys(LIST_FIELDS)
        row.update(fide_id=100 + i, name=name, change=i - 3, new_rating=2000 + i)
        rows.append(row)
    path = tmp_path / "l.xlsx"
    path.write_bytes(period_list.as_xlsx(head, rows))
    sheet = load_workbook(path).active
    got = [(sheet.cell(n, 1).value, sheet.cell(n, 2).value) for n in range(3, 10)]
    assert got == [(100, "Ngo, Lan"), (101, " lead"), (102, "trail "), (103, "a\ufffd\ufffd\ufffdb"), (104, "x & <y>"),
                   (105, "=1+1"), (106, None)]
    change = [c.value for c in sheet[2]].index("Change") + 1
    assert [sheet.cell(n, change).value for n in range(3, 10)] == [-3, -2, -1, 0, 1, 2, 3]
    assert sheet.cell(4, change).number_format == "+0;-0;0" and sheet["B4"].data_type == "s"
    assert fast(path, min_row=3, columns=[0, 1]) == [(n + 3, [100 + n, t]) for n, t in
                                                   enumerate(["Ngo, Lan", " lead", "trail ", "a\ufffd\ufffd\ufffdb", "x & <y>",
                                                              "=1+1"])] + [(9, [106])]


def test_a_list_resaved_by_libreoffice_reads_back(tmp_path, libreoffice):
    lst = write_csv_list(tmp_path, [(11, "Ngo & Lan", 2000, 20, 1980), (12, "Lê, An", 2100, 10, 1970)])
    ev = write_event(tmp_path, "e.trf", [("A", 11, 2000), ("B", 12, 2100)], [[(1, 2, "1")]])
    out = tmp_path / "new.xlsx"
    assert run("--list", lst, "--month", "2026-10", ev, "-o", out) == 0
    saved = tmp_path / "saved.xlsx"
    libreoffice.recalculate(out, saved)
    with zipfile.ZipFile(saved) as z:
        assert "xl/sharedStrings.xml" in z.namelist()  # LibreOffice's layout, not ours
    b = SheetBook(saved)
    assert "elo_xl.new_rating" in b.defined_names
    b.close()
    rows = {r.fide_id: (r.name, r.rating, r.k) for r in iter_list(saved)}
    # as in the test above: A +13 → 2013 (K 20), B −6 → 2094 (K 10)
    assert rows == {11: ("Ngo & Lan", 2013, 20), 12: ("Lê, An", 2094, 10)}
    assert [v for n, v in fast(saved) if n >= 3] == [v for n, v in by_openpyxl(saved) if n >= 3]


def test_white_space_line_ends_and_escapes_as_openpyxl_reads_them(tmp_path):
    rows = ('<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>  y </t></is></c>'
            '<c r="C1" t="s"><v>1</v></c><c r="D1" t="inlineStr"><is><t>a\r\nb_x000D_</t></is></c>'
            '<c r="E1" t="s"><v>2</v></c></row>')
    path = book(tmp_path / "l.xlsx", rows, ["<t> x </t>", "<t>   </t>", "<t>p_x005F_q</t>"])
    # kept without xml:space too; CR LF read as LF; _x000D_ kept in a cell, _x005F_ dropped from shared strings
    expected = [(1, [" x ", "  y ", "   ", "a\nb_x000D_", "p_q"])]
    assert fast(path) == expected
    assert by_openpyxl(path) == expected


@pytest.mark.parametrize("text", ["'List$Z$9G$2", "'List'!$K$2'", "List!", "=1+"])
def test_a_name_that_is_no_reference_names_no_column(tmp_path, capsys, text):
    # (found by the fuzz harness: openpyxl's reading of such a name raised, a traceback)
    names = f'<definedName name="elo_xl.fide_id">{text}</definedName><definedName name="elo_xl.name">List!$B$1</definedName>'
    path = book(tmp_path / "l.xlsx", '<row r="2"><c r="A2"><v>11</v></c></row>', [], names)
    ev = write_event(tmp_path, "e.trf", [("A", 11, 2000), ("B", 12, 2000)], [[(1, 2, "=")]])
    assert run("--list", path, "--month", "2026-10", ev) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"elo-xl: {path}: a workbook, but not a rating list elo-xl knows") and "\n" not in err
