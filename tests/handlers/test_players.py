"""/why shows an award's trace; /history charts the rating and lists what counts."""

from datetime import date
from decimal import Decimal

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.reply import Attachment
from fedrank.storage.database import Database
from fedrank.storage.records import NewListRow
from tests.conftest import user
from tests.factories import NOW, seed_federation


async def test_why_shows_the_trace(services: Services, db: Database) -> None:
    await seed_federation(db)
    reply = await dispatch(services, user("u1"), "/why moscow-open-2026 RMF-002")
    lines = reply.plain.splitlines()
    assert lines[0] == "Boris Petrov (RMF-002) — Moscow Open 2026 (2026-10-10)"
    assert lines[1] == "NRKT = 500"
    assert lines[2] == "  NR = 1"
    missing = await dispatch(services, user("u1"), "/why chess-open RMF-002")
    assert missing.plain == "No tournament matches “chess-open”."
    unlinked = await dispatch(services, user("u1"), "/why moscow")
    assert "not linked" in unlinked.plain


async def test_history_chart_and_counted(services: Services, db: Database) -> None:
    seeded = await seed_federation(db)
    anna = seeded.players["RMF-001"]
    async with db.transaction() as repos:
        await repos.lists.add_snapshot(
            seeded.discipline_id,
            date(2026, 12, 1),
            [
                NewListRow(
                    anna,
                    1,
                    Decimal("801"),
                    "1 dan",
                    {"counted": [{"tournament": "Moscow Open 2026", "VT": "1.00"}]},
                )
            ],
            now=NOW,
        )
    reply = await dispatch(services, user("u1"), "/history RMF-001")
    text = reply.plain
    assert "2026-11-01 | 1 | 750.5 | 1 dan" in text
    assert "2026-12-01 | 1 | 801 | 1 dan" in text
    assert "tournament | VT" in text
    assert "Moscow Open 2026 | 1.00" in text
    charts = [b for b in reply.blocks if isinstance(b, Attachment)]
    assert len(charts) == 1
    assert charts[0].filename == "RMF-001-rmf-mcr.png"
    assert charts[0].content.startswith(b"\x89PNG\r\n\x1a\n")


async def test_subscriptions(services: Services, db: Database) -> None:
    from dataclasses import replace

    from tests.factories import make_director

    await seed_federation(db)
    on = await dispatch(services, user("u1"), "/subscribe rmf-mcr")
    assert on.plain.startswith("Subscribed")
    again = await dispatch(services, user("u1"), "/subscribe rmf-mcr")
    assert again.plain == "Already subscribed to Sports mahjong."
    group = replace(user("u1"), chat_id="-100500", is_private=False)
    refused = await dispatch(services, group, "/subscribe rmf-mcr")
    assert refused.plain == "Only a director of RMF may do this."
    await make_director(db, "boss")
    ok = await dispatch(
        services, replace(user("boss"), chat_id="-100500", is_private=False), "/subscribe rmf-mcr"
    )
    assert ok.plain.startswith("Subscribed")
    async with db.read() as repos:
        chats = [s.chat_id for s in await repos.subscriptions.for_discipline(1)]
    assert chats == ["u1", "-100500"]
    me = await dispatch(services, user("u1"), "/subscribe rmf-mcr me")
    assert "not linked" in me.plain
    async with db.transaction() as repos:
        account = await repos.accounts.by_platform("console", "u1")
        assert account is not None
        await repos.accounts.link(account, 1)
    mine = await dispatch(services, user("u1"), "/subscribe rmf-mcr me")
    assert "private message about your own line" in mine.plain
    off = await dispatch(services, user("u1"), "/unsubscribe rmf-mcr")
    assert off.plain == "Unsubscribed from Sports mahjong."
