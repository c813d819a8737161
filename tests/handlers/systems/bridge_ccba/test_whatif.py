"""/whatif refusals the chat tests (tests/handlers/questions/test_whatif_bridge.py) do not reach: a
unit
without a final place, and an event stored without this adapter's parameters."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fedrank.engines.kernel import RuleError
from fedrank.handlers.context import Services
from fedrank.handlers.systems.bridge_ccba import ADAPTER
from fedrank.storage.database import Database
from fedrank.storage.records import Prepared
from tests.handlers.systems.bridge_ccba.helpers import event_file, seed, submit_and_confirm


async def test_a_withdrawn_unit_has_no_place_to_change(services: Services, db: Database) -> None:
    await seed(db)
    text = event_file(code="w").replace("entry P08 place=8", "entry P08 status=withdrawn")
    assert "version 1" in await submit_and_confirm(services, text)
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("ccba")
        assert disc is not None
        tournament = await repos.ledger.tournament(disc.id, "w")
        assert tournament is not None
        with pytest.raises(RuleError) as caught:
            await ADAPTER.whatif(repos, disc, tournament, 15, 1)
        assert caught.value.message == (
            "P08 has no final place in w (withdrawn): there is no place to change"
        )


async def test_an_event_stored_without_its_file_cannot_be_recomputed(db: Database) -> None:
    await seed(db)
    async with db.transaction() as repos:
        disc = await repos.federations.discipline_by_code("ccba")
        assert disc is not None
        bare = Prepared("old", "Imported by hand", datetime(2026, 1, 5).date(), {}, [], [], [])
        await repos.ledger.write_prepared(
            disc, bare, now=datetime(2026, 1, 6, tzinfo=UTC), account_id=None
        )
        tournament = await repos.ledger.tournament(disc.id, "old")
        assert tournament is not None
        with pytest.raises(RuleError) as caught:
            await ADAPTER.whatif(repos, disc, tournament, 1, 1)
        assert "old was not stored with bridge_ccba parameters" in caught.value.message
