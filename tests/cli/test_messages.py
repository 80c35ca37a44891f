"""Smaller defects of issue 15 (item 10): a `072` count kept as written on a round trip through
the Swiss book, and error messages that name the file and the option at fault."""

from __future__ import annotations


from elo_xl.cli import main
from elo_xl.io.trf_format import EXAMPLE
from books import load_workbook


def _with_counts(text: str, players: str, rated: str) -> str:
    lines = text.split("\n")
    at = lines.index("XXR 3")
    return "\n".join(lines[:at] + [f"062 {players}", f"072 {rated}"] + lines[at:])


def _export(tmp_path, text, edit=None):
    source, book, back = tmp_path / "e.trf", tmp_path / "e.xlsx", tmp_path / "back.trf"
    source.write_text(text, encoding="utf-8")
    assert main(["workbook", "swiss", "--from", str(source), "-o", str(book)]) == 0
    if edit:
        wb = load_workbook(book)
        edit(wb)
        wb.save(book)
    assert main(["export", str(book), "-o", str(back)]) == 0
    return back.read_text(encoding="utf-8").split("\n")


def test_072_kept_as_written(tmp_path, capsys):
    """The file says 14 rated players though its lines hold 3 (a program counting something
    else): nothing about ratings changed in the book, so the record stays."""
    lines = _export(tmp_path, _with_counts(EXAMPLE, "4", "14"))
    assert "072 14" in lines and "062 4" in lines


def test_072_rewritten_when_a_rating_changed(tmp_path, capsys):
    """The arbiter gives the unrated Evans (player 4) a rating in the book: the file's lines
    held 3 rated players, the book 4, so the count is written anew."""
    def rate_evans(wb):
        sheet, ref = next(iter(wb.defined_names["Ratings"].destinations))
        wb[sheet][ref.replace("$", "")][3][0].value = 1650

    lines = _export(tmp_path, _with_counts(EXAMPLE, "4", "14"), rate_evans)
    assert "072 4" in lines and "062 4" in lines


def test_a_csv_for_a_swiss_book_names_option_and_file(tmp_path, capsys):
    csv = tmp_path / "cup.csv"
    csv.write_text("name,rating,k,A,B\nA,2000,20,,1\nB,1900,20,0,\n", encoding="utf-8")
    assert main(["workbook", "swiss", "--from", str(csv), "-o", str(tmp_path / "s.xlsx")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"elo-xl: --from {csv}: a Swiss book needs rounds: give a TRF file")


def test_a_swiss_for_a_round_robin_book_names_option_and_file(tmp_path, capsys):
    """Players 1 and 2 meet in rounds 1 and 2, 3 meets nobody: no crosstable holds that (a
    double round robin's would, were every pair to meet twice)."""
    trf = tmp_path / "twice.trf"
    line = "001 {:>4}      {:<33} {}".format
    trf.write_text("012 Twice\nXXR 2\n"
                   + line(1, "A, A", "2000").ljust(91) + "   2 w 1     2 b 0\n"
                   + line(2, "B, B", "1900").ljust(91) + "   1 b 0     1 w 1\n"
                   + line(3, "C, C", "1800") + "\n", encoding="utf-8")
    assert main(["workbook", "round-robin", "--from", str(trf), "-o", str(tmp_path / "r.xlsx")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"elo-xl: --from {trf}: players 1 and 2 meet twice (round 2)")
    assert not (tmp_path / "r.xlsx").exists()


def test_rate_names_the_file_of_an_event_error(tmp_path, capsys):
    """A standard-rating column under the FIDE rules is the file's fault: its name leads."""
    csv = tmp_path / "rapid.csv"
    csv.write_text("name,rating,k,standard_rating,A,B\nA,,20,2000,,1\nB,1900,20,,0,\n", encoding="utf-8")
    code = main(["rate", str(csv)])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith(f"elo-xl: {csv}: ") and "FIDE-RAPID" in err


def test_each_writing_command_prints_one_summary_line(tmp_path, capsys):
    """The sample TRF (4 players, XXR 3, all 3 rounds played) through the writing commands."""
    source, book, back, report = tmp_path / "e.trf", tmp_path / "e.xlsx", tmp_path / "b.trf", tmp_path / "r.csv"
    source.write_text(EXAMPLE, encoding="utf-8")
    assert main(["workbook", "swiss", "--from", str(source), "-o", str(book)]) == 0
    assert capsys.readouterr().out == f"{book}: Swiss book, 4 players, 3 rounds (3 played), FIDE\n"
    assert main(["export", str(book), "-o", str(back)]) == 0
    assert capsys.readouterr().out == f"{back}: TRF, 4 players, 3 rounds (3 played)\n"
    assert main(["rate", str(source), "-o", str(report)]) == 0
    assert capsys.readouterr().out == f"{report}: rating report (csv), 4 players, 3 rounds, FIDE\n"


def test_repeated_notes_are_grouped_and_fit_100_columns(capsys):
    """Karl-Mala: the unrated players with fewer than 5 rated games against rated opponents
    (FIDE B.02 §7.1.2 asks 5), counted here from the file's own columns: each is listed once."""
    from pathlib import Path

    path = Path(__file__).parents[1] / "data" / "real" / "karl-mala-2005.trf"
    lines = [x for x in path.read_text(encoding="latin-1").splitlines() if x.startswith("001")]
    rated = {int(x[4:8]) for x in lines if x[48:52].strip().strip("0")}
    few = 0
    for x in lines:
        if int(x[4:8]) in rated:
            continue
        games = [(x[at:at + 4].strip(), x[at + 7:at + 8]) for at in range(91, len(x), 10)]
        count = sum(1 for opp, res in games if opp.isdigit() and int(opp) in rated and res in "10=")
        few += count < 5 and x[14:47].strip() != "spielfrei"  # the bye marker (284), named in a note of its own
    assert main(["rate", str(path), "--norms"]) == 0
    out = capsys.readouterr().out
    notes = out.split("\nNote: ", 2)[2]
    assert notes.startswith(f"{few} players without a rating have fewer than 5 rated games against rated opponents:")
    assert few == 100
    assert notes.count("Engel,Johannes") == 1 and "Note: Engel" not in out
    section = "Note: " + notes
    assert all(len(line) <= 100 for line in section.splitlines())
    norms = out.split("\nNorms", 1)[1].split("\n\n")[0]
    assert all(len(line) <= 100 for line in norms.splitlines())


# --- issue 23, item 10: the option at fault, not the file ---------------------------------------------


def _sample():
    from pathlib import Path

    return str(Path(__file__).resolve().parents[2] / "elo_xl" / "data" / "sample-swiss.trf")


def test_a_wrong_year_names_the_option(capsys):
    assert main(["rate", _sample(), "--year", "26"]) == 2
    assert capsys.readouterr().err == "elo-xl: --year: 26 is not a whole number from 1800 to 2200\n"


def test_norm_options_without_norms_name_what_was_given(capsys):
    assert main(["rate", _sample(), "--min-games", "7"]) == 2
    assert capsys.readouterr().err == "elo-xl: --min-games goes with --norms\n"
    assert main(["rate", _sample(), "--norms-exempt"]) == 2
    assert capsys.readouterr().err == "elo-xl: --norms-exempt goes with --norms\n"


def test_an_event_too_small_for_the_book_names_from(tmp_path, capsys):
    """Two players: a round-robin book holds 3 to 30 (workbook.KINDS); --players was not given."""
    two = tmp_path / "two.csv"
    two.write_text("name,rating,k\nAnn,2000,\nBob,1900,\n", encoding="utf-8")
    out = tmp_path / "rr.xlsx"
    assert main(["workbook", "round-robin", "--from", str(two), "-o", str(out)]) == 2
    assert capsys.readouterr().err == (f"elo-xl: --from {two}: the event has 2 players; a round-robin book holds "
                                       "3 to 30\n")
    assert not out.exists()


# --- issue 23, item 6: a book of the right kind -------------------------------------------------------


def test_a_declared_swiss_is_no_round_robin_book(tmp_path, capsys):
    """sample-swiss.trf declares itself "Individual: Swiss-System" (its 092 record)."""
    out = tmp_path / "rr.xlsx"
    assert main(["workbook", "round-robin", "--from", _sample(), "-o", str(out)]) == 2
    assert capsys.readouterr().err == (f"elo-xl: --from {_sample()}: not a round robin: the file declares it "
                                       '"Individual: Swiss-System", not a round robin; make a Swiss book (elo-xl '
                                       "workbook swiss --from …)\n")
    assert not out.exists()


def test_a_bye_with_points_is_not_dropped_from_a_round_robin_book(tmp_path, capsys):
    """The example event (no 092): Anna's half-point bye in round 3 (0000 - H) is worth ½; a
    crosstable has no cell for it, so the book is refused rather than give her 1½."""
    trf, out = tmp_path / "e.trf", tmp_path / "rr.xlsx"
    trf.write_text(EXAMPLE, encoding="utf-8")
    assert main(["workbook", "round-robin", "--from", str(trf), "-o", str(out)]) == 2
    assert capsys.readouterr().err == (f'elo-xl: --from {trf}: not a round robin: player 1 has "H" without an '
                                       "opponent in round 3 (a bye or a forfeit win, which counts points): a "
                                       "crosstable has no cell for it; make a Swiss book (elo-xl workbook swiss "
                                       "--from …)\n")


# --- issue 23, item 12: smaller defects ---------------------------------------------------------------


def test_a_bye_typed_in_a_book_is_written_with_the_colour_dash(tmp_path, capsys):
    """Tom (player 4) has no game in round 3 of the example; a pairing-allocated bye typed in
    the book is written as the specification writes a bye: ``0000 - U`` (not ``0000   U``)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from books import round_cell

    def bye(wb):
        sheet, row, column = round_cell(wb, "Results", 3, 2)
        wb[sheet].cell(row, column).value = "U"

    lines = _export(tmp_path, EXAMPLE, bye)
    tom = next(line for line in lines if line.startswith("001    4"))
    assert tom[111:119] == "0000 - U"


def test_a_swiss_has_no_category(capsys):
    """FIDE's categories (average rating in steps of 25 from 2251) are a round robin's; the
    sample event declares itself a Swiss, so its heading and JSON give none."""
    import json

    assert main(["rate", _sample()]) == 0
    heading = capsys.readouterr().out.split("\n\n")[0]
    assert "average rating 2220" in heading and "category" not in heading
    assert main(["rate", _sample(), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["event"]["category"] is None


def test_a_three_one_zero_event_shows_its_own_points(tmp_path, capsys):
    """The example event under ``162  W 3.0 D 1.0 L 0.0`` (TRF-2026: a win and a forfeit win 3,
    a draw and a half-point bye 1). By hand: Anna 3 + 1 + 1 (H) = 5, Mateo 0 + 1 + 0 (forfeit
    loss) = 1, Lea 3 + 1 + 3 (forfeit win) = 7, Tom 0 + 1 + 0 = 1: the Points column shows these,
    as the file's own points column does."""
    import json

    lines = EXAMPLE.split("\n")
    lines.insert(7, "162  W 3.0    D 1.0    L 0.0")
    for index, points in ((9, " 5.0"), (10, " 1.0"), (11, " 7.0"), (12, " 1.0")):
        lines[index] = lines[index][:80] + points + lines[index][84:]
    path = tmp_path / "three.trf"
    path.write_text("\n".join(lines), encoding="utf-8")
    assert main(["rate", str(path), "--format", "json"]) == 0
    captured = capsys.readouterr()
    assert [p["points"] for p in json.loads(captured.out)["players"]] == [5, 1, 7, 1]
    assert "points column" not in captured.err  # the file's column agrees with its results


# --- issue 23, item 11: tie-breaks fit for the event ---------------------------------------------------


def test_buchholz_for_a_round_robin_under_2024_is_a_note(capsys):
    """C.07 (2026) article 8 forbids the Buchholz family in a round robin; under the 2024 rules
    it is allowed, and rate says why it tells little there, naming FIDE's round-robin list."""
    from pathlib import Path

    rr = str(Path(__file__).resolve().parents[1] / "data" / "trf" / "round-robin-6.trf")
    note = ("BH in a round robin: every player meets the same opponents, so Buchholz tells little (the 2026 rules "
            "forbid it there, C.07 8); FIDE's list for a round robin is DE, WIN, SB, KS")
    assert main(["rate", rr, "--tiebreaks", "BH,SB", "--tiebreak-rules", "2024"]) == 0
    assert note in " ".join(capsys.readouterr().out.split())
    assert main(["rate", rr, "--tiebreak-rules", "2024"]) == 0
    assert "Buchholz" not in capsys.readouterr().out
    assert main(["rate", _sample(), "--tiebreaks", "BH,SB", "--tiebreak-rules", "2024"]) == 0  # a Swiss
    assert "Buchholz" not in capsys.readouterr().out
