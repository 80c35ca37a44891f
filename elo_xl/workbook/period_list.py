"""The new list of a rating period as an ``.xlsx`` workbook that prints and reads like FIDE's.

One sheet: a title line saying which list this is ("FIDE standard list of 1 May 2026, from
the period 2026-04"), the header row in words (English, Vietnamese, Arabic or Russian, from
:mod:`elo_xl.workbook.i18n`), then one row per player. One font (Calibri 11, the header bold),
changes signed (``+12``, ``-7``, ``0``: a number format, the cells stay numbers), gains green and
losses red, landscape, one page wide, the header row repeated on every page, the panes frozen
under the header and beside the name, filters on the header. Text cells always hold text (a
name such as ``=HYPERLINK(…)`` is never a formula).

Every column's header cell carries a defined name ``elo_xl.FIELD`` (``elo_xl.new_rating`` …),
whatever the language: that is how ``elo-xl period --list`` reads the workbook back as next
month's list (:mod:`elo_xl.period.sheet_list`). Saved with fixed timestamps
(:func:`elo_xl.workbook.archive.deterministic`), so ``--show`` gives the run's bytes.

>>> import io, openpyxl
>>> head = {"period": "2026-04", "type": "standard", "rules": "FIDE"}
>>> row = dict.fromkeys(LIST_FIELDS); row.update(fide_id=7, name="Ngo, Lan", games=3, change=-7, new_rating=2098)
>>> ws = openpyxl.load_workbook(io.BytesIO(as_xlsx(head, [row]))).active
>>> ws["A1"].value, ws["B2"].value, ws.freeze_panes, ws.page_setup.orientation
('FIDE standard list of 1 May 2026, from the period 2026-04', 'Name', 'C3', 'landscape')
"""

from __future__ import annotations

import io
from typing import Any

from babel.dates import format_date

from ..errors import EloError
from ..period.output import XLSX_MAX_ROWS, list_date
from ..period.run import LIST_FIELDS
from .archive import deterministic
from .i18n import LANGUAGES, translate
from .layout import text_width

#: The columns of the printed list, in order (the standard rating only on rapid and blitz lists).
COLUMNS = ("fide_id", "name", "federation", "sex", "title", "w_title", "o_title", "foa_title", "birth_year", "flag",
           "standard", "old_rating", "old_k", "games", "k_used", "change", "new_rating", "next_k", "note")
#: i18n keys whose name differs from the field's.
_KEYS = {"title": "plist.title_col", "standard": "plist.standard_col"}
#: Widths (Excel units) of the long text columns; the others fit their header and numbers.
_WIDE = {"name": 30, "note": 60, "o_title": 12}
SIGNED = "+0;-0;0"
#: Rows above the players: the title line and the header.
HEAD_ROWS = 2


def header_words(lang: str = "en") -> dict[str, str]:
    """The header of each column in ``lang``.

    >>> header_words("en")["k_used"], header_words("ru")["new_rating"]
    ('K used', 'Новый рейтинг')
    """
    return {f: translate(_KEYS.get(f, f"plist.{f}"), lang) for f in COLUMNS}


def title(head: dict[str, Any], lang: str = "en") -> str:
    """The title line: which list this is and from which period.

    >>> title({"period": "2026-12", "type": "rapid", "rules": "FIDE-RAPID"}, "vi")
    'Danh sách FIDE cờ nhanh ngày 1 tháng 1, 2027, từ kỳ 2026-12'
    """
    rules = str(head["rules"])
    body = "FIDE" if rules.startswith("FIDE") else rules
    when = format_date(list_date(head["period"]), "d MMMM y" if lang == "en" else "long", locale=lang)
    return translate("plist.title", lang, body=body, type=translate(f"plist.{head['type']}", lang), date=when,
                     period=head["period"])


def _letter(c: int) -> str:
    """Column letters of 0-based column ``c`` (up to ZZ)."""
    return (chr(64 + c // 26) if c >= 26 else "") + chr(65 + c % 26)


def as_xlsx(head: dict[str, Any], rows: list[dict[str, Any]], lang: str = "en") -> bytes:
    """The new list as ``.xlsx`` bytes (see the module's documentation)."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.formatting.rule import CellIsRule
    from openpyxl.styles import Font
    from openpyxl.workbook.defined_name import DefinedName

    if lang not in LANGUAGES:
        raise EloError(f"--lang: {lang} is not one of {', '.join(LANGUAGES)}")
    if len(rows) + HEAD_ROWS > XLSX_MAX_ROWS:
        raise EloError(f"-o: {len(rows):,} players do not fit in a worksheet (at most {XLSX_MAX_ROWS - HEAD_ROWS:,} "
                       "below the header); write the list as .csv or .txt")
    columns = [f for f in COLUMNS if f != "standard" or head["type"] != "standard"]
    words = header_words(lang)
    book = Workbook(write_only=True)
    sheet = book.create_sheet(translate("plist.sheet", lang))
    if lang == "ar":
        sheet.sheet_view.rightToLeft = True
    sheet.freeze_panes = f"{_letter(columns.index('name') + 1)}{HEAD_ROWS + 1}"
    sheet.page_setup.orientation = "landscape"
    sheet.page_setup.paperSize = "9"  # A4
    sheet.page_setup.fitToWidth = 1
    sheet.page_setup.fitToHeight = 0
    sheet.sheet_properties.pageSetUpPr.fitToPage = True
    sheet.print_title_rows = f"{HEAD_ROWS}:{HEAD_ROWS}"
    sheet.oddFooter.center.text = "&P / &N"
    sheet.page_margins.left = sheet.page_margins.right = 0.4
    bold = Font(name="Calibri", sz=11, family=2, scheme="minor", b=True)  # the book's one font, bold
    for c, name in enumerate(columns):
        width = max(text_width(words[name], bold=True) + 1, 7)
        sheet.column_dimensions[_letter(c)].width = max(width, _WIDE.get(name, 0))
    top = WriteOnlyCell(sheet, value=title(head, lang))
    top.font = bold
    # an empty cell with the signed format registers that style; the players' rows use its number
    marker = WriteOnlyCell(sheet, value=None)
    marker.number_format = SIGNED
    sheet.append([top, marker])
    header = []
    for name in columns:
        cell = WriteOnlyCell(sheet, value=words[name])
        cell.font = bold
        header.append(cell)
    sheet.append(header)
    change_at = columns.index("change")
    last = _letter(len(columns) - 1)
    end = len(rows) + HEAD_ROWS
    sheet.auto_filter.ref = f"A{HEAD_ROWS}:{last}{end}"
    changes = f"{_letter(change_at)}{HEAD_ROWS + 1}:{_letter(change_at)}{max(end, HEAD_ROWS + 1)}"
    sheet.conditional_formatting.add(changes, CellIsRule(operator="greaterThan", formula=["0"],
                                                         font=Font(color="006100")))
    sheet.conditional_formatting.add(changes, CellIsRule(operator="lessThan", formula=["0"], font=Font(color="9C0006")))
    quoted = "'" + sheet.title.replace("'", "''") + "'"
    for c, name in enumerate(columns):
        key = f"elo_xl.{name}"
        book.defined_names[key] = DefinedName(key, attr_text=f"{quoted}!${_letter(c)}${HEAD_ROWS}")
    out = io.BytesIO()
    book.save(out)
    return deterministic(_with_rows(out.getvalue(), rows, columns, change_at))


_ESCAPE = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})


def _rows_xml(rows: list[dict[str, Any]], columns: list[str], change_at: int, signed: str) -> str:
    """The players' rows as worksheet XML (what openpyxl would write, made ten times faster):
    numbers as numbers, the change with the signed format, text as inline strings (never a
    formula); characters XML cannot hold become U+FFFD."""
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    letters = [_letter(c) for c in range(len(columns))]
    parts = []
    append = parts.append
    for k, r in enumerate(rows):
        n = k + HEAD_ROWS + 1
        cells = []
        for c, field in enumerate(columns):
            value = r[field]
            if value is None or value == "":
                continue
            ref = f"{letters[c]}{n}"
            if value.__class__ is str:
                text = value.translate(_ESCAPE)
                if ILLEGAL_CHARACTERS_RE.search(text):
                    text = ILLEGAL_CHARACTERS_RE.sub("\ufffd", text)
                space = ' xml:space="preserve"' if text != text.strip() else ""
                cells.append(f'<c r="{ref}" t="inlineStr"><is><t{space}>{text}</t></is></c>')
            elif c == change_at:
                cells.append(f'<c r="{ref}" s="{signed}" t="n"><v>{value}</v></c>')
            else:
                cells.append(f'<c r="{ref}" t="n"><v>{value}</v></c>')
        append(f'<row r="{n}">{"".join(cells)}</row>')
    return "".join(parts)


def _with_rows(xlsx: bytes, rows: list[dict[str, Any]], columns: list[str], change_at: int) -> bytes:
    """The workbook openpyxl wrote (title, header, settings), with the players' rows put in."""
    import re
    import zipfile

    source = zipfile.ZipFile(io.BytesIO(xlsx))
    part = "xl/worksheets/sheet1.xml"
    sheet = source.read(part).decode("utf-8")
    signed = re.search(r'<c r="B1" s="(\d+)"', sheet).group(1)
    at = sheet.index("</sheetData>")
    sheet = sheet[:at] + _rows_xml(rows, columns, change_at, signed) + sheet[at:]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as target:  # deflated once, by deterministic()
        for info in source.infolist():
            data = sheet.encode("utf-8") if info.filename == part else source.read(info)
            target.writestr(zipfile.ZipInfo(info.filename, info.date_time), data)
    return out.getvalue()
