"""What the federation's website reads: plain-column queries, one per page part, and the same
parts for a whole discipline at once (a full build of 20,000 profiles reads each table once
instead of once per player).

Rows come back as tuples of plain values (no ORM objects): a list page of 20,000 rows or the
rows of every list of a discipline are read in one pass. Only current versions of tournaments
count, exactly as the ledger counts them (:func:`~fedrank.storage.repos.ledger.is_current`).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import BigInteger, func, select, type_coerce

from fedrank.storage.models import (
    AuditLog,
    Award,
    Entry,
    ListRow,
    ListSnapshot,
    Player,
    Title,
    Tournament,
    TournamentVersion,
)
from fedrank.storage.repos.base import PlainReader, Repo
from fedrank.storage.repos.ledger import counted_titles, title_order
from fedrank.storage.types import stored_figure

#: (snapshot id, discipline id, list date, size) of a published list.
SnapshotInfo = tuple[int, int, date, int]
#: (player id, position, rating, title, federation ID, name) of a list row.
ListLine = tuple[int, int, Decimal, str | None, str, str]
#: (snapshot id, player id, position, rating, title) of a row, for histories.
HistoryRow = tuple[int, int, int, Decimal, str | None]
#: (tournament id, player id, place, team) of an entry of a current version.
Played = tuple[int, int, Decimal | None, str | None]
#: (tournament id, player id, kind, colour, amount) of a current award line.
AwardLine = tuple[int, int, str, str | None, Decimal]
#: (player id, title, since, reason) of a counted title row.
TitleLine = tuple[int, str, date, str]
#: (tournament id, code, name, held on, version number) of a stored tournament.
TournamentInfo = tuple[int, str, str, date, int]


#: The query of :meth:`SiteRepo.state` and :func:`site_state`, built once.
STATE = select(
    select(func.max(TournamentVersion.id)).scalar_subquery(),
    select(func.max(ListSnapshot.id)).scalar_subquery(),
    select(func.max(Title.id)).scalar_subquery(),
    select(func.max(AuditLog.id)).scalar_subquery(),
    select(func.max(Player.id)).scalar_subquery(),
    select(func.count(ListSnapshot.id)).scalar_subquery(),
)


async def site_state(reader: PlainReader) -> tuple[int, ...]:
    """:meth:`SiteRepo.state` read outside a transaction, in one thread hop on SQLite (the
    live server reads it several times a second while it is busy)."""
    rows = await reader.plain_rows(STATE, {})
    return tuple(int(x or 0) for x in rows[0])


class SiteRepo(Repo):
    async def snapshots(self, discipline_id: int | None = None) -> list[SnapshotInfo]:
        """Every published list (of one discipline), by discipline and date."""
        query = select(
            ListSnapshot.id, ListSnapshot.discipline_id, ListSnapshot.list_date, ListSnapshot.data
        ).order_by(ListSnapshot.discipline_id, ListSnapshot.list_date)
        if discipline_id is not None:
            query = query.where(ListSnapshot.discipline_id == discipline_id)
        out: list[SnapshotInfo] = []
        for sid, did, day, data in await self.session.execute(query):
            kept = (data or {}).get("size")
            if not isinstance(kept, int):  # a list stored before its size was kept
                kept = int(
                    await self.session.scalar(
                        select(func.count(ListRow.id)).where(ListRow.snapshot_id == sid)
                    )
                    or 0
                )
            out.append((sid, did, day, kept))
        return out

    async def list_lines(
        self, snapshot_id: int, after: int | None = None, upto: int | None = None
    ) -> list[ListLine]:
        """The rows of one list in its order, with each player's ID and name; only those whose
        position is above ``after`` and at most ``upto`` when given (one page of the list,
        read through the index on (snapshot, position))."""
        query = (
            select(
                ListRow.player_id,
                ListRow.position,
                ListRow.rating,
                ListRow.title,
                Player.federation_player_id,
                Player.name,
            )
            .join(Player, Player.id == ListRow.player_id)
            .where(ListRow.snapshot_id == snapshot_id)
            .order_by(ListRow.position, Player.name)
        )
        if after is not None:
            query = query.where(ListRow.position > after)
        if upto is not None:
            query = query.where(ListRow.position <= upto)
        return [tuple(r) for r in await self.session.execute(query)]  # type: ignore[misc]

    async def last_position(self, snapshot_id: int) -> int:
        """The last position of one list (0 for an empty list)."""
        found = await self.session.scalar(
            select(func.max(ListRow.position)).where(ListRow.snapshot_id == snapshot_id)
        )
        return int(found or 0)

    async def positions(self, snapshot_id: int) -> dict[int, tuple[int, Decimal]]:
        """player id -> (position, rating) in one list (the previous list of a list page)."""
        rows = await self.session.execute(
            select(ListRow.player_id, ListRow.position, ListRow.rating).where(
                ListRow.snapshot_id == snapshot_id
            )
        )
        return {pid: (pos, rating) for pid, pos, rating in rows}

    async def positions_of_page(
        self, snapshot_id: int, page_of: int, after: int | None, upto: int | None
    ) -> dict[int, tuple[int, Decimal]]:
        """:meth:`positions` of only the players on one page of another list (``page_of``,
        positions above ``after`` and at most ``upto``, as :meth:`list_lines` takes them)."""
        on_page = select(ListRow.player_id).where(ListRow.snapshot_id == page_of)
        if after is not None:
            on_page = on_page.where(ListRow.position > after)
        if upto is not None:
            on_page = on_page.where(ListRow.position <= upto)
        rows = await self.session.execute(
            select(ListRow.player_id, ListRow.position, ListRow.rating).where(
                ListRow.snapshot_id == snapshot_id, ListRow.player_id.in_(on_page)
            )
        )
        return {pid: (pos, rating) for pid, pos, rating in rows}

    async def history_rows(
        self, discipline_id: int, player_id: int | None = None
    ) -> list[HistoryRow]:
        """Rows of every list of the discipline (of one player), by list date.

        Read on the session's connection, not through the ORM's loading of each row, with
        the rating as stored and made a figure here (:func:`.types.stored_figure`): a whole
        build reads a discipline's 2.4 million rows at once."""
        query = (
            select(
                ListRow.snapshot_id,
                ListRow.player_id,
                ListRow.position,
                type_coerce(ListRow.rating, BigInteger),
                ListRow.title,
            )
            .join(ListSnapshot, ListSnapshot.id == ListRow.snapshot_id)
            .where(ListSnapshot.discipline_id == discipline_id)
            .order_by(ListSnapshot.list_date)
        )
        if player_id is not None:
            query = query.where(ListRow.player_id == player_id)
        rows = await (await self.session.connection()).execute(query)
        figure = stored_figure
        return [
            (sid, pid, position, figure(rating), title)
            for sid, pid, position, rating, title in rows
        ]

    async def title_floors(self, snapshot_id: int) -> dict[str, Decimal]:
        """title -> the lowest rating that holds it in one list: where a chart draws the
        title's threshold, as the list itself shows it."""
        rows = await self.session.execute(
            select(ListRow.title, func.min(ListRow.rating))
            .where(ListRow.snapshot_id == snapshot_id, ListRow.title.is_not(None))
            .group_by(ListRow.title)
        )
        return {title: Decimal(low) for title, low in rows if title}

    async def title_floors_by_list(self, discipline_id: int) -> dict[int, dict[str, Decimal]]:
        """:meth:`title_floors` of every list of a discipline, by snapshot id, in one query."""
        rows = await self.session.execute(
            select(ListRow.snapshot_id, ListRow.title, func.min(ListRow.rating))
            .join(ListSnapshot, ListSnapshot.id == ListRow.snapshot_id)
            .where(ListSnapshot.discipline_id == discipline_id, ListRow.title.is_not(None))
            .group_by(ListRow.snapshot_id, ListRow.title)
        )
        out: dict[int, dict[str, Decimal]] = {}
        for sid, title, low in rows:
            if title:
                out.setdefault(sid, {})[title] = Decimal(low)
        return out

    async def tournaments(self, discipline_id: int) -> list[TournamentInfo]:
        """The discipline's stored tournaments (current versions), newest first."""
        rows = await self.session.execute(
            select(
                Tournament.id,
                Tournament.code,
                Tournament.name,
                TournamentVersion.held_on,
                TournamentVersion.version,
            )
            .join(TournamentVersion, TournamentVersion.id == Tournament.current_version_id)
            .where(Tournament.discipline_id == discipline_id)
            .order_by(TournamentVersion.held_on.desc(), Tournament.id.desc())
        )
        return [tuple(r) for r in rows]  # type: ignore[misc]

    async def played(
        self,
        *,
        discipline_id: int | None = None,
        player_id: int | None = None,
        tournament_id: int | None = None,
    ) -> list[Played]:
        """Entries of current versions (of a discipline, a player or a tournament)."""
        query = (
            select(Tournament.id, Entry.player_id, Entry.place, Entry.team)
            .join(TournamentVersion, TournamentVersion.id == Tournament.current_version_id)
            .join(Entry, Entry.version_id == TournamentVersion.id)
            .order_by(Tournament.id, Entry.place, Entry.id)
        )
        if discipline_id is not None:
            query = query.where(Tournament.discipline_id == discipline_id)
        if player_id is not None:
            query = query.where(Entry.player_id == player_id)
        if tournament_id is not None:
            query = query.where(Tournament.id == tournament_id)
        return [tuple(r) for r in await self.session.execute(query)]  # type: ignore[misc]

    async def award_lines(
        self, *, discipline_id: int | None = None, player_id: int | None = None
    ) -> list[AwardLine]:
        """Current award lines (no traces) of a discipline or a player."""
        query = (
            select(Tournament.id, Award.player_id, Award.kind, Award.colour, Award.amount)
            .join(Tournament, Tournament.current_version_id == Award.version_id)
            .order_by(Tournament.id, Award.id)
        )
        if discipline_id is not None:
            query = query.where(Award.discipline_id == discipline_id)
        if player_id is not None:
            query = query.where(Award.player_id == player_id)
        return [tuple(r) for r in await self.session.execute(query)]  # type: ignore[misc]

    async def traced_awards(
        self, tournament_id: int
    ) -> list[tuple[int, str, str | None, Decimal, list[Any]]]:
        """(player id, kind, colour, amount, trace) of a tournament's current awards."""
        rows = await self.session.execute(
            select(Award.player_id, Award.kind, Award.colour, Award.amount, Award.trace)
            .join(Tournament, Tournament.current_version_id == Award.version_id)
            .where(Tournament.id == tournament_id)
            .order_by(Award.id)
        )
        return [(pid, kind, colour, amount, trace) for pid, kind, colour, amount, trace in rows]

    async def title_lines(
        self, discipline_id: int, player_id: int | None = None
    ) -> list[TitleLine]:
        """Counted title rows of a discipline (of one player), in the ledger's order."""
        query = counted_titles(
            select(Title.player_id, Title.title, Title.since, Title.reason)
        ).where(Title.discipline_id == discipline_id)
        if player_id is not None:
            query = query.where(Title.player_id == player_id)
        query = query.order_by(*title_order(newest_first=False))
        return [tuple(r) for r in await self.session.execute(query)]  # type: ignore[misc]

    async def players(
        self, ids: list[int] | None = None, federation_id: int | None = None
    ) -> list[Player]:
        """Players by id or of a federation (the registry's rows)."""
        query = select(Player).order_by(Player.id)
        if ids is not None:
            query = query.where(Player.id.in_(ids))
        if federation_id is not None:
            query = query.where(Player.federation_id == federation_id)
        return list((await self.session.scalars(query)).all())

    async def marks(self) -> dict[str, Any]:
        """Where the data stands, for an incremental build to compare with later: each
        discipline's list ids by list date, and the newest ids of tournament versions,
        titles, audit rows and players."""
        lists: dict[str, list[int]] = {}
        for sid, did in await self.session.execute(
            select(ListSnapshot.id, ListSnapshot.discipline_id).order_by(
                ListSnapshot.discipline_id, ListSnapshot.list_date
            )
        ):
            lists.setdefault(str(did), []).append(sid)
        row = (
            await self.session.execute(
                select(
                    select(func.max(TournamentVersion.id)).scalar_subquery(),
                    select(func.max(Title.id)).scalar_subquery(),
                    select(func.max(AuditLog.id)).scalar_subquery(),
                    select(func.max(Player.id)).scalar_subquery(),
                )
            )
        ).one()
        version, title, audit, player = (int(x or 0) for x in row)
        return {
            "lists": lists,
            "version": version,
            "title": title,
            "audit": audit,
            "player": player,
        }

    async def actions_after(self, audit_id: int) -> set[str]:
        """The actions of the audit rows newer than ``audit_id``."""
        rows = await self.session.scalars(
            select(AuditLog.action).where(AuditLog.id > audit_id).distinct()
        )
        return set(rows)

    async def figures(self, snapshot_id: int) -> dict[int, tuple[Decimal, str | None]]:
        """player id -> (rating, title) in one list."""
        rows = await self.session.execute(
            select(ListRow.player_id, ListRow.rating, ListRow.title).where(
                ListRow.snapshot_id == snapshot_id
            )
        )
        return {pid: (rating, title) for pid, rating, title in rows}

    async def tournaments_after(self, version_id: int) -> set[int]:
        """Tournaments with a version newer than ``version_id``."""
        rows = await self.session.scalars(
            select(TournamentVersion.tournament_id).where(TournamentVersion.id > version_id)
        )
        return set(rows)

    async def players_of(self, tournament_ids: set[int]) -> set[int]:
        """Players with an entry or an award in any version of these tournaments."""
        if not tournament_ids:
            return set()
        versions = select(TournamentVersion.id).where(
            TournamentVersion.tournament_id.in_(tournament_ids)
        )
        entered = await self.session.scalars(
            select(Entry.player_id).where(Entry.version_id.in_(versions))
        )
        awarded = await self.session.scalars(
            select(Award.player_id).where(Award.version_id.in_(versions))
        )
        return set(entered) | set(awarded)

    async def titled_after(self, title_id: int) -> set[int]:
        """Players with a title row newer than ``title_id``."""
        return set(await self.session.scalars(select(Title.player_id).where(Title.id > title_id)))

    async def players_after(self, player_id: int) -> set[int]:
        """Players registered after ``player_id``."""
        return set(await self.session.scalars(select(Player.id).where(Player.id > player_id)))

    async def state(self) -> tuple[int, ...]:
        """A cheap token that changes whenever anything a page shows may have changed: the
        newest ids of lists, tournament versions and titles, and the player count and newest
        player (the registry's edits are audited, so the audit log's newest id too)."""
        row = (await self.session.execute(STATE)).one()
        return tuple(int(x or 0) for x in row)
