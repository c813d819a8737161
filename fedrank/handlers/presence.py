"""What transports need to know of a chat account besides its commands: the language it chose,
and whether direct messages reach it.

A user who blocked the bot (Telegram) or closed his direct messages (Discord) is marked
unreachable when a message to him is refused, so that the outbox and the transports stop
trying; the mark is cleared when he writes to the bot again. Transports keep their own memory
of whom they have seen and call these functions; the account is read and written only here.
"""

from __future__ import annotations

from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.safetext import clean_name


async def chosen_language(services: Services, ctx: RequestContext) -> str:
    """The language for the transport's own lines: the one chosen with /lang, else the
    platform's (``ctx.language``)."""
    async with services.db.read() as repos:
        account = await repos.accounts.by_platform(ctx.platform, ctx.user_id)
        chosen = account.language if account is not None else None
    return chosen or ctx.language


async def is_unreachable(services: Services, platform: str, user_id: str) -> bool:
    async with services.db.read() as repos:
        account = await repos.accounts.by_platform(platform, user_id)
        return account is not None and account.unreachable_since is not None


async def mark_unreachable(
    services: Services, platform: str, user_id: str, *, display_name: str | None = None
) -> bool:
    """Mark the account unreachable; True if this marked it (it was not already).

    With ``display_name`` an unknown user gets an account (Discord: the mark is what keeps the
    next direct message from being tried); without it only a known account is marked."""
    async with services.db.transaction() as repos:
        if display_name is None:
            account = await repos.accounts.by_platform(platform, user_id)
            if account is None:
                return False
        else:
            account = await repos.accounts.get_or_create(
                platform,
                user_id,
                display_name=clean_name(display_name),
                language=None,
                now=services.now(),
            )
        if account.unreachable_since is not None:
            return False
        account.unreachable_since = services.now()
        return True


async def note_reachable(services: Services, platform: str, user_id: str) -> None:
    """The user wrote to the bot, so he can be reached again (a write only if he was marked)."""
    if not await is_unreachable(services, platform, user_id):
        return
    async with services.db.transaction() as repos:
        account = await repos.accounts.by_platform(platform, user_id)
        if account is not None:
            account.unreachable_since = None
