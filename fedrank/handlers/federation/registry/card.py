"""``/player <ID or name>``: a player's registry card.

Everyone sees the public part (name, ID, Latin spelling, club, country, federation); a director
of the player's federation also sees what the registry keeps about the person (birth date, sex,
EGD PIN, memberships), and then the card is sent privately.
"""

from __future__ import annotations

from fedrank.handlers.access import caller, find_one_player, stored_federation
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.site.identity import federation_name
from fedrank.handlers.wording.common import player_label
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Reply, bold
from fedrank.storage.repos import ROLE_RANK

USAGE = "/player <ID or name>"


async def player(services: Services, ctx: RequestContext, args: str) -> Reply:
    query = args.strip()
    if not query:
        raise UserError(t(ctx.language, "error.usage", usage=USAGE))
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        found = await find_one_player(repos, ctx, query)
        federation = await stored_federation(repos, found.federation_id, ctx.language)
        director = (
            ROLE_RANK[await repos.accounts.role(account.id, federation.id)] >= ROLE_RANK["director"]
        )
        reply = Reply(private=director).line(bold(player_label(found)))
        facts = [
            ("card.federation", f"{federation.code} — {federation_name(federation, ctx.language)}"),
            ("card.latin_name", found.latin_name),
            ("card.club", found.club),
            ("card.country", found.country),
        ]
        if director:
            memberships = await repos.players.memberships(found.id)
            spans = ", ".join(
                f"{m.starts_on.isoformat()} – {m.ends_on.isoformat() if m.ends_on else '…'}"
                for m in memberships
            )
            facts += [
                ("card.birth_date", found.birth_date.isoformat() if found.birth_date else None),
                ("card.sex", found.gender),
                ("card.egd_pin", found.egd_pin),
                ("card.memberships", spans or t(ctx.language, "card.no_membership")),
            ]
        for key, value in facts:
            if value:
                reply.line(f"{t(ctx.language, key)}: {value}")
        return reply
