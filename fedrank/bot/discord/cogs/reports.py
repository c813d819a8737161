"""Game reports: a player reports a game (/report), the opponent confirms or disputes it with the
buttons of /reports, directors open and close tournaments for reports and decide disputes."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from fedrank.bot.discord.cogs.base import FeatureCog, arg, description, name

Result = Literal["win", "loss", "draw"]


class Reports(FeatureCog):
    @app_commands.command(name=name("report"), description=description("cmd.report"))
    @app_commands.describe(
        tournament=arg("tournament_code"),
        opponent=arg("opponent"),
        result=arg("result"),
        score=arg("score"),
    )
    async def report(
        self,
        interaction: discord.Interaction[Any],
        tournament: str,
        opponent: str,
        result: Result,
        score: str | None = None,
    ) -> None:
        await self.slash(interaction, "report", tournament, opponent, result, score)

    @app_commands.command(name=name("reports"), description=description("cmd.reports"))
    async def reports(self, interaction: discord.Interaction[Any]) -> None:
        await self.slash(interaction, "reports")

    @app_commands.command(name=name("gameok"), description=description("cmd.gameok"))
    @app_commands.describe(report=arg("report"))
    async def gameok(self, interaction: discord.Interaction[Any], report: int) -> None:
        await self.slash(interaction, "gameok", str(report))

    @app_commands.command(name=name("gamedispute"), description=description("cmd.gamedispute"))
    @app_commands.describe(report=arg("report"))
    async def gamedispute(self, interaction: discord.Interaction[Any], report: int) -> None:
        await self.slash(interaction, "gamedispute", str(report))

    @app_commands.command(name=name("openreports"), description=description("cmd.openreports"))
    @app_commands.describe(
        discipline=arg("discipline"), code=arg("tournament_code"), title=arg("tournament_name")
    )
    async def openreports(
        self,
        interaction: discord.Interaction[Any],
        discipline: str,
        code: str,
        title: str | None = None,
    ) -> None:
        await self.slash(interaction, "openreports", discipline, code, title)

    @app_commands.command(name=name("closereports"), description=description("cmd.closereports"))
    @app_commands.describe(discipline=arg("discipline"), code=arg("tournament_code"))
    async def closereports(
        self, interaction: discord.Interaction[Any], discipline: str, code: str
    ) -> None:
        await self.slash(interaction, "closereports", discipline, code)

    @app_commands.command(name=name("gameapprove"), description=description("cmd.gameapprove"))
    @app_commands.describe(report=arg("report"))
    async def gameapprove(self, interaction: discord.Interaction[Any], report: int) -> None:
        await self.slash(interaction, "gameapprove", str(report))

    @app_commands.command(name=name("gamereject"), description=description("cmd.gamereject"))
    @app_commands.describe(report=arg("report"))
    async def gamereject(self, interaction: discord.Interaction[Any], report: int) -> None:
        await self.slash(interaction, "gamereject", str(report))

    @commands.command(name="report")
    async def report_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "report", args)

    @commands.command(name="reports")
    async def reports_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "reports", args)

    @commands.command(name="gameok")
    async def gameok_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "gameok", args)

    @commands.command(name="gamedispute")
    async def gamedispute_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "gamedispute", args)

    @commands.command(name="openreports")
    async def openreports_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "openreports", args)

    @commands.command(name="closereports")
    async def closereports_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "closereports", args)

    @commands.command(name="gameapprove")
    async def gameapprove_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "gameapprove", args)

    @commands.command(name="gamereject")
    async def gamereject_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "gamereject", args)
