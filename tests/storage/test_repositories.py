"""Repository behaviour that handlers rely on under concurrency."""

import asyncio

from fedrank.storage.database import Database
from tests.factories import NOW


async def test_two_first_contacts_at_once_make_one_account(db: Database) -> None:
    """B tries to create the account while A's creation is not committed yet."""
    b_started = asyncio.Event()

    async def second() -> int:
        async with db.transaction() as repos:
            b_started.set()
            account = await repos.accounts.get_or_create(
                "telegram", "42", display_name="B", language=None, now=NOW
            )
            return account.id

    async with db.transaction() as repos:
        first = await repos.accounts.get_or_create(
            "telegram", "42", display_name="A", language=None, now=NOW
        )
        task = asyncio.create_task(second())
        await b_started.wait()
        await asyncio.sleep(0.2)  # B is now waiting on A's uncommitted row
        first_id = first.id
    assert await task == first_id
    async with db.read() as repos:
        assert (await repos.accounts.by_platform("telegram", "42")) is not None
