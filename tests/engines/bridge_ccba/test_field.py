"""The field every procedure ranks: graded fields (§2.3), M from the annual base (§1.3.5) or
the youth tables, and the minimum field (§2.9.6)."""

from __future__ import annotations

import pytest

from fedrank.engines.bridge_ccba.event import compute_event
from fedrank.engines.bridge_ccba.model import (
    Entry,
    Member,
)
from fedrank.engines.kernel import RuleError
from tests.engines.bridge_ccba.helpers import D, spec, totals, unit


def test_graded_event_best_of_groups() -> None:
    """§2.3, 12 pairs: strong S1-S6 hold 1200 + 1200, weak W1-W6 300 + 300. A = S, B = W.
    AVGM = (6 x 1200 + 6 x 300) / 12 = 750 -> M = 4.50; V = 4.50 x 2 x 1.5 = 13.50.
    A+B field (N = 12, 5 places, R = 0.78, 0.48, 0.30, 0.18, 0.08):
    10.53, 6.48, 4.05, 2.43, 1.08.
    B field (N = 6): own M = 2 + 300/300 = 3.00, capped at 0.6 x 4.50 = 2.70;
    V = 2.70 x 2 x 1.5 = 8.10; 2 places (R(3) = 0): 0.48 x 8.10 = 3.89, 0.18 x 8.10 = 1.46.
    Order S1 S2 S3 S4 W1 S5 W2 W3 ...: W1 (5th) gets max(1.08, 3.89) = 3.89; W2 (7th) gets
    1.46 from B only; S5 (6th) gets nothing."""
    order = ["S1", "S2", "S3", "S4", "W1", "S5", "W2", "W3", "S6", "W4", "W5", "W6"]
    entries = [
        unit(uid, [1200, 1200] if uid.startswith("S") else [300, 300], place=i)
        for i, uid in enumerate(order, start=1)
    ]
    result = compute_event(spec(grading=True), entries)
    got = totals(result)
    assert [got[u] for u in ("S1", "S2", "S3", "S4", "W1", "S5", "W2", "W3")] == [
        D("10.53"),
        D("6.48"),
        D("4.05"),
        D("2.43"),
        D("3.89"),
        D(0),
        D("1.46"),
        D(0),
    ]
    w1 = next(e for e in result.entries if e.entry_id == "W1")
    assert w1.components[0].trace.get("group") == "B"
    assert w1.components[0].trace.get("M") == D("2.70")


def test_annual_base_coefficient_replaces_m() -> None:
    """§1.3.5 (RULES.md: "may replace M where the event asks for it"): annual_base = 3.25 is
    M whatever the holdings: V = 3.25 x 2.00 x 1.5 x 1 = 9.75; 1st of 20 = 1.00 x 9.75."""
    entries = [unit(f"P{i:02d}", [5000, 5000], place=i) for i in range(1, 21)]
    result = compute_event(spec(annual_base=D("3.25")), entries)
    assert result.coefficients.get("M") == D("3.25")
    assert "AVGM" not in result.coefficients.names()
    assert totals(result)["P01"] == D("9.75")
    # 14.33 is the largest M of the table (AVGM capped at 10000): a published average holding
    # such as 85.30 entered as annual_base is refused rather than used as M.
    compute_event(spec(annual_base=D("14.33")), entries)
    with pytest.raises(RuleError, match="annual_base"):
        compute_event(spec(annual_base=D("85.30")), entries)


def test_youth_event_uses_youth_tables() -> None:
    """§1.3.1/§1.3.3, youth event: each player counts max(masterpoints, youth masterpoints):
    pairs of (mp 10, ymp 90) and (mp 70, ymp 30) count 90 and 70: pair average 80, AVGM 80 ->
    M = 2 + 80/50 = 3.60; national youth L = 5; B = 48 (S = 2.00), age limit (E = 0.8):
    V = 3.60 x 2.00 x 5 x 0.8 = 28.80; 1st of 8: R = 0.60 -> 17.28, blue."""
    entries = [
        Entry(
            f"Y{i}",
            (Member(f"Y{i}a", mp=D(10), ymp=D(90)), Member(f"Y{i}b", mp=D(70), ymp=D(30))),
            place=i,
        )
        for i in range(1, 9)
    ]
    event = spec(youth=True, colour="blue", restrictions=("age",))
    result = compute_event(event, entries)
    assert result.coefficients.get("M") == D("3.60")
    assert result.coefficients.get("L") == 5
    assert totals(result)["Y1"] == D("17.28")
    assert result.awards[0].colour == "blue"


def test_min_field_gives_no_place_awards() -> None:
    """§2.9.6: 5 pairs are below the pairs minimum of 6: no place masterpoints, a warning."""
    entries = [unit(f"P{i}", [600, 600], place=i) for i in range(1, 6)]
    result = compute_event(spec(), entries)
    assert result.awards == ()
    assert any("minimum field" in w for w in result.warnings)
