"""The books' tie-breaks (FIDE Handbook C.07) recalculated in LibreOffice and Gnumeric.

* The exercise paper's 5-round Swiss (FIDE Technical Commission, *Exercises in Tie-Breaking*,
  IA M. Held, Rev. 2403220900; ``tests/data/tiebreaks/held_swiss_5.trf``), made into a book
  with ``elo-xl workbook swiss --from``: its official BH, BH/C1, SB, ARO, WIN, BPG, BWG and PS
  (2024 rules), copied below from the paper's solutions, and its DE groups (exercises 23/24:
  direct encounter separates nobody among the players on 3.5 and on 2.5 points).
* Random Swiss events with byes, forfeits, withdrawals and late entries: every tie-break the
  book offers and the rank equal to the engine's (:mod:`elo_xl.tiebreaks`), under both rule
  versions. DE is compared where the engine's tied groups are pairs, or have all met and
  need 6.2's re-ranking at most once, or have not all met and 6.3 ranks at most one of
  them first (the book applies 6.2 and 6.3 once; see the book's documentation).
"""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from books import load_workbook, put
from elo_xl import tiebreaks
from elo_xl.cli import main
from elo_xl.recalc import read_named
from elo_xl.workbook import build
from elo_xl.workbook.tiebreak_slots import SWISS

DATA = Path(__file__).parents[1] / "data" / "tiebreaks"
HELD_SWISS = DATA / "held_swiss_5.trf"

#: The paper's solutions (2024 rules), start numbers 1–16.
OFFICIAL = {
    "BH": (12.5, 13.0, 15.5, 15.0, 8.5, 12.0, 14.5, 13.5, 9.0, 13.0, 13.5, 11.5, 14.0, 11.0, 12.0, 12.5),
    "BH/C1": (11.0, 12.0, 13.0, 11.5, 7.5, 11.0, 12.5, 12.0, 7.5, 11.5, 12.0, 9.5, 12.0, 9.0, 11.0, 11.0),
    "SB": (8.0, 9.5, 10.5, 9.75, 4.25, 6.5, 3.25, 5.25, 2.25, 1.5, 5.75, 4.0, 4.25, 4.5, 3.5, 7.25),
    "ARO": (1820, 1880, 1940, 1888, 1690, 1813, 1760, 1730, 1975, 1880, 1863, 2050, 1930, 1800, 1860, 1820),
    "WIN": (2, 3, 2, 2, 2, 3, 1, 2, 1, 1, 2, 2, 1, 2, 2, 3),
    "BPG": (2, 3, 2, 2, 2, 2, 3, 2, 1, 3, 2, 0, 3, 2, 3, 2),
    "BWG": (1, 1, 1, 1, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 1, 1),
    "PS": (11.0, 13.0, 11.0, 11.5, 5.0, 6.0, 6.0, 8.5, 2.5, 4.0, 5.5, 7.0, 7.0, 6.0, 7.0, 10.5),
}
#: Exercises 23/24: the players on 3.5 points (1, 3, 4, 16) and on 2.5 (5, 8, 11) stay tied
#: after DE (all four, and all three, share a rank): DE is 0 for each.
DE_NOT_SEPARATED = (1, 3, 4, 16, 5, 8, 11)


def _recalc(office: Any, book: openpyxl.Workbook, tmp_path: Path, names: list[str], tag: str) -> dict[str, Any]:
    source, target = tmp_path / f"{tag}.xlsx", tmp_path / f"{tag}-done.xlsx"
    book.save(source)
    office.recalculate(source, target)
    return read_named(target, names)


def _column(values: Any) -> list[Any]:
    return [row[0] for row in values]


SLOTS = ["Tiebreak%d" % k for k in range(1, 7)]


@pytest.fixture(scope="module")
def held_book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("held") / "held.xlsx"
    assert main(["workbook", "swiss", "--from", str(HELD_SWISS), "-o", str(path)]) == 0
    return path


def test_the_book_of_the_exercise_paper_starts_with_its_rules(held_book: Path) -> None:
    """A TRF file starting on 1 August 2024 gets the 2024 rules and FIDE's recommended list."""
    book = load_workbook(held_book)
    (sheet, cells), = book.defined_names["TiebreakList"].destinations
    slots = [row[0].value for row in book[sheet][cells.replace("$", "")]]
    (sheet, cell), = book.defined_names["TiebreakRules"].destinations
    assert slots == ["BH/C1", "BH", "SB", "PS", "DE", "WIN"]
    assert book[sheet][cell.replace("$", "")].value == 2024


@pytest.mark.parametrize("slots", [["BH/C1", "BH", "SB", "PS", "DE", "WIN"], ["ARO", "BPG", "BWG", "WIN", "PS", "SB"]])
def test_the_exercise_papers_official_values(office: Any, held_book: Path, tmp_path: Path, slots: list[str]) -> None:
    book = load_workbook(held_book)
    put(book, "TiebreakList", slots)
    got = _recalc(office, book, tmp_path, SLOTS, "held")
    for k, code in enumerate(slots):
        values = _column(got[SLOTS[k]])
        if code == "DE":
            assert [values[s - 1] for s in DE_NOT_SEPARATED] == [0] * len(DE_NOT_SEPARATED)
        else:
            assert values == pytest.approx(list(OFFICIAL[code])), code


def test_a_red_slot_for_a_code_the_swiss_book_does_not_compute(libreoffice: Any, held_book: Path,
                                                                tmp_path: Path) -> None:
    """KS (a round-robin tie-break) and a code given twice are refused with their reason, and
    the slot counts for nothing; export refuses a code that is no code of C.07, and each red
    slot, naming its cell."""
    book = load_workbook(held_book)
    put(book, "TiebreakList", ["BH", "KS", "BH", None, None, None])
    (sheet, cells), = book.defined_names["TiebreakList"].destinations
    got = _recalc(libreoffice, book, tmp_path, ["TbCodes", "Tiebreak2", "Tiebreak3"], "red")
    assert _column(got["TbCodes"])[:3] == ["BH", None, None]
    computed = load_workbook(tmp_path / "red-done.xlsx", data_only=True)[sheet]
    first = int(cells.split(":")[0].replace("$", "")[1:])
    assert computed[f"C{first + 1}"].value.startswith("not a tie-break this book computes")
    assert computed[f"C{first + 2}"].value == "already in an earlier slot"
    assert set(_column(got["Tiebreak2"])) <= {None, ""}
    put(book, "TiebreakList", ["BH", "XYZ", None, None, None, None])
    book.save(tmp_path / "bad.xlsx")
    from elo_xl.errors import EloError
    from elo_xl.export import book_to_trf

    with pytest.raises(EloError, match=r"B\d+ \(TiebreakList\): tie-break \"XYZ\" is not a code of C.07"):
        book_to_trf(tmp_path / "bad.xlsx")
    # the slots the book shows red: export refuses them, naming the cell, rather than rank otherwise
    put(book, "TiebreakList", ["BH", "KS", None, None, None, None])
    book.save(tmp_path / "ks.xlsx")
    with pytest.raises(EloError, match=rf"B{first + 1} \(TiebreakList\): \"KS\" is not a tie-break this book computes"):
        book_to_trf(tmp_path / "ks.xlsx")
    put(book, "TiebreakList", ["BH", "SB", "bh", None, None, None])
    book.save(tmp_path / "twice.xlsx")
    with pytest.raises(EloError, match=rf"B{first + 2} \(TiebreakList\): \"bh\" is already in \S*B{first};"):
        book_to_trf(tmp_path / "twice.xlsx")


def test_export_ranks_by_the_books_list_and_version(held_book: Path, tmp_path: Path) -> None:
    """The TRF rank column of ``export`` follows the slots and the rule version of the book."""
    from elo_xl.export import book_to_trf

    book = load_workbook(held_book)
    put(book, "TiebreakList", ["WIN", "ARO", None, None, None, None])
    put(book, "TiebreakRules", 2026)
    book.save(tmp_path / "win.xlsx")
    text = book_to_trf(tmp_path / "win.xlsx")
    ranks = {int(line[4:8]): int(line[85:89]) for line in text.splitlines() if line.startswith("001")}
    event = tiebreaks.from_trf(__import__("elo_xl.io.trf_read", fromlist=["parse_trf"]).parse_trf(
        HELD_SWISS.read_text()), round_robin=False)
    expected = tiebreaks.ranking(event, "WIN,ARO", "2026").ranks
    assert [ranks[s] for s in range(1, 17)] == expected
    # by hand: Bruno (4 points) first; on 3.5, Stephan has 3 wins, the others 2: he is second
    assert ranks[2] == 1 and ranks[16] == 2


# --- random events against the engine ---------------------------------------------------------------------------


def random_swiss(rng: random.Random, n: int, r: int) -> dict[str, Any]:
    """An event with late entries, withdrawals, requested byes, pairing-allocated byes,
    forfeits and absences written ``0000 - -`` (a forfeit loss without an opponent)."""
    enter = [rng.choice([0] * 6 + [1, 2]) for _ in range(n)]
    leave = [rng.choice([r] * 6 + [r - 1, r - 2]) for _ in range(n)]
    pairings = [[None] * r for _ in range(n)]
    colours = [[None] * r for _ in range(n)]
    results = [[None] * r for _ in range(n)]
    met: set[tuple[int, int]] = set()
    for t in range(r):
        here = []
        for i in range(n):
            if t < enter[i] or t >= leave[i]:
                results[i][t] = rng.choice([None, None, "-", "Z"]) if t >= leave[i] else rng.choice([None, "Z", "H"])
            elif rng.random() < 0.08:
                results[i][t] = rng.choice(["H", "Z", "F"])
            else:
                here.append(i)
        rng.shuffle(here)
        if len(here) % 2:
            results[here.pop()][t] = "U"
        while here:
            a = here.pop()
            b = next((x for x in here if (min(a, x), max(a, x)) not in met), here[0])
            here.remove(b)
            met.add((min(a, b), max(a, b)))
            pairings[a][t], pairings[b][t] = b + 1, a + 1
            colours[a][t], colours[b][t] = ("w", "b") if rng.random() < 0.5 else ("b", "w")
            x = rng.random()
            pair = ("1", "0") if x < 0.35 else ("0", "1") if x < 0.7 else ("=", "=") if x < 0.9 else \
                ("+", "-") if x < 0.96 else ("-", "+")
            results[a][t], results[b][t] = pair
    ratings = [rng.choice([None, 1500 + rng.randrange(900)]) if rng.random() < 0.2 else 1400 + rng.randrange(1200)
               for _ in range(n)]
    return {"pairings": pairings, "colours": colours, "results": results, "ratings": ratings}


LISTS = (["BH/C1", "BH", "SB", "PS", "DE", "WIN"], ["BH/M1", "BH/C2", "BH/M2", "ARO", "TPR", "BWG"],
         ["WON", "BPG", "DE", "SB", "BH", "PS"])


def _de_comparable(event: tiebreaks.Event, codes: list[str], version: str) -> bool:
    """Whether DE's groups are ones the book ranks as the engine does (see the module's note):
    pairs, groups of three or more that have all met and need 6.2 at most once, and groups
    that have not all met where 6.3 ranks at most one player first."""
    from elo_xl.tiebreaks.encounter import _mini, tiers as encounter_tiers
    from elo_xl.tiebreaks.unplayed import prepare

    p = prepare(event, version)
    ranking = tiebreaks.ranking(event, codes, version)
    at = codes.index("DE")
    groups: dict[tuple, list[int]] = {}
    for i in range(event.players):
        groups.setdefault((ranking.points[i], *ranking.values[i][:at]), []).append(i)
    for group in groups.values():
        if len(group) < 3:
            continue
        mini, unmet = _mini(p, group, False)
        if any(unmet.values()):
            tiers = encounter_tiers(p, group, False)
            if len(tiers) > 2 or (len(tiers) == 2 and len(tiers[0]) > 1):
                return False
            continue
        for level in set(mini.values()):
            tied = [i for i in group if mini[i] == level]
            if 2 < len(tied) < len(group):
                again, _ = _mini(p, tied, False)
                sizes = [sum(1 for i in tied if again[i] == v) for v in set(again.values())]
                if any(1 < s < len(tied) for s in sizes):
                    return False
    return True


@pytest.mark.parametrize("seed", range(4))
def test_random_events_equal_the_engine(office: Any, tmp_path: Path, seed: int) -> None:
    rng = random.Random(1400 + seed)
    n, r = rng.randrange(9, 17), rng.randrange(4, 8)
    ev = random_swiss(rng, n, r)
    version = ("2024", "2026")[seed % 2]
    codes = LISTS[seed % len(LISTS)] if seed < 3 else ["BH/C1", "BH/M2", "SB", "TPR", "WIN", "ARO"]
    prefill = {"name": [f"P{i + 1}" for i in range(n)], "rating": ev["ratings"], "pairings": ev["pairings"],
               "colours": ev["colours"], "results": ev["results"], "tiebreaks": codes, "tiebreak_rules": version}
    book = load_workbook(io.BytesIO(build("swiss", players=n, rounds=r, prefill=prefill)))
    got = _recalc(office, book, tmp_path, SLOTS + ["Rank", "TbDeOpen"], f"random{seed}")
    event = tiebreaks.from_rounds(ev["results"], ev["pairings"], ev["colours"], ev["ratings"], False)
    ranking = tiebreaks.ranking(event, codes, version)
    de = "DE" not in codes or _de_comparable(event, codes, version)
    assert (got["TbDeOpen"] > 0) == (not de)  # the book says when its DE may be short
    for k, code in enumerate(codes):
        if code == "DE" and not de:
            continue
        expected = [float(row[k]) for row in ranking.values]
        assert _column(got[SLOTS[k]]) == pytest.approx(expected), (code, version)
    if de:
        assert _column(got["Rank"]) == ranking.ranks


def test_the_dropdown_offers_only_what_the_book_computes() -> None:
    """Every code of the Swiss dropdown is a code of C.07 the engine computes for a Swiss."""
    assert [t.code for t in tiebreaks.parse_codes(list(SWISS))] == list(SWISS)
    for code in tiebreaks.DEFAULT_SWISS[:6]:
        assert code in SWISS


# --- the round-robin book ---------------------------------------------------------------------------------------

HELD_ROUND_ROBIN = DATA / "held_round_robin.trf"
#: The paper's round robin (exercises 14, 16, 26; 2024 rules), start numbers 1–6: SB, KS, and
#: the ranks after points and DE (players 2 and 3 stay tied: shared rank 2).
OFFICIAL_RR = {"SB": (9.25, 6.25, 6.25, 4.25, 3.25, 2.25), "KS": (2.0, 0.5, 0.5, 1.0, 0.5, 0.0)}
RANK_PTS_DE = (1, 2, 2, 6, 5, 4)


@pytest.fixture(scope="module")
def held_rr_book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("held-rr") / "rr.xlsx"
    assert main(["workbook", "round-robin", "--from", str(HELD_ROUND_ROBIN), "-o", str(path)]) == 0
    return path


def test_the_round_robin_exercise(office: Any, held_rr_book: Path, tmp_path: Path) -> None:
    book = load_workbook(held_rr_book)
    got = _recalc(office, book, tmp_path, SLOTS + ["Rank", "TbCodes"], "rr")
    assert _column(got["TbCodes"])[:4] == ["DE", "WIN", "SB", "KS"]  # FIDE's recommended list
    assert _column(got["Tiebreak3"]) == pytest.approx(list(OFFICIAL_RR["SB"]))
    assert _column(got["Tiebreak4"]) == pytest.approx(list(OFFICIAL_RR["KS"]))
    ranks = _column(got["Rank"])
    # the shared ranks of exercise 26, made unique by the later tie-breaks, then start number
    assert sorted(ranks) == list(range(1, 7))
    assert [min(ranks[i] for i in range(6) if RANK_PTS_DE[i] == RANK_PTS_DE[s]) for s in range(6)] == list(RANK_PTS_DE)


def test_buchholz_in_a_round_robin_under_2026_is_a_red_slot(libreoffice: Any, held_rr_book: Path,
                                                           tmp_path: Path) -> None:
    book = load_workbook(held_rr_book)
    put(book, "TiebreakList", ["SB", "BH", None, None, None, None])
    put(book, "TiebreakRules", 2026)
    (sheet, cells), = book.defined_names["TiebreakList"].destinations
    got = _recalc(libreoffice, book, tmp_path, ["TbCodes"], "rr-bh")
    assert _column(got["TbCodes"])[:2] == ["SB", None]
    first = int(cells.split(":")[0].replace("$", "")[1:])
    computed = load_workbook(tmp_path / "rr-bh-done.xlsx", data_only=True)[sheet]
    assert computed[f"C{first + 1}"].value == "the 2026 rules forbid Buchholz in a round robin"


def random_crosstable(rng: random.Random, n: int) -> list[list[Any]]:
    """A round robin partly played, with forfeits, each game typed on one side or both."""
    table: list[list[Any]] = [[None] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            x = rng.random()
            if x < 0.15:
                continue  # not played yet
            a, b = ("1", "0") if x < 0.45 else ("0", "1") if x < 0.7 else ("½", "½") if x < 0.92 else \
                ("+", "-") if x < 0.96 else ("-", "+")
            side = rng.random()
            if side < 0.4:
                table[i][j], table[j][i] = a, b
            elif side < 0.7:
                table[i][j] = a
            else:
                table[j][i] = b
    return table


@pytest.mark.parametrize("seed", range(3))
def test_random_round_robins_equal_the_engine(office: Any, tmp_path: Path, seed: int) -> None:
    rng = random.Random(2600 + seed)
    n = rng.randrange(4, 11)
    table = random_crosstable(rng, n)
    ratings = [None if rng.random() < 0.2 else 1400 + rng.randrange(1200) for _ in range(n)]
    codes = [["DE", "WIN", "SB", "KS", "WON", "ARO"], ["TPR", "KS", "SB", "WON", "WIN", "DE"],
             ["SB", "DE", "ARO", "TPR", "KS", "WIN"]][seed]
    version = ("2024", "2026", "2024")[seed]
    prefill = {"names": [f"P{i + 1}" for i in range(n)], "ratings": ratings, "results": table, "tiebreaks": codes,
               "tiebreak_rules": version}
    book = load_workbook(io.BytesIO(build("round-robin", players=n, prefill=prefill)))
    got = _recalc(office, book, tmp_path, SLOTS + ["Rank", "TbDeOpen"], f"rr{seed}")
    event = tiebreaks.from_crosstable(table, ratings)
    ranking = tiebreaks.ranking(event, codes, version)
    de = _de_comparable(event, codes, version)
    assert (got["TbDeOpen"] > 0) == (not de)
    for k, code in enumerate(codes):
        if code == "DE" and not de:
            continue
        assert _column(got[SLOTS[k]]) == pytest.approx([float(row[k]) for row in ranking.values]), (code, version)
    if de:
        assert _column(got["Rank"]) == ranking.ranks


def test_a_group_not_all_met_that_direct_encounter_splits_twice(office: Any, tmp_path: Path) -> None:
    """Four players on 3 points, DE first in the list. Among them A beat B, C and D, and B beat
    C and D; C and D never met. By hand (C.07 6.3): A's 3 wins are out of everyone's reach, so A
    is first (DE 3); among the rest B's 2 wins are out of C's and D's reach (each could win one
    game, C v D), so B is next (DE 2); C and D stay tied (0). The book applies 6.3 once: it gives
    A 3 and the rest 0, and says so (TbDeOpen 1: B) on its Standings sheet."""
    # rounds: 1 A-B, 2 A-C, 3 A-D and B-C, 4 B-D; the points from byes (U full, Z zero)
    pairings = [[2, 3, 4, None, None], [1, None, 3, 4, None], [None, 1, 2, None, None], [None, None, 1, 2, None]]
    results = [["1", "1", "1", "Z", "Z"], ["0", "U", "1", "1", "Z"], ["U", "0", "0", "U", "U"],
               ["U", "U", "0", "0", "U"]]
    codes = ["DE", "WIN", "BH", "SB", "PS", "BPG"]
    prefill = {"name": list("ABCD"), "pairings": pairings, "results": results, "tiebreaks": codes,
               "tiebreak_rules": "2024"}
    event = tiebreaks.from_rounds(results, pairings, None, [None] * 4, False)
    ranking = tiebreaks.ranking(event, codes, "2024")
    assert ranking.points == [3, 3, 3, 3] and [row[0] for row in ranking.values] == [3, 2, 0, 0]
    book = load_workbook(io.BytesIO(build("swiss", players=4, rounds=5, prefill=prefill)))
    got = _recalc(office, book, tmp_path, ["Tiebreak1", "TbDeOpen"], "de-twice")
    assert _column(got["Tiebreak1"]) == [3, 0, 0, 0] and got["TbDeOpen"] == 1
