"""The team book's crosstable: one row per team in team-number order, one column per round
(the opponent's number, the colour of board 1 and the game points, as FIDE's team
crosstables show a round: ``12w 3½``), then the match points, game points and rank, in
native formulas over the Teams sheet's working (:mod:`team_book`).

Team-number order keeps every team on its row while results are typed (the Standings sheet
gives the rank order). A round without a match shows a letter: ``U`` a pairing-allocated bye,
``F``, ``H``, ``Z`` a full-, half- or zero-point bye; a forfeited match shows the opponent and
``+`` (won) or ``−`` (lost) in place of the game points; a match waiting for a board's result,
the opponent and colour only; a round without anything, nothing.

>>> round_text("K", "O", "G", "W", "H")[:46]
'CHOOSE(K+1,IF(O=0,"",O&IF(H,"w","b")&IF(W>0,""'
>>> points_text("G")
'IF(G=INT(G),G&"",IF(G<1,"",INT(G)&"")&"½")'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from openpyxl.styles import Alignment
from openpyxl.utils import get_column_letter as L
from openpyxl.worksheet.worksheet import Worksheet

from .book import Book
from .layout import line_points, lines, longest_word
from .pages import points
from .style import CENTER, HALVES, OUTPUT_FILL, ref

TOP = 5  # the first team's row (headers on the row above)
#: What an unplayed round shows, by the engine's kind of round (:mod:`elo_xl.tiebreaks.unplayed`).
LETTERS = {"PAB": "U", "FULL_BYE": "F", "HALF_BYE": "H", "ZERO_BYE": "Z", "FORFEIT_WON": "+", "FORFEIT_LOST": "−"}


@dataclass(frozen=True)
class Sources:
    """What the result sheets read: the Teams and Rounds sheets, their layout
    (:class:`~elo_xl.workbook.team_book.TeamLayout`), the first row of the teams and of the
    rounds, and the team book's print scaling (:func:`~elo_xl.workbook.team_book.fixed_scale`)."""

    teams: Worksheet
    rounds: Worksheet
    at: Any
    teams_top: int
    rounds_top: int
    fixed_scale: Callable[..., None]


def points_text(gp: str) -> str:
    """Game points as a crosstable writes them: ``3``, ``3½``, ``½``."""
    return f'IF({gp}=INT({gp}),{gp}&"",IF({gp}<1,"",INT({gp})&"")&"½")'


def round_text(kind: str, opponent: str, gp: str, waiting: str, home: str) -> str:
    """A team's round as the crosstable shows it, from its kind (0–7), opponent (0: none), game
    points, boards waiting for a result and whether it is the home team (white on board 1)."""
    side = f'{opponent}&IF({home},"w","b")'
    game = f'IF({opponent}=0,"",{side}&IF({waiting}>0,""," "&{points_text(gp)}))'
    forfeit = lambda sign: f'IF({opponent}=0,"{sign}",{side}&" {sign}")'  # noqa: E731
    return (f'CHOOSE({kind}+1,{game},{forfeit(LETTERS["FORFEIT_WON"])},{forfeit(LETTERS["FORFEIT_LOST"])},'
            f'"{LETTERS["PAB"]}","{LETTERS["FULL_BYE"]}","{LETTERS["HALF_BYE"]}","{LETTERS["ZERO_BYE"]}","")')


def fit_headers(ws: Worksheet, row: int, last_column: int) -> None:
    """Widen each column of the header ``row`` (1–``last_column``) to its longest word (bold) and
    make the row tall enough for the header of most lines, so that no printed header is cut.

    >>> from openpyxl import Workbook
    >>> ws = Workbook().active
    >>> ws["A4"], ws.column_dimensions["A"].width = "Match points", 6
    >>> fit_headers(ws, 4, 1)
    >>> ws.column_dimensions["A"].width > 6, ws.row_dimensions[4].height
    (True, 34.0)
    """
    most = 1
    for column in range(1, last_column + 1):
        text = ws.cell(row=row, column=column).value
        if not isinstance(text, str) or text.startswith("="):
            continue
        letter = L(column)
        width = max(ws.column_dimensions[letter].width or 8.43, longest_word(text, bold=True) + 1.5)
        ws.column_dimensions[letter].width = width
        most = max(most, lines(text, width - 0.5, bold=True))
    ws.row_dimensions[row].height = most * line_points() + 4


def build(book: Book, src: Sources) -> Worksheet:
    """Add the Crosstable sheet of the team book to ``book``, reading ``src``.

    >>> from elo_xl.workbook import build as make
    >>> import io, openpyxl
    >>> wb = openpyxl.load_workbook(io.BytesIO(make("team", teams=4, boards=2, rounds=3)))
    >>> ws = wb["Crosstable"]
    >>> ws["A4"].value, ws["C4"].value, ws["F4"].value
    ('No', '1', 'Match points')
    """
    at, teams_ws, rounds_ws = src.at, src.teams, src.rounds
    ws = book.sheet("sheet.team_crosstable")
    width = 2 + at.r + 3
    book.title(ws, "title.team_crosstable", width, teams=at.n, rounds=at.r)
    book.formula(ws, "A2", book.event_line())
    hdr = TOP - 1
    book.header(ws, hdr, 1, "col.no")
    book.header(ws, hdr, 2, "col.team")
    for t in range(at.r):
        book.header(ws, hdr, 3 + t, "col.number", number=str(t + 1))
    for k, key in enumerate(("col.mp", "col.gp", "out.Rank")):
        book.header(ws, hdr, 3 + at.r + k, key)
    homes = [ref(rounds_ws, f"{L(at.input_col(t, 0))}{src.rounds_top}:{L(at.input_col(t, 0))}{at.rounds_last}")
             for t in range(at.r)]
    for i in range(at.n):
        row, source = TOP + i, src.teams_top + i
        t_ref = lambda name, t: ref(teams_ws, at.cell(name, t, source))  # noqa: E731
        ws.cell(row=row, column=1, value=i + 1).alignment = CENTER
        book.formula(ws, f"B{row}", f'{ref(teams_ws, f"B{source}")}&""', fill=OUTPUT_FILL)
        for t in range(at.r):
            home = f"COUNTIF({homes[t]},$A{row})>0"
            book.formula(ws, f"{L(3 + t)}{row}", round_text(t_ref("kind", t), t_ref("opp", t), t_ref("gp", t),
                                                            t_ref("wait", t), home), fill=OUTPUT_FILL, centred=True)
        for k, (column, number_format) in enumerate(((at.total("MP"), HALVES), (at.total("GP"), HALVES),
                                                     (at.rank, None))):
            book.formula(ws, f"{L(3 + at.r + k)}{row}", ref(teams_ws, f"{L(column)}{source}"), number_format,
                         OUTPUT_FILL, centred=True)
    book.widths(ws, {1: 5, 2: 24, **{3 + t: 7.5 for t in range(at.r)}, **{3 + at.r + k: 9 for k in range(3)}})
    for column in range(1, width + 1):
        ws.cell(row=hdr, column=column).alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)
    fit_headers(ws, hdr, width)
    ws.freeze_panes = f"C{TOP}"
    book.print_setup(ws, f"A1:{L(width)}{TOP + at.n - 1}", f"{hdr}:{hdr}")
    src.fixed_scale(ws, TOP + at.n - 1, f"{hdr}:{hdr}", points(ws, 1, width))
    book.protect(ws)
    return ws
