"""The RMF tables as data: KT_CHUT rows and the between-rows Decision, VT, the level values."""

from datetime import date
from decimal import Decimal

import pytest

from fedrank.engines.kernel import RuleError, whole_months_between
from fedrank.engines.mahjong_rmf.tables import (
    KT_CHUT_ROWS,
    LEVEL_VALUES,
    VT_ROWS,
    chut_row,
    kt_chut,
    vt,
    vt100,
)

# The seed's table, copied out by hand: (CHUT as printed, KT_CHUT).
SEED_TABLE = [
    ("12", "-0.20"), ("16", "-0.10"), ("20", "0.00"), ("24", "0.10"), ("28", "0.20"),
    ("32", "0.30"), ("36", "0.40"), ("40", "0.50"), ("44", "0.55"), ("48", "0.65"),
    ("52", "0.70"), ("56", "0.75"), ("60", "0.80"), ("64", "0.85"), ("68-72", "0.90"),
    ("76", "0.95"), ("80", "1.00"), ("84-88", "1.05"), ("92", "1.10"), ("96-100", "1.15"),
    ("104-108", "1.20"), ("112-116", "1.25"), ("120-124", "1.30"), ("128-132", "1.35"),
    ("136-144", "1.40"), ("148-152", "1.45"), ("156-164", "1.50"),
]  # fmt: skip


@pytest.mark.parametrize(("printed", "value"), SEED_TABLE)
def test_every_row_of_the_kt_chut_table(printed: str, value: str) -> None:
    """Both ends of every printed row give the printed KT_CHUT."""
    low, _, high = printed.partition("-")
    for chut in {int(low), int(high or low)}:
        assert kt_chut(chut) == Decimal(value)
        assert chut_row(chut).label == printed


def test_the_table_has_the_seed_rows_in_order() -> None:
    assert [(r.label, str(r.kt_chut)) for r in KT_CHUT_ROWS] == SEED_TABLE
    lows = [r.low for r in KT_CHUT_ROWS]
    assert lows == sorted(lows)


@pytest.mark.parametrize(
    ("chut", "row", "value"),
    [
        (13, "12", "-0.20"),
        (15, "12", "-0.20"),
        (47, "44", "0.55"),
        (73, "68-72", "0.90"),
        (75, "68-72", "0.90"),
        (89, "84-88", "1.05"),
        (101, "96-100", "1.15"),
        (147, "136-144", "1.40"),
        (165, "156-164", "1.50"),
        (400, "156-164", "1.50"),
    ],
)
def test_decision_between_rows_takes_the_largest_row_not_above(
    chut: int, row: str, value: str
) -> None:
    """RULES.md mahjong_rmf Decision 'between rows': 13 -> row 12, 73 -> row 68-72, above
    164 -> 1.50."""
    assert chut_row(chut).label == row
    assert kt_chut(chut) == Decimal(value)


@pytest.mark.parametrize("chut", [0, 1, 8, 11])
def test_decision_below_12_is_not_ratable(chut: int) -> None:
    with pytest.raises(RuleError) as err:
        kt_chut(chut)
    assert "between rows" in err.value.rule
    assert "not ratable" in str(err.value)


@pytest.mark.parametrize(
    ("age", "expected"),
    [
        (0, "1.00"), (2, "1.00"), (3, "0.92"), (5, "0.92"), (6, "0.84"), (8, "0.84"),
        (9, "0.76"), (11, "0.76"), (12, "0.68"), (14, "0.68"), (15, "0.60"), (17, "0.60"),
        (18, "0.52"), (20, "0.52"), (21, "0.44"), (23, "0.44"), (24, "0.36"), (26, "0.36"),
        (27, "0.28"), (29, "0.28"), (30, "0.20"), (32, "0.20"), (33, "0.12"), (35, "0.12"),
        (36, "0.00"), (37, "0.00"), (120, "0.00"),
    ],
)  # fmt: skip
def test_vt_at_every_quarter_boundary(age: int, expected: str) -> None:
    assert vt(age) == Decimal(expected)


def test_vt_table_is_one_minus_eight_hundredths_per_quarter() -> None:
    """The seed: 'ВТ уменьшается с 1,00 на 0,08 за каждый календарный квартал'."""
    for age in range(36):
        assert vt(age) == Decimal("1.00") - Decimal("0.08") * (age // 3)
    assert [r.vt for r in VT_ROWS][-1] == Decimal("0.00")


def test_vt_boundary_with_calendar_dates() -> None:
    """A tournament of 15 Jan 2025: on 14 Apr 2025 it is 2 whole months old (VT 1.00), on
    15 Apr 3 months (0.92); on 14 Jan 2028 35 months (0.12), on 15 Jan 2028 36 (0)."""
    played = date(2025, 1, 15)
    assert vt100(whole_months_between(played, date(2025, 4, 14))) == 100
    assert vt100(whole_months_between(played, date(2025, 4, 15))) == 92
    assert vt100(whole_months_between(played, date(2028, 1, 14))) == 12
    assert vt100(whole_months_between(played, date(2028, 1, 15))) == 0


def test_vt_refuses_a_future_tournament() -> None:
    with pytest.raises(ValueError, match="after the list date"):
        vt100(-1)


def test_level_values_are_the_seed_table() -> None:
    assert LEVEL_VALUES[:12] == (0, 50, 100, 150, 200, 250, 500, 750, 1000, 1250, 1500, 1750)
    assert LEVEL_VALUES[12:] == tuple(range(2000, 7501, 500))
