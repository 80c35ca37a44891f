"""The standings sheet of the round-robin and Swiss books: players in ranking order, recalculated
in LibreOffice and Gnumeric and compared with :mod:`elo_xl.tiebreaks` (points, the book's
tie-break list — FIDE's recommended one by default — then start number: one ranking) and the
engine (rating change)."""

from __future__ import annotations

import datetime as dt
import io
import random
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from elo_xl import rate_event, tiebreaks
from elo_xl.workbook import build
from elo_xl.workbook.i18n import translate
from books import load_workbook

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
    wb = load_workbook(target, data_only=True)
    ws = wb[translate("sheet.standings")]
    return [row[:15] for row in ws.iter_rows(min_row=5, values_only=True)]


def expected_rows(data: dict[str, Any], ranking: tiebreaks.Ranking, outcomes: list[Any], slots: int = 6) -> list[tuple]:
    """The rows in ranking order: place, No, name, title, federation, rating, points, the
    ``slots`` printed (the list's tie-breaks, blank after its end), change, new rating."""
    rows = []
    for s in ranking.order:
        i = s - 1
        o = outcomes[i]
        values = [float(v) for v in ranking.values[i]][:6]
        rows.append((ranking.ranks[i], s, data["names"][i], data["titles"][i] or "", data["federations"][i],
                     data["ratings"][i] or "", float(ranking.points[i]), *values, *[""] * (slots - len(values)),
                     "" if o.change is None else o.change, "" if o.new_rating is None else o.new_rating))
    return rows


def same(got: list[tuple], want: list[tuple]) -> None:
    assert len(got) >= len(want)
    for g, w in zip(got, want):
        assert tuple("" if v is None else v for v in g[:len(w)]) == pytest.approx(w)


@pytest.mark.parametrize("seed", [1, 2])
def test_round_robin_standings_sheet(office: Any, tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(6, 10)
    data, results = random_round_robin(rng, n)
    got = table(office, tmp_path, build("round-robin", players=n, prefill={**data, "results": results, "k": [20] * n}))
    ranking = tiebreaks.ranking(tiebreaks.from_crosstable(results, data["ratings"]), None, "2026")
    outcomes = rate_event(data["ratings"], results, 20)
    # the round robin prints the slots filled when the book is made: FIDE's list, four codes
    same(got, expected_rows(data, ranking, outcomes, slots=len(tiebreaks.DEFAULT_ROUND_ROBIN)))


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


#: The event's dates in words, written by hand for each language: (start, end) → the text.
DATES = {
    (dt.date(2026, 3, 14), dt.date(2026, 3, 18)): {
        "en": "from 14 to 18 March 2026", "vi": "từ ngày 14 đến ngày 18 tháng 3 năm 2026",
        "ar": "من 14 إلى 18 مارس 2026", "ru": "с 14 по 18 марта 2026 г."},
    (dt.date(2026, 2, 28), dt.date(2026, 3, 3)): {
        "en": "from 28 February to 3 March 2026", "vi": "từ ngày 28 tháng 2 đến ngày 3 tháng 3 năm 2026",
        "ar": "من 28 فبراير إلى 3 مارس 2026", "ru": "с 28 февраля по 3 марта 2026 г."},
    (dt.date(2025, 12, 30), dt.date(2026, 1, 2)): {
        "en": "from 30 December 2025 to 2 January 2026",
        "vi": "từ ngày 30 tháng 12 năm 2025 đến ngày 2 tháng 1 năm 2026",
        "ar": "من 30 ديسمبر 2025 إلى 2 يناير 2026", "ru": "с 30 декабря 2025 г. по 2 января 2026 г."},
    (dt.date(2026, 5, 1), dt.date(2026, 5, 1)): {
        "en": "1 May 2026", "vi": "ngày 1 tháng 5 năm 2026", "ar": "1 مايو 2026", "ru": "1 мая 2026 г."},
    (dt.date(2026, 5, 1), None): {
        "en": "1 May 2026", "vi": "ngày 1 tháng 5 năm 2026", "ar": "1 مايو 2026", "ru": "1 мая 2026 г."},
    (None, dt.date(2026, 5, 1)): {"en": "", "vi": "", "ar": "", "ru": ""},
}


@pytest.mark.parametrize("lang", ["en", "vi", "ar", "ru"])
def test_the_dates_in_words_as_the_user_types_them(office: Any, tmp_path: Path, lang: str) -> None:
    """The line under the Standings' title: the event's name, place and dates in words, from
    the Event sheet's StartDate and EndDate as typed (a formula: the user may change them)."""
    from books import put

    for k, ((start, end), said) in enumerate(DATES.items()):
        book = load_workbook(io.BytesIO(build("round-robin", lang, players=3)))
        put(book, "EventName", "Cup")
        put(book, "Place", "Hanoi")
        put(book, "StartDate", start)
        put(book, "EndDate", end)
        source, done = tmp_path / f"{lang}-{k}.xlsx", tmp_path / f"{lang}-{k}-done.xlsx"
        book.save(source)
        office.recalculate(source, done)
        ws = load_workbook(done, data_only=True)[translate("sheet.standings", lang)]
        want = "Cup, Hanoi" + (", " + said[lang] if said[lang] else "")
        assert ws["A2"].value == want, (start, end)


def test_the_round_robin_standings_print_the_chosen_tie_breaks_only() -> None:
    """FIDE's recommended list for a round robin has four codes: four tie-break columns print,
    not six with two empty."""
    book = load_workbook(io.BytesIO(build("round-robin", "en", players=6)))
    ws = book[translate("sheet.standings", "en")]
    (area,) = [a for a in str(ws.print_area).split(",")]
    last_column = area.split(":")[1].lstrip("$").rstrip("0123456789$")
    headers = [ws.cell(row=4, column=c).value for c in range(1, openpyxl.utils.column_index_from_string(last_column) + 1)]
    assert len(headers) == 1 + 6 + 4 + 2  # place, No…points, DE WIN SB KS, change, new rating
    assert sum(1 for h in headers if isinstance(h, str) and "TbCodes" in h) == 4


def test_the_round_robin_standings_say_after_which_round(office: Any, tmp_path: Path) -> None:
    """"After round 4" on a double round robin of 5 players (its TRF file, gacrux's rounds):
    the last round with a result, not the number of games."""
    from elo_xl.cli import main
    from round_robin_cases import double_trf

    trf, book, done = tmp_path / "d.trf", tmp_path / "d.xlsx", tmp_path / "d-done.xlsx"
    trf.write_text(double_trf(5, 4, True, played=4), encoding="utf-8")
    assert main(["workbook", "round-robin", "--from", str(trf), "-o", str(book)]) == 0
    office.recalculate(book, done)
    ws = load_workbook(done, data_only=True)[translate("sheet.standings", "en")]
    assert ws["A3"].value == "After round 4 · 8 of 20 games played"


@pytest.mark.parametrize("kind,chosen,printed", [("swiss", ["BH", "SB"], 2), ("swiss", None, 6),
                                                 ("round-robin", ["SB", "WIN", "DE"], 3), ("round-robin", None, 4)])
def test_the_standings_print_as_many_tie_break_columns_as_slots_were_filled(kind, chosen, printed):
    """A book made from a file whose 202 names two codes prints two tie-break columns, not six
    with four empty (FIDE's lists: six of the Swiss's seven, the round robin's four)."""
    prefill = {"tiebreaks": chosen} if chosen else {}
    wb = load_workbook(io.BytesIO(build(kind, prefill=prefill)))
    headers = [c.value for c in wb["Standings"][4] if isinstance(c.value, str) and "TbCodes" in c.value]
    assert len(headers) == printed
