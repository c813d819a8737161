"""The player data 2.2 reads, checked and used by the list."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from fedrank.engines.kernel import InputError
from fedrank.handlers.systems.bridge_fsbr import ADAPTER, DATA_KEY, player_data
from fedrank.storage.database import Database
from tests.handlers.systems.bridge_fsbr.helpers import (
    seed,
)


async def test_player_data_is_checked(db: Database) -> None:
    await seed(db)
    async with db.transaction() as repos:
        disc = await repos.federations.discipline_by_code("fsbr")
        assert disc is not None
        player = await repos.players.by_federation_id(disc.federation_id, "FSBR-0001")
        assert player is not None
        player.data = {
            DATA_KEY: {
                "ebl_points": [["2025-05-10", 12]],
                "titles": [["2024-08-01", "wbf_master"]],
                "initial_rk": "1",
            }
        }
        got = player_data(player)
        assert got.ebl_points == ((date(2025, 5, 10), 12),)
        assert got.initial_rk == Decimal(1)
        listed = await ADAPTER.compute_list(repos, disc, date(2026, 11, 1))
        row = next(r for r in listed.rows if r.player_id == player.id)
        # The WBF master norm gives рк -3.5 for life (2.2).
        assert row.title == "рк -3.5" and row.data is not None and row.data["ebl_points"] == 12
        player.data = {DATA_KEY: {"initial_rk": "0.3"}}
        with pytest.raises(InputError) as caught:
            player_data(player)
        assert caught.value.field == "bridge_fsbr.initial_rk"
        assert "FSBR-0001" in str(caught.value)
        player.data = {DATA_KEY: {"ebl_points": [["10.05.2025", 3]]}}
        with pytest.raises(InputError, match="bad date"):
            player_data(player)
