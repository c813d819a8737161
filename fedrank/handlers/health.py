"""What ``/healthz`` and ``/metrics`` report, read here so the web layer never touches storage.

A process is healthy when its database answers. Whether it leads the scheduler is reported,
not judged: a follower is as healthy as the leader (it takes over when the leader dies). The
outbox's backlog and each discipline's last publication tell an operator whether messages and
lists are flowing.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from fedrank.handlers.context import Services, TransportState
from fedrank.metrics import LIST_PUBLISHED, OUTBOX_BACKLOG, OUTBOX_OLDEST_AGE, TRANSPORT_UP

log = logging.getLogger(__name__)

#: A database that has not answered in this many seconds counts as unreachable.
CHECK_TIMEOUT = 5.0


@dataclass(slots=True)
class Leadership:
    """This process's place in the scheduler: True leads, False follows, None not running.

    One per process (the scheduler sets it at every tick), like the ``LEADER`` gauge."""

    leading: bool | None = None

    @property
    def role(self) -> str:
        return {True: "leader", False: "follower", None: "none"}[self.leading]


leadership = Leadership()


@dataclass(frozen=True, slots=True)
class Health:
    database: bool
    role: str
    backlog: dict[str, int] = field(default_factory=dict)
    #: discipline code -> its newest list's date and publication time (ISO 8601).
    publications: dict[str, dict[str, str]] = field(default_factory=dict)
    error: str | None = None
    #: transport name -> "up", or "down" with the error and since when. A transport down
    #: leaves the process healthy: the others, the scheduler and the website go on.
    transports: dict[str, dict[str, str]] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.database

    def as_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {
            "status": "ok" if self.ok else "unhealthy",
            "database": "reachable" if self.database else "unreachable",
            "scheduler": self.role,
            "outbox_backlog": self.backlog,
            "last_publication": self.publications,
            "transports": self.transports,
        }
        if self.error is not None:
            found["error"] = self.error
        return found


async def health(services: Services) -> Health:
    """Ask the database for the backlog and the last publications; an unreachable database
    makes the process unhealthy (the error's kind is reported, never its text: it may hold
    a URL)."""

    async def read() -> tuple[dict[str, int], dict[str, dict[str, str]]]:
        async with services.db.read() as repos:
            newest = await repos.lists.newest_by_discipline()
            publications = {
                discipline.code: {
                    "list_date": snapshot.list_date.isoformat(),
                    "published_at": _utc(snapshot.created_at).isoformat(),
                }
                for discipline in await repos.federations.disciplines()
                if (snapshot := newest.get(discipline.id)) is not None
            }
            return await repos.outbox.backlog(), publications

    transports = {name: _transport(state) for name, state in services.transports.items()}
    try:
        backlog, publications = await asyncio.wait_for(read(), CHECK_TIMEOUT)
    except Exception as exc:
        log.warning("health check: the database cannot be read (%s)", type(exc).__name__)
        return Health(False, leadership.role, error=type(exc).__name__, transports=transports)
    return Health(True, leadership.role, backlog, publications, transports=transports)


def _transport(state: TransportState) -> dict[str, str]:
    if state.up:
        return {"state": "up"}
    since = _utc(state.since).isoformat() if state.since is not None else ""
    return {"state": "down", "error": state.error, "since": since}


def _utc(moment: datetime) -> datetime:
    """An aware time in UTC: SQLite hands back the stored UTC times without their zone."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


@dataclass(frozen=True, slots=True)
class _Gauges:
    backlog: dict[str, int]
    first_due: dict[str, datetime]
    #: discipline code -> (its calendar, its newest list's publication time)
    published: dict[str, tuple[str, datetime]]


async def refresh_metrics(services: Services) -> None:
    """Set the gauges read at scrape time: from the database (so every process reports the
    same) the outbox's backlog and oldest wait by platform and each discipline's last
    publication, and this process's transports. Unreadable, the database's keep their last
    values."""
    for name, state in services.transports.items():
        TRANSPORT_UP.labels(transport=name).set(1 if state.up else 0)

    async def read() -> _Gauges:
        async with services.db.read() as repos:
            newest = await repos.lists.newest_by_discipline()
            published = {
                discipline.code: (discipline.calendar, snapshot.created_at)
                for discipline in await repos.federations.disciplines()
                if (snapshot := newest.get(discipline.id)) is not None
            }
            return _Gauges(
                await repos.outbox.backlog(), await repos.outbox.first_due_by_platform(), published
            )

    try:
        found = await asyncio.wait_for(read(), CHECK_TIMEOUT)
    except Exception as exc:
        log.warning("metrics: the database cannot be read (%s)", type(exc).__name__)
        return
    now = _utc(services.clock())
    for platform in {*found.backlog, *found.first_due, "telegram", "discord", "console"}:
        OUTBOX_BACKLOG.labels(platform=platform).set(found.backlog.get(platform, 0))
        due = found.first_due.get(platform)
        age = max(0.0, (now - _utc(due)).total_seconds()) if due is not None else 0.0
        OUTBOX_OLDEST_AGE.labels(platform=platform).set(age)
    # Set afresh each time, so a discipline whose calendar changed leaves no stale series.
    LIST_PUBLISHED.clear()
    for code, (calendar, moment) in found.published.items():
        LIST_PUBLISHED.labels(discipline=code, calendar=calendar).set(_utc(moment).timestamp())
