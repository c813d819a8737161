"""Role sync on Discord: linked members' roles follow their official titles, per guild.

After each publication (and on ``/rolesync``), every Discord account linked to a player of the
discipline's federation who is a member of the server gets the roles his current title matches
and loses the mapped roles it no longer matches. Roles that no rule maps are never touched, nor
are members who are not linked (the bot does not list a server's members: no member chunking).

The rules, the titles they match and who may change them are fedrank's
(:mod:`fedrank.handlers.accounts.roles`); this module only finds the members and gives or takes
their
roles.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from dataclasses import dataclass

import discord

from fedrank.handlers.accounts.roles import RoleMap, latest_list, published_since, wanted_roles
from fedrank.handlers.context import Services

log = logging.getLogger(__name__)

REASON = "fedrank: official title"


@dataclass(slots=True)
class SyncResult:
    members: int = 0
    added: int = 0
    removed: int = 0
    failed: int = 0

    def __iadd__(self, other: SyncResult) -> SyncResult:
        self.members += other.members
        self.added += other.added
        self.removed += other.removed
        self.failed += other.failed
        return self


QUERY_BATCH = 100


async def members_of(guild: discord.Guild, user_ids: Iterable[int]) -> dict[int, discord.Member]:
    """The members of ``guild`` among ``user_ids``, without downloading the member list.

    Cached members first; the others are asked for by ID over the gateway, 100 at a time
    (the members intent allows it; it is not chunking the whole server); only if that fails
    is each one fetched over REST (a 404 says he is not a member)."""
    found: dict[int, discord.Member] = {}
    missing: list[int] = []
    for user_id in user_ids:
        member = guild.get_member(user_id)
        if member is not None:
            found[user_id] = member
        else:
            missing.append(user_id)
    for start in range(0, len(missing), QUERY_BATCH):
        batch = missing[start : start + QUERY_BATCH]
        try:
            members = await guild.query_members(user_ids=batch, limit=len(batch), cache=True)
        except (discord.ClientException, TimeoutError) as exc:
            log.info("member query in guild %s failed (%s); fetching one by one", guild.id, exc)
            members = []
            for user_id in batch:
                try:
                    members.append(await guild.fetch_member(user_id))
                except discord.NotFound:
                    continue
        found.update((m.id, m) for m in members)
    return found


class RoleSync:
    """Brings linked members' roles in step with their titles, guild by guild."""

    def __init__(self, services: Services, role_map: RoleMap, client: discord.Client) -> None:
        self.services = services
        self.role_map = role_map
        self.client = client
        self._last_snapshot: int | None = None
        self._lock = asyncio.Lock()

    async def sync_guild(
        self, guild: discord.Guild, *, only: Iterable[int] | None = None
    ) -> SyncResult:
        """Bring the roles of linked members of ``guild`` (or of the users ``only``) in step."""
        result = SyncResult()
        rules = await self.role_map.rules(guild.id)
        if not rules:
            return result
        managed = {r.role_id for r in rules}
        wanted = await wanted_roles(self.services, rules)
        users = list(wanted) if only is None else [u for u in only if u in wanted]
        present = await members_of(guild, users)
        for user_id in users:
            member = present.get(user_id)
            if member is None:
                continue
            result.members += 1
            held = {r.id for r in member.roles}
            give = [
                role
                for role_id in sorted(wanted[user_id] - held)
                if (role := guild.get_role(role_id)) is not None
            ]
            take = [r for r in member.roles if r.id in managed and r.id not in wanted[user_id]]
            try:
                if give:
                    await member.add_roles(*give, reason=REASON)
                    result.added += len(give)
                if take:
                    await member.remove_roles(*take, reason=REASON)
                    result.removed += len(take)
            except discord.HTTPException as exc:
                result.failed += len(give) + len(take)
                log.warning("roles of %s in guild %s not changed: %s", user_id, guild.id, exc)
        return result

    async def sync_disciplines(self, discipline_ids: Iterable[int] | None = None) -> SyncResult:
        """Every guild with rules for these disciplines (all guilds with rules if None)."""
        result = SyncResult()
        for guild_id in sorted(await self.role_map.guilds(discipline_ids)):
            guild = self.client.get_guild(guild_id)
            if guild is not None:
                result += await self.sync_guild(guild)
        return result

    async def start(self) -> None:
        """Remember the lists already published: only later ones cause a sync."""
        self._last_snapshot = await latest_list(self.services)

    async def after_publication(self) -> SyncResult:
        """Sync the guilds of every discipline with a list published since the last look."""
        async with self._lock:
            if self._last_snapshot is None:
                await self.start()
            found = await published_since(self.services, self._last_snapshot or 0)
            if not found:
                return SyncResult()
            self._last_snapshot = max(row[0] for row in found)
            return await self.sync_disciplines({row[1] for row in found})

    async def watch(self, every: float) -> None:
        """Look for new publications (the scheduler's, another bot's) until cancelled."""
        while True:
            await asyncio.sleep(every)
            try:
                await self.after_publication()
            except Exception:
                log.exception("role sync after publication failed")
