"""What the scheduler has due and what one tick of it did, as the operator reads them:
``fedrank schedule`` (:func:`schedule_text`) and ``fedrank publish --due``
(:func:`publish_due_text`).

Here rather than in the CLI because both read the scheduler's jobs and the database together,
which the CLI reaches only through use cases; the CLI gives the clock (``--today``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, date, datetime, timedelta

from fedrank.handlers.qualification.run import REMIND_DAYS
from fedrank.handlers.systems import SystemRegistry
from fedrank.scheduler.jobs import (
    advance_qualifications,
    announce_pending,
    due_lists,
    publish_due,
    upcoming,
)
from fedrank.storage.database import Database
from fedrank.storage.repos import Repos


def _day(value: datetime | date | None) -> str:
    if value is None:
        return "—"
    if isinstance(value, datetime):
        aware = value if value.tzinfo is not None else value.replace(tzinfo=UTC)
        return aware.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return value.isoformat()


async def _qualification_steps(repos: Repos, today: date) -> list[str]:
    """Each open qualification window's next step (see handlers/qualification/run.py)."""
    lines = []
    for row in await repos.qualifications.open_ones(today - timedelta(days=1)):
        discipline = await repos.federations.discipline(row.discipline_id)
        code = discipline.code if discipline is not None else "?"
        head = f"  #{row.id} {code} {row.name!r} (event {row.event_date.isoformat()}): "
        if row.frozen_at is None:
            when = row.qualification_date
            due = " (due now)" if when <= today else ""
            lines.append(f"{head}freeze the list and invite on {when.isoformat()}{due}")
            continue
        waiting = [
            s.deadline
            for s in await repos.qualifications.slots(row.id)
            if s.state == "invited" and s.deadline
        ]
        if not waiting:
            lines.append(f"{head}no answer awaited")
            continue
        deadline = min(waiting)
        remind = deadline - timedelta(days=REMIND_DAYS)
        step = f"reminder on {remind.isoformat()}, " if remind >= today else ""
        lines.append(
            f"{head}{len(waiting)} invitation(s) awaiting an answer; {step}"
            f"first deadline {deadline.isoformat()} (expiry on "
            f"{(deadline + timedelta(days=1)).isoformat()})"
        )
    return lines


async def schedule_text(db: Database, systems: SystemRegistry, now: datetime) -> str:
    """What is due at ``now`` and when the next things happen."""
    due = await due_lists(db, now, systems=systems)
    out = [f"schedule at {_day(now)}", "", "publications:"]
    rows = [("discipline", "federation", "calendar", "last list", "due now", "next list")]
    for item in await upcoming(db, now, systems=systems):
        owed = [d for d in due if d.discipline_id == item.discipline_id]
        waiting = [
            f"{d.list_date.isoformat()} (retry {_day(d.retry_at)})"
            if d.retry_at is not None and d.retry_at > now
            else d.list_date.isoformat()
            for d in owed
        ]
        rows.append(
            (
                item.code,
                item.federation,
                item.calendar,
                _day(item.last),
                ", ".join(waiting) or "—",
                _day(item.next) if item.next else "on demand",
            )
        )
    out += _table(rows)
    async with db.read() as repos:
        today = now.date()
        steps = await _qualification_steps(repos, today)
        out += ["", "qualification steps:", *(steps or ["  none"])]
        counts = await repos.outbox.counts()
        oldest = await repos.outbox.oldest_due()
        backlog = counts.get("pending", 0) + counts.get("sending", 0)
        states = ", ".join(f"{n} {state}" for state, n in sorted(counts.items())) or "empty"
        out += ["", f"outbox: {backlog} to deliver ({states})"]
        if oldest is not None:
            out.append(f"  oldest due {_day(oldest)}")
        failures = await repos.publications.failures()
        out += ["", "failures:"]
        if not failures:
            out.append("  none")
        for failure in failures:
            discipline = await repos.federations.discipline(failure.discipline_id)
            code = discipline.code if discipline is not None else "?"
            out.append(
                f"  {code} {failure.list_date.isoformat()}: {failure.attempts} attempt(s) "
                f"since {_day(failure.first_failed_at)}, next {_day(failure.next_attempt_at)}"
                f": {failure.error}"
            )
    return "\n".join(out)


def _table(rows: Sequence[tuple[str, ...]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [
        "  " + "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows
    ]


async def publish_due_text(
    db: Database,
    systems: SystemRegistry,
    now: datetime,
    progress: Callable[[int, int | None], None] | None = None,
) -> str:
    """One tick of the scheduler at ``now`` (publications, announcements, qualification
    windows), as its report; the outbox is left to the running process to deliver.
    ``progress(done, 3)`` is called after each of the three stages."""
    step = progress or (lambda _done, _total: None)
    waiting = [
        d for d in await due_lists(db, now, systems=systems) if d.retry_at and d.retry_at > now
    ]
    async with db.read() as repos:
        before = sum((await repos.outbox.counts()).values())
    done = await publish_due(db, now, systems=systems)
    step(1, 3)
    await announce_pending(db, now)
    step(2, 3)
    await advance_qualifications(db, now, systems=systems)
    step(3, 3)
    async with db.read() as repos:
        enqueued = sum((await repos.outbox.counts()).values()) - before
    lines = [f"tick at {_day(now)}"]
    for item in done:
        if item.error:
            lines.append(f"  {item.discipline} {item.list_date}: FAILED ({item.error})")
        else:
            state = "published" if item.created else "already published"
            lines.append(f"  {item.discipline} {item.list_date}: {state}, {item.rows} players")
    for held in waiting:
        lines.append(
            f"  {held.code} {held.list_date}: failed {held.attempts} time(s),"
            f" next attempt {_day(held.retry_at)}"
        )
    if not done and not waiting:
        lines.append("  nothing due")
    lines.append(f"messages enqueued: {enqueued} (delivered by the running fedrank)")
    return "\n".join(lines)
