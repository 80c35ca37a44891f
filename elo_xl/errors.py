"""The one error class of elo-xl: bad input, explained in one line.

Every message names the argument, the position and the value, and says what would be
accepted instead. The Excel functions show it as the cell's text (or as the #VALUE!
message under xlwings Lite); the command line prints it and exits with code 2.

>>> str(EloError.at("results", (3, 2), "x", "is not a result; type 1, ½, 0, =, + or −"))
'results, row 3 column 2: "x" is not a result; type 1, ½, 0, =, + or −'
"""

from __future__ import annotations

import re
from typing import Any


def describe_position(pos: int | tuple[int, int] | None) -> str:
    """Where a value stood: ``(3, 2)`` → row 3 column 2 of a range, ``4`` → its 4th value.

    >>> describe_position((1, 5)), describe_position(2), describe_position(None)
    ('row 1 column 5', 'value 2', '')
    """
    if pos is None:
        return ""
    if isinstance(pos, tuple):
        return f"row {pos[0]} column {pos[1]}"
    return f"value {pos}"


_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\uffff"
                      "\ud800-\udfff]")


def escaped(text: str) -> str:
    r"""Text safe for a terminal or a one-line message: control characters, escape sequences,
    line and paragraph separators and bidirectional overrides shown escaped (``\x1b``,
    ``\u202e``); every printable character, in any script, as it is.

    >>> escaped("rating \x1b[2J is not a number"), escaped("Šuković\u202e"), escaped("a\nb")
    ('rating \\x1b[2J is not a number', 'Šuković\\u202e', 'a\\nb')
    """
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape", "backslashreplace").decode("ascii"), text)


def show(value: Any) -> str:
    """A user's value as the message quotes it: text in quotes (control characters and escape
    sequences escaped, so that a message never drives the terminal), numbers as typed.

    >>> show("x"), show(2.5), show(3.0), show(None), show("a\\x1b[2Jb")
    ('"x"', '2.5', '3', 'blank', '"a\\\\x1b[2Jb"')
    """
    if value is None:
        return "blank"
    if isinstance(value, str):
        value = escaped(value)
        text = value if len(value) <= 40 else value[:37] + "..."
        return '"' + text + '"'
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


class EloError(ValueError):
    """Bad input to elo-xl. ``str(error)`` is the one line to show the user."""

    @classmethod
    def at(
        cls, argument: str, pos: int | tuple[int, int] | None, value: Any, problem: str
    ) -> "EloError":
        """The standard message: ``argument, position: value problem``."""
        where = describe_position(pos)
        return cls(f"{argument}{', ' + where if where else ''}: {show(value)} {problem}")


class PairingMismatch(EloError):
    """Pairings whose start numbers do not fit: a number that is no player's, a player paired
    with himself, two rows that disagree on who meets whom. Shown as any :class:`EloError`; a
    caller that knows more tells it by its type, never by its text (``export`` adds the likely
    cause: a player's row deleted or inserted in the book).

    >>> isinstance(PairingMismatch.at("pairings", (1, 2), 9, "is not a start number"), EloError)
    True
    """
