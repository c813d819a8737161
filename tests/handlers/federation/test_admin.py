"""Federation management: disciplines, role holders and undoing a wrong link, checked per role."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from fedrank.storage.models import Account, AccountLink, AccountRole, AuditLog, Discipline
from tests.conftest import user
from tests.factories import NOW, make_director, seed_federation


async def make_admin(db: Database, user_id: str, federation_code: str = "RMF") -> None:
    async with db.transaction() as repos:
        fed = await repos.federations.by_code(federation_code)
        assert fed is not None
        account = await repos.accounts.get_or_create(
            "console", user_id, display_name=user_id, language=None, now=NOW
        )
        await repos.accounts.set_role(account.id, fed.id, "admin")


async def link(db: Database, user_id: str, fpid: str, platform: str = "console") -> None:
    async with db.transaction() as repos:
        account = await repos.accounts.get_or_create(
            platform, user_id, display_name=f"{user_id} name", language=None, now=NOW
        )
        players = await repos.players.find(fpid)
        await repos.accounts.link(account, players[0].id)


async def second_federation(db: Database) -> None:
    async with db.transaction() as repos:
        fed = await repos.federations.add("UGF", "Ukrainian Go Federation")
        await repos.federations.add_discipline(fed, "ugf-go", "Go", "go_ufgo", "monthly")
        await repos.players.add(fed.id, "RMF-001", "Namesake in UGF")


async def snapshot(db: Database) -> dict[str, Any]:
    """Disciplines, links, roles and the audit log: what a refusal must not change (it only
    counts itself as ``access.denied``)."""
    async with db.read() as repos:
        s = repos.session
        return {
            "disciplines": (await s.execute(select(Discipline.code).order_by(Discipline.id)))
            .scalars()
            .all(),
            "links": (
                await s.execute(
                    select(Account.platform_user_id, AccountLink.player_id)
                    .join(AccountLink, AccountLink.account_id == Account.id)
                    .order_by(Account.id)
                )
            ).all(),
            "roles": await s.scalar(select(func.count(AccountRole.id))),
            "audit": await s.scalar(
                select(func.count(AuditLog.id)).where(AuditLog.action != "access.denied")
            ),
        }


async def test_disciplines_are_listed_to_anyone(services: Services, db: Database) -> None:
    await seed_federation(db)
    await second_federation(db)
    everything = await dispatch(services, user("u"), "/disciplines")
    assert everything.plain.splitlines() == [
        "Disciplines:",
        "Federation | Code | Name | System | Calendar",
        "RMF | rmf-mcr | Sports mahjong | mahjong_rmf | monthly",
        "UGF | ugf-go | Go | go_ufgo | monthly",
    ]
    one = await dispatch(services, user("u"), "/disciplines ugf")
    assert "rmf-mcr" not in one.plain and "ugf-go" in one.plain
    unknown = await dispatch(services, user("u"), "/disciplines XYZ")
    assert "XYZ" in unknown.plain


async def test_an_admin_adds_a_discipline(services: Services, db: Database) -> None:
    await seed_federation(db)
    await make_admin(db, "chief")
    added = await dispatch(
        services,
        user("chief"),
        "/discipline add RMF rmf-sichuan mahjong_rmf monthly Sichuan mahjong",
    )
    assert added.plain == (
        "Discipline rmf-sichuan (Sichuan mahjong) added to RMF: system mahjong_rmf, lists monthly."
    )
    listed = await dispatch(services, user("u"), "/disciplines RMF")
    assert "RMF | rmf-sichuan | Sichuan mahjong | mahjong_rmf | monthly" in listed.plain
    async with db.read() as repos:
        audit = [(a.action, a.subject, a.details) for a in await repos.audit.entries()]
    assert audit == [
        (
            "discipline.added",
            "rmf-sichuan",
            {"system": "mahjong_rmf", "calendar": "monthly", "name": "Sichuan mahjong"},
        )
    ]


async def test_discipline_refusals_write_nothing_but_their_audit_line(
    services: Services, db: Database
) -> None:
    await seed_federation(db)
    await second_federation(db)
    await make_director(db, "boss")
    await make_admin(db, "chief")
    await make_admin(db, "ugf-chief", "UGF")
    refusals = [
        ("boss", "/discipline add RMF rmf-x mahjong_rmf monthly X", "Only an administrator of RMF"),
        (
            "ugf-chief",
            "/discipline add RMF rmf-x mahjong_rmf monthly X",
            "Only an administrator of RMF",
        ),
        ("u", "/discipline add RMF rmf-x mahjong_rmf monthly X", "Only an administrator of RMF"),
        ("chief", "/discipline add RMF rmf-x chess_fide monthly X", "Unknown system “chess_fide”"),
        ("chief", "/discipline add RMF rmf-x mahjong_rmf weekly X", "names neither"),
        ("chief", "/discipline add RMF ugf-go go_ufgo monthly Go", "ugf-go exists already"),
        ("chief", "/discipline add RMF rmf-mcr mahjong_rmf monthly MCR", "exists already"),
        ("chief", "/discipline add RMF bad/code mahjong_rmf monthly X", "cannot be a discipline"),
        ("chief", "/discipline add RMF rmf-x mahjong_rmf", "Usage"),
        ("chief", "/discipline remove rmf-mcr", "Usage"),
        ("chief", "/discipline add NOPE rmf-x mahjong_rmf monthly X", "NOPE"),
    ]
    before = await snapshot(db)
    for count, (who, command, answer) in enumerate(refusals, start=1):
        reply = await dispatch(services, user(who), command)
        assert answer in reply.plain, (command, reply.plain)
        after = await snapshot(db)
        assert {**after, "audit": before["audit"]} == before, command
        assert after["audit"] == before["audit"] + count, command
    async with db.read() as repos:
        entries = await repos.audit.entries("discipline.refused")
        assert [e.subject for e in entries] == [
            c.removeprefix("/discipline ") for _, c, _ in refusals
        ]
        assert entries[3].details == {
            "reason": "Unknown system “chess_fide”. Systems: mahjong_rmf, bridge_ccba, go_ufgo,"
            " bridge_fsbr, othello_woc."
        }
        # Refused before any account existed: the line names none.
        assert entries[2].account_id is None and entries[3].account_id is not None


async def test_roles_are_listed_to_directors_only(services: Services, db: Database) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    await make_admin(db, "chief")
    await link(db, "chief", "RMF-003")
    listed = await dispatch(services, user("boss"), "/roles rmf")
    assert listed.private
    assert listed.plain.splitlines() == [
        "Roles in RMF:",
        "Account | Name | Role | Linked player",
        "console:chief | chief name | administrator | Ivan Sidorov (RMF-003)",
        "console:boss | boss | director | —",
    ]
    refused = await dispatch(services, user("u"), "/roles RMF")
    assert refused.plain == "Only a director of RMF may do this."
    assert "Usage" in (await dispatch(services, user("boss"), "/roles")).plain


async def test_a_director_undoes_a_wrong_link(services: Services, db: Database) -> None:
    await seed_federation(db)
    await second_federation(db)
    await make_director(db, "boss")
    await link(db, "u1", "RMF-002")
    await link(db, "t1", "RMF-002", platform="telegram")

    before = await snapshot(db)
    for who, command, answer in [
        ("u1", "/unlink RMF-002", "Only a director of RMF"),
        ("boss", "/unlink RMF-003", "No such account is linked to Ivan Sidorov (RMF-003)"),
        ("boss", "/unlink RMF-002 discord:1", "No such account is linked"),
        ("boss", "/unlink RMF-099", "RMF-099"),
        # Two players are RMF-001 (one in UGF): the director's own federation's is meant.
        ("boss", "/unlink RMF-001", "No such account is linked to Anna Ivanova (RMF-001)"),
        ("boss", "/unlink", "Usage"),
        ("boss", "/unlink RMF-002 u1", "Usage"),
    ]:
        reply = await dispatch(services, user(who), command)
        assert answer in reply.plain, (command, reply.plain)
        assert await snapshot(db) == before, command

    one = await dispatch(services, user("boss"), "/unlink RMF-002 telegram:t1")
    assert one.plain == "Unlinked from Boris Petrov (RMF-002): t1 name (telegram:t1)."
    rating = await dispatch(services, user("u1"), "/link")
    assert "Boris Petrov" in rating.plain  # the console account is still linked
    rest = await dispatch(services, user("boss"), "/unlink rmf-002")
    assert rest.plain == "Unlinked from Boris Petrov (RMF-002): u1 (console:u1)."
    async with db.read() as repos:
        assert list(await repos.accounts.for_player(2)) == []
        removed = [(a.action, a.subject) for a in await repos.audit.entries()]
    assert removed == [
        ("access.denied", "RMF /unlink"),
        ("link.removed", "RMF-002"),
        ("link.removed", "RMF-002"),
    ]
    assert "Usage" in (await dispatch(services, user("u1"), "/link")).plain
