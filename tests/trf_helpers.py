"""Helpers of the tests that cut or edit TRF files: the points column kept true to the results.

The commands refuse a file whose points column contradicts its results where nothing explains
it (:func:`elo_xl.io.trf_points.refuse_unexplained`), so a test that cuts rounds off a file
recounts the column, as the program that wrote the file would have.
"""

from __future__ import annotations

from elo_xl.io import parse_trf


def recount(text: str) -> str:
    """``text`` with each player line's points (columns 81–84) what its results add up to under
    the file's scoring; every other character as it was."""
    event = parse_trf(text)
    points = {p.start_no: value for p, value in zip(event._ordered(), event.computed_points())}
    out = []
    for line in text.split("\n"):
        if line.startswith("001") and line[4:8].strip().isdigit() and len(line) >= 84:
            line = line[:80] + f"{points[int(line[4:8])]:4.1f}" + line[84:]
        out.append(line)
    return "\n".join(out)
