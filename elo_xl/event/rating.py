"""An event rated: every player's K (given, from a K file, or by the rule set), the engine's
rating of the whole event, and the report ``elo-xl rate`` prints (:class:`Report`, JSON-ready),
ranked by the event's one ranking (:mod:`elo_xl.event.ranking`).

>>> from elo_xl.event.load import from_crosstable
>>> from elo_xl.event.samples import ROUND_ROBIN
>>> t = from_crosstable([p.name for p in ROUND_ROBIN.players], ROUND_ROBIN.ratings, ROUND_ROBIN.results)
>>> report = rate_tournament(t, year=2026)
>>> report.rows[0]["new_rating"], report.rows[9]["new_rating"], report.rows[9]["k"]
(2530, 2180, None)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .. import tiebreaks
from ..tiebreaks.team_codes import TeamTiebreak
from ..engine import average_rating, category, k_factor, rate_event
from ..games import SWISS, rounds_progress
from ..errors import EloError
from ..results import game_points, is_blank, parse_k, parse_result
from ..rules import RuleSet, parse_rules
from .model import Tournament
from .ranking import event_ranking, team_tiebreak_note
from .teams import TeamStandings, board_results, is_team_file, lineup_note, team_standings

__all__ = ["Report", "grouped_notes", "rate_tournament", "resolve_k"]


@dataclass
class Report:
    """What ``elo-xl rate`` shows: the event and one row per player (JSON-ready)."""

    event: dict[str, Any]
    rows: list[dict[str, Any]]
    notes: list[str] = field(default_factory=list)
    #: The event rated.
    tournament: Tournament | None = field(default=None, repr=False, compare=False)
    #: Its ranking (:func:`~elo_xl.event.ranking.event_ranking`): the rows' ``rank`` and ``tiebreaks`` come from it.
    ranking: tiebreaks.Ranking | None = field(default=None, repr=False, compare=False)
    #: (played, paired) of an event in rounds (:func:`elo_xl.games.rounds_progress`); None for a crosstable.
    progress: tuple[int, int] | None = field(default=None, repr=False, compare=False)
    #: A team event's standings (:func:`~elo_xl.event.teams.team_standings`); None for an individual event.
    teams: TeamStandings | None = field(default=None, repr=False, compare=False)
    #: A team event's least games on a board for its board prize (see :meth:`board_prizes`).
    board_games: int = field(default=1, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        """``{"event": {...}, "players": [...]}``, exactly as ``--format json`` prints it; a team
        event adds ``"teams"``, one object per team in rank order."""
        out: dict[str, Any] = {"event": self.event}
        if self.teams is not None:
            out["teams"] = self.teams.rows()
        out["players"] = self.rows
        return out

    def board_prizes(self) -> list[list[dict[str, Any]]] | None:
        """A team event's board prizes (:func:`~elo_xl.event.teams.board_results`: per board, the
        players with at least :attr:`board_games` games on it, best first); None otherwise.
        Computed when asked: the table prints them, the JSON does not hold them."""
        if self.teams is None or self.tournament is None or self.tournament.origin is None:
            return None
        return board_results(self.teams, self.tournament.origin, self.event["rules"], self.board_games)


def resolve_k(t: Tournament, rules: RuleSet, k: Any = None, k_file: dict[str, int | float] | None = None,
              year: int | None = None) -> list[tuple[int | float | None, str | None]]:
    """Each player's K and where it came from: ``given`` (--k), ``file`` (--k-file or the CSV's
    k column), ``rule`` (the rule set: FIDE 10 from 2400, 40 below 2300 for a junior by the event
    year, 20 otherwise). ``(None, None)`` for an unrated player under FIDE (no K is used)."""
    given = parse_k(k, "--k")
    if k_file and hasattr(k_file, "unmatched"):  # a K file read from disk: every line must be applied
        k_file.unmatched([e.fide_id.strip() for e in t.entrants if e.fide_id.strip()]
                         + [str(e.start_no) for e in t.entrants])
    event_year = year if year is not None else t.year()[0]
    chosen = []
    for e in t.entrants:
        seeded = e.rating is None and e.standard_rating is not None and rules.seeds_from_standard
        if e.rating is None and rules.uses_initial_ratings and not seeded:
            chosen.append((None, None))
        elif given is not None:
            chosen.append((given, "given"))
        elif k_file and (e.fide_id.strip() in k_file or str(e.start_no) in k_file):
            chosen.append((k_file.get(e.fide_id.strip(), k_file.get(str(e.start_no))), "file"))
        elif e.k is not None:
            chosen.append((e.k, "file"))
        elif seeded:  # rated with his standard rating (B.02 R&B 7.2.1), K as the rule set takes it
            chosen.append((rules.K_STANDARD_SEED, "rule"))
        else:
            chosen.append((k_factor(e.rating, None, e.birth_year, None, rules, event_year), "rule"))
    return chosen


def rate_tournament(t: Tournament, rules: Any = None, k: Any = None, k_file: dict[str, int | float] | None = None,
                    year: int | None = None, tiebreak_list: Any = None, tiebreak_rules: str | None = None,
                    pab: str = "points", board_games: int | None = None) -> Report:
    """Rate an event: the report ``elo-xl rate`` prints (see :class:`Report`), ranked by
    :func:`~elo_xl.event.ranking.event_ranking` with ``tiebreak_list`` and ``tiebreak_rules``.
    A team file (``310``/``013`` records) is also ranked as teams (:attr:`Report.teams`), by
    ``tiebreak_list`` when it holds team codes (:class:`~elo_xl.tiebreaks.team_codes.TeamTiebreak`),
    else its ``202``; ``pab``: how an opponent's pairing-allocated bye counts in team Buchholz;
    ``board_games``: the least games on a board for its board prize (default 1)."""
    rs = parse_rules(rules)
    team_codes = None
    if tiebreak_list is not None and not isinstance(tiebreak_list, str) and any(
            isinstance(c, TeamTiebreak) for c in tiebreak_list):
        team_codes, tiebreak_list = list(tiebreak_list), None
    team_file = t.origin is not None and not t.kept and is_team_file(t.origin)
    if team_codes is not None and not team_file:
        raise EloError(f"--tiebreaks: {team_codes[0].code} is a team tie-break, and the event has no teams (310 or "
                       "013 records); give players' tie-breaks such as BH/C1,BH,SB")
    ranking = event_ranking(t, tiebreak_list, tiebreak_rules)
    teams = team_standings(t.origin, team_codes, ranking.version, pab) if team_file else None
    progress = rounds_progress(t.pairings, t.results) if t.pairings is not None else None
    notes = list(t.notes) + unplayed_note(t, progress) + buchholz_note(t, ranking)
    if tiebreak_list is None:                       # the file's 202 was the list to use
        notes += team_tiebreak_note(t, ranking)
    if year is None:
        year, origin = t.year()
        if origin == "current year":
            notes.append(f"the event has no {'readable ' if t.notes else ''}dates: the junior K rule uses the "
                         f"current year, {year}")
        elif origin == "end date" and t.start:
            notes.append(f"the junior K rule uses the end date's year, {year}")
    ks = resolve_k(t, rs, k, k_file, year)
    standard = [e.standard_rating for e in t.entrants]
    if any(s is not None for s in standard) and not rs.seeds_from_standard:
        raise EloError(f"{t.name or 'the event'}: the standard rating column is for FIDE-RAPID and FIDE-BLITZ "
                       f"(an unrated player is rated with his standard rating), not {rs.name}; give --rules "
                       "FIDE-RAPID or FIDE-BLITZ, or leave the column out")
    outcomes = rate_event(t.ratings, t.results, [[value] for value, _ in ks], rs, t.pairings,
                          [[s] for s in standard] if rs.seeds_from_standard else None, rounds=t.games())
    average = average_rating(t.ratings, rs)
    rounds = t.rounds if t.rounds is not None else (len(t.pairings[0]) if t.pairings else max(len(t.entrants) - 1, 0))
    event = {"name": t.name, "rules": rs.name, "rounds": rounds, "players": len(t.entrants),
             "average_rating": average, "category": None if t.kind() == SWISS else category(average),
             "tiebreaks": ranking.codes, "tiebreak_rules": ranking.version}
    rows, player_notes = [], []
    markers = [e for i, e in enumerate(t.entrants)
               if is_bye_marker(e.name, t.pairings[i] if t.pairings else None, t.results[i])]
    # an event with its own scoring system (TRF-2026 162, JaVaFo XXS) shows its own points
    scored = bool(ranking.points) and t.scoring is not None
    for i, (e, o, (k_value, source)) in enumerate(zip(t.entrants, outcomes, ks)):
        rows.append({
            "start_no": e.start_no, "name": e.name, "fide_id": e.fide_id or None, "federation": e.federation or None,
            "title": e.title or None, "rating": e.rating, "k": k_value, "k_source": source,
            "points": _number(ranking.points[i]) if scored else o.points, "games": o.games, "score": o.score, "opp_average": o.opp_average,
            "expected": o.expected, "change_unrounded": o.change_unrounded, "change": o.change,
            "new_rating": o.new_rating, "performance": o.performance,
            "rank": ranking.ranks[i], "tiebreaks": ranking.row(i),
        })
        if o.note and e not in markers:
            player_notes.append((e.name, o.note))
    if markers:
        named = ", ".join(f"{e.name} ({e.start_no})" for e in markers)
        notes.append(f"{named}: a bye marker some programs write as a player (it plays no game): no rating to give, "
                     "left out of the notes on unrated players")
    if teams is not None:
        notes += teams.file.notes
        notes += lineup_note(teams.file)
    return Report(event, rows, notes + grouped_notes(player_notes), t, ranking, progress, teams,
                  board_games if board_games is not None else 1)


def unplayed_note(t: Tournament, progress: tuple[int, int] | None) -> list[str]:
    """What ``rate`` says of results not yet typed: that nothing is rated when no game has a
    result (the report still lists the players, their K, the average rating; a refusal would
    give none of it, and the Swiss book shows the same before round 1); else the rounds paired
    whose games are not all played, which the points and tie-breaks count as they stand (a
    pairing without a result: a game that scored nothing yet, :mod:`elo_xl.tiebreaks.unplayed`).

    >>> from elo_xl.event.model import Entrant
    >>> t = Tournament([Entrant(1, "A", 2000), Entrant(2, "B", 1900)], [[None], [None]], [[2], [1]], [["w"], ["b"]])
    >>> unplayed_note(t, (0, 1))
    ['no game has a result yet (round 1 is paired), so nothing is rated: every rating stays as it is; type the results, then rate']
    """
    rounds = t.games()
    if not any(r.opponent is not None and r.code is not None for row in rounds for r in row):
        paired = f" (round {progress[1]} is paired)" if progress and progress[1] else ""
        return [f"no game has a result yet{paired}, so nothing is rated: every rating stays as it is; type the "
                "results, then rate"]
    if progress is None or progress[1] <= progress[0]:
        return []
    played, paired = progress
    open_rounds = []
    for r in range(played + 1, paired + 1):
        games = [row[r - 1] for row in rounds if r <= len(row)]
        if any(g.opponent is not None and g.code is None and rounds[g.opponent - 1][r - 1].code is None for g in games):
            open_rounds.append(r)
    if not open_rounds:
        return []
    said = (f"round {open_rounds[0]} is" if len(open_rounds) == 1
            else f"rounds {', '.join(map(str, open_rounds[:-1]))} and {open_rounds[-1]} are")
    return [f"{said} paired, {'its' if len(open_rounds) == 1 else 'their'} results not all typed: a game without a "
            "result is not rated, and the points and tie-breaks count it as a game that scored nothing yet (a "
            "pairing-allocated bye its point); type the results, then rate"]


#: Names pairing programs give the line that stands for the bye (German, English, French,
#: Dutch, Spanish), lower case.
BYE_MARKERS = frozenset({"spielfrei", "freilos", "bye", "free", "exempt", "exempté", "vrij", "descansa", "libre"})


def is_bye_marker(name: str, pairings: Any, results: Any) -> bool:
    """Whether a player line is the bye marker some programs write (``spielfrei``): one of
    :data:`BYE_MARKERS` as its name, no opponent in any round and nothing scored (a program may
    give it an unplayed loss, ``0000 - -``).

    >>> is_bye_marker("spielfrei", [None, None], [None, "-"]), is_bye_marker("Spielfrei", [3], ["1"])
    (True, False)
    """
    if (name or "").strip().lower() not in BYE_MARKERS:
        return False
    opponents = [x for x in (pairings or []) if x is not None]
    return not opponents and not any(_scores(r) for r in (results or []))


def _scores(result: Any) -> bool:
    """Whether a result as written scores anything (FIDE's points; a text that is no result
    counts as scoring, so that no real player is taken for a bye marker).

    >>> [_scores(r) for r in (None, "-", "0", "Z", "L", "1", "H", "?")]
    [False, False, False, False, False, True, True, True]
    """
    if is_blank(result):
        return False
    try:
        return game_points(parse_result(result)) > 0
    except EloError:
        return True


def buchholz_note(t: Tournament, ranking: Any) -> list[str]:
    """Under the 2024 rules, a note on Buchholz (or a variant) ranking a round robin: every player
    meets the same opponents, so it separates nothing the points do not; the 2026 rules forbid
    it there (C.07 8, refused by :func:`elo_xl.tiebreaks.codes.check_allowed`). ``rate`` and
    ``export`` show it."""
    from ..tiebreaks.codes import BUCHHOLZ_FAMILY, DEFAULT_ROUND_ROBIN

    used = [tb.code for tb in ranking.tiebreaks if tb.base in BUCHHOLZ_FAMILY]
    if ranking.version != "2024" or not used or t.kind() == SWISS:
        return []
    return [f"{', '.join(used)} in a round robin: every player meets the same opponents, so Buchholz tells little "
            f"(the 2026 rules forbid it there, C.07 8); FIDE's list for a round robin is "
            f"{', '.join(DEFAULT_ROUND_ROBIN)}"]


def _number(value: Any) -> int | float:
    """An exact number as the report shows it: whole as an int, else a float.

    >>> from fractions import Fraction
    >>> _number(Fraction(7)), _number(Fraction(5, 2))
    (7, 2.5)
    """
    return int(value) if value == int(value) else float(value)


_TOO_FEW = re.compile(r"no rating: (\d+) rated games? against rated opponents, (\d+) needed")


def grouped_notes(notes: list[tuple[str, str]]) -> list[str]:
    """The players' notes, one line per kind: a note that several players share is said once,
    with their names (``101 players without a rating have fewer than 5 rated games…``).

    >>> for line in grouped_notes([("Ann", "no rating: 4 rated games against rated opponents, 5 needed"),
    ...                            ("Bob", "no rating: 1 rated game against rated opponents, 5 needed"),
    ...                            ("Cy", "no rating: a zero score is disregarded")]):
    ...     print(line.replace("\\xa0", " "))
    2 players without a rating have fewer than 5 rated games against rated opponents: Ann (4), Bob (1)
    Cy: no rating: a zero score is disregarded
    """
    groups: dict[str, list[tuple[str, str, str]]] = {}
    for name, note in notes:
        match = _TOO_FEW.fullmatch(note)
        if match:
            what = f"without a rating have fewer than {match[2]} rated games against rated opponents"
            groups.setdefault(what, []).append((name, note, f"{name}\u00a0({match[1]})"))  # kept on one line
        else:
            groups.setdefault(note, []).append((name, note, name))
    out = []
    for what, members in groups.items():
        if len(members) == 1:
            out.append(f"{members[0][0]}: {members[0][1]}")
        elif what.startswith("without a rating have fewer"):
            out.append(f"{len(members)} players {what}: {', '.join(label for *_, label in members)}")
        else:
            out.append(f"{len(members)} players: {what}: {', '.join(label for *_, label in members)}")
    return out
