"""Chats that receive a discipline's announcements (new lists, results)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import select

from fedrank.storage.models import Subscription
from fedrank.storage.repos.base import Repo


class SubscriptionRepo(Repo):
    async def add(
        self, platform: str, chat_id: str, discipline_id: int, kind: str, now: datetime
    ) -> bool:
        """Subscribe; False if the chat already was."""
        exists = await self.session.scalar(
            select(Subscription.id).where(
                Subscription.platform == platform,
                Subscription.chat_id == chat_id,
                Subscription.discipline_id == discipline_id,
                Subscription.kind == kind,
            )
        )
        if exists is not None:
            return False
        self.session.add(
            Subscription(
                platform=platform,
                chat_id=chat_id,
                discipline_id=discipline_id,
                kind=kind,
                created_at=now,
            )
        )
        await self.session.flush()
        return True

    async def remove(self, platform: str, chat_id: str, discipline_id: int, kind: str) -> bool:
        row = await self.session.scalar(
            select(Subscription).where(
                Subscription.platform == platform,
                Subscription.chat_id == chat_id,
                Subscription.discipline_id == discipline_id,
                Subscription.kind == kind,
            )
        )
        if row is None:
            return False
        await self.session.delete(row)
        await self.session.flush()
        return True

    async def for_discipline(
        self, discipline_id: int, kind: str = "lists"
    ) -> Sequence[Subscription]:
        return (
            await self.session.scalars(
                select(Subscription)
                .where(Subscription.discipline_id == discipline_id, Subscription.kind == kind)
                .order_by(Subscription.id)
            )
        ).all()
