"""The 240 cap through ``compute_event`` (§2.9.7): hand-worked and as a property."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from fedrank.engines.bridge_ccba.cap import capped
from fedrank.engines.bridge_ccba.event import compute_event
from fedrank.engines.bridge_ccba.field import Component
from fedrank.engines.bridge_ccba.procedures import scaled_value
from fedrank.engines.kernel import Trace, TraceStep, half_up
from tests.engines.bridge_ccba.helpers import D, spec, totals, unit


def test_cap_of_240_scales_v() -> None:
    """§2.9.7 (RULES.md Decision: V lowered to the largest two-decimal value at which no
    award exceeds 240): 200 teams of four holding 10000 (TEAM AVGM capped at 10000,
    M = 6 + 10000/1200 = 14.33), B = 300 (S = 7), national (L = 1.5): V = 14.33 x 7 x 1.5 =
    150.465 -> 150.47. R(1; 200) = lg 200 - lg 2 = 2.00 -> 300.94 > 240. V = 120.00 is the
    largest that keeps 2.00 x V <= 240, so the winner gets exactly 240.00 (a factor of four
    decimals, 0.7975, gave V = 119.99 and 239.98); k240 = 0.797567 is the largest six-decimal
    factor with 150.47 x k240 rounded down to 120.00."""
    entries = [unit(f"T{i:03d}", [12000] * 4, place=i) for i in range(1, 201)]
    result = compute_event(spec(kind="team", boards=300), entries)
    got = totals(result)
    winner = next(e for e in result.entries if e.entry_id == "T001")
    assert winner.components[0].trace.get("V") == D("120.00")
    assert result.coefficients.get("k240") == D("0.797567")
    assert got["T001"] == D("240.00")
    assert max(got.values()) == 240


def test_cap_lowers_v_to_the_largest_two_decimal_value() -> None:
    """§2.9.7 where no V gives exactly 240: a unit paid R = 2.3 times V (V = 150.47 before
    the cap, each award rounded half up to two decimals). 2.3 x 104.35 = 240.005 -> 240.01
    breaks the cap, 2.3 x 104.34 = 239.982 -> 239.98 keeps it: V = 104.34 and not a cent
    less."""

    def compute(k: D) -> dict[str, list[Component]]:
        v = scaled_value(D("150.47"), k)
        amount = half_up(D("2.3") * v, 2)
        return {"T1": [Component("place", "red", amount, Trace([TraceStep("V", v)]))]}

    result, k = capped(compute)
    v = result["T1"][0].trace.get("V")
    assert isinstance(v, D)
    assert v == D("104.34")
    assert result["T1"][0].amount == D("239.98")
    assert half_up(D("2.3") * (v + D("0.01")), 2) > 240
    assert scaled_value(D("150.47"), k) == v


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
