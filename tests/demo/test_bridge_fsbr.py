"""The bridge_fsbr demo history: twelve tournaments, monthly lists, a list that reads well."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from fedrank import demo
from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.systems import all_systems
from fedrank.handlers.systems.bridge_fsbr import ADAPTER
from fedrank.storage.database import Database
from tests.conftest import user


@pytest.mark.slow
async def test_the_demo_history_gives_a_list(
    services: Services, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert all_systems().adapter("bridge_fsbr") is ADAPTER
    message = await demo.load_demo(db, all_systems(), only={"bridge_fsbr"})
    assert "results and lists for fsbr" in message
    top = (await dispatch(services, user("u1"), "/top fsbr 5")).plain
    assert "FSBR classification: list of 2026-11-01 (top 5 of 80)" in top
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("fsbr")
        assert disc is not None
        snapshots = await repos.lists.snapshots(disc.id)
        # Monthly lists from the first demo tournament on, and the demo's own of 2026-11-01.
        assert len(snapshots) >= 20 and snapshots[-1].list_date == date(2026, 11, 1)
        versions = await repos.ledger.current_versions(disc.id)
        assert len(versions) == 12
        statuses = {v.params["figures"].get("status") for _, v in versions}
        assert {"regional", "main_russian", "none"} <= statuses
        assert {v.params["form"] for _, v in versions} == {"pairs", "teams", "match"}
        rows = await repos.lists.top(snapshots[-1].id, 200)
        assert len(rows) == 80
        best, player = rows[0]
        assert best.data is not None
        weights = (Decimal(1), Decimal("0.75"), Decimal("0.5"), Decimal("0.25"))
        parts = best.data["R_parts"]
        assert best.rating == sum((w * p for w, p in zip(weights, parts, strict=True)), Decimal(0))
        for i, part in enumerate(parts):
            counted = [c["RO"] for c in best.data["counted"] if c["period"] == f"R{i}"]
            assert sum(counted) == part
        assert best.rating > 0
        titles = {row.title for row, _ in rows}
        assert len(titles) >= 4  # rk evolved
        assert max(row.data["achievement"] for row, _ in rows if row.data) >= 2
        kinds = {a.kind for a in await repos.ledger.discipline_awards(disc.id)}
        assert {"MB", "RO", "PB", "achievement 1", "achievement 2"} <= kinds
        fid, value = player.federation_player_id, best.rating
    rating = (await dispatch(services, user("u1"), f"/rating {fid}")).plain
    assert "Position 1 of 80 in the list of 2026-11-01" in rating
    assert f"Rating: {value.normalize():f}" in rating
    assert "Points: " in rating and "MB " in rating and "RO " in rating
    assert "Next: рк " in rating
