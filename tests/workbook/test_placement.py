"""A book whose defined names were moved by hand is refused, naming the name and what is wrong
(:mod:`elo_xl.workbook.placement`), by ``export`` and ``pair`` alike; the books as elo-xl wrote
them, in every language, the committed ``workbooks/`` and the first layout's, are read.

Where things stand is known from the templates (hand-checked in the books): a Swiss book of 10
players has its players table on rows 6–15 of the sheet "Swiss" under the headers of row 5
(No in A, Sex B, Title C, Name D, Rating E, Fed F, FIDE ID G, Born H, K I), then round 1's
opponent, colour and result in J, K, L under "Opp.", "Col.", "Res.". A round-robin book of 3
players has its players on rows 6–8, and the crosstable typed into on rows 12–14 from column J,
under the opponents' numbers 1, 2, 3 on row 11. tests/data/trf/swiss-10x9.trf's player 1 is
"Kowalski, Piotr", rated 2561.
"""

from __future__ import annotations

import html
import io
import re
import zipfile
from pathlib import Path

import pytest

from elo_xl.cli import main
from elo_xl.errors import EloError
from elo_xl.export import book_to_trf
from elo_xl.workbook import build
from elo_xl.workbook.archive import set_cells
from books import load_workbook

TRF = Path(__file__).parents[1] / "data" / "trf" / "swiss-10x9.trf"
WORKBOOKS = Path(__file__).parents[2] / "workbooks"
LAYOUT_1 = Path(__file__).parents[1] / "data" / "books" / "swiss-layout-1.xlsx"
ADVICE = "a name moved by hand? put it back over"


@pytest.fixture(scope="module")
def swiss_bytes(tmp_path_factory) -> bytes:
    path = tmp_path_factory.mktemp("swiss") / "cup.xlsx"
    assert main(["workbook", "swiss", "--from", str(TRF), "-o", str(path)]) == 0
    return path.read_bytes()


def defined(data: bytes, name: str) -> str:
    """The text of the book's defined name ``name`` (``'Swiss'!$D$6:$D$15``), read from its XML."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        workbook = z.read("xl/workbook.xml").decode("utf-8")
    found = re.search(rf'<definedName name="{name}"[^>]*>([^<]*)</definedName>', workbook)
    assert found, name
    return html.unescape(found.group(1))


def moved(data: bytes, path: Path, **names: str) -> Path:
    """The book ``data`` with each defined name given its new text, saved at ``path``: only the
    workbook part's names change, as Excel's Name Manager does (read and written as XML, not by
    openpyxl, which takes seconds to load and save a committed book)."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        parts = [(info, z.read(info)) for info in z.infolist()]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info, content in parts:
            if info.filename == "xl/workbook.xml":
                text = content.decode("utf-8")
                for name, new in names.items():
                    text, count = re.subn(rf'(<definedName name="{name}"[^>]*>)[^<]*(</definedName>)',
                                          lambda m: m.group(1) + html.escape(new, quote=False) + m.group(2), text)
                    assert count == 1, name
                content = text.encode("utf-8")
            z.writestr(info, content)
    path.write_bytes(out.getvalue())
    return path


def refusal(capsys, *args: str) -> str:
    """The one line a command refusing the book prints (exit 2, nothing on stdout)."""
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, (code, out, err)
    return err.strip()


def test_names_moved_one_row_down(swiss_bytes, tmp_path, capsys):
    """Every player would get the next one's name: the header above is player 1's name."""
    book = moved(swiss_bytes, tmp_path / "cup.xlsx", Names="'Swiss'!$D$7:$D$16")
    expected = (f"elo-xl: {book}: the defined name Names points at Swiss!D7:D16, under the header "
                f'"Kowalski, Piotr" where the template has "Name"; {ADVICE} the "Name" column '
                "(Formulas ▸ Name Manager)")
    assert refusal(capsys, "export", book, "-o", tmp_path / "out.trf") == expected
    assert refusal(capsys, "pair", book) == expected
    assert not (tmp_path / "out.trf").exists()


def test_ratings_over_the_k_column(swiss_bytes, tmp_path, capsys):
    book = moved(swiss_bytes, tmp_path / "cup.xlsx", Ratings="'Swiss'!$I$6:$I$15")
    assert refusal(capsys, "export", book, "-o", tmp_path / "out.trf") == (
        f'elo-xl: {book}: the defined name Ratings points at Swiss!I6:I15, under the header "K" where the template '
        f'has "Rating"; {ADVICE} the "Rating" column (Formulas ▸ Name Manager)')


def test_rounds_over_an_empty_block_of_the_event_sheet(swiss_bytes, tmp_path, capsys):
    """``pair`` would start again at round 1, ``export`` drop the rounds played."""
    book = moved(swiss_bytes, tmp_path / "cup.xlsx", Rounds="'Event'!$K$7:$AK$16")
    expected = (f"elo-xl: {book}: the defined name Rounds points at Event!K7:AK16, under an empty cell where the "
                f'template has "Opp."; {ADVICE} the rounds grid, three columns a round (Formulas ▸ Name Manager)')
    assert refusal(capsys, "pair", book) == expected
    assert refusal(capsys, "export", book, "-o", tmp_path / "out.trf") == expected


def test_rounds_one_column_to_the_right(swiss_bytes, tmp_path):
    """Every opponent read from the colours, every colour from the results: the grid's first
    header is then "Col." where "Opp." belongs."""
    book = moved(swiss_bytes, tmp_path / "cup.xlsx", Rounds="'Swiss'!$K$6:$AK$15")
    with pytest.raises(EloError, match='under the header "Col." where the template has "Opp."'):
        book_to_trf(book)


def test_a_column_under_its_header_on_another_sheet(swiss_bytes, tmp_path):
    """The Norms sheet has a Name column over rows 6–15 too (formulas copying the names): the
    header fits, the sheet does not."""
    book = moved(swiss_bytes, tmp_path / "cup.xlsx", Names="'Norms'!$B$6:$B$15")
    with pytest.raises(EloError) as refused:
        book_to_trf(book)
    assert str(refused.value).startswith(
        f"{book}: the defined name Names points at Norms!B6:B15, not over the rows of the players table (Swiss!6:15, "
        "where Sexes, Titles, Ratings, Federations, FideIds, Births, KFactors stand); ")


@pytest.mark.parametrize("lang, rating", [("vi", "Elo"), ("ar", "التصنيف"), ("ru", "Рейтинг")])
def test_every_language_is_read_and_a_moved_name_refused_in_its_words(tmp_path, lang, rating):
    """A book in each language exports (its headers are its language's, the Arabic ones with
    their direction marks); the same book with Ratings over K is refused, quoting the
    template's header in the book's language."""
    book = tmp_path / f"cup-{lang}.xlsx"
    assert main(["workbook", "swiss", "--from", str(TRF), "--lang", lang, "-o", str(book)]) == 0
    assert "Kowalski, Piotr" in book_to_trf(book)
    wb = load_workbook(book)
    (sheet, _), = wb.defined_names["Ratings"].destinations
    bad = moved(book.read_bytes(), tmp_path / "bad.xlsx", Ratings=f"'{sheet}'!$I$6:$I$15")
    with pytest.raises(EloError, match=f'under the header "K" where the template has "{rating}"'):
        book_to_trf(bad)


@pytest.mark.parametrize("kind, lang", [(kind, lang) for kind in ("swiss", "round-robin")
                                        for lang in ("en", "vi", "ar", "ru")])
def test_the_committed_books_are_read_and_refused_when_moved(tmp_path, kind, lang):
    """Each book of ``workbooks/`` with one player typed exports; with Names one row down it is refused."""
    book = tmp_path / "book.xlsx"
    data = (WORKBOOKS / f"{kind}-{lang}.xlsx").read_bytes()
    sheet, _, reference = defined(data, "Names").rpartition("!")
    sheet = sheet.strip("'").replace("''", "'")
    first, last = reference.replace("$", "").split(":")
    book.write_bytes(set_cells(data, sheet, {first: "Nguyen, An"}))  # typed as a user types
    assert "Nguyen, An" in book_to_trf(book)
    column, row, end = first[0], int(first[1:]), int(last[1:])
    quoted = "'" + sheet.replace("'", "''") + "'"
    bad = moved(book.read_bytes(), tmp_path / "bad.xlsx", Names=f"{quoted}!${column}${row + 1}:${column}${end + 1}")
    with pytest.raises(EloError, match='the defined name Names points at .*, under the header "Nguyen, An"'):
        book_to_trf(bad)


def test_a_book_of_the_first_layout_with_two_blocks_exchanged(tmp_path):
    """The first layout (tests/data/books) reads as before; its blocks stand side by side,
    Pairings J–Q, Colours R–Y, Results Z–AG, every column under its round's number, so Colours and
    Results exchanged fit the headers but not the order."""
    assert book_to_trf(LAYOUT_1) == LAYOUT_1.with_name("swiss-layout-1.export.trf").read_text(encoding="utf-8")
    book = moved(LAYOUT_1.read_bytes(), tmp_path / "old.xlsx", Colours="'Swiss'!$Z$6:$AG$17",
                 Results="'Swiss'!$R$6:$Y$17")
    with pytest.raises(EloError) as refused:
        book_to_trf(book)
    assert str(refused.value) == (
        f"{book}: the defined name Colours points at Swiss!Z6:AG17, not beside Pairings (Swiss!J6:Q17); {ADVICE} "
        "the block right of Pairings's (Formulas ▸ Name Manager)")


@pytest.fixture(scope="module")
def round_robin_bytes() -> bytes:
    """A round robin of 3: An beat Binh (typed on An's row)."""
    results = [[None, 1, None], [None, None, None], [None, None, None]]
    return build("round-robin", players=3, prefill={"names": ["An", "Binh", "Chi"], "ratings": [2100, 2000, 1900],
                                                    "results": results})


def test_a_round_robin_read_and_its_crosstable_moved(round_robin_bytes, tmp_path):
    book = tmp_path / "rr.xlsx"
    book.write_bytes(round_robin_bytes)
    assert "An" in book_to_trf(book)
    right = moved(round_robin_bytes, tmp_path / "right.xlsx", Results="'Round robin'!$K$12:$M$14")
    with pytest.raises(EloError, match='Results points at .*K12:M14, under the header "2" where the template has "1";'):
        book_to_trf(right)
    # the printed crosstable above, under the same numbers: not the one typed into
    above = moved(round_robin_bytes, tmp_path / "above.xlsx", Results="'Round robin'!$J$6:$L$8")
    with pytest.raises(EloError, match=r"Results points at .*J6:L8, not below the players table \(.*6:8\); "):
        book_to_trf(above)
