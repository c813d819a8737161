"""A link code as a deep link: /linkcode gives the link where the platform has one, and
``/start <code>`` (the player opening it) links as ``/link <ID> <code>`` would, with its rules."""

import re
from dataclasses import replace

from fedrank.handlers.accounts.linking import MAX_WRONG_CODES, is_code_payload
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from tests.conftest import user
from tests.factories import make_director, seed_federation

LINK = "https://t.me/fedrank_bot?start={payload}"
URL = re.compile(r"https://t\.me/fedrank_bot\?start=([A-Za-z0-9_-]{1,64})$")


def with_link(ctx: RequestContext) -> RequestContext:
    return replace(ctx, start_link=LINK)


async def _linked(db: Database, user_id: str) -> list[str]:
    async with db.read() as repos:
        account = await repos.accounts.by_platform("console", user_id)
        if account is None:
            return []
        return [p.federation_player_id for p in await repos.accounts.players_of(account.id)]


async def _deep_link_payload(services: Services, director: str, fpid: str) -> str:
    issued = await dispatch(services, with_link(user(director)), f"/linkcode {fpid}")
    assert issued.private
    found = URL.search(issued.plain.splitlines()[-1])
    assert found is not None, issued.plain
    code = found.group(1)
    assert f": {code} (valid until" in issued.plain  # the same code, typed or tapped
    return code


def test_a_code_is_a_valid_start_payload() -> None:
    assert is_code_payload("ABCD-EFGH-JKLM")
    assert is_code_payload(" abcd-efgh-jklm ")
    assert not is_code_payload("")
    assert not is_code_payload("ABCD-EFGH")
    assert not is_code_payload("hello")


async def test_linkcode_gives_the_deep_link_where_the_platform_has_one(
    services: Services, db: Database
) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    plain = await dispatch(services, user("boss"), "/linkcode RMF-001")
    assert "t.me" not in plain.plain  # the console has no such link
    payload = await _deep_link_payload(services, "boss", "RMF-001")
    assert len(payload) <= 64


async def test_start_with_the_code_links_the_player(services: Services, db: Database) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    payload = await _deep_link_payload(services, "boss", "RMF-002")
    done = await dispatch(services, user("u2"), f"/start {payload}")
    assert "linked to Boris Petrov" in done.plain
    assert await _linked(db, "u2") == ["RMF-002"]
    again = await dispatch(services, user("u3"), f"/start {payload}")  # single use
    assert "RMF-002" in again.plain and await _linked(db, "u3") == []


async def test_the_director_cannot_open_his_own_link(services: Services, db: Database) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    payload = await _deep_link_payload(services, "boss", "RMF-002")
    own = await dispatch(services, user("boss"), f"/start {payload}")
    assert own.plain.startswith("You cannot link yourself with a code you issued")
    assert await _linked(db, "boss") == []


async def test_a_wrong_code_in_a_link_is_counted_against_the_account(
    services: Services, db: Database
) -> None:
    await seed_federation(db)
    for _ in range(MAX_WRONG_CODES):
        wrong = await dispatch(services, user("u9"), "/start AAAA-BBBB-CCCC")
        assert wrong.plain.startswith("The code in this link is not valid")
    locked = await dispatch(services, user("u9"), "/start AAAA-BBBB-CCCC")
    assert locked.plain.startswith("Too many wrong codes")
    async with db.read() as repos:
        actions = [a.action for a in await repos.audit.entries()]
    assert actions == ["link.code_refused", "link.code_locked"]


async def test_start_without_a_code_greets(services: Services, db: Database) -> None:
    await seed_federation(db)
    hello = await dispatch(services, user("u1", "Anna"), "/start from-a-poster")
    assert hello.plain.startswith("Hello, Anna!")
