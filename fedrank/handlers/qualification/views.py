"""What directors and players see of qualification windows.

- ``/qualifications [discipline] [page]``: every window, a page at a time, with its dates,
  quota, places, state and the deadlines awaited. A director sees every window of the
  federations he directs (and who has no linked account, since he must pass those on); a
  player sees the windows he was offered a place in, with his own state and deadline.
- ``/qualification <id>``: a director's full view of one window: the frozen list, the reserve
  and every place.
"""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

from fedrank.engines.kernel import half_up
from fedrank.handlers.access import (
    caller,
    directed_federations,
    known_discipline,
    require_role,
)
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.qualification.messages import player_name
from fedrank.handlers.qualification.state import (
    event_of,
    iso,
    rating_list_on,
    state_from_json,
    window_of,
)
from fedrank.handlers.site.identity import discipline_name
from fedrank.handlers.wording.common import fmt, is_number, row_id
from fedrank.handlers.wording.i18n import t, tn
from fedrank.handlers.wording.reply import Reply, bold
from fedrank.storage.models import Discipline, QualificationSlot
from fedrank.storage.models import Qualification as QualificationRow
from fedrank.storage.repos import Repos

#: Windows per page of /qualifications.
PAGE = 6
LIST_USAGE = "/qualifications [discipline] [page]"
#: Players without a membership named in /qualification (the rest are counted).
UNMEMBERED_SHOWN = 20


def window_state(row: QualificationRow, today: date) -> str:
    """``waiting`` (for its date), ``refused`` (list not frozen), ``open``, ``filled`` or
    ``closed`` (the event began)."""
    if today > row.event_date:
        return "closed"
    if "state" not in row.data:
        return "refused" if "refused" in row.data else "waiting"
    return "filled" if "filled" in row.data else "open"


async def _director_lines(
    repos: Repos, row: QualificationRow, slots: list[QualificationSlot], lang: str, reply: Reply
) -> None:
    counts: dict[str, int] = {}
    for s in slots:
        counts[s.state] = counts.get(s.state, 0) + 1
    if slots:
        reply.line(
            t(
                lang,
                "qual.list_places",
                confirmed=counts.get("confirmed", 0),
                invited=counts.get("invited", 0),
                declined=counts.get("declined", 0),
                reserve=counts.get("reserve", 0),
            )
        )
    for s in slots:
        if s.state != "invited":
            continue
        unlinked = not await repos.accounts.for_player(s.player_id)
        key = "qual.list_awaited_unlinked" if unlinked else "qual.list_awaited"
        reply.line(
            t(
                lang,
                key,
                player=await player_name(repos, str(s.player_id)),
                deadline=iso(s.deadline) or "—",
            )
        )


async def qualifications(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/qualifications [discipline] [page]`` (see the module's doc)."""
    lang = ctx.language
    words = args.split()
    page = 1
    if words and is_number(words[-1]) and len(words[-1]) < 6:
        page = max(int(words.pop()), 1)
    if len(words) > 1:
        raise UserError(t(lang, "error.usage", usage=LIST_USAGE))
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        discipline: Discipline | None = (
            await known_discipline(repos, ctx, words[0]) if words else None
        )
        directed = {f.id: f for f in await directed_federations(repos, account)}
        mine = {p.id: p for p in await repos.accounts.players_of(account.id)}
        own_slots: dict[int, QualificationSlot] = {}
        for pid in mine:
            for s in await repos.qualifications.slots_of_player(pid):
                own_slots[s.qualification_id] = s
        shown: list[tuple[QualificationRow, Discipline, bool]] = []
        for row in await repos.qualifications.open_ones(date.min):
            if discipline is not None and row.discipline_id != discipline.id:
                continue
            d, federation = await window_of(repos, row, lang)
            if federation.id in directed:
                shown.append((row, d, True))
            elif row.id in own_slots:
                shown.append((row, d, False))
        if not shown:
            if not directed and not mine:
                raise UserError(t(lang, "qual.list_unlinked"))
            return Reply.text(t(lang, "qual.list_none"), private=True)
        shown.sort(key=lambda item: (-item[0].event_date.toordinal(), -item[0].id))
        pages = (len(shown) + PAGE - 1) // PAGE
        page = min(page, pages)
        reply = Reply(private=True)
        if pages > 1:
            reply.line(
                tn(lang, "qual.list_page", len(shown), page=page, pages=pages, total=len(shown))
            )
        for row, d, as_director in shown[(page - 1) * PAGE : page * PAGE]:
            _, window_federation = await window_of(repos, row, lang)
            today = services.now().astimezone(ZoneInfo(window_federation.timezone)).date()
            state = window_state(row, today)
            reply.line(
                bold(
                    t(
                        lang,
                        "qual.list_title",
                        id=row.id,
                        event=row.name,
                        discipline=d.code,
                        event_date=row.event_date.isoformat(),
                    )
                )
            )
            reply.line(
                t(
                    lang,
                    "qual.list_dates",
                    date=row.qualification_date.isoformat(),
                    quota=row.quota,
                    presidium=len(row.data.get("presidium", [])),
                    state=t(lang, f"qual.window_{state}"),
                )
            )
            if as_director:
                slots = list(await repos.qualifications.slots(row.id))
                await _director_lines(repos, row, slots, lang, reply)
                reply.button(t(lang, "qual.button_show", id=row.id), f"/qualification {row.id}")
                continue
            own = own_slots[row.id]
            reply.line(
                t(
                    lang,
                    "qual.list_yours",
                    state=t(lang, f"qual.state_{own.state}"),
                    deadline=iso(own.deadline) or "—",
                )
            )
            if own.state == "invited" and state == "open":
                reply.button(t(lang, "qual.button_confirm"), f"/qconfirm {row.id}")
                reply.button(t(lang, "qual.button_decline"), f"/qdecline {row.id}")
        code = f"{discipline.code} " if discipline is not None else ""
        if page > 1:
            reply.button(t(lang, "link.page_back"), f"/qualifications {code}{page - 1}")
        if page < pages:
            reply.button(t(lang, "link.page_next"), f"/qualifications {code}{page + 1}")
        return reply


async def show(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/qualification <id>``: the list, the reserve and each slot's state, for a director."""
    lang = ctx.language
    if not is_number(args.strip()):
        raise UserError(t(lang, "error.usage", usage="/qualification <id>"))
    number = row_id(args)
    if number is None:  # beyond any row's ID
        raise UserError(t(lang, "qual.no_such", id=args.strip()))
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        row = await repos.qualifications.get(number)
        if row is None:
            raise UserError(t(lang, "qual.no_such", id=args.strip()))
        discipline, federation = await window_of(repos, row, lang)
        await require_role(repos, ctx, account, federation, "director")
        reply = Reply(private=True).line(
            bold(
                t(
                    lang,
                    "qual.show_title",
                    id=row.id,
                    event=row.name,
                    discipline=discipline_name(discipline, lang),
                    event_date=row.event_date.isoformat(),
                )
            )
        )
        reply.line(
            t(
                lang,
                "qual.show_dates",
                date=row.qualification_date.isoformat(),
                quota=row.quota,
                presidium=len(row.data.get("presidium", [])),
            )
        )
        if "state" not in row.data:
            if "refused" in row.data:
                reply.line(t(lang, "qual.refused", id=row.id, error=row.data["refused"]))
                reply.line(t(lang, "qual.refused_retry"))
            reply.line(t(lang, "qual.not_frozen"))
            listed = await rating_list_on(
                repos, services.systems, discipline, row.qualification_date
            )
            await _unmembered(repos, [r.player for r in listed.rows], lang, reply)
            return reply
        q = state_from_json(event_of(row, discipline), row.data["state"])
        names: dict[str, str] = row.data.get("names", {})

        async def label(player: str) -> str:
            return names.get(player) or await player_name(repos, player)

        reply.line(bold(t(lang, "qual.frozen_list", date=q.on.isoformat())))
        reply.table(
            (t(lang, "ann.col_position"), t(lang, "qual.col_player"), t(lang, "ann.col_rating")),
            [
                (str(c.position), await label(c.player), fmt(half_up(c.rating, 2)))
                for c in q.candidates
            ],
        )
        rows = []
        for s in q.slots:
            rows.append(
                (
                    await label(s.player),
                    t(lang, f"qual.source_{s.basis}"),
                    t(lang, f"qual.state_{s.status.value}"),
                    iso(s.informed_on) or "—",
                    iso(s.consent_by) or "—",
                    iso(s.closed_on) or "—",
                )
            )
        reply.line(bold(t(lang, "qual.slots")))
        reply.table(
            (
                t(lang, "qual.col_player"),
                t(lang, "qual.col_source"),
                t(lang, "qual.col_state"),
                t(lang, "qual.col_informed"),
                t(lang, "qual.col_deadline"),
                t(lang, "qual.col_closed"),
            ),
            rows,
        )
        reserve = [await label(p) for p in q.reserve]
        reply.line(t(lang, "qual.reserve", players=", ".join(reserve) or "—"))
        if q.skipped:
            skipped = ", ".join([await label(s.player) for s in q.skipped])
            reply.line(t(lang, "qual.skipped", players=skipped))
        if q.unfilled:
            reply.line(t(lang, "qual.unfilled", unfilled=q.unfilled))
        await _unmembered(repos, [s.player for s in q.skipped], lang, reply)
        return reply


async def _unmembered(repos: Repos, players: list[str], lang: str, reply: Reply) -> None:
    """Say who of ``players`` has no membership at all (players registered from a results
    sheet get none), so is outside every qualification (3.2), and how to give one."""
    periods = await repos.players.membership_periods([int(p) for p in players])
    outside = [p for p in players if int(p) not in periods]
    if not outside:
        return
    names = [await player_name(repos, p) for p in outside[:UNMEMBERED_SHOWN]]
    if len(outside) > UNMEMBERED_SHOWN:
        names.append(t(lang, "qual.and_more", count=len(outside) - UNMEMBERED_SHOWN))
    reply.line(t(lang, "qual.no_membership", count=len(outside), players=", ".join(names)))
    reply.line(t(lang, "qual.how_membership"))
