"""What the benchmark scripts share: the timing helper and the folders they read.

    >>> median, best = timed(lambda: sum(range(1000)), 3)
    >>> 0 <= best <= median
    True
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Callable

#: The project's folder (the benchmarks read its sample and test files).
ROOT = Path(__file__).resolve().parents[1]


def timed(call: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Median and best wall time of ``repeat`` calls, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), min(times)
