"""The scheduler's bookkeeping of publications: failures being retried, and lists withdrawn."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime

from sqlalchemy import delete, func, literal, select, update

from fedrank.storage.models import ListRow, ListSnapshot, Outbox, PublicationFailure, Title
from fedrank.storage.repos.base import Repo, like_pattern


class PublicationRepo(Repo):
    async def failures(self) -> Sequence[PublicationFailure]:
        """Every list that failed and was not published since, oldest first."""
        return (
            await self.session.scalars(
                select(PublicationFailure).order_by(
                    PublicationFailure.list_date, PublicationFailure.discipline_id
                )
            )
        ).all()

    async def failure(self, discipline_id: int, list_date: date) -> PublicationFailure | None:
        return await self.session.scalar(
            select(PublicationFailure).where(
                PublicationFailure.discipline_id == discipline_id,
                PublicationFailure.list_date == list_date,
            )
        )

    async def record_failure(
        self, discipline_id: int, list_date: date, error: str, now: datetime, retry_at: datetime
    ) -> PublicationFailure:
        """Count one more failed attempt (the first makes the row)."""
        row = await self.failure(discipline_id, list_date)
        if row is None:
            row = PublicationFailure(
                discipline_id=discipline_id,
                list_date=list_date,
                attempts=1,
                error=error[:500],
                first_failed_at=now,
                last_failed_at=now,
                next_attempt_at=retry_at,
            )
            self.session.add(row)
        else:
            row.attempts += 1
            row.error = error[:500]
            row.last_failed_at = now
            row.next_attempt_at = retry_at
        await self.session.flush()
        return row

    async def clear_failure(self, discipline_id: int, list_date: date) -> bool:
        """The list was published: forget its failure; True if there was one."""
        result = await self.session.execute(
            delete(PublicationFailure).where(
                PublicationFailure.discipline_id == discipline_id,
                PublicationFailure.list_date == list_date,
            )
        )
        return bool(getattr(result, "rowcount", 0))

    async def announced_to(self, snapshot_id: int) -> Sequence[Outbox]:
        """The chats a list's announcement reached (rows ``sent``, group and personal)."""
        found: list[Outbox] = []
        for kind in ("announce", "personal"):
            prefix = like_pattern(f"{kind}:{snapshot_id}:")
            found += (
                await self.session.scalars(
                    select(Outbox)
                    .where(
                        Outbox.dedup_key.like(f"{prefix}%", escape="\\"),
                        Outbox.state.in_(("sent", "sending")),
                    )
                    .order_by(Outbox.id)
                )
            ).all()
        return found

    async def withdraw(self, snapshot: ListSnapshot, now: datetime) -> int:
        """Remove a published list: its rows, the titles its publication wrote, and its
        announcements not yet sent; the number of rows it had.

        The announcements that went out stay as history under a key of their own: a list
        published again (SQLite may give its snapshot the same id) is announced afresh."""
        rows = await self.session.execute(delete(ListRow).where(ListRow.snapshot_id == snapshot.id))
        await self.session.execute(
            delete(Title).where(
                Title.discipline_id == snapshot.discipline_id,
                Title.version_id.is_(None),
                Title.since == snapshot.list_date,
            )
        )
        for kind in ("announce", "personal"):
            prefix = like_pattern(f"{kind}:{snapshot.id}:")
            await self.session.execute(
                delete(Outbox).where(
                    Outbox.dedup_key.like(f"{prefix}%", escape="\\"),
                    Outbox.state.in_(("pending", "failed", "blocked")),
                )
            )
            await self.session.execute(
                update(Outbox)
                .where(Outbox.dedup_key.like(f"{prefix}%", escape="\\"))
                .values(
                    dedup_key=func.substr(
                        literal(f"withdrawn@{now.timestamp():.0f}:") + Outbox.dedup_key, 1, 200
                    )
                )
                .execution_options(synchronize_session=False)
            )
        await self.session.execute(delete(ListSnapshot).where(ListSnapshot.id == snapshot.id))
        await self.session.flush()
        return int(getattr(rows, "rowcount", 0) or 0)
