"""Account links and roles: /link, and the directors' /links, /approve, /reject, /linkcode,
/grant. A director answers link requests with the buttons under /links."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from fedrank.bot.discord.cogs.base import FeatureCog, arg, description, name

Role = Literal["player", "director", "admin"]


class Links(FeatureCog):
    @app_commands.command(name=name("link"), description=description("cmd.link"))
    @app_commands.describe(player_id=arg("id"), code=arg("code"))
    async def link(
        self, interaction: discord.Interaction[Any], player_id: str, code: str | None = None
    ) -> None:
        await self.slash(interaction, "link", player_id, code)

    @app_commands.command(name=name("links"), description=description("cmd.links"))
    @app_commands.describe(page=arg("page"))
    async def links(self, interaction: discord.Interaction[Any], page: int | None = None) -> None:
        await self.slash(interaction, "links", str(page) if page is not None else None)

    @app_commands.command(name=name("approve"), description=description("cmd.approve"))
    @app_commands.describe(request=arg("request"))
    async def approve(self, interaction: discord.Interaction[Any], request: int) -> None:
        await self.slash(interaction, "approve", str(request))

    @app_commands.command(name=name("reject"), description=description("cmd.reject"))
    @app_commands.describe(request=arg("request"))
    async def reject(self, interaction: discord.Interaction[Any], request: int) -> None:
        await self.slash(interaction, "reject", str(request))

    @app_commands.command(name=name("linkcode"), description=description("cmd.linkcode"))
    @app_commands.describe(player_id=arg("id"))
    async def linkcode(self, interaction: discord.Interaction[Any], player_id: str) -> None:
        await self.slash(interaction, "linkcode", player_id)

    @app_commands.command(name=name("grant"), description=description("cmd.grant"))
    @app_commands.describe(account=arg("account"), federation=arg("federation"), role=arg("role"))
    async def grant(
        self, interaction: discord.Interaction[Any], account: str, federation: str, role: Role
    ) -> None:
        await self.slash(interaction, "grant", account, federation, role)

    @commands.command(name="link")
    async def link_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "link", args)

    @commands.command(name="links")
    async def links_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "links", args)

    @commands.command(name="approve")
    async def approve_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "approve", args)

    @commands.command(name="reject")
    async def reject_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "reject", args)

    @commands.command(name="linkcode")
    async def linkcode_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "linkcode", args)

    @commands.command(name="grant")
    async def grant_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "grant", args)
