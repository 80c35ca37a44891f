"""Rating-list files: fixtures written by hand from the column table of FIDE-PERIODS.md."""

import json

import pytest

from elo_xl.cli import main
from elo_xl.errors import EloError
from elo_xl.period.lists import iter_list, read_list
from period_helpers import write_event

# players_list_foa.txt: header tokens at columns 0, 15, 76, 80, 84, 89, 94, 109, 113, 119, 123, 126,
# 132, 136, 139, 145, 149, 152, 158 (FIDE-PERIODS.md), lines 162 characters.
FOA_HEADER = ("ID Number" + " " * 6 + "Name" + " " * 57 + "Fed " + "Sex " + "Tit  " + "WTit " + "OTit" + " " * 11
              + "FOA " + "SRtng " + "SGm " + "SK " + "RRtng " + "RGm " + "Rk " + "BRtng " + "BGm " + "BK " + "B-day "
              + "Flag")
FOA_WIDTHS = (15, 61, 4, 4, 5, 5, 15, 4, 6, 4, 3, 6, 4, 3, 6, 4, 3, 6, 4)


def foa_line(fide_id, name, standard, rapid, k, blitz=0, born=1990, fed="VIE", sex="M", title="", flag="",
             games=(0, 0, 0)):
    values = (fide_id, name, fed, sex, title, "", "", "", standard, games[0], k, rapid, games[1], k, blitz, games[2],
              k, born, flag)
    return "".join(str(v).ljust(w) for v, w in zip(values, FOA_WIDTHS))


# single-type lists: the same through FOA, then rating 113–119 (header token: the month), games
# 119–123, K 123–126, B-day 126–132, Flag 132–136.
SINGLE_HEADER = FOA_HEADER[:113] + "OCT26 " + "Gms " + "K  " + "B-day " + "Flag"
SINGLE_WIDTHS = FOA_WIDTHS[:8] + (6, 4, 3, 6, 4)


def single_line(fide_id, name, rating, games, k, born, flag="", title=""):
    values = (fide_id, name, "NOR", "M", title, "", "", "", rating, games, k, born, flag)
    return "".join(str(v).ljust(w) for v, w in zip(values, SINGLE_WIDTHS))


def test_fixture_widths_follow_the_table():
    assert len(FOA_HEADER) == 162 and FOA_HEADER.index("SRtng") == 113 and FOA_HEADER.index("Flag") == 158
    assert len(foa_line(1, "A", 2000, 1900, 20)) == 162
    assert len(SINGLE_HEADER) == 136 and SINGLE_HEADER.index("B-day") == 126
    assert len(single_line(1, "A", 2000, 3, 20, 1990)) == 136


def write(tmp_path, name, lines, encoding="utf-8"):
    path = tmp_path / name
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode(encoding))
    return path


@pytest.mark.parametrize("kind,rating", [("standard", 2650), ("rapid", 2710), ("blitz", 2698)])
def test_combined_list_picks_the_type(tmp_path, kind, rating):
    path = write(tmp_path, "players_list_foa.txt", [
        FOA_HEADER,
        foa_line(1503014, "Carlsen, Magnus", 2650, 2710, 10, blitz=2698, fed="NOR", title="GM", games=(4, 9, 20)),
        foa_line(12345678, "Nguyễn, Thị Lan", 0, 0, 0, blitz=0, born=2011, sex="F", flag="wi"),
    ])
    rows = list(iter_list(path, kind))
    assert [(r.fide_id, r.rating) for r in rows] == [(1503014, rating), (12345678, None)]
    first, second = rows
    assert (first.name, first.federation, first.title, first.k) == ("Carlsen, Magnus", "NOR", "GM", 10)
    assert first.games == {"standard": 4, "rapid": 9, "blitz": 20}[kind]
    assert (second.name, second.sex, second.birth_year, second.flag, second.k) == ("Nguyễn, Thị Lan", "F", 2011, "wi", None)


def test_single_type_list(tmp_path):
    path = write(tmp_path, "standard_rating_list.txt", [
        SINGLE_HEADER,
        single_line(1503014, "Carlsen, Magnus", 2837, 0, 10, 1990, title="GM"),
        single_line(24116068, "Firouzja, Alireza", 2759, 9, 10, 2003, flag="i"),
    ], encoding="latin-1")
    rows = list(iter_list(path))
    assert [(r.fide_id, r.name, r.rating, r.games, r.k, r.birth_year, r.flag) for r in rows] == [
        (1503014, "Carlsen, Magnus", 2837, 0, 10, 1990, ""),
        (24116068, "Firouzja, Alireza", 2759, 9, 10, 2003, "i")]


def test_line_overflowing_by_one_character(tmp_path):
    # A 62-character name pushes every following field one column to the right (a 163-character line).
    long_name = "Abcdefghijklmnopqrstuvwxyz, Abcdefghijklmnopqrstuvwxyz Abcdefg"
    assert len(long_name) == 62
    normal = foa_line(5000001, "Short, Name", 2100, 2000, 20, blitz=1950, born=1985)
    over = (str(5000002).ljust(15) + long_name + foa_line(0, "", 2200, 2150, 20, blitz=2101, born=1977, flag="i")[76:])
    assert len(over) == 163
    path = write(tmp_path, "players_list_foa.txt", [FOA_HEADER, normal, over])
    rows = {r.fide_id: r for r in iter_list(path, "blitz")}
    assert (rows[5000001].rating, rows[5000001].birth_year) == (1950, 1985)
    r = rows[5000002]
    assert (r.name, r.federation, r.rating, r.k, r.birth_year, r.flag) == (long_name, "VIE", 2101, 20, 1977, "i")
    assert list(iter_list(path, "standard"))[1].rating == 2200


def test_xml_list(tmp_path):
    path = tmp_path / "players_list_xml_foa.xml"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<playerslist>\n'
        "<player><fideid>1503014</fideid><name>Carlsen, Magnus</name><country>NOR</country><sex>M</sex>"
        "<title>GM</title><w_title></w_title><o_title></o_title><foa_title></foa_title><rating>2837</rating>"
        "<games>0</games><k>10</k><rapid_rating>2823</rapid_rating><rapid_games>0</rapid_games><rapid_k>10</rapid_k>"
        "<blitz_rating>2886</blitz_rating><blitz_games>0</blitz_games><blitz_k>10</blitz_k><birthday>1990</birthday>"
        "<flag></flag></player>\n"
        "<player><fideid>12345678</fideid><name>Tran, An</name><country>VIE</country><sex>F</sex><title></title>"
        "<rating>0</rating><games>0</games><k>0</k><birthday>2012</birthday><flag>wi</flag></player>\n"
        "</playerslist>\n", encoding="utf-8")
    assert [(r.fide_id, r.rating, r.k) for r in iter_list(path, "blitz")] == [(1503014, 2886, 10), (12345678, None, None)]
    rl = read_list(path)
    assert (len(rl), rl.rating, rl.flag) == (2, [2837, None], ["", "wi"])


def test_csv_list(tmp_path):
    path = tmp_path / "list.csv"
    path.write_text("fide_id,name,federation,sex,title,rating,games,k,birth_year,flag\n"
                    '12345,"Tran, An",VIE,F,WFM,1988,9,40,2010,w\n'
                    '678,"=HYPERLINK(""x"")",VIE,M,,0,0,,,\n', encoding="utf-8")
    rows = list(iter_list(path))
    assert [(r.fide_id, r.name, r.rating, r.games, r.k, r.birth_year) for r in rows] == [
        (12345, "Tran, An", 1988, 9, 40, 2010), (678, '=HYPERLINK("x")', None, 0, None, None)]


def test_bad_values_name_file_line_and_column(tmp_path):
    bad = foa_line(1, "A", "2x00", 0, 20)
    path = write(tmp_path, "list.txt", [FOA_HEADER, bad])
    with pytest.raises(EloError, match=r"list.txt, line 2, column 114: rating \"2x00\" is not a number"):
        list(iter_list(path))
    dup = write(tmp_path, "dup.txt", [FOA_HEADER, foa_line(7, "A", 2000, 0, 20), foa_line(7, "B", 2000, 0, 20)])
    with pytest.raises(EloError, match="FIDE ID 7 is listed twice"):
        read_list(dup)
    other = write(tmp_path, "x.txt", ["hello world", "1 2 3"])
    with pytest.raises(EloError, match="is not the header of a FIDE rating list"):
        list(iter_list(other))
    with pytest.raises(EloError, match="is not a list type"):
        list(iter_list(path, "bullet"))


def test_reading_is_a_stream(tmp_path):
    # the generator gives the first player before it reads the rest (a broken line further down)
    path = write(tmp_path, "list.txt", [FOA_HEADER, foa_line(1, "A", 2000, 0, 20), "x" * 162])
    rows = iter_list(path)
    assert next(rows).fide_id == 1
    with pytest.raises(EloError):
        next(rows)


def _month_run(tmp_path, fmt):
    lst = write(tmp_path, "players_list_foa.txt", [
        FOA_HEADER, foa_line(1, "=HYPERLINK(\"http://x\")", 2500, 0, 10), foa_line(2, "Bee, Bo", 2400, 0, 10),
        foa_line(3, "Idle, Ida", 2000, 0, 20, flag="i")])
    ev = write_event(tmp_path, "e.trf", [("A", 1, 2500), ("Bee, Bo", 2, 2400)], [[(1, 2, "1")]])
    out = tmp_path / f"new.{fmt}"
    assert main(["period", "--list", str(lst), "--month", "2026-10", str(ev), "-o", str(out)]) == 0
    return out


def test_txt_output_reads_back_as_the_next_list(tmp_path):
    out = _month_run(tmp_path, "txt")
    text = out.read_text(encoding="utf-8").splitlines()
    assert text[0][113:118] == "NOV26"  # the list of 1 November 2026
    assert all(len(line) == 136 for line in text)
    rows = list(iter_list(out))
    # 2500 beats 2400, K 10: +3.6 → +4 and −4
    assert [(r.fide_id, r.rating, r.games, r.k) for r in rows] == [(1, 2504, 1, 10), (2, 2396, 1, 10), (3, 2000, 0, 20)]
    assert rows[2].flag == "i"


def test_csv_output_reads_back_as_the_next_list(tmp_path):
    out = _month_run(tmp_path, "csv")
    rows = list(iter_list(out))
    assert [(r.fide_id, r.rating, r.k) for r in rows] == [(1, 2504, 10), (2, 2396, 10), (3, 2000, 20)]
    assert rows[0].name == '=HYPERLINK("http://x")'


def test_xlsx_output(tmp_path):
    from openpyxl import load_workbook

    out = _month_run(tmp_path, "xlsx")
    sheet = load_workbook(out).active
    assert sheet["A1"].value == "FIDE standard list of 1 November 2026, from the period 2026-10"
    heads = [c.value for c in sheet[2]]
    assert heads[:3] == ["FIDE ID", "Name", "Fed"] and "Old rating" in heads and "K used" in heads
    assert sheet.freeze_panes == "C3"  # header and title above, ID and name beside
    assert sheet.auto_filter.ref == f"A2:{sheet.cell(2, len(heads)).column_letter}5"
    assert sheet.print_title_rows == "$2:$2" and sheet.page_setup.orientation == "landscape"
    assert sheet.page_setup.fitToWidth == 1 and sheet.sheet_properties.pageSetUpPr.fitToPage
    assert sheet["B3"].value == '=HYPERLINK("http://x")' and sheet["B3"].data_type == "s"
    change = heads.index("Change") + 1
    assert (sheet.cell(3, change).value, sheet.cell(4, change).value) == (4, -4)
    assert sheet.cell(3, change).number_format == "+0;-0;0"
    assert sheet.cell(5, change).value is None
    fonts = {(c.font.name, c.font.sz) for row in sheet.iter_rows(min_row=1, max_row=5) for c in row if c.value is not None}
    assert fonts == {("Calibri", 11)}  # one font (the header bold)


def test_json_output_fields(tmp_path):
    out = _month_run(tmp_path, "json")
    data = json.loads(out.read_text(encoding="utf-8"))
    assert list(data) == ["period", "type", "rules", "players"]
    assert (data["period"], data["type"], data["rules"]) == ("2026-10", "standard", "FIDE")
    assert list(data["players"][0]) == ["fide_id", "name", "federation", "sex", "title", "birth_year", "old_rating",
                                        "old_k", "games", "k_used", "change", "new_rating", "next_k", "note"]
    idle = data["players"][2]
    assert (idle["games"], idle["k_used"], idle["change"], idle["new_rating"], idle["next_k"]) == (0, None, None, 2000, 20)


def test_output_is_atomic_on_error(tmp_path, capsys):
    out = tmp_path / "new.txt"
    out.write_text("old list\n")
    lst = write(tmp_path, "l.txt", [FOA_HEADER, foa_line(1, "A", 2500, 0, 10)])
    bad = tmp_path / "bad.trf"
    bad.write_text("001    1 x    A\n")
    assert main(["period", "--list", str(lst), "--month", "2026-10", str(bad), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("elo-xl: ") and "bad.trf" in err and err.count("\n") == 1
    assert out.read_text() == "old list\n"


@pytest.mark.parametrize("kind,standard", [("standard", None), ("rapid", 2650), ("blitz", 2650)])
def test_rapid_and_blitz_rows_carry_the_standard_rating(tmp_path, kind, standard):
    # the combined list's SRtng is the rating of a standard list, and the seed of a rapid/blitz one
    path = write(tmp_path, "players_list_foa.txt", [
        FOA_HEADER, foa_line(1503014, "Carlsen, Magnus", 2650, 0, 0, fed="NOR")])
    assert [r.standard for r in iter_list(path, kind)] == [standard]
    assert read_list(path, kind).row(0).standard == standard


def test_xml_and_csv_standard_ratings(tmp_path):
    xml = tmp_path / "players_list_xml.xml"
    xml.write_bytes(b"<playerslist><player><fideid>7</fideid><name>Ngo, Lan</name><country>VIE</country>"
                    b"<rating>2105</rating><rapid_rating>0</rapid_rating></player></playerslist>")
    assert [(r.rating, r.standard) for r in iter_list(xml, "rapid")] == [(None, 2105)]
    assert [(r.rating, r.standard) for r in iter_list(xml, "standard")] == [(2105, None)]
    csv_path = tmp_path / "list.csv"
    csv_path.write_text("fide_id,name,federation,sex,title,rating,games,k,birth_year,flag,standard_rating\n"
                        "7,\"Ngo, Lan\",VIE,F,,0,0,,1999,,2105\n", encoding="utf-8")
    assert [(r.rating, r.standard) for r in iter_list(csv_path, "rapid")] == [(None, 2105)]
