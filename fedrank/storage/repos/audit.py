"""The audit log: who did what, when, in which federation."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any, Final

from sqlalchemy import select

from fedrank.storage.models import AuditLog
from fedrank.storage.repos.base import Repo

ACCESS_DENIED: Final = "access.denied"
#: Distinct (federation, command) pairs one coalesced row counts by name; more are only counted.
DENIED_KEYS: Final = 50


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

    async def access_denied(
        self, *, at: datetime, account_id: int, federation_id: int | None, key: str
    ) -> None:
        """Count one refusal of the account (``key``: what was refused, e.g. ``RMF /grant``).

        Refusals are coalesced per account and minute: the first of a minute is a new
        ``access.denied`` row (its federation and ``key`` as subject), the next ones of that
        minute add to its ``details`` (``count``, ``refused`` by key, ``last_at``), so a flood
        of refused commands grows the log by at most one row per account and minute.
        """
        minute = at.replace(second=0, microsecond=0)
        row = await self.session.scalar(
            select(AuditLog)
            .where(
                AuditLog.action == ACCESS_DENIED,
                AuditLog.account_id == account_id,
                AuditLog.at >= minute,
                AuditLog.at < minute + timedelta(minutes=1),
            )
            .order_by(AuditLog.id)
            .limit(1)
            .with_for_update()
        )
        if row is None:
            details: dict[str, Any] = {"count": 1, "refused": {key: 1}}
            await self.log(
                ACCESS_DENIED,
                at=at,
                account_id=account_id,
                federation_id=federation_id,
                subject=key[:200],
                details=details,
            )
            return
        details = dict(row.details)
        refused = dict(details.get("refused") or {})
        if key in refused or len(refused) < DENIED_KEYS:
            refused[key] = int(refused.get(key, 0)) + 1
        details.update(
            count=int(details.get("count", 0)) + 1, refused=refused, last_at=at.isoformat()
        )
        row.details = details  # a new dict: the JSON column sees the change
        await self.session.flush()

    async def entries(self, action: str | None = None) -> Sequence[AuditLog]:
        stmt = select(AuditLog).order_by(AuditLog.id)
        if action is not None:
            stmt = stmt.where(AuditLog.action == action)
        return (await self.session.scalars(stmt)).all()
