"""Stored tournaments as players look them up: recent ones, one's results, games between two.

Every read counts a tournament's current version only (:attr:`Tournament.current_version_id`),
as the ledger does; a tournament without one is not stored yet and not shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from sqlalchemy import and_, func, or_, select

from fedrank.storage.models import (
    Discipline,
    Entry,
    Game,
    Player,
    Tournament,
    TournamentVersion,
)
from fedrank.storage.repos.base import Repo, like_pattern


@dataclass(frozen=True, slots=True)
class TournamentLine:
    """One tournament of /tournaments: its current version and how many players it has."""

    tournament: Tournament
    discipline_code: str
    version: int
    players: int


@dataclass(frozen=True, slots=True)
class Meeting:
    """A game between two players: the game, its tournament and the discipline's code."""

    game: Game
    tournament: Tournament
    discipline_code: str


class TournamentRepo(Repo):
    async def held_on(self, discipline_id: int, held_on: date) -> Sequence[Tournament]:
        """The discipline's tournaments of one date (a file's code is settled among them)."""
        return (
            await self.session.scalars(
                select(Tournament)
                .where(Tournament.discipline_id == discipline_id, Tournament.held_on == held_on)
                .order_by(Tournament.id)
            )
        ).all()

    async def by_code(
        self, code: str, discipline_ids: Sequence[int] | None = None
    ) -> Sequence[Tournament]:
        """Stored tournaments whose code is ``code`` in any case (one per discipline)."""
        query = select(Tournament).where(
            func.lower(Tournament.code) == code.lower(),
            Tournament.current_version_id.is_not(None),
        )
        if discipline_ids is not None:
            query = query.where(Tournament.discipline_id.in_(discipline_ids))
        return (await self.session.scalars(query.order_by(Tournament.id))).all()

    async def stored(self, discipline_ids: Sequence[int] | None = None) -> Sequence[Tournament]:
        """Every stored tournament (of ``discipline_ids``), newest first: names are compared
        in Python, where case folding knows every script (SQLite's ``lower`` only ASCII)."""
        query = select(Tournament).where(Tournament.current_version_id.is_not(None))
        if discipline_ids is not None:
            query = query.where(Tournament.discipline_id.in_(discipline_ids))
        order = (Tournament.held_on.desc(), Tournament.id.desc())
        return (await self.session.scalars(query.order_by(*order))).all()

    async def suggest(self, text: str, *, limit: int = 25) -> list[tuple[str, str, date]]:
        """(code, name, date) of stored tournaments whose code or name contains ``text``,
        newest first; at most ``limit`` (for a search box)."""
        pattern = like_pattern(text.strip().lower())
        rows = await self.session.execute(
            select(Tournament.code, Tournament.name, Tournament.held_on)
            .where(
                Tournament.current_version_id.is_not(None),
                or_(
                    func.lower(Tournament.code).like(f"%{pattern}%", escape="\\"),
                    func.lower(Tournament.name).like(f"%{pattern}%", escape="\\"),
                ),
            )
            .order_by(Tournament.held_on.desc(), Tournament.id.desc())
            .limit(limit)
        )
        return [(code, name, held_on) for code, name, held_on in rows]

    async def recent(
        self, discipline_ids: Sequence[int] | None, *, offset: int, limit: int
    ) -> tuple[int, list[TournamentLine]]:
        """(how many there are, one page of them), newest first, each with its current version
        number and players."""
        where = [Tournament.current_version_id.is_not(None)]
        if discipline_ids is not None:
            where.append(Tournament.discipline_id.in_(discipline_ids))
        total = int(await self.session.scalar(select(func.count(Tournament.id)).where(*where)) or 0)
        players = (
            select(func.count(Entry.id))
            .where(Entry.version_id == Tournament.current_version_id)
            .correlate(Tournament)
            .scalar_subquery()
        )
        rows = await self.session.execute(
            select(Tournament, Discipline.code, TournamentVersion.version, players)
            .join(Discipline, Discipline.id == Tournament.discipline_id)
            .join(TournamentVersion, TournamentVersion.id == Tournament.current_version_id)
            .where(*where)
            .order_by(Tournament.held_on.desc(), Tournament.id.desc())
            .offset(offset)
            .limit(limit)
        )
        return total, [TournamentLine(x, code, v, int(n or 0)) for x, code, v, n in rows]

    async def entries(self, version_id: int) -> list[tuple[Entry, Player]]:
        """A version's entries with their players, by place (unplaced last), then name."""
        rows = await self.session.execute(
            select(Entry, Player)
            .join(Player, Player.id == Entry.player_id)
            .where(Entry.version_id == version_id)
            .order_by(Entry.place.is_(None), Entry.place, Player.name, Player.id)
        )
        return [(entry, player) for entry, player in rows]

    async def meetings(
        self, first: int, second: int, discipline_ids: Sequence[int]
    ) -> list[Meeting]:
        """Every game of a current version between the two players, oldest first."""
        rows = await self.session.execute(
            select(Game, Tournament, Discipline.code)
            .join(Tournament, Tournament.current_version_id == Game.version_id)
            .join(Discipline, Discipline.id == Tournament.discipline_id)
            .where(
                Tournament.discipline_id.in_(discipline_ids),
                or_(
                    and_(Game.player1_id == first, Game.player2_id == second),
                    and_(Game.player1_id == second, Game.player2_id == first),
                ),
            )
            .order_by(Tournament.held_on, Tournament.id, Game.round_no, Game.id)
        )
        return [Meeting(game, tournament, code) for game, tournament, code in rows]
