"""What Excel receives when the functions are registered, produced by xlwings' own code.

* Classic add-in (Windows): ``xlwings.udfs.import_udfs`` writes a VBA module and calls
  ``Application.MacroOptions`` once per function; a subprocess runs it against stubbed COM
  modules and a recording workbook (see ``xlwings_harness.py``).
* xlwings Lite / Server: ``custom_functions_meta`` and ``custom_functions_call``, again in a
  subprocess (``XLWINGS_ON_SERVER`` is read when xlwings is imported).
* Plain Python: errors come back as the one-line text.

The expected parameter docs are read from the functions' records in elo_xl/functions.py (which
udfs.py registers) with :mod:`ast`, independently of xlwings.
"""

from __future__ import annotations

import ast
import inspect
import re
from typing import Any, Callable

import pytest
import xlwings_harness

from elo_xl import functions, udfs

NAMES = [function.__name__ for function in udfs.FUNCTIONS]
#: Excel's limit for a function's or an argument's description (MacroOptions).
DESCRIPTION_LIMIT = 255

#: Parameters that take a range (ndim=2: rows of cells); every other parameter is one cell.
RANGE_PARAMETERS = {
    "ELO_EXPECTED": {"rating", "opponent"},
    "ELO_TABLE_H": {"delta"},
    "ELO_DP": {"p"},
    "ELO_NEW": {"opponents", "results"},
    "ELO_CHANGE": {"opponents", "results"},
    "ELO_EVENT": {"ratings", "results", "k", "pairings", "standard_ratings"},
    "ELO_PERFORMANCE": {"opponents", "results"},
    "ELO_INITIAL": {"opponents", "results"},
    "ELO_K": {"rules"},
    "ELO_AVERAGE": {"ratings"},
    "ELO_CATEGORY": set(),
    "ELO_FORECAST": {"remaining_opponents"},
    "ELO_NEEDED": {"opponents"},
    "ELO_NORM": {"opponents", "results", "titles", "federations"},
    "ELO_NORM_SCORE": set(),
}

#: Words a VBA parameter may not be called: keywords, and the names the generated wrapper
#: itself uses (a parameter called ``array`` would shadow ``Array(...)``).
VBA_RESERVED = set("""
and as boolean byref byte byval call case const currency date declare dim do double each
else elseif empty end enum eqv erase error event exit false for friend function get global
gosub goto if imp implements in integer is let like long loop lset me mod new next not
nothing null on option optional or paramarray preserve private property public raiseevent
redim rem resume return rset select set single static step stop string sub then to true
type typeof until variant wend while with withevents xor
array application thisworkbook activeworkbook xlpy err range failed
""".split())


def parameters(function: Callable) -> list[inspect.Parameter]:
    """The Python parameters of an Excel function (through its error-handling wrapper)."""
    return list(inspect.signature(function).parameters.values())


def declared_arg_docs() -> dict[str, dict[str, str]]:
    """The help of every ``Parameter(name, help, …)`` of every ``Function(name, …)`` record in
    elo_xl/functions.py (the records udfs.py registers), read from the source."""
    docs: dict[str, dict[str, str]] = {}
    for node in ast.walk(ast.parse(inspect.getsource(functions))):
        if not (isinstance(node, ast.Call) and ast.unparse(node.func) == "Function"):
            continue
        name = ast.literal_eval(node.args[0])
        for parameter in node.args[2].elts:
            doc = parameter.args[1]
            text = getattr(functions, doc.id) if isinstance(doc, ast.Name) else ast.literal_eval(doc)
            docs.setdefault(name, {})[ast.literal_eval(parameter.args[0])] = text
    return docs


DOCS = declared_arg_docs()


def expected_arg_docs(function: Callable) -> list[str]:
    """The argument descriptions Excel should show, in parameter order."""
    return [DOCS[function.__name__][parameter.name] for parameter in parameters(function)]


def has_default(parameter: inspect.Parameter) -> bool:
    """Whether the Python parameter is optional."""
    return parameter.default is not inspect.Parameter.empty


# --- the docs themselves ---------------------------------------------------------------


@pytest.mark.parametrize("function", udfs.FUNCTIONS, ids=NAMES)
def test_every_parameter_has_its_own_doc_within_excels_limit(function):
    assert set(DOCS[function.__name__]) == {parameter.name for parameter in parameters(function)}
    assert function.__doc__ and len(function.__doc__) <= DESCRIPTION_LIMIT
    for doc in expected_arg_docs(function):
        assert doc and len(doc) <= DESCRIPTION_LIMIT and "\n" not in doc


# --- (a) classic Windows add-in ---------------------------------------------------------


@pytest.fixture(scope="module")
def classic(tmp_path_factory) -> dict[str, Any]:
    """What ``import_udfs("elo_xl.udfs", workbook)`` gave the workbook."""
    return xlwings_harness.run("classic", home=tmp_path_factory.mktemp("classic"), on_server=False)


def vba_functions(module_text: str) -> dict[str, tuple[list[str], str]]:
    """The generated VBA module's functions: name → (parameter list, body)."""
    pattern = re.compile(r"^Function (\w+)\(([^)\n]*)\)\n(.*?)^End Function$", re.M | re.S)
    return {name: ([p for p in params.split(", ") if p], body)
            for name, params, body in pattern.findall(module_text)}


def test_classic_registers_exactly_the_function_list(classic):
    assert classic["functions"] == NAMES
    assert sorted(classic["xlfunc"]) == sorted(NAMES)
    assert len(classic["imported"]) == 1, "one VBA module"
    assert sorted(vba_functions(classic["imported"][0])) == sorted(NAMES)
    assert sorted(options["macro"] for options in classic["macro_options"]) == sorted(
        f"'elo.xlsm'!{name}" for name in NAMES)
    assert classic["removed"] == ["xlwings_udfs"], "the previous module is replaced"
    assert classic["log"].strip() == "Imported functions from the following modules: elo_xl.udfs"


@pytest.mark.parametrize("function", udfs.FUNCTIONS, ids=NAMES)
def test_classic_vba_wrapper(classic, function):
    name = function.__name__
    vba_params, body = vba_functions(classic["imported"][0])[name]
    assert vba_params == [("Optional " if has_default(p) else "") + p.name for p in parameters(function)]
    assert not {p.name.lower() for p in parameters(function)} & VBA_RESERVED
    array = ", ".join(p.name for p in parameters(function))
    assert f'{name} = XLPy.CallUDF("elo_xl.udfs", "{name}", Array({array}), ThisWorkbook, Application.Caller)' in body
    assert f'{name} = XLPy.CallUDF("elo_xl.udfs", "{name}", Array({array}))' in body
    assert "Application.Volatile" not in body


@pytest.mark.parametrize("function", udfs.FUNCTIONS, ids=NAMES)
def test_classic_macro_options(classic, function):
    (options,) = [o for o in classic["macro_options"] if o["macro"] == f"'elo.xlsm'!{function.__name__}"]
    assert options["Category"] == "Elo"
    assert options["Description"] == function.__doc__
    assert len(options["Description"]) <= DESCRIPTION_LIMIT
    assert not options["Description"].startswith("Python function")
    assert options["ArgumentDescriptions"] == expected_arg_docs(function)
    for doc in options["ArgumentDescriptions"]:
        assert not doc.startswith("Positional argument") and len(doc) <= DESCRIPTION_LIMIT


@pytest.mark.parametrize("function", udfs.FUNCTIONS, ids=NAMES)
def test_classic_argument_options(classic, function):
    args = classic["xlfunc"][function.__name__]["args"]
    assert [arg["name"] for arg in args] == [p.name for p in parameters(function)]
    assert [arg["optional"] for arg in args] == [has_default(p) for p in parameters(function)]
    assert all(arg["vba"] is None for arg in args)
    ranges = {arg["name"] for arg in args if arg["options"].get("ndim") == 2}
    assert ranges == RANGE_PARAMETERS[function.__name__]
    assert all(set(arg["options"]) <= {"ndim", "err_to_str"} for arg in args), "no converter from an annotation"
    # an error cell (#NUM!, #N/A…) arrives as its text, to be refused by name, never as a blank
    assert all(arg["options"].get("err_to_str") is True for arg in args)


def test_the_wrapper_knows_the_range_parameters():
    # @_arg records ndim=2 for the error wrapper, which refuses a range given for one cell
    for function in udfs.FUNCTIONS:
        ranges = {name for name, is_range in function.elo_ranges.items() if is_range}
        assert set(function.elo_ranges) == {p.name for p in parameters(function)}
        assert ranges == RANGE_PARAMETERS[function.__name__]


# --- (b) xlwings Lite / xlwings Server ----------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> dict[str, Any]:
    """``custom_functions_meta`` of elo_xl.udfs and two ``custom_functions_call`` results."""
    return xlwings_harness.run("server", home=tmp_path_factory.mktemp("server"), on_server=True)


def test_server_registers_exactly_the_function_list(server):
    assert server["raise_errors"] is True
    assert server["functions"] == NAMES
    assert sorted(f["id"] for f in server["meta"]["functions"]) == sorted(NAMES)


@pytest.mark.parametrize("function", udfs.FUNCTIONS, ids=NAMES)
def test_server_metadata(server, function):
    name = function.__name__
    (meta,) = [f for f in server["meta"]["functions"] if f["id"] == name]
    assert meta["id"] == meta["name"] == name.upper() == name
    assert meta["description"] == function.__doc__
    assert meta["result"]["dimensionality"] == "matrix"
    assert [p["name"] for p in meta["parameters"]] == [p.name for p in parameters(function)]
    assert [p["description"] for p in meta["parameters"]] == expected_arg_docs(function)
    assert [p.get("optional", False) for p in meta["parameters"]] == [has_default(p) for p in parameters(function)]
    assert not any(p.get("repeating") for p in meta["parameters"])


def test_server_call_returns_the_value(server):
    assert server["expected"] == {"value": [[0.64]]}


def test_server_error_is_the_one_line_message(server):
    error = server["bad_result"]["error"]
    assert error["type"] == "xlwings.XlwingsError"
    assert error["message"] == server["engine_message"]
    assert xlwings_harness.BAD_RESULT_MESSAGE.match(error["message"])
    assert "\n" not in error["message"] and "Traceback" not in error["message"]
    assert error["cause"] == "None" and error["suppress_context"] is True


def test_server_error_cell_is_refused_by_name(server):
    # without err_to_str xlwings would pass the error cell as a blank: an unrated player
    error = server["error_cell"]["error"]
    assert error["type"] == "xlwings.XlwingsError"
    assert error["message"].startswith('rating: "#NUM!" is an Excel error in the cell')


# --- (c) plain Python ---------------------------------------------------------------------

#: One bad call per function, and the argument its message must begin by naming.
BAD_CALLS = {
    "ELO_EXPECTED": ((2500, "x"), "opponent"),
    "ELO_TABLE_H": (("x",), "delta"),
    "ELO_DP": ((2,), "p"),
    "ELO_NEW": ((2500, [2400], ["x"]), "results"),
    "ELO_CHANGE": ((2500, [2400], [1], -5), "k"),
    "ELO_EVENT": (([2500, 2400], [[None, 1]]), "results"),
    "ELO_PERFORMANCE": (([2400], [1, 1]), "opponents"),
    "ELO_INITIAL": (([2400], [1], "NOPE"), "rules"),
    "ELO_K": (("abc",), "rating"),
    "ELO_AVERAGE": ((["x"],), "ratings"),
    "ELO_CATEGORY": (("x",), "average"),
    "ELO_FORECAST": ((2500, "x", [2400]), "points"),
    "ELO_NEEDED": ((2400, [2400], "x"), "target"),
    "ELO_NORM": (("IM", [2400], [1], ["XX"]), "titles"),
    "ELO_NORM_SCORE": (("GM", 9, "x"), "average"),
}


def test_bad_calls_cover_every_function():
    assert list(BAD_CALLS) == NAMES


@pytest.mark.parametrize("function", udfs.FUNCTIONS, ids=NAMES)
def test_plain_python_error_is_the_cell_text(monkeypatch, function):
    monkeypatch.setattr(udfs, "RAISE_ERRORS", False)
    args, argument = BAD_CALLS[function.__name__]
    message = function(*args)
    assert isinstance(message, str) and re.match(rf"{argument}\b", message)
    assert "\n" not in message and "Traceback" not in message


def test_plain_python_bad_result(monkeypatch):
    monkeypatch.setattr(udfs, "RAISE_ERRORS", False)
    message = udfs.ELO_NEW(2500, [2400], ["x"])
    assert xlwings_harness.BAD_RESULT_MESSAGE.match(message) and "\n" not in message
