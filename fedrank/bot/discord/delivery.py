"""Sending rendered replies: to an interaction, into a channel, or by direct message.

Every message goes with ``AllowedMentions.none()``: whatever a player's name contains, nobody is
pinged (not @everyone, not a role, not the user replied to). Buttons become a view of
:class:`~fedrank.bot.discord.buttons.ActionButton` items, persistent across restarts. A direct
message to a user whose DMs are closed (Discord answers 403) marks his account unreachable
(:class:`Reachability`); he is not tried again until he writes to the bot in DMs himself, so
such refusals never pile up towards Discord's invalid request limit.
"""

from __future__ import annotations

import io
import logging
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, Protocol

import discord

from fedrank.bot.discord.buttons import item_of
from fedrank.bot.discord.render import Outgoing, Rendered
from fedrank.handlers.accounts.presence import is_unreachable, mark_unreachable, note_reachable
from fedrank.handlers.context import Services
from fedrank.handlers.wording.reply import Attachment, Button

log = logging.getLogger(__name__)

PLATFORM = "discord"
NO_MENTIONS = discord.AllowedMentions.none()
MAX_FILES = 10


def files_of(attachments: Sequence[Attachment]) -> list[discord.File]:
    return [discord.File(io.BytesIO(a.content), filename=a.filename) for a in attachments]


def make_view(buttons: Sequence[Button], owner: int) -> discord.ui.View | None:
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    for button in buttons:
        view.add_item(item_of(button, owner))
    return view


def split_files(rendered: Rendered) -> list[Outgoing]:
    """Messages with at most :data:`MAX_FILES` files each (Discord's limit)."""
    out: list[Outgoing] = []
    for message in rendered.messages:
        files = message.files
        out.append(Outgoing(message.content, message.embed, files[:MAX_FILES]))
        for start in range(MAX_FILES, len(files), MAX_FILES):
            out.append(Outgoing(files=files[start : start + MAX_FILES]))
    return out


def message_kwargs(message: Outgoing, view: discord.ui.View | None) -> dict[str, Any]:
    kwargs: dict[str, Any] = {"allowed_mentions": NO_MENTIONS}
    if message.content:
        kwargs["content"] = message.content
    if message.embed is not None:
        kwargs["embed"] = message.embed
    if message.files:
        kwargs["files"] = files_of(message.files)
    if view is not None:
        kwargs["view"] = view
    return kwargs


class Target(Protocol):
    """Somewhere a message can be sent."""

    async def send_one(self, kwargs: dict[str, Any], *, ephemeral: bool) -> None: ...


async def send_rendered(
    target: Target, rendered: Rendered, *, owner: int, ephemeral: bool = False
) -> None:
    """All messages of ``rendered``; the buttons go on the last one."""
    messages = split_files(rendered)
    for index, message in enumerate(messages):
        last = index == len(messages) - 1
        view = make_view(rendered.buttons, owner) if last else None
        await target.send_one(message_kwargs(message, view), ephemeral=ephemeral)


class InteractionTarget:
    """The answer to an interaction: its response first, followups after."""

    def __init__(self, interaction: discord.Interaction[Any]) -> None:
        self.interaction = interaction

    async def send_one(self, kwargs: dict[str, Any], *, ephemeral: bool) -> None:
        response = self.interaction.response
        if not response.is_done():
            await response.send_message(ephemeral=ephemeral, **kwargs)
        else:
            await self.interaction.followup.send(ephemeral=ephemeral, **kwargs)


class ChannelTarget:
    """A channel (or DM channel); the first message quotes ``reference`` without pinging."""

    def __init__(
        self, channel: discord.abc.Messageable, reference: discord.Message | None = None
    ) -> None:
        self.channel = channel
        self.reference = reference

    async def send_one(self, kwargs: dict[str, Any], *, ephemeral: bool) -> None:
        if self.reference is not None:
            kwargs = {**kwargs, "reference": self.reference, "mention_author": False}
            self.reference = None
        await self.channel.send(**kwargs)


class Reachability:
    """Accounts whose users closed their DMs: marked on a 403, cleared when they write in DMs.

    The mark is the account's (:mod:`fedrank.handlers.accounts.presence`); users this process has
    seen
    recently are kept in memory so a busy DM conversation does not query the account for every
    message.
    """

    def __init__(self, services: Services, *, remember: int = 100_000) -> None:
        self.services = services
        self._open: OrderedDict[int, None] = OrderedDict()
        self._remember = remember

    async def is_unreachable(self, user_id: int) -> bool:
        if user_id in self._open:
            return False
        return await is_unreachable(self.services, PLATFORM, str(user_id))

    async def mark(self, user_id: int, display_name: str = "") -> None:
        self._open.pop(user_id, None)
        await mark_unreachable(self.services, PLATFORM, str(user_id), display_name=display_name)
        log.info("discord user %s does not accept direct messages; marked unreachable", user_id)

    async def seen_in_dm(self, user_id: int) -> None:
        """The user wrote to the bot in DMs, so DMs reach him again."""
        if user_id in self._open:
            self._open.move_to_end(user_id)
            return
        await note_reachable(self.services, PLATFORM, str(user_id))
        self._open[user_id] = None
        if len(self._open) > self._remember:
            self._open.popitem(last=False)

    async def send_dm(self, user: discord.User | discord.Member, rendered: Rendered) -> bool:
        """Send ``rendered`` to ``user`` by DM; False (without a request) if he is marked."""
        if await self.is_unreachable(user.id):
            return False
        try:
            channel = user.dm_channel or await user.create_dm()
            await send_rendered(ChannelTarget(channel), rendered, owner=user.id)
        except discord.Forbidden:
            await self.mark(user.id, user.display_name)
            return False
        return True
