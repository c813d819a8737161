"""Linking accounts to players only through verification, and roles checked per federation."""

import re

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from tests.conftest import Clock, user
from tests.factories import make_director, seed_federation


async def _linked_player(db: Database, user_id: str) -> int | None:
    async with db.read() as repos:
        account = await repos.accounts.by_platform("console", user_id)
        return account.player_id if account else None


async def test_start_greets_and_says_how_to_link(services: Services, db: Database) -> None:
    await seed_federation(db)
    reply = await dispatch(services, user("u1", "Anna"), "/start")
    assert "Hello, Anna" in reply.plain
    assert "Russian Mahjong Federation" in reply.plain
    assert "/link <ID>" in reply.plain


async def test_link_request_waits_for_a_director(services: Services, db: Database) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    reply = await dispatch(services, user("u1", "Anna"), "/link RMF-001")
    assert "Request #1" in reply.plain
    assert await _linked_player(db, "u1") is None  # not linked before a director approves

    pending = await dispatch(services, user("boss"), "/links")
    assert "#1: Anna (console:u1) asks to be Anna Ivanova (RMF-001)" in pending.plain
    assert [b.action for b in pending.buttons] == ["/approve 1", "/reject 1"]

    approved = await dispatch(services, user("boss"), "/approve 1")
    assert "approved" in approved.plain
    assert await _linked_player(db, "u1") is not None
    async with db.read() as repos:
        actions = [a.action for a in await repos.audit.entries()]
    assert actions == ["link.requested", "link.approved"]


async def test_a_player_cannot_approve_his_own_request(services: Services, db: Database) -> None:
    await seed_federation(db)
    await dispatch(services, user("u1"), "/link RMF-001")
    reply = await dispatch(services, user("u1"), "/approve 1")
    assert reply.plain == "Only a director of RMF may do this."
    assert await _linked_player(db, "u1") is None
    async with db.read() as repos:
        assert [a.action for a in await repos.audit.entries()] == [
            "link.requested",
            "access.denied",
        ]


async def test_one_time_code_links_once(services: Services, db: Database, clock: Clock) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    issued = await dispatch(services, user("boss"), "/linkcode RMF-002")
    assert issued.private
    code = re.search(r"code for .*: ([A-Z0-9]{8})", issued.plain)
    assert code is not None

    wrong = await dispatch(services, user("u2"), "/link RMF-002 AAAAAAAA")
    assert "not valid" in wrong.plain
    assert await _linked_player(db, "u2") is None

    ok = await dispatch(services, user("u2"), f"/link RMF-002 {code.group(1).lower()}")
    assert "linked to Boris Petrov (RMF-002)" in ok.plain
    again = await dispatch(services, user("u3"), f"/link RMF-002 {code.group(1)}")
    assert "not valid" in again.plain or "already linked" in again.plain
    assert await _linked_player(db, "u3") is None


async def test_expired_code_is_refused(services: Services, db: Database, clock: Clock) -> None:
    from datetime import timedelta

    await seed_federation(db)
    await make_director(db, "boss")
    issued = await dispatch(services, user("boss"), "/linkcode RMF-003")
    code = re.search(r": ([A-Z0-9]{8}) ", issued.plain)
    assert code is not None
    clock.now += timedelta(days=8)
    reply = await dispatch(services, user("u3"), f"/link RMF-003 {code.group(1)}")
    assert "not valid" in reply.plain
    assert await _linked_player(db, "u3") is None


async def test_codes_are_stored_hashed(services: Services, db: Database) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    issued = await dispatch(services, user("boss"), "/linkcode RMF-003")
    code = re.search(r": ([A-Z0-9]{8}) ", issued.plain)
    assert code is not None
    async with db.read() as repos:
        stored = await repos.accounts.link_code(code.group(1))
        assert stored is not None
        assert code.group(1) not in stored.code_hash


async def test_language_choice_is_remembered(services: Services, db: Database) -> None:
    await seed_federation(db)
    assert (await dispatch(services, user("u1"), "/lang ru")).plain == "Язык: русский."
    reply = await dispatch(services, user("u1"), "/rating")
    assert reply.plain.startswith("Аккаунт ещё не связан")
    bad = await dispatch(services, user("u1"), "/lang fr")
    assert bad.plain.startswith("Использование")


async def test_a_refused_code_is_in_the_audit_log(services: Services, db: Database) -> None:
    await seed_federation(db)
    reply = await dispatch(services, user("u2"), "/link RMF-002 AAAAAAAA")
    assert "not valid" in reply.plain
    async with db.read() as repos:
        refused = [a.subject for a in await repos.audit.entries("link.code_refused")]
    assert refused == ["RMF-002"]
