"""Title norms over a whole event: what ``elo-xl rate EVENT --norms`` adds to the report.

Every player is checked for a GM and an IM norm, a woman (TRF sex ``w``) for a WGM and a WIM
norm too; a norm whose title the player already holds, or a higher one, is skipped (an IM
is not checked for IM, WGM or WIM norms). The arithmetic is :func:`elo_xl.norms.evaluate`.

What the event adds to one player's games:

* the kind of event, the one answer of :meth:`~elo_xl.event.model.Tournament.kind` (a
  crosstable always is a round robin; else the declared type, else who met whom);
* in a round robin, games against an unrated player who scored zero against the rated
  players do not count (read from implementations);
* in a Swiss, a norm not made over the whole event is checked again over every first *k*
  rounds, k from the minimum number of games up; the first that makes the norm is reported
  with ``after_round`` (the regulations allow dropping the games after a norm);
* mid-event (the planned rounds, ``XXR``/``142``, exceed the rounds played, :func:`progress`):
  every round of a player with nothing written yet is a round still to play
  (:func:`elo_xl.norms.evaluate`'s ``remaining``), as the Swiss book's Norms sheet counts it,
  and a paired game without a result is a game still to play; the report's event says
  ``"after_round"`` and ``"of_rounds"``, each check its ``to_play`` and ``points_needed``.

>>> from elo_xl.event import from_crosstable, rate_tournament
>>> t = from_crosstable(["Ann", "Bob"], [2500, 2400], [[None, 1], [0, None]])
>>> report = rate_tournament(t, k=10, year=2026)
>>> add_norms(report, t)
>>> [n["norm"] for n in report.rows[0]["norms"]], report.rows[0]["norms"][0]["unmet"][0]
(['GM', 'IM'], '1 game credited, 9 needed')
"""

from __future__ import annotations

import textwrap
from typing import Any

from .. import games
from ..errors import EloError
from ..games import Round
from ..norms import (GAMES_CAP, MIN_GAMES, NORMS, NormCheck, NormGame, Prefixes, evaluate, first_prefix_made,
                     points_text)
from ..results import WITHOUT_OPPONENT
from ..titles import canonical as canonical_title
from .model import Tournament
from .rating import Report

#: The norms checked for every player, and for women in addition.
OPEN_NORMS = ("GM", "IM")
WOMEN_NORMS = ("WGM", "WIM")


def _title(text: str) -> str:
    """A title from an event file (``GM`` or the short ``g``…, :mod:`elo_xl.titles`), or ""
    when it is not one a norm counts (e.g. blank).

    >>> _title("g"), _title("WM"), _title("xyz")
    ('GM', 'WIM', '')
    """
    return canonical_title(text) or ""


def _federation(text: str) -> str:
    """A federation from an event file; "" for FID, blank or anything not three letters."""
    word = (text or "").strip().upper()
    return word if len(word) == 3 and word.isalpha() and word != "FID" else ""


def _rounds(t: Tournament) -> list[list[Round]]:
    """Each player's rounds as :mod:`elo_xl.games` reads them; in a crosstable only the games
    with a result (a crosstable has no rounds still to play)."""
    rounds = t.games()
    if t.pairings is None:
        return [[r for r in row if r.code is not None] for row in rounds]
    return rounds


def progress(t: Tournament, rounds: list[list[Round]] | None = None) -> tuple[int, int]:
    """(rounds played, rounds planned): a round is played when anybody has an opponent or a
    result in it; the planned rounds are ``XXR``/``142`` (else the rounds the file uses).

    >>> from elo_xl.event import Entrant, Tournament
    >>> t = Tournament([Entrant(1, "A", 2400), Entrant(2, "B", 2300)], [["1", None, None], ["0", None, None]],
    ...                [[2, None, None], [1, None, None]], rounds=3)
    >>> progress(t)
    (1, 3)
    """
    if t.pairings is None:  # a crosstable: every game is known, none is "still to play" by rounds
        return (0, 0)
    rounds = t.games() if rounds is None else rounds
    played = max((k + 1 for row in rounds for k, r in enumerate(row) if r.opponent is not None or r.code is not None),
                 default=0)
    planned = max(t.rounds or 0, len(t.pairings[0]) if t.pairings else 0)
    return played, planned


def _excluded_unrated(t: Tournament, rounds: list[list[Round]]) -> set[int]:
    """Start numbers of the unrated players who played rated players and scored zero against
    them (round robins)."""
    out = set()
    for i, e in enumerate(t.entrants, 1):
        if e.rating is not None:
            continue
        against_rated = [r.code for r in rounds[i - 1] if r.opponent is not None
                         and t.entrants[r.opponent - 1].rating is not None and r.code is not None and r.code <= 2]
        if against_rated and sum(against_rated) == 0:
            out.add(i)
    return out


def _as_dict(check: NormCheck, after_round: int | None) -> dict[str, Any]:
    return {"norm": check.norm, "games": check.games, "games_credited": check.games_credited, "ra": check.ra,
            "score": check.score, "rp": check.rp, "points_required": check.points_required,
            "achieved": check.achieved, "unmet": list(check.unmet), "after_round": after_round,
            "to_play": check.to_play, "points_needed": check.points_needed}


def norms_to_check(sex: str, title: str) -> list[str]:
    """The norms checked for a player: GM and IM, WGM and WIM for women, minus titles held.

    >>> norms_to_check("w", ""), norms_to_check("m", "IM"), norms_to_check("f", "WGM")
    (['GM', 'IM', 'WGM', 'WIM'], ['GM'], ['GM', 'IM'])
    """
    names = list(OPEN_NORMS) + (list(WOMEN_NORMS) if (sex or "").strip().lower() in ("w", "f") else [])
    held = _title(title)
    return [name for name in names if held not in NORMS[name].titles]


def player_norms(t: Tournament, exempt: bool = False, min_games: int = MIN_GAMES) -> list[list[dict[str, Any]]]:
    """The norm checks of every player of an event, in start order (JSON-ready dicts)."""
    rounds = _rounds(t)
    kind = t.kind()
    excluded = _excluded_unrated(t, rounds) if kind != games.SWISS else set()
    played, planned = progress(t, rounds)
    unfinished = planned > played
    entrants = t.entrants
    out = []
    for i, e in enumerate(entrants):
        per_round: list[NormGame | None] = []  # one entry per round: the game, or None
        remaining = 0
        for j, _, code in rounds[i]:
            if j is None:
                if code is None and unfinished:
                    remaining += 1  # nothing written yet: a round still to play, as the Swiss book counts it
                per_round.append(NormGame(None, code) if code in WITHOUT_OPPONENT else None)
            elif j in excluded:
                per_round.append(None)
            else:
                o = entrants[j - 1]
                per_round.append(NormGame(o.rating, code, _title(o.title), _federation(o.federation)))
        played_games = [g for g in per_round if g is not None]
        own = _federation(e.federation)
        checks = []
        prefixes = None  # the player's sums round by round, shared by his norms (made when needed)
        for name in norms_to_check(e.sex, e.title):
            check = evaluate(name, played_games, own, min_games=min_games, exempt=exempt,
                             double_round_robin=kind == games.DOUBLE_ROUND_ROBIN, remaining=remaining)
            after = None
            if not check.achieved and kind == games.SWISS:
                prefixes = prefixes or Prefixes(per_round, own)
                made = first_prefix_made(name, prefixes, min_games=min_games, exempt=exempt)
                if made is not None:
                    check, after = made
            checks.append(_as_dict(check, after))
        out.append(checks)
    return out


def add_norms(report: Report, t: Tournament, exempt: bool = False, min_games: int | None = None) -> None:
    """Add each player's ``"norms"`` to a rating report, and the options to its event."""
    minimum = MIN_GAMES if min_games is None else min_games
    if not 1 <= minimum <= GAMES_CAP:
        raise EloError(f"--min-games: {minimum} is not a number of games; give a whole number from 1 to "
                       f"{GAMES_CAP} (more games count as {GAMES_CAP})")
    for row, checks in zip(report.rows, player_norms(t, exempt, minimum)):
        row["norms"] = checks
    played, planned = progress(t)
    if report.progress is not None and report.progress[1] > report.progress[0]:
        played = min(played, report.progress[0])  # a round paired, its results to come: its games are still to play
    report.event["norms"] = {"exempt": exempt, "min_games": minimum}
    if planned > played:  # mid-event: the rounds still to play counted (see player_norms)
        report.event["norms"].update(after_round=played, of_rounds=planned)


def norms_text(checks: list[dict[str, Any]]) -> str:
    """A player's norms made, as one CSV cell: ``IM``, ``GM after round 9; IM``.

    >>> norms_text([{"norm": "GM", "achieved": True, "after_round": 9}, {"norm": "IM", "achieved": False}])
    'GM after round 9'
    """
    made = [c["norm"] + (f" after round {c['after_round']}" if c.get("after_round") else "")
            for c in checks if c["achieved"]]
    return "; ".join(made)


def norms_section(report: Report) -> list[str]:
    """The table's norms section: every norm made, and every norm performance (Rp reached)
    that is not a norm, with what is missing."""
    options = report.event.get("norms", {})
    rules = "federation rules off (exempt)" if options.get("exempt") else "federation rules applied"
    minimum = options.get("min_games", MIN_GAMES)
    lines = [f"Norms — GM and IM, WGM and WIM for women; {rules}; at least {minimum} games"]
    mid = options.get("after_round") is not None
    if mid:
        lines[0] = (f"Norms after round {options['after_round']} of {options['of_rounds']} (the rounds still "
                    "to play count as games, as in the Swiss book)")
        lines.append(f"GM and IM, WGM and WIM for women; {rules}; at least {minimum} games")
    header = ["No", "Name", "Norm", "Games", "Credited", "Ra", "Score", "Rp", "Required", "Result"]
    table = [header]
    for row in report.rows:
        for c in row.get("norms", []):
            performance_met = c["rp"] is not None and c["rp"] >= NORMS[c["norm"]].performance
            within_reach = (mid and c.get("to_play") and c.get("points_needed") is not None
                            and c["points_needed"] <= c["to_play"] and c["points_required"] is not None)
            if not (c["achieved"] or performance_met or within_reach):
                continue
            if c["achieved"]:
                result = "made" + (f" after round {c['after_round']}" if c["after_round"] else "")
            elif within_reach and not [u for u in c["unmet"]
                                       if not (u.endswith("still to play") or u.startswith(("Rp ", "score ")))]:
                result = (f"needs {points_text(c['points_needed'])} from {c['to_play']} "
                          f"game{'' if c['to_play'] == 1 else 's'} to play")
            else:
                result = "not made: " + "; ".join(c["unmet"])
            table.append([str(row["start_no"]), row["name"] or "", c["norm"], str(c["games"]),
                          str(c["games_credited"]), _text(c["ra"]), points_text(c["score"]), _text(c["rp"]),
                          "" if c["points_required"] is None else points_text(c["points_required"]), result])
    if len(table) == 1:
        return lines + ["No player made a norm or a norm performance."]
    widths = [max(len(r[i]) for r in table[1:] + [header]) for i in range(len(header) - 1)]
    left = {1, 2, 9}
    start = sum(widths) + 2 * len(widths)
    room = max(100 - start, 16)  # the Result column wraps so that a line fits 100 columns
    for r in table:
        cells = [cell.ljust(w) if i in left else cell.rjust(w) for i, (cell, w) in enumerate(zip(r, widths))]
        result = textwrap.wrap(r[-1], room, break_long_words=False, break_on_hyphens=False) or [""]
        lines.append(("  ".join(cells) + "  " + result[0]).rstrip())
        lines.extend(" " * start + more for more in result[1:])
    return lines


def _text(value: Any) -> str:
    return "" if value is None else str(value)
