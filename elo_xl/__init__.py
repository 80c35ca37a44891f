"""elo-xl: FIDE-exact chess rating calculations for arbiters, in Excel and on the command line.

The engine (:mod:`elo_xl.engine`) works on plain values and is what every face of the
product reads: the Excel functions (:mod:`elo_xl.udfs`), the workbook generator and the
``elo-xl`` command line.

>>> from elo_xl import rate
>>> rate(2500, [2400], [1], k=10).new_rating
2504
"""

from .engine import (
    Outcome,
    average_rating,
    category,
    dp,
    expected,
    forecast,
    initial_rating,
    k_factor,
    needed,
    performance,
    rate,
    rate_event,
    table_h,
)
from .errors import EloError
from .rules import RuleSet, parse_rules

__version__ = "0.1.0"

__all__ = [
    "EloError",
    "Outcome",
    "RuleSet",
    "average_rating",
    "category",
    "dp",
    "expected",
    "forecast",
    "initial_rating",
    "k_factor",
    "needed",
    "parse_rules",
    "performance",
    "rate",
    "rate_event",
    "table_h",
    "__version__",
]
