"""FIDE's two rating tables as exact integer data — the one copy every part of elo-xl reads.

Source: FIDE Rating Regulations (Handbook B.02, effective 1 March 2024), tables 8.1.2 and
8.1.1; table 8.1.2 is also Elo's Table 2.11 (1978) and Table 1 of E. Gik's Kvant article.

* :data:`D_TO_P` — table 8.1.2: ``(d_min, p_high)`` rows. A rating difference ``D`` uses the
  row with ``d_min <= |D| < next d_min``; the higher-rated side (``D >= 0``) scores
  ``p_high`` hundredths, the lower-rated side ``100 - p_high``.
* :data:`P_TO_DP` — table 8.1.1: rating difference ``dp`` for a fractional score of
  ``0.00, 0.01, …, 1.00`` (index = hundredths).

>>> expected_hundredths(100)
64
>>> expected_hundredths(-100)
36
>>> dp_for_hundredths(83)
273
"""

from __future__ import annotations

from bisect import bisect_right

#: Table 8.1.2 — (lowest |D| of the row, expected score of the higher-rated side in hundredths).
D_TO_P: tuple[tuple[int, int], ...] = (
    (0, 50), (4, 51), (11, 52), (18, 53), (26, 54), (33, 55),
    (40, 56), (47, 57), (54, 58), (62, 59), (69, 60), (77, 61),
    (84, 62), (92, 63), (99, 64), (107, 65), (114, 66), (122, 67),
    (130, 68), (138, 69), (146, 70), (154, 71), (163, 72), (171, 73),
    (180, 74), (189, 75), (198, 76), (207, 77), (216, 78), (226, 79),
    (236, 80), (246, 81), (257, 82), (268, 83), (279, 84), (291, 85),
    (303, 86), (316, 87), (329, 88), (345, 89), (358, 90), (375, 91),
    (392, 92), (412, 93), (433, 94), (457, 95), (485, 96), (518, 97),
    (560, 98), (620, 99), (736, 100),
)

#: Table 8.1.1 — dp for p = index / 100 (p from 0.00 to 1.00).
P_TO_DP: tuple[int, ...] = (
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383, -366, -351,
    -336, -322, -309, -296, -284, -273, -262, -251, -240, -230, -220, -211,
    -202, -193, -184, -175, -166, -158, -149, -141, -133, -125, -117, -110,
    -102, -95, -87, -80, -72, -65, -57, -50, -43, -36, -29, -21,
    -14, -7, 0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273,
    284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444, 470,
    501, 538, 589, 677, 800,
)

D_MIN: tuple[int, ...] = tuple(row[0] for row in D_TO_P)
P_HIGH: tuple[int, ...] = tuple(row[1] for row in D_TO_P)
SATURATION: int = D_MIN[-1]  # from |D| = 736 on, the higher-rated side scores 1.00

# p_high for every whole |D| from 0 to SATURATION: one index instead of a search per game.
_P_HIGH_BY_D: tuple[int, ...] = tuple(
    P_HIGH[bisect_right(D_MIN, d) - 1] for d in range(SATURATION + 1)
)


def expected_hundredths(d: int | float) -> int:
    """Expected score, in hundredths, of the side whose rating is ``d`` points above the other.

    No cap is applied here (the 400-point rule belongs to the rule set).

    >>> expected_hundredths(3), expected_hundredths(4), expected_hundredths(-4)
    (50, 51, 49)
    >>> expected_hundredths(1000), expected_hundredths(-735.5)
    (100, 1)
    """
    a = -d if d < 0 else d
    if a >= SATURATION:
        high = 100
    elif a.__class__ is int:
        high = _P_HIGH_BY_D[a]
    else:
        high = P_HIGH[bisect_right(D_MIN, a) - 1]
    return 100 - high if d < 0 else high


def dp_for_hundredths(p: int) -> int:
    """Table 8.1.1: rating difference for a fractional score of ``p`` hundredths (0–100).

    >>> dp_for_hundredths(100), dp_for_hundredths(50), dp_for_hundredths(0)
    (800, 0, -800)
    """
    return P_TO_DP[p]


def p_high_rows() -> list[tuple[int, int | None, int, int]]:
    """Table 8.1.2 as printed: ``(d_min, d_max or None, p_high, p_low)`` in hundredths.

    >>> p_high_rows()[1]
    (4, 10, 51, 49)
    >>> p_high_rows()[-1]
    (736, None, 100, 0)
    """
    rows = []
    for i, (d_min, high) in enumerate(D_TO_P):
        d_max = D_TO_P[i + 1][0] - 1 if i + 1 < len(D_TO_P) else None
        rows.append((d_min, d_max, high, 100 - high))
    return rows
