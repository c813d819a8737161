"""Federation management: /disciplines for everyone; /discipline add (admins), /roles and
/unlink (directors) — the checks are the use cases'."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from fedrank.bot.discord.cogs.base import FeatureCog, arg, description, name

# The choices Discord offers; the use case checks them again against the schema's lists.
System = Literal["mahjong_rmf", "bridge_ccba", "go_ufgo", "bridge_fsbr", "othello_woc"]
Calendar = Literal["monthly", "quarterly", "yearly", "on_demand"]


class Admin(FeatureCog):
    @app_commands.command(name=name("disciplines"), description=description("cmd.disciplines"))
    @app_commands.describe(federation=arg("federation"))
    async def disciplines(
        self, interaction: discord.Interaction[Any], federation: str | None = None
    ) -> None:
        await self.slash(interaction, "disciplines", federation)

    @app_commands.command(name=name("discipline"), description=description("cmd.discipline"))
    @app_commands.describe(
        federation=arg("federation"),
        code=arg("discipline_code"),
        system=arg("system"),
        calendar=arg("calendar"),
        title=arg("discipline_name"),
    )
    async def discipline(
        self,
        interaction: discord.Interaction[Any],
        federation: str,
        code: str,
        system: System,
        calendar: Calendar,
        title: str,
    ) -> None:
        await self.slash(
            interaction, "discipline", "add", federation, code, system, calendar, title
        )

    @app_commands.command(name=name("roles"), description=description("cmd.roles"))
    @app_commands.describe(federation=arg("federation"))
    async def roles(self, interaction: discord.Interaction[Any], federation: str) -> None:
        await self.slash(interaction, "roles", federation)

    @app_commands.command(name=name("unlink"), description=description("cmd.unlink"))
    @app_commands.describe(player_id=arg("id"), account=arg("account"))
    async def unlink(
        self, interaction: discord.Interaction[Any], player_id: str, account: str | None = None
    ) -> None:
        await self.slash(interaction, "unlink", player_id, account)

    @commands.command(name="disciplines")
    async def disciplines_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "disciplines", args)

    @commands.command(name="discipline")
    async def discipline_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "discipline", args)

    @commands.command(name="roles")
    async def roles_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "roles", args)

    @commands.command(name="unlink")
    async def unlink_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "unlink", args)
