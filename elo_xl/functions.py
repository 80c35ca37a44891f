"""The Excel functions of elo-xl, one record each: the one list every face reads.

Each :class:`Function` holds what is said about a function wherever it appears: its name, its
one-line description (what Excel's function wizard shows), its parameters with their help,
which take a range and which are optional, its live example (a formula with constants, and
the value the engine gives for it), and whether it also exists as a LAMBDA name. The xlwings
functions (:mod:`elo_xl.udfs`) take their registration from here, the xlwings Lite bundle
(:mod:`elo_xl.lite`) its list of names, the LAMBDA names (:mod:`elo_xl.workbook.lambdas`) their
parameters, the books' contract (:data:`elo_xl.workbook.names.FUNCTIONS`) its names, the
functions book (:mod:`elo_xl.workbook.functions_sheet`) its rows and examples, and
``docs/functions.md`` (``tools/function_reference.py``) its table.

>>> [f.name for f in FUNCTIONS][:3], len(FUNCTIONS)
(['ELO_EXPECTED', 'ELO_TABLE_H', 'ELO_DP'], 15)
>>> BY_NAME["ELO_K"].params[:2], BY_NAME["ELO_K"].optional[:2]
(('rating', 'games'), ('games', 'birth_year'))
>>> [f.name for f in FUNCTIONS if not f.has_lambda]
['ELO_NORM']
>>> BY_NAME["ELO_EXPECTED"].example.formula, BY_NAME["ELO_EXPECTED"].example.value()
('=ELO_EXPECTED(2500,2400)', 0.64)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from . import engine, norms
from .rules import FIDE, rule_choices

#: Excel's limit for the comment of a defined name (the Name Manager refuses a longer one).
COMMENT_LIMIT = 255
#: The category the functions sit under in Excel's function wizard.
CATEGORY = "Elo"
RULES_DOC = f"Rule set: {rule_choices()}."
STANDARD_DOC = ("Standard rating (optional; FIDE-RAPID, FIDE-BLITZ): an unrated player is rated with it, K 40 "
                "unless given; blank = none.")
STANDARD_EVENT_DOC = ("Standard ratings (optional; FIDE-RAPID, FIDE-BLITZ): a column of n; an unrated player with one "
                      "is rated with it (K 40 unless given) and counts as rated.")
K_DOC = "K factor (optional): blank = the rule set's default (FIDE: 20 below 2400, 10 from 2400; K×n ≤ 700)."
OPPONENTS_DOC = "Opponents' ratings, one cell per game; blank, 0 or NR = unrated opponent."
RESULTS_DOC = "Results, one per opponent: 1, ½ (0.5, =), 0; + and - are forfeits (not rated); blank = not played."
NORM_DOC = "Norm: GM, IM, WGM or WIM."


@dataclass(frozen=True)
class Parameter:
    """One argument: its name, its help in the function wizard, whether it takes a range (a
    cell otherwise; xlwings' ``ndim=2``) and whether it may be left out."""

    name: str
    help: str
    takes_range: bool = False
    optional: bool = False


@dataclass(frozen=True)
class Example:
    """A live example: ``function`` called with ``args`` (Python values: a number, a text, None
    for a blank, a list for a column, a list of lists for rows), written as a formula of
    constants inside ``outer`` (``{}`` is the call), and the engine's value for the same
    arguments, ``engine(*args)``: each number is written once.

    >>> example = Example("ELO_EVENT", ([2500, 2400], [[None, 1], [0, None]], 10), lambda *args: len(args),
    ...                   "INDEX({},1,6)")
    >>> example.formula, example.value()
    ('=INDEX(ELO_EVENT({2500;2400},{"",1;0,""},10),1,6)', 3)
    """

    function: str
    args: tuple[Any, ...]
    engine: Callable[..., Any]
    outer: str = "{}"

    @property
    def formula(self) -> str:
        """The example as a formula, with its leading ``=``."""
        return "=" + self.outer.format(f"{self.function}({','.join(constant(a) for a in self.args)})")

    def value(self) -> Any:
        """What the engine gives for the example."""
        return self.engine(*self.args)


def constant(value: Any) -> str:
    """A Python value as a spreadsheet constant: a column ``{1;2}``, rows ``{1,2;3,4}``, ``""`` for None.

    >>> constant([2400, 2401, "NR"]), constant(0.83), constant([[None, 1], [0, None]])
    ('{2400;2401;"NR"}', '0.83', '{"",1;0,""}')
    """
    if isinstance(value, list):
        rows = [row if isinstance(row, list) else [row] for row in value]
        return "{" + ";".join(",".join(constant(cell) for cell in row) for row in rows) + "}"
    if value is None:
        return '""'
    if isinstance(value, str):
        return '"' + value.replace('"', '""') + '"'
    return str(value)


@dataclass(frozen=True)
class Function:
    """One Excel function (see the module). ``lambda_note`` says where its LAMBDA name answers
    otherwise than the Python function; ``without_lambda`` why it has no LAMBDA name and what
    comes nearest (empty: it has one); ``lambda_optional`` the LAMBDA name's optional
    parameters where they are not the Python function's."""

    name: str
    description: str
    parameters: tuple[Parameter, ...]
    example: Example | None = None
    lambda_note: str = ""
    without_lambda: str = ""
    lambda_optional: tuple[str, ...] | None = None

    @property
    def params(self) -> tuple[str, ...]:
        """The parameters' names, in order."""
        return tuple(p.name for p in self.parameters)

    @property
    def optional(self) -> tuple[str, ...]:
        """The names of the parameters that may be left out."""
        return tuple(p.name for p in self.parameters if p.optional)

    @property
    def ranges(self) -> tuple[str, ...]:
        """The names of the parameters that take a range."""
        return tuple(p.name for p in self.parameters if p.takes_range)

    @property
    def comment(self) -> str:
        """The LAMBDA name's comment, which Excel shows beside the name as it is typed: the
        description (at most :data:`COMMENT_LIMIT` characters, Excel's limit for a name's comment)."""
        return self.description

    @property
    def has_lambda(self) -> bool:
        """Whether the function also exists as a LAMBDA name."""
        return not self.without_lambda

    @property
    def lambda_optionals(self) -> tuple[str, ...]:
        """The LAMBDA name's optional parameters (written ``_xlop.``, tested with ``ISOMITTED``)."""
        return self.optional if self.lambda_optional is None else self.lambda_optional


#: Every Excel function, in the order of the reference.
FUNCTIONS: tuple[Function, ...] = (
    Function(
        "ELO_EXPECTED",
        "Expected score of rating against opponent in one game, e.g. =ELO_EXPECTED(2500,2400) gives 0.64. FIDE "
        "applies the 400-point rule (2650+ exempt); an unrated side under FIDE gives an empty cell. Ranges give "
        "ranges.",
        (
            Parameter("rating",
                "Rating of the player (a cell or a range); blank, 0 or NR = unrated.",
                takes_range=True),
            Parameter("opponent", "Opponent's rating (a cell or a range of the same shape).", takes_range=True),
            Parameter("rules", RULES_DOC, optional=True),
        ),
        example=Example("ELO_EXPECTED", (2500, 2400), engine.expected),
    ),
    Function(
        "ELO_TABLE_H",
        "Percentage h (0-100) expected for a rating difference, from table 8.1.2 (the Kvant article's Table 1), no "
        "cap, e.g. =ELO_TABLE_H(100) gives 64. LOGISTIC: 100/(1+10^(-delta/scale)).",
        (
            Parameter("delta",
                "Rating difference: own rating minus the opponent's (or the opponents' average). A range gives a "
                "range.",
                takes_range=True),
            Parameter("rules", RULES_DOC, optional=True),
        ),
        example=Example("ELO_TABLE_H", (100,), engine.table_h),
    ),
    Function(
        "ELO_DP",
        "Rating difference dp for a fractional score p, from FIDE table 8.1.1, e.g. =ELO_DP(0.83) gives 273. "
        "LOGISTIC: -scale*log10(1/p-1), within +/-800.",
        (
            Parameter("p",
                "Fractional score from 0 to 1 (points / games); rounded to two decimals, .005 up. A range gives a "
                "range.",
                takes_range=True),
            Parameter("rules", RULES_DOC, optional=True),
        ),
        example=Example("ELO_DP", (0.83,), engine.dp),
    ),
    Function(
        "ELO_NEW",
        "New rating after these games, rounded as the rule set says, e.g. =ELO_NEW(2500,2400,1,10) gives 2504. A "
        "blank rating under FIDE gives the initial rating (or why there is none); FIDE-RAPID/BLITZ rate it with a "
        "standard_rating.",
        (
            Parameter("rating", "Rating before the event; blank = unrated (FIDE: the initial rating is returned)."),
            Parameter("opponents", OPPONENTS_DOC, takes_range=True),
            Parameter("results", RESULTS_DOC, takes_range=True),
            Parameter("k", K_DOC, optional=True),
            Parameter("rules", RULES_DOC, optional=True),
            Parameter("standard_rating", STANDARD_DOC, optional=True),
        ),
        example=Example("ELO_NEW", (2500, 2400, 1, FIDE.K_TOP),  # a 2500 player: FIDE's K from 2400
                        lambda r, o, s, k: engine.rate(r, [o], [s], k).new_rating),
        lambda_note="#N/A where the Python function says why an unrated player gets no rating",
    ),
    Function(
        "ELO_CHANGE",
        "Rating change before rounding, as FIDE's calculation pages show it: K x sum(W - PD), e.g. "
        "=ELO_CHANGE(2500,2400,1,10) gives 3.6. ELO-1970/USSR-1977: k x (N - N_exp).",
        (
            Parameter("rating",
                "Rating before the event; blank = unrated (FIDE: no change exists, the cell stays empty)."),
            Parameter("opponents", OPPONENTS_DOC, takes_range=True),
            Parameter("results", RESULTS_DOC, takes_range=True),
            Parameter("k", K_DOC, optional=True),
            Parameter("rules", RULES_DOC, optional=True),
            Parameter("standard_rating", STANDARD_DOC, optional=True),
        ),
        example=Example("ELO_CHANGE", (2500, 2400, 1, FIDE.K_TOP),
                        lambda r, o, s, k: engine.rate(r, [o], [s], k).change_unrounded),
    ),
    Function(
        "ELO_EVENT",
        "A whole event: one row per player with games, score, opponents' average, expected, change, new rating, "
        "performance. From a crosstable, or from rounds with pairings. E.g. =ELO_EVENT(B2:B11,C2:L11)",
        (
            Parameter("ratings",
                "Ratings of the n players in start order (a column); blank, 0 or NR = unrated.",
                takes_range=True),
            Parameter("results",
                "Crosstable n x n (row i, column j = i's score against j), or with pairings n x r (this player's "
                "result per round).",
                takes_range=True),
            Parameter("k",
                "K for all players, or a column of n values; blank = the rule set's default for that player.",
                takes_range=True, optional=True),
            Parameter("rules", RULES_DOC, optional=True),
            Parameter("pairings",
                "Rounds form (optional): n x r opponents' start numbers 1..n per round; blank or 0 = bye or not "
                "played.",
                takes_range=True, optional=True),
            Parameter("standard_ratings", STANDARD_EVENT_DOC, takes_range=True, optional=True),
        ),
        example=Example("ELO_EVENT", ([2500, 2400], [[None, 1], [0, None]], FIDE.K_TOP),
                        lambda *args: engine.rate_event(*args)[0].new_rating, "INDEX({},1,6)"),
    ),
    Function(
        "ELO_PERFORMANCE",
        "Performance rating Ra + dp: Ra the opponents' average, p = score/games to two decimals, e.g. "
        "=ELO_PERFORMANCE({2400;2500;2600},{1;1;0.5}) gives 2773. Empty when no game counts.",
        (
            Parameter("opponents", OPPONENTS_DOC, takes_range=True),
            Parameter("results", RESULTS_DOC, takes_range=True),
            Parameter("rules", RULES_DOC, optional=True),
        ),
        example=Example("ELO_PERFORMANCE", ([2400, 2500, 2600], [1, 1, 0.5]), engine.performance),
    ),
    Function(
        "ELO_INITIAL",
        "Rating an unrated player comes out with. FIDE: two hypothetical 1800 draws, 5+ games against rated "
        "opponents, at most 2200, published from 1400; otherwise a short text says why. ELO-1970: from 2200; "
        "LOGISTIC: from 1500.",
        (
            Parameter("opponents",
                "Opponents' ratings, one cell per game; under FIDE only rated opponents count.",
                takes_range=True),
            Parameter("results", RESULTS_DOC, takes_range=True),
            Parameter("rules", RULES_DOC, optional=True),
        ),
        example=Example("ELO_INITIAL", ([2100] * FIDE.INITIAL_GAMES, [1] * FIDE.INITIAL_GAMES),  # the fewest games
                        lambda *args: engine.initial_rating(*args)[0]),
        lambda_note="#N/A where the Python function says why there is no initial rating",
    ),
    Function(
        "ELO_K",
        "K factor: FIDE 40 below 30 games or for a junior under 2300, 10 from 2400 (for good), else 20, e.g. "
        "=ELO_K(2350) gives 20. Or the K of a schedule range. ELO-1970: 10; LOGISTIC: 20.",
        (
            Parameter("rating", "Current rating; blank = unrated (FIDE: K 40)."),
            Parameter("games", "Rated games played so far (optional); blank = 30 or more.", optional=True),
            Parameter("birth_year", "Year of birth (optional); blank = not a junior.", optional=True),
            Parameter("reached_2400",
                "TRUE once the published rating has reached 2400 (optional); blank = FALSE.",
                optional=True),
            Parameter("rules",
                "Rule set name, or a two-column range of (rating from, K) rows, e.g. 0,25 / 1600,20 / 2000,15 / "
                "2400,10.",
                takes_range=True, optional=True),
            Parameter("year", "Year of the event for the junior rule (optional); blank = this year.", optional=True),
        ),
        example=Example("ELO_K", (2350, 12), engine.k_factor),
    ),
    Function(
        "ELO_AVERAGE",
        "Average rating of an event (the Kvant article's K_T). FIDE, LOGISTIC: rated players, .5 up; "
        "ELO-1970/USSR-1977: unrated count 2200, .5 down. E.g. =ELO_AVERAGE(B2:B11)",
        (
            Parameter("ratings", "Ratings of all players of the event; blank, 0 or NR = unrated.", takes_range=True),
            Parameter("rules", RULES_DOC, optional=True),
        ),
        example=Example("ELO_AVERAGE", ([2400, 2401, "NR"],), engine.average_rating),
    ),
    Function(
        "ELO_CATEGORY",
        "FIDE tournament category: 1 for an average of 2251-2275, one more per 25 points; 0 below 2251. E.g. "
        "=ELO_CATEGORY(2530) gives 12.",
        (
            Parameter("average", "Average rating of the event, e.g. from ELO_AVERAGE."),
        ),
        example=Example("ELO_CATEGORY", (2530,), engine.category),
        lambda_optional=("average",),  # a blank average gives an empty cell, as the Python function does
    ),
    Function(
        "ELO_FORECAST",
        "Forecast final score: points so far plus the expected score against the opponents still to come (the Kvant "
        "article's running forecast), e.g. =ELO_FORECAST(2500,3,{2400;2400}) gives 4.28.",
        (
            Parameter("rating", "Rating of the player; blank = unrated."),
            Parameter("points", "Points scored so far."),
            Parameter("remaining_opponents",
                "Ratings of the opponents still to come; a blank cell is no game, NR or 0 = unrated.",
                takes_range=True),
            Parameter("rules", RULES_DOC, optional=True),
        ),
        example=Example("ELO_FORECAST", (2500, 3, [2400, 2400]), engine.forecast),
    ),
    Function(
        "ELO_NEEDED",
        "Least score (a multiple of 0.5) against these opponents that lifts the new rating to at least target; empty "
        "when even a full score does not, e.g. =ELO_NEEDED(2400,A1:A9,2420,20) gives 5.5.",
        (
            Parameter("rating", "Rating before the event; blank = unrated."),
            Parameter("opponents",
                "Opponents' ratings; a blank cell is no game, NR or 0 = unrated opponent.",
                takes_range=True),
            Parameter("target", "Rating to reach."),
            Parameter("k", K_DOC, optional=True),
            Parameter("rules", RULES_DOC, optional=True),
        ),
        example=Example("ELO_NEEDED", (2400, [2400] * 9, 2420, FIDE.K_OTHER), engine.needed),
    ),
    Function(
        "ELO_NORM",
        "FIDE title norm check; spills one row: games credited, Ra, score, Rp, points required, points still needed, "
        'unmet requirements (text), norm made (TRUE/FALSE). E.g. =ELO_NORM("IM",B2:B10,C2:C10,D2:D10,E2:E10,"NOR")',
        (
            Parameter("norm", NORM_DOC),
            Parameter("opponents",
                "Opponents' ratings, one cell per round; blank, 0 or NR = unrated (counts 1400). A blank opponent "
                "with a blank result is no game.",
                takes_range=True),
            Parameter("results",
                "Results as in ELO_NEW: 1, ½ (0.5, =), 0; + and - are forfeits (not counted); blank against a given "
                "opponent = a game still to play.",
                takes_range=True),
            Parameter("titles",
                "Opponents' titles (optional), one per opponent: GM, IM, WGM, WIM, FM, WFM, CM, WCM or blank.",
                takes_range=True, optional=True),
            Parameter("federations",
                "Opponents' federations (optional), three-letter codes such as GER; FID or blank = no federation.",
                takes_range=True, optional=True),
            Parameter("own_federation", "The player's own federation (optional), e.g. NOR.", optional=True),
            Parameter("exempt",
                "TRUE for an event exempt from the federation rules (national championship final, zonal, qualifying "
                "Swiss…); blank = FALSE.",
                optional=True),
            Parameter("min_games",
                "Games a norm needs (optional); blank = 9 (7 in team championships).",
                optional=True),
        ),
        without_lambda=("not a LAMBDA: one of its columns is text (the requirements not met), and the federation and "
                        "title rules are not written as one. Nearest: `ELO_NORM_SCORE` (the points a norm needs), "
                        "`ELO_PERFORMANCE` (Rp) and `ELO_AVERAGE` are LAMBDAs; the books' Norms sheet checks every "
                        "rule"),
    ),
    Function(
        "ELO_NORM_SCORE",
        "Least points for a title norm in that many games at that average (the Annex of the FIDE Title Regulations, "
        'computed), e.g. =ELO_NORM_SCORE("GM",9,2460) gives 6.5. Empty when no score makes the norm.',
        (
            Parameter("norm", NORM_DOC),
            Parameter("games", "Number of games (the regulations' Annex shows 7 to 19)."),
            Parameter("average", "Opponents' average rating Ra, after the floor for the lowest-rated opponent."),
        ),
        example=Example("ELO_NORM_SCORE", ("GM", norms.MIN_GAMES, 2460), norms.norm_score),
    ),
)
#: The functions by name.
BY_NAME: dict[str, Function] = {f.name: f for f in FUNCTIONS}
#: The functions that exist as LAMBDA names too, in order.
WITH_LAMBDA: tuple[Function, ...] = tuple(f for f in FUNCTIONS if f.has_lambda)
assert all(f.example is None or f.example.function == f.name for f in FUNCTIONS), "each example calls its function"
assert all(len(f.comment) <= COMMENT_LIMIT for f in FUNCTIONS), "a name's comment holds at most 255 characters"
