"""Scheduled publication: on time, once, and caught up after downtime."""

from datetime import UTC, date, datetime

import pytest

from fedrank.handlers import publication
from fedrank.scheduler import jobs
from fedrank.scheduler.jobs import publish_due
from fedrank.scheduler.runner import Scheduler
from fedrank.storage.database import Database
from tests.conftest import Backend
from tests.factories import seed_federation
from tests.handlers.fake_adapter import FakeAdapter


@pytest.fixture(autouse=True)
def fake_system(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(publication, "adapter", lambda system: FakeAdapter())
    monkeypatch.setattr(jobs, "has_adapter", lambda system: True)


async def _list_dates(db: Database) -> list[date]:
    async with db.read() as repos:
        return [s.list_date for s in await repos.lists.snapshots(1)]


async def test_month_boundary_in_the_federation_time_zone(db: Database) -> None:
    await seed_federation(db)  # RMF, Europe/Moscow, list of 2026-11-01 already stored
    # 21:30 UTC on 30 November is already 1 December in Moscow (UTC+3).
    done = await publish_due(db, datetime(2026, 11, 30, 20, 59, tzinfo=UTC))
    assert done == []
    done = await publish_due(db, datetime(2026, 11, 30, 21, 30, tzinfo=UTC))
    assert [(p.discipline, p.list_date, p.created) for p in done] == [
        ("rmf-mcr", date(2026, 12, 1), True)
    ]
    assert await publish_due(db, datetime(2026, 12, 1, 9, 0, tzinfo=UTC)) == []
    assert await _list_dates(db) == [date(2026, 11, 1), date(2026, 12, 1)]


async def test_down_on_the_first_publishes_on_restart_once(db: Database) -> None:
    await seed_federation(db)
    restart = datetime(2027, 2, 3, 8, 0, tzinfo=UTC)
    done = await publish_due(db, restart)
    assert [p.list_date for p in done] == [date(2026, 12, 1), date(2027, 1, 1), date(2027, 2, 1)]
    assert await publish_due(db, restart) == []
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
        first, second = Scheduler(first_db, clock), Scheduler(second_db, clock)
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
