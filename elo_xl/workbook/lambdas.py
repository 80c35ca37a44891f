"""The Excel functions as LAMBDA names: ``=ELO_NEW(2500,2400,1,10)`` in any book, no add-in.

Excel 365, Excel 2024 and Excel for the web call a workbook-scope defined name whose text is
``_xlfn.LAMBDA(…)`` like a built-in function. This module renders the functions of
:mod:`elo_xl.udfs` that way: the same names, the same arguments in the same order (both from
their records in :mod:`elo_xl.functions`; the optional ones written ``_xlop.`` and tested with
``ISOMITTED``), the same values. The rule
sets reach the text as data: every number and choice comes from the rule-set objects through
:data:`elo_xl.workbook.formulas.RULE_SWITCHES` (one ``CHOOSE`` over :data:`elo_xl.rules.RULE_SETS`
per switch), the rule-set names from :func:`elo_xl.rules.parse_rules`' spellings, the result
spellings from :mod:`elo_xl.results`, and the arithmetic from the books' formula vocabulary
(:mod:`elo_xl.workbook.formulas`), whose switch names become ``LET`` variables here.

FIDE's tables stand on a hidden sheet (:data:`TABLE_SHEET`, :func:`table_columns`) and are
read with ``INDEX``/``MATCH``; no array ``LOOKUP`` and no ``BYROW`` (IronCalc, the engine the
tests evaluate these names in, has neither). Invalid input gives ``#VALUE!``; a value the
Python function leaves empty is ``""``; where the Python function answers with a sentence
(an unrated player without an initial rating) the LAMBDA gives ``#N/A``.

Longer than the house's 700 lines on purpose: every function's body is written with the same
few helpers (``let``, ``lam``, the rule-set prelude, the typed-value readers), and split by
function those would cross modules as private names or grow a public vocabulary no one else uses.

>>> text = LAMBDAS["ELO_CATEGORY"].text
>>> text.startswith("_xlfn.LAMBDA(_xlop.average_,_xlfn.LET(")
True
>>> [f.name for f in FUNCTIONS][:3]
['ELO_EXPECTED', 'ELO_TABLE_H', 'ELO_DP']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterable, Iterator, Sequence

from ..results import (COMPLEMENT, DRAW, FALSE_WORDS, FORFEIT_LOSS, LOSS, RESULT_TEXT, TRUE_WORDS, TYPED_TEXT,
                       WIN)
from ..rules import RULE_KEYS, RULE_SETS, LogisticRules
from ..engine import YEARS
from ..functions import FUNCTIONS as ALL_FUNCTIONS
from ..functions import WITH_LAMBDA
from ..tables import D_MIN, P_HIGH, P_TO_DP
from . import formulas as fx
from . import names, norm_formulas

#: The hidden sheet holding FIDE's tables and the spellings the functions read (the books' contract names it).
TABLE_SHEET = names.FUNCTION_TABLES
#: Excel's error for an argument that is not valid, and for a value that does not exist.
BAD, NONE = "#VALUE!", "#N/A"

_LOCAL = re.compile(r"@(\w+)")


def _x(text: str) -> str:
    """``@name`` → ``_xlpm.name`` (LAMBDA and LET locals, as Excel writes them in a file)."""
    return _LOCAL.sub(r"_xlpm.\1", text)


def let(pairs: Sequence[tuple[str, str]], body: str) -> str:
    """``_xlfn.LET`` binding ``@name`` locals in order.

    >>> let([("a", "1")], "@a+1")
    '_xlfn.LET(@a,1,@a+1)'
    """
    if not pairs:
        return body
    inner = ",".join(f"@{name},{value}" for name, value in pairs)
    return f"_xlfn.LET({inner},{body})"


def lam(params: Sequence[str], body: str) -> str:
    """An anonymous ``_xlfn.LAMBDA`` (all parameters required)."""
    return "_xlfn.LAMBDA(" + ",".join(f"@{p}" for p in params) + f",{body})"


# --- the hidden table sheet ------------------------------------------------------------------

def _result_spellings() -> list[tuple[str, int]]:
    """Every spelling of a result (:data:`elo_xl.results.RESULT_TEXT`, ``TYPED_TEXT``) with its code."""
    return list({**RESULT_TEXT, **TYPED_TEXT}.items())


def _rule_keys() -> list[tuple[str, int]]:
    """Every spelling :func:`elo_xl.rules.parse_rules` knows (letters and digits) with its ``RuleNo``."""
    return [(key, RULE_SETS.index(rs) + 1) for key, rs in RULE_KEYS.items()]


def table_columns() -> list[tuple[str, list[Any]]]:
    """The columns of :data:`TABLE_SHEET` from row 1, in order from column A: (the name the
    vocabulary uses for it, values). The books' names where the books have the same table
    (``DMin``, ``PHigh``, ``DpTable``, the norms' tables of :mod:`elo_xl.workbook.norm_formulas`).

    >>> cols = dict(table_columns()); cols["DMin"][:3], cols["PHigh"][:3], cols["DpTable"][83]
    ([0, 4, 11], [50, 51, 52], 273)
    """
    spellings, keys = _result_spellings(), _rule_keys()
    flags = [(word, 1) for word in sorted(TRUE_WORDS)] + [(word, 0) for word in sorted(FALSE_WORDS)]
    return [("DMin", list(D_MIN)), ("PHigh", list(P_HIGH)), ("DpTable", list(P_TO_DP)),
            ("ResultSpelling", [t for t, _ in spellings]), ("ResultCode", [c for _, c in spellings]),
            ("RuleKey", [k for k, _ in keys]), ("RuleKeyNo", [n for _, n in keys]),
            ("FlagWord", [w for w, _ in flags]), ("FlagValue", [v for _, v in flags])] + norm_formulas.parameters()


def _exact(value: str, column: str) -> str:
    """The position of ``value`` in ``column``, compared with ``=`` (case aside, as Excel
    compares text; never MATCH's wildcards, which read "t*" as "true"), #N/A when absent.

    >>> _exact('"x"', "FlagWord")
    'MATCH(TRUE,FlagWord="x",0)'
    """
    return f"MATCH(TRUE,{column}={value},0)"


@lru_cache(maxsize=None)  # the texts refer to the table's columns hundreds of times
def _column(name: str) -> str:
    """An absolute reference to a named column of :data:`TABLE_SHEET`."""
    for i, (found, values) in enumerate(table_columns()):
        if found == name:
            letter = chr(ord("A") + i)
            return f"{TABLE_SHEET}!${letter}$1:${letter}${len(values)}"
    raise KeyError(name)


def _table_h(d: str) -> str:
    """Table 8.1.2 in hundredths for a difference (no cap), read with INDEX/MATCH (:func:`_helpers`)."""
    return f"@table_h({d})"


# --- rule sets ---------------------------------------------------------------------------------

#: The books' rule-set switches (:data:`elo_xl.workbook.formulas.RULE_SWITCHES`) and the one the
#: functions need besides: the K of an unrated player rated with his standard rating.
SWITCHES = fx.RULE_SWITCHES + (("KStandardSeed", lambda rs: rs.K_STANDARD_SEED),)
_SWITCH_NAMES = [name for name, _ in SWITCHES]


def _switch_value(name: str) -> str:
    """A switch as one ``CHOOSE`` over the rule sets (the value itself where all agree)."""
    return fx.rule_choice(dict(SWITCHES)[name], RULE_SETS, "@rule_no")


def _localise(text: str) -> str:
    """Vocabulary text with the books' switch names (``Cap``, ``KTop``…) as ``@sw_…`` locals,
    ``ScaleUsed`` as ``@rule_scale`` and ``DpTable`` as the hidden sheet's column."""
    text = re.sub(r"\bScaleUsed\b", "@rule_scale", text)
    text = _names("columns").sub(lambda m: _column(m.group(1)), text)
    text = _names("constants").sub(lambda m: dict(norm_formulas.constants())[m.group(1)], text)
    return _names("switches").sub(lambda m: "@sw_" + m.group(1).lower(), text)


@lru_cache(maxsize=None)
def _names(kind: str) -> re.Pattern[str]:
    """The names :func:`_localise` replaces, of the table's ``columns``, the norms' ``constants``
    or the ``switches``, as one pattern (made once)."""
    found = {"columns": [name for name, _ in table_columns()], "switches": _SWITCH_NAMES,
             "constants": [name for name, _ in norm_formulas.constants()]}[kind]
    return re.compile(r"\b(" + "|".join(found) + r")\b")


def _assemble(pairs: Sequence[tuple[str, str]], body: str, rules: bool = True, checks: Sequence[str] = (),
              rule_check: bool = True) -> str:
    """One LET: the rule-set argument read (``rules``), the switches the rest reads, then
    ``pairs`` and ``body`` (vocabulary text, localised here). The whole value is #VALUE! when
    the rule set or one of ``checks`` is an error, whatever path the body takes: the Python
    function reads every argument before it computes (a K of 150 is refused even for an unrated
    player, whose initial rating needs no K). ``rule_check``: the rule set is checked with the
    rest (not where the argument may be something else, ELO_K's schedule)."""
    checked = (["@rule_no"] if rules and rule_check else []) + list(checks)
    if checked:
        body = f"IF(ISERROR({'+'.join(checked)}),{BAD},{body})"
    prelude = _rules_prelude() if rules else []
    pairs = [(name, _localise(value)) for name, value in pairs]
    body = _localise(body)
    text = " ".join(v for _, v in prelude + pairs) + " " + body
    used = [n for n in _SWITCH_NAMES if re.search(rf"@sw_{n.lower()}\b", text)]
    switches = [(f"sw_{n.lower()}", _switch_value(n)) for n in used]
    helpers = []
    for name, value in reversed(_helpers()):
        if f"@{name}(" in text:
            helpers.insert(0, (name, value))
            text += value
    return let(helpers + prelude + switches + pairs, body)


_LOGISTIC_NO = next(i + 1 for i, rs in enumerate(RULE_SETS) if isinstance(rs, LogisticRules))
_SCALE = LogisticRules


def _rules_prelude(param: str = "rules_") -> list[tuple[str, str]]:
    """LET pairs reading the rule-set argument into ``@rule_no`` and ``@rule_scale`` (#VALUE! when
    it names no rule set), as :func:`elo_xl.rules.parse_rules` reads it."""
    alnum = ("IF(@ch=\"\",\"\",IF(OR(AND(CODE(@ch)>=48,CODE(@ch)<=57),AND(CODE(@ch)>=65,CODE(@ch)<=90)),@ch,\"\"))")
    key = (f"_xlfn.REDUCE(\"\",_xlfn.SEQUENCE(MAX(1,LEN(@rule_words))),"
           f"{lam(['acc', 'pos'], '@acc&' + let([('ch', 'MID(@rule_words,@pos,1)')], alnum))})")
    rest = "IF(OR(LEFT(@rule_tail,1)=\":\",LEFT(@rule_tail,1)=\"=\"),TRIM(MID(@rule_tail,2,999)),@rule_tail)"
    number = "IFERROR(@num(@rule_rest),0)"
    return [
        ("rule_text", f"IF(_xlfn.ISOMITTED(@{param}),\"\",@{param})"),
        ("rule_words", f"IF(ISTEXT(@rule_text),UPPER(TRIM(@rule_text)),IF(ISBLANK(@rule_text),\"\",{BAD}))"),
        ("rule_key", key),
        ("rule_found", f"IFERROR(INDEX({_column('RuleKeyNo')},{_exact('@rule_key', _column('RuleKey'))}),0)"),
        ("rule_tail", "TRIM(MID(@rule_words,9,999))"),
        ("rule_rest", rest),
        ("rule_scale", f"IF(@rule_found>0,{_SCALE.SCALE_DEFAULT},{number})"),
        ("rule_no", f"IF(@rule_words=\"\",1,IF(@rule_found>0,@rule_found,IF(AND(LEFT(@rule_words,8)=\"LOGISTIC\","
                    f"@rule_scale>={_SCALE.SCALE_MIN},@rule_scale<={_SCALE.SCALE_MAX}),{_LOGISTIC_NO},{BAD})))"),
    ]


# --- what users type ---------------------------------------------------------------------------

#: A number typed as text, as :func:`elo_xl.results.to_number` reads it: trimmed, the minus sign
#: U+2212 and a decimal comma read as - and a point; then only digits, a point, signs and an
#: exponent (Python's float; the other characters counted one by one with FIND, which has no
#: wildcards), read by NUMBERVALUE with the separators given. Never ``--text``
#: or VALUE: they read text by the user's locale, and an Excel with a decimal comma (de, fr, ru,
#: vi) takes "2.5" for a date (2 May).
_NUMBER_TEXT = "SUBSTITUTE(SUBSTITUTE(TRIM(@nv),\",\",\".\"),\"\u2212\",\"-\")"
_STRAYS = ("_xlfn.REDUCE(0,_xlfn.SEQUENCE(LEN(@nt)),"
           + lam(["sa", "si"], '@sa+ISERROR(FIND(MID(UPPER(@nt),@si,1),"0123456789.+-E"))') + ")")
_NUMBER = f'IF(LEN(@nt)=0,{BAD},IF({_STRAYS}=0,_xlfn.NUMBERVALUE(@nt,".",","),{BAD}))'


def _number_text(v: str) -> str:
    """A cell as a number the way :func:`elo_xl.results.to_number` reads it (#VALUE! when not one)."""
    return f"@num({v})"


def _rating(v: str) -> str:
    """A rating as :func:`elo_xl.results.parse_rating` reads it: 0 for unrated (blank, 0, NR),
    #VALUE! outside 1–3999."""
    return f"@rating_of({v})"


def _result(v: str) -> str:
    """A game's result as :func:`elo_xl.games.game_result` reads it: its code, -1 for blank,
    #VALUE! for a bye or anything else."""
    return f"@result_of({v})"


def _k(v: str) -> str:
    """A K factor (:func:`elo_xl.results.parse_k`): 0 when blank, #VALUE! outside (0, 100]."""
    return f"@k_of({v})"


def _helpers() -> list[tuple[str, str]]:
    """The LET-bound LAMBDAs a function's text may call, each written once (in order of need)."""
    num = f"IF(ISNUMBER(@nv),@nv,IF(ISTEXT(@nv),{let([('nt', _NUMBER_TEXT)], _NUMBER)},{BAD}))"
    check = let([("rv", "@num(@rv_in)")], f"IF(@rv=0,0,IF(AND(@rv>=1,@rv<=3999),@rv,{BAD}))")
    rating = (f"IF(ISBLANK(@rv_in),0,IF(ISTEXT(@rv_in),IF(OR(TRIM(@rv_in)=\"\",UPPER(TRIM(@rv_in))=\"NR\"),0,"
              f"{check}),{check}))")
    # the typed text (spaces and no-break spaces dropped, as the engine and the books read it) and
    # its row among the spellings (compared with =, never MATCH's wildcards), bound once
    spelling, code = _column('ResultSpelling'), _column('ResultCode')

    def lookup(found: str) -> str:
        return let([("rt", fx.typed_text("@res")), ("rf", _exact("@rt", spelling))],
                   f"IF(@rt=\"\",-1,IFERROR({found},{BAD}))")

    text = lookup(f"IF(INDEX({code},@rf)<=7,INDEX({code},@rf),{BAD})")
    number = f"IF(@res=1,{WIN},IF(@res=0.5,{DRAW},IF(@res=0,{LOSS},{BAD})))"
    result = f"IF(ISBLANK(@res),-1,IF(ISNUMBER(@res),{number},IF(ISTEXT(@res),{text},{BAD})))"
    any_text = lookup(f"INDEX({code},@rf)")
    result_any = f"IF(ISBLANK(@res),-1,IF(ISNUMBER(@res),{number},IF(ISTEXT(@res),{any_text},{BAD})))"
    k_value = let([("kv", "@num(@kin)")], f"IF(AND(@kv>0,@kv<=100),@kv,{BAD})")
    k_of = f"IF(ISBLANK(@kin),0,IF(TRIM(@kin)=\"\",0,{k_value}))"
    table_h = fx.table_h("@dd", lambda d: f"INDEX({_column('PHigh')},MATCH({d},{_column('DMin')},1))")
    return [("num", lam(["nv"], num)), ("rating_of", lam(["rv_in"], rating)), ("result_of", lam(["res"], result)),
            ("result_any", lam(["res"], result_any)),
            ("k_of", lam(["kin"], k_of)),
            ("table_h", lam(["dd"], table_h))]


def _optional(param: str, otherwise: str = '""') -> str:
    return f"IF(_xlfn.ISOMITTED(@{param}),{otherwise},@{param})"


def _cells(r: str) -> str:
    return f"(ROWS({r})*COLUMNS({r}))"


def _item(r: str, i: str) -> str:
    """The i-th cell of a range, row by row (a single cell is itself: IronCalc's INDEX refuses one)."""
    return f"IF({_cells(r)}=1,{r},INDEX({r},INT(({i}-1)/COLUMNS({r}))+1,MOD({i}-1,COLUMNS({r}))+1))"


def _each(n: str, body: str) -> str:
    """An array of ``body`` for ``@i`` = 1…n."""
    return f"_xlfn.MAP(_xlfn.SEQUENCE({n}),{lam(['i'], body)})"


def _map_grid(r: str, function: str) -> str:
    """The local LAMBDA ``function`` applied to every cell of a range, shape kept."""
    return f"IF({_cells(r)}=1,{function}({r}),_xlfn.MAP({r},{lam(['item_v'], f'{function}(@item_v)')}))"


# --- the functions -----------------------------------------------------------------------------

#: What every LET and LAMBDA variable of the texts starts with (``_xlpm.qx_a``): a prefix that no
#: name a book of elo-xl writes has (a test checks every one) and no book plausibly has; the
#: parameters a user sees keep their own names (``rating_``). A book already holding such a name
#: gets the texts with the first of :data:`PREFIXES` it does not hold (:func:`prefix_for`).
PREFIX = "qx_"
PREFIXES = tuple(f"q{letter}_" for letter in "xzjvwy")
_ALPHABET = "abcdefghijklmnopqrstuvwxyz"


def _codes() -> "Iterator[str]":
    """``a`` … ``z``, ``aa`` … ``zz``: the variables' short names after the prefix (letters only,
    so that no variable reads as a cell)."""
    yield from _ALPHABET
    for first in _ALPHABET:
        for second in _ALPHABET:
            yield first + second


@dataclass(frozen=True)
class LambdaFunction:
    """One function as a LAMBDA name: its parameters (the optional ones last) and its text.

    The text's parameters are written as in ``body`` (``@rating_``: the names Excel shows when
    the function is typed); every other variable of ``body`` (``@rule_no``, readable in the
    source) is written as :data:`PREFIX` and a short code, the most used first, so that no name
    of a book can stand for it and the text stays short. A ``hidden`` name (a helper the
    functions call) has only such variables.

    >>> f = LambdaFunction("F", ("x",), (), "_xlfn.LET(@twice,2*@x_,@twice+@twice)")
    >>> f.text, sorted(f.variables())
    ('_xlfn.LAMBDA(_xlpm.x_,_xlfn.LET(_xlpm.qx_a,2*_xlpm.x_,_xlpm.qx_a+_xlpm.qx_a))', ['qx_a', 'x_'])
    >>> f.render("qz_")
    '_xlfn.LAMBDA(_xlpm.x_,_xlfn.LET(_xlpm.qz_a,2*_xlpm.x_,_xlpm.qz_a+_xlpm.qz_a))'
    """

    name: str
    params: tuple[str, ...]
    optional: tuple[str, ...]
    body: str
    note: str = ""
    #: What the parameters' names end with in the text (``rating_``: no clash with a book's ``Rating``).
    suffix: str = "_"
    #: A helper the functions call, hidden from the Name Manager and from autocomplete.
    hidden: bool = False
    #: What Excel shows beside the name as it is typed (the function's description).
    comment: str = ""

    @property
    def text(self) -> str:
        """The defined name's text, as Excel writes it in ``xl/workbook.xml``."""
        return self.render(PREFIX)

    def _codes(self, prefix: str) -> dict[str, str]:
        """Each variable of the body that is not a parameter a user sees: its name in the text."""
        kept = set() if self.hidden else {p + self.suffix for p in self.params}
        header = " ".join(f"@{p}{self.suffix}" for p in self.params)
        found = _LOCAL.findall(header + " " + self.body)
        first = {}
        for position, name in enumerate(found):
            first.setdefault(name, position)
        order = sorted((n for n in first if n not in kept), key=lambda n: (-found.count(n), first[n]))
        return {name: prefix + code for name, code in zip(order, _codes())}

    @lru_cache(maxsize=None)  # every book, and each search for a free prefix, asks for the same few texts
    def render(self, prefix: str) -> str:
        """The text with the variables' prefix ``prefix``."""
        codes = self._codes(prefix)
        params = ["_xlop." if p in self.optional else "_xlpm." for p in self.params]
        header = [kind + codes.get(p + self.suffix, p + self.suffix) for kind, p in zip(params, self.params)]
        body = _LOCAL.sub(lambda m: "_xlpm." + codes.get(m.group(1), m.group(1)), self.body)
        return "_xlfn.LAMBDA(" + ",".join(header) + "," + body + ")"

    def variables(self, prefix: str = PREFIX) -> set[str]:
        """Every LAMBDA and LET variable of the text, as written (a book's name must be none of them)."""
        return set(re.findall(r"_xl(?:pm|op)\.(\w+)", self.render(prefix)))

    def public_variables(self) -> set[str]:
        """The variables that keep their names whatever the prefix: the parameters a user sees."""
        return set() if self.hidden else {p + self.suffix for p in self.params}


def _logistic(x: str) -> str:
    """The logistic curve 1/(1+10^−x), as a power of ten far below (no overflow of 10^−x)."""
    return f"IF({x}<-300,10^{x},1/(1+10^(-{x})))"


def _expected_one(own: str, opp: str) -> str:
    """One game's expected score as :meth:`RuleSet.expected` ("" when FIDE does not rate it)."""
    value = f"IF(IsLogistic,{_logistic(f'(({own}-{opp})/ScaleUsed)')},{_table_h(fx.capped_difference(own, opp))}/100)"
    rated = f"AND({own}>0,{opp}>0,{fx.rated_pair(own, opp)})"
    return f'IF(InitialRatings,IF({rated},{value},""),{value})'


def _expected_body() -> str:
    one = let([("own", "IF(@o_r=0,IF(InitialRatings,0,UnratedAs),@o_r)"),
               ("opp", "IF(@o_o=0,IF(InitialRatings,0,UnratedAs),@o_o)")], _expected_one("@own", "@opp"))
    one = let([("o_r", _rating("@a")), ("o_o", _rating("@b"))], one)
    cells_r, cells_o = (f"IF(_xlfn.ISOMITTED(@{p}),1,{_cells('@' + p)})" for p in ("rating_", "opponent_"))
    grid = (f"IF(AND({cells_r}>1,{cells_o}>1,OR(ROWS(@rating_)<>ROWS(@opponent_),"
            f"COLUMNS(@rating_)<>COLUMNS(@opponent_))),{BAD},"
            f"IF({cells_r}=1,{_map_grid('@opponent_', '@with_rating')},"
            f"IF({cells_o}=1,{_map_grid('@rating_', '@with_opponent')},"
            f"_xlfn.MAP(@rating_,@opponent_,{lam(['a', 'b'], '@expect(@a,@b)')}))))")
    pairs = [("expect", lam(["a", "b"], one)),
             ("with_rating", lam(["b"], f"@expect({_optional('rating_')},@b)")),
             ("with_opponent", lam(["a"], f"@expect(@a,{_optional('opponent_')})"))]
    omitted = "OR(_xlfn.ISOMITTED(@rating_),_xlfn.ISOMITTED(@opponent_))"
    return _assemble(pairs, f"IF({omitted},@expect({_optional('rating_')},{_optional('opponent_')}),{grid})")


def _table_h_body() -> str:
    one = let([("d", _number_text("@item_v"))],
              f"IF(IsLogistic,100*{_logistic('(@d/ScaleUsed)')},{_table_h('@d')})")
    return _assemble([("h_of", lam(["item_v"], one))], _map_grid("@delta_", "@h_of"))


def _dp_body() -> str:
    p = let([("p_in", _number_text("@item_v"))], f"IF(AND(@p_in>=0,@p_in<=1),@p_in,{BAD})")
    table = "INDEX(DpTable,INT(ROUND(@p*100,9)+0.5)+1)"
    logistic = "IF(@p<=0,-DpLimit,IF(@p>=1,DpLimit,MAX(-DpLimit,MIN(DpLimit,-ScaleUsed*LOG10(1/@p-1)))))"
    one = lam(["item_v"], let([("p", p)], f"IF(IsLogistic,{logistic},{table})"))
    return _assemble([("dp_of", one)], _map_grid("@p_", "@dp_of"))


def _average_body() -> str:
    values = _each(_cells("@ratings_"), _rating(_item("@ratings_", "@i")))
    used = "IF(@vals>0,@vals,IF(AverageCountsUnrated,UnratedAs,0))"
    pairs = [("vals", values), ("used", used), ("cnt", "SUM(IF(@used>0,1,0))"), ("tot", "SUM(@used)")]
    return _assemble(pairs, f'IF(@cnt=0,"",{fx.average("@tot", "@cnt")})', checks=["@tot"])


def _category_body() -> str:
    value = let([("av", _number_text("@avg_in"))], fx.category_of("@av"))
    body = f'IF(ISBLANK(@avg_in),"",IF(ISTEXT(@avg_in),IF(TRIM(@avg_in)="","",{value}),{value}))'
    return _assemble([("avg_in", _optional("average_"))], body, rules=False)


def _games(opponents: str, results: str | None, own: str) -> list[tuple[str, str]]:
    """LET pairs reading one player's games as :func:`elo_xl.engine._tally` does: ``@counts``
    (1 for a game the rule set rates), ``@opps`` (the rating it counts with), ``@cnt``,
    ``@halves`` and ``@opp_sum``; ``own`` is the player's rating (0: unrated). Without
    ``results`` every opponent's cell that is not blank is a game won
    (:func:`elo_xl.engine._opponents_only`)."""
    n = _cells(opponents)
    if results is None:
        opponent = _item(opponents, "@i")
        codes = _each("@n_cells", f'IF(ISBLANK({opponent}),-1,IF(TRIM({opponent})="",-1,{WIN}))')
        pairs = _games(opponents, opponents, own)
        return [pair if pair[0] != "codes" else ("codes", codes) for pair in pairs]
    return [
        ("n_cells", f"IF({n}<>{_cells(results)},{BAD},{n})"),
        ("oppv", _each("@n_cells", _rating(_item(opponents, "@i")))),
        ("codes", _each("@n_cells", _result(_item(results, "@i")))),
    ] + _counting(own)


#: What :func:`_games` read: a bad cell refuses the whole call, even where its game does not count.
_GAMES_READ = ["SUM(@oppv)", "SUM(@codes)"]


def _counting(own: str) -> list[tuple[str, str]]:
    """The games that count, from ``@oppv`` (each game's opponent, 0 unrated) and ``@codes``
    (each game's result code, -1 none): see :func:`_games`."""
    counts = (f"IF(AND(@gc>=0,@gc<=2),IF(@opp_r=0,IF(InitialRatings,0,1),IF({own}>0,IF({fx.rated_pair(own, '@opp_r')},1,0),"
              "1)),0)")
    return [
        ("counts", f"_xlfn.MAP(@oppv,@codes,{lam(['opp_r', 'gc'], counts)})"),
        ("opps", f"_xlfn.MAP(@oppv,@counts,{lam(['opp_r', 'gc'], 'IF(@gc=1,IF(@opp_r=0,UnratedAs,@opp_r),0)')})"),
        ("cnt", "SUM(@counts)"),
        ("halves", "SUM(@counts*@codes)"),
        ("opp_sum", "SUM(@opps)"),
    ]


#: One game's expected score in hundredths (table rule sets) and as a fraction (LOGISTIC), 0 where
#: the game does not count (``@gc``) against ``@opp_r``.
_PD_ONE = f"IF(@gc=1,{_table_h(fx.capped_difference('@own', '@opp_r'))},0)"
_E_ONE = "IF(@gc=1,1/(1+10^(-((@own-@opp_r)/ScaleUsed))),0)"


def _outcome() -> list[tuple[str, str]]:
    """LET pairs rating one player as :func:`elo_xl.engine._outcome` does: ``@initial``,
    ``@unrounded``, ``@rounded`` (needs ``@own``, ``@rating_v``, ``@k_v``, ``@seeded`` and :func:`_games`)."""
    pd_one, e_one = _PD_ONE, _E_ONE
    unrounded = ("IF(IsKvant,@k_used*(5*@halves-@tenths)/10,IF(IsLogistic,@k_used*(@halves/2-@e_sum),"
                 "@k_used*(50*@halves-@pd)/100))")
    return [
        ("avg", f"IF(@cnt=0,0,{fx.average('@opp_sum', '@cnt')})"),
        ("initial", f'IF({fx.gets_initial_rating("@rating_v")},{fx.initial_rating("@opp_sum", "@halves", "@cnt")},"")'),
        ("k_base", f"IF(@k_v>0,@k_v,IF(@seeded,KStandardSeed,{fx.default_k('@own')}))"),
        ("k_used", fx.k_effective("@k_base", "@cnt")),
        ("pd", f"SUM(_xlfn.MAP(@opps,@counts,{lam(['opp_r', 'gc'], pd_one)}))"),
        ("e_sum", f"SUM(_xlfn.MAP(@opps,@counts,{lam(['opp_r', 'gc'], e_one)}))"),
        ("tenths", f"IF(@cnt=0,0,{fx.n_exp_tenths(_table_h('@own-@avg'), '@cnt')})"),
        ("unrounded", unrounded),
        ("rounded", "IF(RoundsChange,SIGN(@unrounded)*INT(ABS(@unrounded)+0.5),@unrounded)"),
    ]


def _rate_body(value: str) -> str:
    """ELO_NEW / ELO_CHANGE: rate one player's games (:func:`elo_xl.engine.rate`)."""
    pairs = [
        ("rating_in", _rating(_optional("rating_"))),
        ("k_v", _k(_optional("k_"))),
        ("standard_v", f'IF(_xlfn.ISOMITTED(@standard_rating_),0,{_rating("@standard_rating_")})'),
        ("seeded", f"IF(@standard_v>0,IF(KStandardSeed>0,@rating_in=0,{BAD}),FALSE)"),
        ("rating_v", "IF(@seeded,@standard_v,@rating_in)"),
        ("own", "IF(@rating_v>0,@rating_v,UnratedAs)"),
    ] + _games("@opponents_", "@results_", "@rating_v") + _outcome()
    return _assemble(pairs, value, checks=["@k_v", "@rating_in", "@standard_v", "@seeded"] + _GAMES_READ)


NEW_VALUE = f'IF({fx.gets_initial_rating("@rating_v")},IF(@initial="",{NONE},@initial),@own+@rounded)'
CHANGE_VALUE = f'IF({fx.gets_initial_rating("@rating_v")},IF(@cnt+@halves+@opp_sum>=0,"",{BAD}),@unrounded)'


_PERFORMANCE_TABLE = fx.ra_plus_dp("@avg", "@halves", "@cnt")
_PERFORMANCE_LOGISTIC = f"INT(@avg+{fx.dp_logistic('@halves', '@cnt')}+0.5)"


def _performance_body() -> str:
    pairs = _games("@opponents_", "@results_", "0") + [("avg", f"IF(@cnt=0,0,{fx.average('@opp_sum', '@cnt')})")]
    return _assemble(pairs, f'IF(@cnt=0,"",IF(IsLogistic,{_PERFORMANCE_LOGISTIC},{_PERFORMANCE_TABLE}))',
                     checks=_GAMES_READ)


#: The other side of a game code (:data:`elo_xl.results.COMPLEMENT`, games only), as ``CHOOSE`` arguments.
_COMPLEMENT = ",".join(str(COMPLEMENT[code]) for code in range(8))


def _agree(a: str, b: str) -> str:
    """Whether two sides of one game agree (:func:`elo_xl.results.agree`)."""
    return f"OR({b}=CHOOSE({a}+1,{_COMPLEMENT}),AND({a}={FORFEIT_LOSS},{b}={FORFEIT_LOSS}))"


def _event_body() -> str:
    """ELO_EVENT (:func:`elo_xl.engine.rate_event`): one row of seven per player, from a
    crosstable or from the rounds form (:mod:`elo_xl.games`); any bad cell makes the whole
    result #VALUE!, as the Python function refuses the whole event."""
    crosstable = [
        ("m", f"IF(AND(ROWS(@results_)=@np,COLUMNS(@results_)=@np),@np,{BAD})"),
        ("slot_opp", _each("@m", "IF(@i=@who,0,@i)")),
        ("codes", _each("@m", let([("own_c", "IF(@i=@who,-1,@result_of(INDEX(@results_,@who,@i)))"),
                                    ("other_c", "IF(@i=@who,-1,@result_of(INDEX(@results_,@i,@who)))")],
                                   f"IF(@own_c>=0,IF(@other_c>=0,IF({_agree('@own_c', '@other_c')},@own_c,{BAD}),@own_c),"
                                   f"IF(@other_c>=0,CHOOSE(@other_c+1,{_COMPLEMENT}),-1))"))),
    ]
    number = "IF(ISBLANK(@pv_in),0,IF(TRIM(@pv_in)=\"\",0,@whole_n(@pv_in)))"
    rounds = [
        ("m", f"IF(AND(ROWS(@pairings_)=@np,ROWS(@results_)=@np,COLUMNS(@results_)=COLUMNS(@pairings_)),"
              f"COLUMNS(@pairings_),{BAD})"),
        ("slot_opp", _each("@m", let([("p", "@p_at(INDEX(@pairings_,@who,@i))")],
                                     f"IF(@p=0,IF(ISNUMBER(@result_any(INDEX(@results_,@who,@i))),0,{BAD}),"
                                     f"IF(OR(@p>@np,@p=@who),{BAD},let_back))"))),
        ("codes", _each("@m", "IF(@p_at(INDEX(@pairings_,@who,@i))=0,-1,@result_of(INDEX(@results_,@who,@i)))")),
    ]
    back = let([("back", "@p_at(INDEX(@pairings_,@p,@i))")],
               f"IF(AND(@back<>0,@back<>@who),{BAD},IF(@back=@who,"
               f"IF(@agree_at(@result_of(INDEX(@results_,@who,@i)),@result_of(INDEX(@results_,@p,@i))),@p,{BAD}),@p))")
    rounds[1] = (rounds[1][0], rounds[1][1].replace("let_back", back))
    agree_at = lam(["ca", "cb"], f"IF(OR(@ca<0,@cb<0),TRUE,{_agree('@ca', '@cb')})")
    whole_n = lam(["wv"], let([("wn", _number_text("@wv"))], f"IF(AND(@wn=INT(@wn),@wn>=0,@wn<=10^6),@wn,{BAD})"))
    call = f"{EVENT_ROW}(@rule_no,@rule_scale,@pr,@k_all2,@s_all,@slot_opp,@codes,@who,@what)"
    k_cells = f"IF(_xlfn.ISOMITTED(@k_),0,{_cells('@k_')})"
    s_cells = f"IF(_xlfn.ISOMITTED(@standard_ratings_),0,{_cells('@standard_ratings_')})"
    standard = _rating(_item("@standard_ratings_", "@i"))
    pairs = [
        ("np", _cells("@ratings_")),
        ("r_all", _each("@np", _rating(_item("@ratings_", "@i")))),
        ("kc", k_cells),
        ("k_all", _each("@np", f"IF(@kc=0,0,IF(@kc=1,{_k('@k_')},IF(@kc=@np,{_k(_item('@k_', '@i'))},{BAD})))")),
        ("sc", s_cells),
        ("stv", _each("@np", f"IF(@sc=0,0,IF(@sc=@np,{standard},{BAD}))")),
        ("s_all", f"IF(@stv>0,IF(KStandardSeed>0,(@r_all=0)*1,{BAD}),0)"),
        ("pr", "IF(@s_all>0,@stv,@r_all)"),
        ("k_all2", "IF((@s_all>0)*(@k_all=0),KStandardSeed,@k_all)"),
        ("agree_at", agree_at), ("whole_n", whole_n), ("p_at", lam(["pv_in"], number)),
        ("rounds", "IF(_xlfn.ISOMITTED(@pairings_),FALSE,NOT(AND(" + _cells("@pairings_") + "=1,ISBLANK(@pairings_))))"),
        ("cell_of", lam(["who", "what"], let(
            [(name, f"IF(@rounds,{dict(rounds)[name]},{dict(crosstable)[name]})") for name in ("m", "slot_opp", "codes")],
            call))),
        ("grid", "_xlfn.MAKEARRAY(@np,7,@cell_of)"),
    ]
    return _assemble(pairs, "@grid", checks=["MAX(@grid)", "SUM(@r_all)", "SUM(@k_all)", "SUM(@stv)"])


#: The helper name computing one cell of ``ELO_EVENT`` (a player's row, a column), called by it.
EVENT_ROW = "ELO_EVENT_ROW"


def _event_row_body() -> str:
    """One cell of ELO_EVENT's result: player ``@who``'s games (``@slot_opp`` the opponents'
    start numbers, 0 none; ``@codes``), rated as :func:`elo_xl.engine._outcome` does; column
    ``@what`` of :meth:`elo_xl.engine.Outcome.event_row`."""
    player = [
        ("rating_v", "INDEX(@pr,@who)"), ("k_v", "INDEX(@k_all,@who)"), ("seeded", "INDEX(@s_all,@who)>0"),
        ("own", "IF(@rating_v>0,@rating_v,UnratedAs)"),
        ("oppv", "_xlfn.MAP(@slot_opp,_xlfn.LAMBDA(@so,IF(@so=0,0,INDEX(@pr,@so))))"),
    ] + _counting("@rating_v") + _outcome()
    initial = fx.gets_initial_rating("@rating_v")
    columns = ("CHOOSE(@what,@cnt,@halves/2,IF(@cnt=0,\"\",@avg),"
               f"IF({initial},\"\",IF(IsKvant,@tenths/10,IF(IsLogistic,@e_sum,@pd/100))),"
               f"IF({initial},\"\",@rounded),IF({initial},@initial,@own+@rounded),"
               f"IF(@cnt=0,\"\",IF(IsLogistic,{_PERFORMANCE_LOGISTIC},{_PERFORMANCE_TABLE})))")
    # a bad cell whose game does not count (a forfeit against no such player) still refuses the event
    return _assemble(player, f"IF(ISERROR(SUM(@slot_opp)+SUM(@codes)),{BAD},{columns})", rules=False)


def _initial_body() -> str:
    """ELO_INITIAL (:func:`elo_xl.engine.initial_rating`): an unrated player's rating after these games."""
    pairs = [("rating_v", "0"), ("k_v", "0"), ("seeded", "FALSE"), ("own", "UnratedAs")]
    pairs += _games("@opponents_", "@results_", "0") + _outcome()
    return _assemble(pairs, NEW_VALUE, checks=_GAMES_READ)


def _forecast_body() -> str:
    """ELO_FORECAST (:func:`elo_xl.engine.forecast`): points so far plus the expected score to come."""
    pairs = [("rating_v", _rating(_optional("rating_"))), ("so_far", _number_text(_optional("points_"))),
             ("own", "IF(@rating_v>0,@rating_v,UnratedAs)")]
    pairs += _games("@remaining_opponents_", None, "@rating_v") + [
        ("avg", f"IF(@cnt=0,0,{fx.average('@opp_sum', '@cnt')})"),
        ("pd", f"SUM(_xlfn.MAP(@opps,@counts,{lam(['opp_r', 'gc'], _PD_ONE)}))"),
        ("e_sum", f"SUM(_xlfn.MAP(@opps,@counts,{lam(['opp_r', 'gc'], _E_ONE)}))"),
        ("tenths", f"IF(@cnt=0,0,{fx.n_exp_tenths(_table_h('@own-@avg'), '@cnt')})")]
    # points and the expected score added exactly, as decimals (the engine adds them as fractions)
    value = "IF(IsKvant,(10*@so_far+@tenths)/10,IF(IsLogistic,@so_far+@e_sum,(100*@so_far+@pd)/100))"
    return _assemble(pairs, f'IF(AND(InitialRatings,@rating_v=0),"",{value})',
                     checks=["@rating_v", "@so_far"])


def _needed_body() -> str:
    """ELO_NEEDED (:func:`elo_xl.engine.needed`): the least score reaching a target, tried for
    every number of half points."""
    pairs = [("rating_v", _rating(_optional("rating_"))), ("goal", _number_text(_optional("target_"))),
             ("k_v", _k(_optional("k_"))), ("seeded", "FALSE"), ("own", "IF(@rating_v>0,@rating_v,UnratedAs)")]
    pairs += _games("@opponents_", None, "@rating_v")
    new = lam(["halves"], let(_outcome(), NEW_VALUE))
    tried = "_xlfn.MAP(@tries,LAMBDA(@h,LET(@v,@new_for(@h),IF(ISNUMBER(@v),IF(@v>=@goal,@h,9999),9999))))"
    tried = tried.replace("LAMBDA(", "_xlfn.LAMBDA(").replace("LET(", "_xlfn.LET(")
    body = let([("new_for", new), ("tries", "_xlfn.SEQUENCE(2*@cnt+1,1,0)"), ("least", f"MIN({tried})")],
               'IF(@least=9999,"",@least/2)')
    return _assemble(pairs, body, checks=["@rating_v", "@goal", "@k_v"] + _GAMES_READ)


def _k_body() -> str:
    """ELO_K (:func:`elo_xl.engine.k_factor`): K by a rule set's K rules, or from a schedule range."""
    flag = (f"IF(ISBLANK(@fl),FALSE,IF(ISLOGICAL(@fl),@fl,IF(ISNUMBER(@fl),IF(OR(@fl=0,@fl=1),@fl=1,{BAD}),"
            f"IF(TRIM(@fl)=\"\",FALSE,IFERROR(INDEX(FlagValue,{_exact('LOWER(TRIM(@fl))', 'FlagWord')})=1,{BAD})))))")
    in_range = let([("wn", _number_text("@wv"))], f"IF(AND(@wn=INT(@wn),@wn>=@lo,@wn<=@hi),@wn,{BAD})")
    whole = f'IF(ISBLANK(@wv),"",IF(TRIM(@wv)="","",{in_range}))'
    schedule = _schedule("@rules_", "@rating_v")
    pairs = [
        ("whole_of", lam(["wv", "lo", "hi"], whole)),
        ("rating_v", _rating(_optional("rating_"))),
        ("games_v", f"@whole_of({_optional('games_')},0,10^7)"),
        ("born_v", f"@whole_of({_optional('birth_year_')},{YEARS[0]},{YEARS[1]})"),
        ("reached_v", let([("fl", _optional("reached_2400_"))], flag)),
        ("year_in", f"@whole_of({_optional('year_')},{YEARS[0]},{YEARS[1]})"),
        ("year_v", "IF(@year_in=\"\",YEAR(TODAY()),@year_in)"),
    ]
    rule = fx.k_rule("@rating_v", "@reached_v", "@games_v", "@born_v")
    rule = re.sub(r"\bEventYear\b", "@year_v", rule).replace("=FlagYes", "")
    checked = f"IF(ISERROR(@rating_v+@year_v+N(@games_v)+N(@born_v)+N(@reached_v){{}}),{BAD},{{}})"
    single = f"IF(_xlfn.ISOMITTED(@rules_),1,{_cells('@rules_')})=1"
    return _assemble(pairs, f"IF({single},{checked.format('+@rule_no', rule)},{checked.format('', schedule)})",
                     rule_check=False)


def _schedule(rows: str, rating: str) -> str:
    """K from a schedule of (rating from, K) rows (:func:`elo_xl.engine._k_from_schedule`)."""
    low = f"INDEX({rows},@i,1)"
    k = f"INDEX({rows},@i,2)"
    blank = f'AND(OR(ISBLANK({low}),TRIM({low})=""),OR(ISBLANK({k}),TRIM({k})=""))'
    pairs = [
        ("srows", f"ROWS({rows})"),
        ("used", _each("@srows", f"IF({blank},0,1)")),
        ("lows", _each("@srows", f"IF({blank},-10^300,{_number_text(low)})")),
        ("ks", _each("@srows", f"IF({blank},0,IF(ISBLANK({k}),{BAD},{_k(k)}))")),
        ("idx", _each("@srows", "@i")),
        ("unsorted", "SUM(_xlfn.MAP(@idx,@lows,@used,_xlfn.LAMBDA(@j,@lo,@u,"
                     "IF(@u=0,0,SUM((@idx<@j)*@used*(@lows>=@lo))))))"),
        ("first", "MIN(IF(@used=1,@idx,10^9))"),
        ("last", f"MAX(@used*(@lows<={rating})*@idx)"),
    ]
    chosen = f"IF(OR({rating}=0,@last=0),@first,@last)"
    return let(pairs, f"IF(COLUMNS({rows})<>2,{BAD},IF(OR(SUM(@used)=0,SUM(@ks*0)<>0,@unsorted>0),{BAD},"
                      f"SUM((@idx={chosen})*@ks)))")


def _norm_score_body() -> str:
    """ELO_NORM_SCORE (:func:`elo_xl.norms.norm_score`): the Annex of the Title Regulations, computed."""
    key = "UPPER(TRIM(@norm_in))"
    pairs = [
        ("norm_in", _optional("norm_")),
        ("norm_k", f'IF(ISTEXT(@norm_in),IFERROR({_exact(key, "NormList")},{BAD}),{BAD})'),
        ("games_in", _number_text(_optional("games_"))),
        ("games_v", f"IF(AND(@games_in=INT(@games_in),@games_in>=1,@games_in<=99),@games_in,{BAD})"),
        ("avg_in", _number_text(_optional("average_"))),
        ("avg_v", f"IF(AND(@avg_in>=1,@avg_in<=3999),INT(@avg_in+0.5),{BAD})"),
        ("halves", norm_formulas.least_halves("@norm_k", "@games_v", "@avg_v")),
    ]
    return _assemble(pairs, 'IF(@halves="","",@halves/2)', rules=False)


#: Each LAMBDA name's text, by function.
_BODIES: dict[str, Callable[[], str]] = {
    "ELO_EXPECTED": _expected_body, "ELO_TABLE_H": _table_h_body, "ELO_DP": _dp_body,
    "ELO_NEW": lambda: _rate_body(NEW_VALUE), "ELO_CHANGE": lambda: _rate_body(CHANGE_VALUE),
    "ELO_EVENT": _event_body, "ELO_PERFORMANCE": _performance_body, "ELO_INITIAL": _initial_body, "ELO_K": _k_body,
    "ELO_AVERAGE": _average_body, "ELO_CATEGORY": _category_body, "ELO_FORECAST": _forecast_body,
    "ELO_NEEDED": _needed_body, "ELO_NORM_SCORE": _norm_score_body,
}
assert set(_BODIES) == {f.name for f in WITH_LAMBDA}, "one text per function with a LAMBDA name (elo_xl.functions)"
#: Every function with a LAMBDA, in the order of :data:`elo_xl.functions.FUNCTIONS`: its parameters
#: and note from its record, its text rendered here.
FUNCTIONS: tuple[LambdaFunction, ...] = tuple(
    LambdaFunction(f.name, f.params, f.lambda_optionals, _BODIES[f.name](), f.lambda_note, comment=f.comment)
    for f in WITH_LAMBDA)
LAMBDAS: dict[str, LambdaFunction] = {f.name: f for f in FUNCTIONS}
#: Names the functions call, not meant to be typed (the books' contract lists them too).
HELPERS: tuple[LambdaFunction, ...] = (
    LambdaFunction(EVENT_ROW, ("rule_no", "rule_scale", "pr", "k_all", "s_all", "slot_opp", "codes", "who", "what"), (),
                   _event_row_body(), suffix="", hidden=True),
)
#: The functions of :mod:`elo_xl.udfs` with no LAMBDA name, why, and what comes nearest.
WITHOUT_LAMBDA: dict[str, str] = {f.name: f.without_lambda for f in ALL_FUNCTIONS if not f.has_lambda}
assert tuple(LAMBDAS) == names.FUNCTIONS, "the books' contract lists the functions in this order"
assert tuple(f.name for f in HELPERS) == names.FUNCTION_HELPERS


class NameClash(ValueError):
    """A book's name that a parameter of the functions has (``name``; ``function``, ``parameter``)."""

    def __init__(self, name: str, function: str, parameter: str):
        super().__init__(f"a name {name}, which {function} has as a parameter ({parameter})")
        self.name, self.function, self.parameter = name, function, parameter


def prefix_for(taken: Iterable[str]) -> str:
    """The prefix of the variables for a book holding the names ``taken`` (any scope, tables
    too; case does not matter, as in Excel): :data:`PREFIX`, or the first of :data:`PREFIXES`
    none of whose variables the book holds. A name that is a parameter a user sees
    (``rating_``) cannot be avoided so: :class:`NameClash`.

    >>> prefix_for(["Rounds", "Rating"]), prefix_for(["QX_A"])
    ('qx_', 'qz_')
    >>> prefix_for(["K_"])
    Traceback (most recent call last):
    ...
    elo_xl.workbook.lambdas.NameClash: a name K_, which ELO_NEW has as a parameter (k_)
    """
    held = {name.upper(): name for name in taken}
    for function in FUNCTIONS + HELPERS:
        for variable in sorted(function.public_variables()):
            if variable.upper() in held:
                raise NameClash(held[variable.upper()], function.name, variable)
    for prefix in PREFIXES:
        if not any(v.upper() in held for f in FUNCTIONS + HELPERS for v in f.variables(prefix)):
            return prefix
    clash = next(v for f in FUNCTIONS + HELPERS for v in sorted(f.variables(PREFIX)) if v.upper() in held)
    raise NameClash(held[clash.upper()], "every prefix of the functions' variables", clash)


def add_to_workbook(book: Any) -> None:
    """Put the functions into an openpyxl workbook: the hidden table sheet and one workbook-scope
    name per function, with its comment, and the hidden helpers (a name the book already has is
    refused, named; the variables' prefix is one no name of the book has, :func:`prefix_for`).

    >>> import openpyxl
    >>> wb = openpyxl.Workbook(); add_to_workbook(wb)
    >>> wb[TABLE_SHEET].sheet_state, wb.defined_names["ELO_NEW"].comment[:30], wb.defined_names["ELO_EVENT_ROW"].hidden
    ('hidden', 'New rating after these games, ', True)
    """
    from openpyxl.workbook.defined_name import DefinedName

    taken = [f.name for f in FUNCTIONS + HELPERS if f.name in book.defined_names]
    if taken or TABLE_SHEET in book.sheetnames:
        raise ValueError(f"the book already has {', '.join(taken) or TABLE_SHEET}; rename it or leave the book as it is")
    held = list(book.defined_names) + [name for ws in book.worksheets for name in ws.defined_names]
    held += [table for ws in book.worksheets for table in ws.tables]
    prefix = prefix_for(held)
    sheet = book.create_sheet(TABLE_SHEET)
    sheet.sheet_state = "hidden"
    sheet.protection.sheet = True
    if book.worksheets[0].sheet_view.rightToLeft:
        sheet.sheet_view.rightToLeft = True
    for column, (_, values) in enumerate(table_columns(), 1):
        for row, value in enumerate(values, 1):
            sheet.cell(row, column, value)
    for function in FUNCTIONS + HELPERS:
        book.defined_names[function.name] = DefinedName(function.name, attr_text=function.render(prefix),
                                                        comment=function.comment or None,
                                                        hidden=True if function.hidden else None)

