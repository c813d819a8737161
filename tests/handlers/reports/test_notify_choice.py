"""A game report's notices to players follow each player's /notify choice, as the
qualification notices do."""

from __future__ import annotations

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from tests.conftest import user
from tests.handlers.reports.helpers import OPEN, link, setup


async def _chats(db: Database, prefix: str) -> list[tuple[str, str]]:
    async with db.read() as repos:
        rows = await repos.outbox.by_prefix(prefix)
        return sorted((row.platform, row.chat_id) for row in rows)


async def test_the_opponent_is_asked_where_he_chose(services: Services, db: Database) -> None:
    await setup(db)
    await link(db, "t2", "RMF-002", platform="telegram")
    await link(db, "d2", "RMF-002", platform="discord")
    await dispatch(services, user("boss"), OPEN)
    chosen = await dispatch(services, user("u2"), "/notify discord")
    assert "now go to Discord" in chosen.plain

    await dispatch(services, user("u1"), "/report league-2026 RMF-002 win 40-24")
    # Discord and the console (the operator's own terminal), not Telegram.
    assert await _chats(db, "report:1:ask") == [("console", "u2"), ("discord", "d2")]

    await dispatch(services, user("u1"), "/notify telegram")  # u1 has only a console account
    await dispatch(services, user("u2"), "/gamedispute 1")
    assert await _chats(db, "report:1:disputed") == [("console", "u1")]
