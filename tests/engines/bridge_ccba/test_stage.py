"""Stage masterpoints through ``compute_event`` (§2.2), hand-worked."""

from __future__ import annotations

import pytest

from fedrank.engines.bridge_ccba.event import compute_event
from fedrank.engines.bridge_ccba.model import (
    StageSpec,
)
from fedrank.engines.kernel import InputError, RuleError
from tests.engines.bridge_ccba.helpers import D, spec, unit


def test_two_stage_masterpoints() -> None:
    """§2.2: 8 teams of four holding 600 (TEAM AVGM 600 x 1.3 = 780, M = 2 + 2.6 = 4.60),
    club (L = 1), silver, three stages: 8 -> 6 -> 4 -> final. B = 96 (S = 4.00):
    V = 18.40; 3 places (floor 3.6): R(1..3; 8) = 0.60, 0.30, 0.12 -> 11.04, 5.52, 2.21.
    Stage 1 (48 boards, S = 2.00, N = 8): V = 9.20; basic 5.52, 2.76, 1.10 ->
    20 %: 1.10, 0.55, 0.22 red.
    Stage 2 (48 boards, 6 teams): own M 4.60 < 1.2 x 4.60 = 5.52 -> M = 5.52;
    V = 11.04; N = 6, 2 places: R = 0.48, 0.18: basic 5.30, 1.99 -> 20 %: 1.06, 0.40 red.
    T1 (1st, stage places 2 and 1): silver 11.04, red 0.55 + 1.06 = 1.61."""
    stage_places = {
        "T1": (2, 1),
        "T2": (1, 2),
        "T3": (3, 3),
        "T4": (4, 4),
        "T5": (5, 5),
        "T6": (6, 6),
        "T7": (7, None),
        "T8": (8, None),
    }
    entries = []
    for i, (uid, (s1, s2)) in enumerate(stage_places.items(), start=1):
        places = ((1, s1),) + (((2, s2),) if s2 else ())
        reached = 1 if s2 is None else (2 if s2 > 4 else 3)
        entries.append(unit(uid, [600] * 4, place=i, reached=reached, stage_places=places))
    event = spec(
        kind="team",
        level="club",
        colour="silver",
        boards=96,
        stages=3,
        stage_awards=(StageSpec(1, 48), StageSpec(2, 48)),
    )
    result = compute_event(event, entries)
    by_id = {e.entry_id: e for e in result.entries}
    assert dict(by_id["T1"].by_colour) == {"silver": D("11.04"), "red": D("1.61")}
    assert dict(by_id["T2"].by_colour) == {"silver": D("5.52"), "red": D("1.50")}
    assert dict(by_id["T3"].by_colour) == {"silver": D("2.21"), "red": D("0.22")}
    stage2 = next(c for c in by_id["T1"].components if c.source == "stage 2")
    assert stage2.trace.get("M") == D("5.52")
    assert stage2.amount == D("1.06")


def test_stage_refusals() -> None:
    """§2.2: a stage that eliminates less than 25 % awards nothing: refused; and a stage
    unit that played without a stage place is bad input naming s1."""
    entries = [
        unit(f"T{i}", [600] * 4, place=i, reached=2, stage_places=((1, i),)) for i in range(1, 9)
    ]
    event = spec(kind="team", stages=2, stage_awards=(StageSpec(1, 48),))
    with pytest.raises(RuleError, match="less than 25 %"):
        compute_event(event, entries)
    entries = [
        unit("A", [600] * 4, place=1, reached=2, line=5),
        *[unit(f"T{i}", [600] * 4, place=i, stage_places=((1, i),)) for i in range(2, 9)],
    ]
    with pytest.raises(InputError) as info:
        compute_event(event, entries)
    assert (info.value.line, info.value.field) == (5, "s1")


def test_stage_pays_the_share_of_its_own_colour() -> None:
    """§2.2 + §1.1: a gold event's stage pays silver, so as "an event of its own" it pays the
    silver share. 20 pairs holding 600 + 600 (M 4.00, V 12.00 on 48 boards, L 1.5): the
    event pays gold on floor(20 x 0.40) = 8 places; stage 1 (24 boards, S = 1.00, V = 6.00,
    10 of 20 advance) pays silver on floor(20 x 0.45) = 9 places: the 9th, R(9; 20) = 0.05,
    basic 0.30, gets 20 % = 0.06 silver and nothing from the event."""
    entries = [
        unit(f"P{i:02d}", [600, 600], place=i, reached=2 if i <= 10 else 1, stage_places=((1, i),))
        for i in range(1, 21)
    ]
    event = spec(colour="gold", stages=2, stage_awards=(StageSpec(1, 24),))
    by_id = {e.entry_id: e for e in compute_event(event, entries).entries}
    assert dict(by_id["P08"].by_colour) == {"gold": D("1.20"), "silver": D("0.12")}
    assert dict(by_id["P09"].by_colour) == {"silver": D("0.06")}
    assert dict(by_id["P10"].by_colour) == {}
