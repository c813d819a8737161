"""The bridge_ccba adapter as the registry and the use cases see it."""

from __future__ import annotations

import fedrank.handlers.systems.bridge_ccba as package
from fedrank.handlers.systems import all_systems
from fedrank.handlers.systems.base import SystemAdapter
from fedrank.handlers.systems.bridge_ccba import ADAPTER, BridgeCcbaAdapter


def test_the_registry_runs_this_adapter_with_its_capabilities() -> None:
    assert all_systems().adapter("bridge_ccba") is ADAPTER
    assert isinstance(ADAPTER, BridgeCcbaAdapter) and isinstance(ADAPTER, SystemAdapter)
    assert ADAPTER.system == "bridge_ccba"
    assert ADAPTER.supports_whatif
    assert not ADAPTER.supports_reported_games and not ADAPTER.supports_qualification
    # A workbook's cells are joined by a space and read as a .ccba file.
    assert (ADAPTER.sheet_separator, ADAPTER.sheet_extension) == (" ", ".ccba")
    # The demo is fedrank.demo.bridge_ccba's, not the adapter's.
    assert not hasattr(ADAPTER, "load_demo")
    assert set(package.__all__) >= {"ADAPTER", "fmt", "read_event_file"}
