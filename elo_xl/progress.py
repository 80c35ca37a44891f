"""A progress bar on standard error, shown only when standard error is a terminal.

>>> with Progress(2, "writing") as p:   # not a terminal here: prints nothing
...     p.step("a"); p.step("b")
"""

from __future__ import annotations

import sys
from typing import TextIO


class Progress:
    """``with Progress(total, what) as p: ... p.step(label)`` draws ``what [####----] 3/8 label``."""

    WIDTH = 24

    def __init__(self, total: int, what: str, stream: TextIO | None = None):
        self.total, self.what, self.done = max(total, 1), what, 0
        self.stream = stream if stream is not None else sys.stderr
        self.shown = self.stream.isatty()

    def __enter__(self) -> "Progress":
        self._draw("")
        return self

    def step(self, label: str = "") -> None:
        """One more item done."""
        self.done += 1
        self._draw(label)

    def _draw(self, label: str) -> None:
        if not self.shown:
            return
        filled = self.WIDTH * self.done // self.total
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        self.stream.write(f"\r\033[K{self.what} [{bar}] {self.done}/{self.total} {label}")
        self.stream.flush()

    def __exit__(self, *exc: object) -> None:
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()
