"""``export`` refuses a book it cannot read with one line that names the file, the sheet and the
cell the arbiter typed into; damaged books, resized names, deleted sheets, archives that unpack
to far more than they weigh and files that are not workbooks at all are refused the same way.

Cells are found from the book's defined names (the contract between the book and export), read
here with openpyxl; the event is tests/data/trf/swiss-10x9.trf, where player 1 meets player 3
in round 4 with white and loses (``3 w 0``; player 3's line reads ``1 b 1``).
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest
from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import range_boundaries

from elo_xl.cli import main
from elo_xl.errors import EloError
from elo_xl.export import book_to_trf
from elo_xl.io.xlsx import parse_cell
from elo_xl.workbook.book_access import describe_file

from books import ROUND_PARTS, load_workbook, names_only, round_cell

TRF = Path(__file__).parents[1] / "data" / "trf" / "swiss-10x9.trf"


@pytest.fixture(scope="module")
def book_bytes(tmp_path_factory) -> bytes:
    path = tmp_path_factory.mktemp("book") / "book.xlsx"
    assert main(["workbook", "swiss", "--from", str(TRF), "-o", str(path)]) == 0
    return path.read_bytes()


@pytest.fixture
def book(tmp_path, book_bytes, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = Path("book.xlsx")
    path.write_bytes(book_bytes)
    return path


def cell(wb: openpyxl.Workbook, name: str, player: int = 1, round_: int = 1) -> tuple[str, str]:
    """(sheet, A1 reference) of player ``player``'s cell in the range ``name`` (round ``round_``);
    ``Pairings``, ``Colours`` and ``Results`` are the fields of each round in ``Rounds``."""
    if name in ROUND_PARTS:
        sheet, row, column = round_cell(wb, name, player - 1, round_ - 1)
        return sheet, f"{get_column_letter(column)}{row}"
    sheet, ref = next(iter(wb.defined_names[name].destinations))
    min_col, min_row, _, _ = range_boundaries(ref.replace("$", ""))
    return sheet, f"{get_column_letter(min_col + round_ - 1)}{min_row + player - 1}"


def load(path: Path) -> openpyxl.Workbook:
    """``openpyxl.load_workbook(path)``: a workbook of its own (:func:`books.load_workbook`)."""
    return load_workbook(path)


def typed(path: Path, changes: dict[tuple[str, int, int], object]) -> None:
    """Type values into the book as a user does (:func:`elo_xl.workbook.archive.set_cells`): what
    :func:`edit` types, the book otherwise as elo-xl wrote it (no openpyxl save), for a test of
    what export makes of the values rather than of a book saved by another program."""
    from elo_xl.workbook.archive import set_cells

    wb = names_only(path.read_bytes())
    by_sheet: dict[str, dict[str, object]] = {}
    for (name, player, round_), value in changes.items():
        sheet, ref = cell(wb, name, player, round_)
        by_sheet.setdefault(sheet, {})[ref] = value
    data = path.read_bytes()
    for sheet, values in by_sheet.items():
        data = set_cells(data, sheet, values)
    path.write_bytes(data)


def edit(path: Path, changes: dict[tuple[str, int, int], object]) -> dict[tuple[str, int, int], str]:
    """Type values into the book; returns each changed cell as ``Sheet!A1``."""
    wb = load(path)
    names = {}
    for (name, player, round_), value in changes.items():
        sheet, ref = cell(wb, name, player, round_)
        wb[sheet][ref] = value
        names[(name, player, round_)] = f"{sheet}!{ref}"
    wb.save(path)
    return names


@pytest.fixture(scope="module")
def where(book_bytes) -> Callable[..., str]:
    """``where(name, player=1, round_=1)``: ``Sheet!A1`` of a cell of the book, found from the
    names of the book as written (typing into cells leaves its names as they are), loaded once
    for the module."""
    wb = load_workbook(book_bytes)

    def find(name: str, player: int = 1, round_: int = 1) -> str:
        sheet, ref = cell(wb, name, player, round_)
        return f"{sheet}!{ref}"
    return find


def export_error(path: Path, capsys) -> str:
    out = Path("out.trf")
    assert main(["export", str(path), "-o", str(out)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and not out.exists()
    lines = captured.err.splitlines()
    assert len(lines) == 1 and "Traceback" not in captured.err
    return lines[0]


# --- what the arbiter typed ---------------------------------------------------------------------------


def test_game_result_without_an_opponent(book, capsys, where):
    cells = edit(book, {("Pairings", 1, 4): None, ("Pairings", 3, 4): None})  # neither row names the other
    result = where("Results", 1, 4)
    assert export_error(book, capsys) == (
        f'elo-xl: book.xlsx, {result}: "0" is a game result, but round 4 names no opponent in '
        f'{cells[("Pairings", 1, 4)]}, and no row names 1 in that round')


def test_game_result_on_a_row_its_opponent_names(book, capsys):
    """Round 4 of player 1 with his pairing erased: player 3's row still names him, so the
    pairing is implied (a board typed once) and export writes both lines."""
    edit(book, {("Pairings", 1, 4): None})
    assert main(["export", str(book), "-o", "out.trf"]) == 0
    line = next(text for text in Path("out.trf").read_text().splitlines() if text.startswith("001    1"))
    assert line[91 + 10 * 3:91 + 10 * 4].split()[0] == "3"


def test_bye_with_an_opponent(book, capsys, where):
    cells = edit(book, {("Results", 1, 4): "H"})
    assert export_error(book, capsys) == (
        f'elo-xl: book.xlsx, {cells[("Results", 1, 4)]}: "H" is a bye, which has no opponent, but round 4 names 3 '
        f'in {where("Pairings", 1, 4)}')


def test_results_that_disagree_name_both_cells(book, capsys, where):
    cells = edit(book, {("Results", 1, 4): 1})
    other = where("Results", 3, 4)
    line = export_error(book, capsys)
    assert line.startswith(f"elo-xl: book.xlsx, {cells[('Results', 1, 4)]} and {other}: 1 and \"1\" disagree on one "
                           "game (round 4, 1 against 3)")


def test_opponents_that_name_someone_else(book, capsys, where):
    cells = edit(book, {("Pairings", 3, 4): 5})
    line = export_error(book, capsys)
    assert line == (f"elo-xl: book.xlsx, {where('Pairings', 1, 4)}: round 4 pairs 1 with 3, but "
                    f"{cells[('Pairings', 3, 4)]} pairs 3 with 5")


@pytest.mark.parametrize("name,player,round_,value,problem", [
    ("Pairings", 2, 1, 11, "11 is not a start number; type the opponent's start number (1 to 10)"),
    ("Pairings", 2, 1, "x", '"x" is not a start number'),
    ("Pairings", 2, 1, 2, "2 is the player's own start number"),
    ("Pairings", 2, 1, 7.5, "7.5 is not a start number"),
    ("Results", 2, 1, "2", '"2" is not a result; type 1, ½ (or 0.5, =, R), 0'),
    ("Colours", 2, 1, "white", '"white" is not a colour; type w, b or -'),
    ("Ratings", 2, 1, "23x5", '"23x5" is not a rating; type a whole number from 1 to 3999'),
    ("Ratings", 2, 1, 2447.5, "2447.5 is not a rating"),
    ("Ratings", 2, 1, 5000, "5000 is not a rating"),
    ("KFactors", 2, 1, "ten", '"ten" is not a K factor'),
    ("Names", 2, 1, "A" * 34, "has 34 characters; a TRF file holds 33 for the name"),
    ("Names", 2, 1, "Line\nbreak", "holds a line break or a tab"),
    ("Federations", 2, 1, "ARGE", "has 4 characters; a TRF file holds 3 for the federation"),
    ("Sexes", 2, 1, "x", '"x" is not a sex; type m or w'),
])
def test_a_bad_cell_is_named(book, capsys, name, player, round_, value, problem):
    cells = edit(book, {(name, player, round_): value})
    line = export_error(book, capsys)
    assert line.startswith(f"elo-xl: book.xlsx, {cells[(name, player, round_)]}: "), line
    assert problem in line


def test_both_players_white(book, capsys, where):
    cells = edit(book, {("Colours", 3, 4): "w"})
    line = export_error(book, capsys)
    assert line.startswith(f"elo-xl: book.xlsx, {where('Colours', 1, 4)} and {cells[('Colours', 3, 4)]}: "
                           "both players of one game (round 4, 1 against 3)")


def test_event_data_with_a_line_break(book, capsys):
    wb = load(book)
    sheet, ref = next(iter(wb.defined_names["EventName"].destinations))
    wb[sheet][ref.replace("$", "")] = "Open\nA"
    wb.save(book)
    assert export_error(book, capsys).startswith(f"elo-xl: book.xlsx, {sheet}!{ref.replace('$', '')}: ")


@pytest.mark.parametrize("name, extra", [("EventName", 4), ("TrfRecords", 0)])
def test_a_cell_too_long_for_a_trf_line(book, capsys, name, extra):
    """A TRF line holds at most 4,096 characters (io.trf_format.MAX_LINE); an event name is
    written after ``012 `` (4 more). The file would not read back, so export names the cell."""
    wb = load(book)
    sheet, ref = next(iter(wb.defined_names[name].destinations))
    first = ref.replace("$", "").split(":")[0]
    wb[sheet][first] = "x" * (4096 - extra + 1)
    wb.save(book)
    line = export_error(book, capsys)
    assert line.startswith(f"elo-xl: book.xlsx, {sheet}!{first}: 4,097 characters make a TRF line longer"), line
    assert not Path("out.trf").exists()


# --- books whose structure was changed --------------------------------------------------------------


@pytest.mark.parametrize("sheet_of", ["Names", "EventName"])
def test_deleted_sheet(book, capsys, sheet_of):
    wb = load(book)
    sheet = next(iter(wb.defined_names[sheet_of].destinations))[0]
    del wb[sheet]
    wb.save(book)
    line = export_error(book, capsys)
    assert line.startswith("elo-xl: book.xlsx: the range named ")
    assert f"is on the sheet '{sheet}', which the workbook no longer has" in line


def test_name_resized_smaller(book, capsys):
    wb = load(book)
    defined = wb.defined_names["Rounds"]
    defined.attr_text = defined.attr_text.replace("$15", "$9")  # 10 player rows → 4
    wb.save(book)
    line = export_error(book, capsys)
    assert "the range Rounds" in line and "is not the size of Names" in line


def test_rounds_not_three_columns_a_round(book, capsys):
    wb = load(book)
    sheet, ref = next(iter(wb.defined_names["Rounds"].destinations))
    low_col, low_row, high_col, high_row = range_boundaries(ref.replace("$", ""))
    wb.defined_names["Rounds"].attr_text = (f"{sheet}!${get_column_letter(low_col)}${low_row}:"
                                            f"${get_column_letter(high_col - 1)}${high_row}")  # a column less
    wb.save(book)
    line = export_error(book, capsys)
    assert f"the range Rounds ({sheet}!{get_column_letter(low_col)}{low_row}:" in line
    assert f"is {high_col - low_col} columns wide, not three per round (opponent, colour, result)" in line


def test_name_resized_to_a_whole_sheet(book, capsys):
    wb = load(book)
    sheet = next(iter(wb.defined_names["Names"].destinations))[0]
    wb.defined_names["Names"].attr_text = f"{sheet}!$A$1:$A$1048576"
    wb.save(book)
    assert "is larger than export reads (9999 rows × 1 columns); was the name resized?" in export_error(book, capsys)


def test_name_pointing_nowhere(book, capsys):
    wb = load(book)
    wb.defined_names["Rounds"].attr_text = "#REF!"
    wb.save(book)
    assert "the range named Rounds no longer points to one block of cells" in export_error(book, capsys)


def test_name_deleted(book, capsys):
    wb = load(book)
    del wb.defined_names["Rounds"]
    wb.save(book)
    assert export_error(book, capsys) == ("elo-xl: book.xlsx: the workbook has no range named Rounds: "
                                          "is it a Swiss book written by elo-xl?")


# --- archives that unpack to far more than they weigh --------------------------------------------------


def rezip(path: Path, change) -> None:
    source = zipfile.ZipFile(io.BytesIO(path.read_bytes()))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            target.writestr(info.filename, change(info.filename, source.read(info)), compresslevel=9)
    path.write_bytes(buffer.getvalue())


def sheet_part(name: str) -> bool:
    return name.startswith("xl/worksheets/sheet")


def test_huge_comment_is_refused(book, capsys):
    # the case: a small file whose sheet holds a comment of tens of millions of characters
    first = min(name for name in zipfile.ZipFile(book).namelist() if sheet_part(name))  # one sheet only
    rezip(book, lambda name, data: data.replace(b"<sheetData>", b"<!--" + b"x" * 20_000_000 + b"--><sheetData>", 1)
          if name == first else data)
    assert book.stat().st_size < 300_000  # a small file that would unpack to 20 MB of one comment
    line = export_error(book, capsys)
    assert "holds a run of more than 256 kB without markup" in line and line.startswith("elo-xl: book.xlsx: the part ")


def test_huge_part_is_refused(book, capsys):
    rezip(book, lambda name, data: data + b" " * (65 * 2**20) if name == "xl/styles.xml" else data)
    line = export_error(book, capsys)
    assert line.startswith("elo-xl: book.xlsx: the part xl/styles.xml unpacks to more than export reads (64 MB")


def test_document_type_is_refused(book, capsys):
    rezip(book, lambda name, data: b'<!DOCTYPE x [<!ENTITY a "aaaa">]>' + data if name == "xl/workbook.xml" else data)
    assert "declares a document type" in export_error(book, capsys)


def test_archive_of_an_unknown_zip_version(book, capsys):
    data = bytearray(book.read_bytes())
    end = data.rfind(b"PK\x06\x06") if b"PK\x06\x06" in data else data.rfind(b"PK\x01\x02")
    data[end + 6] = 198  # "version needed to extract" 19.8 in the central directory
    book.write_bytes(bytes(data))
    assert export_error(book, capsys) == "elo-xl: book.xlsx is a damaged zip archive, not a readable Excel workbook"


def test_damaged_archive(book, capsys):
    data = book.read_bytes()
    book.write_bytes(data[: len(data) // 2])
    assert export_error(book, capsys) == "elo-xl: book.xlsx is a damaged zip archive, not a readable Excel workbook"


# --- files that are not workbooks ------------------------------------------------------------------------


def zipped(**parts: bytes) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name.replace("__", "/"), data)
    return buffer.getvalue()


@pytest.mark.parametrize("content,says", [
    (b"", "x.xlsx is empty, not an Excel workbook"),
    (TRF.read_bytes(), "x.xlsx is a TRF file, not an Excel workbook: to make a Swiss book from it use "
                       "`elo-xl workbook swiss --from x.xlsx`"),
    ("\ufeff012 Open\n001    1 m".encode("utf-16"), "x.xlsx is a TRF file"),
    (b"name,rating,k\nA,2000,20\n", "x.xlsx is a text file (CSV), not an Excel workbook"),
    (b"# elo-xl\n\nFIDE-exact chess ratings\n", "x.xlsx is a text file, not an Excel workbook"),
    (b"%PDF-1.7\n", "x.xlsx is a PDF document, not an Excel workbook"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(500), "x.xlsx is an Excel 97-2003 file (.xls) or a workbook "
                                                       "protected by a password"),
    (zipped(mimetype=b"application/vnd.oasis.opendocument.spreadsheet"), "x.xlsx is an OpenDocument file (.ods)"),
    (zipped(word__document_xml=b"<w/>"), "x.xlsx is a Word document"),
    (zipped(a_txt=b"a"), "x.xlsx is a zip archive, not an Excel workbook"),
    (bytes(range(256)) * 4, "x.xlsx is not an Excel workbook (it starts with the bytes 00 01 02"),
])
def test_not_a_workbook_says_what_it_is(tmp_path, monkeypatch, capsys, content, says):
    monkeypatch.chdir(tmp_path)
    Path("x.xlsx").write_bytes(content.replace(b"word/document_xml", b"word/document.xml")
                               .replace(b"a_txt", b"a.txt"))
    assert export_error(Path("x.xlsx"), capsys).startswith(f"elo-xl: {says}")


def test_describe_file_is_none_for_a_zip():
    assert describe_file(Path("b.xlsx"), zipped(a=b"")) is None


def test_a_clean_book_still_exports(book):
    text = book_to_trf(book)
    assert text.count("\n001 ") == 10 and "XXR 9" in text


def test_library_call_names_the_file(book):
    edit(book, {("Results", 2, 1): "2"})
    with pytest.raises(EloError, match=r"^book\.xlsx, "):
        book_to_trf(book)


# --- issue 23, item 10: every bad cell at once, a date explained --------------------------------------


def test_every_bad_cell_at_once(book, capsys):
    """Three cells typed wrong in three places: one message names the three, in reading order
    (players' table first, then the rounds row by row)."""
    import datetime

    cells = edit(book, {("Ratings", 2, 1): "abc", ("Results", 3, 2): "x",
                        ("Results", 1, 4): datetime.datetime(2026, 1, 2)})
    line = export_error(book, capsys)
    assert line == (
        f"elo-xl: {book}: 3 cells to correct: {cells[('Ratings', 2, 1)]}: \"abc\" is not a rating; type a whole "
        "number from 1 to 3999, or leave it blank (or 0) for an unrated player | "
        f"{cells[('Results', 1, 4)]}: a date (2 January) is not a result: 1/2 typed in a spreadsheet becomes a "
        "date; type ½ or 0.5 for a draw (or format the cell as text first) | "
        f"{cells[('Results', 3, 2)]}: \"x\" is not a result; type 1, ½ (or 0.5, =, R), 0 for a game, + or − (F+, "
        "F-) for a forfeit, W, D or L for an unrated game, H, F, U or Z for a bye, or leave the cell blank")


def test_at_most_twenty_cells_then_a_count(book, capsys):
    """25 bad result cells (rounds 1–5 of players 1–5): 20 named, then 'and 5 more'."""
    changes = {("Results", p, r): "x" for p in range(1, 6) for r in range(1, 6)}
    edit(book, changes)
    line = export_error(book, capsys)
    assert line.startswith(f"elo-xl: {book}: 25 cells to correct: ") and line.endswith(" | and 5 more")
    assert line.count('"x" is not a result') == 20


@pytest.mark.parametrize("kind, label", [("player", "player calculator"), ("match", "match book")])
def test_a_book_of_another_kind_is_named(tmp_path, capsys, kind, label):
    path = tmp_path / f"{kind}.xlsx"
    assert main(["workbook", kind, "-o", str(path)]) == 0
    capsys.readouterr()
    assert main(["export", str(path), "-o", str(tmp_path / "x.trf")]) == 2
    assert capsys.readouterr().err == (f"elo-xl: {path}: this is a {label}, not an event book; export writes a TRF "
                                       "file from a Swiss or round-robin book (elo-xl workbook swiss or round-robin)\n")


def test_a_birth_date_that_is_no_date_names_its_cell(book, capsys):
    """A minus sign typed as a birth date (a fuzzed case): the message names the book's cell,
    not a line of the TRF file that would have been written."""
    cells = edit(book, {("Births", 1, 1): "−"})
    assert export_error(book, capsys) == (f'elo-xl: {book}, {cells[("Births", 1, 1)]}: "−" is not a date; type '
                                          "YYYY/MM/DD or the year alone, or leave it blank")


def test_a_birth_date_typed_as_a_date_is_read(book, capsys):
    import datetime

    edit(book, {("Births", 1, 1): datetime.datetime(2001, 5, 17)})
    assert main(["export", str(book), "-o", "out.trf"]) == 0


def test_a_deleted_row_is_named_as_the_likely_cause(tmp_path, capsys, book_bytes):
    """Issue 23, item 8: a 10-player Swiss book with player 2's row deleted (the rows below move
    up; the numbers in the first column read 1, 3, 4…): the pairings name start numbers that
    are no longer right, and the message gives the likely cause after the cells."""
    path = tmp_path / "book.xlsx"
    path.write_bytes(book_bytes)  # workbook swiss --from swiss-10x9.trf
    wb = load(path)
    (title, reference), = wb.defined_names["Names"].destinations
    first, _ = parse_cell(reference.split(":")[0])
    wb[title].delete_rows(first + 1)
    wb.save(path)
    capsys.readouterr()
    assert main(["export", str(path), "-o", str(tmp_path / "x.trf")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.rstrip("\n").endswith(
        f"; likely cause: the players' numbers jump from 1 to 3 at {title}!A{first + 1}: a player's row was deleted "
        "(undo it; a player who withdraws keeps his row, his rounds left blank)")
