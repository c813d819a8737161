"""The previous month's state as a list row stores it and the next list reads it back."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from fedrank.engines import bridge_fsbr as fsbr
from fedrank.handlers.systems.bridge_fsbr.history import state_from_json, state_to_json


def test_a_state_survives_its_row() -> None:
    state = fsbr.RankState(
        date(2026, 10, 1), Decimal(2), Decimal(5), True, "60 МБ в течение последнего года", "рк 5"
    )
    stored = state_to_json(state)
    assert stored["rk"] == "2" and stored["stepped_down"] is False
    assert state_from_json(stored) == state
    del stored["stepped_down"]  # a row without the flag: not stepped down
    assert state_from_json(stored) == state
    assert state_from_json(None) is None and state_from_json({"norm": "x"}) is None
