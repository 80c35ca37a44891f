"""A book's defined ranges, read: the one way into a book's cells for every reader of books
(:mod:`elo_xl.workbook.read`, the faces that type into a book). The archive is checked before
any XML is parsed (:func:`check_archive`), the ranges are read straight from the XML
(:class:`FastBook`), and anything unusual is read by openpyxl (:func:`open_book`), both giving
the same :class:`Range` of values and cell names (:func:`with_book`). A formula typed into a cell
read gives the value the book stores for it, as a spreadsheet shows it; one with no stored
value, or an error, is refused naming its cell (:func:`formula_refusal`).

>>> r = Range("Rounds", "Swiss", 10, 6, [[5, "w", 1]])
>>> r.cell(0, 2), r.reference
('Swiss!L6', 'Swiss!J6:L6')
"""

from __future__ import annotations

import datetime as _dt
import io
import os
import re
import warnings
import zipfile
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import EloError, escaped
from ..io import sniff, xlsx, xlsx_archive
from ..io.paths import readable_file
from ..io.xlsx import reference

__all__ = ["Book", "FastBook", "Range", "Unusual", "check_archive", "describe_file", "formula_refusal", "open_book",
           "read_book_bytes", "with_book"]

#: What a formula cell read holds when the book stores no value for it (else its error, ``#N/A``…).
NO_VALUE = "no value"


def formula_refusal(path: Path, name: str, found: list[tuple[str, str]]) -> EloError:
    """The one line refusing the formula cells of a range read (``found``: each cell and what
    it holds, :data:`NO_VALUE` or an error value), naming the first.

    >>> print(formula_refusal(Path("cup.xlsx"), "Names", [("Swiss!D6", NO_VALUE), ("Swiss!D7", NO_VALUE)]))
    cup.xlsx, Swiss!D6: holds a formula, and the book stores no value for it (nor for 1 more cell of Names); recalculate the book (elo-xl recalc) or type the value instead of the formula
    >>> print(formula_refusal(Path("cup.xlsx"), "Results", [("Swiss!L6", "#DIV/0!")]))
    cup.xlsx, Swiss!L6: holds a formula whose value is an error (#DIV/0!); type the value instead of the formula
    """
    cell, held = found[0]
    more = len(found) - 1
    others = f" (nor for {more} more cell{'s' if more > 1 else ''} of {name})" if more else ""
    if held == NO_VALUE:
        return EloError(f"{path}, {cell}: holds a formula, and the book stores no value for it{others}; recalculate the "
                        "book (elo-xl recalc) or type the value instead of the formula")
    return EloError(f"{path}, {cell}: holds a formula whose value is an error ({escaped(held)}); type the value "
                    "instead of the formula")


def describe_file(path: Path, head: bytes) -> str | None:
    """Why a file that is not an ``.xlsx`` workbook cannot be exported, from its first bytes
    (None: a zip archive, which :func:`check_archive` opens); the kind comes from
    :func:`elo_xl.io.sniff.what_file`, the one that tells the readers what a file is.

    >>> describe_file(Path("e.trf"), b"012 Club Cup\\n001    1 m")
    'e.trf is a TRF file, not an Excel workbook: to make a Swiss book from it use `elo-xl workbook swiss --from e.trf`'
    >>> describe_file(Path("x.xlsx"), b"")
    'x.xlsx is empty, not an Excel workbook'
    """
    found = sniff.what_file(head, path.name)
    if found in (sniff.EXCEL, sniff.OPENDOCUMENT, sniff.ZIP):
        return None
    if found == sniff.OLD_OFFICE:
        return (f"{path} is an Excel 97-2003 file (.xls) or a workbook protected by a password: open it in a "
                "spreadsheet program and save it as an Excel workbook (.xlsx) without a password")
    if found == sniff.TRF:
        return (f"{path} is a TRF file, not an Excel workbook: to make a Swiss book from it use "
                f"`elo-xl workbook swiss --from {path}`")
    if found == sniff.CSV:
        return f"{path} is a text file (CSV), not an Excel workbook: save it as .xlsx, or rate it with `elo-xl rate`"
    if found == sniff.BINARY:
        return f"{path} is not an Excel workbook (it starts with the bytes {head[:8].hex(' ')})"
    return f"{path} is {found}, not an Excel workbook" + (" (.xlsx)" if found == sniff.MARKUP else "")


def check_archive(path: Path, data: bytes) -> None:
    """Refuse, before openpyxl parses any XML, bytes read from ``path`` that are not a workbook or
    one beyond the limits of :mod:`elo_xl.io.xlsx_archive` (sizes counted as unpacked, sheets,
    names, depth, document types in any encoding)."""
    if len(data) > xlsx_archive.MAX_FILE:
        raise EloError(f"{path}: {len(data) / 2**20:.0f} MB is larger than a workbook export reads "
                       f"({xlsx_archive.MAX_FILE // 2**20} MB); is it the Swiss book?")
    what = describe_file(path, data[:512])
    if what is not None:
        raise EloError(what)
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError):
        raise EloError(f"{path} is a damaged zip archive, not a readable Excel workbook") from None
    with archive:
        names = {info.filename for info in archive.infolist()}
        if "xl/workbook.xml" not in names:
            if "mimetype" in names and b"opendocument" in _member_head(archive, "mimetype"):
                raise EloError(f"{path} is an OpenDocument file (.ods): save it as an Excel workbook (.xlsx)")
            if "word/document.xml" in names:
                raise EloError(f"{path} is a Word document, not an Excel workbook")
            raise EloError(f"{path} is a zip archive, not an Excel workbook")
        xlsx_archive.check_members(path, archive)


def read_book_bytes(path: Path) -> bytes:
    """The bytes of the book at ``path``, read once (every reader then works on that one
    snapshot, whatever happens to the file meanwhile); refused beyond the largest book read."""
    try:
        with open(path, "rb") as file:  # a read of MAX_FILE + 1 bytes would reserve them all at once
            data = file.read(min(os.fstat(file.fileno()).st_size, xlsx_archive.MAX_FILE) + 1)
    except OSError as error:  # gone or locked since it was checked
        raise EloError(f"{path}: cannot be read ({error.strerror or type(error).__name__})") from None
    if len(data) > xlsx_archive.MAX_FILE:
        raise EloError(f"{path}: {path.stat().st_size / 2**20:.0f} MB is larger than a workbook export reads "
                       f"({xlsx_archive.MAX_FILE // 2**20} MB); is it the Swiss book?")
    return data


def _member_head(archive: Any, name: str) -> bytes:
    """The first bytes of a part (never more, whatever it declares), or none when damaged."""
    try:
        with archive.open(name) as member:
            return member.read(100)
    except Exception:  # zipfile raises many kinds for a damaged part
        return b""


class Range:
    """The values of one defined name's range (rows of values) and where each cell is; with
    ``step``, every ``step``-th column of a range (one field of the ``Rounds`` grid)."""

    def __init__(self, name: str, sheet: str, min_col: int, min_row: int, rows: list[list[Any]], step: int = 1):
        self.name, self.sheet, self.min_col, self.min_row, self.rows = name, sheet, min_col, min_row, rows
        self.step, self.whole = step, None
        #: Its formula cells without a usable value (each cell and :data:`NO_VALUE` or its error),
        #: refused by :meth:`refuse_formulas` (read None meanwhile).
        self.formulas: list[tuple[str, str]] = []
        self.path: Path | None = None

    def refuse_formulas(self) -> None:
        """Refuse the range when a formula cell of it has no usable value (:func:`formula_refusal`):
        where :meth:`Book.range` was told to ``defer`` it, once the range is known to stand where
        it should (a name moved over formulas is a moved name first)."""
        if self.formulas:
            raise formula_refusal(self.path or Path(), self.name, self.formulas)

    def cell(self, i: int, j: int = 0) -> str:
        """The cell of row ``i``, column ``j`` of the range (from 0): ``Swiss!M6``."""
        return reference(self.sheet, self.min_col + j * self.step, self.min_row + i)

    def every(self, offset: int, step: int) -> "Range":
        """Columns ``offset``, ``offset + step``, … of this range, as a range of their own.

        >>> r = Range("Rounds", "Swiss", 10, 6, [[5, "w", 1, 7, "b", 0]]).every(2, 3)
        >>> r.rows, r.cell(0, 1)
        ([[1, 0]], 'Swiss!O6')
        """
        part = Range(self.name, self.sheet, self.min_col + offset, self.min_row,
                      [row[offset::step] for row in self.rows], step)
        part.whole, part.path, part.formulas = self.reference, self.path, self.formulas  # refused as the grid's
        return part

    @property
    def reference(self) -> str:
        if self.whole is not None:  # one field of a grid: the grid named
            return self.whole
        last = self.cell(len(self.rows) - 1, len(self.rows[0]) - 1 if self.rows else 0).split("!")[1]
        return f"{self.cell(0, 0)}:{last}"


class Book:
    """A workbook's defined ranges, read without creating cells; messages name ``path``."""

    def __init__(self, path: Path, wb: Any):
        self.path, self.wb = path, wb
        self._stored: Any = None  # the values the book stores for its formulas, read when one is met

    def _value(self, sheet: str, cell: Any) -> tuple[Any, str]:
        """A cell's value, and for a formula what the book stores for it: (value, "") when it
        is usable, else (None, :data:`NO_VALUE` or the error value)."""
        if cell is None:
            return None, ""
        if cell.data_type != "f":
            return cell.value, ""
        if self._stored is None:
            import openpyxl

            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                self._stored = openpyxl.load_workbook(self.path, data_only=True)
        stored = getattr(self._stored[sheet], "_cells", {}).get((cell.row, cell.column))
        if stored is None or stored.value is None:  # the empty text stored keeps its type
            return None, "" if stored is not None and stored.data_type == "str" else NO_VALUE
        if stored.data_type == "e":
            return None, str(stored.value)
        return stored.value, ""

    def has(self, name: str) -> bool:
        return name in self.wb.defined_names

    def range(self, name: str, max_rows: int, max_cols: int, defer: bool = False) -> Range:
        """The range named ``name``, at most ``max_rows`` × ``max_cols``; a formula cell in it
        without a usable value is refused (``defer``: later, by :meth:`Range.refuse_formulas`)."""
        from openpyxl.utils.cell import range_boundaries

        if name not in self.wb.defined_names:
            raise EloError(f"{self.path}: the workbook has no range named {name}: is it a Swiss book written by elo-xl?")
        try:
            destinations = list(self.wb.defined_names[name].destinations)
        except Exception:  # openpyxl parses the name's text: a formula or #REF! has no destination
            destinations = []
        if len(destinations) != 1:
            raise EloError(f"{self.path}: the range named {name} no longer points to one block of cells "
                           f"({self.wb.defined_names[name].attr_text!r}); export needs the names as elo-xl wrote them")
        sheet, ref = destinations[0]
        if sheet not in self.wb.sheetnames:
            raise EloError(f"{self.path}: the range named {name} is on the sheet {sheet!r}, which the workbook no "
                           "longer has; export needs the Swiss and Event sheets as elo-xl wrote them")
        try:
            min_col, min_row, max_col, max_row = range_boundaries(ref.replace("$", ""))
        except (ValueError, TypeError):
            raise EloError(f"{self.path}: the range named {name} ({ref}) is not a block of cells") from None
        if None in (min_col, min_row, max_col, max_row):
            raise EloError(f"{self.path}: the range named {name} ({ref}) is a whole row or column; "
                           "export needs the names as elo-xl wrote them")
        if max_row - min_row + 1 > max_rows or max_col - min_col + 1 > max_cols:
            raise EloError(f"{self.path}: the range named {name} ({sheet}!{ref}) is larger than export reads "
                           f"({max_rows} rows × {max_cols} columns); was the name resized?")
        ws = self.wb[sheet]
        cells = getattr(ws, "_cells", None)
        if cells is None:  # not an ordinary worksheet (a chart sheet)
            raise EloError(f"{self.path}: the range named {name} is on {sheet!r}, which is not a worksheet")

        problems: list[tuple[str, str]] = []

        def value(r: int, c: int) -> Any:
            read, held = self._value(sheet, cells.get((r, c)))
            if held:
                problems.append((reference(sheet, c, r), held))
            return read

        rows = [[value(r, c) for c in range(min_col, max_col + 1)] for r in range(min_row, max_row + 1)]
        return _with_formulas(Range(name, sheet, min_col, min_row, rows), self.path, problems, defer)

    def row(self, sheet: str, row: int, first: int, last: int) -> list[Any]:
        """The values of columns ``first`` to ``last`` of one row of ``sheet`` (a header row
        above a named range: :mod:`elo_xl.workbook.placement`); None where a cell is empty (or
        a formula stores no value)."""
        cells = getattr(self.wb[sheet], "_cells", {})
        return [self._value(sheet, cells.get((row, c)))[0] for c in range(first, last + 1)]


def _with_formulas(r: Range, path: Path, formulas: list[tuple[str, str]], defer: bool) -> Range:
    """``r`` with the formula cells found in it unusable, refused now unless ``defer``."""
    r.path, r.formulas = path, formulas
    if not defer:
        r.refuse_formulas()
    return r


def open_book(path: Path, data: bytes) -> Any:
    """The workbook read from ``path`` (its bytes ``data``, checked), opened by openpyxl
    (formulas as written): the way every book can be read, when :class:`FastBook` meets
    something it leaves to openpyxl."""
    import openpyxl

    try:
        with warnings.catch_warnings():  # openpyxl's notes on what it skips are not the arbiter's concern
            warnings.simplefilter("ignore")
            wb = openpyxl.load_workbook(io.BytesIO(data), data_only=False)
    except Exception as error:  # openpyxl raises many kinds for a file that is not a workbook
        raise EloError(f"{path}: not a readable .xlsx workbook ({type(error).__name__})") from None
    return Book(path, wb)


class Unusual(Exception):
    """Something :class:`FastBook` leaves to openpyxl (the reading starts again there)."""


#: A defined name that is one block of cells on one sheet: ``'Sheet'!$A$1:$B$2`` or ``Sheet!$A$1``.
_BLOCK = re.compile(r"(?:'((?:[^']|'')+)'|([^'!:]+))!(\$?[A-Z]+\$?[0-9]+)(?::(\$?[A-Z]+\$?[0-9]+))?")


def _block(text: str) -> tuple[str, int, int, int, int] | None:
    """A defined name's text as one block of cells: (sheet, first row, first column, last row,
    last column), or None when it is anything else.

    >>> _block("'It''s'!$B$6:$D$9"), _block("Swiss!M6"), _block("=1+1")
    (("It's", 6, 2, 9, 4), ('Swiss', 6, 13, 6, 13), None)
    """
    found = _BLOCK.fullmatch(text.strip())
    if found is None:
        return None
    try:
        first = xlsx.parse_cell(found[3])
        last = xlsx.parse_cell(found[4]) if found[4] else first
    except ValueError:
        return None
    sheet = found[1].replace("''", "'") if found[1] else found[2]
    return sheet, first[0], first[1], last[0], last[1]


class FastBook:
    """A book's defined ranges read straight from its XML: the workbook part, the shared strings
    and styles, and only the worksheets the names point into, every cell of them walked once
    with lxml but only the cells in the columns of the inputs' names converted, as openpyxl's own cell parser converts
    them (``openpyxl.worksheet._reader``); a formula cell as the value the book stores for it.
    A 500-player Swiss book reads in a fraction of a second where openpyxl builds every cell of
    every sheet (several seconds). Anything unusual — a name that is not one block, dates counted
    from 1904, a part that does not parse — raises :class:`Unusual`, and the book is read by
    openpyxl."""

    def __init__(self, path: Path, data: bytes, outputs: frozenset[str] = frozenset()):
        from lxml import etree

        self.path = path
        #: Names of the book's formulas (:data:`elo_xl.workbook.names.CONTRACT`'s outputs): their
        #: columns are not converted unless one of them is asked for.
        self._outputs = outputs
        self._every_column: set[str] = set()
        self._zip = zipfile.ZipFile(io.BytesIO(data))
        try:
            book = etree.fromstring(self._zip.read(xlsx.workbook_part(self._zip)), self._parser())
        except (KeyError, etree.XMLSyntaxError, zipfile.BadZipFile, OSError, ValueError) as error:
            raise Unusual(str(error)) from None
        main = f"{{{xlsx.MAIN}}}"
        pr = book.find(f"{main}workbookPr")
        if pr is not None and pr.get("date1904") in ("1", "true"):
            raise Unusual("dates counted from 1904")
        self._names = {n.get("name"): (n.text or "") for n in book.iter(f"{main}definedName")
                       if n.get("localSheetId") is None}
        self._parts = xlsx.sheet_parts(self._zip)
        self._cells: dict[str, tuple[dict[tuple[int, int], Any], set[tuple[int, int]]]] = {}
        self._parser_state: Any = None
        self._plain_styles: tuple[frozenset[str], frozenset[str]] | None = None

    @staticmethod
    def _parser() -> Any:
        from lxml import etree

        return etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)

    def has(self, name: str) -> bool:
        return name in self._names

    def range(self, name: str, max_rows: int, max_cols: int, defer: bool = False) -> Range:
        """As :meth:`Book.range`."""
        if name not in self._names:
            raise Unusual(name)  # openpyxl's reading says what is missing
        block = _block(self._names[name])
        if block is None:
            raise Unusual(name)
        sheet, min_row, min_col, max_row, max_col = block
        if sheet not in self._parts:
            raise Unusual(sheet)
        if max_row < min_row or max_col < min_col or max_row - min_row + 1 > max_rows \
                or max_col - min_col + 1 > max_cols:
            raise Unusual(name)
        if name in self._outputs and sheet not in self._every_column:
            self._every_column.add(sheet)  # an output asked for: the sheet read again, every column
            self._cells.pop(sheet, None)
        values, formulas = self._sheet(sheet)
        rows = []
        problems: list[tuple[str, str]] = []
        for r in range(min_row, max_row + 1):
            row = []
            for c in range(min_col, max_col + 1):
                if formulas.get((r, c)):
                    problems.append((reference(sheet, c, r), formulas[(r, c)]))
                row.append(values.get((r, c)))
            rows.append(row)
        return _with_formulas(Range(name, sheet, min_col, min_row, rows), self.path, problems, defer)

    def row(self, sheet: str, row: int, first: int, last: int) -> list[Any]:
        """The values of columns ``first`` to ``last`` of one row of ``sheet``, a sheet some
        name points into (a header row above a named range: :mod:`elo_xl.workbook.placement`);
        None where a cell is empty (or a formula stores no value)."""
        values, _ = self._sheet(sheet)
        return [values.get((row, c)) for c in range(first, last + 1)]

    def _state(self) -> Any:
        """openpyxl's cell parser with this book's shared strings and date styles."""
        if self._parser_state is None:
            from openpyxl.reader.strings import read_string_table
            from openpyxl.styles.stylesheet import Stylesheet
            from openpyxl.worksheet._reader import WorkSheetParser
            from lxml import etree

            kinds = xlsx.parts_by_type(self._zip)
            strings: list[str] = []
            dates: set[int] = set()
            durations: set[int] = set()
            try:
                for part in kinds.get("sharedStrings", {}).values():
                    with self._zip.open(part) as stream:
                        strings = read_string_table(stream)
                for part in kinds.get("styles", {}).values():
                    styles = Stylesheet.from_tree(etree.fromstring(self._zip.read(part), self._parser()))
                    dates, durations = set(styles.date_formats), set(styles.timedelta_formats)
            except Exception as error:  # a damaged part: openpyxl says what it is
                raise Unusual(str(error)) from None
            self._parser_state = WorkSheetParser(None, strings, data_only=True, date_formats=dates,
                                                 timedelta_formats=durations, rich_text=False)
        return self._parser_state

    def _number_styles(self) -> tuple[frozenset[str], frozenset[str]]:
        """The styles (``s`` as the cells write it) under which :func:`_plain_number` reads a
        number without openpyxl: those whose number format has none of the letters of a date or a
        duration (openpyxl's date test looks at fewer of the format's characters, so it finds no
        date in them either; built-in formats: the plain numbers of ECMA-376 Part 1, 18.8.30);
        then those of a plain date, the ``yyyy-mm-dd`` elo-xl writes and the built-in ``mm-dd-yy``.
        A styles part that does not read gives none."""
        if self._plain_styles is None:
            from lxml import etree

            main = f"{{{xlsx.MAIN}}}"
            plain: set[str] = set()
            dates: set[str] = set()
            try:
                for part in xlsx.parts_by_type(self._zip).get("styles", {}).values():
                    root = etree.fromstring(self._zip.read(part), self._parser())
                    custom = {f.get("numFmtId"): f.get("formatCode") or "" for f in root.iter(f"{main}numFmt")}
                    styles = root.find(f"{main}cellXfs")
                    for index, xf in enumerate(() if styles is None else styles.iterfind(f"{main}xf")):
                        number = xf.get("numFmtId", "0")
                        code = custom.get(number)
                        if (number in _PLAIN_BUILT_IN) if code is None else not _DATE_LETTERS.search(code):
                            plain.add(str(index))
                        elif (number == _DATE_BUILT_IN) if code is None else code == xlsx.DATE_FORMAT:
                            dates.add(str(index))
            except Exception:  # a damaged part: every number goes through openpyxl, which says what it is
                plain, dates = set(), set()
            self._plain_styles = frozenset(plain), frozenset(dates)
        return self._plain_styles

    def _columns(self, sheet: str) -> frozenset[int] | None:
        """The columns the workbook's defined names of inputs cover on ``sheet``: the only cells
        :meth:`range` reads there (a name of another shape, such as a LAMBDA, it never reads),
        or None when an output was asked for there (every column is then read)."""
        columns: set[int] = set()
        if sheet in self._every_column:
            return None
        for name, text in self._names.items():
            block = None if name in self._outputs else _block(text)
            if block is not None and block[0] == sheet:
                columns.update(range(block[2], block[4] + 1))
        return frozenset(columns)

    def _sheet(self, sheet: str) -> tuple[dict[tuple[int, int], Any], dict[tuple[int, int], str]]:
        """The values of a worksheet's cells (a formula's: the value stored for it), and where
        its formulas are, each with what makes it unusable ("" when nothing does:
        :data:`NO_VALUE`, or its error value)."""
        if sheet in self._cells:
            return self._cells[sheet]
        from lxml import etree

        parse = None  # openpyxl's (data_only: a formula cell gives its stored value), made when a cell needs it
        number_styles = self._number_styles()
        cell, formula, stored = f"{{{xlsx.MAIN}}}c", f"{{{xlsx.MAIN}}}f", f"{{{xlsx.MAIN}}}v"
        values: dict[tuple[int, int], Any] = {}
        formulas: dict[tuple[int, int], str] = {}
        wanted = self._columns(sheet)
        # the columns of a plain cell name (``D7``) that no name reads, by their letters: such a
        # cell is passed by at the cost of one ``rstrip`` (most cells of a Swiss sheet are formulas there)
        passed = frozenset() if wanted is None else \
            frozenset(xlsx.column_letter(c) for c in range(1, xlsx.LAST_COLUMN + 1) if c not in wanted)
        plain_cell, letters_of = xlsx.plain_cell, xlsx.letters_of
        try:
            # the part whole (its size is checked by check_archive), then only its cells: a tree
            # walked in C is several times faster than a cell-by-cell iterparse
            data = self._zip.read(self._parts[sheet])
            root = etree.fromstring(data if wanted is None else _without_other_columns(data, wanted), self._parser())
            for element in root.iter(cell):
                where = element.get("r")
                if not where:
                    raise Unusual("a cell without its reference")
                if letters_of(where) in passed:
                    continue  # a column no defined name reads (the book's formulas): not converted
                found = plain_cell(where)  # a name such as "D7", as openpyxl's parser reads it too
                plain = found is not None
                if not plain:
                    try:
                        found = xlsx.parse_cell(where)
                    except ValueError:
                        raise Unusual(f"a cell named {where!r}") from None
                if wanted is not None and found[1] not in wanted:
                    continue  # a column no defined name reads (the book's formulas): not converted
                if plain and element.get("t") == "inlineStr":
                    text = _inline_text(element)
                    if text is not None:  # what openpyxl's parse_cell gives, without its objects
                        if text[0] is not None:
                            values[found] = text[0]
                        continue
                is_formula = element.find(formula) is not None
                if is_formula:
                    value = element.find(stored)
                    # none stored: no <v>, or an empty one that is no text (openpyxl writes <v></v>)
                    if value is None or (not value.text and element.get("t") != "str"):
                        formulas[found] = NO_VALUE
                        continue
                if plain:
                    number = _plain_number(element, number_styles)
                    if number is not None:
                        if is_formula:
                            formulas[found] = ""
                        if number[0] is not None:
                            values[found] = number[0]
                        continue
                if parse is None:
                    parse = self._state().parse_cell
                read = parse(element)
                if is_formula:
                    if read["data_type"] == "e":
                        formulas[found] = str(read["value"])
                        continue
                    formulas[found] = ""
                if read["value"] is not None:
                    values[(read["row"], read["column"])] = read["value"]
        except Unusual:
            raise
        except Exception as error:  # XML that does not parse, a damaged entry: openpyxl's message
            raise Unusual(str(error)) from None
        self._cells[sheet] = (values, formulas)
        return values, formulas


_INLINE, _TEXT, _FORMULA = f"{{{xlsx.MAIN}}}is", f"{{{xlsx.MAIN}}}t", f"{{{xlsx.MAIN}}}f"
_VALUE = f"{{{xlsx.MAIN}}}v"
#: Built-in number formats (ECMA-376 Part 1, 18.8.30) that show a plain number: General, 0,
#: 0.00, #,##0, #,##0.00, 0%, 0.00%, 0.00E+00, # ?/?, # ??/?? and @.
_PLAIN_BUILT_IN = frozenset(map(str, (0, 1, 2, 3, 4, 9, 10, 11, 12, 13, 49)))
#: Any letter of a date or a duration format, anywhere in a format's code.
_DATE_LETTERS = re.compile("[dmhysDMHYS]")
#: The built-in plain date format (``mm-dd-yy``, 14).
_DATE_BUILT_IN = "14"
#: Day 0 of the dates counted from 1900, the first day after the 29 February 1900 that
#: spreadsheets count (from which on a day's number is its distance from day 0), and 31 December 9999.
_EPOCH, _FIRST_PLAIN_DAY, _LAST_DAY = _dt.datetime(1899, 12, 30), 61, 2958465
#: A number as a cell stores it, read here: an integer, or digits with a decimal point.
_PLAIN_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def _plain_number(element: Any, styles: tuple[frozenset[str], frozenset[str]]) -> tuple[Any] | None:
    """The value of a cell of the plain form elo-xl writes, ``<c r="E7" s="3" t="n"><v>2100</v></c>``
    (no type, or ``n``), as openpyxl's cell parser (``data_only``, dates from 1900) reads it, as
    a 1-tuple: None inside for a cell with no value; under a style of ``styles[0]`` (no date)
    an int, else a float; under one of ``styles[1]`` (a plain date) a whole day from 1 March
    1900 on, as a datetime. None for any other cell, which openpyxl then reads (importing
    openpyxl for a book of such cells alone took a fifth of ``export``'s time).

    >>> from lxml import etree
    >>> cell = lambda xml, s="3", t="n": etree.fromstring(f'<c xmlns="{xlsx.MAIN}" r="E7" s="{s}" t="{t}">{xml}</c>')
    >>> styles = frozenset({"3"}), frozenset({"4"})
    >>> _plain_number(cell("<v>2100</v>"), styles), _plain_number(cell("<v>-0.5</v>"), styles)
    ((2100,), (-0.5,))
    >>> _plain_number(cell("<v>46204</v>", s="4"), styles), _plain_number(cell("<v>61</v>", s="4"), styles)
    ((datetime.datetime(2026, 7, 1, 0, 0),), (datetime.datetime(1900, 3, 1, 0, 0),))
    >>> _plain_number(cell("<v></v>"), styles), _plain_number(cell("", s="5"), styles)
    ((None,), (None,))
    >>> [_plain_number(c, styles) for c in (cell("<v>2100</v>", s="5"), cell("<v>1E3</v>"), cell("<v>1</v>", t="b"),
    ...                                     cell("<v>60</v>", s="4"), cell("<v>46204.5</v>", s="4"))]
    [None, None, None, None, None]
    """
    kind = element.get("t")
    if kind is not None and kind != "n":
        return None
    text = element.findtext(_VALUE)
    if not text:
        return (None,)  # openpyxl's: no value, whatever the style
    style = element.get("s", "0")
    if not _PLAIN_NUMBER.fullmatch(text):
        return None
    if style in styles[0]:
        return (float(text) if "." in text else int(text),)
    if style in styles[1] and "." not in text and _FIRST_PLAIN_DAY <= int(text) <= _LAST_DAY:
        return (_EPOCH + _dt.timedelta(days=int(text)),)
    return None


def _without_other_columns(data: bytes, wanted: frozenset[int]) -> bytes:
    """A worksheet part without its cells of the columns not ``wanted`` that are written plainly,
    ``<c r="X12" …/>`` or ``<c r="X12" …>…</c>``, removed before the part is parsed: a reader
    would only pass them by, and a Swiss sheet's formulas are five sixths of its bytes (parsing
    them took a quarter of ``export``'s time). Only in a part where every ``<`` opens a tag and
    every ``>`` closes one (no ``<!``, as many ``>`` as ``<``: the part has been parsed by
    :func:`check_archive`), so that a cell's tag holds no ``>``; a cell written otherwise stays,
    and is passed by as before. A cell inside a cell (no book has one) leaves an end tag alone,
    and the part no longer parses: it is read by openpyxl.

    >>> part = b'<row r="1"><c r="A1" s="2"><f>B1*2</f></c><c r="B1"><v>5</v></c><c r="AB1"/><c s="1" r="AC1"/></row>'
    >>> _without_other_columns(part, frozenset({2}))
    b'<row r="1"><c r="B1"><v>5</v></c><c s="1" r="AC1"/></row>'
    """
    if not wanted or b"<!" in data or data.count(b"<") != data.count(b">"):
        return data
    return _other_columns(tuple(sorted(wanted))).sub(b"", data)


@lru_cache(maxsize=8)
def _other_columns(wanted: tuple[int, ...]) -> re.Pattern[bytes]:
    """The pattern of a plainly written cell of a column not in ``wanted``."""
    letters = sorted((xlsx.column_letter(c).encode("ascii") for c in wanted), key=len, reverse=True)
    return re.compile(rb'<c r="(?!(?:' + b"|".join(letters) + rb')[0-9])[A-Z]{1,3}[0-9]+"[^>]*?(?:/>|>.*?</c>)',
                      re.DOTALL)


def _inline_text(element: Any) -> tuple[str | None] | None:
    """The value openpyxl's cell parser (``data_only``, no rich text) reads from an inline text
    cell of the plain form elo-xl writes, ``<c r="D7" s="3" t="inlineStr"><is><t>Kim</t></is></c>``
    (or with no ``<is>``), as a 1-tuple (None: no value); None for any other form, which
    openpyxl then reads. openpyxl builds a ``Text`` object for each such cell, which took
    most of the time of reading a Swiss sheet's names and results.

    >>> from lxml import etree
    >>> cell = lambda xml: etree.fromstring(f'<c xmlns="{xlsx.MAIN}" r="D7" s="3" t="inlineStr">{xml}</c>')
    >>> _inline_text(cell("<is><t>Kim</t></is>")), _inline_text(cell("<is><t/></is>")), _inline_text(cell(""))
    (('Kim',), ('',), (None,))
    >>> _inline_text(cell("<is><r><t>Kim</t></r></is>")) is None, _inline_text(cell("<f>A1</f>")) is None
    (True, True)
    """
    style = element.get("s")
    if style is not None and not (style.isascii() and style.isdigit()):
        return None  # openpyxl's int() of it decides
    if element.find(_FORMULA) is not None:
        return None
    inline = element.find(_INLINE)
    if inline is None:
        return (None,)
    if len(inline) != 1 or inline.attrib or inline[0].tag != _TEXT or len(inline[0]):
        return None
    return (inline[0].text or "",)


def with_book(path: str | Path, read: Any, data: bytes | None = None) -> Any:
    """``read(path, book)`` of the workbook at ``path`` (or of its bytes ``data``, when the caller
    read them already: :func:`elo_xl.io.hold.hold`), checked first: read straight from its XML
    (:class:`FastBook`), else, where that meets something unusual, by openpyxl — both from the
    same bytes, read once."""
    path = Path(path)
    if data is None:
        path = readable_file(path, what="the Swiss or round-robin workbook")
        data = read_book_bytes(path)
    check_archive(path, data)
    from .names import CONTRACT

    try:
        fast = FastBook(path, data, frozenset(name for promise in CONTRACT.values() for name in promise.outputs))
    except Unusual:
        return read(path, open_book(path, data))
    try:
        return read(path, fast)
    except Unusual:
        return read(path, open_book(path, data))
    finally:
        fast._zip.close()
