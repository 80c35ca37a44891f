"""`elo-xl recalc BOOK [-o OUT]` (issue 15, item 4): an edited book recalculated in LibreOffice,
every formula's value stored; without LibreOffice one line with the install command.

The event: Ann (2500) beats Bob (2400) in round 1 of a two-player Swiss, K 10. The arbiter then
corrects the result to a draw in the book (both rows). By hand (FIDE B.02 table 8.1.2, a
difference of 100: expected 0.64 and 0.36): Ann 10 × (0.5 − 0.64) = −1.4 → −1, new 2499; Bob
+1.4 → +1, new 2401. Before the correction the book's stored values are those of the win
(+4: 2504 and 2396), which recalc must replace."""

from __future__ import annotations

import pytest

from books import load_workbook, put
from elo_xl.cli import main
from elo_xl.io.xlsx import parse_cell


def _trf(path):
    line = "001 {:>4}      {:<33} {}".format
    path.write_text("012 Duel\nXXR 1\n" + line(1, "Ann", "2500").ljust(91) + "   2 w 1\n"
                    + line(2, "Bob", "2400").ljust(91) + "   1 b 0\n", encoding="utf-8")
    return path


def _new_ratings(path):
    wb = load_workbook(path, data_only=True)
    sheet, ref = next(iter(wb.defined_names["NewRating"].destinations))
    return [row[0].value for row in wb[sheet][ref.replace("$", "")]][:2]


def test_recalc_stores_the_edited_values(libreoffice, tmp_path, capsys):
    trf, book, out = _trf(tmp_path / "duel.trf"), tmp_path / "duel.xlsx", tmp_path / "done.xlsx"
    assert main(["workbook", "swiss", "--from", str(trf), "--k", "10", "--values", "-o", str(book)]) == 0
    assert _new_ratings(book) == [2504, 2396]
    wb = load_workbook(book)
    put(wb, "Results", [["½"], ["½"]])
    wb.save(book)
    capsys.readouterr()
    assert main(["recalc", str(book), "-o", str(out)]) == 0
    line = capsys.readouterr().out
    assert line.startswith(f"{out}: recalculated in LibreOffice") and line.count("\n") == 1
    assert _new_ratings(out) == [2499, 2401]
    assert main(["recalc", str(book)]) == 0   # in place
    assert _new_ratings(book) == [2499, 2401]


def test_without_libreoffice_one_line_with_the_install_command(monkeypatch, tmp_path, capsys):
    import elo_xl.recalc

    book, out = tmp_path / "p.xlsx", tmp_path / "out.xlsx"
    assert main(["workbook", "player", "-o", str(book)]) == 0
    capsys.readouterr()
    monkeypatch.setattr(elo_xl.recalc, "available", lambda: False)
    assert main(["recalc", str(book), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "needs LibreOffice" in err and "apt install libreoffice-calc-nogui" in err
    assert str(book) in err and not out.exists()


@pytest.mark.parametrize("name, content, message", [
    ("a.csv", "name,rating\n", "this is a text file (CSV), not an Excel workbook"),
    ("a.trf", "012 Cup\n001    1      A\n", "this is a TRF file, not an Excel workbook"),
])
def test_what_is_not_a_book(tmp_path, capsys, name, content, message):
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    assert main(["recalc", str(path)]) == 2
    assert capsys.readouterr().err == f"elo-xl: {path}: {message} (.xlsx); give a book to recalculate\n"


def test_output_must_be_xlsx(tmp_path, capsys):
    book = tmp_path / "p.xlsx"
    assert main(["workbook", "player", "-o", str(book)]) == 0
    assert main(["recalc", str(book), "-o", str(tmp_path / "p.ods")]) == 2
    assert "recalc writes an .xlsx workbook" in capsys.readouterr().err


class _Terminal:
    def __init__(self):
        self.text = ""

    def isatty(self):
        return True

    def write(self, text):
        self.text += text

    def flush(self):
        pass


def test_a_long_wait_shows_a_line_counting_seconds_and_erases_it():
    import time

    from elo_xl.progress import Waiting

    quick, slow = _Terminal(), _Terminal()
    with Waiting("recalculating gros.xlsx in LibreOffice", after=5, stream=quick):
        pass
    assert quick.text == ""                 # a short wait shows nothing
    with Waiting("recalculating gros.xlsx in LibreOffice", after=0.05, stream=slow):
        time.sleep(1.3)
    assert "\r\033[Kelo-xl: recalculating gros.xlsx in LibreOffice… 1 s" in slow.text
    assert slow.text.endswith("\r\033[K")


# --- issue 23, item 8: recalc tells the truth ----------------------------------------------------


def _sheet_xml(path):
    import zipfile

    with zipfile.ZipFile(path) as archive:
        return {n: archive.read(n).decode("utf-8") for n in archive.namelist() if n.startswith("xl/worksheets/")}


@pytest.mark.office
def test_error_cells_are_counted_named_and_stored_as_errors(libreoffice, tmp_path, capsys):
    """Ann's rating typed over with =SQRT(-1): LibreOffice shows Err:502 there and saves it in
    an .xlsx as #VALUE! (measured with its own 'Save as .xlsx'). recalc stores that code typed as
    an error (t="e"), never the text Err:502, counts every error cell, names the first five,
    and exits 1."""
    import re

    trf, book, out = _trf(tmp_path / "duel.trf"), tmp_path / "duel.xlsx", tmp_path / "done.xlsx"
    assert main(["workbook", "swiss", "--from", str(trf), "--k", "10", "-o", str(book)]) == 0
    wb = load_workbook(book)
    (title, reference), = wb.defined_names["Ratings"].destinations
    first = reference.replace("$", "").split(":")[0]
    wb[title][first] = "=SQRT(-1)"
    wb.save(book)
    capsys.readouterr()
    assert main(["recalc", str(book), "-o", str(out)]) == 1
    captured = capsys.readouterr()
    xml = "".join(_sheet_xml(out).values())
    errors = re.findall(r'<c r="([A-Z]+\d+)"[^>]*\bt="e"[^>]*>(?:<f[^<]*</f>|<f[^>]*/>)<v>([^<]*)</v>', xml)
    assert "Err:" not in xml and errors
    assert f'<c r="{first}"' in xml and (first, "#VALUE!") in errors
    n = len(errors)
    assert captured.out == f"{out}: recalculated in LibreOffice in " + captured.out.split(" in ")[2].split(",")[0] \
        + f", {n} cells holding an error\n"
    err = captured.err
    assert err.count("\n") == 1 and err.startswith(f"elo-xl: {book}: {n} cells hold an error after recalculation: ")
    assert f"{title}!{first} #VALUE!" in err and err.count("#VALUE!") + err.count("#REF!") == min(n, 5)
    assert "the values are stored, the errors as errors" in err


@pytest.mark.parametrize("lock", [".~lock.p.xlsx#", "~$p.xlsx"])
def test_a_book_held_open_is_not_written(tmp_path, capsys, lock):
    """LibreOffice keeps '.~lock.NAME#' beside a book it holds open, Excel '~$NAME': writing
    the book then would be lost when that program saves; recalc refuses before anything."""
    book = tmp_path / "p.xlsx"
    assert main(["workbook", "player", "-o", str(book)]) == 0
    before = book.read_bytes()
    (tmp_path / lock).write_text("Ann,host,2026", encoding="utf-8")
    capsys.readouterr()
    assert main(["recalc", str(book)]) == 2
    program = "LibreOffice by Ann" if lock.startswith(".~lock") else "Excel"
    assert capsys.readouterr().err == (f"elo-xl: {book}: is open in {program} ({lock} beside it), whose next save "
                                       "would undo what elo-xl writes; close it there first, or write elsewhere "
                                       "with -o\n")
    assert book.read_bytes() == before


def test_a_deleted_player_row_is_named_as_the_likely_cause(tmp_path):
    """A four-player Swiss book with player 2's row deleted (rows shift up, the numbers in the
    first column read 1, 3, 4): the numbers jump from 1 to 3 on the second player row."""
    from elo_xl.workbook.diagnose import players_jump

    book = tmp_path / "s.xlsx"
    assert main(["workbook", "swiss", "--players", "4", "--rounds", "1", "-o", str(book)]) == 0
    wb = load_workbook(book)
    (title, reference), = wb.defined_names["Names"].destinations
    row, _ = parse_cell(reference.split(":")[0])
    assert [wb[title].cell(row + k, 1).value for k in range(4)] == [1, 2, 3, 4]
    wb[title].delete_rows(row + 1)
    wb.save(book)
    assert players_jump(book.read_bytes()) == (
        f"the players' numbers jump from 1 to 3 at {title}!A{row + 1}: a player's row was deleted (undo it; a player "
        "who withdraws keeps his row, his rounds left blank)")
    fresh = tmp_path / "fresh.xlsx"
    assert main(["workbook", "swiss", "--players", "4", "--rounds", "1", "-o", str(fresh)]) == 0
    assert players_jump(fresh.read_bytes()) is None
