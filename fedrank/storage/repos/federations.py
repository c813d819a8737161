"""Federations and their disciplines (the rating lists, each bound to one system)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import bindparam, delete, func, select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from fedrank.storage.models import (
    Discipline,
    DiscordRoleRule,
    Federation,
    ListSnapshot,
    PendingSubmission,
    Qualification,
    Subscription,
    Title,
    Tournament,
)
from fedrank.storage.repos.base import PlainReader, Query, Repo, rows_of


def _first_by_code(query: Query) -> Query:
    """The discipline a code names (bind ``code``, lower case): two federations may use the
    same code, and the first one, by id, wins. The one definition both reads below share."""
    return (
        query.where(func.lower(Discipline.code) == bindparam("code"))
        .order_by(Discipline.id)
        .limit(1)
    )


# Built once: building a statement costs about as much as running it.
_DISCIPLINE_BY_CODE = _first_by_code(select(Discipline))
_DISCIPLINE_COLUMNS_BY_CODE = _first_by_code(
    select(Discipline.id, Discipline.name, Discipline.system, Discipline.names)
)

#: Every federation's name and names per language, in the order of their codes (/start:
#: ``Database.plain_rows``).
FEDERATION_NAMES = select(Federation.name, Federation.names).order_by(Federation.code)


async def discipline_by_code(
    conn: AsyncConnection | AsyncSession | PlainReader, code: str
) -> tuple[int, str, str, dict[str, str]] | None:
    """(id, name, system, names per language) of the discipline
    :meth:`FederationRepo.discipline_by_code` finds, as plain columns (on a
    :class:`PlainReader`: /top's first read)."""
    rows = await rows_of(conn, _DISCIPLINE_COLUMNS_BY_CODE, {"code": code.lower()})
    return (rows[0][0], rows[0][1], rows[0][2], dict(rows[0][3] or {})) if rows else None


class FederationRepo(Repo):
    async def add(
        self, code: str, name: str, timezone: str = "UTC", language: str = "en"
    ) -> Federation:
        federation = Federation(code=code, name=name, timezone=timezone, language=language)
        self.session.add(federation)
        await self.session.flush()
        return federation

    async def by_code(self, code: str) -> Federation | None:
        return await self.session.scalar(
            select(Federation).where(func.lower(Federation.code) == code.lower())
        )

    async def get(self, federation_id: int) -> Federation | None:
        return await self.session.get(Federation, federation_id)

    async def logo(self, federation_id: int) -> tuple[bytes, str] | None:
        """The federation's logo and its type (png, jpeg, svg), if it has one (the column is
        deferred: a list of federations does not read every logo)."""
        row = (
            await self.session.execute(
                select(Federation.logo, Federation.logo_type).where(Federation.id == federation_id)
            )
        ).first()
        if row is None or row[0] is None or row[1] is None:
            return None
        return bytes(row[0]), str(row[1])

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
        """The discipline a code names, in any case (see :func:`discipline_by_code`)."""
        return await self.session.scalar(_DISCIPLINE_BY_CODE, {"code": code.lower()})

    async def discipline_history(self, discipline_id: int) -> dict[str, int]:
        """What a discipline has stored that must never be lost: tournaments, published lists,
        qualification windows, titles (counts; all zero: it may be removed)."""
        out: dict[str, int] = {}
        for name, model in (
            ("tournaments", Tournament),
            ("lists", ListSnapshot),
            ("qualifications", Qualification),
            ("titles", Title),
        ):
            count = await self.session.scalar(
                select(func.count()).select_from(model).where(model.discipline_id == discipline_id)
            )
            out[name] = int(count or 0)
        return out

    async def remove_discipline(self, discipline: Discipline) -> None:
        """Delete a discipline without history (:meth:`discipline_history` all zero) and the
        settings that name it: chats' subscriptions, Discord role rules, pending submissions."""
        for model in (Subscription, DiscordRoleRule, PendingSubmission):
            await self.session.execute(delete(model).where(model.discipline_id == discipline.id))
        await self.session.delete(discipline)
        await self.session.flush()
