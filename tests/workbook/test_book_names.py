"""The books' contract (:mod:`elo_xl.workbook.names`): every name it promises is a defined name
of the book of that kind, pointing at a block of the size the contract says, in every
language; the reader reads through it; and docs/books.md shows it as it is."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from openpyxl.utils.cell import range_boundaries

from elo_xl.languages import LANGUAGES
from elo_xl.workbook import names
from books import load_workbook, read_names

DOCS = Path(__file__).resolve().parents[2] / "docs" / "books.md"
SIZES = {"player": {"games": 7}, "round-robin": {"players": 5}, "swiss": {"players": 6, "rounds": 4},
         "match": {"games": 3}, "team": {"teams": 5, "boards": 3, "rounds": 4}}
#: The kinds each part of the contract is promised in.
WHERE = {"norms sheet (round robin and Swiss)": ("round-robin", "swiss"),
         "tie-breaks (round robin and Swiss)": ("round-robin", "swiss")}


@functools.lru_cache(maxsize=None)
def defined(kind: str, lang: str = "en") -> dict[str, tuple[str, tuple[int, int]]]:
    """The workbook-level names of a book: name → (sheet, (rows, columns)). Read once per book
    (:func:`books.read_names`: no cell is read), several parts of the contract being promised in
    the same book; the tests only read the mapping."""
    wb = read_names(kind, lang, **SIZES[kind])
    out = {}
    for name, definition in wb.defined_names.items():
        try:
            (sheet, ref), = list(definition.destinations)
        except ValueError:
            continue  # a constant or a formula
        low_col, low_row, high_col, high_row = range_boundaries(ref.replace("$", ""))
        out[name] = (sheet, (high_row - low_row + 1, high_col - low_col + 1))
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("part", list(names.CONTRACT))
def test_every_promised_name_is_in_the_book(part, lang):
    for kind in WHERE.get(part, (part,)):
        found = defined(kind, lang)
        promised = names.CONTRACT[part]
        missing = [n for n in promised.inputs + promised.outputs if n not in found]
        assert missing == [], f"{kind} ({lang}) lacks {missing}"


def test_the_shapes_the_contract_says():
    swiss, rr = defined("swiss"), defined("round-robin")
    n, r = SIZES["swiss"]["players"], SIZES["swiss"]["rounds"]
    assert swiss[names.ROUNDS][1] == (n, 3 * r)  # per round: opponent, colour, result side by side
    assert not set(names.GAMES_LAYOUT_1) & set(swiss)  # the first layout's blocks are gone
    assert {swiss[f][1] for f in names.PLAYER_FIELDS.values()} == {(n, 1)}
    assert {swiss[o][1] for o in names.PLAYER_OUTPUTS + names.TIEBREAK_VALUES + (names.RANK,)} == {(n, 1)}
    m = SIZES["round-robin"]["players"]
    assert rr[names.RESULTS][1] == (m, m) and {rr[f][1] for f in names.PLAYER_FIELDS.values()} == {(m, 1)}
    assert swiss[names.TIEBREAK_LIST][1] == (6, 1) and swiss[names.TIEBREAK_RULES][1] == (1, 1)
    assert {swiss[f][1] for f in names.EVENT_FIELDS.values()} == {(1, 1)}


def test_the_reader_reads_through_the_contract(monkeypatch, tmp_path):
    """Renaming a promised name in the contract and the book alike keeps export working: the
    reader has no name of its own (a name typed in the reader would break here)."""
    from elo_xl.export import book_to_trf
    from elo_xl.event.samples import SWISS_TRF_PATH
    from elo_xl.cli import main

    book = tmp_path / "s.xlsx"
    assert main(["workbook", "swiss", "--from", str(SWISS_TRF_PATH), "-o", str(book)]) == 0
    expected = book_to_trf(book)
    wb = load_workbook(book)
    renamed = {names.ROUNDS: "RoundsX", names.PLAYER_FIELDS["name"]: "NamesX",
               names.EVENT_FIELDS["name"]: "EventNameX", names.TIEBREAK_LIST: "TiebreakListX"}
    for old, new in renamed.items():
        definition = wb.defined_names.pop(old)
        definition.name = new
        wb.defined_names[new] = definition
    wb.save(tmp_path / "renamed.xlsx")
    monkeypatch.setattr(names, "ROUNDS", "RoundsX")
    monkeypatch.setattr(names, "PLAYER_FIELDS", {**names.PLAYER_FIELDS, "name": "NamesX"})
    monkeypatch.setattr(names, "EVENT_FIELDS", {**names.EVENT_FIELDS, "name": "EventNameX"})
    monkeypatch.setattr(names, "TIEBREAK_LIST", "TiebreakListX")
    assert book_to_trf(tmp_path / "renamed.xlsx") == expected


def test_docs_show_the_contract():
    assert names.markdown_table() in DOCS.read_text(encoding="utf-8")
