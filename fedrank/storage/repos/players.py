"""The federation's registry of players and their dated memberships."""

from __future__ import annotations

from collections.abc import AsyncIterator, Collection, Iterable, Sequence
from datetime import date
from typing import Any, cast

from sqlalchemy import (
    Column,
    ColumnElement,
    RowMapping,
    Table,
    bindparam,
    delete,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.orm import aliased

from fedrank.storage.models import (
    AccountLink,
    Award,
    Entry,
    Game,
    GameReport,
    LinkCode,
    LinkRequest,
    ListRow,
    ListSnapshot,
    Membership,
    Player,
    QualificationSlot,
    Title,
    Tournament,
    TournamentVersion,
)
from fedrank.storage.repos.base import Repo, like_pattern


def federation_id_is(name: str = "fpid") -> ColumnElement[bool]:
    """The player's federation ID equals the bound ``name`` (given in upper case): IDs match in
    any case. The one definition of an exact ID match (``find``, ``by_exact_id``, /rating)."""
    return func.upper(Player.federation_player_id) == bindparam(name)


# Built once: building a statement costs about as much as running it.
_EXACT_ID = select(Player).where(federation_id_is()).order_by(Player.id)
_EXACT_ID_IN_FEDERATION = _EXACT_ID.where(Player.federation_id == bindparam("federation_id"))


class PlayerRepo(Repo):
    async def add(
        self,
        federation_id: int,
        federation_player_id: str,
        name: str,
        *,
        country: str | None = None,
        birth_date: date | None = None,
        gender: str | None = None,
        data: dict[str, Any] | None = None,
    ) -> Player:
        player = Player(
            federation_id=federation_id,
            federation_player_id=federation_player_id,
            name=name,
            country=country,
            birth_date=birth_date,
            gender=gender,
            data=data or {},
        )
        self.session.add(player)
        await self.session.flush()
        return player

    async def get(self, player_id: int) -> Player | None:
        return await self.session.get(Player, player_id)

    async def by_exact_id(
        self, federation_id: int | None, federation_player_id: str
    ) -> Sequence[Player]:
        """The players whose federation ID is exactly ``federation_player_id`` (any case,
        surrounding spaces ignored), by id: of one federation, or of every federation when
        ``federation_id`` is None (an ID two federations use names two players)."""
        wanted = federation_player_id.strip().upper()
        if federation_id is None:
            return (await self.session.scalars(_EXACT_ID, {"fpid": wanted})).all()
        return (
            await self.session.scalars(
                _EXACT_ID_IN_FEDERATION, {"fpid": wanted, "federation_id": federation_id}
            )
        ).all()

    async def by_federation_id(
        self, federation_id: int, federation_player_id: str
    ) -> Player | None:
        """The federation's player with this ID (:meth:`by_exact_id` in one federation)."""
        found = await self.by_exact_id(federation_id, federation_player_id)
        return found[0] if found else None

    async def by_federation_ids(
        self, federation_id: int, federation_player_ids: Iterable[str]
    ) -> dict[str, Player]:
        wanted = {i.upper() for i in federation_player_ids}
        if not wanted:
            return {}
        rows = await self.session.scalars(
            select(Player).where(
                Player.federation_id == federation_id,
                func.upper(Player.federation_player_id).in_(wanted),
            )
        )
        return {p.federation_player_id.upper(): p for p in rows}

    async def by_ids(self, player_ids: Iterable[int]) -> dict[int, Player]:
        wanted = set(player_ids)
        if not wanted:
            return {}
        rows = await self.session.scalars(select(Player).where(Player.id.in_(wanted)))
        return {p.id: p for p in rows}

    async def by_egd_pins(self, federation_id: int, pins: Iterable[str]) -> dict[str, Player]:
        """The federation's players holding these EGD PINs, by PIN."""
        wanted = {p.strip() for p in pins if p.strip()}
        if not wanted:
            return {}
        rows = await self.session.scalars(
            select(Player).where(Player.federation_id == federation_id, Player.egd_pin.in_(wanted))
        )
        return {str(p.egd_pin): p for p in rows}

    async def names(self, federation_id: int) -> Sequence[tuple[int, str, str, str | None]]:
        """Every player of a federation as (id, federation ID, name, Latin name): plain rows,
        what a results file's names are matched against. Read in chunks, so a registry of
        100,000 players does not hold the event loop while its rows are made."""
        result = await self.session.stream(
            select(Player.id, Player.federation_player_id, Player.name, Player.latin_name)
            .where(Player.federation_id == federation_id)
            .order_by(Player.federation_player_id)
        )
        out: list[tuple[int, str, str, str | None]] = []
        async for part in result.partitions(2000):
            out.extend((r[0], r[1], r[2], r[3]) for r in part)
        return out

    async def find(self, query: str, *, limit: int = 10) -> Sequence[Player]:
        """Players whose federation ID equals ``query``, else whose whole name is ``query``
        (any case, spaces around ignored), else whose name contains it: an exact answer wins
        over the longer names it is a part of ("Kid1" is not asked back because of "Kid10")."""
        exact = await self.by_exact_id(None, query)
        if exact:
            return exact
        wanted = query.strip().lower()
        named = (
            await self.session.scalars(
                select(Player)
                .where(func.lower(func.trim(Player.name)) == wanted)
                .order_by(Player.name, Player.id)
                .limit(limit)
            )
        ).all()
        if named:
            return named
        pattern = like_pattern(wanted)
        return (
            await self.session.scalars(
                select(Player)
                .where(func.lower(Player.name).like(f"%{pattern}%", escape="\\"))
                .order_by(Player.name, Player.id)
                .limit(limit)
            )
        ).all()

    async def suggest(self, text: str, *, limit: int = 25) -> Sequence[Player]:
        """Players for a search box: those whose federation ID starts with ``text`` (by ID, a
        range of the ``upper(federation_player_id)`` index), then, while fewer than ``limit``,
        those whose name contains it (the first found, sorted by name: a name may contain it
        anywhere, so this part reads the table until it has enough)."""
        typed = text.strip()
        if not typed:
            return []
        prefix = typed.upper()
        upper_id = func.upper(Player.federation_player_id)
        after = prefix[:-1] + chr(ord(prefix[-1]) + 1)
        by_id = list(
            (
                await self.session.scalars(
                    select(Player)
                    .where(
                        upper_id >= prefix,
                        upper_id < after,
                        upper_id.like(f"{like_pattern(prefix)}%", escape="\\"),
                    )
                    .order_by(upper_id, Player.id)
                    .limit(limit)
                )
            ).all()
        )
        if len(by_id) >= limit:
            return by_id
        pattern = like_pattern(typed.lower())
        seen = [p.id for p in by_id]
        query = select(Player).where(func.lower(Player.name).like(f"%{pattern}%", escape="\\"))
        if seen:
            query = query.where(Player.id.not_in(seen))
        by_name = (await self.session.scalars(query.limit(limit - len(by_id)))).all()
        return by_id + sorted(by_name, key=lambda p: (p.name, p.federation_player_id))

    async def count_named(self, query: str) -> int:
        """How many players :meth:`find` would give without a limit (a name match)."""
        wanted = query.strip().lower()
        whole = await self.session.scalar(
            select(func.count(Player.id)).where(func.lower(func.trim(Player.name)) == wanted)
        )
        if whole:
            return int(whole)
        pattern = like_pattern(wanted)
        found = await self.session.scalar(
            select(func.count(Player.id)).where(
                func.lower(Player.name).like(f"%{pattern}%", escape="\\")
            )
        )
        return int(found or 0)

    async def has_record(self, player_id: int, discipline_id: int) -> bool:
        """Whether the player has anything in the discipline: an entry of a stored
        tournament (any version), an award or a row of a published list."""
        entry = (
            select(Entry.id)
            .join(TournamentVersion, TournamentVersion.id == Entry.version_id)
            .join(Tournament, Tournament.id == TournamentVersion.tournament_id)
            .where(Entry.player_id == player_id, Tournament.discipline_id == discipline_id)
        )
        award = select(Award.id).where(
            Award.player_id == player_id, Award.discipline_id == discipline_id
        )
        row = (
            select(ListRow.id)
            .join(ListSnapshot, ListSnapshot.id == ListRow.snapshot_id)
            .where(ListRow.player_id == player_id, ListSnapshot.discipline_id == discipline_id)
        )
        for query in (entry, award, row):
            if await self.session.scalar(query.limit(1)) is not None:
                return True
        return False

    async def of_federation(self, federation_id: int) -> Sequence[Player]:
        """Every player of a federation, by federation ID."""
        return (
            await self.session.scalars(
                select(Player)
                .where(Player.federation_id == federation_id)
                .order_by(Player.federation_player_id)
            )
        ).all()

    async def count(self, federation_id: int | None = None) -> int:
        query = select(func.count(Player.id))
        if federation_id is not None:
            query = query.where(Player.federation_id == federation_id)
        return int(await self.session.scalar(query) or 0)

    async def add_membership(self, player_id: int, starts_on: date, ends_on: date | None) -> None:
        self.session.add(Membership(player_id=player_id, starts_on=starts_on, ends_on=ends_on))
        await self.session.flush()

    async def memberships(self, player_id: int) -> Sequence[Membership]:
        return (
            await self.session.scalars(
                select(Membership)
                .where(Membership.player_id == player_id)
                .order_by(Membership.starts_on)
            )
        ).all()

    async def membership_periods(
        self, player_ids: Collection[int], *, chunk: int = 500
    ) -> dict[int, list[tuple[date, date | None]]]:
        """Each of these players' membership periods (start, end or None), by player id; a
        player without any recorded is absent."""
        ids = sorted(set(player_ids))
        out: dict[int, list[tuple[date, date | None]]] = {}
        for start in range(0, len(ids), chunk):
            rows = await self.session.execute(
                select(Membership.player_id, Membership.starts_on, Membership.ends_on)
                .where(Membership.player_id.in_(ids[start : start + chunk]))
                .order_by(Membership.player_id, Membership.starts_on)
            )
            for player_id, starts_on, ends_on in rows:
                out.setdefault(player_id, []).append((starts_on, ends_on))
        return out

    # The registry (``fedrank players import | export``): plain rows read and written in
    # chunks, so a registry of 100,000 players never holds the event loop long.

    async def registry_rows(
        self, federation_id: int, *, chunk: int = 500
    ) -> AsyncIterator[Sequence[RowMapping]]:
        """The federation's players as plain rows (no ORM objects), ``chunk`` at a time."""
        result = await self.session.stream(
            select(*_REGISTRY_COLUMNS)
            .where(Player.federation_id == federation_id)
            .order_by(Player.federation_player_id)
        )
        async for part in result.mappings().partitions(chunk):
            yield part

    async def registry_memberships(
        self, federation_id: int, *, chunk: int = 500
    ) -> AsyncIterator[Sequence[RowMapping]]:
        """Every membership of the federation's players (id, player_id, starts_on, ends_on)."""
        result = await self.session.stream(
            select(Membership.id, Membership.player_id, Membership.starts_on, Membership.ends_on)
            .join(Player, Player.id == Membership.player_id)
            .where(Player.federation_id == federation_id)
            .order_by(Membership.player_id, Membership.starts_on)
        )
        async for part in result.mappings().partitions(chunk):
            yield part

    async def add_many(self, federation_id: int, rows: Sequence[dict[str, Any]]) -> dict[str, int]:
        """Insert a federation's players (column values by name) in one executemany; their ids
        by federation ID. Core, not the ORM's bulk path, which would make a round trip per
        few rows."""
        await self.session.execute(insert(_PLAYER_TABLE), list(rows))
        found = await self.session.execute(
            select(Player.federation_player_id, Player.id).where(
                Player.federation_id == federation_id,
                Player.federation_player_id.in_([r["federation_player_id"] for r in rows]),
            )
        )
        return {fpid: player_id for fpid, player_id in found}

    async def update_registry(self, player_id: int, values: dict[str, Any]) -> None:
        """Set a player's registry facts (column values by name)."""
        await self.session.execute(update(Player).where(Player.id == player_id).values(values))

    async def add_memberships(self, rows: Sequence[dict[str, Any]]) -> None:
        """Insert memberships (player_id, starts_on, ends_on) in one statement."""
        if rows:
            await self.session.execute(insert(_MEMBERSHIP_TABLE), list(rows))

    async def end_membership(self, membership_id: int, ends_on: date | None) -> None:
        await self.session.execute(
            update(Membership).where(Membership.id == membership_id).values(ends_on=ends_on)
        )

    # Merging two records of one person (``fedrank players merge``).

    async def merge_conflicts(self, keep_id: int, drop_id: int) -> dict[str, list[str]]:
        """What keeps two records apart: tournaments both played (in one version: a correction
        that put KEEP where DROP stood is not both playing), lists and qualifications both
        are in. Links are :meth:`link_conflicts`."""
        a, b = aliased(Entry), aliased(Entry)
        tournaments = await self.session.scalars(
            select(Tournament.code)
            .join(TournamentVersion, TournamentVersion.tournament_id == Tournament.id)
            .join(a, a.version_id == TournamentVersion.id)
            .join(b, b.version_id == TournamentVersion.id)
            .where(a.player_id == keep_id, b.player_id == drop_id)
            .distinct()
            .order_by(Tournament.code)
        )
        ra, rb = aliased(ListRow), aliased(ListRow)
        lists = await self.session.scalars(
            select(func.count())
            .select_from(ra)
            .join(rb, rb.snapshot_id == ra.snapshot_id)
            .where(ra.player_id == keep_id, rb.player_id == drop_id)
        )
        qa, qb = aliased(QualificationSlot), aliased(QualificationSlot)
        qualifications = await self.session.scalars(
            select(qa.qualification_id)
            .join(qb, qb.qualification_id == qa.qualification_id)
            .where(qa.player_id == keep_id, qb.player_id == drop_id)
        )
        shared_lists = int(lists.one() or 0)
        return {
            "tournaments": list(tournaments),
            "lists": [str(shared_lists)] if shared_lists else [],
            "qualifications": [str(q) for q in qualifications],
        }

    async def merge_into(self, keep_id: int, drop_id: int) -> dict[str, int]:
        """Move every row of ``drop_id`` to ``keep_id`` (:data:`_PLAYER_REFERENCES`; the links
        first, :meth:`merge_links`) and delete the dropped player: rows moved by table. The
        caller checks :meth:`merge_conflicts` and :meth:`link_conflicts` first."""
        moved = await self._move(_PLAYER_REFERENCES, keep_id, drop_id)
        await self.session.execute(delete(Player).where(Player.id == drop_id))
        return moved

    async def _move(
        self, columns: Iterable[ColumnElement[Any]], keep_id: int, drop_id: int
    ) -> dict[str, int]:
        moved: dict[str, int] = {}
        for column in columns:
            assert isinstance(column, Column)
            result = await self.session.execute(
                update(column.table).where(column == drop_id).values({column.key: keep_id})
            )
            count = int(getattr(result, "rowcount", 0) or 0)
            if count:
                moved[f"{column.table.name}.{column.key}"] = count
        return moved

    # The accounts' links to a merged record: the one place a merge touches them.

    async def link_conflicts(self, keep_id: int, drop_id: int) -> list[str]:
        """Platforms on which each record is linked to an account of its own (two people, or
        one person with two accounts a director must sort out first)."""
        la, lb = aliased(AccountLink), aliased(AccountLink)
        platforms = await self.session.scalars(
            select(la.platform)
            .join(lb, lb.platform == la.platform)
            .where(la.player_id == keep_id, lb.player_id == drop_id, la.id != lb.id)
            .distinct()
            .order_by(la.platform)
        )
        return list(platforms)

    async def merge_links(self, keep_id: int, drop_id: int) -> dict[str, int]:
        """Move the dropped record's links, link requests and link codes to ``keep_id``."""
        return await self._move(_LINK_REFERENCES, keep_id, drop_id)


_PLAYER_TABLE = cast(Table, Player.__table__)
_MEMBERSHIP_TABLE = cast(Table, Membership.__table__)
_REGISTRY_COLUMNS = (
    Player.id,
    Player.federation_player_id,
    Player.name,
    Player.latin_name,
    Player.birth_date,
    Player.gender,
    Player.country,
    Player.club,
    Player.egd_pin,
    Player.data,
)

#: The accounts' links to a player (:meth:`PlayerRepo.merge_links`).
_LINK_REFERENCES = (
    AccountLink.__table__.c.player_id,
    LinkRequest.__table__.c.player_id,
    LinkCode.__table__.c.player_id,
)

#: Every column that names a player, except the accounts' links: what a merge moves.
_PLAYER_REFERENCES = (
    Membership.__table__.c.player_id,
    Entry.__table__.c.player_id,
    Game.__table__.c.player1_id,
    Game.__table__.c.player2_id,
    GameReport.__table__.c.reporter_id,
    GameReport.__table__.c.opponent_id,
    Award.__table__.c.player_id,
    Title.__table__.c.player_id,
    ListRow.__table__.c.player_id,
    QualificationSlot.__table__.c.player_id,
)
