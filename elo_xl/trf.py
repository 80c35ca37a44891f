"""FIDE Tournament Report Files: the public names of :mod:`elo_xl.io`'s TRF modules, kept
importable as ``elo_xl.trf`` (the format is described in :mod:`elo_xl.io.trf_format`).

>>> from elo_xl.trf import EXAMPLE, parse_trf, write_trf
>>> write_trf(parse_trf(EXAMPLE)) == EXAMPLE
True
"""

from __future__ import annotations

from .io.dates import date_year
from .io.trf_check import check_event
from .io.trf_format import COLOURS, EXAMPLE, PLAYER_COLUMNS, RESULT_CODES, round_columns
from .io.trf_model import BLANK, TrfEvent, TrfGame, TrfPlayer, TrfRecord, birth_year
from .io.trf_read import parse_trf, read_trf
from .io.trf_write import check_points, format_player, save_trf, set_standings, write_trf

__all__ = [
    "EXAMPLE", "BLANK", "TrfGame", "TrfPlayer", "TrfRecord", "TrfEvent", "parse_trf", "read_trf", "format_player",
    "write_trf", "save_trf", "set_standings", "check_points", "check_event", "birth_year", "date_year",
    "round_columns", "COLOURS", "PLAYER_COLUMNS", "RESULT_CODES",
]
