"""Othello tournaments run round by round: /pairing and /standings for everyone, and the
director's /round with the round's results (a file, or a form to paste them in), confirmed with
the buttons of its preview."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from fedrank.bot.discord.cogs.base import FeatureCog, arg, description, name
from fedrank.bot.discord.cogs.directors import with_results


class Othello(FeatureCog):
    @app_commands.command(name=name("pairing"), description=description("cmd.pairing"))
    @app_commands.describe(tournament=arg("tournament_code"))
    async def pairing(self, interaction: discord.Interaction[Any], tournament: str) -> None:
        await self.slash(interaction, "pairing", tournament)

    @app_commands.command(name=name("standings"), description=description("cmd.standings"))
    @app_commands.describe(tournament=arg("tournament_code"))
    async def standings(self, interaction: discord.Interaction[Any], tournament: str) -> None:
        await self.slash(interaction, "standings", tournament)

    @app_commands.command(name=name("round"), description=description("cmd.round"))
    @app_commands.describe(tournament=arg("tournament_code"), file=arg("results_file"))
    async def round(
        self,
        interaction: discord.Interaction[Any],
        tournament: str,
        file: discord.Attachment | None = None,
    ) -> None:
        await with_results(self.core, interaction, "round", tournament, file)

    @app_commands.command(name=name("roundstatus"), description=description("cmd.roundstatus"))
    @app_commands.describe(tournament=arg("tournament_code"))
    async def roundstatus(self, interaction: discord.Interaction[Any], tournament: str) -> None:
        await self.slash(interaction, "roundstatus", tournament)

    @commands.command(name="roundstatus")
    async def roundstatus_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "roundstatus", args)

    @commands.command(name="pairing")
    async def pairing_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "pairing", args)

    @commands.command(name="standings")
    async def standings_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "standings", args)

    @commands.command(name="round")
    async def round_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "round", args)
