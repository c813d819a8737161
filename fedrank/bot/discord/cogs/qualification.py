"""Qualification windows: a director's /qualify and /qualification; a player's answer to his
invitation, with the Confirm / Decline buttons it carries (or /qconfirm, /qdecline).

Invitations, reminders and summaries are sent by the outbox; their buttons are the same
``fr:<owner>:<action>`` buttons as everywhere (:func:`fedrank.bot.discord.delivery.make_view`),
so a press is answered by this bot like any other."""

from __future__ import annotations

import shlex
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from fedrank.bot.discord.cogs.base import FeatureCog, arg, description, name


def _ids(value: str | None) -> str | None:
    """A list of federation IDs as the use case reads it: commas, no spaces."""
    if value is None:
        return None
    return ",".join(part.strip() for part in value.replace(" ", ",").split(",") if part.strip())


class Qualification(FeatureCog):
    @app_commands.command(name=name("qualify"), description=description("cmd.qualify"))
    @app_commands.describe(
        discipline=arg("discipline"),
        event_date=arg("event_date"),
        quota=arg("quota"),
        event=arg("event_name"),
        presidium=arg("presidium"),
        date=arg("qualification_date"),
        tie=arg("tie"),
    )
    async def qualify(
        self,
        interaction: discord.Interaction[Any],
        discipline: str,
        event_date: str,
        quota: app_commands.Range[int, 1, 1000],
        event: str,
        presidium: str | None = None,
        date: str | None = None,
        tie: str | None = None,
    ) -> None:
        options = [
            f"{key}={value}"
            for key, value in (("presidium", _ids(presidium)), ("date", date), ("tie", _ids(tie)))
            if value
        ]
        parts = [discipline, event_date, str(quota), event.strip(), *options]
        await self.slash(interaction, "qualify", *(shlex.quote(p) for p in parts))

    @app_commands.command(name=name("qualification"), description=description("cmd.qualification"))
    @app_commands.describe(qualification=arg("qualification"))
    async def qualification(
        self, interaction: discord.Interaction[Any], qualification: int
    ) -> None:
        await self.slash(interaction, "qualification", str(qualification))

    @app_commands.command(name=name("qconfirm"), description=description("cmd.qconfirm"))
    @app_commands.describe(qualification=arg("qualification"))
    async def qconfirm(self, interaction: discord.Interaction[Any], qualification: int) -> None:
        await self.slash(interaction, "qconfirm", str(qualification))

    @app_commands.command(name=name("qdecline"), description=description("cmd.qdecline"))
    @app_commands.describe(qualification=arg("qualification"))
    async def qdecline(self, interaction: discord.Interaction[Any], qualification: int) -> None:
        await self.slash(interaction, "qdecline", str(qualification))

    @commands.command(name="qualify")
    async def qualify_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "qualify", args)

    @commands.command(name="qualification")
    async def qualification_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "qualification", args)

    @commands.command(name="qconfirm")
    async def qconfirm_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "qconfirm", args)

    @commands.command(name="qdecline")
    async def qdecline_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "qdecline", args)
