"""The Dutch system (FIDE Handbook C.04.3, the rules in force from 2026) through **gacrux**,
the reference tool of FIDE's Technical Commission: elo-xl has no Swiss engine of its own.

gacrux reads a TRF file and pairs the round after the last one it holds. It is called here
in process, through the same stages its command line ``pairingchecker -p`` runs (read the
file, prepare the tournament, pair, report), so that a fault gets the status and the message
gacrux gives it; nothing is written to a file or to the screen.

>>> trf = "\\n".join(["012 Four", "142 3", "152 W"] + [
...     f"001 {n:4d}      Player {n:<25}  {2400 - 10 * n:4d}                           0.0" for n in (1, 2, 3, 4)])
>>> pair_dutch(trf, round_=1, top_colour="w")
[(1, 3), (4, 2)]
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Sequence

from ..errors import EloError

__all__ = ["pair_dutch", "pair_berger_gacrux", "pair_teams_gacrux", "gacrux_version"]


def gacrux_version() -> str:
    """The version of gacrux that pairs (its package metadata).

    >>> gacrux_version().count(".") >= 1
    True
    """
    from importlib.metadata import version

    return version("gacrux")


def pair_dutch(trf: str, *, round_: int, top_colour: str, rounds: int | None = None,
               absent: Sequence[int] = ()) -> list[tuple[int, int]]:
    """Round ``round_`` of the event in the TRF text ``trf`` (every earlier round complete),
    paired by gacrux's Dutch system: (white, black) start numbers in board order, black 0 for
    the pairing-allocated bye.

    ``top_colour`` (``"w"`` or ``"b"``) is the initial colour drawn before round 1 (C.04.3
    article 5.2.2), gacrux's ``-t``: gacrux heeds it only when the text has no ``152`` record
    and no record of round 1 (a bye asked for in round 1 counts, read as Black), so the event's
    text states it in a ``152`` (:func:`elo_xl.event.pairings.engine_text`); ``rounds`` the
    number of rounds when the file does not give it (``XXR`` or ``142``), ``absent`` the
    start numbers not to pair in this round (withdrawn or absent players). A requested bye
    written in the file for that round (``H``, ``Z``, ``F`` with no opponent, or TRF-2026
    ``240``) is gacrux's to read.
    """
    return _pair(trf, "dutch", round_=round_, top_colour=top_colour, rounds=rounds, absent=absent)


def pair_berger_gacrux(trf: str, *, round_: int, rounds: int | None = None, double: bool = False,
                       reverse: bool = False) -> list[tuple[int, int]]:
    """Round ``round_`` of a round robin from gacrux's Berger tables (the cross-check of
    :mod:`elo_xl.pairing.berger`; the bye's board has black 0). ``double``: a double round
    robin; ``reverse``: its first cycle's last two rounds exchanged (gacrux's ``fide`` variant,
    what TRF-2026 calls ``FIDE_DOUBLEROUNDROBIN``)."""
    method = "berger" + ("-fide" if reverse else "") + ("-double" if double else "")
    return _pair(trf, method, round_=round_, top_colour="w", rounds=rounds, absent=())


def pair_teams_gacrux(trf: str, *, round_: int, method: str | None, top_colour: str, rounds: int | None = None,
                      absent: Sequence[int] = ()) -> list[tuple[int, int]]:
    """Round ``round_`` of the team event in the TRF text ``trf`` paired by gacrux's Swiss team
    system (FIDE C.04.6): (white team, black team) team numbers in match order, black 0 for the
    pairing-allocated bye. ``method``: gacrux's ``-m`` (``fideteam``, ``fideteam-typeb``,
    ``fideteam-nocolor``), or None to let gacrux choose from the file's ``192`` code;
    ``absent``: the team numbers not to pair (requested byes, absent teams)."""
    return _pair(trf, method, round_=round_, top_colour=top_colour, rounds=rounds, absent=absent,
                 rules="C.04.6", who="teams")


def _pair(trf: str, method: str | None, *, round_: int, top_colour: str, rounds: int | None,
          absent: Sequence[int], rules: str = "C.04.3", who: str = "players") -> list[tuple[int, int]]:
    try:
        from gacrux.pairingchecker import pairingchecker
        from gacrux.trf2json import trf2json
    except ImportError:  # pragma: no cover - gacrux is a dependency
        raise EloError("pairing needs gacrux: pip install gacrux") from None
    if top_colour not in ("w", "b"):
        raise ValueError(f"top_colour is 'w' or 'b', not {top_colour!r}")
    argv = ["-p"] + (["-m", method] if method else []) + ["-t", top_colour, "-n", str(round_)]
    if rounds:
        argv += ["-N", str(rounds)]
    if absent:
        argv += ["-u", *(str(n) for n in absent)]
    checker = pairingchecker()
    parse = checker.parser.parse_args
    checker.parser.parse_args = lambda *args, **kwargs: parse(argv)  # its own options, not sys.argv
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        checker.read_command_line()
        checker.chessfile = chessfile = trf2json()
        checker.do_command(lambda: chessfile.parse_file(trf, 0), 502, "the TRF text could not be read")
        status = chessfile.chessjson["status"]
        if status["code"] > 400 and not checker.exit:
            checker.error(status["code"], status["error"])
        checker.do_command(checker.prepare_tournament, 501, "the tournament could not be prepared")
        checker.do_command(checker.do_checker, 481, "gacrux failed")
        checker.do_command(checker.apply_result, 482, "gacrux failed")
    status = checker.resultjson["status"]
    if checker.exit or status["code"] not in (0,):
        errors = [e for e in status.get("error", []) if e] or [f"status {status['code']}"]
        text = "; ".join(str(e).strip() for e in errors)
        if status["code"] in (2, 505) or "cannot be paired" in text:
            why = "" if status["code"] == 2 else f" ({text})"
            raise EloError(f"round {round_} cannot be paired: no pairing meets {rules}'s absolute criteria (the {who} "
                           f"to pair have met, or would get a second bye){why}; the arbiter decides how "
                           "to pair it")
        raise EloError(f"gacrux refused to pair round {round_}: {text}")
    result = chessfile.result
    if result.get("round") != round_:
        raise EloError(f"gacrux paired round {result.get('round')}, not round {round_}")
    return [(int(w), int(b)) for w, b in result["pairs"]]
