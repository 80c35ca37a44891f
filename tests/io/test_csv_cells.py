"""CSV that is safe to double-click (issue 18): ``rate --format csv`` writes a name that would
start a formula (``=``, ``+``, ``-``, ``@``, a tab, a carriage return) with a single quote in
front (OWASP's advice), numbers as they are (a negative change stays ``-7``), and a CSV
crosstable that holds such a quoted name reads it back as the name it stands for.

Expected values by hand: Ann (2500) beats Bob (2400) with K 20. The rating difference 100
gives Ann an expected score of 0.64 and Bob 0.36 (FIDE's table 8.1.2), so Ann gains
20 × (1 − 0.64) = 7.2 and Bob loses 20 × 0.36 = 7.2: ``+7`` and ``-7`` once rounded.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from elo_xl.cli import main
from elo_xl.report import as_csv
from elo_xl.event import from_crosstable, rate_tournament

INJECTED = ['=HYPERLINK("http://evil.example","Click")', "+cmd|' /C calc'!A0", "@SUM(A1:A9)", "-Bob"]


def rows_of(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text, newline="")))


def test_rate_csv_quotes_formula_names_and_keeps_numbers(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    with open("event.csv", "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(["name", "rating", "k", "1", "2", "3", "4"])
        writer.writerow([INJECTED[0], 2500, 20, "x", "1", "", ""])
        writer.writerow([INJECTED[1], 2400, 20, "0", "x", "", ""])
        writer.writerow([INJECTED[2], 2000, 20, "", "", "x", "="])
        writer.writerow([INJECTED[3], 2000, 20, "", "", "=", "x"])
    assert main(["rate", "event.csv", "--format", "csv", "-o", "out.csv", "--year", "2026"]) == 0
    rows = rows_of(Path("out.csv").read_text(encoding="utf-8"))
    assert [row["name"] for row in rows] == ["'" + name for name in INJECTED]
    assert [row["change"] for row in rows] == ["7", "-7", "0", "0"]  # numbers: never quoted
    assert [row["rating"] for row in rows] == ["2500", "2400", "2000", "2000"]
    assert not any(cell.startswith(("=", "+", "@", "\t", "\r")) for row in rows for cell in row.values())


def test_tab_and_carriage_return_led_names():
    event = from_crosstable(["\tTab", "\rReturn", "Ann", "'=Quoted"], [2500, 2400, 2300, 2200],
                            [[None, 1, None, None], [0, None, None, None], [None, None, None, 1], [None, None, 0, None]])
    rows = rows_of(as_csv(rate_tournament(event, k=20, year=2026)))
    # the quote of a name that already starts with a quote before a formula is doubled, so it reads back exactly
    assert [row["name"] for row in rows] == ["'\tTab", "'\rReturn", "Ann", "''=Quoted"]
    assert [row["change"] for row in rows] == ["7", "-7", "7", "-7"]


def test_crosstable_reads_quoted_names_back(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    with open("event.csv", "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(["name", "rating", "k", "1", "2"])
        writer.writerow(["'" + INJECTED[0], 2500, 20, "x", "1"])
        writer.writerow(["'-Bob", 2400, 20, "0", "x"])
    assert main(["rate", "event.csv", "--format", "json", "--year", "2026"]) == 0
    import json

    players = json.loads(capsys.readouterr().out)["players"]
    assert [p["name"] for p in players] == [INJECTED[0], "-Bob"]
    assert [p["change"] for p in players] == [7, -7]
