"""``Database.plain_write``: one statement as a transaction of its own (on a SQLite file one
thread hop on a kept connection in autocommit mode, on PostgreSQL one statement in autocommit
mode), the same rows as the ORM writes, its RETURNING rows, and a failed statement rolled back
without holding the next write up."""

from datetime import UTC, datetime

import pytest
from sqlalchemy import event, exc

from fedrank.storage.database import Database, is_sqlite
from fedrank.storage.repos.accounts import RENAME_ACCOUNT, add_account

NOW = datetime(2026, 3, 1, 12, 30, 5, 123, tzinfo=UTC)


def _new(user: str, name: str) -> dict[str, object]:
    return {"new_platform": "telegram", "new_user": user, "new_name": name, "new_now": NOW}


async def test_an_account_added_and_renamed_as_the_orm_would(db: Database) -> None:
    add = add_account("sqlite" if is_sqlite(db.url) else "postgresql")
    [(first,)] = await db.plain_write(add, _new("1", "Anna"))
    assert await db.plain_write(add, _new("1", "Other")) == []  # there: nothing, no change
    renamed = {"of_platform": "telegram", "of_user": "1", "new_name": "Anna K."}
    assert await db.plain_write(RENAME_ACCOUNT, renamed) == []
    async with db.transaction() as repos:
        _, added = await repos.accounts.get_or_add(
            "telegram", "2", display_name="Olha", language=None, now=NOW
        )
        assert added
    async with db.read() as repos:
        account = await repos.accounts.by_platform("telegram", "1")
        other = await repos.accounts.by_platform("telegram", "2")
        assert account is not None and other is not None
        assert (account.id, account.display_name, account.language) == (first, "Anna K.", None)
        assert account.created_at == other.created_at
        assert account.unreachable_since is None


async def test_a_failed_write_is_rolled_back(db: Database) -> None:
    add = add_account("sqlite" if is_sqlite(db.url) else "postgresql")
    with pytest.raises(exc.IntegrityError):  # a platform the CHECK constraint refuses
        await db.plain_write(add, {**_new("1", "A"), "new_platform": "fax"})
    assert await db.plain_write(add, _new("2", "B"))
    async with db.read() as repos:
        assert await repos.accounts.by_platform("fax", "1") is None
        assert await repos.accounts.by_platform("telegram", "2") is not None


async def test_a_write_is_committed_in_one_statement(db: Database) -> None:
    """No BEGIN nor COMMIT of its own: the statement commits itself (SQLite's autocommit,
    PostgreSQL's), and another connection sees it at once."""
    add = add_account("sqlite" if is_sqlite(db.url) else "postgresql")
    statements: list[str] = []

    def note(_conn: object, _cursor: object, sql: str, *_rest: object) -> None:
        statements.append(sql)

    event.listen(db.engine.sync_engine, "before_cursor_execute", note)
    try:
        assert await db.plain_write(add, _new("5", "Ed"))
    finally:
        event.remove(db.engine.sync_engine, "before_cursor_execute", note)
    async with db.read() as repos:
        assert await repos.accounts.by_platform("telegram", "5") is not None
    if is_sqlite(db.url):
        raw = db._writer and (await db._writer.get_raw_connection()).driver_connection
        assert raw is not None and raw.isolation_level is None and not raw.in_transaction
    else:
        assert [s.split()[0] for s in statements] == ["INSERT"]
