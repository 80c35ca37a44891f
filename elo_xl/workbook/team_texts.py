"""The labels of the team book (:mod:`team_book`, its tie-breaks, :mod:`team_crosstable`,
:mod:`team_players`, :mod:`team_pairings_sheet`), in the languages of
:data:`elo_xl.languages.LANGUAGES`; part of :data:`elo_xl.workbook.texts.TEXT`.

>>> TEXT["sheet.team_crosstable"][0]
'Crosstable'
"""

from __future__ import annotations

TEXT: dict[str, tuple[str, str, str, str]] = {
    # the team book (:mod:`elo_xl.workbook.team_book`)
    "sheet.teams": ("Teams", "Các đội", "الفرق", "Команды"),
    "sheet.team_rounds": ("Rounds", "Các vòng", "الجولات", "Туры"),
    "title.teams": ("Teams, {teams|team}, {boards|board}: rosters in board order",
                    "Các đội, {teams|team}, {boards|board}: danh sách theo thứ tự bàn",
                    "الفرق، {teams|team}، {boards|board}: القوائم بترتيب الرقعات",
                    "Команды, {teams|team}, {boards|board}: составы по порядку досок"),
    "title.team_rounds": ("Rounds, {rounds|round}: one row per board, the home team has White on board 1",
                          "Các vòng, {rounds|round}: mỗi hàng một bàn, đội chủ nhà cầm Trắng ở bàn 1",
                          "الجولات، {rounds|round}: صف لكل رقعة، والفريق المضيف بالأبيض على الرقعة 1",
                          "Туры, {rounds|round}: строка на доску, у хозяев белые на 1-й доске"),
    "title.team_standings": ("Team standings, {teams|team}", "Bảng xếp hạng đội, {teams|team}",
                             "ترتيب الفرق، {teams|team}", "Командный зачёт, {teams|team}"),
    "team.type_here": ("Per board: home team, away team, board, the two players' numbers, the home player's result "
                       "(1 ½ 0 + −). A team without a match, on a row without a board: U (pairing-allocated bye), F, H "
                       "or Z. A forfeited match: both teams, no board, + or − for the home team. A player above a "
                       "team-mate his roster ranks ahead of him turns orange (a lineup out of order).",
                       "Mỗi bàn: đội chủ nhà, đội khách, bàn, số của hai kỳ thủ, kết quả của kỳ thủ đội chủ nhà "
                       "(1 ½ 0 + −). Đội không thi đấu, hàng không ghi bàn: U (miễn đấu do bốc thăm), F, H hoặc Z. "
                       "Trận bị xử thua: cả hai đội, không ghi bàn, + hoặc − cho đội chủ nhà. Kỳ thủ ngồi trên một đồng đội "
                       "xếp trước mình trong danh sách đội chuyển màu cam (đội hình sai thứ tự).",
                       "لكل رقعة: الفريق المضيف، الفريق الضيف، الرقعة، رقما اللاعبين، نتيجة لاعب الفريق المضيف "
                       "(1 ½ 0 + −). فريق بلا مباراة، في صف بلا رقعة: U (استراحة بالقرعة) أو F أو H أو Z. مباراة "
                       "بالتخلف: الفريقان، بلا رقعة، + أو − للفريق المضيف. اللاعب الجالس فوق زميل يسبقه في قائمة الفريق "
                       "يصبح برتقاليًا (تشكيلة بغير ترتيب القائمة).",
                       "На доску: хозяева, гости, доска, номера двух игроков, результат игрока хозяев (1 ½ 0 + −). "
                       "Команда без матча, в строке без доски: U (свободный тур по жеребьёвке), F, H или Z. "
                       "Матч, проигранный неявкой: обе команды, без доски, + или − для хозяев. Игрок выше партнёра, "
                       "стоящего перед ним в составе, становится оранжевым (расстановка не по порядку)."),
    "col.team": ("Team", "Đội", "الفريق", "Команда"),
    "col.home": ("Home", "Chủ", "المضيف", "Хоз."),
    "col.away": ("Away", "Khách", "الضيف", "Гости"),
    "col.home_no": ("No", "Số", "رقم", "№"),
    "col.away_no": ("Opp.", "ĐT", "الخصم", "Соп."),
    "col.team_average": ("Average rating", "Elo trung bình", "متوسط التصنيف", "Средний рейтинг"),
    "col.members": ("Players", "Kỳ thủ", "اللاعبون", "Игроков"),
    "col.mp": ("Match points", "Điểm trận", "نقاط المباريات", "Матчевые очки"),
    "col.gp": ("Game points", "Điểm ván", "نقاط الأشواط", "Очки на досках"),
    "team.roster": ("Rosters in board order", "Danh sách theo thứ tự bàn", "القوائم بترتيب الرقعات",
                    "Составы по порядку досок"),
    "team.points": ("Points", "Điểm", "النقاط", "Очки"),
    "team.match_won": ("Match won", "Thắng trận", "مباراة فائزة", "Победа в матче"),
    "team.match_drawn": ("Match drawn", "Hòa trận", "مباراة متعادلة", "Ничья в матче"),
    "team.match_lost": ("Match lost", "Thua trận", "مباراة خاسرة", "Поражение в матче"),
    "team.pab_mp": ("Pairing-allocated bye: match points", "Miễn đấu do bốc thăm: điểm trận",
                    "استراحة بالقرعة: نقاط المباراة", "Свободный тур: матчевые очки"),
    "sheet.team_pairings": ("Matches", "Các trận", "المباريات", "Матчи"),
    "title.team_pairings": ("Matches of a round, board by board, {teams|team}", "Các trận của một vòng, từng bàn, {teams|team}",
                            "مباريات الجولة رقعةً رقعةً، {teams|team}", "Матчи тура по доскам, {teams|team}"),
    "team.pairings_round": ("Round {round}, home team first", "Vòng {round}, đội chủ nhà trước",
                            "الجولة {round}، الفريق المضيف أولاً", "Тур {round}, хозяева первыми"),
    "team.round_to_print": ("Round (empty: the last one typed)", "Vòng (để trống: vòng nhập sau cùng)",
                            "الجولة (فارغة: آخر جولة مكتوبة)", "Тур (пусто: последний введённый)"),
    "team.pab_gp": ("Pairing-allocated bye: game points", "Miễn đấu do bốc thăm: điểm ván",
                    "استراحة بالقرعة: نقاط الأشواط", "Свободный тур: очки на досках"),
    "tb.team_slots_help": ("Teams equal on match points are ranked by the first tie-break, then the next; equal on "
                           "all, by team number. Choose the codes from the list.",
                           "Các đội bằng điểm trận được xếp theo hệ số phụ thứ nhất, rồi các hệ số sau; bằng nhau "
                           "tất cả thì theo số của đội. Chọn mã trong danh sách.",
                           "تُرتَّب الفرق المتساوية في نقاط المباريات بكسر التعادل الأول ثم التالي؛ وعند التساوي في "
                           "الكل برقم الفريق. اختر الرموز من القائمة.",
                           "Команды с равными матчевыми очками ранжируются по первому показателю, затем по следующим; "
                           "при равенстве всех — по номеру команды. Выберите коды из списка."),
    "tb.name.MPvGP": ("game points (the other score)", "điểm ván (điểm thứ hai)", "نقاط الأشواط (النتيجة الأخرى)",
                      "очки на досках (второй счёт)"),
    "tb.name.GP": ("game points", "điểm ván", "نقاط الأشواط", "очки на досках"),
    "tb.name.BH:MP": ("Buchholz of match points", "Buchholz điểm trận", "بوخهولز نقاط المباريات",
                      "Бухгольц по матчевым очкам"),
    "tb.name.BH:GP": ("Buchholz of game points", "Buchholz điểm ván", "بوخهولز نقاط الأشواط", "Бухгольц по очкам на досках"),
    "tb.name.BH:MP/C1": ("Buchholz of match points cut 1", "Buchholz điểm trận bỏ 1", "بوخهولز نقاط المباريات بحذف 1",
                         "Бухгольц по матчевым очкам без худшего"),
    "tb.name.BH:GP/C1": ("Buchholz of game points cut 1", "Buchholz điểm ván bỏ 1", "بوخهولز نقاط الأشواط بحذف 1",
                         "Бухгольц по очкам на досках без худшего"),
    "tb.name.BH:MP/C2": ("Buchholz of match points cut 2", "Buchholz điểm trận bỏ 2", "بوخهولز نقاط المباريات بحذف 2",
                         "Бухгольц по матчевым очкам без двух худших"),
    "tb.name.BH:GP/C2": ("Buchholz of game points cut 2", "Buchholz điểm ván bỏ 2", "بوخهولز نقاط الأشواط بحذف 2",
                         "Бухгольц по очкам на досках без двух худших"),
    "tb.name.BH:MP/M1": ("median Buchholz of match points", "Buchholz trung vị điểm trận", "بوخهولز الوسيط لنقاط المباريات",
                         "усечённый Бухгольц по матчевым очкам"),
    "tb.name.BH:GP/M1": ("median Buchholz of game points", "Buchholz trung vị điểm ván", "بوخهولز الوسيط لنقاط الأشواط",
                         "усечённый Бухгольц по очкам на досках"),
    "tb.name.EMMSB": ("extended SB: opp. MP × own MP", "SB mở rộng: điểm trận ĐT × điểm trận", "SB الموسع: نقاط مباريات الخصم × نقاط المباريات",
                      "расш. Бергер: МО соперника × свои МО"),
    "tb.name.EMGSB": ("extended SB: opp. MP × own GP", "SB mở rộng: điểm trận ĐT × điểm ván", "SB الموسع: نقاط مباريات الخصم × نقاط الأشواط",
                      "расш. Бергер: МО соперника × свои очки"),
    "tb.name.EGMSB": ("extended SB: opp. GP × own MP", "SB mở rộng: điểm ván ĐT × điểm trận", "SB الموسع: نقاط أشواط الخصم × نقاط المباريات",
                      "расш. Бергер: очки соперника × свои МО"),
    "tb.name.EGGSB": ("extended SB: opp. GP × own GP", "SB mở rộng: điểm ván ĐT × điểm ván", "SB الموسع: نقاط أشواط الخصم × نقاط الأشواط",
                      "расш. Бергер: очки соперника × свои очки"),
    "tb.name.EMMSB/C1": ("extended SB: opp. MP × own MP, cut 1", "SB mở rộng: điểm trận ĐT × điểm trận, bỏ 1",
                         "SB الموسع: نقاط مباريات الخصم × نقاط المباريات، بحذف 1", "расш. Бергер: МО соперника × свои МО, без худшего"),
    "tb.name.EMGSB/C1": ("extended SB: opp. MP × own GP, cut 1", "SB mở rộng: điểm trận ĐT × điểm ván, bỏ 1",
                         "SB الموسع: نقاط مباريات الخصم × نقاط الأشواط، بحذف 1", "расш. Бергер: МО соперника × свои очки, без худшего"),
    "tb.name.EGMSB/C1": ("extended SB: opp. GP × own MP, cut 1", "SB mở rộng: điểm ván ĐT × điểm trận, bỏ 1",
                         "SB الموسع: نقاط أشواط الخصم × نقاط المباريات، بحذف 1", "расш. Бергер: очки соперника × свои МО, без худшего"),
    "tb.name.EGGSB/C1": ("extended SB: opp. GP × own GP, cut 1", "SB mở rộng: điểm ván ĐT × điểm ván, bỏ 1",
                         "SB الموسع: نقاط أشواط الخصم × نقاط الأشواط، بحذف 1", "расш. Бергер: очки соперника × свои очки, без худшего"),
    "tb.name.ESB/C1": ("extended SB (EMGSB), cut 1", "SB mở rộng (EMGSB), bỏ 1", "SB الموسع (EMGSB)، بحذف 1",
                       "расш. Бергер (EMGSB), без худшего"),
    "tb.name.ESB": ("extended SB (EMGSB)", "SB mở rộng (EMGSB)", "SB الموسع (EMGSB)", "расш. Бергер (EMGSB)"),
    "tb.name.TBR": ("top-board result (a place among the tied)", "kết quả bàn trên (xếp hạng trong nhóm bằng điểm)",
                    "نتيجة الرقعة العليا (مركز بين المتعادلين)", "результат верхних досок (место среди равных)"),
    "tb.name.BBE": ("bottom-board elimination (a place among the tied)", "bỏ bàn cuối (xếp hạng trong nhóm bằng điểm)",
                    "حذف الرقعات السفلى (مركز بين المتعادلين)", "без нижних досок (место среди равных)"),
    "tb.name.SSSC": ("score and schedule strength combination", "kết hợp điểm và sức mạnh lịch đấu",
                     "مزيج النتيجة وقوة الجدول", "сочетание очков и силы соперников"),
    "tb.name.BC": ("board count (the lower ranks higher)", "tổng bàn (thấp hơn xếp trên)", "عدّ الرقعات (الأقل يتقدم)",
                   "сумма досок (меньше — выше)"),
    "tb.name.EDE": ("extended direct encounter", "đối đầu trực tiếp mở rộng", "المواجهة المباشرة الموسعة",
                    "расш. личная встреча"),
    "tb.name.EDEC": ("extended direct encounter, then board count", "đối đầu mở rộng, rồi tổng bàn",
                     "المواجهة الموسعة ثم عدّ الرقعات", "расш. личная встреча, затем сумма досок"),
    "tb.name.EDET": ("extended direct encounter, then top boards", "đối đầu mở rộng, rồi bàn trên",
                     "المواجهة الموسعة ثم الرقعات العليا", "расш. личная встреча, затем верхние доски"),
    "tb.name.EDEB": ("extended direct encounter, then bottom boards out", "đối đầu mở rộng, rồi bỏ bàn cuối",
                     "المواجهة الموسعة ثم حذف الرقعات السفلى", "расш. личная встреча, затем без нижних досок"),
    "tb.name.EDEBT": ("extended direct encounter, board count, top boards", "đối đầu mở rộng, tổng bàn, bàn trên",
                      "المواجهة الموسعة، عدّ الرقعات، الرقعات العليا", "расш. личная встреча, сумма досок, верхние"),
    "tb.name.EDEBB": ("extended direct encounter, board count, bottom out", "đối đầu mở rộng, tổng bàn, bỏ bàn cuối",
                      "المواجهة الموسعة، عدّ الرقعات، حذف السفلى", "расш. личная встреча, сумма досок, без нижних"),
    "tb.title": ("Tie-breaks (every step, locked)", "Hệ số phụ (mọi bước, đã khóa)", "كسر التعادل (كل الخطوات، مقفلة)",
                 "Дополнительные показатели (все шаги, защищено)"),
    "tb.rounds": ("rounds counted", "số ván tính", "الجولات المحسوبة", "учтено туров"),
    "tb.kind": ("kind {number}", "loại {number}", "نوع {number}", "вид {number}"),
    "tb.value": ("opp. {number}", "đối thủ {number}", "منافس {number}", "сопер. {number}"),
    "tb.cut": ("cut {number}", "bỏ {number}", "حذف {number}", "отсеч. {number}"),
    "tb.rating": ("rating {number}", "Elo {number}", "تصنيف {number}", "рейт. {number}"),
    "tb.encounter": ("tied {number}", "bằng {number}", "تعادل {number}", "равн. {number}"),
    "tb.level": ("level {number}", "ngang {number}", "مستوى {number}", "наравне {number}"),
    "tb.encounter_pair": ("tied pair {number}", "bằng, cặp {number}", "تعادل زوج {number}", "равн. пара {number}"),
    "tb.level_pair": ("level pair {number}", "ngang, cặp {number}", "مستوى زوج {number}", "наравне пара {number}"),
    "tb.de_mini2": ("points among level", "điểm trong nhóm ngang", "النقاط بين المتساوين", "очки среди равных"),
    "tb.de_reach": ("points within reach", "điểm có thể đạt", "النقاط الممكنة", "достижимые очки"),
    "tb.de_size": ("group size", "cỡ nhóm", "حجم المجموعة", "размер группы"),
    "tb.de_first": ("first of group", "đứng đầu nhóm", "أول المجموعة", "первый в группе"),
    "tb.de_rest": ("points among rest", "điểm nhóm còn lại", "النقاط بين البقية", "очки остальных"),
    "tb.de_rest_reach": ("rest within reach", "còn lại có thể đạt", "الممكن للبقية", "достижимо остальным"),
    "tb.de_open": ("DE not in full", "ĐĐ chưa trọn", "مواجهة غير كاملة", "ЛВ не до конца"),
    "tb.de_open_count": ("DE not in full", "ĐĐ chưa trọn", "مواجهة غير كاملة", "ЛВ не до конца"),
    "standings.de_open": (
        "Players tied in a way this book does not rank in full by direct encounter (C.07 6.2, 6.3): {number}. "
        "elo-xl rate and elo-xl export rank them fully.",
        "Số kỳ thủ bằng nhau mà sổ này chưa xếp trọn theo đối đầu trực tiếp (C.07 6.2, 6.3): {number}. "
        "elo-xl rate và elo-xl export xếp trọn.",
        "عدد اللاعبين المتعادلين الذين لا يرتبهم هذا الملف ترتيبًا كاملًا بالمواجهة المباشرة (C.07 6.2، 6.3): {number}. "
        "يرتبهم elo-xl rate وelo-xl export ترتيبًا كاملًا.",
        "Игроков, которых эта книга не до конца разделяет по личной встрече (C.07 6.2, 6.3): {number}. "
        "elo-xl rate и elo-xl export разделяют их полностью."),
    "tb.s2": ("halves", "nửa điểm", "أنصاف", "полуочки"),
    "tb.last": ("last available", "ván cuối có mặt", "آخر جولة متاحة", "последний тур"),
    "tb.adjusted": ("adjusted", "điểm điều chỉnh", "المعدّل", "скорр."),
    "tb.bh2": ("BH halves", "BH nửa điểm", "BH أنصاف", "BH полуочки"),
    "tb.x1": ("cut 1", "bỏ 1", "حذف 1", "отсеч. 1"),
    "tb.x2": ("cut 2", "bỏ 2", "حذف 2", "отсеч. 2"),
    "tb.a1": ("top 1", "cao 1", "أعلى 1", "макс. 1"),
    "tb.a2": ("top 2", "cao 2", "أعلى 2", "макс. 2"),
    "tb.a3": ("top 3", "cao 3", "أعلى 3", "макс. 3"),
    "tb.a4": ("top 4", "cao 4", "أعلى 4", "макс. 4"),
    "tb.de_key": ("tied group", "nhóm bằng", "مجموعة التعادل", "группа"),
    "tb.de_met": ("met", "đã gặp", "تقابلوا", "встречи"),
    "tb.de_mini": ("points among", "điểm trong nhóm", "النقاط بينهم", "очки в группе"),
    "tb.slot": ("TB{number}", "HSP{number}", "ك.ت{number}", "Д{number}"),
    "tb.games": ("most games", "số ván nhiều nhất", "أكثر الأشواط", "макс. партий"),
    "tb.column": ("Tie-break", "Hệ số phụ", "كسر التعادل", "Показатель"),
    "tb.key": ("key {number}", "khóa {number}", "مفتاح {number}", "ключ {number}"),
    "tb.order": ("order {number}", "thứ tự {number}", "ترتيب {number}", "порядок {number}"),
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
