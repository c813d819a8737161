"""Refused attempts leave a trace: ``access.denied``, coalesced per account and minute."""

from datetime import timedelta

import pytest

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from fedrank.storage.repos.audit import AuditRepo
from tests.helpers import NOW, Clock, seed_federation, user

DIRECTOR_COMMANDS = [
    "/submit rmf-mcr\nid: x",
    "/publish rmf-mcr",
    "/grant console:u2 RMF director",
    "/roles RMF",
    "/discipline add RMF rmf-x mahjong_rmf monthly X",
]


async def _denied(db: Database) -> list[tuple[str, int | None, str, dict[str, object]]]:
    async with db.read() as repos:
        rows = await repos.audit.entries("access.denied")
        out = []
        for row in rows:
            account = await repos.accounts.get(row.account_id) if row.account_id else None
            name = f"{account.platform}:{account.platform_user_id}" if account else "-"
            out.append((name, row.federation_id, row.subject, dict(row.details)))
        return out


async def test_a_flood_of_refusals_is_one_row_per_account_and_minute(
    services: Services, db: Database, clock: Clock
) -> None:
    """45 refused director and admin commands wrote no audit row on main (each refusal rolled
    its transaction back); now they are counted, in one row for the minute."""
    seeded = await seed_federation(db)
    clock.now = NOW
    for i in range(45):
        clock.now = NOW + timedelta(seconds=i)
        reply = await dispatch(services, user("mallory"), DIRECTOR_COMMANDS[i % 5])
        assert reply.plain.startswith("Only a"), reply.plain
    [(who, federation, subject, details)] = await _denied(db)
    assert (who, federation, subject) == ("console:mallory", seeded.federation_id, "RMF /submit")
    assert details == {
        "count": 45,
        "refused": {
            "RMF /submit": 9,
            "RMF /publish": 9,
            "RMF /grant": 9,
            "RMF /roles": 9,
            "RMF /discipline": 9,
        },
        "last_at": (NOW + timedelta(seconds=44)).isoformat(),
    }

    clock.now = NOW + timedelta(minutes=1)  # a new minute: a new row
    await dispatch(services, user("mallory"), "/roles RMF")
    await dispatch(services, user("eve"), "/roles RMF")  # another account: its own row
    await dispatch(services, user("eve"), "/links")  # a director's command, no federation named
    rows = await _denied(db)
    assert [(who, subject, d["count"]) for who, _, subject, d in rows] == [
        ("console:mallory", "RMF /submit", 45),
        ("console:mallory", "RMF /roles", 1),
        ("console:eve", "RMF /roles", 2),
    ]
    assert rows[-1][3]["refused"] == {"RMF /roles": 1, "- /links": 1}


async def test_only_refusals_of_access_are_counted(services: Services, db: Database) -> None:
    await seed_federation(db)
    for text in ("/roles", "/grant nobody", "/roles NOPE", "/rating", "/fly"):
        await dispatch(services, user("u1"), text)
    assert await _denied(db) == []


async def test_a_refusal_is_answered_even_when_it_cannot_be_recorded(
    services: Services, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    await seed_federation(db)

    async def broken(self: AuditRepo, **kwargs: object) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(AuditRepo, "access_denied", broken)
    reply = await dispatch(services, user("u1"), "/roles RMF")
    assert reply.plain == "Only a director of RMF may do this."


async def test_the_refused_keys_a_row_names_are_bounded(db: Database) -> None:
    await seed_federation(db)
    async with db.transaction() as repos:
        account = await repos.accounts.get_or_create(
            "console", "m", display_name="m", language=None, now=NOW
        )
        for i in range(80):
            await repos.audit.access_denied(
                at=NOW, account_id=account.id, federation_id=None, key=f"- /c{i}"
            )
        [row] = await repos.audit.entries("access.denied")
        assert row.details["count"] == 80
        assert len(row.details["refused"]) == 50
