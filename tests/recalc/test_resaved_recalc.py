"""``recalc`` on books saved again by Gnumeric (``ssconvert in.xlsx out.xlsx``), by LibreOffice
(``soffice --headless --convert-to xlsx``) and in every hand-written form of
``bench/resaved_books.py`` (issue 30: every book Gnumeric saved was a traceback).

The values recalc stores must be LibreOffice's own: the same book recalculated and saved by
LibreOffice itself (:meth:`LibreOffice.recalculate`, its "Save as .xlsx"), read back by
openpyxl. The book recalc writes must still open in openpyxl, and ``export`` and ``pair`` must
read the event the book was made from (its TRF file) in Gnumeric's and LibreOffice's books.
"""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest

from elo_xl.cli import main
from elo_xl.event.samples import SWISS_TRF_PATH
from elo_xl.io.trf_read import parse_trf
from elo_xl.recalc import read_values
from pairing_cases import cut

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import resaved_books  # noqa: E402
from books import load_workbook

pytestmark = pytest.mark.office


@pytest.fixture(scope="module")
def saved(tmp_path_factory, gnumeric, libreoffice) -> dict[str, Path]:
    """The sample Swiss before round 5: its TRF file, its book, and the book saved by Gnumeric,
    by LibreOffice and written again in every form by hand."""
    from elo_xl.recalc.gnumeric import find_ssconvert
    from elo_xl.recalc.libreoffice import find_soffice

    folder = tmp_path_factory.mktemp("resaved-recalc")
    trf = folder / "open.trf"
    trf.write_text(cut(Path(SWISS_TRF_PATH).read_text(encoding="utf-8"), 4), encoding="utf-8")
    book = folder / "open.xlsx"
    assert main(["workbook", "swiss", "--from", str(trf), "-o", str(book)]) == 0
    books = {"trf": trf, "elo-xl": book}
    (folder / "gnumeric").mkdir()
    books["gnumeric"] = folder / "gnumeric" / "open.xlsx"
    subprocess.run([find_ssconvert(), str(book), str(books["gnumeric"])], check=True, capture_output=True, timeout=300)
    (folder / "libreoffice").mkdir()
    profile = (folder / "profile").as_uri()
    subprocess.run([find_soffice(), f"-env:UserInstallation={profile}", "--headless", "--convert-to", "xlsx",
                    "--outdir", str(folder / "libreoffice"), str(book)], check=True, capture_output=True, timeout=300)
    books["libreoffice"] = folder / "libreoffice" / "open.xlsx"
    books["by hand"] = folder / "by-hand.xlsx"
    books["by hand"].write_bytes(resaved_books.resave(book.read_bytes(), **{way: True for way in resaved_books.WAYS}))
    return books


def test_the_books_are_saved_as_their_engines_write(saved):
    gnumeric = resaved_books._parts(saved["gnumeric"].read_bytes())
    assert any(b">\n" in xml and b"<f>" in xml for name, xml in gnumeric.items() if name.startswith("xl/worksheets/"))
    assert "xl/sharedStrings.xml" in resaved_books._parts(saved["libreoffice"].read_bytes())


def formula_cells(path: Path) -> set[tuple[str, str]]:
    book = load_workbook(path)
    return {(sheet.title, cell.coordinate) for sheet in book.worksheets for row in sheet.iter_rows() for cell in row
            if cell.data_type == "f"}


def same(a, b) -> bool:
    """Equal, numbers to LibreOffice's 15 significant digits (it stores no more in .xlsx)."""
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return math.isclose(a, b, rel_tol=1e-13, abs_tol=1e-13)
    return a == b


@pytest.mark.parametrize("form", ["gnumeric", "libreoffice", "by hand", "elo-xl"])
def test_recalc_stores_the_values_libreoffice_saves(saved, form, libreoffice, tmp_path, capsys):
    book, out, theirs = saved[form], tmp_path / "recalculated.xlsx", tmp_path / "libreoffice.xlsx"
    assert main(["recalc", str(book), "-o", str(out)]) == 0, capsys.readouterr().err
    assert capsys.readouterr().out.startswith(f"{out}: recalculated in LibreOffice")
    load_workbook(out)                    # it still opens, formulas
    ours = read_values(out, reader="openpyxl")     # and values
    libreoffice.recalculate(book, theirs)
    expected = read_values(theirs, reader="openpyxl")
    cells = formula_cells(book)
    assert len(cells) > 1000
    differ = [(sheet, cell, ours.get(sheet, {}).get(cell), expected.get(sheet, {}).get(cell)) for sheet, cell in sorted(cells)
              if not same(ours.get(sheet, {}).get(cell), expected.get(sheet, {}).get(cell))]
    assert differ == []
    assert sum(1 for sheet, cell in cells if expected.get(sheet, {}).get(cell) is not None) > 500


def _games(text: str, rounds: int) -> list:
    return [(p.name, p.rating, [(g.opponent, g.colour, g.result) for g in p.games[:rounds]])
            for p in parse_trf(text).players]


@pytest.mark.parametrize("form", ["gnumeric", "libreoffice"])
def test_export_and_pair_read_the_engines_books(saved, form, tmp_path, capsys):
    exported, paired, trf_paired = tmp_path / "out.trf", tmp_path / "paired.xlsx", tmp_path / "paired.trf"
    assert main(["export", str(saved[form]), "-o", str(exported)]) == 0
    source = saved["trf"].read_text(encoding="utf-8")
    assert _games(exported.read_text(encoding="utf-8"), 4) == _games(source, 4)
    assert main(["pair", str(saved[form]), "-o", str(paired)]) == 0
    assert main(["pair", str(saved["trf"]), "-o", str(trf_paired)]) == 0
    assert main(["export", str(paired), "-o", str(exported)]) == 0
    round_five = [[g[:2] for g in games[4:5]] for _, _, games in _games(exported.read_text(encoding="utf-8"), 5)]
    assert round_five == [[g[:2] for g in games[4:5]] for _, _, games in _games(trf_paired.read_text(encoding="utf-8"), 5)]
    load_workbook(paired)
