"""Use cases about who a user is: /start, /lang, linking to a player, roles.

An account is linked to a player only through verification: either a director approves the
player's request, or the player enters a one-time code a director issued to him in person.
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from datetime import datetime, timedelta

from fedrank.handlers.access import (
    caller,
    directed_federations,
    director_of,
    known_federation,
    player_by_exact_id,
    require_role,
    stored_account,
    stored_federation,
    stored_player,
)
from fedrank.handlers.common import is_number, player_label, row_id
from fedrank.handlers.context import LANGUAGES, RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.i18n import t
from fedrank.handlers.reply import Reply
from fedrank.storage.models import Account, Federation
from fedrank.storage.repos import ROLE_RANK, Repos

LINK_CODE_DAYS = 7
# No 0/O or 1/I: a code is read aloud or copied from paper.
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


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
        if account.player_id is not None:
            player = await stored_player(repos, account.player_id, ctx.language)
            reply.line(t(ctx.language, "start.linked", player=player_label(player)))
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


async def link(services: Services, ctx: RequestContext, args: str) -> Reply:
    parts = args.split()
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        if not parts:
            if account.player_id is not None:
                player = await stored_player(repos, account.player_id, ctx.language)
                return Reply.text(
                    t(ctx.language, "link.status_linked", player=player_label(player))
                )
            raise UserError(t(ctx.language, "error.usage", usage="/link <ID> [code]"))
        if len(parts) > 2:
            raise UserError(t(ctx.language, "error.usage", usage="/link <ID> [code]"))
        player = await player_by_exact_id(repos, ctx, parts[0])
        holders = [a for a in await repos.accounts.for_player(player.id) if a.id != account.id]
        if any(a.platform == account.platform for a in holders):
            raise UserError(t(ctx.language, "link.taken", player=player_label(player)))
        federation = await stored_federation(repos, player.federation_id, ctx.language)
        now = services.now()
        if len(parts) == 2:
            link_code = await repos.accounts.link_code(parts[1])
            if (
                link_code is None
                or link_code.player_id != player.id
                or link_code.used_at is not None
                or link_code.expires_at.replace(tzinfo=now.tzinfo) < now
            ):
                await repos.audit.log(
                    "link.code_refused",
                    at=now,
                    account_id=account.id,
                    federation_id=federation.id,
                    subject=player.federation_player_id,
                )
                # An answer, not an error: the refusal itself must stay in the audit log.
                return Reply.text(t(ctx.language, "link.bad_code", id=player.federation_player_id))
            link_code.used_at = now
            link_code.used_by = account.id
            await repos.accounts.link(account, player.id)
            await repos.audit.log(
                "link.by_code",
                at=now,
                account_id=account.id,
                federation_id=federation.id,
                subject=player.federation_player_id,
            )
            return Reply.text(t(ctx.language, "link.done", player=player_label(player)))
        pending = await repos.accounts.pending_link_request(account.id, player.id)
        if pending is not None:
            return Reply.text(
                t(
                    ctx.language,
                    "link.already_requested",
                    request=pending.id,
                    player=player_label(player),
                )
            )
        request = await repos.accounts.add_link_request(account.id, player.id, now)
        await repos.audit.log(
            "link.requested",
            at=now,
            account_id=account.id,
            federation_id=federation.id,
            subject=player.federation_player_id,
            details={"request": request.id},
        )
        return Reply.text(
            t(
                ctx.language,
                "link.requested",
                request=request.id,
                player=player_label(player),
                federation=federation.code,
                id=player.federation_player_id,
            )
        )


async def links(services: Services, ctx: RequestContext, args: str) -> Reply:
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        federations = await directed_federations(repos, account)
        if not federations:
            raise UserError(t(ctx.language, "error.not_director"))
        reply = Reply(private=True)
        for federation in federations:
            for request in await repos.accounts.pending_link_requests(federation.id):
                asker = await stored_account(repos, request.account_id, ctx.language)
                player = await stored_player(repos, request.player_id, ctx.language)
                reply.line(
                    t(
                        ctx.language,
                        "link.pending_line",
                        request=request.id,
                        account=f"{asker.display_name} ({asker.platform}:{asker.platform_user_id})",
                        player=player_label(player),
                    )
                )
                reply.button(f"✓ #{request.id}", f"/approve {request.id}")
                reply.button(f"✗ #{request.id}", f"/reject {request.id}")
        if not reply.blocks:
            reply.line(t(ctx.language, "link.none_pending"))
        return reply


async def _decide(services: Services, ctx: RequestContext, args: str, approve: bool) -> Reply:
    usage = "/approve <request>" if approve else "/reject <request>"
    if not is_number(args.strip().lstrip("#")):
        raise UserError(t(ctx.language, "error.usage", usage=usage))
    request_id = row_id(args)
    if request_id is None:  # beyond any row's ID: no such request
        raise UserError(t(ctx.language, "link.no_request", request=args.strip().lstrip("#")))
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        request = await repos.accounts.link_request(request_id)
        if request is None or request.state != "pending":
            raise UserError(t(ctx.language, "link.no_request", request=request_id))
        player = await stored_player(repos, request.player_id, ctx.language)
        federation = await director_of(repos, ctx, account, player.federation_id)
        asker = await stored_account(repos, request.account_id, ctx.language)
        now = services.now()
        request.state = "approved" if approve else "rejected"
        request.decided_at = now
        request.decided_by = account.id
        if approve:
            await repos.accounts.link(asker, player.id)
        await repos.audit.log(
            "link.approved" if approve else "link.rejected",
            at=now,
            account_id=account.id,
            federation_id=federation.id,
            subject=player.federation_player_id,
            details={"request": request.id, "account": asker.id},
        )
        if approve:
            return Reply.text(
                t(
                    ctx.language,
                    "link.approved",
                    request=request.id,
                    account=asker.display_name,
                    player=player_label(player),
                )
            )
        return Reply.text(t(ctx.language, "link.rejected", request=request.id))


async def approve(services: Services, ctx: RequestContext, args: str) -> Reply:
    return await _decide(services, ctx, args, approve=True)


async def reject(services: Services, ctx: RequestContext, args: str) -> Reply:
    return await _decide(services, ctx, args, approve=False)


async def linkcode(services: Services, ctx: RequestContext, args: str) -> Reply:
    query = args.strip()
    if not query or len(query.split()) != 1:
        raise UserError(t(ctx.language, "error.usage", usage="/linkcode <ID>"))
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        player = await player_by_exact_id(repos, ctx, query)
        federation = await director_of(repos, ctx, account, player.federation_id)
        now = services.now()
        one_time = "".join(secrets.choice(CODE_ALPHABET) for _ in range(8))
        until = now + timedelta(days=LINK_CODE_DAYS)
        await repos.accounts.add_link_code(player.id, one_time, account.id, until)
        await repos.audit.log(
            "link.code_issued",
            at=now,
            account_id=account.id,
            federation_id=federation.id,
            subject=player.federation_player_id,
        )
        return Reply.text(
            t(
                ctx.language,
                "link.code_issued",
                player=player_label(player),
                code=one_time,
                until=until.date().isoformat(),
                id=player.federation_player_id,
            ),
            private=True,
        )


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
