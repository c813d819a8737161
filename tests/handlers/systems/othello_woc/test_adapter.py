"""The adapter as the handlers see it: registered, its capabilities, the round flow."""

from __future__ import annotations

from fedrank.handlers.results.othello import ADAPTER as HANDLERS_ADAPTER
from fedrank.handlers.systems import all_systems
from fedrank.handlers.systems.othello_woc import ADAPTER, OthelloWocAdapter


def test_the_adapter_is_registered_with_its_capabilities() -> None:
    assert all_systems().adapter("othello_woc") is ADAPTER is HANDLERS_ADAPTER
    assert isinstance(ADAPTER, OthelloWocAdapter)
    assert not ADAPTER.supports_whatif and not ADAPTER.supports_qualification
    assert ADAPTER.sheet_separator == " "
    assert callable(ADAPTER.prepare_round)
    assert not hasattr(ADAPTER, "load_demo")  # the demo is fedrank.demo.othello_woc
