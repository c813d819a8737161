"""The adapter as the handlers see it: registered, its capabilities, and each member wired."""

from __future__ import annotations

from datetime import date

from fedrank.handlers.context import Services
from fedrank.handlers.systems import all_systems
from fedrank.handlers.systems.mahjong_rmf import ADAPTER, MahjongRmfAdapter
from fedrank.storage.database import Database
from tests.handlers.systems.mahjong_rmf.helpers import seed, sheet, submit_and_confirm


def test_the_adapter_is_registered_with_its_capabilities() -> None:
    assert all_systems().adapter("mahjong_rmf") is ADAPTER
    assert isinstance(ADAPTER, MahjongRmfAdapter)
    assert (ADAPTER.supports_whatif, ADAPTER.supports_qualification) == (True, True)
    assert not ADAPTER.supports_reported_games
    assert ADAPTER.sheet_separator == "\t"
    assert not hasattr(ADAPTER, "load_demo")  # the demo is fedrank.demo.mahjong_rmf


async def test_each_member_reads_the_same_history(services: Services, db: Database) -> None:
    ids = await seed(db)
    await submit_and_confirm(services, sheet())
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code("rmf-mcr")
        assert discipline is not None
        # The code is the sheet's ``id``, whatever the file is called.
        prepared = await ADAPTER.prepare(repos, discipline, sheet(chs=7), "other-name.rmf")
        assert prepared.code == "tula-autumn-2026"
        assert prepared.reason == "correction of version 1"
        on = date(2026, 10, 1)
        computed = await ADAPTER.compute_list(repos, discipline, on)
        frozen = await ADAPTER.qualification_list(repos, discipline, on)
        tournament = await repos.ledger.tournament(discipline.id, "tula-autumn-2026")
        assert tournament is not None
        lines = await ADAPTER.whatif(repos, discipline, tournament, ids["RMF-0016"], 1)
    assert [(r.player_id, r.position) for r in computed.rows] == [
        (int(r.player), r.position) for r in frozen.rows
    ]
    assert (lines[0].before, lines[0].after) == ("15-16", "1")
