"""What the qualification tests share: dates in UTC, saying a command, reading the outbox, the
slots and the audit log."""

from __future__ import annotations

from datetime import UTC, date, datetime

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.wording.reply import Reply
from fedrank.storage.database import Database
from tests.conftest import user

NAMES = {f"RMF-00{i}": f"Player {i}" for i in range(1, 7)}


def at(day: str, hour: int = 9) -> datetime:
    """``hour`` UTC on ``day`` (noon in Moscow, the federation's time zone)."""
    return datetime.combine(date.fromisoformat(day), datetime.min.time(), UTC).replace(hour=hour)


async def say(services: Services, who: str, text: str) -> Reply:
    return await dispatch(services, user(who), text)


async def outbox(db: Database, prefix: str) -> list[tuple[str, str, list[str]]]:
    """(chat, text, button actions) of the rows whose key starts with ``prefix``."""
    async with db.read() as repos:
        rows = await repos.outbox.by_prefix(prefix)
        out = []
        for r in rows:
            reply = Reply.from_json(r.payload["reply"])
            out.append((r.chat_id, reply.plain, [b.action for b in reply.buttons]))
        return out


async def slots(db: Database) -> dict[str, tuple[str, str | None]]:
    async with db.read() as repos:
        result = {}
        for s in await repos.qualifications.slots(1):
            player = await repos.players.get(s.player_id)
            assert player is not None
            result[player.federation_player_id] = (
                s.state,
                s.deadline.isoformat() if s.deadline else None,
            )
        return result


async def actions(db: Database) -> list[tuple[str, str]]:
    async with db.read() as repos:
        return [
            (a.action, a.subject)
            for a in await repos.audit.entries()
            if a.action.startswith("qualification.")
        ]
