"""An ``.xlsx`` rating list read back as next month's ``--list``, streamed (memory stays flat
whatever the list's length): the worksheet's XML read straight by :mod:`elo_xl.period.sheet_reader`
(a 200,000-player list in a few seconds), openpyxl's read-only mode for anything that reader
leaves to it. A damaged workbook is one line naming the file, never a traceback.

The list written by ``elo-xl period -o LIST.xlsx`` names its header cells ``elo_xl.FIELD``
(:mod:`elo_xl.workbook.period_list`), so its columns are found whatever the language of its
headers: ``new_rating`` is next month's rating, ``next_k`` its K, ``games`` the games of the
period, ``standard`` the standard rating of a rapid or blitz list. A workbook without those
names is read when one of its first rows holds the CSV list's field names (``fide_id, name,
federation, sex, title, rating, games, k, birth_year, flag``).
"""

from __future__ import annotations

import os
import sys
import warnings
import zipfile
import zlib
from typing import Any, Iterator

from ..errors import EloError, show
from ..io.xlsx import parse_cell
from .sheet_reader import SheetBook, Unusual

#: Field of a ListRow ← column of the workbook written by elo-xl period.
FROM_PERIOD = {"fide_id": "fide_id", "name": "name", "federation": "federation", "sex": "sex", "title": "title",
               "w_title": "w_title", "o_title": "o_title", "foa_title": "foa_title", "rating": "new_rating",
               "games": "games", "k": "next_k", "birth_year": "birth_year", "flag": "flag", "standard": "standard"}
#: Field of a ListRow ← column of a workbook headed with the CSV list's field names (the CSV
#: list's own, :data:`elo_xl.period.lists.CSV_FIELDS`, are the same words).
FROM_CSV = {**{f: f for f in FROM_PERIOD if f not in ("standard",)}, "rating": "rating", "games": "games",
            "k": "k", "standard": "standard_rating"}


def _named_columns(names: Any) -> tuple[str | None, int, dict[str, int]]:
    """(sheet, header row, field → 0-based column) from the ``elo_xl.FIELD`` names (name → openpyxl's
    ``DefinedName``)."""
    from openpyxl.formula.tokenizer import TokenizerError

    found: dict[str, int] = {}
    sheet, row = None, 0
    for key, name in names.items():
        if not key.startswith("elo_xl."):
            continue
        try:
            destinations = list(name.destinations)
        except (TokenizerError, AttributeError, ValueError):
            continue  # a name that is no reference (a list edited by hand) names no column
        for title, ref in destinations:
            try:
                header, column = parse_cell(ref)
            except ValueError:  # no single cell, or beyond Excel's last cell: no column of the list
                continue
            found[key[len("elo_xl."):]] = column - 1
            sheet, row = title, header
    return sheet, row, found


#: What a broken workbook raises while it is read (a damaged archive, XML that does not parse).
BROKEN = (zipfile.BadZipFile, zlib.error, EOFError, KeyError, OSError, ValueError, SyntaxError, UnicodeDecodeError,
          NotImplementedError, RuntimeError)  # RuntimeError: a part marked encrypted (zipfile wants a password)
#: What openpyxl raises besides, on parts it cannot make sense of (a defined name with an
#: attribute it does not know is a TypeError).
BROKEN_FOR_OPENPYXL = BROKEN + (TypeError, IndexError, AttributeError)


def _broken(source: str, error: BaseException) -> EloError:
    what = str(error).splitlines()[0][:200] if str(error) else type(error).__name__
    return EloError(f"{source}: cannot be read as a workbook ({what}); save it again from Excel or give a CSV")


def _not_a_list(source: str) -> EloError:
    return EloError(f"{source}: a workbook, but not a rating list elo-xl knows (no elo_xl.* names, no header "
                    "row fide_id,name,…); give the list written by elo-xl period -o LIST.xlsx, or a CSV")


def iter_list_xlsx(path: str | os.PathLike, make_row: Any, kind: str = "standard", source: str = "list") -> Iterator[Any]:
    """The players of an ``.xlsx`` list, one row at a time, made by ``make_row`` (the list reader's
    :class:`~elo_xl.period.lists.ListRow`); ``kind`` is the list's type: an elo-xl list holds one
    type, so it only says whether the standard rating is wanted.

    The worksheet's XML is read straight (:mod:`elo_xl.period.sheet_reader`); from the first thing
    that reader does not read as openpyxl does, openpyxl's read-only mode reads on."""
    resume = 0
    try:
        fast = SheetBook(path)
    except Unusual:
        fast = None
    except BROKEN as error:
        raise _broken(source, error) from None
    if fast is not None:
        try:
            try:
                sheet_name, header_row, at = _fast_header(fast, source)
                make = _row_maker(at, source, kind, make_row)
                for n, values in fast.rows(sheet_name, header_row + 1, columns=set(at.values())):
                    yield make(values, n)
                return
            except Unusual as unusual:
                resume = unusual.row
            except EloError:
                raise
            except BROKEN as error:
                raise _broken(source, error) from None
        finally:
            fast.close()
    yield from openpyxl_rows(path, make_row, kind, source, resume)


def _fast_header(book: SheetBook, source: str) -> tuple[str, int, dict[str, int]]:
    """(sheet, header row, ListRow field → 0-based column) of a list opened by :class:`SheetBook`."""
    from openpyxl.workbook.defined_name import DefinedName

    if not book.sheetnames:
        raise Unusual("no worksheet")
    names = {key: DefinedName(key, attr_text=text) for key, text in book.defined_names.items()}
    sheet_name, header_row, columns = _named_columns(names)
    mapping = FROM_PERIOD
    if not columns:
        sheet_name, header_row, columns = None, 0, {}
        first = book.sheetnames[0]
        for n, values in book.rows(first, 1, 5):
            heads = [str(v).strip().lower() if v is not None else "" for v in values]
            if "fide_id" in heads and "name" in heads:
                sheet_name, header_row, columns = first, n, {name: c for c, name in enumerate(heads) if name}
                break
        mapping = FROM_CSV
    if not columns or "fide_id" not in columns:
        raise _not_a_list(source)
    sheet_name = sheet_name if sheet_name in book.sheetnames else book.sheetnames[0]
    return sheet_name, header_row, {field: columns[col] for field, col in mapping.items() if col in columns}


def openpyxl_rows(path: str | os.PathLike, make_row: Any, kind: str, source: str, resume: int) -> Iterator[Any]:
    """The players read by openpyxl's read-only mode (streamed), from row ``resume`` on (after
    the header row whatever ``resume`` says); :func:`iter_list_xlsx` goes on here from the row
    where its own reader stopped.

    >>> import os, tempfile, openpyxl
    >>> from elo_xl.period.lists import CSV_FIELDS, ListRow
    >>> book = openpyxl.Workbook()
    >>> book.active.append(CSV_FIELDS); book.active.append([12345, "Tran, An", "VIE", "F", "WFM", 1988, 9, 40, 2010])
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     book.save(os.path.join(folder, "list.xlsx"))
    ...     rows = list(openpyxl_rows(os.path.join(folder, "list.xlsx"), ListRow, "standard", "list.xlsx", 0))
    >>> [(r.fide_id, r.name, r.rating, r.k) for r in rows]
    [(12345, 'Tran, An', 1988, 40)]
    """
    from openpyxl import load_workbook

    try:
        with warnings.catch_warnings():  # openpyxl's warnings about parts it skips are not the user's business
            warnings.simplefilter("ignore")
            book = load_workbook(path, read_only=True, data_only=True)
    except BROKEN_FOR_OPENPYXL as error:
        raise _broken(source, error) from None
    try:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                sheet_name, header_row, columns = _named_columns(book.defined_names)
                mapping = FROM_PERIOD
                if not columns:
                    sheet_name, header_row, columns = _csv_header(book)
                    mapping = FROM_CSV
        except BROKEN_FOR_OPENPYXL as error:
            raise _broken(source, error) from None
        if not columns or "fide_id" not in columns or not book.worksheets:
            raise _not_a_list(source)
        sheet = book[sheet_name] if sheet_name in book.sheetnames else book.worksheets[0]
        at = {field: columns[col] for field, col in mapping.items() if col in columns}
        make = _row_maker(at, source, kind, make_row)
        first = max(header_row + 1, resume)
        rows = enumerate(sheet.iter_rows(min_row=first, values_only=True), first)
        while True:
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    n, values = next(rows)
            except StopIteration:
                break
            except EloError:
                raise
            except BROKEN_FOR_OPENPYXL as error:
                raise _broken(source, error) from None
            if not values or all(v is None or v == "" for v in values):
                continue
            yield make(values, n)
    finally:
        book.close()


def _csv_header(book: Any) -> tuple[str | None, int, dict[str, int]]:
    for sheet in book.worksheets:
        for n, values in enumerate(sheet.iter_rows(min_row=1, max_row=5, values_only=True), 1):
            names = [str(v).strip().lower() if v is not None else "" for v in values]
            if "fide_id" in names and "name" in names:
                return sheet.title, n, {name: c for c, name in enumerate(names) if name}
        break
    return None, 0, {}


def _whole(v: Any, field: str, source: str, n: int) -> int | None:
    """A cell that holds a whole number (an integral float, digits as text) or nothing."""
    if v is None or v == "":
        return None
    if isinstance(v, bool) or not (isinstance(v, int) or (isinstance(v, float) and v.is_integer())
                                   or (isinstance(v, str) and v.strip().isdigit())):
        raise EloError(f"{source}, row {n}, column {field}: {show(v)} is not a whole number")
    return int(v)


def _text(v: Any, intern) -> str:
    return "" if v is None else intern(str(v).strip())


def _row_maker(at: dict[str, int], source: str, kind: str, make_row: Any):
    """``make(values, n)``: the ListRow of row ``n`` (its values by 0-based column), the cells
    checked (a wrong value named by row and column). Written out field by field: it runs for every
    player of the list."""
    intern = sys.intern
    far = 1 << 30  # the column of a field the list lacks: past every row's end
    (c_id, c_name, c_fed, c_sex, c_title, c_w, c_o, c_foa, c_rating, c_games, c_k, c_birth, c_flag, c_std) = (
        at.get(f, far) for f in ("fide_id", "name", "federation", "sex", "title", "w_title", "o_title", "foa_title",
                                 "rating", "games", "k", "birth_year", "flag", "standard"))
    standard_too = kind != "standard"

    def make(values: Any, n: int) -> Any:
        w = len(values)
        v = values[c_id] if c_id < w else None
        fide_id = (v if v.__class__ is int else _whole(v, "fide_id", source, n)) or 0
        v = values[c_name] if c_name < w else None
        name = intern(v.strip()) if v.__class__ is str else _text(v, intern)
        if not fide_id and not name:
            raise EloError(f"{source}, row {n}: the player has neither a FIDE ID nor a name")
        texts = []
        for c in (c_fed, c_sex, c_title, c_w, c_o, c_foa, c_flag):
            v = values[c] if c < w else None
            texts.append(intern(v.strip()) if v.__class__ is str else _text(v, intern))
        v = values[c_rating] if c_rating < w else None
        rating = (v if v.__class__ is int else _whole(v, "rating", source, n)) or None
        v = values[c_games] if c_games < w else None
        games = (v if v.__class__ is int else _whole(v, "games", source, n)) or 0
        v = values[c_k] if c_k < w else None
        k = (v if v.__class__ is int else _whole(v, "k", source, n)) or None
        v = values[c_birth] if c_birth < w else None
        birth = (v if v.__class__ is int else _whole(v, "birth_year", source, n)) or None
        standard = None
        if standard_too:
            v = values[c_std] if c_std < w else None
            standard = (v if v.__class__ is int else _whole(v, "standard", source, n)) or None
        fed, sex, title, w_title, o_title, foa_title, flag = texts
        return make_row(fide_id, name, fed, sex, title, w_title, o_title, foa_title, rating, games, k, birth, flag, n,
                        standard)

    return make
