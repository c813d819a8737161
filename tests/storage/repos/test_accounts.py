"""Accounts: one per platform user, even when two first messages race; languages; link codes."""

import asyncio

from fedrank.storage.database import Database
from fedrank.storage.repos import account_language, account_presence, hash_code
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


async def test_get_or_add_says_whether_it_added_and_keeps_the_name_current(db: Database) -> None:
    async with db.transaction() as repos:
        account, added = await repos.accounts.get_or_add(
            "telegram", "43", display_name="Anna", language=None, now=NOW
        )
        assert added and account.id is not None and account.display_name == "Anna"
    async with db.transaction() as repos:
        again, added = await repos.accounts.get_or_add(
            "telegram", "43", display_name="Anna K", language=None, now=NOW
        )
        assert not added and again.id == account.id
    async with db.read() as repos:
        stored = await repos.accounts.by_platform("telegram", "43")
        assert stored is not None and stored.display_name == "Anna K"


async def test_the_presence_read_gives_language_and_mark_in_one_row(db: Database) -> None:
    async with db.transaction() as repos:
        marked = await repos.accounts.get_or_create(
            "telegram", "44", display_name="m", language="zh", now=NOW
        )
        marked.unreachable_since = NOW
        await repos.accounts.get_or_create(
            "telegram", "45", display_name="n", language=None, now=NOW
        )
    async with db.connection() as conn:
        assert await account_presence(conn, "telegram", "44") == ("zh", True)
        assert await account_presence(conn, "telegram", "45") == (None, False)
        assert await account_presence(conn, "telegram", "46") is None


async def test_the_language_read_is_one_query_on_a_connection_or_in_a_unit(db: Database) -> None:
    """``AccountRepo.language`` is :func:`account_language` run in the unit of work."""
    async with db.transaction() as repos:
        await repos.accounts.get_or_create("discord", "9", display_name="d", language="ru", now=NOW)
        await repos.accounts.get_or_create(
            "discord", "10", display_name="e", language=None, now=NOW
        )
    async with db.read() as repos:
        for user in ("9", "10", "11"):
            assert await repos.accounts.language("discord", user) == await account_language(
                repos.session, "discord", user
            )
        assert await repos.accounts.language("discord", "9") == "ru"
        assert await repos.accounts.language("telegram", "9") is None


async def test_a_link_code_is_found_by_its_hash_in_any_case(db: Database) -> None:
    async with db.transaction() as repos:
        fed = await repos.federations.add("RMF", "Russian Mahjong Federation")
        player = await repos.players.add(fed.id, "RMF-001", "Anna Ivanova")
        director = await repos.accounts.get_or_create(
            "console", "d", display_name="d", language=None, now=NOW
        )
        stored = await repos.accounts.add_link_code(
            player.id, "ab12-cd34", director.id, NOW, key=b"k"
        )
        assert stored.code_hash == hash_code(" AB12CD34 ", b"k") != hash_code("AB12CD34", b"j")
    async with db.read() as repos:
        found = await repos.accounts.link_code("Ab12 cD34", key=b"k")
        assert found is not None and found.player_id == player.id
        assert await repos.accounts.link_code("ab12cd35", key=b"k") is None
        # Under another key (another server or database) the code is worth nothing.
        assert await repos.accounts.link_code("ab12cd34", key=b"j") is None
