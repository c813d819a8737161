"""Stored tournaments: /tournaments, /results and /h2h with typed options."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from fedrank.bot.discord.cogs.base import FeatureCog, arg, description, name

Page = app_commands.Range[int, 1, 999_999]


class Tournaments(FeatureCog):
    @app_commands.command(name=name("tournaments"), description=description("cmd.tournaments"))
    @app_commands.describe(discipline=arg("discipline"), page=arg("result_page"))
    async def tournaments(
        self,
        interaction: discord.Interaction[Any],
        discipline: str | None = None,
        page: Page | None = None,
    ) -> None:
        await self.slash(
            interaction, "tournaments", discipline, None if page is None else str(page)
        )

    @app_commands.command(name=name("results"), description=description("cmd.results"))
    @app_commands.describe(tournament=arg("tournament_named"), page=arg("result_page"))
    async def results(
        self, interaction: discord.Interaction[Any], tournament: str, page: Page | None = None
    ) -> None:
        await self.slash(interaction, "results", tournament, None if page is None else str(page))

    @app_commands.command(name=name("h2h"), description=description("cmd.h2h"))
    @app_commands.describe(player=arg("first_player"), opponent=arg("second_player"))
    async def h2h(self, interaction: discord.Interaction[Any], player: str, opponent: str) -> None:
        # Two options: the separator says where one name ends, whatever their spaces.
        await self.slash(interaction, "h2h", f"{player.strip()}; {opponent.strip()}")

    # The same commands as text, for servers that let the bot read messages.

    @commands.command(name="tournaments")
    async def tournaments_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "tournaments", args)

    @commands.command(name="results")
    async def results_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "results", args)

    @commands.command(name="h2h")
    async def h2h_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "h2h", args)
