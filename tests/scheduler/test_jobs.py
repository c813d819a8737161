"""Scheduled publication: on time, once, and caught up after downtime; announced once."""

import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, date, datetime
from typing import Any

import pytest

from fedrank.handlers.publication.publish import publish_in
from fedrank.handlers.systems import SystemRegistry
from fedrank.scheduler import jobs
from fedrank.scheduler.jobs import announce_pending, publish_due
from fedrank.scheduler.runner import Scheduler
from fedrank.storage.database import Database
from tests.conftest import Backend
from tests.factories import seed_federation, store_result
from tests.handlers.fake_adapter import FakeAdapter


class FakeQuarterly(FakeAdapter):
    """The fake system under a quarterly system's id (lists only, as the calendar needs)."""

    system = "go_ufgo"


SYSTEMS = SystemRegistry([FakeAdapter(), FakeQuarterly()])


async def _list_dates(db: Database) -> list[date]:
    async with db.read() as repos:
        return [s.list_date for s in await repos.lists.snapshots(1)]


async def test_month_boundary_in_the_federation_time_zone(db: Database) -> None:
    await seed_federation(db)  # RMF, Europe/Moscow, list of 2026-11-01 already stored
    # 21:30 UTC on 30 November is already 1 December in Moscow (UTC+3).
    done = await publish_due(db, datetime(2026, 11, 30, 20, 59, tzinfo=UTC), systems=SYSTEMS)
    assert done == []
    done = await publish_due(db, datetime(2026, 11, 30, 21, 30, tzinfo=UTC), systems=SYSTEMS)
    assert [(p.discipline, p.list_date, p.created) for p in done] == [
        ("rmf-mcr", date(2026, 12, 1), True)
    ]
    assert await publish_due(db, datetime(2026, 12, 1, 9, 0, tzinfo=UTC), systems=SYSTEMS) == []
    assert await _list_dates(db) == [date(2026, 11, 1), date(2026, 12, 1)]


async def test_down_on_the_first_publishes_on_restart_once(db: Database) -> None:
    await seed_federation(db)
    restart = datetime(2027, 2, 3, 8, 0, tzinfo=UTC)
    done = await publish_due(db, restart, systems=SYSTEMS)
    assert [p.list_date for p in done] == [date(2026, 12, 1), date(2027, 1, 1), date(2027, 2, 1)]
    assert await publish_due(db, restart, systems=SYSTEMS) == []
    assert await _list_dates(db) == [
        date(2026, 11, 1),
        date(2026, 12, 1),
        date(2027, 1, 1),
        date(2027, 2, 1),
    ]


async def test_two_schedulers_publish_one_list(backend: Backend) -> None:
    first_db, second_db = backend.database(), backend.database()
    await first_db.migrate()
    try:
        await seed_federation(first_db)
        clock = lambda: datetime(2026, 12, 1, 9, 0, tzinfo=UTC)  # noqa: E731
        first, second = (
            Scheduler(first_db, clock, systems=SYSTEMS),
            Scheduler(second_db, clock, systems=SYSTEMS),
        )
        await first.tick()
        await second.tick()
        if backend.name == "postgresql":
            assert first._leader and not second._leader
        assert await _list_dates(first_db) == [date(2026, 11, 1), date(2026, 12, 1)]
        await first.lock.release()
        await second.tick()  # the survivor takes over; nothing is due twice
        if backend.name == "postgresql":
            assert second._leader
        assert await _list_dates(first_db) == [date(2026, 11, 1), date(2026, 12, 1)]
        await second.lock.release()
    finally:
        await first_db.close()
        await second_db.close()


async def _subscribe(db: Database, *chats: str) -> None:
    async with db.transaction() as repos:
        for chat in chats:
            await repos.subscriptions.add(
                "telegram", chat, 1, "lists", datetime(2026, 11, 1, tzinfo=UTC)
            )


async def _announcements(db: Database) -> list[tuple[str, str]]:
    """(list date, chat) of every announcement row in the outbox."""
    async with db.read() as repos:
        dates = {s.id: s.list_date.isoformat() for s in await repos.lists.snapshots(1)}
        return sorted(
            (dates[int(r.dedup_key.split(":")[1])], r.chat_id)
            for r in await repos.outbox.by_prefix("announce:")
        )


async def test_a_publication_is_announced_once_to_every_subscribed_chat(db: Database) -> None:
    await seed_federation(db)
    await _subscribe(db, "-1001", "-1002")
    await publish_due(db, datetime(2026, 12, 1, 9, 0, tzinfo=UTC), systems=SYSTEMS)
    await publish_due(db, datetime(2026, 12, 1, 9, 10, tzinfo=UTC), systems=SYSTEMS)
    await announce_pending(db, datetime(2026, 12, 1, 9, 20, tzinfo=UTC))
    assert await _announcements(db) == [("2026-12-01", "-1001"), ("2026-12-01", "-1002")]


async def test_a_discipline_owes_no_list_dated_before_its_first_result(db: Database) -> None:
    await seed_federation(db)
    async with db.transaction() as repos:
        federation = await repos.federations.by_code("RMF")
        assert federation is not None
        q_go = await repos.federations.add_discipline(
            federation, "q-go", "Quarterly", "go_ufgo", "quarterly"
        )
    # Nothing stored yet: no list is due, not even the quarter's (it could only be empty).
    assert await publish_due(db, datetime(2026, 11, 21, 9, 0, tzinfo=UTC), systems=SYSTEMS) == []
    async with db.transaction() as repos:
        await store_result(repos, q_go.id, date(2026, 10, 18))
    # A result of 18 October: the list of 1 October would be empty, the next quarter's is due.
    assert await publish_due(db, datetime(2026, 11, 21, 9, 5, tzinfo=UTC), systems=SYSTEMS) == []
    done = await publish_due(db, datetime(2027, 1, 1, 9, 0, tzinfo=UTC), systems=SYSTEMS)
    assert ("q-go", date(2027, 1, 1)) in [(p.discipline, p.list_date) for p in done]


async def test_quarter_boundary_on_an_injected_clock(db: Database) -> None:
    await seed_federation(db)
    async with db.transaction() as repos:
        federation = await repos.federations.by_code("RMF")
        assert federation is not None
        q_go = await repos.federations.add_discipline(
            federation, "q-go", "Quarterly", "go_ufgo", "quarterly"
        )
        await store_result(repos, q_go.id, date(2026, 9, 20))
    first = await publish_due(db, datetime(2026, 11, 21, 9, 0, tzinfo=UTC), systems=SYSTEMS)
    assert [(p.discipline, p.list_date) for p in first] == [("q-go", date(2026, 10, 1))]
    # 23:59 on 31 December in Moscow: still the old quarter for both calendars.
    assert await publish_due(db, datetime(2026, 12, 31, 20, 59, tzinfo=UTC), systems=SYSTEMS) == [
        jobs.Published("rmf-mcr", date(2026, 12, 1), True, 3)
    ]
    # One minute later it is 1 January in Moscow: a new month and a new quarter.
    done = await publish_due(db, datetime(2026, 12, 31, 21, 0, tzinfo=UTC), systems=SYSTEMS)
    assert sorted((p.discipline, p.list_date) for p in done) == [
        ("q-go", date(2027, 1, 1)),
        ("rmf-mcr", date(2027, 1, 1)),
    ]
    assert await publish_due(db, datetime(2027, 3, 31, 9, 0, tzinfo=UTC), systems=SYSTEMS) == [
        jobs.Published("rmf-mcr", date(2027, 2, 1), True, 3),
        jobs.Published("rmf-mcr", date(2027, 3, 1), True, 3),
    ]


async def test_down_on_the_first_announces_each_missed_list_once(db: Database) -> None:
    await seed_federation(db)
    await _subscribe(db, "-1001")
    restart = datetime(2027, 2, 3, 8, 0, tzinfo=UTC)
    await publish_due(db, restart, systems=SYSTEMS)
    await publish_due(db, restart, systems=SYSTEMS)
    await announce_pending(db, restart)
    assert await _announcements(db) == [
        ("2026-12-01", "-1001"),
        ("2027-01-01", "-1001"),
        ("2027-02-01", "-1001"),
    ]


async def test_two_schedulers_announce_once_and_the_leader_delivers(backend: Backend) -> None:
    from tests.scheduler.test_outbox import ScriptedSender

    first_db, second_db = backend.database(), backend.database()
    await first_db.migrate()
    try:
        await seed_federation(first_db)
        await _subscribe(first_db, "-1001", "-1002")
        clock = lambda: datetime(2026, 12, 1, 9, 0, tzinfo=UTC)  # noqa: E731
        sender_a, sender_b = ScriptedSender(), ScriptedSender()
        first = Scheduler(first_db, clock, senders={"telegram": sender_a}, systems=SYSTEMS)
        second = Scheduler(second_db, clock, senders={"telegram": sender_b}, systems=SYSTEMS)
        if backend.name == "postgresql":  # the lock decides
            await asyncio.gather(first.tick(), second.tick())
            await asyncio.gather(first.tick(), second.tick())
        else:  # SQLite serves one process: both "lead", one after the other
            await first.tick()
            await second.tick()
        assert await _announcements(first_db) == [
            ("2026-12-01", "-1001"),
            ("2026-12-01", "-1002"),
        ]
        for scheduler in (first, second):
            if scheduler._leader and (backend.name == "postgresql" or scheduler is first):
                scheduler.start_delivery()
        for _ in range(100):
            if len(sender_a.sent) + len(sender_b.sent) >= 2:
                break
            await asyncio.sleep(0.05)
        await first.stop_delivery()
        await second.stop_delivery()
        sent = sorted(chat for chat, _ in sender_a.sent + sender_b.sent)
        assert sent == ["-1001", "-1002"]
        if backend.name == "postgresql":
            assert first._leader != second._leader
        await first.lock.release()
        await second.lock.release()
    finally:
        await first_db.close()
        await second_db.close()


class Killed(BaseException):
    """The process killed at that point: nothing after it runs, no ``except Exception`` sees it."""


@pytest.mark.parametrize(
    "kill_at",
    [
        ("announce", 1),  # list 1 published, its announcement not written
        ("publish", 2),  # list 1 published and announced, list 2 not published
        ("announce", 2),  # both published, list 2 not announced
    ],
)
async def test_a_kill_between_the_lists_of_one_tick_loses_no_announcement(
    db: Database, monkeypatch: pytest.MonkeyPatch, kill_at: tuple[str, int]
) -> None:
    """Two lists due in one tick, the process killed at a point of it; after a restart every
    chat has each list's announcement exactly once."""
    await seed_federation(db)  # the list of 2026-11-01 is stored: 12-01 and 01-01 are due
    await _subscribe(db, "-1001", "-1002")
    step, nth = kill_at
    calls = {"announce": 0, "publish": 0}
    real = {"announce": jobs.announce, "publish": jobs._publish_one}

    def dies(name: str) -> Callable[..., Awaitable[Any]]:
        async def wrapper(*args: Any) -> Any:
            calls[name] += 1
            if name == step and calls[name] == nth:
                raise Killed
            return await real[name](*args)

        return wrapper

    monkeypatch.setattr(jobs, "announce", dies("announce"))
    monkeypatch.setattr(jobs, "_publish_one", dies("publish"))
    now = datetime(2027, 1, 2, 9, 0, tzinfo=UTC)
    with pytest.raises(Killed):
        await publish_due(db, now, systems=SYSTEMS)
    monkeypatch.undo()
    restarted = Scheduler(db, lambda: datetime(2027, 1, 2, 9, 1, tzinfo=UTC), systems=SYSTEMS)
    await restarted.tick()
    await restarted.tick()
    expected = [(day, chat) for day in ("2026-12-01", "2027-01-01") for chat in ("-1001", "-1002")]
    assert await _announcements(db) == expected
    await restarted.lock.release()


async def test_a_newer_list_does_not_hide_an_unannounced_older_one(db: Database) -> None:
    """The sweep works per list: a list published on demand after an unannounced scheduled one
    leaves both owed, and both are announced, the older first."""
    await seed_federation(db)
    await _subscribe(db, "-1001")
    now = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
    async with db.transaction() as repos:
        discipline = await repos.federations.discipline(1)
        assert discipline is not None
        for day in (date(2026, 12, 1), date(2026, 12, 5)):
            await publish_in(repos, SYSTEMS, discipline, day, now=now, on_demand=day.day == 5)
    assert await announce_pending(db, now) > 0
    assert await _announcements(db) == [("2026-12-01", "-1001"), ("2026-12-05", "-1001")]
    assert await announce_pending(db, now) == 0
