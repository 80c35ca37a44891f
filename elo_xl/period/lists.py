"""Rating lists: FIDE's downloads and a plain CSV, read as a stream; one row per player.

Formats, told apart by their content (not by the file name):

* ``players_list_foa.txt`` — standard, rapid and blitz in one 162-character line; the
  fields start under the header's tokens (``ID Number``, ``Name``, ``Fed``, ``Sex``, ``Tit``,
  ``WTit``, ``OTit``, ``FOA``, ``SRtng SGm SK``, ``RRtng RGm Rk``, ``BRtng BGm BK``, ``B-day``,
  ``Flag``); the type chosen (standard, rapid, blitz) picks the rating, games and K.
* the single-type TXT lists (``standard_rating_list.txt``…): 136-character lines, the rating
  under a month token such as ``OCT26``, then games, K, ``B-day``, ``Flag``.
* the XML download: ``<playerslist>`` of ``<player>`` elements (``fideid``, ``name``,
  ``country``, ``sex``, ``title``, ``rating``, ``games``, ``k``, ``rapid_rating``…).
* a CSV with the header ``fide_id,name,federation,sex,title,rating,games,k,birth_year,flag``
  (more columns are ignored, so a list written by ``elo-xl period --format csv`` is read back).

Fields are cut where the header's tokens start, so a list whose columns move still reads; a
line one character longer than the header (FIDE's files have a few, where a name overflows)
is read with the fields after the overflow moved one column to the right. Unrated = rating 0
or blank (None here).

>>> import io
>>> text = (HEADER_SINGLE_EXAMPLE + "\\n"
...         + "1503014        Carlsen, Magnus                                              NOR M   GM                           2837  0   10 1990      \\n")
>>> [(r.fide_id, r.name, r.federation, r.rating, r.games, r.k, r.birth_year) for r in iter_list_text(io.StringIO(text))]
[(1503014, 'Carlsen, Magnus', 'NOR', 2837, 0, 10, 1990)]
"""

from __future__ import annotations

import csv
import io  # noqa: F401  (the doctests' streams)
import os
import re
import sys
import xml.etree.ElementTree as ET
from operator import itemgetter
from typing import IO, Iterable, Iterator, NamedTuple

from ..errors import EloError, show
from ..io.csv_cells import restored
from ..io.decode import iter_lines
from ..io.sniff import CONTAINERS, EMPTY, EXCEL, what_file

TYPES = ("standard", "rapid", "blitz")

#: The header of ``players_list_foa.txt`` (FIDE-PERIODS.md), for tests and the examples.
HEADER_FOA_EXAMPLE = ("ID Number      Name                                                         Fed Sex Tit  WTit "
                      "OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
#: The header of a single-type list (the rating's token is the list's month).
HEADER_SINGLE_EXAMPLE = ("ID Number      Name                                                         Fed Sex Tit  WTit "
                         "OTit           FOA OCT26 Gms K  B-day Flag")

CSV_FIELDS = ("fide_id", "name", "federation", "sex", "title", "rating", "games", "k", "birth_year", "flag")
#: Columns a CSV list may have besides :data:`CSV_FIELDS` (the period's CSV output writes them).
CSV_OPTIONAL = ("standard_rating", "w_title", "o_title", "foa_title")
#: The longest line read from a TXT list (FIDE's are 136 or 162 characters) and from a CSV list.
MAX_TXT_LINE = 1024
MAX_CSV_LINE = 65536


class ListRow(NamedTuple):
    """One player of a rating list. ``rating`` None = unrated; ``k`` None = not given;
    ``games`` = rated games in the list's period; ``line`` = where it was read (line or element);
    ``standard`` = the standard rating of a rapid or blitz list's player (the combined list's
    ``SRtng``, the XML's ``rating``, a CSV's ``standard_rating``), None where the list has none."""

    fide_id: int
    name: str
    federation: str
    sex: str
    title: str
    w_title: str
    o_title: str
    foa_title: str
    rating: int | None
    games: int
    k: int | None
    birth_year: int | None
    flag: str
    line: int
    standard: int | None = None


# --- header tokens ---------------------------------------------------------------------------

_MONTH_TOKEN = re.compile(r"^[A-Z]{3}\d{2}$")
#: Header token → field, common to every TXT list.
_COMMON = {"ID": "fide_id", "NAME": "name", "FED": "federation", "SEX": "sex", "TIT": "title", "WTIT": "w_title",
           "OTIT": "o_title", "FOA": "foa_title", "B-DAY": "birth_year", "BDAY": "birth_year", "FLAG": "flag"}
#: Header tokens of the three rating triples of the combined list.
_TRIPLES = {"standard": ("SRTNG", "SGM", "SK"), "rapid": ("RRTNG", "RGM", "RK"), "blitz": ("BRTNG", "BGM", "BK")}
_SINGLE_GAMES = {"GMS", "GM", "GAMES", "SGM", "RGM", "BGM"}
_SINGLE_K = {"K", "SK", "RK", "BK"}


def header_tokens(header: str) -> list[tuple[str, int]]:
    """(token, starting column) of a header line; ``ID Number`` is one token.

    >>> header_tokens(HEADER_SINGLE_EXAMPLE)[:3]
    [('ID', 0), ('Name', 15), ('Fed', 76)]
    """
    found = [(m.group(0), m.start()) for m in re.finditer(r"\S+", header)]
    if len(found) >= 2 and found[0][0].upper() == "ID" and found[1][0].upper() == "NUMBER":
        found = [("ID", 0)] + found[2:]
    return found


def _layout(header: str, kind: str, source: str) -> list[tuple[str | None, int]]:
    """Each header token as (field or None to skip, start column), in column order.

    >>> [f for f, _ in _layout(HEADER_FOA_EXAMPLE, "rapid", "list")][8:14]
    ['standard', None, None, 'rating', 'games', 'k']
    >>> [f for f, _ in _layout(HEADER_SINGLE_EXAMPLE, "blitz", "list")][8:11]
    ['rating', 'games', 'k']
    """
    tokens = header_tokens(header)
    names = [t.upper() for t, _ in tokens]
    if "ID" not in names or "NAME" not in names:
        raise EloError(f"{source}, line 1: {show(header[:40])} is not the header of a FIDE rating list; "
                       "give players_list_foa.txt, a single-type TXT list, the XML list or a CSV with the header "
                       + ",".join(CSV_FIELDS))
    triple = _TRIPLES[kind]
    combined = "SRTNG" in names
    layout: list[tuple[str | None, int]] = []
    for name, (_, start) in zip(names, tokens):
        field = _COMMON.get(name)
        if field is None:
            if combined:
                field = {triple[0]: "rating", triple[1]: "games", triple[2]: "k"}.get(name)
                if field is None and name == "SRTNG":
                    field = "standard"  # a rapid or blitz list: the standard rating seeds an unrated player
            elif _MONTH_TOKEN.match(name) or name in ("RTNG", "RATING", "SRTNG", "RRTNG", "BRTNG"):
                field = "rating"
            elif name in _SINGLE_GAMES:
                field = "games"
            elif name in _SINGLE_K:
                field = "k"
        layout.append((field, start))
    fields = {f for f, _ in layout}
    if "rating" not in fields:
        raise EloError(f"{source}, line 1: the header has no {kind} rating column ({' '.join(triple)} or a month "
                       "such as OCT26); is this a rating list?")
    return layout


# --- TXT -------------------------------------------------------------------------------------


def _whole(text: str, source: str, line: int, start: int, what: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or not text.isascii():
        raise EloError(f"{source}, line {line}, column {start + 1}: {what} {show(text)} is not a number")
    return int(text)


def _decoded(lines: Iterable[bytes | str]) -> Iterator[str]:
    """Lines as text without their line ends: UTF-8, or Windows-1252 for a line that is not."""
    for raw in lines:
        if isinstance(raw, bytes):
            try:
                raw = raw.decode("utf-8")
            except UnicodeDecodeError:
                raw = raw.decode("cp1252", errors="replace")
        yield raw.rstrip("\r\n")


def iter_list_text(lines: Iterable[bytes | str], kind: str = "standard", source: str = "list") -> Iterator[ListRow]:
    """The players of a FIDE TXT list (combined or single-type), one :class:`ListRow` at a time
    (``lines`` without their line ends, e.g. from :func:`elo_xl.io.decode.iter_lines`)."""
    decoded = _decoded(lines)
    header = next(decoded, None)
    if header is None:
        raise EloError(f"{source}: the file is empty; give a rating list")
    header = header.lstrip("\ufeff")
    layout = _layout(header, kind, source)
    width = len(header.rstrip())
    starts = [s for _, s in layout]
    ends = starts[1:] + [None]
    spans = [(f, s, e) for (f, s), e in zip(layout, ends) if f is not None]
    if spans[0][0] != "fide_id":
        raise EloError(f"{source}, line 1: the header does not start with ID Number")
    col = {f: s for f, s in layout if f is not None}
    at = {f: slice(s, e) for f, s, e in spans}
    cut = itemgetter(*(at.get(f, slice(0, 0)) for f in _TXT_FIELDS))  # a field the list lacks reads as ""
    row = _row_maker(source, col)
    for n, text in enumerate(decoded, 2):
        if not text.strip():
            continue
        extra = len(text) - width
        if extra > 0:
            values = _overflowed(text, layout, extra)
            yield row(tuple(values.get(f, "") for f in _TXT_FIELDS), n)
        else:
            yield row(cut(text), n)


def _overflowed(text: str, layout: list[tuple[str | None, int]], extra: int) -> dict[str, str]:
    """Fields of a line longer than the header: where a field runs into the next one (no space
    before the next field's column), the rest of the line is read ``extra`` columns further right."""
    shift = 0
    bounds = []
    for i, (_, start) in enumerate(layout):
        at = start + shift
        if i and shift < extra and text[at - 1:at] not in ("", " "):
            shift += 1
            at += 1
        bounds.append(at)
    ends = bounds[1:] + [None]
    return {f: text[s:e] for (f, _), s, e in zip(layout, bounds, ends) if f is not None}


#: The fields of a TXT list's line, in the order :func:`_row_maker`'s rows take them.
_TXT_FIELDS = ("fide_id", "name", "federation", "sex", "title", "w_title", "o_title", "foa_title", "rating", "games",
               "k", "birth_year", "flag", "standard")


def _row_maker(source: str, col: dict[str, int]):
    """The :class:`ListRow` of a line's fields (as cut, in the order of :data:`_TXT_FIELDS`) and
    its number; a number that is none is refused naming the line and the field's column."""
    intern = sys.intern
    at_rating, at_games, at_k, at_born, at_standard = (col.get(f, 0) for f in ("rating", "games", "k", "birth_year",
                                                                               "standard"))

    def row(values: tuple[str, ...], n: int) -> ListRow:
        (fide_text, name, federation, sex, title, w_title, o_title, foa_title, rating, games, k, born, flag,
         standard) = values
        fide_id = _whole(fide_text, source, n, 0, "ID")
        if fide_id is None:
            raise EloError(f"{source}, line {n}, column 1: the player has no FIDE ID; every line of a list starts "
                           "with one")
        # a number read at once when it is digits, else by _whole (blank: None; anything else: refused)
        rating, games, k, born, standard = (rating.strip(), games.strip(), k.strip(), born.strip(), standard.strip())
        rating = (int(rating) if rating.isdigit() and rating.isascii()
                  else _whole(rating, source, n, at_rating, "rating"))
        games = int(games) if games.isdigit() and games.isascii() else _whole(games, source, n, at_games, "games")
        k = int(k) if k.isdigit() and k.isascii() else _whole(k, source, n, at_k, "K")
        born = int(born) if born.isdigit() and born.isascii() else _whole(born, source, n, at_born, "B-day")
        standard = (int(standard) if standard.isdigit() and standard.isascii()
                    else _whole(standard, source, n, at_standard, "SRtng"))
        return ListRow(fide_id, name.strip(), intern(federation.strip()), intern(sex.strip()), intern(title.strip()),
                       intern(w_title.strip()), intern(o_title.strip()), intern(foa_title.strip()), rating or None,
                       games or 0, k or None, born or None, intern(flag.strip()), n, standard or None)

    return row


# --- XML -------------------------------------------------------------------------------------

_XML_TRIPLES = {"standard": ("rating", "games", "k"), "rapid": ("rapid_rating", "rapid_games", "rapid_k"),
                "blitz": ("blitz_rating", "blitz_games", "blitz_k")}


def iter_list_xml(stream: IO[bytes], kind: str = "standard", source: str = "list") -> Iterator[ListRow]:
    """The players of FIDE's XML list, streamed (each ``<player>`` is freed once read).

    >>> xml = (b"<playerslist><player><fideid>1503014</fideid><name>Carlsen, Magnus</name>"
    ...        b"<country>NOR</country><sex>M</sex><title>GM</title><rating>2837</rating><games>0</games>"
    ...        b"<k>10</k><rapid_rating>2823</rapid_rating><birthday>1990</birthday><flag></flag></player></playerslist>")
    >>> [(r.fide_id, r.rating) for r in iter_list_xml(io.BytesIO(xml), "rapid")]
    [(1503014, 2823)]
    """
    rating_tag, games_tag, k_tag = _XML_TRIPLES[kind]
    intern = sys.intern
    n = 0
    try:
        for _, elem in ET.iterparse(stream, events=("end",)):
            if elem.tag != "player":
                continue
            n += 1
            get = {child.tag: (child.text or "").strip() for child in elem}.get

            def number(tag: str, what: str) -> int | None:
                text = get(tag, "")
                if not text:
                    return None
                if not text.isdigit():
                    raise EloError(f"{source}, player {n}: {what} {show(text)} is not a number")
                return int(text)

            fide_id = number("fideid", "fideid")
            if fide_id is None:
                raise EloError(f"{source}, player {n}: the player has no fideid")
            yield ListRow(fide_id, get("name", ""), intern(get("country", "")), intern(get("sex", "")),
                          intern(get("title", "")), intern(get("w_title", "")), intern(get("o_title", "")),
                          intern(get("foa_title", "")), number(rating_tag, rating_tag) or None,
                          number(games_tag, games_tag) or 0, number(k_tag, k_tag) or None,
                          number("birthday", "birthday") or None, intern(get("flag", "")), n,
                          number("rating", "rating") or None if kind != "standard" else None)
            elem.clear()
    except ET.ParseError as error:
        raise EloError(f"{source}: not well-formed XML ({error}); give FIDE's XML list as downloaded") from None


# --- CSV -------------------------------------------------------------------------------------


def iter_list_csv(stream: IO[str], kind: str = "standard", source: str = "list") -> Iterator[ListRow]:
    """The players of a CSV list (header ``fide_id,name,federation,sex,title,rating,games,k,birth_year,flag``;
    an optional ``standard_rating`` column gives a rapid or blitz list's standard ratings).

    >>> text = "fide_id,name,federation,sex,title,rating,games,k,birth_year,flag\\n12345,\\"Tran, An\\",VIE,F,WFM,1988,9,40,2010,w\\n"
    >>> [(r.fide_id, r.name, r.rating, r.k) for r in iter_list_csv(io.StringIO(text))]
    [(12345, 'Tran, An', 1988, 40)]
    """
    reader = csv.reader(stream)
    header = next(reader, None)
    if header is None:
        raise EloError(f"{source}: the file is empty; give a rating list")
    names = [h.strip().lower().lstrip("\ufeff") for h in header]
    missing = [f for f in CSV_FIELDS if f not in names]
    if missing:
        raise EloError(f"{source}, line 1: the CSV header lacks {', '.join(missing)}; write "
                       + ",".join(CSV_FIELDS))
    at = {f: names.index(f) for f in CSV_FIELDS + CSV_OPTIONAL if f in names}
    intern = sys.intern
    width = len(names)
    for n, cells in enumerate(reader, 2):
        if not any(c.strip() for c in cells):
            continue
        if len(cells) < width:
            cells = cells + [""] * (width - len(cells))

        def number(field: str) -> int | None:
            if field not in at:
                return None
            text = cells[at[field]].strip()
            if not text:
                return None
            if not text.isdigit():
                raise EloError(f"{source}, line {n}, column {field}: {show(text)} is not a whole number")
            return int(text)

        def text(field: str) -> str:
            return intern(restored(cells[at[field]].strip())) if field in at else ""

        fide_id = number("fide_id") or 0  # 0: a player without FIDE ID (a newcomer from a TRF line without one)
        name = restored(cells[at["name"]].strip())
        if not fide_id and not name:
            raise EloError(f"{source}, line {n}: the player has neither a FIDE ID nor a name")
        yield ListRow(fide_id, name, text("federation"), text("sex"), text("title"), text("w_title"),
                      text("o_title"), text("foa_title"), number("rating") or None, number("games") or 0,
                      number("k") or None, number("birth_year") or None, text("flag"), n,
                      number("standard_rating") or None)


# --- any list --------------------------------------------------------------------------------


def _csv_lines(stream: IO[bytes], source: str) -> Iterator[str]:
    """A CSV list's lines for :mod:`csv` (bounded, any line end), as text ending in a newline."""
    first = True
    for raw in iter_lines(stream, source, "a rating list", MAX_CSV_LINE):
        if first:
            raw = raw.removeprefix(b"\xef\xbb\xbf")
            first = False
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("cp1252", errors="replace")
        yield text + "\n"


def iter_list(path: str | os.PathLike, kind: str = "standard") -> Iterator[ListRow]:
    """The players of the rating list at ``path`` (TXT, XML, CSV or an ``.xlsx`` list written by
    ``elo-xl period``, told apart by content), streamed; any line end (CR, LF, CRLF, mixed).

    ``kind`` (standard, rapid, blitz) picks the rating of the combined lists.
    """
    if kind not in TYPES:
        raise EloError(f"--type: {show(kind)} is not a list type; use standard, rapid or blitz")
    source = os.fspath(path)
    try:
        f = open(path, "rb")
    except OSError as error:
        raise EloError(f"{source}: cannot read the list ({error.strerror})") from None
    with f:
        start = f.read(65536)
        f.seek(0)
        found = what_file(start, source)
        if found == EMPTY:
            raise EloError(f"{source}: the file is empty; give a rating list")
        if found == EXCEL:
            f.close()
            from .sheet_list import iter_list_xlsx

            yield from iter_list_xlsx(path, ListRow, kind, source)
            return
        if found in CONTAINERS:
            raise EloError(f"{source} is {found}, not a rating list; give players_list_foa.txt, a single-type TXT "
                           "list, the XML list, a CSV or an .xlsx list written by elo-xl period")
        head = start.lstrip(b"\xef\xbb\xbf").lstrip()
        if head.startswith(b"<"):
            yield from iter_list_xml(f, kind, source)
        elif re.split(rb"[\r\n]", head, maxsplit=1)[0].lower().startswith(b"fide_id"):
            yield from iter_list_csv(_csv_lines(f, source), kind, source)
        else:
            yield from iter_list_text(iter_lines(f, source, "a rating list", MAX_TXT_LINE), kind, source)


class RatingList:
    """A rating list held by columns (compact for a million players), in the list's order.

    >>> rl = RatingList()
    >>> rl.append(ListRow(7, "Ngo, Lan", "VIE", "F", "WFM", "", "", "", 2105, 3, 20, 1999, "w", 2))
    >>> len(rl), rl.index[7], rl.rating[0], rl.row(0).name
    (1, 0, 2105, 'Ngo, Lan')
    """

    COLUMNS = tuple(name for name in ListRow._fields if name != "line")

    def __init__(self) -> None:
        for name in self.COLUMNS:
            setattr(self, name, [])
        #: FIDE ID → position in the list.
        self.index: dict[int, int] = {}
        #: Where each player was read (line or element).
        self.line: list[int] = []
        self._add = tuple(getattr(self, name).append for name in ListRow._fields)  # a row's fields, in order

    def __len__(self) -> int:
        return len(self.fide_id)  # type: ignore[attr-defined]

    def append(self, row: ListRow, source: str = "list") -> None:
        """Add one player; a FIDE ID listed twice is an error naming both lines. A player without
        FIDE ID (0) is kept but not indexed."""
        if row.fide_id in self.index:
            first = self.line[self.index[row.fide_id]]
            raise EloError(f"{source}, lines {first} and {row.line}: FIDE ID {row.fide_id} is listed twice; a list "
                           "names every player once (remove one of the two lines)")
        if row.fide_id:
            self.index[row.fide_id] = len(self)
        for add, value in zip(self._add, row):
            add(value)

    def without_id(self) -> dict[str, int]:
        """Players without FIDE ID by their name (casefolded, punctuation ignored): how a newcomer
        without an ID is found again the next month; a name shared by two such players matches neither."""
        found: dict[str, int] = {}
        twice = set()
        for i, fid in enumerate(self.fide_id):  # type: ignore[attr-defined]
            if not fid:
                key = " ".join(re.sub(r"[.,]", " ", self.name[i]).casefold().split())  # type: ignore[attr-defined]
                if key in found:
                    twice.add(key)
                found[key] = i
        for key in twice:
            del found[key]
        return found

    def row(self, i: int) -> ListRow:
        """Player ``i`` (0-based) as a :class:`ListRow`."""
        return ListRow(line=i + 1, **{name: getattr(self, name)[i] for name in self.COLUMNS})


def read_list(path: str | os.PathLike, kind: str = "standard") -> RatingList:
    """Read a whole rating list (streamed into columns: memory grows with the players, not the file)."""
    rl = RatingList()
    source = os.fspath(path)
    append = rl.append
    for row in iter_list(path, kind):
        append(row, source)
    if not len(rl):
        raise EloError(f"{source}: no players read from the list; is it a rating list (with its header line)? "
                       "A period needs the list in force")
    return rl
