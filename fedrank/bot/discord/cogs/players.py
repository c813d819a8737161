"""Players: /start, /help, /lang, /rating, /top, /why, /whatif, /history, /subscribe,
/unsubscribe."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from fedrank.bot.discord.autocomplete import canonical
from fedrank.bot.discord.cogs.base import FeatureCog, arg, description, name

Language = Literal["en", "ru", "uk", "zh"]


class Players(FeatureCog):
    @app_commands.command(name=name("start"), description=description("cmd.start"))
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await self.slash(interaction, "start")

    @app_commands.command(name=name("help"), description=description("cmd.help"))
    @app_commands.describe(command=description("help.option"))
    async def help(self, interaction: discord.Interaction[Any], command: str | None = None) -> None:
        # /help рейтинг: the command as Discord shows it in Russian is the command rating.
        await self.slash(interaction, "help", canonical(command) if command else None)

    @app_commands.command(name=name("lang"), description=description("cmd.lang"))
    @app_commands.describe(language=arg("language"))
    async def lang(self, interaction: discord.Interaction[Any], language: Language) -> None:
        await self.slash(interaction, "lang", language)

    @app_commands.command(name=name("rating"), description=description("cmd.rating"))
    @app_commands.describe(player=arg("player"))
    async def rating(
        self, interaction: discord.Interaction[Any], player: str | None = None
    ) -> None:
        await self.slash(interaction, "rating", player)

    @app_commands.command(name=name("top"), description=description("cmd.top"))
    @app_commands.describe(discipline=arg("discipline"), count=arg("count"), date=arg("list_on"))
    async def top(
        self,
        interaction: discord.Interaction[Any],
        discipline: str | None = None,
        count: app_commands.Range[int, 1, 50] | None = None,
        date: str | None = None,
    ) -> None:
        shown = None if count is None else str(count)
        await self.slash(interaction, "top", discipline, shown, date)

    @app_commands.command(name=name("why"), description=description("cmd.why"))
    @app_commands.describe(tournament=arg("tournament"), player=arg("player"))
    async def why(
        self, interaction: discord.Interaction[Any], tournament: str, player: str | None = None
    ) -> None:
        # The use case finds a tournament by its code or by its name (spaces and all).
        await self.slash(interaction, "why", tournament, player)

    @app_commands.command(name=name("whatif"), description=description("cmd.whatif"))
    @app_commands.describe(tournament=arg("tournament"), place=arg("place"), player=arg("player"))
    async def whatif(
        self,
        interaction: discord.Interaction[Any],
        tournament: str,
        place: app_commands.Range[int, 1, 10_000],
        player: str | None = None,
    ) -> None:
        await self.slash(interaction, "whatif", tournament, str(place), player)

    @app_commands.command(name=name("history"), description=description("cmd.history"))
    @app_commands.describe(player=arg("player"))
    async def history(
        self, interaction: discord.Interaction[Any], player: str | None = None
    ) -> None:
        await self.slash(interaction, "history", player)

    @app_commands.command(name=name("subscribe"), description=description("cmd.subscribe"))
    @app_commands.describe(discipline=arg("discipline"), me=arg("me"))
    async def subscribe(
        self, interaction: discord.Interaction[Any], discipline: str, me: bool = False
    ) -> None:
        await self.slash(interaction, "subscribe", discipline, "me" if me else None)

    @app_commands.command(name=name("unsubscribe"), description=description("cmd.unsubscribe"))
    @app_commands.describe(discipline=arg("discipline"), me=arg("me"))
    async def unsubscribe(
        self, interaction: discord.Interaction[Any], discipline: str, me: bool = False
    ) -> None:
        await self.slash(interaction, "unsubscribe", discipline, "me" if me else None)

    # The same commands as text, for servers that let the bot read messages.

    @commands.command(name="start")
    async def start_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "start", args)

    @commands.command(name="help")
    async def help_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "help", canonical(args) if args.strip() else args)

    @commands.command(name="lang")
    async def lang_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "lang", args)

    @commands.command(name="rating")
    async def rating_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "rating", args)

    @commands.command(name="top")
    async def top_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "top", args)

    @commands.command(name="why")
    async def why_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "why", args)

    @commands.command(name="whatif")
    async def whatif_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "whatif", args)

    @commands.command(name="history")
    async def history_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "history", args)

    @commands.command(name="subscribe")
    async def subscribe_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "subscribe", args)

    @commands.command(name="unsubscribe")
    async def unsubscribe_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "unsubscribe", args)
