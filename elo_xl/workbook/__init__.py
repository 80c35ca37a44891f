"""The workbook generator: ready-made calculators and crosstables whose own native formulas
recalculate every rating, in Excel, LibreOffice and Google Sheets, with no add-in or macro.

>>> data = build("round-robin", players=4)
>>> data[:2]
b'PK'
>>> build("round-robin", players=2)
Traceback (most recent call last):
...
elo_xl.errors.EloError: --players: 2 is not possible for a round-robin book; give a whole number from 3 to 30
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..errors import EloError

#: The kinds of book, with their size options: (option, default, lowest, highest).
KINDS: dict[str, tuple[tuple[str, int, int, int], ...]] = {
    "player": (("games", 40, 1, 200),),
    "round-robin": (("players", 10, 3, 30),),
    "swiss": (("players", 60, 2, 1000), ("rounds", 9, 1, 15)),
    "match": (("games", 24, 1, 1000),),
    "reference": (),
}


def sizes(kind: str, **given: int | None) -> dict[str, int]:
    """The size options of a kind with defaults filled in and ranges checked.

    >>> sizes("swiss", players=None, rounds=11)
    {'players': 60, 'rounds': 11}
    """
    if kind not in KINDS:
        raise EloError.at("KIND", None, kind, f"is not a kind of workbook; use {', '.join(KINDS)}")
    chosen = {}
    for option, default, low, high in KINDS[kind]:
        value = given.get(option)
        value = default if value is None else value
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise EloError.at(f"--{option}", None, value,
                              f"is not possible for a {kind} book; give a whole number from {low} to {high}")
        chosen[option] = value
    return chosen


def build(kind: str, lang: str = "en", *, players: int | None = None, rounds: int | None = None,
          games: int | None = None, rules: str = "FIDE", scale: int | float = 400, default_k: Any = None,
          event: dict[str, Any] | None = None, prefill: dict[str, Any] | None = None) -> bytes:
    """The .xlsx bytes of a book of ``kind`` in ``lang`` (deterministic: same call, same bytes).

    ``prefill`` fills the input cells (see each template's ``build``); ``event`` the Event
    sheet (``name``, ``place``, ``start``, ``end``, ``arbiter``).
    """
    from . import match, player, reference, round_robin, swiss
    from .book import Book

    size = sizes(kind, players=players, rounds=rounds, games=games)
    book = Book(lang)
    if kind == "reference":
        reference.build(book)
    else:
        book.event_sheet(rules=rules, scale=scale, default_k=default_k, event=event)
        template = {"player": player, "round-robin": round_robin, "swiss": swiss, "match": match}[kind]
        template.build(book, **size, prefill=prefill)
    book.tables_sheet()
    return book.to_bytes()


def write(path: str | os.PathLike[str], kind: str, lang: str = "en", **options: Any) -> Path:
    """Build a book and write it to ``path`` atomically (nothing half-written on failure)."""
    from .archive import write_atomically

    return write_atomically(path, build(kind, lang, **options))
