"""Directors and admins manage their federation: disciplines, who holds a role, wrong links.

- ``/disciplines [federation]`` lists the disciplines (anyone may read them: they are public).
- ``/discipline add <federation> <code> <system> [calendar] <name…>`` adds one, ``/discipline
  disable <federation> <code> [remove]`` retires (or removes) one and ``enable`` brings it back;
  ``/discipline facts <federation> <code> [KEY=VALUE …]`` shows or sets its defaults of the
  tournament facts a file may lack (``KEY=`` clears one) (admins of the federation only; the use
  cases of :mod:`fedrank.handlers.federation.setup`). A
  discipline code is unique across all federations, because players and directors name
  disciplines by code alone (``/top rmf-mcr``, ``/submit rmf-mcr``).
- ``/roles <federation>`` lists the accounts holding a role there (directors; roles are given
  with ``/grant``).
- ``/unlink <player ID> [platform:user]`` undoes a wrong link (directors of the player's
  federation): every account linked to the player, or the one named.

Every change is in the audit log (``discipline.added``, ``discipline.facts``, ``link.removed``).
"""

from __future__ import annotations

from fedrank.handlers.access import (
    caller,
    directed_federations,
    director_of,
    known_federation,
    player_by_exact_id,
    require_role,
)
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.denials import record_refusal
from fedrank.handlers.errors import UserError
from fedrank.handlers.federation import setup
from fedrank.handlers.site.identity import discipline_name
from fedrank.handlers.wording.common import player_label
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Reply, bold
from fedrank.handlers.wording.words import calendar_text
from fedrank.storage.models import CALENDARS


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
                calendar = calendar_text(ctx.language, d.calendar)
                if d.disabled:
                    calendar += f" ({t(ctx.language, 'setup.disabled')})"
                rows.append(
                    (federation.code, d.code, discipline_name(d, ctx.language), d.system, calendar)
                )
    if not rows:
        return Reply.text(t(ctx.language, "disciplines.none"))
    reply = Reply().line(bold(t(ctx.language, "disciplines.title")))
    return reply.table(tuple(t(ctx.language, "disciplines.headers").split("|")), rows)


async def discipline(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/discipline add|disable|enable …`` (admins of the federation): the use cases of
    :mod:`fedrank.handlers.federation.setup`, which the operator's CLI calls too. A refusal is
    answered
    and kept in the audit log."""
    try:
        return await _discipline(services, ctx, args)
    except UserError as exc:
        await record_refusal(services, ctx, "discipline.refused", args, exc.message)
        raise


async def _discipline(services: Services, ctx: RequestContext, args: str) -> Reply:
    usage = (
        "/discipline add <federation> <code> <system> [calendar] <name> | "
        "disable <federation> <code> [remove] | enable <federation> <code> | "
        "facts <federation> <code> [KEY=VALUE …]"
    )
    parts = args.split(maxsplit=1)
    verb = parts[0].lower() if parts else ""
    rest = parts[1] if len(parts) == 2 else ""
    if verb == "add":
        words = rest.split(maxsplit=3)
        if len(words) < 4:
            raise UserError(t(ctx.language, "error.usage", usage=usage))
        fed_code, code, system, tail = words
        first, _, after = tail.partition(" ")
        calendar: str | None = None
        if first in CALENDARS and after.strip():
            calendar, tail = first, after
    elif verb == "facts":
        words = rest.split()
        if len(words) < 2:
            raise UserError(t(ctx.language, "error.usage", usage=usage))
        fed_code, code, assignments = words[0], words[1], words[2:]
    elif verb in ("disable", "enable"):
        words = rest.split()
        if len(words) not in (2, 3) or (len(words) == 3 and words[2].lower() != "remove"):
            raise UserError(t(ctx.language, "error.usage", usage=usage))
        if verb == "enable" and len(words) == 3:
            raise UserError(t(ctx.language, "error.usage", usage=usage))
        fed_code, code = words[0], words[1]
    else:
        raise UserError(t(ctx.language, "error.usage", usage=usage))
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        actor = setup.Actor(account.id, ctx.language, services.now())
        federation = await setup.federation_named(repos, actor, fed_code)
        await require_role(repos, ctx, account, federation, "admin")
        if verb == "disable":
            remove = len(words) == 3
            return Reply.text(
                await setup.disable_discipline(repos, actor, federation, code, remove=remove)
            )
        if verb == "enable":
            return Reply.text(await setup.enable_discipline(repos, actor, federation, code))
        if verb == "facts":
            found = await setup.discipline_of(repos, actor, federation, code)
            if assignments:
                found = await setup.set_discipline_facts(
                    repos, services.systems, actor, federation, code, assignments
                )
            shown = setup.discipline_facts_text(ctx.language, services.systems, found)
            return Reply.text(*shown.split("\n"))
        added = await setup.add_discipline(
            repos, services.systems, actor, federation, code, system, tail, calendar=calendar
        )
        return Reply.text(
            t(
                ctx.language,
                "setup.discipline_added",
                code=added.code,
                name=added.name,
                system=added.system,
                calendar=calendar_text(ctx.language, added.calendar),
                federation=federation.code,
            )
        )


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
