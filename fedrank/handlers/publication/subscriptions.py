"""/subscribe and /unsubscribe: which chats receive a discipline's list announcements.

A private chat subscribes itself; a group or channel is subscribed only by a director of the
discipline's federation, so nobody can turn a stranger's group into a notice board.
``/subscribe <discipline> me`` asks for a private message about one's own changes.
"""

from __future__ import annotations

from fedrank.handlers.access import caller, director_of, known_discipline
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.site.identity import discipline_name
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Reply


async def _toggle(services: Services, ctx: RequestContext, args: str, on: bool) -> Reply:
    parts = args.split()
    usage = "/subscribe <discipline> [me]" if on else "/unsubscribe <discipline> [me]"
    if not 1 <= len(parts) <= 2 or (len(parts) == 2 and parts[1].lower() != "me"):
        raise UserError(t(ctx.language, "error.usage", usage=usage))
    kind = "personal" if len(parts) == 2 else "lists"
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        discipline = await known_discipline(repos, ctx, parts[0])
        if kind == "personal":
            player = await repos.accounts.player_in(account.id, discipline.federation_id)
            if player is None:
                raise UserError(t(ctx.language, "rating.unlinked"))
            # Subscribing is refused without a record there; unsubscribing is always allowed.
            if on and not await repos.players.has_record(player.id, discipline.id):
                raise UserError(
                    t(
                        ctx.language,
                        "figures.sub_no_record",
                        discipline=discipline_name(discipline, ctx.language),
                    )
                )
            chat = ctx.user_id
        else:
            chat = ctx.chat_id
            if not ctx.is_private:
                await director_of(repos, ctx, account, discipline.federation_id)
        if on:
            changed = await repos.subscriptions.add(
                ctx.platform, chat, discipline.id, kind, services.now()
            )
        else:
            changed = await repos.subscriptions.remove(ctx.platform, chat, discipline.id, kind)
        await repos.audit.log(
            "subscription.added" if on else "subscription.removed",
            at=services.now(),
            account_id=account.id,
            federation_id=discipline.federation_id,
            subject=f"{ctx.platform}:{chat} {discipline.code} {kind}",
            details={"changed": changed},
        )
        if on:
            key = ("sub.on_me" if kind == "personal" else "sub.on") if changed else "sub.already_on"
        else:
            key = "sub.off" if changed else "sub.already_off"
        return Reply.text(
            t(ctx.language, key, discipline=discipline_name(discipline, ctx.language))
        )


async def subscribe(services: Services, ctx: RequestContext, args: str) -> Reply:
    return await _toggle(services, ctx, args, on=True)


async def unsubscribe(services: Services, ctx: RequestContext, args: str) -> Reply:
    return await _toggle(services, ctx, args, on=False)
