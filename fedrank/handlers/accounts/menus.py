"""Who gets which command menu: the accounts of a platform that direct or administer a
federation, with the language they chose, for transports that show a menu per user (Telegram's
``setMyCommands`` with a chat scope). The menus' content is
:mod:`fedrank.handlers.wording.helptext`.

A transport learns of a role granted or lowered (or a director's /lang) in this process through
``Services.role_listeners`` (called by :func:`role_changed` after the change is committed); it
reads the account's menu again with :func:`menu_of`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from fedrank.handlers.context import Services
from fedrank.handlers.wording.helptext import PLAYER, visible_groups
from fedrank.storage.repos import ROLE_RANK

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Menu:
    """One account's menu: the widest group of commands it may use anywhere (player,
    director or admin) and the language it chose with /lang (None: the platform's)."""

    user_id: str
    group: str
    language: str | None

    @property
    def groups(self) -> tuple[str, ...]:
        return visible_groups(self.group)


def _highest(roles: list[str]) -> str:
    return max(roles, key=lambda role: ROLE_RANK[role], default=PLAYER)


async def staff_menus(services: Services, platform: str) -> list[Menu]:
    """The menus of every account of ``platform`` that directs or administers a federation,
    by user id."""
    held: dict[str, list[str]] = {}
    languages: dict[str, str | None] = {}
    async with services.db.read() as repos:
        for federation in await repos.federations.all():
            for account, role in await repos.roles.holders(federation.id):
                if account.platform != platform or role == PLAYER:
                    continue
                held.setdefault(account.platform_user_id, []).append(role)
                languages[account.platform_user_id] = account.language
    return [Menu(uid, _highest(roles), languages[uid]) for uid, roles in sorted(held.items())]


async def menu_of(services: Services, platform: str, user_id: str) -> Menu:
    """One account's menu (a player's when the account is unknown)."""
    async with services.db.read() as repos:
        account = await repos.accounts.by_platform(platform, user_id)
        if account is None:
            return Menu(user_id, PLAYER, None)
        roles = list((await repos.accounts.roles(account.id)).values())
        return Menu(user_id, _highest(roles), account.language)


async def role_changed(services: Services, platform: str, user_id: str) -> None:
    """Tell the transports listening in this process that an account's menu changed: its role
    (a grant), or a director's language (/lang), after the change is committed. A listener's
    failure is logged, never the grant's."""
    for listener in list(services.role_listeners):
        try:
            await listener(platform, user_id)
        except Exception:
            log.exception("refreshing the menu of %s:%s failed", platform, user_id)
