"""The LAMBDA names evaluated in a second engine, formulon (an Excel 365 calculation engine
checked against Excel's own results, with Excel's locale profiles), and compared with the
Python functions of elo_xl.udfs on random calls, as tests/excel/test_lambdas.py does in IronCalc.

formulon 0.18.0 has two gaps, so each call here holds the name's text itself, as Excel shows it:
a cell calling a LAMBDA defined name gives #REF! in formulon, and formulon reads a parameter
stored ``_xlop.x`` (optional, as Excel stores ``[x]``) as a required one. The text is given in
its displayed form (``LAMBDA(rating_,…,[k_],…)``, no ``_xlfn.``/``_xlpm.``) and called in place;
``ELO_EVENT_ROW``, the helper ``ELO_EVENT`` calls, is put in the same way. What is tested is
the arithmetic and the reading of the arguments; how the names are stored and called is
IronCalc's part (test_lambdas.py).

The locale profiles test what IronCalc cannot: an Excel whose decimal separator is a comma
(German, French, Russian) reads "2.5" typed as text for a date when a formula converts it with
``--`` or VALUE; the functions read it as Python does.
"""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest

from elo_xl import udfs
from elo_xl.workbook.lambdas import HELPERS, LAMBDAS, add_to_workbook

formulon = pytest.importorskip("formulon")
from lambda_harness import Sheet  # noqa: E402
from test_lambdas import NUMBER_TEXTS, _agrees, _args, _event, _udf_args  # noqa: E402

#: Random calls per function (seeded: the same calls under CI).
CASES = 25
#: Excel's locale profiles whose decimal separator is a comma.
COMMA_LOCALES = ("win-365-de_DE", "win-365-fr_FR", "win-365-ru_RU")


def displayed(text: str) -> str:
    """A name's text as Excel displays it: ``_xlop.x`` as ``[x]``, no ``_xlpm.`` or ``_xlfn.``.

    >>> displayed("_xlfn.LAMBDA(_xlpm.a,_xlop.b,_xlfn.ISOMITTED(_xlpm.b))")
    'LAMBDA(a,[b],ISOMITTED(b))'
    """
    return re.sub(r"_xlop\.(\w+)", r"[\1]", text).replace("_xlpm.", "").replace("_xlfn.", "")


def inline(name: str) -> str:
    """What a cell calls in place of ``name``: its text in brackets, the helper put in too."""
    text = LAMBDAS[name].text
    for helper in HELPERS:
        text = text.replace(f"{helper.name}(", f"({helper.render('qz_')})(")
    return f"({displayed(text)})"


class FormulonSheet(Sheet):
    """The calls of :class:`lambda_harness.Sheet`, each calling the text in place, computed by formulon."""

    def call(self, name: str, *args: Any, omit: int = 0) -> str:
        """The call as an array formula of one cell: Excel evaluates a defined name (the LAMBDA)
        as an array formula, so its ``MATCH(TRUE, range=x, 0)`` compares the whole range; a
        plain cell formula, as Excel reads one from a file, takes the implicit intersection."""
        from openpyxl.worksheet.formula import ArrayFormula

        ref = super().call(inline(name), *args)
        cell = self.calls.cell(self.row, 1)
        cell.value = ArrayFormula(f"A{self.row}", cell.value)
        return ref

    def spill(self, name: str, height: int, width: int, *args: Any) -> str:
        return super().spill(inline(name), height, width, *args)

    def evaluate(self, profile: str = "win-365-en_US") -> "Values":
        add_to_workbook(self.book)  # the hidden table sheet the texts read
        for name in list(self.book.defined_names):
            del self.book.defined_names[name]
        buffer = io.BytesIO()
        self.book.save(buffer)
        return Values(buffer.getvalue(), profile, self.book.sheetnames)


class Values:
    """The values of a book formulon recalculated, read as IronCalc's model reads them.

    The cells of ``Calls!A1:G400`` are read from formulon when asked for (and kept): a test
    reads a few dozen of them, and each read from formulon's engine costs about half a
    millisecond, so reading all 2,800 up front took most of each test's time."""

    ROWS, COLUMNS = 400, 7

    def __init__(self, data: bytes, profile: str, sheets: list[str]):
        self.sheets = sheets
        self.book = formulon.Workbook.load(data)
        self.book.set_excel_profile_id(profile)
        self.book.recalc()
        self.calls = sheets.index("Calls")
        self.cells: dict[str, Any] = {}

    def __del__(self) -> None:
        self.book.close()

    def _read(self, ref: str) -> Any:
        match = re.fullmatch(r"Calls!([A-Z])(\d+)", ref)
        column, row = (ord(match.group(1)) - 65, int(match.group(2)) - 1) if match else (-1, -1)
        if not (0 <= column < self.COLUMNS and 0 <= row < self.ROWS):
            raise KeyError(ref)
        value = self.book.get_value(self.calls, row, column)
        if value.kind == formulon.ValueKind.ERROR:
            return formulon.error_display_name(value.error_code)
        return value.to_python()

    def get_cell_value_by_ref(self, ref: str) -> Any:
        if ref not in self.cells:
            self.cells[ref] = self._read(ref)
        value = self.cells[ref]
        return float(value) if isinstance(value, (int, bool)) and not isinstance(value, bool) else value


@pytest.mark.parametrize("function", [name for name in LAMBDAS if name != "ELO_EVENT"])
def test_formulon_equals_udf_on_random_arguments(function):
    rng = random.Random(f"{function}-formulon")
    sheet = FormulonSheet()
    calls = []
    for _ in range(CASES):
        args = _args(function, rng)
        calls.append((args, sheet.call(function, *args)))
    values = sheet.evaluate()
    wrong = []
    for args, ref in calls:
        expected = getattr(udfs, function)(*_udf_args(args))
        got = values.get_cell_value_by_ref(ref)
        if not _agrees(expected, got, any(isinstance(a, str) and "LOGISTIC" in a.upper() for a in args)):
            wrong.append((args, expected, got))
    assert not wrong, f"{len(wrong)} of {len(calls)} differ, e.g. {wrong[:3]}"


def test_formulon_event_equals_udf():
    rng = random.Random("ELO_EVENT-formulon")
    sheet = FormulonSheet()
    calls = []
    for _ in range(6):
        args = _event(rng)
        args = args[:5] if args[5] is None else args
        args = args[:4] if args[4:] == (None,) else args
        calls.append((args, sheet.spill("ELO_EVENT", len(args[0]), 7, *args)))
    values = sheet.evaluate()
    for args, ref in calls:
        expected = udfs.ELO_EVENT(*_udf_args(args))
        top = int(ref.split("!A")[1])
        got = [[values.get_cell_value_by_ref(f"Calls!{chr(65 + c)}{top + r}") for c in range(7)]
               for r in range(len(args[0]))]
        logistic = isinstance(args[3], str) and "LOGISTIC" in args[3].upper()
        if isinstance(expected, str):
            assert all(g == "#VALUE!" for row in got for g in row), args
        else:
            assert all(_agrees(e, g, logistic) for er, gr in zip(expected, got) for e, g in zip(er, gr)), (args, got)


@pytest.mark.parametrize("profile", COMMA_LOCALES)
def test_numbers_as_text_in_a_comma_decimal_excel(profile):
    """In an Excel whose decimal separator is a comma, "2.5" (and "2,5") typed as text is 2.5,
    as Python reads it, not a date."""
    sheet = FormulonSheet()
    refs = {text: sheet.call("ELO_TABLE_H", text) for text in NUMBER_TEXTS}
    refs["points"] = sheet.call("ELO_FORECAST", 2000, "2.5", [2000])
    values = sheet.evaluate(profile)
    for text, ref in refs.items():
        expected = udfs.ELO_FORECAST(2000, "2.5", [[2000]]) if text == "points" else udfs.ELO_TABLE_H(text)
        assert _agrees(expected, values.get_cell_value_by_ref(ref), False), (profile, text, expected)
