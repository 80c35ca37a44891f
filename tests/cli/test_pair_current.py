"""A book written by ``pair`` or ``functions`` holds no value of the book before: every formula
cell loses its stored value (a program that calculates computes it, one that does not shows it
empty), the formulas stay, and the workbook is marked to calculate on load. LibreOffice
converting the paired book to PDF on the command line (no recalculation asked) prints the
round just paired.
"""

from __future__ import annotations

import re
import subprocess
import zipfile
from pathlib import Path

import pytest

from elo_xl.cli import main
from elo_xl.event.samples import SWISS_TRF_PATH
from elo_xl.io.xlsx import sheet_parts, workbook_part
from elo_xl.workbook.archive import Injection
from pairing_cases import cut

SAMPLE = Path(SWISS_TRF_PATH).read_text(encoding="utf-8")
#: A formula cell and what follows its formula up to the cell's end (a stored value, if any).
FORMULA_CELL = re.compile(rb"<c\b([^>]*)>\s*(<f\b[^>]*/>|<f\b[^>]*>[^<]*</f>)(.*?)</c>", re.DOTALL)


def run(capsys, *args) -> str:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def sheets(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {part: archive.read(part) for part in sheet_parts(archive).values()}


def stored(path: Path) -> list[str]:
    """The formula cells of the book that hold a stored value (or a value type), by part and cell
    (openpyxl's untyped empty ``<v></v>`` holds none)."""
    return [f"{part} {m[1].decode()}" for part, xml in sheets(path).items() for m in FORMULA_CELL.finditer(xml)
            if m[3].strip() not in (b"", b"<v></v>", b"<v/>") or re.search(rb'\st="', m[1])]


def formulas(path: Path) -> list[bytes]:
    return [m[2] for xml in sheets(path).values() for m in FORMULA_CELL.finditer(xml)]


def calc_on_load(path: Path) -> bool:
    with zipfile.ZipFile(path) as archive:
        return b'fullCalcOnLoad="1"' in archive.read(workbook_part(archive))


@pytest.fixture
def valued(tmp_path, capsys) -> Path:
    """The sample Swiss before round 5 as a book whose every formula cell stores a value (text,
    a number, an error in turn), as after ``recalc``."""
    trf, book = tmp_path / "open.trf", tmp_path / "open.xlsx"
    trf.write_text(cut(SAMPLE, 4), encoding="utf-8")
    run(capsys, "workbook", "swiss", "--from", trf, "-o", book)
    ready = Injection(book.read_bytes())
    kinds = ("last round", 7, "#N/A")
    values = {title: {cell[2]: kinds[i % 3] for i, cell in enumerate(ready.sheets[part][1])}
              for title, part in ready.parts.items()}
    book.write_bytes(ready.fill(values))
    assert len(stored(book)) == ready.formulas > 1000
    return book


def test_pair_leaves_no_stored_value_and_every_formula(capsys, valued, tmp_path):
    paired = tmp_path / "paired.xlsx"
    run(capsys, "pair", valued, "-o", paired)
    assert stored(paired) == []
    assert formulas(paired) == formulas(valued)
    assert calc_on_load(paired)


def test_functions_leave_no_stored_value_and_every_formula(capsys, tmp_path):
    """A club's own book, calculated once (a stored value in each formula cell), given the functions."""
    import openpyxl

    from elo_xl.workbook.archive import inject_values

    book, added = tmp_path / "club.xlsx", tmp_path / "functions.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "Club"
    wb.active.append([1500, "=A1+10", '=IF(A1>2000,"master","")', "=1/0"])
    wb.save(book)
    book.write_bytes(inject_values(book.read_bytes(), {"Club": {"B1": 1510, "C1": "", "D1": "#DIV/0!"}}))
    assert len(stored(book)) == 3
    run(capsys, "functions", book, "-o", added)
    assert stored(added) == []
    assert formulas(added) == formulas(book)
    assert calc_on_load(added)


#: A board of ``pair``'s list: board, White's number, name, points, Black's number, name, points.
BOARD = re.compile(r"^\s*(\d+)\s+(\d+)\s+(.*?)\s+([\d.]+)\s+(\d+)\s+(.*?)\s+([\d.]+)$", re.MULTILINE)


def printed(book: Path, folder: Path) -> str:
    """The text of the PDF ``soffice --headless --convert-to pdf`` makes of *book* (a profile of
    its own; LibreOffice calculates what it calculates on load, nothing more)."""
    from elo_xl.recalc.libreoffice import find_soffice

    out = folder / "pdf"
    subprocess.run([find_soffice(), f"-env:UserInstallation={(folder / 'profile').as_uri()}", "--headless",
                    "--convert-to", "pdf", "--outdir", str(out), str(book)],
                   check=True, capture_output=True, timeout=300)
    return subprocess.run(["pdftotext", "-layout", str(out / (book.stem + ".pdf")), "-"], check=True,
                          capture_output=True, text=True).stdout


@pytest.mark.office
def test_libreoffice_prints_the_round_just_paired(capsys, libreoffice, tmp_path):
    """``soffice --convert-to pdf`` of a book recalculated before round 5 and then paired prints
    round 5's boards as ``pair`` lists them, not round 4's; so does the book LibreOffice itself
    saved (its own way of writing formula cells), paired."""
    from elo_xl.workbook import with_values

    trf, book = tmp_path / "open.trf", tmp_path / "open.xlsx"
    trf.write_text(cut(SAMPLE, 4), encoding="utf-8")
    run(capsys, "workbook", "swiss", "--from", trf, "-o", book)
    book.write_bytes(with_values(book.read_bytes(), libreoffice))
    saved = tmp_path / "saved.xlsx"
    libreoffice.recalculate(book, saved)
    for source in (book, saved):
        paired = tmp_path / f"paired-{source.stem}.xlsx"
        boards = BOARD.findall(run(capsys, "pair", source, "-o", paired))
        assert len(boards) == 5
        text = printed(paired, tmp_path)
        assert "Round 5, in board order" in text and "Round 4, in board order" not in text
        wall = text[text.index("Round 5, in board order"):]
        for board, white_no, white, _, black_no, black, _ in boards:
            line = (rf"^\s*{board}\s+{white_no}\s+{re.escape(white)}\s+[\d.]+\s+{black_no}\s+"
                    rf"{re.escape(black)}\s+[\d.]+$")
            assert re.search(line, wall, re.MULTILINE), (board, white, black)
        assert stored(paired) == []
