"""What a player asks about himself beyond /rating: /why an award, /history of his figures.

Both read only what the engines stored: an award's trace (every coefficient under the rulebook's
name) and the published list rows (rating, position, and the counted tournaments an adapter
put in the row's data).
"""

from __future__ import annotations

from typing import Any

from fedrank.handlers import codes
from fedrank.handlers.access import one_tournament, stored_discipline, subject_player
from fedrank.handlers.chart import rating_chart
from fedrank.handlers.common import fmt, player_label
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.i18n import t
from fedrank.handlers.phrases import localize, rule_text, wording
from fedrank.handlers.reply import Attachment, Reply, bold, code
from fedrank.handlers.since import list_since_note
from fedrank.storage.models import Player
from fedrank.storage.repos import Repos

MAX_TRACE_STEPS = 60
#: The columns of "what counts" that hold names and codes, shown as they are.
_NAMES = frozenset({"name", "event", "tournament", "code"})


def _step(language: str, step: dict[str, Any]) -> str:
    """A trace step: the rulebook's symbol as it is (a name that is a word, in ``language``);
    value, rule and note in ``language``."""
    value = step.get("value")
    shown = localize(language, value) if isinstance(value, str) else value
    text = f"{localize(language, str(step.get('name', '?')))} = {shown}"
    if step.get("rule"):
        text += f"  [{rule_text(language, str(step['rule']))}]"
    if step.get("note"):
        text += f"  — {localize(language, str(step['note']))}"
    return text


async def _not_of_another_federation(
    repos: Repos, ctx: RequestContext, query: str, player: Player, disciplines: list[int]
) -> None:
    """Refuse, saying so, a tournament that exists only in another federation's disciplines
    (``/why`` reads the player's own federation)."""
    if (await codes.find(repos, query, disciplines, limit=1)).candidates:
        return
    elsewhere = (await codes.find(repos, query, None, limit=1)).candidates
    if not elsewhere:
        return
    tournament = elsewhere[0]
    discipline = await repos.federations.discipline(tournament.discipline_id)
    own = await repos.federations.get(player.federation_id)
    other = (
        await repos.federations.get(discipline.federation_id) if discipline is not None else None
    )
    raise UserError(
        t(
            ctx.language,
            "figures.why_other_federation",
            tournament=tournament.code,
            federation=other.code if other is not None else "?",
            player=player_label(player),
            own=own.code if own is not None else "?",
        )
    )


async def why(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/why <tournament> [player]``: the trace of the player's awards in that tournament."""
    words = args.split()
    if not words:
        raise UserError(t(ctx.language, "error.usage", usage="/why <tournament> [player]"))
    async with services.db.read() as repos:
        # The tournament by code or by name (words), then the player, if one is named.
        count = await codes.leading_name(repos, words)
        query, who = " ".join(words[:count]), " ".join(words[count:])
        if who.strip():
            named = [await subject_player(repos, ctx, who.strip())]
        else:
            # The caller's own players: the tournament's federation says which one is meant.
            named = await repos.accounts.linked_players(ctx.platform, ctx.user_id)
            if not named:
                raise UserError(t(ctx.language, "rating.unlinked"))
        federations = {p.federation_id for p in named}
        disciplines = [
            d.id for d in await repos.federations.disciplines() if d.federation_id in federations
        ]
        await _not_of_another_federation(repos, ctx, query, named[0], disciplines)
        tournament = await one_tournament(
            repos,
            ctx,
            query,
            unknown="why.no_tournament",
            choose="why.choose",
            disciplines=disciplines,
        )
        discipline = await stored_discipline(repos, tournament.discipline_id, ctx.language)
        player = next(p for p in named if p.federation_id == discipline.federation_id)
        awards = [
            award for award, trn in await repos.ledger.awards(player.id) if trn.id == tournament.id
        ]
        if not awards:
            raise UserError(
                t(ctx.language, "why.no_award", player=player.name, tournament=tournament.name)
            )
        reply = Reply().line(
            bold(f"{player_label(player)} — {tournament.name}"),
            f" ({tournament.held_on.isoformat()})",
        )
        for award in awards:
            colour = f" ({localize(ctx.language, award.colour)})" if award.colour else ""
            kind = localize(ctx.language, award.kind)
            reply.line(bold(f"{kind}{colour} = {fmt(award.amount)}"))
            steps = [s for s in award.trace if isinstance(s, dict)]
            for step in steps[:MAX_TRACE_STEPS]:
                reply.line("  ", code(_step(ctx.language, step)))
            if len(steps) > MAX_TRACE_STEPS:
                reply.line(t(ctx.language, "submit.more", count=len(steps) - MAX_TRACE_STEPS))
        return reply


def _counted_rows(
    language: str, counted: list[Any]
) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    keys: list[str] = []
    for item in counted:
        if isinstance(item, dict):
            keys += [k for k in item if k not in keys]
    rows = [
        tuple(
            str(item.get(k, "")) if k in _NAMES else localize(language, str(item.get(k, "")))
            for k in keys
        )
        for item in counted
        if isinstance(item, dict)
    ]
    return tuple(localize(language, k) for k in keys), rows


async def history(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/history [player]``: rating over time as a chart, and what counts in the current list."""
    async with services.db.read() as repos:
        player = await subject_player(repos, ctx, args.strip())
        reply = Reply().line(bold(player_label(player)))
        found = False
        for discipline in await repos.federations.disciplines(player.federation_id):
            rows = await repos.lists.player_rows(player.id, discipline.id)
            if not rows:
                continue
            found = True
            reply.line(bold(discipline.name))
            reply.table(
                tuple(
                    wording(
                        ctx.language, discipline.system, "history_headers", "history.headers"
                    ).split("|")
                ),
                [
                    (
                        snap.list_date.isoformat(),
                        str(row.position),
                        fmt(row.rating),
                        localize(ctx.language, row.title or ""),
                    )
                    for row, snap in rows[-12:]
                ],
            )
            points = [(snap.list_date, float(row.rating)) for row, snap in rows]
            reply.attach(
                Attachment(
                    f"{player.federation_player_id}-{discipline.code}.png",
                    rating_chart(points),
                    "image/png",
                    wording(
                        ctx.language,
                        discipline.system,
                        "history_caption",
                        "history.caption",
                        discipline=discipline.name,
                    ),
                )
            )
            counted = rows[-1][0].data.get("counted")
            if isinstance(counted, list) and counted:
                headers, table = _counted_rows(ctx.language, counted)
                reply.line(t(ctx.language, "history.counted"))
                reply.table(headers, table)
            note = await list_since_note(repos, ctx, discipline.id)
            if note:
                reply.line(note)
        if not found:
            reply.line(t(ctx.language, "rating.nothing", player=player.name))
        return reply
