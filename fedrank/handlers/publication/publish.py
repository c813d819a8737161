"""Publishing a discipline's list: computed by its engine, stored once per discipline and date.

The snapshot is unique per (discipline, list date), so publishing twice (a re-run, a catch-up
after downtime, two processes) returns the list already stored instead of a second one.
"""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from fedrank.handlers.access import caller, director_discipline, stored_federation
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.notify import new_message, to_accounts
from fedrank.handlers.publication.announcements import announce_in
from fedrank.handlers.site.identity import discipline_name
from fedrank.handlers.systems import NoAdapterError, SystemRegistry
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.i18n.plural import counted
from fedrank.handlers.wording.reply import Reply
from fedrank.storage.database import Database
from fedrank.storage.models import Discipline, Federation, ListSnapshot, PublicationFailure
from fedrank.storage.records import ComputedList
from fedrank.storage.repos import Repos
from fedrank.storage.repos.roles import ADMIN


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
    computed: ComputedList | None = None,
) -> tuple[ListSnapshot, bool]:
    """(snapshot, created) inside the caller's transaction (``computed``: the list, when the
    caller has already computed it)."""
    existing = await repos.lists.snapshot(discipline.id, list_date)
    if existing is not None:
        return existing, False
    if computed is None:
        computed = await systems.adapter(discipline.system).compute_list(
            repos, discipline, list_date
        )
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


class FutureListError(ValueError):
    """A list dated after today in the federation's time zone: lists are never published ahead."""

    def __init__(self, today: date) -> None:
        self.today = today
        super().__init__(f"a list cannot be dated after today ({today.isoformat()})")


class EarlyListError(ValueError):
    """A list dated before the discipline's first stored result that would be empty (standings
    brought in through the registry, such as CCBA openings, may fill one before it)."""

    def __init__(self, discipline: str, list_date: date, first: date | None) -> None:
        self.discipline = discipline
        self.list_date = list_date
        self.first = first
        after = f"its first stored result is of {first.isoformat()}" if first else "it has none"
        super().__init__(
            f"a list of {discipline} cannot be dated {list_date.isoformat()}, before the "
            f"discipline's first stored result ({after})"
        )


async def first_result(repos: Repos, discipline: Discipline) -> date | None:
    """The date of the discipline's earliest stored tournament (current versions)."""
    stored = await repos.ledger.current_versions(discipline.id)
    return min((version.held_on for _, version in stored), default=None)


async def publish_dated(
    repos: Repos,
    systems: SystemRegistry,
    discipline: Discipline,
    federation: Federation,
    list_date: date,
    *,
    now: datetime,
    on_demand: bool,
    announce: bool,
    account_id: int | None = None,
) -> tuple[ListSnapshot, bool, int]:
    """Publish a list in the caller's transaction: (snapshot, created, number of rows).

    The one way a person publishes (the operator's ``fedrank publish``, a director's
    ``/publish``): refused for a future date and, on demand, for a date before the
    discipline's first stored result; stored once, announced at once when new and
    ``announce`` is set, and written to the audit log, repeated or not.
    """
    today = local_today(federation.timezone, now)
    if list_date > today:
        raise FutureListError(today)
    computed: ComputedList | None = None
    if on_demand and await repos.lists.snapshot(discipline.id, list_date) is None:
        first = await first_result(repos, discipline)
        if first is None or list_date < first:
            computed = await systems.adapter(discipline.system).compute_list(
                repos, discipline, list_date
            )
            if not computed.rows:
                raise EarlyListError(discipline.code, list_date, first)
    snapshot, created = await publish_in(
        repos, systems, discipline, list_date, now=now, on_demand=on_demand, computed=computed
    )
    size = await repos.lists.size(snapshot.id)
    if created and announce:
        await announce_in(repos, snapshot, now)
    await repos.audit.log(
        "list.published" if created else "list.publish_repeated",
        at=now,
        account_id=account_id,
        federation_id=federation.id,
        subject=f"{discipline.code} {list_date.isoformat()}",
        details={"rows": size, "on_demand": on_demand},
    )
    return snapshot, created, size


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
    An unknown discipline is a LookupError, a future date a :class:`FutureListError`.
    """
    async with db.transaction() as repos:
        discipline = await repos.federations.discipline_by_code(discipline_code)
        if discipline is None:
            raise LookupError(f"unknown discipline '{discipline_code}'")
        federation = await stored_federation(repos, discipline.federation_id)
        return await publish_dated(
            repos,
            systems,
            discipline,
            federation,
            list_date,
            now=now,
            on_demand=on_demand,
            announce=announce,
        )


async def publish(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/publish <discipline> [date]``: a director publishes a list on demand."""
    parts = args.split()
    if not 1 <= len(parts) <= 2:
        raise UserError(t(ctx.language, "error.usage", usage="/publish <discipline> [YYYY-MM-DD]"))
    try:
        list_date = date.fromisoformat(parts[1]) if len(parts) == 2 else services.now().date()
    except ValueError:
        raise UserError(t(ctx.language, "publish.bad_date")) from None
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        discipline, federation = await director_discipline(repos, ctx, account, parts[0])
        try:
            _, created, size = await publish_dated(
                repos,
                services.systems,
                discipline,
                federation,
                list_date,
                now=services.now(),
                on_demand=True,
                announce=True,
                account_id=account.id,
            )
        except FutureListError as exc:
            raise UserError(
                t(ctx.language, "publish.future", today=exc.today.isoformat())
            ) from None
        except EarlyListError as exc:
            key = "figures.publish_before_first" if exc.first else "figures.publish_no_results"
            raise UserError(
                t(
                    ctx.language,
                    key,
                    discipline=discipline_name(discipline, ctx.language),
                    date=list_date.isoformat(),
                    first=exc.first.isoformat() if exc.first else "",
                )
            ) from None
        except NoAdapterError:
            raise UserError(
                t(ctx.language, "submit.no_adapter", system=discipline.system)
            ) from None
        key = "figures.publish_done" if created else "publish.exists"
        players = counted(ctx.language, "figures.players", size)
        return Reply.text(
            t(
                ctx.language,
                key,
                discipline=discipline_name(discipline, ctx.language),
                date=list_date.isoformat(),
                players=players,
            )
        )


async def record_failure(
    repos: Repos,
    discipline: Discipline,
    list_date: date,
    error: str,
    *,
    now: datetime,
    retry_at: datetime,
) -> tuple[PublicationFailure, bool]:
    """A scheduled list could not be published: count the attempt; (row, state changed).

    The first failure (and a failure with a different error) is a change of state: it is
    written to the audit log, and the first is reported once to the federation's admins
    (an outbox row per admin keyed by the list, so a retry never tells them again)."""
    before = await repos.publications.failure(discipline.id, list_date)
    previous_error = before.error if before is not None else None
    row = await repos.publications.record_failure(discipline.id, list_date, error, now, retry_at)
    changed = previous_error != row.error
    if changed:
        await repos.audit.log(
            "list.publication_failed",
            at=now,
            federation_id=discipline.federation_id,
            subject=f"{discipline.code} {list_date.isoformat()}",
            details={"error": row.error, "attempts": row.attempts},
        )
    if before is None:
        admins = [
            a for a, role in await repos.roles.holders(discipline.federation_id) if role == ADMIN
        ]

        def build(language: str) -> Reply:
            return Reply.text(
                t(
                    language,
                    "schedule.failed_admin",
                    discipline=discipline_name(discipline, language),
                    code=discipline.code,
                    date=list_date.isoformat(),
                    error=row.error,
                    retry=retry_at.strftime("%Y-%m-%d %H:%M UTC"),
                ),
                private=True,
            )

        key = f"pubfail:{discipline.id}:{list_date.isoformat()}"
        await repos.outbox.enqueue(to_accounts(admins, key, build, kind="publication_failed"), now)
    return row, changed


async def clear_failure(
    repos: Repos, discipline: Discipline, list_date: date, *, now: datetime
) -> PublicationFailure | None:
    """The list was published after failing: forget the failure (audited); the row it was."""
    before = await repos.publications.failure(discipline.id, list_date)
    if before is None:
        return None
    await repos.publications.clear_failure(discipline.id, list_date)
    await repos.audit.log(
        "list.publication_recovered",
        at=now,
        federation_id=discipline.federation_id,
        subject=f"{discipline.code} {list_date.isoformat()}",
        details={"attempts": before.attempts, "error": before.error},
    )
    return before


async def unpublish(
    repos: Repos, discipline: Discipline, list_date: date, *, now: datetime, reason: str = ""
) -> tuple[int, int]:
    """Withdraw a published list in the caller's transaction: (rows it had, chats told).

    The snapshot, its rows and the titles its publication wrote are removed; the audit log
    keeps what it was (date, size, top 10, when it was published); every chat its
    announcement reached gets a message saying the list is withdrawn; announcements not sent
    yet are dropped. A LookupError when no list of that date exists."""
    snapshot = await repos.lists.snapshot(discipline.id, list_date)
    if snapshot is None:
        raise LookupError(f"no list of {discipline.code} dated {list_date.isoformat()}")
    size = await repos.lists.size(snapshot.id)
    top = [
        {"position": row.position, "player": player.federation_player_id, "rating": str(row.rating)}
        for row, player in await repos.lists.top(snapshot.id, 10)
    ]
    reached = await repos.publications.announced_to(snapshot.id)
    messages = []
    for row in reached:
        language = str(row.payload.get("language") or "en")
        direct = bool(row.payload.get("direct", False))
        text = t(
            language,
            "schedule.withdrawn",
            discipline=discipline_name(discipline, language),
            date=list_date.isoformat(),
        )
        messages.append(
            new_message(
                f"withdrawn:{discipline.id}:{list_date.isoformat()}:"
                f"{snapshot.created_at.timestamp():.0f}:{row.platform}:{row.chat_id}",
                row.platform,
                row.chat_id,
                Reply.text(text, private=direct),
                language=language,
                kind="list_withdrawn",
                direct=direct,
            )
        )
    told = await repos.outbox.enqueue(messages, now)
    await repos.publications.withdraw(snapshot, now)
    await repos.audit.log(
        "list.withdrawn",
        at=now,
        federation_id=discipline.federation_id,
        subject=f"{discipline.code} {list_date.isoformat()}",
        details={
            "rows": size,
            "published_at": snapshot.created_at.isoformat(),
            "on_demand": snapshot.on_demand,
            "top": top,
            "chats_told": told,
            "reason": reason,
        },
    )
    return size, told
