"""Titles typed as older pairing programs write them (issue 15, item 1: ``g``, ``m``, ``wg``,
``wm``, ``f`` in any case) count in the books' Norms sheets as in ``elo-xl rate --norms``:
as title holders, as GM/IM opponents, and as titles already held (a norm of the player's own
title or a lower one is not checked: the sheet says so, and rate does not list it).

The event: a 10-player round robin (a TRF with the short forms in its title field) with three
GMs typed ``g``/``G``, an IM ``m``, a WGM ``wg``, two WIMs ``wm``/``WM`` and an FM ``f``. Read
as no title, nobody would have the three GM/IM opponents an IM norm needs; read as titles, rate
finds IM norms for Foxtrot, Golf and Juliet. Both books, recalculated in LibreOffice and
Gnumeric, give every figure rate gives for every norm rate checks.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from books import NORM_NAMES as NAMES, load_workbook, put
from elo_xl.cli import main
from elo_xl.recalc import read_named

TRF = """\
012 Short titles open
042 2026/05/01
052 2026/05/09
XXR 9
001    1 m  g Alpha, A                          2620 GER                                     10 w 0     9 b 1     8 w 0     7 b 0     6 w 0     5 b =     4 w 0     3 b =     2 w 0
001    2 m  G Bravo, B                          2590 FRA                                      9 b =     7 b 1     5 b 1     3 b 1    10 b =     8 b =     6 b 1     4 b 0     1 b 1
001    3 m  g Charlie, C                        2575 ESP                                      8 w 1     6 w 1     4 w =     2 w 0     9 w 1     7 w 0     5 w 0     1 w =    10 b =
001    4 m  m Delta, D                          2480 NOR                                      7 b 1     5 b =     3 b =    10 b 0     8 b =     6 b =     1 b 1     2 w 1     9 w =
001    5 w wg Echo, E                           2420 GER                                      6 w 1     4 w =     2 w 0     9 w =     7 w 0     1 w =     3 b 1    10 b =     8 b 0
001    6 w wm Foxtrot, F                        2390 VIE                                      5 b 0     3 b 0    10 b =     8 b 1     1 b 1     4 w =     2 w 0     9 w 1     7 w 1
001    7 w WM Golf, G                           2370 FRA                                      4 w 0     2 w 0     9 w =     1 w 1     5 b 1     3 b 1    10 b =     8 b 1     6 b 0
001    8 m  f Hotel, H                          2400 ESP                                      3 b 0    10 b =     1 b 1     6 w 0     4 w =     2 w =     9 w 0     7 w 0     5 w 1
001    9 w    India, I                          2350 NOR                                      2 w =     1 w 0     7 b =     5 b =     3 b 0    10 b =     8 b 1     6 b 0     4 b =
001   10 m    Juliet, J                         2480 VIE                                      1 b 1     8 w =     6 w =     4 w 1     2 w =     9 w =     7 w =     5 w =     3 w =
"""
#: The title field of each player as the file writes it (columns 11-13 of the 001 lines).
TYPED = ["g", "G", "g", "m", "wg", "wm", "WM", "f", "", ""]
#: The norms a title holder is not checked for, by hand (FIDE B.01: GM > IM > WGM > WIM).
HELD = {"g": {"GM", "IM", "WGM", "WIM"}, "G": {"GM", "IM", "WGM", "WIM"}, "m": {"IM", "WGM", "WIM"},
        "wg": {"WGM", "WIM"}, "wm": {"WIM"}, "WM": {"WIM"}}


@pytest.fixture(scope="module")
def event(tmp_path_factory) -> tuple[Path, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("short")
    path = folder / "short.trf"
    path.write_text(TRF, encoding="utf-8")
    out = folder / "rate.json"
    assert main(["rate", str(path), "--norms", "-o", str(out)]) == 0
    return path, json.loads(out.read_text(encoding="utf-8"))


def test_rate_reads_the_short_titles(event) -> None:
    _, report = event
    checked = [[c["norm"] for c in p["norms"]] for p in report["players"]]
    # a GM is checked for nothing, an IM for GM, a WGM for GM and IM, a WIM for GM, IM and WGM
    assert checked[:8] == [[], [], [], ["GM"], ["GM", "IM"], ["GM", "IM", "WGM"], ["GM", "IM", "WGM"], ["GM", "IM"]]
    made = {(p["name"], c["norm"]) for p in report["players"] for c in p["norms"] if c["achieved"]}
    assert {("Foxtrot, F", "IM"), ("Golf, G", "IM"), ("Juliet, J", "IM")} <= made


@pytest.mark.parametrize("kind", ["round-robin", "swiss"])
def test_the_norms_sheet_reads_the_short_titles_as_rate_does(office: Any, tmp_path: Path, event, kind: str) -> None:
    path, report = event
    book_path = tmp_path / "book.xlsx"
    assert main(["workbook", kind, "--from", str(path), "-o", str(book_path)]) == 0
    compared = held = 0
    for norm in ("GM", "IM", "WGM", "WIM"):
        book = load_workbook(book_path)
        put(book, "Titles", TYPED)  # as the arbiter types them
        put(book, "NormTitle", [norm] * len(TYPED))
        source, target = tmp_path / f"{norm}.xlsx", tmp_path / f"{norm}-values.xlsx"
        book.save(source)
        office.recalculate(source, target)
        values = {name: [None if row[0] == "" else row[0] for row in rows]
                  for name, rows in read_named(target, NAMES).items()}
        for i, player in enumerate(report["players"]):
            got = {name: values[name][i] for name in NAMES}
            check = next((c for c in player["norms"] if c["norm"] == norm), None)
            if norm in HELD.get(TYPED[i], set()):
                assert check is None and got["NormStatus"] == f"already holds the {norm} title or a higher one", (i, got)
                held += 1
            elif check is not None:
                assert (got["NormGames"], got["NormAverage"], got["NormPerformance"]) == (
                    check["games_credited"], check["ra"], check["rp"]), (i, norm, got, check)
                assert (got["NormScore"], got["NormRequired"], got["NormNeeded"]) == (
                    check["score"], check["points_required"], check["points_needed"]), (i, norm, got, check)
                assert (got["NormStatus"] == f"{norm} norm made") == check["achieved"], (i, norm, got, check)
                compared += 1
    # rate's checks: 0 + 0 + 0 + 1 + 2 + 3 + 3 + 2 (the list above), India (a woman) 4, Juliet 2;
    # held: three GMs × 4, the IM 3, the WGM 2, the two WIMs 1 each
    assert (compared, held) == (17, 19)
