"""The LAMBDA names (elo_xl/workbook/lambdas.py) evaluated in IronCalc and compared, value by
value, with the Python functions of elo_xl.udfs called as xlwings calls them: the udfs are the
reference (tested against FIDE's published figures); nothing expected here comes from the
LAMBDA text. ``ELO_LAMBDA_CASES`` sets how many random argument sets each function gets."""

from __future__ import annotations

import math
import os
import random
import re
from typing import Any

import pytest
from openpyxl.utils import FORMULAE

from elo_xl import udfs
from elo_xl.rules import RULE_NAMES
from elo_xl.workbook.lambdas import BAD, FUNCTIONS, HELPERS, LAMBDAS, NONE

ironcalc = pytest.importorskip("ironcalc")
from lambda_harness import BLANK, Sheet  # noqa: E402

#: Random argument sets per function: 100 (a few seconds in all) where you work, 850 under CI
#: (``CI=true``: over 10,000 sets in all, about a minute); ELO_LAMBDA_CASES sets it.
CASES = int(os.environ.get("ELO_LAMBDA_CASES", "850" if os.environ.get("CI") == "true" else "100"))

#: Excel's functions the texts may call, with the prefix a file stores them with (Microsoft's
#: "Excel functions (alphabetical)" list: ``_xlfn.`` marks those added after Excel 2007, as
#: [MS-XLSX] 2.2.2 "Formulas" stores future functions).
EXCEL_FUNCTIONS = {
    "ABS": "", "AND": "", "CHOOSE": "", "CODE": "", "COLUMNS": "", "IF": "", "IFERROR": "", "INDEX": "",
    "INT": "", "ISBLANK": "", "ISNUMBER": "", "ISTEXT": "", "LEFT": "", "LEN": "", "LOG10": "", "MATCH": "",
    "MAX": "", "MID": "", "MIN": "", "MOD": "", "OR": "", "ROUND": "", "ROWS": "", "SIGN": "", "SUBSTITUTE": "",
    "SUM": "", "TRIM": "", "UPPER": "", "LOWER": "", "ISLOGICAL": "", "ISERROR": "", "N": "", "YEAR": "",
    "TODAY": "", "COUNTIF": "",
    "LAMBDA": "_xlfn.", "LET": "_xlfn.", "MAP": "_xlfn.", "REDUCE": "_xlfn.", "SEQUENCE": "_xlfn.",
    "ISOMITTED": "_xlfn.", "MAKEARRAY": "_xlfn.", "NOT": "", "NUMBERVALUE": "_xlfn.", "FIND": "",
}
#: Excel's limit for the text of a formula or a defined name (Microsoft's "Excel specifications and
#: limits": 8,192 characters), and the room every text keeps below it, measured as the file stores
#: it (with its ``_xlfn.`` and ``_xlpm.`` prefixes, longer than what Excel counts): a change that
#: brings a function near the limit fails here, not in a user's Excel.
LIMIT, MARGIN = 8192, 400
CELL_LIKE = re.compile(r"^(?:[A-Za-z]{1,3}[0-9]+|[RrCc])$")


def test_every_prefix_keeps_the_texts_within_the_limit():
    from elo_xl.workbook.lambdas import PREFIXES

    assert max(len(f.render(prefix)) for f in FUNCTIONS + HELPERS for prefix in PREFIXES) <= LIMIT - MARGIN


def test_texts_call_only_excel_functions_with_their_prefix():
    helpers = {f.name: "" for f in HELPERS}
    for function in FUNCTIONS + HELPERS:
        text = re.sub(r'"[^"]*"', '""', function.text)
        assert len(function.text) <= LIMIT - MARGIN, f"{function.name}: within {MARGIN} of Excel's limit ({LIMIT})"
        for prefix, name in re.findall(r"(?<![\w.])((?:_xlfn\.)?)([A-Z][A-Z0-9_.]*)\(", text):
            known = {**EXCEL_FUNCTIONS, **helpers}
            assert name in known, f"{function.name} calls {name}"
            assert prefix == known[name], f"{function.name}: {name} needs the prefix {known[name]!r}"
        for local in set(re.findall(r"_x(?:lpm|lop)\.(\w+)", text)):
            assert not CELL_LIKE.match(local), f"{function.name}: {local} reads as a cell"
            assert local.upper() not in FORMULAE, f"{function.name}: {local} is the name of an Excel function"
        assert not CELL_LIKE.match(function.name)


RESULTS = [1, 0.5, 0, "1", "0", "½", "=", "1/2", "0,5", "0.5", ".5", "+", "-", "−", "F+", "F-", "R", "r", "W", "D", "L",
           "1,0", None, BLANK, " 1 ", "\u00a0½\u00a0", "F +", " \u00a0"]
RATINGS = [None, BLANK, 0, "NR", "nr", " 2400 ", 2012.5, "2,5e3"]
RULES = list(RULE_NAMES) + ["fide 2024", "Logistic 480", "USSR", "rapid", None, BLANK]


def _rating(rng: random.Random, unrated: float = 0.15):
    if rng.random() < unrated:
        return rng.choice(RATINGS)
    return rng.randint(1000, 2900)


def _rules(rng: random.Random):
    return rng.choice(RULES)


def _bad(rng: random.Random):
    return rng.choice([-5, 5000, "abc", "H", True, "x", "1\t"])


def _args(name: str, rng: random.Random) -> tuple:
    """One random argument set (trailing optional arguments sometimes left out)."""
    bad = rng.random() < 0.04
    if name in ("ELO_NEW", "ELO_CHANGE", "ELO_PERFORMANCE", "ELO_INITIAL"):
        n = rng.randint(1, 40)
        opponents = [_rating(rng, 0.1) for _ in range(n)]
        results = [rng.choice(RESULTS) for _ in range(n)]
        if bad:
            results[rng.randrange(n)] = _bad(rng)
        as_row = rng.random() < 0.3
        opps = [opponents] if as_row else opponents
        res = [results] if as_row and rng.random() < 0.5 else results
        if n == 1 and rng.random() < 0.5:
            opps, res = (v if v == BLANK else ("cell", v) for v in (opponents[0], results[0]))
        if name in ("ELO_PERFORMANCE", "ELO_INITIAL"):
            return (opps, res) + ((_rules(rng),) if rng.random() < 0.8 else ())
        rules = _rules(rng)
        k = rng.choice([None, BLANK, 10, 20, 40, 12.5, "15", 32] + ([150, 0, -5, "abc", "t*"] if bad else []))
        standard = None
        if rules in ("FIDE-RAPID", "FIDE-BLITZ", "rapid") and rng.random() < 0.5:
            standard = rng.randint(1400, 2700)
        args = (_rating(rng, 0.3), opps, res, k, rules, standard)
        cut = rng.choice([3, 4, 5, 6, 6, 6])
        return args[:cut] if all(a is None for a in args[cut:]) else args
    if name == "ELO_EXPECTED":
        return (_rating(rng), _rating(rng), _rules(rng))
    if name == "ELO_TABLE_H":
        return (rng.choice([rng.randint(-900, 900), rng.uniform(-800, 800), "120", -200000]), _rules(rng))
    if name == "ELO_DP":
        return (rng.choice([rng.randint(0, 100) / 100, rng.random(), 0.835, 0.005, 1, 0, 1.5 if bad else 0.5]),
                _rules(rng))
    if name == "ELO_AVERAGE":
        return ([_rating(rng, 0.3) for _ in range(rng.randint(1, 40))], _rules(rng))
    if name == "ELO_CATEGORY":
        return (rng.choice([rng.randint(2000, 2900), rng.uniform(2200, 2800), None, "2530", BLANK]),)
    if name in ("ELO_FORECAST", "ELO_NEEDED"):
        opponents = [_rating(rng, 0.15) for _ in range(rng.randint(1, 40))]
        if bad:
            opponents[rng.randrange(len(opponents))] = _bad(rng)
        own = _rating(rng, 0.2)
        if name == "ELO_FORECAST":
            return (own, rng.choice([rng.randint(0, 20) / 2, "3", "2,5", 0, 1.25]), opponents, _rules(rng))
        target = (own if isinstance(own, int) else 2000) + rng.randint(-40, 60)
        return (own, opponents, rng.choice([target, str(target)]),
                rng.choice([None, 10, 20, 40, 12.5] + ([150, 0, "abc"] if bad else [])), _rules(rng))
    if name == "ELO_K":
        schedule = [[0, 25], [1600, 20], [None, None], [2000, 15], [2400, 10]]
        rules = rng.choice([_rules(rng), _rules(rng), schedule, [[0, 40], [2300, 20]], [[2000, 10], [1000, 20]]])
        return (_rating(rng, 0.2), rng.choice([None, 0, 12, 29, 30, 80, "12", 12.5 if bad else 5]),
                rng.choice([None, 1990, 2008, 2010, 2012, "2009"]),
                rng.choice([None, True, False, "yes", "no", 1, 0, "x"] + (["maybe", "t*", "?", "*", "f?lse"] if bad else [])),
                rules, rng.choice([2026, 2024, "2026"]))
    if name == "ELO_NORM_SCORE":
        return (rng.choice(["GM", "IM", "WGM", "WIM", " wgm ", "im", "FM" if bad else "GM"]),
                rng.choice([rng.randint(7, 19), "13", 9, 5, 30]),
                rng.choice([rng.randint(1900, 2750), rng.uniform(2000, 2700)]))
    raise AssertionError(name)


def _udf_args(args: tuple) -> tuple:
    """The arguments as xlwings passes them: a blank cell is None, a range a list of rows."""
    def one(value):
        if value is BLANK:
            return None
        if isinstance(value, tuple) and value[0] == "cell":
            return value[1]
        if isinstance(value, list):
            rows = [v if isinstance(v, list) else [v] for v in value]
            return [[None if v == BLANK else v for v in row] for row in rows]
        return value
    return tuple(one(a) for a in args)


def _agrees(expected, got, logistic: bool) -> bool:
    """Equal to the last digit; under LOGISTIC, where the value is a power of 10 and Python's
    ``**`` and the engine's ``^`` may differ in the last bit, to 12 significant digits."""
    if isinstance(expected, str):  # a message (bad input) or a note (no initial rating)
        return got in (BAD, NONE)
    if expected is None:
        return got in ("", None)
    if not isinstance(got, float):
        return False
    return got == float(expected) or (logistic and math.isclose(got, expected, rel_tol=1e-12, abs_tol=1e-12))


@pytest.mark.parametrize("function", [f.name for f in FUNCTIONS if f.name != "ELO_EVENT"])  # its own test below
def test_lambda_equals_udf_on_random_arguments(function):
    rng = random.Random(f"{function}-25")
    sheet = Sheet()
    calls = []
    for _ in range(CASES):
        args = _args(function, rng)
        calls.append((args, sheet.call(function, *args)))
    model = sheet.evaluate()
    udf = getattr(udfs, function)
    wrong = []
    for args, ref in calls:
        expected = udf(*_udf_args(args))
        got = model.get_cell_value_by_ref(ref)
        if not _agrees(expected, got, any(isinstance(a, str) and "LOGISTIC" in a.upper() for a in args)):
            wrong.append((args, expected, got))
    assert not wrong, f"{len(wrong)} of {len(calls)} differ, e.g. {wrong[:3]}"


def _event(rng: random.Random) -> tuple:
    """A random event: a crosstable, or the rounds form with pairings (each row its own record)."""
    n = rng.randint(2, 12)
    ratings = [_rating(rng, 0.2) for _ in range(n)]
    pick = lambda: rng.choice([1, 0, 0.5, "½", "=", "1", "0", "+", "-", "W", "L", "D", "R"])  # noqa: E731
    mirror = {1: 0, 0: 1, 0.5: 0.5, "½": "=", "=": "½", "1": "0", "0": "1", "+": "-", "-": "+", "W": "L", "L": "W",
              "D": "D", "R": 0.5}
    if rng.random() < 0.5:
        table = [[None] * n for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < 0.8:
                    a = pick()
                    table[i][j] = a
                    if rng.random() < 0.7:
                        table[j][i] = mirror[a]
        if rng.random() < 0.05:
            table[0][1], table[1][0] = 1, 1  # a disagreement
        pairings = None
        results = table
    else:
        rounds = rng.randint(1, 6)
        pairings = [[None] * rounds for _ in range(n)]
        results = [[None] * rounds for _ in range(n)]
        for t in range(rounds):
            order = list(range(n))
            rng.shuffle(order)
            for a, b in zip(order[::2], order[1::2]):
                pairings[a][t], pairings[b][t] = b + 1, a + 1
                if rng.random() < 0.85:
                    r = pick()
                    results[a][t] = r
                    if rng.random() < 0.8:
                        results[b][t] = mirror[r]
            if n % 2:
                results[order[-1]][t] = rng.choice(["H", "F", "U", "Z", "+", None])
        if rng.random() < 0.05:
            pairings[0][0] = n + 1  # no such player
    k = rng.choice([None, 10, 20, [rng.choice([None, 10, 20, 40]) for _ in range(n)]] + ([150] if rng.random() < 0.1 else []))
    rules = _rules(rng)
    standard = None
    if rules in ("FIDE-RAPID", "FIDE-BLITZ", "rapid") and rng.random() < 0.5:
        standard = [rng.choice([None, rng.randint(1500, 2600)]) for _ in range(n)]
    return ratings, results, k, rules, pairings, standard


def test_event_equals_udf_on_random_events():
    rng = random.Random("ELO_EVENT-25")
    sheet = Sheet()
    calls = []
    for _ in range(max(10, CASES // 4)):
        args = _event(rng)
        args = args[:5] if args[5] is None else args
        args = args[:4] if args[4:] == (None,) else args
        calls.append((args, sheet.spill("ELO_EVENT", len(args[0]), 7, *args)))
    model = sheet.evaluate()
    wrong = []
    for args, ref in calls:
        expected = udfs.ELO_EVENT(*_udf_args(args))
        top = int(ref.split("!A")[1])
        got = [[model.get_cell_value_by_ref(f"Calls!{chr(ord('A') + c)}{top + r}") for c in range(7)]
               for r in range(len(args[0]))]
        logistic = isinstance(args[3], str) and "LOGISTIC" in args[3].upper()
        if isinstance(expected, str):
            ok = all(g == BAD for row in got for g in row)
        else:
            ok = all(_agrees(e, g, logistic) for er, gr in zip(expected, got) for e, g in zip(er, gr))
        if not ok:
            wrong.append((args, expected, got))
    assert not wrong, f"{len(wrong)} of {len(calls)} differ, e.g. {wrong[:2]}"


#: Arguments the Python functions refuse (or read) on every path, the unrated player's too: a K
#: outside (0, 100], a flag or a result that only a wildcard would match, a bad cell among games
#: that do not count. Each LAMBDA must answer as the Python function does.
CHECKED = [
    ("ELO_NEW", (2000, [2000], [1], 150)), ("ELO_NEW", (None, [2100] * 5, [1] * 5, 150)),
    ("ELO_NEW", (None, [2100] * 5, [1] * 5, 0)), ("ELO_NEW", (None, [2100] * 5, [1] * 5, "abc")),
    ("ELO_NEW", (None, [2100] * 5, [1] * 5, 20, "FIDE-RAPID", "abc")), ("ELO_CHANGE", (None, [2100] * 5, [1] * 5, 150)),
    ("ELO_CHANGE", (None, [2100] * 5, [1] * 5, -5)), ("ELO_CHANGE", (2000, [2000], ["t*"])),
    ("ELO_NEW", (2000, [2000], ["?"])), ("ELO_NEW", (2000, [2000], ["*"])), ("ELO_NEW", (2000, [2000], ["~1"])),
    ("ELO_NEEDED", (2000, [2000] * 5, 2010, 0)), ("ELO_NEEDED", (2000, [2000] * 5, 2010, 150)),
    ("ELO_NEEDED", (2000, [2000] * 5, 2010, -1)), ("ELO_NEEDED", (2000, [2000] * 5, 2010, "abc")),
    ("ELO_NEEDED", (2000, [2000] * 5, 3000, 150)), ("ELO_NEEDED", (None, [2000] * 5, 2010, 150)),
    ("ELO_NEEDED", (2000, [2000] * 5, "abc")), ("ELO_NEEDED", (2000, [2000] * 5, 2010, 20, "nonsense")),
    ("ELO_K", (2350, None, None, "t*")), ("ELO_K", (2350, None, None, "?")), ("ELO_K", (2450, None, None, "*")),
    ("ELO_K", (2350, None, None, "f*")), ("ELO_K", (2350, None, None, "~")), ("ELO_K", (2350, None, None, "tru?")),
    ("ELO_K", (2350, None, None, "TRUE")), ("ELO_K", (2350, None, None, "x")),
    ("ELO_NORM_SCORE", ("G*", 9, 2460)), ("ELO_NORM_SCORE", ("?M", 9, 2460)), ("ELO_NORM_SCORE", ("*", 9, 2460)),
    ("ELO_FORECAST", (None, 3, [2400, "abc"])), ("ELO_FORECAST", (None, "x", [2400])),
    ("ELO_PERFORMANCE", ([2400, "abc"], [1, None])), ("ELO_PERFORMANCE", ([2400, 2500], [1, "?"])),
    ("ELO_INITIAL", ([2100] * 5, [1, 1, 1, 1, "x"])), ("ELO_INITIAL", ([2100] * 4 + ["abc"], [1, 1, 1, 1, None])),
    ("ELO_AVERAGE", ([2400, "t*"],)), ("ELO_EXPECTED", (2000, "abc")), ("ELO_CATEGORY", ("2?30",)),
]


@pytest.fixture(scope="module")
def checked_calls() -> tuple[Any, list[str]]:
    """Every call of :data:`CHECKED` in one book (each its own row and data cells), computed by
    IronCalc once: (the model, each call's cell). Loading and computing a book takes IronCalc
    about a tenth of a second, as long as a case took alone; each case reads its own cell."""
    sheet = Sheet()
    refs = [sheet.call(function, *args) for function, args in CHECKED]
    return sheet.evaluate(), refs


@pytest.mark.parametrize("function,args", CHECKED, ids=[f"{f}{a}" for f, a in CHECKED])
def test_python_checks_hold_in_the_lambdas(checked_calls, function, args):
    model, refs = checked_calls
    got = model.get_cell_value_by_ref(refs[CHECKED.index((function, args))])
    expected = getattr(udfs, function)(*_udf_args(args))
    assert _agrees(expected, got, False), (expected, got)


#: Numbers typed as text: those Python's float reads (a decimal comma too), and those it does not,
#: which a spreadsheet's VALUE or NUMBERVALUE would (a percent, a space in the middle, a time,
#: a currency, a date). Not "1_000", which Python's float reads (digit grouping in its own source
#: syntax) and no spreadsheet does.
NUMBER_TEXTS = ["2,5", "2.5", " 7 ", "2,5e3", "1e2", "1E2", "+5", ".5", "5.", "\u22123", "-12,25", "1.5e+2", "5%", "2 400",
                "$5", "(5)", "1:30", "--5", "e3", "", " ", "0x10", "1.0.5", "1,000.5", "2.5.2024", "inf", "nan",
                "1e400", "5e", "½"]


@pytest.fixture(scope="module")
def number_text_calls() -> tuple[Any, dict[str, list[str]]]:
    """The calls of each of :data:`NUMBER_TEXTS` in one book, computed by IronCalc once (as
    :func:`checked_calls`): (the model, each text's two cells)."""
    sheet = Sheet()
    refs = {text: [sheet.call("ELO_TABLE_H", text), sheet.call("ELO_FORECAST", 2000, text, [2000])]
            for text in NUMBER_TEXTS}
    return sheet.evaluate(), refs


@pytest.mark.parametrize("text", NUMBER_TEXTS)
def test_numbers_as_text_are_read_as_python_reads_them(number_text_calls, text):
    model, cells = number_text_calls
    refs = cells[text]
    for ref, expected in zip(refs, (udfs.ELO_TABLE_H(text), udfs.ELO_FORECAST(2000, text, [[2000]]))):
        assert _agrees(expected, model.get_cell_value_by_ref(ref), False), (text, expected)


def test_event_checks_every_k():
    """ELO_EVENT refuses a K outside (0, 100], even a player's K who has no game."""
    sheet = Sheet()
    calls = [([2500, 2400], [[None, 1], [0, None]], 150), ([2500, 2400, 2000], [[None, 1, None], [0, None, None],
                                                                              [None, None, None]], [10, 20, 0])]
    refs = [sheet.spill("ELO_EVENT", len(args[0]), 7, *args) for args in calls]
    model = sheet.evaluate()
    for args, ref in zip(calls, refs):
        assert isinstance(udfs.ELO_EVENT(*_udf_args(args)), str)
        assert model.get_cell_value_by_ref(ref) == BAD, args


def test_published_examples():
    sheet = Sheet()
    cells = {
        sheet.call("ELO_NEW", 2500, 2400, 1, 10): 2504,
        sheet.call("ELO_CHANGE", 2500, 2400, 1, 10): 3.6,
        sheet.call("ELO_EXPECTED", 2700, 2100, "FIDE-2024"): 0.92,
        sheet.call("ELO_PERFORMANCE", [2400, 2500, 2600], [1, 1, "½"]): 2773,
        sheet.call("ELO_NEW", None, [2100] * 5, [1] * 5): 2200,
        sheet.call("ELO_NEW", 1613, [1609, 1477, 1388, 1586, 1720], [0, "½", 1, 1, 0], 32, "LOGISTIC"): 1601,
        sheet.call("ELO_CATEGORY", 2530): 12,
        sheet.call("ELO_DP", 0.83): 273,
    }
    model = sheet.evaluate()
    assert {ref: model.get_cell_value_by_ref(ref) for ref in cells} == {ref: float(v) for ref, v in cells.items()}
    assert set(LAMBDAS) <= {f.__name__ for f in udfs.FUNCTIONS}


def test_ranges_give_ranges():
    """A range argument spills a range of the same shape (written as Excel stores a spill: an
    array formula over the cells it fills)."""
    from openpyxl.worksheet.formula import ArrayFormula

    sheet = Sheet()
    grids = {
        "ELO_TABLE_H": ([[0, 100, -100], [736, "120", 5.5]],),
        "ELO_DP": ([[0.83, 0.5], [0.835, 1]], "LOGISTIC"),
        "ELO_EXPECTED": ([[2500, None], [2700, "NR"]], [[2400, 2000], [2100, 1900]]),
    }
    spilled = {}
    for row, (name, args) in enumerate(grids.items(), 1):
        text = ",".join(sheet.arg(a) for a in args)
        top = 5 * row
        ref = f"A{top}:{chr(ord('A') + len(args[0][0]) - 1)}{top + len(args[0]) - 1}"
        sheet.calls[f"A{top}"] = ArrayFormula(ref, f"={name}({text})")
        spilled[name] = (top, args)
    model = sheet.evaluate()
    for name, (top, args) in spilled.items():
        expected = getattr(udfs, name)(*_udf_args(args))
        got = [[model.get_cell_value_by_ref(f"Calls!{chr(ord('A') + c)}{top + r}") for c in range(len(expected[0]))]
               for r in range(len(expected))]
        assert [[_agrees(e, g, True) for e, g in zip(er, gr)] for er, gr in zip(expected, got)] == [
            [True] * len(expected[0])] * len(expected), (name, expected, got)


@pytest.mark.parametrize("kind", ["player", "round-robin", "swiss", "match", "reference"])
def test_every_book_carries_the_functions(kind, tmp_path):
    """A book made by ``elo-xl workbook``, read by IronCalc with ``=ELO_NEW(…)`` typed into it,
    gives the engine's value; its other names do not clash with the functions' locals (the
    Swiss book's ``Rounds`` once took the place of a local of ``ELO_EVENT``: #VALUE!)."""
    from books import built

    from elo_xl.workbook import names

    path = tmp_path / "book.xlsx"
    path.write_bytes(built(kind, "en"))
    model = ironcalc.load_from_xlsx(str(path), "en", "UTC")
    typed = {"ELO_NEW(2500,2400,1,10)": udfs.ELO_NEW(2500, 2400, 1, 10),
             'ELO_EXPECTED(2700,2100,"FIDE-2024")': udfs.ELO_EXPECTED(2700, 2100, "FIDE-2024"),
             "ELO_K(2350,12)": udfs.ELO_K(2350, 12),
             "ELO_NEEDED(2400,{2400;2400;2400;2400;2400;2400;2400;2400;2400},2420,20)":
                 udfs.ELO_NEEDED(2400, [[2400]] * 9, 2420, 20),
             'ELO_NORM_SCORE("GM",9,2460)': udfs.ELO_NORM_SCORE("GM", 9, 2460),
             'INDEX(ELO_EVENT({2500;2400},{"",1;0,""},10),1,6)':
                 udfs.ELO_EVENT([[2500], [2400]], [[None, 1], [0, None]], 10)[0][5],
             'INDEX(ELO_EVENT({2500;2400},{"1";0},,,{2;1}),2,6)':
                 udfs.ELO_EVENT([[2500], [2400]], [["1"], [0]], None, None, [[2], [1]])[1][5]}
    sheets = [s["name"] if isinstance(s, dict) else s.name for s in model.get_worksheets_properties()]
    assert names.FUNCTION_TABLES in sheets
    for row, formula in enumerate(typed, 1):
        model.set_user_input(0, row, 200, "=" + formula)
    model.evaluate()
    got = [model.get_cell_value_by_ref(f"{sheets[0]}!GR{row}") for row in range(1, len(typed) + 1)]
    assert got == [float(v) for v in typed.values()]


@pytest.mark.parametrize("kind", ["player", "round-robin", "swiss", "match", "reference", "functions"])
def test_no_name_of_a_book_is_a_variable_of_the_functions(kind):
    """No defined name (any scope) or table of a book elo-xl writes is a LAMBDA or LET variable of
    the functions, in any language: an engine that reads the book's name first (IronCalc does)
    would compute with the book's cells."""
    from books import read_names

    from elo_xl.functions import BY_NAME
    from elo_xl.languages import LANGUAGES
    from elo_xl.workbook import names

    variables = {v.upper(): f.name for f in FUNCTIONS + HELPERS for v in f.variables()}
    for lang in LANGUAGES:
        wb = read_names(kind, lang)
        held = set(wb.defined_names) | {n for ws in wb.worksheets for n in ws.defined_names}
        held |= {t for ws in wb.worksheets for t in ws.tables}
        assert held and not {n for n in held if n.upper() in variables}, (kind, lang)
        for name in names.FUNCTIONS:
            assert wb.defined_names[name].comment == BY_NAME[name].comment and not wb.defined_names[name].hidden
        assert all(wb.defined_names[name].hidden for name in names.FUNCTION_HELPERS)


def test_functions_book_live_examples_equal_the_engine(tmp_path):
    """``elo-xl workbook functions``: every live example, computed by IronCalc, equals the value
    written next to it, and that value is what elo_xl.udfs returns for the same call."""
    from books import built

    from elo_xl.workbook.functions_sheet import EXAMPLES

    path = tmp_path / "functions.xlsx"
    path.write_bytes(built("functions", "en"))
    model = ironcalc.load_from_xlsx(str(path), "en", "UTC")
    model.evaluate()
    udf_values = {"ELO_NEW": udfs.ELO_NEW(2500, 2400, 1, 10), "ELO_NORM_SCORE": udfs.ELO_NORM_SCORE("GM", 9, 2460),
                  "ELO_PERFORMANCE": udfs.ELO_PERFORMANCE([[2400], [2500], [2600]], [[1], [1], [0.5]]),
                  "ELO_EVENT": udfs.ELO_EVENT([[2500], [2400]], [[None, 1], [0, None]], 10)[0][5]}
    rows = {model.get_cell_value_by_ref(f"Functions!A{r}").split("(")[0]: r for r in range(5, 5 + len(EXAMPLES) + 1)}
    for name in EXAMPLES:
        live = model.get_cell_value_by_ref(f"Functions!C{rows[name]}")
        written = model.get_cell_value_by_ref(f"Functions!D{rows[name]}")
        assert live == written, name
        if name in udf_values:
            assert written == udf_values[name], name
