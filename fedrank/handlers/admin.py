"""Directors and admins manage their federation: disciplines, who holds a role, wrong links.

- ``/disciplines [federation]`` lists the disciplines (anyone may read them: they are public).
- ``/discipline add <federation> <code> <system> <calendar> <name…>`` adds one (admins of the
  federation only). A discipline code is unique across all federations, because players and
  directors name disciplines by code alone (``/top rmf-mcr``, ``/submit rmf-mcr``).
- ``/roles <federation>`` lists the accounts holding a role there (directors; roles are given
  with ``/grant``).
- ``/unlink <player ID> [platform:user]`` undoes a wrong link (directors of the player's
  federation): every account linked to the player, or the one named.

Every change is in the audit log (``discipline.added``, ``link.removed``).
"""

from __future__ import annotations

import re

from fedrank.handlers.access import (
    caller,
    directed_federations,
    director_of,
    known_federation,
    player_by_exact_id,
    require_role,
)
from fedrank.handlers.common import player_label
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.i18n import t
from fedrank.handlers.reply import Reply, bold
from fedrank.storage.models import CALENDARS, SYSTEM_IDS

_CODE_RE = re.compile(r"^[a-z0-9][a-z0-9._-]{0,31}$")
MAX_NAME = 200


async def disciplines(services: Services, ctx: RequestContext, args: str) -> Reply:
    parts = args.split()
    if len(parts) > 1:
        raise UserError(t(ctx.language, "error.usage", usage="/disciplines [federation]"))
    async with services.db.read() as repos:
        if parts:
            federations = [await known_federation(repos, ctx, parts[0])]
        else:
            federations = list(await repos.federations.all())
        rows = []
        for federation in federations:
            for d in await repos.federations.disciplines(federation.id):
                rows.append((federation.code, d.code, d.name, d.system, d.calendar))
    if not rows:
        return Reply.text(t(ctx.language, "disciplines.none"))
    reply = Reply().line(bold(t(ctx.language, "disciplines.title")))
    return reply.table(tuple(t(ctx.language, "disciplines.headers").split("|")), rows)


async def discipline(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/discipline add …``: the only sub-command so far (others would edit or retire)."""
    usage = "/discipline add <federation> <code> <system> <calendar> <name>"
    parts = args.split(maxsplit=5)
    if len(parts) != 6 or parts[0].lower() != "add":
        raise UserError(t(ctx.language, "error.usage", usage=usage))
    _, fed_code, code, system, calendar, name = parts
    code = code.lower()
    name = name.strip()[:MAX_NAME]
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        federation = await known_federation(repos, ctx, fed_code)
        await require_role(repos, ctx, account, federation, "admin")
        if not _CODE_RE.match(code):
            raise UserError(t(ctx.language, "error.usage", usage=usage))
        if system not in SYSTEM_IDS:
            raise UserError(
                t(ctx.language, "discipline.bad_system", system=system, known=", ".join(SYSTEM_IDS))
            )
        if calendar not in CALENDARS:
            raise UserError(
                t(
                    ctx.language,
                    "discipline.bad_calendar",
                    calendar=calendar,
                    known=", ".join(CALENDARS),
                )
            )
        if await repos.federations.discipline_by_code(code) is not None:
            raise UserError(t(ctx.language, "discipline.exists", code=code))
        added = await repos.federations.add_discipline(federation, code, name, system, calendar)
        await repos.audit.log(
            "discipline.added",
            at=services.now(),
            account_id=account.id,
            federation_id=federation.id,
            subject=added.code,
            details={"system": system, "calendar": calendar, "name": name},
        )
        reply = Reply.text(
            t(
                ctx.language,
                "discipline.added",
                code=added.code,
                name=added.name,
                system=system,
                calendar=calendar,
                federation=federation.code,
            )
        )
        if system not in services.systems:
            reply.line(t(ctx.language, "discipline.no_adapter", system=system))
        return reply


async def roles(services: Services, ctx: RequestContext, args: str) -> Reply:
    parts = args.split()
    if len(parts) != 1:
        raise UserError(t(ctx.language, "error.usage", usage="/roles <federation>"))
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        federation = await known_federation(repos, ctx, parts[0])
        await require_role(repos, ctx, account, federation, "director")
        rows = []
        for holder, role in await repos.roles.holders(federation.id):
            player = await repos.accounts.player_in(holder.id, federation.id)
            rows.append(
                (
                    f"{holder.platform}:{holder.platform_user_id}",
                    holder.display_name,
                    t(ctx.language, f"role.{role}"),
                    player_label(player) if player is not None else "—",
                )
            )
        if not rows:
            return Reply.text(t(ctx.language, "roles.none", federation=federation.code))
        reply = Reply(private=True).line(
            bold(t(ctx.language, "roles.title", federation=federation.code))
        )
        return reply.table(tuple(t(ctx.language, "roles.headers").split("|")), rows)


async def unlink(services: Services, ctx: RequestContext, args: str) -> Reply:
    usage = "/unlink <player ID> [platform:user]"
    parts = args.split()
    if len(parts) not in (1, 2) or (len(parts) == 2 and ":" not in parts[1]):
        raise UserError(t(ctx.language, "error.usage", usage=usage))
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        directed = await directed_federations(repos, account)
        # Several federations may use one ID: the caller's own is meant.
        player = await player_by_exact_id(repos, ctx, parts[0], prefer={f.id for f in directed})
        federation = await director_of(repos, ctx, account, player.federation_id)
        linked = list(await repos.accounts.for_player(player.id))
        if len(parts) == 2:
            linked = [a for a in linked if f"{a.platform}:{a.platform_user_id}" == parts[1]]
        if not linked:
            raise UserError(t(ctx.language, "unlink.none", player=player_label(player)))
        for holder in linked:
            await repos.accounts.unlink(holder.id, player.id)
        names = [f"{a.platform}:{a.platform_user_id}" for a in linked]
        await repos.audit.log(
            "link.removed",
            at=services.now(),
            account_id=account.id,
            federation_id=federation.id,
            subject=player.federation_player_id,
            details={"accounts": [a.id for a in linked]},
        )
        return Reply.text(
            t(
                ctx.language,
                "unlink.done",
                player=player_label(player),
                accounts=", ".join(
                    f"{a.display_name} ({n})" for a, n in zip(linked, names, strict=True)
                ),
            )
        )
