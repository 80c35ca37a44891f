"""Files in and out: one reader per format, used by every command.

=========================  =====================================================================
``sniff``                  what a file is, from its first bytes (a TRF, a workbook, a PDF …)
``paths``                  paths checked before a command starts; outputs written all or none
``formats``                which format a command writes (``-o``'s extension, ``--format``)
``decode``                 a file's bytes as text: encodings, line ends, files that are not text
``dates``                  the one date parser (every form real exports write)
``atomic``                 writing a file without ever leaving a partial one
``staged``                 a folder of files written all or none, even when the process is killed
``hold``                   a file a command reads and writes back: one writer at a time, no stale write
``scratch``                temporary folders named for their process, those of killed runs removed
``trf_format``             the TRF format: columns, codes, how messages name a place
``trf_model``              TRF games, player lines, records, the event and its scoring system
``trf_read``               reading a TRF (every field checked for its form)
``trf_check``              checking what the lines mean together
``trf_points``             the points column as a witness of each player's results
``trf_write``              writing a TRF; points and ranks before writing
``trf_keep``               a TRF file's lines in file order, as a workbook keeps them
``trf_pairing_records``    the ``240``, ``250``, ``260`` and ``XXZ`` records, read in their columns
``crosstable``             CSV crosstables (comma, semicolon, tab), read into plain rows
``kfile``                  K files (FIDE ID or start number, K)
``csv_cells``              CSV cells safe to double-click, read back as they were
``json_text``              the reports' indented JSON, the standard library's text built faster
``xlsx``                   the ``.xlsx`` plumbing every reader and writer shares: relationships,
                           sheet parts, XML escaping, the characters XML cannot hold, cell names
``xlsx_archive``           what ``export`` reads at most from a workbook, checked before openpyxl
``xml_tags``               the tags of an ``.xlsx`` part as every engine writes them (prefixes,
                           either quote, whitespace between elements), for reading and editing in place
=========================  =====================================================================

Imports point down: ``io`` fills no event model (:mod:`elo_xl.event.load` does, from these
readers); its modules import nothing of elo-xl but ``errors``, ``results`` and ``titles``. The
TRF readers and writers, dates, decoding and atomic writes are importable from here; the
others from their modules.

>>> from elo_xl.io import parse_trf, EXAMPLE
>>> parse_trf(EXAMPLE).rounds
3
"""

from __future__ import annotations

from .atomic import write_atomically
from .dates import PartialDate, as_date, date_year, parse_date
from .decode import Decoded, decode, read_text, split_lines
from .trf_check import check_event
from .trf_format import COLOURS, EXAMPLE, PLAYER_COLUMNS, RESULT_CODES, round_columns
from .trf_model import BLANK, TrfEvent, TrfGame, TrfPlayer, TrfRecord, birth_year
from .trf_read import parse_trf, read_trf
from .trf_write import check_points, format_player, save_trf, set_standings, write_trf

__all__ = [
    "write_atomically", "PartialDate", "as_date", "date_year", "parse_date", "Decoded", "decode", "read_text",
    "split_lines", "check_event", "COLOURS", "EXAMPLE", "PLAYER_COLUMNS", "RESULT_CODES", "round_columns", "BLANK",
    "TrfEvent", "TrfGame", "TrfPlayer", "TrfRecord", "birth_year", "parse_trf", "read_trf", "check_points",
    "format_player", "save_trf", "set_standings", "write_trf",
]
