"""What was stored since a discipline's last published list, shown apart from the list.

A published list is the official truth of its date: /rating, /top and /history show its figures
as they are. Tournaments stored afterwards (or dated on or after the list's date, which it does
not count) change the ledger, not the list; /rating then adds a block "Since the list of …"
with the live figures and, computed from the same figures by the system's adapter, what the
next list would show: position, rating, title and "Next". So every "Next" is printed beside the
figures it was computed from.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Final

from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.systems import NoAdapterError
from fedrank.handlers.wording.common import fmt
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.phrases import wording
from fedrank.handlers.wording.words import next_text, points_text, title_text
from fedrank.storage.records import ComputedList, PointTotal, Standing
from fedrank.storage.repos import Repos, ledger_state, stored_since, totals_as_listed

#: The months in which each calendar publishes (on the 1st); on-demand lists have none.
CALENDAR_MONTHS: Final = {
    "monthly": tuple(range(1, 13)),
    "quarterly": (1, 4, 7, 10),
    "yearly": (1,),
}
#: How many tournaments stored since a list the block names (then "and N more").
NAMED: Final = 2
#: How many computed lists a process keeps (one per discipline and ledger state).
CACHED_LISTS: Final = 8


def next_list_date(calendar: str, after: date) -> date:
    """The first list date of ``calendar`` after ``after``; the next day for on-demand lists."""
    months = CALENDAR_MONTHS.get(calendar)
    if not months:
        return after + timedelta(days=1)
    year, month = after.year, after.month
    while True:
        month += 1
        if month == 13:
            year, month = year + 1, 1
        if month in months:
            return date(year, month, 1)


def stored_text(ctx: RequestContext, stored: list[tuple[str, str, date]]) -> str:
    """The tournaments stored since a list: "Kyiv Cup (2026-11-15), … and 2 more"."""
    named = [f"{name} ({held.isoformat()})" for _, name, held in stored[:NAMED]]
    text = ", ".join(named)
    if len(stored) > NAMED:
        text += " " + t(ctx.language, "figures.since_more", count=len(stored) - NAMED)
    return text


async def since_block(
    services: Services,
    ctx: RequestContext,
    standing: Standing,
    player_id: int,
    player_name: str,
    today: date,
) -> tuple[str, list[str], list[PointTotal] | None]:
    """(heading, lines, the list's totals) of one discipline of a /rating card: the live
    figures under a heading, empty when nothing of the player's was stored since the list,
    and the ledger totals as the list counted them (None: the card's own are right).

    The card brought the discipline, its latest list (date, publication time) and the
    calendar; what is left are reads of plain columns outside a transaction (the totals as
    listed, what was stored since, the ledger's state), each without a thread hop on a SQLite
    file, and an ORM session only when the next list has to be computed."""
    since = None
    if standing.snapshot_id is not None:
        assert standing.list_date is not None and standing.snapshot_created_at is not None
        since = (standing.list_date, standing.snapshot_created_at)
    listed_totals: list[PointTotal] | None = None
    async with services.db.plain_reader() as reader:
        if since is not None:
            listed_totals = await totals_as_listed(reader, player_id, standing.discipline_id, since)
        stored = await stored_since(reader, standing.discipline_id, since, player_id)
        if not stored and (since is None or listed_totals == standing.totals):
            return "", [], listed_totals
        state = await ledger_state(reader)
    if since is not None and standing.position is not None:
        heading = t(
            ctx.language,
            "figures.since",
            date=since[0].isoformat(),
            stored=stored_text(ctx, stored),
        )
    else:
        heading = t(ctx.language, "figures.since_none", stored=stored_text(ctx, stored))
    lines = await _live_lines(services, ctx, standing, state, player_id, player_name, today)
    return heading, lines, listed_totals


async def _computed(
    services: Services, discipline_id: int, on: date, state: tuple[int, ...]
) -> ComputedList | None:
    """The discipline's list of ``on`` from what is stored now, computed once per ledger state
    (every player of the discipline asking /rating reads the same one)."""
    cache = services.live_lists
    key = (discipline_id, on, state)
    kept = cache.get(key)
    if isinstance(kept, ComputedList):
        return kept
    async with services.db.read() as repos:
        discipline = await repos.federations.discipline(discipline_id)
        if discipline is None:
            return None
        try:
            adapter = services.systems.adapter(discipline.system)
        except NoAdapterError:
            return None
        computed = await adapter.compute_list(repos, discipline, on)
    while len(cache) >= CACHED_LISTS:
        cache.pop(next(iter(cache)))
    cache[key] = computed
    return computed


async def _live_lines(
    services: Services,
    ctx: RequestContext,
    standing: Standing,
    state: tuple[int, ...],
    player_id: int,
    player_name: str,
    today: date,
) -> list[str]:
    """The next list computed from what is stored now, the player's row of it, and his live
    ledger totals: the figures and the "Next" printed together come from one computation."""
    lines: list[str] = []
    after = max(today, standing.list_date) if standing.list_date is not None else today
    on = next_list_date(standing.calendar, after)
    row = None
    size = 0
    computed = await _computed(services, standing.discipline_id, on, state)
    if computed is not None:
        size = len(computed.rows)
        row = next((r for r in computed.rows if r.player_id == player_id), None)
    if row is None:
        lines.append(
            t(ctx.language, "figures.since_not_listed", date=on.isoformat(), player=player_name)
        )
    else:
        lines.append(
            t(
                ctx.language,
                "figures.since_list",
                date=on.isoformat(),
                position=row.position,
                size=size,
                value=fmt(row.rating),
            )
        )
        if row.title:
            if row.title == standing.title and standing.title_since is not None:
                lines.append(
                    wording(
                        ctx.language,
                        standing.system,
                        "title",
                        "rating.title",
                        title=title_text(ctx.language, row.title),
                        since=standing.title_since.isoformat(),
                    )
                )
            else:
                lines.append(
                    t(
                        ctx.language,
                        "figures.title_listed",
                        title=title_text(ctx.language, row.title),
                    )
                )
    if standing.totals:
        lines.append(
            t(ctx.language, "rating.points", points=points_text(ctx.language, standing.totals))
        )
    following = next_text(ctx.language, row.data or {}) if row is not None else ""
    if following:
        lines.append(t(ctx.language, "rating.next", next=following))
    return lines


async def list_since_note(repos: Repos, ctx: RequestContext, discipline_id: int) -> str:
    """What /top and /history say under a discipline's latest list when tournaments were
    stored since it (empty when none were, or there is no list)."""
    snapshot = await repos.lists.latest(discipline_id)
    if snapshot is None:
        return ""
    return since_note(ctx, await repos.lists.stored_since(discipline_id, snapshot))


def since_note(ctx: RequestContext, stored: list[tuple[str, str, date]]) -> str:
    """:func:`list_since_note` of the tournaments stored since the list."""
    if not stored:
        return ""
    return t(ctx.language, "figures.list_since", stored=stored_text(ctx, stored))
