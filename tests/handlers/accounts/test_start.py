"""/start, /lang and roles checked per federation (linking: test_linking.py)."""

from dataclasses import replace

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from tests.conftest import user
from tests.factories import seed_federation


async def test_start_greets_and_says_how_to_link(services: Services, db: Database) -> None:
    await seed_federation(db)
    reply = await dispatch(services, user("u1", "Anna"), "/start")
    assert "Hello, Anna" in reply.plain
    assert "Russian Mahjong Federation" in reply.plain
    assert "/link <ID>" in reply.plain
    async with db.read() as repos:
        account = await repos.accounts.by_platform("console", "u1")
        assert account is not None and account.display_name == "Anna"
        first_id = account.id
    # Again (an account that was there): the same account, the same answer.
    assert (await dispatch(services, user("u1", "Anna"), "/start")).plain == reply.plain
    async with db.read() as repos:
        again = await repos.accounts.by_platform("console", "u1")
        assert again is not None and again.id == first_id


async def test_start_keeps_the_display_name_up_to_date(services: Services, db: Database) -> None:
    """/start writes one statement for a new account; a known one gets its new name, and a
    request without a name leaves the stored one."""
    await seed_federation(db)
    await dispatch(services, user("u1", "Anna"), "/start")
    renamed = await dispatch(services, user("u1", "Anna K."), "/start")
    assert "Hello, Anna K." in renamed.plain
    nameless = user("u1")
    await dispatch(services, replace(nameless, display_name=""), "/start")
    async with db.read() as repos:
        account = await repos.accounts.by_platform("console", "u1")
        assert account is not None and account.display_name == "Anna K."


async def test_language_choice_is_remembered(services: Services, db: Database) -> None:
    await seed_federation(db)
    assert (await dispatch(services, user("u1"), "/lang ru")).plain == "Язык: русский."
    reply = await dispatch(services, user("u1"), "/rating")
    assert reply.plain.startswith("Аккаунт ещё не связан")
    bad = await dispatch(services, user("u1"), "/lang fr")
    assert bad.plain.startswith("Использование")
