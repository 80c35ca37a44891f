"""TRF reader and writer: fields, round trips, property tests, every error, the engine, speed.

Over 700 lines on purpose: one file mirrors the reader and the writer (``io/trf_read.py``,
``io/trf_write.py``) together, as their round trips test both at once."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ci import examples

from elo_xl.engine import rate_event
from elo_xl.errors import EloError
from elo_xl.results import agree, parse_result
from elo_xl.event.samples import SWISS_TRF_PATH
from elo_xl.io import (
    BLANK,
    EXAMPLE,
    TrfEvent,
    TrfGame,
    TrfPlayer,
    TrfRecord,
    birth_year,
    check_event,
    check_points,
    date_year,
    format_player,
    parse_trf,
    read_trf,
    save_trf,
    set_standings,
    write_trf,
)

DATA = Path(__file__).parents[1] / "data" / "trf"
FILES = sorted(p.name for p in DATA.glob("*.trf"))
#: The demo's sample Swiss, shipped in the package.
SAMPLE = SWISS_TRF_PATH
#: Files scored 1, ½, 0 (trf2026.trf declares 3-1-0 in a 162 record).
DEFAULT_SCORING = [f for f in FILES if f != "trf2026.trf"]
G = TrfGame


def raw_lines(name: str) -> list[str]:
    """A data file's lines as text, line ends removed, decoded as the reader decodes it."""
    data = (DATA / name).read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("cp1252")
    return text.replace("\r\n", "\n").split("\n")[:-1]


def test_the_data_files_are_there():
    assert {"swiss-10x9.trf", "round-robin-6.trf", "crlf-trailing.trf", "latin1.trf", "trf2026.trf"} <= set(FILES)
    assert SAMPLE.is_file()


# --- reading each field ------------------------------------------------------------------------


def test_swiss_header_fields():
    e = read_trf(DATA / "swiss-10x9.trf")
    assert e.encoding == "utf-8"
    assert (e.name, e.city, e.federation, e.start, e.end) == (
        "Autumn Rapidplay Open 2025", "Kraków", "POL", "2025/10/18", "2025/10/19")
    assert (e.start_year, e.end_year) == (2025, 2025)
    assert e.arbiter == "IA Nowak, Katarzyna (1101234)"
    assert e.deputies == ["FA Wiśniewski, Tomasz (1105678)"]
    assert e.time_control == "15 min + 10 sec/move"
    assert e.tournament_type == "Individual: Swiss-System"
    assert e.round_dates == ["25/10/18"] * 5 + ["25/10/19"] * 4
    assert e.header("062") == "10" and e.header("072") == "9" and e.header("XXC") == "white1"
    assert e.rounds == 9 and e.header("XXR") == "9"
    codes = [r.code for r in e.headers]
    assert codes == ["012", "022", "032", "042", "052", "062", "072", "092", "102", "112", "122", "132", "XXR",
                     "XXC", "###", "###", "", "###", "ZZN", "BBU"]
    # header lines keep their line numbers: the players sit on lines 17–26, the rest after them
    assert [r.line for r in e.headers][-4:] == [27, 28, 29, 30]
    assert [p.line for p in e.players] == list(range(17, 27))


def test_swiss_player_fields():
    e = read_trf(DATA / "swiss-10x9.trf")
    p1, p3, p9, p10 = e.player(1), e.player(3), e.player(9), e.player(10)
    assert dataclasses.astuple(p1)[:10] == (1, "Kowalski, Piotr", "m", "GM", 2561, "POL", "1112233", "1985/03/12",
                                            6.5, 2)
    assert p1.games == [G(6, "w", "1"), G(4, "b", "="), G(2, "w", "="), G(3, "w", "0"), G(7, "b", "1"),
                        G(5, "b", "="), G(8, "b", "1"), G(10, "w", "1"), G(None, "-", "U")]
    assert (p3.sex, p3.title, p3.name, p3.points, p3.rank) == ("w", "WGM", "Zhang, Mei", 5.0, 6)
    assert p3.games[2] == G(6, "b", "-")                                   # lost by forfeit
    assert [e.player(i).title for i in range(1, 11)] == ["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM", "", ""]
    assert e.player(2).name == "Fernández, Diego" and e.player(2).fide_id == "104012345"
    assert (p10.rating, p10.fide_id, p10.birth, birth_year(p10)) == (None, "", "2011/02/03", 2011)   # unrated
    assert (p9.birth, birth_year(p9), p9.points, p9.rank) == ("1972", 1972, 0.5, 10)
    assert p9.games[4] == G(2, "b", "L") and p9.games[5:] == [BLANK] * 4  # withdrew after round 5
    assert len({len(p.games) for p in e.players}) == 1                      # one game per round for all
    codes = {g.result for p in e.players for g in p.games}
    assert codes == {"1", "=", "0", "+", "-", "W", "D", "L", "H", "F", "U", "Z", ""}
    assert e.player(6).games[5] == G(10, "b", "-") and p10.games[5] == G(6, "w", "-")   # double forfeit


def test_swiss_engine_rows():
    e = read_trf(DATA / "swiss-10x9.trf")
    assert e.ratings() == [2561, 2447, 2398, 2301, 2276, 2204, 2150, 2032, 1987, None]
    assert e.pairings()[9] == [5, None, 9, None, 8, 6, 3, 1, 2]
    assert e.results()[9] == ["0", "U", "=", "Z", "D", "-", "0", "0", "0"]
    assert e.colours()[9] == ["b", "-", "w", "-", "w", "w", "w", "b", "w"]
    assert e.results()[8] == ["0", "0", "=", "0", "L", None, None, None, None]
    assert e.pairings()[8][5:] == [None] * 4 and e.colours()[8][5:] == [None] * 4
    assert e.birth_years() == [1985, 1994, 1996, 2003, 1999, 2008, 2006, 2010, 1972, 2011]


def test_columns_read_independently():
    """Each field against the raw columns of the file, sliced here without the reader's help."""
    for name in FILES:
        e = read_trf(DATA / name)
        lines = [line for line in raw_lines(name) if line.startswith("001")]
        assert len(lines) == len(e.players)
        for line in lines:
            p = e.player(int(line[4:8]))
            assert line[9:10].strip() == p.sex and line[10:13].strip() == p.title
            assert line[14:47].strip() == p.name
            assert (int(line[48:52]) if line[48:52].strip() else None) == p.rating
            assert line[53:56].strip() == p.federation and line[57:68].strip() == p.fide_id
            assert line[69:79].strip() == p.birth
            assert float(line[80:84]) == p.points and int(line[85:89]) == p.rank
            for r, g in enumerate(p.games):
                cell = line[91 + 10 * r:99 + 10 * r]
                opp = cell[0:4].strip()
                assert (int(opp) or None if opp else None) == g.opponent
                assert cell[5:6].strip() == g.colour and cell[7:8].strip() == g.result


def test_round_robin():
    e = read_trf(DATA / "round-robin-6.trf")
    assert (e.start, e.end, e.start_year, e.end_year) == ("05.04.2025", "2025-04-09", 2025, 2025)
    assert e.tournament_type == "Round robin" and e.rounds == 5 and e.header("XXR") is None
    for p in e.players:  # everyone met everyone once
        assert sorted(g.opponent for g in p.games) == [q for q in range(1, 7) if q != p.start_no]
    assert [p.points for p in e.players] == [4.0, 3.5, 3.5, 0.5, 1.5, 2.0]
    assert e.player(4).name == "O'Brien, Sean"


def test_crlf_and_trailing_spaces():
    data = (DATA / "crlf-trailing.trf").read_bytes()
    assert data.count(b"\r\n") == data.count(b"\n") == 10 and b"   \r\n" in data
    e = read_trf(DATA / "crlf-trailing.trf")
    assert e.name == "Club Championship" and e.city == "Aarhus" and e.arbiter == "Holm, Erik"
    assert e.headers[0].text == "012 Club Championship   "       # kept verbatim, trailing spaces too
    assert e.rounds == 3 and [p.points for p in e.players] == [2.5, 2.0, 1.5, 0.0]
    assert e.player(4).rating is None and e.player(4).fide_id == "" and birth_year(e.player(4)) is None
    out = write_trf(e)
    assert out.encode("utf-8") == data                            # CRLF and every trailing space kept
    assert out.split("\r\n")[:5] == ["012 Club Championship   ", "022 Aarhus ", "042 2025/01/08  ", "052 2025/01/22",
                                     "102 Holm, Erik   "]
    assert out.split("\r\n")[9] == "XXR 3    "


def test_latin1_file(tmp_path):
    data = (DATA / "latin1.trf").read_bytes()
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    e = read_trf(DATA / "latin1.trf")
    assert e.encoding == "cp1252"                                 # Windows-1252, Latin-1's superset
    assert [p.name for p in e.players] == ["Müller, Jürgen", "Pérez, José Ángel", "Ødegård, Åse", "Ferrão, João"]
    assert e.name == "Schnellschach-Turnier Zürich" and e.arbiter == "Fässler, Béatrice"
    save_trf(e, tmp_path / "out.trf")
    assert (tmp_path / "out.trf").read_bytes() == data          # written back in Latin-1, byte for byte
    save_trf(e, tmp_path / "utf8.trf", encoding="utf-8")
    assert read_trf(tmp_path / "utf8.trf") == e


def test_utf8_bom_and_windows_1252(tmp_path):
    text = (DATA / "round-robin-6.trf").read_text(encoding="utf-8")
    (tmp_path / "bom.trf").write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    e = read_trf(tmp_path / "bom.trf")
    assert e.encoding == "utf-8-sig" and e.name == "Lisbon Masters Round Robin"
    assert e == parse_trf("\ufeff" + text) == parse_trf(text)
    save_trf(e, tmp_path / "again.trf")
    assert (tmp_path / "again.trf").read_bytes() == (tmp_path / "bom.trf").read_bytes()
    # a Windows file with a letter of cp1252's extra range (Š = 0x8A)
    (tmp_path / "cp.trf").write_bytes(text.replace("Moreau, Julien", "Šimeau, Julien").encode("cp1252"))
    e = read_trf(tmp_path / "cp.trf")
    assert e.encoding == "cp1252" and e.player(1).name == "Šimeau, Julien"
    (tmp_path / "u16.trf").write_bytes(text.encode("utf-16"))
    assert read_trf(tmp_path / "u16.trf") == parse_trf(text)


def test_trf_2026_records():
    e = read_trf(DATA / "trf2026.trf")
    assert e.rounds == 3 and e.header("142") == "3" and e.header("XXR") is None
    assert e.header("162") == "W 3.0    D 1.0    L 0.0" and e.header("222") == "3600+30"
    s = e.scoring()
    assert (s["WW"], s["BD"], s["WL"], s["HPB"], s["PAB"], s["ZPB"]) == (3, 1, 0, 1, 3, 0)
    assert [p.points for p in e.players] == [7.0, 4.0, 3.0, 6.0, 3.0]
    assert e.computed_points() == [7.0, 4.0, 3.0, 6.0, 3.0]
    check_points(e)
    codes = [r.code for r in e.headers]
    assert "BAN" in codes and "240" in codes and "260" in codes and codes[0] == "###"
    # the engine counts FIDE points (1, ½, 0), whatever the event's scoring
    out = rate_event(e.ratings(), e.results(), None, "FIDE", e.pairings())
    assert [o.points for o in out] == [2.5, 1.5, 1.5, 2, 1]


def test_scoring_xxs_and_162_order():
    # the example's points columns count 1-½-0: left blank here, as a file under this scoring would not say them
    blank = "\n".join(line[:80] + " " * 4 + line[84:] if line.startswith("001") else line for line in EXAMPLE.split("\n"))
    e = parse_trf("XXS W=3 D=1\nXXS PAB=2 ZPB=.5\n162  P 1.5\n" + blank)
    s = e.scoring()
    assert (s["WW"], s["BW"], s["FW"], s["FPB"], s["WD"], s["HPB"], s["PAB"], s["ZPB"]) == (3, 3, 3, 3, 1, 1, 1.5, 0.5)
    # player 1: win (3), draw (1), half-point bye (1)
    assert e.computed_points()[0] == 5.0


def test_sample_swiss():
    """The demo's file: 12 players, 7 rounds, a withdrawal, a forfeit, a half-point bye, an unrated player."""
    e = read_trf(SAMPLE)
    assert (len(e.players), e.rounds) == (12, 7)
    assert e.name and e.city and e.start_year == 2026 and e.end_year == 2026 and e.arbiter
    assert len({p.federation for p in e.players}) >= 10
    assert {p.title for p in e.players} >= {"GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM", ""}
    assert [p.start_no for p in e.players if p.rating is None] == [12]
    ratings = [p.rating for p in e.players if p.rating]
    assert ratings == sorted(ratings, reverse=True)                         # seeded by rating
    withdrawn = [p.start_no for p in e.players if p.games[-1].blank]
    assert withdrawn == [10] and all(g.blank for g in e.player(10).games[4:])
    results = [g.result for p in e.players for g in p.games]
    assert results.count("+") == results.count("-") == 1 and results.count("H") == 1
    check_points(e)
    by_rank = sorted(e.players, key=lambda p: p.rank)
    assert [p.rank for p in by_rank] == list(range(1, 13))
    assert [p.points for p in by_rank] == sorted((p.points for p in e.players), reverse=True)
    assert len(e.round_dates) == 7


# --- round trips -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", FILES)
def test_round_trip(name):
    e = read_trf(DATA / name)
    text = write_trf(e)
    again = parse_trf(text)
    assert again == e
    assert write_trf(again) == text
    out = text.replace("\r\n", "\n").split("\n")[:-1]
    original = raw_lines(name)
    assert len(out) == len(original)
    for a, b in zip(original, out):
        assert b == a                                                # every line verbatim, in place


@pytest.mark.parametrize("name", [f for f in FILES if f not in ("crlf-trailing.trf",)])
def test_save_changes_no_byte(name, tmp_path):
    save_trf(read_trf(DATA / name), tmp_path / name)
    assert (tmp_path / name).read_bytes() == (DATA / name).read_bytes()


def test_players_in_rank_order_keep_their_order():
    text = (SAMPLE).read_text(encoding="utf-8")
    lines = text.split("\n")[:-1]
    head = [line for line in lines if not line.startswith("001")]
    players = sorted((line for line in lines if line.startswith("001")), key=lambda line: int(line[85:89]))
    shuffled = "\n".join(head + players) + "\n"
    e = parse_trf(shuffled)
    assert [p.start_no for p in e.players] == list(range(1, 13))          # start-rank order in memory
    assert without_lines(e) == without_lines(parse_trf(text))
    assert write_trf(e) == shuffled                                      # the file's order when written


def test_alignment_is_normalised():
    line = EXAMPLE.split("\n")[8]
    # left-aligned numbers and title: still read, written right-aligned
    odd = "001 1    wWIM Berg, Anna                        2012 SWE 1700123     2001/05/17 2.0  2        2 w 1  3    b =  0    - H"
    e = parse_trf(EXAMPLE.replace(line, odd))
    assert format_player(e.player(1)) == line
    unrated = EXAMPLE.replace("1893 ESP", "   0 ESP")
    assert parse_trf(unrated).player(2).rating is None


def test_new_event_and_added_players():
    e = parse_trf(EXAMPLE)
    e.players.append(TrfPlayer(5, "Fox, Ada", sex="w", games=[BLANK, BLANK, BLANK]))
    text = write_trf(e).split("\n")
    assert text[12] == "001    5 w    Fox, Ada" and text[11].startswith("001    4")
    fresh = TrfEvent([TrfRecord("012 Blitz"), TrfRecord("### made by hand")],
                     [TrfPlayer(2, "B", games=[G(1, "b", "0")]), TrfPlayer(1, "A", games=[G(2, "w", "1")])])
    assert write_trf(fresh).split("\n") == ["012 Blitz", "### made by hand", "001    1      A" + " " * 79 + "2 w 1",
                                           "001    2      B" + " " * 79 + "1 b 0", ""]
    assert fresh.pairings() == [[2], [1]] and fresh.ratings() == [None, None]


def test_set_header():
    e = parse_trf(EXAMPLE)
    e.set_header("012", "Summer Open")
    e.set_header("122", "90'+30\"")
    e.set_header("XXC", "white1")
    lines = write_trf(e).split("\n")
    assert lines[0] == "012 Summer Open" and lines[6] == "122 90'+30\"" and lines[9] == "XXC white1"
    assert parse_trf(write_trf(e)).time_control == "90'+30\""
    with pytest.raises(EloError, match="record code \"001\" is not a header code"):
        e.set_header("001", "x")


def test_set_standings():
    e = read_trf(SAMPLE)
    points, ranks = [p.points for p in e.players], [p.rank for p in e.players]
    for p in e.players:
        p.points = p.rank = None
    set_standings(e)
    assert [p.points for p in e.players] == points
    shared = [p.rank for p in e.players]
    assert shared[:4] == [1, 1, 1, 4]                                    # three players on 5.5
    set_standings(e, ranks=ranks)
    assert write_trf(e) == (SAMPLE).read_text(encoding="utf-8")
    set_standings(e, points=[1] * 12, ranks=[None] * 12)
    assert {p.points for p in e.players} == {1.0} and {p.rank for p in e.players} == {None}
    with pytest.raises(EloError, match="^points has 2 values but the event has 12 players; give one per player$"):
        set_standings(e, points=[1, 2])


def test_dates():
    assert [date_year(t) for t in ("2025/10/18", "18.10.2025", "2025-10-18", "2025.10.18", "10/18/2025",
                                   "18/10/2025", "2025", "2025/00/00", " 2025/10/18 ")] == [2025] * 9
    assert date_year("25/10/18", today=2025) == 2025 and date_year("99/10/18", today=2025) == 1999
    assert date_year("") is None and date_year("0000/00/00") is None
    assert [date_year(t) for t in ("18 Oct 2025", "Oct 18, 2025", "18. 10. 2025", "October 18 2025")] == [2025] * 4
    for bad in ("someday", "2025/13/01", "1700/01/01", "2025/02/30", "Octember 18, 2025", "18/10"):
        with pytest.raises(ValueError):
            date_year(bad)


# --- tolerated ------------------------------------------------------------------------------------


def test_game_listed_on_one_line_only_is_refused_naming_both_lines():
    """A game is written on both players' lines (issue 15): one line alone could be a typing
    slip on the other, and would give one player a game the other never had."""
    # round 3: 3's line (line 11) says 3 beat 2 by forfeit; 2's line (line 10) names no opponent
    with pytest.raises(EloError, match=r'^line 11, columns 112–115: round 3 pairs 3 with 2, but line 10 has no '
                                       r'opponent \("0000 - Z"\) in that round: a game is written on both players'):
        parse_trf(EXAMPLE.replace("     3 w -\n", "  0000 - Z\n"))
    # round 3: 2's line says 2 beat 4, whose line (line 12) is blank there
    with pytest.raises(EloError, match=r"^line 10, columns 112–115: round 3 pairs 2 with 4, but line 12 has "
                                       r"nothing in that round"):
        parse_trf(EXAMPLE.replace("     3 w -\n", "     4 w 1\n").replace("     2 b +\n", "  0000 - Z\n"))


def test_rate_refuses_a_one_sided_game(tmp_path, capsys):
    from elo_xl.cli import main

    path = tmp_path / "one.trf"
    path.write_text(EXAMPLE.replace("     3 w -\n", "  0000 - Z\n"), encoding="utf-8")
    assert main(["rate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("elo-xl: one.trf, line 11") and "line 10" in err and err.count("\n") == 1


def test_pending_and_one_sided_results():
    e = parse_trf(EXAMPLE.replace("     4 w =     3 w -", "     4 w       3 w  ").replace("     2 b +", "     2 b  "))
    assert e.player(2).games[1] == G(4, "w", "") and e.results()[1] == ["0", None, None]
    check_event(e)
    out = rate_event(e.ratings(), e.results(), None, "FIDE", e.pairings())
    assert [o.points for o in out] == [2, 0, 1.5, 0.5]


def test_colourless_game_and_coloured_bye_are_tolerated():
    e = parse_trf(EXAMPLE.replace("     2 w 1", "     2 - 1").replace("  0000 - H", "  0000 w H"))
    assert e.player(1).games[0] == G(2, "-", "1") and e.player(1).games[2] == G(None, "w", "H")
    assert write_trf(e) == EXAMPLE.replace("     2 w 1", "     2 - 1").replace("  0000 - H", "  0000 w H")


def test_points_column_is_not_checked_on_reading():
    e = parse_trf(EXAMPLE.replace("  2.0    2", " 17.0    2"))
    assert e.player(1).points == 17.0
    with pytest.raises(EloError, match=r"^line 9, columns 81–84: points 17.0, but the results of player 1 add up to 2.0$"):
        check_points(e)


# --- every error, with its message ---------------------------------------------------------------


def edit(line_no: int, column: int, new: str, text: str = EXAMPLE) -> str:
    """EXAMPLE with the characters from ``column`` of line ``line_no`` replaced by ``new``."""
    lines = text.split("\n")
    line = lines[line_no - 1].ljust(column - 1 + len(new))
    lines[line_no - 1] = line[:column - 1] + new + line[column - 1 + len(new):]
    return "\n".join(lines)


# line 9: player 1, line 10: player 2, line 11: player 3, line 12: player 4 (see EXAMPLE)
ERRORS = [
    (edit(9, 4, "x"), 'line 9, column 4: expected a space after 001, found "x"'),
    (edit(9, 48, "X"), 'line 9, column 48: expected a space between two fields, found "X"; is a field out of '
                       'its columns?'),
    (edit(9, 96, "w"), 'line 9, column 96: round 1: expected a space, found "w"; is a field out of its columns?'),
    (edit(9, 20, "\t"), "line 9, column 20: a tab in a player line; TRF fields sit in fixed columns, write spaces"),
    (edit(9, 5, "  x1"), 'line 9, columns 5–8: start rank "x1" is not a number'),
    (edit(9, 5, "    "), "line 9, columns 5–8: a player line needs a start rank from 1 to 9999"),
    (edit(9, 5, "0000"), "line 9, columns 5–8: a player line needs a start rank from 1 to 9999, not 0"),
    (edit(10, 5, "   1"), "line 10, columns 5–8: start rank 1 is also on line 9"),
    (edit(12, 5, "   5"), "line 12, columns 5–8: start rank 5 does not match the 4 players of the event; start "
                         "ranks run from 1 to 4 without gaps"),
    (edit(9, 10, "x"), 'line 9, column 10: sex "x" is not m, w (or f), u (unknown) or blank'),
    (edit(9, 11, "G1 "), 'line 9, columns 11–13: title "G1" is not a title; write GM, IM, FM, CM, WGM, WIM, WFM, '
                         'WCM (or another title in letters) or leave it blank'),
    (edit(9, 49, "2O12"), 'line 9, columns 49–52: rating "2O12" is not a number'),
    (edit(9, 49, "4012"), "line 9, columns 49–52: rating 4012 is not a rating; write 1 to 3999, or 0 or blank "
                          "for an unrated player"),
    (edit(9, 58, "    17a0123"), 'line 9, columns 58–68: FIDE ID "17a0123" is not a number'),
    (edit(9, 70, "May 2001  "), 'line 9, columns 70–79: birth date "May 2001" is not a date; write YYYY/MM/DD, the '
                                'year alone, or leave it blank'),
    (edit(9, 81, " 2,0"), 'line 9, columns 81–84: points "2,0" is not a number; write it like 5.5'),
    (edit(9, 86, "  2."), 'line 9, columns 86–89: rank "2." is not a number'),
    (edit(9, 92, "  x2"), 'line 9, columns 92–95: round 1 opponent "x2" is not a number'),
    (edit(9, 92, "  17"), "line 9, columns 92–95: opponent 17 does not exist, the event has 4 players"),
    (edit(9, 92, "   1"), "line 9, columns 92–95: round 1 pairs 1 with himself"),
    (edit(9, 97, "x"), 'line 9, column 97: round 1 colour "x" is not w, b, - or blank'),
    (edit(9, 99, "x"), 'line 9, column 99: round 1 result "x" is not a TRF result; write 1, =, 0, +, -, W, D, L, '
                       'H, F, U, Z or leave it blank'),
    # Issue 23, item 4: the TRF specification writes result letters upper case; "l" typed for "1"
    # is not read as L (an unrated loss), nor any other lower-case letter as its capital.
    (edit(9, 99, "l"), 'line 9, column 99: round 1 result "l" is not a TRF result: result letters are upper '
                       'case; write 1 for a win or L for an unrated loss'),
    (edit(9, 109, "h"), 'line 9, column 109: round 2 result "h" is not a TRF result: result letters are upper '
                        'case; write H'),
    (edit(9, 99, "½"), 'line 9, column 99: round 1 result "½" is not a TRF result; write 1, =, 0, +, -, W, D, L, '
                       'H, F, U, Z or leave it blank'),
    (edit(9, 99, "H"), 'line 9, column 99: round 1 result "H" is a bye, which has no opponent, but columns 92–95 '
                       'name 2'),
    (edit(9, 112, "0000 - 1"), 'line 9, column 119: round 3 result "1" is a game, but columns 112–115 name no '
                               'opponent'),
    (edit(12, 112, "0000 - U", edit(9, 119, "U")), "line 12, column 119: round 3 gives a pairing-allocated bye (U) "
                                                   "to 1 and to 4; there is at most one per round (in a team event, "
                                                   "013 or 310 records say who is in which team)"),
    (edit(12, 102, "   1 b ="), "line 10, columns 102–105: round 2 pairs 2 with 4, but line 12 pairs 4 with 1"),
    (edit(10, 99, "1"), "line 9, column 99 and line 10, column 99: round 1 says 1–2 was won by both players"),
    (edit(10, 99, "0", edit(9, 99, "0")), "line 9, column 99 and line 10, column 99: round 1 says 1–2 was lost by both players"),
    (edit(10, 99, "+", edit(9, 99, "+")), "line 9, column 99 and line 10, column 99: round 1 says 1–2 was won by forfeit by both players"),
    (edit(10, 99, "="), "line 9, column 99 and line 10, column 99: round 1 says 1 won and 2 drew (1–2); one game reads 1/0, =/=, 0/1, +/-, -/-, "
                        "W/L or D/D"),
    (edit(10, 99, "L"), "line 9, column 99 and line 10, column 99: round 1 says 1 won and 2 lost an unrated game (L) (1–2); one game reads 1/0, "
                        "=/=, 0/1, +/-, -/-, W/L or D/D"),
    (edit(11, 119, "1"), "line 10, column 119 and line 11, column 119: round 3 says 2 lost by forfeit and 3 won (2–3); one game reads 1/0, =/=, 0/1, "
                         "+/-, -/-, W/L or D/D"),
    (edit(10, 97, "w"), "line 9, column 97 and line 10, column 97: round 1 gives 1 and 2 both white"),
    (edit(12, 112, "   1 b 1"), "line 12, columns 112–115: round 3 pairs 4 with 1, but line 9 gives 1 a bye (H) "
                                "in that round"),
    (EXAMPLE.replace("XXR 3", "XXR x"), 'line 7, column 5: XXR says "x", which is not a number of rounds'),
    (EXAMPLE.replace("XXR 3", "XXR 2"), "line 9, columns 112–119: round 3 is filled in, but XXR (line 7) says the "
                                        "event has 2 rounds"),
    (EXAMPLE.replace("XXR 3", "XXR 3\n142 4"), "line 8, column 5: 142 says 4 rounds but XXR (line 7) says 3"),
]


@pytest.mark.parametrize("text, message", ERRORS, ids=[m[:60] for _, m in ERRORS])
def test_errors(text, message):
    with pytest.raises(EloError) as info:
        parse_trf(text)
    assert str(info.value) == message
    assert "\n" not in str(info.value)


def test_header_value_errors():
    e = parse_trf(EXAMPLE.replace("042 2026/04/03", "042 someday"))
    with pytest.raises(EloError) as info:
        e.start_year
    assert str(info.value) == 'line 4, columns 5–11: start date "someday" is not a date; write YYYY/MM/DD'
    e = parse_trf("162  Q 1.0\n" + EXAMPLE)
    with pytest.raises(EloError, match='^line 1, columns 5–10: scoring code "Q" is not W, D, L, A, P or X$'):
        e.scoring()
    e = parse_trf("162 three for a win\n" + EXAMPLE)
    with pytest.raises(EloError, match='^line 1, columns 5–19: "three for a win" is not a scoring system; write a '
                                       'letter of W, D, L, A, P, X followed by points, e.g. W 1.0 D 0.5$'):
        e.computed_points()
    e = parse_trf("XXS WIN=3\n" + EXAMPLE)
    with pytest.raises(EloError, match='^line 1, columns 5–9: XXS code "WIN" is not one of WW, BW'):
        e.scoring()
    e = TrfEvent([TrfRecord("XXR nine")])
    with pytest.raises(EloError, match='^record XXR, columns 5–8: XXR says "nine", which is not a number of rounds$'):
        e.rounds
    with pytest.raises(EloError, match="^there is no player with start rank 9; the event has 4 players$"):
        parse_trf(EXAMPLE).player(9)


def test_writer_errors(tmp_path):
    e = parse_trf(EXAMPLE)
    e.player(1).name = "Berg-Lindstrom-Oxenstierna, Anna Maria"
    with pytest.raises(EloError) as info:
        write_trf(e)
    assert str(info.value) == ('line 9, columns 15–47: name "Berg-Lindstrom-Oxenstierna, Anna Maria" does not fit in '
                               '33 columns')
    new = TrfPlayer(5, "Fox, Ada", rating=4500)
    with pytest.raises(EloError, match="^player 5, columns 49–52: rating 4500 is not a rating from 1 to 3999$"):
        format_player(new)
    with pytest.raises(EloError, match='^player 5, columns 81–84: points "123.5" does not fit in 4 columns$'):
        format_player(TrfPlayer(5, points=123.5))
    assert format_player(TrfPlayer(5, points=100)).endswith(" 100")
    with pytest.raises(EloError, match="^player 10000, columns 5–8: start rank 10000 is not from 1 to 9999$"):
        format_player(TrfPlayer(10000))
    e = parse_trf(EXAMPLE)
    e.players.append(TrfPlayer(5, "Fox, Ada", games=[G(4, "w", "1")]))
    with pytest.raises(EloError, match="^player 5, columns 92–95: round 1 pairs 5 with 4, but line 12 pairs 4 "
                                       "with 3$"):
        write_trf(e)
    write_trf(e, check=False)
    e = parse_trf(EXAMPLE)
    e.player(4).games[2] = G(0, "w", "1")
    with pytest.raises(EloError, match="^line 12, columns 112–115: round 3 opponent 0 is not a start rank; give None "
                                       "for no opponent$"):
        write_trf(e)
    e = parse_trf(EXAMPLE)
    e.player(4).name = "Evans,\nTom"
    with pytest.raises(EloError, match=r'^line 12, columns 15–47: name "Evans,\\nTom" holds a line break or a tab$'):
        write_trf(e)
    e.player(4).name = "Evans, Tom"
    e.set_header("022", "Hanoi\n001 x")
    with pytest.raises(EloError, match=r'^line 2 "022 Hanoi\\n001 x" holds a line break$'):
        write_trf(e)
    e.headers[1] = TrfRecord("001 Hanoi")
    with pytest.raises(EloError, match=r'^record "001 Hanoi" starts with 001, which makes it a player line'):
        write_trf(e)
    single = parse_trf("001    1      Solo, Han")
    with pytest.raises(EloError, match="^there is no player with start rank 2; the event has 1 player$"):
        single.player(2)
    e = read_trf(DATA / "latin1.trf")
    e.player(2).name = "Đỗ, Văn Nam"
    with pytest.raises(EloError) as info:
        save_trf(e, tmp_path / "x.trf")
    assert str(info.value) == 'line 9: "Đỗ" cannot be written in cp1252; save the file as UTF-8'
    save_trf(e, tmp_path / "x.trf", encoding="utf-8")
    assert read_trf(tmp_path / "x.trf").player(2).name == "Đỗ, Văn Nam"


# --- the engine ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", DEFAULT_SCORING)
def test_engine_accepts_the_reader(name):
    e = read_trf(DATA / name)
    out = rate_event(e.ratings(), e.results(), None, "FIDE", e.pairings())
    assert [o.points for o in out] == [p.points for p in e.players]
    assert e.computed_points() == [p.points for p in e.players]
    check_points(e)


def test_engine_rates_no_bye_and_no_forfeit():
    e = read_trf(DATA / "swiss-10x9.trf")
    out = rate_event(e.ratings(), e.results(), None, "FIDE", e.pairings())
    # player 6: rated games against 1, 8, 5, 2, 7, 4 (not the forfeit win, the U bye, the double forfeit)
    assert out[5].games == 6 and out[5].points == 3.5 and out[5].score == 1.5
    # player 2: nine rounds, but the W over 9 is not rated and 10 is unrated
    assert out[1].games == 7 and out[1].points == 7.5 and out[1].score == 5.5
    assert out[9].rating is None and out[9].games == 5          # unrated: 0 + ½ + 0 + 0 + 0 against rated players


# --- property tests ---------------------------------------------------------------------------------

TITLES = ["", "GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"]
AGREEING = [("1", "0"), ("=", "="), ("0", "1"), ("+", "-"), ("-", "+"), ("-", "-"), ("W", "L"), ("D", "D"),
            ("L", "W"), ("", "")]
ABSENT = [(None, "-", "H"), (None, "-", "F"), (None, "-", "Z"), (None, "-", "-"), (None, "", ""),
          (None, "-", "+"), (None, "-", "")]
NAME_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéüñøçăđ ,-'."
HEADER_CODES = ["012", "022", "032", "042", "052", "062", "092", "102", "112", "122", "132", "###", "XXC", "XXP",
                "DAT", "BAN", "310", "260", "ZZZ", "", "  ", "0"]

names = st.text(alphabet=NAME_CHARS, max_size=33).map(str.strip)
#: Header text a TRF file may hold: no control character, no line or paragraph separator, no
#: noncharacter U+FFFE/U+FFFF (what the reader refuses the writer refuses too: see below).
header_text = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"),
                                    blacklist_characters="\ufeff\ufffe\uffff"), max_size=60)


@st.composite
def events(draw, max_players: int = 14, max_rounds: int = 8) -> TrfEvent:
    """A random consistent event: players, titles, federations, byes, forfeits, withdrawals."""
    n = draw(st.integers(1, max_players))                     # a TRF without players is not an event
    rounds = draw(st.integers(0, max_rounds))
    rnd = random.Random(draw(st.integers(0, 2**32)))
    players = []
    for i in range(1, n + 1):
        birth = draw(st.sampled_from(["", "1985", "2009/05/17", "1971/00/00", "0000/00/00"]))
        players.append(TrfPlayer(
            i, draw(names), draw(st.sampled_from(["", "m", "w"])), draw(st.sampled_from(TITLES)),
            draw(st.none() | st.integers(1000, 2900)), draw(st.sampled_from(["", "VIE", "GER", "FID", "USA"])),
            draw(st.sampled_from(["", "0", "1503014", "12345678901"])), birth, None, None, []))
    leaves = {i: rnd.choice([rounds + 1, rounds + 1, rnd.randint(1, rounds + 1)]) for i in range(1, n + 1)}
    for r in range(1, rounds + 1):
        present, games = [], {}
        for p in players:
            if r >= leaves[p.start_no]:
                games[p.start_no] = BLANK                     # withdrawn: blank to the end
            elif rnd.random() < 0.15:
                games[p.start_no] = G(*rnd.choice(ABSENT))
            else:
                present.append(p.start_no)
        rnd.shuffle(present)
        if len(present) % 2:
            games[present.pop()] = G(None, "-", "U")
        for a, b in zip(present[::2], present[1::2]):
            ra, rb = rnd.choice(AGREEING)
            ca, cb = rnd.choice([("w", "b"), ("b", "w"), ("w", "b"), ("-", "-"), ("W", "B")])
            games[a], games[b] = G(b, ca, ra), G(a, cb, rb)
        for p in players:
            p.games.append(games[p.start_no])
    headers = [TrfRecord(draw(st.sampled_from(HEADER_CODES)) + draw(header_text)) for _ in range(draw(st.integers(0, 6)))]
    headers = [h for h in headers if not h.text.startswith("001") and h.text.strip() != "\x1a"]
    if rounds and draw(st.booleans()):
        headers.insert(draw(st.integers(0, len(headers))), TrfRecord(f"{draw(st.sampled_from(['XXR', '142']))} {rounds}"))
    else:  # without XXR the event has as many rounds as the lines use
        used = max((r + 1 for p in players for r, g in enumerate(p.games) if not g.blank), default=0)
        for p in players:
            del p.games[used:]
    event = TrfEvent(headers, players)
    points = event.computed_points()
    for p, computed in zip(players, points):
        p.points = draw(st.sampled_from([computed, computed, None, 12.5]))
        p.rank = draw(st.none() | st.integers(1, 9999))
    return event


def without_lines(event: TrfEvent) -> tuple:
    return ([r.text for r in event.headers],
            [dataclasses.replace(p, line=None, games=list(p.games)) for p in event.players])


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events())
def test_property_write_then_read_is_identity(event):
    text = write_trf(event)
    back = parse_trf(text)
    assert without_lines(back) == without_lines(event)
    assert back.rounds == event.rounds
    assert write_trf(back) == text
    assert parse_trf(write_trf(back)) == back          # line numbers too


@pytest.mark.parametrize("bad", ["\u2028", "\ufffe", "\uffff", "\x7f", "\x85"])
def test_the_writer_refuses_what_the_reader_refuses(bad):
    """A character the reader refuses (a control character, a line separator, a noncharacter)
    is refused by the writer too, naming the line: no TRF is written that elo-xl cannot read."""
    event = parse_trf(EXAMPLE)
    event.headers[0] = TrfRecord(f"012 Club{bad}Cup", event.headers[0].line)
    with pytest.raises(EloError, match=r"line 1, column 9: .* is a control character, which a TRF file cannot hold"):
        write_trf(event)
    event.headers[0] = TrfRecord("012 Club Cup", event.headers[0].line)
    event.players[0].name = f"Ha{bad}n"
    with pytest.raises(EloError, match="is a control character"):
        write_trf(event)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events())
def test_property_engine_points_equal_computed_points(event):
    back = parse_trf(write_trf(event))
    out = rate_event(back.ratings(), back.results(), None, "FIDE", back.pairings())
    assert [o.points for o in out] == back.computed_points()
    n, r = len(back.players), back.rounds
    assert len(back.pairings()) == len(back.results()) == len(back.colours()) == n
    assert all(len(row) == r for row in back.pairings() + back.results() + back.colours())


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events(max_players=8, max_rounds=5), st.data())
def test_property_a_broken_game_is_an_error(event, data):
    """Change one side of a two-sided game to a result that does not agree: always an error."""
    back = parse_trf(write_trf(event))
    games = [(p, r, g) for p in back.players for r, g in enumerate(p.games) if g.opponent and g.result]
    two_sided = [(p, r, g) for p, r, g in games if back.player(g.opponent).games[r].result]
    if not two_sided:
        return
    p, r, g = data.draw(st.sampled_from(two_sided))
    other = parse_result(back.player(g.opponent).games[r].result)
    wrong = data.draw(st.sampled_from([c for c in "10=+-WDL" if not agree(parse_result(c), other)]))
    p.games[r] = G(g.opponent, g.colour, wrong)
    with pytest.raises(EloError, match=rf"round {r + 1} says"):
        parse_trf(write_trf(back, check=False))


# --- speed -------------------------------------------------------------------------------------------


def big_event(n: int = 1000, rounds: int = 15, seed: int = 7) -> str:
    rnd = random.Random(seed)
    players = [TrfPlayer(i, f"Player {i:04d}, Test", "m", rnd.choice(TITLES), rnd.randint(1400, 2800), "FID",
                         str(10_000_000 + i), "1990/01/01") for i in range(1, n + 1)]
    for _ in range(rounds):
        order = list(range(1, n + 1))
        rnd.shuffle(order)
        games = {}
        if len(order) % 2:
            games[order.pop()] = G(None, "-", "U")
        for a, b in zip(order[::2], order[1::2]):
            ra, rb = rnd.choice(AGREEING[:9])
            games[a], games[b] = G(b, "w", ra), G(a, "b", rb)
        for p in players:
            p.games.append(games[p.start_no])
    event = TrfEvent([TrfRecord("012 Big Open"), TrfRecord(f"XXR {rounds}")], players)
    set_standings(event)
    return write_trf(event)


def test_a_1000_player_15_round_file_round_trips():
    """The size of the largest Swiss book (timings: bench/bench_trf.py)."""
    text = big_event()
    event = parse_trf(text)
    assert write_trf(event) == text and len(event.players) == 1000 and event.rounds == 15