"""The first colour of a Swiss: the colour drawn by lot before round 1 for its first board
(C.04.3's initial colour), settled by elo-xl and handed to gacrux as a ``152`` record.

gacrux draws it from round 1's records when its TRF text has no ``152``, and reads a bye asked
for in round 1 (``0000 - H`` before round 1 is paired) as Black: every board of round 1 then
gets its colours reversed, whatever ``-t`` says. So elo-xl settles the colour itself, in the
order ``docs/cli.md`` states, and writes it into the text gacrux pairs
(:func:`elo_xl.event.pairings.engine_text`):

1. ``--first-colour``;
2. the file's ``152`` record (TRF-2026: ``W`` or ``B``);
3. its ``XXC`` record (TRF16: ``white1`` or ``black1``);
4. round 1 as it was paired: the colour of the lowest start number with an opponent in round 1
   (in the Dutch system's round 1 the top player of the top group plays the first board and
   gets the drawn colour, whoever is absent);
5. White.

Where two of them disagree (a file whose ``XXC`` says White, whose round 1 was paired Black
first), the first one is used and one note names each and the one used.

>>> from elo_xl.event.model import Entrant, Tournament
>>> from elo_xl.io.trf_read import parse_trf
>>> origin = parse_trf("012 Cup\\nXXC white1\\n001    1      Ha, An\\n001    2      Le, Binh\\n")
>>> t = Tournament([Entrant(1, "Ha, An", None), Entrant(2, "Le, Binh", None)], [[None, None]] * 2,
...                [[2, None], [1, None]], [["b", ""], ["w", ""]], origin=origin)
>>> settled = settle_first_colour(t)
>>> settled.colour, settled.source
('w', 'line 2 (XXC) says White')
>>> print(settled.notes[0])
first colour: line 2 (XXC) says White, round 1 as paired says Black (player 1 had Black against 2); White is used (the order: --first-colour, 152, XXC, round 1); to pair as round 1 was paired, give --first-colour black
>>> settle_first_colour(t, "b").notes[0].endswith("Black is used (the order: --first-colour, 152, XXC, round 1)")
True
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import Tournament

__all__ = ["FirstColour", "round_one_colour", "settle_first_colour"]

#: How a note and the record name a colour.
_NAME = {"w": "White", "b": "Black"}
_ORDER = "the order: --first-colour, 152, XXC, round 1"


@dataclass(frozen=True)
class FirstColour:
    """The first colour settled: ``colour`` (``"w"`` or ``"b"``), ``source`` (what said it, as a
    note names it) and ``notes`` (sources that disagree, a ``152`` that names no colour)."""

    colour: str
    source: str
    notes: tuple[str, ...] = ()

    @property
    def record(self) -> str:
        """The TRF-2026 record that tells gacrux the colour.

        >>> FirstColour("b", "--first-colour black").record
        '152 B'
        """
        return f"152 {self.colour.upper()}"


def round_one_colour(t: Tournament) -> tuple[str, str] | None:
    """(colour, witness) of round 1 as it was paired: the colour of the lowest start number that
    had an opponent and a colour in round 1, and the game that shows it; None before round 1 is
    paired (byes asked for round 1 pair nobody) or for a crosstable.

    >>> from elo_xl.event.model import Entrant, Tournament
    >>> t = Tournament([Entrant(n, f"P{n}", None) for n in (1, 2, 3)], [["H"], [None], [None]],
    ...                [[None], [3], [2]], [[""], ["w"], ["b"]])
    >>> round_one_colour(t)
    ('w', 'player 2 had White against 3')
    """
    if t.pairings is None:
        return None
    for i, row in enumerate(t.games(), 1):
        if row and row[0].opponent is not None and row[0].colour in _NAME:
            return row[0].colour, f"player {i} had {_NAME[row[0].colour]} against {row[0].opponent}"
    return None


def _declared(t: Tournament) -> tuple[list[tuple[str, str]], list[str]]:
    """The colours the event's file declares, in the order they count (every ``152``, then every
    ``XXC`` naming ``white1``/``black1``): (where, colour); and a note per ``152`` that names no
    colour (left aside)."""
    if t.origin is None:
        return [], []
    found: dict[str, list[tuple[str, str]]] = {"152": [], "XXC": []}
    notes = []
    for record in t.origin.headers:
        where = f"line {record.line} ({record.code})" if record.line is not None else f"a {record.code} record"
        if record.code == "152":
            value = record.value
            if value[:1].lower() in _NAME:
                found["152"].append((where, value[:1].lower()))
            else:
                notes.append(f"{where}: {value or 'nothing'!r} is not W or B (the first board's colour in round 1); "
                             "the record is left aside")
        elif record.code == "XXC":
            words = set(record.value.lower().split())
            for word in ("white1", "black1"):
                if word in words:
                    found["XXC"].append((where, word[0]))
                    break
    return found["152"] + found["XXC"], notes


def settle_first_colour(t: Tournament, given: str | None = None, round_one: Tournament | None = None) -> FirstColour:
    """The first colour of the Swiss ``t`` (see the module): ``given`` (``"w"``, ``"b"``) is
    ``--first-colour``; ``round_one`` the event whose round 1 counts as paired, when ``t`` is
    one whose round 1 was dropped to be paired again (``pair --round 1 --replace``: the lot was
    drawn once)."""
    declared, notes = _declared(t)
    sources = [(f"--first-colour {_NAME[given].lower()}", given)] if given is not None else []
    sources += [(f"{where} says {_NAME[colour]}", colour) for where, colour in declared]
    paired = round_one_colour(round_one if round_one is not None else t)
    if paired is not None:
        sources.append((f"round 1 as paired says {_NAME[paired[0]]} ({paired[1]})", paired[0]))
    if not sources:
        return FirstColour("w", "White unless told", tuple(notes))
    source, colour = sources[0]
    if any(other != colour for _, other in sources[1:]):
        shown = [s for s, _ in sources]
        note = f"first colour: {', '.join(shown)}; {_NAME[colour]} is used ({_ORDER})"
        if paired is not None and paired[0] != colour and given is None:
            note += f"; to pair as round 1 was paired, give --first-colour {_NAME[paired[0]].lower()}"
        notes.append(note)
    return FirstColour(colour, source, tuple(notes))
