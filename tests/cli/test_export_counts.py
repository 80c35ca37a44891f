"""The rounds the commands count: "N rounds (k played, m paired)" where rounds are paired and
their results not yet typed, in the lines ``workbook --from`` and ``export`` print, in the
heading of ``rate`` and in its norms section.

Expected values by hand: the built-in Swiss (12 players, 7 rounds) cut after round 5 with
round 5's results taken out is 4 rounds played and round 5 paired; with one result typed
back, still so (a round is played when each of its games has a result, as ``pair`` asks of it).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from elo_xl.cli import main
from elo_xl.event.samples import OPEN_TRF_PATH, SWISS_TRF_PATH
from pairing_cases import cut
from trf_helpers import recount

SAMPLE = Path(SWISS_TRF_PATH).read_text(encoding="utf-8")
#: Column (from 1) of round 5's result on a player line.
RESULT_5 = 92 + 10 * 4 + 7


def _round_five_unplayed(keep: int | None = None) -> str:
    """The sample after round 5 with round 5's game results blank (the pairing-allocated bye
    and the byes asked for stay: the pairing wrote or honoured them); ``keep``: the start number
    whose result, and his opponent's, stay."""
    lines = []
    for line in cut(SAMPLE, 5).split("\n"):
        if line.startswith("001") and len(line) >= RESULT_5 and line[RESULT_5 - 8:RESULT_5 - 4].strip(" 0"):
            opponent = int(line[RESULT_5 - 8:RESULT_5 - 4])
            if keep not in (int(line[4:8]), opponent):
                line = line[:RESULT_5 - 1] + " " + line[RESULT_5:]
        lines.append(line)
    return recount("\n".join(lines))


def _run(capsys, *args) -> tuple[str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out, err


@pytest.mark.parametrize("keep", [None, 1])
def test_a_paired_round_without_its_results_is_paired_not_played(tmp_path, capsys, keep):
    source, book, back = tmp_path / "open.trf", tmp_path / "open.xlsx", tmp_path / "back.trf"
    source.write_text(_round_five_unplayed(keep), encoding="utf-8")
    out, _ = _run(capsys, "workbook", "swiss", "--from", source, "-o", book)
    assert out == f"{book}: Swiss book, 12 players, 7 rounds (4 played, 1 paired), FIDE\n"
    out, _ = _run(capsys, "export", book, "-o", back)
    assert out == f"{back}: TRF, 12 players, 7 rounds (4 played, 1 paired)\n"


def test_round_one_paired_and_nothing_played(tmp_path, capsys):
    source, paired, book, back = (tmp_path / n for n in ("open.trf", "r1.trf", "r1.xlsx", "back.trf"))
    source.write_bytes(Path(OPEN_TRF_PATH).read_bytes())
    _run(capsys, "pair", source, "-o", paired)
    out, _ = _run(capsys, "workbook", "swiss", "--from", paired, "-o", book)
    assert out == f"{book}: Swiss book, 12 players, 7 rounds (0 played, 1 paired), FIDE\n"
    out, _ = _run(capsys, "export", book, "-o", back)
    assert out == f"{back}: TRF, 12 players, 7 rounds (0 played, 1 paired)\n"


def test_rate_says_which_rounds_are_played(tmp_path, capsys):
    source = tmp_path / "open.trf"
    source.write_text(_round_five_unplayed(), encoding="utf-8")
    out, _ = _run(capsys, "rate", source, "--norms")
    heading = " ".join(out.split("\n\n")[0].split())
    assert heading.startswith("Saigon Chess Festival 2026 - Open A — 12 players, 7 rounds (4 played, 1 paired), "
                              "rules FIDE, tie-breaks")
    assert "Norms after round 4 of 7 (the rounds still to play count as games" in out
    notes = " ".join(out.split("\nNote: ", 1)[1].split())
    assert ("round 5 is paired, its results not all typed: a game without a result is not rated, and the points "
            "and tie-breaks count it as a game that scored nothing yet (a pairing-allocated bye its point); type the "
            "results, then rate") in notes
