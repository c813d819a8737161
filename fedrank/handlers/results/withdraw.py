"""``/withdraw <tournament>``: a director takes a stored tournament out of the lists.

Points are an append-only ledger, so a withdrawal deletes nothing: it is the tournament's next
version, without entries, games or awards, and every version before it stays in the ledger
but no longer counts (like any superseded version). The later tournaments whose figures came
from it are re-rated in the same transaction (the system's adapter says which). The director
sees the preview first; ``/confirm`` writes it (refused if someone stored another version
since) and the audit log records it as ``results.withdrawn``.
"""

from __future__ import annotations

from fedrank.handlers.access import (
    caller,
    current_version,
    director_of,
    one_tournament,
    stored_discipline,
)
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.results.corrections import correction_lines
from fedrank.handlers.results.submission import hold_for_confirmation
from fedrank.handlers.site.identity import discipline_name
from fedrank.handlers.systems import NoAdapterError
from fedrank.handlers.systems.base import is_withdrawn
from fedrank.handlers.wording.i18n import t, tn
from fedrank.handlers.wording.reply import Reply, bold


async def withdraw(services: Services, ctx: RequestContext, args: str) -> Reply:
    query = args.strip()
    if not query:
        raise UserError(t(ctx.language, "error.usage", usage="/withdraw <tournament>"))
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        tournament = await one_tournament(
            repos, ctx, query, unknown="withdraw.unknown", choose="withdraw.choose"
        )
        discipline = await stored_discipline(repos, tournament.discipline_id, ctx.language)
        await director_of(repos, ctx, account, discipline.federation_id)
        version = await current_version(repos, tournament, ctx.language)
        if is_withdrawn(version.params):
            raise UserError(
                t(
                    ctx.language,
                    "withdraw.already",
                    name=tournament.name,
                    code=tournament.code,
                    version=version.version,
                )
            )
        try:
            adapter = services.systems.adapter(discipline.system)
        except NoAdapterError:
            raise UserError(
                t(ctx.language, "submit.no_adapter", system=discipline.system)
            ) from None
        prepared = await adapter.withdraw(repos, discipline, tournament, version)
        entries, _, _ = await repos.ledger.version_rows(version.id)
        token = await hold_for_confirmation(
            repos, account.id, discipline, prepared, "", "", services.now()
        )
        where = discipline_name(discipline, ctx.language)
        reply = Reply().line(
            bold(t(ctx.language, "withdraw.preview_title", name=tournament.name)),
            f" — {where}, {version.held_on.isoformat()}, {tournament.code}",
        )
        reply.line(
            tn(
                ctx.language,
                "withdraw.explain",
                len(entries),
                count=len(entries),
                version=version.version,
                next=version.version + 1,
            )
        )
        for line in correction_lines(ctx.language, prepared, 0):
            reply.line(line)
        if not prepared.replays:
            reply.line(t(ctx.language, "corrections.no_replays"))
        reply.button(t(ctx.language, "submit.confirm"), f"/confirm {token}")
        reply.button(t(ctx.language, "submit.cancel"), f"/cancel {token}")
        return reply
