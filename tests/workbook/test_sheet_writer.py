"""The sheet-XML writer (``elo_xl.workbook.sheet_writer``): shared formulas only where each cell
computes what its formula written in full computes.

Two independent checks: openpyxl's reader expands a shared formula with its own translator
(``openpyxl.formula.translate``), so every cell read back must hold exactly the text the
book wrote; and LibreOffice must compute the same values from our file as from the file
openpyxl's own writer makes of the same workbook (every formula in full).
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import openpyxl
import pytest
from openpyxl.writer.excel import ExcelWriter

from elo_xl.recalc import read_values
from elo_xl.workbook import build, sheet_writer
from elo_xl.workbook.sheet_writer import ROW, relative_key, sheet_data
from books import load_workbook


def sheet(formulas: dict[str, str]) -> str:
    ws = openpyxl.Workbook().active
    for cell, text in formulas.items():
        ws[cell] = text
    return sheet_data(ws)


def test_a_column_filled_down_is_shared() -> None:
    xml = sheet({f"B{r}": f"=A{r}*$C$1+SUM(A{r}:C{r})" for r in range(2, 6)})
    assert '<c r="B2"><f t="shared" ref="B2:B5" si="0">A2*$C$1+SUM(A2:C2)</f></c>' in xml
    assert xml.count('<f t="shared" si="0"/>') == 3


@pytest.mark.parametrize("formulas", [
    {f"B{r}": f'=A{r}&"A{r}"' for r in range(2, 5)},  # a literal that changes is not a reference
    {f"B{r}": f"=A{r}+A1" for r in range(2, 5)},  # a relative reference to a fixed row
    {f"B{r}": f"=ROW({r}:{r})" for r in range(2, 5)},  # whole rows
    {f"B{r}": f"=A{r}+{r}" for r in range(2, 5)},  # a number that follows the row
    {"B2": "=A2", "B4": "=A4"},  # not adjacent
])
def test_what_is_not_shared(formulas: dict[str, str]) -> None:
    xml = sheet(formulas)
    assert 't="shared"' not in xml
    for text in formulas.values():
        assert f"<f>{text[1:]}</f>" in xml.replace("&amp;", "&")


def test_keys() -> None:
    assert relative_key("LOG10(B3)+'Swiss'!C3", 2) == (True, f"LOG10(B{ROW})+'Swiss'!C{ROW}", 1)
    assert relative_key("$A$2+B2+C3", 2)[0] is False
    assert relative_key('"B2"&$B$2', 2) == (True, '"B2"&$B$2', 0)
    assert relative_key("A2:A9", 2)[0] is False  # a range over rows is two rows


def test_a_run_breaks_where_the_formula_changes() -> None:
    formulas = {f"B{r}": f"=A{r}*2" for r in range(1, 4)} | {f"B{r}": f"=A{r}*3" for r in range(4, 7)}
    xml = sheet(formulas)
    assert 'ref="B1:B3" si="0">A1*2<' in xml and 'ref="B4:B6" si="1">A4*3<' in xml


def test_text_is_escaped_and_kept() -> None:
    ws = openpyxl.Workbook().active
    ws["A1"] = " a <b> & c "
    ws["A2"] = 2.5
    ws["A3"] = True
    xml = sheet_data(ws)
    assert '<t xml:space="preserve"> a &lt;b&gt; &amp; c </t>' in xml
    assert '<c r="A2" t="n"><v>2.5</v></c>' in xml and '<c r="A3" t="b"><v>1</v></c>' in xml


def openpyxl_written(kind: str, monkeypatch: pytest.MonkeyPatch, **options: object) -> bytes:
    """The same book written by openpyxl's own worksheet writer: every formula in full."""
    with monkeypatch.context() as patch:
        patch.setattr(sheet_writer.BookWriter, "write_worksheet", ExcelWriter.write_worksheet)
        return build(kind, **options)


BOOKS = [("swiss", {"players": 24, "rounds": 7}), ("round-robin", {"players": 10}), ("player", {}), ("match", {})]


@pytest.mark.parametrize("kind, options", BOOKS)
def test_every_cell_reads_back_as_written(kind: str, options: dict, monkeypatch: pytest.MonkeyPatch) -> None:
    ours, full = build(kind, **options), openpyxl_written(kind, monkeypatch, **options)
    assert b't="shared"' in zipfile.ZipFile(io.BytesIO(ours)).read("xl/worksheets/sheet2.xml")
    assert len(ours) < len(full)
    mine, theirs = (load_workbook(io.BytesIO(data)) for data in (ours, full))
    for a, b in zip(mine.worksheets, theirs.worksheets, strict=True):
        assert a.title == b.title
        cells = {c.coordinate: (c.value, c.style_id) for row in a.iter_rows() for c in row}
        expected = {c.coordinate: (c.value, c.style_id) for row in b.iter_rows() for c in row}
        assert cells == expected, a.title
        assert {k: dict(v) for k, v in a.row_dimensions.items()} == {k: dict(v) for k, v in b.row_dimensions.items()}


@pytest.mark.parametrize("kind, options", [("swiss", {"players": 24, "rounds": 7}), ("round-robin", {"players": 8})])
def test_libreoffice_computes_the_same(kind: str, options: dict, libreoffice, monkeypatch: pytest.MonkeyPatch,
                                       tmp_path: Path) -> None:
    if kind == "swiss":
        options = {**options, "prefill": _prefill(24, 7)}
    values = []
    for name, data in (("ours", build(kind, **options)), ("full", openpyxl_written(kind, monkeypatch, **options))):
        source, target = tmp_path / f"{name}.xlsx", tmp_path / f"{name}-values.xlsx"
        source.write_bytes(data)
        libreoffice.recalculate(source, target)
        values.append(read_values(target))
    assert values[0] == values[1]
    numbers = [v for cells in values[0].values() for v in cells.values() if isinstance(v, (int, float))]
    assert len(numbers) > 500  # the books computed something


def _prefill(players: int, rounds: int) -> dict:
    """A Swiss event typed into the book: round t pairs i with i + 2^t (mod n), results from a
    fixed pattern, with byes and a forfeit; some boards typed once."""
    pairings = [[None] * rounds for _ in range(players)]
    results = [[None] * rounds for _ in range(players)]
    for t in range(rounds):
        free = list(range(players))
        while len(free) > 1:
            i = free.pop(0)
            j = free.pop((t * 3) % len(free))
            result = ["1", "0", "½", "+"][(i + j + t) % 4]
            pairings[i][t], results[i][t] = j + 1, result
            if (i + t) % 5:  # else typed on one row only
                pairings[j][t], results[j][t] = i + 1, {"1": "0", "0": "1", "½": "½", "+": "-"}[result]
        for i in free:
            results[i][t] = "U"
    return {"name": [f"P{i}" for i in range(players)], "rating": [1500 + 37 * i for i in range(players)],
            "pairings": pairings, "results": results}


def test_text_xml_cannot_hold_becomes_the_replacement_character() -> None:
    # a lone surrogate, U+FFFE and U+FFFF cannot stand in an XML file: they print as U+FFFD
    data = build("swiss", players=4, rounds=3, prefill={"name": ["a\ud800b", "x\ufffe", "y\uffff", "=HYPERLINK(1)"]})
    names = [c.value for c in load_workbook(io.BytesIO(data)).worksheets[1]["D"][5:9]]
    assert names == ["a\ufffdb", "x\ufffd", "y\ufffd", "=HYPERLINK(1)"]
