"""Team tie-break codes as FIDE's Tie-Break Regulations (Handbook C.07) and TRF-2026's ``202``
record write them for team competitions, and the two scores a team event keeps.

A team event scores each match twice: **match points** (``MP``: 2, 1, 0 for a won, drawn and
lost match unless ``362`` says otherwise) and **game points** (``GP``: the board results). One
of them is the primary score (the ``192`` code, or the regulations); the other is usually the
first tie-break, ``MPvGP``.

The codes: ``MPvGP`` (the other score), ``MP`` and ``GP`` (either score as a tie-break),
Buchholz on either score (``BH:MP``, ``BH:GP``, with the cuts and medians of article 14:
``BH:MP/C1``), the extended Sonneborn-Berger family (``EMMSB``, ``EMGSB``, ``EGMSB``, ``EGGSB``:
the first letter after E is the score of the opponent, the second the team's own result in the
match; ``ESB`` is the opponent's primary score times the team's secondary: ``EMGSB`` when match
points are primary), ``SSSC`` (score and schedule strength combination),
``BC`` (board count), ``TBR`` (top-board result), ``BBE`` (bottom-board elimination) and the
extended direct encounter (``EDE``, ``EDEC``, ``EDET``, ``EDEB``, ``EDEBT``, ``EDEBB``). ``/P``
counts forfeited matches as played. ``-`` is read as ``/``; letters in any case.

>>> parse_team_codes("MPvGP, BH:MP/C1, emgsb, EDE")
[TeamTiebreak('MPvGP'), TeamTiebreak('BH:MP/C1'), TeamTiebreak('EMGSB'), TeamTiebreak('EDE')]
>>> parse_team_codes("BH:XP")
Traceback (most recent call last):
elo_xl.errors.EloError: team tie-break 1 "BH:XP": say which score Buchholz sums, BH:MP or BH:GP

``BH`` without a score, as some programs write it in a team file's ``202``, sums the primary
score.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import EloError, show
from .codes import Trimmed, modifiers

#: The two scores of a team event.
SCORES = ("MP", "GP")

#: Every team tie-break: base → (English name, modifiers it takes, whether it only ranks).
TEAM_NAMES: dict[str, tuple[str, tuple[str, ...], bool]] = {
    "MPVGP": ("the other score (match or game points)", (), False),
    "MP": ("match points", (), False),
    "GP": ("game points", (), False),
    "BH": ("Buchholz", ("C1", "C2", "M1", "M2", "P"), False),
    "ESB": ("extended Sonneborn-Berger: opponent's primary score × own secondary score", ("C1", "C2", "P"), False),
    "EMMSB": ("extended Sonneborn-Berger: opponent's match points × own match points", ("C1", "C2", "P"), False),
    "EMGSB": ("extended Sonneborn-Berger: opponent's match points × own game points", ("C1", "C2", "P"), False),
    "EGMSB": ("extended Sonneborn-Berger: opponent's game points × own match points", ("C1", "C2", "P"), False),
    "EGGSB": ("extended Sonneborn-Berger: opponent's game points × own game points", ("C1", "C2", "P"), False),
    "SSSC": ("score and schedule strength combination", (), False),
    "BC": ("board count", (), False),
    "TBR": ("top-board result", (), True),
    "BBE": ("bottom-board elimination", (), True),
    "EDE": ("extended direct encounter", ("P",), True),
    "EDEC": ("extended direct encounter, then board count", ("P",), True),
    "EDET": ("extended direct encounter, then top-board result", ("P",), True),
    "EDEB": ("extended direct encounter, then bottom-board elimination", ("P",), True),
    "EDEBT": ("extended direct encounter, then board count and top-board result", ("P",), True),
    "EDEBB": ("extended direct encounter, then board count and bottom-board elimination", ("P",), True),
}
#: How each base is written (``MPVGP`` is ``MPvGP``).
_SPELLING = {"MPVGP": "MPvGP"}
#: Tie-breaks where the lower value ranks higher (points won on the higher boards).
TEAM_ASCENDING = frozenset(("BC",))
_SPLIT = re.compile(r"[/\-]")


@dataclass(frozen=True, repr=False)
class TeamTiebreak(Trimmed):
    """One team tie-break: its base (``BH``, ``EMGSB``…), the score it sums where it takes one
    (``BH:MP``), its cut or median, and whether forfeited matches count as played (``/P``).

    >>> t = TeamTiebreak("BH", "GP", "C1")
    >>> t.code, t.name, t.cut, t.ranks_only
    ('BH:GP/C1', 'Buchholz', 1, False)
    """

    base: str
    score: str = ""
    trim: str = ""
    forfeits_played: bool = False

    @property
    def code(self) -> str:
        """The code as C.07 writes it: ``BH:MP/C1``, ``MPvGP``, ``EDE/P``."""
        head = _SPELLING.get(self.base, self.base) + (f":{self.score}" if self.score else "")
        return "/".join([head] + ([self.trim] if self.trim else []) + (["P"] if self.forfeits_played else []))

    @property
    def name(self) -> str:
        """Its English name."""
        return TEAM_NAMES[self.base][0]

    @property
    def ascending(self) -> bool:
        """Whether the lower value ranks higher (BC)."""
        return self.base in TEAM_ASCENDING

    @property
    def ranks_only(self) -> bool:
        """Whether the tie-break only orders teams still tied (its value: how many of them it
        ranks below the team), like the EDE family, TBR and BBE."""
        return TEAM_NAMES[self.base][2]



def parse_team_code(text: str, position: int | None = None) -> TeamTiebreak:
    """One team code (``BH:MP/C1``, ``bh:gp-c1``, ``EMGSB``, ``MPvGP``); an unknown code or a
    modifier C.07 does not define for it is an error naming it.

    >>> parse_team_code("bh:gp-m1"), parse_team_code("EDEB/P")
    (TeamTiebreak('BH:GP/M1'), TeamTiebreak('EDEB/P'))
    >>> parse_team_code("EMMSB/M1")
    Traceback (most recent call last):
    elo_xl.errors.EloError: team tie-break "EMMSB/M1": C.07 defines no modifier /M1 for EMMSB (it takes /C1, /C2, /P)
    """
    where = f"team tie-break {position} {show(text)}" if position is not None else f"team tie-break {show(text)}"
    parts = [p.strip().upper() for p in _SPLIT.split(text.strip())]
    head, _, score = parts[0].partition(":")
    base = head.strip()
    score = score.strip()
    if base not in TEAM_NAMES:
        known = [_SPELLING.get(b, b) for b in TEAM_NAMES]
        raise EloError(f"{where} is not a team tie-break of C.07; use {', '.join(known[:-1])} or {known[-1]} "
                       "(BH with :MP or :GP)")
    if base == "BH":
        if score and score not in SCORES:
            raise EloError(f"{where}: say which score Buchholz sums, BH:MP or BH:GP")
    elif score:
        raise EloError(f"{where}: {_SPELLING.get(base, base)} takes no score reference (:{score})")
    trim, played = modifiers(where, _SPELLING.get(base, base), parts[1:], TEAM_NAMES[base][1])
    return TeamTiebreak(base, score, trim, played)


def parse_team_codes(text: str | Sequence[str | TeamTiebreak]) -> list[TeamTiebreak]:
    """A list of team tie-breaks: comma-separated text (a ``202`` record's value, ``PTS``
    — the primary score, which ranks first anyway — left out) or a sequence of codes.

    >>> parse_team_codes("PTS, MPvGP, BH:MP")
    [TeamTiebreak('MPvGP'), TeamTiebreak('BH:MP')]
    >>> parse_team_codes("BH:MP,bh:mp")
    Traceback (most recent call last):
    elo_xl.errors.EloError: team tie-break 2 "bh:mp" is already tie-break 1 of the list
    """
    items = text.split(",") if isinstance(text, str) else list(text)
    out: list[TeamTiebreak] = []
    for position, item in enumerate(items, 1):
        if isinstance(item, TeamTiebreak):
            tiebreak = item
        else:
            if not str(item).strip():
                raise EloError(f"team tie-break {position} is empty; separate the codes by commas, "
                               "e.g. MPvGP,BH:MP/C1,EMGSB")
            if str(item).strip().upper() == "PTS":
                continue
            tiebreak = parse_team_code(str(item), position)
        if tiebreak in out:
            raise EloError(f"team tie-break {position} {show(str(item))} is already tie-break "
                           f"{out.index(tiebreak) + 1} of the list")
        out.append(tiebreak)
    return out


#: The list elo-xl ranks a team event by when neither ``202`` nor the command gives one: the
#: other score, then Buchholz and extended Sonneborn-Berger on the primary score.
DEFAULT_TEAM = {"MP": ("MPvGP", "BH:MP/C1", "EMGSB/C1", "BH:MP"), "GP": ("MPvGP", "BH:GP/C1", "EGGSB/C1", "BH:GP")}


def default_team_codes(primary: str) -> list[TeamTiebreak]:
    """The list a team event is ranked by when none is given (see :data:`DEFAULT_TEAM`).

    >>> [t.code for t in default_team_codes("MP")]
    ['MPvGP', 'BH:MP/C1', 'EMGSB/C1', 'BH:MP']
    """
    return parse_team_codes(DEFAULT_TEAM[primary])


__all__ = ["DEFAULT_TEAM", "SCORES", "TEAM_ASCENDING", "TEAM_NAMES", "TeamTiebreak", "default_team_codes",
           "parse_team_code", "parse_team_codes"]
