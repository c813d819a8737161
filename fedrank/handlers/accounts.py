"""Use cases about who a user is: /start, /lang and roles.

Linking an account to players is :mod:`fedrank.handlers.linking`.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from fedrank.handlers.access import (
    caller,
    known_federation,
    require_role,
)
from fedrank.handlers.common import player_label
from fedrank.handlers.context import LANGUAGES, RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.i18n import t
from fedrank.handlers.reply import Reply
from fedrank.storage.models import Account, Federation
from fedrank.storage.repos import ROLE_RANK, Repos


async def start(services: Services, ctx: RequestContext, args: str) -> Reply:
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        federations = await repos.federations.all()
        names = ", ".join(f.name for f in federations) or "—"
        reply = Reply.text(
            t(
                ctx.language,
                "start.greeting",
                name=ctx.display_name or ctx.user_id,
                federations=names,
            ),
            t(ctx.language, "start.what"),
        )
        mine = await repos.accounts.players_of(account.id)
        if mine:
            labels = ", ".join(player_label(p) for p in mine)
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
    return Reply.text(t(choice, "lang.set"))


async def grant(services: Services, ctx: RequestContext, args: str) -> Reply:
    """An admin of a federation gives roles in it; directors may make other directors."""
    usage = "/grant <platform:user> <federation> <player|director|admin>"
    parts = args.split()
    if len(parts) != 3 or ":" not in parts[0] or parts[2] not in ROLE_RANK:
        raise UserError(t(ctx.language, "error.usage", usage=usage))
    platform, user_id = parts[0].split(":", 1)
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        federation = await known_federation(repos, ctx, parts[1])
        needed = "admin" if parts[2] == "admin" else "director"
        await require_role(repos, ctx, account, federation, needed)
        target = await repos.accounts.by_platform(platform, user_id)
        if target is None:
            raise UserError(t(ctx.language, "grant.no_account", account=parts[0]))
        await grant_role(repos, federation, target, parts[2], now=services.now(), by=account)
        return Reply.text(
            t(
                ctx.language,
                "grant.done",
                account=f"{target.display_name} ({parts[0]})",
                role=t(ctx.language, f"role.{parts[2]}"),
                federation=federation.code,
            )
        )


async def grant_role(
    repos: Repos,
    federation: Federation,
    target: Account,
    role: str,
    *,
    now: datetime,
    by: Account | None,
) -> None:
    """Give ``target`` the role in ``federation``, in the audit log. ``by`` is whoever may grant
    it (checked by the caller), or None for the operator's CLI, whose authority is the server's
    own: it is the way back when every chat admin is lost."""
    await repos.accounts.set_role(target.id, federation.id, role)
    details: dict[str, object] = {"role": role}
    if by is None:
        details["by"] = "cli"
    await repos.audit.log(
        "role.granted",
        at=now,
        account_id=by.id if by is not None else None,
        federation_id=federation.id,
        subject=f"{target.platform}:{target.platform_user_id}",
        details=details,
    )


async def operator_grant(
    services: Services, platform: str, user_id: str, federation_code: str, role: str
) -> Federation | None:
    """``fedrank grant``: the operator gives a role with no role of his own, to an account that
    is made if its user never wrote to the bot. None if the federation is unknown."""
    async with services.db.transaction() as repos:
        federation = await repos.federations.by_code(federation_code)
        if federation is None:
            return None
        target = await repos.accounts.get_or_create(
            platform, user_id, display_name=user_id, language=None, now=services.now()
        )
        await grant_role(repos, federation, target, role, now=services.now(), by=None)
        return federation


def with_language(ctx: RequestContext, language: str | None) -> RequestContext:
    return replace(ctx, language=language) if language else ctx
