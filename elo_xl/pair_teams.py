"""``elo-xl pair`` on a team file: the next round of the **teams** paired, printed, and written
into the TRF file.

A team Swiss is paired by FIDE's Swiss team system (Handbook C.04.6) through gacrux, FIDE
TEC's reference tool: elo-xl has no pairing engine of its own. gacrux is given the event's
TRF as elo-xl writes it for an individual event (:func:`elo_xl.event.pairings.engine_text`:
every player's points the sum of his results), with the ``310`` records' match and game
points made to agree with the matches (:func:`elo_xl.event.teams.prepare_points`). The colour
model and the primary score are the ``192`` code's, read by gacrux itself (``FIDE_TEAM_TYPEB_…``
type B, ``FIDE_TEAM_MP_GP`` and the other codes without a type: no colour preferences); a file
without a ``192`` is paired as ``fideteam`` (type A, match points first). A team round robin
(``192`` ``BERGER_TEAM_ROUNDROBIN``, ``FIDE_TEAM_ROUNDROBIN`` and their double forms, or a
declared round robin) is paired by FIDE's Berger tables (C.05 Annex 1) on the team numbers.

The boards of a match: board ``b`` seats the ``b``-th player of each team's lineup (the round's
``300`` record if one is written, else the roster order of ``310``); the colours alternate as
``352`` says (default ``WBWB…``), board 1 having the team's colour. Written with ``-o``: each
board's game on the two players' ``001`` lines (opponent and colour, no result yet), the
pairing-allocated bye as the team of that round in the ``320`` record (added when the file has
none: a drawn match's points, the boards' half points); every other line stays byte for byte.

>>> team_colours("WBWB", 4), team_colours("", 3), team_colours("BWBW", 4)
('wbwb', 'wbw', 'wbwb')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from .errors import EloError
from .io.trf_model import TrfEvent, declared_rounds
from .report import number_text

__all__ = ["TeamBoard", "TeamMatch", "TeamPairing", "TeamPairResult", "pair_team_file", "team_pairing_list",
           "team_colours", "is_team_text", "ROUND_ROBIN_CODES"]

#: TRF-2026 ``192`` codes of a team round robin: code → (double, reversed).
ROUND_ROBIN_CODES = {"BERGER_TEAM_ROUNDROBIN": (False, False), "FIDE_TEAM_ROUNDROBIN": (False, False),
                     "BERGER_TEAM_DOUBLEROUNDROBIN": (True, False), "FIDE_TEAM_DOUBLEROUNDROBIN": (True, True)}

#: What each colour model is called in the listing (gacrux's tokens, C.04.6 article 1.7).
MODELS = {"typea": "type A colour preferences", "typeb": "type B colour preferences",
          "nocolor": "no colour preferences"}


@dataclass(frozen=True)
class TeamBoard:
    """One board of a match: its number and the start numbers of White and Black (None: the
    lineup leaves that board empty)."""

    number: int
    white: int | None
    black: int | None


@dataclass(frozen=True)
class TeamMatch:
    """One match: its number (from 1), the white and black team numbers (the white team has
    board 1's White) and its boards."""

    number: int
    white: int
    black: int
    boards: tuple[TeamBoard, ...]


@dataclass(frozen=True)
class TeamPairing:
    """Round ``round`` of ``rounds`` of a team event: its matches, the team given the
    pairing-allocated bye (None: none), the teams left out (team → why: a requested bye's
    letter or ``absent``), how it was paired (``system``: the text the listing shows) and
    ``notes``: what the pairing did that the arbiter should know, one line each."""

    round: int
    rounds: int
    matches: tuple[TeamMatch, ...]
    bye: int | None
    left_out: dict[int, str]
    system: str
    round_robin: bool = False
    notes: tuple[str, ...] = ()

    def pairs(self) -> list[tuple[int, int]]:
        """(white team, black team) in match order, the bye last as (team, 0).

        >>> TeamPairing(1, 3, (TeamMatch(1, 2, 1, ()),), 3, {}, "").pairs()
        [(2, 1), (3, 0)]
        """
        return [(m.white, m.black) for m in self.matches] + ([(self.bye, 0)] if self.bye is not None else [])


@dataclass(frozen=True)
class TeamPairResult:
    """What ``pair`` computed on a team file: the file read, the teams read, the pairing, and
    the bytes of the file to write (None: nothing to write)."""

    trf: TrfEvent
    teams: object  # elo_xl.event.teams.TeamFile
    pairing: TeamPairing
    data: bytes | None
    name: str = ""
    notes: list[str] = field(default_factory=list)


def is_team_text(text: str) -> bool:
    """Whether a TRF text holds teams (a ``310`` or ``013`` record at the start of a line).

    >>> is_team_text("012 Cup\\n310   1 Alpha"), is_team_text("012 Cup\\n001    1")
    (True, False)
    """
    return re.search(r"(?m)^(310|013)[ \t]", text) is not None


def team_colours(sequence: str, boards: int) -> str:
    """The colour of the white team's player on each board (``w``/``b``): the ``352``
    sequence turned so that board 1 is White (board 1's colour is the team's), else ``WBWB…``;
    boards past the sequence alternate on."""
    seq = "".join(c for c in sequence.strip().upper() if c in "WB")
    if not seq:
        seq = "W"
    if seq[0] == "B":
        seq = seq.translate(str.maketrans("WB", "BW"))
    while len(seq) < boards:
        seq += "B" if seq[-1] == "W" else "W"
    return seq[:boards].lower()


def _where(trf: TrfEvent, code: str) -> str:
    """``line 4 (192)``: where the file's record ``code`` is."""
    r = next((r for r in trf.headers if r.code == code), None)
    return f"line {r.line} ({code})" if r is not None and r.line is not None else f"the {code} record"


#: Where a round's games are typed, as a refusal's advice says it: in a team file, in a team book.
TYPED_IN = {
    "file": {"results": "type the results on the players' lines", "clear": "take its games off the players' lines",
             "clear bye": "take its games off the players' lines (and the team out of 320)"},
    "book": {"results": "type the results in the Rounds sheet", "clear": "clear its rows in the Rounds sheet",
             "clear bye": "clear its rows in the Rounds sheet"},
}


def pair_team_file(source: Path, data: bytes, *, output: str | None = None, round_: int | None = None,
                   replace: bool = False, first_colour: str | None = None, rounds: int | None = None,
                   absent: Sequence[int] = (), typed_in: str = "file") -> TeamPairResult:
    """Pair the next round of the team event whose TRF bytes are ``data`` (read from
    ``source``); with ``output``, the bytes of the file with the round written in. Refusals
    are one line naming the file, their advice for where the games are typed (``typed_in``, a
    key of :data:`TYPED_IN`: the file, or the team book it was written from)."""
    from .io.decode import decode
    from .io.trf_read import parse_trf

    name = source.name or str(source)
    decoded = decode(data, name, "a TRF file")
    try:
        trf = parse_trf(decoded.text, name)
        pairing, teams, notes = _pairing(source, trf, round_=round_, replace=replace, first_colour=first_colour,
                                         rounds=rounds, absent=absent, data=data, advice=TYPED_IN[typed_in])
        written = None
        if output is not None:
            written, more = _written(decoded.text, trf, teams, pairing)
            notes += more
            written = written.encode(decoded.encoding)
    except EloError as error:
        text = str(error)
        raise EloError(text if text.startswith(f"{source}:") or text.startswith(f"{name}:")
                       else f"{source}: {text}") from None
    return TeamPairResult(trf, teams, pairing, written, name, notes)


def _paired_round(matches: list[list]) -> int:
    """The last round with a match (played or paired), a forfeited match or a
    pairing-allocated bye; 0 before round 1."""
    from .tiebreaks.unplayed import FORFEIT_LOST, FORFEIT_WON, GAME, PAB

    last = 0
    for row in matches:
        for r, m in enumerate(row, 1):
            if r > last and (m.opponent is not None or m.kind in (GAME, FORFEIT_WON, FORFEIT_LOST, PAB)):
                last = r
    return last


def _requested(trf: TrfEvent, round_: int, teams: int) -> dict[int, str]:
    """The team byes the ``240`` records ask for in ``round_``: team → ``F``, ``H`` or ``Z``."""
    out: dict[int, str] = {}
    for r in trf.records("240"):
        parts = r.text[4:].split()
        if len(parts) >= 3 and parts[0].upper() in ("F", "H", "Z") and all(x.isdigit() for x in parts[1:]):
            if int(parts[1]) != round_:
                continue
            for no in parts[2:]:
                if not 1 <= int(no) <= teams:
                    raise EloError(f"line {r.line} (240): team {int(no)} is not a team of the event (1 to {teams})")
                out[int(no)] = parts[0].upper()
    return out


def _lineup(trf: TrfEvent, team, round_: int, boards: int) -> tuple[int | None, ...]:
    """The players of ``team`` on its boards in ``round_``: its ``300`` record for the round,
    else its roster in order; None for an empty board."""
    for r in trf.records("300"):
        parts = r.text[4:].split()
        if len(parts) >= 3 and all(x.isdigit() for x in parts) and int(parts[0]) == round_ and int(parts[1]) == team.no:
            seated = [int(x) or None for x in parts[3:]]
            players = {p.start_no for p in trf.players}
            for m in seated:
                if m is not None and m not in players:
                    raise EloError(f"line {r.line} (300): player {m} of the lineup has no player line (001)")
            return tuple((seated + [None] * boards)[:boards])
    return tuple((list(team.members) + [None] * boards)[:boards])


def _system(trf: TrfEvent, teams) -> tuple[str, str | None, bool, tuple[bool, bool]]:
    """(what the listing calls the system, gacrux's ``-m`` (None: gacrux reads the ``192``),
    whether it is a round robin, (double, reversed))."""
    from . import games
    from .pairing.berger import system_of

    code = (trf.header("192") or "").strip().upper()
    if code in ROUND_ROBIN_CODES:
        double, reverse = ROUND_ROBIN_CODES[code]
        return "Berger tables, FIDE C.05 Annex 1, on the team numbers", None, True, (double, reverse)
    individual = system_of(code)
    if individual is not None:  # an individual round robin's code on a team file: the teams' round robin
        return "Berger tables, FIDE C.05 Annex 1, on the team numbers", None, True, individual
    if not code:
        said = games.declared_kind(games.declared_type(trf.tournament_type))
        if said in (games.ROUND_ROBIN, games.DOUBLE_ROUND_ROBIN):
            return ("Berger tables, FIDE C.05 Annex 1, on the team numbers", None, True,
                    (said == games.DOUBLE_ROUND_ROBIN, False))
        return f"Swiss team system, FIDE C.04.6, {MODELS['typea']}", "fideteam", False, (False, False)
    from gacrux.trf2json import trf2json

    system = trf2json().code192.get(code, {}).get("pairingSystem", [])
    if "fideteam" not in system:
        raise EloError(f"{_where(trf, '192')} says {code}: elo-xl pairs a team Swiss by FIDE's Swiss team system "
                       "(FIDE_TEAM_… codes, C.04.6) and a team round robin by the Berger tables (FIDE_TEAM_ROUNDROBIN); "
                       "pair this event with a program for that system")
    model = next((t for t in system if t in MODELS), "typea")
    return f"Swiss team system, FIDE C.04.6, {MODELS[model]}", None, False, (False, False)


def _pairing(source: Path, trf: TrfEvent, *, round_: int | None, replace: bool, first_colour: str | None,
             rounds: int | None, absent: Sequence[int], data: bytes, advice: dict[str, str] = TYPED_IN["file"]):
    from .event.teams import prepare_points, read_teams, with_team_totals

    teams = read_teams(trf)
    n = len(teams.teams)
    event = teams.event
    last = _paired_round(event.matches)
    target = last + 1
    if replace:
        raise EloError("--replace: pair pairs a team event's next round only; to pair a round again, "
                       f"{advice['clear bye']} first")
    if round_ is not None and round_ != target:
        if round_ < target:
            raise EloError(f"--round {round_}: round {round_} is paired already (the next round is {target}); to "
                           f"pair it again, {advice['clear']} first")
        raise EloError(f"--round {round_}: round {target} is the next one to pair (round {last} is the last paired)")
    name, method, round_robin, (double, reverse) = _system(trf, teams)
    declared = declared_rounds(trf)
    if round_robin:
        from .pairing.berger import cycle_length

        fixed = cycle_length(n) * (2 if double else 1)
        if rounds is not None and rounds != fixed:
            raise EloError(f"--rounds {rounds}: this team round robin of {n} teams has {fixed} rounds, fixed by the "
                           "Berger tables (C.05 Annex 1); leave out --rounds")
        planned = fixed
    else:
        planned = rounds or (declared[0] if declared else None)
        if planned is None:
            raise EloError("the file does not say how many rounds the event has (no XXR or 142 record); give "
                           "--rounds N (C.04.6 relaxes two criteria in the last two rounds, so gacrux needs it)")
    if target > planned:
        if round_robin:
            raise EloError(f"all {planned} rounds of this team round robin of {n} teams are paired: its rounds are "
                           "the Berger tables' (C.05 Annex 1), so nothing is left to pair")
        raise EloError(f"all {planned} rounds are paired; give --rounds N to add rounds")
    if last:
        from .tiebreaks.unplayed import GAME

        open_matches = sorted({(min(i, m.opponent), max(i, m.opponent)) if m.colour not in ("w", "b")
                               else ((i, m.opponent) if m.colour == "w" else (m.opponent, i))
                               for i, row in enumerate(event.matches, 1) if len(row) >= last
                               for m in [row[last - 1]] if m.kind == GAME and not m.played and m.opponent})
        if open_matches:
            shown = ", ".join(f"{a}–{b}" for a, b in open_matches[:10])
            more = f" and {len(open_matches) - 10} more" if len(open_matches) > 10 else ""
            count = f"{len(open_matches)} match{'es' if len(open_matches) != 1 else ''}"
            raise EloError(f"round {last} has {count} without every board's result (teams {shown}{more}); "
                           f"{advice['results']}, then pair round {target}")
    absent = sorted(set(absent))
    for no in absent:
        if not 1 <= no <= n:
            raise EloError(f"--absent {no}: in a team file --absent gives team numbers, and the event has teams 1 to "
                           f"{n}")
    requested = _requested(trf, target, n)
    left_out = {no: letter for no, letter in requested.items()}
    for no in absent:
        left_out.setdefault(no, "absent")
    to_pair = [no for no in range(1, n + 1) if no not in left_out]
    notes: list[str] = []
    if round_robin:
        if left_out:
            raise EloError(f"round {target}: a round robin's pairings are fixed by the Berger tables; a team that "
                           "does not play forfeits its match (330), so leave out --absent and the 240 byes")
        pairs = _berger(teams, target, n, double, reverse)
    else:
        if len(to_pair) < 2:
            who = "nobody is" if not to_pair else f"only team {to_pair[0]} ({teams.teams[to_pair[0] - 1].name}) is"
            raise EloError(f"round {target}: {who} left to pair once the requested byes (240) and --absent are left "
                           f"out; a match needs two teams")
        from .event.load import load
        from .event.pairings import engine_text
        from .pairing.dutch import pair_teams_gacrux

        # lineups handed in for this round (300) are the boards', not gacrux's: it refuses one
        # whose opponent is not known yet
        ahead = frozenset(r.line for r in trf.records("300") if r.line is not None
                          and (r.text[4:].split() or ["0"])[0].isdigit() and int(r.text[4:].split()[0]) >= target)
        text = engine_text(load(source, data), ahead)
        mp, gp = prepare_points(event, "MP"), prepare_points(event, "GP")
        text = with_team_totals(text, mp, gp)
        from .progress import WAITING_AFTER, Waiting

        top = first_colour or "w"
        with Waiting(f"pairing {source.name} ({n} teams)", after=WAITING_AFTER):
            pairs = pair_teams_gacrux(text, round_=target, method=method, top_colour=top, rounds=planned,
                                      absent=sorted(left_out))
        if not pairs:
            raise EloError(f"round {target}: nobody to pair")
    boards = teams.boards
    colours = team_colours(trf.header("352") or "", boards)
    matches, bye = [], None
    for white, black in pairs:
        if not black:
            bye = white
            continue
        w_lineup = _lineup(trf, teams.teams[white - 1], target, boards)
        b_lineup = _lineup(trf, teams.teams[black - 1], target, boards)
        seated = []
        for b in range(boards):
            wp, bp = w_lineup[b], b_lineup[b]
            seated.append(TeamBoard(b + 1, wp, bp) if colours[b] == "w" else TeamBoard(b + 1, bp, wp))
        matches.append(TeamMatch(len(matches) + 1, white, black, tuple(seated)))
    pairing = TeamPairing(target, planned, tuple(matches), bye, left_out, name, round_robin, tuple(notes))
    return pairing, teams, notes


def _berger(teams, target: int, n: int, double: bool, reverse: bool) -> list[tuple[int, int]]:
    """Round ``target`` of a team round robin from the Berger tables; refused when an earlier
    round's match is not the tables'."""
    from .pairing.berger import cycle_length, schedule_pairing, schedule_round

    m = cycle_length(n)
    for i, row in enumerate(teams.event.matches, 1):
        for r, match in enumerate(row[:target - 1], 1):
            j = match.opponent
            if j is None or j < i:
                continue
            expected, _ = schedule_round(i, j, n, 1 if r <= m else 2, reverse=reverse)
            if r != expected:
                raise EloError(f"round {r}: teams {i} and {j} met, but the Berger tables pair them in round "
                               f"{expected}; this round robin does not follow the tables (C.05 Annex 1), so elo-xl "
                               "cannot pair its next round")
    return schedule_pairing(n, target, double=double, reverse=reverse)


def _written(text: str, trf: TrfEvent, teams, pairing: TeamPairing) -> tuple[str, list[str]]:
    """The file's text with the round written in (see the module's text), and the notes."""
    from .io.trf_format import round_columns

    from .io.decode import newline_of

    lines = re.findall(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$", text)  # as split_lines counts them, ends kept
    ending = newline_of(text)
    by_player = {p.start_no: p for p in trf.players}
    r = pairing.round
    start = round_columns(r)[0] - 1
    notes: list[str] = []

    def put(player: int, opponent: int, colour: str) -> None:
        p = by_player[player]
        k = p.line - 1
        body = lines[k].rstrip("\r\n")
        end = lines[k][len(body):]
        here = body[start:start + 8]
        if here.strip():
            raise EloError(f"line {p.line}: player {player} has round {r} written already ({here.strip()}); "
                           f"take it off, then pair round {r}")
        body = body.ljust(start + 8)
        body = body[:start] + f"{opponent:4d} {colour}  " + body[start + 8:]
        lines[k] = body.rstrip() + end

    for m in pairing.matches:
        for b in m.boards:
            if b.white is not None and b.black is not None:
                put(b.white, b.black, "w")
                put(b.black, b.white, "b")
            elif b.white is not None or b.black is not None:
                notes.append(f"round {r}, match {m.number}, board {b.number}: the lineup leaves it empty; type the "
                             "present player's win by default (0000 - +) with the results")
    declared = declared_rounds(trf)
    if declared is not None and declared[0] < pairing.rounds:  # --rounds N added rounds: the file says so
        for rec in trf.headers:
            if rec.code in ("XXR", "142") and rec.line is not None:
                body = lines[rec.line - 1].rstrip("\r\n")
                lines[rec.line - 1] = f"{rec.code} {pairing.rounds}" + lines[rec.line - 1][len(body):]
    if pairing.bye is not None and not pairing.round_robin:
        notes += _bye_written(lines, trf, teams, pairing, ending)
    return "".join(lines), notes


def _bye_written(lines: list[str], trf: TrfEvent, teams, pairing: TeamPairing, ending: str) -> list[str]:
    """The pairing-allocated bye written into the ``320`` record (added after the last team
    record when the file has none)."""
    r, team = pairing.round, pairing.bye
    first = 14 + 4 * (r - 1)  # round r's team number: columns 15 + 4(r − 1) to + 2
    record = next((rec for rec in trf.records("320")), None)
    if record is not None:
        k = record.line - 1
        body = lines[k].rstrip("\r\n")
        end = lines[k][len(body):] or ending
        here = body[first:first + 3].strip()
        if here.strip("0"):
            raise EloError(f"line {record.line} (320): round {r} gives team {int(here)} the pairing-allocated bye "
                           "already")
        body = body.ljust(first)
        # rounds before r that the record does not reach get 000
        for t in range(1, r):
            column = 14 + 4 * (t - 1)
            if not body[column:column + 3].strip():
                body = body[:column] + "000" + body[column + 3:]
        body = body[:first] + f"{team:03d}" + body[first + 3:]
        lines[k] = body.rstrip() + end
        return []
    from .event.teams import match_scale, pab_record

    _, draw, _ = match_scale(trf)
    gp = Fraction(teams.boards) * trf.scoring()["WD"]
    body = pab_record(draw, gp, [0] * (r - 1) + [team])
    after = max((rec.line for rec in trf.headers if rec.code in ("310", "013") and rec.line), default=len(lines))
    if after - 1 < len(lines) and not lines[after - 1].endswith(("\n", "\r")):
        lines[after - 1] += ending
    lines.insert(after, body + ending)
    return [f"round {r}: a 320 record was added for the pairing-allocated bye, worth a drawn match "
            f"({number_text(float(draw))} MP) and half the boards ({number_text(float(gp))} GP); change its points if "
            "the event's rules give others"]


def team_pairing_list(result: TeamPairResult) -> str:
    """The pairing as the hall reads it: per match, the white team – the black team with their
    match and game points before the round, then its boards (board, White, Black); the bye;
    the teams not paired and why."""
    from .event.teams import prepare_points

    pairing, tf, trf = result.pairing, result.teams, result.trf
    names = {p.start_no: p.name for p in trf.players}
    mp, gp = prepare_points(tf.event, "MP"), prepare_points(tf.event, "GP")

    def team(no: int) -> str:
        return f"{tf.teams[no - 1].name} ({no})"

    def score(no: int) -> str:
        return f"MP {number_text(float(mp[no - 1]))}, GP {number_text(float(gp[no - 1]))}"

    def player(no: int | None) -> tuple[str, str]:
        return ("", "(empty board)") if no is None else (str(no), names.get(no, ""))

    count = len(pairing.matches)
    lines = [f"Round {pairing.round} of {pairing.rounds}: {count} match{'es' if count != 1 else ''} "
             f"({pairing.system})"]
    for m in pairing.matches:
        lines.append("")
        lines.append(f"Match {m.number}: {team(m.white)} – {team(m.black)}   ({score(m.white)} – {score(m.black)})")
        rows = [("Board", "No", "White", "No", "Black")]
        for b in m.boards:
            rows.append((str(b.number), *player(b.white), *player(b.black)))
        widths = [max(len(row[i]) for row in rows) for i in range(5)]
        for row in rows:
            cells = [row[0].rjust(widths[0]), row[1].rjust(widths[1]), row[2].ljust(widths[2]),
                     row[3].rjust(widths[3]), row[4].ljust(widths[4])]
            lines.append(("  " + "  ".join(cells)).rstrip())
    if pairing.bye is not None:
        lines.append("")
        if pairing.round_robin:
            lines.append(f"Bye: {team(pairing.bye)} (a round robin's bye is a free day: no match, no points)")
        else:
            lines.append(f"Bye: {team(pairing.bye)} ({score(pairing.bye)} before the round; the pairing-allocated "
                         "bye, points as the 320 record gives them)")
    if pairing.left_out:
        shown = ", ".join(f"{team(no)} ({'absent' if why == 'absent' else f'bye requested: {why}'})"
                          for no, why in sorted(pairing.left_out.items()))
        if pairing.bye is None:
            lines.append("")
        lines.append(f"Not paired: {shown}")
    return "\n".join(lines)
