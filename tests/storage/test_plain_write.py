"""``Database.plain_write``: one statement as a transaction of its own (on a SQLite file two
thread hops on a kept connection), the same rows as the ORM writes, its RETURNING rows, and a
failed statement rolled back without holding the next write up."""

from datetime import UTC, datetime

import pytest
from sqlalchemy import exc

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
