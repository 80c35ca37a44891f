"""Issue 31, item 6 B: a list `period` writes reads back to the same next month, in every format.

Three months (April, May, June 2026) run four times: each month's ``--list`` being last month's
list written as TXT, as CSV, as ``.xlsx``, or taken from the database (``--db`` without
``--list``). Every chain keeps its own database, so that the lists are the only difference; each
month's new list is compared through ``--show --format json`` and as read back by the list reader.

The list of 1 April (a CSV with standard ratings beside the rated type's): A (11) 2000 K 20,
standard 2050; B (12) and C (13) unrated in the type, standard 2100 and 1900; D (14) 1950 K 20;
E (15, a woman, born 2011) unrated everywhere; F (16, FM, inactive) 2300 K 20. E and F never
play. April: B beats A, D draws A. May: C beats A, D draws C. June: B draws C, D beats B, C
beats A.

Rapid and blitz by hand (FIDE-RULES.md table 8.1.2; FIDE-PERIODS.md §7.2.1: an unrated player
with a standard rating is rated with it, K 40 when the list gives none):

* April: A (2000) − B (seed 2100): D 100 → .64/.36; A − D (1950): D 50 → .57/.43. A 20 ×
  (−.36 − .07) = −8.6 → 1991; B 40 × .36 = 14.4 → 2114 (K 40); D 20 × .07 = 1.4 → 1951.
* May: C (seed 1900) − A (1991): D 91 → .62/.38; C − D (1951): D 51 → .57/.43. C 40 × (.62 +
  .07) = 27.6 → 1928 (K 40); A 20 × −.62 = −12.4 → 1979; D 20 × −.07 = −1.4 → 1950.
* June: B (2114) − C (1928): D 186 → .74/.26; B − D (1950): D 164 → .72/.28; C − A (1979):
  D 51 → .57/.43. B 40 × (−.24 − .72) = −38.4 → 2076; C 40 × (.24 + .57) = 32.4 → 1960;
  D 20 × .72 = 14.4 → 1964; A 20 × −.57 = −11.4 → 1968.

A rapid or blitz list that leaves C out (he has no rating of the type after April) has him
rated next month as an unrated player, not with his standard rating: A's and D's games against
him are then not rated, and the chain drifts from May on.

Standard: B and C are unrated players, whose games are pooled; only A − D counts: April A 20 ×
−.07 = −1.4 → 1999, D +1 → 1951, then no change (the other games are against unrated players).
A list that leaves out the unrated players (B, C, E) makes them newcomers the next month.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from elo_xl.cli import main
from elo_xl.period.lists import iter_list
from period_helpers import write_event

LIST = ("fide_id,name,federation,sex,title,rating,games,k,birth_year,flag,standard_rating\n"
        "11,Ann,VIE,F,,2000,0,20,1980,w,2050\n"
        "12,Bao,VIE,M,,0,0,,1985,,2100\n"
        "13,Cuong,VIE,M,,0,0,,1990,,1900\n"
        "14,Dung,VIE,M,,1950,0,20,1975,,\n"
        "15,Em,VIE,F,,0,0,,2011,w,\n"
        "16,Phuc,VIE,M,FM,2300,0,20,1970,i,2310\n")
A, B, C, D = ("Ann", 11, 2000), ("Bao", 12, None), ("Cuong", 13, None), ("Dung", 14, 1950)
MONTHS = (("2026-04", "2026/04/04", [A, B, D], [[(1, 2, "0")], [(3, 1, "=")]]),
          ("2026-05", "2026/05/09", [C, A, D], [[(1, 2, "1")], [(3, 1, "=")]]),
          ("2026-06", "2026/06/06", [B, C, D, A], [[(1, 2, "=")], [(3, 1, "1"), (4, 2, "0")]]))
#: (new rating, next K) of A, B, C, D after each month, by hand (the module's story).
FAST = {"2026-04": {11: (1991, 20), 12: (2114, 40), 13: (None, None), 14: (1951, 20)},
        "2026-05": {11: (1979, 20), 12: (2114, 40), 13: (1928, 40), 14: (1950, 20)},
        "2026-06": {11: (1968, 20), 12: (2076, 40), 13: (1960, 40), 14: (1964, 20)}}
STANDARD = {month: {11: (1999, 20), 12: (None, None), 13: (None, None), 14: (1951, 20)} for month in FAST}
CHAINS = ("txt", "csv", "xlsx", "db")


def run_chain(folder: Path, kind: str, chain: str, events: list[Path]) -> dict[str, dict]:
    """The three months through one chain: each month's JSON list (``--show``) and its list as
    the next month reads it (the file written, or the database's list shown as CSV)."""
    folder.mkdir()
    (folder / "april.csv").write_text(LIST, encoding="utf-8")
    db, given = folder / "ratings.sqlite", folder / "april.csv"
    seen = {}
    for (month, *_), event in zip(MONTHS, events):
        out = folder / f"{month}.{'csv' if chain == 'db' else chain}"
        args = ["period", "--type", kind, "--month", month, str(event), "--db", str(db), "-o", str(out)]
        if chain != "db" or given is not None:
            args += ["--list", str(given)]
        assert main(args) == 0, (chain, month)
        shown = folder / f"{month}.json"
        assert main(["period", "--db", str(db), "--show", month, "--type", kind, "-o", str(shown)]) == 0
        players = json.loads(shown.read_text(encoding="utf-8"))["players"]
        seen[month] = {"players": players, "list": [r._replace(line=0) for r in iter_list(out, kind)]}
        given = None if chain == "db" else out
    return seen


@pytest.mark.parametrize("kind", ["standard", "rapid", "blitz"])
def test_three_months_through_every_format_give_the_same_lists(tmp_path, kind, capsys):
    events = [write_event(tmp_path, f"{month}.trf", players, games, start=start)
              for month, start, players, games in MONTHS]
    chains = {chain: run_chain(tmp_path / chain, kind, chain, events) for chain in CHAINS}
    capsys.readouterr()
    want = STANDARD if kind == "standard" else FAST
    for month, *_ in MONTHS:
        got = {p["fide_id"]: (p["new_rating"], p["next_k"]) for p in chains["csv"][month]["players"]}
        assert {i: got[i] for i in want[month]} == want[month], month
        for chain in ("txt", "xlsx", "db"):
            assert chains[chain][month]["players"] == chains["csv"][month]["players"], (chain, month)
            assert chains[chain][month]["list"] == chains["csv"][month]["list"], (chain, month)
    # every player of April's list is on June's, in its order: E and F, who never played, too
    june = chains["txt"]["2026-06"]["list"]
    assert [r.fide_id for r in june] == [11, 12, 13, 14, 15, 16]
    assert (june[4].sex, june[4].birth_year, june[4].flag, june[4].rating) == ("F", 2011, "w", None)
    assert (june[5].title, june[5].flag, june[5].rating, june[5].k) == ("FM", "i", 2300, 20)
    assert [r.standard for r in june] == ([None] * 6 if kind == "standard" else [2050, 2100, 1900, None, None, 2310])
