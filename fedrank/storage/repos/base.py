"""What every repository shares: the unit of work's session and the few dialect differences."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from sqlalchemy import Select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

#: A SELECT of any columns: the type of a helper that narrows a query and returns it.
Query = TypeVar("Query", bound=Select[*tuple[Any, ...]])


class PlainReader(Protocol):
    """What reads rows of plain columns outside a transaction: ``Database.plain_rows`` (one
    thread hop on SQLite). Module-level statements only (each is compiled once)."""

    async def plain_rows(
        self, statement: Select[*tuple[Any, ...]], params: Mapping[str, str | int | None]
    ) -> list[tuple[Any, ...]]: ...


async def rows_of(
    conn: AsyncConnection | AsyncSession | PlainReader,
    statement: Select[*tuple[Any, ...]],
    params: Mapping[str, str | int | None],
) -> list[tuple[Any, ...]]:
    """The rows of one SELECT of plain columns, on a connection, a session or a
    :class:`PlainReader` (one thread hop on SQLite)."""
    if isinstance(conn, AsyncConnection | AsyncSession):
        return [tuple(row) for row in await conn.execute(statement, dict(params))]
    return await conn.plain_rows(statement, params)


def dialect(session: AsyncSession) -> str:
    """The backend's name ("sqlite" or "postgresql"); statements differ in a few places."""
    return session.bind.dialect.name if session.bind is not None else "sqlite"


def is_sqlite(session: AsyncSession) -> bool:
    return dialect(session) == "sqlite"


def insert_for(session: AsyncSession) -> Any:
    """The backend's INSERT construct, which has ``on_conflict_do_nothing`` on both."""
    return pg_insert if dialect(session) == "postgresql" else sqlite_insert


def like_pattern(text: str) -> str:
    """``text`` with LIKE's wildcards escaped by a backslash (``like(..., escape="\\\\")``): a
    player typing ``50%`` or ``a_b`` searches for those characters."""
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


class Repo:
    """A repository: queries named for what the handlers need, run in the caller's session."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session
