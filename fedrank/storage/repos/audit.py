"""The audit log: who did what, when, in which federation."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import select

from fedrank.storage.models import AuditLog
from fedrank.storage.repos.base import Repo


class AuditRepo(Repo):
    async def log(
        self,
        action: str,
        *,
        at: datetime,
        account_id: int | None = None,
        federation_id: int | None = None,
        subject: str = "",
        details: dict[str, Any] | None = None,
    ) -> None:
        self.session.add(
            AuditLog(
                at=at,
                account_id=account_id,
                federation_id=federation_id,
                action=action,
                subject=subject,
                details=details or {},
            )
        )
        await self.session.flush()

    async def entries(self, action: str | None = None) -> Sequence[AuditLog]:
        stmt = select(AuditLog).order_by(AuditLog.id)
        if action is not None:
            stmt = stmt.where(AuditLog.action == action)
        return (await self.session.scalars(stmt)).all()
