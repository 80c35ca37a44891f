"""FIDE titles as files write them: the TRF-2016 words (``GM``, ``WIM``…) and the short lower-case
forms older pairing programs (Vega, early Swiss-Manager, JaVaFo) write in the title field
(``g``, ``m``, ``f``, ``c``, ``wg``, ``wm``, ``wf``, ``wc``), in any case.

>>> canonical("g"), canonical(" wm "), canonical("WGM"), canonical(""), canonical("xyz")
('GM', 'WIM', 'WGM', '', None)

One table, read by the norms (:mod:`elo_xl.norms`), the event readers (:mod:`elo_xl.event`),
the books' prefill and the TRF writer, which keeps a file's spelling when the title it means did
not change (:func:`same`).
"""

from __future__ import annotations

__all__ = ["TITLES", "SHORT_FORMS", "canonical", "same", "spellings"]

#: Titles as TRF-2016 writes them, highest first within each series.
TITLES = ("GM", "IM", "WGM", "WIM", "FM", "WFM", "CM", "WCM")

#: The short forms of older programs (title field of the ``001`` line), upper-cased.
SHORT_FORMS = {"G": "GM", "M": "IM", "F": "FM", "C": "CM", "WG": "WGM", "WM": "WIM", "WF": "WFM", "WC": "WCM"}


def canonical(text: str | None) -> str | None:
    """The title a title field means (``GM`` … ``WCM``), "" for a blank field, None for a word
    that is not a FIDE title.

    >>> [canonical(t) for t in ("c", "Wf", "im", "CM", None)]
    ['CM', 'WFM', 'IM', 'CM', '']
    """
    word = (text or "").strip().upper()
    if not word:
        return ""
    if word in TITLES:
        return word
    return SHORT_FORMS.get(word)


def spellings() -> list[tuple[str, str]]:
    """Every word read as a title, upper-cased (any case reads the same), with the title it
    means: the TRF-2016 words, then the short forms (what a spreadsheet's lookup table needs).

    >>> spellings()[:2], spellings()[8:10], len(spellings())
    ([('GM', 'GM'), ('IM', 'IM')], [('G', 'GM'), ('M', 'IM')], 16)
    """
    return [(title, title) for title in TITLES] + list(SHORT_FORMS.items())


def same(a: str | None, b: str | None) -> bool:
    """Whether two spellings mean the same title (``g`` and ``GM``; an unknown word only itself).

    >>> same("g", "GM"), same("m", "GM"), same("AGM", "agm"), same("", None)
    (True, False, True, True)
    """
    ca, cb = canonical(a), canonical(b)
    if ca is None or cb is None:
        return (a or "").strip().upper() == (b or "").strip().upper()
    return ca == cb
