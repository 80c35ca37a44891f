"""SIGINT, SIGTERM and SIGHUP end ``recalc`` as an interruption (``io.atomic.terminate_as_interrupt``,
within the hold of the book it writes): one line
on standard error, the exit code of a process ended by that signal (128 + its number, as the
shells report it: 130, 143, 129), every clean-up run, the book untouched. Here in this process,
the recalculation replaced by one that sends the signal; ``tests/recalc/test_recalc_kills.py``
kills the real command while LibreOffice runs."""

from __future__ import annotations

import signal
import threading

import pytest

from elo_xl.cli import main
from elo_xl.io.atomic import Interrupted, terminate_as_interrupt

pytestmark = pytest.mark.skipif(threading.current_thread() is not threading.main_thread(),
                                reason="signal handlers are set in the main thread only")

@pytest.fixture(autouse=True)
def ctrl_c_as_on_a_terminal():
    """These tests are of a command run from a terminal, where Ctrl-C interrupts: a suite started
    in the background ignores SIGINT (and elo-xl keeps an ignored SIGINT ignored), so Python's
    own handler is put in place for the test, and what was there put back after it."""
    before = signal.getsignal(signal.SIGINT)
    if before is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


#: Each signal, its exit code (128 + the number on Linux) and the line on standard error.
CASES = [
    (signal.SIGINT, 130, "elo-xl: interrupted; nothing was written\n"),
    (signal.SIGTERM, 143, "elo-xl: interrupted (SIGTERM); nothing was written\n"),
    (signal.SIGHUP, 129, "elo-xl: interrupted (SIGHUP); nothing was written\n"),
]


@pytest.mark.parametrize("number, code, line", CASES)
def test_recalc_ends_in_one_line_and_the_book_untouched(number, code, line, tmp_path, capsys, monkeypatch):
    import elo_xl.recalc
    import elo_xl.workbook

    book = tmp_path / "p.xlsx"
    assert main(["workbook", "player", "-o", str(book)]) == 0
    before = book.read_bytes()
    cleaned = []

    def signalled(data):
        try:
            # to this thread: a signal sent to the process may land on another thread (a LibreOffice
            # session's reader, in a worker that recalculated before), and pause() would wait forever
            signal.raise_signal(number)
            raise AssertionError("not reached: the handler raises first")
        finally:
            cleaned.append(True)  # a `finally` on the way out runs (LibreOffice stopped there)

    monkeypatch.setattr(elo_xl.recalc, "available", lambda: True)
    monkeypatch.setattr(elo_xl.workbook, "recalculated", signalled)
    previous = {n: signal.getsignal(n) for n, _, _ in CASES}
    capsys.readouterr()
    assert main(["recalc", str(book)]) == code
    out, err = capsys.readouterr()
    assert (out, err) == ("", line)
    assert cleaned == [True] and book.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.xlsx"]
    assert {n: signal.getsignal(n) for n in previous} == previous  # the handlers are put back


def test_a_second_signal_does_not_cut_the_clean_up_short():
    steps = []
    with pytest.raises(Interrupted) as stopped:
        with terminate_as_interrupt():
            try:
                signal.raise_signal(signal.SIGTERM)
                raise AssertionError("not reached: the handler raises first")
            finally:
                signal.raise_signal(signal.SIGINT)  # a second Ctrl-C while cleaning up: ignored
                steps.append("cleaned up")
    assert stopped.value.code == 143 and steps == ["cleaned up"]


def test_the_codes_are_the_shells():
    assert [Interrupted(n).code for n, _, _ in CASES] == [128 + int(n) for n, _, _ in CASES] == [130, 143, 129]
