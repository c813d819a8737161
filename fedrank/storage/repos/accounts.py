"""Accounts (a Telegram, Discord or console user), their roles per federation, and the two ways
to link one to a player: a request a director approves, or a one-time code a director issues."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import ColumnElement, and_, bindparam, select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from fedrank.storage.models import Account, AccountRole, LinkCode, LinkRequest, Player
from fedrank.storage.repos.base import Repo, insert_for
from fedrank.storage.repos.roles import PLAYER


def hash_code(code: str) -> str:
    """One-time link codes are stored hashed: a leaked database does not leak codes."""
    return hashlib.sha256(code.strip().upper().encode()).hexdigest()


def account_is() -> ColumnElement[bool]:
    """The account of the bound ``platform`` and ``user`` (its platform user id): the one
    definition of "this user's account" (the dispatcher's language, /rating's linked player)."""
    return and_(
        Account.platform == bindparam("platform"), Account.platform_user_id == bindparam("user")
    )


# The hot path's small statements, built once (building costs about as much as running them).
_ACCOUNT_BY_PLATFORM = select(Account).where(account_is())
_ACCOUNT_LANGUAGE = select(Account.language).where(account_is())
_LINKED_PLAYER = select(Player).join(Account, Account.player_id == Player.id).where(account_is())


async def account_language(
    conn: AsyncConnection | AsyncSession, platform: str, platform_user_id: str
) -> str | None:
    """The language the user chose with /lang (None: not chosen, or no account yet), as a
    plain column: the dispatcher reads it on a bare connection (``Database.connection``)
    before every request whose user it has not seen lately."""
    return await conn.scalar(_ACCOUNT_LANGUAGE, {"platform": platform, "user": platform_user_id})


class AccountRepo(Repo):
    async def get_or_create(
        self,
        platform: str,
        platform_user_id: str,
        *,
        display_name: str,
        language: str | None,
        now: datetime,
    ) -> Account:
        account = await self.by_platform(platform, platform_user_id)
        if account is None:
            # Two first messages of a new user may arrive at once (several processes): insert
            # if absent, then read whichever row won.
            await self.session.execute(
                insert_for(self.session)(Account)
                .values(
                    platform=platform,
                    platform_user_id=platform_user_id,
                    display_name=display_name,
                    language=language,
                    created_at=now,
                )
                .on_conflict_do_nothing(index_elements=["platform", "platform_user_id"])
            )
            account = await self.by_platform(platform, platform_user_id)
            assert account is not None
        elif display_name and account.display_name != display_name:
            account.display_name = display_name
        return account

    async def by_platform(self, platform: str, platform_user_id: str) -> Account | None:
        return await self.session.scalar(
            _ACCOUNT_BY_PLATFORM, {"platform": platform, "user": platform_user_id}
        )

    async def get(self, account_id: int) -> Account | None:
        return await self.session.get(Account, account_id)

    async def linked_player(self, platform: str, platform_user_id: str) -> Player | None:
        """The player the user's account is linked to (None when unknown or unlinked), in one
        query instead of ``by_platform`` and then ``PlayerRepo.get``."""
        return await self.session.scalar(
            _LINKED_PLAYER, {"platform": platform, "user": platform_user_id}
        )

    async def language(self, platform: str, platform_user_id: str) -> str | None:
        """:func:`account_language` in this unit of work."""
        return await account_language(self.session, platform, platform_user_id)

    async def for_player(self, player_id: int) -> Sequence[Account]:
        return (
            await self.session.scalars(select(Account).where(Account.player_id == player_id))
        ).all()

    async def linked(self, platform: str, federation_id: int) -> list[tuple[str, int]]:
        """(platform user id, player id) of every account of ``platform`` linked to a player
        of the federation."""
        rows = await self.session.execute(
            select(Account.platform_user_id, Account.player_id)
            .join(Player, Player.id == Account.player_id)
            .where(Account.platform == platform, Player.federation_id == federation_id)
            .order_by(Account.id)
        )
        return [(user_id, player_id) for user_id, player_id in rows if player_id is not None]

    async def role(self, account_id: int, federation_id: int) -> str:
        """The account's role in the federation; everyone is a player unless granted more."""
        role = await self.session.scalar(
            select(AccountRole.role).where(
                AccountRole.account_id == account_id, AccountRole.federation_id == federation_id
            )
        )
        return role or PLAYER

    async def roles(self, account_id: int) -> dict[int, str]:
        """The roles granted to the account, by federation id (a player has none)."""
        rows = await self.session.execute(
            select(AccountRole.federation_id, AccountRole.role).where(
                AccountRole.account_id == account_id
            )
        )
        return {fid: role for fid, role in rows}

    async def set_role(self, account_id: int, federation_id: int, role: str) -> None:
        existing = await self.session.scalar(
            select(AccountRole).where(
                AccountRole.account_id == account_id, AccountRole.federation_id == federation_id
            )
        )
        if existing is None:
            self.session.add(
                AccountRole(account_id=account_id, federation_id=federation_id, role=role)
            )
        else:
            existing.role = role
        await self.session.flush()

    async def link(self, account: Account, player_id: int) -> None:
        account.player_id = player_id
        await self.session.flush()

    async def add_link_request(self, account_id: int, player_id: int, now: datetime) -> LinkRequest:
        request = LinkRequest(account_id=account_id, player_id=player_id, created_at=now)
        self.session.add(request)
        await self.session.flush()
        return request

    async def pending_link_request(self, account_id: int, player_id: int) -> LinkRequest | None:
        return await self.session.scalar(
            select(LinkRequest).where(
                LinkRequest.account_id == account_id,
                LinkRequest.player_id == player_id,
                LinkRequest.state == "pending",
            )
        )

    async def link_request(self, request_id: int) -> LinkRequest | None:
        return await self.session.get(LinkRequest, request_id)

    async def pending_link_requests(self, federation_id: int) -> Sequence[LinkRequest]:
        return (
            await self.session.scalars(
                select(LinkRequest)
                .join(Player, Player.id == LinkRequest.player_id)
                .where(LinkRequest.state == "pending", Player.federation_id == federation_id)
                .order_by(LinkRequest.id)
            )
        ).all()

    async def add_link_code(
        self, player_id: int, code: str, issued_by: int, expires_at: datetime
    ) -> LinkCode:
        link_code = LinkCode(
            player_id=player_id,
            code_hash=hash_code(code),
            issued_by=issued_by,
            expires_at=expires_at,
        )
        self.session.add(link_code)
        await self.session.flush()
        return link_code

    async def link_code(self, code: str) -> LinkCode | None:
        return await self.session.scalar(
            select(LinkCode).where(LinkCode.code_hash == hash_code(code))
        )
