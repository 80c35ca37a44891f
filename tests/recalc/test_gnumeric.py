"""Gnumeric's ``ssconvert --recalc`` as a recalculation service: values, errors, messages."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from elo_xl.errors import EloError
from elo_xl.recalc import Gnumeric, read_values
from elo_xl.recalc import gnumeric as engine


def test_a_book_is_recalculated(gnumeric: Gnumeric, tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Data"
    sheet.append([1, 12, 31, 90])
    sheet["A3"] = "=SUM(A1:D1)"                       # 134
    sheet["B3"] = "=ROUND(-4.25,1)"                   # halves away from zero: -4.3
    sheet["C3"] = "=1/0"
    book.save(tmp_path / "book.xlsx")
    assert gnumeric.recalculate(tmp_path / "book.xlsx", tmp_path / "values.xlsx") >= 0
    values = read_values(tmp_path / "values.xlsx")["Data"]
    assert (values["A3"], values["B3"], values["C3"]) == (134, -4.3, "#DIV/0!")


def test_problems_are_explained(gnumeric: Gnumeric, tmp_path: Path) -> None:
    with pytest.raises(EloError, match="missing.xlsx: no such file"):
        gnumeric.recalculate(tmp_path / "missing.xlsx", tmp_path / "out.xlsx")
    (tmp_path / "broken.xlsx").write_bytes(b"not a workbook")
    with pytest.raises(EloError, match="^broken.xlsx: Gnumeric could not recalculate it"):
        gnumeric.recalculate(tmp_path / "broken.xlsx", tmp_path / "out.xlsx")
    with pytest.raises(EloError, match="no such folder to write out.xlsx in"):
        gnumeric.recalculate(tmp_path / "broken.xlsx", tmp_path / "no" / "out.xlsx")


def test_missing_gnumeric_is_explained(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ELO_XL_SSCONVERT", "no-such-ssconvert-program")
    assert engine.find_ssconvert() is None and not engine.available()
    with pytest.raises(EloError, match="^Gnumeric is not installed: install gnumeric"):
        with Gnumeric():
            pass
    with pytest.raises(EloError, match="^Gnumeric is not installed"):
        Gnumeric().recalculate(tmp_path / "a.xlsx", tmp_path / "b.xlsx")
