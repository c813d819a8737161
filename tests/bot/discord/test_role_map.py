"""Role sync rules are kept in the database: a restarted bot still has them."""

from decimal import Decimal

from fedrank.bot.discord.rolesync import DatabaseRoleMap, RoleRule, TitleKey
from fedrank.handlers.context import Services
from tests.factories import seed_federation


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
