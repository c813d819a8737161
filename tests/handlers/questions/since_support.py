"""What the "since the list" tests share: a copy of a discipline's latest tournament stored
as a new one after the demo's lists of 2026-11-01."""

from __future__ import annotations

from datetime import date, timedelta

from fedrank.handlers.context import Services
from fedrank.storage.database import Database
from tests.helpers import make_director, submit_and_confirm

NEW_DAY = "2026-11-15"


async def latest_source(db: Database, discipline: str) -> tuple[str, str, date]:
    """(code, source text, date) of the discipline's latest stored tournament."""
    async with db.read() as repos:
        found = await repos.federations.discipline_by_code(discipline)
        assert found is not None
        tournament, version = list(await repos.ledger.current_versions(found.id))[-1]
        return tournament.code, version.source_text, version.held_on


async def store_copy(services: Services, db: Database, discipline: str, federation: str) -> str:
    """Store a copy of the discipline's latest tournament as a new one of 2026-11-15; its
    code."""
    code, text, held = await latest_source(db, discipline)
    new = f"new-{discipline}"
    text = text.replace(code, new).replace(held.isoformat(), NEW_DAY)
    # FSBR reports have a start a day before their end
    text = text.replace((held - timedelta(days=1)).isoformat(), NEW_DAY)
    await make_director(db, "boss", federation)
    saved = await submit_and_confirm(services, discipline, text)
    assert "version 1" in saved, saved
    return new
