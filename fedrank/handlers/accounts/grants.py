"""Roles in a federation: ``/grant`` in chat and ``fedrank grant`` for the operator.

The rules of ``/grant`` (:func:`grant_refusal`), so that a role cannot be turned against the
federation:

- a granter may only give roles strictly below his own, to an account whose role is strictly
  below his own (a director gives nothing but the role player, to a player: he can neither make
  a peer nor lower one);
- the highest role, admin, is the exception: an admin may give and lower any role, admin
  included, so lowering or removing an admin needs an admin;
- the last admin of a federation is never lowered (:func:`grant_role` counts the admins with
  their rows locked, so two admins lowering each other at once cannot both succeed).

The operator's ``fedrank grant`` (:func:`operator_grant`) is not subject to these rules: it
acts with the server's own authority and is the way back when every chat admin is lost.
"""

from __future__ import annotations

from datetime import datetime

from fedrank.handlers.access import caller, known_federation, require_role
from fedrank.handlers.accounts.menus import role_changed
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import AccessDeniedError, UserError
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Reply
from fedrank.storage.models import ROLES, Account, Federation
from fedrank.storage.repos import ROLE_RANK, Repos

ADMIN = ROLES[-1]
USAGE = "/grant <platform:user> <federation> <player|director|admin>"


def grant_refusal(granter: str, held: str, wanted: str) -> str | None:
    """Why an account with role ``granter`` may not turn ``held`` into ``wanted`` (a message
    key), or None when it may."""
    if granter == ADMIN:
        return None
    if ROLE_RANK[held] >= ROLE_RANK[granter]:
        return "grant.not_below"
    if ROLE_RANK[wanted] >= ROLE_RANK[granter]:
        return "grant.too_high"
    return None


async def grant(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/grant``: a director or an admin changes an account's role (the rules above)."""
    parts = args.split()
    if len(parts) != 3 or ":" not in parts[0] or parts[2] not in ROLE_RANK:
        raise UserError(t(ctx.language, "error.usage", usage=USAGE))
    platform, user_id = parts[0].split(":", 1)
    wanted = parts[2]
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        federation = await known_federation(repos, ctx, parts[1])
        await require_role(repos, ctx, account, federation, "director")
        target = await repos.accounts.by_platform(platform, user_id)
        if target is None:
            raise UserError(t(ctx.language, "grant.no_account", account=parts[0]))
        granter = await repos.accounts.role(account.id, federation.id)
        held = await repos.accounts.role(target.id, federation.id)
        refusal = grant_refusal(granter, held, wanted)
        if refusal is not None:
            raise AccessDeniedError(
                t(
                    ctx.language,
                    refusal,
                    account=parts[0],
                    held=t(ctx.language, f"role.{held}"),
                    role=t(ctx.language, f"role.{granter}"),
                    federation=federation.code,
                ),
                federation_id=federation.id,
            )
        await grant_role(
            repos, federation, target, wanted, now=services.now(), by=account, language=ctx.language
        )
        reply = Reply.text(
            t(
                ctx.language,
                "grant.done",
                account=f"{target.display_name} ({parts[0]})",
                role=t(ctx.language, f"role.{wanted}"),
                federation=federation.code,
            )
        )
    await role_changed(services, target.platform, target.platform_user_id)
    return reply


class LastAdminError(UserError):
    """The change would leave the federation without an admin."""


async def grant_role(
    repos: Repos,
    federation: Federation,
    target: Account,
    role: str,
    *,
    now: datetime,
    by: Account | None,
    language: str = "en",
) -> None:
    """Give ``target`` the role in ``federation``, in the audit log. ``by`` is whoever may grant
    it (checked by the caller), or None for the operator's CLI, whose authority is the server's
    own: it is the way back when every chat admin is lost, so only a change in chat must leave
    the federation an admin (:class:`LastAdminError` otherwise)."""
    last_admin = LastAdminError(
        t(
            language,
            "grant.last_admin",
            account=f"{target.platform}:{target.platform_user_id}",
            federation=federation.code,
        )
    )
    lowers_admin = False
    if by is not None and role != ADMIN:
        admins = await repos.roles.admins_locked(federation.id)
        lowers_admin = target.id in admins
        if admins == [target.id]:
            raise last_admin
    await repos.accounts.set_role(target.id, federation.id, role)
    # Counted again under the write: on SQLite the count above may be read before another
    # transaction lowered the other admin (reads take no lock there); this one rolls back then.
    if lowers_admin and not await repos.roles.admins_locked(federation.id):
        raise last_admin
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
    await role_changed(services, target.platform, target.platform_user_id)
    return federation
