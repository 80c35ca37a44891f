"""How wide a text prints: column widths and row heights computed from the words and the font.

Widths are estimated from the advance widths of Calibri (Carlito has the same metrics) at
11 pt on a 96 dpi screen, by classes of characters, and given in Excel's unit for column
widths (the width of the digit ``0``, 7 pixels, plus the cell's padding). The estimate errs
on the wide side so that a word never breaks: a header is wrapped at its spaces only.
"""

from __future__ import annotations

#: Pixels of a character of Calibri 11 pt, by class (the rest: ``OTHER``).
_NARROW = {**dict.fromkeys("il.,:;'|!ıĩìíỉịÌÍ", 3.2), **dict.fromkeys("jIJ()[]{}\" ", 4.0),
           **dict.fromkeys("frt-/–−", 4.8)}
_WIDE = {**dict.fromkeys("mwшщжыюмМ", 11.5), **dict.fromkeys("MWШЩЖЮ", 12.5), **dict.fromkeys("%×≥≤—", 10.0)}
OTHER_LOWER = 7.2
OTHER_UPPER = 8.6
#: Arabic letters print in a fallback font (Calibri has none), a little wider.
ARABIC = 7.5
DIGIT_PIXELS = 7.0
PADDING = 1.0
#: Points of one line of text at 11 pt (Excel's default row height is 15 pt).
LINE_POINTS = 15.0


def char_pixels(ch: str) -> float:
    """Pixels of one character of Calibri 11 pt (estimated by class).

    >>> char_pixels("0"), char_pixels("i"), char_pixels("W")
    (7.2, 3.2, 12.5)
    """
    if ch in _NARROW:
        return _NARROW[ch]
    if ch in _WIDE:
        return _WIDE[ch]
    if "\u0600" <= ch <= "\u06ff":
        return ARABIC
    if "\u064b" <= ch <= "\u065f":  # Arabic marks take no width of their own
        return 0.0
    return OTHER_UPPER if ch.isupper() else OTHER_LOWER


def text_width(text: str, bold: bool = False, size: float = 11) -> float:
    """The column width (Excel's unit) ``text`` needs on one line.

    >>> round(text_width("Rating"), 1), round(text_width("Rating", bold=True), 1)
    (6.5, 6.9)
    """
    pixels = sum(char_pixels(ch) for ch in text) * (1.08 if bold else 1.0) * size / 11
    return pixels / DIGIT_PIXELS + PADDING


def longest_word(text: str, bold: bool = False, size: float = 11) -> float:
    """The width of the widest word of ``text`` (words: what spaces and line breaks separate).

    >>> longest_word("Sonneborn-Berger points") == text_width("Sonneborn-Berger")
    True
    """
    return max((text_width(word, bold, size) for word in text.split()), default=0.0)


def lines(text: str, width: float, bold: bool = False, size: float = 11) -> int:
    """How many lines ``text`` takes in a column ``width`` wide, wrapped at spaces only.

    >>> lines("Counts for rating (2/3 rated, K_T ≥ 2250)", 12), lines("Rank", 12)
    (4, 1)
    """
    count = 0
    for paragraph in text.split("\n"):
        count += 1
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if line and text_width(candidate, bold, size) > width:
                count += 1
                line = word
            else:
                line = candidate
    return max(count, 1)


def line_points(size: float = 11) -> float:
    """The height in points of one line of text of ``size`` points.

    >>> line_points(), line_points(14)
    (15.0, 19.1)
    """
    return round(LINE_POINTS * size / 11, 1)
