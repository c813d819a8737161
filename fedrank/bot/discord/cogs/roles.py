"""Role sync in a server: /rolemap, /roleunmap, /rolemaps, /rolesync (see :mod:`..rolesync`).

Changing the mapping needs two things: the Manage Roles permission in the Discord server (so a
director of a federation cannot hand out roles in a server that is not his to manage), checked
here, and the director role in the federation of the discipline, checked with every other
director command by :mod:`fedrank.handlers.accounts.roles`, which also keeps the rules and logs
every
change. Mapping a role brings the server's linked members in step at once; removing a mapping
stops managing that role (members keep it).
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from fedrank.bot.discord.cogs.base import FeatureCog, arg, description, name
from fedrank.bot.discord.rolesync import RoleSync
from fedrank.handlers.accounts.roles import (
    TitleKey,
    allow_sync,
    map_title,
    rule_disciplines,
    unmap_title,
)
from fedrank.handlers.context import RequestContext
from fedrank.handlers.errors import UserError
from fedrank.handlers.site.identity import discipline_name
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Reply, bold

log = logging.getLogger(__name__)


class Roles(FeatureCog):
    # --- the checks and the work, shared by both forms --------------------------------------

    def _sync(self, language: str) -> RoleSync:
        if self.core.roles is None:
            raise UserError(t(language, "dc.role_sync_off"))
        return self.core.roles

    @staticmethod
    def _manager(
        guild: discord.Guild | None, user: discord.abc.User, language: str
    ) -> discord.Guild:
        if guild is None:
            raise UserError(t(language, "dc.guild_only"))
        if not isinstance(user, discord.Member) or not user.guild_permissions.manage_roles:
            raise UserError(t(language, "dc.need_manage_roles"))
        return guild

    def _synced(self, language: str, result: Any) -> str:
        return t(
            language,
            "dc.role_synced",
            members=result.members,
            added=result.added,
            removed=result.removed,
            failed=result.failed,
        )

    async def do_map(
        self,
        ctx: RequestContext,
        guild: discord.Guild | None,
        user: discord.abc.User,
        code: str,
        role: discord.Role,
        title: str,
    ) -> Reply:
        language = ctx.language
        sync = self._sync(language)
        server = self._manager(guild, user, language)
        key = TitleKey.parse(title)
        if key is None:
            raise UserError(t(language, "dc.role_bad_key"))
        if role.guild.id != server.id or not role.is_assignable():
            raise UserError(t(language, "dc.role_unusable", role=role.name))
        discipline = await map_title(
            self.core.services,
            ctx,
            sync.role_map,
            guild_id=server.id,
            code=code,
            key=key,
            role_id=role.id,
        )
        result = await sync.sync_guild(server)
        return Reply.text(
            t(
                language,
                "dc.role_mapped",
                discipline=discipline_name(discipline, language),
                title=key,
                role=role.name,
            ),
            self._synced(language, result),
        )

    async def do_unmap(
        self,
        ctx: RequestContext,
        guild: discord.Guild | None,
        user: discord.abc.User,
        code: str,
        title: str,
    ) -> Reply:
        language = ctx.language
        sync = self._sync(language)
        server = self._manager(guild, user, language)
        key = TitleKey.parse(title)
        if key is None:
            raise UserError(t(language, "dc.role_bad_key"))
        discipline, removed = await unmap_title(
            self.core.services, ctx, sync.role_map, guild_id=server.id, code=code, key=key
        )
        key_name = "dc.role_unmapped" if removed else "dc.role_not_mapped"
        return Reply.text(
            t(language, key_name, discipline=discipline_name(discipline, language), title=key)
        )

    async def do_list(self, ctx: RequestContext, guild: discord.Guild | None) -> Reply:
        language = ctx.language
        sync = self._sync(language)
        if guild is None:
            raise UserError(t(language, "dc.guild_only"))
        rules = await sync.role_map.rules(guild.id)
        if not rules:
            return Reply.text(t(language, "dc.role_maps_none"))
        codes = await rule_disciplines(self.core.services, rules)
        rows = []
        for rule in rules:
            role = guild.get_role(rule.role_id)
            rows.append(
                (codes[rule.discipline_id], str(rule.key), role.name if role else str(rule.role_id))
            )
        return (
            Reply()
            .line(bold(t(language, "dc.role_maps_title")))
            .table(("discipline", "title", "role"), sorted(rows))
        )

    async def do_sync(
        self, ctx: RequestContext, guild: discord.Guild | None, user: discord.abc.User, code: str
    ) -> Reply:
        language = ctx.language
        sync = self._sync(language)
        server = self._manager(guild, user, language)
        await allow_sync(self.core.services, ctx, guild_id=server.id, code=code)
        result = await sync.sync_guild(server)
        return Reply.text(self._synced(language, result))

    # --- slash commands ---------------------------------------------------------------------

    async def _slash(
        self, interaction: discord.Interaction[Any], command: str, work: Any, *args: Any
    ) -> None:
        core = self.core
        ctx = core.context_of_interaction(interaction)
        ctx = replace(ctx, language=await core.chosen_language(ctx))
        await core.defer(interaction, command)
        try:
            reply = await work(ctx, *args)
        except UserError as exc:
            reply = Reply.text(exc.message)
        await core.deliver_interaction(interaction, ctx, reply, command)

    @app_commands.command(name=name("rolemap"), description=description("dc.cmd.rolemap"))
    @app_commands.default_permissions(manage_roles=True)
    @app_commands.describe(
        discipline=arg("discipline"), role=arg("discord_role"), title=arg("title")
    )
    @app_commands.guild_only()
    async def rolemap(
        self,
        interaction: discord.Interaction[Any],
        discipline: str,
        role: discord.Role,
        title: str,
    ) -> None:
        await self._slash(
            interaction,
            "rolemap",
            self.do_map,
            interaction.guild,
            interaction.user,
            discipline,
            role,
            title,
        )

    @app_commands.command(name=name("roleunmap"), description=description("dc.cmd.roleunmap"))
    @app_commands.default_permissions(manage_roles=True)
    @app_commands.describe(discipline=arg("discipline"), title=arg("title"))
    @app_commands.guild_only()
    async def roleunmap(
        self, interaction: discord.Interaction[Any], discipline: str, title: str
    ) -> None:
        await self._slash(
            interaction,
            "roleunmap",
            self.do_unmap,
            interaction.guild,
            interaction.user,
            discipline,
            title,
        )

    @app_commands.command(name=name("rolemaps"), description=description("dc.cmd.rolemaps"))
    @app_commands.guild_only()
    async def rolemaps(self, interaction: discord.Interaction[Any]) -> None:
        await self._slash(interaction, "rolemaps", self.do_list, interaction.guild)

    @app_commands.command(name=name("rolesync"), description=description("dc.cmd.rolesync"))
    @app_commands.default_permissions(manage_roles=True)
    @app_commands.describe(discipline=arg("discipline"))
    @app_commands.guild_only()
    async def rolesync(self, interaction: discord.Interaction[Any], discipline: str) -> None:
        await self._slash(
            interaction, "rolesync", self.do_sync, interaction.guild, interaction.user, discipline
        )

    # --- text commands ----------------------------------------------------------------------

    async def _text(self, ctx: commands.Context[Any], command: str, work: Any, *args: Any) -> None:
        core = self.core
        request = core.context_of_message(ctx.message)
        request = replace(request, language=await core.chosen_language(request))
        try:
            reply = await work(request, *args)
        except UserError as exc:
            reply = Reply.text(exc.message)
        await core.to_channel(ctx, reply, request.language, command)

    async def _role(self, ctx: commands.Context[Any], token: str) -> discord.Role | None:
        try:
            return await commands.RoleConverter().convert(ctx, token)
        except commands.BadArgument:
            return None

    @commands.command(name="rolemap")
    async def rolemap_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        parts = args.split(maxsplit=2)
        role = await self._role(ctx, parts[1]) if len(parts) == 3 else None
        if role is None:
            usage = "/rolemap <discipline> <role> <title>"
            await self._text(ctx, "rolemap", self._usage, usage)
            return
        await self._text(
            ctx, "rolemap", self.do_map, ctx.guild, ctx.author, parts[0], role, parts[2]
        )

    @commands.command(name="roleunmap")
    async def roleunmap_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        parts = args.split(maxsplit=1)
        if len(parts) != 2:
            await self._text(ctx, "roleunmap", self._usage, "/roleunmap <discipline> <title>")
            return
        await self._text(ctx, "roleunmap", self.do_unmap, ctx.guild, ctx.author, *parts)

    @commands.command(name="rolemaps")
    async def rolemaps_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self._text(ctx, "rolemaps", self.do_list, ctx.guild)

    @commands.command(name="rolesync")
    async def rolesync_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        parts = args.split()
        if len(parts) != 1:
            await self._text(ctx, "rolesync", self._usage, "/rolesync <discipline>")
            return
        await self._text(ctx, "rolesync", self.do_sync, ctx.guild, ctx.author, parts[0])

    @staticmethod
    async def _usage(ctx: RequestContext, usage: str) -> Reply:
        return Reply.text(t(ctx.language, "error.usage", usage=usage))
