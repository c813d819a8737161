"""The seed's tables, checked row by row against seed 001 §1.1, §1.3 and §2."""

import itertools
from decimal import Decimal

from fedrank.engines.bridge_ccba import tables as t


def test_place_share_by_colour_section_1_1() -> None:
    """§1.1: platinum/gold 40 %, silver 45 %, red/blue 50 %."""
    assert {
        "platinum": Decimal("0.40"),
        "gold": Decimal("0.40"),
        "silver": Decimal("0.45"),
        "red": Decimal("0.50"),
        "blue": Decimal("0.50"),
    } == t.PLACE_SHARE


def test_step_down_stops_at_red_and_omits_blue() -> None:
    """§2.2/§2.5 tables: platinum -> gold -> silver -> red -> red; blue is not listed."""
    assert [t.STEP_DOWN[c] for c in ("platinum", "gold", "silver", "red")] == [
        "gold",
        "silver",
        "red",
        "red",
    ]
    assert "blue" not in t.STEP_DOWN


def test_team_average_caps_by_tier_section_1_3_1() -> None:
    """§1.3.1: grassroots 1000 (annual top 2000), regional 2000 (3000), national 10000."""
    assert t.TEAM_AVGM_CAP[("grassroots", False)] == 1000
    assert t.TEAM_AVGM_CAP[("grassroots", True)] == 2000
    assert t.TEAM_AVGM_CAP[("regional", False)] == 2000
    assert t.TEAM_AVGM_CAP[("regional", True)] == 3000
    assert t.TEAM_AVGM_CAP[("national", False)] == t.TEAM_AVGM_CAP[("national", True)] == 10000
    assert t.TIER_OF_LEVEL["club"] == "grassroots"
    assert t.TIER_OF_LEVEL["provincial-2"] == "regional"


def test_piecewise_tables_are_continuous_at_their_bounds() -> None:
    """The seed's remarks column: M 2~6, 6~8, 8+; youth M 2~4, 4~6, 6; S ~4, 4~7, 7.

    Each row's value at its upper bound equals the next row's value there.
    """
    for rows in (t.M_MASTERPOINT, t.M_YOUTH, t.S_TABLE):
        for row, following in itertools.pairwise(rows):
            assert row.upto is not None and row.divisor is not None
            here = row.intercept + row.upto / row.divisor
            there = following.intercept + (
                row.upto / following.divisor if following.divisor is not None else 0
            )
            assert here == there


def test_level_tables_section_1_3_3() -> None:
    """§1.3.3: masterpoint events 1.5/1.3/1.2/1.1/1, youth events 5/3/2/1.5/1."""
    assert [t.L_MASTERPOINT[level] for level in t.LEVELS] == [
        Decimal("1.5"),
        Decimal("1.3"),
        Decimal("1.2"),
        Decimal("1.1"),
        1,
        1,
    ]
    assert [t.L_YOUTH[level] for level in t.LEVELS] == [5, 3, 2, Decimal("1.5"), 1, 1]


def test_minimum_fields_and_unit_sizes() -> None:
    """§2.9.6: teams 3, pairs 6, individuals and others 8; §1.3.1 N = 4 / 2 / 1."""
    assert t.MIN_FIELD == {"team": 3, "pair": 6, "individual": 8, "other": 8}
    assert t.MIN_UNIT_SIZE == {"team": 4, "pair": 2, "individual": 1}


def test_procedure_constants() -> None:
    """§2.2 20 % / 25 % / 2 stages / 120 %; §2.3 60 % / 40 %; §2.4 0.005; §2.6 ladder;
    §2.8 10 % and 0.5/0.3/0.2; §2.9.7 240."""
    assert (
        Decimal("0.20"),
        Decimal("0.25"),
        2,
    ) == (t.STAGE_SHARE, t.STAGE_MIN_ELIMINATED, t.STAGE_MAX_COUNT)
    assert Decimal("1.2") == t.STAGE2_MIN_M_RATIO
    assert (Decimal("0.6"), Decimal("0.4")) == (t.GRADING_B_CAP, t.GRADING_C_CAP)
    assert Decimal("0.005") == t.WIN_RATE
    assert (Decimal(1), Decimal("0.7"), Decimal("0.5"), Decimal("0.35")) == t.LADDER_FACTORS
    assert Decimal("0.10") == t.KO_REDUCTION
    assert sum(t.KO_SHARES) == 1
    assert t.MAX_AWARD == 240
