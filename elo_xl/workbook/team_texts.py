"""The labels of the team book's crosstable, players and board sheets
(:mod:`team_crosstable`, :mod:`team_players`), in the languages of
:data:`elo_xl.languages.LANGUAGES`; part of :data:`elo_xl.workbook.texts.TEXT`.

>>> TEXT["sheet.team_crosstable"][0]
'Crosstable'
"""

from __future__ import annotations

TEXT: dict[str, tuple[str, str, str, str]] = {
    "sheet.team_crosstable": ("Crosstable", "Bảng kết quả", "جدول النتائج", "Таблица"),
    "title.team_crosstable": ("Crosstable, {teams|team}, {rounds|round}: opponent, colour on board 1 (w, b), game "
                              "points; U, F, H, Z a bye; + − a forfeited match",
                              "Bảng kết quả, {teams|team}, {rounds|round}: đối thủ, màu quân ở bàn 1 (w, b), điểm "
                              "ván; U, F, H, Z miễn đấu; + − trận xử thắng/thua",
                              "جدول النتائج، {teams|team}، {rounds|round}: الخصم، لون الرقعة 1 (w، b)، نقاط الأشواط؛ "
                              "U وF وH وZ استراحة؛ + − مباراة بالتخلف",
                              "Таблица, {teams|team}, {rounds|round}: соперник, цвет на 1-й доске (w, b), очки на "
                              "досках; U, F, H, Z — свободный тур; + − матч, решённый неявкой"),
}
