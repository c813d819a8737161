"""Accounts (a Telegram, Discord or console user), their roles per federation, and the two ways
to link one to a player: a request a director approves, or a one-time code a director issues."""

from __future__ import annotations

import functools
import hashlib
import hmac
import secrets
from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from sqlalchemy import ColumnElement, Table, and_, bindparam, delete, func, or_, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from fedrank.storage.models import (
    Account,
    AccountLink,
    AccountRole,
    LinkAttempts,
    LinkCode,
    LinkRequest,
    Player,
    ServerSecret,
)
from fedrank.storage.repos.base import Repo, insert_for
from fedrank.storage.repos.roles import PLAYER


def normal_code(code: str) -> str:
    """A code as typed (any case, with the dashes and spaces it is shown with) in one spelling."""
    return "".join(code.split()).replace("-", "").upper()


def hash_code(code: str, key: bytes) -> str:
    """One-time link codes are stored as an HMAC-SHA256 under a server secret: a leaked
    database alone gives no table to look codes up in, and each guess costs the secret."""
    return hmac.new(key, normal_code(code).encode(), hashlib.sha256).hexdigest()


def account_is() -> ColumnElement[bool]:
    """The account of the bound ``platform`` and ``user`` (its platform user id): the one
    definition of "this user's account" (the dispatcher's language, /rating's linked player)."""
    return and_(
        Account.platform == bindparam("platform"), Account.platform_user_id == bindparam("user")
    )


# The hot path's small statements, built once (building costs about as much as running them).
_ACCOUNT_BY_PLATFORM = select(Account).where(account_is())
_ACCOUNT_LANGUAGE = select(Account.language).where(account_is())
#: (language, unreachable_since) of the account of ``platform`` and ``user``: the read before
#: each update (``Database.plain_rows`` or :func:`account_presence`).
ACCOUNT_PRESENCE = _ACCOUNT_PRESENCE = select(Account.language, Account.unreachable_since).where(
    account_is()
)
#: (platform user id, language, unreachable_since) of every account of ``platform`` whose state
#: is not the default (a language chosen with /lang, an unreachable mark), at most ``limit``:
#: whom it does not name has no such state (``fedrank.handlers.accounts.presence``).
MARKED_ACCOUNTS = (
    select(Account.platform_user_id, Account.language, Account.unreachable_since)
    .where(
        Account.platform == bindparam("platform"),
        or_(Account.language.is_not(None), Account.unreachable_since.is_not(None)),
    )
    .limit(bindparam("limit"))
)
_LINKED_PLAYERS = (
    select(Player)
    .join(AccountLink, AccountLink.player_id == Player.id)
    .join(Account, Account.id == AccountLink.account_id)
    .where(account_is())
    .order_by(AccountLink.federation_id)
)
#: /start's read (``Database.plain_rows``): (display name, player's name, his federation ID) of
#: the account of ``platform`` and ``user`` and each player linked to it, in federation order;
#: one row with no player when it has none, no rows when there is no such account.
ACCOUNT_START = (
    select(Account.display_name, Player.name, Player.federation_player_id)
    .select_from(Account)
    .outerjoin(AccountLink, AccountLink.account_id == Account.id)
    .outerjoin(Player, Player.id == AccountLink.player_id)
    .where(account_is())
    .order_by(AccountLink.federation_id)
)
#: The table itself: /start's statements skip the ORM's bulk paths (no objects to track).
_ACCOUNT_TABLE = cast(Table, Account.__table__)
#: A user's display name brought up to date (an UPDATE cannot bind the names of its columns,
#: hence not :func:`account_is`'s ``platform``): binds ``of_platform``, ``of_user``, ``new_name``.
RENAME_ACCOUNT = (
    update(_ACCOUNT_TABLE)
    .where(
        Account.platform == bindparam("of_platform"),
        Account.platform_user_id == bindparam("of_user"),
        Account.display_name != bindparam("new_name"),
    )
    .values(display_name=bindparam("new_name"))
)


@functools.cache
def add_account(dialect: str) -> Any:
    """/start's INSERT of a new account on the backend ``dialect`` ("sqlite" or "postgresql"),
    built once: binds ``new_platform``, ``new_user``, ``new_name`` and ``new_now``, returns the
    new id, nothing when the account was there (``Database.plain_write``)."""
    insert = pg_insert if dialect == "postgresql" else sqlite_insert
    return (
        insert(_ACCOUNT_TABLE)
        .values(
            platform=bindparam("new_platform"),
            platform_user_id=bindparam("new_user"),
            display_name=bindparam("new_name"),
            language=None,
            created_at=bindparam("new_now"),
        )
        .on_conflict_do_nothing(index_elements=["platform", "platform_user_id"])
        .returning(Account.id)
    )


async def account_language(
    conn: AsyncConnection | AsyncSession, platform: str, platform_user_id: str
) -> str | None:
    """The language the user chose with /lang (None: not chosen, or no account yet), as a
    plain column: the dispatcher reads it on a bare connection (``Database.connection``)
    before every request whose user it has not seen lately."""
    return await conn.scalar(_ACCOUNT_LANGUAGE, {"platform": platform, "user": platform_user_id})


async def account_presence(
    conn: AsyncConnection | AsyncSession, platform: str, platform_user_id: str
) -> tuple[str | None, bool] | None:
    """(the language chosen with /lang or None, whether the account is marked unreachable) of
    the user's account, None when he has none: what a transport needs before each update, in
    one query of plain columns on a bare connection."""
    row = (
        await conn.execute(_ACCOUNT_PRESENCE, {"platform": platform, "user": platform_user_id})
    ).first()
    return None if row is None else (row[0], row[1] is not None)


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
        account, _ = await self.get_or_add(
            platform, platform_user_id, display_name=display_name, language=language, now=now
        )
        return account

    async def get_or_add(
        self,
        platform: str,
        platform_user_id: str,
        *,
        display_name: str,
        language: str | None,
        now: datetime,
    ) -> tuple[Account, bool]:
        """The user's account and whether this added it (then it has no links and no roles).

        A new account is one ``INSERT … RETURNING``: on SQLite the write lock is taken there
        and held until the commit, so the caller should read what it needs before."""
        account = await self.by_platform(platform, platform_user_id)
        if account is not None:
            if display_name and account.display_name != display_name:
                account.display_name = display_name
            return account, False
        # Two first messages of a new user may arrive at once (several processes): insert if
        # absent, else read whichever row won.
        added = await self.session.scalar(
            insert_for(self.session)(Account)
            .values(
                platform=platform,
                platform_user_id=platform_user_id,
                display_name=display_name,
                language=language,
                created_at=now,
            )
            .on_conflict_do_nothing(index_elements=["platform", "platform_user_id"])
            .returning(Account)
        )
        if added is not None:
            return added, True
        account = await self.by_platform(platform, platform_user_id)
        assert account is not None
        return account, False

    async def by_platform(self, platform: str, platform_user_id: str) -> Account | None:
        return await self.session.scalar(
            _ACCOUNT_BY_PLATFORM, {"platform": platform, "user": platform_user_id}
        )

    async def get(self, account_id: int) -> Account | None:
        return await self.session.get(Account, account_id)

    async def linked_players(self, platform: str, platform_user_id: str) -> list[Player]:
        """The players the user's account is linked to, one per federation in federation
        order (empty when unknown or unlinked), in one query."""
        found = await self.session.scalars(
            _LINKED_PLAYERS, {"platform": platform, "user": platform_user_id}
        )
        return list(found)

    async def linked_player(
        self, platform: str, platform_user_id: str, federation_id: int | None = None
    ) -> Player | None:
        """The user's player in ``federation_id``; without one, his only player (None when he
        has none, or several and nothing says which is meant)."""
        players = await self.linked_players(platform, platform_user_id)
        if federation_id is not None:
            players = [p for p in players if p.federation_id == federation_id]
        return players[0] if len(players) == 1 else None

    async def language(self, platform: str, platform_user_id: str) -> str | None:
        """:func:`account_language` in this unit of work."""
        return await account_language(self.session, platform, platform_user_id)

    async def for_player(self, player_id: int) -> Sequence[Account]:
        """The accounts linked to the player (at most one per platform)."""
        return (
            await self.session.scalars(
                select(Account)
                .join(AccountLink, AccountLink.account_id == Account.id)
                .where(AccountLink.player_id == player_id)
                .order_by(Account.id)
            )
        ).all()

    async def players_of(self, account_id: int) -> list[Player]:
        """The players the account is linked to, one per federation, in federation order."""
        found = await self.session.scalars(
            select(Player)
            .join(AccountLink, AccountLink.player_id == Player.id)
            .where(AccountLink.account_id == account_id)
            .order_by(AccountLink.federation_id)
        )
        return list(found)

    async def player_in(self, account_id: int, federation_id: int) -> Player | None:
        """The account's player in the federation (None when not linked there)."""
        return await self.session.scalar(
            select(Player)
            .join(AccountLink, AccountLink.player_id == Player.id)
            .where(AccountLink.account_id == account_id, AccountLink.federation_id == federation_id)
        )

    async def holder(self, player_id: int, platform: str) -> Account | None:
        """The account of ``platform`` linked to the player, if any."""
        return await self.session.scalar(
            select(Account)
            .join(AccountLink, AccountLink.account_id == Account.id)
            .where(AccountLink.player_id == player_id, AccountLink.platform == platform)
        )

    async def linked(self, platform: str, federation_id: int) -> list[tuple[str, int]]:
        """(platform user id, player id) of every account of ``platform`` linked to a player
        of the federation."""
        rows = await self.session.execute(
            select(Account.platform_user_id, AccountLink.player_id)
            .join(AccountLink, AccountLink.account_id == Account.id)
            .where(AccountLink.platform == platform, AccountLink.federation_id == federation_id)
            .order_by(Account.id)
        )
        return [(user_id, player_id) for user_id, player_id in rows]

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

    async def link(
        self, account: Account, player_id: int, now: datetime | None = None
    ) -> Player | None:
        """Link the account to the player, replacing its link in the player's federation: the
        player it replaces (None when it had none there). The unique index refuses a player
        another account of the platform holds (the caller checks first, for a clear answer)."""
        player = await self.session.get(Player, player_id)
        if player is None:
            raise LookupError(f"no player {player_id}")
        existing = await self.session.scalar(
            select(AccountLink).where(
                AccountLink.account_id == account.id,
                AccountLink.federation_id == player.federation_id,
            )
        )
        replaced: Player | None = None
        if existing is not None:
            if existing.player_id == player_id:
                return None
            replaced = await self.session.get(Player, existing.player_id)
            existing.player_id = player_id
        else:
            self.session.add(
                AccountLink(
                    account_id=account.id,
                    player_id=player_id,
                    federation_id=player.federation_id,
                    platform=account.platform,
                    created_at=now or account.created_at,
                )
            )
        await self.session.flush()
        return replaced

    async def unlink(self, account_id: int, player_id: int) -> None:
        await self.session.execute(
            delete(AccountLink).where(
                AccountLink.account_id == account_id, AccountLink.player_id == player_id
            )
        )

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

    async def pending_link_requests(
        self, federation_ids: Sequence[int], *, offset: int = 0, limit: int | None = None
    ) -> tuple[int, Sequence[LinkRequest]]:
        """The pending requests for players of the federations, oldest first: how many there
        are, and the page ``offset``, ``limit`` of them."""
        where = (
            LinkRequest.state == "pending",
            Player.federation_id.in_(federation_ids),
        )
        joined = select(LinkRequest).join(Player, Player.id == LinkRequest.player_id)
        total = await self.session.scalar(
            select(func.count()).select_from(joined.where(*where).subquery())
        )
        page = await self.session.scalars(
            joined.where(*where).order_by(LinkRequest.id).offset(offset).limit(limit)
        )
        return int(total or 0), page.all()

    async def pending_requests_of(self, account_id: int) -> int:
        """How many link requests of the account wait for a director."""
        count = await self.session.scalar(
            select(func.count())
            .select_from(LinkRequest)
            .where(LinkRequest.account_id == account_id, LinkRequest.state == "pending")
        )
        return int(count or 0)

    async def pending_for_player(self, player_id: int) -> Sequence[LinkRequest]:
        return (
            await self.session.scalars(
                select(LinkRequest).where(
                    LinkRequest.player_id == player_id, LinkRequest.state == "pending"
                )
            )
        ).all()

    async def add_link_code(
        self, player_id: int, code: str, issued_by: int, expires_at: datetime, *, key: bytes
    ) -> LinkCode:
        link_code = LinkCode(
            player_id=player_id,
            code_hash=hash_code(code, key),
            issued_by=issued_by,
            expires_at=expires_at,
        )
        self.session.add(link_code)
        await self.session.flush()
        return link_code

    async def link_code(self, code: str, *, key: bytes) -> LinkCode | None:
        return await self.session.scalar(
            select(LinkCode).where(LinkCode.code_hash == hash_code(code, key))
        )

    async def server_secret(self, name: str) -> str:
        """The database's own random secret ``name``, made on first use (by whichever of two
        processes inserts first)."""
        value = await self.session.scalar(
            select(ServerSecret.value).where(ServerSecret.name == name)
        )
        if value is None:
            await self.session.execute(
                insert_for(self.session)(ServerSecret)
                .values(name=name, value=secrets.token_hex(32))
                .on_conflict_do_nothing(index_elements=["name"])
            )
            value = await self.session.scalar(
                select(ServerSecret.value).where(ServerSecret.name == name)
            )
            assert value is not None
        return value

    async def link_attempts(self, scope: str, subject_id: int, now: datetime) -> LinkAttempts:
        """The wrong-code counter of an account or a player, made on first use and locked for
        this unit of work (two wrong codes at once count twice)."""
        await self.session.execute(
            insert_for(self.session)(LinkAttempts)
            .values(scope=scope, subject_id=subject_id, window_start=now, failures=0)
            .on_conflict_do_nothing(index_elements=["scope", "subject_id"])
        )
        row = await self.session.scalar(
            select(LinkAttempts)
            .where(LinkAttempts.scope == scope, LinkAttempts.subject_id == subject_id)
            .with_for_update()
            .execution_options(populate_existing=True)
        )
        assert row is not None
        return row

    async def locked_until(self, subjects: Sequence[tuple[str, int]]) -> datetime | None:
        """The latest lockout among the (scope, subject id) counters (None: none recorded)."""
        found = [
            await self.session.scalar(
                select(LinkAttempts.locked_until).where(
                    LinkAttempts.scope == scope, LinkAttempts.subject_id == subject_id
                )
            )
            for scope, subject_id in subjects
        ]
        return max((f for f in found if f is not None), default=None)
