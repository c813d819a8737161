"""Runs the jobs with APScheduler 3, in one process at a time.

On PostgreSQL the process that holds a session-level advisory lock is the scheduler; others
keep trying and take over if it dies (its connection closes and the lock is released). SQLite
runs one process, so no lock is needed there. The jobs themselves are idempotent anyway.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import UTC, datetime

from apscheduler.schedulers.asyncio import AsyncIOScheduler

from fedrank.scheduler.jobs import publish_due
from fedrank.storage.database import Database
from fedrank.storage.locks import LeaderLock

log = logging.getLogger(__name__)

TICK_MINUTES = 10


class Scheduler:
    """Ticks every few minutes; a tick publishes whatever is due (so downtime is caught up)."""

    def __init__(self, db: Database, clock: Callable[[], datetime] | None = None) -> None:
        self.db = db
        self.clock = clock or (lambda: datetime.now(UTC))
        self.lock = LeaderLock(db)
        self._leader = False

    async def tick(self) -> None:
        if not self._leader:
            self._leader = await self.lock.acquire()
            if not self._leader:
                return
        try:
            await publish_due(self.db, self.clock())
        except Exception:
            log.exception("scheduled publication failed; it will be retried on the next tick")

    async def run_forever(self) -> None:
        scheduler = AsyncIOScheduler(timezone=UTC)
        scheduler.add_job(
            self.tick,
            "interval",
            minutes=TICK_MINUTES,
            next_run_time=datetime.now(UTC),
            coalesce=True,
            max_instances=1,
        )
        scheduler.start()
        try:
            await asyncio.Event().wait()
        finally:
            scheduler.shutdown(wait=False)
            await self.lock.release()
