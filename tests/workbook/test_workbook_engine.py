"""The generated workbooks compute what the engine computes: random events, recalculated in
LibreOffice and in Gnumeric. (Over 700 lines on purpose: one generator of events and one
independent computation serve every template, and split by template they would be repeated.)

For every template (player, round robin, Swiss, match) and every rule set (FIDE, FIDE-2024,
ELO-1970, USSR-1977, LOGISTIC and LOGISTIC with scale 480) a seeded generator makes small
random events — draws, blanks, forfeits, unrated players, rating differences beyond 400,
players rated 2650+ against 2100–2300, K cells blank and set, sometimes a default K,
K×n above 700, FIDE unrated players who earn an initial rating — plus a few fixed cases.
Each event is typed into a fresh book through its defined names (openpyxl, formulas kept),
recalculated by each engine (one headless LibreOffice; Gnumeric's ``ssconvert --recalc``),
and every output is compared with an independent computation: the rating outputs, "K
used", the average rating, category, TournamentK and the player book's Kvant steps with
:mod:`elo_xl.engine`; Sonneborn-Berger, Buchholz and Rank with :mod:`elo_xl.tiebreaks`;
the Kvant validity flag (EventCounts) with its rule (2/3 rated, K_T ≥ 2250). Ratings and
changes exactly, expected scores within 1e-9, an empty cell where the engine gives None.
No cell of any recalculated book may hold an error value.

The events are generated with ``random.Random`` (not hypothesis): recalculation is the
slow part, so every event is made once and all books go through one instance of each engine.
"""

from __future__ import annotations

import datetime as dt
import io
import math
import random
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from openpyxl.utils.cell import column_index_from_string, coordinate_from_string, get_column_letter, range_boundaries

from books import load_workbook, put

from elo_xl import engine, tiebreaks
from elo_xl.recalc import read_named, read_values
from elo_xl.rules import parse_rules
from elo_xl.workbook import build, round_robin, swiss
from elo_xl.workbook.i18n import translate
from elo_xl.workbook.layout import right_to_left

SEED = 20260101
LANGS = ("en", "vi", "ar", "ru")
#: (Rules cell, Scale cell): the six rule sets under test.
RULE_SETS = (("FIDE", 400), ("FIDE-2024", 400), ("ELO-1970", 400), ("USSR-1977", 400),
             ("LOGISTIC", 400), ("LOGISTIC", 480))
KINDS = ("player", "round-robin", "swiss", "match")
#: Random events per template and rule set (fixed cases come on top).
PER_CELL = 9

ERROR_VALUE = re.compile(r"^(#NULL!|#DIV/0!|#VALUE!|#REF!|#NAME\?|#NUM!|#N/A|#GETTING_DATA|#SPILL!|#CALC!|Err:\d+)$")

ROUND_ROBIN_OUTPUTS = ("Points", "Games", "Score", "OppAverage", "Expected", "Change", "NewRating",
                       "Performance", "Forecast")
PLAYER_OUTPUTS = ("Games", "Score", "OppAverage", "Expected", "KUsed", "ChangeUnrounded", "Change", "NewRating",
                  "Performance")
#: Outputs compared within 1e-9 (floats computed in a different order); the rest exactly.
APPROXIMATE = {"Expected", "Forecast", "ChangeUnrounded"}


# --- events ----------------------------------------------------------------------------------------


@dataclass
class Event:
    """One event typed into one book."""

    id: str
    kind: str
    lang: str
    rules: str                 # the Rules cell
    scale: int                 # the Scale cell
    default_k: Any             # the DefaultK cell (None: blank)
    via_build: bool            # rules, scale and default K given to build() rather than typed
    size: dict[str, int]
    inputs: dict[str, Any]     # defined name -> value, column (flat list) or block (list of rows)
    prefill: dict[str, Any] | None = None
    start: dt.date | None = None
    #: Swiss: the rounds grid with both sides of every board, as the engine reads it (a board
    #: typed once in ``inputs`` is complete here: pairing and the complement of the result).
    both_sides: dict[str, Any] | None = None

    @property
    def engine_rules(self) -> str:
        return f"LOGISTIC {self.scale}" if self.rules == "LOGISTIC" and self.scale != 400 else self.rules

    def describe(self) -> str:
        return (f"{self.id}: build({self.kind!r}, {self.lang!r}, **{self.size}), Rules={self.rules!r}, "
                f"Scale={self.scale}, DefaultK={self.default_k!r}, StartDate={self.start}, "
                f"prefill={self.prefill!r}, inputs={self.inputs!r}")


def pick(rng: random.Random, weighted: dict[Any, float]) -> Any:
    return rng.choices(list(weighted), weights=list(weighted.values()))[0]


def draw_rating(rng: random.Random, profile: str, unrated: float) -> int | None:
    """A rating of this event's profile; ``None`` or 0 (unrated) with probability ``unrated``."""
    if rng.random() < unrated:
        return rng.choice([None, 0])
    if profile == "club":
        return rng.randint(1150, 2350)
    if profile == "wide":  # differences beyond 400 both ways
        return rng.randint(1000, 2850)
    if profile == "elite":  # 2650+ players against 2100–2300
        return rng.randint(2660, 2850) if rng.random() < 0.45 else rng.randint(2100, 2300)
    return rng.randint(2150, 2650)  # "master"


def draw_k(rng: random.Random, blank: float = 0.5) -> int | None:
    if rng.random() < blank:
        return None
    return rng.choice([10, 10, 15, 20, 20, 25, 30, 40, 40, 100])


def draw_default_k(rng: random.Random) -> int | None:
    return None if rng.random() < 0.65 else rng.choice([10, 16, 20, 24, 32, 40])


#: One game as a symbol of its first side; the second side is the complement.
COMPLEMENT = {"1": "0", "0": "1", "½": "½", "+": "−", "−": "+", "W": "L", "L": "W", "D": "D", "−−": "−−"}


FORFEITS = ("+", "−", "−−")


def draw_game(rng: random.Random) -> str:
    return pick(rng, {"1": 0.3, "0": 0.27, "½": 0.26, "+": 0.04, "−": 0.04, "−−": 0.02,
                      "W": 0.02, "L": 0.02, "D": 0.03})


def typed(rng: random.Random, symbol: str) -> Any:
    """How an arbiter types a result: numbers as numbers, the other spellings as text."""
    if symbol == "1":
        return 1
    if symbol == "0":
        return 0
    if symbol == "½":
        return rng.choice([0.5, "½", "="])
    if symbol in ("−", "−−"):
        return rng.choice(["−", "-"])
    return symbol


def complement(value: Any) -> Any:
    """The other side of one typed result (player B's in a match)."""
    if value is None:
        return None
    return {1: 0, 0: 1, 0.5: 0.5, "½": "½", "=": "=", "+": "−", "−": "+", "-": "+",
            "W": "L", "L": "W", "D": "D"}[value]


def common(rng: random.Random, rules: str, scale: int) -> dict[str, Any]:
    return dict(lang=rng.choice(LANGS), rules=rules, scale=scale, default_k=draw_default_k(rng),
                via_build=rng.random() < 0.5)


def names(n: int, rng: random.Random) -> list[str]:
    first = ["An", "Binh", "Chi", "Dung", "Anna", "Boris", "Olga", "Omar", "Layla", "Ivan", "Mai", "Tuan"]
    return [f"{rng.choice(first)} {i + 1}" for i in range(n)]


def round_robin_event(rng: random.Random, rules: str, scale: int, eid: str, *, n: int | None = None,
                      k_all: int | None = None, **overrides: Any) -> Event:
    n = n or rng.randint(3, 12)
    profile = rng.choice(["club", "wide", "elite", "master"])
    unrated = rng.choice([0, 0.1, 0.2, 0.3])
    ratings = [draw_rating(rng, profile, unrated) for _ in range(n)]
    ks = [k_all if k_all is not None else draw_k(rng) for _ in range(n)]
    pending = rng.choice([0, 0.1, 0.3])
    results: list[list[Any]] = [[None] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < pending:
                continue
            symbol = draw_game(rng)
            other = COMPLEMENT[symbol]
            where = "both" if symbol == "−−" else pick(rng, {"i": 0.35, "j": 0.35, "both": 0.3})
            if where in ("i", "both"):
                results[i][j] = typed(rng, symbol)
            if where in ("j", "both"):
                results[j][i] = typed(rng, other)
    settings = common(rng, rules, scale)
    settings.update(overrides)
    return Event(eid, "round-robin", size={"players": n}, prefill={"names": names(n, rng)},
                 inputs={"Ratings": ratings, "KFactors": ks, "Results": results}, **settings)


def swiss_event(rng: random.Random, rules: str, scale: int, eid: str) -> Event:
    n, r = rng.randint(4, 16), rng.randint(3, 7)
    profile = rng.choice(["club", "wide", "elite", "master"])
    unrated = rng.choice([0, 0.1, 0.2, 0.3])
    ratings = [draw_rating(rng, profile, unrated) for _ in range(n)]
    ks = [draw_k(rng) for _ in range(n)]
    pairings: list[list[Any]] = [[None] * r for _ in range(n)]
    results: list[list[Any]] = [[None] * r for _ in range(n)]
    colours: list[list[Any]] = [[None] * r for _ in range(n)]
    full_p: list[list[Any]] = [[None] * r for _ in range(n)]
    full_r: list[list[Any]] = [[None] * r for _ in range(n)]
    for t in range(r):
        order = list(range(n))
        rng.shuffle(order)
        out = rng.choice([0, 0, 1, 2])
        if (n - out) % 2:
            out += 1
        for p in order[:out]:  # no opponent this round: a bye, a forfeit, nothing (or a stray result)
            pairings[p][t] = rng.choice([None, None, 0])
            results[p][t] = pick(rng, {"H": 0.2, "F": 0.15, "U": 0.15, "Z": 0.1, "+": 0.1, "−": 0.05, "-": 0.05,
                                       None: 0.15, 1: 0.025, "W": 0.025})
            colours[p][t] = "-" if results[p][t] is not None else None
            full_p[p][t], full_r[p][t] = pairings[p][t], results[p][t]
        playing = order[out:]
        for a, b in zip(playing[::2], playing[1::2]):
            symbol = draw_game(rng)
            mode = pick(rng, {"both": 0.5, "a only": 0.1, "b only": 0.1, "pending": 0.1,
                              "pending one row": 0.04, "a typed, b pending": 0.05, "b typed, a pending": 0.05,
                              "a pairs, b scores": 0.06})
            if symbol == "−−" and mode != "both":
                symbol = "−"
            colour_a = "-" if symbol in FORFEITS else "w"
            colour_b = "-" if symbol in FORFEITS else "b"
            value_a = typed(rng, symbol) if mode not in ("pending", "pending one row") else None
            value_b = (typed(rng, COMPLEMENT[symbol]) if mode == "both" else complement(value_a))
            full_p[a][t], full_p[b][t], full_r[a][t], full_r[b][t] = b + 1, a + 1, value_a, value_b
            if mode in ("b only", "b typed, a pending"):  # the same cases with the rows swapped
                a, b, value_a, value_b, colour_a, colour_b = b, a, value_b, value_a, colour_b, colour_a
                mode = mode.replace("b", "x").replace("a", "b").replace("x", "a")
            listed_b = mode in ("both", "pending", "a typed, b pending")
            pairings[a][t], colours[a][t] = b + 1, colour_a
            if mode in ("both", "a only", "a typed, b pending"):
                results[a][t] = value_a
            if listed_b:
                pairings[b][t], colours[b][t] = a + 1, colour_b
            if mode in ("both", "a pairs, b scores"):
                results[b][t] = value_b
    settings = common(rng, rules, scale)
    return Event(eid, "swiss", size={"players": n, "rounds": r}, prefill={"name": names(n, rng)},
                 inputs={"Ratings": ratings, "KFactors": ks, "Pairings": pairings, "Results": results,
                         "Colours": colours}, both_sides={"Pairings": full_p, "Results": full_r}, **settings)


def player_event(rng: random.Random, rules: str, scale: int, eid: str, *, played: int | None = None,
                 rating: Any = "random", k: Any = "random", opponents: tuple[int, int] | None = None,
                 clean: bool = False, **overrides: Any) -> Event:
    """A player's games; ``clean``: every row a rated game (1, ½ or 0), no blank row."""
    played = played or rng.randint(5, 20)
    rows = played if clean else played + rng.choice([0, 0, 0, 1, 3])
    profile = rng.choice(["club", "wide", "elite", "master"])
    if rating == "random":
        rating = draw_rating(rng, profile, 0.15)
    opp_unrated = rng.choice([0, 0, 0.1, 0.25])
    opps: list[Any] = []
    results: list[Any] = []
    for _ in range(played):
        opps.append(rng.randint(*opponents) if opponents else draw_rating(rng, profile, opp_unrated))
        if clean:
            results.append(typed(rng, rng.choice(["1", "½", "0"])))
        else:
            results.append(None if rng.random() < 0.08 else typed(rng, draw_game(rng).replace("−−", "−")))
    opps += [None] * (rows - played)
    results += [None] * (rows - played)
    start = None if rng.random() < 0.3 else dt.date(rng.randint(2012, 2026), rng.randint(1, 12), rng.randint(1, 28))
    settings = common(rng, rules, scale)
    fixed = overrides.pop("inputs_override", {})
    settings.update(overrides)
    yes, no = translate("flag.yes", settings["lang"]), translate("flag.no", settings["lang"])
    inputs = {
        "Rating": rating,
        "K": draw_k(rng) if k == "random" else k,
        "OppRatings": opps,
        "Results": results,
        "GamesPlayed": pick(rng, {None: 0.4, "few": 0.3, "many": 0.3}),
        "BirthYear": None if rng.random() < 0.4 else rng.randint(1950, 2016),
        "Reached2400": pick(rng, {None: 0.5, yes: 0.2, no: 0.3}),
    }
    if inputs["GamesPlayed"] == "few":
        inputs["GamesPlayed"] = rng.randint(0, 29)
    elif inputs["GamesPlayed"] == "many":
        inputs["GamesPlayed"] = rng.randint(30, 400)
    inputs.update(fixed)
    return Event(eid, "player", size={"games": rows}, inputs=inputs, start=start, **settings)


def match_event(rng: random.Random, rules: str, scale: int, eid: str, **overrides: Any) -> Event:
    rows = rng.randint(5, 40)
    played = rng.randint(max(1, rows - 6), rows)
    profile = rng.choice(["club", "wide", "elite", "master"])
    results = [None if rng.random() < 0.08 else typed(rng, draw_game(rng).replace("−−", "−"))
               for _ in range(played)] + [None] * (rows - played)
    inputs = {"RatingA": draw_rating(rng, profile, 0.15), "RatingB": draw_rating(rng, profile, 0.15),
              "KA": draw_k(rng), "KB": draw_k(rng), "Results": results}
    inputs.update(overrides.pop("inputs", {}))
    rows = len(inputs["Results"])
    settings = common(rng, rules, scale)
    settings.update(overrides)
    return Event(eid, "match", size={"games": rows}, inputs=inputs, **settings)


MAKERS = {"player": player_event, "round-robin": round_robin_event, "swiss": swiss_event, "match": match_event}


def make_events() -> list[Event]:
    rng = random.Random(SEED)
    events = []
    for kind in KINDS:
        for rules, scale in RULE_SETS:
            label = rules if scale == 400 else f"{rules}-{scale}"
            for i in range(PER_CELL):
                events.append(MAKERS[kind](rng, rules, scale, f"{kind}-{label}-{i}"))
    # fixed cases on top of the random ones
    events += [
        # K×n ≤ 700: 40 games at K 40 → K 17
        player_event(rng, "FIDE", 400, "player-FIDE-K40x40", played=40, rating=2000, k=40,
                     opponents=(1850, 2150), clean=True, default_k=None),
        # K 40 derived (fewer than 30 games), 20 games → K 35
        player_event(rng, "FIDE-2024", 400, "player-FIDE-2024-derivedK40x20", played=20, rating=1900, k=None,
                     opponents=(1700, 2100), clean=True, default_k=None, inputs_override={"GamesPlayed": 12}),
        # an unrated player under FIDE with 7 games against rated opponents: an initial rating
        player_event(rng, "FIDE", 400, "player-FIDE-initial", played=7, rating=None, k=None,
                     opponents=(1700, 2100), clean=True),
        # a 2650+ player against 2100–2300 under both FIDE rule sets
        player_event(rng, "FIDE", 400, "player-FIDE-2650", played=12, rating=2760, k=10, opponents=(2100, 2300)),
        player_event(rng, "FIDE-2024", 400, "player-FIDE-2024-2650", played=12, rating=2760, k=10,
                     opponents=(2100, 2300)),
        # a round robin of 12 at K 100: K×n 1100 → K 63
        round_robin_event(rng, "FIDE", 400, "round-robin-FIDE-K100", n=12, k_all=100),
        round_robin_event(rng, "FIDE-2024", 400, "round-robin-FIDE-2024-DefaultK100", n=12, k_all=None,
                          default_k=100),
        # a non-integer K under ELO-1970: fractional running ratings
        match_event(rng, "ELO-1970", 400, "match-ELO-1970-K12.5",
                    inputs={"RatingA": 2251, "RatingB": 2198, "KA": 12.5, "KB": 7.5}),
        # an unrated player under FIDE in a match: initial rating at the end, no running series
        match_event(rng, "FIDE", 400, "match-FIDE-unratedA",
                    inputs={"RatingA": None, "RatingB": 1980, "KA": None, "KB": 20,
                            "Results": [1, 0, 0.5, "½", 1, 0, 1, None, "+", 0]}),
    ]
    return events


EVENTS = make_events()


# --- the books ------------------------------------------------------------------------------------------


def prepare(event: Event, folder: Path) -> Path:
    """The event's book, typed in through its defined names, saved for recalculation."""
    options: dict[str, Any] = dict(event.size, prefill=event.prefill)
    if event.via_build:
        options.update(rules=event.rules, scale=event.scale, default_k=event.default_k)
    book = load_workbook(io.BytesIO(build(event.kind, event.lang, **options)))
    if not event.via_build:
        put(book, "Rules", event.rules)
        put(book, "Scale", event.scale)
        put(book, "DefaultK", event.default_k)
    put(book, "StartDate", event.start)
    for name, value in event.inputs.items():
        put(book, name, value)
    path = folder / f"{event.id}.xlsx"
    book.save(path)
    return path


OUTPUT_NAMES = {
    "round-robin": ROUND_ROBIN_OUTPUTS + ("AverageRating", "Category", "TournamentK", "EventCounts"),
    "swiss": ROUND_ROBIN_OUTPUTS + ("AverageRating", "Category", "TournamentK", "EventCounts"),
    "player": PLAYER_OUTPUTS,
    "match": ("NewRatingA", "NewRatingB", "RunningA", "RunningB"),
}
#: Output columns without a defined name, found beside ``Points`` through the template's OUTPUTS.
UNNAMED_COLUMNS = {"round-robin": (round_robin.OUTPUTS, ("SB", "Rank", "KUsed")),
                   "swiss": (swiss.OUTPUTS, ("Buchholz", "Rank", "KUsed"))}
#: The player book's Kvant steps: label key → output name.
KVANT_STEPS = {"kvant.average": "KvantAverage", "kvant.delta": "KvantDelta", "kvant.h": "KvantH",
               "kvant.n_exp": "KvantNExp", "kvant.change": "KvantChange"}

#: The spreadsheet engines every book is recalculated in (the ``office`` fixture's too).
ENGINES = ("libreoffice", "gnumeric")

Location = tuple[str, list[list[str]]]  # sheet title, rows of cell coordinates


def locations(path: Path, kind: str, lang: str) -> dict[str, Location]:
    """Where each output stands in the book at ``path``, read from the book itself (defined
    names, the columns beside ``Points``, the labels of the Kvant steps), so that the values
    can be read from any engine's output, whatever it keeps of the names."""
    book = load_workbook(path)
    found: dict[str, Location] = {}

    def area(title: str, ref: str) -> Location:
        low_col, low_row, high_col, high_row = range_boundaries(ref.replace("$", ""))
        return title, [[f"{get_column_letter(c)}{r}" for c in range(low_col, high_col + 1)]
                       for r in range(low_row, high_row + 1)]

    for name in OUTPUT_NAMES[kind]:
        (title, ref), = book.defined_names[name].destinations
        found[name] = area(title, ref)
    if kind in UNNAMED_COLUMNS:
        outputs, wanted = UNNAMED_COLUMNS[kind]
        title, cells = found["Points"]
        for name in wanted:
            shift = outputs.index(name) - outputs.index("Points")
            found[name] = title, [[_shifted(row[0], shift)] for row in cells]
    if kind == "player":
        title, _ = found["Games"]
        shown = right_to_left if lang == "ar" else str  # as Book.shown writes labels
        labels = {shown(translate(key, lang)): name for key, name in KVANT_STEPS.items()}
        for row in book[title].iter_rows(min_col=1, max_col=1):
            cell = row[0]
            if cell.value in labels:
                found[labels[cell.value]] = title, [[f"C{cell.row}"]]
    return found


def _shifted(coordinate: str, columns: int) -> str:
    column, row = coordinate_from_string(coordinate)
    return f"{get_column_letter(column_index_from_string(column) + columns)}{row}"


def read_back(path: Path, where: dict[str, Location]) -> tuple[dict[str, Any], list[str]]:
    """The outputs' values and every error cell of a recalculated book."""
    values = read_values(path)
    outputs: dict[str, Any] = {}
    for name, (title, cells) in where.items():
        rows = [[values.get(title, {}).get(c) for c in row] for row in cells]
        outputs[name] = rows[0][0] if len(rows) == 1 and len(rows[0]) == 1 else rows
    errors = [f"{title}!{cell}={value}" for title, cells in values.items()
              for cell, value in cells.items() if isinstance(value, str) and ERROR_VALUE.match(value)]
    return outputs, errors


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, dict[str, Location]]]:
    """Every event's book, typed in once: id → (path, where its outputs stand)."""
    folder = tmp_path_factory.mktemp("engine-books")
    with ThreadPoolExecutor(2) as pool:
        paths = list(pool.map(lambda event: prepare(event, folder), EVENTS))
        where = list(pool.map(lambda pair: locations(pair[1], pair[0].kind, pair[0].lang), zip(EVENTS, paths)))
    return {event.id: (path, spots) for event, path, spots in zip(EVENTS, paths, where)}


@pytest.fixture(scope="module", params=ENGINES)
def recalculated(request: pytest.FixtureRequest, prepared: dict[str, tuple[Path, dict[str, Location]]],
                 tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Every event's book recalculated by one engine: id → (outputs, error cells) or the exception.

    Books are read back in a thread while the engine works on the next one.
    """
    office = request.getfixturevalue(request.param)
    folder = tmp_path_factory.mktemp(f"engine-{request.param}")
    done: dict[str, Any] = {}
    with ThreadPoolExecutor(1) as reading:
        readers = {}
        for event in EVENTS:
            source, where = prepared[event.id]
            try:
                target = folder / f"{event.id}-values.xlsx"
                office.recalculate(source, target)
            except Exception as problem:  # reported by the event's own test
                done[event.id] = problem
                continue
            readers[event.id] = reading.submit(read_back, target, where)
        for eid, reader in readers.items():
            try:
                done[eid] = reader.result()
            except Exception as problem:
                done[eid] = problem
    return done


# --- what the engine says -----------------------------------------------------------------------------------


def blank(value: Any) -> bool:
    return value is None or value == ""


def nr(rating: Any) -> Any:
    """An opponent for :func:`engine.forecast`: unrated ones as NR (a blank is no game there)."""
    return "NR" if rating in (None, 0) else rating


def expect_round_robin(event: Event) -> dict[str, Any]:
    rules = event.engine_rules
    ratings, ks, results = (event.inputs[k] for k in ("Ratings", "KFactors", "Results"))
    k = [event.default_k if v is None else v for v in ks]
    out = engine.rate_event(ratings, results, k, rules)
    n = len(ratings)
    forecast = []
    for i, o in enumerate(out):
        remaining = [nr(ratings[j]) for j in range(n)
                     if j != i and blank(results[i][j]) and blank(results[j][i])]
        forecast.append(engine.forecast(ratings[i], o.points, remaining, rules))
    expected = per_player(out, forecast, ratings, event)
    # one ranking (C.07): points, the book's default list (FIDE's recommended DE, WIN, SB, KS) under
    # the book's default 2026 rules, then start number
    ranking = tiebreaks.ranking(tiebreaks.from_crosstable(results, ratings), None, "2026")
    expected["SB"] = [float(values[2]) for values in ranking.values]
    expected["Rank"] = ranking.ranks
    return expected


def expect_swiss(event: Event) -> dict[str, Any]:
    rules = event.engine_rules
    ratings, ks = event.inputs["Ratings"], event.inputs["KFactors"]
    assert event.both_sides is not None
    pairings, results = event.both_sides["Pairings"], event.both_sides["Results"]
    k = [event.default_k if v is None else v for v in ks]
    out = engine.rate_event(ratings, results, k, rules, pairings=pairings)
    forecast = []
    for i, o in enumerate(out):
        remaining = []
        for t, opponent in enumerate(pairings[i]):
            if not opponent or not blank(results[i][t]):
                continue
            j = opponent - 1
            if pairings[j][t] == i + 1 and not blank(results[j][t]):
                continue  # the opponent's row has the result: the game was played
            remaining.append(nr(ratings[j]))
        forecast.append(engine.forecast(ratings[i], o.points, remaining, rules))
    expected = per_player(out, forecast, ratings, event)
    # one ranking (C.07): points, the book's default list (BH/C1, BH, SB, PS, DE, WIN) under the
    # book's default 2026 rules, then start number; the Buchholz column is C.07's BH
    event_tb = tiebreaks.from_rounds(results, pairings, event.inputs.get("Colours"), ratings, False)
    ranking = tiebreaks.ranking(event_tb, tiebreaks.DEFAULT_SWISS[:6], "2026")
    expected["Buchholz"] = [float(values[1]) for values in ranking.values]
    expected["Rank"] = ranking.ranks
    return expected


def per_player(out: list[engine.Outcome], forecast: list[Any], ratings: list[Any], event: Event) -> dict[str, Any]:
    rules = event.engine_rules
    kvant = event.rules in ("ELO-1970", "USSR-1977")
    average = engine.average_rating(ratings, rules)
    return {
        "Points": [o.points for o in out], "Games": [o.games for o in out], "Score": [o.score for o in out],
        "OppAverage": [o.opp_average for o in out], "Expected": [o.expected for o in out],
        "Change": [o.change for o in out], "NewRating": [o.new_rating for o in out],
        "Performance": [o.performance for o in out], "Forecast": forecast,
        "AverageRating": average, "Category": engine.category(average),
        "KUsed": [o.k for o in out], "TournamentK": average if kvant else None,
        "EventCounts": event_counts(ratings, average, event.lang) if kvant else None,
    }


def event_counts(ratings: list[Any], average: int | None, lang: str) -> str:
    """The Kvant article's validity of an event, from its rule: at least two thirds of the
    players rated, and K_T (the average rating, unrated players as 2200) at least 2250."""
    rated = sum(1 for r in ratings if r)
    valid = 3 * rated >= 2 * len(ratings) and average is not None and average >= 2250
    return translate("flag.yes" if valid else "flag.no", lang)


def player_k(event: Event) -> Any:
    """The K the player book uses: K, else DefaultK, else the rule set's K for this player."""
    given = event.inputs
    if given["K"] is not None:
        return given["K"]
    if event.default_k is not None:
        return event.default_k
    yes = translate("flag.yes", event.lang)
    return engine.k_factor(given["Rating"], given["GamesPlayed"],
                           given["BirthYear"] if event.start else None,
                           given["Reached2400"] == yes, event.engine_rules,
                           year=event.start.year if event.start else None)


def expect_player(event: Event) -> dict[str, Any]:
    given = event.inputs
    o = engine.rate(given["Rating"], given["OppRatings"], given["Results"], player_k(event), event.engine_rules)
    out = {"Games": o.games, "Score": o.score, "OppAverage": o.opp_average, "Expected": o.expected, "KUsed": o.k,
           "ChangeUnrounded": o.change_unrounded, "Change": o.change, "NewRating": o.new_rating,
           "Performance": o.performance}
    kvant = event.rules in ("ELO-1970", "USSR-1977")
    own = given["Rating"] or parse_rules(event.engine_rules).unrated_as
    games = kvant and o.games > 0
    out.update({  # the Kvant article's steps: Ra, ΔK = R − Ra, h(ΔK), N_exp, k·(N − N_exp)
        "KvantAverage": o.opp_average if kvant else None,
        "KvantDelta": own - o.opp_average if games else None,
        "KvantH": engine.table_h(own - o.opp_average, event.engine_rules) if games else None,
        "KvantNExp": o.expected if kvant else None,
        "KvantChange": o.change_unrounded if kvant else None,
    })
    return out


def expect_match(event: Event) -> dict[str, Any]:
    rules = event.engine_rules
    rs = parse_rules(rules)
    given = event.inputs
    results = given["Results"]
    g = len(results)
    out: dict[str, Any] = {}
    for side, other, k_name in (("A", "B", "KA"), ("B", "A", "KB")):
        own, opp = given[f"Rating{side}"], given[f"Rating{other}"]
        mine = results if side == "A" else [complement(v) for v in results]
        k = given[k_name] if given[k_name] is not None else event.default_k
        out[f"NewRating{side}"] = engine.rate(own, [opp] * g, mine, k, rules).new_rating

    def start(rating: Any) -> Any:
        return rating if rating else rs.unrated_as

    def fixed_k(k_name: str, rating: Any) -> Any:
        if given[k_name] is not None:
            return given[k_name]
        if event.default_k is not None:
            return event.default_k
        return None if start(rating) is None else rs.default_k(start(rating))

    run_a, run_b = start(given["RatingA"]), start(given["RatingB"])
    k_a, k_b = fixed_k("KA", given["RatingA"]), fixed_k("KB", given["RatingB"])
    running_a, running_b = [], []
    for value in results:
        if value is not None:
            new_a = None if run_a is None else engine.rate(run_a, [run_b], [value], k_a, rules).new_rating
            new_b = None if run_b is None else engine.rate(run_b, [run_a], [complement(value)], k_b, rules).new_rating
            run_a, run_b = new_a, new_b
        running_a.append(run_a)
        running_b.append(run_b)
    out["RunningA"], out["RunningB"] = running_a, running_b
    return out


EXPECT = {"round-robin": expect_round_robin, "swiss": expect_swiss, "player": expect_player, "match": expect_match}


# --- comparison ----------------------------------------------------------------------------------------------------


def flat(value: Any) -> Any:
    """A column read back as rows → a flat list."""
    if isinstance(value, list):
        return [row[0] for row in value]
    return value


def agrees(book: Any, want: Any, approximate: bool) -> bool:
    """One cell against the engine's value: empty for None; exactly, or within 1e-9.

    Whole numbers must be equal. LibreOffice stores 15 significant digits, so a fractional
    rating (ELO-1970 and USSR-1977 with some K) is compared to that precision.
    """
    if want is None:
        return book is None
    if isinstance(want, str):
        return book == want
    if book is None or isinstance(book, (str, bool)):
        return False
    if approximate:
        return abs(book - want) <= 1e-9
    if float(want).is_integer():
        return book == want
    return math.isclose(book, want, rel_tol=1e-13, abs_tol=1e-12)


def mismatches(event: Event, book: dict[str, Any], want: dict[str, Any]) -> list[str]:
    found = []
    for name, expected in want.items():
        got = flat(book[name])
        approximate = name in APPROXIMATE
        if isinstance(expected, list):
            for row, (g, w) in enumerate(zip(got, expected), 1):
                if not agrees(g, w, approximate):
                    found.append(f"{name}[{row}]: book {g!r}, engine {w!r}")
            if len(got) != len(expected):
                found.append(f"{name}: book has {len(got)} cells, engine {len(expected)}")
        elif not agrees(got, expected, approximate):
            found.append(f"{name}: book {got!r}, engine {expected!r}")
    return found


@pytest.mark.office  # recalculated: each engine, picked at run time
@pytest.mark.parametrize("event", EVENTS, ids=[e.id for e in EVENTS])
def test_book_equals_engine(event: Event, recalculated: dict[str, Any]) -> None:
    outcome = recalculated[event.id]
    if isinstance(outcome, Exception):
        raise outcome
    book, errors = outcome
    assert not errors, f"error values in the recalculated book: {errors[:10]}\n{event.describe()}"
    found = mismatches(event, book, EXPECT[event.kind](event))
    assert not found, "\n".join(found[:20]) + "\n" + event.describe()


# --- the generator covers what it must ------------------------------------------------------------------------------


def test_events_cover_the_cases() -> None:
    """At least 200 events, every template × rule set, and the cases the brief asks for."""
    assert len(EVENTS) >= 200
    cells = {(e.kind, e.engine_rules) for e in EVENTS}
    assert cells == {(kind, f"LOGISTIC {s}" if r == "LOGISTIC" and s != 400 else r)
                     for kind in KINDS for r, s in RULE_SETS}
    seen: dict[str, int] = {}

    def note(what: str, condition: bool = True) -> None:
        if condition:
            seen[what] = seen.get(what, 0) + 1

    for e in EVENTS:
        note(f"lang {e.lang}")
        note("default K", e.default_k is not None)
        want = EXPECT[e.kind](e)
        fide = e.rules.startswith("FIDE")
        if e.kind in ("round-robin", "swiss"):
            ratings, results = e.inputs["Ratings"], e.inputs["Results"]
            cells = [v for row in results for v in row]
            note("draw typed as ½", "½" in cells)
            note("draw typed as =", "=" in cells)
            note("draw typed as 0.5", 0.5 in cells)
            note("forfeit", any(v in ("+", "−", "-") for v in cells))
            note("unrated player", any(not r for r in ratings))
            note("2650+ player", any(r and r >= 2650 for r in ratings))
            note("K blank", None in e.inputs["KFactors"])
            note("K set", any(k is not None for k in e.inputs["KFactors"]))
            note("pending game", e.kind == "round-robin" and any(
                results[i][j] is None and results[j][i] is None
                for i in range(len(ratings)) for j in range(len(ratings)) if i != j))
            note("FIDE initial rating", fide and any(
                not r and new is not None for r, new in zip(ratings, want["NewRating"])))
            note("K×n > 700", fide and any(
                (k or e.default_k or 0) * g > 700 for k, g in zip(e.inputs["KFactors"], want["Games"])))
            # ranks are unique (points, the tie-breaks, start number): the case is a tie on points
            note("tie on points", len(set(want["Points"])) < len(want["Points"]))
            note("event counts", want["EventCounts"] == translate("flag.yes", e.lang))
            note("event does not count", want["EventCounts"] == translate("flag.no", e.lang))
        if e.kind == "round-robin":
            note("Sonneborn-Berger with a forfeit", any(v in ("+", "−", "-") for row in e.inputs["Results"] for v in row)
                 and any(want["SB"]))
        if e.kind == "swiss":
            cells = [v for row in e.inputs["Results"] for v in row]
            note("Buchholz of a player with a bye", any(
                r in ("H", "F", "U", "Z") and b for row, b in zip(e.inputs["Results"], want["Buchholz"]) for r in row))
            note("bye", any(v in ("H", "F", "U", "Z") for v in cells))
            note("TRF W/D/L", any(v in ("W", "D", "L") for v in cells))
            typed_p, full = e.inputs["Pairings"], e.both_sides["Pairings"]
            note("board typed once", any(not typed_p[i][t] and full[i][t] for i in range(len(full))
                                         for t in range(len(full[i]))))
        if e.kind == "player":
            note("FIDE initial rating", fide and not e.inputs["Rating"] and want["NewRating"] is not None)
            note("K×n > 700", fide and e.inputs["Rating"] and player_k(e) * want["Games"] > 700)
            note("StartDate blank", e.start is None)
            note("junior K", bool(e.start and e.inputs["BirthYear"] and e.start.year - e.inputs["BirthYear"] <= 18))
            note("Kvant steps", want["KvantH"] is not None)
        if e.kind == "match":
            note("match with an unrated player", not e.inputs["RatingA"] or not e.inputs["RatingB"])
    fixed = {e.id: EXPECT[e.kind](e) for e in EVENTS if e.id.startswith("player-FIDE")}
    assert fixed["player-FIDE-K40x40"]["KUsed"] == 17  # 40 games at K 40
    assert fixed["player-FIDE-2024-derivedK40x20"]["KUsed"] == 35  # derived K 40, 20 games
    assert fixed["player-FIDE-initial"]["NewRating"] is not None
    for what in ("draw typed as ½", "draw typed as =", "draw typed as 0.5", "forfeit", "unrated player",
                 "2650+ player", "K blank", "K set", "pending game", "FIDE initial rating", "K×n > 700", "bye",
                 "TRF W/D/L", "StartDate blank", "junior K", "match with an unrated player", "default K",
                 "tie on points", "event counts", "event does not count", "Sonneborn-Berger with a forfeit",
                 "Buchholz of a player with a bye", "Kvant steps", "board typed once",
                 *(f"lang {lang}" for lang in LANGS)):
        assert seen.get(what, 0) >= 2, (what, seen)


@pytest.mark.parametrize("lang", LANGS)
def test_the_books_yes_and_no_are_flags_to_the_engine(lang: str) -> None:
    """The player book's Reached2400 list offers the localized yes/no; the engine reads them too."""
    yes, no = translate("flag.yes", lang), translate("flag.no", lang)
    assert engine.k_factor(2300, 50, reached_2400=yes) == 10
    assert engine.k_factor(2300, 50, reached_2400=no) == 20


def test_swiss_forecast_leaves_out_a_game_the_opponent_has_scored(office: Any, tmp_path: Path) -> None:
    """2 players, 1 round, both rows pair 1–2; row 1 says 1, row 2's result is blank.

    The game has been played (row 1 scores it), so player 2 has nothing left to play: his
    forecast is his points, 0 — not 0 + the expected score of the game.
    """
    book = load_workbook(io.BytesIO(build("swiss", players=2, rounds=1, prefill={"name": ["A", "B"]})))
    put(book, "Ratings", [2000, 2000])
    put(book, "Pairings", [[2], [1]])
    put(book, "Results", [[1], [None]])
    book.save(tmp_path / "swiss.xlsx")
    office.recalculate(tmp_path / "swiss.xlsx", tmp_path / "values.xlsx")
    got = read_named(tmp_path / "values.xlsx", ["Points", "Forecast"])
    out = engine.rate_event([2000, 2000], [[1], [None]], None, "FIDE", pairings=[[2], [1]])
    assert flat(got["Points"]) == [o.points for o in out] == [1, 0]
    assert flat(got["Forecast"]) == [engine.forecast(2000, 1, []), engine.forecast(2000, 0, [])] == [1, 0]
