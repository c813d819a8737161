"""Builders shared by the whole-event tests: units, an event spec, totals, random events."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from hypothesis import strategies as st

from fedrank.engines.bridge_ccba.model import (
    Entry,
    EventSpec,
    Member,
)

D = Decimal


def unit(uid: str, holdings: Sequence[int | str], **kwargs: Any) -> Entry:
    members = tuple(Member(f"{uid}-{i}", mp=D(h)) for i, h in enumerate(holdings))
    return Entry(uid, members, **kwargs)


def spec(**overrides: Any) -> EventSpec:
    values: dict[str, Any] = {
        "name": "test",
        "level": "national",
        "kind": "pair",
        "colour": "red",
        "boards": 48,
    }
    values.update(overrides)
    return EventSpec(**values)


def totals(result: Any) -> dict[str, Decimal]:
    return {e.entry_id: e.total for e in result.entries}


@st.composite
def events(draw: st.DrawFn) -> tuple[EventSpec, list[Entry]]:
    n = draw(st.integers(min_value=3, max_value=60))
    kind = draw(st.sampled_from(["team", "pair"]))
    size = 4 if kind == "team" else 2
    holdings = draw(
        st.lists(st.integers(min_value=0, max_value=20000), min_size=n * size, max_size=n * size)
    )
    blocks = draw(st.lists(st.integers(min_value=1, max_value=3), min_size=n, max_size=n))
    places: list[int] = []
    place = 1
    for block in blocks:
        places.extend([place] * block)
        place += block
    places = places[:n]
    entries = [
        unit(f"U{i:03d}", holdings[i * size : (i + 1) * size], place=places[i]) for i in range(n)
    ]
    event = spec(
        kind=kind,
        level=draw(st.sampled_from(["national", "provincial-1", "club"])),
        colour=draw(st.sampled_from(["gold", "silver", "red"])),
        boards=draw(st.integers(min_value=12, max_value=400)),
        knockout=draw(st.booleans()),
        grading=draw(st.booleans()),
    )
    return event, entries
