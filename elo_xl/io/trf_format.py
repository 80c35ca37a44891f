"""FIDE Tournament Report Files (TRF16, and TRF-2026 as far as it is public): the format.

The reading, checking and writing live in :mod:`elo_xl.io.trf_read`, :mod:`~elo_xl.io.trf_check`
and :mod:`~elo_xl.io.trf_write`, the data model in :mod:`~elo_xl.io.trf_model`; this module holds
what they share: the columns, the codes, the example and how a message names a place.

A TRF is a text file of fixed columns. Each line starts with a three-character record code:
``001`` is a player, ``012``…``132`` (and in TRF-2026 ``142``…``362``) describe the event,
``XXR``, ``XXC``, ``XXS``… are the pairing programs' extensions, ``###`` starts a comment.
:func:`parse_trf` reads the player lines into :class:`TrfPlayer` objects and keeps every other
line verbatim, with its place in the file, as a :class:`TrfRecord`; :func:`write_trf` puts the
file back together, so that reading and writing a file changes nothing at all (line ends and
encoding included, see :func:`~elo_xl.io.trf_write.save_trf`).

>>> from elo_xl.io import parse_trf, write_trf
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
``Z`` or blank zero-point bye. Result letters are upper case, as the specification writes them:
a lower-case ``l`` (typed for ``1``?) or ``w`` is an error naming the line and column, never
silently another result. Colours may be ``w``/``b`` or ``W``/``B``. The points column counts
byes and forfeits; a rating never does.

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
  ``m``, ``w`` (``f``) or blank; a title that is not letters; a birth date without a year; an unknown colour or result code; something other than a space between
  fields (a field out of its columns); a tab in a player line;
- start ranks that are not 1…n (a duplicate, a gap, a number above the player count); an
  opponent that does not exist or is the player himself;
- a bye (``H F U Z``) with an opponent; a played result (``1 = 0 W D L``) without one; two
  pairing-allocated byes in one round;
- a game listed on one line only (the other line's round is blank, or names no opponent):
  the message names both lines;
- a game listed by both players that does not name each other, whose results disagree
  (they must read 1/0, =/=, 0/1, +/-, -/- double forfeit, W/L or D/D) or whose colours are
  the same; a game against a player whose own line has a bye (``H F U``) in that round;
- an ``XXR``/``142`` that is not a number, that disagree, or that is below a round used.

Tolerated (as the engine's rounds form does):

- a game with a result on one line and none on the other, or on neither (a round being
  played): only a written result counts;
- a colour ``-`` or blank on a game, a ``w``/``b`` on a bye;
- players listed in any order (they are sorted by start rank; writing restores the order);
- a points column that differs from the results (3-1-0 scoring, acceleration, penalties,
  an unknown scoring system in a TRF16 file): the reader compares them
  (:mod:`elo_xl.io.trf_points`): an absence written without a result code is read as the
  bye the column implies when that settles it, else a note names the players; the results
  count; :func:`check_points` refuses any difference on demand;
- ``062``/``072`` counts that do not match, unknown records, comments, blank lines (kept);
- a federation field that is no federation code (``ST.``, a club's abbreviation: kept, with a
  note); ``0000 - =`` (read as ``H``, with a note).

Round trip: records are kept byte for byte, trailing spaces included. A player line read from
a file is written as read; when fields changed, only those fields are written anew, in the
specification's layout (numbers right-aligned, text left-aligned, an unrated rating blank, a
round holding only ``0000`` blank): see :func:`~elo_xl.io.trf_write.player_line`. Limits:
:data:`MAX_PLAYERS` players and :data:`MAX_ROUNDS` rounds.
"""

from __future__ import annotations

from ..errors import EloError, show

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

#: Result codes of a TRF, each as one character, letters upper case as the specification writes them.
RESULT_CODES = frozenset("10=+-WDLHFUZ")
COLOURS = frozenset("wbWB-")
GAME_RESULTS = frozenset("10=WDL")       # played: needs an opponent
BYE_RESULTS = frozenset("HFUZ")          # byes: no opponent
SCORING_BYES = frozenset("HFU")          # a player with these cannot also have played

#: The columns (first, last) of each field of a player line before the rounds.
PLAYER_COLUMNS = {
    "start_no": (5, 8), "sex": (10, 10), "title": (11, 13), "name": (15, 47), "rating": (49, 52),
    "federation": (54, 56), "fide_id": (58, 68), "birth": (70, 79), "points": (81, 84), "rank": (86, 89),
}
SEPARATORS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)
#: The most players a TRF can hold: start ranks have four digits.
MAX_PLAYERS = 9999
#: The most rounds elo-xl reads (a double round robin of 50 players has 98); more is refused
#: with a message, before anything is allocated for them.
MAX_ROUNDS = 99
#: The longest line read (a player line of 99 rounds has 1,081 characters).
MAX_LINE = 4096
FIRST_ROUND = 92


def round_columns(r: int) -> tuple[int, int, int]:
    """The first column of round ``r``'s opponent, its colour column and its result column.

    >>> round_columns(1), round_columns(3)
    ((92, 97, 99), (112, 117, 119))
    """
    base = FIRST_ROUND + 10 * (r - 1)
    return base, base + 5, base + 7


def place_of(line: int | None, start_no: int | None = None, first: int | None = None, last: int | None = None) -> str:
    """``line 7, columns 92–95`` (or ``player 4, …`` for a player not read from a file).

    >>> place_of(7, 2, 92, 95), place_of(None, 4, 99), place_of(12)
    ('line 7, columns 92–95', 'player 4, column 99', 'line 12')
    """
    place = f"line {line}" if line is not None else f"player {start_no}"
    if first is None:
        return place
    if last is None or last == first:
        return f"{place}, column {first}"
    return f"{place}, columns {first}–{last}"


def result_problem(r: int, result: str) -> str:
    """The message for a result that is no TRF result code (the line and column go before it).

    >>> result_problem(3, "l")
    'round 3 result "l" is not a TRF result: result letters are upper case; write 1 for a win or L for an unrated loss'
    >>> result_problem(2, "w")
    'round 2 result "w" is not a TRF result: result letters are upper case; write W'
    >>> result_problem(1, "x")
    'round 1 result "x" is not a TRF result; write 1, =, 0, +, -, W, D, L, H, F, U, Z or leave it blank'
    """
    if result.upper() in RESULT_CODES and result.upper() != result:
        advice = "write 1 for a win or L for an unrated loss" if result == "l" else f"write {result.upper()}"
        return f"round {r} result {show(result)} is not a TRF result: result letters are upper case; {advice}"
    return f"round {r} result {show(result)} is not a TRF result; write 1, =, 0, +, -, W, D, L, H, F, U, Z or leave it blank"


def player_count(n: int) -> str:
    """``1 player``, ``16 players``.

    >>> player_count(1), player_count(16)
    ('1 player', '16 players')
    """
    return f"{n} player{'' if n == 1 else 's'}"


def problem_at(line: int | None, start_no: int | None, first: int | None, last: int | None, text: str) -> EloError:
    """The error about a place of a TRF (:func:`place_of`): the place, then ``text``.

    >>> print(problem_at(9, 1, 81, 84, "points 2.5 is not a number"))
    line 9, columns 81–84: points 2.5 is not a number
    """
    return EloError(f"{place_of(line, start_no, first, last)}: {text}")
