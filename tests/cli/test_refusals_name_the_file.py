"""Every refusal starts with the file it is about (for a book, the sheet and cell too), then the
line and column: one line, no traceback. Fuzzing found ``elo-xl: line 18, columns 11–13: title
"½" is not a title…``, a line of the TRF file written from a book, naming neither the book nor
its cell; and refusals about the TRF lines a book keeps on its Event sheet that named the book
but not the cell holding the line.

Each face is tried: ``rate``, ``pair``, ``workbook --from`` and ``period`` on a TRF file with a
bad title, birth date or result; ``export`` and ``pair`` on a book with a bad cell or a bad kept
line; ``workbook --from`` on a TRF file whose records are bad.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from elo_xl.cli import main
from elo_xl.io.trf_format import EXAMPLE

from books import load_workbook, once

#: A rating list with the example's rated players.
LIST = ("fide_id,name,federation,sex,title,rating,games,k,birth_year,flag\n"
        '1700123,"Berg, Anna",SWE,F,WIM,2012,50,20,2001,\n22512345,"Cruz, Mateo",ESP,M,,1893,50,20,1998,\n')

#: The example's player 2 line (line 10), and what makes one field of it bad.
BAD_FIELDS = {
    "title": (lambda line: line[:10] + "½  " + line[13:], 'line 10, columns 11–13: title "½" is not a title'),
    "birth": (lambda line: line[:69] + "1998/13/45" + line[79:], 'line 10, columns 70–79: birth date "1998/13/45"'),
    "result": (lambda line: line[:98] + "Q" + line[99:], 'line 10, column 99: round 1 result "Q"'),
}


def _trf(folder: Path, name: str, change=None, rounds: int = 3, records: str = "") -> Path:
    lines = EXAMPLE.replace("XXR 3", f"XXR {rounds}{records}").split("\n")
    if change is not None:
        lines = [change(line) if line.startswith("001    2") else line for line in lines]
    path = folder / name
    path.write_text("\n".join(lines), encoding="utf-8")
    return Path(os.path.relpath(path))  # as the user types it, in the folder the command runs in


def _refusal(capsys, argv: list[str]) -> str:
    assert main([str(a) for a in argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err.removeprefix("elo-xl: ").rstrip("\n")


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


# --- a TRF file -------------------------------------------------------------------------------


@pytest.mark.parametrize("field", BAD_FIELDS)
@pytest.mark.parametrize("command", ["rate", "pair", "workbook", "period"])
def test_a_bad_trf_field_is_refused_naming_the_file_once(folder, capsys, field, command):
    change, told = BAD_FIELDS[field]
    trf = _trf(folder, "cup.trf", change, rounds=5)
    argv = {"rate": ["rate", trf], "pair": ["pair", trf],
            "workbook": ["workbook", "swiss", "--from", trf, "-o", "cup.xlsx"],
            "period": ["period", "--list", "list.csv", "--month", "2026-04", trf]}[command]
    if command == "period":
        (folder / "list.csv").write_text(LIST, encoding="utf-8")
    message = _refusal(capsys, argv)
    assert message.startswith(f"cup.trf, {told}"), message
    assert message.count("cup.trf") == 1


def test_period_names_the_file_as_given_once(folder, capsys):
    """``period`` named the file twice (``cup.trf: cup.trf, line 10…``); it names it once, as given."""
    (folder / "events").mkdir()
    trf = _trf(folder / "events", "cup.trf", BAD_FIELDS["title"][0])
    (folder / "list.csv").write_text(LIST, encoding="utf-8")
    message = _refusal(capsys, ["period", "--list", "list.csv", "--month", "2026-04", "events/cup.trf"])
    assert message.startswith(f"events/cup.trf, {BAD_FIELDS['title'][1]}"), message


def test_workbook_from_a_trf_with_a_bad_record_names_the_file(folder, capsys):
    """A bad 162 record (scoring system) was refused as ``line 8, columns 5–13: …`` alone."""
    trf = _trf(folder, "cup.trf", records="\n162 W 1.0 D x")
    for kind in ("swiss", "round-robin"):
        message = _refusal(capsys, ["workbook", kind, "--from", trf, "-o", "cup.xlsx"])
        assert message.startswith('cup.trf: line 8, columns 5–13: "W 1.0 D x" is not a scoring system'), message
    assert not (folder / "cup.xlsx").exists()


# --- a book: its cells ----------------------------------------------------------------------------


@pytest.fixture
def book(folder, capsys) -> Path:
    """A Swiss book of the example, 5 rounds (3 played: round 4 is the next to pair), made once per
    test process (:func:`books.once`: the same bytes and output as ``main`` gives each test)."""
    trf = _trf(folder, "event.trf", rounds=5)
    assert once(["workbook", "swiss", "--from", str(trf), "-o", "cup.xlsx"], Path("cup.xlsx"), given=trf) == 0
    capsys.readouterr()
    return Path("cup.xlsx")


def _cell(path: Path, name: str, row: int = 0) -> tuple[str, str]:
    wb = load_workbook(path)
    sheet, ref = next(iter(wb.defined_names[name].destinations))
    first = ref.replace("$", "").split(":")[0]
    column, number = first.rstrip("0123456789"), int(first[len(first.rstrip("0123456789")):])
    return sheet, f"{column}{number + row}"


def _type(path: Path, sheet: str, ref: str, value) -> None:
    wb = load_workbook(path)
    wb[sheet][ref] = value
    wb.save(path)


@pytest.mark.parametrize("name, value, told", [
    ("Titles", "½", '"½" is not a title; type GM, IM, FM, CM, WGM, WIM, WFM, WCM (or another title in letters), '
                   "or leave it blank"),
    ("Titles", "G M", '"G M" is not a title'),
    ("FideIds", "12a", '"12a" is not a FIDE ID; type its digits, or leave it blank'),
    ("Names", "Berg\u2028Anna", '"Berg\\u2028Anna" holds a control character, which a TRF file cannot hold; remove it'),
])
@pytest.mark.parametrize("command", ["export", "pair"])
def test_a_bad_player_cell_is_refused_at_its_cell(book, capsys, name, value, told, command):
    """What the TRF reader would refuse in the line written from the cell is refused at the cell
    (``export`` told ``line 10, columns 11–13: title "½"…`` with no file at all)."""
    sheet, ref = _cell(book, name)
    _type(book, sheet, ref, value)
    argv = ["export", book, "-o", "cup.trf"] if command == "export" else ["pair", book]
    message = _refusal(capsys, argv)
    assert message.startswith(f"{book}, {sheet}!{ref}: {told}"), message
    assert not Path("cup.trf").exists()


def test_a_bad_event_cell_is_refused_at_its_cell(book, capsys):
    sheet, ref = _cell(book, "EventName")
    _type(book, sheet, ref, "Spring\u2028Open")
    message = _refusal(capsys, ["export", book, "-o", "cup.trf"])
    assert message.startswith(f"{book}, {sheet}!{ref}: "), message


# --- a book: the TRF lines it keeps ------------------------------------------------------------


def _kept(path: Path, code: str) -> tuple[str, int]:
    """The cell of the kept line starting with ``code``, and the line's number among the kept lines."""
    wb = load_workbook(path)
    sheet, ref = next(iter(wb.defined_names["TrfRecords"].destinations))
    first, last = ref.replace("$", "").split(":")
    column, top = first.rstrip("0123456789"), int(first[len(first.rstrip("0123456789")):])
    for row in range(top, int(last[len(column):]) + 1):
        if str(wb[sheet][f"{column}{row}"].value or "").startswith(code):
            return f"{sheet}!{column}{row}", row - top + 1
    raise AssertionError(f"no kept line {code}")


@pytest.mark.parametrize("command, line, told", [
    ("export", "XXR zz", 'columns 5–6: XXR says "zz", which is not a number of rounds'),
    ("pair", "XXR zz", 'columns 5–6: XXR says "zz", which is not a number of rounds'),
    ("pair", "162 W 1.0 D x", 'columns 5–13: "W 1.0 D x" is not a scoring system'),  # export keeps it as written
])
def test_a_bad_kept_line_is_refused_at_its_cell(book, capsys, command, line, told):
    """The book, then the cell on the Event sheet holding the line, then the line: ``pair`` told
    ``cup.xlsx: line 8, columns 5–6: …``, naming no cell."""
    where, number = _kept(book, "XXR")
    sheet, ref = where.split("!")
    _type(book, sheet, ref, line)
    argv = ["export", book, "-o", "cup.trf"] if command == "export" else ["pair", book]
    message = _refusal(capsys, argv)
    assert message.startswith(f"{book}, {where} (line {number} of the TRF lines it keeps), {told}"), message


def test_a_bad_kept_202_record_is_refused_at_its_cell(book, capsys):
    """A book whose tie-break slots are empty ranks by the 202 record it keeps; a bad one was
    refused as ``cup.xlsx: the kept record 202: …``, naming no cell."""
    wb = load_workbook(book)
    sheet, ref = next(iter(wb.defined_names["TiebreakList"].destinations))
    for row in wb[sheet][ref.replace("$", "")]:
        for slot in row:
            slot.value = None
    wb.save(book)
    where, _ = _kept(book, "XXR")
    sheet, ref = where.split("!")
    _type(book, sheet, ref, "202 BH/Q,SB")
    message = _refusal(capsys, ["export", book, "-o", "cup.trf"])
    assert message.startswith(f'{book}, {where} (the kept record 202): tie-break 1 "BH/Q"'), message


def test_a_note_on_a_kept_line_names_its_cell(book, capsys):
    """``pair`` notes a record it leaves aside; for a book, at the cell holding the line."""
    where, number = _kept(book, "XXR")
    sheet, ref = where.split("!")
    _type(book, sheet, f"{ref[0]}{int(ref[1:]) - 1}", "152 purple")  # the line before XXR (the arbiter's 102)
    assert main(["pair", str(book)]) == 0
    err = capsys.readouterr().err
    assert f"elo-xl: note: {book}, {sheet}!{ref[0]}{int(ref[1:]) - 1} (line {number - 1} of the TRF lines it keeps, " \
           "152): 'purple' is not W or B" in " ".join(err.split()), err
