"""Qualification as directors run it (issue 22): players without a linked account are invited,
reminded and moved to the reserve through the directors, who record their answers with
/qrecord; all driven by the scheduler's due-runner (``fedrank publish --due --today``) with
explicit dates."""

from __future__ import annotations

from fedrank.bot.discord.delivery import make_view
from fedrank.bot.telegram.render import render_html
from fedrank.cli.schedule import moment
from fedrank.handlers.context import Services
from fedrank.handlers.wording.reply import Reply
from fedrank.scheduler.report import publish_due_text
from fedrank.storage.database import Database
from tests.conftest import Clock
from tests.handlers.fake_adapter import World
from tests.handlers.qualification.helpers import actions, at, outbox, say, slots


async def _unlink(db: Database, world: World, *players: str) -> None:
    async with db.transaction() as repos:
        for n in players:
            for account in await repos.accounts.for_player(world[n]):
                await repos.accounts.unlink(account.id, world[n])


async def tick(db: Database, world: World, day: str) -> str:
    """``fedrank publish --due --today <day>``: one tick of the scheduler at noon UTC."""
    return await publish_due_text(db, world.systems, moment(day))


async def test_unlinked_players_go_through_the_directors(
    db: Database, services: Services, clock: Clock, world: World
) -> None:
    await _unlink(db, world, "1", "2")
    clock.now = at("2026-11-21")
    await say(services, "boss", '/qualify rmf-mcr 2027-06-20 2 "European Championship"')
    report = await tick(db, world, "2026-12-01")
    assert "messages enqueued: 2" in report
    invites = await outbox(db, "qual:1:invite:")
    assert [(chat, buttons) for chat, _, buttons in invites] == [
        ("boss", ["/qrecord 1 RMF-001 confirm", "/qrecord 1 RMF-001 decline"]),
        ("boss", ["/qrecord 1 RMF-002 confirm", "/qrecord 1 RMF-002 decline"]),
    ]

    # Player 1 answers by phone; the director records it, with a note.
    clock.now = at("2026-12-03")
    recorded = await say(services, "boss", "/qrecord 1 rmf-001 confirm by phone, 3 December")
    assert recorded.plain == (
        "Recorded: Player 1 (RMF-001) confirms the place in European Championship "
        "(qualification 1)."
    )
    assert (await slots(db))["RMF-001"] == ("confirmed", "2026-12-16")
    async with db.read() as repos:
        boss = await repos.accounts.by_platform("console", "boss")
        assert boss is not None
        boss_id = boss.id
        answer = [e.details for e in await repos.audit.entries("qualification.answer")]
    assert answer == [
        {
            "consent": True,
            "at": at("2026-12-03").isoformat(),
            "answered_on": "2026-12-03",
            "recorded_by": boss_id,
            "note": "by phone, 3 December",
            "by_director": True,
        }
    ]
    # Recording it again is refused with the state, and nothing changes.
    again = await say(services, "boss", "/qrecord 1 RMF-001 confirm")
    assert "Player 1 (RMF-001) holds no place that awaits this answer (state: confirmed)" in (
        again.plain
    )

    # Player 2 says nothing: three days before his deadline the directors are reminded.
    await tick(db, world, "2026-12-12")
    assert await outbox(db, "qual:1:remind:") == []
    await tick(db, world, "2026-12-13")
    await tick(db, world, "2026-12-14")
    reminders = await outbox(db, "qual:1:remind:")
    assert [(chat, buttons) for chat, _, buttons in reminders] == [
        ("boss", ["/qrecord 1 RMF-002 confirm", "/qrecord 1 RMF-002 decline"])
    ]
    assert "Player 2 (RMF-002) has not answered" in reminders[0][1]
    assert "the deadline is 2026-12-16" in reminders[0][1]

    # The day after his deadline he is in the reserve, player 3 is invited, the directors see it.
    await tick(db, world, "2026-12-17")
    state = await slots(db)
    assert state["RMF-002"][0] == "reserve"
    assert state["RMF-003"] == ("invited", "2027-01-01")
    expired = await outbox(db, "qual:1:expired:")
    assert [chat for chat, _, _ in expired] == ["boss"]  # player 2 has no account to tell
    assert "The place passes to Player 3 (RMF-003)" in expired[0][1]
    assert [chat for chat, _, _ in await outbox(db, "qual:1:invite:3")] == ["p3"]

    listed = (await say(services, "boss", "/qualifications")).plain
    assert "Qualification 1: European Championship (rmf-mcr), 2027-06-20" in listed
    assert "Qualification date 2026-12-01, quota 2 (Presidium 0); open." in listed
    assert "Places: 1 confirmed, 1 awaiting an answer, 0 declined, 1 moved to the reserve." in (
        listed
    )
    assert "Player 3 (RMF-003): answer by 2027-01-01" in listed
    steps = [a for a, _ in await actions(db)]
    assert steps.count("qualification.reminded") == 1
    async with db.read() as repos:
        reminded = [e.details for e in await repos.audit.entries("qualification.reminded")]
    assert reminded == [{"deadline": "2026-12-16", "to": "directors"}]


async def test_the_record_buttons_render_in_telegram_and_discord(
    db: Database, services: Services, clock: Clock, world: World
) -> None:
    await _unlink(db, world, "1")
    clock.now = at("2026-11-21")
    await say(services, "boss", "/qualify rmf-mcr 2027-06-20 1 Cup")
    await tick(db, world, "2026-12-01")
    async with db.read() as repos:
        rows = await repos.outbox.by_prefix("qual:1:invite:")
        reply = Reply.from_json(rows[0].payload["reply"])
    telegram = render_html(reply)
    assert [b.action for b in telegram.buttons] == [
        "/qrecord 1 RMF-001 confirm",
        "/qrecord 1 RMF-001 decline",
    ]
    view = make_view(reply.buttons, owner=42)  # what the outbox and the bot both send
    assert view is not None
    discord = view.to_components()
    assert [c["label"] for c in discord[0]["components"]] == [
        "Record: confirms",
        "Record: declines",
    ]
    assert discord[0]["components"][0]["custom_id"].endswith(":/qrecord 1 RMF-001 confirm")


async def test_declining_after_confirming_asks_twice_and_a_director_can_restore(
    db: Database, services: Services, clock: Clock, world: World
) -> None:
    clock.now = at("2026-11-21")
    await say(services, "boss", "/qualify rmf-mcr 2027-06-20 2 Cup")
    await tick(db, world, "2026-12-01")
    clock.now = at("2026-12-02")
    assert "Confirmed" in (await say(services, "p1", "/qconfirm 1")).plain

    # A stray tap: asked again, with who would get the place; nothing changes yet.
    asked = await say(services, "p1", "/qdecline 1")
    assert asked.plain.splitlines() == [
        "You confirmed your place in Cup (qualification 1). Declining now gives it up for good.",
        "You will lose your place to Player 3 (RMF-003).",
    ]
    assert [b.action for b in asked.buttons] == ["/qdecline 1 yes", "/qualifications rmf-mcr"]
    assert (await slots(db))["RMF-001"][0] == "confirmed"
    async with db.read() as repos:
        asked_log = [e.details for e in await repos.audit.entries("qualification.decline_asked")]
    assert asked_log == [{"next": str(world["3"])}]

    # Confirmed: the place passes to player 3.
    assert "Declined" in (await say(services, "p1", "/qdecline 1 yes")).plain
    assert (await slots(db))["RMF-001"][0] == "declined"
    assert (await slots(db))["RMF-003"] == ("invited", "2026-12-17")

    # The director restores it while player 3 has not answered: player 1 confirmed again,
    # player 3 back in the reserve and told so.
    clock.now = at("2026-12-03")
    restored = await say(services, "boss", "/qrestore 1 RMF-001")
    assert restored.plain == (
        "Restored: Player 1 (RMF-001) holds the place in Cup (qualification 1) again (confirmed)."
    )
    state = await slots(db)
    assert state["RMF-001"] == ("confirmed", "2026-12-16")
    assert state["RMF-003"] == ("waiting", None)
    withdrawn = await outbox(db, "qual:1:withdrawn:")
    assert [chat for chat, _, _ in withdrawn] == ["p3"]
    assert "has gone back to Player 1 (RMF-001)" in withdrawn[0][1]
    shown = (await say(services, "boss", "/qualification 1")).plain
    assert "Reserve, in order: Player 3 (RMF-003), Player 4 (RMF-004), Player 5 (RMF-005)" in (
        shown
    )

    # Declined again for real: player 3 is offered the place anew (a new invitation), answers,
    # and then the place can no longer be restored.
    clock.now = at("2026-12-04")
    await say(services, "p1", "/qdecline 1 yes")
    assert [chat for chat, _, _ in await outbox(db, "qual:1:invite:3")] == ["p3", "p3"]
    assert "Confirmed" in (await say(services, "p3", "/qconfirm 1")).plain
    refused = await say(services, "boss", "/qrestore 1 RMF-001")
    assert refused.plain == (
        "Qualification 1: the place of Player 1 (RMF-001) cannot be restored, "
        "Player 3 (RMF-003) has already answered for it."
    )
    assert "qualification.restored" in [a for a, _ in await actions(db)]


async def test_declining_a_place_not_yet_confirmed_is_at_once(
    db: Database, services: Services, clock: Clock, world: World
) -> None:
    clock.now = at("2026-11-21")
    await say(services, "boss", "/qualify rmf-mcr 2027-06-20 1 Cup")
    await tick(db, world, "2026-12-01")
    clock.now = at("2026-12-02")
    assert "Declined" in (await say(services, "p1", "/qdecline 1")).plain
    assert (await slots(db))["RMF-002"] == ("invited", "2026-12-17")
    # The last one in the reserve: declining after confirming says the place stays unfilled.
    for n in ("2", "3", "4"):
        await say(services, f"p{n}", "/qdecline 1")
    assert "Confirmed" in (await say(services, "p5", "/qconfirm 1")).plain
    assert "the quota is filled" in (await say(services, "boss", "/qualifications")).plain
    asked = await say(services, "p5", "/qdecline 1")
    assert "Nobody is left in the reserve: the place will stay unfilled." in asked.plain
    await say(services, "p5", "/qdecline 1 yes")
    listed = (await say(services, "boss", "/qualifications")).plain
    assert "quota 1 (Presidium 0); open." in listed and "the quota is filled" not in listed
    assert "Places: 0 confirmed, 0 awaiting an answer, 5 declined" in listed


async def test_a_withdrawn_offer_to_an_unlinked_player_is_told_to_the_directors(
    db: Database, services: Services, clock: Clock, world: World
) -> None:
    await _unlink(db, world, "3")
    clock.now = at("2026-11-21")
    await say(services, "boss", "/qualify rmf-mcr 2027-06-20 2 Cup")
    await tick(db, world, "2026-12-01")
    clock.now = at("2026-12-02")
    await say(services, "boss", "/qrecord 1 RMF-002 decline")  # a mistake
    assert (await slots(db))["RMF-003"] == ("invited", "2026-12-17")
    await say(services, "boss", "/qrestore 1 RMF-002")
    told = await outbox(db, "qual:1:withdrawn:")
    assert [chat for chat, _, _ in told] == ["boss"]
    assert told[0][1] == (
        "The place in Cup (qualification 1) offered to Player 3 (RMF-003) has gone back to "
        "Player 2 (RMF-002). Player 3 (RMF-003) has no linked account: please say so; the "
        "player heads the reserve again."
    )
    assert (await slots(db))["RMF-002"] == ("invited", "2026-12-16")
