"""What transports need to know of a chat account besides its commands: the language it chose,
and whether direct messages reach it.

A user who blocked the bot (Telegram) or closed his direct messages (Discord) is marked
unreachable when a message to him is refused, so that the outbox and the transports stop
trying; the mark is cleared when he writes to the bot again. The account is read and written
only here; both facts are read together, once per user every few seconds
(:func:`account_state`, kept in ``Services.languages``), since every update needs them.

Most users never choose a language nor block the bot: the accounts that did are read all at
once, every LANGUAGE_TTL seconds, so that a user's first update in that time needs no query of
his own (a user not among them has NO_ACCOUNT). What is read is never older than LANGUAGE_TTL
either way; a change made in this process clears the user, who is then read on his own.
"""

from __future__ import annotations

from fedrank.handlers.context import NO_ACCOUNT, AccountState, RequestContext, Services
from fedrank.handlers.wording.safetext import clean_name
from fedrank.storage.repos.accounts import ACCOUNT_PRESENCE, MARKED_ACCOUNTS


async def account_state(services: Services, platform: str, user_id: str) -> AccountState:
    """The user's chosen language and unreachable mark: from memory (for LANGUAGE_TTL seconds
    after it was read, until /lang or a mark in this process clears it), else from the marked
    accounts read at once, else (a user cleared since, or too many marked) in one query."""
    cache = services.languages
    key = (platform, user_id)
    state = cache.get(key)
    if state is None:
        if platform not in cache.marked or cache.from_marked(key)[0] is None:
            await _read_marked(services, platform)
        state, read_at = cache.from_marked(key)
        if state is not None:
            cache.put(key, state, read_at, cache.generation)
            return state
        read_at, generation = cache.clock(), cache.generation
        # One thread hop on SQLite, outside a transaction.
        rows = await services.db.plain_rows(
            ACCOUNT_PRESENCE, {"platform": platform, "user": user_id}
        )
        state = AccountState(rows[0][0], rows[0][1] is not None) if rows else NO_ACCOUNT
        cache.put(key, state, read_at, generation)
    return state


async def _read_marked(services: Services, platform: str) -> None:
    """Read the platform's marked accounts again when what was read has expired (one query,
    one at a time)."""
    cache = services.languages
    async with cache.marked_lock:
        kept = cache.marked.get(platform)
        if kept is not None and cache.clock() - kept[1] < cache.ttl:
            return
        read_at, generation = cache.clock(), cache.generation
        params: dict[str, str | int | None] = {"platform": platform, "limit": cache.size + 1}
        rows = await services.db.plain_rows(MARKED_ACCOUNTS, params)
        states = {user: AccountState(language, since is not None) for user, language, since in rows}
        known = states if len(rows) <= cache.size else None  # too many: each read on his own
        cache.keep_marked(platform, known, read_at, generation)


def forget_state(services: Services, platform: str, user_id: str) -> None:
    """The user's account was changed (/lang, a mark): read it again next time."""
    services.languages.clear((platform, user_id))


async def chosen_language(services: Services, ctx: RequestContext) -> str:
    """The language for the transport's own lines: the one chosen with /lang, else the
    platform's (``ctx.language``)."""
    return (await account_state(services, ctx.platform, ctx.user_id)).language or ctx.language


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
    try:
        return await _mark(services, platform, user_id, display_name)
    finally:
        forget_state(services, platform, user_id)


async def _mark(services: Services, platform: str, user_id: str, display_name: str | None) -> bool:
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
    if not (await account_state(services, platform, user_id)).unreachable:
        return
    try:
        async with services.db.transaction() as repos:
            account = await repos.accounts.by_platform(platform, user_id)
            if account is not None:
                account.unreachable_since = None
    finally:
        forget_state(services, platform, user_id)
