"""The 240 cap through ``compute_event`` (§2.9.7): hand-worked and as a property."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from fedrank.engines.bridge_ccba.event import compute_event
from tests.engines.bridge_ccba.helpers import D, spec, totals, unit


def test_cap_of_240_scales_v() -> None:
    """§2.9.7: 200 teams of four holding 10000 (TEAM AVGM capped at 10000, M = 6 + 10000/1200
    = 14.33), B = 300 (S = 7), national (L = 1.5): V = 14.33 x 7 x 1.5 = 150.465 -> 150.47.
    R(1; 200) = lg 200 - lg 2 = 2.00 -> 300.94 > 240: k240 = 240/300.94 -> 0.7975,
    V = 150.47 x 0.7975 = 119.999825 -> 119.99; 1st 2.00 x 119.99 = 239.98."""
    entries = [unit(f"T{i:03d}", [12000] * 4, place=i) for i in range(1, 201)]
    result = compute_event(spec(kind="team", boards=300), entries)
    got = totals(result)
    assert result.coefficients.get("k240") == D("0.7975")
    assert got["T001"] == D("239.98")
    assert max(got.values()) <= 240


@settings(max_examples=15, deadline=None)
@given(
    n=st.integers(min_value=60, max_value=300),
    boards=st.integers(min_value=150, max_value=400),
    low=st.integers(min_value=2000, max_value=12000),
    knockout=st.booleans(),
    win_boards=st.integers(min_value=8, max_value=16),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_property_no_unit_above_240_in_big_national_events(
    n: int, boards: int, low: int, knockout: bool, win_boards: int, seed: int
) -> None:
    """§2.9.7 where it bites: big national team events with strong fields, win rounds and
    the knock-out bonus. No unit's total (place + win) exceeds 240, and k240 is recorded
    when the unscaled event would have paid more than 240, the top unit then ending within
    the roundings of 240."""
    rng = random.Random(seed)
    entries = [
        unit(
            f"T{i:03d}",
            [low + rng.randrange(0, 4000) for _ in range(4)],
            place=i,
            wins=rng.randint(0, 12),
        )
        for i in range(1, n + 1)
    ]
    event = spec(kind="team", boards=boards, knockout=knockout, win_boards=win_boards)
    result = compute_event(event, entries)
    assert all(r.total <= 240 for r in result.entries)
    assert all(a.amount <= 240 for a in result.awards)
    if "k240" in result.coefficients.names():
        k = result.coefficients.get("k240")
        assert D(0) < k < 1
        # scaled just enough: only the roundings down (k240, V, W) separate it from 240
        assert max(r.total for r in result.entries) > D(239)
