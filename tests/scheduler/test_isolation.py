"""A list that fails is recorded, retried later and reported once; it holds up no other list."""

from __future__ import annotations

import logging
from datetime import UTC, date, datetime, timedelta

import pytest

from fedrank.engines.kernel import RuleError
from fedrank.handlers.systems import SystemRegistry
from fedrank.scheduler.jobs import Published, publish_due, retry_delay
from fedrank.storage.database import Database
from fedrank.storage.models import Discipline
from fedrank.storage.records import ComputedList
from fedrank.storage.repos import Repos
from tests.factories import seed_federation, store_result
from tests.handlers.fake_adapter import FakeAdapter
from tests.helpers import NOW


class Broken(FakeAdapter):
    """A system whose lists cannot be computed (like RMF's rules asked for riichi mahjong)."""

    system = "bridge_fsbr"

    def __init__(self) -> None:
        self.fail = True

    async def compute_list(
        self, repos: Repos, discipline: Discipline, list_date: date
    ) -> ComputedList:
        if self.fail:
            raise RuleError(
                "discipline broken is neither sports (MCR) nor Sichuan mahjong", rule="seed 000"
            )
        return await super().compute_list(repos, discipline, list_date)


async def _setup(db: Database) -> None:
    """RMF's rmf-mcr (works) and a monthly discipline 'broken' listed before it; an admin."""
    await seed_federation(db)
    async with db.transaction() as repos:
        federation = await repos.federations.by_code("RMF")
        assert federation is not None
        broken = await repos.federations.add_discipline(
            federation, "broken", "Broken", "bridge_fsbr", "monthly"
        )
        # A stored result: a discipline owes its calendar's lists from its first one on.
        await store_result(repos, broken.id, date(2026, 10, 10))
        admin = await repos.accounts.get_or_create(
            "telegram", "900", display_name="Admin", language="ru", now=NOW
        )
        await repos.accounts.set_role(admin.id, federation.id, "admin")


async def _dates(db: Database, code: str) -> list[date]:
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code(code)
        assert discipline is not None
        return [s.list_date for s in await repos.lists.snapshots(discipline.id)]


def at(day: date, hour: int = 9, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=UTC)


async def test_a_failing_list_holds_up_no_other_list(
    db: Database, caplog: pytest.LogCaptureFixture
) -> None:
    await _setup(db)
    broken = Broken()
    systems = SystemRegistry([FakeAdapter(), broken])
    caplog.set_level(logging.DEBUG, logger="fedrank.scheduler.jobs")
    # The broken discipline's list comes first in the tick; rmf-mcr's is published anyway.
    done = await publish_due(db, at(date(2026, 12, 1)), systems=systems)
    assert [(p.discipline, p.list_date, p.created) for p in done] == [
        ("rmf-mcr", date(2026, 12, 1), True),
        ("broken", date(2026, 12, 1), False),
    ] or [(p.discipline, p.list_date, p.created) for p in done] == [
        ("broken", date(2026, 12, 1), False),
        ("rmf-mcr", date(2026, 12, 1), True),
    ]
    failed = next(p for p in done if p.discipline == "broken")
    assert "neither sports (MCR) nor Sichuan mahjong" in failed.error
    async with db.read() as repos:
        (failure,) = await repos.publications.failures()
        assert (failure.list_date, failure.attempts) == (date(2026, 12, 1), 1)
        assert failure.next_attempt_at.replace(tzinfo=UTC) == at(date(2026, 12, 1)) + timedelta(
            minutes=10
        )
        reports = await repos.outbox.by_prefix("pubfail:")
        assert [(r.platform, r.chat_id) for r in reports] == [("telegram", "900")]
        assert "не удалось опубликовать" in str(reports[0].payload).lower()

    # The next tick (5 minutes later) waits for the retry; nothing else is due.
    assert await publish_due(db, at(date(2026, 12, 1), 9, 5), systems=systems) == []
    # Retries after the delay fail again: the failure is counted, not logged or reported again.
    again = await publish_due(db, at(date(2026, 12, 1), 9, 11), systems=systems)
    assert [(p.discipline, p.created) for p in again] == [("broken", False)]
    # A month later: rmf-mcr's January list is published; broken still fails (retried once).
    later = await publish_due(db, at(date(2027, 1, 1)), systems=systems)
    assert [p for p in later if p.discipline == "rmf-mcr"] == [
        Published("rmf-mcr", date(2027, 1, 1), True, 3)
    ]
    assert [(p.discipline, p.list_date) for p in later if p.error] == [
        ("broken", date(2026, 12, 1))  # its January list waits for December's
    ]
    assert await _dates(db, "rmf-mcr") == [date(2026, 11, 1), date(2026, 12, 1), date(2027, 1, 1)]
    assert await _dates(db, "broken") == []
    errors = [
        r for r in caplog.records if r.levelno >= logging.ERROR and "broken" in r.getMessage()
    ]
    assert len(errors) == 1  # logged once, when it started failing
    async with db.read() as repos:
        assert len(await repos.outbox.by_prefix("pubfail:")) == 1  # reported once
        (failure,) = await repos.publications.failures()
        assert failure.attempts == 3
        assert len(await repos.audit.entries("list.publication_failed")) == 1

    # Fixed: the next attempt publishes December and January in order, once, and says so.
    broken.fail = False
    caplog.clear()
    fixed = await publish_due(db, at(date(2027, 1, 2)), systems=systems)
    assert [(p.discipline, p.list_date, p.created) for p in fixed] == [
        ("broken", date(2026, 12, 1), True),
        ("broken", date(2027, 1, 1), True),
    ]
    assert [r.levelname for r in caplog.records if "failed attempt" in r.getMessage()] == [
        "WARNING"
    ]
    async with db.read() as repos:
        assert await repos.publications.failures() == []
        assert len(await repos.audit.entries("list.publication_recovered")) == 1


def test_the_retry_delay_grows_and_is_bounded() -> None:
    assert [retry_delay(n) for n in (1, 2, 3)] == [
        timedelta(minutes=10),
        timedelta(minutes=20),
        timedelta(minutes=40),
    ]
    assert retry_delay(30) == timedelta(hours=24)
