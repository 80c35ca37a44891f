"""`-o` means what its extension says (issue 15, item 2): `.txt` the table, `.csv`, `.json`,
`.xlsx` a formatted rating report; a `--format` contradicting the extension is an error naming
both, and nothing is written.

The event: Ann (2500) beats Bob (2400), K 10. By hand (FIDE B.02 table 8.1.2): a difference of
100 gives Ann an expected score of 0.64, so her change is 10 × (1 − 0.64) = 3.6 → +4 and Bob's
−4; new ratings 2504 and 2396."""

from __future__ import annotations

import csv
import json

import pytest

from elo_xl.cli import main
from books import load_workbook

EVENT = "name,rating,k,Ann,Bob\n=HYPERLINK(\"x\"),2500,10,,1\nBob,2400,10,0,\n"


@pytest.fixture
def event(tmp_path):
    path = tmp_path / "cup.csv"
    path.write_text(EVENT, encoding="utf-8")
    return path


def test_csv_by_extension(event, tmp_path, capsys):
    out = tmp_path / "r.csv"
    assert main(["rate", str(event), "-o", str(out)]) == 0
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert [(r["change"], r["new_rating"]) for r in rows] == [("4", "2504"), ("-4", "2396")]


def test_json_by_extension(event, tmp_path, capsys):
    out = tmp_path / "r.JSON"
    assert main(["rate", str(event), "-o", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert [p["new_rating"] for p in data["players"]] == [2504, 2396]


def test_txt_is_the_table(event, tmp_path, capsys):
    out = tmp_path / "r.txt"
    assert main(["rate", str(event), "-o", str(out)]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    # the standings, a blank line, the ratings: Bob's change, new rating and performance end his line
    headers = [i for i, line in enumerate(lines) if line.split()[:2] == ["No", "Name"]]
    assert len(headers) == 2 and lines[headers[0] + 3] == "" and lines[headers[1] + 2].split()[-3:] == ["-4", "2396", "1700"]


def test_xlsx_report(event, tmp_path, capsys):
    out = tmp_path / "r.xlsx"
    assert main(["rate", str(event), "-o", str(out)]) == 0
    wb = load_workbook(out)
    assert len(wb.sheetnames) == 1
    ws = wb.active
    header = [c.value for c in ws[2]]
    assert header[:2] == ["No", "Name"] and "New" in header and "Change" in header
    ann = {h: c.value for h, c in zip(header, ws[3])}
    bob = {h: c.value for h, c in zip(header, ws[4])}
    assert (ann["Change"], ann["New"], bob["Change"], bob["New"]) == (4, 2504, -4, 2396)
    assert ann["Name"] == '=HYPERLINK("x")' and ws["B3"].data_type == "s"   # a name, never a formula
    assert ws.freeze_panes == "C3" and ws.print_title_rows == "$2:$2"
    assert ws.page_setup.orientation == "landscape" and ws.page_setup.fitToWidth == 1
    assert ws.page_setup.fitToHeight == 0 and ws.sheet_properties.pageSetUpPr.fitToPage
    name_width = ws.column_dimensions["B"].width
    assert name_width > ws.column_dimensions["A"].width and name_width >= len('=HYPERLINK("x")')


@pytest.mark.parametrize("given, name", [("txt", "r.csv"), ("csv", "r.json"), ("json", "r.xlsx"), ("xlsx", "r.txt")])
def test_contradiction_is_an_error_naming_both(event, tmp_path, capsys, given, name):
    out = tmp_path / name
    assert main(["rate", str(event), "--format", given, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"--format {given} contradicts -o {out}" in err and not out.exists()


def test_agreeing_format(event, tmp_path, capsys):
    out = tmp_path / "x.csv"
    assert main(["rate", str(event), "--format", "csv", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("start_no,name")


# Issue 23, item 7: -o means its extension for every command that writes. The four formats
# rate writes are .txt, .csv, .json, .xlsx (docs/cli.md); a workbook is .xlsx; a TRF is .trf
# (or .txt); any other name, or none, is refused with the message export uses, and nothing
# is written.
@pytest.mark.parametrize("name", ["r.xls", "r.ods", "r.pdf", "r.out", "report"])
@pytest.mark.parametrize("given", [None, "csv"])
def test_rate_refuses_a_name_of_another_format(event, tmp_path, capsys, name, given):
    out = tmp_path / name
    argv = ["rate", str(event), "-o", str(out)] + (["--format", given] if given else [])
    assert main(argv) == 2
    ext = name.rpartition(".")[2] if "." in name else "a file without an extension"
    assert capsys.readouterr().err == (f"elo-xl: -o {out}: rate writes .txt, .csv, .json or .xlsx, not {ext}; "
                                       "name the file .txt, .csv, .json or .xlsx\n")
    assert not out.exists()


@pytest.mark.parametrize("name", ["s.xls", "s.ods", "s.pdf", "s"])
def test_workbook_refuses_a_name_of_another_format(tmp_path, capsys, name):
    out = tmp_path / name
    assert main(["workbook", "swiss", "--players", "4", "--rounds", "1", "-o", str(out)]) == 2
    ext = name.rpartition(".")[2] if "." in name else "a file without an extension"
    assert capsys.readouterr().err == (f"elo-xl: -o {out}: workbook writes an .xlsx workbook, not {ext}; "
                                       "name the file .xlsx\n")
    assert not out.exists()


@pytest.mark.parametrize("name", ["x.ods", "x.pdf", "x"])
def test_export_refuses_any_name_but_trf(tmp_path, capsys, name):
    book = tmp_path / "b.xlsx"
    assert main(["workbook", "swiss", "--players", "4", "--rounds", "1", "-o", str(book)]) == 0
    capsys.readouterr()
    assert main(["export", str(book), "-o", str(tmp_path / name)]) == 2
    assert "export writes a TRF file, not " in capsys.readouterr().err and not (tmp_path / name).exists()


def test_period_refuses_a_name_of_another_format(tmp_path, capsys):
    out = tmp_path / "list.ods"
    assert main(["period", "--list", str(tmp_path / "l.txt"), "--month", "2026-04", str(tmp_path / "e.trf"),
                 "-o", str(out)]) == 2
    assert "-o " + str(out) + ": period writes .txt, .csv, .json or .xlsx, not ods" in capsys.readouterr().err


def test_xlsx_needs_a_file(event, capsys):
    assert main(["rate", str(event), "--format", "xlsx"]) == 2
    assert "give -o FILE.xlsx" in capsys.readouterr().err


def test_export_refuses_a_report_extension(tmp_path, capsys):
    book = tmp_path / "b.xlsx"
    assert main(["workbook", "swiss", "--players", "4", "--rounds", "1", "-o", str(book)]) == 0
    assert main(["export", str(book), "-o", str(tmp_path / "x.csv")]) == 2
    assert "export writes a TRF file, not csv" in capsys.readouterr().err


def test_period_format_contradiction(tmp_path, capsys):
    from elo_xl.period.command import output_format
    from elo_xl.errors import EloError

    assert output_format(None, "list.csv") == "csv"
    with pytest.raises(EloError, match="--format txt contradicts -o list.csv"):
        output_format("txt", "list.csv")


def test_xlsx_report_has_the_tiebreak_columns_of_the_table(event, tmp_path, capsys):
    """The report shows the tie-breaks that decide the rank, in the list's order after Points,
    as the text table does. A crosstable is a round robin: FIDE's list is DE, WIN, SB, KS
    (C.07). By hand: Ann won her one game (WIN 1), Bob none (WIN 0); Ann ranks first."""
    out = tmp_path / "r.xlsx"
    assert main(["rate", str(event), "-o", str(out)]) == 0
    ws = load_workbook(out).active
    header = [c.value for c in ws[2]]
    at = header.index("Points")
    assert header[at:at + 6] == ["Points", "DE", "WIN", "SB", "KS", "Rank"]
    ann = {h: c.value for h, c in zip(header, ws[3])}
    bob = {h: c.value for h, c in zip(header, ws[4])}
    assert (ann["WIN"], bob["WIN"], ann["Rank"], bob["Rank"]) == (1, 0, 1, 2)
