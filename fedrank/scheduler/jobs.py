"""The scheduled jobs; each is idempotent, so a re-run or a second process changes nothing."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from fedrank.handlers.announcements import announce_in, announce_recent
from fedrank.handlers.publication import publish_list
from fedrank.handlers.systems import SystemRegistry
from fedrank.scheduler.calendar import due_dates
from fedrank.storage.database import Database

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Published:
    discipline: str
    list_date: date
    created: bool
    rows: int


async def publish_due(db: Database, now: datetime, *, systems: SystemRegistry) -> list[Published]:
    """Publish every list that is due by ``now`` in its federation's time zone."""
    plan: list[tuple[str, date]] = []
    async with db.read() as repos:
        for discipline in await repos.federations.disciplines():
            if discipline.disabled or discipline.system not in systems:
                continue
            federation = await repos.federations.get(discipline.federation_id)
            assert federation is not None
            today = now.astimezone(ZoneInfo(federation.timezone)).date()
            snapshots = await repos.lists.snapshots(discipline.id)
            scheduled = [s.list_date for s in snapshots if not s.on_demand]
            last = max(scheduled) if scheduled else None
            plan += [(discipline.code, d) for d in due_dates(discipline.calendar, last, today)]
    done = []
    for code, list_date in plan:
        snapshot, created, rows = await publish_list(
            db, systems, code, list_date, now=now, on_demand=False
        )
        log.info("list %s of %s: %s", code, list_date, "published" if created else "existed")
        if created:
            await announce(db, snapshot.discipline_id, list_date, now)
        done.append(Published(code, list_date, created, rows))
    return done


async def announce(db: Database, discipline_id: int, list_date: date, now: datetime) -> int:
    """Enqueue a published list's announcements (idempotent: one row per recipient)."""
    async with db.transaction() as repos:
        snapshot = await repos.lists.snapshot(discipline_id, list_date)
        if snapshot is None:
            return 0
        return await announce_in(repos, snapshot, now)


async def announce_pending(db: Database, now: datetime) -> int:
    """Announce lists published on demand (or left unannounced by a crash) since the last tick."""
    async with db.transaction() as repos:
        return await announce_recent(repos, now)


async def advance_qualifications(db: Database, now: datetime, *, systems: SystemRegistry) -> int:
    """Freeze, invite, remind, expire and summarise every open qualification window."""
    from fedrank.handlers.qualification import advance_all

    return await advance_all(db, now, systems=systems)
