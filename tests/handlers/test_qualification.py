"""Qualification windows end to end: /qualify, the scheduler's steps on an injected clock
through every deadline (inform, remind, consent, expiry, pass-down), answers, summaries."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

import pytest

from fedrank.engines import mahjong_rmf as rmf
from fedrank.handlers import qualification
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.qualification import advance_all
from fedrank.handlers.reply import Reply
from fedrank.storage.database import Database
from fedrank.storage.models import Discipline
from fedrank.storage.repositories import Repos
from tests.conftest import Clock, user
from tests.factories import make_director, seed_federation
from tests.handlers.fake_adapter import World

NAMES = {f"RMF-00{i}": f"Player {i}" for i in range(1, 7)}


def at(day: str, hour: int = 9) -> datetime:
    """``hour`` UTC on ``day`` (noon in Moscow, the federation's time zone)."""
    return datetime.combine(date.fromisoformat(day), datetime.min.time(), UTC).replace(hour=hour)


@pytest.fixture
async def world(db: Database) -> World:
    """Six players; 1-5 members with linked console accounts p1..p5, 6 not a member; a
    director; the frozen list ranks them 1..6 by rating."""
    seeded = await seed_federation(db, names=NAMES)
    ids = {fpid[-1]: pid for fpid, pid in seeded.players.items()}
    async with db.transaction() as repos:
        for n, pid in ids.items():
            if n != "6":
                await repos.players.add_membership(pid, date(2020, 1, 1), None)
                account = await repos.accounts.get_or_create(
                    "console", f"p{n}", display_name=f"p{n}", language=None, now=at("2026-11-01")
                )
                await repos.accounts.link(account, pid)
    await make_director(db, "boss")
    ranking = [ids["6"], ids["1"], ids["2"], ids["3"], ids["4"], ids["5"]]
    world = World(ids)

    async def frozen(repos: Repos, discipline: Discipline, on: date) -> rmf.RatingList:
        rows = tuple(
            rmf.ListRow(i + 1, str(pid), Decimal(900 - 100 * i), rmf.START, Decimal(0), (), 1)
            for i, pid in enumerate(ranking)
        )
        return rmf.RatingList(rmf.Discipline.MCR, on, rows)

    world.frozen.list_on = frozen
    return world


def as_user(name: str) -> RequestContext:
    return user(name)


async def say(services: Services, who: str, text: str) -> Reply:
    return await dispatch(services, as_user(who), text)


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
    assert [chat for chat, _, _ in await outbox(db, "qual:1:expired:")] == ["p2"]
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


@pytest.mark.parametrize(
    ("who", "args", "expected"),
    [
        ("p1", "rmf-mcr 2027-06-20 2 Cup", "director"),
        ("boss", "rmf-mcr 2027-06-20 0 Cup", "quota"),
        ("boss", "rmf-mcr 2027-13-20 2 Cup", "YYYY-MM-DD"),
        ("boss", "rmf-mcr 2027-06-20 1 Cup presidium=RMF-001,RMF-002", "exceed"),
        ("boss", "rmf-mcr 2027-06-20 1 Cup presidium=RMF-999", "RMF-999"),
        ("boss", "rmf-mcr 2027-06-20 1 Cup date=2027-07-01", "after the event"),
        ("boss", "rmf-mcr 2027-06-20", "/qualify"),
    ],
)
async def test_qualify_refusals(
    services: Services, world: World, who: str, args: str, expected: str
) -> None:
    reply = await say(services, who, f"/qualify {args}")
    assert expected in reply.plain


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


def test_state_round_trips_through_json() -> None:
    event = rmf.QualificationEvent("9", rmf.Discipline.MCR, date(2027, 6, 20), 1)
    rows = tuple(
        rmf.ListRow(i + 1, p, Decimal(10 - i), rmf.START, Decimal(0), (), 1)
        for i, p in enumerate(["a", "b"])
    )
    q = rmf.open_qualification(
        event,
        rmf.RatingList(rmf.Discipline.MCR, date(2026, 12, 1), rows),
        [rmf.Membership(p, date(2020, 1, 1)) for p in ("a", "b")],
    )
    q = rmf.record_informed(q, "a", date(2026, 12, 2))
    data: dict[str, Any] = qualification.state_to_json(q)
    assert qualification.state_from_json(event, data) == q


async def test_the_frozen_list_is_the_rmf_list_replayed_from_the_ledger(
    db: Database, services: Services
) -> None:
    """No stand-in list here: two years of demo tournaments through the mahjong adapter, the
    list on the qualification date replayed from them, members only."""
    import random

    from fedrank.demo.mahjong_rmf import load
    from fedrank.handlers.systems.mahjong_rmf import ADAPTER

    async with db.transaction() as repos:
        federation = await repos.federations.add("RMF", "Russian Mahjong Federation", "UTC")
        discipline = await repos.federations.add_discipline(
            federation, "rmf-mcr", "Sports mahjong", "mahjong_rmf", "monthly"
        )
        outsider = 0
        for i in range(1, 31):
            player = await repos.players.add(federation.id, f"RMF-{i:04d}", f"Player {i}")
            if i == 1:
                outsider = player.id  # not a member (3.2)
            else:
                await repos.players.add_membership(player.id, date(2020, 1, 1), None)
        await load(repos, ADAPTER, discipline, random.Random(7), date(2026, 11, 21))
    await make_director(db, "boss")
    await say(services, "boss", "/qualify rmf-mcr 2027-06-20 3 Cup")
    await advance_all(db, at("2026-12-01"), systems=services.systems)
    async with db.read() as repos:
        expected = await qualification.rating_list_on(
            repos, services.systems, discipline, date(2026, 12, 1)
        )
        members = [int(r.player) for r in expected.rows if int(r.player) != outsider]
        row = await repos.qualifications.get(1)
        assert row is not None
        frozen = row.data["list"]
        invited = {s.player_id for s in await repos.qualifications.slots(1)}
    assert len(expected.rows) >= 10 and str(outsider) in [r.player for r in expected.rows]
    assert [p for p, _, _ in frozen] == [r.player for r in expected.rows]
    assert invited == set(members[:3])


async def test_a_window_whose_date_has_passed_says_so(
    services: Services, clock: Clock, world: World
) -> None:
    clock.now = at("2026-11-21")
    reply = await say(services, "boss", '/qualify rmf-mcr 2027-03-10 2 "Spring Cup"')
    # First Tuesday of September 2026 (3.3), already behind us on 21 November.
    assert "Its qualification date 2026-09-01 has passed" in reply.plain
    assert "will be frozen" not in reply.plain
