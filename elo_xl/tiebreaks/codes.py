"""Tie-break codes as FIDE's Tie-Break Regulations (Handbook C.07) and TRF-2026 write them,
the two rule versions, and FIDE's recommended lists.

A code is a tie-break's acronym with its modifiers (C.07 article 14) after slashes:
``BH/C1`` (Buchholz cut 1), ``BH/M1`` (median Buchholz), ``SB/P``. ``BH-C1`` is read as
``BH/C1`` too, and letters in any case.

>>> parse_codes("BH/C1, bh-m1,SB/C2")
[Tiebreak('BH/C1'), Tiebreak('BH/M1'), Tiebreak('SB/C2')]
>>> parse_codes("BH/C3")
Traceback (most recent call last):
elo_xl.errors.EloError: tie-break 1 "BH/C3": C.07 defines no modifier /C3 for BH (it takes /C1, /C2, /M1, /M2, /P)
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import EloError, show

#: The two rule versions: the 2023 text as revised in April 2024, and the amendment in force
#: from 1 March 2026 (dummy opponents capped, C.07 16.4; STD, TPN, RTNG added; Buchholz
#: forbidden in round robins).
VERSIONS = ("2024", "2026")
#: The day the 2026 amendment took effect (FIDE Council, 2 February 2026).
IN_FORCE_2026 = datetime.date(2026, 3, 1)

#: Every tie-break: acronym → (article of C.07, English name).
NAMES: dict[str, tuple[str, str]] = {
    "PTS": ("5", "points"),
    "DE": ("6", "direct encounter"),
    "WIN": ("7.1", "number of wins"),
    "WON": ("7.2", "number of games won over the board"),
    "BPG": ("7.3", "number of games played with Black"),
    "BWG": ("7.4", "number of games won with Black"),
    "PS": ("7.5", "progressive score"),
    "REP": ("7.6", "rounds elected to play"),
    "STD": ("7.7", "standard points"),
    "TPN": ("7.8", "tournament pairing number"),
    "BH": ("8.1", "Buchholz"),
    "AOB": ("8.2", "average of opponents' Buchholz"),
    "FB": ("8.3", "fore Buchholz"),
    "SB": ("9.1", "Sonneborn-Berger"),
    "KS": ("9.2", "Koya system"),
    "ARO": ("10.1", "average rating of opponents"),
    "TPR": ("10.2", "tournament performance rating"),
    "PTP": ("10.3", "perfect tournament performance"),
    "APRO": ("10.4", "average of opponents' tournament performance ratings"),
    "APPO": ("10.5", "average of opponents' perfect tournament performances"),
    "RTNG": ("10.6", "rating"),
}
#: Other spellings of an acronym: GE (games elected, 2023 text) is the 2026 REP.
ALIASES = {"GE": "REP"}
#: The tie-breaks the 2026 amendment added: not defined under the 2024 rules.
ADDED_2026 = frozenset(("STD", "TPN", "RTNG"))
#: The Buchholz family, which the 2026 text forbids in a round robin (C.07 8, 2026).
BUCHHOLZ_FAMILY = frozenset(("BH", "AOB", "FB"))
#: The modifiers of article 14 each tie-break takes: C1/C2 cut the least significant one or two
#: values, M1/M2 the least and most significant, P counts forfeits as played games.
MODIFIERS: dict[str, tuple[str, ...]] = {
    "BH": ("C1", "C2", "M1", "M2", "P"), "FB": ("C1", "C2", "M1", "M2", "P"),
    "SB": ("C1", "C2", "P"), "ARO": ("C1", "C2", "M1", "M2"), "PS": ("C1", "C2"), "DE": ("P",),
}
#: Tie-breaks where the lower value ranks higher.
ASCENDING = frozenset(("TPN",))

#: FIDE's recommended lists (2019 recommendation, the presets of the pairing programs).
DEFAULT_SWISS = ("BH/C1", "BH", "SB", "PS", "DE", "WIN", "BWG")
DEFAULT_ROUND_ROBIN = ("DE", "WIN", "SB", "KS")


class Trimmed:
    """What every code of a list has, players' and teams': its cut or median (``trim``), shown
    by its ``code``."""

    trim: str
    code: str

    @property
    def cut(self) -> int:
        """How many least significant values a cut removes (0: none)."""
        return int(self.trim[1]) if self.trim.startswith("C") else 0

    @property
    def median(self) -> int:
        """How many least and most significant values a median removes (0: none)."""
        return int(self.trim[1]) if self.trim.startswith("M") else 0

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r})"

    def __str__(self) -> str:
        return self.code


@dataclass(frozen=True, order=True, repr=False)
class Tiebreak(Trimmed):
    """One tie-break of a list: its acronym (``BH``), its cut or median (``C1``, ``C2``, ``M1``,
    ``M2`` or ``""``) and whether forfeits count as played games (``/P``).

    >>> t = Tiebreak("BH", "C1")
    >>> t.code, t.article, t.name, t.cut, t.median
    ('BH/C1', '8.1', 'Buchholz', 1, 0)
    """

    base: str
    trim: str = ""
    forfeits_played: bool = False

    @property
    def code(self) -> str:
        """The code as C.07 writes it: ``BH/C1``, ``SB/P``, ``DE``."""
        return "/".join([self.base] + ([self.trim] if self.trim else []) + (["P"] if self.forfeits_played else []))

    @property
    def article(self) -> str:
        """The article of C.07 that defines it."""
        return NAMES[self.base][0]

    @property
    def name(self) -> str:
        """Its English name."""
        return NAMES[self.base][1]

    @property
    def ascending(self) -> bool:
        """Whether the lower value ranks higher (TPN)."""
        return self.base in ASCENDING


_SPLIT = re.compile(r"[/\-]")


def parse_code(text: str, position: int | None = None) -> Tiebreak:
    """One code (``BH/C1``, ``BH-C1``, ``bh/c1``) as a :class:`Tiebreak`; an unknown acronym or
    a modifier C.07 does not define for it is an error naming it.

    >>> parse_code("SB-C1/P"), parse_code("GE")
    (Tiebreak('SB/C1/P'), Tiebreak('REP'))
    >>> parse_code("XYZ")
    Traceback (most recent call last):
    elo_xl.errors.EloError: tie-break "XYZ" is not a code of C.07; use PTS, DE, WIN, WON, BPG, BWG, PS, REP, STD, TPN, BH, AOB, FB, SB, KS, ARO, TPR, PTP, APRO, APPO or RTNG
    """
    where = f"tie-break {position} {show(text)}" if position is not None else f"tie-break {show(text)}"
    parts = [p.strip().upper() for p in _SPLIT.split(text.strip())]
    base = ALIASES.get(parts[0], parts[0])
    if ":" in base:
        raise EloError(f"{where} is a team tie-break (its score reference {show(base[base.index(':'):])}); "
                       "it ranks the teams of a team file, not players")
    if base not in NAMES:
        codes = list(NAMES)
        raise EloError(f"{where} is not a code of C.07; use {', '.join(codes[:-1])} or {codes[-1]}")
    trim, played = modifiers(where, base, parts[1:], MODIFIERS.get(base, ()))
    return Tiebreak(base, trim, played)


def modifiers(where: str, base: str, given: Sequence[str], allowed: Sequence[str]) -> tuple[str, bool]:
    """The modifiers of a code (article 14), checked against those its tie-break takes: its cut
    or median (``C1``, ``M2``… or ``""``) and whether ``/P`` counts forfeits as played.

    >>> modifiers("tie-break 1", "BH", ["C1", "P"], ("C1", "C2", "M1", "M2", "P"))
    ('C1', True)
    >>> modifiers("tie-break 1", "SB", ["M1"], ("C1", "C2", "P"))
    Traceback (most recent call last):
    elo_xl.errors.EloError: tie-break 1: C.07 defines no modifier /M1 for SB (it takes /C1, /C2, /P)
    """
    trim, played = "", False
    for modifier in given:
        if modifier not in allowed:
            takes = f"it takes {', '.join('/' + m for m in allowed)}" if allowed else "it takes none"
            raise EloError(f"{where}: C.07 defines no modifier /{modifier or '(empty)'} for {base} ({takes})")
        if modifier == "P":
            if played:
                raise EloError(f"{where}: /P is given twice")
            played = True
        elif trim:
            raise EloError(f"{where}: give one cut or median, not /{trim} and /{modifier}")
        else:
            trim = modifier
    return trim, played


def parse_codes(text: str | Sequence[str | Tiebreak]) -> list[Tiebreak]:
    """A list of tie-breaks: comma-separated text (``"BH/C1,BH,SB"``, a TRF-2026 ``202``
    record's value) or a sequence of codes. A code given twice is an error.

    >>> parse_codes(["BH", Tiebreak("SB")])
    [Tiebreak('BH'), Tiebreak('SB')]
    >>> parse_codes("BH,SB,BH")
    Traceback (most recent call last):
    elo_xl.errors.EloError: tie-break 3 "BH" is already tie-break 1 of the list
    """
    items = text.split(",") if isinstance(text, str) else list(text)
    out: list[Tiebreak] = []
    for position, item in enumerate(items, 1):
        if isinstance(item, Tiebreak):
            tiebreak = item
        else:
            if not str(item).strip():
                raise EloError(f"tie-break {position} is empty; separate the codes by commas, e.g. BH/C1,BH,SB")
            tiebreak = parse_code(str(item), position)
        if tiebreak in out:
            raise EloError(f"tie-break {position} {show(str(item))} is already tie-break "
                           f"{out.index(tiebreak) + 1} of the list")
        out.append(tiebreak)
    return out


def check_version(version: str) -> str:
    """The rule version, checked: ``2024`` or ``2026``.

    >>> check_version("2026")
    '2026'
    """
    text = str(version).strip()
    if text not in VERSIONS:
        raise EloError(f"tie-break rules {show(version)} are not a version of C.07; use 2024 or 2026")
    return text


def version_for(start: datetime.date | None, today: datetime.date | None = None) -> str:
    """The version in force on an event's start date: ``2026`` from 1 March 2026, else
    ``2024``; an event without a start date takes the version in force ``today``.

    >>> version_for(datetime.date(2026, 2, 28)), version_for(datetime.date(2026, 3, 1))
    ('2024', '2026')
    """
    day = start or today or datetime.date.today()
    return "2026" if day >= IN_FORCE_2026 else "2024"


def default_codes(round_robin: bool) -> list[Tiebreak]:
    """FIDE's recommended list: Swiss BH/C1, BH, SB, PS, DE, WIN, BWG; round robin DE, WIN, SB, KS.

    >>> [t.code for t in default_codes(True)]
    ['DE', 'WIN', 'SB', 'KS']
    """
    return parse_codes(DEFAULT_ROUND_ROBIN if round_robin else DEFAULT_SWISS)


def check_allowed(tiebreaks: Sequence[Tiebreak], version: str, round_robin: bool) -> None:
    """An error naming the first tie-break the rules do not allow for the event: Buchholz and
    its variants in a round robin under the 2026 rules, a 2026 addition under the 2024 rules.

    >>> check_allowed(parse_codes("SB,BH/C1"), "2026", True)
    Traceback (most recent call last):
    elo_xl.errors.EloError: tie-break 2 BH/C1: the 2026 rules forbid Buchholz in a round robin (C.07 8); choose among DE, WIN, SB, KS, or give --tiebreak-rules 2024
    """
    for position, t in enumerate(tiebreaks, 1):
        if round_robin and version == "2026" and t.base in BUCHHOLZ_FAMILY:
            raise EloError(f"tie-break {position} {t.code}: the 2026 rules forbid {t.name} in a round robin (C.07 8); "
                           f"choose among {', '.join(DEFAULT_ROUND_ROBIN)}, or give --tiebreak-rules 2024")
        if version == "2024" and t.base in ADDED_2026:
            raise EloError(f"tie-break {position} {t.code} ({t.name}) is a 2026 addition to C.07; "
                           "give --tiebreak-rules 2026 or leave it out")
