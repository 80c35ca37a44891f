"""Tables 8.1.2 and 8.1.1: the package's data against an independent copy, every row edge."""

import csv
from pathlib import Path

import pytest

from elo_xl import dp, expected, table_h
from elo_xl.tables import D_TO_P, P_TO_DP, dp_for_hundredths, expected_hundredths, p_high_rows

DATA = Path(__file__).parents[1] / "data"


def _hundredths(text: str) -> int:
    whole, _, frac = text.partition(".")
    return int(whole) * 100 + int((frac + "00")[:2])


def read_d_to_p():
    with open(DATA / "fide_table_8_1_2.csv", newline="") as f:
        return [
            (int(r["d_min"]), int(r["d_max"]) if r["d_max"] else None, _hundredths(r["p_high"]), _hundredths(r["p_low"]))
            for r in csv.DictReader(f)
        ]


def read_p_to_dp():
    with open(DATA / "fide_table_8_1_1.csv", newline="") as f:
        return {_hundredths(r["p"]): int(r["dp"]) for r in csv.DictReader(f)}


def test_table_8_1_2_matches_the_reference_copy():
    assert p_high_rows() == read_d_to_p()
    assert len(D_TO_P) == 51


def test_table_8_1_1_matches_the_reference_copy():
    reference = read_p_to_dp()
    assert sorted(reference) == list(range(101))
    assert [reference[p] for p in range(101)] == list(P_TO_DP)


ROWS = read_d_to_p()


@pytest.mark.parametrize("d_min,d_max,p_high,p_low", ROWS, ids=[str(r[0]) for r in ROWS])
def test_every_row_edge_of_8_1_2(d_min, d_max, p_high, p_low):
    """Both edges of every row, both signs, and the last value of the row before."""
    assert expected_hundredths(d_min) == p_high
    assert expected_hundredths(-d_min) == p_low
    if d_max is not None:
        assert expected_hundredths(d_max) == p_high
        assert expected_hundredths(-d_max) == p_low
        # a fractional difference just below the next row still belongs to this row
        assert expected_hundredths(d_max + 0.99) == p_high
        assert expected_hundredths(-(d_max + 0.5)) == p_low
    else:
        assert expected_hundredths(10_000) == 100
    if d_min:
        assert expected_hundredths(d_min - 1) == p_high - 1
        assert expected_hundredths(-(d_min - 1)) == p_low + 1
    # the same edges through the public functions (no cap under the Kvant rule sets)
    assert table_h(d_min) == p_high
    assert table_h(-d_min) == p_low
    assert expected(2000 + d_min, 2000, "ELO-1970") == p_high / 100


@pytest.mark.parametrize("p", range(101))
def test_every_row_of_8_1_1(p):
    reference = read_p_to_dp()
    assert dp_for_hundredths(p) == reference[p]
    assert dp(p / 100) == reference[p]
    assert dp(f"{p / 100:.2f}") == reference[p]


@pytest.mark.parametrize("p", range(100))
def test_8_1_1_rounds_to_two_decimals_half_up(p):
    """p + 0.005 belongs to the next row, p + 0.0049 to this one (shortest decimal form)."""
    reference = read_p_to_dp()
    assert dp(float(f"{p / 100 + 0.005:.3f}")) == reference[p + 1]
    assert dp(float(f"{p / 100 + 0.0049:.4f}")) == reference[p]


def test_8_1_1_known_values():
    assert dp(0.835) == 284  # 0.835 is 0.8349999… in binary, taken as typed: 0.84
    assert dp(0.83) == 273
    assert dp(6 / 7) == 309  # the initial-rating example of FIDE-RULES.md: p = .86
