"""Helpers shared by the use cases: the caller's account, role checks, player lookup, numbers."""

from __future__ import annotations

from decimal import Decimal

from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import AccessDeniedError, UserError
from fedrank.handlers.i18n import t
from fedrank.storage.models import Account, Federation, Player
from fedrank.storage.repositories import Repos

ROLE_RANK = {"player": 0, "director": 1, "admin": 2}


async def caller(repos: Repos, services: Services, ctx: RequestContext) -> Account:
    """The caller's account, created on first contact (unlinked, role player everywhere)."""
    return await repos.accounts.get_or_create(
        ctx.platform,
        ctx.user_id,
        display_name=ctx.display_name,
        language=None,
        now=services.now(),
    )


async def require_role(
    repos: Repos, ctx: RequestContext, account: Account, federation: Federation, role: str
) -> None:
    """Refuse unless the account holds ``role`` (or a higher one) in ``federation``."""
    held = await repos.accounts.role(account.id, federation.id)
    if ROLE_RANK[held] < ROLE_RANK[role]:
        raise AccessDeniedError(
            t(
                ctx.language,
                "error.forbidden",
                role=t(ctx.language, f"role.{role}"),
                federation=federation.code,
            )
        )


async def directed_federations(repos: Repos, account: Account) -> list[Federation]:
    """Federations in which the account is a director or an admin."""
    out = []
    for federation_id, role in (await repos.accounts.roles(account.id)).items():
        if ROLE_RANK[role] >= ROLE_RANK["director"]:
            federation = await repos.federations.get(federation_id)
            if federation is not None:
                out.append(federation)
    return sorted(out, key=lambda f: f.code)


async def find_one_player(repos: Repos, ctx: RequestContext, query: str) -> Player:
    """The one player ``query`` names (ID or part of a name), or a UserError listing choices."""
    players = await repos.players.find(query, limit=8)
    if not players:
        raise UserError(t(ctx.language, "player.not_found", query=query))
    if len(players) > 1:
        lines = [t(ctx.language, "player.choose", query=query)]
        lines += [f"{p.federation_player_id} — {p.name}" for p in players]
        raise UserError("\n".join(lines))
    return players[0]


def player_label(player: Player) -> str:
    return label(player.name, player.federation_player_id)


def label(name: str, federation_player_id: str) -> str:
    """How a player is named in replies: the name, then the federation ID."""
    return f"{name} ({federation_player_id})"


def fmt(value: Decimal | int | None) -> str:
    """A figure as people write it: no exponent, no trailing zeros after the point."""
    if value is None:
        return "—"
    d = Decimal(value)
    text = format(d, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
