"""Where each player wants his personal notices (``/notify``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select

from fedrank.storage.models import NoticeChoice
from fedrank.storage.repos.base import Repo


class NoticeRepo(Repo):
    async def channel(self, player_id: int) -> str | None:
        """The player's choice (``telegram``, ``discord``, ``both``), None when he made none."""
        return await self.session.scalar(
            select(NoticeChoice.channel).where(NoticeChoice.player_id == player_id)
        )

    async def choose(self, player_id: int, channel: str, now: datetime) -> None:
        row = await self.session.get(NoticeChoice, player_id)
        if row is None:
            self.session.add(NoticeChoice(player_id=player_id, channel=channel, updated_at=now))
        else:
            row.channel = channel
            row.updated_at = now
        await self.session.flush()
