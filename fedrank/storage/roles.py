"""Queries of the directors' management commands (``/roles``), apart from the shared repositories.

Used inside a handler's transaction as ``RoleRepo(repos.session)``.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from fedrank.storage.models import Account, AccountRole


class RoleRepo:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def holders(self, federation_id: int) -> Sequence[tuple[Account, str]]:
        """Accounts with a role granted in the federation (players by default are not rows),
        highest role first, then by platform and user."""
        rows = await self.session.execute(
            select(Account, AccountRole.role)
            .join(AccountRole, AccountRole.account_id == Account.id)
            .where(AccountRole.federation_id == federation_id)
            .order_by(Account.platform, Account.platform_user_id)
        )
        order = {"admin": 0, "director": 1, "player": 2}
        return sorted(((a, r) for a, r in rows), key=lambda ar: order.get(ar[1], 3))
