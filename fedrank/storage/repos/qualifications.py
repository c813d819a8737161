"""Qualifications for an event and their slots (inform within 7 days, consent within 15)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import Any

from sqlalchemy import select

from fedrank.storage.models import Account, Membership, Player, Qualification, QualificationSlot
from fedrank.storage.repos.base import Repo, is_sqlite
from fedrank.storage.repos.roles import RoleRepo


class QualificationRepo(Repo):
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
        if lock and not is_sqlite(self.session):
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
        """The accounts told of the federation's qualifications: :meth:`RoleRepo.directors`
        (directors and admins), the one definition of who directs a federation."""
        return await RoleRepo(self.session).directors(federation_id)

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
