"""``export`` of a Swiss book with a player left out of a round (withdrawn, absent): the round
is written the way TRF says a known absence, ``0000 - Z`` (TRF16's zero-point bye, "known
absence from round"; TRF-2026 keeps the code and scores it as its ``162`` record's ``A``,
absence), not left blank as a round not yet paired is. Rounds nobody has paired stay blank,
and a blank round the book's kept file wrote stays as the file wrote it.

Expected values from the specification's columns: round r of a player line is columns
92 + 10·(r−1) onwards, opponent (4), colour two columns on, result two after that.
"""

from __future__ import annotations

from pathlib import Path

from elo_xl.cli import main
from elo_xl.event.samples import SWISS_TRF_PATH
from elo_xl.workbook.archive import set_cells
from elo_xl.workbook.read import read_swiss_book, swiss_grid
from pairing_cases import cut

SAMPLE = Path(SWISS_TRF_PATH).read_text(encoding="utf-8")


def _round(line: str, r: int) -> str:
    start = 89 + 10 * (r - 1)  # the two blanks before column 92 + 10·(r−1)
    return line[start:start + 10]


def _run(capsys, *args) -> str:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_a_player_left_out_of_a_round_is_written_absent(tmp_path, capsys):
    """The sample after round 4, its book; player 7 withdraws: round 5 is paired without him
    (``--absent 7``) and played (the lower start number wins). The export writes his round 5
    ``0000 - Z``, his rounds 1–4 as the file had them, rounds 6 and 7 (not paired) blank."""
    source, book, back = tmp_path / "open.trf", tmp_path / "open.xlsx", tmp_path / "back.trf"
    source.write_text(cut(SAMPLE, 4), encoding="utf-8")
    _run(capsys, "workbook", "swiss", "--from", source, "-o", book)
    _run(capsys, "pair", book, "-o", book, "--absent", "7")
    t, grid = read_swiss_book(book), swiss_grid(book)
    typed = {}
    for i, row in enumerate(t.pairings):
        j = row[4]
        if j is not None:
            typed[grid.cell(i, 4, 2)] = 1 if i + 1 < j else 0
    book.write_bytes(set_cells(book.read_bytes(), grid.sheet, typed))
    assert _run(capsys, "export", book, "-o", back) == f"{back}: TRF, 12 players, 7 rounds (5 played)\n"
    lines = {int(line[4:8]): line for line in back.read_text(encoding="utf-8").split("\n") if line.startswith("001")}
    kept = {int(line[4:8]): line for line in cut(SAMPLE, 4).split("\n") if line.startswith("001")}
    assert _round(lines[7], 5) == "  0000 - Z"
    assert [_round(lines[7], r) for r in (1, 2, 3, 4)] == [_round(kept[7], r) for r in (1, 2, 3, 4)]
    assert lines[7][80:84] == kept[7][80:84]  # no point for an absence
    assert all(not _round(line, r).strip() for line in lines.values() for r in (6, 7))
    # everybody else has a game, the pairing-allocated bye or the bye he asked for in round 5
    assert all(_round(line, 5).strip() for line in lines.values())
    # the file reads back: rate ranks it as the export did
    rated = _run(capsys, "rate", back, "--format", "json")
    import json

    ranks = {p["start_no"]: p["rank"] for p in json.loads(rated)["players"]}
    assert ranks == {n: int(line[85:89]) for n, line in lines.items()}
