"""``elo-xl export`` of a team book: the TRF-2026 team file of what the arbiter typed, with the
teams' match and game points and ranks.

The book is read through its defined names (:data:`elo_xl.workbook.names.CONTRACT` ``team``),
every value checked where it was typed (a message names the book, the sheet and the cell).
The file holds the event's header records, ``092``/``192`` (a team Swiss, match points first;
the kept file's ``192``, so that ``pair`` pairs the book as that file: :func:`_system_code`),
``XXR``/``142``, ``352`` (the home team White on board 1, then alternating, as the book seats
them), ``362`` (the book's match points), ``202`` (the book's team tie-breaks), the players'
``001`` lines (each round's board game, a forfeited match's boards in roster order, a requested
bye's ``0000 - F/H/Z``), the ``310`` records (the roster in board order, match and game points
and rank by :func:`elo_xl.event.teams.team_standings` of the file written, as ``rate`` ranks
it), ``320`` (the pairing-allocated byes), ``240`` (the requested byes), ``330`` (the
forfeited matches) and ``300`` (the lineups the roster order would not give: :func:`_lineups`;
one typed out of roster order is noted, :func:`order_note`). The other records of the file the book was made from (kept on its Event
sheet) are written after them.

Read back by ``elo-xl workbook team --from``, the file gives a book with the same inputs.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from ..errors import EloError, show
from ..io.trf_model import TrfEvent, TrfGame, TrfPlayer, TrfRecord, game_points_of
from ..io.trf_read import parse_trf
from ..io.trf_write import write_trf
from ..results import COMPLEMENT, RESULT_HELP, TRF_SYMBOL, parse_result, to_number
from . import names
from .book_access import with_book
from .read import cell_text as _text
from .read import event_and_origin, not_a_result, rules_version

__all__ = ["order_note", "out_of_order", "read_team", "read_team_book", "team_book_to_trf"]

#: The header records this module writes itself (a kept record of one of these codes is left out).
WRITTEN = ("012", "022", "042", "052", "102", "062", "072", "082", "092", "142", "XXR", "192", "202", "352", "362",
           "013", "310", "320", "330", "300", "299", "240", "250", "260")
BYE_LETTERS = ("U", "F", "H", "Z")
#: The results a board takes (as TRF writes them); a bye is not a board's result.
BOARD_RESULTS = ("1", "=", "0", "+", "-", "W", "D", "L")


def _whole(value: Any) -> int | None:
    """A positive whole number typed (None: not one), read as every book cell is
    (:func:`elo_xl.results.to_number`)."""
    number = to_number(value)
    return number if isinstance(number, int) and number > 0 else None


def _number(value: Any) -> Fraction | None:
    """A number of points typed (None: not one)."""
    number = to_number(value)
    return Fraction(number).limit_denominator(1000) if number is not None else None


def _pts(x: Fraction) -> str:
    return f"{float(x):.1f}"


def read_team_book(path: str | Path, data: bytes | None = None) -> dict[str, Any]:
    """What was typed into a team book (``data``: its bytes, when read already): the event's
    fields and kept TRF file (``event``, ``origin``), ``teams`` (names), ``roster`` (per team its
    (start number, name, rating) in board order), ``rounds`` (per round its rows of (home, away,
    board, home player, away player, result as TRF writes it)), ``boards``, ``points`` (a match
    won, drawn, lost, a PAB's match and game points), ``tiebreaks`` and ``tiebreak_rules``; and
    where the rounds stand: ``grid`` (the ``TeamRounds`` range) and ``round_rows`` (per round the
    grid rows typed, from 0); every value checked where it was typed.

    >>> from elo_xl.workbook import build
    >>> read_team_book("cup.xlsx", build("team", teams=4, boards=2, rounds=3))
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: cup.xlsx: the book has fewer than two teams; type the teams, their rosters and the rounds
    """
    return with_book(path, read_team, data)


def read_team(path: Path, book: Any) -> dict[str, Any]:
    """:func:`read_team_book` of a book opened already (:func:`~elo_xl.workbook.book_access.with_book`)."""
    where = f"{path}, "

    def refuse(cell: str, text: str) -> EloError:
        return EloError(f"{where}{cell}: {text}")

    team_names = book.range(names.TEAM_NAMES, 999, 1)
    rosters = [book.range(name, 99999, 1) for name in names.ROSTER_FIELDS]
    grid = book.range(names.TEAM_ROUNDS, 99999, 6 * 99)
    for r in rosters[1:]:
        if len(r.rows) != len(rosters[0].rows):
            raise EloError(f"{path}: the range {r.name} ({r.reference}) is not the size of {rosters[0].name} "
                           f"({rosters[0].reference}); export needs the ranges as elo-xl wrote them")
    slots = len(team_names.rows)
    size = len(rosters[0].rows) // slots
    if size * slots != len(rosters[0].rows) or len(grid.rows[0]) % 6:
        raise EloError(f"{path}: the ranges {names.TEAM_NAMES}, {names.ROSTER_FIELDS[0]} and {names.TEAM_ROUNDS} "
                       "are not of the sizes elo-xl wrote; export needs the ranges as elo-xl wrote them")
    rounds = len(grid.rows[0]) // 6
    points = []
    for name in names.TEAM_POINTS:
        cell = book.range(name, 1, 1)
        value = _number(cell.rows[0][0])
        if value is None or value < 0:
            raise refuse(cell.cell(0), f"{show(cell.rows[0][0])} is not points ({name}); type a number such as 2")
        points.append(value)
    # the rosters: a place is a member when a name is typed
    roster: list[list[tuple[int, str, int | None]]] = [[] for _ in range(slots)]
    owner: dict[int, int] = {}
    seen_at: dict[int, str] = {}
    nos, player_names, ratings = rosters
    for k in range(len(nos.rows)):
        name = _text(player_names.rows[k][0])
        if not name:
            continue
        typed = nos.rows[k][0]
        no = _whole(typed)
        if no is None or no > 9999:
            raise refuse(nos.cell(k), f"{show(typed) if _text(typed) else 'no start number'} for {show(name)}; "
                                      "type the player's start number (1 to 9999)")
        if no in seen_at:
            raise refuse(nos.cell(k), f"start number {no} is already the number of {seen_at[no]}; give each "
                                      "player his own")
        rating_typed = ratings.rows[k][0]
        rating = None
        if _text(rating_typed) and _text(rating_typed) != "0":
            rating = _whole(rating_typed)
            if rating is None or rating > 9999:
                raise refuse(ratings.cell(k), f"{show(rating_typed)} is not a rating; type a rating or leave it blank")
        if len(name) > 33 or any(ch in name for ch in "\r\n\t"):
            raise refuse(player_names.cell(k), f"{show(name)} does not fit a TRF name (33 characters, one line)")
        roster[k // size].append((no, name, rating))
        owner[no] = k // size + 1
        seen_at[no] = f"{player_names.cell(k)}"
    # the rounds
    typed_rounds: list[list[tuple[Any, ...]]] = []
    round_rows: list[list[int]] = []
    used = {i + 1 for i in range(slots) if roster[i] or _text(team_names.rows[i][0])}
    for t in range(rounds):
        rows: list[tuple[Any, ...]] = []
        at: list[int] = []
        round_rows.append(at)
        teams_in_round: dict[int, str] = {}
        players_in_round: dict[int, str] = {}
        for j, row in enumerate(grid.rows):
            values = row[6 * t:6 * t + 6]
            if all(not _text(v) for v in values):
                continue
            at.append(j)
            cell = lambda k: grid.cell(j, 6 * t + k)  # noqa: E731
            numbers: list[int | None] = []
            for k in range(5):
                if not _text(values[k]):
                    numbers.append(None)
                    continue
                n = _whole(values[k])
                if n is None:
                    what = ("a team number", "a team number", "a board number", "a start number", "a start number")[k]
                    raise refuse(cell(k), f"{show(values[k])} is not {what}")
                numbers.append(n)
            home, away, board, hp, ap = numbers
            for k, team in ((0, home), (1, away)):
                if team is not None and team > slots:
                    raise refuse(cell(k), f"team {team} is not in the book ({names.TEAM_NAMES} holds {slots})")
            value = values[5]
            result = ""
            if _text(value):
                try:
                    code = parse_result(value, "rounds")
                except EloError:
                    raise refuse(cell(5), not_a_result(value) if not isinstance(value, str) or value.strip()
                                 else f"{show(value)} {RESULT_HELP}") from None
                result = TRF_SYMBOL[code] if code is not None else ""
            if home is None:
                raise refuse(cell(0), "the row has no home team; type the team (or clear the row)")
            if home == away:
                raise refuse(cell(1), f"team {home} plays itself; type its opponent")
            for k, team in ((0, home), (1, away)):
                if team is not None:
                    if team in teams_in_round and board is None:
                        raise refuse(cell(k), f"team {team} already has round {t + 1} in {teams_in_round[team]}")
                    teams_in_round.setdefault(team, cell(k))
                    used.add(team)
            if board is None:
                if hp is not None or ap is not None:
                    raise refuse(cell(2), "a row with players has a board; type the board number")
                if away is None:
                    if result not in (*BYE_LETTERS, "+"):
                        raise refuse(cell(5), f"{show(value) if result else 'no result'}: a team without an opponent "
                                              "has a bye (U, F, H, Z) or a forfeit win (+)")
                elif result not in ("+", "-"):
                    raise refuse(cell(5), f"{show(value) if result else 'no result'}: a match without boards is a "
                                          "forfeited match; type + (the home team wins) or − (the away team wins), "
                                          "or type its boards")
                rows.append((home, away, None, None, None, result))
                continue
            if away is None:
                raise refuse(cell(1), "a board has two teams; type the away team")
            if result and result not in BOARD_RESULTS:
                raise refuse(cell(5), f"{show(value)} is a bye, which a board does not take; type the game's result")
            for k, player, team in ((3, hp, home), (4, ap, away)):
                if player is None:
                    continue
                if player not in owner:
                    raise refuse(cell(k), f"player {player} is not in the rosters ({nos.reference}); add him to his "
                                          "team's roster")
                if owner[player] != team:
                    raise refuse(cell(k), f"player {player} plays for team {owner[player]}, not team {team}")
                if player in players_in_round:
                    raise refuse(cell(k), f"player {player} already plays round {t + 1} in {players_in_round[player]}")
                players_in_round[player] = cell(k)
            if hp is None and ap is None and result:
                raise refuse(cell(5), "a board without players has no result; type the players or clear the result")
            if (hp is None) != (ap is None) and result and result != ("+" if ap is None else "-"):
                raise refuse(cell(5), f"{show(value)}: a board with one player is won by default by him; type "
                                      f"{'+' if ap is None else '−'}")
            rows.append((home, away, board, hp, ap, result))
        typed_rounds.append(rows)
    n = max(used, default=0)
    if n < 2:
        raise EloError(f"{path}: the book has fewer than two teams; type the teams, their rosters and the rounds")
    for i in range(n):
        if not _text(team_names.rows[i][0]):
            raise refuse(team_names.cell(i), f"team {i + 1} has no name; type it")
        if not roster[i]:
            raise refuse(nos.cell(i * size), f"team {i + 1} ({_text(team_names.rows[i][0])}) has no player; type "
                                             "its roster")
    boards = max((row[2] for rows in typed_rounds for row in rows if row[2] is not None), default=0)
    if not boards:  # no board typed yet: the boards the book was made for (its rows per round), at most a roster
        boards = min(max(len(r) for r in roster[:n]), max(1, (len(grid.rows) - 2) // -(-slots // 2)))
    event, origin = event_and_origin(book, where)
    codes, version = _book_tiebreaks(book, where)
    return {"event": event, "origin": origin, "teams": [_text(team_names.rows[i][0]) for i in range(n)],
            "roster": roster[:n], "rounds": typed_rounds, "boards": boards, "points": points,
            "tiebreaks": codes, "tiebreak_rules": version, "grid": grid, "round_rows": round_rows}


def _book_tiebreaks(book: Any, where: str) -> tuple[list[str] | None, str | None]:
    """The team tie-breaks and rule version the book names (``TeamTiebreakList``,
    ``TeamTiebreakRules``): a code or version that is not one is refused at its cell."""
    from ..tiebreaks.team_codes import parse_team_codes
    from .team_book import OFFERED

    slots = book.range(names.TEAM_TIEBREAK_LIST, 6, 1)
    codes = []
    for k, row in enumerate(slots.rows):
        text = _text(row[0])
        if not text:
            continue
        if text.upper() not in {c.upper() for c in OFFERED}:
            raise EloError(f"{where}{slots.cell(k)} ({names.TEAM_TIEBREAK_LIST}): {show(text)} is not a tie-break this "
                           f"book computes; choose one of {', '.join(OFFERED)}, or clear it")
        if text.upper() in (c.upper() for c in codes):
            raise EloError(f"{where}{slots.cell(k)} ({names.TEAM_TIEBREAK_LIST}): {show(text)} is already in the "
                           "list; clear one of them")
        codes.append(next(c for c in OFFERED if c.upper() == text.upper()))
    parse_team_codes(codes)
    return codes or None, rules_version(book, names.TEAM_TIEBREAK_RULES, where)


def team_book_to_trf(path: str | Path, tiebreak_list: Any = None, version: str | None = None,
                     data: bytes | None = None, notes: list[str] | None = None,
                     book: dict[str, Any] | None = None) -> str:
    """The TRF-2026 team file of the team book at ``path`` (``data``: its bytes, when read
    already; ``book``: the book read already, :func:`read_team_book`; see the module's text);
    ranked by ``tiebreak_list`` and ``version`` when given, else by the book's. Given ``notes``,
    what the arbiter should know is appended to it. ``pair`` pairs a team book by pairing this
    file.

    >>> from elo_xl.workbook import build
    >>> team_book_to_trf("cup.xlsx", data=build("team", teams=4, boards=2, rounds=3))
    Traceback (most recent call last):
    ...
    elo_xl.errors.EloError: cup.xlsx: the book has fewer than two teams; type the teams, their rosters and the rounds
    """
    data = book if book is not None else read_team_book(path, data)
    from ..event.teams import prepare_points, team_standings, with_team_totals

    version = version or data["tiebreak_rules"]
    try:
        text = write_trf(_team_trf(data, tiebreak_list))
        standings = team_standings(parse_trf(text), tiebreak_list, version)
    except EloError as error:
        raise EloError(f"{path}: the TRF file would not be valid: {error}") from None
    event = standings.file.event
    if notes is not None:
        notes.extend(order_note(data))
    return with_team_totals(text, prepare_points(event, "MP"), prepare_points(event, "GP"), standings.ranking.ranks)


def _lineups(seats: dict[tuple[int, int], tuple[int | None, dict[int, int]]], roster: list[list[tuple[int, str, Any]]],
             players: dict[int, TrfPlayer], boards: int) -> list[str]:
    """The ``300`` records of the boards typed: a team's lineup of a round where the file would
    not read it from the roster (:func:`elo_xl.event.teams.read_teams` reads the members with a
    game in roster order): a lineup out of roster order, an empty board before a seated one, a
    player seated without a game yet."""
    from ..event.teams import lineup_record

    out = []
    for (r, team), (other, seated) in sorted(seats.items()):
        lineup = [seated.get(b) for b in range(1, max([boards, *seated]) + 1)]
        while lineup and lineup[-1] is None:
            lineup.pop()
        default = [no for no, _, _ in roster[team - 1]
                   if (g := players[no].games[r - 1]).opponent is not None or g.result == "+"]
        if lineup != default:
            out.append(lineup_record(r, team, other, lineup))
    return out


def out_of_order(book: dict[str, Any]) -> list[tuple[int, int, list[int]]]:
    """The lineups typed out of roster order in a team book read (:func:`read_team_book`):
    (round, team, its boards whose player sits above a team-mate the roster ranks ahead of
    him), as the Rounds sheet colours them.

    >>> out_of_order({"roster": [[(1, "A", None), (2, "B", None)], [(3, "C", None), (4, "D", None)]],
    ...               "rounds": [[(1, 2, 1, 2, 3, ""), (1, 2, 2, 1, 4, "")]]})
    [(1, 1, [1])]
    """
    found = []
    for t, rows in enumerate(book["rounds"]):
        seats: dict[int, list[tuple[int, int]]] = {}
        for home, away, board, hp, ap, _ in rows:
            for team, player in ((home, hp), (away, ap)):
                if board is not None and player is not None and team is not None:
                    seats.setdefault(team, []).append((board, player))
        for team, seated in sorted(seats.items()):
            rank = {no: k for k, (no, _, _) in enumerate(book["roster"][team - 1])}
            late = sorted(b for b, p in seated if any(c > b and rank.get(q, -1) < rank.get(p, -1) for c, q in seated))
            if late:
                found.append((t + 1, team, late))
    return found


def order_note(book: dict[str, Any]) -> list[str]:
    """One note naming the lineups typed out of roster order (:func:`out_of_order`), as ``rate``
    notes a team file's.

    >>> order_note({"teams": ["Alpha", "Beta"], "roster": [[(1, "A", None), (2, "B", None)], [(3, "C", None)]],
    ...             "rounds": [[(1, 2, 1, 2, 3, ""), (1, 2, 2, 1, None, "")]]})
    ["1 lineup is not in the roster's board order (the players' cells orange on the Rounds sheet): round 1, Alpha (1), board 1"]
    """
    found = out_of_order(book)
    if not found:
        return []
    n = len(found)
    named = "; ".join(f"round {r}, {book['teams'][no - 1]} ({no}), board{'s' if len(late) > 1 else ''} "
                      f"{', '.join(map(str, late))}" for r, no, late in found[:10])
    if n > 10:
        named += f"; and {n - 10} more"
    return [f"{n} lineup{'s are' if n > 1 else ' is'} not in the roster's board order (the players' cells orange on "
            f"the Rounds sheet): {named}"]


def _system_code(origin: TrfEvent | None) -> str:
    """The ``192`` code written: the kept file's (its pairing system and colour model, so that
    ``pair`` pairs the book as it pairs that file), ``FIDE_TEAM_TYPEA_MP_GP`` for a kept file
    without one (``pair`` pairs such a file by type A colours), else ``FIDE_TEAM_MP_GP``.

    >>> _system_code(None), _system_code(TrfEvent([TrfRecord("192 FIDE_TEAM_TYPEB_MP_GP")])), _system_code(TrfEvent())
    ('FIDE_TEAM_MP_GP', 'FIDE_TEAM_TYPEB_MP_GP', 'FIDE_TEAM_TYPEA_MP_GP')
    """
    if origin is None:
        return "FIDE_TEAM_MP_GP"
    return (origin.header("192") or "").strip().upper() or "FIDE_TEAM_TYPEA_MP_GP"


def _team_trf(data: dict[str, Any], tiebreak_list: Any) -> TrfEvent:
    """The TrfEvent of a team book read (:func:`read_team_book`), the ``310`` records without
    points and ranks yet."""
    from ..event.teams import pab_record

    boards, teams, roster, typed = data["boards"], data["teams"], data["roster"], data["rounds"]
    rounds = len(typed)
    win, draw, loss, pab_mp, pab_gp = data["points"]
    colours = "".join("W" if b % 2 == 0 else "B" for b in range(boards))
    players = {no: TrfPlayer(no, name, rating=rating, games=[TrfGame(None, "", "") for _ in range(rounds)])
               for team in roster for no, name, rating in team}
    origin = data["origin"]
    if origin is not None:  # the fields the book does not hold, from the file it kept
        for p in origin.players:
            q = players.get(p.start_no)
            if q is not None and q.name == p.name:
                q.sex, q.title, q.federation, q.fide_id, q.birth = p.sex, p.title, p.federation, p.fide_id, p.birth
    pab: list[int] = [0] * rounds
    byes: dict[tuple[str, int], list[int]] = {}
    forfeits: list[str] = []
    seats: dict[tuple[int, int], tuple[int | None, dict[int, int]]] = {}  # (round, team) → opponent, board → player
    for t, rows in enumerate(typed):
        for home, away, board, hp, ap, result in rows:
            if board is not None:
                for team, other, player in ((home, away, hp), (away, home, ap)):
                    seated = seats.setdefault((t + 1, team), (other, {}))[1]
                    if player is not None:
                        seated[board] = player
                white = board % 2 == 1
                if hp is not None:
                    players[hp].games[t] = TrfGame(ap, ("w" if white else "b") if ap is not None else "-", result)
                if ap is not None:
                    theirs = TRF_SYMBOL[COMPLEMENT[parse_result(result)]] if result else ""
                    if hp is None:
                        theirs = "+"
                    players[ap].games[t] = TrfGame(hp, ("b" if white else "w") if hp is not None else "-", theirs)
                continue
            if away is None and result == "U":
                pab[t] = home
            elif away is None and result in BYE_LETTERS:
                byes.setdefault((result, t + 1), []).append(home)
                for no, _, _ in roster[home - 1]:
                    players[no].games[t] = TrfGame(None, "-", result)
            elif away is None:  # a forfeit win without an opponent: its boards won by default
                for no, _, _ in roster[home - 1][:boards]:
                    players[no].games[t] = TrfGame(None, "-", "+")
            else:  # a forfeited match: the rosters' first boards face each other, won or lost by default
                won = result == "+"
                forfeits.append(f"330 {'+-' if won else '-+'} {t + 1:03d} {home:03d} {away:03d}")
                ours, theirs = roster[home - 1][:boards], roster[away - 1][:boards]
                for b in range(boards):
                    hp = ours[b][0] if b < len(ours) else None
                    ap = theirs[b][0] if b < len(theirs) else None
                    white = b % 2 == 0
                    if hp is not None:
                        players[hp].games[t] = TrfGame(ap, ("w" if white else "b") if ap else "-", "+" if won else "-")
                    if ap is not None:
                        players[ap].games[t] = TrfGame(hp, ("b" if white else "w") if hp else "-", "-" if won else "+")
    scoring = TrfEvent().scoring()
    for p in players.values():
        p.points = float(sum((game_points_of(g, scoring) for g in p.games if g.result.strip()), Fraction(0)))
    for p in players.values():
        p.rank = 1 + sum(1 for q in players.values() if q.points > p.points)
    event = data["event"]
    codes = [str(c) for c in tiebreak_list] if tiebreak_list is not None else list(data["tiebreaks"] or [])
    headers = [f"012 {event['name']}" if event.get("name") else None,
               f"022 {event['city']}" if event.get("city") else None,
               f"042 {event['start']}" if event.get("start") else None,
               f"052 {event['end']}" if event.get("end") else None,
               f"062 {len(players)}", f"082 {len(teams)}", "092 Team Swiss System",
               f"102 {event['arbiter']}" if event.get("arbiter") else None,
               f"142 {rounds}", f"XXR {rounds}", f"192 {_system_code(origin)}",
               f"202 {', '.join(codes)}" if codes else None,
               f"352 {colours}", f"362 TW {_pts(win)}   TD {_pts(draw)}   TL {_pts(loss)}"]
    records = [TrfRecord(text) for text in headers if text is not None]
    nicknames = {}
    if origin is not None:
        from ..event.teams import read_roster

        try:
            nicknames = {team.no: (team.name, team.nickname) for team in read_roster(origin)}
        except EloError:
            nicknames = {}
    for i, name in enumerate(teams):
        kept_name, nick = nicknames.get(i + 1, ("", ""))
        nick = nick if kept_name == name else ""
        head = f"310 {i + 1:>3} {name[:32]:<32} {nick[:5]:<5} {'':>6} {'':>6} {'':>6} {'':>3}"
        records.append(TrfRecord(head.ljust(73) + " ".join(f"{no:>4}" for no, _, _ in roster[i])))
    if any(pab):
        records.append(TrfRecord(pab_record(pab_mp, pab_gp, pab)))
    for (letter, t), nos in sorted(byes.items(), key=lambda item: (item[0][1], item[0][0])):
        records.append(TrfRecord(f"240 {letter} {t:03d} " + " ".join(f"{no:03d}" for no in nos)))
    records.extend(TrfRecord(text) for text in forfeits)
    records.extend(TrfRecord(text) for text in _lineups(seats, roster, players, boards))
    if origin is not None:
        records.extend(TrfRecord(r.text) for r in origin.headers
                       if r.code not in WRITTEN and not r.text.startswith("###") and r.text.strip())
    return TrfEvent(records, [players[no] for no in sorted(players)])
