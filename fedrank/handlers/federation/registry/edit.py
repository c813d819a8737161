"""``/playeradd`` and ``/playeredit``: a director adds or changes one player of his federation.

The fields are ``column=value`` pairs named as in the registry file (``club="Kyiv Go Club"``,
``birth_date=02.04.1999``, ``bridge_fsbr.initial_rk=-2.5``), so a chat edit is a one-line
registry import: the same checks, the same audit (``player.registry_changed`` with the fields
before and after, by the director's account), written in one transaction.
"""

from __future__ import annotations

import shlex

from fedrank.handlers.access import caller, director_of, known_federation, player_by_exact_id
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.federation.registry.fileformat import RegistryFileError, write_csv
from fedrank.handlers.federation.registry.importing import write_import
from fedrank.handlers.federation.registry.plan import NewPlayer, RegistryPlan
from fedrank.handlers.wording.common import label
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Reply
from fedrank.storage.repos import Repos

ADD_USAGE = '/playeradd <federation> name="…" [column=value …]'
EDIT_USAGE = "/playeredit <ID> column=value [column=value …]"


def _fields(ctx: RequestContext, words: list[str], usage: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    for word in words:
        column, sep, value = word.partition("=")
        if not sep or not column or column in fields:
            raise UserError(t(ctx.language, "error.usage", usage=usage))
        fields[column] = value
    if not fields:
        raise UserError(t(ctx.language, "error.usage", usage=usage))
    return fields


def _split(ctx: RequestContext, args: str, usage: str) -> list[str]:
    try:
        words = shlex.split(args)
    except ValueError:
        raise UserError(t(ctx.language, "error.usage", usage=usage)) from None
    if len(words) < 2:
        raise UserError(t(ctx.language, "error.usage", usage=usage))
    return words


async def _plan(
    repos: Repos, services: Services, ctx: RequestContext, code: str, fields: dict[str, str]
) -> RegistryPlan:
    from fedrank.handlers.federation.registry.importing import prepare_import

    content = write_csv(list(fields), [list(fields.values())])
    try:
        return await prepare_import(repos, services.systems, code, "chat", content)
    except RegistryFileError as exc:
        problems = "; ".join(f"{p.field}: {p.message}" for p in exc.problems)
        raise UserError(t(ctx.language, "submit.refused", error=problems)) from None


async def playeradd(services: Services, ctx: RequestContext, args: str) -> Reply:
    words = _split(ctx, args, ADD_USAGE)
    fields = _fields(ctx, words[1:], ADD_USAGE)
    if "name" not in fields:
        raise UserError(t(ctx.language, "error.usage", usage=ADD_USAGE))
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        federation = await known_federation(repos, ctx, words[0])
        await director_of(repos, ctx, account, federation.id)
        if fields.get("id") and await repos.players.by_federation_id(federation.id, fields["id"]):
            raise UserError(t(ctx.language, "registry.exists", id=fields["id"]))
        plan = await _plan(repos, services, ctx, federation.code, {"id": "", **fields})
        if not plan.new:
            known = plan.changed[0].federation_player_id if plan.changed else fields["name"]
            raise UserError(t(ctx.language, "registry.exists", id=known))
        added = NewPlayer.of(plan.new[0])
        name, fpid = added.values["name"], added.federation_player_id
        await write_import(repos, plan, now=services.now(), account_id=account.id)
        return Reply.text(t(ctx.language, "registry.added", player=label(name, fpid)))


async def playeredit(services: Services, ctx: RequestContext, args: str) -> Reply:
    words = _split(ctx, args, EDIT_USAGE)
    fields = _fields(ctx, words[1:], EDIT_USAGE)
    if "id" in fields:
        raise UserError(t(ctx.language, "error.usage", usage=EDIT_USAGE))
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        found = await player_by_exact_id(repos, ctx, words[0])
        federation = await director_of(repos, ctx, account, found.federation_id)
        row = {"id": found.federation_player_id, "name": found.name, **fields}
        plan = await _plan(repos, services, ctx, federation.code, row)
        who = label(str(row["name"]), found.federation_player_id)
        if not plan.changed:
            return Reply.text(t(ctx.language, "registry.unchanged", player=who))
        changed = ", ".join(plan.changed[0].fields)
        await write_import(repos, plan, now=services.now(), account_id=account.id)
        return Reply.text(t(ctx.language, "registry.saved", player=who, fields=changed))
