"""Repositories: every query fedrank makes lives here, named for what the handlers need.

Handlers never build SQL; they call these methods inside ``Database.transaction()``.
Ledger reads always take the current (highest) version of each tournament, so a correction
replaces the figures of the version it supersedes without any row being edited.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterable, Sequence
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import Select, and_, bindparam, func, or_, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession
from sqlalchemy.orm import aliased

from fedrank.storage.game_reports import GameReportRepo
from fedrank.storage.models import (
    Account,
    AccountRole,
    AuditLog,
    Award,
    Discipline,
    DiscordRoleRule,
    Entry,
    Federation,
    Game,
    LinkCode,
    LinkRequest,
    ListRow,
    ListSnapshot,
    Membership,
    Outbox,
    PendingSubmission,
    Player,
    Qualification,
    QualificationSlot,
    Subscription,
    Title,
    Tournament,
    TournamentVersion,
)
from fedrank.storage.records import (
    NewAward,
    NewEntry,
    NewGame,
    NewListRow,
    NewMessage,
    NewTitle,
    PointTotal,
    Prepared,
    RatingCard,
    Standing,
    TopList,
    TopRow,
)
from fedrank.storage.roles import RoleRepo


def hash_code(code: str) -> str:
    """One-time link codes are stored hashed: a leaked database does not leak codes."""
    return hashlib.sha256(code.strip().upper().encode()).hexdigest()


def _dialect(session: AsyncSession) -> str:
    """The backend's name ("sqlite" or "postgresql"); statements differ in a few places."""
    return session.bind.dialect.name if session.bind is not None else "sqlite"


class _Repo:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session


# Two federations may use the same code: the first one wins, by id.
_DISCIPLINE_BY_CODE = (
    select(Discipline)
    .where(func.lower(Discipline.code) == bindparam("code"))
    .order_by(Discipline.id)
    .limit(1)
)
_DISCIPLINE_COLUMNS_BY_CODE = (
    select(Discipline.id, Discipline.name)
    .where(func.lower(Discipline.code) == bindparam("code"))
    .order_by(Discipline.id)
    .limit(1)
)


class FederationRepo(_Repo):
    async def add(self, code: str, name: str, timezone: str = "UTC") -> Federation:
        federation = Federation(code=code, name=name, timezone=timezone)
        self.session.add(federation)
        await self.session.flush()
        return federation

    async def by_code(self, code: str) -> Federation | None:
        return await self.session.scalar(
            select(Federation).where(func.lower(Federation.code) == code.lower())
        )

    async def get(self, federation_id: int) -> Federation | None:
        return await self.session.get(Federation, federation_id)

    async def all(self) -> Sequence[Federation]:
        return (await self.session.scalars(select(Federation).order_by(Federation.code))).all()

    async def add_discipline(
        self, federation: Federation, code: str, name: str, system: str, calendar: str
    ) -> Discipline:
        discipline = Discipline(
            federation_id=federation.id, code=code, name=name, system=system, calendar=calendar
        )
        self.session.add(discipline)
        await self.session.flush()
        return discipline

    async def disciplines(self, federation_id: int | None = None) -> Sequence[Discipline]:
        query = select(Discipline).order_by(Discipline.federation_id, Discipline.id)
        if federation_id is not None:
            query = query.where(Discipline.federation_id == federation_id)
        return (await self.session.scalars(query)).all()

    async def discipline(self, discipline_id: int) -> Discipline | None:
        return await self.session.get(Discipline, discipline_id)

    async def discipline_by_code(self, code: str) -> Discipline | None:
        return await self.session.scalar(_DISCIPLINE_BY_CODE, {"code": code.lower()})


class PlayerRepo(_Repo):
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

    async def by_federation_id(
        self, federation_id: int, federation_player_id: str
    ) -> Player | None:
        return await self.session.scalar(
            select(Player).where(
                Player.federation_id == federation_id,
                func.upper(Player.federation_player_id) == federation_player_id.upper(),
            )
        )

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

    async def find(self, query: str, *, limit: int = 10) -> Sequence[Player]:
        """Players whose federation ID equals ``query`` or whose name contains it."""
        text = query.strip()
        exact = (await self.session.scalars(_FIND_BY_ID, {"id": text.upper()})).all()
        if exact:
            return exact
        escaped = text.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        return (
            await self.session.scalars(
                select(Player)
                .where(func.lower(Player.name).like(f"%{escaped}%", escape="\\"))
                .order_by(Player.name, Player.id)
                .limit(limit)
            )
        ).all()

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


# The hot path's small statements, built once (building costs about as much as running them).
_FIND_BY_ID = select(Player).where(func.upper(Player.federation_player_id) == bindparam("id"))
_LINKED_PLAYER = (
    select(Player)
    .join(Account, Account.player_id == Player.id)
    .where(Account.platform == bindparam("platform"), Account.platform_user_id == bindparam("user"))
)
_ACCOUNT_BY_PLATFORM = select(Account).where(
    Account.platform == bindparam("platform"), Account.platform_user_id == bindparam("user")
)
_ACCOUNT_LANGUAGE = select(Account.language).where(
    Account.platform == bindparam("platform"), Account.platform_user_id == bindparam("user")
)


class AccountRepo(_Repo):
    async def get_or_create(
        self,
        platform: str,
        platform_user_id: str,
        *,
        display_name: str,
        language: str | None,
        now: datetime,
    ) -> Account:
        account = await self.by_platform(platform, platform_user_id)
        if account is None:
            # Two first messages of a new user may arrive at once (several processes): insert
            # if absent, then read whichever row won.
            insert = pg_insert if _dialect(self.session) == "postgresql" else sqlite_insert
            await self.session.execute(
                insert(Account)
                .values(
                    platform=platform,
                    platform_user_id=platform_user_id,
                    display_name=display_name,
                    language=language,
                    created_at=now,
                )
                .on_conflict_do_nothing(index_elements=["platform", "platform_user_id"])
            )
            account = await self.by_platform(platform, platform_user_id)
            assert account is not None
        elif display_name and account.display_name != display_name:
            account.display_name = display_name
        return account

    async def by_platform(self, platform: str, platform_user_id: str) -> Account | None:
        return await self.session.scalar(
            _ACCOUNT_BY_PLATFORM, {"platform": platform, "user": platform_user_id}
        )

    async def get(self, account_id: int) -> Account | None:
        return await self.session.get(Account, account_id)

    async def linked_player(self, platform: str, platform_user_id: str) -> Player | None:
        """The player the user's account is linked to (None when unknown or unlinked), in one
        query instead of ``by_platform`` and then ``PlayerRepo.get``."""
        return await self.session.scalar(
            _LINKED_PLAYER, {"platform": platform, "user": platform_user_id}
        )

    async def language(self, platform: str, platform_user_id: str) -> str | None:
        """The language the user chose with /lang (None: not chosen, or no account yet)."""
        return await self.session.scalar(
            _ACCOUNT_LANGUAGE, {"platform": platform, "user": platform_user_id}
        )

    async def for_player(self, player_id: int) -> Sequence[Account]:
        return (
            await self.session.scalars(select(Account).where(Account.player_id == player_id))
        ).all()

    async def linked(self, platform: str, federation_id: int) -> list[tuple[str, int]]:
        """(platform user id, player id) of every account of ``platform`` linked to a player
        of the federation."""
        rows = await self.session.execute(
            select(Account.platform_user_id, Account.player_id)
            .join(Player, Player.id == Account.player_id)
            .where(Account.platform == platform, Player.federation_id == federation_id)
            .order_by(Account.id)
        )
        return [(user_id, player_id) for user_id, player_id in rows if player_id is not None]

    async def role(self, account_id: int, federation_id: int) -> str:
        """The account's role in the federation; everyone is a player unless granted more."""
        role = await self.session.scalar(
            select(AccountRole.role).where(
                AccountRole.account_id == account_id, AccountRole.federation_id == federation_id
            )
        )
        return role or "player"

    async def roles(self, account_id: int) -> dict[int, str]:
        rows = await self.session.execute(
            select(AccountRole.federation_id, AccountRole.role).where(
                AccountRole.account_id == account_id
            )
        )
        return {fid: role for fid, role in rows}

    async def set_role(self, account_id: int, federation_id: int, role: str) -> None:
        existing = await self.session.scalar(
            select(AccountRole).where(
                AccountRole.account_id == account_id, AccountRole.federation_id == federation_id
            )
        )
        if existing is None:
            self.session.add(
                AccountRole(account_id=account_id, federation_id=federation_id, role=role)
            )
        else:
            existing.role = role
        await self.session.flush()

    async def link(self, account: Account, player_id: int) -> None:
        account.player_id = player_id
        await self.session.flush()

    async def add_link_request(self, account_id: int, player_id: int, now: datetime) -> LinkRequest:
        request = LinkRequest(account_id=account_id, player_id=player_id, created_at=now)
        self.session.add(request)
        await self.session.flush()
        return request

    async def pending_link_request(self, account_id: int, player_id: int) -> LinkRequest | None:
        return await self.session.scalar(
            select(LinkRequest).where(
                LinkRequest.account_id == account_id,
                LinkRequest.player_id == player_id,
                LinkRequest.state == "pending",
            )
        )

    async def link_request(self, request_id: int) -> LinkRequest | None:
        return await self.session.get(LinkRequest, request_id)

    async def pending_link_requests(self, federation_id: int) -> Sequence[LinkRequest]:
        return (
            await self.session.scalars(
                select(LinkRequest)
                .join(Player, Player.id == LinkRequest.player_id)
                .where(LinkRequest.state == "pending", Player.federation_id == federation_id)
                .order_by(LinkRequest.id)
            )
        ).all()

    async def add_link_code(
        self, player_id: int, code: str, issued_by: int, expires_at: datetime
    ) -> LinkCode:
        link_code = LinkCode(
            player_id=player_id,
            code_hash=hash_code(code),
            issued_by=issued_by,
            expires_at=expires_at,
        )
        self.session.add(link_code)
        await self.session.flush()
        return link_code

    async def link_code(self, code: str) -> LinkCode | None:
        return await self.session.scalar(
            select(LinkCode).where(LinkCode.code_hash == hash_code(code))
        )


async def account_language(
    conn: AsyncConnection, platform: str, platform_user_id: str
) -> str | None:
    """:meth:`AccountRepo.language` on a bare connection (``Database.connection``): the
    dispatcher reads it before every request whose user it has not seen lately."""
    return await conn.scalar(_ACCOUNT_LANGUAGE, {"platform": platform, "user": platform_user_id})


def _current_versions() -> Select[Any]:
    """Ids of the highest version of every tournament: what the ledger counts."""
    return select(Tournament.current_version_id).where(Tournament.current_version_id.is_not(None))


def _is_current(version_id: Any) -> Any:
    """``version_id`` is the current version of its tournament (one indexed probe per row).

    Same rows as ``version_id IN (_current_versions())``, but SQLite answers it through
    ix_tournament_current_version_id instead of first listing every tournament.
    """
    return select(Tournament.id).where(Tournament.current_version_id == version_id).exists()


class LedgerRepo(_Repo):
    async def tournament(self, discipline_id: int, code: str) -> Tournament | None:
        return await self.session.scalar(
            select(Tournament).where(
                Tournament.discipline_id == discipline_id, Tournament.code == code
            )
        )

    async def tournament_by_id(self, tournament_id: int) -> Tournament | None:
        return await self.session.get(Tournament, tournament_id)

    async def find_tournaments(
        self, query: str, discipline_ids: Sequence[int] | None = None, limit: int = 10
    ) -> Sequence[Tournament]:
        escaped = query.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        stmt = select(Tournament).where(
            or_(
                func.lower(Tournament.code) == query.lower(),
                func.lower(Tournament.name).like(f"%{escaped}%", escape="\\"),
            )
        )
        if discipline_ids is not None:
            stmt = stmt.where(Tournament.discipline_id.in_(discipline_ids))
        return (
            await self.session.scalars(stmt.order_by(Tournament.held_on.desc()).limit(limit))
        ).all()

    async def current_version(self, tournament_id: int) -> TournamentVersion | None:
        return await self.session.scalar(
            select(TournamentVersion)
            .where(TournamentVersion.tournament_id == tournament_id)
            .order_by(TournamentVersion.version.desc())
            .limit(1)
        )

    async def current_versions(
        self, discipline_id: int
    ) -> Sequence[tuple[Tournament, TournamentVersion]]:
        """Every tournament of the discipline with its current version, oldest first."""
        rows = await self.session.execute(
            select(Tournament, TournamentVersion)
            .join(TournamentVersion, TournamentVersion.tournament_id == Tournament.id)
            .where(
                Tournament.discipline_id == discipline_id,
                TournamentVersion.id.in_(_current_versions()),
            )
            .order_by(TournamentVersion.held_on, Tournament.id)
        )
        return [(tournament, version) for tournament, version in rows]

    async def record_tournament(
        self,
        *,
        discipline_id: int,
        code: str,
        name: str,
        held_on: date,
        params: dict[str, Any],
        entries: Sequence[NewEntry],
        games: Sequence[NewGame],
        awards: Sequence[NewAward],
        now: datetime,
        submitted_by: int | None = None,
        source_name: str = "",
        source_text: str = "",
        reason: str = "",
    ) -> TournamentVersion:
        """Store a tournament as a new version (1 if new) with its entries, games and awards."""
        tournament = await self.tournament(discipline_id, code)
        if tournament is None:
            tournament = Tournament(
                discipline_id=discipline_id, code=code, name=name, held_on=held_on
            )
            self.session.add(tournament)
            await self.session.flush()
            number = 1
        else:
            current = await self.current_version(tournament.id)
            number = (current.version if current else 0) + 1
            tournament.name = name
            tournament.held_on = held_on
        version = TournamentVersion(
            tournament_id=tournament.id,
            version=number,
            held_on=held_on,
            params=params,
            source_name=source_name,
            source_text=source_text,
            reason=reason,
            submitted_by=submitted_by,
            created_at=now,
        )
        self.session.add(version)
        await self.session.flush()
        tournament.current_version_id = version.id
        self.session.add_all(
            Entry(
                version_id=version.id,
                player_id=e.player_id,
                place=e.place,
                team=e.team,
                data=e.data or {},
            )
            for e in entries
        )
        self.session.add_all(
            Game(
                version_id=version.id,
                round_no=g.round_no,
                player1_id=g.player1_id,
                player2_id=g.player2_id,
                result=g.result,
                score1=g.score1,
                score2=g.score2,
            )
            for g in games
        )
        self.session.add_all(
            Award(
                version_id=version.id,
                discipline_id=discipline_id,
                player_id=a.player_id,
                kind=a.kind,
                amount=a.amount,
                colour=a.colour,
                awarded_on=held_on,
                trace=a.trace,
            )
            for a in awards
        )
        await self.session.flush()
        return version

    async def totals(self, player_id: int, discipline_id: int) -> list[PointTotal]:
        """The player's current ledger totals in a discipline, by kind and colour."""
        rows = await self.session.execute(
            select(Award.kind, Award.colour, func.sum(Award.amount))
            .where(
                Award.player_id == player_id,
                Award.discipline_id == discipline_id,
                _is_current(Award.version_id),
            )
            .group_by(Award.kind, Award.colour)
            .order_by(Award.kind, Award.colour)
        )
        return [PointTotal(kind, colour, Decimal(amount)) for kind, colour, amount in rows]

    async def awards(
        self, player_id: int, discipline_id: int | None = None
    ) -> Sequence[tuple[Award, Tournament]]:
        """The player's current award lines, newest first, each with its tournament."""
        stmt = (
            select(Award, Tournament)
            .join(TournamentVersion, TournamentVersion.id == Award.version_id)
            .join(Tournament, Tournament.id == TournamentVersion.tournament_id)
            .where(Award.player_id == player_id, Award.version_id.in_(_current_versions()))
            .order_by(Award.awarded_on.desc(), Award.id)
        )
        if discipline_id is not None:
            stmt = stmt.where(Award.discipline_id == discipline_id)
        return [(award, tournament) for award, tournament in await self.session.execute(stmt)]

    async def discipline_awards(self, discipline_id: int) -> Sequence[Award]:
        """Every current award line of a discipline (what a list is computed from)."""
        return (
            await self.session.scalars(
                select(Award)
                .where(
                    Award.discipline_id == discipline_id,
                    Award.version_id.in_(_current_versions()),
                )
                .order_by(Award.awarded_on, Award.id)
            )
        ).all()

    async def add_title(
        self,
        player_id: int,
        discipline_id: int,
        title: str,
        since: date,
        *,
        value: Decimal | None = None,
        reason: str = "",
        version_id: int | None = None,
        data: dict[str, Any] | None = None,
    ) -> Title:
        row = Title(
            player_id=player_id,
            discipline_id=discipline_id,
            title=title,
            value=value,
            since=since,
            reason=reason,
            version_id=version_id,
            data=data or {},
        )
        self.session.add(row)
        await self.session.flush()
        return row

    async def current_title(
        self, player_id: int, discipline_id: int, on: date | None = None
    ) -> Title | None:
        stmt = select(Title).where(
            Title.player_id == player_id, Title.discipline_id == discipline_id
        )
        if on is not None:
            stmt = stmt.where(Title.since <= on)
        return await self.session.scalar(
            stmt.order_by(Title.since.desc(), Title.id.desc()).limit(1)
        )

    async def titles_on(self, discipline_id: int, on: date) -> dict[int, Title]:
        """Each player's current title in the discipline on ``on`` (one query for everyone)."""
        rows = await self.session.scalars(
            select(Title)
            .where(Title.discipline_id == discipline_id, Title.since <= on)
            .order_by(Title.since, Title.id)
        )
        return {title.player_id: title for title in rows}

    async def title_history(self, player_id: int, discipline_id: int) -> Sequence[Title]:
        return (
            await self.session.scalars(
                select(Title)
                .where(Title.player_id == player_id, Title.discipline_id == discipline_id)
                .order_by(Title.since, Title.id)
            )
        ).all()

    async def write_prepared(
        self,
        discipline: Discipline,
        prepared: Prepared,
        *,
        now: datetime,
        account_id: int | None,
        source_name: str = "",
        source_text: str = "",
    ) -> TournamentVersion:
        """Store a prepared tournament, its titles and the replays it causes (one transaction:
        the caller's)."""
        version = await self.record_tournament(
            discipline_id=discipline.id,
            code=prepared.code,
            name=prepared.name,
            held_on=prepared.held_on,
            params=prepared.params,
            entries=prepared.entries,
            games=prepared.games,
            awards=prepared.awards,
            now=now,
            submitted_by=account_id,
            source_name=source_name,
            source_text=source_text,
            reason=prepared.reason,
        )
        await self.write_titles(discipline, prepared.titles, version_id=version.id)
        for replay in prepared.replays:
            await self.write_prepared(discipline, replay, now=now, account_id=account_id)
        return version

    async def write_titles(
        self, discipline: Discipline, titles: list[NewTitle], *, version_id: int | None
    ) -> None:
        """Append titles to the players' histories (from a tournament, or from a publication)."""
        for title in titles:
            await self.add_title(
                title.player_id,
                discipline.id,
                title.title,
                title.since,
                value=title.value,
                reason=title.reason,
                version_id=version_id,
            )


@functools.cache
def _rating_cards_statement(by: str) -> Select[Any]:
    """The query of :meth:`ListRepo.rating_cards` for players chosen ``by`` "id" (bind
    ``player_id``), "federation_player_id" (bind ``fpid``, upper case) or "account" (binds
    ``platform`` and ``user``). Built once per choice: building a statement of this size costs
    more than running it (SQLAlchemy caches only its compiled form)."""
    chosen: Select[Any]
    if by == "id":
        chosen = select(Player.id).where(Player.id == bindparam("player_id"))
    elif by == "federation_player_id":
        chosen = select(Player.id).where(
            func.upper(Player.federation_player_id) == bindparam("fpid")
        )
    else:
        chosen = select(Account.player_id).where(
            Account.platform == bindparam("platform"),
            Account.platform_user_id == bindparam("user"),
        )
    latest = (
        select(ListSnapshot.id)
        .where(ListSnapshot.discipline_id == Discipline.id)
        .order_by(ListSnapshot.list_date.desc())
        .limit(1)
        .correlate(Discipline)
        .scalar_subquery()
    )
    current_title = (
        select(Title.id)
        .where(Title.player_id == Player.id, Title.discipline_id == Discipline.id)
        .order_by(Title.since.desc(), Title.id.desc())
        .limit(1)
        .correlate(Discipline, Player)
        .scalar_subquery()
    )
    totals = (
        select(
            Award.player_id,
            Award.discipline_id,
            Award.kind,
            Award.colour,
            func.sum(Award.amount).label("amount"),
        )
        .where(Award.player_id.in_(chosen), _is_current(Award.version_id))
        .group_by(Award.player_id, Award.discipline_id, Award.kind, Award.colour)
        .subquery()
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
        )
        .select_from(Player)
        .join(Federation, Federation.id == Player.federation_id)
        .outerjoin(Discipline, Discipline.federation_id == Federation.id)
        .outerjoin(ListSnapshot, ListSnapshot.id == latest)
        .outerjoin(
            ListRow, and_(ListRow.snapshot_id == ListSnapshot.id, ListRow.player_id == Player.id)
        )
        .outerjoin(Title, Title.id == current_title)
        .outerjoin(
            totals,
            and_(totals.c.player_id == Player.id, totals.c.discipline_id == Discipline.id),
        )
        .where(Player.id.in_(chosen))
        .order_by(
            Player.id, Discipline.federation_id, Discipline.id, totals.c.kind, totals.c.colour
        )
    )


@functools.cache
def _latest_top_statement() -> Select[Any]:
    """The query of :meth:`ListRepo.latest_top`, built once."""
    newer = aliased(ListSnapshot)
    latest = (
        select(newer.id)
        .where(newer.discipline_id == bindparam("discipline_id"))
        .order_by(newer.list_date.desc())
        .limit(1)
        .correlate(None)
        .scalar_subquery()
    )
    return (
        select(
            ListSnapshot.id,
            ListSnapshot.list_date,
            ListSnapshot.data,
            ListRow.position,
            ListRow.rating,
            ListRow.title,
            Player.name,
            Player.federation_player_id,
        )
        .select_from(ListSnapshot)
        .outerjoin(ListRow, ListRow.snapshot_id == ListSnapshot.id)
        .outerjoin(Player, Player.id == ListRow.player_id)
        .where(ListSnapshot.id == latest)
        .order_by(ListRow.position, Player.name)
        .limit(bindparam("limit"))
    )


async def _list_size(conn: AsyncConnection | AsyncSession, snapshot_id: int) -> int:
    """Rows of a list stored before its size was kept in the snapshot."""
    return int(
        await conn.scalar(select(func.count(ListRow.id)).where(ListRow.snapshot_id == snapshot_id))
        or 0
    )


async def rating_cards(
    conn: AsyncConnection | AsyncSession,
    *,
    player_id: int | None = None,
    federation_player_id: str | None = None,
    account: tuple[str, str] | None = None,
) -> list[RatingCard]:
    """Everything /rating shows of a player, in one query (on a bare connection from
    ``Database.connection`` or a session): the player, his federation and,
    for every discipline of it (in ``FederationRepo.disciplines`` order), the latest list
    with his row, his current title and his ledger totals.

    The player is chosen by exactly one of: his id; his federation ID (any case, as
    ``PlayerRepo.find`` matches it: several players of several federations may share it,
    hence a list); the (platform, platform user id) of the account linked to him (an empty
    list when the account is unknown or unlinked). The figures are those of
    ``FederationRepo.get`` + ``disciplines`` and, per discipline, ``latest`` + ``row`` +
    ``size`` + ``LedgerRepo.current_title`` + ``LedgerRepo.totals``, read as plain columns.
    """
    if [player_id, federation_player_id, account].count(None) != 2:
        raise ValueError("choose the player by exactly one of id, federation ID, account")
    if player_id is not None:
        rows = await conn.execute(_rating_cards_statement("id"), {"player_id": player_id})
    elif federation_player_id is not None:
        rows = await conn.execute(
            _rating_cards_statement("federation_player_id"),
            {"fpid": federation_player_id.strip().upper()},
        )
    else:
        assert account is not None
        rows = await conn.execute(
            _rating_cards_statement("account"), {"platform": account[0], "user": account[1]}
        )
    cards: list[RatingCard] = []
    for row in rows.all():
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
        ) = row
        if not cards or cards[-1].player_id != pid:
            cards.append(RatingCard(pid, player_name, fpid, federation_id, federation_name, []))
        standings = cards[-1].standings
        if discipline_id is None:
            continue  # a federation without disciplines
        if not standings or standings[-1].discipline_id != discipline_id:
            size: int | None = None
            if snapshot_id is not None:
                kept = (snapshot_data or {}).get("size")
                size = kept if isinstance(kept, int) else await _list_size(conn, snapshot_id)
            standings.append(
                Standing(
                    discipline_id=discipline_id,
                    discipline_name=name,
                    snapshot_id=snapshot_id,
                    list_date=list_date,
                    list_size=size,
                    position=position,
                    rating=rating,
                    row_data=row_data,
                    title=title,
                    title_since=since,
                    totals=[],
                )
            )
        if kind is not None:
            standings[-1].totals.append(PointTotal(kind, colour, Decimal(amount)))
    return cards


async def discipline_by_code(
    conn: AsyncConnection | AsyncSession, code: str
) -> tuple[int, str] | None:
    """(id, name) of the discipline ``FederationRepo.discipline_by_code`` finds."""
    row = (await conn.execute(_DISCIPLINE_COLUMNS_BY_CODE, {"code": code.lower()})).first()
    return (row[0], row[1]) if row is not None else None


async def latest_top(
    conn: AsyncConnection | AsyncSession, discipline_id: int, limit: int
) -> TopList | None:
    """``latest`` + ``top`` + ``size`` in one query of plain columns (None: no list yet), on a
    bare connection from ``Database.connection`` or a session."""
    rows = (
        await conn.execute(
            _latest_top_statement(), {"discipline_id": discipline_id, "limit": limit}
        )
    ).all()
    if not rows:
        return None
    snapshot_id, list_date, data = rows[0][:3]
    kept = (data or {}).get("size")
    size = kept if isinstance(kept, int) else await _list_size(conn, snapshot_id)
    return TopList(
        snapshot_id=snapshot_id,
        list_date=list_date,
        size=size,
        rows=[
            TopRow(position, rating, title, name, fpid)
            for _, _, _, position, rating, title, name, fpid in rows
            if position is not None
        ],
    )


class ListRepo(_Repo):
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
        self.session.add_all(
            ListRow(
                snapshot_id=snapshot.id,
                player_id=r.player_id,
                position=r.position,
                rating=r.rating,
                title=r.title,
                data=r.data or {},
            )
            for r in rows
        )
        await self.session.flush()
        return snapshot

    async def snapshot(self, discipline_id: int, list_date: date) -> ListSnapshot | None:
        return await self.session.scalar(
            select(ListSnapshot).where(
                ListSnapshot.discipline_id == discipline_id, ListSnapshot.list_date == list_date
            )
        )

    async def latest(self, discipline_id: int, on: date | None = None) -> ListSnapshot | None:
        stmt = select(ListSnapshot).where(ListSnapshot.discipline_id == discipline_id)
        if on is not None:
            stmt = stmt.where(ListSnapshot.list_date <= on)
        return await self.session.scalar(stmt.order_by(ListSnapshot.list_date.desc()).limit(1))

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
        """How many rows the list has (kept in the snapshot when it is stored)."""
        snapshot = await self.session.get(ListSnapshot, snapshot_id)
        if snapshot is not None and isinstance(snapshot.data.get("size"), int):
            return int(snapshot.data["size"])
        return int(
            await self.session.scalar(
                select(func.count(ListRow.id)).where(ListRow.snapshot_id == snapshot_id)
            )
            or 0
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

    async def _count(self, snapshot_id: int) -> int:
        return await _list_size(self.session, snapshot_id)

    async def row(self, snapshot_id: int, player_id: int) -> ListRow | None:
        return await self.session.scalar(
            select(ListRow).where(
                and_(ListRow.snapshot_id == snapshot_id, ListRow.player_id == player_id)
            )
        )

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


class SubscriptionRepo(_Repo):
    async def add(
        self, platform: str, chat_id: str, discipline_id: int, kind: str, now: datetime
    ) -> bool:
        """Subscribe; False if the chat already was."""
        exists = await self.session.scalar(
            select(Subscription.id).where(
                Subscription.platform == platform,
                Subscription.chat_id == chat_id,
                Subscription.discipline_id == discipline_id,
                Subscription.kind == kind,
            )
        )
        if exists is not None:
            return False
        self.session.add(
            Subscription(
                platform=platform,
                chat_id=chat_id,
                discipline_id=discipline_id,
                kind=kind,
                created_at=now,
            )
        )
        await self.session.flush()
        return True

    async def remove(self, platform: str, chat_id: str, discipline_id: int, kind: str) -> bool:
        row = await self.session.scalar(
            select(Subscription).where(
                Subscription.platform == platform,
                Subscription.chat_id == chat_id,
                Subscription.discipline_id == discipline_id,
                Subscription.kind == kind,
            )
        )
        if row is None:
            return False
        await self.session.delete(row)
        await self.session.flush()
        return True

    async def for_discipline(
        self, discipline_id: int, kind: str = "lists"
    ) -> Sequence[Subscription]:
        return (
            await self.session.scalars(
                select(Subscription)
                .where(Subscription.discipline_id == discipline_id, Subscription.kind == kind)
                .order_by(Subscription.id)
            )
        ).all()


class SubmissionRepo(_Repo):
    async def add(
        self,
        token: str,
        account_id: int,
        discipline_id: int,
        payload: dict[str, Any],
        now: datetime,
    ) -> PendingSubmission:
        row = PendingSubmission(
            token=token,
            account_id=account_id,
            discipline_id=discipline_id,
            payload=payload,
            created_at=now,
        )
        self.session.add(row)
        await self.session.flush()
        return row

    async def claim(self, token: str, account_id: int, now: datetime) -> bool:
        """Mark the author's pending submission done; False if it is not (or no longer) open.

        One conditional UPDATE, so of two presses of the same button only one claims it: the
        second waits for the first's write lock and then finds it done.
        """
        result = await self.session.execute(
            update(PendingSubmission)
            .where(
                PendingSubmission.token == token,
                PendingSubmission.account_id == account_id,
                PendingSubmission.done_at.is_(None),
            )
            .values(done_at=now)
            .execution_options(synchronize_session=False)
        )
        return bool(getattr(result, "rowcount", 0) == 1)

    async def by_token(self, token: str) -> PendingSubmission | None:
        return await self.session.scalar(
            select(PendingSubmission).where(PendingSubmission.token == token)
        )


class AuditRepo(_Repo):
    async def log(
        self,
        action: str,
        *,
        at: datetime,
        account_id: int | None = None,
        federation_id: int | None = None,
        subject: str = "",
        details: dict[str, Any] | None = None,
    ) -> None:
        self.session.add(
            AuditLog(
                at=at,
                account_id=account_id,
                federation_id=federation_id,
                action=action,
                subject=subject,
                details=details or {},
            )
        )
        await self.session.flush()

    async def entries(self, action: str | None = None) -> Sequence[AuditLog]:
        stmt = select(AuditLog).order_by(AuditLog.id)
        if action is not None:
            stmt = stmt.where(AuditLog.action == action)
        return (await self.session.scalars(stmt)).all()


class OutboxRepo(_Repo):
    """Deliveries as rows: enqueued once (by ``dedup_key``), claimed, then sent or given up."""

    async def enqueue(self, messages: Sequence[NewMessage], now: datetime) -> int:
        """Insert the rows whose ``dedup_key`` is new (INSERT … ON CONFLICT DO NOTHING on both
        backends, so concurrent enqueuers never fail or duplicate); the number inserted."""
        if not messages:
            return 0
        dialect = _dialect(self.session)
        insert = pg_insert if dialect == "postgresql" else sqlite_insert
        inserted = 0
        for start in range(0, len(messages), 500):
            chunk = messages[start : start + 500]
            stmt = (
                insert(Outbox)
                .values(
                    [
                        {
                            "dedup_key": m.dedup_key,
                            "platform": m.platform,
                            "chat_id": m.chat_id,
                            "payload": m.payload,
                            "state": "pending",
                            "attempts": 0,
                            "due_at": m.due_at or now,
                            "created_at": now,
                        }
                        for m in chunk
                    ]
                )
                .on_conflict_do_nothing(index_elements=["dedup_key"])
            )
            result = await self.session.execute(stmt)
            inserted += max(int(getattr(result, "rowcount", 0) or 0), 0)
        return inserted

    async def recover(self, now: datetime) -> int:
        """Rows a dead worker left claimed are due again now (only the leader delivers)."""
        result = await self.session.execute(
            update(Outbox).where(Outbox.state == "sending").values(state="pending", due_at=now)
        )
        return int(getattr(result, "rowcount", 0) or 0)

    async def claim(
        self, platform: str, now: datetime, *, limit: int, lease: timedelta
    ) -> Sequence[Outbox]:
        """Take up to ``limit`` due rows of ``platform``: they become ``sending`` until
        ``now + lease`` (after which another worker may take them again)."""
        stmt = (
            select(Outbox.id)
            .where(
                Outbox.platform == platform,
                Outbox.due_at <= now,
                or_(Outbox.state == "pending", Outbox.state == "sending"),
            )
            .order_by(Outbox.due_at, Outbox.id)
            .limit(limit)
        )
        if _dialect(self.session) == "postgresql":
            stmt = stmt.with_for_update(skip_locked=True)
        ids = list((await self.session.scalars(stmt)).all())
        if not ids:
            return []
        # The state is checked again as it is changed: a second worker (SQLite has no SKIP
        # LOCKED) whose snapshot is older takes nothing rather than the same rows.
        await self.session.execute(
            update(Outbox)
            .where(
                Outbox.id.in_(ids),
                Outbox.due_at <= now,
                or_(Outbox.state == "pending", Outbox.state == "sending"),
            )
            .values(state="sending", attempts=Outbox.attempts + 1, due_at=now + lease)
            .execution_options(synchronize_session=False)
        )
        rows = (
            await self.session.scalars(
                select(Outbox)
                .where(Outbox.id.in_(ids))
                .order_by(Outbox.id)
                .execution_options(populate_existing=True)
            )
        ).all()
        return rows

    async def finish(
        self, row_id: int, state: str, now: datetime, error: str | None = None
    ) -> None:
        """``sent``, ``blocked`` (the user blocked the bot) or ``failed`` (refused for good)."""
        await self.session.execute(
            update(Outbox)
            .where(Outbox.id == row_id)
            .values(
                state=state,
                sent_at=now if state == "sent" else None,
                error=(error or None) and error[:500],
            )
            .execution_options(synchronize_session=False)
        )

    async def retry(self, row_id: int, due_at: datetime, error: str) -> None:
        await self.session.execute(
            update(Outbox)
            .where(Outbox.id == row_id)
            .values(state="pending", due_at=due_at, error=error[:500])
            .execution_options(synchronize_session=False)
        )

    async def counts(self) -> dict[str, int]:
        rows = await self.session.execute(
            select(Outbox.state, func.count(Outbox.id)).group_by(Outbox.state)
        )
        return {state: int(n) for state, n in rows}

    async def by_prefix(self, prefix: str) -> Sequence[Outbox]:
        escaped = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        return (
            await self.session.scalars(
                select(Outbox)
                .where(Outbox.dedup_key.like(f"{escaped}%", escape="\\"))
                .order_by(Outbox.id)
            )
        ).all()

    async def unreachable(self, platform: str, chat_ids: Iterable[str]) -> set[str]:
        """Chats (private ones: user ids) whose account is marked unreachable."""
        wanted = set(chat_ids)
        if not wanted:
            return set()
        found = await self.session.scalars(
            select(Account.platform_user_id).where(
                Account.platform == platform,
                Account.platform_user_id.in_(wanted),
                Account.unreachable_since.is_not(None),
            )
        )
        return set(found)

    async def mark_unreachable(self, platform: str, chat_id: str, now: datetime) -> None:
        await self.session.execute(
            update(Account)
            .where(
                Account.platform == platform,
                Account.platform_user_id == chat_id,
                Account.unreachable_since.is_(None),
            )
            .values(unreachable_since=now)
        )


class QualificationRepo(_Repo):
    async def add(
        self,
        *,
        discipline_id: int,
        name: str,
        event_date: date,
        qualification_date: date,
        quota: int,
        created_by: int | None,
        now: datetime,
        data: dict[str, Any],
    ) -> Qualification:
        row = Qualification(
            discipline_id=discipline_id,
            name=name,
            event_date=event_date,
            qualification_date=qualification_date,
            quota=quota,
            created_by=created_by,
            created_at=now,
            data=data,
        )
        self.session.add(row)
        await self.session.flush()
        return row

    async def get(self, qualification_id: int, *, lock: bool = False) -> Qualification | None:
        stmt = select(Qualification).where(Qualification.id == qualification_id)
        if lock and _dialect(self.session) != "sqlite":
            stmt = stmt.with_for_update()
        return await self.session.scalar(stmt.execution_options(populate_existing=True))

    async def open_ones(self, on: date) -> Sequence[Qualification]:
        """Qualifications whose event is on or after ``on`` (the scheduler advances them)."""
        return (
            await self.session.scalars(
                select(Qualification)
                .where(Qualification.event_date >= on)
                .order_by(Qualification.id)
            )
        ).all()

    async def slots(self, qualification_id: int) -> Sequence[QualificationSlot]:
        return (
            await self.session.scalars(
                select(QualificationSlot)
                .where(QualificationSlot.qualification_id == qualification_id)
                .order_by(QualificationSlot.position, QualificationSlot.id)
            )
        ).all()

    async def memberships(self, federation_id: int) -> Sequence[Membership]:
        """Every membership period of the federation's players (who may qualify, 3.2)."""
        return (
            await self.session.scalars(
                select(Membership)
                .join(Player, Player.id == Membership.player_id)
                .where(Player.federation_id == federation_id)
                .order_by(Membership.player_id, Membership.starts_on)
            )
        ).all()

    async def directors(self, federation_id: int) -> Sequence[Account]:
        """Accounts holding the director or admin role in the federation."""
        return (
            await self.session.scalars(
                select(Account)
                .join(AccountRole, AccountRole.account_id == Account.id)
                .where(
                    AccountRole.federation_id == federation_id,
                    AccountRole.role.in_(("director", "admin")),
                )
                .order_by(Account.id)
            )
        ).all()

    async def slots_of_player(self, player_id: int) -> Sequence[QualificationSlot]:
        return (
            await self.session.scalars(
                select(QualificationSlot)
                .where(QualificationSlot.player_id == player_id)
                .order_by(QualificationSlot.qualification_id)
            )
        ).all()

    async def put_slot(
        self,
        qualification_id: int,
        player_id: int,
        *,
        position: int,
        source: str,
        state: str,
        informed_at: datetime | None,
        deadline: date | None,
        answered_at: datetime | None,
        data: dict[str, Any],
    ) -> QualificationSlot:
        """Create or update the player's slot (one per player and qualification); the times
        informed and answered are kept when not given."""
        row = await self.session.scalar(
            select(QualificationSlot).where(
                QualificationSlot.qualification_id == qualification_id,
                QualificationSlot.player_id == player_id,
            )
        )
        if row is None:
            row = QualificationSlot(qualification_id=qualification_id, player_id=player_id)
            self.session.add(row)
        row.position = position
        row.source = source
        row.state = state
        if informed_at is not None:
            row.informed_at = informed_at
        row.deadline = deadline
        if answered_at is not None:
            row.answered_at = answered_at
        row.data = data
        await self.session.flush()
        return row


class RoleRuleRepo(_Repo):
    """Discord role sync rules, per guild."""

    async def rules(self, guild_id: str) -> Sequence[DiscordRoleRule]:
        return (
            await self.session.scalars(
                select(DiscordRoleRule)
                .where(DiscordRoleRule.guild_id == guild_id)
                .order_by(DiscordRoleRule.id)
            )
        ).all()

    async def put(
        self,
        guild_id: str,
        discipline_id: int,
        title_key: str,
        role_id: str,
        *,
        created_by: int | None,
        now: datetime,
    ) -> None:
        """Map the title key to the role (replacing the key's previous role in that guild)."""
        existing = await self.session.scalar(
            select(DiscordRoleRule).where(
                DiscordRoleRule.guild_id == guild_id,
                DiscordRoleRule.discipline_id == discipline_id,
                DiscordRoleRule.title_key == title_key,
            )
        )
        if existing is None:
            self.session.add(
                DiscordRoleRule(
                    guild_id=guild_id,
                    discipline_id=discipline_id,
                    title_key=title_key,
                    role_id=role_id,
                    created_by=created_by,
                    created_at=now,
                )
            )
        else:
            existing.role_id = role_id
        await self.session.flush()

    async def remove(self, guild_id: str, discipline_id: int, title_key: str) -> bool:
        existing = await self.session.scalar(
            select(DiscordRoleRule).where(
                DiscordRoleRule.guild_id == guild_id,
                DiscordRoleRule.discipline_id == discipline_id,
                DiscordRoleRule.title_key == title_key,
            )
        )
        if existing is None:
            return False
        await self.session.delete(existing)
        await self.session.flush()
        return True

    async def guilds(self, discipline_ids: Sequence[int] | None = None) -> set[str]:
        stmt = select(DiscordRoleRule.guild_id).distinct()
        if discipline_ids is not None:
            stmt = stmt.where(DiscordRoleRule.discipline_id.in_(list(discipline_ids)))
        return set((await self.session.scalars(stmt)).all())


class Repos:
    """The repositories of one unit of work, sharing its session."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session
        #: Read caches of this unit of work only (rows that never change once written, such as a
        #: stored tournament version), so repeated imports in one transaction (the demo, a replay)
        #: do not read the same history again. Keyed by the reader's own name.
        self.memo: dict[str, Any] = {}
        self.federations = FederationRepo(session)
        self.players = PlayerRepo(session)
        self.accounts = AccountRepo(session)
        self.ledger = LedgerRepo(session)
        self.lists = ListRepo(session)
        self.subscriptions = SubscriptionRepo(session)
        self.submissions = SubmissionRepo(session)
        self.audit = AuditRepo(session)
        self.outbox = OutboxRepo(session)
        self.qualifications = QualificationRepo(session)
        self.role_rules = RoleRuleRepo(session)
        self.game_reports = GameReportRepo(session)
        self.roles = RoleRepo(session)
