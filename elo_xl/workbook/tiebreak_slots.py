"""The tie-break slots of the Swiss and round-robin books: the codes each book computes (the
ones its six slots, ``TiebreakList``, take) and how the slots start from an event's list.
Apart from the columns that compute them (:mod:`.tiebreak_columns`), so that a reader of a book
(``export``, ``pair``) knows them without loading the book writer.

>>> chosen(["BH", "SB"], SWISS, ("DE",)), chosen(["BH", "APRO"], SWISS, ("DE",))
(['BH', 'SB'], ['DE'])
>>> [code for code in ROUND_ROBIN if code not in SWISS]
['KS']
"""

from __future__ import annotations

#: The tie-breaks the Swiss book computes, in the order of its dropdown (FIDE's recommended
#: list first).
SWISS = ("BH/C1", "BH", "SB", "PS", "DE", "WIN", "BWG", "BH/C2", "BH/M1", "BH/M2", "WON", "BPG", "ARO", "TPR")
#: The round-robin book's tie-breaks (FIDE's recommended list first): a crosstable has no
#: colours and no round order, so no BPG, BWG or PS; Buchholz is useless in a round robin.
ROUND_ROBIN = ("DE", "WIN", "SB", "KS", "WON", "ARO", "TPR")
#: The six slots.
SLOTS = 6


def chosen(given: list[str] | None, offered: tuple[str, ...], default: tuple[str, ...]) -> list[str]:
    """The slots' first contents: ``given`` (an event's ``202`` list) when the book computes
    every code of it, else ``default`` (FIDE's recommended list); six at most.

    >>> chosen(["BH", "SB"], SWISS, ("DE",)), chosen(["BH", "APRO"], SWISS, ("DE",))
    (['BH', 'SB'], ['DE'])
    """
    codes = list(given) if given and all(code in offered for code in given) else list(default)
    return codes[:SLOTS]
