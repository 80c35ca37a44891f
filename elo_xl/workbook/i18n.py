"""The workbooks' texts in a language: placeholders filled with the rule set's numbers, counted
nouns in the plural form each language gives a number (CLDR, through Babel).

The texts themselves are :data:`elo_xl.workbook.texts.TEXT` (importable from here too).

>>> translate("sheet.event", "vi")
'Giải đấu'
>>> translate("col.number", "en", number=7)
'7'
"""

from __future__ import annotations

import re
from functools import lru_cache

from babel import Locale

from ..languages import LANGUAGES
from ..rules import ELO_1970, FIDE, FIDE_RAPID, LOGISTIC, LogisticRules
from .texts import TEXT

__all__ = ["COUNTED", "LANGUAGES", "RULE_WORDS", "TEXT", "counted", "translate"]


#: The rule-set numbers the texts quote (``{cap}``, ``{k_top}``…), read from the rule-set objects.
RULE_WORDS: dict[str, object] = {
    "cap": FIDE.CAP, "exempt": FIDE.cap_exempt_from, "k_other": FIDE.K_OTHER, "k_top": FIDE.K_TOP,
    "top_from": FIDE.TOP_FROM, "k_new": FIDE.K_NEW, "new_games": FIDE.NEW_GAMES, "k_junior": FIDE.K_JUNIOR,
    "junior_age": FIDE.JUNIOR_AGE, "junior_below": FIDE.JUNIOR_BELOW, "k_times_n": FIDE.K_TIMES_N,
    "initial_games": FIDE.INITIAL_GAMES, "anchor": FIDE.INITIAL_ANCHOR, "initial_max": FIDE.INITIAL_MAX,
    "floor": FIDE.RATING_FLOOR, "kvant_k": ELO_1970.K_OTHER, "kvant_unrated": ELO_1970.unrated_as,
    "valid_part": ELO_1970.VALID_RATED_SHARE[0], "valid_whole": ELO_1970.VALID_RATED_SHARE[1],
    "valid_from": ELO_1970.VALID_FROM, "logistic_k": LOGISTIC.K_OTHER, "logistic_unrated": LOGISTIC.unrated_as,
    "gap_from": FIDE_RAPID.GAP_FROM, "gap_above": FIDE_RAPID.GAP_ABOVE, "seed_k": FIDE_RAPID.K_STANDARD_SEED,
    "scale": LogisticRules.SCALE_DEFAULT, "scale_min": LogisticRules.SCALE_MIN, "scale_max": LogisticRules.SCALE_MAX,
}


#: Counted nouns, written ``{count|noun}`` in a text: one form per CLDR plural category of
#: each language (Babel says which category a number takes: Russian one/few/many, Arabic
#: zero/one/two/few/many/other). A category a language does not list falls back to "other".
COUNTED: dict[str, dict[str, dict[str, str]]] = {
    "player": {
        "en": {"one": "{n} player", "other": "{n} players"},
        "vi": {"other": "{n} kỳ thủ"},
        "ar": {"one": "لاعب واحد", "two": "لاعبان", "few": "{n} لاعبين", "many": "{n} لاعبًا", "other": "{n} لاعب"},
        "ru": {"one": "{n} участник", "few": "{n} участника", "many": "{n} участников", "other": "{n} участника"},
    },
    "game": {
        "en": {"one": "{n} game", "other": "{n} games"},
        "vi": {"other": "{n} ván"},
        "ar": {"one": "شوط واحد", "two": "شوطان", "few": "{n} أشواط", "many": "{n} شوطًا", "other": "{n} شوط"},
        "ru": {"one": "{n} партия", "few": "{n} партии", "many": "{n} партий", "other": "{n} партии"},
    },
    "team": {
        "en": {"one": "{n} team", "other": "{n} teams"},
        "vi": {"other": "{n} đội"},
        "ar": {"one": "فريق واحد", "two": "فريقان", "few": "{n} فرق", "many": "{n} فريقًا", "other": "{n} فريق"},
        "ru": {"one": "{n} команда", "few": "{n} команды", "many": "{n} команд", "other": "{n} команды"},
    },
    "board": {
        "en": {"one": "{n} board", "other": "{n} boards"},
        "vi": {"other": "{n} bàn"},
        "ar": {"one": "رقعة واحدة", "two": "رقعتان", "few": "{n} رقعات", "many": "{n} رقعة", "other": "{n} رقعة"},
        "ru": {"one": "{n} доска", "few": "{n} доски", "many": "{n} досок", "other": "{n} доски"},
    },
    "round": {
        "en": {"one": "{n} round", "other": "{n} rounds"},
        "vi": {"other": "{n} vòng"},
        "ar": {"one": "جولة واحدة", "two": "جولتان", "few": "{n} جولات", "many": "{n} جولة", "other": "{n} جولة"},
        "ru": {"one": "{n} тур", "few": "{n} тура", "many": "{n} туров", "other": "{n} тура"},
    },
}

@lru_cache(maxsize=None)
def _locale(lang: str) -> Locale:
    """Babel's CLDR data for ``lang`` (parsed once)."""
    return Locale.parse(lang)


_COUNTED_FIELD = re.compile(r"\{(\w+)\|(\w+)\}")


def counted(n: int, noun: str, lang: str = "en") -> str:
    """``n`` and ``noun`` in the plural form that ``lang`` gives ``n`` (CLDR rules, via Babel).

    >>> counted(1, "round"), counted(21, "player", "ru"), counted(3, "player", "ru")
    ('1 round', '21 участник', '3 участника')
    >>> counted(1, "round", "ar"), counted(11, "round", "ar"), counted(22, "player", "ar")
    ('جولة واحدة', '11 جولة', '22 لاعبًا')
    """
    forms = COUNTED[noun][lang]
    category = _locale(lang).plural_form(n)
    return forms.get(category, forms["other"]).format(n=n)


def translate(key: str, lang: str = "en", **values: object) -> str:
    """The text of ``key`` in ``lang``, placeholders filled (rule numbers from :data:`RULE_WORDS`);
    ``{count|noun}`` in the plural form that ``lang`` gives the count.

    >>> translate("title.round_robin", "ru", players=10)[:28]
    'Круговой турнир, 10 участник'
    >>> translate("title.swiss", "en", players=1, rounds=1)[:24]
    'Swiss, 1 player, 1 round'
    >>> translate("k.700", "en")
    'If K × n exceeds 700 for the n games of a period, K becomes the largest whole number with K × n ≤ 700.'
    """
    text = TEXT[key][LANGUAGES.index(lang)]
    if "{" not in text:
        return text
    text = _COUNTED_FIELD.sub(lambda m: counted(values[m[1]], m[2], lang).replace("{", "{{").replace("}", "}}"), text)
    return text.format(**RULE_WORDS, **values)
