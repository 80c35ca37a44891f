"""The one translation table of the workbooks: every label, sheet name, list and message.

``TEXT[key]`` holds the text in English, Vietnamese, Arabic and Russian, in that order;
``{name}`` placeholders are filled by :func:`translate`. Builder code never holds a label.

>>> translate("sheet.event", "vi")
'Giải đấu'
>>> translate("col.number", "en", number=7)
'7'
"""

from __future__ import annotations

import re
from functools import lru_cache

from babel import Locale

from ..results import FLAG_WORDS
from ..rules import ELO_1970, FIDE, FIDE_RAPID, LOGISTIC, LogisticRules

LANGUAGES = ("en", "vi", "ar", "ru")

TEXT: dict[str, tuple[str, str, str, str]] = {
    # sheets and titles
    "sheet.event": ("Event", "Giải đấu", "البطولة", "Турнир"),
    "sheet.tables": ("Tables", "Bảng tra", "الجداول", "Таблицы"),
    "sheet.round_robin": ("Round robin", "Vòng tròn", "دوري", "Круговой"),
    "sheet.swiss": ("Swiss", "Hệ Thụy Sĩ", "نظام سويسري", "Швейцарская система"),
    "sheet.player": ("Player", "Kỳ thủ", "اللاعب", "Игрок"),
    "sheet.match": ("Match", "Trận đấu", "مباراة", "Матч"),
    "sheet.reference": ("Reference", "Tham khảo", "مرجع", "Справка"),
    "title.event": ("Event and rules", "Giải đấu và luật tính", "البطولة وقواعد الحساب", "Турнир и правила расчёта"),
    "title.round_robin": ("Round robin, {players|player} — ratings by the rule set chosen on the Event sheet",
                          "Vòng tròn {players|player} — Elo tính theo luật chọn ở trang Giải đấu",
                          "دوري من {players|player} — التصنيف وفق القواعد المختارة في صفحة البطولة",
                          "Круговой турнир, {players|player} — рейтинги по правилам, выбранным на листе «Турнир»"),
    "title.swiss": ("Swiss, {players|player}, {rounds|round} — ratings by the rule set chosen on the Event sheet",
                    "Hệ Thụy Sĩ, {players|player}, {rounds|round} — Elo tính theo luật chọn ở trang Giải đấu",
                    "نظام سويسري، {players|player}، {rounds|round} — التصنيف وفق القواعد المختارة في صفحة البطولة",
                    "Швейцарская система, {players|player}, {rounds|round} — рейтинги по правилам листа «Турнир»"),
    "title.player": ("Player calculator — every game's working, rated by the rule set on the Event sheet",
                     "Bảng tính cho một kỳ thủ — từng bước của mỗi ván, theo luật ở trang Giải đấu",
                     "حاسبة اللاعب — خطوات كل شوط، وفق القواعد في صفحة البطولة",
                     "Калькулятор игрока — расчёт каждой партии по правилам листа «Турнир»"),
    "title.match": ("Match — rated once at the end, and game by game (the Kvant article's paradox)",
                    "Trận đấu — tính một lần khi kết thúc, và tính sau từng ván (nghịch lý trong bài Kvant)",
                    "مباراة — تُحسب مرة في النهاية، وبعد كل شوط (مفارقة مقالة كفانت)",
                    "Матч — расчёт один раз в конце и после каждой партии (парадокс из статьи в «Кванте»)"),
    "title.reference": ("Reference — FIDE tables, K rules, categories and rule sets",
                        "Tham khảo — bảng FIDE, quy tắc K, hạng giải và các luật tính",
                        "مرجع — جداول FIDE وقواعد K والفئات وقواعد الحساب",
                        "Справка — таблицы ФИДЕ, правила K, категории и правила расчёта"),
    # event sheet
    "event.name": ("Event", "Tên giải", "اسم البطولة", "Название турнира"),
    "event.place": ("Place", "Địa điểm", "المكان", "Место"),
    "event.start": ("Start date", "Ngày bắt đầu", "تاريخ البداية", "Дата начала"),
    "event.end": ("End date", "Ngày kết thúc", "تاريخ النهاية", "Дата окончания"),
    "event.arbiter": ("Chief arbiter", "Trọng tài chính", "الحكم الرئيسي", "Главный судья"),
    "event.rules": ("Rule set", "Luật tính Elo", "قواعد الحساب", "Правила расчёта"),
    "event.scale": ("Logistic scale", "Hằng số logistic", "ثابت الصيغة اللوجستية", "Масштаб логистической формулы"),
    "event.default_k": ("Default K", "K mặc định", "المعامل K الافتراضي", "K по умолчанию"),
    "event.rules_help": (
        "FIDE (since 1 Oct 2025), FIDE-2024, FIDE-RAPID, FIDE-BLITZ, ELO-1970 (Kvant article), USSR-1977, LOGISTIC. Every formula follows this cell.",
        "FIDE (từ 1/10/2025), FIDE-2024, FIDE-RAPID, FIDE-BLITZ, ELO-1970 (bài báo Kvant), USSR-1977, LOGISTIC. Mọi công thức theo ô này.",
        "FIDE (منذ 1 أكتوبر 2025)، FIDE-2024، FIDE-RAPID، FIDE-BLITZ، ELO-1970 (مقالة كفانت)، USSR-1977، LOGISTIC. كل الصيغ تتبع هذه الخلية.",
        "FIDE (с 1.10.2025), FIDE-2024, FIDE-RAPID, FIDE-BLITZ, ELO-1970 (статья в «Кванте»), USSR-1977, LOGISTIC. Все формулы следуют этой ячейке.",
    ),
    "event.scale_help": ("Only for LOGISTIC: the {scale} of 1/(1+10^(−D/{scale})).",
                         "Chỉ dùng cho LOGISTIC: số {scale} trong 1/(1+10^(−D/{scale})).",
                         "لـ LOGISTIC فقط: العدد {scale} في 1/(1+10^(−D/{scale})).",
                         "Только для LOGISTIC: число {scale} в 1/(1+10^(−D/{scale}))."),
    "event.default_k_help": ("Fills blank K cells; blank here too = the rule set's own default (FIDE: {k_other}, {k_top} from {top_from}).",
                             "Dùng cho ô K để trống; để trống cả ở đây = K mặc định của luật (FIDE: {k_other}, từ {top_from} là {k_top}).",
                             "يملأ خلايا K الفارغة؛ إن تُركت فارغة هنا أيضًا فالقيمة الافتراضية للقواعد (FIDE: {k_other}، و{k_top} من {top_from}).",
                             "Заполняет пустые ячейки K; пусто и здесь — K по правилам (FIDE: {k_other}, с {top_from} — {k_top})."),
    "event.trf_records": ("Other records of the TRF file (kept for export)", "Các dòng khác của tệp TRF (giữ lại khi xuất)",
                          "سجلات ملف TRF الأخرى (تُحفظ عند التصدير)", "Прочие записи файла TRF (сохраняются при экспорте)"),
    "event.average": ("Average rating", "Elo trung bình", "متوسط التصنيف", "Средний рейтинг"),
    "event.category": ("FIDE category", "Hạng giải FIDE", "فئة FIDE", "Категория ФИДЕ"),
    "event.kt": ("Tournament coefficient K_T", "Elo trung bình giải K_T", "معامل البطولة K_T", "Коэффициент турнира K_T"),
    "event.counts": ("Counts for rating ({valid_part}/{valid_whole} rated, K_T ≥ {valid_from})", "Được tính Elo ({valid_part}/{valid_whole} có Elo, K_T ≥ {valid_from})",
                     "تحتسب للتصنيف (ثلثان مصنفون، K_T ≥ {valid_from})", "Обсчитывается ({valid_part}/{valid_whole} с рейтингом, K_T ≥ {valid_from})"),
    "event.conflicts": ("Conflicting games", "Ván nhập mâu thuẫn", "أشواط متعارضة", "Расхождения в записи"),
    # tables sheet
    "tables.title": ("FIDE tables 8.1.2 and 8.1.1, and what the formulas read",
                     "Bảng FIDE 8.1.2 và 8.1.1, và dữ liệu các công thức dùng",
                     "جدولا FIDE 8.1.2 و8.1.1، وما تقرؤه الصيغ",
                     "Таблицы ФИДЕ 8.1.2 и 8.1.1 и данные для формул"),
    "tables.d_min": ("|D| from", "|D| từ", "|D| من", "|D| от"),
    "tables.p_high": ("p higher", "p cao", "p الأعلى", "p выше"),
    "tables.p_low": ("p lower", "p thấp", "p الأدنى", "p ниже"),
    "tables.p": ("p", "p", "p", "p"),
    "tables.dp": ("dp", "dp", "dp", "dp"),
    "tables.typed": ("Typed", "Nhập", "المُدخل", "Ввод"),
    "tables.code": ("Code", "Mã", "الرمز", "Код"),
    "tables.symbol": ("Shown", "Hiển thị", "يظهر", "Показ"),
    "tables.GameResultList": ("Game results", "Kết quả ván", "نتائج الأشواط", "Результаты партий"),
    "tables.RoundResultList": ("Round results", "Kết quả vòng", "نتائج الجولات", "Результаты туров"),
    "tables.RuleList": ("Rule sets", "Luật tính", "القواعد", "Правила"),
    "tables.ColourList": ("Colours", "Màu quân", "الألوان", "Цвет"),
    "tables.FlagList": ("Yes/no", "Có/không", "نعم/لا", "Да/нет"),
    "tables.switch": ("Switch", "Công tắc", "مفتاح", "Переключатель"),
    "tables.value": ("Value", "Giá trị", "القيمة", "Значение"),
    "flag.yes": tuple(FLAG_WORDS[lang][0] for lang in LANGUAGES),
    "flag.no": tuple(FLAG_WORDS[lang][1] for lang in LANGUAGES),
    # validation messages
    "valid.results.title": ("Result", "Kết quả", "النتيجة", "Результат"),
    "valid.results.prompt": ("1 win, ½ (or 0.5, 0,5, R) draw, 0 loss; F+ F- forfeit won/lost (not rated); W D L played, "
                             "not rated. From the list, or typed after an apostrophe: = + − too.",
                             "1 thắng, ½ (hoặc 0.5, 0,5, R) hòa, 0 thua; F+ xử thắng, F- xử thua (không tính Elo); W D L có chơi "
                             "nhưng không tính. Chọn trong danh sách, hoặc gõ sau dấu ': cả = + −.",
                             "1 فوز، ½ (أو 0.5، 0,5، R) تعادل، 0 خسارة؛ F+ فوز إداري، F- خسارة إدارية (لا تحتسب)؛ W D L لُعبت "
                             "دون احتساب. من القائمة، أو بعد الفاصلة العليا ': وأيضًا = + −.",
                             "1 победа, ½ (или 0.5, 0,5, R) ничья, 0 поражение; F+ F- неявка в пользу/против (не обсчитывается); "
                             "W D L сыграно без обсчёта. Из списка или после апострофа ': также = + −."),
    "valid.results.error": ("Type 1, ½, 0.5, 0,5, R, 0, F+, F-, W, D or L (or choose = + − from the list), or leave the cell blank.",
                            "Hãy nhập 1, ½, 0.5, 0,5, R, 0, F+, F-, W, D hoặc L (hoặc chọn = + − trong danh sách), hoặc để trống.",
                            "اكتب 1 أو ½ أو 0.5 أو 0,5 أو R أو 0 أو F+ أو F- أو W أو D أو L (أو اختر = + − من القائمة)، أو اترك الخلية فارغة.",
                            "Введите 1, ½, 0.5, 0,5, R, 0, F+, F-, W, D или L (или выберите = + − из списка) либо оставьте ячейку пустой."),
    "valid.rounds.title": ("Result", "Kết quả", "النتيجة", "Результат"),
    "valid.rounds.prompt": ("1 ½ 0 (½ also 0.5, 0,5, R), F+ F- forfeits, W D L not rated; byes without opponent: H ½, F 1, "
                            "U 1, Z 0. From the list or after an apostrophe ': = + − too.",
                            "1 ½ 0 (½ cũng là 0.5, 0,5, R), F+ xử thắng, F- xử thua, W D L không tính; miễn đấu (không có "
                            "đối thủ): H ½, F 1, U 1, Z 0. Chọn trong danh sách hoặc gõ sau dấu ': cả = + −.",
                            "1 ½ 0 (½ أيضًا 0.5، 0,5، R)، F+ F- إداري، W D L دون احتساب؛ راحة بلا منافس: H ½، F 1، U 1، Z 0. "
                            "من القائمة أو بعد ': وأيضًا = + −.",
                            "1 ½ 0 (½ также 0.5, 0,5, R), F+ F- неявка, W D L без обсчёта; без соперника: H ½, F 1, U 1, Z 0. "
                            "Из списка или после апострофа ': также = + −."),
    "valid.rounds.error": ("Type 1, ½, 0.5, 0,5, R, 0, F+, F-, W, D, L, H, F, U or Z (or choose = + − from the list), or leave the cell blank.",
                           "Hãy nhập 1, ½, 0.5, 0,5, R, 0, F+, F-, W, D, L, H, F, U hoặc Z (hoặc chọn = + − trong danh sách), hoặc để trống.",
                           "اكتب 1 أو ½ أو 0.5 أو 0,5 أو R أو 0 أو F+ أو F- أو W أو D أو L أو H أو F أو U أو Z (أو اختر = + − من القائمة)، أو اتركها فارغة.",
                           "Введите 1, ½, 0.5, 0,5, R, 0, F+, F-, W, D, L, H, F, U или Z (или выберите = + − из списка) либо оставьте пустой."),
    "valid.rules.title": ("Rule set", "Luật tính", "القواعد", "Правила"),
    "valid.rules.prompt": ("Choose the rule set every formula follows.", "Chọn luật mà mọi công thức tuân theo.",
                           "اختر القواعد التي تتبعها كل الصيغ.", "Выберите правила, по которым считают все формулы."),
    "valid.rules.error": ("Choose FIDE, FIDE-2024, FIDE-RAPID, FIDE-BLITZ, ELO-1970, USSR-1977 or LOGISTIC.",
                          "Hãy chọn FIDE, FIDE-2024, FIDE-RAPID, FIDE-BLITZ, ELO-1970, USSR-1977 hoặc LOGISTIC.",
                          "اختر FIDE أو FIDE-2024 أو FIDE-RAPID أو FIDE-BLITZ أو ELO-1970 أو USSR-1977 أو LOGISTIC.",
                          "Выберите FIDE, FIDE-2024, FIDE-RAPID, FIDE-BLITZ, ELO-1970, USSR-1977 или LOGISTIC."),
    "valid.colour.title": ("Colour", "Màu quân", "اللون", "Цвет"),
    "valid.colour.prompt": ("w white, b black, - none.", "w trắng, b đen, - không có.", "w أبيض، b أسود، - لا شيء.",
                            "w белые, b чёрные, - нет."),
    "valid.colour.error": ("Type w, b or -.", "Hãy nhập w, b hoặc -.", "اكتب w أو b أو -.", "Введите w, b или -."),
    "valid.flag.title": ("Yes or no", "Có hoặc không", "نعم أو لا", "Да или нет"),
    "valid.flag.prompt": ("Choose yes or no.", "Chọn có hoặc không.", "اختر نعم أو لا.", "Выберите да или нет."),
    "valid.flag.error": ("Choose yes or no from the list.", "Hãy chọn có hoặc không trong danh sách.",
                         "اختر نعم أو لا من القائمة.", "Выберите да или нет из списка."),
    "valid.rating.title": ("Rating", "Elo", "التصنيف", "Рейтинг"),
    "valid.rating.prompt": ("A whole number from 1 to 3999; blank or 0 = unrated.",
                            "Số nguyên từ 1 đến 3999; để trống hoặc 0 = chưa có Elo.",
                            "عدد صحيح من 1 إلى 3999؛ فارغ أو 0 = غير مصنف.",
                            "Целое число от 1 до 3999; пусто или 0 — без рейтинга."),
    "valid.rating.error": ("A rating is a whole number from 1 to 3999 (blank or 0 for an unrated player).",
                           "Elo là số nguyên từ 1 đến 3999 (để trống hoặc 0 nếu chưa có).",
                           "التصنيف عدد صحيح من 1 إلى 3999 (فارغ أو 0 لغير المصنف).",
                           "Рейтинг — целое число от 1 до 3999 (пусто или 0 — без рейтинга)."),
    "valid.k.title": ("K factor", "Hệ số K", "المعامل K", "Коэффициент K"),
    "valid.k.prompt": ("A number above 0 and at most 100; blank = the default.",
                       "Số lớn hơn 0 và không quá 100; để trống = mặc định.",
                       "عدد أكبر من 0 ولا يتجاوز 100؛ فارغ = الافتراضي.",
                       "Число больше 0 и не больше 100; пусто — по умолчанию."),
    "valid.k.error": ("K is a number above 0 and at most 100.", "K là số lớn hơn 0 và không quá 100.",
                      "K عدد أكبر من 0 ولا يتجاوز 100.", "K — число больше 0 и не больше 100."),
    "valid.scale.title": ("Scale", "Hằng số", "الثابت", "Масштаб"),
    "valid.scale.prompt": ("The logistic scale, {scale} by default.", "Hằng số logistic, mặc định {scale}.",
                           "ثابت الصيغة اللوجستية، {scale} افتراضيًا.", "Масштаб логистической формулы, по умолчанию {scale}."),
    "valid.scale.error": ("The scale is a number from {scale_min} to {scale_max}.", "Hằng số là số từ {scale_min} đến {scale_max}.",
                          "الثابت عدد من {scale_min} إلى {scale_max}.", "Масштаб — число от {scale_min} до {scale_max}."),
    "valid.whole.title": ("Number", "Số", "عدد", "Число"),
    "valid.whole.prompt": ("A whole number.", "Một số nguyên.", "عدد صحيح.", "Целое число."),
    "valid.whole.error": ("Type a whole number.", "Hãy nhập số nguyên.", "اكتب عددًا صحيحًا.", "Введите целое число."),
    "valid.year.title": ("Year", "Năm", "السنة", "Год"),
    "valid.year.prompt": ("A year, e.g. 2009.", "Một năm, ví dụ 2009.", "سنة، مثل 2009.", "Год, например 2009."),
    "valid.year.error": ("Type a year from 1800 to 2200.", "Hãy nhập năm từ 1800 đến 2200.",
                         "اكتب سنة من 1800 إلى 2200.", "Введите год от 1800 до 2200."),
    "valid.date.title": ("Date", "Ngày", "التاريخ", "Дата"),
    "valid.date.prompt": ("A date.", "Một ngày.", "تاريخ.", "Дата."),
    "valid.date.error": ("Type a date.", "Hãy nhập ngày.", "اكتب تاريخًا.", "Введите дату."),
    # columns
    "col.no": ("No", "Số", "رقم", "№"),
    "col.name": ("Name", "Họ tên", "الاسم", "Фамилия, имя"),
    "col.rating": ("Rating", "Elo", "التصنيف", "Рейтинг"),
    "col.k": ("K", "K", "K", "K"),
    "col.number": ("{number}", "{number}", "{number}", "{number}"),
    "col.sex": ("Sex", "Giới", "الجنس", "Пол"),
    "col.title": ("Title", "Danh hiệu", "اللقب", "Звание"),
    "col.federation": ("Fed", "LĐ", "الاتحاد", "Фед."),
    "col.fide_id": ("FIDE ID", "Mã FIDE", "رقم FIDE", "ID ФИДЕ"),
    "col.birth": ("Born", "Ngày sinh", "الميلاد", "Дата рожд."),
    "col.opponents": ("Opponent (start number), round by round", "Số thứ tự đối thủ theo vòng", "رقم الخصم في كل جولة",
                      "Номер соперника по турам"),
    "col.colours": ("Colour, round by round", "Màu quân theo vòng", "اللون في كل جولة", "Цвет по турам"),
    "col.results": ("Result, round by round", "Kết quả theo vòng", "النتيجة في كل جولة", "Результат по турам"),
    "col.opp_name": ("Opponent", "Đối thủ", "الخصم", "Соперник"),
    "col.opp_rating": ("Opp. rating", "Elo đối thủ", "تصنيف الخصم", "Рейтинг сопер."),
    "col.result": ("Result", "Kết quả", "النتيجة", "Результат"),
    "col.diff": ("D", "D", "D", "D"),
    "col.diff_used": ("D used ({cap} rule)", "D dùng (quy tắc {cap})", "D المستخدم (قاعدة {cap})", "D с учётом правила {cap}"),
    "col.expected": ("Expected We", "Kỳ vọng We", "النقاط المتوقعة We", "Ожидаемый результат (We)"),
    "col.w_minus_we": ("W − We", "W − We", "W − We", "W − We"),
    "col.k_times": ("K × (W − We)", "K × (W − We)", "K × (W − We)", "K × (W − We)"),
    "col.code": ("code", "mã", "رمز", "код"),
    "col.opp_used": ("opp. used", "ĐT dùng", "الخصم المستخدم", "сопер. в расчёте"),
    "col.e_percent": ("E %", "E %", "E %", "E %"),
    "col.game": ("Game", "Ván", "الشوط", "Партия"),
    "col.result_a": ("Result of A", "Kết quả của A", "نتيجة A", "Результат A"),
    "col.running_a": ("A game by game", "A sau từng ván", "A بعد كل شوط", "A после каждой партии"),
    "col.running_b": ("B game by game", "B sau từng ván", "B بعد كل شوط", "B после каждой партии"),
    "col.unrounded_a": ("A unrounded", "A không làm tròn", "A دون تقريب", "A без округления"),
    "col.unrounded_b": ("B unrounded", "B không làm tròn", "B دون تقريب", "B без округления"),
    "col.code_a": ("code A", "mã A", "رمز A", "код A"),
    "col.opp_a": ("opp. of A", "ĐT của A", "خصم A", "сопер. A"),
    "col.e_a": ("E % A", "E % A", "E % A", "E % A"),
    "col.code_b": ("code B", "mã B", "رمز B", "код B"),
    "col.opp_b": ("opp. of B", "ĐT của B", "خصم B", "сопер. B"),
    "col.e_b": ("E % B", "E % B", "E % B", "E % B"),
    "out.ChangeUnrounded": ("Change before rounding", "Thay đổi trước làm tròn", "التغير قبل التقريب", "Изменение до округления"),
    "player.name": ("Player", "Kỳ thủ", "اللاعب", "Игрок"),
    "player.rating": ("Rating (blank = unrated)", "Elo (trống = chưa có)", "التصنيف (فارغ = غير مصنف)", "Рейтинг (пусто — нет)"),
    "player.k": ("K (blank = derived)", "K (trống = tự xác định)", "K (فارغ = يُحدد تلقائيًا)", "K (пусто — по правилам)"),
    "player.games_played": ("Rated games before", "Số ván đã tính trước đó", "الأشواط المحتسبة سابقًا", "Партий в обсчёте ранее"),
    "player.birth_year": ("Year of birth", "Năm sinh", "سنة الميلاد", "Год рождения"),
    "player.reached_2400": ("Has reached {top_from}", "Đã từng đạt {top_from}", "بلغ {top_from} سابقًا", "Достигал {top_from}"),
    "player.k_help": ("Blank K: the event's default K, else by the rule set: FIDE {k_new} below {new_games} games or for a junior under {junior_below} "
                      "(by the start date's year), {k_top} from {top_from} (for good), else {k_other}; ELO-1970 {kvant_k}; LOGISTIC {logistic_k}.",
                      "K trống: dùng K mặc định của giải, nếu không thì theo luật: FIDE {k_new} khi dưới {new_games} ván hoặc kỳ thủ trẻ dưới {junior_below} "
                      "(theo năm của ngày bắt đầu), {k_top} từ {top_from} (vĩnh viễn), còn lại {k_other}; ELO-1970 là {kvant_k}; LOGISTIC là {logistic_k}.",
                      "K فارغ: معامل البطولة الافتراضي، وإلا حسب القواعد: FIDE {k_new} لأقل من {new_games} شوطًا أو للناشئ تحت {junior_below} "
                      "(حسب سنة تاريخ البداية)، {k_top} من {top_from} (نهائيًا)، وإلا {k_other}؛ ELO-1970 هو {kvant_k}؛ LOGISTIC هو {logistic_k}.",
                      "Пустой K: K турнира по умолчанию, иначе по правилам: ФИДЕ {k_new} до {new_games} партий или юниору ниже {junior_below} "
                      "(по году даты начала), {k_top} с {top_from} (навсегда), иначе {k_other}; ELO-1970 — {kvant_k}; LOGISTIC — {logistic_k}."),
    "player.totals": ("Totals", "Tổng kết", "المجاميع", "Итоги"),
    "player.status": ("Initial rating", "Elo khởi điểm", "التصنيف الأول", "Первоначальный рейтинг"),
    "player.kvant_steps": ("The Kvant article's steps (ELO-1970, USSR-1977)", "Các bước theo bài Kvant (ELO-1970, USSR-1977)",
                           "خطوات مقالة كفانت (ELO-1970، USSR-1977)", "Шаги по статье в «Кванте» (ELO-1970, USSR-1977)"),
    "status.few_games": ("no rating yet: fewer than {initial_games} games against rated opponents",
                         "chưa có Elo: ít hơn {initial_games} ván với đối thủ có Elo",
                         "لا تصنيف بعد: أقل من {initial_games} أشواط ضد خصوم مصنفين",
                         "рейтинга нет: меньше {initial_games} партий с соперниками, имеющими рейтинг"),
    "status.zero_score": ("no rating: a zero score is disregarded", "không có Elo: điểm 0 không được tính",
                          "لا تصنيف: النتيجة صفر لا تُحتسب", "рейтинга нет: нулевой результат не учитывается"),
    "status.below_1400": ("no rating: below {floor}, the lowest published rating", "không có Elo: dưới {floor}, mức thấp nhất được công bố",
                          "لا تصنيف: أقل من {floor}، أدنى تصنيف يُنشر", "рейтинга нет: ниже {floor}, минимального публикуемого"),
    "status.initial": ("initial rating (FIDE 2024 method)", "Elo khởi điểm (phương pháp FIDE 2024)",
                       "التصنيف الأول (طريقة FIDE 2024)", "первоначальный рейтинг (метод ФИДЕ 2024)"),
    "kvant.average": ("Opponents' average K_avg (.5 down)", "Trung bình đối thủ K_tb (.5 làm tròn xuống)",
                      "متوسط الخصوم (.5 للأدنى)", "Средний рейтинг соперников (.5 вниз)"),
    "kvant.delta": ("ΔK = rating − K_avg", "ΔK = Elo − K_tb", "ΔK = التصنيف − المتوسط", "ΔK = рейтинг − средний"),
    "kvant.h": ("h (Table 1, %)", "h (Bảng 1, %)", "h (الجدول 1، %)", "h (таблица 1, %)"),
    "kvant.n_exp": ("N_exp rounded", "N_exp đã làm tròn", "N_exp بعد التقريب", "N_ож после округления"),
    "kvant.change": ("k · (N − N_exp)", "k · (N − N_exp)", "k · (N − N_exp)", "k · (N − N_ож)"),
    "match.player_a": ("Player A", "Kỳ thủ A", "اللاعب A", "Игрок A"),
    "match.player_b": ("Player B", "Kỳ thủ B", "اللاعب B", "Игрок B"),
    "match.once": ("Rated once at the end", "Tính một lần khi kết thúc", "الحساب مرة واحدة في النهاية", "Расчёт один раз в конце"),
    "match.paradox": ("Rated once, 580:420 over 1000 games moves 2000 players to 2800 and 1200; game by game they settle about 60 apart.",
                      "Tính một lần, 580:420 sau 1000 ván đưa hai kỳ thủ 2000 lên 2800 và xuống 1200; tính từng ván thì họ chỉ cách nhau khoảng 60.",
                      "بالحساب مرة واحدة، 580:420 في 1000 شوط تنقل لاعبَين من 2000 إلى 2800 و1200؛ وبعد كل شوط يستقر الفرق قرب 60.",
                      "При разовом расчёте счёт 580:420 в 1000 партиях даёт 2800 и 1200 игрокам с 2000; при расчёте после каждой партии разница около 60."),
    "ref.table_812": ("Table 8.1.2 (= the Kvant article's Table 1, h in %)", "Bảng 8.1.2 (= Bảng 1 của bài Kvant, h tính bằng %)",
                      "الجدول 8.1.2 (= الجدول 1 في مقالة كفانت، h بالنسبة المئوية)", "Таблица 8.1.2 (= таблица 1 статьи, h в %)"),
    "ref.table_811": ("Table 8.1.1", "Bảng 8.1.1", "الجدول 8.1.1", "Таблица 8.1.1"),
    "ref.d_from": ("D from", "D từ", "D من", "D от"),
    "ref.d_to": ("D to", "D đến", "D إلى", "D до"),
    "ref.h_high": ("h higher %", "h cao %", "h الأعلى %", "h выше %"),
    "ref.h_low": ("h lower %", "h thấp %", "h الأدنى %", "h ниже %"),
    "ref.categories": ("Tournament categories", "Hạng giải đấu", "فئات البطولات", "Категории турниров"),
    "ref.category": ("Category", "Hạng giải", "الفئة", "Категория"),
    "ref.average_from": ("Average from", "Trung bình từ", "المتوسط من", "Средний от"),
    "ref.average_to": ("Average to", "Trung bình đến", "المتوسط إلى", "Средний до"),
    "ref.k_rules": ("K factor (FIDE)", "Hệ số K (FIDE)", "المعامل K (FIDE)", "Коэффициент K (ФИДЕ)"),
    "k.40_new": ("K = {k_new} for a new player until he has completed events with at least {new_games} games.",
                 "K = {k_new} cho kỳ thủ mới cho đến khi đã chơi đủ ít nhất {new_games} ván.",
                 "K = {k_new} للاعب الجديد حتى يُكمل بطولات بما لا يقل عن {new_games} شوطًا.",
                 "K = {k_new} для нового игрока, пока он не сыграет не менее {new_games} партий."),
    "k.40_junior": ("K = {k_junior} until the end of the year of his {junior_age}th birthday, while rated below {junior_below}.",
                    "K = {k_junior} đến hết năm sinh nhật thứ {junior_age}, khi Elo còn dưới {junior_below}.",
                    "K = {k_junior} حتى نهاية سنة بلوغه {junior_age} عامًا ما دام تصنيفه دون {junior_below}.",
                    "K = {k_junior} до конца года, в котором игроку исполняется {junior_age} лет, пока рейтинг ниже {junior_below}."),
    "k.10": ("K = {k_top} once his published rating has reached {top_from}, for good.",
             "K = {k_top} khi Elo công bố đã từng đạt {top_from}, vĩnh viễn.",
             "K = {k_top} متى بلغ تصنيفه المنشور {top_from}، بصورة دائمة.",
             "K = {k_top}, как только опубликованный рейтинг достиг {top_from}, навсегда."),
    "k.20": ("K = {k_other} otherwise.", "K = {k_other} trong các trường hợp khác.", "K = {k_other} في غير ذلك.", "K = {k_other} в остальных случаях."),
    "k.700": ("If K × n exceeds {k_times_n} for the n games of a period, K becomes the largest whole number with K × n ≤ {k_times_n}.",
              "Nếu K × n vượt {k_times_n} với n ván trong kỳ, K là số nguyên lớn nhất sao cho K × n ≤ {k_times_n}.",
              "إذا تجاوز K × n القيمة {k_times_n} لعدد n من الأشواط، يصبح K أكبر عدد صحيح بحيث K × n ≤ {k_times_n}.",
              "Если K × n больше {k_times_n} для n партий периода, K — наибольшее целое с K × n ≤ {k_times_n}."),
    "ref.rule_sets": ("Rule sets", "Các luật tính", "قواعد الحساب", "Правила расчёта"),
    "ref.rules.FIDE": ("FIDE rules since 1 October 2025: per game PD from table 8.1.2; a difference over {cap} counts as {cap} unless the player is rated {exempt} or more; change = K × Σ(W − PD), rounded once, .5 away from zero; games against unrated opponents are not rated; unrated players get an initial rating (two hypothetical {anchor} draws, at least {initial_games} games, at most {initial_max}).",
                       "Luật FIDE từ 1/10/2025: mỗi ván lấy PD từ bảng 8.1.2; chênh lệch trên {cap} tính là {cap} trừ khi kỳ thủ có Elo từ {exempt}; thay đổi = K × Σ(W − PD), làm tròn một lần, .5 ra xa số 0; ván với đối thủ chưa có Elo không tính; kỳ thủ mới nhận Elo khởi điểm (thêm hai ván hòa giả định với {anchor}, ít nhất {initial_games} ván, tối đa {initial_max}).",
                       "قواعد FIDE منذ 1 أكتوبر 2025: لكل شوط PD من الجدول 8.1.2؛ الفرق فوق {cap} يُعد {cap} ما لم يكن اللاعب مصنفًا {exempt} فأكثر؛ التغير = K × Σ(W − PD) مقربًا مرة واحدة، و.5 بعيدًا عن الصفر؛ الأشواط ضد غير المصنفين لا تحتسب؛ غير المصنف يحصل على تصنيف أول (تعادلان افتراضيان مع {anchor}، {initial_games} مباريات على الأقل، {initial_max} كحد أقصى).",
                       "Правила ФИДЕ с 1 октября 2025: PD каждой партии по таблице 8.1.2; разница больше {cap} считается как {cap}, если рейтинг игрока ниже {exempt}; изменение = K × Σ(W − PD), округляется один раз, .5 от нуля; партии с соперниками без рейтинга не обсчитываются; игрок без рейтинга получает первый рейтинг (две условные ничьи с {anchor}, не менее {initial_games} партий, не более {initial_max})."),
    "ref.rules.FIDE-2024": ("FIDE rules from 1 March 2024 to 30 September 2025: as FIDE, but the {cap}-point rule applies to every player, {exempt}+ included.",
                            "Luật FIDE từ 1/3/2024 đến 30/9/2025: như FIDE, nhưng quy tắc {cap} điểm áp dụng cho mọi kỳ thủ, kể cả từ {exempt}.",
                            "قواعد FIDE من 1 مارس 2024 إلى 30 سبتمبر 2025: مثل FIDE، لكن قاعدة الـ{cap} نقطة تطبق على كل اللاعبين بمن فيهم {exempt} فأكثر.",
                            "Правила ФИДЕ с 1 марта 2024 по 30 сентября 2025: как FIDE, но правило {cap} очков действует для всех, включая {exempt}+."),
    "ref.rules.ELO-1970": ("Elo's method as FIDE applied it from 1970 (Kvant article): the opponents' average, rounded (.5 down); h from Table 1 for the difference; N_exp = h/100 × games, to the nearest 0.5 (a quarter down); new = old + {kvant_k} × (N − N_exp). Unrated players count as {kvant_unrated}.",
                           "Phương pháp Elo FIDE áp dụng từ 1970 (bài Kvant): trung bình đối thủ, làm tròn (.5 xuống); h từ Bảng 1 theo chênh lệch; N_exp = h/100 × số ván, làm tròn đến 0,5 (0,25 làm tròn xuống); mới = cũ + {kvant_k} × (N − N_exp). Kỳ thủ chưa có Elo tính là {kvant_unrated}.",
                           "طريقة إيلو كما طبقتها FIDE منذ 1970 (مقالة كفانت): متوسط الخصوم مقربًا (.5 للأدنى)؛ h من الجدول 1 حسب الفرق؛ N_exp = h/100 × عدد الأشواط لأقرب 0.5 (الربع للأدنى)؛ الجديد = القديم + {kvant_k} × (N − N_exp). غير المصنف يُحسب {kvant_unrated}.",
                           "Метод Эло, принятый ФИДЕ в 1970 году (статья в «Кванте»): средний рейтинг соперников с округлением (.5 вниз); h по таблице 1 для разницы; N_ож = h/100 × число партий до ближайших 0,5 (четверть вниз); новый = старый + {kvant_k} × (N − N_ож). Без рейтинга — {kvant_unrated}."),
    "ref.rules.FIDE-RAPID": (
        "FIDE rapid rules (B.02, rapid and blitz): as FIDE, but the {cap}-point rule applies to every player, {exempt}+ "
        "included; a game between players {gap_from} or more points apart is not rated when one of them is rated above "
        "{gap_above}; an unrated player who has a standard rating is rated with it (K {seed_k}).",
        "Luật cờ nhanh FIDE (B.02, cờ nhanh và cờ chớp): như FIDE, nhưng quy tắc {cap} điểm áp dụng cho mọi kỳ thủ, kể cả "
        "từ {exempt}; ván giữa hai kỳ thủ chênh nhau từ {gap_from} điểm trở lên không được tính nếu một người có Elo trên "
        "{gap_above}; kỳ thủ chưa có Elo cờ nhanh nhưng có Elo cờ tiêu chuẩn được tính theo Elo đó (K {seed_k}).",
        "قواعد FIDE للشطرنج السريع (B.02، السريع والخاطف): مثل FIDE، لكن قاعدة الـ{cap} نقطة تطبق على كل اللاعبين بمن فيهم "
        "{exempt} فأكثر؛ الشوط بين لاعبين يفصل بينهما {gap_from} نقطة أو أكثر لا يُحتسب إذا كان تصنيف أحدهما فوق "
        "{gap_above}؛ اللاعب غير المصنف الذي له تصنيف كلاسيكي يُحسب به (K = {seed_k}).",
        "Правила ФИДЕ по быстрым шахматам (B.02, быстрые и блиц): как FIDE, но правило {cap} очков действует для всех, "
        "включая {exempt}+; партия между игроками с разницей {gap_from} и более очков не обсчитывается, если рейтинг одного "
        "из них выше {gap_above}; игрок без рейтинга, имеющий рейтинг в классике, обсчитывается с ним (K {seed_k})."),
    "ref.rules.FIDE-BLITZ": ("FIDE blitz rules: the same as FIDE-RAPID (B.02, rapid and blitz chapter).",
                             "Luật cờ chớp FIDE: giống FIDE-RAPID (B.02, chương cờ nhanh và cờ chớp).",
                             "قواعد FIDE للشطرنج الخاطف: مثل FIDE-RAPID (B.02، فصل السريع والخاطف).",
                             "Правила ФИДЕ по блицу: как FIDE-RAPID (B.02, глава о быстрых шахматах и блице)."),
    "ref.rules.USSR-1977": ("The USSR variant from 1 January 1977: as ELO-1970, but N_exp is rounded to the nearest 0.1 point (.05 down).",
                            "Biến thể Liên Xô từ 1/1/1977: như ELO-1970, nhưng N_exp làm tròn đến 0,1 điểm (0,05 xuống).",
                            "النسخة السوفييتية منذ 1 يناير 1977: مثل ELO-1970، لكن N_exp يُقرب لأقرب 0.1 نقطة (.05 للأدنى).",
                            "Вариант СССР с 1 января 1977 года: как ELO-1970, но N_ож округляется до 0,1 очка (.05 вниз)."),
    "ref.rules.LOGISTIC": ("The logistic formula of the encyclopedia articles: E = 1/(1 + 10^(−D/scale)), scale {scale} unless set; new = old + K × (S − E), K {logistic_k} by default, rounded to a whole number; unrated players count as {logistic_unrated}.",
                           "Công thức logistic trong các bài bách khoa: E = 1/(1 + 10^(−D/hằng số)), mặc định {scale}; mới = cũ + K × (S − E), K mặc định {logistic_k}, làm tròn thành số nguyên; kỳ thủ chưa có Elo tính là {logistic_unrated}.",
                           "الصيغة اللوجستية في المقالات الموسوعية: E = 1/(1 + 10^(−D/الثابت))، والثابت {scale} افتراضيًا؛ الجديد = القديم + K × (S − E)، وK = {logistic_k} افتراضيًا، مقربًا لعدد صحيح؛ غير المصنف يُحسب {logistic_unrated}.",
                           "Логистическая формула энциклопедических статей: E = 1/(1 + 10^(−D/масштаб)), масштаб {scale} по умолчанию; новый = старый + K × (S − E), K = {logistic_k} по умолчанию, с округлением до целого; без рейтинга — {logistic_unrated}."),
    "ref.bands": ("Rating bands (Vietnamese Wikipedia)", "Các mức Elo (Wikipedia tiếng Việt)", "مستويات التصنيف (ويكيبيديا الفيتنامية)", "Уровни рейтинга (вьетнамская Википедия)"),
    "band.1000": ("beginner who knows the rules", "người mới biết luật", "مبتدئ يعرف القواعد", "новичок, знающий правила"),
    "band.1200": ("casual player", "người chơi nghiệp dư", "لاعب هاوٍ", "любитель"),
    "band.1600": ("average club player", "kỳ thủ câu lạc bộ trung bình", "لاعب نادٍ متوسط", "средний клубный игрок"),
    "band.1800": ("good club player", "kỳ thủ câu lạc bộ khá", "لاعب نادٍ جيد", "хороший клубный игрок"),
    "band.2000": ("strong club player", "kỳ thủ câu lạc bộ mạnh", "لاعب نادٍ قوي", "сильный клубный игрок"),
    "band.2200": ("master", "kiện tướng", "أستاذ", "мастер"),
    "band.2400": ("International Master", "Kiện tướng quốc tế", "أستاذ دولي", "международный мастер"),
    "band.2600": ("Grandmaster", "Đại kiện tướng", "أستاذ كبير", "гроссмейстер"),
    "band.2700": ("super grandmaster", "siêu đại kiện tướng", "أستاذ كبير ممتاز", "супергроссмейстер"),
    "work.k_derived": ("K given or derived", "K nhập hoặc tự xác định", "K المُدخل أو المحدد", "K заданный или по правилам"),
    "out.Points": ("Points", "Điểm", "النقاط", "Очки"),
    "out.Games": ("Rated games", "Ván tính", "أشواط محتسبة", "Партий в обсчёте"),
    "out.Score": ("Score", "Điểm tính", "النتيجة المحتسبة", "Очки в обсчёте"),
    "out.OppAverage": ("Opp. average", "TB đối thủ", "متوسط الخصوم", "Средний рейтинг соперников"),
    "out.Expected": ("Expected", "Điểm kỳ vọng", "النقاط المتوقعة", "Ожидаемый результат"),
    "out.Change": ("Change", "Thay đổi", "التغير", "Изменение"),
    "out.NewRating": ("New rating", "Elo mới", "التصنيف الجديد", "Новый рейтинг"),
    "out.Performance": ("Performance", "Elo thành tích (Rp)", "تصنيف الأداء", "Турнирный рейтинг"),
    "out.SB": ("Sonneborn- Berger", "Sonneborn- Berger", "زونبورن-برغر", "Коэф. Бергера"),
    "out.Buchholz": ("Buchholz", "Buchholz", "بوخهولز", "Бухгольц"),
    "out.Rank": ("Rank", "Xếp hạng", "الترتيب", "Место"),
    "out.Forecast": ("Forecast", "Dự báo", "التوقع النهائي", "Прогноз"),
    "out.KUsed": ("K used", "K dùng", "K المستخدم", "Применённый K"),
    "rr.type_here": ("Results: type each game in either of its two cells (row player's score)",
                     "Kết quả: nhập mỗi ván vào một trong hai ô của nó (điểm của kỳ thủ ở hàng)",
                     "النتائج: اكتب كل شوط في أي من خليتيه (نتيجة لاعب الصف)",
                     "Результаты: каждую партию вводите в любую из двух её ячеек (очки игрока строки)"),
    "swiss.type_here": ("Type each board once, on either player's row: the other row may stay blank",
                        "Nhập mỗi ván một lần, ở hàng của một trong hai kỳ thủ: hàng kia có thể để trống",
                        "اكتب كل شوط مرة واحدة في صف أحد اللاعبين: يمكن ترك الصف الآخر فارغًا",
                        "Каждую партию вводите один раз, в строке любого из игроков: другую можно не заполнять"),
    # working area
    "work.title": ("Working (every step of the calculation, locked)", "Tính toán (mọi bước, đã khóa)",
                   "خطوات الحساب (مقفلة)", "Расчёт (все шаги, защищено)"),
    "sheet.standings": ("Standings", "Bảng xếp hạng", "جدول الترتيب", "Турнирная таблица"),
    "title.standings": ("Standings, {players|player} — in ranking order: points, then the tie-break, then start number",
                        "Bảng xếp hạng, {players|player} — theo thứ tự: điểm, hệ số phụ, rồi số thứ tự",
                        "جدول الترتيب، {players|player} — حسب النقاط ثم كسر التعادل ثم رقم البداية",
                        "Турнирная таблица, {players|player} — по очкам, затем по дополнительному показателю, "
                        "затем по стартовому номеру"),
    "standings.after_round": ("After round {round}", "Sau vòng {round}", "بعد الجولة {round}", "После {round}-го тура"),
    "standings.games_played": ("{played} of {total} games played", "Đã đấu {played}/{total} ván",
                               "لُعب {played} من {total} شوطًا", "Сыграно партий: {played} из {total}"),
    "col.place": ("Place", "Xếp hạng", "المركز", "Место"),
    "work.place_of": ("place of No (working)", "xếp hạng của số (tính toán)", "مركز الرقم (حساب)", "место номера (расчёт)"),
    "work.row_of": ("No at this place (working)", "số ở xếp hạng này (tính toán)", "الرقم في هذا المركز (حساب)",
                    "номер на этом месте (расчёт)"),
    "sheet.norms": ("Norms", "Chuẩn danh hiệu", "النورمات", "Нормы"),
    "title.norms": ("Title norms, {players|player} — choose a norm for a player; everything else is computed",
                    "Chuẩn danh hiệu, {players|player} — chọn chuẩn cho kỳ thủ; mọi thứ khác được tính",
                    "نورمات الألقاب، {players|player} — اختر النورم للاعب؛ الباقي يُحسب تلقائيًا",
                    "Нормы званий, {players|player} — выберите норму для участника; остальное считается"),
    "norms.exempt": ("Exempt from the federation rules", "Miễn quy định liên đoàn", "معفى من قواعد الاتحادات",
                     "Без требований к федерациям"),
    "norms.min_games": ("Minimum games (blank: <min>)", "Số ván tối thiểu (trống: <min>)",
                        "الحد الأدنى للأشواط (فارغ: <min>)", "Минимум партий (пусто: <min>)"),
    "norms.table": ("Norms (FIDE Title Regulations)", "Chuẩn (Quy chế danh hiệu FIDE)",
                    "النورمات (لوائح ألقاب FIDE)", "Нормы (Положение ФИДЕ о званиях)"),
    "col.norm": ("Norm", "Chuẩn", "النورم", "Норма"),
    "col.norm_games": ("Games credited", "Số ván tính", "الأشواط المحتسبة", "Зачтено партий"),
    "col.norm_ra": ("Ra", "Ra", "Ra", "Ra"),
    "col.norm_score": ("Score", "Điểm", "النقاط", "Очки"),
    "col.norm_rp": ("Rp", "Rp", "Rp", "Rp"),
    "col.norm_required": ("Points required", "Điểm cần", "النقاط المطلوبة", "Нужно очков"),
    "col.norm_needed": ("Still needed", "Còn cần", "المتبقي", "Ещё нужно"),
    "col.norm_status": ("Status", "Tình trạng", "الحالة", "Статус"),
    "col.norm_perf": ("Rp at least", "Rp tối thiểu", "Rp على الأقل", "Rp не ниже"),
    "col.norm_avg": ("Ra at least", "Ra tối thiểu", "Ra على الأقل", "Ra не ниже"),
    "col.norm_floor": ("Floor", "Sàn", "الحد الأدنى", "Нижняя граница"),
    "col.norm_holder": ("Title holder", "Có danh hiệu", "حامل لقب", "Носитель звания"),
    "col.norm_level": ("Counts from norm", "Tính từ chuẩn", "يُحتسب من النورم", "Учитывается с нормы"),
    "col.norm_titled": ("Norm-title opponents", "Đối thủ đủ danh hiệu", "منافسون بلقب النورم", "Соперники со званием"),
    "col.game_words": ("Games (words)", "Ván (chữ)", "الأشواط (كتابة)", "Партии (словами)"),
    "norm.made": ("<norm> norm made", "Đạt chuẩn <norm>", "تحقق نورم <norm>", "Норма <norm> выполнена"),
    "norm.needs": ("needs <points> from <games>", "cần <points> trong <games>", "يحتاج <points> من <games>",
                   "нужно <points> из: <games>"),
    "norm.reached": ("norm score reached, <games> still to play", "đã đủ điểm chuẩn, còn <games>",
                     "بلغ نقاط النورم، بقي <games>", "очки для нормы набраны, осталось: <games>"),
    "norm.not_possible": ("not possible: <reason>", "không thể: <reason>", "غير ممكن: <reason>",
                          "невозможно: <reason>"),
    "norm.r_games": ("no game counts", "không ván nào được tính", "لا شوط يُحتسب", "ни одна партия не учитывается"),
    "norm.r_ra": ("Ra <ra> below <min>", "Ra <ra> dưới <min>", "Ra <ra> أقل من <min>", "Ra <ra> ниже <min>"),
    "norm.r_min_games": ("games credited: <have>, needed: <need>", "số ván tính: <have>, cần: <need>",
                         "الأشواط المحتسبة: <have>، المطلوب: <need>", "зачтено партий: <have>, нужно: <need>"),
    "norm.r_holders": ("title holders: <have>, needed: <need>", "đối thủ có danh hiệu: <have>, cần: <need>",
                       "حاملو الألقاب: <have>، المطلوب: <need>", "носителей званий: <have>, нужно: <need>"),
    "norm.r_titled": ("<titles> opponents: <have>, needed: <need>", "đối thủ <titles>: <have>, cần: <need>",
                      "منافسون <titles>: <have>، المطلوب: <need>", "соперников <titles>: <have>, нужно: <need>"),
    "norm.r_feds": ("federation rules not met", "chưa đạt quy định liên đoàn", "قواعد الاتحادات غير مستوفاة",
                    "не выполнены требования к федерациям"),
    "norm.r_score": ("scored <score>, <required> needed", "được <score>, cần <required>",
                     "سجل <score>، المطلوب <required>", "набрано <score>, нужно <required>"),
    "norm.unknown": ("<games> still to play, no opponent known yet", "còn <games>, chưa biết đối thủ",
                     "متبقٍ <games>، لا منافس معروف بعد", "осталось: <games>, соперники ещё неизвестны"),
    "work.base": ("typed {number}", "nhập {number}", "مُدخل {number}", "ввод {number}"),
    "work.code": ("game {number}", "ván {number}", "شوط {number}", "партия {number}"),
    "work.expected": ("E% {number}", "E% {number}", "E% {number}", "E% {number}"),
    "work.opp_used": ("opp {number}", "đối thủ {number}", "خصم {number}", "сопер. {number}"),
    "work.opponent": ("opp No {number}", "số ĐT {number}", "رقم الخصم {number}", "№ сопер. {number}"),
    "work.opp_points": ("opp pts {number}", "điểm ĐT {number}", "نقاط الخصم {number}", "очки сопер. {number}"),
    "work.ru_row": ("ratings used", "Elo dùng", "التصنيفات المستخدمة", "рейтинги в расчёте"),
    "work.points_row": ("points", "điểm", "النقاط", "очки"),
    "work.present": ("player", "kỳ thủ", "لاعب", "игрок"),
    "work.rating_value": ("rating", "Elo", "التصنيف", "рейтинг"),
    "work.rating_used": ("rating used", "Elo dùng", "التصنيف المستخدم", "рейтинг в расчёте"),
    "work.k_given": ("K", "K", "K", "K"),
    "work.games": ("games", "số ván", "الأشواط", "партий"),
    "work.halves": ("½-points", "nửa điểm", "أنصاف النقاط", "полуочков"),
    "work.opp_sum": ("Σ opponents", "Σ đối thủ", "Σ الخصوم", "Σ соперников"),
    "work.exp_sum": ("Σ E (%)", "Σ E (%)", "Σ E (%)", "Σ E (%)"),
    "work.k_eff": ("K (K×n ≤ {k_times_n})", "K (K×n ≤ {k_times_n})", "K (K×n ≤ {k_times_n})", "K (K×n ≤ {k_times_n})"),
    "work.average": ("average", "trung bình", "المتوسط", "средний"),
    "work.h": ("h", "h", "h", "h"),
    "work.n_exp": ("N_exp (tenths)", "N_exp (phần mười)", "N_exp (أعشار)", "N_ож (десятые)"),
    "work.unrounded": ("change unrounded", "thay đổi chưa làm tròn", "التغير قبل التقريب", "изменение до округления"),
    "work.change": ("change", "thay đổi", "التغير", "изменение"),
    "work.new": ("new rating", "Elo mới", "التصنيف الجديد", "новый рейтинг"),
    "work.performance": ("performance", "Elo thành tích", "تصنيف الأداء", "турнирный рейтинг"),
    "work.points": ("points", "điểm", "النقاط", "очки"),
    "work.pend_games": ("games to play", "ván còn lại", "أشواط متبقية", "осталось партий"),
    "work.pend_sum": ("Σ opponents to play", "Σ đối thủ còn lại", "Σ الخصوم المتبقين", "Σ оставшихся соперников"),
    "work.pend_exp": ("Σ E to play (%)", "Σ E còn lại (%)", "Σ E المتبقي (%)", "Σ E оставшихся (%)"),
    "work.pend_h": ("h to play", "h còn lại", "h المتبقي", "h оставшихся"),
    "work.pend_tenths": ("N_exp to play (tenths)", "N_exp còn lại (phần mười)", "N_exp المتبقي (أعشار)", "N_ож оставшихся (десятые)"),
    "work.forecast": ("forecast", "dự báo", "التوقع النهائي", "прогноз"),
    "work.conflicts": ("conflicts", "mâu thuẫn", "تعارضات", "противоречия"),
}


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
