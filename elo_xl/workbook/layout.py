"""How wide a text prints: column widths and row heights computed from the words and the font.

Widths are estimated from the advance widths of Calibri (Carlito has the same metrics) at
11 pt on a 96 dpi screen, by classes of characters, and given in Excel's unit for column
widths (the width of the digit ``0``, 7 pixels, plus the cell's padding). The estimate errs
on the wide side so that a word never breaks: a header is wrapped at its spaces only.
"""

from __future__ import annotations

import re

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
    if "\u064b" <= ch <= "\u065f" or ch in "\u200e\u200f\u202a\u202b\u202c\u202d\u202e":
        return 0.0  # Arabic marks and direction marks take no width of their own
    if "\u0600" <= ch <= "\u06ff":
        return ARABIC
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


#: A run of left-to-right material inside right-to-left text: Latin letters, digits and the
#: signs of formulas (``E = 1/(1 + 10^(−D/400))``, ``K × (S − E)``, ``FIDE-2024``).
_LTR_RUN = re.compile(r"[A-Za-z0-9(|][A-Za-z0-9 ()+\-−–×/^.=:_|≥≤%·,]*[A-Za-z0-9)|]")
_ARABIC = re.compile(r"[\u0600-\u06ff]")
LRE, PDF, RLM = "\u202a", "\u202c", "\u200f"


def right_to_left(text: str) -> str:
    """Arabic text made to read right to left in every program: each run of left-to-right
    material with a sign that bidirectional reordering would scatter (a bracket, an operator)
    embedded left to right (U+202A … U+202C), and a right-to-left mark first so that a
    label starting with a Latin letter (``K المستخدم``) still reads from the right.

    >>> right_to_left("العدد 400 في 1/(1+10^(−D/400)).") == "العدد 400 في \\u202a1/(1+10^(−D/400))\\u202c."
    True
    >>> right_to_left("K المستخدم") == "\\u200fK المستخدم"
    True
    >>> right_to_left("للقواعد (FIDE: 20، و10 من 2400).") == "للقواعد (FIDE: 20، و10 من 2400)."
    True
    """
    if not _ARABIC.search(text):
        return text

    def embed(run: str) -> str:
        if run.count("(") != run.count(")"):
            # a bracket that opens or closes the Arabic sentence stays in it
            if run.startswith("("):
                return "(" + embed(run[1:].lstrip())
            if run.endswith(")"):
                return embed(run[:-1]) + ")"
            return run
        return f"{LRE}{run}{PDF}" if re.search(r"[()^/=×+−–]", run) else run

    text = _LTR_RUN.sub(lambda match: embed(match.group(0)), text)
    first = next((ch for ch in text if ch.isalpha()), "")
    return text if _ARABIC.match(first or "ا") else RLM + text
