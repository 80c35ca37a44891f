"""What the commands of ``elo-xl`` print and write: counts in words, notes on standard error,
errors named by the option or file they concern, outputs written all or none."""

from __future__ import annotations

import os
import sys

from ..errors import EloError
from ..io.paths import Outputs


def plural(n: int, noun: str) -> str:
    """``1 round``, ``9 rounds``.

    >>> plural(1, "round"), plural(9, "game row")
    ('1 round', '9 game rows')
    """
    return f"{n} {noun}{'' if n == 1 else 's'}"


def print_notes(notes: list[str]) -> None:
    """Each note on standard error, as ``elo-xl: note: …`` (wrapped)."""
    from ..report import wrapped

    for note in notes:
        print("\n".join(wrapped("elo-xl: note: ", note)), file=sys.stderr)


class naming:
    """``with naming("--from cup.csv"):`` puts the option and file in front of an error's
    message that names neither (the reader's own messages already name the file; a message
    about an option, ``--k: …``, ``rules: …``, is about the option, not the file).

    >>> try:
    ...     with naming("--from cup.csv"):
    ...         raise EloError("a Swiss book needs rounds")
    ... except EloError as e:
    ...     print(e)
    --from cup.csv: a Swiss book needs rounds
    """

    def __init__(self, where: str):
        self.where = where

    def __enter__(self) -> "naming":
        return self

    def __exit__(self, kind: type | None, error: BaseException | None, tb: object) -> bool:
        text = str(error)
        if isinstance(error, EloError) and not text.startswith((self.where.split()[-1], "-", "rules:")):
            raise EloError(f"{self.where}: {error}") from None
        return False


def emit(text: str | bytes, output: str | None) -> None:
    """Print ``text``, or write it (text as UTF-8, or bytes) atomically to ``output``."""
    if output is None:
        sys.stdout.write(text if isinstance(text, str) else text.decode("utf-8"))
        return
    outputs = Outputs()
    outputs.add(output, text.encode("utf-8") if isinstance(text, str) else text)
    outputs.commit()


def os_message(error: OSError) -> str:
    """An operating-system error as one line that names the file."""
    reason = error.strerror or type(error).__name__
    if error.filename is not None:
        return f"{error.filename}: {reason}"
    return reason


def silence_stdout() -> None:
    """Point standard output at the null device, so that Python's last flush cannot fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no file descriptor (captured output)
        pass
