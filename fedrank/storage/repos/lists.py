"""Published rating lists: snapshots of a discipline on a date, and their rows.

/rating and /top read here in one query of plain columns each (:func:`rating_cards`,
:func:`latest_top`), on a bare connection from ``Database.connection`` or in a unit of work
(``ListRepo`` delegates to the same functions): one copy of each query.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    Integer,
    ScalarSelect,
    Select,
    and_,
    bindparam,
    case,
    func,
    insert,
    literal_column,
    or_,
    select,
)
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession
from sqlalchemy.orm import aliased

from fedrank.storage.models import (
    Account,
    AccountLink,
    AuditLog,
    Award,
    Discipline,
    Entry,
    Federation,
    ListRow,
    ListSnapshot,
    Player,
    Title,
    Tournament,
    TournamentVersion,
)
from fedrank.storage.records import (
    NewListRow,
    PointTotal,
    RatingCard,
    Standing,
    TopList,
    TopRow,
)
from fedrank.storage.repos.accounts import account_is
from fedrank.storage.repos.base import PlainReader, Repo, rows_of
from fedrank.storage.repos.ledger import is_current, title_in_force
from fedrank.storage.repos.listed import stored_since, totals_as_listed
from fedrank.storage.repos.players import federation_id_is


def newest_snapshot_id(
    discipline_id: Any, *, on: date | None = None, correlate: Sequence[Any] = ()
) -> ScalarSelect[Any]:
    """The id of the discipline's latest list (on ``on``, or ever): the one definition of "the
    latest list", for :meth:`ListRepo.latest`, :func:`latest_top` and /rating's card.
    ``discipline_id`` is a value, a bound parameter or a column of an enclosing query named in
    ``correlate``."""
    newer = aliased(ListSnapshot)
    query = select(newer.id).where(newer.discipline_id == discipline_id)
    if on is not None:
        query = query.where(newer.list_date <= on)
    return query.order_by(newer.list_date.desc()).limit(1).correlate(*correlate).scalar_subquery()


# Built once: ListRepo.latest and ledger_state run on every /rating card with a "since" block.
_LATEST = select(ListSnapshot).where(
    ListSnapshot.id == newest_snapshot_id(bindparam("discipline_id", type_=Integer()))
)
_LEDGER_STATE = select(
    select(func.max(TournamentVersion.id)).scalar_subquery(),
    select(func.max(ListSnapshot.id)).scalar_subquery(),
    select(func.max(Title.id)).scalar_subquery(),
    select(func.max(AuditLog.id)).scalar_subquery(),
)


async def ledger_state(conn: AsyncConnection | AsyncSession | PlainReader) -> tuple[int, ...]:
    """The newest id of every table a computed list reads and only grows (tournament
    versions, lists, titles, the audit log, which records every other change): equal
    states mean an equal list, so a computed list can be kept for a state. One read of plain
    columns, on a :class:`PlainReader` (/rating's "since the list" block), a connection or a
    session."""
    (row,) = await rows_of(conn, _LEDGER_STATE, {})
    return tuple(int(x or 0) for x in row)


_LIST_SIZE = select(func.count(ListRow.id)).where(ListRow.snapshot_id == bindparam("snapshot"))


async def list_size(
    conn: AsyncConnection | AsyncSession | PlainReader,
    snapshot_id: int,
    data: dict[str, Any] | None,
) -> int:
    """How many rows the list has: kept in the snapshot's ``data`` when it is stored, counted
    for a list stored before that."""
    kept = (data or {}).get("size")
    if isinstance(kept, int):
        return kept
    params = {"snapshot": snapshot_id}
    if isinstance(conn, AsyncConnection | AsyncSession):
        return int(await conn.scalar(_LIST_SIZE, params) or 0)
    rows = await conn.plain_rows(_LIST_SIZE, params)
    return int(rows[0][0] or 0) if rows else 0


@functools.cache
def _latest_top_statement() -> Select[Any]:
    """The query of :func:`latest_top`, built once (building costs more than running it)."""
    return (
        select(
            ListSnapshot.id,
            ListSnapshot.list_date,
            ListSnapshot.data,
            ListSnapshot.created_at,
            ListRow.position,
            ListRow.rating,
            ListRow.title,
            Player.name,
            Player.federation_player_id,
        )
        .select_from(ListSnapshot)
        .outerjoin(ListRow, ListRow.snapshot_id == ListSnapshot.id)
        .outerjoin(Player, Player.id == ListRow.player_id)
        .where(ListSnapshot.id == newest_snapshot_id(bindparam("discipline_id")))
        .order_by(ListRow.position, Player.name)
        .limit(bindparam("limit"))
    )


async def latest_top(
    conn: AsyncConnection | AsyncSession | PlainReader, discipline_id: int, limit: int
) -> TopList | None:
    """``latest`` + ``top`` + ``size`` in one query of plain columns (None: no list yet), on a
    :class:`PlainReader` (/top), a bare connection or a session."""
    params = {"discipline_id": discipline_id, "limit": limit}
    rows = await rows_of(conn, _latest_top_statement(), params)
    if not rows:
        return None
    snapshot_id, list_date, data, created_at = rows[0][:4]
    return TopList(
        snapshot_id=snapshot_id,
        list_date=list_date,
        size=await list_size(conn, snapshot_id, data),
        rows=[
            TopRow(position, rating, title, name, fpid)
            for _, _, _, _, position, rating, title, name, fpid in rows
            if position is not None
        ],
        created_at=created_at,
    )


@functools.cache
def _rating_cards_statement(by: str) -> Select[Any]:
    """The query of :func:`rating_cards` for players chosen ``by`` "id" (bind ``player_id``),
    "federation_player_id" (bind ``fpid``, upper case) or "account" (binds ``platform`` and
    ``user``). Built once per choice: building a statement of this size costs more than
    running it (SQLAlchemy caches only its compiled form)."""
    chosen: Select[Any]
    if by == "id":
        chosen = select(Player.id.label("player_id")).where(Player.id == bindparam("player_id"))
    elif by == "federation_player_id":
        chosen = select(Player.id.label("player_id")).where(federation_id_is("fpid"))
    else:
        chosen = (
            select(AccountLink.player_id)
            .join(Account, Account.id == AccountLink.account_id)
            .where(account_is())
        )
    picked = chosen.subquery("chosen")
    latest = newest_snapshot_id(Discipline.id, correlate=[Discipline])
    current_title = (
        title_in_force(select(Title.id), Player.id, Discipline.id)
        .correlate(Discipline, Player)
        .scalar_subquery()
    )
    listed_title = aliased(Title)
    title_on_list = (
        title_in_force(select(Title.id), Player.id, Discipline.id)
        .where(Title.since <= ListSnapshot.list_date)
        .correlate(Discipline, Player, ListSnapshot)
        .scalar_subquery()
    )
    newer = aliased(ListSnapshot)
    latest_date = (
        select(newer.list_date)
        .where(newer.discipline_id == Award.discipline_id)
        .order_by(newer.list_date.desc())
        .limit(1)
        .correlate(Award)
        .scalar_subquery()
    )
    totals = (
        select(
            Award.player_id,
            Award.discipline_id,
            Award.kind,
            Award.colour,
            func.sum(Award.amount).label("amount"),
            func.sum(case((Award.awarded_on < latest_date, Award.amount), else_=0)).label("listed"),
        )
        .where(Award.player_id.in_(chosen), is_current(Award.version_id))
        .group_by(Award.player_id, Award.discipline_id, Award.kind, Award.colour)
        .subquery()
    )
    since = (
        # From the player's entries: as in listed.stored_since, "+ 0" keeps SQLite from
        # probing every tournament of the discipline for his entry.
        select(TournamentVersion.id)
        .select_from(Entry)
        .join(TournamentVersion, TournamentVersion.id == Entry.version_id)
        .join(Tournament, Tournament.current_version_id == TournamentVersion.id)
        .where(
            Entry.player_id == Player.id,
            Tournament.discipline_id + literal_column("0") == Discipline.id,
            or_(
                ListSnapshot.id.is_(None),
                TournamentVersion.created_at > ListSnapshot.created_at,
                TournamentVersion.held_on >= ListSnapshot.list_date,
            ),
        )
        .correlate(Player, Discipline, ListSnapshot)
        .exists()
    )
    return (
        select(
            Player.id,
            Player.name,
            Player.federation_player_id,
            Federation.id,
            Federation.name,
            Discipline.id,
            Discipline.name,
            ListSnapshot.id,
            ListSnapshot.list_date,
            ListSnapshot.data,
            ListRow.position,
            ListRow.rating,
            ListRow.data,
            Title.title,
            Title.since,
            totals.c.kind,
            totals.c.colour,
            totals.c.amount,
            ListSnapshot.created_at,
            ListRow.title,
            listed_title.title,
            listed_title.since,
            totals.c.listed,
            since.label("stored_since"),
            Discipline.system,
            Discipline.calendar,
            Federation.timezone,
            Federation.code,
            Federation.language,
            Federation.names,
            Discipline.names,
        )
        # From the chosen players, not a filter on every player: with this many joins
        # PostgreSQL keeps the written order (join_collapse_limit) and otherwise built every
        # player's card before keeping one (250 ms at 1,000 players). A player is chosen once
        # (an account links one player per federation), so the join is the IN it replaces.
        .select_from(picked)
        .join(Player, Player.id == picked.c.player_id)
        .join(Federation, Federation.id == Player.federation_id)
        .outerjoin(Discipline, Discipline.federation_id == Federation.id)
        .outerjoin(ListSnapshot, ListSnapshot.id == latest)
        .outerjoin(
            ListRow, and_(ListRow.snapshot_id == ListSnapshot.id, ListRow.player_id == Player.id)
        )
        .outerjoin(Title, Title.id == current_title)
        .outerjoin(listed_title, listed_title.id == title_on_list)
        .outerjoin(
            totals,
            and_(totals.c.player_id == Player.id, totals.c.discipline_id == Discipline.id),
        )
        .order_by(
            Player.id, Discipline.federation_id, Discipline.id, totals.c.kind, totals.c.colour
        )
    )


async def rating_cards(
    conn: AsyncConnection | AsyncSession | PlainReader,
    *,
    player_id: int | None = None,
    federation_player_id: str | None = None,
    account: tuple[str, str] | None = None,
) -> list[RatingCard]:
    """Everything /rating shows of a player, in one query (on a bare connection from
    ``Database.connection`` or a session): the player, his federation and,
    for every discipline of it (in ``FederationRepo.disciplines`` order), the latest list
    with his row, his current title and his ledger totals.

    The player is chosen by exactly one of: his id; his federation ID (as
    ``PlayerRepo.by_exact_id`` matches it: several players of several federations may share
    it, hence a list); the (platform, platform user id) of the account linked to him (an empty
    list when the account is unknown or unlinked). The figures are those of
    ``FederationRepo.get`` + ``disciplines`` and, per discipline, ``latest`` + ``row`` +
    ``size`` + ``LedgerRepo.current_title`` + ``LedgerRepo.totals``, read as plain columns.
    """
    if [player_id, federation_player_id, account].count(None) != 2:
        raise ValueError("choose the player by exactly one of id, federation ID, account")
    params: dict[str, str | int | None]
    if player_id is not None:
        statement, params = _rating_cards_statement("id"), {"player_id": player_id}
    elif federation_player_id is not None:
        statement = _rating_cards_statement("federation_player_id")
        params = {"fpid": federation_player_id.strip().upper()}
    else:
        assert account is not None
        statement = _rating_cards_statement("account")
        params = {"platform": account[0], "user": account[1]}
    if isinstance(conn, AsyncConnection | AsyncSession):
        rows: Sequence[Any] = (await conn.execute(statement, params)).all()
    else:  # one thread hop on SQLite (Database.plain_rows)
        rows = await conn.plain_rows(statement, params)
    cards: list[RatingCard] = []
    for row in rows:
        (
            pid,
            player_name,
            fpid,
            federation_id,
            federation_name,
            discipline_id,
            name,
            snapshot_id,
            list_date,
            snapshot_data,
            position,
            rating,
            row_data,
            title,
            since,
            kind,
            colour,
            amount,
            snapshot_created_at,
            row_title,
            title_then,
            title_then_since,
            listed,
            stored_since,
            system,
            calendar,
            timezone,
            federation_code,
            federation_language,
            federation_names,
            discipline_names,
        ) = row
        if not cards or cards[-1].player_id != pid:
            cards.append(
                RatingCard(
                    pid,
                    player_name,
                    fpid,
                    federation_id,
                    federation_name,
                    [],
                    timezone,
                    federation_code=federation_code,
                    federation_language=federation_language,
                    federation_names=dict(federation_names or {}),
                )
            )
        standings = cards[-1].standings
        if discipline_id is None:
            continue  # a federation without disciplines
        if not standings or standings[-1].discipline_id != discipline_id:
            size: int | None = None
            if snapshot_id is not None:
                size = await list_size(conn, snapshot_id, snapshot_data)
            standings.append(
                Standing(
                    discipline_id=discipline_id,
                    discipline_name=name,
                    discipline_names=dict(discipline_names or {}),
                    snapshot_id=snapshot_id,
                    list_date=list_date,
                    list_size=size,
                    position=position,
                    rating=rating,
                    row_data=row_data,
                    title=title,
                    title_since=since,
                    totals=[],
                    listed_title=row_title,
                    listed_title_since=title_then_since if title_then == row_title else None,
                    stored_since=bool(stored_since),
                    snapshot_created_at=snapshot_created_at,
                    system=system or "",
                    calendar=calendar,
                )
            )
        if kind is not None:
            standings[-1].totals.append(PointTotal(kind, colour, Decimal(amount)))
            if listed:
                standings[-1].listed_totals.append(PointTotal(kind, colour, Decimal(listed)))
    return cards


class ListRepo(Repo):
    async def add_snapshot(
        self,
        discipline_id: int,
        list_date: date,
        rows: Sequence[NewListRow],
        *,
        now: datetime,
        on_demand: bool = False,
        data: dict[str, Any] | None = None,
    ) -> ListSnapshot:
        snapshot = ListSnapshot(
            discipline_id=discipline_id,
            list_date=list_date,
            created_at=now,
            on_demand=on_demand,
            data={**(data or {}), "size": len(rows)},
        )
        self.session.add(snapshot)
        await self.session.flush()
        # One executemany: the ORM's INSERT ... RETURNING of each object went to SQLite one row
        # at a time (about 0.2 s per thousand rows: a list of 20,000 took seconds to publish),
        # and nothing needs the new rows' ids.
        if rows:
            await self.session.execute(
                insert(ListRow),
                [
                    {
                        "snapshot_id": snapshot.id,
                        "player_id": r.player_id,
                        "position": r.position,
                        "rating": r.rating,
                        "title": r.title,
                        "data": r.data or {},
                    }
                    for r in rows
                ],
            )
        return snapshot

    async def snapshot(self, discipline_id: int, list_date: date) -> ListSnapshot | None:
        return await self.session.scalar(
            select(ListSnapshot).where(
                ListSnapshot.discipline_id == discipline_id, ListSnapshot.list_date == list_date
            )
        )

    async def latest(self, discipline_id: int, on: date | None = None) -> ListSnapshot | None:
        if on is None:  # /rating's since block, on every card: a statement built once
            return await self.session.scalar(_LATEST, {"discipline_id": discipline_id})
        return await self.session.scalar(
            select(ListSnapshot).where(ListSnapshot.id == newest_snapshot_id(discipline_id, on=on))
        )

    async def newest_by_discipline(self) -> dict[int, ListSnapshot]:
        """Each discipline's most recently published snapshot (by publication time)."""
        newest = (
            select(ListSnapshot.discipline_id, func.max(ListSnapshot.created_at).label("at"))
            .group_by(ListSnapshot.discipline_id)
            .subquery()
        )
        rows = await self.session.scalars(
            select(ListSnapshot)
            .join(
                newest,
                (ListSnapshot.discipline_id == newest.c.discipline_id)
                & (ListSnapshot.created_at == newest.c.at),
            )
            .order_by(ListSnapshot.id)
        )
        return {snapshot.discipline_id: snapshot for snapshot in rows}

    async def latest_id(self) -> int:
        """The id of the newest snapshot of any discipline (0 if none)."""
        return int(await self.session.scalar(select(func.max(ListSnapshot.id))) or 0)

    async def published_since(self, snapshot_id: int) -> list[tuple[int, int]]:
        """(snapshot id, discipline id) of every snapshot newer than ``snapshot_id``."""
        rows = await self.session.execute(
            select(ListSnapshot.id, ListSnapshot.discipline_id)
            .where(ListSnapshot.id > snapshot_id)
            .order_by(ListSnapshot.id)
        )
        return [(sid, did) for sid, did in rows]

    async def created_since(self, since: datetime) -> Sequence[ListSnapshot]:
        """Every snapshot created at or after ``since`` (UTC), each discipline's oldest first."""
        query = select(ListSnapshot).where(ListSnapshot.created_at >= since.astimezone(UTC))
        order = (ListSnapshot.discipline_id, ListSnapshot.list_date)
        return (await self.session.scalars(query.order_by(*order))).all()

    async def snapshots(self, discipline_id: int) -> Sequence[ListSnapshot]:
        return (
            await self.session.scalars(
                select(ListSnapshot)
                .where(ListSnapshot.discipline_id == discipline_id)
                .order_by(ListSnapshot.list_date)
            )
        ).all()

    async def top(self, snapshot_id: int, limit: int) -> Sequence[tuple[ListRow, Player]]:
        rows = await self.session.execute(
            select(ListRow, Player)
            .join(Player, Player.id == ListRow.player_id)
            .where(ListRow.snapshot_id == snapshot_id)
            .order_by(ListRow.position, Player.name)
            .limit(limit)
        )
        return [(a, b) for a, b in rows]

    async def latest_top(self, discipline_id: int, limit: int) -> TopList | None:
        """:func:`latest_top` in this unit of work."""
        return await latest_top(self.session, discipline_id, limit)

    async def size(self, snapshot_id: int) -> int:
        """How many rows the list has (:func:`list_size`)."""
        snapshot = await self.session.get(ListSnapshot, snapshot_id)
        return await list_size(
            self.session, snapshot_id, snapshot.data if snapshot is not None else None
        )

    async def rating_cards(
        self,
        *,
        player_id: int | None = None,
        federation_player_id: str | None = None,
        account: tuple[str, str] | None = None,
    ) -> list[RatingCard]:
        """:func:`rating_cards` in this unit of work."""
        return await rating_cards(
            self.session,
            player_id=player_id,
            federation_player_id=federation_player_id,
            account=account,
        )

    async def row(self, snapshot_id: int, player_id: int) -> ListRow | None:
        return await self.session.scalar(
            select(ListRow).where(
                and_(ListRow.snapshot_id == snapshot_id, ListRow.player_id == player_id)
            )
        )

    async def ledger_state(self) -> tuple[int, ...]:
        """The newest id of every table a computed list reads and only grows (tournament
        versions, lists, titles, the audit log, which records every other change): equal
        states mean an equal list, so a computed list can be kept for a state."""
        return await ledger_state(self.session)

    async def totals_as_listed(
        self, player_id: int, discipline_id: int, snapshot: ListSnapshot
    ) -> list[PointTotal]:
        """:func:`~fedrank.storage.repos.listed.totals_as_listed`."""
        since = (snapshot.list_date, snapshot.created_at)
        return await totals_as_listed(self.session, player_id, discipline_id, since)

    async def stored_since(
        self,
        discipline_id: int,
        snapshot: ListSnapshot | None,
        player_id: int | None = None,
    ) -> list[tuple[str, str, date]]:
        """:func:`stored_since` the list ``snapshot`` (every tournament when it is None)."""
        since = None if snapshot is None else (snapshot.list_date, snapshot.created_at)
        return await stored_since(self.session, discipline_id, since, player_id)

    async def player_rows(
        self, player_id: int, discipline_id: int
    ) -> Sequence[tuple[ListRow, ListSnapshot]]:
        """The player's row in every published list of the discipline, oldest first."""
        rows = await self.session.execute(
            select(ListRow, ListSnapshot)
            .join(ListSnapshot, ListSnapshot.id == ListRow.snapshot_id)
            .where(ListRow.player_id == player_id, ListSnapshot.discipline_id == discipline_id)
            .order_by(ListSnapshot.list_date)
        )
        return [(a, b) for a, b in rows]
