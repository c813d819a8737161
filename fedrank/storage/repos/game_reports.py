"""Queries of the game-report flow (``/report``, ``/reports``, ``/gameok`` …).

Like every repository, it only builds SQL for the handlers, inside their transaction
(``repos.game_reports``).

Locks: a report's answer and a tournament's new version are read-check-write steps, and two
presses of one button arrive at the same time. On PostgreSQL the rows are read ``FOR UPDATE``.
SQLite has no row locks, and its driver runs reads outside any transaction until the first
write, so a check could read a state another writer is about to change; there a no-op UPDATE
of the row comes first: it takes the database's write lock (a second writer waits for the
commit, ``busy_timeout``), and everything read after it is current.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

from sqlalchemy import func, or_, select, update

from fedrank.storage.models import (
    Award,
    Discipline,
    Entry,
    Game,
    GameReport,
    Tournament,
)
from fedrank.storage.records import NewAward, NewEntry, NewGame
from fedrank.storage.repos.base import Repo, is_sqlite

#: States of a report still waiting for someone (the opponent or a director).
IN_FLIGHT = ("reported", "confirmed", "disputed")


class GameReportRepo(Repo):
    async def add(
        self,
        *,
        tournament_id: int,
        reporter_id: int,
        opponent_id: int,
        result: str,
        score1: int | None,
        score2: int | None,
        now: datetime,
    ) -> GameReport:
        report = GameReport(
            tournament_id=tournament_id,
            reporter_id=reporter_id,
            opponent_id=opponent_id,
            result=result,
            score1=score1,
            score2=score2,
            state="reported",
            created_at=now,
        )
        self.session.add(report)
        await self.session.flush()
        return report

    async def get(self, report_id: int, *, lock: bool = False) -> GameReport | None:
        """A report; ``lock`` holds its row until the transaction ends (two presses of one
        button must not both act)."""
        stmt = select(GameReport).where(GameReport.id == report_id)
        if lock and is_sqlite(self.session):
            await self.session.execute(
                update(GameReport)
                .where(GameReport.id == report_id)
                .values(state=GameReport.state)
                .execution_options(synchronize_session=False)
            )
        elif lock:
            stmt = stmt.with_for_update()
        return await self.session.scalar(stmt.execution_options(populate_existing=True))

    async def lock_tournament(self, tournament_id: int) -> Tournament | None:
        """The tournament, locked: reports and new versions of one tournament are serialised."""
        stmt = select(Tournament).where(Tournament.id == tournament_id)
        if is_sqlite(self.session):
            await self.session.execute(
                update(Tournament)
                .where(Tournament.id == tournament_id)
                .values(open_for_reports=Tournament.open_for_reports)
                .execution_options(synchronize_session=False)
            )
        else:
            stmt = stmt.with_for_update()
        return await self.session.scalar(stmt.execution_options(populate_existing=True))

    async def in_flight_for_pair(
        self, tournament_id: int, player_a: int, player_b: int
    ) -> GameReport | None:
        """A report of these two players (either way round) still waiting for someone."""
        return await self.session.scalar(
            select(GameReport)
            .where(
                GameReport.tournament_id == tournament_id,
                GameReport.state.in_(IN_FLIGHT),
                or_(
                    (GameReport.reporter_id == player_a) & (GameReport.opponent_id == player_b),
                    (GameReport.reporter_id == player_b) & (GameReport.opponent_id == player_a),
                ),
            )
            .order_by(GameReport.id)
            .limit(1)
        )

    async def waiting_for_player(self, player_id: int) -> Sequence[GameReport]:
        """Reports this player is asked to confirm or dispute."""
        return (
            await self.session.scalars(
                select(GameReport)
                .where(GameReport.opponent_id == player_id, GameReport.state == "reported")
                .order_by(GameReport.id)
            )
        ).all()

    async def sent_by_player(self, player_id: int) -> Sequence[GameReport]:
        """This player's own reports that have not been settled yet."""
        return (
            await self.session.scalars(
                select(GameReport)
                .where(GameReport.reporter_id == player_id, GameReport.state.in_(IN_FLIGHT))
                .order_by(GameReport.id)
            )
        ).all()

    async def of_player(
        self, player_ids: Sequence[int], tournament_id: int | None = None
    ) -> Sequence[GameReport]:
        """Every report the players made or were named in, newest first (``/mygames``)."""
        if not player_ids:
            return []
        query = select(GameReport).where(
            or_(GameReport.reporter_id.in_(player_ids), GameReport.opponent_id.in_(player_ids))
        )
        if tournament_id is not None:
            query = query.where(GameReport.tournament_id == tournament_id)
        return (await self.session.scalars(query.order_by(GameReport.id.desc()))).all()

    async def of_tournament(self, tournament_id: int) -> Sequence[GameReport]:
        """Every report of a tournament, oldest first (an Othello round sheet)."""
        return (
            await self.session.scalars(
                select(GameReport)
                .where(GameReport.tournament_id == tournament_id)
                .order_by(GameReport.id)
            )
        ).all()

    async def waiting_for_directors(
        self, federation_ids: Iterable[int], states: Sequence[str]
    ) -> Sequence[tuple[GameReport, Tournament]]:
        """Reports in ``states`` of the federations' tournaments, oldest first."""
        wanted = list(federation_ids)
        if not wanted:
            return []
        rows = await self.session.execute(
            select(GameReport, Tournament)
            .join(Tournament, Tournament.id == GameReport.tournament_id)
            .join(Discipline, Discipline.id == Tournament.discipline_id)
            .where(Discipline.federation_id.in_(wanted), GameReport.state.in_(states))
            .order_by(GameReport.id)
        )
        return [(report, tournament) for report, tournament in rows]

    async def open_tournaments(self, federation_id: int, code: str) -> Sequence[Tournament]:
        """Tournaments of the federation open for reports whose code is ``code``."""
        return (
            await self.session.scalars(
                select(Tournament)
                .join(Discipline, Discipline.id == Tournament.discipline_id)
                .where(
                    Discipline.federation_id == federation_id,
                    Tournament.open_for_reports.is_(True),
                    func.lower(Tournament.code) == code.lower(),
                )
                .order_by(Discipline.code)
            )
        ).all()

    async def tournament(self, discipline_id: int, code: str) -> Tournament | None:
        """The discipline's tournament with this code, whatever its case (``/openreports
        league-2026`` finds ``League-2026``: players type codes in any case)."""
        return await self.session.scalar(
            select(Tournament)
            .where(
                Tournament.discipline_id == discipline_id,
                func.lower(Tournament.code) == code.lower(),
            )
            .order_by(Tournament.id)
            .limit(1)
        )

    async def version_contents(
        self, version_id: int
    ) -> tuple[list[NewEntry], list[NewGame], list[NewAward]]:
        """A version's entries, games and awards as they would be written again (a new version
        that adds a game keeps everything the previous one had)."""
        entries = (
            await self.session.scalars(
                select(Entry).where(Entry.version_id == version_id).order_by(Entry.id)
            )
        ).all()
        games = (
            await self.session.scalars(
                select(Game).where(Game.version_id == version_id).order_by(Game.id)
            )
        ).all()
        awards = (
            await self.session.scalars(
                select(Award).where(Award.version_id == version_id).order_by(Award.id)
            )
        ).all()
        return (
            [NewEntry(e.player_id, e.place, e.team, dict(e.data or {})) for e in entries],
            [
                NewGame(g.round_no, g.player1_id, g.player2_id, g.result, g.score1, g.score2)
                for g in games
            ],
            [NewAward(a.player_id, a.kind, a.amount, list(a.trace), a.colour) for a in awards],
        )
