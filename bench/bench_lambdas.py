"""Benchmark of the functions as LAMBDA names: ``ELO_EVENT`` over a 500-player, 11-round Swiss
evaluated by IronCalc through the LAMBDA, next to the Swiss book's own formulas recalculated by
LibreOffice (start-up excluded), both compared with the engine.

    python bench/bench_lambdas.py [PLAYERS ROUNDS]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import openpyxl  # noqa: E402
from openpyxl.worksheet.formula import ArrayFormula  # noqa: E402

from bench_engine import swiss_event  # noqa: E402
from bench_workbook import compare, prefill  # noqa: E402

from elo_xl import rate_event  # noqa: E402
from elo_xl.recalc import LibreOffice, available  # noqa: E402
from elo_xl.workbook import build  # noqa: E402
from elo_xl.workbook.lambdas import add_to_workbook  # noqa: E402


def lambda_book(ratings: list, pairings: list, results: list) -> bytes:
    """A book holding the event and one cell ``=ELO_EVENT(…)`` spilled over n × 7 cells."""
    n, r = len(pairings), len(pairings[0])
    wb = openpyxl.Workbook()
    data = wb.active
    data.title = "Data"
    for i in range(n):
        data.cell(i + 1, 1, ratings[i][0])
        for t in range(r):
            data.cell(i + 1, 2 + t, pairings[i][t])
            data.cell(i + 1, 2 + r + t, results[i][t])
    last = openpyxl.utils.get_column_letter
    out = wb.create_sheet("Event")
    out["A1"] = ArrayFormula(f"A1:G{n}", f"=ELO_EVENT(Data!A1:A{n},Data!{last(2 + r)}1:{last(1 + 2 * r)}{n},,,"
                                         f"Data!B1:{last(1 + r)}{n})")
    add_to_workbook(wb)
    with tempfile.NamedTemporaryFile(suffix=".xlsx") as file:
        wb.save(file.name)
        return Path(file.name).read_bytes()


def ironcalc_times(xlsx: bytes, n: int, repeat: int = 3) -> tuple[list[float], list[float], list]:
    """IronCalc: seconds to load the book, seconds to evaluate it, and the new ratings."""
    import ironcalc

    loads, evaluations = [], []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "event.xlsx")
        path.write_bytes(xlsx)
        for _ in range(repeat):
            started = time.perf_counter()
            model = ironcalc.load_from_xlsx(str(path), "en", "UTC")
            loaded = time.perf_counter()
            model.evaluate()
            evaluations.append(time.perf_counter() - loaded)
            loads.append(loaded - started)
    return loads, evaluations, [model.get_cell_value_by_ref(f"Event!F{i + 1}") for i in range(n)]


def main(players: int = 500, rounds: int = 11) -> None:
    ratings, pairings, results = swiss_event(players, rounds)
    xlsx = lambda_book(ratings, pairings, results)
    loads, evaluations, new = ironcalc_times(xlsx, players)
    engine = [o.new_rating for o in rate_event(ratings, results, None, "FIDE", pairings)]
    same = sum(1 for a, b in zip(new, engine) if a == b or (a in ("", None) and b is None))
    print(f"IronCalc ELO_EVENT {players}x{rounds} (LAMBDA)   : evaluate median {statistics.median(evaluations):6.2f} s, "
          f"best {min(evaluations):6.2f} s; load {statistics.median(loads):5.2f} s")
    print(f"new ratings equal to the engine  : {same} of {len(engine)}")
    if not available():
        print("LibreOffice is not installed: the book's own formulas not measured")
        return
    data, *_ = prefill(players, rounds)
    book = build("swiss", players=players, rounds=rounds, prefill=data)
    with tempfile.TemporaryDirectory() as folder, LibreOffice() as office:
        source, computed = Path(folder, "swiss.xlsx"), Path(folder, "computed.xlsx")
        source.write_bytes(book)
        office.recalculate(source, computed)  # warm-up
        seconds = [office.recalculate(source, computed) for _ in range(3)]
        print(f"LibreOffice Swiss book {players}x{rounds} (native) : median {statistics.median(seconds):6.2f} s, "
              f"best {min(seconds):6.2f} s (load, calculate all, save; start-up excluded)")
        compare(computed, ratings, pairings, results)


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
