"""Directors' results: /submit (a file, or a table pasted after the text command), the
Confirm / Cancel buttons of its preview (or /confirm, /cancel), and /publish."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from fedrank.bot.discord.cogs.base import FeatureCog, arg, description, name
from fedrank.bot.discord.core import command_line
from fedrank.bot.discord.i18n import t


class Directors(FeatureCog):
    @app_commands.command(name=name("submit"), description=description("cmd.submit"))
    @app_commands.describe(discipline=arg("discipline"), file=arg("file"))
    async def submit(
        self,
        interaction: discord.Interaction[Any],
        discipline: str,
        file: discord.Attachment | None = None,
    ) -> None:
        core = self.core
        if file is None:
            # A slash option is one line: a pasted table goes by the text command.
            ctx = core.context_of_interaction(interaction)
            language = await core.chosen_language(ctx)
            prefix = core.settings.prefix or "/"
            await core.say(interaction, t(language, "dc.submit_how", prefix=prefix), ephemeral=True)
            return
        # Downloading and parsing may take a while: acknowledge first.
        await core.defer(interaction, "submit")
        incoming = await core.read_attachment(interaction, file)
        if incoming is not None:
            await core.answer_interaction(
                interaction, "submit", command_line("submit", discipline), attachment=incoming
            )

    @app_commands.command(name=name("confirm"), description=description("cmd.confirm"))
    @app_commands.describe(token=arg("token"))
    async def confirm(self, interaction: discord.Interaction[Any], token: str) -> None:
        await self.slash(interaction, "confirm", token)

    @app_commands.command(name=name("cancel"), description=description("cmd.cancel"))
    @app_commands.describe(token=arg("token"))
    async def cancel(self, interaction: discord.Interaction[Any], token: str) -> None:
        await self.slash(interaction, "cancel", token)

    @app_commands.command(name=name("publish"), description=description("cmd.publish"))
    @app_commands.describe(discipline=arg("discipline"), date=arg("date"))
    async def publish(
        self, interaction: discord.Interaction[Any], discipline: str, date: str | None = None
    ) -> None:
        await self.slash(interaction, "publish", discipline, date)

    @commands.command(name="submit")
    async def submit_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "submit", args)

    @commands.command(name="confirm")
    async def confirm_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "confirm", args)

    @commands.command(name="cancel")
    async def cancel_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "cancel", args)

    @commands.command(name="publish")
    async def publish_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "publish", args)
