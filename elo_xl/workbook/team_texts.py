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
    "sheet.team_players": ("Players", "Kỳ thủ", "اللاعبون", "Игроки"),
    "sheet.team_boards": ("Boards", "Các bàn", "الرقعات", "Доски"),
    "title.team_players": ("Players, one row per roster place: points over the boards, ratings by the rule set "
                           "chosen on the Event sheet",
                           "Kỳ thủ, mỗi hàng một vị trí trong danh sách: điểm trên các bàn, Elo tính theo luật chọn "
                           "ở trang Giải đấu",
                           "اللاعبون، صف لكل مكان في القائمة: النقاط على الرقعات، والتصنيف وفق القواعد المختارة في "
                           "صفحة البطولة",
                           "Игроки, строка на место в составе: очки на досках, рейтинги по правилам листа «Турнир»"),
    "title.team_boards": ("Board prizes, {boards|board}: by percentage, then points, then performance",
                          "Giải theo bàn, {boards|board}: theo tỷ lệ phần trăm, rồi điểm, rồi thành tích",
                          "جوائز الرقعات، {boards|board}: حسب النسبة المئوية ثم النقاط ثم الأداء",
                          "Призы по доскам, {boards|board}: по проценту, затем очкам, затем перфомансу"),
    "team.board_games": ("Least games on a board for its prize", "Số ván tối thiểu ở một bàn để xét giải",
                         "أقل عدد من الأشواط على الرقعة لجائزتها", "Минимум партий на доске для приза"),
    "col.board_games": ("Games", "Số ván", "الأشواط", "Партий"),
    "col.percent": ("%", "%", "%", "%"),
    "team.board_overflow": ("Not shown: {number} players' places beyond a board's rows (a lineup out of the "
                            "roster's order); elo-xl rate --board-games lists them all.",
                            "Không hiện: {number} vị trí vượt quá số hàng của một bàn (đội hình không theo thứ tự "
                            "danh sách); elo-xl rate --board-games liệt kê đầy đủ.",
                            "غير معروض: {number} من المراكز تتجاوز صفوف الرقعة (تشكيلة بغير ترتيب القائمة)؛ "
                            "يعرضها elo-xl rate --board-games كلها.",
                            "Не показано: {number} мест сверх строк доски (состав не по порядку заявки); "
                            "elo-xl rate --board-games показывает всех."),
}
