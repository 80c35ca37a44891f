"""Checking what the lines of a TRF mean together (start ranks, opponents, results, byes, rounds).

>>> from elo_xl.io.trf_read import parse_trf
>>> check_event(parse_trf(EXAMPLE))
"""

from __future__ import annotations

from ..errors import EloError, show
from ..results import agree, parse_result
from .trf_format import (
    BYE_RESULTS, GAME_RESULTS, SCORING_BYES, COLOURS, EXAMPLE, RESULT_CODES, player_count, problem_at,  # noqa: F401
    place_of, result_problem, round_columns,
)
from .trf_model import BLANK, TrfEvent, TrfGame, TrfPlayer, TrfRecord, declared_rounds

__all__ = ["check_event", "check_declared"]

#: What a game naming an opponent may hold without a closer look (:func:`_check_game` would pass it).
_COLOUR_OK = frozenset(COLOURS) | {""}
_RESULT_WITH_OPPONENT = (frozenset(RESULT_CODES) - BYE_RESULTS) | {""}
#: The two sides' results of one game (first player's, second's) that agree, blank included; and
#: the colour pairs that cannot be (both white, both black). Worked out once from the same rules
#: :func:`_check_pair` applies.
_RESULTS_AGREE = frozenset((a, b) for a in RESULT_CODES | {""} for b in RESULT_CODES | {""}
                           if not (a and b) or agree(parse_result(a.upper()), parse_result(b.upper())))
_SAME_COLOUR = frozenset((a, b) for a in COLOURS for b in COLOURS if a.lower() == b.lower() and a.lower() in "wb")


# --- checking the meaning -----------------------------------------------------------------------


def check_event(event: TrfEvent) -> None:
    """Check what the lines mean together: start ranks 1…n, opponents that exist and name each
    other, results that agree, byes without opponents, rounds within ``XXR``. :func:`parse_trf`
    and :func:`write_trf` call it; messages name lines (or players not read from a file).

    >>> from elo_xl.io.trf_read import parse_trf
    >>> e = parse_trf(EXAMPLE)
    >>> e.players[1].games[0] = TrfGame(1, "b", "1")
    >>> check_event(e)
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: line 9, column 99 and line 10, column 99: round 1 says 1–2 was won by both players
    """
    check_declared(event, declared_rounds(event))


def check_declared(event: TrfEvent, declared: tuple[int, TrfRecord] | None) -> int:
    """:func:`check_event` with the event's ``XXR``/``142`` already read (``declared``, as
    :func:`~elo_xl.io.trf_model.declared_rounds` gives it); returns how many rounds the lines
    use (the last round written in any line), :attr:`TrfEvent.rounds` when nothing is declared.

    >>> from elo_xl.io.trf_read import parse_trf
    >>> e = parse_trf(EXAMPLE)
    >>> check_declared(e, declared_rounds(e))
    3
    """
    n = len(event.players)
    seen: dict[int, TrfPlayer] = {}
    for p in event.players:
        if p.start_no in seen:
            other = seen[p.start_no]
            also = f"line {other.line}" if other.line is not None else "another player"
            raise problem_at(p.line, p.start_no, 5, 8, f"start rank {p.start_no} is also on {also}")
        seen[p.start_no] = p
    for p in event.players:
        if not 1 <= p.start_no <= n:
            raise problem_at(p.line, p.start_no, 5, 8, f"start rank {p.start_no} does not match the "
                                                       f"{player_count(n)} of the event; start ranks run from 1 to {n} "
                                                       "without gaps")
    by_no = [seen[i] for i in range(1, n + 1)]
    rounds_used = 0
    colour_ok, result_ok = _COLOUR_OK, _RESULT_WITH_OPPONENT
    for p in by_no:
        start_no = p.start_no
        last = len(p.games)
        while last and p.games[last - 1].blank:
            last -= 1
        if last > rounds_used:
            rounds_used = last
        quick = declared is None or last <= declared[0]
        for r, g in enumerate(p.games, 1):
            o = g.opponent
            if (quick and o.__class__ is int and 0 < o <= n and o != start_no and g.result in result_ok
                    and g.colour in colour_ok):
                continue  # what _check_game would find in order
            if g.blank:
                continue
            if declared is not None and r > declared[0]:
                o, _, s = round_columns(r)
                xxr = declared[1]
                where = "" if xxr.line is None else f" (line {xxr.line})"
                raise problem_at(p.line, p.start_no, o, s, f"round {r} is filled in, but {xxr.code}{where} says the "
                                                           f"event has {declared[0]} rounds")
            _check_game(p, r, g, n)
    teams = event.teams()
    agreeing, same_colour = _RESULTS_AGREE, _SAME_COLOUR
    # the two lines of each game
    for r in range(1, rounds_used + 1):
        pab = None
        for p in by_no:
            games = p.games
            g = games[r - 1] if r <= len(games) else BLANK
            o = g.opponent
            if o is not None:
                start_no = p.start_no
                q = by_no[o - 1].games
                h = q[r - 1] if r <= len(q) else BLANK
                if o < start_no and h.opponent == start_no:
                    continue  # checked from the other side
                if (o > start_no and h.opponent == start_no and (g.result, h.result) in agreeing
                        and (g.colour, h.colour) not in same_colour and g.result not in ("U", "u")):
                    continue  # the pair agrees: what _check_pair would find
            if g.result in ("U", "u"):
                # a team event: the bye team's members, and members whose board the other team left
                # empty (Sharly Chess writes U there), may all hold a U; each must be in a team
                if pab is not None and not (teams and teams.get(pab.start_no) is not None
                                            and teams.get(p.start_no) is not None):
                    also = (f"; {pab.start_no} and {p.start_no} are not in one team" if teams else
                            "; there is at most one per round (in a team event, 013 or 310 records say who is "
                            "in which team)")
                    raise problem_at(p.line, p.start_no, round_columns(r)[2], None,
                                     f"round {r} gives a pairing-allocated bye (U) to {pab.start_no} and to "
                                     f"{p.start_no}" + also)
                pab = pab or p
            if g.opponent is None or g.opponent < p.start_no and _names(by_no[g.opponent - 1], r, p.start_no):
                continue  # checked from the other side
            _check_pair(p, by_no[g.opponent - 1], r, g)
    return rounds_used


def _names(q: TrfPlayer, r: int, start_no: int) -> bool:
    return r <= len(q.games) and q.games[r - 1].opponent == start_no


def _check_game(p: TrfPlayer, r: int, g: TrfGame, n: int) -> None:
    o, c, s = round_columns(r)
    if g.colour and g.colour not in COLOURS:
        raise problem_at(p.line, p.start_no, c, None, f"round {r} colour {show(g.colour)} is not w, b, - or blank")
    if g.result and g.result not in RESULT_CODES:
        raise problem_at(p.line, p.start_no, s, None, result_problem(r, g.result))
    if g.opponent is not None and (not isinstance(g.opponent, int) or isinstance(g.opponent, bool) or g.opponent < 1):
        raise problem_at(p.line, p.start_no, o, o + 3, f"round {r} opponent {show(g.opponent)} is not a start rank; "
                                                       "give None for no opponent")
    if g.opponent is None:
        if g.result in GAME_RESULTS:
            raise problem_at(p.line, p.start_no, s, None, f"round {r} result {show(g.result)} is a game, but columns "
                                                          f"{o}–{o + 3} name no opponent")
        return
    if g.opponent > n:
        raise problem_at(p.line, p.start_no, o, o + 3, f"opponent {g.opponent} does not exist, the event has "
                                                       f"{player_count(n)}")
    if g.opponent == p.start_no:
        raise problem_at(p.line, p.start_no, o, o + 3, f"round {r} pairs {p.start_no} with himself")
    if g.result in BYE_RESULTS:
        raise problem_at(p.line, p.start_no, s, None, f"round {r} result {show(g.result)} is a bye, which has no "
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
        if h.result in SCORING_BYES:
            raise problem_at(p.line, p.start_no, o, o + 3, f"round {r} pairs {p.start_no} with {q.start_no}, but "
                                                           f"{place_of(q.line, q.start_no)} gives {q.start_no} a bye "
                                                           f"({h.result}) in that round")
        other = "nothing" if h.blank else f"no opponent ({show(f'0000 {h.colour} {h.result}'.rstrip())})"
        raise problem_at(p.line, p.start_no, o, o + 3, f"round {r} pairs {p.start_no} with {q.start_no}, but "
                                                       f"{place_of(q.line, q.start_no)} has {other} in that round: "
                                                       "a game is written on both players' lines")
    if h.opponent != p.start_no:
        raise problem_at(p.line, p.start_no, o, o + 3, f"round {r} pairs {p.start_no} with {q.start_no}, but "
                                                       f"{place_of(q.line, q.start_no)} pairs {q.start_no} with "
                                                       f"{h.opponent}")
    first, second = (p, q) if p.start_no < q.start_no else (q, p)
    a = (g if first is p else h).result.upper()
    b = (h if first is p else g).result.upper()
    if a and b and not agree(parse_result(a), parse_result(b)):
        pair = f"{first.start_no}–{second.start_no}"
        if a == b and a in _BOTH:
            text = f"round {r} says {pair} was {_BOTH[a]}"
        else:
            text = (f"round {r} says {first.start_no} {_VERB[a]} and {second.start_no} {_VERB[b]} ({pair}); "
                    "one game reads 1/0, =/=, 0/1, +/-, -/-, W/L or D/D")
        raise _both(first, second, round_columns(r)[2], text)
    ca, cb = g.colour.lower(), h.colour.lower()
    if ca == cb and ca in ("w", "b"):
        raise _both(first, second, round_columns(r)[1],
                    f"round {r} gives {first.start_no} and {second.start_no} both {'white' if ca == 'w' else 'black'}")


def _both(first: TrfPlayer, second: TrfPlayer, column: int, text: str) -> EloError:
    """An error about one game written on two lines that contradict each other: both lines
    and the column of each, the first player's first.

    >>> a, b = TrfPlayer(1, "A", line=9), TrfPlayer(2, "B", line=10)
    >>> print(_both(a, b, 99, "round 1 says 1–2 was won by both players"))
    line 9, column 99 and line 10, column 99: round 1 says 1–2 was won by both players
    """
    return EloError(f"{place_of(first.line, first.start_no, column)} and "
                    f"{place_of(second.line, second.start_no, column)}: {text}")
