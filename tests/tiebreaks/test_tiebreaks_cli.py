"""``--tiebreaks`` and ``--tiebreak-rules`` in ``rate`` and ``export``; the TRF-2026 ``202``
record as the list; export's rank column and ``202`` record from the one ranking."""

from __future__ import annotations

import json

import pytest

from elo_xl.cli import main
from elo_xl.io.trf_read import read_trf

from test_tiebreaks import GAMES, RATINGS, trf_text


def write(tmp_path, extra=(), name="hand.trf"):
    text = trf_text(GAMES, RATINGS, 4)
    lines = text.splitlines()
    path = tmp_path / name
    path.write_text("\n".join(lines[:3] + list(extra) + lines[3:]) + "\n", encoding="utf-8")
    return path


def rate_json(capsys, path, *options):
    assert main(["rate", str(path), "--format", "json", *options]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_trf_2026_202_record_is_the_list(tmp_path, capsys):
    data = rate_json(capsys, write(tmp_path, ["142 4", "202 SB,BH/C1"]), "--tiebreak-rules", "2024")
    assert data["event"]["tiebreaks"] == ["SB", "BH/C1"] and data["event"]["tiebreak_rules"] == "2024"
    # hand values (test_tiebreaks): SB 5½, 0, 6¼, 2½, 0, 7½, 2, 3; points 3, 0, 3, 1½, 0, 3, 1, 2
    assert [p["tiebreaks"]["SB"] for p in data["players"]] == [5.5, 0, 6.25, 2.5, 0, 7.5, 2, 3]
    assert [p["rank"] for p in data["players"]] == [3, 7, 2, 5, 8, 1, 6, 4]
    # the option wins over the record
    data = rate_json(capsys, write(tmp_path, ["142 4", "202 SB,BH/C1"]), "--tiebreaks", "BH", "--tiebreak-rules", "2026")
    assert data["event"]["tiebreaks"] == ["BH"] and data["players"][0]["tiebreaks"] == {"BH": 7.5}


def test_a_bad_202_record_names_its_line(tmp_path, capsys):
    path = str(write(tmp_path, ["142 4", "202 SB,XX"]))
    assert main(["rate", path]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f'elo-xl: {path}: line 5 (202): tie-break 2 "XX" is not a code of C.07') and err.count("\n") == 1
    assert "(or give --tiebreaks)" in err


def test_bad_options_are_one_line(tmp_path, capsys):
    path = write(tmp_path)
    assert main(["rate", str(path), "--tiebreaks", "BH/M3"]) == 2
    assert capsys.readouterr().err == ('elo-xl: --tiebreaks: tie-break 1 "BH/M3": C.07 defines no modifier /M3 for BH '
                                       "(it takes /C1, /C2, /M1, /M2, /P)\n")
    with pytest.raises(SystemExit) as stop:
        main(["rate", str(path), "--tiebreak-rules", "2023"])
    assert stop.value.code == 2 and "--tiebreak-rules: invalid choice: '2023'" in capsys.readouterr().err


def test_the_table_shows_the_list(tmp_path, capsys):
    assert main(["rate", str(write(tmp_path)), "--tiebreaks", "BH/C1,SB", "--tiebreak-rules", "2024"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "tie-breaks BH/C1, SB (2024 rules)" in lines[0]
    header = next(i for i, line in enumerate(lines) if line.startswith("No "))
    assert lines[header].split() == ["No", "Name", "Title", "Fed", "Points", "BH/C1", "SB", "Rank"]


def test_export_ranks_by_the_list_and_writes_202(tmp_path, capsys):
    trf = write(tmp_path, ["142 4", "202 SB,BH/C1"])
    book, back = tmp_path / "hand.xlsx", tmp_path / "back.trf"
    assert main(["workbook", "swiss", "--from", str(trf), "-o", str(book)]) == 0
    assert main(["export", str(book), "-o", str(back), "--tiebreak-rules", "2024"]) == 0
    event = read_trf(back)
    assert event.header("202") == "SB,BH/C1"
    # points, SB, BH/C1: Fay 7½, Cat 6¼, Ann 5½ (3 points); Hal; Dan; Gil; Bob and Eve (0): SB 0 both, BH/C1 6 and 1½
    assert [p.rank for p in event.players] == [3, 7, 2, 5, 8, 1, 6, 4]
    assert main(["export", str(book), "-o", str(back), "--tiebreaks", "BH/C1", "--tiebreak-rules", "2024"]) == 0
    event = read_trf(back)
    assert event.header("202") == "BH/C1"
    # BH/C1 (test_tiebreaks): 5½, 6, 7½, 9, 1½, 9, 5, 4: among the 3-pointers Fay 9, Cat 7½, Ann 5½
    assert [p.rank for p in event.players] == [3, 7, 2, 5, 8, 1, 6, 4]


def test_a_trf16_file_gets_no_202(tmp_path, capsys):
    trf = write(tmp_path)
    book, back = tmp_path / "hand.xlsx", tmp_path / "back.trf"
    assert main(["workbook", "swiss", "--from", str(trf), "-o", str(book)]) == 0
    assert main(["export", str(book), "-o", str(back)]) == 0
    assert read_trf(back).header("202") is None


def test_an_event_before_its_last_round_is_ranked_after_the_rounds_played(tmp_path, capsys):
    path = tmp_path / "five.trf"
    path.write_text(trf_text(GAMES, RATINGS, 5), encoding="utf-8")  # XXR 5, four rounds played
    assert main(["rate", str(path), "--tiebreaks", "BH", "--tiebreak-rules", "2026"]) == 0
    out = capsys.readouterr().out
    assert "5 rounds" in out.splitlines()[0] and "tie-breaks BH (2026 rules, after round 4)" in out.splitlines()[0]
    # the 2026 cap is ½ × 4 rounds played: Ann's H counts 2 (test_tiebreaks: BH 7½)
    assert main(["rate", str(path), "--tiebreaks", "BH", "--tiebreak-rules", "2026", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"][0]["tiebreaks"] == {"BH": 7.5}
