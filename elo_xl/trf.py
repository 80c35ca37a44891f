"""FIDE Tournament Report Files (TRF16, and TRF-2026 as far as it is public): read, check, write.

A TRF is a text file of fixed columns. Each line starts with a three-character record code:
``001`` is a player, ``012``…``132`` (and in TRF-2026 ``142``…``362``) describe the event,
``XXR``, ``XXC``, ``XXS``… are the pairing programs' extensions, ``###`` starts a comment.
:func:`parse_trf` reads the player lines into :class:`TrfPlayer` objects and keeps every other
line verbatim, with its place in the file, as a :class:`TrfRecord`; :func:`write_trf` puts the
file back together, so that reading and writing a file changes nothing but the layout of badly
aligned player fields, the trailing spaces of player lines and the line ends (which become LF).

>>> event = parse_trf(EXAMPLE)
>>> event.name, event.rounds, event.start_year, [p.name for p in event.players]
('Spring Open', 3, 2026, ['Berg, Anna', 'Cruz, Mateo', 'Dubois, Lea', 'Evans, Tom'])
>>> p = event.players[0]
>>> p.title, p.rating, p.points, p.rank, p.games[1]
('WIM', 2012, 2.0, 2, TrfGame(opponent=3, colour='b', result='='))
>>> event.pairings()[0], event.results()[0], event.results()[3]
([2, 3, None], ['1', '=', 'H'], ['0', '=', None])
>>> write_trf(event) == EXAMPLE
True

What the engine needs comes from the helpers, in start-rank order (``event.players`` is in that
order after reading), so that :func:`elo_xl.engine.rate_event` runs on the rounds form as is:

>>> from elo_xl.engine import rate_event
>>> out = rate_event(event.ratings(), event.results(), None, "FIDE", event.pairings())
>>> [(o.points, o.games, o.score) for o in out]     # points count byes and forfeits; games are rated ones
[(2, 2, 1.5), (0.5, 1, 0), (2.5, 1, 0.5), (0.5, 2, 0.5)]

Columns (numbered from 1) of a player line: 1–3 ``001``; 5–8 start rank; 10 sex; 11–13 title;
15–47 name; 49–52 FIDE rating; 54–56 federation; 58–68 FIDE ID; 70–79 birth date; 81–84
points; 86–89 rank; then for round r, from column 92 + 10·(r−1): four columns for the
opponent's start rank (``0000`` or blank: none), the colour two columns later (``w``, ``b``,
``-`` or blank) and the result two columns after that. Result codes: ``1 = 0`` played and rated;
``+ -`` forfeits (never rated); ``W D L`` played but not rated (the game lasted less than one
move); ``H`` half-point bye, ``F`` full-point bye, ``U`` pairing-allocated bye (worth a win),
``Z`` or blank zero-point bye. Letters (colours too) may be lower or upper case. The points column counts byes and
forfeits; a rating never does.

**TRF-2026.** FIDE's "TRF-2026" (approved by the FIDE Council on 12 May 2025, applied from
1 September 2025; read here from a public transcription of handbook file ``TRF26.pdf``, not
from FIDE's PDF itself) keeps the player line exactly as in TRF16 and adds records: ``###``
comment lines; ``142`` number of rounds (like the ``XXR`` extension); ``152`` initial colour;
``162`` scoring system (``W``, ``D``, ``L``, ``A`` absence, ``P`` pairing-allocated bye, ``X``
unknown, each followed by its points); ``172`` starting-rank method; ``182`` pairing
controller; ``192`` encoded tournament type; ``202``/``212`` tie-breaks; ``222`` encoded time
control; national-rating records (a federation code instead of ``001``, same columns); team
records ``310`` (replacing ``013``), ``320``, ``330``, ``300``, ``352``, ``362``, ``801``,
``802``; ``240`` byes, ``250`` accelerations, ``260`` prohibited pairings, ``299`` abnormal
points. This reader uses ``142`` like ``XXR`` and ``162`` (and JaVaFo's ``XXS``) for the
scoring system of :meth:`TrfEvent.computed_points`; every other record is kept verbatim.

**What is an error, what is tolerated.** Every error is an :class:`~elo_xl.errors.EloError`
whose one-line message names the line, the columns and the value. Errors:

- a field that does not read as what its columns hold: a start rank, rating (1–3999; 0 or
  blank = unrated), FIDE ID, points, rank or opponent that is not a number; a sex other than
  ``m``, ``w`` (``f``) or blank; a title or federation that is not letters; a birth date
  without a year; an unknown colour or result code; something other than a space between
  fields (a field out of its columns); a tab in a player line;
- start ranks that are not 1…n (a duplicate, a gap, a number above the player count); an
  opponent that does not exist or is the player himself;
- a bye (``H F U Z``) with an opponent; a played result (``1 = 0 W D L``) without one; two
  pairing-allocated byes in one round;
- a game listed by both players that does not name each other, whose results disagree
  (they must read 1/0, =/=, 0/1, +/-, -/- double forfeit, W/L or D/D) or whose colours are
  the same; a game against a player whose own line has a bye (``H F U``) in that round;
- an ``XXR``/``142`` that is not a number, that disagree, or that is below a round used.

Tolerated (as the engine's rounds form does):

- a game listed on one line only (the other line's round is blank, ``Z``, or a forfeit
  without opponent): it counts for the player whose line lists it;
- a game with a result on one line and none on the other, or on neither (a round being
  played): only a written result counts;
- a colour ``-`` or blank on a game, a ``w``/``b`` on a bye;
- players listed in any order (they are sorted by start rank; writing restores the order);
- a points column that differs from the results (3-1-0 scoring, acceleration, penalties,
  an unknown scoring system in a TRF16 file): :func:`check_points` checks it on demand;
- ``062``/``072`` counts that do not match, unknown records, comments, blank lines (kept).

Round trip: for a file whose player fields sit as the specification shows them (numbers
right-aligned in their columns, text left-aligned, titles right-aligned, an unrated player's
rating blank), the player lines are written exactly as read, modulo trailing spaces; other
alignments are normalised, and a round holding only ``0000`` is written blank. Header lines
are kept byte for byte, trailing spaces included.
"""

from __future__ import annotations

import datetime
import math
import os
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Sequence

from .errors import EloError, show
from . import standings
from .results import BYE_ZERO, RESULT_TEXT, agree, parse_result

__all__ = [
    "EXAMPLE", "BLANK", "TrfGame", "TrfPlayer", "TrfRecord", "TrfEvent", "parse_trf", "read_trf", "format_player",
    "write_trf", "save_trf", "set_standings", "check_points", "check_event", "birth_year", "date_year",
    "round_columns",
]

#: A four-player, three-round event used by the examples.
EXAMPLE = """\
012 Spring Open
022 Hanoi
032 VIE
042 2026/04/03
052 2026/04/05
102 IA Tran, Minh
XXR 3
### players in start-rank order; the last column is the final rank
001    1 wWIM Berg, Anna                        2012 SWE     1700123 2001/05/17  2.0    2     2 w 1     3 b =  0000 - H
001    2 m    Cruz, Mateo                       1893 ESP    22512345 1998        0.5    4     1 b 0     4 w =     3 w -
001    3 w    Dubois, Lea                       1780 FRA      654321             2.5    1     4 b 1     1 w =     2 b +
001    4 m    Evans, Tom                             ENG                         0.5    3     3 w 0     2 b =
"""

#: Result codes of a TRF, each as one character (letters in either case).
RESULT_CODES = frozenset("10=+-WDLHFUZwdlhfuz")
COLOURS = frozenset("wbWB-")
_GAME_RESULTS = frozenset("10=WDLwdl")        # played: needs an opponent
_BYE_RESULTS = frozenset("HFUZhfuz")           # byes: no opponent
_SCORING_BYES = frozenset("HFUhfu")            # a player with these cannot also have played

#: The columns (first, last) of each field of a player line before the rounds.
PLAYER_COLUMNS = {
    "start_no": (5, 8), "sex": (10, 10), "title": (11, 13), "name": (15, 47), "rating": (49, 52),
    "federation": (54, 56), "fide_id": (58, 68), "birth": (70, 79), "points": (81, 84), "rank": (86, 89),
}
_SEPARATORS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)
_FIRST_ROUND = 92


def round_columns(r: int) -> tuple[int, int, int]:
    """The first column of round ``r``'s opponent, its colour column and its result column.

    >>> round_columns(1), round_columns(3)
    ((92, 97, 99), (112, 117, 119))
    """
    base = _FIRST_ROUND + 10 * (r - 1)
    return base, base + 5, base + 7


# --- the data model -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrfGame:
    """One round of a player line: the opponent's start rank (None: no opponent), the colour
    (``w``, ``b``, ``-`` or ``""``) and the result code (``""`` when blank), as in the file.

    >>> TrfGame(4, "w", "1").played, TrfGame(None, "-", "H").played, BLANK
    (True, False, TrfGame(opponent=None, colour='', result=''))
    """

    opponent: int | None
    colour: str
    result: str

    @property
    def played(self) -> bool:
        """Whether the round names an opponent (a game, a forfeit, or a pairing not yet played)."""
        return self.opponent is not None

    @property
    def blank(self) -> bool:
        """Whether nothing at all is written for the round (a withdrawal, a late entry)."""
        return self.opponent is None and not self.colour and not self.result


#: A round with nothing written in it.
BLANK = TrfGame(None, "", "")


@dataclass(slots=True)
class TrfPlayer:
    """One ``001`` line. ``rating`` None = unrated; ``points`` and ``rank`` as in the file
    (None when blank); ``fide_id`` and ``birth`` are text as written; ``games`` holds one
    :class:`TrfGame` per round of the event; ``line`` is the line number it was read from.

    >>> TrfPlayer(7, "Ngo, Lan", sex="w", title="WFM", rating=2105, federation="VIE").rating
    2105
    """

    start_no: int
    name: str = ""
    sex: str = ""
    title: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    points: float | None = None
    rank: int | None = None
    games: list[TrfGame] = field(default_factory=list)
    line: int | None = None


@dataclass(slots=True)
class TrfRecord:
    """Any line that is not a player: kept verbatim (``text`` without its line end).

    >>> r = TrfRecord("012 Spring Open  ", 1)
    >>> r.code, r.value
    ('012', 'Spring Open')
    """

    text: str
    line: int | None = None

    @property
    def code(self) -> str:
        """The record code: the first three characters (``012``, ``XXR``, ``###``…)."""
        return self.text[:3]

    @property
    def value(self) -> str:
        """What follows the code, from column 5, without surrounding spaces."""
        return self.text[4:].strip()


def _where(line: int | None, start_no: int | None = None, first: int | None = None, last: int | None = None) -> str:
    """``line 7, columns 92–95`` (or ``player 4, …`` for a player not read from a file)."""
    place = f"line {line}" if line is not None else f"player {start_no}"
    if first is None:
        return place
    if last is None or last == first:
        return f"{place}, column {first}"
    return f"{place}, columns {first}–{last}"


def _count(n: int) -> str:
    """``1 player``, ``16 players``."""
    return f"{n} player{'' if n == 1 else 's'}"


def _problem(line: int | None, start_no: int | None, first: int | None, last: int | None, text: str) -> EloError:
    return EloError(f"{_where(line, start_no, first, last)}: {text}")


def _record_problem(r: TrfRecord, text: str) -> EloError:
    """An error in a header record's value (columns 5 to the end of the line)."""
    place = f"line {r.line}" if r.line is not None else f"record {r.code}"
    last = len(r.text.rstrip())
    cols = "column 5" if last <= 5 else f"columns 5–{last}"
    return EloError(f"{place}, {cols}: {text}")


@dataclass(slots=True)
class TrfEvent:
    """A whole TRF: the records that are not players (``headers``, in file order) and the
    players in start-rank order. ``encoding`` is how :func:`read_trf` decoded the file.

    >>> event = parse_trf(EXAMPLE)
    >>> event.city, event.federation, event.start, event.end, event.arbiter
    ('Hanoi', 'VIE', '2026/04/03', '2026/04/05', 'IA Tran, Minh')
    >>> event.colours()[1], event.ratings(), event.birth_years()
    (['b', 'w', 'w'], [2012, 1893, 1780, None], [2001, 1998, None, None])
    """

    headers: list[TrfRecord] = field(default_factory=list)
    players: list[TrfPlayer] = field(default_factory=list)
    encoding: str | None = field(default=None, compare=False)

    # --- header fields ---------------------------------------------------------------------

    def records(self, code: str) -> list[TrfRecord]:
        """Every record with this code, in file order."""
        return [r for r in self.headers if r.code == code]

    def header(self, code: str) -> str | None:
        """The value of the first record with this code (None when there is none).

        >>> parse_trf(EXAMPLE).header("XXR"), parse_trf(EXAMPLE).header("092")
        ('3', None)
        """
        for r in self.headers:
            if r.code == code:
                return r.value
        return None

    def set_header(self, code: str, value: str) -> None:
        """Set a header record: the first one with this code is rewritten in place; a new one
        goes after the last record before the first player.

        >>> event = parse_trf(EXAMPLE)
        >>> event.set_header("022", "Da Nang"); event.set_header("092", "Swiss system")
        >>> event.city, write_trf(event).splitlines()[4:7]
        ('Da Nang', ['052 2026/04/05', '092 Swiss system', '102 IA Tran, Minh'])
        """
        if len(code) != 3 or code == "001":
            raise EloError(f"record code {show(code)} is not a header code; give three characters such as 012 or XXR")
        text = f"{code} {value}".rstrip()
        for r in self.headers:
            if r.code == code:
                r.text = text
                return
        first_player = min((p.line for p in self.players if p.line is not None), default=None)
        before = [i for i, r in enumerate(self.headers) if first_player is None or (r.line or 0) < first_player]
        at = before[-1] + 1 if before else 0
        if code.isdigit():  # among the numbered records, in number order
            lower = [i for i in before if self.headers[i].code.isdigit() and self.headers[i].code < code]
            at = lower[-1] + 1 if lower else (before[0] if before else 0)
        self.headers.insert(at, TrfRecord(text, None))

    @property
    def name(self) -> str | None:
        """Tournament name (``012``)."""
        return self.header("012")

    @property
    def city(self) -> str | None:
        """City (``022``)."""
        return self.header("022")

    @property
    def federation(self) -> str | None:
        """Federation (``032``)."""
        return self.header("032")

    @property
    def start(self) -> str | None:
        """Date of start (``042``), as written."""
        return self.header("042")

    @property
    def end(self) -> str | None:
        """Date of end (``052``), as written."""
        return self.header("052")

    @property
    def tournament_type(self) -> str | None:
        """Type of tournament (``092``)."""
        return self.header("092")

    @property
    def arbiter(self) -> str | None:
        """Chief arbiter (``102``)."""
        return self.header("102")

    @property
    def deputies(self) -> list[str]:
        """Deputy chief arbiters (``112``, one record each)."""
        return [r.value for r in self.records("112")]

    @property
    def time_control(self) -> str | None:
        """Allotted times per moves/game (``122``)."""
        return self.header("122")

    @property
    def round_dates(self) -> list[str]:
        """The round dates of the ``132`` record (columns 92–99 round 1, 102–109 round 2…), as written.

        >>> e = TrfEvent([TrfRecord("132" + " " * 88 + "26/04/03  26/04/04")])
        >>> e.round_dates
        ['26/04/03', '26/04/04']
        """
        for r in self.headers:
            if r.code == "132":
                text = r.text.rstrip()
                return [text[c - 1:c + 7].strip() for c in range(_FIRST_ROUND, len(text) + 1, 10)]
        return []

    @property
    def start_year(self) -> int | None:
        """The year of the ``042`` date (YYYY/MM/DD, DD.MM.YYYY, YYYY-MM-DD, YY/MM/DD…), None when absent."""
        return self._year_of("042", "start date")

    @property
    def end_year(self) -> int | None:
        """The year of the ``052`` date, None when absent."""
        return self._year_of("052", "end date")

    def _year_of(self, code: str, what: str) -> int | None:
        for r in self.headers:
            if r.code == code:
                try:
                    return date_year(r.value)
                except ValueError:
                    raise _record_problem(r, f"{what} {show(r.value)} is not a date; write YYYY/MM/DD") from None
        return None

    @property
    def rounds(self) -> int:
        """The number of rounds: ``XXR`` (or TRF-2026's ``142``) when present, else the
        number of round fields the player lines use.

        >>> TrfEvent(players=[TrfPlayer(1, games=[TrfGame(None, "-", "H"), BLANK])]).rounds
        1
        """
        declared = _declared_rounds(self)
        if declared is not None:
            return declared[0]
        used = 0
        for p in self.players:
            n = len(p.games)
            while n > used and p.games[n - 1].blank:
                n -= 1
            used = max(used, n)
        return used

    # --- what the engine needs ---------------------------------------------------------------

    def player(self, start_no: int) -> TrfPlayer:
        """The player with this start rank.

        >>> parse_trf(EXAMPLE).player(3).name
        'Dubois, Lea'
        """
        for p in self.players:
            if p.start_no == start_no:
                return p
        raise EloError(f"there is no player with start rank {start_no}; the event has {_count(len(self.players))}")

    def _ordered(self) -> list[TrfPlayer]:
        players = self.players
        if all(p.start_no == i for i, p in enumerate(players, 1)):
            return players
        return sorted(players, key=lambda p: p.start_no)

    def _grid(self, cell) -> list[list]:
        r = self.rounds
        rows = []
        for p in self._ordered():
            games = p.games[:r] + [BLANK] * (r - len(p.games))
            rows.append([cell(g) for g in games])
        return rows

    def ratings(self) -> list[int | None]:
        """The players' FIDE ratings in start-rank order (None: unrated)."""
        return [p.rating for p in self._ordered()]

    def pairings(self) -> list[list[int | None]]:
        """n×r opponents' start ranks (None: no opponent), the engine's ``pairings``."""
        return self._grid(lambda g: g.opponent)

    def results(self) -> list[list[str | None]]:
        """n×r result codes as in the file (None: blank), the engine's ``results``."""
        return self._grid(lambda g: g.result or None)

    def colours(self) -> list[list[str | None]]:
        """n×r colours as in the file (``w``, ``b``, ``-``; None: blank)."""
        return self._grid(lambda g: g.colour or None)

    def birth_years(self) -> list[int | None]:
        """Each player's year of birth (None when unknown), in start-rank order."""
        return [birth_year(p) for p in self._ordered()]

    # --- points ------------------------------------------------------------------------------

    def scoring(self) -> dict[str, Fraction]:
        """Points per kind of result, from TRF-2026 ``162`` and JaVaFo ``XXS`` records (in file
        order, the last word wins), else FIDE's 1, ½, 0. Keys: ``WW``/``BW`` win with white/black,
        ``WD``/``BD`` draw, ``WL``/``BL`` loss, ``FW``/``FL`` forfeit win/loss, ``PAB``
        pairing-allocated bye, ``FPB``/``HPB``/``ZPB`` full-, half-, zero-point bye.

        >>> e = TrfEvent([TrfRecord("162  W 3.0    D 1.0    L 0.0", 5)])
        >>> s = e.scoring(); (s["BW"], s["HPB"], s["PAB"], s["FL"])
        (Fraction(3, 1), Fraction(1, 1), Fraction(3, 1), Fraction(0, 1))
        """
        points = dict(_DEFAULT_SCORING)
        pab_set = False
        for r in self.headers:
            if r.code == "162":
                for letter, value in _scoring_pairs(r, r"([A-Za-z])\s*(-?\d*[.,]?\d+)", "a letter of W, D, L, A, P, X"):
                    key = letter.upper()
                    if key not in _SCORING_162:
                        raise _record_problem(r, f"scoring code {show(letter)} is not W, D, L, A, P or X")
                    for k in _SCORING_162[key]:
                        if k != "PAB" or key == "P" or not pab_set:  # W sets the PAB only while P has not
                            points[k] = value
                    pab_set = pab_set or key == "P"
            elif r.code == "XXS":
                for code, value in _scoring_pairs(r, r"([A-Za-z]+)\s*=\s*(-?\d*[.,]?\d+)", "CODE=VALUE"):
                    key = code.upper()
                    if key not in _SCORING_XXS:
                        raise _record_problem(r, f"XXS code {show(code)} is not one of {', '.join(_SCORING_XXS)}")
                    for k in _SCORING_XXS[key]:
                        points[k] = value
                    pab_set = pab_set or key == "PAB"
        return points

    def computed_points(self) -> list[float]:
        """Each player's points from his results under :meth:`scoring`, in start-rank order.

        >>> parse_trf(EXAMPLE).computed_points()
        [2.0, 0.5, 2.5, 0.5]
        """
        scoring = self.scoring()
        return [float(sum((_game_points(g, scoring) for g in p.games), Fraction(0))) for p in self._ordered()]


_DEFAULT_SCORING = {k: Fraction(v) for k, v in (
    ("WW", 1), ("BW", 1), ("WD", "1/2"), ("BD", "1/2"), ("WL", 0), ("BL", 0), ("FW", 1), ("FL", 0),
    ("PAB", 1), ("FPB", 1), ("HPB", "1/2"), ("ZPB", 0))}
_SCORING_162 = {"W": ("WW", "BW", "FW", "FPB", "PAB"), "D": ("WD", "BD", "HPB"), "L": ("WL", "BL"),
                "A": ("ZPB", "FL"), "P": ("PAB",), "X": ()}
_SCORING_XXS = {"WW": ("WW",), "BW": ("BW",), "WD": ("WD",), "BD": ("BD",), "WL": ("WL",), "BL": ("BL",),
                "FW": ("FW",), "FL": ("FL",), "PAB": ("PAB",), "FPB": ("FPB",), "HPB": ("HPB",), "ZPB": ("ZPB",),
                "W": ("WW", "BW", "FW", "FPB"), "D": ("WD", "BD", "HPB")}


def _scoring_pairs(r: TrfRecord, pattern: str, shape: str) -> list[tuple[str, Fraction]]:
    text = r.text[4:].strip()
    found = list(re.finditer(pattern, text))
    if re.sub(pattern, "", text).strip() or not found:
        raise _record_problem(r, f"{show(text)} is not a scoring system; write {shape} followed by points, "
                                 "e.g. W 1.0 D 0.5")
    return [(m.group(1), Fraction(m.group(2).replace(",", "."))) for m in found]


def _game_points(g: TrfGame, scoring: dict[str, Fraction]) -> Fraction:
    code = g.result.upper()
    if not code.strip():  # blank: a zero-point bye without an opponent, a game not yet played with one
        return standings.game_points(BYE_ZERO if g.opponent is None else None, scoring=scoring)
    return standings.game_points(RESULT_TEXT.get(code), g.colour.lower() == "b", scoring)


# --- dates ------------------------------------------------------------------------------------

_YMD = re.compile(r"(\d{4})(?:[/.\-](\d{1,2})(?:[/.\-](\d{1,2}))?)?")
_DMY = re.compile(r"(\d{1,2})[/.\-](\d{1,2})[/.\-](\d{4})")
_YY = re.compile(r"(\d{2})[/.\-](\d{1,2})[/.\-](\d{1,2})")


def date_year(text: str, today: int | None = None) -> int | None:
    """The year of a date as pairing programs write it; None when blank or all zeros.

    YYYY/MM/DD, YYYY-MM-DD, YYYY.MM.DD, YYYY (month and day may be 00), DD.MM.YYYY,
    DD/MM/YYYY, and the ``132`` record's YY/MM/DD (20YY unless that is more than a year
    ahead of ``today``'s year, then 19YY). Anything else raises ValueError.

    >>> [date_year(t) for t in ("2026/04/03", "03.04.2026", "2026-04-03", "1987/00/00", "1987", "", "0000/00/00")]
    [2026, 2026, 2026, 1987, 1987, None, None]
    >>> date_year("26/04/03", today=2026), date_year("85/03/12", today=2026)
    (2026, 1985)
    """
    text = text.strip()
    if not text or not text.strip("0/.- "):
        return None
    m = _YMD.fullmatch(text)
    if m:
        year, month, day = int(m.group(1)), int(m.group(2) or 0), int(m.group(3) or 0)
    else:
        m = _DMY.fullmatch(text)
        if m:
            day, month, year = int(m.group(1)), int(m.group(2)), int(m.group(3))
            if month > 12 and day <= 12:  # MM/DD/YYYY
                day, month = month, day
        else:
            m = _YY.fullmatch(text)
            if not m:
                raise ValueError(text)
            if today is None:
                today = datetime.date.today().year
            year, month, day = 2000 + int(m.group(1)), int(m.group(2)), int(m.group(3))
            if year > today + 1:
                year -= 100
    if not (1800 <= year <= 2200 and month <= 12 and day <= 31):
        raise ValueError(text)
    return year


def birth_year(player: TrfPlayer) -> int | None:
    """A player's year of birth from his birth date (None when blank or unknown).

    >>> birth_year(TrfPlayer(1, birth="2009/05/17")), birth_year(TrfPlayer(2, birth="1971")), birth_year(TrfPlayer(3))
    (2009, 1971, None)
    """
    try:
        return date_year(player.birth)
    except ValueError:
        raise _problem(player.line, player.start_no, *PLAYER_COLUMNS["birth"], _birth_problem(player.birth)) from None


def _birth_problem(value: str) -> str:
    return f"birth date {show(value)} is not a date; write YYYY/MM/DD, the year alone, or leave it blank"


# --- reading ----------------------------------------------------------------------------------


def _number(text: str, line: int, first: int, last: int, what: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or not text.isascii():
        raise _problem(line, None, first, last, f"{what} {show(text)} is not a number")
    return int(text)


def _parse_player(text: str, line: int) -> TrfPlayer:
    """A ``001`` line (without its line end) as a player, every field checked for its form."""
    text = text.rstrip()
    if "\t" in text:
        raise _problem(line, None, text.index("\t") + 1, None,
                       "a tab in a player line; TRF fields sit in fixed columns, write spaces")
    for c in _SEPARATORS:
        ch = text[c - 1:c]
        if ch and ch != " ":
            raise _problem(line, None, c, None, f"expected a space between two fields, found {show(ch)}; "
                                                "is a field out of its columns?")

    def cols(name: str) -> str:
        a, b = PLAYER_COLUMNS[name]
        return text[a - 1:b]

    start_no = _number(cols("start_no"), line, 5, 8, "start rank")
    if not start_no:
        raise _problem(line, None, 5, 8, "a player line needs a start rank from 1 to 9999"
                       + ("" if start_no is None else ", not 0"))
    sex = cols("sex").strip()
    if sex and sex not in "mwfMWF":
        raise _problem(line, None, 10, None, f"sex {show(sex)} is not m, w (or f) or blank")
    title = cols("title").strip()
    if title and not (title.isalpha() and title.isascii()):
        raise _problem(line, None, 11, 13, f"title {show(title)} is not a title; write GM, IM, FM, CM, WGM, WIM, "
                                           "WFM, WCM (or another title in letters) or leave it blank")
    rating = _number(cols("rating"), line, 49, 52, "rating")
    if rating is not None and rating > 3999:
        raise _problem(line, None, 49, 52, f"rating {rating} is not a rating; write 1 to 3999, or 0 or blank "
                                           "for an unrated player")
    federation = cols("federation").strip()
    if federation and not federation.isalpha():
        raise _problem(line, None, 54, 56, f"federation {show(federation)} is not a federation code (letters)")
    fide_id = cols("fide_id").strip()
    if fide_id and not (fide_id.isdigit() and fide_id.isascii()):
        raise _problem(line, None, 58, 68, f"FIDE ID {show(fide_id)} is not a number")
    birth = cols("birth").strip()
    try:
        date_year(birth)
    except ValueError:
        raise _problem(line, None, 70, 79, _birth_problem(birth)) from None
    points_text = cols("points").strip()
    points = None
    if points_text:
        if not re.fullmatch(r"-?(\d+(\.\d*)?|\.\d+)", points_text):
            raise _problem(line, None, 81, 84, f"points {show(points_text)} is not a number; write it like 5.5")
        points = float(points_text)
    rank = _number(cols("rank"), line, 86, 89, "rank")
    games = []
    rounds = max(0, -(-(len(text) - 91) // 10))
    for r in range(1, rounds + 1):
        o, c, s = round_columns(r)
        for sep in (o + 4, c + 1, s + 1, s + 2):
            ch = text[sep - 1:sep]
            if ch and ch != " ":
                raise _problem(line, None, sep, None, f"round {r}: expected a space, found {show(ch)}; "
                                                      "is a field out of its columns?")
        opp_text = text[o - 1:o + 3].strip()
        opponent = _number(opp_text, line, o, o + 3, f"round {r} opponent") if opp_text else None
        colour = text[c - 1:c].strip()
        if colour and colour not in COLOURS:
            raise _problem(line, None, c, None, f"round {r} colour {show(colour)} is not w, b, - or blank")
        result = text[s - 1:s].strip()
        if result and result not in RESULT_CODES:
            raise _problem(line, None, s, None, f"round {r} result {show(result)} is not a TRF result; write 1, =, 0, "
                                                "+, -, W, D, L, H, F, U, Z or leave it blank")
        games.append(TrfGame(opponent or None, colour, result))
    return TrfPlayer(start_no, cols("name").strip(), sex, title, rating or None, federation, fide_id, birth, points,
                     rank, games, line)


def _declared_rounds(event: TrfEvent) -> tuple[int, TrfRecord] | None:
    """``XXR`` / ``142``: (rounds, record), checked; None when neither is given."""
    found = None
    for r in event.headers:
        if r.code in ("XXR", "142"):
            value = r.value
            if not (value.isdigit() and value.isascii()):
                raise _record_problem(r, f"{r.code} says {show(value)}, which is not a number of rounds")
            if found is not None and int(value) != found[0]:
                where = "" if found[1].line is None else f" (line {found[1].line})"
                raise _record_problem(r, f"{r.code} says {int(value)} rounds but {found[1].code}{where} says {found[0]}")
            if found is None:
                found = (int(value), r)
    return found


def parse_trf(text: str) -> TrfEvent:
    """Read a TRF from its text (any line ends; a UTF-8 BOM and trailing spaces are ignored),
    check it (see the module's documentation) and return the event, players in start-rank order.

    >>> parse_trf("001    1      Solo, Han\\nXXR x\\n")
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: line 2, column 5: XXR says "x", which is not a number of rounds
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if lines and lines[-1] == "\x1a":  # a DOS end-of-file mark
        lines.pop()
    headers: list[TrfRecord] = []
    players: list[TrfPlayer] = []
    for n, line in enumerate(lines, 1):
        if line[:3] == "001":
            if line[3:4] not in ("", " "):
                raise _problem(n, None, 4, None, f"expected a space after 001, found {show(line[3])}")
            players.append(_parse_player(line, n))
        else:
            headers.append(TrfRecord(line, n))
    players.sort(key=lambda p: p.start_no)
    event = TrfEvent(headers, players)
    check_event(event)
    r = event.rounds
    for p in players:
        if len(p.games) < r:
            p.games.extend([BLANK] * (r - len(p.games)))
    return event


def read_trf(path: str | os.PathLike) -> TrfEvent:
    """Read a TRF file: UTF-8 (with or without BOM) when it decodes as such, else Latin-1
    (Windows-1252 when it uses that code page's extra letters), or UTF-16 with a BOM. The
    event remembers the encoding, which :func:`save_trf` writes back.
    """
    with open(path, "rb") as f:
        data = f.read()
    encoding = "utf-8"
    if data.startswith(b"\xef\xbb\xbf"):
        data, encoding = data[3:], "utf-8-sig"
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        text, encoding = data.decode("utf-16"), "utf-16"
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            encoding = "latin-1"
            if any(0x80 <= b <= 0x9F for b in data):  # Windows' Latin-1 puts letters there (€, Š, Ž, œ…)
                try:
                    data.decode("cp1252")
                    encoding = "cp1252"
                except UnicodeDecodeError:
                    pass
            text = data.decode(encoding)
    event = parse_trf(text)
    event.encoding = encoding
    return event


# --- checking the meaning -----------------------------------------------------------------------


def check_event(event: TrfEvent) -> None:
    """Check what the lines mean together: start ranks 1…n, opponents that exist and name each
    other, results that agree, byes without opponents, rounds within ``XXR``. :func:`parse_trf`
    and :func:`write_trf` call it; messages name lines (or players not read from a file).

    >>> e = parse_trf(EXAMPLE)
    >>> e.players[1].games[0] = TrfGame(1, "b", "1")
    >>> check_event(e)
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: line 10: round 1 says 1–2 was won by both players
    """
    declared = _declared_rounds(event)
    n = len(event.players)
    seen: dict[int, TrfPlayer] = {}
    for p in event.players:
        if p.start_no in seen:
            other = seen[p.start_no]
            also = f"line {other.line}" if other.line is not None else "another player"
            raise _problem(p.line, p.start_no, 5, 8, f"start rank {p.start_no} is also on {also}")
        seen[p.start_no] = p
    for p in event.players:
        if not 1 <= p.start_no <= n:
            raise _problem(p.line, p.start_no, 5, 8, f"start rank {p.start_no} does not match the {_count(n)} of the "
                                                     f"event; start ranks run from 1 to {n} without gaps")
    by_no = [seen[i] for i in range(1, n + 1)]
    rounds_used = 0
    for p in by_no:
        for r, g in enumerate(p.games, 1):
            if g.blank:
                continue
            rounds_used = max(rounds_used, r)
            if declared is not None and r > declared[0]:
                o, _, s = round_columns(r)
                xxr = declared[1]
                raise _problem(p.line, p.start_no, o, s, f"round {r} is filled in, but {xxr.code}"
                                                         f"{'' if xxr.line is None else f' (line {xxr.line})'} says the "
                                                         f"event has {declared[0]} rounds")
            _check_game(p, r, g, n)
    # the two lines of each game
    for r in range(1, rounds_used + 1):
        pab = None
        for p in by_no:
            g = p.games[r - 1] if r <= len(p.games) else BLANK
            if g.result in ("U", "u"):
                if pab is not None:
                    raise _problem(p.line, p.start_no, round_columns(r)[2], None,
                                   f"round {r} gives a pairing-allocated bye (U) to {pab.start_no} and to {p.start_no}; "
                                   "there is at most one per round")
                pab = p
            if g.opponent is None or g.opponent < p.start_no and _names(by_no[g.opponent - 1], r, p.start_no):
                continue  # checked from the other side
            _check_pair(p, by_no[g.opponent - 1], r, g)


def _names(q: TrfPlayer, r: int, start_no: int) -> bool:
    return r <= len(q.games) and q.games[r - 1].opponent == start_no


def _check_game(p: TrfPlayer, r: int, g: TrfGame, n: int) -> None:
    o, c, s = round_columns(r)
    if g.colour and g.colour not in COLOURS:
        raise _problem(p.line, p.start_no, c, None, f"round {r} colour {show(g.colour)} is not w, b, - or blank")
    if g.result and g.result not in RESULT_CODES:
        raise _problem(p.line, p.start_no, s, None, f"round {r} result {show(g.result)} is not a TRF result")
    if g.opponent is not None and (not isinstance(g.opponent, int) or isinstance(g.opponent, bool) or g.opponent < 1):
        raise _problem(p.line, p.start_no, o, o + 3, f"round {r} opponent {show(g.opponent)} is not a start rank; "
                                                     "give None for no opponent")
    if g.opponent is None:
        if g.result in _GAME_RESULTS:
            raise _problem(p.line, p.start_no, s, None, f"round {r} result {show(g.result)} is a game, but columns "
                                                        f"{o}–{o + 3} name no opponent")
        return
    if g.opponent > n:
        raise _problem(p.line, p.start_no, o, o + 3, f"opponent {g.opponent} does not exist, the event has {_count(n)}")
    if g.opponent == p.start_no:
        raise _problem(p.line, p.start_no, o, o + 3, f"round {r} pairs {p.start_no} with himself")
    if g.result in _BYE_RESULTS:
        raise _problem(p.line, p.start_no, s, None, f"round {r} result {show(g.result)} is a bye, which has no "
                                                    f"opponent, but columns {o}–{o + 3} name {g.opponent}")


_VERB = {"1": "won", "=": "drew", "0": "lost", "+": "won by forfeit", "-": "lost by forfeit",
         "W": "won an unrated game (W)", "D": "drew an unrated game (D)", "L": "lost an unrated game (L)"}
_BOTH = {"1": "won by both players", "0": "lost by both players", "+": "won by forfeit by both players",
         "W": "won by both players (W)", "L": "lost by both players (L)"}


def _check_pair(p: TrfPlayer, q: TrfPlayer, r: int, g: TrfGame) -> None:
    """Player p's round r names q: check q's line of the same round."""
    o = round_columns(r)[0]
    h = q.games[r - 1] if r <= len(q.games) else BLANK
    if h.opponent is None:
        if h.result in _SCORING_BYES:
            raise _problem(p.line, p.start_no, o, o + 3, f"round {r} pairs {p.start_no} with {q.start_no}, but "
                                                         f"{_where(q.line, q.start_no)} gives {q.start_no} a bye "
                                                         f"({h.result}) in that round")
        return  # listed on one line only: tolerated
    if h.opponent != p.start_no:
        raise _problem(p.line, p.start_no, o, o + 3, f"round {r} pairs {p.start_no} with {q.start_no}, but "
                                                     f"{_where(q.line, q.start_no)} pairs {q.start_no} with {h.opponent}")
    first, second = (p, q) if p.start_no < q.start_no else (q, p)
    a = (g if first is p else h).result.upper()
    b = (h if first is p else g).result.upper()
    later = _later(p, q)
    if a and b and not agree(parse_result(a), parse_result(b)):
        pair = f"{first.start_no}–{second.start_no}"
        if a == b and a in _BOTH:
            text = f"round {r} says {pair} was {_BOTH[a]}"
        else:
            text = (f"round {r} says {first.start_no} {_VERB[a]} and {second.start_no} {_VERB[b]} ({pair}); "
                    "one game reads 1/0, =/=, 0/1, +/-, -/-, W/L or D/D")
        raise _problem(later.line, later.start_no, None, None, text)
    ca, cb = g.colour.lower(), h.colour.lower()
    if ca == cb and ca in ("w", "b"):
        raise _problem(later.line, later.start_no, None, None,
                       f"round {r} gives {first.start_no} and {second.start_no} both {'white' if ca == 'w' else 'black'}")


def _later(p: TrfPlayer, q: TrfPlayer) -> TrfPlayer:
    """The player whose line a reader reaches second (by line, else by start rank)."""
    if p.line is not None and q.line is not None:
        return p if p.line > q.line else q
    return p if p.start_no > q.start_no else q


# --- writing ---------------------------------------------------------------------------------


def _fit(value: str, width: int, player: TrfPlayer, name: str, right: bool) -> str:
    a, b = PLAYER_COLUMNS[name]
    if not isinstance(value, str):
        raise _problem(player.line, player.start_no, a, b, f"{name.replace('_', ' ')} {show(value)} is not text")
    if len(value) > width:
        raise _problem(player.line, player.start_no, a, b,
                       f"{name.replace('_', ' ')} {show(value)} does not fit in {width} columns")
    if any(ch in value for ch in "\r\n\t"):
        raise _problem(player.line, player.start_no, a, b,
                       f"{name.replace('_', ' ')} {show(value)} holds a line break or a tab")
    return value.rjust(width) if right else value.ljust(width)


def _points_text(points: float | None) -> str:
    if points is None:
        return ""
    if float(points * 10).is_integer():
        text = f"{points:.1f}"
        if len(text) > 4 and float(points).is_integer():
            text = str(int(points))
        return text
    return repr(float(points))


def format_player(player: TrfPlayer) -> str:
    """A player as a ``001`` line (no trailing spaces, no line end).

    >>> format_player(TrfPlayer(3, "Dubois, Lea", sex="w", rating=1780, federation="FRA", fide_id="654321",
    ...                         points=1.5, rank=2, games=[TrfGame(4, "b", "1"), TrfGame(None, "-", "H")]))
    '001    3 w    Dubois, Lea                       1780 FRA      654321             1.5    2     4 b 1  0000 - H'
    """
    p = player
    if not isinstance(p.start_no, int) or not 1 <= p.start_no <= 9999:
        raise _problem(p.line, p.start_no, 5, 8, f"start rank {show(p.start_no)} is not from 1 to 9999")
    if p.rating is not None and not (isinstance(p.rating, int) and 1 <= p.rating <= 3999):
        raise _problem(p.line, p.start_no, 49, 52, f"rating {show(p.rating)} is not a rating from 1 to 3999")
    if p.rank is not None and not (isinstance(p.rank, int) and 0 <= p.rank <= 9999):
        raise _problem(p.line, p.start_no, 86, 89, f"rank {show(p.rank)} is not from 1 to 9999")
    if p.sex and p.sex not in "mwfMWF":
        raise _problem(p.line, p.start_no, 10, None, f"sex {show(p.sex)} is not m, w (or f) or blank")
    parts = [
        "001 ", f"{p.start_no:>4}", " ", _fit(p.sex, 1, p, "sex", False), _fit(p.title, 3, p, "title", True), " ",
        _fit(p.name, 33, p, "name", False), " ", _fit("" if p.rating is None else str(p.rating), 4, p, "rating", True),
        " ", _fit(p.federation, 3, p, "federation", False), " ", _fit(p.fide_id, 11, p, "fide_id", True), " ",
        _fit(p.birth, 10, p, "birth", False), " ", _fit(_points_text(p.points), 4, p, "points", True), " ",
        _fit("" if p.rank is None else str(p.rank), 4, p, "rank", True), "  ",
    ]
    for r, g in enumerate(p.games, 1):
        if g.blank:
            parts.append(" " * 10)
            continue
        opp = "0000" if g.opponent is None else str(g.opponent)
        if len(opp) > 4 or len(g.colour) > 1 or len(g.result) > 1:
            o = round_columns(r)[0]
            raise _problem(p.line, p.start_no, o, o + 7, f"round {r} {show(f'{opp} {g.colour} {g.result}')} does "
                                                         "not fit a round's columns")
        parts.append(f"{opp:>4} {g.colour or ' '} {g.result or ' '}  ")
    return "".join(parts).rstrip()


def write_trf(event: TrfEvent, check: bool = True) -> str:
    """The TRF text of an event (LF line ends): the header records verbatim in their places,
    the player lines formatted from the fields. ``check`` runs :func:`check_event` first.

    Records and players read from a file keep their order; a record added without a line
    number follows the record before it in ``event.headers``; a player added without one
    follows the last player read from the file (in a new event: all headers, then players).

    >>> e = TrfEvent([TrfRecord("012 Club Cup"), TrfRecord("XXR 1")],
    ...              [TrfPlayer(1, "Ha, An", games=[TrfGame(2, "w", "=")]),
    ...               TrfPlayer(2, "Le, Binh", games=[TrfGame(1, "b", "=")])])
    >>> print(write_trf(e), end="")
    012 Club Cup
    XXR 1
    001    1      Ha, An                                                                 2 w =
    001    2      Le, Binh                                                               1 b =
    """
    if check:
        check_event(event)
    items: list[tuple[tuple, str]] = []
    key = (0, 0)
    for r in event.headers:
        if "\n" in r.text or "\r" in r.text or r.text[:3] == "001":
            problem = ("holds a line break" if r.code != "001" else
                       "starts with 001, which makes it a player line; add players as TrfPlayer")
            raise EloError(f"{'record' if r.line is None else f'line {r.line}'} {show(r.text)} {problem}")
    for i, r in enumerate(event.headers):
        key = (r.line, 0) if r.line is not None else (key[0], 1)
        items.append(((*key, i), r.text))
    lines = [p.line for p in event.players if p.line is not None]
    after = max(lines) if lines else max((r.line or 0 for r in event.headers), default=0) + 1
    for p in event.players:
        k = (p.line, 0, 0) if p.line is not None else (after, 2, p.start_no)
        items.append((k, format_player(p)))
    items.sort(key=lambda item: item[0])
    return "".join(text + "\n" for _, text in items)


def save_trf(event: TrfEvent, path: str | os.PathLike, encoding: str | None = None) -> None:
    """Write the event to a file, in ``encoding`` or the one it was read in (else UTF-8)."""
    encoding = encoding or event.encoding or "utf-8"
    text = write_trf(event)
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError as e:
        line = text.count("\n", 0, e.start) + 1
        raise EloError(f"line {line}: {show(e.object[e.start:e.end])} cannot be written in {encoding}; "
                       "save the file as UTF-8") from None
    with open(path, "wb") as f:
        f.write(data)


# --- standings ---------------------------------------------------------------------------------


def set_standings(event: TrfEvent, points: Sequence[float | None] | None = None,
                  ranks: Sequence[int | None] | None = None) -> None:
    """Fill in every player's points and rank before writing (lists in start-rank order).

    Without ``points``, they are computed from the results under the event's scoring system
    (:meth:`TrfEvent.computed_points`). Without ``ranks``, players are ranked by points, equal
    points sharing a rank (1, 2, 2, 4…; TRF-2026 allows ties); give the ranks after tie-breaks
    to have them in the file.

    >>> e = parse_trf(EXAMPLE)
    >>> set_standings(e)
    >>> [(p.points, p.rank) for p in e.players]
    [(2.0, 2), (0.5, 3), (2.5, 1), (0.5, 3)]
    """
    players = event._ordered()
    n = len(players)
    for what, values in (("points", points), ("ranks", ranks)):
        if values is not None and len(values) != n:
            raise EloError(f"{what} has {len(values)} values but the event has {_count(n)}; give one per player")
    values = list(points) if points is not None else event.computed_points()
    for p, v in zip(players, values):
        p.points = None if v is None else float(v)
    if ranks is None:
        scored = [i for i, p in enumerate(players) if p.points is not None]
        shared = standings.ranks([players[i].points for i in scored], shared=True)
        ranks = [None] * n
        for i, rank in zip(scored, shared):
            ranks[i] = rank
    for p, rank in zip(players, ranks):
        p.rank = rank


def check_points(event: TrfEvent) -> None:
    """Check every points column against the results under the event's scoring system
    (blank points are not checked).

    >>> e = parse_trf(EXAMPLE)
    >>> check_points(e)
    >>> e.players[2].points = 2.0
    >>> check_points(e)
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: line 11, columns 81–84: points 2.0, but the results of player 3 add up to 2.5
    """
    for p, computed in zip(event._ordered(), event.computed_points()):
        if p.points is not None and not math.isclose(p.points, computed, abs_tol=1e-9):
            raise _problem(p.line, p.start_no, 81, 84, f"points {_points_text(p.points)}, but the results of player "
                                                       f"{p.start_no} add up to {_points_text(computed)}")
