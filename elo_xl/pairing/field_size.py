"""How large a field the Dutch system through gacrux pairs: :data:`MAX_PLAYERS`, and the
refusal of a larger one before gacrux is called.

gacrux builds a record for every pair of players before it pairs a round, and where the
simple pairing of a score bracket does not work out (in round 2 it seldom does) it pairs the
bracket by a weighted matching over every pair in it: its memory and time grow with the
square of the players and faster. Reading the file and writing the round cost elo-xl a few
tenths of a second at 2,500 players. gacrux has no option that pairs with less (its one
switch, ``-x weighted``, makes every bracket take the costly way), so ``pair`` states a size
instead, chosen from what ``bench/bench_pair_size.py`` measures (``docs/cli.md`` gives the numbers).

>>> check_field(MAX_PLAYERS)
>>> check_field(5000)
Traceback (most recent call last):
...
elo_xl.errors.EloError: 5,000 players is more than pair handles (1,500 at most: about 3.3 GB of memory and 7 minutes in round 2); split the field into sections of at most 1,500 players (by rating, as large opens do), each its own event, and pair each
"""

from __future__ import annotations

from ..errors import EloError

__all__ = ["MAX_PLAYERS", "COST", "check_field"]

#: The most players (player lines, absent ones included: gacrux counts every one) ``pair``
#: hands to gacrux.
MAX_PLAYERS = 1_500
#: What pairing a field of :data:`MAX_PLAYERS` costs in its costliest round, as measured.
COST = "about 3.3 GB of memory and 7 minutes in round 2"


def check_field(players: int) -> None:
    """Refuse a field of more than :data:`MAX_PLAYERS` players, before any memory is spent on
    it."""
    if players > MAX_PLAYERS:
        raise EloError(f"{players:,} players is more than pair handles ({MAX_PLAYERS:,} at most: {COST}); split the "
                       f"field into sections of at most {MAX_PLAYERS:,} players (by rating, as large opens do), each "
                       "its own event, and pair each")
