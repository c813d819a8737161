"""Who holds which role in a federation: the one definition of a director.

Roles are ranked (``models.ROLES``, lowest first): a role grants everything of the roles below
it, so an admin counts as a director. Every question "who directs this federation" (the
directors told of a qualification or a disputed report, the /roles listing) is answered by the
one query here, ``_granted``, with :func:`at_least`.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Select, select

from fedrank.storage.models import ROLES, Account, AccountRole
from fedrank.storage.repos.base import Repo

PLAYER, DIRECTOR, ADMIN = ROLES

#: Each role's rank: a higher rank can do all a lower one can.
ROLE_RANK: dict[str, int] = {role: rank for rank, role in enumerate(ROLES)}


def at_least(role: str) -> tuple[str, ...]:
    """The roles that rank as ``role`` or higher (``at_least(DIRECTOR)``: director, admin)."""
    return tuple(r for r in ROLES if ROLE_RANK[r] >= ROLE_RANK[role])


def _granted(federation_id: int, roles: Sequence[str] | None = None) -> Select[Account, str]:
    """(account, role) of the accounts granted a role in the federation (a player by default
    has no row), limited to ``roles`` when given."""
    stmt = (
        select(Account, AccountRole.role)
        .join(AccountRole, AccountRole.account_id == Account.id)
        .where(AccountRole.federation_id == federation_id)
    )
    if roles is not None:
        stmt = stmt.where(AccountRole.role.in_(roles))
    return stmt


class RoleRepo(Repo):
    async def holders(self, federation_id: int) -> Sequence[tuple[Account, str]]:
        """Accounts with a role granted in the federation, highest role first, then by
        platform and user."""
        rows = await self.session.execute(
            _granted(federation_id).order_by(Account.platform, Account.platform_user_id)
        )
        return sorted(((a, r) for a, r in rows), key=lambda ar: -ROLE_RANK.get(ar[1], -1))

    async def directors(self, federation_id: int) -> Sequence[Account]:
        """Accounts that direct the federation (directors and admins), by id."""
        rows = await self.session.execute(
            _granted(federation_id, at_least(DIRECTOR)).order_by(Account.id)
        )
        return [account for account, _ in rows]

    async def admins_locked(self, federation_id: int) -> list[int]:
        """Ids of the accounts that administer the federation, their rows locked until the
        transaction ends (PostgreSQL: ``FOR UPDATE``; SQLite has one writer at a time), so two
        admins lowering each other at once cannot both see the other one still there."""
        rows = await self.session.scalars(
            select(AccountRole.account_id)
            .where(AccountRole.federation_id == federation_id, AccountRole.role == ADMIN)
            .order_by(AccountRole.account_id)
            .with_for_update()
        )
        return list(rows)
