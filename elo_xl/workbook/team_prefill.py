"""A team book prefilled from a TRF-2026 team file (``elo-xl workbook team --from TEAMFILE``):
its sizes, the teams and rosters, every round's boards as :mod:`elo_xl.event.teams` reads
them, the points of a match and of a pairing-allocated bye, and the tie-break list.

A file the book cannot hold as it counts is refused in one line: game points first, a round
robin, a scoring other than 1, ½, 0 (``162``), abnormal points (``299``), a double forfeit, a
bye or forfeit whose game points are not the book's (the boards, half of them, none).

>>> from elo_xl.event.samples import TEAM_TRF_PATH
>>> from elo_xl.io.trf_read import read_trf
>>> sizes, data = team_prefill(read_trf(TEAM_TRF_PATH))
>>> sizes, data["teams"][:2], data["points"], data["rounds"][4][-2:]
({'teams': 14, 'boards': 4, 'rounds': 7}, ['Antelopes', 'Bonobos'], (2, 1, 0, 1, 2), [(12, None, None, None, None, 'U'), (14, None, None, None, None, 'H')])
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..errors import EloError
from ..event.teams import read_teams, team_list
from ..io.trf_model import TrfEvent
from ..rounding import to_number
from ..tiebreaks.codes import version_for
from ..tiebreaks.unplayed import ABSENT, FORFEIT_LOST, FORFEIT_WON, FULL_BYE, GAME, HALF_BYE, PAB, ZERO_BYE
from .team_book import DEFAULT

_BYE_LETTER = {PAB: "U", FULL_BYE: "F", HALF_BYE: "H", ZERO_BYE: "Z"}
_RESULT = {"=": "½", "D": "½", "W": "1", "L": "0"}


def _declared_pab(trf: TrfEvent) -> tuple[Fraction | None, Fraction | None]:
    """The match and game points the file's ``320`` record gives a pairing-allocated bye
    (columns 5–8 and 10–13; None: not written), as :func:`~elo_xl.event.teams.read_teams`
    reads them (it refused them already if they were not numbers).

    >>> from elo_xl.io.trf_model import TrfRecord
    >>> _declared_pab(TrfEvent([TrfRecord("320  1.0  2.0 000 000")])), _declared_pab(TrfEvent())
    ((Fraction(1, 1), Fraction(2, 1)), (None, None))
    """
    record = next(iter(trf.records("320")), None)
    if record is None:
        return None, None
    texts = (record.text[4:8].strip().replace(",", "."), record.text[9:13].strip().replace(",", "."))
    return tuple(Fraction(text) if text else None for text in texts)  # type: ignore[return-value]


def team_prefill(trf: TrfEvent) -> tuple[dict[str, int], dict[str, Any]]:
    """The sizes (``teams``, ``boards``, ``rounds``) and the prefill of a team book from ``trf``."""
    file = read_teams(trf)
    e = file.event
    if e.primary != "MP":
        raise EloError("the file ranks game points first (192); a team book ranks match points first")
    if e.round_robin:
        raise EloError("the file is a team round robin; a team book counts unplayed rounds as a Swiss does "
                       "(C.07 article 16) and holds team Swiss events only")
    if trf.scoring() != TrfEvent().scoring():
        raise EloError("the file scores games otherwise than 1, ½, 0 (162); a team book counts 1, ½ and 0")
    if file.notes or e.standing:
        raise EloError("the file has abnormal points (299); a team book does not hold them")
    boards = e.boards
    rounds = max(1, max((len(row) for row in e.matches), default=0))
    players = {p.start_no: p for p in trf.players}
    pab_points = [m.gp for row in e.matches for m in row if m.kind == PAB]
    declared = _declared_pab(trf)  # a 320 record's points, before any team had the bye
    pab_gp = pab_points[0] if pab_points else declared[1] if declared[1] is not None else Fraction(boards)
    pab_mp = next((m.mp for row in e.matches for m in row if m.kind == PAB),
                  declared[0] if declared[0] is not None else e.match_points[0])
    expected = {FULL_BYE: Fraction(boards), HALF_BYE: Fraction(boards, 2), ZERO_BYE: Fraction(0),
                FORFEIT_WON: Fraction(boards), FORFEIT_LOST: Fraction(0)}
    out: list[list[tuple[Any, ...]]] = []
    for t in range(rounds):
        rows: list[tuple[Any, ...]] = []
        done: set[int] = set()
        for i, row in enumerate(e.matches):
            no = i + 1
            m = row[t] if t < len(row) else None
            if m is None or no in done or m.kind == ABSENT:
                continue
            where = f"round {t + 1}, team {no} ({file.teams[i].name})"
            if m.kind == PAB and (m.gp != pab_gp or m.mp != pab_mp):
                raise EloError(f"{where}: its pairing-allocated bye gives other points than the first one's; "
                               "a team book gives every PAB the same points")
            if m.kind in expected and m.kind != FORFEIT_LOST and m.gp != expected[m.kind]:
                raise EloError(f"{where}: the round gives {to_number(m.gp)} game points; a team book gives "
                               f"{to_number(expected[m.kind])}")
            if m.kind in _BYE_LETTER:
                rows.append((no, None, None, None, None, _BYE_LETTER[m.kind]))
                continue
            if m.kind in (FORFEIT_WON, FORFEIT_LOST):
                other = m.opponent
                if other is not None and e.matches[other - 1][t].kind == m.kind:
                    raise EloError(f"{where}: a double forfeit; a team book does not hold one")
                if other is None:
                    if m.kind == FORFEIT_LOST:
                        continue
                    rows.append((no, None, None, None, None, "+"))
                    continue
                home, away = (no, other) if m.colour != "b" else (other, no)
                won = (m.kind == FORFEIT_WON) == (home == no)
                rows.append((home, away, None, None, None, "+" if won else "-"))
                done.update((no, other))
                continue
            if m.kind != GAME or m.opponent is None:
                continue
            home, away = (no, m.opponent) if m.colour != "b" else (m.opponent, no)
            done.update((home, away))
            ours, theirs = file.lineups.get((t + 1, home), ()), file.lineups.get((t + 1, away), ())
            for b in range(max(len(ours), len(theirs))):
                hp = ours[b] if b < len(ours) else None
                ap = theirs[b] if b < len(theirs) else None
                game = players[hp].games[t] if hp is not None and t < len(players[hp].games) else None
                if game is not None and game.opponent is not None:
                    ap = game.opponent
                if game is None and ap is not None and t < len(players[ap].games):  # an empty board at home
                    other = players[ap].games[t].result.strip().upper()
                    result = {"+": "-", "-": "+", "1": "0", "0": "1", "=": "½"}.get(other) if other else None
                else:
                    typed = game.result.strip().upper() if game is not None else ""
                    result = _RESULT.get(typed, typed) or None
                rows.append((home, away, b + 1, hp, ap, result))
        out.append(rows)
    codes, written, _ = team_list(trf)
    chosen = list(written) if codes is not None else list(DEFAULT)
    roster = [[(m, players[m].name, players[m].rating or None) for m in team.members] for team in file.teams]
    data = {"teams": [team.name for team in file.teams], "roster": roster, "rounds": out,
            "points": tuple(to_number(x) for x in (*e.match_points, pab_mp, pab_gp)),
            "tiebreaks": chosen, "tiebreak_rules": version_for(e.start)}
    return {"teams": len(file.teams), "boards": boards, "rounds": rounds}, data
