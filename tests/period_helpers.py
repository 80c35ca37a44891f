"""Small builders for the period tests: TRF files and rating lists written column by column.

The TRF player line follows the TRF16 column table (001, start rank 5–8, sex 10, title 11–13,
name 15–47, rating 49–52, federation 54–56, FIDE ID 58–68, birth 70–79, points 81–84, rank
86–89, round r from column 92 + 10(r−1): opponent 4 columns, colour, result); the list lines
follow the column table of FIDE-PERIODS.md.
"""

from __future__ import annotations

from pathlib import Path

OTHER = {"1": "0", "0": "1", "=": "="}


def trf_line(start: int, name: str, rating: int | None, fide_id: int | None, rounds: list[tuple[int, str, str] | None],
             sex: str = "m", birth: str = "") -> str:
    """One 001 line; ``rounds`` holds (opponent, colour, result) or None for no game; the points
    column says what the results add up to (the commands refuse a line that contradicts them)."""
    points = sum({"1": 1.0, "=": 0.5, "+": 1.0}.get(r[2], 0.0) for r in rounds if r is not None)
    line = ("001 " + str(start).rjust(4) + " " + sex + "   " + " " + name.ljust(33)[:33] + " "
            + (str(rating) if rating else "").rjust(4) + " " + "VIE" + " " + (str(fide_id) if fide_id else "").rjust(11)
            + " " + birth.ljust(10) + " " + f"{points:.1f}".rjust(4) + " " + "".rjust(4) + "  ")
    for r in rounds:
        if r is None:
            line += "          "
        else:
            opp, colour, result = r
            line += str(opp).rjust(4) + " " + colour + " " + result + "  "
    return line.rstrip()


def event_text(players: list[tuple[str, int | None, int | None]], games: list[list[tuple[int, int, str]]],
               start: str = "2026/10/03") -> str:
    """A TRF: ``players`` = (name, FIDE ID, rating) by start rank from 1; ``games[r]`` = the games of
    round r as (white start rank, black start rank, white's result: 1, =, 0)."""
    rounds: dict[int, list] = {i: [None] * len(games) for i in range(1, len(players) + 1)}
    for r, pairs in enumerate(games):
        for w, b, res in pairs:
            rounds[w][r] = (b, "w", res)
            rounds[b][r] = (w, "b", OTHER[res])
    lines = ["012 Test event", f"042 {start}", f"XXR {len(games)}"]
    for i, (name, fid, rating) in enumerate(players, 1):
        lines.append(trf_line(i, name, rating, fid, rounds[i]))
    return "\n".join(lines) + "\n"


def write_event(folder: Path, name: str, players, games, start: str = "2026/10/03") -> Path:
    path = folder / name
    path.write_text(event_text(players, games, start), encoding="utf-8")
    return path


def write_csv_list(folder: Path, rows: list[tuple], name: str = "list.csv") -> Path:
    """A CSV list: rows of (fide_id, name, rating, k, birth_year)."""
    lines = ["fide_id,name,federation,sex,title,rating,games,k,birth_year,flag"]
    for fid, pname, rating, k, born in rows:
        lines.append(f'{fid},"{pname}",VIE,M,,{rating or 0},0,{k or ""},{born or ""},')
    path = folder / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
