"""Writing a TRF: player lines formatted from their fields, other records verbatim; points and
ranks filled in before writing.

>>> from elo_xl.io.trf_read import parse_trf
>>> write_trf(parse_trf(EXAMPLE)) == EXAMPLE
True
"""

from __future__ import annotations

import bisect
import os
from typing import Sequence

from ..errors import EloError, show
from ..titles import same as same_title
from .atomic import write_atomically
from .decode import control_character
from .trf_check import check_event
from .trf_format import EXAMPLE, PLAYER_COLUMNS, player_count, problem_at, round_columns  # noqa: F401
from .trf_model import TrfEvent, TrfGame, TrfPlayer, TrfRecord  # noqa: F401  (TrfGame, TrfRecord: doctests)
from .trf_read import parse_player, parse_trf  # noqa: F401  (parse_trf: doctests)

__all__ = ["format_player", "player_line", "write_trf", "save_trf", "set_standings", "check_points"]


# --- writing ---------------------------------------------------------------------------------


def _fit(value: str, width: int, player: TrfPlayer, name: str, right: bool) -> str:
    a, b = PLAYER_COLUMNS[name]
    if not isinstance(value, str):
        raise problem_at(player.line, player.start_no, a, b, f"{name.replace('_', ' ')} {show(value)} is not text")
    if len(value) > width:
        raise problem_at(player.line, player.start_no, a, b,
                         f"{name.replace('_', ' ')} {show(value)} does not fit in {width} columns")
    if any(ch in value for ch in "\r\n\t"):
        raise problem_at(player.line, player.start_no, a, b,
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
        raise problem_at(p.line, p.start_no, 5, 8, f"start rank {show(p.start_no)} is not from 1 to 9999")
    if p.rating is not None and not (isinstance(p.rating, int) and 1 <= p.rating <= 3999):
        raise problem_at(p.line, p.start_no, 49, 52, f"rating {show(p.rating)} is not a rating from 1 to 3999")
    if p.rank is not None and not (isinstance(p.rank, int) and 0 <= p.rank <= 9999):
        raise problem_at(p.line, p.start_no, 86, 89, f"rank {show(p.rank)} is not from 1 to 9999")
    if p.sex and p.sex not in "mwfMWF":
        raise problem_at(p.line, p.start_no, 10, None, f"sex {show(p.sex)} is not m, w (or f) or blank")
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
            raise problem_at(p.line, p.start_no, o, o + 7, f"round {r} {show(f'{opp} {g.colour} {g.result}')} does "
                                                           "not fit a round's columns")
        parts.append(f"{opp:>4} {g.colour or ' '} {g.result or ' '}  ")
    return "".join(parts).rstrip()


def write_trf(event: TrfEvent, check: bool = True) -> str:
    """The TRF text of an event: the header records verbatim in their places, the player lines
    from their fields (:func:`player_line`), the line end of the file read (else LF).
    ``check`` runs :func:`check_event` first.

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
        items.append((k, player_line(p)))
    items.sort(key=lambda item: item[0])
    for n, (_, text) in enumerate(items, 1):  # what a TRF reader refuses is never written
        column = control_character(text)
        if column is not None:
            raise EloError(f"line {n}, column {column}: {show(text[column - 1])} is a control character, which a TRF "
                           f"file cannot hold ({show(text[:40])}); remove it")
    newline = event.newline if event.newline in ("\n", "\r\n", "\r") else "\n"
    return "".join(text + newline for _, text in items)


def _same_game(a: TrfGame, b: TrfGame) -> bool:
    return a.opponent == b.opponent and a.colour.lower() == b.colour.lower() and a.result.upper() == b.result.upper()


def player_line(player: TrfPlayer) -> str:
    """A player's ``001`` line: for a player read from a file (``player.text``), the line as
    read, with only the fields that changed written anew (so an unrated rating written
    ``0000``, a points column written ``5``, odd spacing and trailing spaces stay as they
    were); for a new player, :func:`format_player`.

    >>> lines = EXAMPLE.splitlines()
    >>> lines[-1] = lines[-1][:48] + "0000" + lines[-1][52:] + "   "   # unrated written 0000, trailing spaces
    >>> p = parse_trf("\\n".join(lines)).players[3]
    >>> p.rating, player_line(p) == p.text
    (None, True)
    >>> p.rank = 4
    >>> player_line(p)[40:]
    '        0000 ENG                         0.5    4     3 w 0     2 b =   '
    """
    raw = player.text
    if raw is not None and player.read is not None and player.read == player.snapshot():
        return raw  # nothing changed
    fresh = format_player(player)
    if raw is None:
        return fresh
    if player.read is not None:
        old = TrfPlayer(*player.read[:10], games=list(player.read[10]))
    else:
        try:
            old = parse_player(raw, player.line or 0)
        except EloError:
            return fresh
    width = max(len(fresh), len(raw))
    out, source = list(fresh.ljust(width)), raw.ljust(width)

    def keep(first: int, last: int) -> None:
        out[first - 1:last] = source[first - 1:last]

    keep(1, 4)
    for name, (first, last) in PLAYER_COLUMNS.items():
        if getattr(old, name) == getattr(player, name) or (name == "title" and same_title(old.title, player.title)):
            keep(first, last)  # a title written "g" stays "g" while the book says GM
    end = 91
    for r, game in enumerate(player.games, 1):
        o = round_columns(r)[0]
        end = o + 9
        if r <= len(old.games) and _same_game(old.games[r - 1], game):
            keep(o, o + 9)
    if len(player.games) >= len(old.games):
        keep(end + 1, width)  # what followed the last round (trailing spaces)
    text = "".join(out)
    return text if len(text) <= len(raw) else text.rstrip()


def save_trf(event: TrfEvent, path: str | os.PathLike, encoding: str | None = None) -> None:
    """Write the event to a file (atomically), in ``encoding`` or the one it was read in (else UTF-8)."""
    encoding = encoding or event.encoding or "utf-8"
    text = write_trf(event)
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError as e:
        line = text.count("\n", 0, e.start) + 1
        raise EloError(f"line {line}: {show(e.object[e.start:e.end])} cannot be written in {encoding}; "
                       "save the file as UTF-8") from None
    write_atomically(path, data)


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
            raise EloError(f"{what} has {len(values)} values but the event has {player_count(n)}; give one per player")
    values = list(points) if points is not None else event.computed_points()
    for p, v in zip(players, values):
        p.points = None if v is None else float(v)
    if ranks is None:  # 1 + the number of players with more points
        ordered = sorted(p.points for p in players if p.points is not None)
        ranks = [None if p.points is None else len(ordered) - bisect.bisect_right(ordered, p.points) + 1
                 for p in players]
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
    from .trf_points import point_differences

    for p, _, computed in point_differences(event):
        raise problem_at(p.line, p.start_no, 81, 84, f"points {_points_text(p.points)}, but the results of player "
                                                     f"{p.start_no} add up to {_points_text(float(computed))}")
