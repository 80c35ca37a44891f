"""Built-in sample events, so that ``elo-xl demo`` and the documentation need no input file.

The players are invented; the results are typed as an arbiter would type them.

>>> len(ROUND_ROBIN.players), ROUND_ROBIN.players[0].name, ROUND_ROBIN.results[0][:3]
(10, 'Nguyen Van An', [None, '½', '½'])
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import random

    from .model import Tournament


@dataclass(frozen=True)
class SamplePlayer:
    """One player of a sample event (``rating`` None = unrated)."""

    name: str
    rating: int | None
    federation: str


@dataclass(frozen=True)
class SampleEvent:
    """A sample event as a crosstable: ``results[i][j]`` is player i's score against j."""

    name: str
    place: str
    start: str
    players: tuple[SamplePlayer, ...]
    results: list[list[str | None]]

    @property
    def ratings(self) -> list[int | None]:
        """The players' ratings in start order."""
        return [p.rating for p in self.players]


def _crosstable(rows: list[str]) -> list[list[str | None]]:
    return [[None if cell == "x" else cell for cell in row.split()] for row in rows]


_ROWS = [
    ("Nguyen Van An", 2531, "VIE", "x ½ ½ 1 ½ 1 ½ ½ 1 ½"),
    ("Layla Haddad", 2488, "JOR", "½ x ½ ½ ½ ½ 1 ½ ½ 1"),
    ("Ivan Petrov", 2452, "RUS", "½ ½ x 0 1 ½ 0 ½ 1 ½"),
    ("Tran Thi Binh", 2410, "VIE", "0 ½ 1 x ½ ½ ½ 1 ½ 1"),
    ("Omar Khalil", 2395, "EGY", "½ ½ 0 ½ x 1 ½ 1 ½ ½"),
    ("Olga Smirnova", 2361, "KAZ", "0 ½ ½ ½ 0 x ½ 1 ½ ½"),
    ("Le Minh Chau", 2322, "VIE", "½ 0 1 ½ ½ ½ x 1 1 ½"),
    ("Sara Nasser", 2290, "UAE", "½ ½ ½ 0 0 0 0 x 0 1"),
    ("Dmitri Volkov", 2248, "RUS", "0 ½ 0 ½ ½ ½ 0 1 x ½"),
    ("Pham Quoc Duy", None, "VIE", "½ 0 ½ 0 ½ ½ ½ 0 ½ x"),
]

#: A 10-player round robin with one unrated player.
ROUND_ROBIN = SampleEvent(
    name="elo-xl Sample Round Robin",
    place="Hanoi",
    start="2026/03/14",
    players=tuple(SamplePlayer(name, rating, fed) for name, rating, fed, _ in _ROWS),
    results=_crosstable([row for *_, row in _ROWS]),
)


def sample_round_robin() -> "Tournament":
    """The sample round robin as a :class:`~elo_xl.event.model.Tournament`.

    >>> sample_round_robin().entrants[9].rating is None
    True
    """
    from .model import Entrant, Tournament

    event = ROUND_ROBIN
    entrants = [Entrant(i + 1, p.name, p.rating, federation=p.federation) for i, p in enumerate(event.players)]
    return Tournament(entrants, event.results, name=event.name, city=event.place, start=event.start,
                      end=event.start, arbiter="", rounds=len(entrants) - 1)


#: A real-looking 12-player, 7-round Swiss as a FIDE TRF file (a withdrawal, a forfeit, byes,
#: an unrated player, three-letter titles).
SWISS_TRF_PATH = Path(__file__).parent.parent / "data" / "sample-swiss.trf"
#: The same players as an entry list before round 1 (7 rounds planned, none paired): the
#: start of ``docs/events.md``'s walk through an event.
OPEN_TRF_PATH = Path(__file__).parent.parent / "data" / "sample-open.trf"
#: A 14-team, 4-board, 7-round team Swiss as a TRF-2026 team file: the event of FIDE's team
#: tie-break exercises (IA M. Held, *Exercises in Tie-Breaking*, exercises 34–49), with a
#: pairing-allocated bye, a half-point and a zero-point team bye and a forfeited match.
TEAM_TRF_PATH = Path(__file__).parent.parent / "data" / "sample-team.trf"


def sample_swiss() -> "Tournament":
    """The sample Swiss as a :class:`~elo_xl.event.model.Tournament`.

    >>> t = sample_swiss()
    >>> len(t.entrants), len(t.pairings[0]), t.entrants[2].title
    (12, 7, 'WGM')
    """
    from .load import load

    return load(SWISS_TRF_PATH)


#: The results a random Swiss draws from: (white's, black's).
RANDOM_RESULTS = (("1", "0"), ("=", "="), ("0", "1"))


def random_swiss(rng: "random.Random", players: int, rounds: int, results: tuple = RANDOM_RESULTS,
                 bye: str = "U", unrated: bool = False, title: str = "Random Swiss") -> str:
    """A random Swiss as TRF text, every game on both lines (for benchmarks and tests).

    Players are paired at random each round; an odd one out gets ``bye``. With ``unrated``,
    about half the players have no rating.

    >>> import random
    >>> text = random_swiss(random.Random(1), 4, 2)
    >>> text.count("\\n001 "), "XXR 2" in text
    (4, True)
    """
    from ..io import TrfEvent, TrfGame, TrfPlayer, TrfRecord, set_standings, write_trf

    entrants = [TrfPlayer(i + 1, f"Player {i + 1:04d}",
                          rating=rng.choice([None, rng.randint(1400, 2700)]) if unrated else rng.randint(1400, 2700),
                          federation="VIE", fide_id=str(rng.randint(1, 99999999)), birth="1990/01/02")
                for i in range(players)]
    for _ in range(rounds):
        order = list(range(players))
        rng.shuffle(order)
        games = {}
        for a, b in zip(order[::2], order[1::2]):
            ra, rb = rng.choice(results)
            games[a], games[b] = TrfGame(b + 1, "w", ra), TrfGame(a + 1, "b", rb)
        for i, p in enumerate(entrants):
            p.games.append(games.get(i, TrfGame(None, "-", bye)))
    event = TrfEvent([TrfRecord(f"012 {title}"), TrfRecord("042 2026/07/01"), TrfRecord(f"XXR {rounds}")], entrants)
    set_standings(event)
    return write_trf(event)
