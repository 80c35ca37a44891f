"""A worksheet's cells as sheet XML, written fast and with shared formulas.

openpyxl writes every cell through lxml, one element at a time, and every formula in full.
A 1000-player Swiss book holds hundreds of thousands of cells, most of them one formula
copied down a column: written cell by cell they took half of the generation time, and a
reader (LibreOffice, Gnumeric, Excel) parsed every copy again.

This module writes the ``<sheetData>`` part of a worksheet itself, from openpyxl's own cells
(values, data types, styles and row heights as openpyxl holds them), with **shared formulas**
(ECMA-376 Part 1, 18.3.1.40: ``<f t="shared" ref="X16:X515" si="0">`` on the top cell of a
run, ``<f t="shared" si="0"/>`` below it). A reader shifts the top cell's relative
references down the run, as Excel does when a formula is filled down. A run is made only when
every cell's text is *exactly* the top cell's text with its relative row references shifted
(checked cell by cell, string literals untouched), so each cell computes what it would with
its formula written in full; a formula that refers to another row relatively, or to whole
rows, is written in full.

Everything else of the worksheet (columns, views, merged cells, validation, conditional
formats, print set-up) is openpyxl's: :class:`Writer` takes openpyxl's worksheet writer and
replaces only its rows.

>>> import openpyxl
>>> ws = openpyxl.Workbook().active
>>> for row in (1, 2, 3):
...     ws.cell(row=row, column=1).value = row
...     ws.cell(row=row, column=2).value = f'=IF(A{row}>1,A{row}*$A$1,"A1")'
...     ws.cell(row=row, column=3).value = f"=B{row}+C1"
>>> xml = sheet_data(ws)
>>> xml.count('t="shared"'), xml.count('<f t="shared" ref="B1:B3" si="0">IF(A1&gt;1,A1*$A$1,"A1")</f>')
(3, 1)
>>> '<c r="B2"><f t="shared" si="0"/></c>' in xml, '<f>B2+C1</f>' in xml
(True, True)
>>> relative_key('IF(A2>1,A2*$A$1,"A2")', 2)
(True, 'IF(A\\x00>1,A\\x00*$A$1,"A2")', 0)
>>> relative_key("LOG10(B3)+'Swiss'!C3", 2)
(True, "LOG10(B\\x00)+'Swiss'!C\\x00", 1)
>>> relative_key("B2+C1", 2)[0]
False
"""

from __future__ import annotations

import re
from io import BytesIO
from operator import itemgetter
from typing import Any

from openpyxl.cell.cell import Cell
from openpyxl.cell.rich_text import CellRichText
from openpyxl.comments.comment_sheet import CommentRecord
from openpyxl.drawing.spreadsheet_drawing import SpreadsheetDrawing
from openpyxl.compat import safe_string
from openpyxl.utils.datetime import to_excel
from openpyxl.worksheet._writer import WorksheetWriter
from openpyxl.worksheet.dimensions import SheetDimension
from openpyxl.worksheet.worksheet import Worksheet
from openpyxl.writer.excel import ExcelWriter

from ..io.xlsx import column_letter, escape
from .dynamic_arrays import CELL_MARK, SpillFormula
from .style import NO_STYLE

#: Stands for the row number of a formula's own row in a :func:`relative_key`.
ROW = "\x00"
#: A reference with a relative row (``B5``, ``$B5``): letters not preceded by a name's
#: characters, then digits not followed by a function's bracket (``LOG10(``).
_RELATIVE = re.compile(r"(?<![A-Za-z0-9_.])(\$?[A-Z]{1,3})(\d+)(?![\d(A-Za-z_])")
#: A reference to whole rows (``5:5``), which a shared formula would shift too.
_WHOLE_ROWS = re.compile(r"(?<![A-Za-z0-9_.$])\$?\d+:\$?\d+")
_SHEET_DATA = re.compile(rb"<sheetData\s*/>|<sheetData>\s*</sheetData>")


def _attribute(text: str) -> str:
    return escape(text).replace('"', "&quot;")


def relative_key(text: str, row: int) -> tuple[bool, str, int]:
    """Whether the formula ``text`` of a cell on ``row`` may be shared down a column, its key
    and its offset: every relative row reference of the text (string literals untouched)
    must name one row, ``row + offset``; the key is the text with those row numbers
    replaced by :data:`ROW`. The cell ``k`` rows below holds the same formula shifted when
    its text is ``key.replace(ROW, str(row + offset + k))``. A formula whose relative
    references name several rows, or that refers to whole rows, may not be shared
    (``False``)."""
    if ROW in text:
        return False, text, 0
    parts = text.split('"')
    rows: set[str] = set()
    for k in range(0, len(parts), 2):  # outside string literals
        part = parts[k]
        if _WHOLE_ROWS.search(part):
            return False, text, 0
        rows.update(match[2] for match in _RELATIVE.finditer(part))
    if len(rows) > 1:
        return False, text, 0
    if not rows:
        return True, text, 0
    number = rows.pop()
    for k in range(0, len(parts), 2):
        parts[k] = _RELATIVE.sub(lambda match: match[1] + (ROW if match[2] == number else match[2]), parts[k])
    return True, '"'.join(parts), int(number) - row


class Unsupported(Exception):
    """A cell this writer leaves to openpyxl (rich text, an array formula)."""


class _Run:
    """A column's run of formulas being written: where its top cell stands in the output,
    the top cell's start tag and text, its key and offset once a second row asked for them,
    its last row, and its group number (and the rest of the cells below the top one) once it has
    a second cell."""

    __slots__ = ("index", "head", "text", "top", "last", "key", "offset", "number", "tail")

    def __init__(self, index: int, head: str, text: str, row: int):
        self.index, self.head, self.text, self.top, self.last = index, head, text, row, row
        self.key: str | None = None
        self.offset = 0
        self.number = -1
        self.tail = ""

    def shifted(self, row: int) -> str:
        """This run's formula as a cell on ``row`` holds it when it is the run's formula shifted
        down to it (with the leading ``=``; a text no formula has when the formula may not be shared)."""
        if self.key is None:
            shareable, key, self.offset = relative_key(self.text, self.top)
            self.key = "=" + key if shareable else "\x01"  # never a formula's text
        return self.key.replace(ROW, str(row + self.offset))

    def continues(self, row: int, value: str) -> bool:
        """Whether the formula ``value`` (with its ``=``) of the cell on ``row``, right below the
        run, is the run's formula shifted down to it. The second row is first compared with the
        top one without reading the formula (:func:`may_follow`): most formulas that differ
        row by row (a board number, a rank) differ elsewhere than in a row reference."""
        if self.key is None and not may_follow(self.text, value[1:]):
            return False
        return self.shifted(row) == value

    def top_cell(self, letter: str) -> str:
        """The run's top cell: with the shared formula's range when the run has more rows."""
        text = escape(self.text)
        if self.number < 0:
            return f"{self.head}><f>{text}</f></c>"
        return f'{self.head}><f t="shared" ref="{letter}{self.top}:{letter}{self.last}" si="{self.number}">{text}</f></c>'


def may_follow(text: str, below: str) -> bool:
    """False when the formula ``below`` (of the cell right below ``text``'s) cannot be ``text``
    with its relative row references shifted down one row: the two differ first, or last,
    elsewhere than in the row number of a reference (digits after a column's letters). True
    says only that it may be (:func:`relative_key` decides). The texts are compared in C, by halves.

    >>> may_follow("A1+$B$1", "A2+$B$1"), may_follow("A9*2", "A10*2"), may_follow("A1", "A1")
    (True, True, True)
    >>> may_follow("LARGE($M$5:$M$9,1)+A1", "LARGE($M$5:$M$9,2)+A2"), may_follow("A1+$D$6", "A2+$D$7")
    (False, False)
    """
    if text == below:
        return True
    shortest = min(len(text), len(below))
    same, differs = 0, shortest + 1  # text[:same] == below[:same]; not so for differs (or past the end)
    while differs - same > 1:
        middle = (same + differs) // 2
        if below.startswith(text[:middle]):
            same = middle
        else:
            differs = middle
    if same >= len(text) or not _in_row_number(text, same):
        return False
    # the last difference: the last digit of the last reference shifted (N and N + 1 differ there)
    same, differs = 0, shortest + 1  # the same for the ends
    while differs - same > 1:
        middle = (same + differs) // 2
        if below.endswith(text[len(text) - middle:]):
            same = middle
        else:
            differs = middle
    return same < len(text) and _in_row_number(text, len(text) - 1 - same)


def _in_row_number(text: str, index: int) -> bool:
    """Whether ``text[index]`` is a digit of a run of digits right after a capital letter."""
    if not "0" <= text[index] <= "9":
        return False
    while index > 0 and "0" <= text[index - 1] <= "9":
        index -= 1
    return index > 0 and "A" <= text[index - 1] <= "Z"


def sheet_data(ws: Worksheet) -> str:
    """The ``<sheetData>`` element of ``ws``: its rows and cells as openpyxl would write them,
    with shared formulas down the columns, and no empty cached value after a formula (raises
    :class:`Unsupported` for rich text and array formulas)."""
    cells = ws._cells
    styles = ws.parent._cell_styles
    style_ids: dict[bytes, str] = {}
    epoch = ws.parent.epoch
    dimensions = ws.row_dimensions
    out = ["<sheetData>"]
    runs: dict[int, _Run] = {}
    groups = 0
    current = None

    def open_row(row: int) -> None:
        attributes = "".join(f' {key}="{_attribute(value)}"' for key, value in (dimensions.get(row) or ()))
        out.append(f'<row r="{row}"{attributes}>')

    def close(column: int) -> None:
        run = runs.pop(column)
        out[run.index] = run.top_cell(column_letter(column))

    keys = sorted(cells)  # the keys alone: sorting (key, cell) pairs takes four times as long
    empty_rows = sorted(set(dimensions.keys()) - set(map(itemgetter(0), keys)))
    pending = iter(empty_rows)
    next_empty = next(pending, None)
    letters = [column_letter(c) if c else "" for c in range(max(map(itemgetter(1), keys), default=0) + 1)]
    append = out.append
    number = ""  # the row's number as text
    for key, cell in zip(keys, map(cells.__getitem__, keys)):
        row, column = key
        if row != current:
            if current is not None:
                append("</row>")
            while next_empty is not None and next_empty < row:
                open_row(next_empty)
                append("</row>")
                next_empty = next(pending, None)
            current, number = row, str(row)
            open_row(row)
        comment = cell._comment
        if comment is not None:
            ws._comments.append(CommentRecord.from_cell(cell))
        value = cell._value
        style = cell._style
        packed = style.tobytes() if style is not None else NO_STYLE  # hashed in C, unlike the array
        if value is None and packed == NO_STYLE and not comment:
            continue
        link = cell._hyperlink if cell.__class__ is Cell else cell.hyperlink  # a merged cell has no _hyperlink
        if link:
            ws._hyperlinks.append(link)
        styled = style_ids.get(packed)  # the style attribute, made once per style
        if styled is None:
            styled = style_ids[packed] = f' s="{styles.add(style)}"' if packed != NO_STYLE else ""
        head = f'<c r="{letters[column]}{number}"{styled}'
        kind = cell.data_type
        if kind == "f":
            if value.__class__ is not str:
                if isinstance(value, SpillFormula):
                    if column in runs:
                        close(column)
                    append(f'{head}{CELL_MARK}><f t="array" ref="{value.ref}">{escape(value.text[1:])}</f></c>')
                    continue
                if not isinstance(value, str):
                    raise Unsupported(f"{cell.coordinate}: an array or data-table formula")
            run = runs.get(column)
            if run is not None:
                shared = run.key  # the shift of a run already read, inlined (most cells)
                if row == run.last + 1 and (
                        shared.replace(ROW, str(row + run.offset) if run.offset else number) == value
                        if shared is not None else run.continues(row, value)):
                    if run.number < 0:
                        run.number, groups = groups, groups + 1
                        run.tail = f'><f t="shared" si="{run.number}"/></c>'
                    run.last = row
                    append(head + run.tail)
                    continue
                close(column)
            runs[column] = _Run(len(out), head, value[1:], row)
            append("")  # the top cell, written when its run ends
            continue
        if column in runs:
            close(column)
        if kind == "s":
            head += ' t="inlineStr"'
        elif kind == "d":
            head += ' t="n"'
            value = None if value is None else to_excel(value, epoch)
        else:
            head += f' t="{kind}"'
        if value is None or value == "":
            append(head + "/>")
        elif kind == "s":
            if isinstance(value, CellRichText):
                raise Unsupported(f"{cell.coordinate}: rich text")
            space = ' xml:space="preserve"' if value != value.strip() else ""
            append(f"{head}><is><t{space}>{escape(value)}</t></is></c>")
        else:
            append(f"{head}><v>{escape(safe_string(value))}</v></c>")
    for column in list(runs):
        close(column)
    if current is not None:
        out.append("</row>")
    while next_empty is not None:
        open_row(next_empty)
        out.append("</row>")
        next_empty = next(pending, None)
    out.append("</sheetData>")
    return "".join(out)


class Writer(WorksheetWriter):
    """openpyxl's worksheet writer with the rows written by :func:`sheet_data`; the part's
    bytes are :meth:`part` after :meth:`write`."""

    def __init__(self, ws: Worksheet):
        super().__init__(ws, out=BytesIO())
        self._rows = ""

    def write_dimensions(self) -> None:
        """The sheet's used range, as openpyxl's ``calculate_dimension`` gives it, found in C."""
        cells = self.ws._cells
        if not cells:
            ref = "A1:A1"
        else:
            rows, columns = set(map(itemgetter(0), cells)), set(map(itemgetter(1), cells))
            ref = f"{column_letter(min(columns))}{min(rows)}:{column_letter(max(columns))}{max(rows)}"
        self.xf.send(SheetDimension(ref).to_tree())

    def write_rows(self) -> None:
        self._rows = sheet_data(self.ws)
        xf = self.xf.send(True)
        with xf.element("sheetData"):
            pass
        self.xf.send(None)

    def part(self) -> bytes:
        """The worksheet's XML, rows included."""
        xml = self.out.getvalue()
        spliced, count = _SHEET_DATA.subn(lambda _: self._rows.encode(), xml, count=1)
        if count != 1:
            raise Unsupported("no <sheetData> element in openpyxl's worksheet part")
        return spliced

    def cleanup(self) -> None:
        """Nothing to remove: the part was written to memory."""


class BookWriter(ExcelWriter):
    """openpyxl's writer of a whole book with each worksheet's rows written by :class:`Writer`
    (fast, with shared formulas); a worksheet it does not support is written by openpyxl.
    :func:`elo_xl.workbook.archive.save_deterministic` writes with it."""

    def write_worksheet(self, ws: Any) -> None:
        if self.workbook.write_only:
            super().write_worksheet(ws)
            return
        ws._drawing = SpreadsheetDrawing()
        ws._drawing.charts = ws._charts
        ws._drawing.images = ws._images
        writer = Writer(ws)
        try:
            writer.write()
            part = writer.part()
        except Unsupported:
            super().write_worksheet(ws)
            return
        ws._rels = writer._rels
        self._archive.writestr(ws.path[1:], part)
        self.manifest.append(ws)
