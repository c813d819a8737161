"""Roles: one definition of who directs a federation (an admin counts as a director)."""

from fedrank.storage.database import Database
from fedrank.storage.models import ROLES
from fedrank.storage.repos.roles import ADMIN, DIRECTOR, PLAYER, ROLE_RANK, at_least
from tests.factories import NOW


def test_roles_rank_as_the_schema_lists_them() -> None:
    assert (PLAYER, DIRECTOR, ADMIN) == ROLES
    assert ROLE_RANK[PLAYER] < ROLE_RANK[DIRECTOR] < ROLE_RANK[ADMIN]
    assert at_least(DIRECTOR) == (DIRECTOR, ADMIN)
    assert at_least(PLAYER) == ROLES
    assert at_least(ADMIN) == (ADMIN,)


async def test_every_directors_query_agrees(db: Database) -> None:
    """``QualificationRepo.directors``, ``RoleRepo.directors``, the director-or-higher holders of
    ``RoleRepo.holders`` and the role ``AccountRepo.role`` gives each account (what the
    handlers' ``require_role`` checks) name the same accounts: admins and directors of that
    federation, not a role granted elsewhere nor a role set back to player."""
    async with db.transaction() as repos:
        rmf = await repos.federations.add("RMF", "Russian Mahjong Federation")
        other = await repos.federations.add("XMF", "Other Federation")
        accounts = {}
        for user in ("admin", "director", "demoted", "plain", "elsewhere", "second"):
            account = await repos.accounts.get_or_create(
                "console", user, display_name=user, language=None, now=NOW
            )
            accounts[user] = account.id
        await repos.accounts.set_role(accounts["second"], rmf.id, DIRECTOR)
        await repos.accounts.set_role(accounts["admin"], rmf.id, ADMIN)
        await repos.accounts.set_role(accounts["director"], rmf.id, DIRECTOR)
        await repos.accounts.set_role(accounts["demoted"], rmf.id, DIRECTOR)
        await repos.accounts.set_role(accounts["demoted"], rmf.id, PLAYER)
        await repos.accounts.set_role(accounts["elsewhere"], other.id, ADMIN)
    async with db.read() as repos:
        expected = [accounts["admin"], accounts["director"], accounts["second"]]
        assert [a.id for a in await repos.qualifications.directors(rmf.id)] == expected
        assert [a.id for a in await repos.roles.directors(rmf.id)] == expected
        holders = await repos.roles.holders(rmf.id)
        assert sorted(a.id for a, role in holders if role in at_least(DIRECTOR)) == expected
        by_role = [
            account_id
            for account_id in accounts.values()
            if ROLE_RANK[await repos.accounts.role(account_id, rmf.id)] >= ROLE_RANK[DIRECTOR]
        ]
        assert sorted(by_role) == expected
        assert [a.id for a in await repos.roles.directors(other.id)] == [accounts["elsewhere"]]


async def test_holders_list_the_highest_role_first(db: Database) -> None:
    async with db.transaction() as repos:
        rmf = await repos.federations.add("RMF", "Russian Mahjong Federation")
        for user, role in (("a", DIRECTOR), ("b", PLAYER), ("c", ADMIN), ("d", DIRECTOR)):
            account = await repos.accounts.get_or_create(
                "console", user, display_name=user, language=None, now=NOW
            )
            await repos.accounts.set_role(account.id, rmf.id, role)
    async with db.read() as repos:
        assert [(a.platform_user_id, r) for a, r in await repos.roles.holders(rmf.id)] == [
            ("c", ADMIN),
            ("a", DIRECTOR),
            ("d", DIRECTOR),
            ("b", PLAYER),
        ]
