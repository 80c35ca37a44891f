"""The standings sheet of the round-robin and Swiss books: players in ranking order, recalculated
in LibreOffice and Gnumeric and compared with :mod:`elo_xl.tiebreaks` (points, the book's
tie-break list — FIDE's recommended one by default — then start number: one ranking) and the
engine (rating change)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from elo_xl import rate_event, tiebreaks
from elo_xl.workbook import build
from elo_xl.workbook.i18n import translate

TITLES = ["GM", "IM", "FM", "WGM", "", "", ""]
FEDERATIONS = ["VIE", "FRA", "IND", "GER", "FID"]


def random_round_robin(rng: random.Random, n: int) -> tuple[dict[str, Any], list[list[Any]]]:
    results: list[list[Any]] = [[None] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < 0.15:
                continue  # not played yet
            a = rng.choice(["1", "½", "0", "1", "0", "+"])
            b = {"1": "0", "½": "½", "0": "1", "+": "−"}[a]
            side = rng.choice(["i", "j", "both"])
            if side != "j":
                results[i][j] = a
            if side != "i":
                results[j][i] = b
    return players(rng, n), results


def players(rng: random.Random, n: int) -> dict[str, Any]:
    return {"names": [f"Player {i + 1}" for i in range(n)],
            "ratings": [rng.choice([None, rng.randint(1800, 2600)]) if rng.random() < 0.2 else rng.randint(1800, 2600)
                        for _ in range(n)],
            "titles": [rng.choice(TITLES) for _ in range(n)], "federations": [rng.choice(FEDERATIONS) for _ in range(n)]}


def random_swiss(rng: random.Random, n: int, r: int) -> tuple[list[list[Any]], list[list[Any]]]:
    pairings: list[list[Any]] = [[None] * r for _ in range(n)]
    results: list[list[Any]] = [[None] * r for _ in range(n)]
    for t in range(r):
        order = list(range(n))
        rng.shuffle(order)
        for a, b in zip(order[::2], order[1::2]):
            pairings[a][t], pairings[b][t] = b + 1, a + 1
            x = rng.choice(["1", "½", "0"])
            results[a][t], results[b][t] = x, {"1": "0", "½": "½", "0": "1"}[x]
        if n % 2:
            results[order[-1]][t] = "U"
    return pairings, results


def table(office: Any, folder: Path, data: bytes) -> list[tuple[Any, ...]]:
    source, target = folder / "book.xlsx", folder / "values.xlsx"
    source.write_bytes(data)
    office.recalculate(source, target)
    wb = openpyxl.load_workbook(target, data_only=True)
    ws = wb[translate("sheet.standings")]
    return [row[:15] for row in ws.iter_rows(min_row=5, values_only=True)]


def expected_rows(data: dict[str, Any], ranking: tiebreaks.Ranking, outcomes: list[Any]) -> list[tuple]:
    """The rows in ranking order: place, No, name, title, federation, rating, points, the six
    slots (the list's tie-breaks, blank after its end), change, new rating."""
    rows = []
    for s in ranking.order:
        i = s - 1
        o = outcomes[i]
        values = [float(v) for v in ranking.values[i]][:6]
        rows.append((ranking.ranks[i], s, data["names"][i], data["titles"][i] or "", data["federations"][i],
                     data["ratings"][i] or "", float(ranking.points[i]), *values, *[""] * (6 - len(values)),
                     "" if o.change is None else o.change, "" if o.new_rating is None else o.new_rating))
    return rows


def same(got: list[tuple], want: list[tuple]) -> None:
    assert len(got) >= len(want)
    for g, w in zip(got, want):
        assert tuple("" if v is None else v for v in g) == pytest.approx(w)


@pytest.mark.parametrize("seed", [1, 2])
def test_round_robin_standings_sheet(office: Any, tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(6, 10)
    data, results = random_round_robin(rng, n)
    got = table(office, tmp_path, build("round-robin", players=n, prefill={**data, "results": results, "k": [20] * n}))
    ranking = tiebreaks.ranking(tiebreaks.from_crosstable(results, data["ratings"]), None, "2026")
    outcomes = rate_event(data["ratings"], results, 20)
    same(got, expected_rows(data, ranking, outcomes))


@pytest.mark.parametrize("seed", [3, 4])
def test_swiss_standings_sheet(office: Any, tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    n, r = rng.randint(7, 12), rng.randint(3, 5)
    data = players(rng, n)
    pairings, results = random_swiss(rng, n, r)
    prefill = {"name": data["names"], "rating": data["ratings"], "title": data["titles"],
               "federation": data["federations"], "k": [20] * n, "pairings": pairings, "results": results}
    got = table(office, tmp_path, build("swiss", players=n + 2, rounds=r, prefill=prefill))
    event = tiebreaks.from_rounds(results, pairings, None, data["ratings"], False)
    ranking = tiebreaks.ranking(event, tiebreaks.DEFAULT_SWISS[:6], "2026")
    outcomes = rate_event(data["ratings"], results, 20, pairings=pairings)
    same(got, expected_rows(data, ranking, outcomes))
    assert all(all(v in (None, "") for v in row) for row in got[n:n + 2])  # the book's empty places
