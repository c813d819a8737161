"""What every cog does with a command: build the request context, dispatch, deliver the reply.

Slash commands arrive as interactions, which Discord wants acknowledged within 3 seconds: a
command registered as slow (parsing a results file, writing a tournament, computing a list,
drawing a chart: the flags of :mod:`fedrank.handlers.commands`) is deferred at once, any other
one as soon as its handler has taken :data:`DEFER_AFTER` seconds. Text commands (``!rating``)
arrive as messages and are answered in the channel, quoting the question. A private reply
(``Reply.private``) is ephemeral for a slash command and goes by direct message for a text
command in a server. A reply Discord fails past the retries (:mod:`.delivery`) is owed: the
outbox sends the rest to the user by direct message.

The locale is the interaction's (the user's Discord client language), mapped to ru, uk, en or
zh; the language a user chose with /lang wins (the dispatcher applies it).
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import aiohttp
import discord
from discord.ext import commands

from fedrank.bot.discord.buttons import ActionButton, command_of
from fedrank.bot.discord.delivery import (
    PLATFORM,
    ChannelTarget,
    InteractionTarget,
    Reachability,
    Target,
    UndeliveredError,
    owe,
    send_rendered,
)
from fedrank.bot.discord.render import (
    MESSAGE_LIMIT,
    Rendered,
    dc_len,
    escape,
    parse_custom_id,
    render,
)
from fedrank.bot.discord.rolesync import RoleSync
from fedrank.bot.limits import CommandThrottle
from fedrank.config import DiscordSettings
from fedrank.handlers.accounts.presence import chosen_language
from fedrank.handlers.commands import COMMANDS, Command
from fedrank.handlers.context import IncomingFile, RequestContext, Services
from fedrank.handlers.dispatch import dispatch as dispatch_command
from fedrank.handlers.results.submission import MAX_UPLOAD
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.languages import normalize_language
from fedrank.handlers.wording.reply import Reply, bold, code

log = logging.getLogger(__name__)

#: What fetching an attachment may raise: Discord's refusal, or the network's (the user is
#: asked to send the file again; the error's text, which names the URL, is not logged).
DOWNLOAD_ERRORS = (discord.HTTPException, aiohttp.ClientError, TimeoutError, OSError)

DEFER_AFTER = 0.3

Dispatch = Callable[[Services, RequestContext, str], Awaitable[Reply]]


def command_line(command: str, *parts: str | None) -> str:
    """``/name`` and its arguments, as the dispatcher reads them."""
    args = " ".join(p.strip() for p in parts if p and p.strip())
    return f"/{command} {args}".rstrip() if args else f"/{command}"


def display_name(user: discord.abc.User) -> str:
    return (user.display_name or user.name)[:200]


ROLE_COMMANDS = ("rolemap", "roleunmap", "rolemaps", "rolesync")


def with_role_help(reply: Reply, language: str) -> Reply:
    """/help in a server with role sync: the transport's own commands too."""
    reply.line(bold(t(language, "dc.help_roles")))
    for command in ROLE_COMMANDS:
        reply.line(code(f"/{command}"), " — ", t(language, f"dc.cmd.{command}"))
    return reply


@dataclass(slots=True)
class Core:
    """The transport's shared state; the bot carries it as ``bot.fedrank``."""

    services: Services
    settings: DiscordSettings
    reachability: Reachability
    roles: RoleSync | None = None
    throttle: CommandThrottle = field(default_factory=CommandThrottle)
    # What answers a command line, and the registry whose flags say how to treat each command
    # (tests hand in their own dispatch).
    dispatch: Dispatch = field(default=dispatch_command)
    registry: Mapping[str, Command] = field(default_factory=lambda: COMMANDS)
    # Interactions deferred with a public "thinking…" message, until they are answered.
    _thinking: set[int] = field(default_factory=set)

    # --- request contexts -------------------------------------------------------------------

    def context_of_interaction(self, interaction: discord.Interaction[Any]) -> RequestContext:
        user = interaction.user
        locale = getattr(interaction.locale, "value", None) or str(interaction.locale or "")
        return RequestContext(
            platform=PLATFORM,
            user_id=str(user.id),
            chat_id=str(interaction.channel_id or user.id),
            display_name=display_name(user),
            language=normalize_language(locale, self.services.default_language),
            is_private=interaction.guild_id is None,
            platform_language=locale or None,
        )

    def context_of_message(self, message: discord.Message) -> RequestContext:
        return RequestContext(
            platform=PLATFORM,
            user_id=str(message.author.id),
            chat_id=str(message.channel.id),
            display_name=display_name(message.author),
            language=self.services.default_language,
            is_private=message.guild is None,
        )

    async def chosen_language(self, ctx: RequestContext) -> str:
        """For the transport's own lines: the language chosen with /lang, else the locale."""
        return await chosen_language(self.services, ctx)

    def _flagged(self, command: str, flag: Callable[[Command], bool]) -> bool:
        """A flag of a registered command; the transport's own commands (/rolemap) have none."""
        registered = self.registry.get(command)
        return registered is not None and flag(registered)

    async def throttled(
        self, user_id: int, ctx: RequestContext, *, quiet_if_told: bool = False
    ) -> Reply | None:
        """None if the user may go on; else the notice (empty once he has been told, when
        ``quiet_if_told``: a flood of text commands gets one notice, not one each)."""
        allowed, wait, told = self.throttle.take(user_id)
        if allowed:
            return None
        if told and quiet_if_told:
            return Reply()
        language = await self.chosen_language(ctx)
        return Reply.text(t(language, "bot.throttled", seconds=max(1, math.ceil(wait))))

    # --- slash commands ---------------------------------------------------------------------

    async def defer(self, interaction: discord.Interaction[Any], command: str) -> None:
        """Acknowledge now, answer later ("thinking…"; only the asker sees it if private)."""
        if not interaction.response.is_done():
            private = (
                self._flagged(command, lambda c: c.private) and interaction.guild_id is not None
            )
            await interaction.response.defer(thinking=True, ephemeral=private)
            if not private:
                self._thinking.add(interaction.id)

    async def _answering(self, interaction: discord.Interaction[Any], *, private: bool) -> None:
        """Before the first answer: a private one cannot replace a public "thinking…" message
        (its flag was fixed by the deferral), so that message is removed; the followup after it
        may then be ephemeral."""
        if interaction.id in self._thinking:
            self._thinking.discard(interaction.id)
            if private:
                try:
                    await interaction.delete_original_response()
                except discord.HTTPException as exc:
                    log.info("could not remove the deferred response: %s", exc)

    async def read_attachment(
        self, interaction: discord.Interaction[Any], file: discord.Attachment
    ) -> IncomingFile | None:
        """The file's content, or None after telling the user why not."""
        ctx = self.context_of_interaction(interaction)
        language = await self.chosen_language(ctx)
        problem = None
        if file.size > MAX_UPLOAD:
            problem = t(
                language,
                "bot.file_too_large",
                size=f"{file.size / 1_000_000:.1f}",
                limit=MAX_UPLOAD // 1_000_000,
            )
        else:
            try:
                return IncomingFile(file.filename, await file.read())
            except DOWNLOAD_ERRORS as exc:
                log.warning("download of %s failed: %s", file.filename, type(exc).__name__)
                problem = t(language, "bot.file_failed")
        await self.say(interaction, problem, ephemeral=True)
        return None

    async def say(
        self, interaction: discord.Interaction[Any], text: str, *, ephemeral: bool
    ) -> None:
        """One line of the transport's own (already translated, escaped here)."""
        reply = Reply.text(text)
        rendered = render(reply, language="en")
        await self._answering(interaction, private=ephemeral)
        await self.send(
            InteractionTarget(interaction),
            reply,
            rendered,
            user_id=interaction.user.id,
            language="en",
            ephemeral=ephemeral,
        )

    async def send(
        self,
        target: Target,
        reply: Reply,
        rendered: Rendered,
        *,
        user_id: int,
        language: str,
        ephemeral: bool = False,
    ) -> bool:
        """``rendered`` (of ``reply``) to ``target``, its buttons ``user_id``'s; False when
        Discord failed it past the retries and the outbox owes him the rest."""
        try:
            await send_rendered(target, rendered, owner=user_id, ephemeral=ephemeral)
        except UndeliveredError as undelivered:
            await owe(
                self.services,
                user_id=user_id,
                reply=reply,
                rendered=rendered,
                parts_done=undelivered.parts_done,
                language=language,
            )
            return False
        return True

    async def answer_interaction(
        self,
        interaction: discord.Interaction[Any],
        command: str,
        text: str,
        *,
        attachment: IncomingFile | None = None,
    ) -> Reply:
        """Run ``text`` for a slash command and answer the interaction."""
        ctx = self.context_of_interaction(interaction)
        refusal = await self.throttled(interaction.user.id, ctx)
        if refusal is not None:
            # An interaction must be answered, even the tenth in a second: privately, then.
            await self.say(interaction, refusal.plain, ephemeral=True)
            return refusal
        if attachment is not None:
            ctx = replace(ctx, attachment=attachment)
        if self._flagged(command, lambda c: c.slow):
            await self.defer(interaction, command)
        work = asyncio.ensure_future(self.dispatch(self.services, ctx, text))
        if not interaction.response.is_done():
            done, _ = await asyncio.wait({work}, timeout=DEFER_AFTER)
            if not done:
                await self.defer(interaction, command)
        reply = await work
        if command == "help" and text == "/help" and self.roles is not None and not ctx.is_private:
            reply = with_role_help(reply, await self.chosen_language(ctx))
        await self.deliver_interaction(interaction, ctx, reply, command)
        await self.after(command, reply)
        return reply

    async def deliver_interaction(
        self,
        interaction: discord.Interaction[Any],
        ctx: RequestContext,
        reply: Reply,
        command: str,
        *,
        ephemeral: bool = False,
    ) -> None:
        language = await self.chosen_language(ctx)
        rendered = render(
            reply,
            language=language,
            owner=interaction.user.id,
            embed=self._flagged(command, lambda c: c.embedded),
        )
        private = (reply.private or ephemeral) and not ctx.is_private
        await self._answering(interaction, private=private)
        await self.send(
            InteractionTarget(interaction),
            reply,
            rendered,
            user_id=interaction.user.id,
            language=language,
            ephemeral=private,
        )

    # --- text (prefix) commands -------------------------------------------------------------

    async def answer_message(self, ctx: commands.Context[Any], command: str, text: str) -> Reply:
        """Run ``text`` for a text command and answer in the channel (private ones by DM)."""
        message = ctx.message
        request = self.context_of_message(message)
        refusal = await self.throttled(message.author.id, request, quiet_if_told=True)
        if refusal is not None:
            if refusal.blocks:
                await self.to_channel(ctx, refusal, request.language, "")
            return refusal
        if message.attachments and self._flagged(command, lambda c: c.takes_file):
            attachment = message.attachments[0]
            if attachment.size > MAX_UPLOAD:
                language = await self.chosen_language(request)
                note = t(
                    language,
                    "bot.file_too_large",
                    size=f"{attachment.size / 1_000_000:.1f}",
                    limit=MAX_UPLOAD // 1_000_000,
                )
                await self.to_channel(ctx, Reply.text(note), language, command)
                return Reply.text(note)
            try:
                content = await attachment.read()
            except DOWNLOAD_ERRORS as exc:
                log.warning("download of %s failed: %s", attachment.filename, type(exc).__name__)
                language = await self.chosen_language(request)
                reply = Reply.text(t(language, "bot.file_failed"))
                await self.to_channel(ctx, reply, language, command)
                return reply
            request = replace(request, attachment=IncomingFile(attachment.filename, content))
        reply = await self.dispatch(self.services, request, text)
        language = await self.chosen_language(request)
        if (
            command == "help"
            and text == "/help"
            and self.roles is not None
            and not request.is_private
        ):
            reply = with_role_help(reply, language)
        if reply.private and not request.is_private:
            rendered = render(reply, language=language, owner=message.author.id)
            try:
                sent = await self.reachability.send_dm(message.author, rendered)
            except UndeliveredError as undelivered:
                await owe(
                    self.services,
                    user_id=message.author.id,
                    reply=reply,
                    rendered=rendered,
                    parts_done=undelivered.parts_done,
                    language=language,
                )
                sent = True  # the outbox brings him the rest
            key = "dc.sent_privately" if sent else "dc.dm_closed"
            await self.to_channel(ctx, Reply.text(t(language, key, command=command)), language, "")
        else:
            await self.to_channel(ctx, reply, language, command)
        await self.after(command, reply)
        return reply

    async def to_channel(
        self, ctx: commands.Context[Any], reply: Reply, language: str, command: str
    ) -> None:
        """Answer in the command's channel, quoting it in a server."""
        embed = self._flagged(command, lambda c: c.embedded)
        rendered = render(reply, language=language, owner=ctx.author.id, embed=embed)
        reference = None
        if ctx.guild is not None:
            reference = ctx.message
            allowed = ctx.channel.permissions_for(ctx.me)  # type: ignore[arg-type]
            needs_files = any(m.files for m in rendered.messages)
            if not allowed.send_messages or (needs_files and not allowed.attach_files):
                # Sending would only earn a 403, which counts towards Discord's limit on
                # invalid requests: the server must give the bot its permissions first.
                log.warning("no permission to answer in channel %s", ctx.channel.id)
                return
            if not allowed.read_message_history:
                reference = None
        await self.send(
            ChannelTarget(ctx.channel, reference),
            reply,
            rendered,
            user_id=ctx.author.id,
            language=language,
        )

    # --- buttons ----------------------------------------------------------------------------

    async def press(
        self, interaction: discord.Interaction[Any], owner: int, action: str, label: str
    ) -> None:
        """A button: its action runs as the presser; the owner's press settles the message."""
        ctx = self.context_of_interaction(interaction)
        refusal = await self.throttled(interaction.user.id, ctx)
        if refusal is not None:
            await self.say(interaction, refusal.plain, ephemeral=True)
            return
        command = command_of(action)
        mine = interaction.user.id == owner
        if mine:
            await interaction.response.defer()
        else:
            await interaction.response.defer(thinking=True, ephemeral=True)
        reply = await self.dispatch(self.services, ctx, action)
        if mine:
            await self._settle(interaction, action, label, await self.chosen_language(ctx))
        await self.deliver_interaction(interaction, ctx, reply, command, ephemeral=not mine)
        await self.after(command, reply)

    async def _settle(
        self, interaction: discord.Interaction[Any], action: str, label: str, language: str
    ) -> None:
        """Remove the pressed button and the others of the same decision from the message,
        and note on it who pressed what."""
        message = interaction.message
        if message is None:
            return
        taken = action.split(maxsplit=1)[1] if " " in action else action
        view = discord.ui.View(timeout=None)
        for row in message.components:
            for component in getattr(row, "children", []):
                parsed = parse_custom_id(getattr(component, "custom_id", None) or "")
                if parsed is None:
                    continue
                other_owner, other = parsed
                other_arg = other.split(maxsplit=1)[1] if " " in other else other
                if other == action or other_arg == taken:
                    continue
                view.add_item(
                    ActionButton(int(other_owner), getattr(component, "label", "") or other, other)
                )
        note = escape(t(language, "dc.pressed", user=display_name(interaction.user), label=label))
        content = getattr(message, "content", "") or ""
        changes: dict[str, Any] = {"view": view if view.children else None}
        if dc_len(content) + dc_len(note) + 1 <= MESSAGE_LIMIT:
            changes["content"] = f"{content}\n{note}" if content else note
        try:
            await interaction.edit_original_response(**changes)
        except discord.HTTPException as exc:
            log.info("could not update the pressed message: %s", exc)

    # --- after a command --------------------------------------------------------------------

    async def after(self, command: str, reply: Reply) -> None:
        """A publication through this bot brings the roles in step at once."""
        if command == "publish" and self.roles is not None:
            try:
                await self.roles.after_publication()
            except Exception:
                log.exception("role sync after /publish failed")
