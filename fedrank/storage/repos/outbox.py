"""The outbox: messages to deliver, as rows (nothing is lost, nothing is sent twice)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timedelta

from sqlalchemy import case, func, or_, select, update

from fedrank.storage.models import Account, DiscordDmChannel, Outbox
from fedrank.storage.records import NewMessage
from fedrank.storage.repos.base import Repo, dialect, insert_for, like_pattern


class OutboxRepo(Repo):
    """Deliveries as rows: enqueued once (by ``dedup_key``), claimed, then sent or given up."""

    async def enqueue(self, messages: Sequence[NewMessage], now: datetime) -> int:
        """Insert the rows whose ``dedup_key`` is new (INSERT … ON CONFLICT DO NOTHING on both
        backends, so concurrent enqueuers never fail or duplicate); the number inserted."""
        if not messages:
            return 0
        insert = insert_for(self.session)
        inserted = 0
        for start in range(0, len(messages), 500):
            chunk = messages[start : start + 500]
            stmt = (
                insert(Outbox)
                .values(
                    [
                        {
                            "dedup_key": m.dedup_key,
                            "platform": m.platform,
                            "chat_id": m.chat_id,
                            "payload": m.payload,
                            "state": "pending",
                            "attempts": 0,
                            "parts_done": m.parts_done,
                            "due_at": m.due_at or now,
                            "created_at": now,
                        }
                        for m in chunk
                    ]
                )
                .on_conflict_do_nothing(index_elements=["dedup_key"])
            )
            result = await self.session.execute(stmt)
            inserted += max(int(getattr(result, "rowcount", 0) or 0), 0)
        return inserted

    async def recover(self, now: datetime, *, expired_only: bool = True) -> int:
        """Rows claimed by a worker that is gone are due again now: those whose lease ran out
        (a row's ``due_at`` is its lease's end while it is ``sending``), or with
        ``expired_only=False`` every ``sending`` row (SQLite, where one process serves)."""
        query = update(Outbox).where(Outbox.state == "sending")
        if expired_only:
            query = query.where(Outbox.due_at <= now)
        result = await self.session.execute(query.values(state="pending", due_at=now))
        return int(getattr(result, "rowcount", 0) or 0)

    async def release(self, row_ids: Sequence[int], now: datetime) -> None:
        """Rows claimed but not sent by a worker that must stop: pending again, due now, the
        claim's attempt not counted."""
        if row_ids:
            await self.session.execute(
                update(Outbox)
                .where(Outbox.id.in_(row_ids), Outbox.state == "sending")
                .values(state="pending", due_at=now, attempts=Outbox.attempts - 1)
                .execution_options(synchronize_session=False)
            )

    async def progress(self, row_id: int, parts_done: int) -> None:
        """``parts_done`` of the row's parts were delivered (a retry resumes after them)."""
        await self.session.execute(
            update(Outbox)
            .where(Outbox.id == row_id)
            .values(parts_done=parts_done)
            .execution_options(synchronize_session=False)
        )

    async def claim(
        self, platform: str, now: datetime, *, limit: int, lease: timedelta
    ) -> Sequence[Outbox]:
        """Take up to ``limit`` due rows of ``platform``: they become ``sending`` until
        ``now + lease`` (after which another worker may take them again)."""
        stmt = (
            select(Outbox.id)
            .where(
                Outbox.platform == platform,
                Outbox.due_at <= now,
                or_(Outbox.state == "pending", Outbox.state == "sending"),
            )
            .order_by(Outbox.due_at, Outbox.id)
            .limit(limit)
        )
        if dialect(self.session) == "postgresql":
            stmt = stmt.with_for_update(skip_locked=True)
        ids = list((await self.session.scalars(stmt)).all())
        if not ids:
            return []
        # The state is checked again as it is changed: a second worker (SQLite has no SKIP
        # LOCKED) whose snapshot is older takes nothing rather than the same rows.
        await self.session.execute(
            update(Outbox)
            .where(
                Outbox.id.in_(ids),
                Outbox.due_at <= now,
                or_(Outbox.state == "pending", Outbox.state == "sending"),
            )
            .values(state="sending", attempts=Outbox.attempts + 1, due_at=now + lease)
            .execution_options(synchronize_session=False)
        )
        rows = (
            await self.session.scalars(
                select(Outbox)
                .where(Outbox.id.in_(ids))
                .order_by(Outbox.id)
                .execution_options(populate_existing=True)
            )
        ).all()
        return rows

    async def finish(
        self, row_id: int, state: str, now: datetime, error: str | None = None
    ) -> None:
        """``sent``, ``blocked`` (the user blocked the bot) or ``failed`` (refused for good)."""
        await self.session.execute(
            update(Outbox)
            .where(Outbox.id == row_id)
            .values(
                state=state,
                sent_at=now if state == "sent" else None,
                error=(error or None) and error[:500],
            )
            .execution_options(synchronize_session=False)
        )

    async def retry(self, row_id: int, due_at: datetime, error: str) -> None:
        await self.session.execute(
            update(Outbox)
            .where(Outbox.id == row_id)
            .values(state="pending", due_at=due_at, error=error[:500])
            .execution_options(synchronize_session=False)
        )

    async def counts(self) -> dict[str, int]:
        rows = await self.session.execute(
            select(Outbox.state, func.count(Outbox.id)).group_by(Outbox.state)
        )
        return {state: int(n) for state, n in rows}

    async def backlog(self) -> dict[str, int]:
        """Rows still to deliver (pending or being sent), by platform."""
        rows = await self.session.execute(
            select(Outbox.platform, func.count(Outbox.id))
            .where(Outbox.state.in_(("pending", "sending")))
            .group_by(Outbox.platform)
        )
        return {platform: int(n) for platform, n in rows}

    async def oldest_due(self) -> datetime | None:
        """When the longest-waiting row still to deliver was due (None: nothing waits)."""
        return await self.session.scalar(
            select(func.min(Outbox.due_at)).where(Outbox.state.in_(("pending", "sending")))
        )

    async def first_due_by_platform(self) -> dict[str, datetime]:
        """By platform, when the longest-waiting row still to deliver was first due: its due
        time if never tried (a message made for later waits from then), else its creation
        (a retry's later due time must not hide how long it has waited)."""
        first_due = case((Outbox.attempts == 0, Outbox.due_at), else_=Outbox.created_at)
        rows = await self.session.execute(
            select(Outbox.platform, func.min(first_due))
            .where(Outbox.state.in_(("pending", "sending")))
            .group_by(Outbox.platform)
        )
        return {platform: moment for platform, moment in rows if moment is not None}

    async def by_prefix(self, prefix: str) -> Sequence[Outbox]:
        escaped = like_pattern(prefix)
        return (
            await self.session.scalars(
                select(Outbox)
                .where(Outbox.dedup_key.like(f"{escaped}%", escape="\\"))
                .order_by(Outbox.id)
            )
        ).all()

    async def unreachable(self, platform: str, chat_ids: Iterable[str]) -> set[str]:
        """Chats (private ones: user ids) whose account is marked unreachable."""
        wanted = set(chat_ids)
        if not wanted:
            return set()
        found = await self.session.scalars(
            select(Account.platform_user_id).where(
                Account.platform == platform,
                Account.platform_user_id.in_(wanted),
                Account.unreachable_since.is_not(None),
            )
        )
        return set(found)

    async def mark_unreachable(self, platform: str, chat_id: str, now: datetime) -> None:
        await self.session.execute(
            update(Account)
            .where(
                Account.platform == platform,
                Account.platform_user_id == chat_id,
                Account.unreachable_since.is_(None),
            )
            .values(unreachable_since=now)
        )

    async def dm_channels(self, user_ids: Iterable[str]) -> dict[str, str]:
        """The stored Discord DM channels of these users (user id -> channel id), in one query."""
        wanted = set(user_ids)
        if not wanted:
            return {}
        rows = await self.session.execute(
            select(DiscordDmChannel.user_id, DiscordDmChannel.channel_id).where(
                DiscordDmChannel.user_id.in_(wanted)
            )
        )
        return {str(user_id): str(channel_id) for user_id, channel_id in rows}

    async def store_dm_channels(self, channels: Mapping[str, str], now: datetime) -> None:
        """Keep the DM channels opened for users (user id -> channel id); a channel stored by
        another process meanwhile is replaced by the same answer from Discord."""
        if not channels:
            return
        insert = insert_for(self.session)
        stmt = insert(DiscordDmChannel).values(
            [{"user_id": u, "channel_id": c, "opened_at": now} for u, c in channels.items()]
        )
        await self.session.execute(
            stmt.on_conflict_do_update(
                index_elements=["user_id"],
                set_={"channel_id": stmt.excluded.channel_id, "opened_at": now},
            )
        )
