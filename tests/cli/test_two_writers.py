"""Two people or programs on one book or TRF file: one complete result or a clear refusal,
never a mix and never a false "written" (``pair``, ``recalc``, ``functions`` hold the file:
:mod:`elo_xl.io.hold`)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from elo_xl.cli import main
from elo_xl.event.samples import SWISS_TRF_PATH
from elo_xl.workbook.read import read_swiss_book
from pairing_cases import cut

SAMPLE = Path(SWISS_TRF_PATH).read_text(encoding="utf-8")
ROUND = 4  # round 5, from 0


def elo_xl(*args) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "elo_xl.cli", *map(str, args)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def round_cells(path: Path, t: int = ROUND) -> list:
    t_ = read_swiss_book(path)
    return [(row[t] if t < len(row) else None, col[t] if col and t < len(col) else None)
            for row, col in zip(t_.pairings, t_.colours or [[]] * len(t_.pairings))]


@pytest.fixture
def book(tmp_path, capsys) -> Path:
    """The sample Swiss (12 players) as a book, before round 5 is paired."""
    trf = tmp_path / "open.trf"
    trf.write_text(cut(SAMPLE, 4), encoding="utf-8")
    path = tmp_path / "open.xlsx"
    assert main(["workbook", "swiss", "--from", str(trf), "-o", str(path)]) == 0
    capsys.readouterr()
    return path


def alone(book: Path, tmp_path: Path, name: str, *options: str) -> Path:
    """The book after one ``pair`` run alone on a copy: what that run writes when nobody else runs."""
    copy = tmp_path / f"{name}.xlsx"
    shutil.copy(book, copy)
    assert main(["pair", str(copy), "-o", str(copy), *options]) == 0
    return copy


def test_two_pair_runs_on_one_book_never_mix(book, tmp_path, capsys):
    """``pair b.xlsx -o b.xlsx`` and ``pair b.xlsx -o b.xlsx --absent 7`` started together, ten
    times: the book holds round 5 as one of them pairs it alone; the run that said "written"
    is in the book; the other was refused in one line, while the first held the book or after
    it (round 5 then has no results to pair round 6 from)."""
    plain, absent = alone(book, tmp_path, "plain"), alone(book, tmp_path, "absent", "--absent", "7")
    capsys.readouterr()
    expected = {"plain": round_cells(plain), "absent": round_cells(absent)}
    assert expected["plain"] != expected["absent"]
    start = book.read_bytes()
    for _ in range(10):
        book.write_bytes(start)
        runs = {"plain": elo_xl("pair", book, "-o", book), "absent": elo_xl("pair", book, "-o", book, "--absent", 7)}
        said = {name: run.communicate(timeout=120) for name, run in runs.items()}
        codes = {name: run.returncode for name, run in runs.items()}
        written = {name for name, (out, _) in said.items() if codes[name] == 0 and out.endswith("round 5 written\n")}
        later = {name for name, (out, _) in said.items() if codes[name] == 0 and out.endswith("round 6 written\n")}
        refused = {name for name in runs if codes[name] == 2}
        for name in refused:
            out, err = said[name]
            assert out == "" and err.count("\n") == 1 and err.startswith(f"elo-xl: {book}: "), err
            # refused while the other held the book, or after it: round 5 is then paired, not played
            assert "is writing into it" in err or "changed while pair ran" in err or \
                "round 5 has 5 games without a result" in err, err
        assert len(written) == 1 and len(written | later | refused) == 2, said
        first, = written
        assert round_cells(book) == expected[first]
        assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_two_pair_runs_on_one_trf_never_lose_a_write(tmp_path):
    trf = tmp_path / "open.trf"
    start = cut(SAMPLE, 4)
    for _ in range(5):
        trf.write_text(start, encoding="utf-8")
        runs = [elo_xl("pair", trf, "-o", trf), elo_xl("pair", trf, "-o", trf, "--absent", 7)]
        said = [run.communicate(timeout=120) for run in runs]
        rounds = [out.rsplit(": round ", 1)[-1] for run, (out, _) in zip(runs, said) if run.returncode == 0]
        assert all(run.returncode in (0, 2) for run in runs), said
        assert rounds and len(set(rounds)) == len(rounds), said  # no two runs wrote the same round over each other
        text = trf.read_text(encoding="utf-8")
        if len(rounds) == 2:  # one after the other: round 5, then round 6
            assert sorted(rounds) == ["5 written\n", "6 written\n"]
        assert text != start


def test_a_stale_write_is_refused_and_the_other_save_kept(book, capsys, monkeypatch):
    """A spreadsheet saves the book while pair computes (it does not know elo-xl's lock): pair
    refuses in one line and the spreadsheet's save stays."""
    import elo_xl.pair

    real = elo_xl.pair.pair_event

    def meanwhile(*args, **kwargs):
        result = real(*args, **kwargs)
        book.write_bytes(book.read_bytes() + b"\0")  # saved again by someone else
        return result

    monkeypatch.setattr(elo_xl.pair, "pair_event", meanwhile)
    saved = book.read_bytes() + b"\0"
    assert main(["pair", str(book), "-o", str(book)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (f"elo-xl: {book}: changed while pair ran (saved by another program?); nothing was "
                                 "written: run pair again\n")
    assert book.read_bytes() == saved


@pytest.mark.parametrize("command", ["pair", "functions"])
def test_a_book_open_in_libreoffice_is_not_written(book, capsys, command):
    (book.parent / f".~lock.{book.name}#").write_text("Ann Arbiter,host,host,06.12.2026 10:00,file;", "utf-8")
    before = book.read_bytes()
    assert main([command, str(book), "-o", str(book)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (f"elo-xl: {book}: is open in LibreOffice by Ann Arbiter (.~lock.{book.name}# beside "
                                 "it), whose next save would undo what elo-xl writes; close it there first, or write "
                                 "elsewhere with -o\n")
    assert book.read_bytes() == before


def test_a_book_open_in_excel_is_not_replaced_by_a_new_one(book, capsys):
    (book.parent / f"~${book.name}").write_bytes(b"\x03Ann")
    before = book.read_bytes()
    assert main(["workbook", "swiss", "--players", "4", "--rounds", "1", "-o", str(book)]) == 2
    assert "is open in Excel" in capsys.readouterr().err
    assert book.read_bytes() == before


@pytest.mark.office
def test_pair_while_recalc_runs_is_refused(book, tmp_path):
    """``recalc b.xlsx`` takes seconds in LibreOffice; a ``pair b.xlsx -o b.xlsx`` started
    meanwhile is refused, naming recalc, and recalc's book is the one that stays; pair run
    afterwards writes its round into it."""
    import time

    expected = round_cells(alone(book, tmp_path, "alone"))
    recalc = elo_xl("recalc", book)

    lock = book.parent / f".~elo-xl.{book.name}#"
    deadline = time.monotonic() + 30
    while not lock.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    pair = elo_xl("pair", book, "-o", book)
    out, err = pair.communicate(timeout=120)
    recalc_out, recalc_err = recalc.communicate(timeout=300)
    assert recalc.returncode == 0, recalc_err
    assert pair.returncode == 2 and out == ""
    assert err == (f"elo-xl: {book}: elo-xl recalc (process {recalc.pid}) is writing into it; wait until it has "
                   "finished, then run pair again\n")
    assert all(opponent is None for opponent, _ in round_cells(book))
    again = elo_xl("pair", book, "-o", book)
    out, err = again.communicate(timeout=120)
    assert again.returncode == 0 and out.endswith("round 5 written\n"), err
    assert round_cells(book) == expected
