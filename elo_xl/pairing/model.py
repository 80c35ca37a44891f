"""A round's pairing as every engine returns it: boards in order, then the pairing-allocated
bye, and who was left out of the round (requested byes, absent players).

>>> p = Pairing(3, (Board(1, 4, 1), Board(2, 2, 5)), bye=3, system="dutch")
>>> p.paired, [b.players for b in p.boards]
([4, 1, 2, 5, 3], [(4, 1), (2, 5)])
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Board", "Pairing"]


@dataclass(frozen=True)
class Board:
    """One board: its number (from 1) and the start numbers of White and Black."""

    number: int
    white: int
    black: int

    @property
    def players(self) -> tuple[int, int]:
        """(White, Black)."""
        return self.white, self.black


@dataclass(frozen=True)
class Pairing:
    """Round ``round`` of ``rounds`` (None: not known) paired by ``system`` (``"dutch"``: C.04.3
    through gacrux; ``"berger"``: C.05 Annex 1): its boards, the player given the
    pairing-allocated bye (None: no bye), and ``notes``: what the pairing noticed in the
    file and left aside (a record for a round the event does not have…), one line each."""

    round: int
    boards: tuple[Board, ...]
    bye: int | None = None
    system: str = "dutch"
    rounds: int | None = None
    notes: tuple[str, ...] = ()

    @property
    def paired(self) -> list[int]:
        """Every start number this pairing gives a board or the bye."""
        return [n for b in self.boards for n in b.players] + ([self.bye] if self.bye is not None else [])

    @classmethod
    def from_pairs(cls, round_: int, pairs: list[tuple[int, int]], system: str, rounds: int | None = None) -> "Pairing":
        """From (white, black) pairs in board order, black 0 (or None) for the bye.

        >>> Pairing.from_pairs(1, [(1, 3), (4, 2), (5, 0)], "dutch").bye
        5
        """
        boards, bye = [], None
        for white, black in pairs:
            if not black:
                if bye is not None:
                    raise ValueError(f"round {round_} has two byes ({bye} and {white})")
                bye = white
            else:
                boards.append(Board(len(boards) + 1, white, black))
        return cls(round_, tuple(boards), bye, system, rounds)
