"""Role sync on dpytest's Discord: a director maps titles to roles, a publication moves them."""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace
from typing import Any

import discord
import discord.ext.test as dpytest
import pytest
from discord.ext.test import backend

from fedrank.bot.discord import FedrankBot
from fedrank.bot.discord.rolesync import members_of
from fedrank.handlers.publication.publish import publish_list
from fedrank.handlers.systems import SystemRegistry
from fedrank.storage.database import Database
from tests.bot.discord.conftest import discord_account
from tests.bot.discord.fake_system import FakeSystem
from tests.factories import NOW, seed_federation


def role_names(member: discord.Member) -> set[str]:
    return {r.name for r in member.roles if not r.is_default()}


@pytest.fixture
async def server(bot: FedrankBot, db: Database) -> dict[str, Any]:
    """RMF's players anna (RMF-001, 1 dan) and eve (RMF-002) linked; boss directs and may
    manage roles; the bot's own role is above the title roles."""
    await seed_federation(db)
    config = dpytest.get_config()
    guild = config.guilds[0]
    anna, boss, eve = config.members
    own = backend.make_role("fedrank", guild)  # created first: the highest of equal positions
    await dpytest.add_role(guild.me, own)
    managers = backend.make_role(
        "Managers", guild, permissions=discord.Permissions(manage_roles=True).value
    )
    await dpytest.add_role(boss, managers)
    roles = {name: backend.make_role(name, guild) for name in ("Dan 1", "Kyu 1", "Other")}
    await dpytest.add_role(anna, roles["Other"])
    await discord_account(db, boss.id, role="director")
    await discord_account(db, anna.id, player="RMF-001")
    await discord_account(db, eve.id, player="RMF-002")
    return {"guild": guild, "anna": anna, "boss": boss, "eve": eve, **roles}


async def test_mapping_assigns_and_a_publication_moves_roles(
    bot: FedrankBot, db: Database, server: dict[str, Any], system: FakeSystem
) -> None:
    anna, boss, eve = server["anna"], server["boss"], server["eve"]
    await dpytest.message(f"!rolemap rmf-mcr <@&{server['Dan 1'].id}> 1 Dan", member=boss)
    mapped = dpytest.get_message().content
    assert "title is 1 dan get the role Dan 1" in mapped
    assert "linked members checked: 2; roles given: 1; taken away: 0" in mapped
    assert role_names(anna) == {"Other", "Dan 1"}  # anna holds 1 dan since March
    assert role_names(eve) == set()

    await dpytest.message(f"!rolemap rmf-mcr <@&{server['Kyu 1'].id}> 1 kyu", member=boss)
    dpytest.get_message()

    # The December list makes anna 1 kyu and eve 1 dan.
    system.titles = {"RMF-001": "1 kyu", "RMF-002": "1 dan"}
    await dpytest.message("!publish rmf-mcr 2026-11-15", member=boss)
    assert "published" in dpytest.get_message().content.lower()
    assert role_names(anna) == {"Other", "Kyu 1"}  # "Other" is not mapped: never touched
    assert role_names(eve) == {"Dan 1"}

    # A list published elsewhere (the scheduler, the other bot) is found by the watcher.
    system.titles = {"RMF-002": "1 kyu"}
    await publish_list(
        db, SystemRegistry([system]), "rmf-mcr", date(2026, 11, 20), now=NOW, on_demand=False
    )
    assert role_names(eve) == {"Dan 1"}
    roles = bot.fedrank.roles
    assert roles is not None
    result = await roles.after_publication()
    assert (result.added, result.removed) == (1, 1)
    assert role_names(eve) == {"Kyu 1"}
    assert (await roles.after_publication()).members == 0  # nothing new: nothing done

    async with db.read() as repos:
        actions = [e.action for e in await repos.audit.entries()]
    assert actions.count("discord.rolemap.set") == 2


async def test_a_linked_player_joining_the_server_gets_his_roles(
    bot: FedrankBot, db: Database, server: dict[str, Any]
) -> None:
    boss = server["boss"]
    await dpytest.message(f"!rolemap rmf-mcr <@&{server['Dan 1'].id}> 1 dan", member=boss)
    dpytest.get_message()
    newcomer = backend.make_user("newcomer", "0042")
    await discord_account(db, newcomer.id, player="RMF-003")
    async with db.transaction() as repos:
        discipline = await repos.federations.discipline_by_code("rmf-mcr")
        (ivan,) = await repos.players.find("RMF-003")
        assert discipline is not None
        await repos.ledger.add_title(ivan.id, discipline.id, "1 dan", date(2026, 6, 1))
    member = await dpytest.member_join(server["guild"], newcomer)
    await dpytest.run_all_events()
    assert role_names(member) == {"Dan 1"}


async def test_mapping_needs_manage_roles_and_a_director(
    bot: FedrankBot, db: Database, server: dict[str, Any]
) -> None:
    anna, eve = server["anna"], server["eve"]
    dan = server["Dan 1"]
    await dpytest.message(f"!rolemap rmf-mcr <@&{dan.id}> 1 dan", member=eve)
    assert "Manage Roles permission" in dpytest.get_message().content

    managers = discord.utils.get(server["guild"].roles, name="Managers")
    await dpytest.add_role(eve, managers)
    await dpytest.message(f"!rolemap rmf-mcr <@&{dan.id}> 1 dan", member=eve)
    assert dpytest.get_message().content == "Only a director of RMF may do this."
    roles = bot.fedrank.roles
    assert roles is not None
    assert await roles.role_map.rules(server["guild"].id) == []
    assert role_names(anna) == {"Other"}

    await dpytest.message("!rolemaps", member=eve)
    assert "No title gives a role" in dpytest.get_message().content


async def test_a_role_above_the_bot_is_refused(
    bot: FedrankBot, db: Database, server: dict[str, Any]
) -> None:
    guild = server["guild"]
    top = discord.utils.get(guild.roles, name="fedrank")
    await dpytest.message(f"!rolemap rmf-mcr <@&{top.id}> 1 dan", member=server["boss"])
    assert "I cannot give the role fedrank" in dpytest.get_message().content


async def test_unmap_and_list(bot: FedrankBot, db: Database, server: dict[str, Any]) -> None:
    boss = server["boss"]
    await dpytest.message(f"!rolemap rmf-mcr <@&{server['Dan 1'].id}> >=1.5", member=boss)
    dpytest.get_message()
    await dpytest.message("!rolemaps", member=boss)
    listing = dpytest.get_message().content
    assert "rmf-mcr" in listing and ">=1.5" in listing and "Dan 1" in listing
    await dpytest.message("!roleunmap rmf-mcr >=1.5", member=boss)
    assert "no longer gives a role" in dpytest.get_message().content
    await dpytest.message("!roleunmap rmf-mcr >=1.5", member=boss)
    assert "gives no role here" in dpytest.get_message().content


class FakeGuild:
    """Cached members, a gateway query that answers (or fails), REST fetches."""

    def __init__(self, cached: set[int], members: set[int], *, query_works: bool = True) -> None:
        self.id = 1
        self.cached = cached
        self.members = members
        self.query_works = query_works
        self.queries: list[list[int]] = []
        self.fetched: list[int] = []

    def get_member(self, user_id: int) -> Any:
        return SimpleNamespace(id=user_id) if user_id in self.cached else None

    async def query_members(self, *, user_ids: list[int], limit: int, cache: bool) -> list[Any]:
        self.queries.append(user_ids)
        assert limit == len(user_ids) <= 100 and cache
        if not self.query_works:
            raise TimeoutError
        return [SimpleNamespace(id=u) for u in user_ids if u in self.members]

    async def fetch_member(self, user_id: int) -> Any:
        self.fetched.append(user_id)
        if user_id not in self.members:
            raise discord.NotFound(SimpleNamespace(status=404, reason=""), "Unknown Member")
        return SimpleNamespace(id=user_id)


async def test_members_are_looked_up_by_id_in_batches() -> None:
    users = list(range(1, 251))
    guild = FakeGuild(cached={1, 2}, members=set(range(1, 251, 2)))
    found = await members_of(guild, users)  # type: ignore[arg-type]
    assert sorted(found) == [1, 2, *range(3, 251, 2)]
    assert [len(q) for q in guild.queries] == [100, 100, 48]
    assert guild.fetched == []


async def test_member_lookup_falls_back_to_rest() -> None:
    guild = FakeGuild(cached=set(), members={5}, query_works=False)
    found = await members_of(guild, [4, 5])  # type: ignore[arg-type]
    assert list(found) == [5] and guild.fetched == [4, 5]


async def test_help_in_a_server_with_role_sync_lists_the_role_commands(
    bot: FedrankBot, db: Database
) -> None:
    await seed_federation(db)
    anna = dpytest.get_config().members[0]
    await dpytest.message("!help", member=anna)
    parts = []  # a long help comes in several messages, each within Discord's 2,000
    while not dpytest.sent_queue.empty():
        parts.append(dpytest.get_message().content)
    text = "\n".join(parts)
    assert "**Role sync in this server (directors who manage roles):**" in text
    assert "`/rolemap` — give a Discord role to holders of a title" in text
