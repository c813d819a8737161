"""The go_ufgo adapter as the registry hands it out: its capabilities and spreadsheet format."""

from __future__ import annotations

from datetime import date

import pytest

from fedrank.handlers.systems import all_systems
from fedrank.handlers.systems.base import Unsupported
from fedrank.handlers.systems.go_ufgo import ADAPTER, GoUfgoAdapter
from fedrank.storage.models import Discipline, Tournament
from fedrank.storage.repos import Repos


def test_the_registry_hands_out_the_package_adapter() -> None:
    assert all_systems().adapter("go_ufgo") is ADAPTER
    assert isinstance(ADAPTER, GoUfgoAdapter) and ADAPTER.system == "go_ufgo"
    assert not hasattr(ADAPTER, "load_demo")  # the demo is fedrank.demo.go_ufgo's


def test_a_workbook_is_read_as_the_csv_format() -> None:
    assert (ADAPTER.sheet_separator, ADAPTER.sheet_extension) == (",", ".csv")


async def test_go_has_no_whatif_and_no_reported_games() -> None:
    assert not (ADAPTER.supports_whatif or ADAPTER.supports_reported_games)
    repos: Repos = object()  # type: ignore[assignment]  # never reached
    discipline = Discipline(id=1, code="ufgo")
    with pytest.raises(Unsupported):
        await ADAPTER.whatif(repos, discipline, Tournament(id=1, held_on=date(2026, 1, 1)), 1, 1)
