"""Tables 1-5 against the seed, and every row boundary (RULES.md go_ufgo: row by lower bound)."""

import itertools
from collections.abc import Sequence
from decimal import Decimal

import pytest

from fedrank.engines.go_ufgo import tables
from fedrank.engines.go_ufgo.ranks import Rank
from fedrank.engines.go_ufgo.tables import (
    TABLE1,
    TABLE2,
    TABLE3,
    TABLE4,
    TABLE5,
    k1,
    k2_k3,
    table1_grade,
    table4,
    table5,
)
from fedrank.engines.kernel import RuleError

# Table 2 as printed in seed 002 (three row groups side by side; "0  3" is the seed's "0 - 3",
# "735 -" its last row "> 735").
SEED_TABLE2 = """
0 3 0.50 0.50 | 122 129 0.33 0.67 | 279 290 0.16 0.84
4 10 0.49 0.51 | 130 137 0.32 0.68 | 291 302 0.15 0.85
11 17 0.48 0.52 | 138 145 0.31 0.69 | 303 315 0.14 0.86
18 25 0.47 0.53 | 146 153 0.30 0.70 | 316 328 0.13 0.87
26 32 0.46 0.54 | 154 162 0.29 0.71 | 329 344 0.12 0.88
33 39 0.45 0.55 | 163 170 0.28 0.72 | 345 357 0.11 0.89
40 46 0.44 0.56 | 171 179 0.27 0.73 | 358 374 0.10 0.90
47 53 0.43 0.57 | 180 188 0.26 0.74 | 375 391 0.09 0.91
54 61 0.42 0.58 | 189 197 0.25 0.75 | 392 411 0.08 0.92
62 68 0.41 0.59 | 198 206 0.24 0.76 | 412 432 0.07 0.93
69 76 0.40 0.60 | 207 215 0.23 0.77 | 433 456 0.06 0.94
77 83 0.39 0.61 | 216 225 0.22 0.78 | 457 484 0.05 0.95
84 91 0.38 0.62 | 226 235 0.21 0.79 | 485 517 0.04 0.96
92 98 0.37 0.63 | 236 245 0.20 0.80 | 518 559 0.03 0.97
99 106 0.36 0.64 | 246 256 0.19 0.81 | 560 619 0.02 0.98
107 113 0.35 0.65 | 257 267 0.18 0.82 | 620 735 0.01 0.99
114 121 0.34 0.66 | 268 278 0.17 0.83 | 735 - 0 1
"""


def _seed_table2() -> list[tuple[int, int | None, Decimal, Decimal]]:
    rows = []
    for line in SEED_TABLE2.strip().splitlines():
        for group in line.split("|"):
            lo, hi, weak, strong = group.split()
            rows.append((int(lo), None if hi == "-" else int(hi), Decimal(weak), Decimal(strong)))
    return sorted(rows)


def test_table2_is_the_seed_and_rows_are_contiguous() -> None:
    seed = _seed_table2()
    assert len(seed) == len(TABLE2) == 51
    for (lo, _, weak, strong), (b, w, s) in zip(seed, TABLE2, strict=True):
        assert (lo, weak, strong) == (b, Decimal(w) / 100, Decimal(s) / 100)
        assert weak + strong == 1
    for (_, hi, _, _), (lo_next, hi_next, _, _) in itertools.pairwise(seed):
        # "> 735" follows "620 - 735": the last row starts above the previous row's end
        assert (hi is not None and hi + 1 == lo_next) or (hi_next is None and hi == lo_next)


@pytest.mark.parametrize(("lo", "weak", "strong"), [(b, w, s) for b, w, s in TABLE2])
def test_table2_every_row_boundary(lo: int, weak: int, strong: int) -> None:
    """At the lower bound the row applies; 0.1 below it the previous row (RULES.md Decision).
    The last row, "> 735", applies just above its bound."""
    if lo == tables.T2_ABOVE:
        lo_value = Decimal(lo) + Decimal("0.1")
        assert k1(lo_value, stronger=False) == Decimal(weak) / 100
        assert k1(lo_value, stronger=True) == Decimal(strong) / 100
        assert k1(lo, stronger=True) == Decimal("0.99")
        return
    assert k1(lo, stronger=False) == Decimal(weak) / 100
    assert k1(lo, stronger=True) == Decimal(strong) / 100
    if lo:
        prev = next(r for r in reversed(TABLE2) if r[0] < lo)
        assert k1(Decimal(lo) - Decimal("0.1"), stronger=False) == Decimal(prev[1]) / 100
        assert k1(Decimal(lo) - Decimal("0.1"), stronger=True) == Decimal(prev[2]) / 100


def test_decision_r12_row_by_lower_bound() -> None:
    """RULES.md go_ufgo Decision: IK to 0.1, R12 3.5 falls in the row 0-3; the last row is
    "> 735", so every difference above 735 (735.1, 735.5) reads K1 = 0 / 1 and 735 itself
    the row 620-735."""
    assert k1("3.5", stronger=True) == Decimal("0.50")
    assert k1("3.9", stronger=False) == Decimal("0.50")
    assert k1(4, stronger=False) == Decimal("0.49")
    assert k1(735, stronger=True) == Decimal("0.99")
    assert k1(735, stronger=False) == Decimal("0.01")
    assert k1("735.1", stronger=True) == 1
    assert k1("735.5", stronger=True) == 1
    assert k1("735.5", stronger=False) == 0
    assert k1(736, stronger=True) == 1
    assert k1(5000, stronger=False) == 0


def test_decision_above_735_in_the_tournament_loop() -> None:
    """The fast arrays read tenths: a difference of 735.5 (7355 tenths) reads the last row,
    735.0 the row 620-735, on both sides."""
    assert tables.K1_BY_DIFF[7350] == 99 and tables.K1_BY_DIFF[-7350] == 1
    assert tables.K1_BY_DIFF[7351] == 100 and tables.K1_BY_DIFF[-7351] == 0
    assert tables.K1_BY_DIFF[7355] == 100 and tables.K1_BY_DIFF[-7355] == 0


# Table 3 as printed: "< 600 60 20; 600-1099 50 10; 1100-1399 40 5; 1400-1699 30 2;
# 1700-1999 20 1; > 2000 10 0".
@pytest.mark.parametrize(
    ("ik", "expected"),
    [
        (0, (60, 20)),
        ("599.9", (60, 20)),
        (600, (50, 10)),
        ("1099.9", (50, 10)),
        (1100, (40, 5)),
        ("1399.9", (40, 5)),
        (1400, (30, 2)),
        ("1699.9", (30, 2)),
        (1700, (20, 1)),
        ("1999.9", (20, 1)),
        (2000, (10, 0)),  # RULES.md Decision: 2000 exactly falls in the last row
        (2800, (10, 0)),
    ],
)
def test_table3_every_row_boundary(ik: str | int, expected: tuple[int, int]) -> None:
    assert k2_k3(ik) == expected


def test_table3_transcription() -> None:
    assert TABLE3 == (
        (0, 60, 20),
        (600, 50, 10),
        (1100, 40, 5),
        (1400, 30, 2),
        (1700, 20, 1),
        (2000, 10, 0),
    )


# Table 1 rows the seed prints (the others follow the same steps).
@pytest.mark.parametrize(
    ("ik", "label"),
    [
        (0, "30 kyu"),
        ("9.9", "30 kyu"),
        (10, "29 kyu"),
        (19, "29 kyu"),
        (80, "22 kyu"),
        (89, "22 kyu"),
        (90, "21 kyu"),
        ("99.9", "21 kyu"),
        (100, "20 kyu"),
        (199, "20 kyu"),
        (200, "19 kyu"),
        (299, "19 kyu"),
        (1900, "2 kyu"),
        (1999, "2 kyu"),
        (2000, "1 kyu"),
        (2099, "1 kyu"),
        (2100, "1 dan"),
        (2199, "1 dan"),
        (2200, "2 dan"),
        (2299, "2 dan"),
        (2600, "6 dan"),
        (2699, "6 dan"),
        (2700, "7 dan"),
        (3200, "7 dan"),
    ],
)
def test_table1_seed_rows(ik: str | int, label: str) -> None:
    assert Rank(table1_grade(ik)).label == label


def test_table1_every_row_boundary() -> None:
    """37 ranks (§2.2); each lower bound starts a rank one above the value 0.1 below it."""
    assert len(TABLE1) == 37
    for lo, grade in TABLE1:
        assert table1_grade(lo) == grade
        if lo:
            assert table1_grade(Decimal(lo) - Decimal("0.1")) == grade - 1


# Table 4 as printed: IK row -> 9x9 (win, loss, k3), 13x13 (...), 19x19 (...).
SEED_TABLE4 = {
    100: ((7, -13, 7), (10, -20, 10), (20, -40, 20)),
    200: ((3, -17, 7), (5, -25, 10), (10, -50, 20)),
    400: ((0, -20, 7), (0, -30, 10), (0, -60, 20)),
    600: ((0, 0, 0), (0, -30, 0), (0, -60, 0)),
}
NEXT_BOUND = {100: 200, 200: 400, 400: 600, 600: 3000}


@pytest.mark.parametrize("lo", list(SEED_TABLE4))
@pytest.mark.parametrize(("board", "col"), [(9, 0), (13, 1), (19, 2)])
def test_table4_every_row_boundary(lo: int, board: int, col: int) -> None:
    expected = SEED_TABLE4[lo][col]
    assert table4(lo, board) == expected
    assert table4(Decimal(NEXT_BOUND[lo]) - Decimal("0.1"), board) == expected


def test_table4_is_for_100_and_more() -> None:
    assert [b for b, _ in TABLE4] == list(SEED_TABLE4)
    with pytest.raises(RuleError, match=r"§5\.2"):
        table4("99.9", 19)
    with pytest.raises(RuleError, match=r"§4\.8"):
        table4(150, 15)


SEED_TABLE5 = {100: (1, 2, 3), 200: (2, 3, 5), 400: (3, 4, 7)}


@pytest.mark.parametrize("lo", list(SEED_TABLE5))
@pytest.mark.parametrize(("board", "col"), [(9, 0), (13, 1), (19, 2)])
def test_table5_every_row_boundary(lo: int, board: int, col: int) -> None:
    assert table5(lo, board) == SEED_TABLE5[lo][col]
    upper = {100: 200, 200: 400, 400: 2800}[lo]
    assert table5(Decimal(upper) - Decimal("0.1"), board) == SEED_TABLE5[lo][col]


def test_table5_is_for_opponents_from_100() -> None:
    assert [b for b, _ in TABLE5] == list(SEED_TABLE5)
    with pytest.raises(RuleError, match=r"§5\.3"):
        table5(99, 19)


def test_section5_constants_are_the_seed() -> None:
    assert tables.BELOW_100_WIN == {9: 2, 13: 3, 19: 5}
    assert tables.BELOW_100_LOSS == 1
    assert tables.BONUS_ANOMALY == {19: 9, 13: 6, 9: 4}
    assert tables.BOARD_DIVISOR == {19: 1, 13: 2, 9: 3}
    assert (tables.K3_CAP_LOW, tables.K3_CAP_HIGH, tables.K3_CAP_BOUND) == (100, 50, 600)
    assert tables.MAX_PASSES == 50


def test_fast_arrays_agree_with_the_tables() -> None:
    """The integer arrays of the tournament loop read the same rows as the Decimal look-ups."""
    for points in range(0, 3001):
        assert (tables.FAST_K2[points], tables.FAST_K3[points]) == k2_k3(points)
        assert tables.FAST_GRADE[points] == table1_grade(points)
        assert Decimal(tables.K1_BY_DIFF[points * 10]) / 100 == k1(points, stronger=True)
        if points:
            assert Decimal(tables.K1_BY_DIFF[-points * 10]) / 100 == k1(points, stronger=False)
        assert tables.FAST_NO_K3[points] == 0


def test_negative_values_have_no_row() -> None:
    with pytest.raises(RuleError, match="table 2"):
        k1(-1, stronger=True)


def test_tenths_arrays_agree_with_the_tables() -> None:
    """The fast path's arrays, indexed by tenths: K2, K3 of the whole point below; K1 of a
    difference in tenths, the stronger column for d >= 0 and the weaker one for d < 0 (read
    from the end of the list); every row of table 2 sums to 1, so the opponent's K1 is 1 - K1.
    """
    assert all(weak + strong == 100 for _, weak, strong in tables.TABLE2)
    reach = tables.TENTHS_REACH
    assert len(tables.TENTHS_K2) == len(tables.TENTHS_K3) == reach + 1
    assert len(tables.K1_BY_DIFF) == 2 * reach + 1
    for tenths in [*range(0, 30010), reach - 1, reach]:
        points = tenths // 10
        diff = Decimal(tenths) / 10
        assert tables.TENTHS_K2[tenths] == tables.FAST_K2[points]
        assert tables.TENTHS_K3[tenths] == tables.FAST_K3[points]
        assert Decimal(tables.K1_BY_DIFF[tenths]) / 100 == k1(diff, stronger=True)
        assert Decimal(tables.K1_BY_DIFF[-tenths]) / 100 == k1(diff, stronger=bool(not tenths))
    assert Decimal(tables.K1_BY_DIFF[-35]) / 100 == k1(Decimal("3.5"), stronger=False)
    assert Decimal(tables.K1_BY_DIFF[7360]) / 100 == k1(736, stronger=True)


def test_table4_and_table5_rows_by_points() -> None:
    """The rows section 5 reads by whole points are those of the Decimal look-ups."""
    for points in range(100, 3001):
        for board in tables.BOARDS:
            row = tables.TABLE4[tables.TABLE4_ROW[points]][1][board]
            assert row == tables.table4(points, board)
            assert tables.TABLE5[tables.TABLE5_ROW[points]][1][board] == tables.table5(
                points, board
            )
    assert tables.TABLE5_ROW[99] == -1 and tables.TABLE4_ROW[0] == 0


def test_arrays_cover_their_whole_range_row_by_lower_bound() -> None:
    """Every index of the arrays reads the row whose lower bound is the largest not above it
    (RULES.md Decision), up to FAST_REACH points and TENTHS_REACH tenths."""
    from bisect import bisect_right

    def row(table: Sequence[tuple[int, object] | tuple[int, int, int]], value: int) -> int:
        return max(bisect_right([r[0] for r in table], value) - 1, 0)

    for i in range(tables.FAST_REACH + 1):
        assert tables.FAST_K2[i] == tables.TABLE3[row(tables.TABLE3, i)][1]
        assert tables.FAST_K3[i] == tables.TABLE3[row(tables.TABLE3, i)][2]
        assert tables.FAST_GRADE[i] == tables.TABLE1[row(tables.TABLE1, i)][1]
        assert tables.TABLE4_ROW[i] == row(tables.TABLE4, i)
        assert tables.TABLE5_ROW[i] == (row(tables.TABLE5, i) if i >= 100 else -1)
    assert len(tables.FAST_GRADE) == len(tables.TABLE4_ROW) == tables.FAST_REACH + 1
    assert [k for k in tables.FAST_K2 for _ in range(10)] == tables.TENTHS_K2
    assert [k for k in tables.FAST_K3 for _ in range(10)] == tables.TENTHS_K3
