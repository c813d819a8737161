"""The consolation event through ``compute_event`` (§2.5), hand-worked."""

from __future__ import annotations

import pytest

from fedrank.engines.bridge_ccba.event import compute_event, player_totals
from fedrank.engines.bridge_ccba.model import (
    ConsolationSpec,
)
from fedrank.engines.kernel import InputError
from tests.engines.bridge_ccba.helpers import D, spec, unit


def test_consolation_event() -> None:
    """§2.5: main: 20 pairs holding 600 + 600 (M 4.00, V 12.00, red 9 places, gold here: 8
    places: 12.00 ... 1.20). The 8 pairs out after the first stage (places 13-20) play a
    consolation of 24 boards (S = 1.00): own M 4.00, capped at 0.6 x 4.00 = 2.40;
    V = 2.40 x 1 x 1.5 = 3.60; N = 8, gold: floor(3.2) = 3 places: R = 0.60, 0.30, 0.12:
    2.16, 1.08, 0.43 silver (one colour lower). A pair 8th in the main event (1.20 gold)
    and 1st in the consolation gets 1.20 gold + 0.96 silver."""
    entries = [unit(f"P{i:02d}", [600, 600], place=i) for i in range(1, 13)]
    entries += [unit(f"P{i}", [600, 600], place=i, consolation_place=i - 12) for i in range(13, 21)]
    entries[7] = unit("P08", [600, 600], place=8, consolation_place=None)
    event = spec(colour="gold", consolation=ConsolationSpec(24))
    result = compute_event(event, entries)
    by_id = {e.entry_id: e for e in result.entries}
    assert dict(by_id["P13"].by_colour) == {"silver": D("2.16")}
    assert dict(by_id["P15"].by_colour) == {"silver": D("0.43")}
    assert result.coefficients.names().count("k240_consolation") == 0


def test_consolation_places_are_checked() -> None:
    """Two consolation units tied 1st cover places 1 and 2; a third placed 2nd is bad input."""
    entries = [unit(f"P{i:02d}", [600, 600], place=i) for i in range(1, 13)]
    entries += [
        unit("P13", [600, 600], place=13, consolation_place=1, line=40),
        unit("P14", [600, 600], place=14, consolation_place=1, line=41),
        unit("P15", [600, 600], place=15, consolation_place=2, line=42),
    ]
    with pytest.raises(InputError) as info:
        compute_event(spec(colour="gold", consolation=ConsolationSpec(24)), entries)
    assert info.value.field == "cons"
    assert info.value.line in (40, 41)


def test_consolation_colour_split() -> None:
    """§2.5 with one consolation of 8 (places 1-8) where its winner also placed 8th in the
    main event: main 8 places on N = 20: 8th = 1.20 gold; consolation 2.16 silver > 1.20,
    so 1.20 gold + 0.96 silver."""
    entries = [unit(f"P{i:02d}", [600, 600], place=i) for i in range(1, 21)]
    cons_ids = ["P08", "P14", "P15", "P16", "P17", "P18", "P19", "P20"]
    entries = [
        unit(
            e.entry_id, [600, 600], place=e.place, consolation_place=cons_ids.index(e.entry_id) + 1
        )
        if e.entry_id in cons_ids
        else e
        for e in entries
    ]
    result = compute_event(spec(colour="gold", consolation=ConsolationSpec(24)), entries)
    by_id = {e.entry_id: e for e in result.entries}
    assert dict(by_id["P08"].by_colour) == {"gold": D("1.20"), "silver": D("0.96")}
    assert player_totals(result.awards)["P08-0"] == {"gold": D("1.20"), "silver": D("0.96")}
