"""K files (``--k-file``): one K per player, given by FIDE ID or start number.

Each line holds a FIDE ID or a start number, then the K, separated by a comma, a semicolon
or a tab (a decimal comma is allowed with the last two); a first line whose K is not a
number is a header; blank lines are skipped. The file is decoded like every input
(:mod:`elo_xl.io.decode`), with any line ends. A key given twice is an error, and so is a
key that matches no player of the event (:meth:`KFile.unmatched`): a K file exists to be
applied.

>>> import tempfile, os
>>> with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
...     _ = f.write("id;k\\r12345678;40\\r3;10\\r")
>>> ks = read_k_file(f.name)
>>> ks, ks.lines
({'12345678': 40, '3': 10}, {'12345678': 2, '3': 3})
>>> os.unlink(f.name)
"""

from __future__ import annotations

import csv
import os
from pathlib import Path
from typing import Iterable

from ..errors import EloError, show
from ..results import parse_k
from .decode import control_character, read_text, split_lines

__all__ = ["KFile", "read_k_file"]


class KFile(dict):
    """Key (FIDE ID or start number, as text) → K, with the file's name and each key's line."""

    def __init__(self, name: str = "") -> None:
        super().__init__()
        self.name = name
        self.lines: dict[str, int] = {}

    def unmatched(self, keys: Iterable[str]) -> None:
        """Raise an EloError listing the lines whose key is not in ``keys`` (the event's FIDE IDs
        and start numbers).

        >>> k = KFile("k.csv"); k["3"], k["999"] = 10, 20; k.lines = {"3": 1, "999": 2}
        >>> k.unmatched(["1", "2", "3"])
        Traceback (most recent call last):
        ...
        elo_xl.errors.EloError: --k-file k.csv: line 2 (999) matches no player of the event by FIDE ID or start number
        """
        known = set(keys)
        missing = [key for key in self if key not in known]
        if missing:
            listed = ", ".join(f"{self.lines.get(key, '?')} ({show(key)[1:-1]})" for key in missing[:10])
            more = f" and {len(missing) - 10} more" if len(missing) > 10 else ""
            raise EloError(f"--k-file {self.name}: line{'s' if len(missing) > 1 else ''} {listed}{more} "
                           f"match{'es' if len(missing) == 1 else ''} no player of the event by FIDE ID or start "
                           "number")


def read_k_file(path: str | os.PathLike) -> KFile:
    """Read a K file (see the module's documentation)."""
    path = Path(path)
    name = path.name
    try:
        text = read_text(path, "a K file").text
    except EloError as error:
        raise EloError(f"--k-file {error}") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = split_lines(text)
    for i, line in enumerate(lines, 1):
        column = control_character(line)
        if column is not None:
            raise EloError(f"--k-file {name}, line {i}: a control character ({show(line[column - 1])[1:-1]}) at "
                           f"character {column}; a K file holds printable text")
    first = next((line for line in lines if line.strip()), "")
    sep = max((",", ";", "\t"), key=first.count) if any(s in first for s in ",;\t") else ","
    found = KFile(name)
    seen_first = False
    for number, row in enumerate(csv.reader(lines, delimiter=sep), 1):
        if not row or not any(cell.strip() for cell in row):
            continue
        if len(row) < 2:
            raise EloError(f"--k-file {name}, line {number}: give a FIDE ID or start number and a K, "
                           f"separated by {'a tab' if sep == chr(9) else repr(sep)}")
        key, value = row[0].strip(), row[1].strip()
        if sep != "," and value.count(",") == 1:
            value = value.replace(",", ".")
        header = not seen_first and not value.replace(".", "", 1).isdigit()
        seen_first = True
        if header:
            continue
        try:
            k = parse_k(value, "k")
        except EloError as error:
            raise EloError(f"--k-file {name}, line {number}: {error}") from None
        if k is None:
            raise EloError(f"--k-file {name}, line {number}: no K for {show(key)}")
        if key in found:
            raise EloError(f"--k-file {name}, line {number}: {show(key)} is also on line {found.lines[key]}")
        found[key] = k
        found.lines[key] = number
    return found
