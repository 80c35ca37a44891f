"""Reading a TRF: every field of a player line checked for its form, every other line kept.

>>> event = parse_trf(EXAMPLE)
>>> [p.name for p in event.players]
['Berg, Anna', 'Cruz, Mateo', 'Dubois, Lea', 'Evans, Tom']
"""

from __future__ import annotations

import os
import re
from operator import itemgetter

from ..errors import EloError, show
from .dates import date_year
from .decode import control_character, newline_of, read_text, split_lines
from .trf_check import check_declared
from .trf_format import (  # noqa: F401  (EXAMPLE: doctests)
    COLOURS, EXAMPLE, MAX_LINE, MAX_PLAYERS, MAX_ROUNDS, PLAYER_COLUMNS, RESULT_CODES, SEPARATORS, problem_at,
    result_problem, round_columns,
)
from .trf_model import BLANK, TrfEvent, TrfGame, TrfPlayer, TrfRecord, birth_problem, declared_rounds
from .trf_points import PointsWitness, witness

__all__ = ["parse_trf", "read_trf"]


# --- reading ----------------------------------------------------------------------------------


def _sex(text: str) -> str:
    """The sex column as read: ``u`` (unknown, as gacrux, FIDE's reference pairing tool,
    writes it) is the blank it means.

    >>> _sex("u"), _sex("w"), _sex(" ")
    ('', 'w', '')
    """
    text = text.strip()
    return "" if text in ("u", "U") else text


def _number(text: str, line: int, first: int, last: int, what: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or not text.isascii():
        raise problem_at(line, None, first, last, f"{what} {show(text)} is not a number")
    return int(text)


# --- the fast path: a well-formed line read with few operations --------------------------------
#
# :func:`_quick_player` accepts only lines that :func:`parse_player` would accept, and reads them
# to the same player; anything it is not sure of (a bad field, an unusual form such as negative
# points) goes to :func:`parse_player`, which gives the message. So results and messages are
# those of the careful reader; only the common case is faster.

_PREFIX = 91  # the columns before the first round
_SEPARATOR_AT = itemgetter(*(c - 1 for c in SEPARATORS))
_SPACES = (" ",) * len(SEPARATORS)
_SLICES = {name: slice(a - 1, b) for name, (a, b) in PLAYER_COLUMNS.items()}
_S_NO, _S_SEX, _S_TITLE, _S_NAME, _S_RATING, _S_FED, _S_ID, _S_BIRTH, _S_POINTS, _S_RANK = (
    _SLICES[k] for k in ("start_no", "sex", "title", "name", "rating", "federation", "fide_id", "birth", "points",
                         "rank"))
#: A round's ten columns: opponent (4), space, colour, space, result, two spaces.
_ROUND = re.compile("([ 0-9]{4}) ([%s ]) ([%s ])  " % (re.escape("".join(sorted(COLOURS))),
                                                     re.escape("".join(sorted(RESULT_CODES)))))
#: Rounds already read, by their ten columns (a round's text always reads to the same game).
_ROUND_CACHE: dict[str, TrfGame] = {}


def _quick_round(chunk: str) -> TrfGame | None:
    """The game of a round's ten columns, or None when they need the careful reader."""
    m = _ROUND.fullmatch(chunk)
    if m is None:
        return None
    opp, colour, result = m.groups()
    try:
        opponent = int(opp) if opp.strip() else None
    except ValueError:  # a space between digits
        return None
    game = TrfGame(opponent or None, colour.strip(), result.strip())
    if len(_ROUND_CACHE) > 200_000:
        _ROUND_CACHE.clear()
    _ROUND_CACHE[chunk] = game
    return game


def _quick_player(text: str, line: int) -> TrfPlayer | None:
    """A well-formed ``001`` line read quickly (see above), or None."""
    raw, text = text, text.rstrip()
    if "\t" in text:
        return None
    head = text[:_PREFIX].ljust(_PREFIX)  # missing columns read as blank, as in parse_player
    if _SEPARATOR_AT(head) != _SPACES:
        return None
    number = head[_S_NO].strip()
    if not (number.isdigit() and number.isascii()):
        return None
    start_no = int(number)
    sex = _sex(head[_S_SEX])
    title = head[_S_TITLE].strip()
    federation = head[_S_FED].strip()
    fide_id = head[_S_ID].strip()
    rating_text = head[_S_RATING].strip()
    rank_text = head[_S_RANK].strip()
    points_text = head[_S_POINTS].strip()
    if (not start_no or (sex and sex not in "mwfMWF") or (title and not (title.isalpha() and title.isascii()))
            or (federation and not federation.isalpha()) or (fide_id and not (fide_id.isdigit() and fide_id.isascii()))
            or (rating_text and not (rating_text.isdigit() and rating_text.isascii()))
            or (rank_text and not (rank_text.isdigit() and rank_text.isascii()))):
        return None
    rating = int(rating_text) if rating_text else None
    if rating is not None and rating > 3999:
        return None
    points = None
    if points_text:
        digits = points_text.replace(".", "", 1)
        if not (digits.isdigit() and digits.isascii()):
            return None  # negative, or not a number: the careful reader decides
        points = float(points_text)
    birth = head[_S_BIRTH].strip()
    if birth:
        try:
            date_year(birth)
        except ValueError:
            return None
    rest = text[_PREFIX:]
    if len(rest) > 10 * MAX_ROUNDS:
        return None
    if len(rest) % 10:
        rest = rest.ljust(len(rest) + 10 - len(rest) % 10)
    chunks = [rest[k:k + 10] for k in range(0, len(rest), 10)]
    games = list(map(_ROUND_CACHE.get, chunks))
    if not all(games):  # a round not seen before (a game is never false)
        games = [_ROUND_CACHE.get(chunk) or _quick_round(chunk) for chunk in chunks]
        if not all(games):
            return None
    return TrfPlayer(start_no, head[_S_NAME].strip(), sex, title, rating or None, federation, fide_id, birth, points,
                     int(rank_text) if rank_text else None, games, line, raw)


def parse_player(text: str, line: int) -> TrfPlayer:
    """A ``001`` line (without its line end) as a player, every field checked for its form.

    >>> parse_player(EXAMPLE.splitlines()[11], 12).games
    [TrfGame(opponent=3, colour='w', result='0'), TrfGame(opponent=2, colour='b', result='=')]
    >>> parse_player("001    1 x    Solo, Han", 3)
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: line 3, column 10: sex "x" is not m, w (or f), u (unknown) or blank
    """
    raw, text = text, text.rstrip()
    if "\t" in text:
        raise problem_at(line, None, text.index("\t") + 1, None,
                         "a tab in a player line; TRF fields sit in fixed columns, write spaces")
    for c in SEPARATORS:
        ch = text[c - 1:c]
        if ch and ch != " ":
            raise problem_at(line, None, c, None, f"expected a space between two fields, found {show(ch)}; "
                                                  "is a field out of its columns?")

    def cols(name: str) -> str:
        a, b = PLAYER_COLUMNS[name]
        return text[a - 1:b]

    start_no = _number(cols("start_no"), line, 5, 8, "start rank")
    if not start_no:
        raise problem_at(line, None, 5, 8, "a player line needs a start rank from 1 to 9999"
                         + ("" if start_no is None else ", not 0"))
    sex = _sex(cols("sex"))
    if sex and sex not in "mwfMWF":
        raise problem_at(line, None, 10, None, f"sex {show(sex)} is not m, w (or f), u (unknown) or blank")
    title = cols("title").strip()
    if title and not (title.isalpha() and title.isascii()):
        raise problem_at(line, None, 11, 13, f"title {show(title)} is not a title; write GM, IM, FM, CM, WGM, WIM, "
                                             "WFM, WCM (or another title in letters) or leave it blank")
    rating = _number(cols("rating"), line, 49, 52, "rating")
    if rating is not None and rating > 3999:
        raise problem_at(line, None, 49, 52, f"rating {rating} is not a rating; write 1 to 3999, or 0 or blank "
                                             "for an unrated player")
    federation = cols("federation").strip()  # a club's abbreviation (ST., C.C) is kept: see _odd_federations
    fide_id = cols("fide_id").strip()
    if fide_id and not (fide_id.isdigit() and fide_id.isascii()):
        raise problem_at(line, None, 58, 68, f"FIDE ID {show(fide_id)} is not a number")
    birth = cols("birth").strip()
    try:
        date_year(birth)
    except ValueError:
        raise problem_at(line, None, 70, 79, birth_problem(birth)) from None
    points_text = cols("points").strip()
    points = None
    if points_text:
        if not re.fullmatch(r"-?(\d+(\.\d*)?|\.\d+)", points_text):
            raise problem_at(line, None, 81, 84, f"points {show(points_text)} is not a number; write it like 5.5")
        points = float(points_text)
    rank = _number(cols("rank"), line, 86, 89, "rank")
    games = []
    rounds = max(0, -(-(len(text) - 91) // 10))
    if rounds > MAX_ROUNDS:
        raise problem_at(line, None, round_columns(MAX_ROUNDS + 1)[0], len(text),
                         f"the line has {rounds} rounds; elo-xl reads events of at most {MAX_ROUNDS} rounds")
    for r in range(1, rounds + 1):
        o, c, s = round_columns(r)
        for sep in (o + 4, c + 1, s + 1, s + 2):
            ch = text[sep - 1:sep]
            if ch and ch != " ":
                raise problem_at(line, None, sep, None, f"round {r}: expected a space, found {show(ch)}; "
                                                        "is a field out of its columns?")
        opp_text = text[o - 1:o + 3].strip()
        opponent = _number(opp_text, line, o, o + 3, f"round {r} opponent") if opp_text else None
        colour = text[c - 1:c].strip()
        if colour and colour not in COLOURS:
            raise problem_at(line, None, c, None, f"round {r} colour {show(colour)} is not w, b, - or blank")
        result = text[s - 1:s].strip()
        if result and result not in RESULT_CODES:
            raise problem_at(line, None, s, None, result_problem(r, result))
        games.append(TrfGame(opponent or None, colour, result))
    return TrfPlayer(start_no, cols("name").strip(), sex, title, rating or None, federation, fide_id, birth, points,
                     rank, games, line, raw)


def parse_trf(text: str, name: str | None = None, *, refuse: bool = False) -> TrfEvent:
    """Read a TRF from its text (any line ends; a BOM and trailing spaces are ignored), check
    it (see :mod:`elo_xl.io.trf_format`) and return the event, players in start-rank order.
    ``name`` (the file's name) starts every message. The points columns are compared with the
    results once (:func:`~elo_xl.io.trf_points.witness`): absences they explain are settled,
    differences noted; with ``refuse``, a difference nothing explains is refused, as
    :func:`~elo_xl.io.trf_points.refuse_unexplained` refuses it (its message without the name).
    A column of zeros beside results that give points is read as not filled
    (``points_filled`` False), with one note naming the file.

    >>> parse_trf("001    1      Solo, Han\\nXXR x\\n", "event.trf")
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: event.trf, line 2, column 5: XXR says "x", which is not a number of rounds
    >>> parse_trf("# Notes\\n\\nSome text\\n", "README.md")
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: README.md has no player line (001), so it is not a TRF file; it starts with "# Notes"
    >>> parse_trf(EXAMPLE.replace("  2.0    2", "  2.5    2"), "cup.trf", refuse=True)
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: line 9 (player 1): the points column (columns 81–84) says 2.5 but the results add up to 2, and no round of the line explains it; correct the points or the results (a scoring system other than 1-½-0 needs its 162 record)
    """
    try:
        event, found = _parse(text, name or "the text", name)
    except EloError as error:
        message = str(error)
        if name and not message.startswith(name):
            message = f"{name}, {message}"
        raise EloError(message) from None
    if refuse:
        found.refuse()
    return event


def _parse(text: str, name: str, file: str | None = None) -> tuple[TrfEvent, PointsWitness]:
    if text.startswith("\ufeff"):
        text = text[1:]
    newline = newline_of(text)
    lines = split_lines(text)
    headers: list[TrfRecord] = []
    players: list[TrfPlayer] = []
    for n, line in enumerate(lines, 1):
        if len(line) > MAX_LINE:
            raise problem_at(n, None, None, None, f"the line has {len(line):,} characters; a TRF line has at most "
                                                  f"{MAX_LINE:,}")
        column = control_character(line)
        if column is not None:
            raise problem_at(n, None, column, None, f"a control character ({show(line[column - 1])[1:-1]}); a TRF "
                                                    "holds printable text")
        if line[:3] == "001":
            if line[3:4] not in ("", " "):
                raise problem_at(n, None, 4, None, f"expected a space after 001, found {show(line[3])}")
            players.append(_quick_player(line, n) or parse_player(line, n))
            if len(players) > MAX_PLAYERS:
                raise problem_at(n, None, None, None, f"more than {MAX_PLAYERS:,} players; a TRF holds at most "
                                                      f"{MAX_PLAYERS:,} (start ranks have four digits)")
        else:
            headers.append(TrfRecord(line, n))
    if not players:
        raise EloError(f"{name} has no player line (001), so it is not a TRF file{_looks_like(lines)}")
    players.sort(key=lambda p: p.start_no)
    event = TrfEvent(headers, players, newline=newline)
    notes = _old_half_point_byes(players) + _odd_federations(players)
    declared = declared_rounds(event)  # read once: the check and the points use it
    used = check_declared(event, declared)
    r = declared[0] if declared is not None else used  # event.rounds
    for p in players:
        if len(p.games) < r:
            p.games.extend([BLANK] * (r - len(p.games)))
        p.read = p.snapshot()
    found = witness(event, r, file)  # after the snapshot: a line read otherwise is written anew
    event.notes = notes + found.notes
    event.points_filled = found.filled
    return event, found


def _lines(players: list[TrfPlayer]) -> str:
    """``line 12`` or ``lines 12, 15, 19`` (the first ten, then how many more)."""
    numbers = [str(p.line) for p in players]
    more = f" and {len(numbers) - 10} more" if len(numbers) > 10 else ""
    return f"line{'s' if len(numbers) > 1 else ''} {', '.join(numbers[:10])}{more}"


def _odd_federations(players: list[TrfPlayer]) -> list[str]:
    """One note for the federation fields that hold no federation code (letters): a club's
    abbreviation such as ``ST.`` or ``C.C``. They are kept as written; a federation does not
    touch a rating (the norms count it as no federation)."""
    odd = [p for p in players if p.federation and not p.federation.isalpha()]
    if not odd:
        return []
    codes = ", ".join(dict.fromkeys(show(p.federation) for p in odd))
    return [f"{_lines(odd)} (columns 54–56): the federation {codes} is no federation code; kept as written (it does "
            "not touch a rating; the norms count it as no federation)"]


def _old_half_point_byes(players: list[TrfPlayer]) -> list[str]:
    """Read ``0000 - =`` (a draw without an opponent, an old way of writing a half-point bye) as
    ``H``, in place; one note naming the lines. A line not otherwise changed is written back as
    it was read."""
    found = []
    for p in players:
        for r, g in enumerate(p.games):
            if g.opponent is None and g.result == "=":
                p.games[r] = TrfGame(None, g.colour, "H")
                if not found or found[-1] is not p:
                    found.append(p)
    if not found:
        return []
    return [f"{_lines(found)}: a draw without an opponent (0000 - =, an old way of writing a half-point bye) read "
            "as a half-point bye (H)"]


def _looks_like(lines: list[str]) -> str:
    """``; it starts with "…"`` (the first line that is not blank), or nothing."""
    for line in lines:
        if line.strip():
            return f"; it starts with {show(line.strip())}"
    return ""


def read_trf(path: str | os.PathLike, *, refuse: bool = False) -> TrfEvent:
    """Read a TRF file, decoded by :func:`elo_xl.io.decode.read_text` (UTF-8 with or without
    BOM, UTF-16, Windows-1252; any line ends). The event remembers the encoding and the line
    end, which :func:`~elo_xl.io.trf_write.save_trf` writes back. Messages start with the
    file's name; ``refuse``: as :func:`parse_trf`'s (its refusal names the line, not the file).

    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = os.path.join(folder, "cup.trf")
    ...     with open(path, "w", encoding="utf-8") as f:
    ...         _ = f.write(EXAMPLE)
    ...     event = read_trf(path, refuse=True)
    >>> event.name, event.encoding, len(event.players)
    ('Spring Open', 'utf-8', 4)
    """
    decoded = read_text(path, "a TRF file")
    event = parse_trf(decoded.text, os.path.basename(os.fspath(path)) or os.fspath(path), refuse=refuse)
    event.encoding = decoded.encoding
    return event
