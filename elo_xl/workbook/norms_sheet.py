"""The norms sheet of the round-robin and Swiss books: for each player the title norm checked
(a dropdown, ``NormTitle``; blank: none) and, live, the games credited (``NormGames``), Ra
(``NormAverage``), the score, Rp (``NormPerformance``), the points the norm requires with
these opponents (``NormRequired``), the points still needed (``NormNeeded``) and a status in
words (``NormStatus``), as :func:`elo_xl.norms.evaluate` computes them. A title in the main
sheet's Title column is read as :mod:`elo_xl.titles` reads it (``GM`` or the short ``g``…, any
case: the norms table's title columns are rendered from that module); a norm of the player's
own title or a lower one says it is held, as ``elo-xl rate --norms`` does not check it.

Every opponent of a round robin is known from the start: a game not yet played counts in Ra
and in the games (a game still to play, scoring nothing yet), so the points required show
before round 1. In a Swiss a paired game not yet played is the same; the rounds not yet
paired are the engine's ``remaining`` rounds (games still to play at the known opponents'
Ra, whose opponents may still meet the opponent mix). Forfeits, games not rated and
conflicting cells are not games of a norm.

Per player, working columns beside the table, among them his own figures as an opponent
(norm rating, title code: the first norm his title counts for, 200 for no title holder,
federation); then four blocks with one column per *slot* (an opponent of the round robin, a
round of the Swiss): the opponent's norm rating where the game counts (Ra, the floor, the
games; blank for a player with no norm chosen, which empties the other blocks), his title
code and federation there, and the federation counts of :func:`norm_formulas.federation_count`
(the 2/3 and 3/5 rules, the number of other federations). Each is one INDEX or two
COUNTIFs over the row, so the sheet grows as players × slots. The norms table (thresholds, titles) is rendered from
:mod:`elo_xl.norms` below the players.

Not computed in the book (the engine and ``elo-xl rate --norms`` do): a double round robin's
halved title requirement, the exclusion of an unrated opponent who scored zero against rated
opponents, and the bye credit for a pairing-allocated bye (``U`` is the book's full-point bye
code: only a forfeit win gives the credit).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import PatternFill
from openpyxl.utils import get_column_letter as L
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from .. import norms
from . import names
from . import norm_formulas as nf
from .book import Book
from .style import CENTER, GRID, INPUT_FILL, NO_BORDER, NO_FILL, OUTPUT_FILL, WORK_FILL, cell_at, row_ref, set_style
from .codes import CODE_SYMBOLS, PENDING
from .i18n import LANGUAGES, TEXT, counted

TOP = 6
#: The printed columns: (header key, defined name or None, number format).
SHOWN = (("col.no", None, None), ("col.name", None, None), ("col.norm", names.NORM_TITLE, None)) + tuple(
    (header, name, None) for header, name in zip(("col.norm_games", "col.norm_ra", "col.norm_score", "col.norm_rp",
                                                  "col.norm_required", "col.norm_needed", "col.norm_status"),
                                                 names.NORM_OUTPUTS, strict=True))
#: The working columns after the printed ones (one letter name each, for the formulas).
WORK = ("k", "known", "rest", "n", "halves", "played", "base", "bye", "req", "holders", "titled", "others",
        "own_count", "max_count", "own_fed", "rating", "tcode", "mix", "made")
#: The per-slot blocks: counted norm rating, title code, federation, federation counts.
BLOCKS = ("rating", "tcode", "fed", "count")
#: The title code of an opponent who holds no title that counts (CM, WCM, none).
NO_HOLDER = 200
FORFEIT_WIN = next(code for code, symbol in CODE_SYMBOLS if symbol == "+")


@dataclass(frozen=True)
class Games:
    """Where the games of the main sheet stand, one *slot* per opponent (round robin) or round (Swiss).

    ``code(i, s)`` the cell of the game code of player ``i`` (from 0) in slot ``s``,
    ``code(i, None)`` his row of codes; ``opponent(i, s)`` the opponent's number (from 1) in
    that slot, as formula text; ``rest(i)`` the rounds still to play with no opponent known
    (formula text; None: every opponent is known).
    """

    slots: int
    code: Callable[[int, int | None], str]
    opponent: Callable[[int, int], str]
    rest: Callable[[int], str] | None = None


def raw(book: Book, key: str) -> str:
    """A text of the book's language with its ``<placeholders>`` kept, quoted for a formula."""
    return '"' + TEXT[key][LANGUAGES.index(book.lang)].replace('"', '""') + '"'


def fill(template: str, **values: str) -> str:
    """``template`` (formula text) with each ``<name>`` replaced by a formula value."""
    for name, value in values.items():
        template = f'SUBSTITUTE({template},"<{name}>",{value})'
    return template


def build(book: Book, main: Worksheet, top: int, n: int, cells: dict[str, str], games: Games,
          present: Callable[[int], str]) -> Worksheet:
    """Add the norms sheet for the ``n`` players of ``main`` (rows from ``top``).

    ``cells`` gives the main sheet's columns (letters) of ``names``, ``ratings``, ``titles``,
    ``federations``; ``games`` where the games stand; ``present(i)`` the cell that says
    whether row ``i`` holds a player (1) or is an empty place of the book (0: no opponent, no norm).
    """
    ws = book.sheet("sheet.norms")
    book.title(ws, "title.norms", len(SHOWN), players=n)
    last = TOP + n - 1
    _settings(book, ws)
    for k, (key, _, _) in enumerate(SHOWN):
        book.header(ws, TOP - 1, 1 + k, key)
    w0 = len(SHOWN) + 2
    col = {name: L(w0 + k) for k, name in enumerate(WORK)}
    for k, name in enumerate(WORK):
        ws.cell(row=TOP - 1, column=w0 + k, value=name).fill = WORK_FILL
    m = games.slots
    v0 = w0 + len(WORK) + 1
    first = {name: v0 + b * (m + 1) for b, name in enumerate(BLOCKS)}
    for name, c in first.items():
        ws.cell(row=TOP - 1, column=c, value=name).fill = WORK_FILL
    table_row = last + 3
    _tables(book, ws, table_row, m + 1)
    main_cell = lambda column, i: row_ref(main, f"{cells[column]}{top + i}")  # noqa: E731
    whole = lambda name: f"${col[name]}${TOP}:${col[name]}${last}"  # noqa: E731
    exempt = "NormExemptCell=FlagYes"
    # made once: every row reads them
    wholes = {name: whole(name) for name in ("rating", "tcode", "own_fed")}
    letters = {name: [L(c + s) for s in range(m)] for name, c in first.items()}
    work_at = {name: w0 + k for k, name in enumerate(WORK)}
    for i in range(n):
        r = TOP + i
        w = {name: f"{col[name]}{r}" for name in WORK}
        row_of = {name: f"{letters[name][0]}{r}:{letters[name][m - 1]}{r}" for name in first}
        codes = games.code(i, None)
        book.formula(ws, f"A{r}", f'IF({present(i)}=0,"",{i + 1})')
        set_style(cell_at(ws, (r, 1)), alignment=CENTER)
        book.formula(ws, f"B{r}", f'IF({main_cell("names", i)}="","",{main_cell("names", i)})')
        book.input_cell(ws, f"C{r}", None, centred=True)
        set_style(cell_at(ws, (r, 3)), fill=NO_FILL, border=NO_BORDER)  # shaded where a player is: _grid
        for s in range(m):
            v, fd = f"{letters['rating'][s]}{r}", f"{letters['fed'][s]}{r}"
            opp = games.opponent(i, s)
            counted_rating = nf.counted_rating(games.code(i, s), f"INDEX({wholes['rating']},{opp})")
            book.formula(ws, (r, first["rating"] + s), f'IF({w["k"]}="","",{counted_rating})', fill=WORK_FILL)
            book.formula(ws, (r, first["tcode"] + s), f'IF({v}="","",INDEX({wholes["tcode"]},{opp}))', fill=WORK_FILL)
            book.formula(ws, (r, first["fed"] + s), f'IF({v}="","",INDEX({wholes["own_fed"]},{opp}))', fill=WORK_FILL)
            book.formula(ws, (r, first["count"] + s), nf.federation_count(row_of["fed"], fd, w["own_fed"]),
                         fill=WORK_FILL)
        k, n_, halves, played, rest = w["k"], w["n"], w["halves"], w["played"], w["rest"]
        title = main_cell("titles", i)
        match = f"MATCH(TRIM({title})&\"\",NormTitles,0)"  # any case, as elo_xl.titles reads it
        formulas = {
            "k": f'IF({present(i)}=0,"",{nf.norm_index(f"C{r}")})',
            "known": f'COUNTIF({row_of["rating"]},">0")',
            "rest": "0" if games.rest is None else games.rest(i),
            "n": f'{w["known"]}+{rest}',
            "halves": f'SUMIF({codes},"<=2")',
            "played": f'COUNTIF({codes},"<=2")',
            "base": nf.least_halves(k, n_, f"E{r}"),
            "bye": f"IF(AND({n_}=NormMinUsed-1,COUNTIF({codes},{FORFEIT_WIN})>0),1,0)",
            "req": nf.required_halves(w["base"], n_, w["bye"]),
            "holders": f'COUNTIF({row_of["tcode"]},"<{NO_HOLDER}")',
            "titled": f'IF({k}="",0,COUNTIF({row_of["tcode"]},"<="&{k}))',
            "others": nf.other_federations(row_of["count"]),
            "own_count": f'IF({w["own_fed"]}="",0,COUNTIF({row_of["fed"]},{w["own_fed"]}))',
            "max_count": nf.most_from_one(row_of["count"]),
            "own_fed": nf.federation(main_cell("federations", i)),
            "rating": f'IF({present(i)}=0,"",{nf.opponent_rating(main_cell("ratings", i))})',
            "tcode": f"IFERROR(IF(INDEX(NormHolder,{match})=1,INDEX(NormLevel,{match}),{NO_HOLDER}),{NO_HOLDER})",
            "mix": (f'IF({k}="",FALSE,OR({w["holders"]}+{rest}<{nf.ceiling_share(n_, "NormHoldersTop", "NormHoldersBottom")},'
                    f'{w["titled"]}+{rest}<{titled_needed(n_)},AND(NOT({exempt}),OR({w["others"]}+{rest}<NormOtherFeds,'
                    f'AND({w["own_fed"]}<>"",{w["own_count"]}>INT(NormOwnTop*{n_}/NormOwnBottom)),'
                    f'{w["max_count"]}>INT(NormAnyTop*{n_}/NormAnyBottom)))))'),
            "made": (f'IF(OR({k}="",{n_}=0),FALSE,AND({n_}={played},E{r}>=INDEX(NormAvg,{k}),'
                     f"G{r}>=INDEX(NormPerf,{k}),NormShareBottom*{halves}>=2*NormShareTop*{n_},"
                     f'D{r}>=NormMinUsed,NOT({w["mix"]})))'),
        }
        for name, text in formulas.items():
            book.formula(ws, (r, work_at[name]), text, fill=WORK_FILL)
        shown = {
            "D": f'IF({k}="","",{nf.credited(n_, w["bye"], halves, w["base"])})',
            "E": nf.average(f'SUM({row_of["rating"]})', f'MIN({row_of["rating"]})', k, w["known"]),
            "F": f'IF({k}="","",{halves}/2)',
            "G": f'IF(OR({k}="",{n_}=0),"",{nf.performance(f"E{r}", halves, n_)})',
            "H": f'IF({w["req"]}="","",{w["req"]}/2)',
            "I": f'IF({w["req"]}="","",MAX(0,{w["req"]}-{halves})/2)',
            "J": _status(book, r, w),
        }
        for letter, text in shown.items():
            column = ord(letter) - ord("A")
            book.formula(ws, (r, column + 1), text, SHOWN[column][2])
    for k, (_, name, _) in enumerate(SHOWN):
        if name:
            book.name(name, ws, f"{L(1 + k)}{TOP}:{L(1 + k)}{last}")
    dv = DataValidation(type="list", formula1="NormList", allow_blank=True, showErrorMessage=True)
    dv.error = "GM, IM, WGM, WIM"
    ws.add_data_validation(dv)
    dv.add(f"C{TOP}:C{last}")
    _grid(ws, last)
    book.widths(ws, {1: 4, 2: 24, 3: 7, 4: 10, 5: 7, 6: 7, 7: 7, 8: 10, 9: 10, 10: 48})
    ws.freeze_panes = f"C{TOP}"
    book.print_setup(ws, f"A1:{L(len(SHOWN))}{last}", f"{TOP - 1}:{TOP - 1}")
    book.protect(ws)
    return ws


def _grid(ws: Worksheet, last: int) -> None:
    """The players' rows shaded and ruled where the row holds a player (its name shows): an
    empty sheet, as a new book's, shows and prints its title and headers and no empty grid."""
    holds = f'$B{TOP}<>""'
    shown = L(len(SHOWN))
    ws.conditional_formatting.add(f"A{TOP}:B{last}", FormulaRule(formula=[holds], border=GRID))
    ws.conditional_formatting.add(f"C{TOP}:C{last}", FormulaRule(
        formula=[holds], fill=PatternFill("solid", bgColor=INPUT_FILL.fgColor.rgb), border=GRID))
    ws.conditional_formatting.add(f"D{TOP}:{shown}{last}", FormulaRule(
        formula=[holds], fill=PatternFill("solid", bgColor=OUTPUT_FILL.fgColor.rgb), border=GRID))


def titled_needed(n: str) -> str:
    """Holders of the norm's title or a higher one needed among ``n`` opponents."""
    return f"MAX(NormTitledMin,{nf.ceiling_share(n, 'NormTitledTop', 'NormTitledBottom')})"


def _status(book: Book, r: int, w: dict[str, str]) -> str:
    """The status in words: made, what is still needed, or why the norm is not possible."""
    k, n, halves, played, req = w["k"], w["n"], w["halves"], w["played"], w["req"]
    norm = f"INDEX(NormList,{k})"
    to_play = f"({n}-{played})"
    games = f"INDEX(NormGameWords,{to_play}+1)"
    missing = f"MAX(0,{req}-{halves})"
    needs = fill(raw(book, "norm.needs"), points=nf.points_text(missing), games=games)
    no = lambda reason: fill(raw(book, "norm.not_possible"), reason=reason)  # noqa: E731
    need_titled = titled_needed(n)
    why_required = (f'IF({n}=0,{raw(book, "norm.r_games")},IF(E{r}<INDEX(NormAvg,{k}),'
                    f'{fill(raw(book, "norm.r_ra"), ra=f"E{r}", min=f"INDEX(NormAvg,{k})")},'
                    f'{fill(raw(book, "norm.r_min_games"), have=f"D{r}", need="NormMinUsed")}))')
    holders_need = nf.ceiling_share(n, "NormHoldersTop", "NormHoldersBottom")
    why_mix = (f'IF({w["holders"]}<{holders_need},'
               f'{fill(raw(book, "norm.r_holders"), have=w["holders"], need=holders_need)},'
               f'IF({w["titled"]}<{need_titled},'
               f'{fill(raw(book, "norm.r_titled"), titles=f"INDEX(NormTitledText,{k})", have=w["titled"], need=need_titled)},'
               f'{raw(book, "norm.r_feds")}))')
    final = fill(raw(book, "norm.r_score"), score=nf.points_text(halves), required=nf.points_text(req))
    reached = fill(raw(book, "norm.reached"), games=games)
    unknown = fill(raw(book, "norm.unknown"), games=games)
    held = fill(raw(book, "norm.held"), norm=norm)  # as rate --norms, which does not check it
    return (f'IF({k}="","",IF({w["tcode"]}<={k},{held},IF({w["made"]},{fill(raw(book, "norm.made"), norm=norm)},'
            f'IF(AND({w["known"]}=0,{w["rest"]}>0),{unknown},IF({req}="",{no(why_required)},IF({w["mix"]},{no(why_mix)},'
            f'IF({to_play}=0,{no(final)},IF({missing}>2*{to_play},{no(needs)},'
            f'IF({missing}=0,{reached},{needs})))))))))')


def _settings(book: Book, ws: Worksheet) -> None:
    """The event's norm settings (row 3): exempt from the federation rules (``NormExemptCell``,
    yes/no), the minimum number of games (``NormMinGames``, blank: :data:`elo_xl.norms.MIN_GAMES`)."""
    book.label(ws, "A3", "norms.exempt", bold=True)
    book.input_cell(ws, "E3", book.t("flag.no"), centred=True)
    book.validate(ws, "E3", "flag")
    book.name("NormExemptCell", ws, "E3")
    book.text(ws, "F3", book.t("norms.min_games").replace("<min>", str(norms.MIN_GAMES)))
    book.input_cell(ws, "I3", None, centred=True)
    book.name("NormMinGames", ws, "I3")
    book.validate(ws, "I3", "whole")
    book.wb.defined_names["NormMinUsed"] = DefinedName(
        "NormMinUsed", attr_text="IF(ISNUMBER(NormMinGames),NormMinGames,NormMinDefault)")
    for name, text in nf.constants() + [("PendingCode", str(PENDING))]:
        book.wb.defined_names[name] = DefinedName(name, attr_text=text)


def _tables(book: Book, ws: Worksheet, row: int, n: int) -> None:
    """The norms table rendered from :mod:`elo_xl.norms`, the title table, the game words (0 to n − 1)."""
    book.label(ws, f"A{row}", "norms.table", bold=True)
    params = dict(nf.parameters())
    titled_text = ["/".join(sorted(m.titles, key=norms.TITLES.index)) for m in norms.NORMS.values()]
    columns = [("col.norm", "NormList"), ("col.norm_perf", "NormPerf"), ("col.norm_avg", "NormAvg"),
               ("col.norm_floor", "NormFloor"), ("col.norm_titled", "NormTitledText"),
               ("col.title", "NormTitles"), ("col.norm_means", "NormMeans"), ("col.norm_holder", "NormHolder"),
               ("col.norm_level", "NormLevel"),
               ("col.game_words", "NormGameWords")]
    params["NormTitledText"] = titled_text
    params["NormGameWords"] = [counted(k, "game", book.lang) for k in range(n)]
    for c, (header, name) in enumerate(columns, 1):
        book.header(ws, row + 1, c, header)
        values = params[name]
        for i, value in enumerate(values):
            book.text(ws, f"{L(c)}{row + 2 + i}", value)
        book.name(name, ws, f"{L(c)}{row + 2}:{L(c)}{row + 1 + len(values)}")
