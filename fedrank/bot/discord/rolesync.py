"""Role sync: Discord roles that follow official titles, per guild.

A director maps a title of a discipline to a role of his server (``/rolemap rmf-mcr @Dan-2
2 dan``). A title key is a title's name (``2 dan``, compared without regard to case and
spacing), a value (``1.5``: the title's value, e.g. a rank coefficient, equals it) or a
threshold (``>=1.5``). After each publication (and on ``/rolesync``), every Discord account
linked to a player of the discipline's federation who is a member of the server gets the roles
his current title matches and loses the mapped roles it no longer matches. Roles that no rule
maps are never touched, nor are members who are not linked (the bot does not list a server's
members: no member chunking).

The mapping lives in a :class:`RoleMap`: :class:`DatabaseRoleMap` keeps it in the
``discord_role_rule`` table, so it survives restarts and is shared by every bot process; every
change is also written to the audit log by the cog that makes it.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Protocol

import discord

from fedrank.handlers.context import Services

log = logging.getLogger(__name__)

PLATFORM = "discord"
_THRESHOLD = re.compile(r"^\s*>=\s*(?P<value>[-+]?[0-9]+(?:\.[0-9]+)?)\s*$")
_SPACE = re.compile(r"\s+")
REASON = "fedrank: official title"


@dataclass(frozen=True, slots=True)
class TitleKey:
    """Which titles a rule matches: by name, by value, or by a minimum value."""

    name: str | None = None
    value: Decimal | None = None
    at_least: Decimal | None = None

    @classmethod
    def parse(cls, raw: str) -> TitleKey | None:
        text = raw.strip()
        if not text or len(text) > 64:
            return None
        threshold = _THRESHOLD.match(text)
        if threshold:
            return cls(at_least=Decimal(threshold["value"]))
        if text.startswith((">", "<", "=")):
            return None
        try:
            number = Decimal(text)
        except InvalidOperation:
            return cls(name=_SPACE.sub(" ", text).casefold())
        return cls(value=number) if number.is_finite() else None

    def matches(self, title: str, value: Decimal | None) -> bool:
        if self.name is not None:
            return _SPACE.sub(" ", title.strip()).casefold() == self.name
        if value is None:
            return False
        if self.value is not None:
            return value == self.value
        return self.at_least is not None and value >= self.at_least

    def __str__(self) -> str:
        if self.name is not None:
            return self.name
        if self.value is not None:
            return str(self.value)
        return f">={self.at_least}"


@dataclass(frozen=True, slots=True)
class RoleRule:
    guild_id: int
    discipline_id: int
    key: TitleKey
    role_id: int


class RoleMap(Protocol):
    """Where the rules are kept."""

    async def rules(self, guild_id: int) -> list[RoleRule]: ...

    async def put(self, rule: RoleRule, *, created_by: int | None = None) -> None: ...

    async def remove(self, guild_id: int, discipline_id: int, key: TitleKey) -> bool: ...

    async def guilds(self, discipline_ids: Iterable[int] | None = None) -> set[int]: ...


class DatabaseRoleMap:
    """Rules in the database: one role per (guild, discipline, title key)."""

    def __init__(self, services: Services) -> None:
        self.services = services

    async def rules(self, guild_id: int) -> list[RoleRule]:
        async with self.services.db.read() as repos:
            rows = await repos.role_rules.rules(str(guild_id))
            out = []
            for row in rows:
                key = TitleKey.parse(row.title_key)
                if key is not None:
                    out.append(RoleRule(guild_id, row.discipline_id, key, int(row.role_id)))
            return out

    async def put(self, rule: RoleRule, *, created_by: int | None = None) -> None:
        async with self.services.db.transaction() as repos:
            await repos.role_rules.put(
                str(rule.guild_id),
                rule.discipline_id,
                str(rule.key),
                str(rule.role_id),
                created_by=created_by,
                now=self.services.now(),
            )

    async def remove(self, guild_id: int, discipline_id: int, key: TitleKey) -> bool:
        async with self.services.db.transaction() as repos:
            return await repos.role_rules.remove(str(guild_id), discipline_id, str(key))

    async def guilds(self, discipline_ids: Iterable[int] | None = None) -> set[int]:
        async with self.services.db.read() as repos:
            wanted = None if discipline_ids is None else list(discipline_ids)
            return {int(g) for g in await repos.role_rules.guilds(wanted)}


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


async def wanted_roles(services: Services, rules: list[RoleRule]) -> dict[int, set[int]]:
    """Discord user id -> the mapped roles his current titles match, for linked accounts."""
    by_discipline: dict[int, list[RoleRule]] = {}
    for rule in rules:
        by_discipline.setdefault(rule.discipline_id, []).append(rule)
    wanted: dict[int, set[int]] = {}
    async with services.db.read() as repos:
        for discipline_id, discipline_rules in by_discipline.items():
            discipline = await repos.federations.discipline(discipline_id)
            if discipline is None:
                continue
            linked = await repos.accounts.linked(PLATFORM, discipline.federation_id)
            for user_id, player_id in linked:
                if not user_id.isdigit():
                    continue
                roles = wanted.setdefault(int(user_id), set())
                title = await repos.ledger.current_title(player_id, discipline_id)
                if title is None:
                    continue
                roles.update(
                    r.role_id for r in discipline_rules if r.key.matches(title.title, title.value)
                )
    return wanted


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

    async def _latest_snapshot(self) -> int:
        async with self.services.db.read() as repos:
            return await repos.lists.latest_id()

    async def start(self) -> None:
        """Remember the lists already published: only later ones cause a sync."""
        self._last_snapshot = await self._latest_snapshot()

    async def after_publication(self) -> SyncResult:
        """Sync the guilds of every discipline with a list published since the last look."""
        async with self._lock:
            if self._last_snapshot is None:
                await self.start()
            async with self.services.db.read() as repos:
                found = await repos.lists.published_since(self._last_snapshot or 0)
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
