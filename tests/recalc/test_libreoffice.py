"""The LibreOffice recalculation service and the readers of its results."""

from __future__ import annotations

import os
import signal
import tempfile
import time
from pathlib import Path

import openpyxl
import pytest
from openpyxl.workbook.defined_name import DefinedName

from ci import missing

from elo_xl.errors import EloError
from elo_xl.recalc import LibreOffice, read_named, read_values
from elo_xl.recalc import libreoffice as driver
from elo_xl.recalc import values as reading

READERS = ["openpyxl"] + (["calamine"] if reading._has_calamine() else [])


def small_book(path: Path) -> Path:
    """A workbook of the formulas the generator relies on, with defined names."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Data"
    for row, value in enumerate([1, 2, 3], start=1):
        sheet.cell(row, 1, value)
    sheet["B1"] = "=A1*2"
    sheet["B2"] = "=SUMPRODUCT((A1:A3>1)*A1:A3)"
    sheet["B3"] = '=IF(A5="","",1)'
    sheet["B4"] = "=LOOKUP(5,{0,4,8},{1,2,3})"
    sheet["B5"] = "=SUM(Total)*Factor"
    sheet["B6"] = '="a"&1.5'
    sheet["B7"] = "=A1>0"
    sheet["B8"] = "=INDEX(A1:A3,MATCH(2,A1:A3,0))/4"
    sheet["B9"] = "=ROUND(-4.25,1)"
    sheet["C1"] = "=1/0"
    sheet["C2"] = "=NOSUCHFUNCTION(1)"
    sheet["C3"] = '=1+"x"'
    sheet["C4"] = "=NA()"
    sheet["C5"] = "=Total*2"  # a 3-cell range in row 5: no implicit intersection
    other = book.create_sheet("R&D's <list>")
    other["A1"] = "=SUM(Data!A1:A3)"
    other["A2"] = "text"
    book.defined_names["Total"] = DefinedName("Total", attr_text="Data!$A$1:$A$3")
    book.defined_names["Factor"] = DefinedName("Factor", attr_text="10")
    book.defined_names["Doubled"] = DefinedName("Doubled", attr_text="Data!$B$1")
    book.save(path)
    return path


EXPECTED = {
    "Data": {
        "A1": 1, "A2": 2, "A3": 3,
        "B1": 2, "B2": 5, "B4": 2, "B5": 60, "B6": "a1.5", "B7": True, "B8": 0.5, "B9": -4.3,
        "C1": "#DIV/0!", "C2": "#NAME?", "C3": "#VALUE!", "C4": "#N/A", "C5": "#VALUE!",
    },
    "R&D's <list>": {"A1": 6, "A2": "text"},
}


@pytest.fixture(scope="module")
def recalculated(libreoffice: LibreOffice, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("recalculated")
    source = small_book(folder / "book.xlsx")
    target = folder / "values.xlsx"
    libreoffice.recalculate(source, target)
    return target


@pytest.mark.parametrize("reader", READERS)
def test_formulas_are_recalculated(recalculated: Path, reader: str) -> None:
    # Empty cells and the empty-text result of B3 are left out; errors are strings.
    assert read_values(recalculated, reader=reader) == EXPECTED


def test_values_without_saving(libreoffice: LibreOffice, tmp_path: Path) -> None:
    # The formula cells' results straight over the bridge: the same as a saved file gives,
    # except the empty text (kept as "") and a logical result (1: the bridge has no type for it).
    values = libreoffice.values(small_book(tmp_path / "book.xlsx"))
    formulas = {
        "Data": {**{cell: value for cell, value in EXPECTED["Data"].items() if cell[0] != "A"}, "B3": "", "B7": 1},
        "R&D's <list>": {"A1": 6},
    }
    assert values == formulas
    assert type(values["Data"]["B8"]) is float and type(values["Data"]["B1"]) is int
    assert list(tmp_path.iterdir()) == [tmp_path / "book.xlsx"]  # nothing written


@pytest.mark.parametrize("reader", READERS)
def test_an_openpyxl_file_has_no_results(tmp_path: Path, reader: str) -> None:
    values = read_values(small_book(tmp_path / "book.xlsx"), reader=reader)
    assert values == {"Data": {"A1": 1, "A2": 2, "A3": 3}, "R&D's <list>": {"A2": "text"}}


def test_readers_agree_on_types(recalculated: Path) -> None:
    if len(READERS) < 2:
        missing("python-calamine is not installed")
    by_openpyxl = read_values(recalculated, reader="openpyxl")
    by_calamine = read_values(recalculated, reader="calamine")
    assert by_calamine == by_openpyxl
    for title, cells in by_openpyxl.items():
        for coordinate, value in cells.items():
            assert type(by_calamine[title][coordinate]) is type(value), (title, coordinate)


def test_unknown_reader(recalculated: Path) -> None:
    with pytest.raises(ValueError, match="reader"):
        read_values(recalculated, reader="pandas")


def test_defined_names(recalculated: Path, tmp_path: Path) -> None:
    assert read_named(recalculated, ["Total", "Doubled", "Factor"]) == {
        "Total": [[1], [2], [3]], "Doubled": 2, "Factor": 10,
    }
    with pytest.raises(KeyError, match="Missing"):
        read_named(recalculated, ["Missing"])


def test_sheet_local_names(libreoffice: LibreOffice, tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append([4, "=Here*2"])
    sheet.defined_names["Here"] = DefinedName("Here", attr_text="Sheet!$A$1")
    book.save(tmp_path / "local.xlsx")
    libreoffice.recalculate(tmp_path / "local.xlsx", tmp_path / "values.xlsx")
    assert read_values(tmp_path / "values.xlsx")["Sheet"] == {"A1": 4, "B1": 8}
    assert read_named(tmp_path / "values.xlsx", ["Sheet!Here"]) == {"Sheet!Here": 4}


def test_pdf(libreoffice: LibreOffice, tmp_path: Path) -> None:
    seconds = libreoffice.export_pdf(small_book(tmp_path / "book.xlsx"), tmp_path / "book.pdf")
    assert (tmp_path / "book.pdf").read_bytes().startswith(b"%PDF")
    assert seconds > 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.pdf", "book.xlsx"]


def test_one_soffice_serves_many_files(libreoffice: LibreOffice, tmp_path: Path) -> None:
    starts, pids = libreoffice.starts, libreoffice.pids
    assert len(pids) >= 3  # the launcher, soffice.bin and the worker
    for number in range(50):
        book = openpyxl.Workbook()
        book.active.append([number, "=A1*3+1"])
        book.save(tmp_path / f"{number}.xlsx")
        libreoffice.recalculate(tmp_path / f"{number}.xlsx", tmp_path / f"{number}-values.xlsx")
        assert read_values(tmp_path / f"{number}-values.xlsx")["Sheet"] == {"A1": number, "B1": number * 3 + 1}
    assert libreoffice.pids == pids
    assert libreoffice.starts == starts
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary files


def test_errors_are_clear_and_the_service_survives(libreoffice: LibreOffice, tmp_path: Path) -> None:
    with pytest.raises(EloError, match="no such file"):
        libreoffice.recalculate(tmp_path / "missing.xlsx", tmp_path / "out.xlsx")
    small_book(tmp_path / "book.xlsx")
    with pytest.raises(EloError, match="does not exist"):
        libreoffice.recalculate(tmp_path / "book.xlsx", tmp_path / "no" / "out.xlsx")
    (tmp_path / "broken.xlsx").write_bytes(b"PK\x03\x04 this is not a zip archive")
    with pytest.raises(RuntimeError, match=r"LibreOffice failed on .*broken\.xlsx: .+") as raised:
        libreoffice.recalculate(tmp_path / "broken.xlsx", tmp_path / "out.xlsx")
    assert "\n" not in str(raised.value)
    assert not (tmp_path / "out.xlsx").exists()
    libreoffice.recalculate(tmp_path / "book.xlsx", tmp_path / "out.xlsx")
    assert read_values(tmp_path / "out.xlsx") == EXPECTED


def live(pid: int) -> bool:
    """Whether *pid* is a running process (a zombie is not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_bytes().rpartition(b")")[2].split()[0] != b"Z"
    except (OSError, IndexError):
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_leaving_stops_every_process(libreoffice: LibreOffice, tmp_path: Path) -> None:
    # (libreoffice: skips this test where LibreOffice is missing)
    small_book(tmp_path / "book.xlsx")
    with LibreOffice() as office:
        assert office.running
        office.recalculate(tmp_path / "book.xlsx", tmp_path / "out.xlsx")
        pids = office.pids
        session = office._session
        assert session is not None
        profile = session.folder
        assert profile.is_dir()
        assert all(live(pid) for pid in pids)
    assert not office.running
    assert [pid for pid in pids if live(pid)] == []
    assert not profile.exists()
    with pytest.raises(RuntimeError, match="not started"):
        office.recalculate(tmp_path / "book.xlsx", tmp_path / "out.xlsx")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_timeouts_and_crashes_restart_libreoffice(libreoffice: LibreOffice, tmp_path: Path) -> None:
    small_book(tmp_path / "book.xlsx")
    sockets = []
    with LibreOffice(timeout=0.001) as office:
        first = office.pids
        sockets += office._session.sockets if office._session else []
        with pytest.raises(RuntimeError, match="took more than 0.001 s; it will be restarted"):
            office.recalculate(tmp_path / "book.xlsx", tmp_path / "out.xlsx")
        assert [pid for pid in first if live(pid)] == []
        office.timeout = 60
        office.recalculate(tmp_path / "book.xlsx", tmp_path / "out.xlsx")
        assert office.starts == 2
        second = office.pids
        assert not set(first) & set(second)
        sockets += office._session.sockets if office._session else []
        # Kill soffice.bin behind the service's back: the next request starts a new one.
        soffice_bin = [pid for pid in second if "soffice.bin" in Path(f"/proc/{pid}/cmdline").read_text()]
        assert len(soffice_bin) == 1
        os.kill(soffice_bin[0], signal.SIGKILL)
        time.sleep(0.5)
        try:
            office.recalculate(tmp_path / "book.xlsx", tmp_path / "out.xlsx")
        except RuntimeError as error:  # if the crash is noticed only during the request
            assert "LibreOffice" in str(error)
            office.recalculate(tmp_path / "book.xlsx", tmp_path / "out.xlsx")
        assert read_values(tmp_path / "out.xlsx") == EXPECTED
        assert office.starts == 3
        third = office.pids
    assert [pid for pid in first + second + third if live(pid)] == []
    # soffice's pipe files in /tmp, left behind by the killed ones, are gone too.
    assert sockets and [path for path in sockets if os.path.exists(path)] == []


def test_missing_libreoffice_is_explained(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ELO_XL_SOFFICE", "no-such-soffice-program")
    assert driver.find_soffice() is None
    assert not driver.available()
    with pytest.raises(EloError, match="^LibreOffice is not installed: install libreoffice-calc-nogui and python3-uno$"):
        with LibreOffice():
            pass


@pytest.mark.office  # needs soffice installed (it does not start it)
def test_missing_bridge_is_explained(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    if driver.find_soffice() is None:
        missing(driver.NOT_INSTALLED)
    monkeypatch.setenv("ELO_XL_UNO_PYTHON", str(tmp_path / "no-python"))
    assert driver.find_uno_python() is None
    assert not driver.available()
    with pytest.raises(EloError, match="python3-uno"):
        LibreOffice().start()


def test_requests_need_a_started_service(tmp_path: Path) -> None:
    small_book(tmp_path / "book.xlsx")
    with pytest.raises(RuntimeError, match="not started"):
        LibreOffice().recalculate(tmp_path / "book.xlsx", tmp_path / "out.xlsx")


def big_book(path: Path, players: int = 500, rounds: int = 11) -> Path:
    """A Swiss-like sheet: per player and round four formulas (INDEX/MATCH, LOOKUP, ROUND)."""
    book = openpyxl.Workbook()
    roster = book.active
    roster.title = "Players"
    roster.append(["Id", "Rating"])
    for number in range(1, players + 1):
        roster.append([number, rating_of(number)])
    games = book.create_sheet("Games")
    games.append(["Id"] + [f"R{r} {what}" for r in range(1, rounds + 1) for what in ("Opp", "Score", "OppR", "Diff", "Exp", "Chg")])
    for number in range(1, players + 1):
        row = number + 1
        cells: list[object] = [number]
        for r in range(1, rounds + 1):
            column = 2 + 6 * (r - 1)
            opp, score = openpyxl.utils.get_column_letter(column), openpyxl.utils.get_column_letter(column + 1)
            opp_rating, diff, expected = (openpyxl.utils.get_column_letter(column + k) for k in (2, 3, 4))
            cells += [
                opponent_of(number, r), score_of(number, r),
                f"=INDEX(Players!$B$2:$B${players + 1},MATCH({opp}{row},Players!$A$2:$A${players + 1},0))",
                f"=MAX(-400,MIN(400,INDEX(Players!$B$2:$B${players + 1},A{row})-{opp_rating}{row}))",
                f"=LOOKUP({diff}{row},{{-400,-200,0,200}},{{0.08,0.24,0.5,0.76}})",
                f"=ROUND(20*({score}{row}-{expected}{row}),1)",
            ]
        games.append(cells)
    book.save(path)
    return path


def rating_of(number: int) -> int:
    return 1400 + number * 37 % 1300


def opponent_of(number: int, round_number: int) -> int:
    return (number + 7 * round_number) % 500 + 1


def score_of(number: int, round_number: int) -> float:
    return (number * round_number % 3) / 2


def test_a_big_sheet(libreoffice: LibreOffice, tmp_path: Path) -> None:
    started = time.perf_counter()
    big_book(tmp_path / "big.xlsx")
    built = time.perf_counter() - started
    seconds = libreoffice.recalculate(tmp_path / "big.xlsx", tmp_path / "values.xlsx")
    started = time.perf_counter()
    values = read_values(tmp_path / "values.xlsx")["Games"]
    read = time.perf_counter() - started
    print(f"\n500x11x4 formulas: built in {built:.2f} s, recalculated in {seconds:.2f} s, read in {read:.2f} s")
    assert len(values) == 500 * (1 + 11 * 6) + 1 + 66
    for number in (1, 250, 500):
        for r in (1, 6, 11):
            column = 2 + 6 * (r - 1)
            letter = openpyxl.utils.get_column_letter
            opp = rating_of(opponent_of(number, r))
            diff = max(-400, min(400, rating_of(number) - opp))
            expected = 0.08 if diff < -200 else 0.24 if diff < 0 else 0.5 if diff < 200 else 0.76
            row = number + 1
            assert values[f"{letter(column + 2)}{row}"] == opp
            assert values[f"{letter(column + 3)}{row}"] == diff
            assert values[f"{letter(column + 4)}{row}"] == expected
            assert values[f"{letter(column + 5)}{row}"] == pytest.approx(20 * (score_of(number, r) - expected), abs=0.051)
    assert seconds < 60


@pytest.mark.skipif(os.name != "posix", reason="uses shell scripts")
def test_a_soffice_that_fails_to_start(
    libreoffice: LibreOffice, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # (libreoffice: skips this test where LibreOffice or its Python bridge is missing)
    temporary = tmp_path / "temporary"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    exits = tmp_path / "exits"
    exits.write_text("#!/bin/sh\necho 'soffice: cannot open display' >&2\nexit 3\n")
    exits.chmod(0o755)
    started = time.monotonic()
    with pytest.raises(RuntimeError, match=r"^LibreOffice did not start: soffice exited with status 3 \(soffice: cannot open display\)$"):
        LibreOffice(soffice=str(exits)).start()
    assert time.monotonic() - started < 10
    # A soffice that never answers: the worker gives up, and its children are stopped too.
    hangs = tmp_path / "hangs"
    marker = tmp_path / "pid"
    hangs.write_text(f"#!/bin/sh\nsleep 300 &\necho $! > {marker}\nwait\n")
    hangs.chmod(0o755)
    with pytest.raises(RuntimeError, match="could not connect to LibreOffice within 1 s"):
        LibreOffice(soffice=str(hangs), startup_timeout=1).start()
    assert not live(int(marker.read_text()))
    assert list(temporary.iterdir()) == []  # the profile folders are gone
