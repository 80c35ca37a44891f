"""An event as every face reads it: the model the readers fill (:mod:`.model`), the files read
into it (:mod:`.load`), its one ranking (:mod:`.ranking`), its rating (:mod:`.rating`), the
title norms over the whole event (:mod:`.norms`) and the built-in samples (:mod:`.samples`).

>>> from elo_xl.event import load, rate_tournament
>>> from elo_xl.event.samples import SWISS_TRF_PATH
>>> report = rate_tournament(load(SWISS_TRF_PATH))
>>> report.event["players"], report.rows[2]["rank"], report.event["tiebreaks"][:2]
(12, 1, ['BH/C1', 'BH'])
"""

from __future__ import annotations

from .load import from_crosstable, from_trf, load
from .model import Entrant, Tournament
from .ranking import event_ranking, tiebreak_event, tiebreak_record
from .rating import Report, grouped_notes, rate_tournament, resolve_k

__all__ = ["Entrant", "Report", "Tournament", "event_ranking", "from_crosstable", "from_trf", "grouped_notes", "load",
           "rate_tournament", "resolve_k", "tiebreak_event", "tiebreak_record"]
