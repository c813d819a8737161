"""The ledger: tournaments, their versions, entries, games and awards, and players' titles.

Points are append-only: a correction is a new version of a tournament, and every read counts
the current (highest) version of each tournament only, so a correction replaces the figures of
the version it supersedes without any row being edited. ``write_prepared`` and
``write_titles`` are the one ledger write (a submission, a report, the demo, a replay).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import Select, func, insert, or_, select, tuple_

from fedrank.storage.models import (
    Award,
    Discipline,
    Entry,
    Game,
    Title,
    Tournament,
    TournamentVersion,
)
from fedrank.storage.records import NewAward, NewEntry, NewGame, NewTitle, PointTotal, Prepared
from fedrank.storage.repos.base import Query, Repo, like_pattern


def current_version_ids() -> Select[Any]:
    """Ids of the highest version of every tournament: what the ledger counts."""
    return select(Tournament.current_version_id).where(Tournament.current_version_id.is_not(None))


def is_current(version_id: Any) -> Any:
    """``version_id`` is the current version of its tournament (one indexed probe per row).

    Same rows as ``version_id IN (current_version_ids())``, but SQLite answers it through
    ix_tournament_current_version_id instead of first listing every tournament.
    """
    return select(Tournament.id).where(Tournament.current_version_id == version_id).exists()


def counted_titles(query: Query) -> Query:
    """``query`` (of titles) narrowed to the rows that count: a publication's (no version), or
    the current version's of its tournament. A correction supersedes its tournament's rows
    with the version, exactly as it supersedes its awards, so the title history follows the
    ledger. Joins the tournament whose current version wrote the row (one indexed probe),
    which :func:`title_order` sorts by."""
    return query.outerjoin(Tournament, Tournament.current_version_id == Title.version_id).where(
        or_(Title.version_id.is_(None), Tournament.id.is_not(None))
    )


def title_order(newest_first: bool) -> list[Any]:
    """The order of a player's title rows: by ``since``; on one day a publication's rows
    before the tournaments', and these in the tournaments' order (the order they were rated
    in, whatever order a correction rewrote them in); then as written."""
    if newest_first:
        return [Title.since.desc(), Tournament.id.desc().nulls_last(), Title.id.desc()]
    return [Title.since, Tournament.id.asc().nulls_first(), Title.id]


def title_in_force(
    query: Query,
    player_id: Any,
    discipline_id: Any,
    on: date | None = None,
    excluding: Collection[int] = (),
) -> Query:
    """``query`` (of titles) narrowed to the player's title in force in the discipline (on
    ``on``, or now): of the rows that count, the latest (:func:`title_order`). ``excluding``:
    versions to leave out as if superseded already (those a correction is about to replace).
    Shared by :meth:`LedgerRepo.current_title` and /rating's card."""
    query = counted_titles(query).where(
        Title.player_id == player_id, Title.discipline_id == discipline_id
    )
    if on is not None:
        query = query.where(Title.since <= on)
    if excluding:
        query = query.where(
            or_(Title.version_id.is_(None), Title.version_id.not_in(sorted(excluding)))
        )
    return query.order_by(*title_order(newest_first=True)).limit(1)


class StaleVersionError(Exception):
    """The tournament is no longer at the version a preview was prepared against: another
    confirmation wrote it first (the caller's transaction writes nothing)."""

    def __init__(self, code: str, current: int) -> None:
        super().__init__(f"{code} is at version {current}")
        self.code = code
        self.current = current


class LedgerRepo(Repo):
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
        escaped = like_pattern(query.lower())
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

    async def versions(self, tournament_id: int) -> Sequence[TournamentVersion]:
        """Every version of a tournament, newest first."""
        return (
            await self.session.scalars(
                select(TournamentVersion)
                .where(TournamentVersion.tournament_id == tournament_id)
                .order_by(TournamentVersion.version.desc())
            )
        ).all()

    async def version_rows(
        self, version_id: int
    ) -> tuple[Sequence[Entry], Sequence[Game], Sequence[Award]]:
        """A version's entries, games and award lines (what it stores of the results)."""
        entries = await self.session.scalars(select(Entry).where(Entry.version_id == version_id))
        games = await self.session.scalars(select(Game).where(Game.version_id == version_id))
        awards = await self.session.scalars(select(Award).where(Award.version_id == version_id))
        return entries.all(), games.all(), awards.all()

    async def current_versions(
        self, discipline_id: int
    ) -> Sequence[tuple[Tournament, TournamentVersion]]:
        """Every tournament of the discipline with its current version, oldest first."""
        rows = await self.session.execute(
            select(Tournament, TournamentVersion)
            .join(TournamentVersion, TournamentVersion.tournament_id == Tournament.id)
            .where(
                Tournament.discipline_id == discipline_id,
                TournamentVersion.id.in_(current_version_ids()),
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
        expected_version: int | None = None,
    ) -> TournamentVersion:
        """Store a tournament as a new version (1 if new) with its entries, games and awards;
        with ``expected_version`` (0: not stored) only if it is still at that version, else
        :class:`StaleVersionError`."""
        tournament = await self.tournament(discipline_id, code)
        current = await self.current_version(tournament.id) if tournament is not None else None
        if expected_version is not None:
            stored = current.version if current else 0
            if stored != expected_version:
                raise StaleVersionError(code, stored)
        if tournament is None:
            tournament = Tournament(
                discipline_id=discipline_id, code=code, name=name, held_on=held_on
            )
            self.session.add(tournament)
            await self.session.flush()
            number = 1
        else:
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
        await self._insert_rows(discipline_id, [(entries, games, awards, version.id, held_on)])
        await self.session.flush()
        return version

    async def totals(self, player_id: int, discipline_id: int) -> list[PointTotal]:
        """The player's current ledger totals in a discipline, by kind and colour."""
        rows = await self.session.execute(
            select(Award.kind, Award.colour, func.sum(Award.amount))
            .where(
                Award.player_id == player_id,
                Award.discipline_id == discipline_id,
                is_current(Award.version_id),
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
            .where(Award.player_id == player_id, Award.version_id.in_(current_version_ids()))
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
                    Award.version_id.in_(current_version_ids()),
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
        self,
        player_id: int,
        discipline_id: int,
        on: date | None = None,
        excluding: Collection[int] = (),
    ) -> Title | None:
        return await self.session.scalar(
            title_in_force(select(Title), player_id, discipline_id, on, excluding)
        )

    async def titles_on(self, discipline_id: int, on: date) -> dict[int, Title]:
        """Each player's current title in the discipline on ``on`` (one query for everyone)."""
        rows = await self.session.scalars(
            counted_titles(select(Title))
            .where(Title.discipline_id == discipline_id, Title.since <= on)
            .order_by(*title_order(newest_first=False))
        )
        return {title.player_id: title for title in rows}

    async def title_rows(
        self, discipline_id: int, excluding: Collection[int] = ()
    ) -> list[tuple[int, date, str]]:
        """Every counted title row of the discipline as (player id, since, title), in
        :func:`title_order`: the rows :meth:`current_title` chooses from, for every player in
        one query (the title in force on a date is a player's last row since then or before).
        ``excluding`` as :func:`title_in_force` takes it."""
        query = counted_titles(select(Title.player_id, Title.since, Title.title)).where(
            Title.discipline_id == discipline_id
        )
        if excluding:
            query = query.where(
                or_(Title.version_id.is_(None), Title.version_id.not_in(sorted(excluding)))
            )
        rows = await self.session.execute(query.order_by(*title_order(newest_first=False)))
        return [(player_id, since, title) for player_id, since, title in rows]

    async def titles_in_force(
        self, player_ids: Iterable[int], discipline_id: int, on: date
    ) -> dict[int, Title]:
        """:meth:`current_title` on ``on`` for many players: one query per 500 of them (a
        file of thousands of players once cost a query per line)."""
        ids = sorted(set(player_ids))
        out: dict[int, Title] = {}
        for at in range(0, len(ids), 500):
            rows = await self.session.scalars(
                select(Title)
                .where(
                    Title.discipline_id == discipline_id,
                    Title.player_id.in_(ids[at : at + 500]),
                    Title.since <= on,
                )
                .order_by(Title.since, Title.id)
            )
            out.update((title.player_id, title) for title in rows)  # the latest wins
        return out

    async def carry_titles(self, from_version_id: int, to_version_id: int) -> None:
        """Write the title rows of a version again for the version that supersedes it with the
        same results (a counted game waiting to be rated), so they keep counting."""
        rows = (
            await self.session.scalars(
                select(Title).where(Title.version_id == from_version_id).order_by(Title.id)
            )
        ).all()
        for row in rows:
            await self.add_title(
                row.player_id,
                row.discipline_id,
                row.title,
                row.since,
                value=row.value,
                reason=row.reason,
                version_id=to_version_id,
                data=dict(row.data or {}),
            )

    async def title_history(self, player_id: int, discipline_id: int) -> Sequence[Title]:
        return (
            await self.session.scalars(
                counted_titles(select(Title))
                .where(Title.player_id == player_id, Title.discipline_id == discipline_id)
                .order_by(*title_order(newest_first=False))
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
        expected_version: int | None = None,
    ) -> TournamentVersion:
        """Store a prepared tournament, its titles and the replays it causes (one transaction:
        the caller's); ``expected_version`` as :meth:`record_tournament` takes it."""
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
            expected_version=expected_version,
        )
        replays = list(_depth_first(prepared.replays))
        titles: list[tuple[NewTitle, int | None]] = [(t, version.id) for t in prepared.titles]
        if replays:
            versions = await self._replay_versions(discipline.id, replays, now, account_id)
            await self._insert_rows(
                discipline.id,
                [
                    (r.entries, r.games, r.awards, v, r.held_on)
                    for r, v in zip(replays, versions, strict=True)
                ],
            )
            titles += [(t, v) for r, v in zip(replays, versions, strict=True) for t in r.titles]
        await self._insert_titles(discipline, titles)
        return version

    async def _replay_versions(
        self, discipline_id: int, replays: list[Prepared], now: datetime, account_id: int | None
    ) -> list[int]:
        """The ids of the new version of every replayed tournament, in order, each made current: the
        tournaments and their version numbers read in one query each, the versions inserted
        in one statement (a replay written one tournament at a time cost seven statements)."""
        codes = sorted({r.code for r in replays})
        found = await self.session.scalars(
            select(Tournament).where(
                Tournament.discipline_id == discipline_id, Tournament.code.in_(codes)
            )
        )
        by_code = {t.code: t for t in found}
        numbers: dict[int, int] = {}
        if by_code:
            stored = await self.session.execute(
                select(TournamentVersion.tournament_id, func.max(TournamentVersion.version))
                .where(TournamentVersion.tournament_id.in_([t.id for t in by_code.values()]))
                .group_by(TournamentVersion.tournament_id)
            )
            numbers = {tournament_id: number for tournament_id, number in stored}
        rows: list[dict[str, Any]] = []
        for replay in replays:
            tournament = by_code.get(replay.code)
            if tournament is None:  # not stored yet: as record_tournament creates it
                tournament = by_code[replay.code] = Tournament(
                    discipline_id=discipline_id,
                    code=replay.code,
                    name=replay.name,
                    held_on=replay.held_on,
                )
                self.session.add(tournament)
                await self.session.flush()
            number = numbers[tournament.id] = numbers.get(tournament.id, 0) + 1
            tournament.name = replay.name
            tournament.held_on = replay.held_on
            rows.append(
                {
                    "tournament_id": tournament.id,
                    "version": number,
                    "held_on": replay.held_on,
                    "params": replay.params,
                    "source_name": "",
                    "source_text": "",
                    "reason": replay.reason,
                    "submitted_by": account_id,
                    "created_at": now,
                }
            )
        # One executemany, then the new ids by (tournament, version) in one query: SQLite gets
        # an INSERT ... RETURNING one row at a time (from the ORM's flush, and from an
        # executemany that must keep the rows' order).
        await self.session.execute(insert(TournamentVersion), rows)
        keys = [(row["tournament_id"], row["version"]) for row in rows]
        new = await self.session.execute(
            select(
                TournamentVersion.tournament_id, TournamentVersion.version, TournamentVersion.id
            ).where(tuple_(TournamentVersion.tournament_id, TournamentVersion.version).in_(keys))
        )
        by_key = {(tournament_id, number): id_ for tournament_id, number, id_ in new}
        ids = [by_key[key] for key in keys]
        for replay, version_id in zip(replays, ids, strict=True):
            by_code[replay.code].current_version_id = version_id
        return ids

    async def _insert_rows(
        self,
        discipline_id: int,
        parts: Sequence[
            tuple[Sequence[NewEntry], Sequence[NewGame], Sequence[NewAward], int, date]
        ],
    ) -> None:
        """The entries, games and awards of new versions, each table's rows in one executemany
        (the ORM's INSERT ... RETURNING of every row went to SQLite one row at a time; nothing
        here needs the new rows' ids), in the order of ``parts``."""
        entries: list[dict[str, Any]] = [
            {
                "version_id": version_id,
                "player_id": e.player_id,
                "place": e.place,
                "team": e.team,
                "data": e.data or {},
            }
            for part_entries, _, _, version_id, held_on in parts
            for e in part_entries
        ]
        games: list[dict[str, Any]] = [
            {
                "version_id": version_id,
                "round_no": g.round_no,
                "player1_id": g.player1_id,
                "player2_id": g.player2_id,
                "result": g.result,
                "score1": g.score1,
                "score2": g.score2,
                "data": {},
            }
            for _, part_games, _, version_id, held_on in parts
            for g in part_games
        ]
        awards: list[dict[str, Any]] = [
            {
                "version_id": version_id,
                "discipline_id": discipline_id,
                "player_id": a.player_id,
                "kind": a.kind,
                "amount": a.amount,
                "colour": a.colour,
                "awarded_on": held_on,
                "trace": a.trace,
            }
            for _, _, part_awards, version_id, held_on in parts
            for a in part_awards
        ]
        for model, rows in ((Entry, entries), (Game, games), (Award, awards)):
            if rows:
                await self.session.execute(insert(model), rows)

    async def write_titles(
        self, discipline: Discipline, titles: list[NewTitle], *, version_id: int | None
    ) -> None:
        """Append titles to the players' histories (from a tournament, or from a publication),
        in one executemany."""
        await self._insert_titles(discipline, [(title, version_id) for title in titles])

    async def _insert_titles(
        self, discipline: Discipline, titles: list[tuple[NewTitle, int | None]]
    ) -> None:
        if not titles:
            return
        await self.session.execute(
            insert(Title),
            [
                {
                    "player_id": title.player_id,
                    "discipline_id": discipline.id,
                    "title": title.title,
                    "value": title.value,
                    "since": title.since,
                    "reason": title.reason,
                    "version_id": version_id,
                    "data": {},
                }
                for title, version_id in titles
            ],
        )


def _depth_first(replays: list[Prepared]) -> Iterable[Prepared]:
    """The replays in the order they are written: each, then the replays it causes."""
    for replay in replays:
        yield replay
        yield from _depth_first(replay.replays)
