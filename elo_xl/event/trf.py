"""An event written back as a TRF file, the one home of event → TRF (:mod:`elo_xl.event.load`
reads the other way): the lines of the file the event came from, or that its book kept (its
``origin``), its data where changed, every player's games, points and rank, and, in a
TRF-2026 file, the ``202`` record of the tie-breaks used. ``export`` writes a book's event
with it (:func:`to_trf`), ``pair`` a TRF file with its new round (:func:`paired_trf`), and
gacrux is given it to pair (:func:`elo_xl.event.pairings.engine_text`).

How the file's lines are kept (:func:`trf_of`):

- every record is written as it was, but for the event data the arbiter can change in the
  book (name ``012``, place ``022``, dates ``042``/``052``, arbiter ``102``), which is
  rewritten only when it changed (dates compared as dates), and the counts ``062``/``072``,
  rewritten only when their first number no longer matches and what they count changed in the
  book (``062 15 (12)`` stays, and so does a ``072 14`` that counts what the book cannot see);
- ``XXR``/``142`` keep the planned number of rounds: rewritten only when the games go beyond
  it or the book has more rounds (``workbook swiss --from FILE --rounds N``); a file without
  either gets none, an event without a file gets ``XXR`` with its number of rounds;
- each player line is the original line with only the changed fields written anew
  (:func:`elo_xl.io.trf_write.player_line`): points and rank, and whatever the arbiter
  changed. A rating written ``0``, ``0000`` or blank, a points column written ``5`` or
  ``5.0``, the spacing of every field, stay as they were.

What cannot round-trip: a field the arbiter changed is written in the specification's layout
(right-aligned numbers, ``YYYY/MM/DD`` for a date typed as a date); a tab in a record comes
back as a space (a workbook cell keeps no tab); the line ends and the encoding are the
exporting command's (UTF-8, LF).

Points are the engine's (byes and forfeits included); ranks the event's one ranking
(:func:`elo_xl.event.ranking.event_ranking`).

>>> from elo_xl.event.model import Entrant, Tournament
>>> t = Tournament([Entrant(1, "Ann", 2500), Entrant(2, "Bob", 2400)], [["1"], ["0"]], [[2], [1]], [["w"], ["b"]])
>>> [line[80:89] for line in to_trf(t).splitlines() if line.startswith("001")]
[' 1.0    1', ' 0.0    2']
"""

from __future__ import annotations

from typing import Any

from .. import tiebreaks
from ..engine import rate_event
from ..errors import EloError
from ..io.dates import as_date
from ..io.trf_format import PLAYER_COLUMNS, round_columns
from ..io.trf_model import TrfEvent, TrfGame, TrfPlayer, TrfRecord, declared_rounds, is_trf_2026
from ..io.trf_write import set_standings, write_trf
from ..pairing.berger import system_of
from ..games import SWISS, rounds_progress
from ..results import BYE_ZERO, TRF_SYMBOL, blank_result, parse_result
from .model import Tournament
from .ranking import event_ranking

__all__ = ["COUNTS", "EVENT_RECORDS", "kept_players", "paired_trf", "to_trf", "trf_event", "trf_of", "write_absences"]

#: The records the book's event data replaces when the arbiter changed it there.
EVENT_RECORDS = ("012", "022", "042", "052", "102")
#: Records that only count what the player lines show.
COUNTS = ("062", "072")


def _points(t: Tournament) -> list:
    """Every player's tournament points, as the engine counts them (byes and forfeits included)."""
    try:
        outcomes = rate_event(t.ratings, t.results, None, None, t.pairings, rounds=t.games())
    except EloError as error:
        raise EloError(f"the book's games do not agree, fix them first: {error}") from None
    return [o.points for o in outcomes]


def trf_event(t: Tournament, tiebreak_list: Any = None, version: str | None = None, *, chosen: bool = True,
              notes: list[str] | None = None, ranking: tiebreaks.Ranking | None = None) -> TrfEvent:
    """A :class:`~elo_xl.io.trf_model.TrfEvent` of the event: the kept lines, the event's data
    where changed, player lines with points and ranks (:func:`trf_of`). ``ranking`` is the
    event's ranking when the caller has it already (else :func:`event_ranking` of
    ``tiebreak_list`` and ``version``): an event is ranked once per command.

    ``chosen`` says whether the tie-breaks were chosen for this file (given, or changed in the
    book). When they were not, what the arbiter did not change stays as the kept file has it:
    while every game is the file's, each player's rank is the file's (blank where it ranked
    nobody); the ``202`` record is written back as read, and none is added. Otherwise the ranks
    are the event's ranking (:func:`~elo_xl.event.ranking.event_ranking`), players the file
    left unranked (withdrawn) stay unranked, a TRF-2026 file's ``202`` says the list used, and
    ``notes`` (when given) gains one line saying with which tie-breaks the ranks were
    recomputed and how many differ from the file's.
    A double round robin's book gains the ``192`` record naming its schedule
    (``FIDE_DOUBLEROUNDROBIN``, ``BERGER_DOUBLEROUNDROBIN``).
    """
    event = trf_of(t)
    if t.pairings is not None and t.kind() == SWISS:
        write_absences(event, t)
    system = system_of(t.declared)
    if system is not None and system[0] and event.header("192") is None:
        event.set_header("192", t.declared)  # a double round robin says so, and in which order
    points = _points(t)
    if ranking is None:
        ranking = event_ranking(t, tiebreak_list, version)
    ranks, codes = ranking.ranks, ranking.codes
    kept = kept_players(t)
    if kept:
        changed = _changed_games(event, kept)
        if not changed and not chosen:
            ranks = [kept[p.start_no].rank if p.start_no in kept else r for p, r in zip(event.players, ranks)]
        else:
            ranks = _ranked_as_kept(event, ranks, kept)
            if notes is not None and any(p.rank for p in kept.values()):
                differ = sum(1 for p, r in zip(event.players, ranks)
                             if p.start_no not in kept or kept[p.start_no].rank != r)
                why = (f"{changed} changed in the book" if changed else "the tie-breaks chosen for this file")
                outcome = (f"{differ} of {len(ranks)} ranks differ from the file's" if differ
                           else "every rank is the file's")
                notes.append(f"ranks recomputed ({why}): points, then {', '.join(codes)} ({ranking.version} rules), then "
                             f"start number; {outcome}")
    set_standings(event, points, ranks)
    if is_trf_2026(event) and (chosen or not kept and event.header("202") is None):
        event.set_header("202", ",".join(codes))
    return event


def write_absences(event: TrfEvent, t: Tournament) -> None:
    """Write ``0000 - Z`` (TRF's zero-point bye, "known absence from round"; TRF-2026 scores it
    as its ``162`` record's ``A``, absence) in the rounds of the Swiss ``t`` that were paired
    but in which a player has nothing: he withdrew, was left out (``--absent``), or entered
    late. A round nobody has paired yet stays blank, and so does a blank round of a round the
    event's file already held (what the file wrote stays as it wrote it).

    >>> from elo_xl.event.model import Entrant
    >>> t = Tournament([Entrant(n, f"P{n}", None) for n in (1, 2, 3)], [["1", None], ["0", None], [None, None]],
    ...                [[2, None], [1, None], [None, None]], [["w", ""], ["b", ""], ["", ""]], rounds=2)
    >>> event = trf_of(t); write_absences(event, t); [p.games[:2] for p in event.players][2]  # round 2: not paired
    [TrfGame(opponent=None, colour='-', result='Z'), TrfGame(opponent=None, colour='', result='')]
    """
    paired = rounds_progress(t.pairings, t.results)[1]
    origin = t.origin
    filed = {p.start_no: p for p in origin.players} if origin is not None else {}
    held = rounds_progress(origin.pairings(), origin.results())[1] if origin is not None else 0
    for p in event.players:
        for r in range(1, paired + 1):
            if r <= len(p.games) and not p.games[r - 1].blank:
                continue
            if p.start_no in filed and r <= held:
                continue  # the file's own round: blank as the file wrote it
            while len(p.games) < r:
                p.games.append(TrfGame(None, "", ""))
            p.games[r - 1] = TrfGame(None, "-", TRF_SYMBOL[BYE_ZERO])


def kept_players(t: Tournament) -> dict[int, TrfPlayer]:
    """The player lines of the file a book kept, read as the reader reads them (an absence the
    points column settles is its bye): start number → player. Empty for an event that is not a
    book's, for a book made without a file, or whose kept lines no longer read.

    >>> from elo_xl.io.trf_format import EXAMPLE
    >>> from elo_xl.io.trf_read import parse_trf
    >>> t = Tournament([], [], [], origin=parse_trf(EXAMPLE), kept=True)
    >>> [(n, p.rank) for n, p in kept_players(t).items()]
    [(1, 2), (2, 4), (3, 1), (4, 3)]
    """
    if not t.kept or t.origin is None:
        return {}
    return {p.start_no: p for p in t.origin.players}


def _game(g: TrfGame) -> tuple:
    """A round as the ranking sees it: opponent, colour (``-`` for none), result."""
    return (g.opponent, g.colour if g.colour in ("w", "b") else "", g.result)


def _changed_games(event: TrfEvent, kept: dict[int, TrfPlayer]) -> str:
    """What differs between the book's games and the kept file's: "" when nothing, else e.g.
    "3 players' games" or "the players" (added or left out)."""
    if set(kept) != {p.start_no for p in event.players}:
        return "the players"
    def rounds(p: TrfPlayer) -> list[tuple]:
        games = [_game(g) for g in p.games]
        while games and games[-1] == (None, "", ""):
            games.pop()
        return games
    count = sum(1 for p in event.players if rounds(p) != rounds(kept[p.start_no]))
    return "" if not count else f"{count} player{'s' if count > 1 else ''}' games"


def _ranked_as_kept(event: TrfEvent, ranks: list[int], kept: dict[int, TrfPlayer]) -> list[int | None]:
    """The ranking's ranks, with the players the kept file left unranked (withdrawn) kept so
    when the file ranks anybody; the others numbered 1, 2, … in the ranking's order."""
    players = event.players
    if not any(p.rank for p in kept.values()):
        return list(ranks)
    unranked = {p.start_no for p in kept.values() if not p.rank}
    order = sorted((r, p.start_no) for p, r in zip(players, ranks) if p.start_no not in unranked)
    new = {number: k for k, (_, number) in enumerate(order, 1)}
    return [new.get(p.start_no) for p in players]


def to_trf(t: Tournament, tiebreak_list: Any = None, version: str | None = None, *, chosen: bool = True,
           notes: list[str] | None = None, ranking: tiebreaks.Ranking | None = None) -> str:
    """The TRF text of an event, with points and ranks filled in (see :func:`trf_event`)."""
    return write_trf(trf_event(t, tiebreak_list, version, chosen=chosen, notes=notes, ranking=ranking))


def paired_trf(t: Tournament) -> TrfEvent:
    """The TRF file of an event read from one, with a round paired or dropped since
    (``elo-xl pair``): the file's lines (:func:`trf_of`), each player's points and rank as the
    file has them, but for the players whose results changed (the pairing-allocated bye, the
    rounds paired again), whose points are recounted under the file's scoring system; the ranks
    stay the file's (no round more was played). A points column the file did not fill (0 on
    every line: :func:`elo_xl.io.trf_points.filled`) is written as the results give it, every
    line's: one line recounted among the zeros would make it a witness the others contradict.

    >>> from elo_xl.io.trf_format import EXAMPLE
    >>> from elo_xl.io.trf_read import parse_trf
    >>> from elo_xl.event.load import from_trf
    >>> write_trf(paired_trf(from_trf(parse_trf(EXAMPLE)))) == EXAMPLE
    True
    """
    event = trf_of(t)
    before = {p.start_no: p for p in t.origin.players} if t.origin is not None else {}
    kept = t.origin is None or t.origin.points_filled
    recount = []
    for p in event.players:
        was = before.get(p.start_no)
        if was is None or not kept or [g.result for g in _trimmed(was.games)] != [g.result for g in _trimmed(p.games)]:
            recount.append(p.start_no)
        else:
            p.points, p.rank = was.points, was.rank
    if recount:
        computed = event.computed_points()
        for p, points in zip(event.players, computed):
            if p.start_no in recount:
                p.points = None if points is None else float(points)
                p.rank = before[p.start_no].rank if p.start_no in before else None
    return event


def _trimmed(games: list[TrfGame]) -> list[TrfGame]:
    """A player's rounds without the blank ones at the end."""
    games = list(games)
    while games and games[-1].blank:
        games.pop()
    return games


def _player_from_book(t: Any, i: int) -> TrfPlayer:
    e = t.entrants[i]
    colours = (t.colours[i] if t.colours and i < len(t.colours) else None) or [""] * len(t.pairings[i])
    games = []
    for r, (opponent, colour, result) in enumerate(zip(t.pairings[i], colours, t.results[i]), 1):
        code = None if blank_result(result) else parse_result(result, "results", (i + 1, r))
        symbol = "" if code is None else TRF_SYMBOL[code]
        # a result without an opponent (a bye typed in the book) takes the colour "-", as the specification writes it
        games.append(TrfGame(opponent, colour or ("-" if opponent is None and symbol else ""), symbol))
    return TrfPlayer(e.start_no, e.name, e.sex, e.title, e.rating, e.federation, e.fide_id, e.birth, games=games)


def _kept_bye_colours(p: TrfPlayer) -> None:
    """A bye the kept line already holds keeps the line's colour (``       H`` stays so); a bye
    typed in the book takes ``-`` (:func:`_player_from_book`)."""
    for r, g in enumerate(p.games, 1):
        if g.opponent is None and g.result:
            o, c, s = round_columns(r)
            text = p.text or ""
            if text[s - 1:s] == g.result and not text[o - 1:o + 3].strip(" 0"):
                p.games[r - 1] = TrfGame(None, text[c - 1:c].strip(), g.result)


def _same(code: str, record: str, value: str) -> bool:
    """Whether a kept record says what the book says (dates compared as dates)."""
    if code in ("042", "052"):
        return as_date(record) == as_date(value)
    if code in COUNTS:  # "062 15 (12)": the count, then what a program adds after it
        return record.split()[:1] == value.split()[:1]
    return record.strip() == value.strip()


def _file_counts(player_lines: list[str]) -> dict[str, str]:
    """What ``062`` and ``072`` would count in the file's own player lines: players, and
    players with a rating (columns 49–52 neither blank nor zero).

    >>> _file_counts(["001    1      Ha, An                            0000", "001    2      Le" + " " * 32 + "1800"])
    {'062': '2', '072': '1'}
    """
    a, b = PLAYER_COLUMNS["rating"]
    rated = sum(1 for text in player_lines if text[a - 1:b].strip().strip("0"))
    return {"062": str(len(player_lines)), "072": str(rated)}


def trf_of(t: Tournament) -> TrfEvent:
    """The TrfEvent of an event as it stands (its ``origin``'s lines, kept as the module says;
    the games of the event's cells; ``rounds`` the number of rounds it has), following the
    module's rules. Points and ranks are left to the caller.

    >>> from elo_xl.event import Entrant, Tournament
    >>> from elo_xl.io.trf_read import parse_trf
    >>> kept = parse_trf("012 Cup\\nXXR 3\\n001    1      Ha, An                            0000\\n###")
    >>> t = Tournament([Entrant(1, "Ha, An", None), Entrant(2, "Le, Binh", 1800)], [["1"], ["0"]],
    ...                [[2], [1]], [["w"], ["b"]], name="Cup", rounds=3, origin=kept, kept=True)
    >>> e = trf_of(t)
    >>> [r.text for r in e.headers], e.players[0].text[44:52]
    (['012 Cup', 'XXR 3', '###'], '    0000')
    """
    origin = t.origin
    headers = [TrfRecord(r.text, r.line) for r in origin.headers] if origin is not None else []
    # each player line of the file; for the file itself (not one a book kept), with its fields as
    # the reader read them (an old "0000 - =" is the H it means), so that a round whose meaning
    # did not change keeps the file's text, where a book writes what it holds (H)
    templates = {p.start_no: (p.text, p.line, None if t.kept else p.read) for p in origin.players
                 if p.text is not None} if origin is not None else {}
    players = []
    for i in range(len(t.entrants)):
        p = _player_from_book(t, i)
        for (number, r), result in (getattr(t, "announced", None) or {}).items():
            if number == p.start_no:  # a bye asked for a round not yet paired: written in its round
                while len(p.games) < r:
                    p.games.append(TrfGame(None, "", ""))
                if p.games[r - 1].opponent is None and not p.games[r - 1].result:
                    p.games[r - 1] = TrfGame(None, "-", result)
        if p.start_no in templates:
            p.text, p.line, p.read = templates[p.start_no]
            _kept_bye_colours(p)
        players.append(p)
    event = TrfEvent(headers, players)
    used = max((len(p.games) for p in players), default=0)
    planned = max(used, t.rounds or 0)
    values = [("012", t.name), ("022", t.city), ("042", t.start), ("052", t.end), ("102", t.arbiter),
              ("062", str(len(t.entrants))), ("072", str(sum(1 for e in t.entrants if e.rating)))]
    counted = _file_counts([text for text, _, _ in templates.values()])
    for code, value in values:
        current = event.header(code)
        if current is None and (not value or (origin is not None and code in COUNTS)):
            continue  # a record the file did without is not added to it
        if current is not None and _same(code, current, value or ""):
            continue
        if current is not None and code in COUNTS and origin is not None and counted.get(code) == value:
            continue  # what it counts did not change in the book: the file's figure stays ("072 14")
        event.set_header(code, value or "")
    declared = declared_rounds(event)
    if declared is None:
        if origin is None:
            event.set_header("XXR", str(planned))
    elif declared[0] < planned:  # the games went beyond it, or the book was made with more rounds
        for r in event.headers:
            if r.code in ("XXR", "142"):
                r.text = f"{r.code} {planned}"
    return event
