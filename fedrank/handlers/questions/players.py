"""What a player asks about himself beyond /rating: /why an award, /history of his figures.

Both read only what the engines stored: an award's trace (every coefficient under the rulebook's
name) and the published list rows (rating, position, and the counted tournaments an adapter
put in the row's data).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from fedrank.charts.layout import Level
from fedrank.charts.png import drawable, rating_chart
from fedrank.handlers import codes
from fedrank.handlers.access import one_tournament, stored_discipline, subject_player
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.questions.since import list_since_note
from fedrank.handlers.site.identity import discipline_name
from fedrank.handlers.systems import NoAdapterError
from fedrank.handlers.wording.common import fmt, label, player_label
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.phrases import wording
from fedrank.handlers.wording.reply import Attachment, Reply, bold, code
from fedrank.handlers.wording.words import (
    cell,
    colour_text,
    column,
    kind_text,
    title_text,
    trace_step,
)
from fedrank.storage.models import Discipline, ListRow, ListSnapshot, Player
from fedrank.storage.repos import Repos

MAX_TRACE_STEPS = 60
#: The columns of "what counts" that hold names and codes, shown as they are.
_NAMES = frozenset({"name", "event", "tournament", "code"})


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
        raise UserError(
            t(
                ctx.language,
                "error.usage",
                usage="/why <tournament> [player]",
            )
        )
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
        traces = [[s for s in award.trace if isinstance(s, dict)] for award in awards]
        shared = common_steps(traces)
        if shared:
            reply.line(bold(t(ctx.language, "why.common")))
            _steps(reply, ctx.language, shared)
        for award, steps in zip(awards, traces, strict=True):
            kind = kind_text(ctx.language, award.kind)
            colour = f" ({colour_text(ctx.language, award.colour)})" if award.colour else ""
            reply.line(bold(f"{kind}{colour} = {fmt(award.amount)}"))
            _steps(reply, ctx.language, steps[len(shared) :])
        return reply


def common_steps(traces: Sequence[Sequence[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The steps every one of several awards' traces begins with (an engine traces the
    tournament's coefficients once for all its figures), said once in ``/why``; none for
    one award, whose trace is read whole under it."""
    if len(traces) < 2:
        return []
    shared: list[dict[str, Any]] = []
    for steps in zip(*traces, strict=False):
        if any(step != steps[0] for step in steps[1:]):
            break
        shared.append(steps[0])
    return shared


def _steps(reply: Reply, language: str, steps: Sequence[dict[str, Any]]) -> None:
    for step in steps[:MAX_TRACE_STEPS]:
        reply.line("  ", code(trace_step(language, step)))
    if len(steps) > MAX_TRACE_STEPS:
        reply.line(t(language, "submit.more", count=len(steps) - MAX_TRACE_STEPS))


def _counted_rows(
    language: str, counted: list[Any]
) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    keys: list[str] = []
    for item in counted:
        if isinstance(item, dict):
            keys += [k for k in item if k not in keys]
    rows = [
        tuple(cell(language, item.get(k, "")) for k in keys)
        for item in counted
        if isinstance(item, dict)
    ]
    return tuple(column(language, k) for k in keys), rows


def _levels(services: Services, discipline: Discipline, language: str) -> list[Level]:
    try:
        return services.systems.adapter(discipline.system).rating_levels(language)
    except NoAdapterError:
        return []


def chart_titles(language: str, player: Player, discipline: Discipline) -> tuple[str, str]:
    """The chart's caption and the title drawn in its image. The caption is the title in the
    reader's language, names in any script (the client draws them); the image's title is the
    same text when its font has every character, else the first it has of: the name and
    discipline without the translated words, the Latin name or ID with the discipline's code
    (``charts/png.py`` says why)."""
    title = t(
        language,
        "chart.title",
        player=player_label(player),
        discipline=discipline_name(discipline, language),
    )
    ident = player.federation_player_id
    latin = label(player.latin_name, ident) if player.latin_name else ident
    candidates = [
        title,
        f"{player_label(player)} — {discipline_name(discipline, language)}",
        f"{latin} — {discipline.code}",
        f"{ident} — {discipline.code}",
        ident,
    ]
    return title, next((text for text in candidates if drawable(text)), "")


def history_chart(
    services: Services,
    language: str,
    player: Player,
    discipline: Discipline,
    rows: Sequence[tuple[ListRow, ListSnapshot]],
) -> Attachment:
    """The chart of ``rows`` (the player's list rows, oldest first), titled by
    :func:`chart_titles`, with the thresholds of the discipline's system."""
    caption, title = chart_titles(language, player, discipline)
    drawn = rating_chart(
        [(snap.list_date, Decimal(row.rating)) for row, snap in rows],
        _levels(services, discipline, language),
        title,
    )
    filename = f"{player.federation_player_id}-{discipline.code}.png"
    return Attachment(filename, drawn.png, "image/png", caption)


def one_list(services: Services, language: str, discipline: Discipline, row: ListRow) -> str:
    """A player on one list only: his figure and the title thresholds nearest it (the
    highest at or below it, the lowest above it), in words instead of a chart."""
    value = Decimal(row.rating)
    levels = sorted(_levels(services, discipline, language), key=lambda lv: lv.value)
    below = [lv for lv in levels if lv.value <= value][-1:]
    above = [lv for lv in levels if lv.value > value][:1]
    near = [
        t(language, "history.threshold_from", title=lv.label, rating=fmt(lv.value))
        for lv in below + above
    ]
    text = t(language, "history.one_list", rating=fmt(value))
    return text + (" " + t(language, "history.near", thresholds="; ".join(near)) if near else "")


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
            reply.line(bold(discipline_name(discipline, ctx.language)))
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
                        title_text(ctx.language, row.title or ""),
                    )
                    for row, snap in rows[-12:]
                ],
            )
            if len(rows) >= 2:
                reply.attach(history_chart(services, ctx.language, player, discipline, rows))
            else:  # one list: a chart would be a dot; the figure and the thresholds near it
                reply.line(one_list(services, ctx.language, discipline, rows[0][0]))
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
