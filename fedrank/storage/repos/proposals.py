"""Queries of result proposals (``/propose``, ``/proposals``, ``/proposalaccept`` …)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import select, update

from fedrank.storage.models import Discipline, ResultProposal
from fedrank.storage.repos.base import Repo, is_sqlite


class ProposalRepo(Repo):
    async def add(
        self, *, discipline_id: int, proposer_id: int, filename: str, text: str, now: datetime
    ) -> ResultProposal:
        row = ResultProposal(
            discipline_id=discipline_id,
            proposer_id=proposer_id,
            filename=filename,
            text=text,
            state="waiting",
            reason="",
            created_at=now,
        )
        self.session.add(row)
        await self.session.flush()
        return row

    async def get(self, proposal_id: int, *, lock: bool = False) -> ResultProposal | None:
        """The proposal; ``lock``: read for a decision (two presses decide once)."""
        if lock and is_sqlite(self.session):
            # SQLite has no row locks: a no-op write takes the database's write lock first.
            await self.session.execute(
                update(ResultProposal)
                .where(ResultProposal.id == proposal_id)
                .values(state=ResultProposal.state)
            )
        query = select(ResultProposal).where(ResultProposal.id == proposal_id)
        if lock and not is_sqlite(self.session):
            query = query.with_for_update()
        return await self.session.scalar(query)

    async def waiting(self, federation_ids: Sequence[int]) -> Sequence[ResultProposal]:
        """The proposals waiting for the directors of these federations, oldest first."""
        if not federation_ids:
            return []
        return (
            await self.session.scalars(
                select(ResultProposal)
                .join(Discipline, Discipline.id == ResultProposal.discipline_id)
                .where(
                    Discipline.federation_id.in_(federation_ids),
                    ResultProposal.state == "waiting",
                )
                .order_by(ResultProposal.id)
            )
        ).all()
