"""Discord role sync rules: which guild role a title in a discipline gives."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import select

from fedrank.storage.models import DiscordRoleRule
from fedrank.storage.repos.base import Repo


class RoleRuleRepo(Repo):
    """Discord role sync rules, per guild."""

    async def rules(self, guild_id: str) -> Sequence[DiscordRoleRule]:
        return (
            await self.session.scalars(
                select(DiscordRoleRule)
                .where(DiscordRoleRule.guild_id == guild_id)
                .order_by(DiscordRoleRule.id)
            )
        ).all()

    async def put(
        self,
        guild_id: str,
        discipline_id: int,
        title_key: str,
        role_id: str,
        *,
        created_by: int | None,
        now: datetime,
    ) -> None:
        """Map the title key to the role (replacing the key's previous role in that guild)."""
        existing = await self.session.scalar(
            select(DiscordRoleRule).where(
                DiscordRoleRule.guild_id == guild_id,
                DiscordRoleRule.discipline_id == discipline_id,
                DiscordRoleRule.title_key == title_key,
            )
        )
        if existing is None:
            self.session.add(
                DiscordRoleRule(
                    guild_id=guild_id,
                    discipline_id=discipline_id,
                    title_key=title_key,
                    role_id=role_id,
                    created_by=created_by,
                    created_at=now,
                )
            )
        else:
            existing.role_id = role_id
        await self.session.flush()

    async def remove(self, guild_id: str, discipline_id: int, title_key: str) -> bool:
        existing = await self.session.scalar(
            select(DiscordRoleRule).where(
                DiscordRoleRule.guild_id == guild_id,
                DiscordRoleRule.discipline_id == discipline_id,
                DiscordRoleRule.title_key == title_key,
            )
        )
        if existing is None:
            return False
        await self.session.delete(existing)
        await self.session.flush()
        return True

    async def guilds(self, discipline_ids: Sequence[int] | None = None) -> set[str]:
        stmt = select(DiscordRoleRule.guild_id).distinct()
        if discipline_ids is not None:
            stmt = stmt.where(DiscordRoleRule.discipline_id.in_(list(discipline_ids)))
        return set((await self.session.scalars(stmt)).all())
