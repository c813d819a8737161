"""``Database.plain_rows``: on a SQLite file one thread hop on a kept connection, with the same
rows (and column conversions) as a query through SQLAlchemy, and every commit seen."""

import asyncio
from datetime import UTC, datetime

import pytest
from sqlalchemy import bindparam, select

from fedrank.storage.database import Database
from fedrank.storage.models import Account
from fedrank.storage.repos.accounts import ACCOUNT_PRESENCE

NOW = datetime(2026, 3, 1, 12, 30, tzinfo=UTC)

_ACCOUNTS = (
    select(Account.id, Account.platform_user_id, Account.language, Account.created_at)
    .where(Account.platform == bindparam("platform"))
    .order_by(Account.id)
)


async def _through_sqlalchemy(
    db: Database, statement: object, params: dict[str, str]
) -> list[tuple[object, ...]]:
    async with db.connection() as conn:
        return [tuple(row) for row in await conn.execute(statement, params)]  # type: ignore[call-overload]


async def _add(db: Database, user: str, language: str | None) -> None:
    async with db.transaction() as repos:
        await repos.accounts.get_or_create(
            "telegram", user, display_name=user, language=language, now=NOW
        )


async def test_plain_rows_match_sqlalchemy_with_conversions(db: Database) -> None:
    await _add(db, "1", "ru")
    await _add(db, "2", None)
    params = {"platform": "telegram"}
    rows = await db.plain_rows(_ACCOUNTS, params)
    assert rows == await _through_sqlalchemy(db, _ACCOUNTS, params)
    assert [row[1:3] for row in rows] == [("1", "ru"), ("2", None)]
    created = rows[0][3]
    assert isinstance(created, datetime)
    assert created.replace(tzinfo=UTC) == NOW
    assert await db.plain_rows(_ACCOUNTS, {"platform": "discord"}) == []


async def test_plain_rows_see_every_commit(db: Database) -> None:
    """The kept connection holds no transaction: a later write is seen at once."""
    params = {"platform": "telegram", "user": "7"}
    assert await db.plain_rows(ACCOUNT_PRESENCE, params) == []
    await _add(db, "7", None)
    assert await db.plain_rows(ACCOUNT_PRESENCE, params) == [(None, None)]
    async with db.transaction() as repos:
        account = await repos.accounts.by_platform("telegram", "7")
        assert account is not None
        account.language = "zh"
        account.unreachable_since = NOW
    [(language, unreachable)] = await db.plain_rows(ACCOUNT_PRESENCE, params)
    assert language == "zh"
    assert unreachable is not None


async def test_plain_rows_at_once_from_many_tasks(db: Database) -> None:
    for user in range(5):
        await _add(db, str(user), "en")
    results = await asyncio.gather(
        *(
            db.plain_rows(ACCOUNT_PRESENCE, {"platform": "telegram", "user": str(user % 7)})
            for user in range(40)
        )
    )
    assert [len(rows) for rows in results] == [1 if user % 7 < 5 else 0 for user in range(40)]


async def test_sqlite_file_reads_in_one_hop_on_a_kept_connection(db: Database) -> None:
    """SQLite: one connection kept for these reads (closed with the database); PostgreSQL:
    connections of its own (tests/storage/test_reconnect.py), none of them SQLite's."""
    sqlite = db.url.startswith("sqlite")
    await db.plain_rows(ACCOUNT_PRESENCE, {"platform": "telegram", "user": "1"})
    assert (db._reader is not None) == sqlite
    if sqlite:
        first = await db._read_connection()
        await db.plain_rows(ACCOUNT_PRESENCE, {"platform": "telegram", "user": "2"})
        assert await db._read_connection() is first
    await db.close()
    assert db._reader is None


async def test_expanding_parameters_are_refused_on_sqlite(db: Database) -> None:
    many = select(Account.id).where(
        Account.platform_user_id.in_(bindparam("users", expanding=True))
    )
    if db.url.startswith("sqlite"):
        with pytest.raises(ValueError, match="expanding"):
            await db.plain_rows(many, {"users": "1"})
    else:  # SQLAlchemy expands them
        assert await db.plain_rows(many, {"users": ["1"]}) == []  # type: ignore[dict-item]
