"""Runs the jobs with APScheduler 3, in one process at a time, and the outbox delivery.

On PostgreSQL the process that holds a session-level advisory lock is the scheduler; others
keep trying and take over if it dies (its connection closes and the lock is released). SQLite
runs one process, so no lock is needed there. The jobs themselves are idempotent anyway.

A tick (every :data:`TICK_MINUTES` minutes, and at start) publishes every list that is due and
announces it, announces lists published on demand since, and advances the qualification
windows (invitations, reminders, expiries, summaries). The leader also runs the
:class:`~fedrank.scheduler.outbox.DeliveryWorker`, which sends what the jobs enqueued, paced
per platform, and resumes whatever a previous process left unsent.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Mapping
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

from apscheduler.schedulers.asyncio import AsyncIOScheduler

from fedrank.handlers.health import leadership
from fedrank.handlers.systems import SystemRegistry
from fedrank.metrics import LEADER
from fedrank.scheduler.jobs import (
    advance_qualifications,
    announce_pending,
    publish_due,
    rebuild_site,
)
from fedrank.scheduler.outbox import DeliveryWorker, Sender
from fedrank.storage.database import Database
from fedrank.storage.locks import LeaderLock

log = logging.getLogger(__name__)

TICK_MINUTES = 10
SHUTDOWN_GRACE_SECONDS = 30


class Scheduler:
    """Ticks every few minutes; a tick does whatever is due (so downtime is caught up).

    The composition root (:mod:`fedrank.bootstrap`) hands it the systems and the outbox's
    senders; one built without senders runs the jobs and leaves the outbox to another process.
    """

    def __init__(
        self,
        db: Database,
        clock: Callable[[], datetime] | None = None,
        *,
        senders: Mapping[str, Sender] | None = None,
        systems: SystemRegistry,
        site_dir: Path | None = None,
    ) -> None:
        self.db = db
        self.site_dir = site_dir
        self.systems = systems
        self.clock = clock or (lambda: datetime.now(UTC))
        self.lock = LeaderLock(db)
        self._leader = False
        self._senders = senders
        self.worker: DeliveryWorker | None = None
        self._stop = asyncio.Event()
        self._delivery: asyncio.Task[None] | None = None
        # Held while a tick runs, so a shutdown lets the tick finish instead of cutting it.
        self._ticking = asyncio.Lock()

    async def _job(self, name: str, job: Callable[[Database, datetime], Awaitable[object]]) -> None:
        try:
            await job(self.db, self.clock())
        except Exception:
            log.exception("scheduled job %s failed; it will be retried on the next tick", name)

    async def tick(self) -> None:
        # The lock is verified (or taken again) at every tick: a lock whose connection died
        # was released by the server, and another process may lead now.
        was_leader = self._leader
        self._leader = await self.lock.hold()
        leadership.leading = self._leader
        LEADER.set(1 if self._leader else 0)
        if was_leader and not self._leader:
            log.error("the scheduler's lock was lost; this process stops leading")
            await self.stop_delivery()
        if not self._leader:
            return
        if not was_leader:
            log.info("this process leads the scheduler")
        await self._job("publication", partial(publish_due, systems=self.systems))
        await self._job("announcements", announce_pending)
        await self._job("qualifications", partial(advance_qualifications, systems=self.systems))
        if self.site_dir is not None:
            await self._job("site", partial(rebuild_site, out=self.site_dir, systems=self.systems))

    def start_delivery(self) -> None:
        """Start the outbox worker (once this process is the leader). It asks the lock before
        every message and stops at once when this process no longer leads."""
        if self._senders is None:
            return
        if self._delivery is not None and not self._delivery.done():
            return
        self._stop = asyncio.Event()
        self.worker = DeliveryWorker(
            self.db, self._senders, clock=self.clock, guard=self.lock.verify
        )
        self._delivery = asyncio.create_task(self.worker.run_forever(self._stop))

    async def stop_delivery(self) -> None:
        self._stop.set()
        if self._delivery is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._delivery
            self._delivery = None

    async def _tick_and_deliver(self) -> None:
        async with self._ticking:
            await self.tick()
            if self._leader:
                self.start_delivery()

    async def _let_the_tick_finish(self) -> None:
        """Wait (a little) for a tick in flight: its jobs are idempotent, but a clean end is
        quieter than a cancelled one and loses no work."""
        try:
            await asyncio.wait_for(self._ticking.acquire(), timeout=SHUTDOWN_GRACE_SECONDS)
        except TimeoutError:
            log.warning("a scheduled tick was still running at shutdown; it will run again")
        else:
            self._ticking.release()

    async def run_forever(self) -> None:
        scheduler = AsyncIOScheduler(timezone=UTC)
        scheduler.add_job(
            self._tick_and_deliver,
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
            # Pause first: shutting APScheduler down cancels the job it is running.
            scheduler.pause()
            await self._let_the_tick_finish()
            scheduler.shutdown(wait=False)
            await self.stop_delivery()
            await self.lock.release()
            self._leader = False
            leadership.leading = None
            LEADER.set(0)
            log.info("the scheduler stopped; its lock is released")
