"""The documentation cannot drift from the code.

* ``docs/functions.md`` is what ``tools/function_reference.py`` writes from xlwings'
  registration of the functions (a freshness check: the page is generated, so its test only
  proves it is up to date; the generated examples run as doctests, since pytest collects
  ``docs/*.md``).
* Every ``console`` block in the README and in ``docs/`` runs, and its printed output is
  compared with the block (``...`` stands for lines left out).
* The README's synopsis and ``docs/cli.md`` name the commands, options and defaults that
  ``elo_xl/cli.py``'s parser defines. The test reads the parser, so an option added there
  and not yet documented is reported by name (every difference at once).
* Every ``elo-xl`` line of a ``text`` block (synopses, recipes not run) names real commands
  and options; the JSON shape ``docs/cli.md`` shows is the one ``rate --format json`` prints,
  and the norm fields it and ``docs/norms.md`` show are those ``rate --norms`` adds.
* The README stays a front door (at most about 200 lines) and its two commands are the ones
  ``.ci/run`` runs, word for word.
"""

from __future__ import annotations

import argparse
import doctest
import importlib.util
import inspect
import re
import shlex
import shutil
from pathlib import Path

import pytest

from elo_xl import cli
from elo_xl.udfs import FUNCTIONS

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CLI_PAGE = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
FUNCTIONS_PAGE = (ROOT / "docs" / "functions.md").read_text(encoding="utf-8")
SAMPLE = ROOT / "elo_xl" / "data" / "sample-swiss.trf"


def _tool():
    spec = importlib.util.spec_from_file_location("function_reference", ROOT / "tools" / "function_reference.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- the function reference -------------------------------------------------------------


def test_function_reference_is_what_the_generator_writes():
    """Freshness only: the page is generated from the registration and the examples file."""
    assert FUNCTIONS_PAGE == _tool().build(), "docs/functions.md is stale: run python tools/function_reference.py"


def signature(function) -> str:
    """How a function is shown: optional arguments (a Python default) in brackets."""
    parts = [p.name if p.default is inspect.Parameter.empty else f"[{p.name}]"
             for p in inspect.signature(function).parameters.values()]
    return f"`{function.__name__}({', '.join(parts)})`"


def test_every_function_has_its_section_in_order_with_its_signature():
    assert re.findall(r"^## (ELO_\w+)$", FUNCTIONS_PAGE, flags=re.M) == [f.__name__ for f in FUNCTIONS]
    for function in FUNCTIONS:
        section = FUNCTIONS_PAGE.split(f"\n## {function.__name__}\n", 1)[1].split("\n## ", 1)[0]
        assert signature(function) in section


def test_every_argument_is_described_with_excel_and_python_examples():
    for function in FUNCTIONS:
        section = FUNCTIONS_PAGE.split(f"\n## {function.__name__}\n", 1)[1].split("\n## ", 1)[0]
        for name in inspect.signature(function).parameters:
            assert f"| `{name}` |" in section, f"{function.__name__}: argument {name} has no help row"
        assert f"={function.__name__}(" in section, f"{function.__name__}: no Excel example"
        assert ">>> " in section, f"{function.__name__}: no Python example"


# --- command-line examples ----------------------------------------------------------------


def console_blocks(text: str) -> list[str]:
    return re.findall(r"^```console\n(.*?)^```$", text, flags=re.M | re.S)


def documents() -> list[tuple[str, str]]:
    pages = [("README.md", README)]
    pages += [(f"docs/{p.name}", p.read_text(encoding="utf-8")) for p in sorted((ROOT / "docs").glob("*.md"))]
    return [(name, text) for name, text in pages if console_blocks(text)]


def run_command(line: str, capsys) -> str:
    words = shlex.split(line)
    assert words[0] == "elo-xl", f"a console example runs elo-xl only: {line}"
    code = cli.main(words[1:])
    captured = capsys.readouterr()
    return captured.out + captured.err + ("" if code == 0 else f"[exit {code}]\n")


@pytest.mark.parametrize("name, text", documents(), ids=[name for name, _ in documents()])
def test_console_examples_print_what_the_page_shows(name, text, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    for sample in SAMPLE.parent.glob("*.trf"):  # the built-in events: sample-swiss.trf, sample-open.trf
        shutil.copy(sample, tmp_path / sample.name)
    checker = doctest.OutputChecker()
    flags = doctest.ELLIPSIS
    for block in console_blocks(text):
        commands = re.split(r"^\$ ", block, flags=re.M)[1:]
        assert commands, f"{name}: a console block without a $ command"
        for command in commands:
            line, _, expected = command.partition("\n")
            got = run_command(line, capsys)
            assert checker.check_output(expected, got, flags), f"{name}: $ {line}\n--- shown:\n{expected}--- printed:\n{got}"


# --- help and docs agree ----------------------------------------------------------------


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = cli.build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def parser_options(parser: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    """Each argument by its longest option string, or a positional by its metavar."""
    found = {}
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        key = max(action.option_strings, key=len) if action.option_strings else (action.metavar or action.dest)
        found[key] = action
    return found


def documented_options(page: str) -> dict[str, dict[str, str]]:
    """``## elo-xl NAME`` sections of docs/cli.md: option (long name or positional) → default cell."""
    commands = {}
    for name, body in re.findall(r"^## elo-xl (\w[\w-]*)\n(.*?)(?=^## |\Z)", page, flags=re.M | re.S):
        rows = {}
        for first, default in re.findall(r"^\| (`[^|]*`) \|([^|]*)\|", body, flags=re.M):
            words = re.findall(r"`([^`]*)`", first)
            names = [w.split()[0] for w in words]
            dashed = [n for n in names if n.startswith("-")]
            rows[max(dashed, key=len) if dashed else names[0]] = default.strip()
        commands[name] = rows
    return commands


def shown_default(action: argparse.Action) -> str | None:
    if action.default in (None, False, argparse.SUPPRESS) or action.required:
        return None
    return str(action.default)


def test_cli_page_and_help_name_the_same_commands_options_and_defaults():
    differences = []
    parsers = subcommands()
    documented = documented_options(CLI_PAGE)
    for name in sorted(set(parsers) ^ set(documented)):
        where = "the parser" if name in parsers else "docs/cli.md"
        differences.append(f"command {name}: only in {where}")
    for name in sorted(set(parsers) & set(documented)):
        options, rows = parser_options(parsers[name]), documented[name]
        for option in sorted(set(options) ^ set(rows)):
            where = "elo-xl " + name + " --help" if option in options else "docs/cli.md"
            differences.append(f"elo-xl {name} {option}: only in {where}")
        for option in sorted(set(options) & set(rows)):
            action, cell = options[option], rows[option]
            default = shown_default(action)
            if default is not None and f"`{default}`" not in cell:
                differences.append(f"elo-xl {name} {option}: default {default!r} in the parser, {cell!r} in docs/cli.md")
            for value in re.findall(r"`([^`]+)`", cell) if default is None else ():
                if value not in (action.help or ""):
                    differences.append(f"elo-xl {name} {option}: docs/cli.md says default {value!r}, --help does not")
    assert not differences, "docs/cli.md and --help differ:\n" + "\n".join(differences)


def synopsis(text: str) -> dict[str, str]:
    """The ``elo-xl COMMAND ...`` lines of a page's first ``text`` block, continuation lines joined."""
    block = re.search(r"^```text\n(elo-xl demo.*?)^```$", text, flags=re.M | re.S).group(1)
    lines: dict[str, str] = {}
    for line in block.splitlines():
        if line.startswith("elo-xl "):
            current = line.split()[1]
            lines[current] = lines.get(current, "") + " " + line
        else:
            lines[current] += " " + line
    return lines


@pytest.mark.parametrize("page", ["README.md", "docs/cli.md"])
def test_synopsis_names_every_command_and_option_of_the_parser(page):
    text = README if page == "README.md" else CLI_PAGE
    shown, parsers = synopsis(text), subcommands()
    differences = [f"command {name}: only in {'the parser' if name in parsers else page}"
                   for name in sorted(set(parsers) ^ set(shown))]
    for name in sorted(set(parsers) & set(shown)):
        actions = [a for a in parsers[name]._actions if a.option_strings and not isinstance(a, argparse._HelpAction)]
        written = set(re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", shown[name]))
        for action in actions:  # shown under any of its names (-o or --output)
            if not written & set(action.option_strings):
                differences.append(f"elo-xl {name} {max(action.option_strings, key=len)}: in --help, not in {page}'s synopsis")
        for option in sorted(written - {o for a in actions for o in a.option_strings}):
            differences.append(f"elo-xl {name} {option}: in {page}'s synopsis, not in --help")
    assert not differences, f"{page}'s synopsis and --help differ:\n" + "\n".join(differences)


# --- the README as a front door -----------------------------------------------------------


def test_readme_is_a_front_door():
    assert len(README.splitlines()) <= 210


def test_readme_commands_are_the_ones_ci_runs_word_for_word():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    test_command = 'python3 -m venv .venv && .venv/bin/pip install -e ".[test]" && .venv/bin/python -m pytest'
    demo_command = "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/elo-xl demo"
    install = (ROOT / "docs" / "install.md").read_text(encoding="utf-8")
    for command in (test_command, demo_command):
        assert command in ci.splitlines()
        assert f"    {command}\n" in README and f"    {command}\n" in install


def test_every_docs_page_is_linked_from_the_readme():
    pages = {p.name for p in (ROOT / "docs").glob("*.md")}
    linked = set(re.findall(r"\(docs/([\w-]+\.md)\)", README))
    assert pages - linked == set(), "pages the README does not link"
    assert linked - pages == set(), "README links to missing pages"


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as dashes."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_readme_links_to_its_own_sections_resolve():
    anchors = {slug(h) for h in re.findall(r"^#+ (.*)$", README, flags=re.M)}
    links = re.findall(r"\]\(#([\w-]+)\)", README)
    assert links and [link for link in links if link not in anchors] == []


def test_readme_links_into_cli_page_resolve():
    anchors = {slug(h) for h in re.findall(r"^#+ (.*)$", CLI_PAGE, flags=re.M)}
    links = re.findall(r"\(docs/cli\.md#([\w-]+)\)", README)
    assert [link for link in links if link not in anchors] == []


def text_blocks(text: str) -> list[str]:
    return re.findall(r"^```text\n(.*?)^```$", text, flags=re.M | re.S)


def test_every_command_line_shown_uses_real_commands_and_options():
    """Every ``elo-xl`` line of a ``text`` block (synopses, recipes not run) names options its
    command has; the console blocks run in full above."""
    parsers, differences = subcommands(), []
    pages = [("README.md", README)] + [(f"docs/{p.name}", p.read_text(encoding="utf-8"))
                                        for p in sorted((ROOT / "docs").glob("*.md"))]
    for name, text in pages:
        for block in text_blocks(text):
            for line in block.splitlines():
                words = line.split()
                if len(words) < 2 or words[0] != "elo-xl":
                    continue
                command = words[1].split("|")[0]
                if command not in parsers:
                    differences.append(f"{name}: {line.strip()}: no command {command}")
                    continue
                known = {o for a in parsers[command]._actions for o in a.option_strings}
                for option in re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", line):
                    if option not in known:
                        differences.append(f"{name}: {line.strip()}: elo-xl {command} has no {option}")
    assert not differences, "\n".join(differences)


def test_the_json_shape_shown_is_what_rate_prints(capsys):
    import json

    block = next(b for b in text_blocks(CLI_PAGE) if b.startswith('{"event"'))
    event_part, players_part = block.split('"players": [', 1)
    shown_event = re.findall(r'"(\w+)"', event_part)[1:]
    shown_player = re.findall(r'"(\w+)"', players_part)
    assert cli.main(["rate", str(SAMPLE), "--format", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert shown_event == list(printed["event"])
    assert shown_player == list(printed["players"][0])


def test_the_norm_fields_shown_are_what_rate_norms_prints(tmp_path, capsys):
    """The ``--norms`` fields on the command-line and norms pages, against ``rate --norms`` of the
    built-in Swiss with two rounds still to play (so the event's ``after_round`` and
    ``of_rounds`` are there)."""
    import json

    event = tmp_path / "mid.trf"
    event.write_text(SAMPLE.read_text(encoding="utf-8").replace("\nXXR 7\n", "\nXXR 9\n"), encoding="utf-8")
    assert cli.main(["rate", str(event), "--norms", "--format", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    checks = [check for player in printed["players"] for check in player["norms"]]
    assert checks and printed["event"]["norms"]["of_rounds"] == 9
    for page in (CLI_PAGE, (ROOT / "docs" / "norms.md").read_text(encoding="utf-8")):
        block = next(b for b in text_blocks(page) if b.startswith('"event":'))
        event_part, players_part = block.split('"players":', 1)
        assert re.findall(r'"(\w+)"', event_part.split('"norms":', 1)[1]) == list(printed["event"]["norms"])
        assert re.findall(r'"(\w+)"', players_part.split('"norms":', 1)[1]) == list(checks[0])


def test_every_page_is_in_the_site_navigation():
    """``mkdocs build --strict`` (CI) fails on a page left out of the nav; this says so sooner."""
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("\nnav:\n", 1)[1]
    listed = re.findall(r":\s*([\w-]+\.md)\s*$", nav, flags=re.M)
    assert sorted(listed) == sorted(p.name for p in (ROOT / "docs").glob("*.md"))
