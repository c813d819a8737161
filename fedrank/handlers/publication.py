"""Publishing a discipline's list: computed by its engine, stored once per discipline and date.

The snapshot is unique per (discipline, list date), so publishing twice (a re-run, a catch-up
after downtime, two processes) returns the list already stored instead of a second one.
"""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from fedrank.handlers.announcements import announce_in
from fedrank.handlers.common import caller, require_role
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.i18n import t
from fedrank.handlers.reply import Reply
from fedrank.handlers.systems import NoAdapterError, SystemRegistry
from fedrank.storage.database import Database
from fedrank.storage.models import Discipline, ListSnapshot
from fedrank.storage.repositories import Repos


def local_today(timezone: str, now: datetime) -> date:
    """Today's date in the federation's time zone (lists are dated there)."""
    return now.astimezone(ZoneInfo(timezone)).date()


async def publish_in(
    repos: Repos,
    systems: SystemRegistry,
    discipline: Discipline,
    list_date: date,
    *,
    now: datetime,
    on_demand: bool,
) -> tuple[ListSnapshot, bool]:
    """(snapshot, created) inside the caller's transaction."""
    existing = await repos.lists.snapshot(discipline.id, list_date)
    if existing is not None:
        return existing, False
    computed = await systems.adapter(discipline.system).compute_list(repos, discipline, list_date)
    snapshot = await repos.lists.add_snapshot(
        discipline.id,
        list_date,
        computed.rows,
        now=now,
        on_demand=on_demand,
        data=computed.data,
    )
    await repos.ledger.write_titles(discipline, computed.titles, version_id=None)
    return snapshot, True


async def publish_list(
    db: Database,
    systems: SystemRegistry,
    discipline_code: str,
    list_date: date,
    *,
    now: datetime,
    on_demand: bool,
    announce: bool = False,
) -> tuple[ListSnapshot, bool, int]:
    """Publish in its own transaction; (snapshot, created, number of rows).

    With ``announce`` a new list's announcements are enqueued in the same transaction (an
    operator's on-demand publication goes out at once, not at the scheduler's next tick).
    """
    async with db.transaction() as repos:
        discipline = await repos.federations.discipline_by_code(discipline_code)
        if discipline is None:
            raise LookupError(f"unknown discipline '{discipline_code}'")
        federation = await repos.federations.get(discipline.federation_id)
        assert federation is not None
        today = local_today(federation.timezone, now)
        if list_date > today:
            raise ValueError(f"a list cannot be dated after today ({today.isoformat()})")
        snapshot, created = await publish_in(
            repos, systems, discipline, list_date, now=now, on_demand=on_demand
        )
        size = await repos.lists.size(snapshot.id)
        if created and announce:
            await announce_in(repos, snapshot, now)
        await repos.audit.log(
            "list.published" if created else "list.publish_repeated",
            at=now,
            federation_id=discipline.federation_id,
            subject=f"{discipline.code} {list_date.isoformat()}",
            details={"rows": size, "on_demand": on_demand},
        )
        return snapshot, created, size


async def publish(services: Services, ctx: RequestContext, args: str) -> Reply:
    parts = args.split()
    if not 1 <= len(parts) <= 2:
        raise UserError(t(ctx.language, "error.usage", usage="/publish <discipline> [YYYY-MM-DD]"))
    try:
        list_date = date.fromisoformat(parts[1]) if len(parts) == 2 else services.now().date()
    except ValueError:
        raise UserError(t(ctx.language, "publish.bad_date")) from None
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        discipline = await repos.federations.discipline_by_code(parts[0])
        if discipline is None:
            known = ", ".join(d.code for d in await repos.federations.disciplines())
            raise UserError(t(ctx.language, "top.unknown_discipline", query=parts[0], known=known))
        federation = await repos.federations.get(discipline.federation_id)
        assert federation is not None
        await require_role(repos, ctx, account, federation, "director")
        today = local_today(federation.timezone, services.now())
        if list_date > today:
            raise UserError(t(ctx.language, "publish.future", today=today.isoformat()))
        try:
            snapshot, created = await publish_in(
                repos, services.systems, discipline, list_date, now=services.now(), on_demand=True
            )
        except NoAdapterError:
            raise UserError(
                t(ctx.language, "submit.no_adapter", system=discipline.system)
            ) from None
        size = await repos.lists.size(snapshot.id)
        if created:
            await announce_in(repos, snapshot, services.now())
        await repos.audit.log(
            "list.published" if created else "list.publish_repeated",
            at=services.now(),
            account_id=account.id,
            federation_id=federation.id,
            subject=f"{discipline.code} {list_date.isoformat()}",
            details={"rows": size, "on_demand": True},
        )
        key = "publish.done" if created else "publish.exists"
        return Reply.text(
            t(ctx.language, key, discipline=discipline.name, date=list_date.isoformat(), size=size)
        )
