"""Roles cannot be turned against the federation: /grant's rules, the last admin, the way back."""

import asyncio

import pytest

from fedrank.handlers.accounts.grants import grant_refusal, operator_grant
from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from tests.helpers import NOW, make_director, seed_federation, user


async def _role(db: Database, user_id: str, federation: str = "RMF") -> str:
    async with db.read() as repos:
        account = await repos.accounts.by_platform("console", user_id)
        fed = await repos.federations.by_code(federation)
        assert account is not None and fed is not None
        return await repos.accounts.role(account.id, fed.id)


async def _set(db: Database, user_id: str, role: str) -> None:
    async with db.transaction() as repos:
        fed = await repos.federations.by_code("RMF")
        assert fed is not None
        account = await repos.accounts.get_or_create(
            "console", user_id, display_name=user_id, language=None, now=NOW
        )
        await repos.accounts.set_role(account.id, fed.id, role)


@pytest.mark.parametrize(
    ("granter", "held", "wanted", "refusal"),
    [
        ("director", "player", "player", None),
        ("director", "player", "director", "grant.too_high"),
        ("director", "player", "admin", "grant.too_high"),
        ("director", "director", "player", "grant.not_below"),
        ("director", "admin", "player", "grant.not_below"),
        ("director", "admin", "director", "grant.not_below"),
        ("player", "player", "player", "grant.not_below"),
        ("admin", "player", "director", None),
        ("admin", "director", "admin", None),
        ("admin", "admin", "player", None),
    ],
)
def test_a_granter_changes_only_roles_below_his_own(
    granter: str, held: str, wanted: str, refusal: str | None
) -> None:
    assert grant_refusal(granter, held, wanted) == refusal


async def test_a_director_cannot_demote_the_admin(services: Services, db: Database) -> None:
    """The attack of issue 17: a director of RMF lowered the admin, who lost every admin
    command. Now he is refused, the admin keeps his role and the refusal is in the audit log."""
    await seed_federation(db)
    await _set(db, "operator", "admin")
    await make_director(db, "boss")
    reply = await dispatch(services, user("boss"), "/grant console:operator RMF player")
    assert reply.plain == (
        "console:operator is administrator of RMF; a director may change only the roles of"
        " accounts below his own."
    )
    assert await _role(db, "operator") == "admin"
    still = await dispatch(
        services, user("operator"), "/discipline add RMF rmf-riichi mahjong_rmf monthly Riichi"
    )
    assert "Riichi" in still.plain and "Only a" not in still.plain, still.plain
    async with db.read() as repos:
        denied = [
            (d.subject, d.details["count"]) for d in await repos.audit.entries("access.denied")
        ]
        granted = await repos.audit.entries("role.granted")
    assert denied == [("RMF /grant", 1)]
    assert list(granted) == []


async def test_a_director_neither_makes_nor_lowers_a_peer(services: Services, db: Database) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    await make_director(db, "peer")
    await dispatch(services, user("u1"), "/start")
    lowered = await dispatch(services, user("boss"), "/grant console:peer RMF player")
    assert "may change only the roles of accounts below his own" in lowered.plain
    made = await dispatch(services, user("boss"), "/grant console:u1 RMF director")
    assert made.plain == "A director of RMF may give only roles below his own."
    admin = await dispatch(services, user("boss"), "/grant console:u1 RMF admin")
    assert admin.plain == "A director of RMF may give only roles below his own."
    assert (await _role(db, "peer"), await _role(db, "u1")) == ("director", "player")
    usage = await dispatch(services, user("boss"), "/grant u1 RMF")
    assert usage.plain.startswith("Usage: /grant")


async def test_an_admin_gives_and_lowers_roles_admins_included(
    services: Services, db: Database
) -> None:
    await seed_federation(db)
    await _set(db, "chief", "admin")
    await dispatch(services, user("u1"), "/start")
    made = await dispatch(services, user("chief"), "/grant console:u1 RMF director")
    assert made.plain == "u1 (console:u1) is now director of RMF."
    admin = await dispatch(services, user("chief"), "/grant console:u1 RMF admin")
    assert admin.plain == "u1 (console:u1) is now administrator of RMF."
    # Two admins: one may lower the other (lowering an admin needs an admin).
    lowered = await dispatch(services, user("u1"), "/grant console:chief RMF director")
    assert lowered.plain == "chief (console:chief) is now director of RMF."
    assert (await _role(db, "chief"), await _role(db, "u1")) == ("director", "admin")


async def test_the_last_admin_stays_and_the_operator_is_the_way_back(
    services: Services, db: Database
) -> None:
    await seed_federation(db)
    await _set(db, "chief", "admin")
    refused = await dispatch(services, user("chief"), "/grant console:chief RMF director")
    assert refused.plain == (
        "console:chief is the last administrator of RMF: make another account administrator"
        " first (the operator can always do it with fedrank grant)."
    )
    assert await _role(db, "chief") == "admin"
    # The operator's CLI is not bound by the chat's rules: it may lower the last admin too.
    assert await operator_grant(services, "console", "chief", "RMF", "director") is not None
    assert await _role(db, "chief") == "director"
    assert await operator_grant(services, "console", "chief", "RMF", "admin") is not None
    assert await _role(db, "chief") == "admin"


async def test_two_admins_lowering_each_other_at_once_leave_one(
    services: Services, db: Database
) -> None:
    await seed_federation(db)
    await _set(db, "a", "admin")
    await _set(db, "b", "admin")
    replies = await asyncio.gather(
        dispatch(services, user("a"), "/grant console:b RMF director"),
        dispatch(services, user("b"), "/grant console:a RMF director"),
    )
    roles = sorted([await _role(db, "a"), await _role(db, "b")])
    assert roles == ["admin", "director"], [r.plain for r in replies]
    # The other is refused: as the last admin, or (if he came second) as a director by then.
    assert sorted("is now director" in r.plain for r in replies) == [False, True]
