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
>>> from elo_xl.period.run import LIST_FIELDS
>>> head = {"period": "2026-04", "type": "standard", "rules": "FIDE"}
>>> row = dict.fromkeys(LIST_FIELDS); row.update(fide_id=7, name="Ngo, Lan", games=3, change=-7, new_rating=2098)
>>> ws = openpyxl.load_workbook(io.BytesIO(as_xlsx(head, [row]))).active
>>> ws["A1"].value, ws["B2"].value, ws.freeze_panes, ws.page_setup.orientation
('FIDE standard list of 1 May 2026, from the period 2026-04', 'Name', 'C3', 'landscape')
"""

from __future__ import annotations

import io
import re
import zipfile
from itertools import chain
from typing import Any

from babel.dates import format_date

from ..errors import EloError
from ..io.xlsx import NOT_XML, column_letter, escape
from ..period.output import XLSX_MAX_ROWS, list_date
from .archive import deterministic
from .i18n import LANGUAGES, translate
from .layout import text_width

#: The columns of the printed list, in order (the standard rating only on rapid and blitz lists).
COLUMNS = ("fide_id", "name", "federation", "sex", "title", "w_title", "o_title", "foa_title", "birth_year", "flag",
           "standard", "old_rating", "old_k", "games", "k_used", "change", "new_rating", "next_k", "note")
#: i18n keys whose name differs from the field's.
_KEYS = {"title": "plist.title_col", "standard": "plist.standard_col"}
#: Widths (Excel units) of the long text columns; the others fit their header and numbers.
_WIDE = {"fide_id": 10, "name": 30, "note": 60, "o_title": 12}
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
    sheet.freeze_panes = f"{column_letter(columns.index('name') + 2)}{HEAD_ROWS + 1}"
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
        sheet.column_dimensions[column_letter(c + 1)].width = max(width, _WIDE.get(name, 0))
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
    last = column_letter(len(columns))
    end = len(rows) + HEAD_ROWS
    sheet.auto_filter.ref = f"A{HEAD_ROWS}:{last}{end}"
    changes = f"{column_letter(change_at + 1)}{HEAD_ROWS + 1}:{column_letter(change_at + 1)}{max(end, HEAD_ROWS + 1)}"
    sheet.conditional_formatting.add(changes, CellIsRule(operator="greaterThan", formula=["0"],
                                                         font=Font(color="006100")))
    sheet.conditional_formatting.add(changes, CellIsRule(operator="lessThan", formula=["0"], font=Font(color="9C0006")))
    quoted = "'" + sheet.title.replace("'", "''") + "'"
    for c, name in enumerate(columns):
        key = f"elo_xl.{name}"
        book.defined_names[key] = DefinedName(key, attr_text=f"{quoted}!${column_letter(c + 1)}${HEAD_ROWS}")
    out = io.BytesIO()
    book.save(out)
    return _with_rows(deterministic(out.getvalue()), rows, columns, change_at)


#: Players' rows written (and deflated) at a time: the sheet's XML is never held whole.
CHUNK_ROWS = 10_000
#: Deflate level of the workbook's parts. Measured on a 200,000-player list (85 MB of sheet XML):
#: level 1 0.33 s and 13.5 MB, level 4 0.45 s and 11.4 MB, zlib's default 6 1.41 s and 10.3 MB.
#: Level 4 keeps the file within 11 % of the smallest for a third of the time.
LEVEL = 4
#: :data:`~elo_xl.io.xlsx.NOT_XML` but NUL, the separator of :func:`_texts`.
_NOT_XML_BUT_NUL = re.compile(NOT_XML.pattern.replace("\x00", "\x01", 1))
#: A text after the first that starts with white space (it needs ``xml:space="preserve"``); searched
#: in the column reversed too, for the ends.
_LEADING = re.compile(r"\x00\s")


def _texts(values: list[str | None]) -> list[str]:
    """A text column as the cells' ``<t>…`` openings and XML text ("" where empty): one escaping
    pass over the whole column, the cell by cell way only when a value holds a character XML
    cannot hold or white space at an end."""
    plain = ["" if v is None else v for v in values]
    joined = "\x00".join(plain)
    edge = joined[:1].isspace() or joined[-1:].isspace() or _LEADING.search(joined) or _LEADING.search(joined[::-1])
    if joined.count("\x00") == len(plain) - 1 and not _NOT_XML_BUT_NUL.search(joined) and not edge:
        return ["<t>" + t if t else "" for t in escape(joined).split("\x00")] if plain else []
    out = []
    for v in plain:
        text = NOT_XML.sub("\ufffd", escape(v))
        out.append("" if not text else ('<t xml:space="preserve">' if text != text.strip() else "<t>") + text)
    return out


def _cells(letter: str, numbers: list[str], values: list[Any], style: str) -> list[str]:
    """One column's cells of a run of rows (``numbers``: the rows' numbers as text; "" where the
    value is empty)."""
    kinds = set(map(type, values)) - {type(None)}
    head = f'<c r="{letter}'
    if str not in kinds:
        return [f'{head}{n}"{style}><v>{v}</v></c>' if v is not None else "" for n, v in zip(numbers, values)]
    if kinds == {str}:
        return [f'{head}{n}" t="inlineStr"><is>{t}</t></is></c>' if t else "" for n, t in zip(numbers, _texts(values))]
    return [c for v, n in zip(values, numbers) for c in _cells(letter, [n], [v], style)]  # numbers and text


def _rows_xml(rows: list[dict[str, Any]], columns: list[str], change_at: int, signed: str, first: int) -> str:
    """The players' rows as worksheet XML, starting at row ``first`` (what openpyxl writes, made
    several times faster by building it column by column): numbers as numbers (the default cell
    type, no ``t``), the change with the signed format, text as inline strings (never a formula);
    characters XML cannot hold (control characters, lone surrogates, U+FFFE, U+FFFF) become U+FFFD,
    so that the list always reads back."""
    numbers = list(map(str, range(first, first + len(rows))))
    parts = [[f'<row r="{n}">' for n in numbers]]
    for c, field in enumerate(columns):
        parts.append(_cells(column_letter(c + 1), numbers, [r[field] for r in rows], f' s="{signed}"' if c == change_at else ""))
    parts.append(["</row>"] * len(rows))
    return "".join(chain.from_iterable(zip(*parts)))


def _with_rows(xlsx: bytes, rows: list[dict[str, Any]], columns: list[str], change_at: int) -> bytes:
    """The workbook openpyxl wrote (title, header, settings; fixed dates), with the players' rows
    put in: the archive is written once, the sheet deflated as its rows are made."""
    source = zipfile.ZipFile(io.BytesIO(xlsx))
    part = "xl/worksheets/sheet1.xml"
    sheet = source.read(part).decode("utf-8")
    signed = re.search(r'<c r="B1" s="(\d+)"', sheet).group(1)
    at = sheet.index("</sheetData>")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            entry = zipfile.ZipInfo(info.filename, info.date_time)
            entry.create_system, entry.external_attr = info.create_system, info.external_attr
            entry.compress_type = zipfile.ZIP_DEFLATED
            _set_level(entry, LEVEL)
            if info.filename != part:
                target.writestr(entry, source.read(info))
                continue
            with target.open(entry, "w") as stream:
                stream.write(sheet[:at].encode("utf-8"))
                for k in range(0, len(rows), CHUNK_ROWS):
                    chunk = _rows_xml(rows[k:k + CHUNK_ROWS], columns, change_at, signed, k + HEAD_ROWS + 1)
                    stream.write(chunk.encode("utf-8"))
                stream.write(sheet[at:].encode("utf-8"))
    return out.getvalue()


def _set_level(entry: zipfile.ZipInfo, level: int) -> None:
    """The deflate level of one zip entry (``compress_level`` from Python 3.13, ``_compresslevel`` before)."""
    if hasattr(entry, "compress_level"):
        entry.compress_level = level
    else:
        entry._compresslevel = level
