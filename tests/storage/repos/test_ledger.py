"""The ledger's write refuses a tournament that moved past the version a preview was made
against: two confirmations of one tournament write it once, whatever commits meanwhile."""

from __future__ import annotations

from datetime import date

import pytest

from fedrank.storage.database import Database
from fedrank.storage.repos import Repos
from fedrank.storage.repos.ledger import StaleVersionError
from tests.factories import NOW, seed_federation


async def _store(repos: Repos, discipline_id: int, expected: int | None) -> int:
    version = await repos.ledger.record_tournament(
        discipline_id=discipline_id,
        code="spring-cup",
        name="Spring Cup",
        held_on=date(2026, 3, 14),
        params={},
        entries=[],
        games=[],
        awards=[],
        now=NOW,
        expected_version=expected,
    )
    return version.version


async def test_a_write_against_a_past_version_is_refused(db: Database) -> None:
    await seed_federation(db)
    async with db.transaction() as repos:
        discipline = await repos.federations.discipline_by_code("rmf-mcr")
        assert discipline is not None
        did = discipline.id
        assert await _store(repos, did, expected=0) == 1
    # A second preview made against "not stored" comes too late: nothing is written.
    with pytest.raises(StaleVersionError) as stale:
        async with db.transaction() as repos:
            await _store(repos, did, expected=0)
    assert stale.value.current == 1
    async with db.transaction() as repos:
        assert await _store(repos, did, expected=1) == 2  # a correction of version 1
        assert await _store(repos, did, expected=None) == 3  # no expectation: the next one
    async with db.read() as repos:
        tournament = await repos.ledger.tournament(did, "spring-cup")
        assert tournament is not None
        current = await repos.ledger.current_version(tournament.id)
        assert current is not None and current.version == 3
