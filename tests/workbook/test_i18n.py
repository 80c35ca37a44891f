"""The workbooks' words: every label in every language, and plurals by each language's rules.

Expected plural forms are written out by hand from the grammar of each language (Russian:
1 and 21 участник, 2–4 and 22 участника, 5–20 участников; Arabic: one and two have their
own words, 3–10 take the plural, 11–99 the singular accusative, 100 the singular).
"""

from __future__ import annotations

import pytest

from elo_xl.workbook.i18n import COUNTED, LANGUAGES, TEXT, counted, translate

#: Labels that are the same in every language: symbols, codes and formulas.
SAME_EVERYWHERE = {"col.k", "col.number", "col.diff", "col.w_minus_we", "col.k_times", "col.e_percent",
                   "col.e_a", "col.e_b", "tables.p", "tables.dp", "work.exp_sum", "work.k_eff", "work.h",
                   "work.expected", "work.k_given", "kvant.change", "out.SB", "out.Buchholz",
                   "tb.name.BH", "tb.name.SB", "dates.one_day"}


@pytest.mark.parametrize("key", sorted(TEXT))
def test_every_label_has_every_language(key):
    texts = TEXT[key]
    assert len(texts) == len(LANGUAGES)
    assert all(text.strip() for text in texts), key


def test_translated_labels_are_translated():
    untranslated = [(key, lang) for key, texts in TEXT.items() if key not in SAME_EVERYWHERE
                    for lang, text in zip(LANGUAGES[1:], texts[1:])
                    if text == texts[0] and any(c.isalpha() and c.isascii() for c in text.replace("K_T", ""))
                    and len(text) > 3]
    assert untranslated == []


def test_counted_nouns_have_an_other_form_in_every_language():
    for noun, forms in COUNTED.items():
        assert sorted(forms) == sorted(LANGUAGES), noun
        assert all("other" in by_category for by_category in forms.values()), noun


@pytest.mark.parametrize(("n", "text"), [(1, "1 участник"), (21, "21 участник"), (2, "2 участника"),
                                          (4, "4 участника"), (22, "22 участника"), (3, "3 участника"),
                                          (5, "5 участников"), (11, "11 участников"), (12, "12 участников"),
                                          (20, "20 участников"), (100, "100 участников"), (101, "101 участник")])
def test_russian_players(n, text):
    assert counted(n, "player", "ru") == text


@pytest.mark.parametrize(("n", "text"), [(1, "1 тур"), (3, "3 тура"), (9, "9 туров"), (11, "11 туров"),
                                          (21, "21 тур"), (24, "24 тура")])
def test_russian_rounds(n, text):
    assert counted(n, "round", "ru") == text


@pytest.mark.parametrize(("n", "noun", "text"), [
    (1, "round", "جولة واحدة"), (2, "round", "جولتان"), (3, "round", "3 جولات"), (10, "round", "10 جولات"),
    (11, "round", "11 جولة"), (99, "round", "99 جولة"), (100, "round", "100 جولة"),
    (1, "player", "لاعب واحد"), (2, "player", "لاعبان"), (9, "player", "9 لاعبين"), (22, "player", "22 لاعبًا"),
    (100, "player", "100 لاعب"),
])
def test_arabic(n, noun, text):
    assert counted(n, noun, "ar") == text


@pytest.mark.parametrize(("lang", "n", "text"), [("en", 1, "1 round"), ("en", 0, "0 rounds"), ("en", 9, "9 rounds"),
                                                  ("vi", 1, "1 vòng"), ("vi", 9, "9 vòng")])
def test_english_and_vietnamese(lang, n, text):
    assert counted(n, "round", lang) == text


def test_titles_use_the_plural_forms():
    assert translate("title.swiss", "en", players=1, rounds=1).startswith("Swiss, 1 player, 1 round —")
    assert translate("title.swiss", "ru", players=21, rounds=11).startswith("Швейцарская система, 21 участник, 11 туров —")
    assert translate("title.swiss", "ar", players=22, rounds=11).startswith("نظام سويسري، 22 لاعبًا، 11 جولة —")
    assert translate("title.round_robin", "ru", players=3).startswith("Круговой турнир, 3 участника —")


def test_vietnamese_hang_alone_is_never_rank():
    """Issue 9's wording: rank is "Xếp hạng", a tournament's category "Hạng giải"; "Hạng" alone
    (which reads as a class or grade) names neither. Every Vietnamese label is checked."""
    import re

    vi = LANGUAGES.index("vi")
    alone = {key: words[vi] for key, words in TEXT.items()
             if re.search(r"(?<!xếp )hạng(?! giải)", words[vi], flags=re.IGNORECASE)}
    assert alone == {}
    assert TEXT["col.place"][vi] == "Xếp hạng" and TEXT["out.Rank"][vi] == "Xếp hạng"
