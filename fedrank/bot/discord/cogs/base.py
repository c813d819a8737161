"""What the feature cogs share: the transport core, and localized command declarations.

Every command exists twice, as a slash command (an application command whose name, description
and parameter descriptions are localized by :class:`~fedrank.bot.discord.translator.Translator`)
and as a text command with the configured prefix, where the server lets the bot read messages.
Both hand the same command line to the dispatcher, so they cannot behave differently.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from fedrank.bot.discord.core import Core, command_line
from fedrank.handlers.wording.i18n import MESSAGES

DESCRIPTION_LIMIT = 100


def english(key: str) -> str:
    return MESSAGES[key]["en"][:DESCRIPTION_LIMIT]


def name(command: str) -> app_commands.locale_str:
    """A command's name, localized through the ``name.<command>`` key."""
    return app_commands.locale_str(command, key=f"name.{command}")


def description(key: str) -> app_commands.locale_str:
    """A description in English, localized through the catalogue key ``key``."""
    return app_commands.locale_str(english(key), key=key)


def arg(what: str) -> app_commands.locale_str:
    return description(f"dc.arg.{what}")


class FeatureCog(commands.Cog):
    def __init__(self, core: Core) -> None:
        self.core = core

    async def slash(
        self, interaction: discord.Interaction[Any], command: str, *parts: str | None
    ) -> None:
        await self.core.answer_interaction(interaction, command, command_line(command, *parts))

    async def text(self, ctx: commands.Context[Any], command: str, args: str) -> None:
        await self.core.answer_message(ctx, command, command_line(command, args))
