"""Every line of a TRF file in file order, as a book keeps it (:func:`book_lines`): records
verbatim, player lines as read. A book made with ``elo-xl workbook swiss --from EVENT.trf``
keeps them on its Event sheet (packed into cells by :mod:`elo_xl.workbook.kept_trf`), and the
TRF written back from the book (:mod:`elo_xl.event.trf`) is put together from them and from
what the book holds now.

>>> from elo_xl.io.trf_read import parse_trf
>>> from elo_xl.io.trf_format import EXAMPLE
>>> book_lines(parse_trf(EXAMPLE))[:2], len(book_lines(parse_trf(EXAMPLE)))
(['012 Spring Open', '022 Hanoi'], 12)
"""

from __future__ import annotations

from .trf_model import TrfEvent
from .trf_write import format_player

__all__ = ["book_lines"]


def book_lines(event: TrfEvent) -> list[str]:
    """Every line of the event's file in file order (records verbatim, player lines as read):
    what a workbook keeps for the TRF written back (:func:`elo_xl.event.trf.trf_of`)."""
    items: list[tuple[int, int, str]] = []
    for i, r in enumerate(event.headers):
        items.append((r.line if r.line is not None else 0, i, r.text))
    last = max((x[0] for x in items), default=0)
    for p in event.players:
        text = p.text
        if text is None:
            text = format_player(p)
        items.append((p.line if p.line is not None else last + 1, 0, text))
    items.sort(key=lambda item: (item[0], item[1]))
    return [text for *_, text in items]
