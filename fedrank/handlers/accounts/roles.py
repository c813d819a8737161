"""Role sync's rules and checks: which chat roles follow which official titles, and who may say.

A director maps a title of a discipline to a role of his Discord server (``/rolemap rmf-mcr
@Dan-2 2 dan``). A title key is a title's name (``2 dan``, compared without regard to case and
spacing), a value (``1.5``: the title's value, e.g. a rank coefficient, equals it) or a
threshold (``>=1.5``). The rules live in the ``discord_role_rule`` table
(:class:`DatabaseRoleMap`), so they survive restarts and are shared by every bot process.

Here is everything that reads or writes fedrank's data for role sync: the rules, the roles each
linked account's current titles call for (:func:`wanted_roles`), the director check and the
audit log of every change. The Discord transport (``fedrank/bot/discord/rolesync.py`` and its
roles cog) only reads the server's roles and members and adds or removes them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Protocol

from fedrank.handlers.access import caller, require_role, stored_federation, unknown_discipline
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.denials import record_denial
from fedrank.handlers.errors import AccessDeniedError
from fedrank.storage.models import Discipline

PLATFORM = "discord"
_THRESHOLD = re.compile(r"^\s*>=\s*(?P<value>[-+]?[0-9]+(?:\.[0-9]+)?)\s*$")
_SPACE = re.compile(r"\s+")


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


async def _directed(
    services: Services, ctx: RequestContext, code: str, action: str, subject: str
) -> Discipline:
    """The discipline, once the caller is shown to direct its federation; ``action`` is logged,
    and a refusal is counted as ``access.denied`` (as the dispatcher does for chat commands)."""
    try:
        return await _checked(services, ctx, code, action, subject)
    except AccessDeniedError as exc:
        await record_denial(services, ctx, _COMMANDS.get(action, action), exc)
        raise


#: The Discord command behind each logged action (what an ``access.denied`` row names).
_COMMANDS = {
    "discord.rolemap.set": "rolemap",
    "discord.rolemap.removed": "roleunmap",
    "discord.rolesync": "rolesync",
}


async def _checked(
    services: Services, ctx: RequestContext, code: str, action: str, subject: str
) -> Discipline:
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        discipline = await repos.federations.discipline_by_code(code)
        if discipline is None:
            raise unknown_discipline(ctx.language, code, await repos.federations.disciplines())
        federation = await stored_federation(repos, discipline.federation_id)
        await require_role(repos, ctx, account, federation, "director")
        await repos.audit.log(
            action,
            at=services.now(),
            account_id=account.id,
            federation_id=federation.id,
            subject=subject,
            details={"discipline": discipline.code},
        )
        return discipline


async def map_title(
    services: Services,
    ctx: RequestContext,
    role_map: RoleMap,
    *,
    guild_id: int,
    code: str,
    key: TitleKey,
    role_id: int,
) -> Discipline:
    """``/rolemap``: holders of the title ``key`` in the discipline ``code`` get the role."""
    discipline = await _directed(
        services, ctx, code, "discord.rolemap.set", f"guild {guild_id}: {key} -> role {role_id}"
    )
    await role_map.put(RoleRule(guild_id, discipline.id, key, role_id))
    return discipline


async def unmap_title(
    services: Services,
    ctx: RequestContext,
    role_map: RoleMap,
    *,
    guild_id: int,
    code: str,
    key: TitleKey,
) -> tuple[Discipline, bool]:
    """``/roleunmap``: the title no longer gives a role (members keep it); False if it gave
    none."""
    discipline = await _directed(
        services, ctx, code, "discord.rolemap.removed", f"guild {guild_id}: {key}"
    )
    return discipline, await role_map.remove(guild_id, discipline.id, key)


async def allow_sync(services: Services, ctx: RequestContext, *, guild_id: int, code: str) -> None:
    """``/rolesync``: the caller directs the discipline's federation (logged), so he may bring
    the server's roles in step now."""
    await _directed(services, ctx, code, "discord.rolesync", f"guild {guild_id}")


async def rule_disciplines(services: Services, rules: Iterable[RoleRule]) -> dict[int, str]:
    """Discipline id -> code, for listing rules (a removed discipline shows its id)."""
    codes: dict[int, str] = {}
    async with services.db.read() as repos:
        for rule in rules:
            discipline = await repos.federations.discipline(rule.discipline_id)
            codes[rule.discipline_id] = (
                discipline.code if discipline is not None else str(rule.discipline_id)
            )
    return codes


async def latest_list(services: Services) -> int:
    """The id of the newest published list of any discipline (0 if none)."""
    async with services.db.read() as repos:
        return await repos.lists.latest_id()


async def published_since(services: Services, list_id: int) -> list[tuple[int, int]]:
    """(list id, discipline id) of every list published after the list ``list_id``."""
    async with services.db.read() as repos:
        return await repos.lists.published_since(list_id)
