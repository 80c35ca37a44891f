"""Benchmark of the workbook generator: prints timings and sizes.

    python bench/bench_workbook.py

* generation of a 1000-player, 15-round Swiss book (target: under 5 s);
* LibreOffice recalculation of a 500-player, 11-round Swiss, without LibreOffice's start-up
  (target: under 2 s), and that every output equals the engine: re-saved by LibreOffice, and
  as ``elo-xl recalc`` does it (values over the bridge, stored in the book); the same in Gnumeric;
* the same 500 x 11 Swiss with every second board typed on one row only (the other side
  implied by the book's formulas), compared with the engine on both sides;
* file sizes.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_engine import swiss_event  # noqa: E402

from elo_xl import rate_event  # noqa: E402
from elo_xl.recalc import LibreOffice, available, gnumeric, read_named  # noqa: E402
from elo_xl.workbook import build, with_values  # noqa: E402


def prefill(players: int, rounds: int) -> tuple[dict, list, list, list]:
    ratings, pairings, results = swiss_event(players, rounds)
    data = {"name": [f"Player {i + 1}" for i in range(players)], "rating": [r[0] for r in ratings],
            "pairings": pairings, "results": results}
    return data, ratings, pairings, results


def main() -> None:
    data, *_ = prefill(1000, 15)
    times = []
    for _ in range(3):
        start = time.perf_counter()
        book = build("swiss", players=1000, rounds=15, prefill=data)
        times.append(time.perf_counter() - start)
    print(f"generate swiss 1000 x 15         : median {statistics.median(times):5.2f} s, best {min(times):5.2f} s, "
          f"{len(book) / 1e6:5.2f} MB")
    for kind, options in (("swiss", {}), ("round-robin", {"players": 30}), ("player", {}), ("match", {"games": 1000})):
        print(f"generate {kind:<11} {str(options):<16}: {len(build(kind, **options)) / 1e3:7.1f} kB")

    data, ratings, pairings, results = prefill(500, 11)
    xlsx = build("swiss", players=500, rounds=11, prefill=data)
    print(f"swiss 500 x 11 file              : {len(xlsx) / 1e6:5.2f} MB")
    recalculations(xlsx, ratings, pairings, results, "")
    once = typed_once(data)
    if once is not None:
        recalculations(build("swiss", players=500, rounds=11, prefill=once), ratings, pairings, results,
                       ", half the boards typed once")


def typed_once(data: dict) -> dict | None:
    """The prefill with every second board's higher-numbered row left blank (None: no such book)."""
    pairings = [list(row) for row in data["pairings"]]
    results = [list(row) for row in data["results"]]
    boards = 0
    for i, row in enumerate(pairings):
        for t, opponent in enumerate(row):
            if opponent and opponent - 1 > i and pairings[opponent - 1][t] == i + 1:
                boards += 1
                if boards % 2:
                    pairings[opponent - 1][t] = None
                    results[opponent - 1][t] = None
    return {**data, "pairings": pairings, "results": results} if boards else None


def recalculations(xlsx: bytes, ratings: list, pairings: list, results: list, label: str) -> None:
    """Recalculate ``xlsx`` in each engine installed; time it and compare with the engine."""
    engines = (("LibreOffice", available, LibreOffice, "load, calculate all, save; start-up excluded"),
               ("Gnumeric", gnumeric.available, gnumeric.Gnumeric, "ssconvert --recalc: start, load, calculate, save"))
    for name, installed, engine_class, what in engines:
        if not installed():
            print(f"{name} is not installed: recalculation not measured")
            continue
        with tempfile.TemporaryDirectory() as folder, engine_class() as office:
            source, computed = Path(folder, "swiss.xlsx"), Path(folder, "computed.xlsx")
            source.write_bytes(xlsx)
            office.recalculate(source, computed)  # warm-up
            seconds = [office.recalculate(source, computed) for _ in range(3)]
            print(f"{name + ' recalculation 500x11' + label}: median {statistics.median(seconds):5.2f} s, "
                  f"best {min(seconds):5.2f} s ({what})")
            compare(computed, ratings, pairings, results)
            if name == "LibreOffice":
                # what `elo-xl recalc` and `workbook --values` do: values over the bridge, stored in the book
                stored = Path(folder, "stored.xlsx")
                seconds = []
                for _ in range(3):
                    started = time.perf_counter()
                    stored.write_bytes(with_values(xlsx, office))
                    seconds.append(time.perf_counter() - started)
                print(f"{'LibreOffice values stored 500x11' + label}: median {statistics.median(seconds):5.2f} s, "
                      f"best {min(seconds):5.2f} s (load, calculate all, values over the bridge, stored in the "
                      "book: elo-xl recalc without start-up)")
                compare(stored, ratings, pairings, results)


def compare(computed: Path, ratings: list, pairings: list, results: list) -> None:
    """Print how many of the book's new ratings equal the engine's."""
    new = [row[0] for row in read_named(computed, ["NewRating"])["NewRating"]]
    engine = [o.new_rating for o in rate_event(ratings, results, None, "FIDE", pairings)]
    same = sum(1 for a, b in zip(new, engine) if a == b or (a in (None, "") and b is None))
    print(f"new ratings equal to the engine  : {same} of {len(engine)}")


if __name__ == "__main__":
    main()
