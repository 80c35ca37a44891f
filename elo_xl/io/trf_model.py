"""The TRF data model: games, player lines, other records, and the event with what its
records say (name, dates, rounds, scoring system) and what the engine needs.

Kept in one module (about 450 lines) because the event's header properties, the grid helpers
and the scoring system all read the same records.

>>> from elo_xl.io.trf_read import parse_trf
>>> event = parse_trf(EXAMPLE)
>>> event.rounds, event.ratings()
(3, [2012, 1893, 1780, None])
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from ..errors import EloError, show
from ..results import BYE_ZERO, FIDE_SCORING, RESULT_TEXT, game_points
from .dates import date_year
from .trf_format import (
    FIRST_ROUND, EXAMPLE, MAX_ROUNDS, PLAYER_COLUMNS, player_count, problem_at,  # noqa: F401  (EXAMPLE: doctests)
)

__all__ = ["TrfGame", "TrfPlayer", "TrfRecord", "TrfEvent", "BLANK", "birth_year", "declared_rounds"]


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
    #: The line as read (None for a player made in code): writing keeps its columns where the
    #: fields still say what they said, so that unchanged fields come back byte for byte.
    text: str | None = field(default=None, repr=False, compare=False)
    #: The fields as read with ``text`` (:meth:`snapshot`), to tell what changed since.
    read: tuple | None = field(default=None, repr=False, compare=False)

    def snapshot(self) -> tuple:
        """Every field of the line, as one comparable value.

        >>> TrfPlayer(1, "Ha, An").snapshot() == TrfPlayer(1, "Ha, An").snapshot()
        True
        """
        return (self.start_no, self.name, self.sex, self.title, self.rating, self.federation, self.fide_id, self.birth,
                self.points, self.rank, tuple(self.games))


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


@dataclass(slots=True)
class TrfEvent:
    """A whole TRF: the records that are not players (``headers``, in file order) and the
    players in start-rank order. ``encoding`` is how :func:`read_trf` decoded the file.

    >>> from elo_xl.io.trf_read import parse_trf
    >>> from elo_xl.io.trf_write import write_trf

    >>> event = parse_trf(EXAMPLE)
    >>> event.city, event.federation, event.start, event.end, event.arbiter
    ('Hanoi', 'VIE', '2026/04/03', '2026/04/05', 'IA Tran, Minh')
    >>> event.colours()[1], event.ratings(), event.birth_years()
    (['b', 'w', 'w'], [2012, 1893, 1780, None], [2001, 1998, None, None])
    """

    headers: list[TrfRecord] = field(default_factory=list)
    players: list[TrfPlayer] = field(default_factory=list)
    encoding: str | None = field(default=None, compare=False)
    #: The line end of the file read (``\n``, ``\r\n`` or ``\r``), which writing keeps.
    newline: str = field(default="\n", compare=False)
    #: What the reader read otherwise than written, to tell the user (:mod:`elo_xl.io.trf_points`).
    notes: list[str] = field(default_factory=list, compare=False)
    #: Whether the points column is a witness of the results as read: False when it is 0 on
    #: every line while the results give points (:func:`elo_xl.io.trf_points.filled`).
    points_filled: bool = field(default=True, compare=False)
    #: For the lines a book keeps (:mod:`elo_xl.workbook.kept_trf`): line number → the cell
    #: holding it (``Event!A29``), so that a message about a line can name its cell.
    cells: dict[int, str] = field(default_factory=dict, compare=False)

    # --- header fields ---------------------------------------------------------------------

    def records(self, code: str) -> list[TrfRecord]:
        """Every record with this code, in file order."""
        return [r for r in self.headers if r.code == code]

    def header(self, code: str) -> str | None:
        """The value of the first record with this code (None when there is none).

        >>> from elo_xl.io.trf_read import parse_trf
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

        >>> from elo_xl.io.trf_read import parse_trf
        >>> event = parse_trf(EXAMPLE)
        >>> event.set_header("022", "Da Nang"); event.set_header("092", "Swiss system")
        >>> from elo_xl.io.trf_write import write_trf
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
                return [text[c - 1:c + 7].strip() for c in range(FIRST_ROUND, len(text) + 1, 10)]
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
        declared = declared_rounds(self)
        if declared is not None:
            return declared[0]
        used = 0
        for p in self.players:
            n = len(p.games)
            while n > used and p.games[n - 1].blank:
                n -= 1
            used = max(used, n)
        return used

    def teams(self) -> dict[int, int]:
        """Start rank → team (its record's index among the team records), from TRF16 ``013``
        records (members' start ranks from column 37, one every 5 columns, after the team's
        name in 5–36) and TRF-2026 ``310`` records (members from column 74, after the team's
        number, name, nickname, strength, match and game points and rank; FIDE's TRF26, as
        transcribed publicly). Empty for an individual event.

        >>> e = TrfEvent([TrfRecord("013 Lions" + " " * 27 + "   1    2"),
        ...               TrfRecord("310   2 Tigers                           TIG     2486   15.0   28.0  11     3    4")])
        >>> e.teams()
        {1: 0, 2: 0, 3: 1, 4: 1}
        """
        found: dict[int, int] = {}
        team = 0
        for r in self.headers:
            if r.code in ("013", "310"):
                for token in r.text[36 if r.code == "013" else 73:].split():
                    if token.isdigit() and token.isascii() and len(token) <= 4:
                        found.setdefault(int(token), team)
                team += 1
        return found

    # --- what the engine needs ---------------------------------------------------------------

    def player(self, start_no: int) -> TrfPlayer:
        """The player with this start rank.

        >>> from elo_xl.io.trf_read import parse_trf
        >>> parse_trf(EXAMPLE).player(3).name
        'Dubois, Lea'
        """
        for p in self.players:
            if p.start_no == start_no:
                return p
        raise EloError(f"there is no player with start rank {start_no}; the event has {player_count(len(self.players))}")

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
        points = dict(FIDE_SCORING)
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

        >>> from elo_xl.io.trf_read import parse_trf
        >>> parse_trf(EXAMPLE).computed_points()
        [2.0, 0.5, 2.5, 0.5]
        """
        scoring = self.scoring()
        return [float(sum((game_points_of(g, scoring) for g in p.games), Fraction(0))) for p in self._ordered()]


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


def game_points_of(g: TrfGame, scoring: dict[str, Fraction]) -> Fraction:
    """The points one round brings under a scoring system (:meth:`TrfEvent.scoring`): a blank
    result is a zero-point bye without an opponent and nothing (a game not yet played) with one.

    >>> s = TrfEvent([TrfRecord("162  W 3.0    D 1.0    L 0.0    A 0.5")]).scoring()
    >>> [game_points_of(g, s) for g in (TrfGame(2, "b", "="), TrfGame(None, "-", ""), TrfGame(4, "w", ""))]
    [Fraction(1, 1), Fraction(1, 2), Fraction(0, 1)]
    """
    code = g.result.upper()
    if not code.strip():  # blank: a zero-point bye without an opponent, a game not yet played with one
        return game_points(BYE_ZERO if g.opponent is None else None, scoring=scoring)
    return game_points(RESULT_TEXT.get(code), g.colour.lower() == "b", scoring)


def birth_year(player: TrfPlayer) -> int | None:
    """A player's year of birth from his birth date (None when blank or unknown).

    >>> birth_year(TrfPlayer(1, birth="2009/05/17")), birth_year(TrfPlayer(2, birth="1971")), birth_year(TrfPlayer(3))
    (2009, 1971, None)
    """
    try:
        return date_year(player.birth)
    except ValueError:
        raise problem_at(player.line, player.start_no, *PLAYER_COLUMNS["birth"], birth_problem(player.birth)) from None


def birth_problem(value: str) -> str:
    """What a birth date that is no date is told (the place goes before it).

    >>> birth_problem("32.13.")
    'birth date "32.13." is not a date; write YYYY/MM/DD, the year alone, or leave it blank'
    """
    return f"birth date {show(value)} is not a date; write YYYY/MM/DD, the year alone, or leave it blank"


def declared_rounds(event: TrfEvent) -> tuple[int, TrfRecord] | None:
    """``XXR`` / ``142``: (rounds, record), checked; None when neither is given."""
    found = None
    for r in event.headers:
        if r.code in ("XXR", "142"):
            value = r.value
            if not (value.isdigit() and value.isascii()):
                raise _record_problem(r, f"{r.code} says {show(value)}, which is not a number of rounds")
            if len(value) > 4 or int(value) > MAX_ROUNDS:
                raise _record_problem(r, f"{r.code} says {show(value)} rounds; elo-xl reads events of at most "
                                         f"{MAX_ROUNDS} rounds")
            if found is not None and int(value) != found[0]:
                where = "" if found[1].line is None else f" (line {found[1].line})"
                raise _record_problem(r, f"{r.code} says {int(value)} rounds but {found[1].code}{where} says {found[0]}")
            if found is None:
                found = (int(value), r)
    return found


def _record_problem(r: TrfRecord, text: str) -> EloError:
    """An error in a header record's value (columns 5 to the end of the line)."""
    place = f"line {r.line}" if r.line is not None else f"record {r.code}"
    last = len(r.text.rstrip())
    cols = "column 5" if last <= 5 else f"columns 5–{last}"
    return EloError(f"{place}, {cols}: {text}")


#: Records that only TRF-2026 has (FIDE's TRF26: rounds, colours, scoring, tie-breaks, team
#: records, byes, accelerations…): a file holding one is a TRF-2026 file.
TRF_2026_RECORDS = frozenset(("142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250", "260",
                              "299", "300", "310", "320", "330", "352", "362", "801", "802"))


def is_trf_2026(event: TrfEvent) -> bool:
    """Whether an event's records make it a TRF-2026 file (one record only TRF-2026 has).

    >>> from elo_xl.io.trf_model import TrfEvent, TrfRecord
    >>> is_trf_2026(TrfEvent([TrfRecord("012 Cup"), TrfRecord("142 9")])), is_trf_2026(TrfEvent([TrfRecord("XXR 9")]))
    (True, False)
    """
    return any(r.code in TRF_2026_RECORDS for r in event.headers)
