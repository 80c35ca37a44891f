"""``export`` keeps what the arbiter did not change (issue 23, item 5): the file's ranks while
no game changed, its ``202`` record as read, no ``202`` nobody chose; when games or the
tie-breaks change, the ranks are recomputed with a note saying with what and how many changed,
and the players the file left unranked stay unranked.

Expected values are the source files' own columns (ranks at 86–89, the ``202`` record), which
elo-xl did not write.
"""

from __future__ import annotations

from pathlib import Path


from elo_xl.cli import main
from books import load_workbook, once
from test_export_errors import edit, typed

DATA = Path(__file__).parents[1] / "data"
KARL = DATA / "real" / "karl-mala-2005.trf"


def player_lines(path: Path, encoding: str = "utf-8") -> list[str]:
    return [line for line in path.read_text(encoding=encoding).split("\n") if line.startswith("001")]


def ranks(lines: list[str]) -> list[str]:
    return [line[85:89].strip() for line in lines]


def book_from(source: Path, tmp_path: Path, capsys, kind: str = "swiss") -> Path:
    book = tmp_path / "event.xlsx"
    assert once(["workbook", kind, "--from", str(source), "-o", str(book)], book) == 0
    capsys.readouterr()
    return book


def export(book: Path, capsys, *options: str) -> tuple[Path, str]:
    out = book.with_name("back.trf")
    assert main(["export", str(book), "-o", str(out), *options]) == 0
    err = " ".join(capsys.readouterr().err.split())
    return out, err


def test_an_unchanged_book_gives_back_every_player_line_of_a_real_file(tmp_path, capsys):
    """karl-mala-2005.trf has no 202 record and ranks of its own (FIDE's recommended list would
    change 253 of its 284 ranks); players 13 and 27 withdrew and are ranked 0."""
    out, err = export(book_from(KARL, tmp_path, capsys), capsys)
    original = player_lines(KARL, "latin-1")
    assert player_lines(out, "latin-1") == original
    assert ranks(original)[12] == ranks(original)[26] == "0"
    assert err == "" and "\n202 " not in out.read_text(encoding="latin-1")


def test_a_changed_game_recomputes_the_ranks_and_says_how_many_changed(tmp_path, capsys):
    """Round 4 of swiss-10x9.trf: 1 (White) lost to 3. Typed the other way round, the ranks are
    recomputed; the withdrawn players of a file stay unranked (karl-mala-2005.trf)."""
    source = DATA / "trf" / "swiss-10x9.trf"
    book = book_from(source, tmp_path, capsys)
    edit(book, {("Results", 1, 4): "1", ("Results", 3, 4): "0"})
    out, err = export(book, capsys)
    before, after = ranks(player_lines(source)), ranks(player_lines(out))
    differ = sum(a != b for a, b in zip(before, after))
    assert differ > 0 and sorted(after, key=int) == [str(k) for k in range(1, 11)]
    assert err == (f"elo-xl: note: ranks recomputed (2 players' games changed in the book): points, then BH/C1, BH, SB, "
                   f"PS, DE, WIN (2024 rules), then start number; {differ} of 10 ranks differ from the file's")
    # the points columns follow the changed game: 1 gains a point, 3 loses one
    points = {int(line[4:8]): float(line[80:84]) for line in player_lines(out)}
    original = {int(line[4:8]): float(line[80:84]) for line in player_lines(source)}
    assert (points[1] - original[1], points[3] - original[3]) == (1, -1)


def test_withdrawn_players_stay_unranked_when_the_ranks_are_recomputed(tmp_path, capsys):
    book = book_from(KARL, tmp_path, capsys)
    typed(book, {("Results", 1, 7): "1", ("Results", 31, 7): "0"})  # round 7: 1 and 31 drew (31 w =)
    out, err = export(book, capsys)
    after = ranks(player_lines(out, "latin-1"))
    assert after[12] in ("", "0") and after[26] in ("", "0")
    ranked = sorted(int(r) for r in after if r not in ("", "0"))
    unranked = sum(1 for r in ranks(player_lines(KARL, "latin-1")) if r == "0")
    assert ranked == list(range(1, 285 - unranked))
    assert "ranks recomputed (2 players' games changed in the book)" in err


def test_a_trf_2026_202_record_is_written_back_as_read_until_the_book_chooses(tmp_path, capsys):
    source = DATA / "trf" / "trf2026.trf"
    book = book_from(source, tmp_path, capsys)
    out, err = export(book, capsys)
    assert "202 PTS,BH/C1,BH,SB" in out.read_text(encoding="utf-8").split("\n") and err == ""
    # the arbiter chooses other tie-breaks on the Event sheet: they are the file's 202 now
    wb = load_workbook(book)
    sheet, ref = next(iter(wb.defined_names["TiebreakList"].destinations))
    first = ref.replace("$", "").split(":")[0]
    wb[sheet][first] = "SB"
    for row in wb[sheet][ref.replace("$", "")][1:]:
        row[0].value = None
    wb.save(book)
    out, err = export(book, capsys)
    assert "202 SB" in out.read_text(encoding="utf-8").split("\n")
    assert err.startswith("elo-xl: note: ranks recomputed (the tie-breaks chosen for this file): points, then SB ")


def test_no_202_is_added_that_nobody_chose(tmp_path, capsys):
    lines = (DATA / "trf" / "trf2026.trf").read_text(encoding="utf-8").split("\n")
    source = tmp_path / "no202.trf"
    source.write_text("\n".join(line for line in lines if not line.startswith("202")), encoding="utf-8")
    out, _ = export(book_from(source, tmp_path, capsys), capsys)
    assert not any(line.startswith("202") for line in out.read_text(encoding="utf-8").split("\n"))


TEAM = """012 Team Cup
XXR 1
202 EDET/P,EMGSB/C1/P,BH
310   1 Lions                            LIO     2400    2.0    2.0   1     1    2
310   2 Tigers                           TIG     2400    0.0    0.0   2     3    4
310   3 Bears                            BEA     2400    2.0    2.0   3     5    6
"""


def team_file(tmp_path: Path) -> Path:
    games = {1: "   3 w 1", 2: "   4 b 1", 3: "   1 b 0", 4: "   2 w 0", 5: "0000 - U", 6: "0000 - U"}
    path = tmp_path / "team.trf"
    path.write_text(TEAM + "".join(f"001 {i:>4}      Player {i}".ljust(91) + games[i] + "\n" for i in range(1, 7)),
                    encoding="utf-8")
    return path


def test_a_team_file_is_rated_with_one_note_on_its_team_tiebreaks(tmp_path, capsys):
    assert main(["rate", str(team_file(tmp_path)), "--format", "json"]) == 0
    err = " ".join(capsys.readouterr().err.split())
    assert ("line 3 (202): EDET/P, EMGSB/C1/P, BH rank the teams (the team standings); the players are ranked "
            "by BH/C1, BH, SB, PS, DE, WIN, BWG (or give --tiebreaks)") in err
    assert err.count("(202)") == 1


def test_a_team_files_202_comes_back_as_read(tmp_path, capsys):
    source = team_file(tmp_path)
    out, _ = export(book_from(source, tmp_path, capsys), capsys)
    back = out.read_text(encoding="utf-8").split("\n")
    assert [line for line in back if not line.startswith("001")][:6] == TEAM.split("\n")[:6]
