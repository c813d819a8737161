"""Use cases about who a user is: /start and /lang (roles: :mod:`.grants`).

Linking an account to players is :mod:`fedrank.handlers.accounts.linking`.
"""

from __future__ import annotations

from dataclasses import replace

from fedrank.handlers.access import caller
from fedrank.handlers.accounts import linking
from fedrank.handlers.accounts.menus import role_changed
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.questions.ratings import rating_of
from fedrank.handlers.site.identity import local_name
from fedrank.handlers.site.links import player_of_payload
from fedrank.handlers.wording.common import label
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.languages import LANGUAGES
from fedrank.handlers.wording.reply import Reply
from fedrank.handlers.wording.safetext import clean_name
from fedrank.storage.database import is_sqlite
from fedrank.storage.repos.accounts import ACCOUNT_START, RENAME_ACCOUNT, add_account
from fedrank.storage.repos.federations import FEDERATION_NAMES


async def start(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/start``: what the bot does and whom the account is linked to; ``/start <code>`` (a
    link from a director's /linkcode, opened by the player) links by that code; ``/start
    <player payload>`` (the link on a player's page of the site) answers his /rating."""
    if linking.is_code_payload(args):
        return await linking.link_from_start(services, ctx, args.strip())
    named = player_of_payload(args) if args.strip() else None
    if named is not None:  # a player's page on the site linked here: his rating
        return await rating_of(services, ctx, *named)
    # Plain reads and writes (one or two thread hops each on SQLite, no ORM session): a write
    # only when the account is new (one INSERT) or its display name changed.
    names = ", ".join(
        local_name(local, name, ctx.language)
        for name, local in await services.db.plain_rows(FEDERATION_NAMES, {})
    )
    account = {"platform": ctx.platform, "user": ctx.user_id}
    rows = await services.db.plain_rows(ACCOUNT_START, account)
    display_name = clean_name(ctx.display_name)
    if not rows:
        new = {"new_platform": ctx.platform, "new_user": ctx.user_id, "new_name": display_name}
        add = add_account("sqlite" if is_sqlite(services.db.url) else "postgresql")
        if not await services.db.plain_write(add, {**new, "new_now": services.now()}):
            rows = await services.db.plain_rows(ACCOUNT_START, account)  # added meanwhile
    if rows and display_name and rows[0][0] != display_name:
        renamed = {"of_platform": ctx.platform, "of_user": ctx.user_id, "new_name": display_name}
        await services.db.plain_write(RENAME_ACCOUNT, renamed)
    mine = [(name, fpid) for _, name, fpid in rows if name is not None]
    greeting = "start.greeting" if names else "setup.start_empty"
    reply = Reply.text(
        t(ctx.language, greeting, name=ctx.display_name or ctx.user_id, federations=names),
        t(ctx.language, "start.what"),
    )
    if mine:
        labels = ", ".join(label(name, fpid) for name, fpid in mine)
        reply.line(t(ctx.language, "start.linked", player=labels))
    else:
        reply.line(t(ctx.language, "start.unlinked"))
    return reply


async def lang(services: Services, ctx: RequestContext, args: str) -> Reply:
    choice = args.strip().lower()
    if choice not in LANGUAGES:
        raise UserError(t(ctx.language, "error.usage", usage="/lang en|ru|uk|zh"))
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        account.language = choice
        staff = any(role != "player" for role in (await repos.accounts.roles(account.id)).values())
    if staff:  # a director's command menu is in the language he chose
        await role_changed(services, ctx.platform, ctx.user_id)
    return Reply.text(t(choice, "lang.set"))


def with_language(ctx: RequestContext, language: str | None) -> RequestContext:
    return replace(ctx, language=language) if language else ctx
