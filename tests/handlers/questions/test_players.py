"""/why shows an award's trace; /history charts the rating and lists what counts."""

from datetime import date
from decimal import Decimal

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.wording.reply import Attachment
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


async def test_history_of_one_list_is_text_not_a_chart(services: Services, db: Database) -> None:
    await seed_federation(db)
    reply = await dispatch(services, user("u1"), "/history RMF-001")
    assert not [b for b in reply.blocks if isinstance(b, Attachment)]
    text = reply.plain
    assert "2026-11-01 | 1 | 750.5 | 1 dan" in text
    assert "750.5 in the only list so far: the chart starts with the second list." in text


def test_one_list_names_the_thresholds_nearest_the_figure(services: Services) -> None:
    from fedrank.handlers.questions.players import one_list
    from fedrank.storage.models import Discipline, ListRow

    go = Discipline(code="go", name="Go", system="go_ufgo", calendar="monthly")
    text = one_list(services, "en", go, ListRow(rating=Decimal(2150)))
    assert text.startswith("2150 in the only list so far")
    assert "Nearest title thresholds: " in text and text.count(" from ") == 2


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


async def test_why_of_a_tournament_of_another_federation_says_so(
    services: Services, db: Database
) -> None:
    await seed_federation(db)
    async with db.transaction() as repos:
        fed = await repos.federations.add("UFGO", "Ukrainian Go Federation", "Europe/Kyiv")
        disc = await repos.federations.add_discipline(
            fed, "ufgo", "UFGO rating", "go_ufgo", "quarterly"
        )
        await repos.ledger.record_tournament(
            discipline_id=disc.id,
            code="kyiv-cup-2026",
            name="Kyiv Cup 2026",
            held_on=date(2026, 10, 1),
            params={},
            entries=[],
            games=[],
            awards=[],
            now=NOW,
        )
    reply = await dispatch(services, user("u1"), "/why kyiv-cup-2026 RMF-001")
    assert reply.plain == (
        "Tournament “kyiv-cup-2026” is of UFGO, not of RMF: /why shows the awards of "
        "Anna Ivanova (RMF-001) in the tournaments of RMF."
    )
    none = await dispatch(services, user("u1"), "/why nowhere-2030 RMF-001")
    assert none.plain == "No tournament matches “nowhere-2030”."


async def test_subscribe_me_needs_a_record_in_the_discipline(
    services: Services, db: Database
) -> None:
    """A player with nothing in a discipline cannot ask for his line of its lists."""
    await seed_federation(db)
    async with db.transaction() as repos:
        fed = await repos.federations.by_code("RMF")
        assert fed is not None
        await repos.federations.add_discipline(
            fed, "rmf-sichuan", "Sichuan mahjong", "mahjong_rmf", "monthly"
        )
        account = await repos.accounts.get_or_create(
            "console", "u1", display_name="u1", language=None, now=NOW
        )
        await repos.accounts.link(account, (await repos.players.find("RMF-001"))[0].id)
    refused = await dispatch(services, user("u1"), "/subscribe rmf-sichuan me")
    assert refused.plain == (
        "You have no results in Sichuan mahjong, so there is nothing to send you about its lists."
    )
    ok = await dispatch(services, user("u1"), "/subscribe rmf-mcr me")
    assert ok.plain.startswith("Subscribed")
    off = await dispatch(services, user("u1"), "/unsubscribe rmf-sichuan me")
    assert "Sichuan mahjong" in off.plain


async def test_a_name_matching_many_lists_eight_and_how_many_more(
    services: Services, db: Database
) -> None:
    names = {f"RMF-{n:03d}": f"Player {n:02d}" for n in range(1, 13)}
    await seed_federation(db, names=names)
    reply = await dispatch(services, user("u1"), "/rating player")
    lines = reply.plain.splitlines()
    assert lines[0] == "Several players match “player”; ask again with an ID:"
    assert lines[1:9] == [f"RMF-{n:03d} — Player {n:02d}" for n in range(1, 9)]
    assert lines[9:] == ["… and 4 more."]
    three = await dispatch(services, user("u1"), "/rating Player 1")
    assert "more" not in three.plain and "RMF-012 — Player 12" in three.plain
