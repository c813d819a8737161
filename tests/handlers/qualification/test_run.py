"""The scheduler's steps of a qualification window on an injected clock, through every
deadline: freeze, invite, remind, consent, expiry, pass-down, the directors' summaries."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from fedrank.engines import mahjong_rmf as rmf
from fedrank.handlers.context import Services
from fedrank.handlers.federation.registry.importing import prepare_import, write_import
from fedrank.handlers.qualification import advance_all
from fedrank.storage.database import Database
from fedrank.storage.models import Discipline
from fedrank.storage.repos import Repos
from tests.conftest import Clock
from tests.handlers.fake_adapter import World
from tests.handlers.qualification.helpers import actions, at, outbox, say, slots


async def test_a_window_through_every_deadline(
    db: Database, services: Services, clock: Clock, world: World
) -> None:
    clock.now = at("2026-11-21")
    reply = await say(services, "boss", '/qualify rmf-mcr 2027-06-20 2 "European Championship"')
    assert "2026-12-01" in reply.plain  # first Tuesday six months before June (3.3)

    # The day before the qualification date nothing happens.
    await advance_all(db, at("2026-11-30"), systems=world.systems)
    assert await slots(db) == {}
    assert "not frozen" in (await say(services, "boss", "/qualification 1")).plain

    # On the qualification date (Moscow): frozen, the two best members invited the same day.
    await advance_all(db, at("2026-12-01"), systems=world.systems)
    assert await slots(db) == {
        "RMF-001": ("invited", "2026-12-16"),
        "RMF-002": ("invited", "2026-12-16"),
    }
    invites = await outbox(db, "qual:1:invite:")
    assert [(chat, buttons) for chat, _, buttons in invites] == [
        ("p1", ["/qconfirm 1", "/qdecline 1"]),
        ("p2", ["/qconfirm 1", "/qdecline 1"]),
    ]
    assert "2026-12-16" in invites[0][1] and "15 days" in invites[0][1]
    await advance_all(
        db, at("2026-12-01", 20), systems=world.systems
    )  # a second tick the same day changes nothing
    assert len(await outbox(db, "qual:1:")) == 2

    # Player 1 answers with the button's action.
    clock.now = at("2026-12-05")
    assert "Confirmed" in (await say(services, "p1", "/qconfirm 1")).plain
    # Player 6 is not a member (3.2) and holds no place.
    assert "not" in (await say(services, "p3", "/qconfirm 1")).plain

    # The reminder goes three days before the deadline, once.
    await advance_all(db, at("2026-12-12"), systems=world.systems)
    assert await outbox(db, "qual:1:remind:") == []
    await advance_all(db, at("2026-12-13"), systems=world.systems)
    await advance_all(db, at("2026-12-14"), systems=world.systems)
    reminders = await outbox(db, "qual:1:remind:")
    assert [(chat, buttons) for chat, _, buttons in reminders] == [
        ("p2", ["/qconfirm 1", "/qdecline 1"])
    ]

    # The deadline day itself still counts (inclusive) ...
    await advance_all(db, at("2026-12-16"), systems=world.systems)
    assert (await slots(db))["RMF-002"] == ("invited", "2026-12-16")
    # ... the day after, player 2 goes to the reserve and player 3 is invited (3.5, 3.6).
    await advance_all(db, at("2026-12-17"), systems=world.systems)
    state = await slots(db)
    assert state["RMF-002"][0] == "reserve"
    assert state["RMF-003"] == ("invited", "2027-01-01")
    expired = await outbox(db, "qual:1:expired:")
    assert [chat for chat, _, _ in expired] == ["p2", "boss"]  # the directors see it too
    assert expired[1][1] == (
        "Player 2 (RMF-002) did not answer for European Championship (qualification 1) in "
        "time and is now in the reserve (seed 000 section 3.5). The deadline was 2026-12-16.\n"
        "The place passes to Player 3 (RMF-003), who is invited with 15 days to answer."
    )
    assert [chat for chat, _, _ in await outbox(db, "qual:1:invite:")] == ["p1", "p2", "p3"]

    # Player 3 declines: the place passes at once to player 4, with his own 15 days.
    clock.now = at("2026-12-20")
    assert "Declined" in (await say(services, "p3", "/qdecline 1")).plain
    state = await slots(db)
    assert state["RMF-003"][0] == "declined"
    assert state["RMF-004"] == ("invited", "2027-01-04")

    # Player 4 confirms on his last day: the quota is filled and the director is told.
    clock.now = at("2027-01-04", 20)  # 23:00 in Moscow, still the 4th
    assert "Confirmed" in (await say(services, "p4", "/qconfirm 1")).plain
    summary = await outbox(db, "qual:1:filled")
    assert len(summary) == 1 and summary[0][0] == "boss"
    assert "quota is filled" in summary[0][1] and "Player 4 (RMF-004)" in summary[0][1]
    await advance_all(db, at("2027-01-05"), systems=world.systems)
    assert len(await outbox(db, "qual:1:filled")) == 1

    shown = (await say(services, "boss", "/qualification 1")).plain
    assert "Player 6 (RMF-006)" in shown  # in the frozen list, skipped as a non-member
    assert "Not members" in shown
    assert "confirmed" in shown and "reserve" in shown
    async with db.read() as repos:
        answered = {s.player_id: s.answered_at for s in await repos.qualifications.slots(1)}
    assert answered[world["1"]] is not None and answered[world["2"]] is None

    assert [a for a, _ in await actions(db)] == [
        "qualification.created",
        "qualification.frozen",
        "qualification.informed",
        "qualification.informed",
        "qualification.confirmed",
        "qualification.answer",
        "qualification.reminded",
        "qualification.reserve",
        "qualification.invited",
        "qualification.informed",
        "qualification.declined",
        "qualification.invited",
        "qualification.informed",
        "qualification.answer",
        "qualification.confirmed",
        "qualification.quota_filled",
        "qualification.answer",
    ]


async def test_reserve_exhausted_and_presidium_place(
    db: Database, services: Services, clock: Clock, world: World
) -> None:
    clock.now = at("2026-11-21")
    reply = await say(
        services,
        "boss",
        "/qualify rmf-mcr 2027-06-20 2 Asian Cup presidium=RMF-005 date=2026-12-08",
    )
    assert "2026-12-08" in reply.plain
    await advance_all(db, at("2026-12-08"), systems=world.systems)
    state = await slots(db)
    assert state == {"RMF-005": ("invited", "2026-12-23"), "RMF-001": ("invited", "2026-12-23")}
    for n in ("1", "2", "3", "4"):  # each refusal passes the place down the list
        clock.now = at("2026-12-10")
        assert "Declined" in (await say(services, f"p{n}", "/qdecline 1")).plain
    summary = await outbox(db, "qual:1:exhausted:")
    assert [chat for chat, _, _ in summary] == ["boss"]
    assert "reserve is exhausted" in summary[0][1]
    assert ("qualification.reserve_exhausted", "qualification 1") in await actions(db)


async def test_a_tie_the_presidium_did_not_order_stops_the_freeze(
    db: Database, services: Services, world: World
) -> None:
    async def tied(repos: Repos, discipline: Discipline, on: date) -> rmf.RatingList:
        rows = tuple(
            rmf.ListRow(1, str(world[n]), Decimal(500), rmf.START, Decimal(0), (), 1)
            for n in ("1", "2")
        )
        return rmf.RatingList(rmf.Discipline.MCR, on, rows)

    world.frozen.list_on = tied
    await say(services, "boss", "/qualify rmf-mcr 2027-06-20 1 Cup")
    await advance_all(db, at("2026-12-01"), systems=world.systems)
    await advance_all(db, at("2026-12-02"), systems=world.systems)
    told = await outbox(db, "qual:1:refused")
    assert len(told) == 1 and "3.1" in told[0][1]
    assert "cannot be frozen" in (await say(services, "boss", "/qualification 1")).plain
    assert await slots(db) == {}


async def test_a_player_the_bot_cannot_reach_is_invited_through_the_directors(
    db: Database, services: Services, clock: Clock, world: World
) -> None:
    """No linked account: the directors get the invitation to pass on, and his 15 days start
    the same day."""
    async with db.transaction() as repos:
        for account in await repos.accounts.for_player(world["1"]):
            await repos.accounts.unlink(account.id, world["1"])
    clock.now = at("2026-11-21")
    await say(services, "boss", "/qualify rmf-mcr 2027-06-20 1 Cup")
    await advance_all(db, at("2026-12-01"), systems=world.systems)
    assert await slots(db) == {"RMF-001": ("invited", "2026-12-16")}
    passed_on = await outbox(db, "qual:1:invite:")
    assert [(chat, buttons) for chat, _, buttons in passed_on] == [
        ("boss", ["/qrecord 1 RMF-001 confirm", "/qrecord 1 RMF-001 decline"])
    ]
    assert "Player 1 (RMF-001) has qualified" in passed_on[0][1]
    assert "no linked account: please tell the player today" in passed_on[0][1]
    async with db.read() as repos:
        informed = [
            e.details["accounts"] for e in await repos.audit.entries("qualification.informed")
        ]
    assert informed == [0]


async def test_membership_dates_from_the_registry_decide_who_qualifies(
    db: Database, services: Services, clock: Clock, world: World
) -> None:
    """3.2: only members on the qualification date (2026-12-01) take part, as the registry
    dates them. The list ranks 6, 1, 2, 3, 4, 5; the registry file ends player 1's membership
    the day before and starts player 6's on the day itself: the quota of 3 goes to 6, 2, 3."""
    registry = (
        b"id,name,member_from,member_to\n"
        b"RMF-001,Player 1,2020-01-01,2026-11-30\n"
        b"RMF-006,Player 6,2026-12-01,\n"
    )
    async with db.transaction() as repos:
        plan = await prepare_import(repos, services.systems, "RMF", "members.csv", registry)
        result = await write_import(repos, plan, now=at("2026-11-21"))
    assert (result.added, result.updated) == (0, 2)
    clock.now = at("2026-11-21")
    await say(services, "boss", "/qualify rmf-mcr 2027-06-20 3 Cup")
    await advance_all(db, at("2026-12-01"), systems=world.systems)
    assert await slots(db) == {
        "RMF-006": ("invited", "2026-12-16"),
        "RMF-002": ("invited", "2026-12-16"),
        "RMF-003": ("invited", "2026-12-16"),
    }
