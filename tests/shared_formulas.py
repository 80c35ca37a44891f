"""openpyxl's reading of a shared formula, made once per formula text for the tests' loader
(:func:`books.load_workbook`).

openpyxl's reader gives each cell of a shared formula (``<f t="shared" si="0"/>``) the top
cell's formula shifted to it (:class:`openpyxl.formula.translate.Translator`): it tokenizes
the top cell's text, then, cell by cell, matches every reference token against its regular
expressions again. A book shares most of its formulas down their columns, so that reading
took about a third of the time openpyxl takes to open one.

:class:`QuickTranslator` gives every cell the same text. It reads each formula text once per
test process (openpyxl's tokens, each reference split by openpyxl's own expressions into the
parts a shift changes and the parts it keeps), and a cell's formula is then the parts joined
with its row and column offsets. Whatever it does not read as openpyxl would (a shift that
goes off the sheet) it hands to openpyxl's translator. ``tests/workbook/test_books_helper.py``
compares the two on every formula of the books of every kind, shifted down and across.
``test_sheet_writer.py``, which checks that our shared formulas read as they were written,
reads with openpyxl's own translator.

>>> QuickTranslator("=SUM(A1:B$2)+$C3+Cap+'R 1'!D4", "E5").translate_formula("F7")
"=SUM(B3:C$2)+$C5+Cap+'R 1'!E6"
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator
from typing import Union

import openpyxl.worksheet._reader as reader
from openpyxl.formula.tokenizer import Token, Tokenizer
from openpyxl.formula.translate import Translator
from openpyxl.utils.cell import column_index_from_string, coordinate_to_tuple, get_column_letter

#: A part of a formula: text kept as it is, or a relative row (``("r", "5")``) or column
#: (``("c", "B")``) that a shift moves.
Part = Union[str, tuple[str, str]]


def _reference(text: str) -> list[Part]:
    """The parts of a reference token, split as ``Translator.translate_range`` splits it."""
    sheet, text = Translator.strip_ws_name(text)
    parts: list[Part] = [sheet] if sheet else []
    match = Translator.ROW_RANGE_RE.match(text)
    if match is not None:
        return parts + [_row(match[1]), ":", _row(match[2])]
    match = Translator.COL_RANGE_RE.match(text)
    if match is not None:
        return parts + [_column(match[1]), ":", _column(match[2])]
    if ":" in text:
        for k, piece in enumerate(text.split(":")):
            parts += ([":"] if k else []) + _reference(piece)
        return parts
    match = Translator.CELL_REF_RE.match(text)
    if match is None:  # a name
        return parts + [text]
    return parts + [_column(match[1]), _row(match[2])]


def _row(text: str) -> Part:
    return text if text.startswith("$") else ("r", text)


def _column(text: str) -> Part:
    return text if text.startswith("$") else ("c", text)


@functools.lru_cache(maxsize=1 << 16)
def _parts(formula: str) -> tuple[Part, ...] | str:
    """A formula's parts, adjacent kept texts joined; or the text openpyxl gives every cell of
    it (a formula that is a literal, or none)."""
    tokens = Tokenizer(formula).items
    if not tokens:
        return ""
    if tokens[0].type == Token.LITERAL:
        return tokens[0].value
    parts: list[Part] = ["="]
    for token in tokens:
        if token.type == Token.OPERAND and token.subtype == Token.RANGE:
            parts += _reference(token.value)
        else:
            parts.append(token.value)
    joined: list[Part] = []
    for part in parts:
        if isinstance(part, str) and joined and isinstance(joined[-1], str):
            joined[-1] += part
        elif part != "":
            joined.append(part)
    return tuple(joined)


@functools.lru_cache(maxsize=1 << 12)
def _shifted_column(letters: str, delta: int) -> str | None:
    try:
        return get_column_letter(column_index_from_string(letters) + delta)
    except ValueError:
        return None


class QuickTranslator:
    """:class:`openpyxl.formula.translate.Translator` for the reader: ``translate_formula(dest)``
    gives the text openpyxl's gives."""

    def __init__(self, formula: str, origin: str):
        self.formula, self.origin = formula, origin
        self.row, self.col = coordinate_to_tuple(origin)
        self.parts = _parts(formula)

    def translate_formula(self, dest: str) -> str:
        parts = self.parts
        if isinstance(parts, str):
            return parts
        row, column = coordinate_to_tuple(dest)
        rows, columns = row - self.row, column - self.col
        out = []
        for part in parts:
            if part.__class__ is str:
                out.append(part)
            elif part[0] == "r":
                shifted = int(part[1]) + rows
                if shifted <= 0:
                    return Translator(self.formula, self.origin).translate_formula(dest)  # its error
                out.append(str(shifted))
            else:
                letters = _shifted_column(part[1], columns)
                if letters is None:
                    return Translator(self.formula, self.origin).translate_formula(dest)
                out.append(letters)
        return "".join(out)


@contextlib.contextmanager
def quick_reading() -> Iterator[None]:
    """openpyxl's reader with :class:`QuickTranslator` for its shared formulas, while the block runs."""
    original = reader.Translator
    reader.Translator = QuickTranslator
    try:
        yield
    finally:
        reader.Translator = original
