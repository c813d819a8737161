"""The scheduled jobs; each is idempotent, so a re-run or a second process changes nothing.

**Publications are isolated.** Each due list is published in its own transaction. One that
fails (an engine that refuses, a bug, a discipline whose system cannot list) is recorded in
``publication_failure`` with its error and retried with a growing delay (:func:`retry_delay`);
it never delays another discipline's lists, of the same tick or of later ticks. The later
lists of the *same* discipline wait for it, since a list may start from the one before. A
failure is logged once per change of state (failing, failing differently, published again),
written to the audit log, and reported once to the federation's admins through the outbox.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from fedrank.engines.kernel import EngineError
from fedrank.handlers.publication.announcements import announce_in, announce_recent
from fedrank.handlers.publication.publish import (
    clear_failure,
    first_result,
    publish_in,
    record_failure,
)
from fedrank.handlers.systems import SystemRegistry
from fedrank.metrics import PUBLICATIONS
from fedrank.scheduler.calendar import due_dates, next_due
from fedrank.storage.database import Database

log = logging.getLogger(__name__)

#: The first retry of a failed publication comes after this long; each further one doubles it.
RETRY_FIRST = timedelta(minutes=10)
#: ... up to this.
RETRY_MAX = timedelta(hours=24)


def retry_delay(attempts: int) -> timedelta:
    """How long to wait after the ``attempts``-th failure of a list (10 min, 20, 40 … 24 h)."""
    factor: int = 2 ** min(max(attempts - 1, 0), 16)
    return min(RETRY_FIRST * factor, RETRY_MAX)


@dataclass(frozen=True, slots=True)
class Published:
    discipline: str
    list_date: date
    created: bool
    rows: int
    #: Why the list could not be published (empty when it was).
    error: str = ""


@dataclass(frozen=True, slots=True)
class Due:
    """A list the calendar says is due, and what stands in its way."""

    discipline_id: int
    code: str
    name: str
    list_date: date
    #: Set when an earlier attempt failed: when the next one is allowed, and why it failed.
    retry_at: datetime | None = None
    attempts: int = 0
    error: str = ""
    #: The discipline's system id (the label of the publications metric).
    system: str = ""


@dataclass(frozen=True, slots=True)
class Upcoming:
    """A discipline's place in the calendar: its last scheduled list and the next one."""

    discipline_id: int
    code: str
    federation: str
    calendar: str
    last: date | None
    next: date | None


def _utc(moment: datetime) -> datetime:
    """A stored moment (SQLite gives it back without its zone, which is UTC) as aware UTC."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


async def due_lists(db: Database, now: datetime, *, systems: SystemRegistry) -> list[Due]:
    """Every list due by ``now`` (in each federation's time zone), oldest first per
    discipline, with its failure if an attempt failed."""
    plan: list[Due] = []
    async with db.read() as repos:
        failures = {(f.discipline_id, f.list_date): f for f in await repos.publications.failures()}
        for discipline in await repos.federations.disciplines():
            if discipline.system not in systems or discipline.disabled:
                continue
            federation = await repos.federations.get(discipline.federation_id)
            assert federation is not None
            today = now.astimezone(ZoneInfo(federation.timezone)).date()
            snapshots = await repos.lists.snapshots(discipline.id)
            scheduled = {s.list_date for s in snapshots if not s.on_demand}
            last = max(scheduled) if scheduled else None
            # A list that failed stays owed until it is published, even when the calendar
            # alone would start a never-published discipline at a later date.
            owed = {
                day
                for (did, day) in failures
                if did == discipline.id and day <= today and day not in scheduled
            }
            calendar = set(due_dates(discipline.calendar, last, today))
            if last is None:
                # A discipline's first list is the first calendar date on or after its first
                # stored result: one created today owes no list dated before anything it holds.
                first = await first_result(repos, discipline)
                calendar = {day for day in calendar if first is not None and day >= first}
            for list_date in sorted(owed | calendar):
                failed = failures.get((discipline.id, list_date))
                plan.append(
                    Due(
                        discipline.id,
                        discipline.code,
                        discipline.name,
                        list_date,
                        _utc(failed.next_attempt_at) if failed else None,
                        failed.attempts if failed else 0,
                        failed.error if failed else "",
                        discipline.system,
                    )
                )
    return plan


async def upcoming(db: Database, now: datetime, *, systems: SystemRegistry) -> list[Upcoming]:
    """Each scheduled discipline's last list and the date of its next one."""
    out: list[Upcoming] = []
    async with db.read() as repos:
        for discipline in await repos.federations.disciplines():
            if discipline.disabled or discipline.system not in systems:
                continue
            federation = await repos.federations.get(discipline.federation_id)
            assert federation is not None
            today = now.astimezone(ZoneInfo(federation.timezone)).date()
            snapshots = await repos.lists.snapshots(discipline.id)
            scheduled = [s.list_date for s in snapshots if not s.on_demand]
            out.append(
                Upcoming(
                    discipline.id,
                    discipline.code,
                    federation.code,
                    discipline.calendar,
                    max(scheduled) if scheduled else None,
                    next_due(discipline.calendar, today),
                )
            )
    return out


def _describe(exc: BaseException) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


async def _publish_one(
    db: Database, systems: SystemRegistry, due: Due, now: datetime
) -> tuple[bool, int]:
    """(created, rows) of one list, in its own transaction."""
    async with db.transaction() as repos:
        discipline = await repos.federations.discipline(due.discipline_id)
        if discipline is None:
            raise LookupError(f"discipline {due.code} no longer exists")
        snapshot, created = await publish_in(
            repos, systems, discipline, due.list_date, now=now, on_demand=False
        )
        recovered = await clear_failure(repos, discipline, due.list_date, now=now)
        if recovered is not None:
            log.warning(
                "list %s of %s published after %d failed attempt(s) (last error: %s)",
                due.code,
                due.list_date,
                recovered.attempts,
                recovered.error,
            )
        return created, await repos.lists.size(snapshot.id)


async def _failed(db: Database, due: Due, exc: Exception, now: datetime) -> str:
    """Record a failed attempt in its own transaction; log it when its state changes."""
    error = _describe(exc)
    retry_at = now + retry_delay(due.attempts + 1)
    try:
        async with db.transaction() as repos:
            discipline = await repos.federations.discipline(due.discipline_id)
            if discipline is None:
                return error
            row, changed = await record_failure(
                repos, discipline, due.list_date, error, now=now, retry_at=retry_at
            )
    except Exception:
        log.exception("list %s of %s failed, and so did recording it", due.code, due.list_date)
        return error
    if changed:
        log.error(
            "list %s of %s could not be published: %s; next attempt at %s",
            due.code,
            due.list_date,
            row.error,
            retry_at.isoformat(timespec="minutes"),
            # A rule an engine states is its own explanation; anything else is a bug to trace.
            exc_info=exc if row.attempts == 1 and not isinstance(exc, EngineError) else None,
            extra={"discipline": due.code, "system": due.system},
        )
    else:
        log.debug("list %s of %s failed again (attempt %d)", due.code, due.list_date, row.attempts)
    return error


async def publish_due(db: Database, now: datetime, *, systems: SystemRegistry) -> list[Published]:
    """Publish every list that is due by ``now`` in its federation's time zone, each in its
    own transaction; a failing one is recorded and retried later (see the module's doc)."""
    done: list[Published] = []
    held: set[int] = set()  # disciplines whose earlier list failed or waits for its retry
    for due in await due_lists(db, now, systems=systems):
        if due.discipline_id in held:
            continue
        if due.retry_at is not None and due.retry_at > now:
            held.add(due.discipline_id)
            continue
        try:
            created, rows = await _publish_one(db, systems, due, now)
        except Exception as exc:
            held.add(due.discipline_id)
            PUBLICATIONS.labels(system=due.system, result="failed").inc()
            done.append(
                Published(due.code, due.list_date, False, 0, await _failed(db, due, exc, now))
            )
            continue
        log.info(
            "list %s of %s: %s",
            due.code,
            due.list_date,
            "published" if created else "existed",
            extra={"discipline": due.code, "system": due.system},
        )
        if created:
            PUBLICATIONS.labels(system=due.system, result="published").inc()
            try:
                await announce(db, due.discipline_id, due.list_date, now)
            except Exception:  # the sweep (announce_pending) tries again at the next tick
                log.exception("list %s of %s: the announcement failed", due.code, due.list_date)
        done.append(Published(due.code, due.list_date, created, rows))
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


async def rebuild_site(db: Database, now: datetime, *, out: Path, systems: SystemRegistry) -> int:
    """Bring the website's folder (FEDRANK_SITE_DIR) up to date after a publication or a
    stored tournament: nothing is read when the database did not change since the last build,
    and only pages whose data changed are rewritten. Pages written."""
    from fedrank.handlers.context import Services
    from fedrank.web.site_build import build_site

    report = await build_site(Services(db=db, clock=lambda: now, systems=systems), out)
    if report.written or report.removed:
        log.info("site in %s: %d page(s) written, %d removed", out, report.written, report.removed)
    return report.written
