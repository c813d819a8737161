"""The bot: intents, cogs, buttons, translator, the token's budget, role sync; ``run_transport``.

Intents are the fewest that work: guilds (servers, channels and roles), messages and their
content only when text commands are on (``FEDRANK_DISCORD_PREFIX``, privileged), server members
only when role sync is on (``FEDRANK_DISCORD_ROLE_SYNC``, privileged); members are never
chunked at start-up. Slash commands work with none of the privileged intents.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord
from discord.ext import commands

from fedrank.bot.discord import autocomplete
from fedrank.bot.discord.buttons import ActionButton
from fedrank.bot.discord.cogs import ALL
from fedrank.bot.discord.cogs.generic import generic_slash, generic_text
from fedrank.bot.discord.core import Core, Dispatch
from fedrank.bot.discord.delivery import Reachability
from fedrank.bot.discord.rolesync import RoleSync
from fedrank.bot.discord.translator import Translator
from fedrank.bot.limits import (
    Budget,
    CommandThrottle,
    DiscordLimits,
    ThrottleLimits,
    discord_limits,
)
from fedrank.bot.limits_redis import redis_limits
from fedrank.config import DiscordSettings, Settings
from fedrank.handlers.accounts.roles import DatabaseRoleMap, RoleMap
from fedrank.handlers.context import Services

log = logging.getLogger(__name__)

#: What a member needs to see the staff commands in the picker (see ``hide_staff_commands``).
STAFF_PERMISSIONS = discord.Permissions(manage_guild=True)


def make_intents(settings: DiscordSettings) -> discord.Intents:
    intents = discord.Intents.none()
    intents.guilds = True
    if settings.prefix:
        intents.guild_messages = True
        intents.dm_messages = True
        intents.message_content = True
    if settings.role_sync:
        intents.members = True
    return intents


class FedrankBot(commands.Bot):
    """commands.Bot with the fedrank core as ``self.fedrank``."""

    def __init__(
        self,
        services: Services,
        settings: DiscordSettings,
        *,
        role_map: RoleMap | None = None,
        limits: DiscordLimits | None = None,
        dispatch: Dispatch | None = None,
    ) -> None:
        prefix = settings.prefix
        # Every REST request waits for the token's budget and its route's bucket, through
        # discord.py's public http_trace hook (see fedrank.bot.limits).
        self.limits = limits or DiscordLimits(Budget(settings.requests_per_second))
        super().__init__(
            # Without a prefix text commands are off (on_message ignores messages); the Bot
            # class wants some prefix all the same.
            command_prefix=prefix if prefix else commands.when_mentioned,
            intents=make_intents(settings),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            chunk_guilds_at_startup=False,
            http_trace=self.limits.trace_config(),
        )
        roles = (
            RoleSync(services, role_map or DatabaseRoleMap(services), self)
            if settings.role_sync
            else None
        )
        throttle = CommandThrottle(
            ThrottleLimits(settings.throttle_burst, settings.throttle_interval)
        )
        self.fedrank = Core(services, settings, Reachability(services), roles, throttle)
        if dispatch is not None:
            self.fedrank.dispatch = dispatch
        self._watcher: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        await self.tree.set_translator(Translator())
        for cog in ALL:
            await self.add_cog(cog(self.fedrank))
        self.add_generic_commands()
        self.hide_staff_commands()
        autocomplete.attach(self.tree)
        self.add_dynamic_items(ActionButton)
        roles = self.fedrank.roles
        if roles is not None:
            await roles.start()
            self._watcher = asyncio.create_task(roles.watch(self.fedrank.settings.publication_poll))
        if self.fedrank.settings.sync_commands:
            await self.sync_commands()

    def add_generic_commands(self) -> None:
        """Every dispatcher command no cog declares, in both forms (see :mod:`.cogs.generic`)."""
        slash = {c.name for c in self.tree.get_commands()}
        text = {c.name for c in self.commands}
        for command in self.fedrank.registry:
            if command not in slash:
                self.tree.add_command(generic_slash(self.fedrank, command))
            if command not in text:
                self.add_command(generic_text(self.fedrank, command))

    def hide_staff_commands(self) -> None:
        """Directors' and admins' commands carry ``default_member_permissions``: a member
        without "Manage Server" does not see them in the picker (a server's admins may open one
        to a role in Server Settings > Integrations). fedrank still checks the caller's role
        in the federation on every use: this only keeps ~20 commands out of players' sight."""
        staff = {
            name for name, command in self.fedrank.registry.items() if command.audience != "all"
        }
        for command in self.tree.get_commands():
            if command.name in staff and command.default_permissions is None:
                command.default_permissions = STAFF_PERMISSIONS

    async def sync_commands(self) -> None:
        """Register the slash commands either in the configured guilds (at once) or globally
        (reaching every client within the hour), never both: a guild that also had the
        global set would list every command twice. With guilds configured, the global set is
        synced empty, so a copy left by an earlier global sync goes."""
        guild_ids = self.fedrank.settings.guild_ids
        if not guild_ids:
            await self.tree.sync()
            return
        for guild_id in guild_ids:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        self.tree.clear_commands(guild=None)
        await self.tree.sync()

    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or not self.fedrank.settings.prefix:
            return
        if message.guild is None:
            await self.fedrank.reachability.seen_in_dm(message.author.id)
        await self.process_commands(message)

    async def on_member_join(self, member: discord.Member) -> None:
        """A linked player joins a server with role sync: his roles at once."""
        roles = self.fedrank.roles
        if roles is not None and await roles.role_map.rules(member.guild.id):
            await roles.sync_guild(member.guild, only=[member.id])

    async def on_command_error(
        self, context: commands.Context[Any], exception: commands.CommandError, /
    ) -> None:
        if isinstance(exception, commands.CommandNotFound):
            return
        log.error("text command %s failed: %s", context.command, exception)

    async def close(self) -> None:
        if self._watcher is not None:
            self._watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watcher
        await super().close()


def make_bot(services: Services, settings: DiscordSettings, **kwargs: Any) -> FedrankBot:
    return FedrankBot(services, settings, **kwargs)


async def _serve(
    services: Services, settings: DiscordSettings, token: str, redis_url: str | None
) -> None:
    # With Redis the budget and the route buckets are those of every process on the token.
    shared = redis_limits(redis_url)
    limits = discord_limits(token, settings.requests_per_second, shared=shared)
    bot = make_bot(services, settings, limits=limits)
    async with bot:
        await bot.start(token)


async def run_transport(settings: Settings, services: Services, *, webhook: bool = False) -> None:
    """Run the Discord bot until cancelled (``fedrank run``; ``webhook`` is Telegram's).

    Text commands are on by default, and they need the message content intent switched on in
    the developer portal: if Discord refuses it, the bot says so and goes on with slash commands
    only. Role sync was asked for explicitly, so a refused members intent stops it instead."""
    if settings.discord_token is None:
        raise ValueError("FEDRANK_DISCORD_TOKEN is not set")
    token = settings.discord_token.get_secret_value()
    discord_settings = settings.discord
    try:
        await _serve(services, discord_settings, token, settings.redis_url)
    except discord.PrivilegedIntentsRequired:
        if discord_settings.role_sync:
            raise RuntimeError(
                "Discord refused the privileged intents: switch on the Server Members intent"
                " (FEDRANK_DISCORD_ROLE_SYNC) and the Message Content intent (text commands,"
                " FEDRANK_DISCORD_PREFIX) on the bot's page of the developer portal"
            ) from None
        log.error(
            "Discord refused the Message Content intent: text commands are off until it is"
            " switched on in the developer portal (or FEDRANK_DISCORD_PREFIX is set empty);"
            " slash commands work"
        )
        await _serve(
            services,
            discord_settings.model_copy(update={"prefix": ""}),
            token,
            settings.redis_url,
        )
