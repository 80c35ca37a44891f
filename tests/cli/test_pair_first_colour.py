"""``elo-xl pair`` and the first colour (the colour drawn for round 1's first board): the pairing
list of round 1 with byes asked for, absences and forfeits in it, and of round 2 of a file whose
``XXC`` contradicts its round 1, from a TRF file and from the Swiss book made from it.

Expected values: gacrux's own command line (``python -m gacrux.pairingchecker -p``) on the same
TRF text with a ``152`` record stating the colour (TRF-2026's initial colour, the one place
gacrux takes it from when round 1's records say something else).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from elo_xl.cli import main
from elo_xl.event.samples import OPEN_TRF_PATH
from elo_xl.workbook.archive import set_cells
from elo_xl.workbook.read import swiss_grid
from pairing_cases import gacrux_command_line, with_152
from trf_helpers import recount

OPEN = Path(OPEN_TRF_PATH).read_text(encoding="utf-8")
#: A board of the pairing list: board, White's number, name, points, Black's number, name, points.
BOARD = re.compile(r"^\s*(\d+)\s+(\d+)\s+(.*?)\s+([\d.]+)\s+(\d+)\s+(.*?)\s+([\d.]+)$")
#: Round 1 asked for before it is paired: players 1 and 5 ask for a half-point, zero-point or
#: full-point bye, or are written absent the way many programs write it (``0000 - -``, a
#: forfeit without an opponent); ``XXZ``: 9 is absent too.
ROUND_ONE = {"H": {1: "H", 5: "H"}, "Z": {1: "Z", 5: "Z"}, "F": {1: "F", 5: "F"}, "forfeit": {1: "-", 5: "-"},
             "H-XXZ": {5: "H"}}
COLOURS = {"white": "W", "black": "B"}


def _asked(byes: dict[int, str], records: tuple[str, ...] = ()) -> str:
    """The built-in entry list with round 1's byes written on the players' lines and
    ``records`` before the players."""
    lines = []
    for line in OPEN.splitlines():
        if line.startswith("001") and int(line[4:8]) in byes:
            line = line.ljust(89) + f"  0000 - {byes[int(line[4:8])]}"
        if line.startswith("001") and not any(x.startswith("001") for x in lines):
            lines.extend(records)
        lines.append(line)
    return "\n".join(lines) + "\n"


def _text(case: str) -> str:
    return _asked(ROUND_ONE[case], ("XXZ 9",) if case.endswith("XXZ") else ())


def _pairs(out: str) -> list[tuple[int, int]]:
    """The boards of a pairing list and its bye (black 0), as gacrux's command line lists them."""
    boards = [(int(m[2]), int(m[5])) for m in (BOARD.match(line) for line in out.splitlines()) if m]
    bye = [int(line.split()[1]) for line in out.splitlines() if line.startswith("Bye: ")]
    return boards + [(n, 0) for n in bye]


def _pair(capsys, *args) -> tuple[list[tuple[int, int]], str]:
    code = main([str(a) for a in ("pair", *args)])
    out, err = capsys.readouterr()
    assert code == 0, err
    return _pairs(out), err


#: Round 1 paired and played from the rules (C.04.3: 3, 4, 5 and 6 asked for half-point byes;
#: S1 = 1, 2, 7, 8 meets S2 = 9, 10, 11, 12, White on board 1): 1 won by forfeit against 9,
#: the other boards won by White. So 3, 4, 5 and 6, with no colour yet, meet in round 2, and
#: the first colour decides their colours.
PLAYED = {1: "     9 w +", 9: "     1 b -", 10: "     2 w 1", 2: "    10 b 0", 7: "    11 w 1", 11: "     7 b 0",
          12: "     8 w 1", 8: "    12 b 0", 3: "  0000 - H", 4: "  0000 - H", 5: "  0000 - H", 6: "  0000 - H"}


def _played(records: tuple[str, ...]) -> str:
    lines = []
    for line in OPEN.splitlines():
        if line.startswith("001"):
            if not any(x.startswith("001") for x in lines):
                lines.extend(records)
            line = line.ljust(89) + PLAYED[int(line[4:8])]
        lines.append(line)
    return recount("\n".join(lines) + "\n")


@pytest.fixture(scope="module")
def gacrux(tmp_path_factory) -> dict:
    """gacrux's command line on every text of this module, each with the ``152`` it is given."""
    texts = {f"{case}-{colour}": with_152(_text(case), c) for case in ROUND_ONE for colour, c in COLOURS.items()}
    texts.update({f"played-{c}": with_152(_played(()), c) for c in COLOURS.values()})
    return gacrux_command_line(tmp_path_factory.mktemp("gacrux"), texts)


@pytest.mark.parametrize("case", ROUND_ONE)
def test_round_one_with_byes_asked_is_gacrux_s_with_that_colour(capsys, tmp_path, gacrux, case):
    """Both colours, each as gacrux pairs it with that ``152``: board 1's higher-ranked player
    gets the colour given (before, Black either way: gacrux read the bye as the drawing)."""
    path = tmp_path / "open.trf"
    path.write_text(_text(case), encoding="utf-8")
    for colour in COLOURS:
        pairs, err = _pair(capsys, path, "--first-colour", colour)
        assert pairs == gacrux[f"{case}-{colour}"], colour
        first = pairs[0]
        assert (first[0] < first[1]) == (colour == "white"), colour
        assert err == ""


@pytest.mark.parametrize("record", ["152 B", "XXC black1"])
def test_the_file_s_colour_when_none_is_given(capsys, tmp_path, gacrux, record):
    path = tmp_path / "open.trf"
    path.write_text(_asked(ROUND_ONE["H"], (record,)), encoding="utf-8")
    assert _pair(capsys, path)[0] == gacrux["H-black"]
    assert _pair(capsys, path, "--first-colour", "white")[0] == gacrux["H-white"]


def test_the_book_with_byes_typed_in_round_one(capsys, tmp_path, gacrux):
    """The Swiss book made from the entry list, ``H`` typed for players 1 and 5 in round 1 (the
    book's result cells), is paired as the TRF file with those byes, in both colours."""
    source, book = tmp_path / "open.trf", tmp_path / "open.xlsx"
    source.write_text(OPEN, encoding="utf-8")
    assert main(["workbook", "swiss", "--from", str(source), "-o", str(book)]) == 0
    grid = swiss_grid(book)
    book.write_bytes(set_cells(book.read_bytes(), grid.sheet, {grid.cell(0, 0, 2): "H", grid.cell(4, 0, 2): "H"}))
    capsys.readouterr()
    for colour in COLOURS:
        pairs, err = _pair(capsys, book, "--first-colour", colour)
        assert pairs == gacrux[f"H-{colour}"], colour
        assert err == ""


def test_a_later_round_of_a_file_whose_xxc_contradicts_its_round_one(capsys, tmp_path, gacrux):
    """Round 1 was paired White first (1 White against 9, a forfeit), the file's ``XXC`` says
    black1: round 2 is paired Black, as docs/cli.md orders the sources, and one note names both
    and the one used; from the book made from the file too (it keeps the record)."""
    assert gacrux["played-B"] != gacrux["played-W"]  # the first colour decides round 2 here
    path, book = tmp_path / "open.trf", tmp_path / "open.xlsx"
    path.write_text(_played(("XXC black1",)), encoding="utf-8")
    line = next(k for k, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text.startswith("XXC"))
    pairs, err = _pair(capsys, path)
    assert pairs == gacrux["played-B"]
    note = " ".join(err.split())
    assert note == (f"elo-xl: note: {path}: first colour: line {line} (XXC) says Black, round 1 as paired says White "
                    "(player 1 had White against 9); Black is used (the order: --first-colour, 152, XXC, round 1); "
                    "to pair as round 1 was paired, give --first-colour white")
    assert _pair(capsys, path, "--first-colour", "white")[0] == gacrux["played-W"]
    assert main(["workbook", "swiss", "--from", str(path), "-o", str(book)]) == 0
    capsys.readouterr()
    pairs, err = _pair(capsys, book)
    assert pairs == gacrux["played-B"]
    # the book's kept line is named by its cell on the Event sheet
    assert re.search(rf"{re.escape(str(book))}: first colour: Event!A\d+ \(line {line} of the TRF lines it keeps, XXC\) "
                     "says Black", " ".join(err.split()))
