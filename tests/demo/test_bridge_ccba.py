"""The bridge_ccba demo history, loaded through the shared replay loop, gives a list."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from fedrank import demo
from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.systems import all_systems
from fedrank.storage.database import Database
from tests.conftest import user


@pytest.mark.slow
async def test_the_demo_history_gives_a_list(services: Services, db: Database) -> None:
    message = await demo.load_demo(db, all_systems(), only={"bridge_ccba"})
    assert "results and lists for ccba" in message
    top = (await dispatch(services, user("u1"), "/top ccba 5")).plain
    assert "CCBA masterpoints: list of 2026-11-01 (top 5 of 80)" in top
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("ccba")
        assert disc is not None
        snapshots = await repos.lists.snapshots(disc.id)
        assert [s.list_date for s in snapshots] == [
            date(2025, 1, 1),
            date(2026, 1, 1),
            date(2026, 11, 1),
        ]
        base = snapshots[1].data["annual_base"]
        assert base["year"] == 2025 and Decimal(base["average"]) > 0
        assert Decimal(base["M"]) == (2 + Decimal(base["average"]) / 300).quantize(Decimal("0.01"))
        rows = await repos.lists.top(snapshots[-1].id, 200)
        assert len(rows) == 80
        for row, player in rows:
            totals = await repos.ledger.totals(player.id, disc.id)
            total = sum(
                (t.amount for t in totals if t.kind in ("masterpoints", "opening masterpoints")),
                Decimal(0),
            )
            assert total == row.rating
        colours = {c for row, _ in rows if row.data for c in row.data["by_colour"]}
        assert {"gold", "silver", "red"} <= colours
        name = rows[0][1].federation_player_id
        best = rows[0][0].rating
    rating = (await dispatch(services, user("u1"), f"/rating {name}")).plain
    assert "Position 1 of 80" in rating
    assert f"Masterpoints: {best.normalize():f}" in rating or f"Masterpoints: {best:f}" in rating
    assert "Points: masterpoints " in rating
    assert "Next: no ranks by masterpoints in seed 001" in rating
