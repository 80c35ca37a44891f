"""Titles as real files write them (issue 15, item 1): the short lower-case forms of older
pairing programs (`g`, `m`, `f`, `c`, `wg`, `wm`, `wf`, `wc`) mean GM, IM, FM, CM, WGM, WIM,
WFM, WCM for the norms, the report and the books; the TRF written back keeps the file's
spelling; a word that is no title is a note naming its line.

Expected values come from the file's own columns (columns 11–13 of each `001` line, read here
by slicing, not by elo-xl's reader) and FIDE B.01 §1.4.3–1.4.4."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from elo_xl.cli import main
from elo_xl.norms import parse_title
from elo_xl.titles import canonical
from elo_xl.workbook.archive import set_cells
from books import load_workbook, once

KARL = Path(__file__).parents[1] / "data" / "real" / "karl-mala-2005.trf"
#: The spellings FIDE's TRF-2016 writes, by the short form older programs write.
SHORT = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM", "wf": "WFM", "wc": "WCM"}


def _columns() -> dict[int, tuple[str, list[int]]]:
    """Start number → (title field as written, opponents), sliced from the file's columns."""
    players = {}
    for line in KARL.read_text(encoding="latin-1").splitlines():
        if line.startswith("001"):
            opponents = []
            for at in range(91, len(line), 10):
                opp = line[at:at + 4].strip()
                if opp.isdigit() and opp != "0000":
                    opponents.append(int(opp))
            players[int(line[4:8])] = (line[10:13].strip(), opponents)
    return players


@pytest.mark.parametrize("short, full", sorted(SHORT.items()))
def test_each_short_form_in_either_case(short, full):
    assert canonical(short) == canonical(short.upper()) == parse_title(short) == full
    assert canonical(full) == canonical(full.lower()) == full


def test_an_unknown_word_is_none_and_refused_by_the_functions():
    assert canonical("xm") is None
    with pytest.raises(Exception, match="is not a title"):
        parse_title("xm")


def test_the_file_uses_short_forms():
    written = {title for title, _ in _columns().values()}
    assert {"g", "m", "f"} <= written and not written & {"GM", "IM", "FM"}


def _rate(capsys, *options):
    assert main(["rate", str(KARL), "--format", "json", "--norms", *options]) == 0
    return json.loads(capsys.readouterr().out)


def test_report_titles_and_no_norm_for_a_title_held(capsys):
    data = _rate(capsys)
    columns = _columns()
    for row in data["players"]:
        written = columns[row["start_no"]][0]
        assert row["title"] == (SHORT[written.lower()] if written else None), row["name"]
        checked = [c["norm"] for c in row["norms"]]
        if written.lower() == "g":          # a GM is checked for no norm (§ a title held)
            assert checked == [], row["name"]
        elif written.lower() == "m":        # an IM only for the GM norm
            assert checked == ["GM"], row["name"]


def test_titled_opponents_are_counted(capsys):
    """Player 31 (Uwira): the opponents the file names, their titles from columns 11–13. The
    norm line names the GM opponents met ("… GM opponents, 3 needed") and, with at least half
    title holders (GM, IM, FM: §1.4.3), no shortage of title holders."""
    data = _rate(capsys)
    columns = _columns()
    opponents = columns[31][1]
    gms = sum(columns[o][0].lower() == "g" for o in opponents)
    holders = sum(columns[o][0].lower() in ("g", "m", "f", "wg", "wm", "wf") for o in opponents)
    assert (len(opponents), gms) == (7, 2) and holders * 2 >= len(opponents)
    gm = next(c for c in data["players"][30]["norms"] if c["norm"] == "GM")
    text = "; ".join(gm["unmet"])
    assert f"{gms} GM opponents, 3 needed" in text and "title holder" not in text


def test_the_table_no_longer_says_no_title_holders(capsys):
    assert main(["rate", str(KARL), "--norms"]) == 0
    out = capsys.readouterr().out
    assert "0 title holders" not in out


def test_unknown_title_is_a_note_naming_the_line(tmp_path, capsys):
    lines = KARL.read_text(encoding="latin-1").split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("001   11 "))
    lines[at] = lines[at][:10] + " XM" + lines[at][13:]
    path = tmp_path / "xm.trf"
    path.write_text("\n".join(lines), encoding="latin-1")
    assert main(["rate", str(path), "--format", "json"]) == 0
    err = capsys.readouterr().err
    assert f"line {at + 1} (player 11): the title \"XM\" is not a FIDE title" in err


def test_book_shows_full_titles_and_export_keeps_the_spelling(tmp_path, capsys):
    book, back = tmp_path / "k.xlsx", tmp_path / "k.trf"
    assert once(["workbook", "swiss", "--from", str(KARL), "-o", str(book)], book) == 0
    wb = load_workbook(book, data_only=True)  # typed cells only: no formula to read
    sheet, ref = next(iter(wb.defined_names["Titles"].destinations))
    cells = [c[0].value for c in wb[sheet][ref.replace("$", "")]]
    columns = _columns()
    assert cells[0] == "GM" and cells[1] == "IM" and cells[12] == "FM"
    assert [c or "" for c in cells[:284]] == [SHORT.get(columns[i][0].lower(), "") for i in range(1, 285)]
    # the arbiter promotes player 2 (an IM, written "m") to GM in the book
    book.write_bytes(set_cells(book.read_bytes(), sheet, {wb[sheet][ref.replace("$", "")][1][0].coordinate: "GM"}))
    assert main(["export", str(book), "-o", str(back)]) == 0
    capsys.readouterr()
    original = [x for x in KARL.read_text(encoding="latin-1").split("\n") if x.startswith("001")]
    exported = [x for x in back.read_text(encoding="utf-8").split("\n") if x.startswith("001")]
    assert exported[0][10:13] == "  g" == original[0][10:13]
    assert exported[1][10:13] == " GM" and original[1][10:13] == "  m"
    assert all(x[10:13] == y[10:13] for x, y in zip(original[2:], exported[2:]))
