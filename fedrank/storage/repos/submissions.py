"""Submissions waiting for the director's confirmation (the preview's button)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select, update

from fedrank.storage.models import PendingSubmission
from fedrank.storage.repos.base import Repo


class SubmissionRepo(Repo):
    async def add(
        self,
        token: str,
        account_id: int,
        discipline_id: int,
        payload: dict[str, Any],
        now: datetime,
    ) -> PendingSubmission:
        row = PendingSubmission(
            token=token,
            account_id=account_id,
            discipline_id=discipline_id,
            payload=payload,
            created_at=now,
        )
        self.session.add(row)
        await self.session.flush()
        return row

    async def claim(self, token: str, account_id: int, now: datetime) -> bool:
        """Mark the author's pending submission done; False if it is not (or no longer) open.

        One conditional UPDATE, so of two presses of the same button only one claims it: the
        second waits for the first's write lock and then finds it done.
        """
        result = await self.session.execute(
            update(PendingSubmission)
            .where(
                PendingSubmission.token == token,
                PendingSubmission.account_id == account_id,
                PendingSubmission.done_at.is_(None),
            )
            .values(done_at=now)
            .execution_options(synchronize_session=False)
        )
        return bool(getattr(result, "rowcount", 0) == 1)

    async def by_token(self, token: str) -> PendingSubmission | None:
        return await self.session.scalar(
            select(PendingSubmission).where(PendingSubmission.token == token)
        )
