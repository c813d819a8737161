"""Directors' results: /submit (a file; without one, a form to paste the table in; or the table
pasted after the text command), the Confirm / Cancel buttons of its preview (or /confirm,
/cancel), and /publish."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from fedrank.bot.discord.cogs.base import FeatureCog, arg, description, name
from fedrank.bot.discord.core import Core, command_line
from fedrank.handlers.wording.i18n import t

# Discord's limit for a modal's title and an input's label.
TITLE_LIMIT = 45


class TableForm(discord.ui.Modal):
    """A command whose results come without a file (``/submit <discipline>``, ``/round <t>``):
    the director pastes the table here, and it goes on the lines after the command."""

    def __init__(self, core: Core, command: str, head: str, language: str) -> None:
        title = t(language, "dc.modal_title", discipline=head)
        super().__init__(title=title[:TITLE_LIMIT], timeout=900)
        self.core = core
        self.command = command
        self.head = head
        self.table: discord.ui.TextInput[TableForm] = discord.ui.TextInput(
            label=t(language, "dc.modal_label", command=command)[:TITLE_LIMIT],
            style=discord.TextStyle.paragraph,
            max_length=4000,
        )
        self.add_item(self.table)

    async def on_submit(self, interaction: discord.Interaction[Any], /) -> None:
        await self.submit(interaction, self.table.value)

    async def submit(self, interaction: discord.Interaction[Any], table: str) -> None:
        line = command_line(self.command, self.head)
        await self.core.answer_interaction(interaction, self.command, f"{line}\n{table}")


async def with_results(
    core: Core,
    interaction: discord.Interaction[Any],
    command: str,
    head: str,
    file: discord.Attachment | None,
) -> None:
    """Run ``/command head`` with the file's content, or open the form for a pasted table."""
    if file is None:
        # A slash option is one line: the table is pasted into a form instead.
        ctx = core.context_of_interaction(interaction)
        language = await core.chosen_language(ctx)
        await interaction.response.send_modal(TableForm(core, command, head, language))
        return
    # Downloading and parsing may take a while: acknowledge first.
    await core.defer(interaction, command)
    incoming = await core.read_attachment(interaction, file)
    if incoming is not None:
        await core.answer_interaction(
            interaction, command, command_line(command, head), attachment=incoming
        )


class Directors(FeatureCog):
    @app_commands.command(name=name("submit"), description=description("cmd.submit"))
    @app_commands.describe(discipline=arg("discipline"), file=arg("file"))
    async def submit(
        self,
        interaction: discord.Interaction[Any],
        discipline: str,
        file: discord.Attachment | None = None,
    ) -> None:
        await with_results(self.core, interaction, "submit", discipline, file)

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
