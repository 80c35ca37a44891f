"""Team events: the teams of a TRF-2026 team file and their matches, read once from the
players' board games.

A team file is an individual event whose players are grouped into teams: ``310`` records
(TRF-2026; the legacy ``013``, read only when there is no ``310``) give each team's number, name and roster in board order; the
players' ``001`` lines hold every board game. A round's **match** is what a team's players
played against another team's: its boards in lineup order (a ``300`` record where the
lineup differs from the roster, else the roster order of the members who have a game), the
team's colour (board 1's), its **game points** (the boards' points under ``162``) and its
**match points** (``362``: a won, drawn or lost match, 2/1/0 by default).

Rounds without a match: a pairing-allocated bye (``320``: its match and game points), a
requested bye ``F``/``H``/``Z`` (``240`` for the team: a won, drawn or lost match's points, the
game points its members' lines give, else the boards times the bye's points), a forfeited
match (``330``: ``+-``, ``-+`` or ``--``; the game points its boards give, else a won board's
points per board to the winner; members' lines all ``+`` without an opponent: a forfeit win
whose opponent is not recorded), or nothing (an absence).

The individual scores are not changed by a team's bye: a member's line holds what he scored
(TRF26 writes the team's PAB on its members' lines as ``U``, which is his own pairing-allocated
bye under ``162``; a line left empty gives him nothing, and the bye's game points are the
team's, in ``320``).

>>> from elo_xl.io.trf_read import parse_trf
>>> def board(no, name, opp, colour, result):
...     return f"001 {no:4d}      {name:<77}{opp:>4} {colour} {result}"
>>> t = read_teams(parse_trf("\\n".join([
...     board(1, "A1", 3, "w", "1"), board(2, "A2", 4, "b", "="), board(3, "B1", 1, "b", "0"), board(4, "B2", 2, "w", "="),
...     "310   1 Alpha" + " " * 60 + "   1    2", "310   2 Beta" + " " * 61 + "   3    4"])))
>>> [team.name for team in t.teams], t.event.matches[0][0]
(['Alpha', 'Beta'], Match(opponent=2, colour='w', kind=0, mp=Fraction(2, 1), gp=Fraction(3, 2), boards=(Fraction(1, 1), Fraction(1, 2)), played=True))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from .. import games
from ..errors import EloError, show
from ..io.trf_model import TrfEvent, TrfRecord, game_points_of
from ..rounding import to_number
from ..tiebreaks.codes import version_for
from ..tiebreaks.event import start_date
from ..tiebreaks.ranking import Ranking
from ..tiebreaks.team_codes import default_team_codes, parse_team_codes
from ..tiebreaks.teams import NO_MATCH, Match, TeamEvent, team_ranking
from ..tiebreaks.unplayed import ABSENT, FORFEIT_LOST, FORFEIT_WON, FULL_BYE, GAME, HALF_BYE, PAB, ZERO_BYE
from .team_abnormal import read_abnormal, record_place

#: The TRF-2026 records of a team event (``013`` is the legacy team record).
TEAM_RECORDS = ("013", "310", "320", "330", "300", "299", "240", "250", "260", "352", "362", "082")


@dataclass(frozen=True)
class Team:
    """One team: its number, name, short name (``310`` columns 42–46) and members' start
    numbers in board order; ``line`` the line of its record.

    >>> Team(1, "Alpha", "ALP", (1, 2)).members
    (1, 2)
    """

    no: int
    name: str
    nickname: str
    members: tuple[int, ...]
    line: int | None = None


@dataclass(frozen=True)
class TeamFile:
    """A team file read: the teams (in team-number order), each player's team and board
    order, and the matches as the tie-breaks read them (:class:`~elo_xl.tiebreaks.teams.TeamEvent`);
    ``boards`` per match; ``out_of_order`` the lineups (round, team) whose boards are not in
    roster order."""

    teams: list[Team]
    team_of: dict[int, int]
    event: TeamEvent
    out_of_order: list[tuple[int, int]]
    #: (round, team) → the start numbers on its boards in that round (None: an empty board).
    lineups: dict[tuple[int, int], tuple[int | None, ...]] = field(default_factory=dict)
    #: What the reading did that the user should know (``299`` records applied), one line each.
    notes: list[str] = field(default_factory=list)

    @property
    def boards(self) -> int:
        """Boards per match."""
        return self.event.boards


def is_team_file(trf: TrfEvent) -> bool:
    """Whether a TRF holds teams (``310`` or ``013`` records).

    >>> is_team_file(TrfEvent([TrfRecord("012 Open")]))
    False
    """
    return any(r.code in ("310", "013") for r in trf.headers)


def _number(r: TrfRecord, start: int, end: int, what: str) -> int | None:
    text = r.text[start - 1:end].strip()
    if not text:
        return None
    if not text.isdigit():
        raise EloError(f"{record_place(r)}, columns {start}–{end}: {what} {show(text)} is not a number")
    return int(text)


def _points(r: TrfRecord, start: int, end: int, what: str) -> Fraction | None:
    text = r.text[start - 1:end].strip()
    if not text:
        return None
    if not re.fullmatch(r"-?\d+([.,]\d+)?", text):
        raise EloError(f"{record_place(r)}, columns {start}–{end}: {what} {show(text)} is not a number of points")
    return Fraction(text.replace(",", "."))


def read_roster(trf: TrfEvent) -> list[Team]:
    """The teams of a file, in team-number order: ``310`` records (number in columns 5–7,
    name 9–40, short name 42–46, members from column 74, one every 5 columns) or legacy ``013``
    records (numbered in file order; name 5–36, members from column 37). A player in two
    teams, a member who has no player line, a number given twice or numbers that are not
    1…N are refused, naming the line.
    """
    players = {p.start_no for p in trf.players}
    teams: list[Team] = []
    legacy = 0
    modern = any(r.code == "310" for r in trf.headers)  # then 013 records are the legacy copies
    for r in trf.headers:
        if r.code == "013" and modern:
            continue
        if r.code == "310":
            no = _number(r, 5, 7, "team number")
            if no is None:
                raise EloError(f"{record_place(r)}, columns 5–7: the team number is missing")
            name, nickname, first = r.text[8:40].strip(), r.text[41:46].strip(), 73
        elif r.code == "013":
            legacy += 1
            no, name, nickname, first = legacy, r.text[4:36].strip(), "", 36
        else:
            continue
        members = []
        column = first
        while column < len(r.text):
            text = r.text[column:column + 4].strip()
            if text:
                if not text.isdigit():
                    raise EloError(f"{record_place(r)}, columns {column + 1}–{column + 4}: member {show(text)} is not "
                                   "a start number")
                if int(text) not in players:
                    raise EloError(f"{record_place(r)}, columns {column + 1}–{column + 4}: member {text} has no player "
                                   "line (001)")
                members.append(int(text))
            column += 5
        teams.append(Team(no, name, nickname, tuple(members), r.line))
    seen: dict[int, Team] = {}
    owner: dict[int, Team] = {}
    for team in teams:
        if team.no in seen:
            raise EloError(f"line {team.line} (310): team number {team.no} is already the team of line "
                           f"{seen[team.no].line}")
        seen[team.no] = team
        for m in team.members:
            if m in owner:
                raise EloError(f"line {team.line} ({'310' if modern else '013'}): player {m} is already a member of "
                               f"team {owner[m].no} "
                               f"({owner[m].name}, line {owner[m].line}); a player plays for one team")
            owner[m] = team
    numbers = sorted(seen)
    if numbers != list(range(1, len(numbers) + 1)):
        missing = next(n for n in range(1, len(numbers) + 1) if n not in seen)
        outside = next(seen[n] for n in numbers if n > len(numbers))
        where = f"line {outside.line} ({'310' if modern else '013'}): " if outside.line is not None else ""
        raise EloError(f"{where}the team numbers are not 1 to {len(numbers)}: team {missing} is missing; "
                       f"number the 310 records 1…N (this one says {outside.no})")
    return [seen[n] for n in numbers]


def _per_round(records: list[TrfRecord], first: int, rounds: int) -> list[int | None]:
    """A 3-column team number per round from column ``first`` (``000`` or blank: none)."""
    out: list[int | None] = [None] * rounds
    for r in records:
        for t in range(rounds):
            column = first + 4 * t
            text = r.text[column - 1:column + 2].strip()
            if text and text.strip("0"):
                if not text.isdigit():
                    raise EloError(f"{record_place(r)}, columns {column}–{column + 2}: team {show(text)} is not a number")
                out[t] = int(text)
    return out


def match_scale(trf: TrfEvent) -> tuple[Fraction, Fraction, Fraction]:
    """A won, drawn and lost match's points (``362``: ``TW 2.0 TD 1.0 TL 0.0``; default 2, 1, 0).

    >>> match_scale(TrfEvent([TrfRecord("362 TW 3.0   TD 1.0   TL 0.0")]))
    (Fraction(3, 1), Fraction(1, 1), Fraction(0, 1))
    """
    win, draw, loss = Fraction(2), Fraction(1), Fraction(0)
    for r in trf.records("362"):
        for key, value in re.findall(r"T([WDL])\s*(-?\d+(?:[.,]\d+)?)", r.text[4:].upper()):
            number = Fraction(value.replace(",", "."))
            if key == "W":
                win = number
            elif key == "D":
                draw = number
            else:
                loss = number
    return win, draw, loss


def primary_score(trf: TrfEvent) -> str:
    """``MP`` or ``GP``: the score a team file ranks first, from its ``192`` code (the first of
    ``MP`` and ``GP`` it names), else match points.

    >>> primary_score(TrfEvent([TrfRecord("192 FIDE_TEAM_GP_MP")])), primary_score(TrfEvent())
    ('GP', 'MP')
    """
    code = (trf.header("192") or "").upper()
    found = re.findall(r"(?<![A-Z])(MP|GP)(?![A-Z])", code.replace("_", " "))
    return found[0] if found else "MP"


def found_teams(teams: list[Team]) -> set[int]:
    """The team numbers."""
    return {team.no for team in teams}


def _boards(trf: TrfEvent, teams: list[Team], players: dict, rounds: int) -> int:
    """Boards per match: the length of the ``352`` colour sequence, else the most boards a
    team seated in a round, else the largest roster."""
    sequence = (trf.header("352") or "").strip().upper()
    if sequence and set(sequence) <= {"W", "B"}:
        return len(sequence)
    seated = max((sum(1 for m in team.members if t < len(players[m].games) and players[m].games[t].opponent is not None)
                  for team in teams for t in range(rounds)), default=0)
    return seated or max(len(team.members) for team in teams)


def read_teams(trf: TrfEvent, primary: str | None = None) -> TeamFile:
    """A team file's teams and matches (see the module's text); ``primary`` overrides the
    score the ``192`` code ranks first. A match whose boards face two teams, or whose boards
    disagree with its ``330`` or ``320`` record, is refused, naming the round and teams."""
    teams = read_roster(trf)
    if not teams:
        raise EloError("the file has no teams (310 or 013 records); rate it as an individual event")
    team_of = {m: team.no for team in teams for m in team.members}
    players = {p.start_no: p for p in trf.players}
    rounds = max((len(p.games) for p in trf.players), default=0)
    scoring = trf.scoring()
    mw, md, ml = match_scale(trf)
    boards = _boards(trf, teams, players, rounds)
    size = _number(trf.records("082")[0], 5, 12, "number of teams") if trf.records("082") else None
    del size  # informative: the 310 records are the teams
    pab_records = trf.records("320")
    pab_round = _per_round(pab_records, 15, rounds)
    abnormal = read_abnormal(trf, len(teams), rounds)
    forfeit_win = abnormal.defaults.get("+", (mw, scoring["FW"] * boards))
    forfeit_loss = abnormal.defaults.get("-", (ml, Fraction(0)))
    pab_mp = next((v for r in pab_records if (v := _points(r, 5, 8, "PAB match points")) is not None), mw)
    pab_gp = next((v for r in pab_records if (v := _points(r, 10, 13, "PAB game points")) is not None), None)
    forfeits: dict[tuple[int, int], tuple[str, int, int, TrfRecord]] = {}
    for r in trf.records("330"):
        parts = r.text[4:].split()
        if len(parts) != 4 or parts[0] not in ("+-", "-+", "--") or not all(x.isdigit() for x in parts[1:]):
            raise EloError(f"{record_place(r)}: write a forfeited match as +-, -+ or --, the round, the white team "
                           "and the black team, e.g. 330 +- 006 001 006")
        t, white, black = (int(x) for x in parts[1:])
        forfeits[(t, white)] = (parts[0], white, black, r)
        forfeits[(t, black)] = (parts[0], white, black, r)
    byes: dict[tuple[int, int], str] = {}
    for r in trf.records("240"):
        parts = r.text[4:].split()
        if len(parts) >= 3 and parts[0].upper() in ("F", "H", "Z") and all(x.isdigit() for x in parts[1:]):
            for no in parts[2:]:
                byes[(int(parts[1]), int(no))] = parts[0].upper()
    lineups: dict[tuple[int, int], tuple[int | None, list[int | None], TrfRecord]] = {}
    for r in trf.records("300"):
        parts = r.text[4:].split()
        if len(parts) < 3 or not all(x.isdigit() for x in parts):
            raise EloError(f"{record_place(r)}: write a lineup as the round, the team, the scheduled opponent (0 for none) "
                           "and the players board by board (0000 for an empty board)")
        seated_here = [int(x) or None for x in parts[3:]]
        for m in seated_here:
            if m is not None and m not in players:
                raise EloError(f"{record_place(r)}: player {m} of the lineup has no player line (001)")
        lineups[(int(parts[0]), int(parts[1]))] = (int(parts[2]) or None, seated_here, r)
    bye_points = {"F": scoring["FPB"], "H": scoring["HPB"], "Z": scoring["ZPB"]}
    bye_match = {"F": (mw, FULL_BYE), "H": (md, HALF_BYE), "Z": (ml, ZERO_BYE)}

    def game(m: int | None, t: int):
        return players[m].games[t] if m is not None and t < len(players[m].games) else None

    matches: list[list[Match]] = [[] for _ in teams]
    out_of_order: list[tuple[int, int]] = []
    seated: dict[tuple[int, int], tuple[int | None, ...]] = {}
    for t in range(rounds):
        # who played for which team this round: the round's lineups (300), else the rosters
        playing_for = dict(team_of)
        for (rd, no), (_, seated_here, _) in lineups.items():
            if rd == t + 1:
                playing_for.update({m: no for m in seated_here if m is not None})
        found: dict[int, tuple[int, str, Fraction, tuple[Fraction, ...], bool]] = {}
        for team in teams:
            lineup = lineups.get((t + 1, team.no))
            scheduled = None
            if lineup is not None:
                scheduled, board_players, _ = lineup
                present = [m for m in board_players if m is not None]
                order = [team.members.index(m) for m in present if m in team.members]
                if order != sorted(order):
                    out_of_order.append((t + 1, team.no))
            else:  # the members who played, and those who won a board the other team left empty (0000 - +)
                board_players = [m for m in team.members if (g := game(m, t)) is not None
                                 and (g.opponent is not None or g.result == "+")]
            played = [(m, g) for m in board_players if (g := game(m, t)) is not None and g.opponent is not None]
            if not played and lineup is None:
                continue  # no match: a bye, a forfeit written as 0000 - +, or an absence (below)
            against = {playing_for.get(g.opponent) for _, g in played}
            if scheduled is not None:
                against.add(scheduled)
            if not against:
                continue
            if None in against:
                stray = next(g.opponent for _, g in played if playing_for.get(g.opponent) is None)
                raise EloError(f"round {t + 1}: a board of team {team.no} ({team.name}) faces player {stray}, who is in "
                               "no team (no 310 roster or 300 lineup holds him); add him to his team's roster")
            if len(against) != 1:
                names = ", ".join(map(str, sorted(against)))
                raise EloError(f"round {t + 1}: team {team.no} ({team.name})'s boards face teams {names}; a match "
                               "is against one team (check the 310 rosters, the 300 lineups and the players' opponents)")
            opponent = against.pop()
            colour = (played[0][1].colour or "").lower() if played else ""
            points = []
            for m in board_players:
                g = game(m, t)
                if g is None or not g.result.strip():
                    points.append(Fraction(0))
                elif g.opponent is None:  # the other team left this board empty: won by default
                    points.append(scoring["FW"] if g.result.upper() in ("U", "+", "F") else Fraction(0))
                else:
                    points.append(game_points_of(g, scoring))
            pending = any((g := game(m, t)) is not None and g.opponent is not None and not g.result.strip()
                          for m in board_players)
            has_result = not pending and any((g := game(m, t)) is not None and g.result.strip() for m in board_players)
            found[team.no] = (opponent, colour if colour in ("w", "b") else "", sum(points, Fraction(0)),
                              tuple(points), has_result)
            seated[(t + 1, team.no)] = tuple(board_players)
        for team in teams:
            key = (t + 1, team.no)
            if team.no in found:
                opponent, colour, gp, points, has_result = found[team.no]
                other = found.get(opponent)
                if other is None and opponent in found_teams(teams) and key not in forfeits:
                    other = (team.no, "", Fraction(0), (), False)  # the other side wrote nothing this round
                if other is not None and other[0] != team.no:
                    raise EloError(f"round {t + 1}: team {team.no} ({team.name}) has boards against team {opponent}, "
                                   f"whose boards are against team {other[0]}")
                if key in forfeits:
                    sign, white, black, r = forfeits[key]
                    if {white, black} != {team.no, opponent}:
                        raise EloError(f"{record_place(r)}: round {t + 1} pairs teams {white} and {black}, but team "
                                       f"{team.no}'s boards face team {opponent}")
                    won = sign[0 if team.no == white else 1] == "+"
                    matches[team.no - 1].append(Match(opponent, colour or ("w" if team.no == white else "b"),
                                                      FORFEIT_WON if won else FORFEIT_LOST, mw if won else ml, gp,
                                                      points))
                    continue
                if pab_round[t] == team.no:
                    raise EloError(f"line {pab_records[0].line} (320): round {t + 1} gives team {team.no} a "
                                   f"pairing-allocated bye, but its boards play team {opponent}")
                if not has_result and not (other and other[4]):  # paired, no result yet
                    matches[team.no - 1].append(Match(opponent, colour, GAME, Fraction(0), Fraction(0), points, False))
                    continue
                theirs = other[2] if other else Fraction(0)
                mp = mw if gp > theirs else md if gp == theirs else ml
                matches[team.no - 1].append(Match(opponent, colour, GAME, mp, gp, points))
            elif key in forfeits:
                sign, white, black, r = forfeits[key]
                won = sign[0 if team.no == white else 1] == "+"
                opponent = black if team.no == white else white
                mp, gp = forfeit_win if won else forfeit_loss
                matches[team.no - 1].append(Match(opponent, "w" if team.no == white else "b",
                                                  FORFEIT_WON if won else FORFEIT_LOST, mp, gp, ()))
            elif pab_round[t] == team.no:
                written = [g for m in team.members if (g := game(m, t)) is not None]
                own = sum((game_points_of(g, scoring) for g in written if g.result.upper() == "U"), Fraction(0))
                gp = pab_gp if pab_gp is not None else own
                matches[team.no - 1].append(Match(None, "", PAB, pab_mp, gp, ()))
            elif key in byes:
                letter = byes[key]
                written = [g for m in team.members if (g := game(m, t)) is not None and g.result.upper() == letter]
                gp = (sum((game_points_of(g, scoring) for g in written), Fraction(0)) if written
                      else bye_points[letter] * boards)
                mp, kind = bye_match[letter]
                matches[team.no - 1].append(Match(None, "", kind, mp, gp, ()))
            else:
                written = [g for m in team.members if (g := game(m, t)) is not None]
                results = {g.result.upper() for g in written if g.result.strip()}
                if results == {"U"}:
                    gp = sum((game_points_of(g, scoring) for g in written), Fraction(0))
                    matches[team.no - 1].append(Match(None, "", PAB, pab_mp, gp, ()))
                elif results == {"+"}:  # a forfeit win with its opponent not recorded
                    gp = sum((game_points_of(g, scoring) for g in written), Fraction(0))
                    matches[team.no - 1].append(Match(None, "", FORFEIT_WON, mw, gp, ()))
                else:
                    matches[team.no - 1].append(NO_MATCH)
    for (t, no), (letter, mp, gp) in abnormal.results.items():  # 299 W 2.0 2.5 2 17: the match's result set
        m = matches[no - 1][t - 1]
        if m.kind == ABSENT and m.opponent is None:
            raise EloError(f"{abnormal.lines[(t, no)]}: team {no} has no match in round {t} to set the result of")
        matches[no - 1][t - 1] = replace(m, mp=mp, gp=gp, played=True)
    for (t, no), (mp, gp) in abnormal.penalties.items():  # 299 -1.0 -2.0 4 31: added in that round
        m = matches[no - 1][t - 1]
        matches[no - 1][t - 1] = replace(m, mp=m.mp + mp, gp=m.gp + gp)
    kind = games.kind(matches, games.declared_type(trf.header("192"), trf.tournament_type))
    event = TeamEvent(matches, boards, (mw, md, ml), (scoring["WW"], scoring["WD"]), primary or primary_score(trf),
                      kind != games.SWISS, start_date(trf.start), [team.name for team in teams], abnormal.standing)
    return TeamFile(teams, team_of, event, out_of_order, seated, abnormal.notes)




@dataclass(frozen=True)
class TeamStandings:
    """A team event ranked: the teams and matches read (:class:`TeamFile`), the ranking (the
    primary score, the list, the team number; :func:`~elo_xl.tiebreaks.teams.team_ranking`), the
    list as the arbiter wrote it, and how an opponent's PAB counts in Buchholz."""

    file: TeamFile
    ranking: Ranking
    written: tuple[str, ...]
    pab: str

    def rows(self) -> list[dict[str, Any]]:
        """One row per team in rank order, as ``--format json`` gives them: ``no``, ``name``,
        ``match_points``, ``game_points``, ``rank`` (shared by teams equal on everything) and
        ``tiebreaks`` (code as written → value; a rank-only tie-break as the place it gives)."""
        r = self.ranking
        e = self.file.event
        mp = prepare_points(e, "MP")
        gp = prepare_points(e, "GP")
        before = _places_before(r)
        out = []
        for i in sorted(range(e.teams), key=lambda i: r.ranks[i]):
            values: dict[str, int | float] = {}
            for k, (t, code) in enumerate(zip(r.tiebreaks, self.written)):
                v = r.values[i][k]
                if getattr(t, "ranks_only", False):
                    place, size = before[k][i]
                    values[code] = place + size - 1 - int(v)
                else:
                    values[code] = to_number(v)
            team = self.file.teams[i]
            out.append({"no": team.no, "name": team.name, "match_points": to_number(mp[i]),
                        "game_points": to_number(gp[i]), "rank": r.shared[i], "tiebreaks": values})
        return out


def board_results(standings: TeamStandings, trf: TrfEvent, rules: Any = None,
                  least: int = 1) -> list[list[dict[str, Any]]]:
    """Board prizes: per board number, the players who played at least ``least`` games over
    the board on it, best first (percentage, then points, then performance): start number,
    name, team, games, points, percentage and performance (the rule set's, None without rated
    opponents).

    >>> from elo_xl.event.samples import TEAM_TRF_PATH
    >>> from elo_xl.io.trf_read import read_trf
    >>> trf = read_trf(TEAM_TRF_PATH)
    >>> best = board_results(team_standings(trf, version="2024"), trf, least=5)[3][0]
    >>> best["name"], best["games"], best["points"], best["percent"]
    ('Elephants, Board 4', 7, 5.5, 78.6)
    """
    from ..engine import performance
    from ..results import RESULT_TEXT, game_points as points_of

    players = {p.start_no: p for p in trf.players}
    boards: list[dict[int, list[tuple[int | None, Fraction]]]] = [{} for _ in range(standings.file.boards)]
    team_name: dict[int, str] = {}
    for (t, no), seated in standings.file.lineups.items():
        for b, m in enumerate(seated[:len(boards)]):
            if m is None:
                continue
            g = players[m].games[t - 1]
            code = RESULT_TEXT.get(g.result.upper()) if g.result else None
            if g.opponent is None or code is None or g.result in "+-":
                continue
            boards[b].setdefault(m, []).append((players[g.opponent].rating, points_of(code)))
            team_name.setdefault(m, standings.file.teams[no - 1].name)
    out = []
    for table in boards:
        rows = []
        for m, met in table.items():
            if len(met) < least:
                continue
            won = sum((p for _, p in met), Fraction(0))
            perf = performance([[r for r, _ in met]], [[float(p) for _, p in met]], rules)
            rows.append({"start_no": m, "name": players[m].name, "team": team_name[m], "games": len(met),
                         "points": to_number(won), "percent": round(float(100 * won / len(met)), 1),
                         "performance": perf})
        rows.sort(key=lambda r: (-r["percent"], -r["points"], -(r["performance"] or 0), r["start_no"]))
        out.append(rows)
    return out


def pab_record(mp: Fraction, gp: Fraction, teams: list[int]) -> str:
    """A ``320`` record: a pairing-allocated bye's match points (columns 5–8), game points
    (10–13), then per round the team that had it (``000``: none), as :func:`read_teams` reads it.

    >>> pab_record(Fraction(1), Fraction(2), [0, 12, 0])
    '320  1.0  2.0 000 012 000'
    """
    return f"320 {float(mp):4.1f} {float(gp):4.1f} " + " ".join(f"{no:03d}" for no in teams)


def lineup_record(round_: int, team: int, opponent: int | None, players: list[int | None]) -> str:
    """A ``300`` record: the round, the team, its scheduled opponent (``000``: none) and its
    players board by board (``0000``: an empty board), as :func:`read_teams` reads it.

    >>> lineup_record(3, 1, 4, [2, None, 1])
    '300 003 001 004 0002 0000 0001'
    """
    return f"300 {round_:03d} {team:03d} {opponent or 0:03d} " + " ".join(f"{no or 0:04d}" for no in players)


def with_team_totals(text: str, mp: list[Fraction], gp: list[Fraction], ranks: list[int] | None = None) -> str:
    """A TRF text with each ``310`` record's match points (columns 55–60), game points (62–67)
    and, given ``ranks``, rank (69–71) set to the team's (team ``no`` is index ``no - 1``); the
    one writer of those columns, for ``pair`` (gacrux checks them) and a team book's ``export``.

    >>> with_team_totals("310   1 Lions", [Fraction(3)], [Fraction(5, 2)], [1])
    '310   1 Lions                                           3.0    2.5   1'
    """
    out = []
    for line in text.split("\n"):
        if line.startswith("310") and line[4:7].strip().isdigit() and 1 <= int(line[4:7]) <= len(mp):
            i = int(line[4:7]) - 1
            line = line.ljust(71 if ranks is not None else 67)
            rank = f" {ranks[i]:>3}" if ranks is not None else line[67:71]
            line = line[:54] + f"{float(mp[i]):6.1f} {float(gp[i]):6.1f}" + rank + line[71:]
        out.append(line)
    return "\n".join(out)


def lineup_note(file: TeamFile) -> list[str]:
    """One note naming the lineups (``300``) whose boards are not in the roster's order (a board
    out of order: the event's regulations decide what it costs), round by round.

    >>> lineup_note(TeamFile([Team(1, "Alpha", "", (1, 2))], {}, TeamEvent([[]], 2), [(3, 1)]))
    ["the lineup (300) of 1 match is not in the roster's board order: round 3, Alpha (1)"]
    """
    if not file.out_of_order:
        return []
    n = len(file.out_of_order)
    shown = sorted(file.out_of_order)[:10]
    named = "; ".join(f"round {r}, {file.teams[no - 1].name} ({no})" for r, no in shown)
    if n > len(shown):
        named += f"; and {n - len(shown)} more"
    return [f"the lineup (300) of {n} match{'es' if n > 1 else ''} {'are' if n > 1 else 'is'} not in the roster's "
            f"board order: {named}"]


def prepare_points(event: TeamEvent, score: str) -> list[Fraction]:
    """Each team's total match (``MP``) or game (``GP``) points over the rounds counted, with
    the points a ``299`` record adds to its standing only."""
    rounds = event.rounds()
    k = 0 if score == "MP" else 1
    return [sum(((m.mp if score == "MP" else m.gp) for m in row[:rounds]), event.standing.get(i + 1, (0, 0))[k])
            for i, row in enumerate(event.matches)]


def _places_before(r: Ranking) -> list[dict[int, tuple[int, int]]]:
    """For each tie-break of a ranking, each team's (first place of its group, group size) before it."""
    n = len(r.ranks)
    groups = [sorted(range(n), key=lambda i: r.ranks[i])]
    keyed: list[tuple[Fraction, ...]] = [(r.points[i],) for i in range(n)]
    out = []
    for k in range(len(r.tiebreaks)):
        at: dict[int, tuple[int, int]] = {}
        by: dict[tuple[Fraction, ...], list[int]] = {}
        for i in range(n):
            by.setdefault(keyed[i], []).append(i)
        for members in by.values():
            first = min(r.ranks[i] for i in members)
            for i in members:
                at[i] = (first, len(members))
        out.append(at)
        keyed = [keyed[i] + (r.values[i][k],) for i in range(n)]
    del groups
    return out


def team_list(trf: TrfEvent, given: Any = None) -> tuple[list[Any] | None, tuple[str, ...] | None, str | None]:
    """The team tie-breaks a team file is ranked by: ``given`` (codes from ``--tiebreaks``),
    else its ``202`` record when that holds team codes, else None (the default list); with the
    codes as written and where they came from (for messages).

    >>> team_list(TrfEvent([TrfRecord("202 EDET/P, MPvGP", 4)]))
    ([TeamTiebreak('EDET/P'), TeamTiebreak('MPvGP')], ('EDET/P', 'MPvGP'), 'line 4 (202)')
    """
    if given is not None:
        items = given.split(",") if isinstance(given, str) else [str(c) for c in given]
        return parse_team_codes(items), tuple(i.strip() for i in items if i.strip().upper() != "PTS"), "--tiebreaks"
    for r in trf.headers:
        if r.code == "202" and r.value:
            where = record_place(r)
            items = [i.strip() for i in r.value.split(",") if i.strip() and i.strip().upper() != "PTS"]
            try:
                return parse_team_codes(items), tuple(items), where
            except EloError as error:
                raise EloError(f"{where}: {error} (or give --tiebreaks)") from None
    return None, None, None


def team_standings(trf: TrfEvent, codes: Any = None, version: str | None = None, pab: str = "points",
                   primary: str | None = None) -> TeamStandings:
    """Rank a team file: its teams and matches (:func:`read_teams`), the list (``codes``, else
    its ``202``, else :func:`~elo_xl.tiebreaks.team_codes.default_team_codes`), the rules
    (``version``, else those in force at the start date), ``pab``: ``points`` or ``draw``.

    >>> from elo_xl.event.samples import TEAM_TRF_PATH
    >>> from elo_xl.io.trf_read import read_trf
    >>> rows = team_standings(read_trf(TEAM_TRF_PATH), "MPvGP,BH:MP,EDE", "2024").rows()
    >>> rows[0]
    {'no': 5, 'name': 'Elephants', 'match_points': 10, 'game_points': 18, 'rank': 1, 'tiebreaks': {'MPvGP': 18, 'BH:MP': 55, 'EDE': 1}}
    """
    file = read_teams(trf, primary)
    tiebreak_codes, written, _ = team_list(trf, codes)
    if tiebreak_codes is None:
        tiebreak_codes = default_team_codes(file.event.primary)
        written = tuple(t.code for t in tiebreak_codes)
    ranking = team_ranking(file.event, tiebreak_codes, version or version_for(file.event.start), pab)
    return TeamStandings(file, ranking, tuple(written or ()), pab)


__all__ = ["TEAM_RECORDS", "Team", "TeamFile", "TeamStandings", "is_team_file", "lineup_note", "lineup_record",
           "match_scale",
           "pab_record", "prepare_points", "with_team_totals", "primary_score",
           "read_roster", "read_teams", "team_list", "team_standings"]
