"""Commands registered with the dispatcher that no feature cog declares yet.

Use cases are added to :data:`fedrank.handlers.commands.COMMANDS` as features land (game
reports, Othello rounds, qualification …). So that Discord never lags behind, every registered
command without a cog of its own gets a generic slash command (one free-text ``arguments``
option, read exactly like the text after a typed command) and a text command, with its
description from the ``cmd.<name>`` catalogue entry when there is one. A feature that deserves
typed options gets its own cog, which then takes precedence.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from fedrank.bot.discord.cogs.base import DESCRIPTION_LIMIT, arg, name
from fedrank.bot.discord.core import Core, command_line
from fedrank.handlers.wording.i18n import MESSAGES


def _description(command: str) -> app_commands.locale_str:
    key = f"cmd.{command}"
    english = MESSAGES.get(key, {}).get("en", f"/{command}")[:DESCRIPTION_LIMIT]
    return app_commands.locale_str(english, key=key)


def generic_slash(core: Core, command: str) -> app_commands.Command[Any, ..., None]:
    async def callback(interaction: discord.Interaction[Any], arguments: str | None = None) -> None:
        await core.answer_interaction(interaction, command, command_line(command, arguments))

    described = app_commands.describe(arguments=arg("arguments"))(callback)
    return app_commands.Command(
        name=name(command), description=_description(command), callback=described
    )


def generic_text(core: Core, command: str) -> commands.Command[Any, ..., None]:
    async def callback(ctx: commands.Context[Any], *, args: str = "") -> None:
        await core.answer_message(ctx, command, command_line(command, args))

    return commands.Command(callback, name=command)
