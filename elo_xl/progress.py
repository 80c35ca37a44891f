"""A progress bar, and a line counting the seconds of a long wait (:class:`Waiting`), on standard
error, shown only when standard error is a terminal.

>>> with Progress(2, "writing") as p:   # not a terminal here: prints nothing
...     p.step("a"); p.step("b")
"""

from __future__ import annotations

import sys
import threading
import time
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


#: After how many seconds of a long step (pairing) a line on standard error (a terminal only)
#: counts them.
WAITING_AFTER = 3.0


class Waiting:
    """``with Waiting("recalculating gros.xlsx in LibreOffice"):`` shows, on a terminal only and
    once the work has taken more than ``after`` seconds, one line that counts the seconds
    (``recalculating gros.xlsx in LibreOffice… 12 s``), erased when the work ends.

    >>> with Waiting("computing"):   # not a terminal here: prints nothing
    ...     pass
    """

    def __init__(self, what: str, after: float = 3.0, stream: TextIO | None = None):
        self.what, self.after = what, after
        self.stream = stream if stream is not None else sys.stderr
        self.shown = self.stream.isatty()
        self._done = threading.Event()
        self._thread: threading.Thread | None = None
        self._drawn = False

    def __enter__(self) -> "Waiting":
        if self.shown:
            self._thread = threading.Thread(target=self._tick, daemon=True)
            self._thread.start()
        return self

    def _tick(self) -> None:
        started = time.monotonic()
        if self._done.wait(self.after):
            return
        while not self._done.is_set():
            self.stream.write(f"\r\033[Kelo-xl: {self.what}… {int(time.monotonic() - started)} s")
            self.stream.flush()
            self._drawn = True
            self._done.wait(1.0)

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        if self._thread is not None:
            self._thread.join()
        if self._drawn:
            self.stream.write("\r\033[K")
            self.stream.flush()
