"""/rating and /top: what the latest published list and the ledger say about players."""

from __future__ import annotations

import re
from datetime import date, datetime

from fedrank.handlers.access import find_one_player, known_discipline, unknown_discipline
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.publication.publish import local_today
from fedrank.handlers.questions.since import list_since_note, since_block, since_note
from fedrank.handlers.site.identity import discipline_name, local_name
from fedrank.handlers.site.links import player_url
from fedrank.handlers.wording.common import fmt, is_number, label
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.phrases import wording
from fedrank.handlers.wording.reply import Reply, bold
from fedrank.handlers.wording.words import next_text, points_text, title_text
from fedrank.storage.models import Discipline
from fedrank.storage.records import PointTotal, RatingCard, Standing, TopList, TopRow
from fedrank.storage.repos import (
    Repos,
    discipline_by_code,
    latest_top,
    rating_cards,
    stored_since,
)

TOP_DEFAULT = 10
TOP_MAX = 50
TOP_USAGE = "/top [discipline] [n] [YYYY-MM-DD]"
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _standing_lines(
    ctx: RequestContext, standing: Standing, listed_totals: list[PointTotal] | None = None
) -> list[str]:
    """The lines of one discipline in /rating; empty when the player has nothing there.

    In the list: what the list says (position, rating, the list's title, the ledger lines it
    counted, its "Next"). Not in it: his live title and points (the block of what was stored
    since, :mod:`.since`, then adds what the next list would show)."""
    lines: list[str] = []
    listed = standing.position is not None and standing.list_date is not None
    if listed:
        lines.append(
            t(
                ctx.language,
                "rating.position",
                position=standing.position,
                size=standing.list_size,
                date=standing.list_date.isoformat() if standing.list_date else "",
            )
        )
        lines.append(
            wording(
                ctx.language, standing.system, "figure", "rating.rating", value=fmt(standing.rating)
            )
        )
        title, since, totals = (
            standing.listed_title,
            standing.listed_title_since,
            standing.listed_totals if listed_totals is None else listed_totals,
        )
    else:
        title, since, totals = standing.title, standing.title_since, standing.totals
    if title is not None and since is not None:
        shown = title_text(ctx.language, title)
        day = since.isoformat()
        lines.append(
            wording(ctx.language, standing.system, "title", "rating.title", title=shown, since=day)
        )
    elif title is not None:
        shown = title_text(ctx.language, title)
        lines.append(
            wording(
                ctx.language, standing.system, "title_listed", "figures.title_listed", title=shown
            )
        )
    if totals:
        lines.append(t(ctx.language, "rating.points", points=points_text(ctx.language, totals)))
    next_title = next_text(ctx.language, standing.row_data) if listed and standing.row_data else ""
    if next_title:
        lines.append(t(ctx.language, "rating.next", next=next_title))
    return lines


async def _card(services: Services, ctx: RequestContext, card: RatingCard) -> Reply:
    federation = local_name(card.federation_names, card.federation_name, ctx.language)
    reply = Reply().line(
        bold(label(card.player_name, card.federation_player_id)), f" — {federation}"
    )
    url = player_url(
        card.federation_code, card.federation_player_id, ctx.language, card.federation_language
    )
    if url is not None and card.federation_code:
        # the player's page: a Telegram Web App where it can open, else a link
        reply.link_button(t(ctx.language, "rating.open_page"), url, web_app=True)
    changed = [s for s in card.standings if s.stored_since or s.listed_totals != s.totals]
    blocks: dict[int, tuple[str, list[str], list[PointTotal] | None]] = {}
    if changed:
        today = local_today(card.timezone, services.now())
        for standing in changed:
            blocks[standing.discipline_id] = await since_block(
                services, ctx, standing, card.player_id, card.player_name, today
            )
    for standing in card.standings:
        heading, live, listed = blocks.get(standing.discipline_id, ("", [], None))
        lines = _standing_lines(ctx, standing, listed)
        if not lines and not heading:
            continue
        reply.line(
            bold(local_name(standing.discipline_names, standing.discipline_name, ctx.language))
        )
        for line in lines:
            reply.line("  " + line)
        if heading:
            reply.line("  ", bold(heading))
            for line in live:
                reply.line("    " + line)
    if len(reply.blocks) == 1:
        reply.line(t(ctx.language, "rating.nothing", player=card.player_name))
    return reply


async def rating(services: Services, ctx: RequestContext, args: str) -> Reply:
    query = args.strip()
    # One query, of plain columns, in the usual cases (a federation ID, or the caller's own
    # link); a name, or an ID several federations share, goes through find_one_player.
    # (Database.plain_rows: one thread hop on SQLite, outside a transaction.)
    if query:
        cards = await rating_cards(services.db, federation_player_id=query)
    else:
        cards = await rating_cards(services.db, account=(ctx.platform, ctx.user_id))
    if not query and not cards:
        raise UserError(t(ctx.language, "rating.unlinked"))
    if not query and len(cards) > 1:
        # An account linked in several federations: one card per player.
        whole = Reply()
        for card in cards:
            one = await _card(services, ctx, card)
            whole.blocks.extend(one.blocks)
            whole.buttons.extend(one.buttons)
        return whole
    if len(cards) != 1:
        async with services.db.read() as repos:
            player = await find_one_player(repos, ctx, query)
            cards = await repos.lists.rating_cards(player_id=player.id)
    return await _card(services, ctx, cards[0])


async def rating_of(services: Services, ctx: RequestContext, federation: str, fpid: str) -> Reply:
    """/rating of the player ``fpid`` of ``federation`` (a profile's link into the bot)."""
    async with services.db.read() as repos:
        found = await repos.federations.by_code(federation)
        player = await repos.players.by_federation_id(found.id, fpid) if found is not None else None
        if player is None:
            raise UserError(t(ctx.language, "player.not_found", query=fpid))
        cards = await repos.lists.rating_cards(player_id=player.id)
    return await _card(services, ctx, cards[0])


async def _discipline(repos: Repos, ctx: RequestContext, query: str | None) -> Discipline:
    """The discipline named, else the only one there is, else the caller's federation's one."""
    if query is not None:
        return await known_discipline(repos, ctx, query)
    disciplines = await repos.federations.disciplines()
    if len(disciplines) == 1:
        return disciplines[0]
    mine = {p.federation_id for p in await repos.accounts.linked_players(ctx.platform, ctx.user_id)}
    own = [d for d in disciplines if d.federation_id in mine]
    if len(own) == 1:
        return own[0]
    raise unknown_discipline(ctx.language, None, disciplines)


def _list_date(ctx: RequestContext, parts: list[str]) -> date | None:
    """The date typed last (``YYYY-MM-DD``), taken off ``parts``; None when there is none."""
    if not parts or not _DATE.fullmatch(parts[-1]):
        return None
    typed = parts.pop()
    try:
        return date.fromisoformat(typed)
    except ValueError:
        raise UserError(t(ctx.language, "top.bad_date", date=typed)) from None


async def top(services: Services, ctx: RequestContext, args: str) -> Reply:
    parts = args.split()
    on = _list_date(ctx, parts)
    count = TOP_DEFAULT
    if parts and is_number(parts[-1].removeprefix("-")):
        count = int(parts.pop())
        if not 1 <= count <= TOP_MAX:
            raise UserError(t(ctx.language, "top.bad_count", max=TOP_MAX))
    if len(parts) > 1:
        raise UserError(t(ctx.language, "error.usage", usage=TOP_USAGE))
    if on is not None:
        return await top_on(services, ctx, parts[0] if parts else None, count, on)
    found = None
    stored: list[tuple[str, str, date]] = []
    if parts:
        # The usual case, a discipline by its code: three reads of plain columns outside a
        # transaction (the discipline, the head of its list, what was stored since), each one
        # thread hop on SQLite (Database.plain_reader).
        async with services.db.plain_reader() as conn:
            found = await discipline_by_code(conn, parts[0])
            head = await latest_top(conn, found[0], count) if found is not None else None
            if found is not None and head is not None:
                stored = await stored_since(conn, found[0], _since(head))
    if found is None:
        async with services.db.read() as repos:
            discipline = await _discipline(repos, ctx, parts[0] if parts else None)
            found = (discipline.id, discipline.name, discipline.system, discipline.names)
            head = await repos.lists.latest_top(discipline.id, count)
            if head is not None:
                stored = await stored_since(repos.session, discipline.id, _since(head))
    name = local_name(found[3], found[1], ctx.language)
    if head is None:
        return Reply.text(t(ctx.language, "top.no_list", discipline=name))
    reply = _top_reply(ctx, name, head, found[2])
    note = since_note(ctx, stored)
    if note:
        reply.line(note)
    return reply


def _since(head: TopList) -> tuple[date, datetime] | None:
    return None if head.created_at is None else (head.list_date, head.created_at)


def _top_reply(ctx: RequestContext, name: str, head: TopList, system: str) -> Reply:
    """The head of a list: its title line and the table."""
    headers = tuple(wording(ctx.language, system, "top_headers", "top.headers").split("|"))
    reply = Reply().line(
        bold(
            t(
                ctx.language,
                "top.title",
                discipline=name,
                date=head.list_date.isoformat(),
                count=len(head.rows),
                size=head.size,
            )
        )
    )
    return reply.table(
        headers,
        [
            (
                str(row.position),
                label(row.player_name, row.federation_player_id),
                fmt(row.rating),
                title_text(ctx.language, row.title or ""),
            )
            for row in head.rows
        ],
    )


async def top_on(
    services: Services, ctx: RequestContext, query: str | None, count: int, on: date
) -> Reply:
    """``/top <discipline> [n] <date>``: the list in force on ``on`` (the latest one dated on
    or before it). What was stored since is said under the current list only."""
    async with services.db.read() as repos:
        discipline = await _discipline(repos, ctx, query)
        snapshot = await repos.lists.latest(discipline.id, on=on)
        if snapshot is None:
            every = await repos.lists.snapshots(discipline.id)
            if not every:
                return Reply.text(
                    t(
                        ctx.language,
                        "top.no_list",
                        discipline=discipline_name(discipline, ctx.language),
                    )
                )
            return Reply.text(
                t(
                    ctx.language,
                    "top.before_first",
                    discipline=discipline_name(discipline, ctx.language),
                    date=on.isoformat(),
                    first=every[0].list_date.isoformat(),
                )
            )
        rows = await repos.lists.top(snapshot.id, count)
        head = TopList(
            snapshot_id=snapshot.id,
            list_date=snapshot.list_date,
            size=await repos.lists.size(snapshot.id),
            rows=[
                TopRow(row.position, row.rating, row.title, p.name, p.federation_player_id)
                for row, p in rows
            ],
        )
        latest = await repos.lists.latest(discipline.id)
        current = latest is not None and latest.id == snapshot.id
        note = await list_since_note(repos, ctx, discipline.id) if current else ""
        # Read before the read-only unit ends (its rollback expires the rows).
        reply = Reply().line(
            t(
                ctx.language,
                "top.in_force",
                date=on.isoformat(),
                list_date=snapshot.list_date.isoformat(),
            )
        )
        reply.blocks.extend(
            _top_reply(
                ctx, discipline_name(discipline, ctx.language), head, discipline.system
            ).blocks
        )
        if not current and latest is not None:
            reply.line(t(ctx.language, "top.newer", latest=latest.list_date.isoformat()))
    if note:
        reply.line(note)
    return reply
