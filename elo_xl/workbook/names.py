"""The books' contract: the defined names a book carries for other tools and for elo-xl's own
reader, written once.

The templates name their ranges with these constants, :mod:`elo_xl.workbook.read` reads a
book through them (``elo-xl export``, and anything that writes into an existing book), and
the table of ``docs/books.md``, "Defined names for other tools", is :func:`markdown_table` of
:data:`CONTRACT` (a test compares them). A name not listed here is the book's own working (the
rule-set switches, FIDE's tables, the tie-break helpers): it may change from one release to
the next.

>>> PLAYER_FIELDS["rating"], ROUNDS, ROUND_FIELDS, CONTRACT["swiss"].inputs[:3]
('Ratings', 'Rounds', ('opponent', 'colour', 'result'), ('Names', 'Titles', 'Federations'))
"""

from __future__ import annotations

from typing import NamedTuple

from ..functions import WITH_LAMBDA

# --- the Event sheet (every calculating book) -------------------------------------------------

#: The event's data: (field of :class:`~elo_xl.event.model.Tournament`, defined name).
EVENT_FIELDS = {"name": "EventName", "city": "Place", "start": "StartDate", "end": "EndDate", "arbiter": "Arbiter"}
RULES, SCALE, DEFAULT_K = "Rules", "Scale", "DefaultK"
#: The TRF file's other lines, kept for ``elo-xl export`` (:mod:`elo_xl.io.trf_keep`).
TRF_RECORDS = "TrfRecords"
#: The six tie-break slots (codes of C.07) and the rule version (2024 or 2026).
TIEBREAK_LIST, TIEBREAK_RULES = "TiebreakList", "TiebreakRules"

# --- the players table and the games (Swiss and round-robin books) ----------------------------

#: One column per TRF player field: (field of :class:`~elo_xl.event.model.Entrant`, defined name),
#: in the order of the players table.
PLAYER_FIELDS = {"sex": "Sexes", "title": "Titles", "name": "Names", "rating": "Ratings", "federation": "Federations",
                 "fide_id": "FideIds", "birth": "Births", "k": "KFactors"}
#: The header the templates write above each column of the players table (a key of
#: :data:`elo_xl.workbook.texts.TEXT`), by field: a book's names must stand under them
#: (:mod:`elo_xl.workbook.placement`).
PLAYER_HEADERS = {field: f"col.{field}" for field in PLAYER_FIELDS}
#: The games of a Swiss book: ``Rounds``, n × 3r, each round's three columns side by side (typed
#: board by board), in the order of :data:`ROUND_FIELDS`. A round-robin book has ``Results`` (n×n).
ROUNDS = "Rounds"
ROUND_FIELDS = ("opponent", "colour", "result")
#: The headers above each round's three columns of ``Rounds``, in the order of :data:`ROUND_FIELDS`.
ROUND_HEADERS = ("col.round_opponent", "col.round_colour", "col.round_result")
#: The header above each column of a round-robin book's ``Results`` (the opponent's number) and
#: of each block of the first layout (the round's number).
NUMBER_HEADER = "col.number"
RESULTS = "Results"
#: The rounds grid of a Swiss book of the first layout (elo-xl 0.1.0): three n×r blocks, every
#: round's opponents, then its colours, then its results. No book is written so any more; the
#: reader still reads such books (``export``, ``pair``).
PAIRINGS, COLOURS = "Pairings", "Colours"
GAMES_LAYOUT_1 = (PAIRINGS, COLOURS, RESULTS)
#: The round-robin book's schedule as a TRF-2026 ``192`` code: ``FIDE_ROUNDROBIN``, or a double
#: round robin (``Results`` n×2n, the first cycle's columns then the second's):
#: ``FIDE_DOUBLEROUNDROBIN`` (the first cycle's last two rounds exchanged, C.05 Annex 1) or
#: ``BERGER_DOUBLEROUNDROBIN`` (the tables' order). A book without it is a single round robin.
PAIRING_SYSTEM = "PairingSystem"

# --- the outputs ------------------------------------------------------------------------------

#: Per player, the columns of ``ELO_EVENT`` and more (Swiss and round-robin books).
PLAYER_OUTPUTS = ("Points", "Games", "Score", "OppAverage", "Expected", "Change", "NewRating", "Performance",
                  "Forecast")
#: The event's figures above the players.
EVENT_OUTPUTS = ("AverageRating", "Category", "TournamentK", "EventCounts", "Conflicts")
RANK = "Rank"
#: Each tie-break slot's value per player, in the order of ``TiebreakList``.
TIEBREAK_VALUES = tuple(f"Tiebreak{k}" for k in range(1, 7))
#: The Norms sheet: the norm typed per player, then what it needs.
NORM_TITLE = "NormTitle"
NORM_OUTPUTS = ("NormGames", "NormAverage", "NormScore", "NormPerformance", "NormRequired", "NormNeeded",
                "NormStatus")

# --- the team book ------------------------------------------------------------------------------

#: The team tie-break slots (team codes of C.07) and their rule version, on the Event sheet.
TEAM_TIEBREAK_LIST, TEAM_TIEBREAK_RULES = "TeamTiebreakList", "TeamTiebreakRules"
#: The team book's inputs: the teams' names (one row per team), the rosters (one row per roster
#: place, team by team in board order: start number, name, rating), the points of a match and of
#: a pairing-allocated bye, and the rounds (per round six columns side by side).
TEAM_NAMES = "TeamNames"
ROSTER_FIELDS = ("RosterNos", "RosterNames", "RosterRatings")
TEAM_POINTS = ("MatchWin", "MatchDraw", "MatchLoss", "PabMatchPoints", "PabGamePoints")
TEAM_ROUNDS = "TeamRounds"
TEAM_ROUND_FIELDS = ("home", "away", "board", "home_player", "away_player", "result")
#: The headers above each round's six columns of ``TeamRounds``, in the order of :data:`TEAM_ROUND_FIELDS`.
TEAM_ROUND_HEADERS = ("col.home", "col.away", "col.board", "col.home_no", "col.away_no", "col.round_result")
#: Per team, in team-number order.
TEAM_OUTPUTS = ("TeamAverages", "MatchPoints", "GamePoints")
TEAM_TIEBREAK_VALUES = tuple(f"TeamTiebreak{k}" for k in range(1, 7))
TEAM_RANK = "TeamRank"
#: Per roster place (the rows of ``RosterNos``): the points over the boards and the rating
#: arithmetic by the Event sheet's rule set (the Players sheet).
ROSTER_OUTPUTS = ("RosterPoints", "RosterGames", "RosterScores", "RosterOppAverages", "RosterChanges",
                  "RosterNewRatings", "RosterPerformances")
#: The least games over the board on a board for its prize (the Boards sheet; 1 in a new book).
BOARD_GAMES = "BoardGames"

# --- the player calculator and the match book --------------------------------------------------

#: The player calculator's inputs: (defined name, field of the prefill).
CALCULATOR_FIELDS = (("Name", "name"), ("Rating", "rating"), ("K", "k"), ("GamesPlayed", "games_played"),
                     ("BirthYear", "birth_year"), ("Reached2400", "reached_2400"))
OPP_RATINGS = "OppRatings"
CALCULATOR_OUTPUTS = ("Games", "Score", "OppAverage", "Expected", "KUsed", "ChangeUnrounded", "Change", "NewRating",
                      "Performance")
MATCH_INPUTS = ("RatingA", "RatingB", "KA", "KB", RESULTS)
MATCH_OUTPUTS = ("NewRatingA", "NewRatingB", "RunningA", "RunningB")


# --- the functions (every book) ---------------------------------------------------------------

#: The Excel functions every book carries as LAMBDA names (:mod:`elo_xl.workbook.lambdas`; Excel
#: 365, 2024 and the web), and the hidden sheet holding the tables they read. No other name of a
#: book may take one of these.
FUNCTIONS = tuple(function.name for function in WITH_LAMBDA)
#: Names the functions call (not typed by users).
FUNCTION_HELPERS = ("ELO_EVENT_ROW",)
FUNCTION_TABLES = "EloFunctionTables"


class Names(NamedTuple):
    """What a kind of book promises: the defined names to type into, those to read."""

    inputs: tuple[str, ...]
    outputs: tuple[str, ...]
    note: str = ""


_FIELDS = ("Names", "Titles", "Federations", "FideIds", "Births", "Sexes")

#: Every book's promise, by kind (and the sheets two kinds share), in the order of docs/books.md.
CONTRACT: dict[str, Names] = {
    "player": Names(tuple(name for name, _ in CALCULATOR_FIELDS) + (OPP_RATINGS, RESULTS), CALCULATOR_OUTPUTS),
    "round-robin": Names(("Ratings", "KFactors", RESULTS) + _FIELDS + (PAIRING_SYSTEM,), PLAYER_OUTPUTS + EVENT_OUTPUTS,
                         f"`{RESULTS}` is n×n, a double round robin's n×2n (the first cycle, then the second); "
                         f"`{PAIRING_SYSTEM}` names the schedule (TRF-2026 `192`), set when the book is made"),
    "swiss": Names(_FIELDS + ("Ratings", "KFactors", ROUNDS), PLAYER_OUTPUTS + EVENT_OUTPUTS,
                   f"`{ROUNDS}` is n × 3r: per round the opponent's start number, the colour, the result"),
    "norms sheet (round robin and Swiss)": Names((NORM_TITLE,), NORM_OUTPUTS),
    "tie-breaks (round robin and Swiss)": Names((TIEBREAK_LIST, TIEBREAK_RULES), TIEBREAK_VALUES + (RANK,),
                                                "the slots stand on the Event sheet"),
    "match": Names(MATCH_INPUTS, MATCH_OUTPUTS),
    "team": Names((TEAM_NAMES, *ROSTER_FIELDS, *TEAM_POINTS, TEAM_ROUNDS, TEAM_TIEBREAK_LIST, TEAM_TIEBREAK_RULES,
                   BOARD_GAMES),
                  TEAM_OUTPUTS + TEAM_TIEBREAK_VALUES + (TEAM_RANK,) + ROSTER_OUTPUTS,
                  f"`{TEAM_ROUNDS}` is m × 6r: per round, one row per board, the home team, the away team, the "
                  "board, the home and away players' start numbers, the home player's result; the team outputs have "
                  "one row per team in team-number order, the `Roster…` outputs one row per roster place"),
}


def markdown_table() -> str:
    """The table of docs/books.md, "Defined names for other tools", from :data:`CONTRACT`.

    >>> print(markdown_table().splitlines()[2])
    | `player` | `Name`, `Rating`, `K`, `GamesPlayed`, `BirthYear`, `Reached2400`, `OppRatings`, `Results` | `Games`, `Score`, `OppAverage`, `Expected`, `KUsed`, `ChangeUnrounded`, `Change`, `NewRating`, `Performance` |
    """
    def names(values: tuple[str, ...]) -> str:
        return ", ".join(f"`{v}`" for v in values)

    lines = ["| book | inputs | outputs |", "|---|---|---|"]
    for kind, promise in CONTRACT.items():
        label = f"`{kind}`" if " " not in kind else kind
        inputs = names(promise.inputs) + (f" ({promise.note})" if promise.note else "")
        lines.append(f"| {label} | {inputs} | {names(promise.outputs)} |")
    return "\n".join(lines)
