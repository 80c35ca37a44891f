"""The languages elo-xl writes its books and lists in: the one list every command, help text and
translation table reads (a language is added here, then in the books' translation table,
:mod:`elo_xl.workbook.i18n`, whose test asks for every text in every language).

>>> LANGUAGES, NAMES["vi"]
(('en', 'vi', 'ar', 'ru'), 'Vietnamese')
>>> choices()
'en|vi|ar|ru'
"""

from __future__ import annotations

#: The languages, the default first.
LANGUAGES = ("en", "vi", "ar", "ru")
#: Each language's name in English.
NAMES = {"en": "English", "vi": "Vietnamese", "ar": "Arabic", "ru": "Russian"}


def choices() -> str:
    """The languages as a synopsis writes the choices: ``en|vi|ar|ru``."""
    return "|".join(LANGUAGES)
