"""Role sync's rules and checks: title keys, rules kept in the database, only directors change
them, every change in the audit log, and the roles each linked account's title calls for."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from fedrank.handlers.accounts.roles import (
    DatabaseRoleMap,
    RoleRule,
    TitleKey,
    allow_sync,
    latest_list,
    map_title,
    published_since,
    rule_disciplines,
    unmap_title,
    wanted_roles,
)
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import AccessDeniedError, UserError
from tests.factories import NOW, seed_federation


def discord_user(user_id: str) -> RequestContext:
    return RequestContext(platform="discord", user_id=user_id, chat_id="555", display_name=user_id)


async def discord_director(services: Services, user_id: str) -> None:
    async with services.db.transaction() as repos:
        federation = await repos.federations.by_code("RMF")
        assert federation is not None
        account = await repos.accounts.get_or_create(
            "discord", user_id, display_name=user_id, language=None, now=NOW
        )
        await repos.accounts.set_role(account.id, federation.id, "director")


async def link(services: Services, user_id: str, player: str) -> None:
    async with services.db.transaction() as repos:
        account = await repos.accounts.get_or_create(
            "discord", user_id, display_name=user_id, language=None, now=NOW
        )
        (found,) = await repos.players.find(player)
        await repos.accounts.link(account, found.id)


async def audit(services: Services) -> list[tuple[str, str]]:
    async with services.db.read() as repos:
        return [(e.action, e.subject) for e in await repos.audit.entries()]


async def test_rules_survive_a_restart(services: Services) -> None:
    seeded = await seed_federation(services.db)
    first = DatabaseRoleMap(services)
    dan = TitleKey.parse("1 Dan")
    strong = TitleKey.parse(">=1.5")
    assert dan is not None and strong is not None
    await first.put(RoleRule(111, seeded.discipline_id, dan, 9001))
    await first.put(RoleRule(111, seeded.discipline_id, strong, 9002))
    await first.put(RoleRule(111, seeded.discipline_id, dan, 9003))  # the key moves to a new role
    await first.put(RoleRule(222, seeded.discipline_id, dan, 9004))

    restarted = DatabaseRoleMap(services)
    rules = await restarted.rules(111)
    assert [(str(r.key), r.role_id) for r in rules] == [("1 dan", 9003), (">=1.5", 9002)]
    assert rules[1].key.matches("2 dan", Decimal("2"))
    assert await restarted.guilds() == {111, 222}
    assert await restarted.guilds([seeded.discipline_id + 1]) == set()
    assert await restarted.remove(111, seeded.discipline_id, dan)
    assert not await restarted.remove(111, seeded.discipline_id, dan)
    assert [r.role_id for r in await first.rules(111)] == [9002]


@pytest.mark.parametrize(
    ("raw", "title", "value", "matches"),
    [
        ("2 dan", "2  DAN", None, True),
        ("2 dan", "1 dan", None, False),
        ("1.5", "rk", "1.50", True),
        ("1.5", "rk", "1.6", False),
        (">=1.5", "rk", "2", True),
        (">= 1.5", "rk", "1.4", False),
        (">=1.5", "rk", None, False),
    ],
)
def test_title_keys(raw: str, title: str, value: str | None, matches: bool) -> None:
    key = TitleKey.parse(raw)
    assert key is not None
    assert key.matches(title, None if value is None else Decimal(value)) is matches


@pytest.mark.parametrize("raw", ["", "  ", "<3", "=2", "NaN", "x" * 65])
def test_bad_title_keys(raw: str) -> None:
    assert TitleKey.parse(raw) is None


async def test_only_a_director_maps_and_every_change_is_logged(services: Services) -> None:
    seeded = await seed_federation(services.db)
    rules = DatabaseRoleMap(services)
    dan = TitleKey.parse("1 dan")
    assert dan is not None

    with pytest.raises(AccessDeniedError, match="Only a director of RMF"):
        await map_title(
            services, discord_user("7"), rules, guild_id=1, code="rmf-mcr", key=dan, role_id=9
        )
    with pytest.raises(UserError, match="rmf-mcr"):  # an unknown code names the known ones
        await map_title(
            services, discord_user("7"), rules, guild_id=1, code="nope", key=dan, role_id=9
        )
    assert await rules.rules(1) == []
    assert await audit(services) == [("access.denied", "RMF /rolemap")]

    await discord_director(services, "8")
    boss = discord_user("8")
    mapped = await map_title(services, boss, rules, guild_id=1, code="rmf-mcr", key=dan, role_id=9)
    assert mapped.id == seeded.discipline_id
    assert await rules.rules(1) == [RoleRule(1, seeded.discipline_id, dan, 9)]
    assert await rule_disciplines(services, await rules.rules(1)) == {
        seeded.discipline_id: "rmf-mcr"
    }
    await allow_sync(services, boss, guild_id=1, code="rmf-mcr")
    unmapped, removed = await unmap_title(
        services, boss, rules, guild_id=1, code="rmf-mcr", key=dan
    )
    assert (unmapped.id, removed) == (mapped.id, True)
    _, again = await unmap_title(services, boss, rules, guild_id=1, code="rmf-mcr", key=dan)
    assert not again
    assert await audit(services) == [
        ("access.denied", "RMF /rolemap"),
        ("discord.rolemap.set", "guild 1: 1 dan -> role 9"),
        ("discord.rolesync", "guild 1"),
        ("discord.rolemap.removed", "guild 1: 1 dan"),
        ("discord.rolemap.removed", "guild 1: 1 dan"),
    ]


async def test_wanted_roles_follow_linked_accounts_titles(services: Services) -> None:
    seeded = await seed_federation(services.db)
    await link(services, "101", "RMF-001")  # 1 dan since March
    await link(services, "303", "RMF-002")  # no title
    dan, any_value = TitleKey.parse("1 dan"), TitleKey.parse(">=0")
    assert dan is not None and any_value is not None
    rules = [
        RoleRule(1, seeded.discipline_id, dan, 9001),
        RoleRule(1, seeded.discipline_id, any_value, 9002),  # "1 dan" has no value
    ]
    assert await wanted_roles(services, rules) == {101: {9001}, 303: set()}


async def test_lists_published_since_a_look(services: Services) -> None:
    seeded = await seed_federation(services.db)
    seen = await latest_list(services)
    assert seen > 0
    assert await published_since(services, seen) == []
    async with services.db.transaction() as repos:
        await repos.lists.add_snapshot(seeded.discipline_id, date(2026, 12, 1), [], now=NOW)
    (found,) = await published_since(services, seen)
    assert found[1] == seeded.discipline_id and found[0] == await latest_list(services)
