"""Sending rendered replies: to an interaction, into a channel, or by direct message.

Every message goes with ``AllowedMentions.none()``: whatever a player's name contains, nobody is
pinged (not @everyone, not a role, not the user replied to). Buttons become a view of
:class:`~fedrank.bot.discord.buttons.ActionButton` items, persistent across restarts. A direct
message to a user whose DMs are closed (Discord answers 403) marks his account unreachable
(:class:`Reachability`); he is not tried again until he writes to the bot in DMs himself, so
such refusals never pile up towards Discord's invalid request limit.

A reply survives a passing fault of Discord's: discord.py itself waits out a 429 and tries a
500, 502, 504 or 524 again (five tries; an interaction's answers any 5xx); what it gives up on
at once (another 5xx, a network error) is tried again here after 0.5, 1 and 2 s
(:class:`Retries`). Past that :func:`send_rendered` raises :class:`UndeliveredError` with the
number of messages delivered, and :func:`owe` hands the rest to the outbox as a personal notice
(a direct message), so the user still gets it once, in order.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

import aiohttp
import discord

from fedrank.bot.discord.buttons import item_of
from fedrank.bot.discord.render import Outgoing, Rendered, render
from fedrank.handlers.accounts.presence import is_unreachable, mark_unreachable, note_reachable
from fedrank.handlers.context import Services
from fedrank.handlers.notify import owe_reply
from fedrank.handlers.wording.reply import Attachment, Button, Reply

log = logging.getLogger(__name__)

PLATFORM = "discord"
NO_MENTIONS = discord.AllowedMentions.none()
MAX_FILES = 10


#: What a request may fail with on the way (``TimeoutError`` is an ``OSError``).
NETWORK_ERRORS: tuple[type[Exception], ...] = (aiohttp.ClientError, OSError)
#: The 5xx discord.py's HTTP client tries again itself (five times), as of discord.py 2.
LIBRARY_RETRIED = frozenset({500, 502, 504, 524})


@dataclass(frozen=True, slots=True)
class Retries:
    """How a message is tried again after a fault discord.py did not retry: ``times`` more,
    ``backoff`` seconds after the first fault, then twice that, and so on."""

    times: int = 3
    backoff: float = 0.5
    sleep: Callable[[float], Awaitable[None]] = field(default=asyncio.sleep)


RETRIES = Retries()


class UndeliveredError(Exception):
    """Discord failed past the retries; the first ``parts_done`` messages went out."""

    def __init__(self, parts_done: int) -> None:
        super().__init__(parts_done)
        self.parts_done = parts_done


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
    """Somewhere a message can be sent; ``library_retried``: the 5xx statuses its discord.py
    client has already tried again before raising."""

    library_retried: ClassVar[Collection[int]]

    async def send_one(self, kwargs: dict[str, Any], *, ephemeral: bool) -> None: ...


async def _send_part(
    target: Target,
    message: Outgoing,
    view: discord.ui.View | None,
    *,
    ephemeral: bool,
    retries: Retries,
) -> None:
    """One message, tried again after a fault discord.py gave up on at once."""
    faults = 0
    while True:
        try:
            # Made anew for each try: discord.py closes a message's files once it is sent.
            await target.send_one(message_kwargs(message, view), ephemeral=ephemeral)
            return
        except discord.DiscordServerError as exc:
            if exc.status in target.library_retried:
                raise
            fault: Exception = exc
        except NETWORK_ERRORS as exc:
            fault = exc
        faults += 1
        if faults > retries.times:
            raise fault
        pause = retries.backoff * 2 ** (faults - 1)
        log.warning("%s sending to Discord: trying again in %.1f s", type(fault).__name__, pause)
        await retries.sleep(pause)


async def send_rendered(
    target: Target,
    rendered: Rendered,
    *,
    owner: int,
    ephemeral: bool = False,
    retries: Retries | None = None,
) -> None:
    """All messages of ``rendered``; the buttons go on the last one. Raises
    :class:`UndeliveredError` when Discord fails one past the retries (:data:`RETRIES`)."""
    messages = split_files(rendered)
    for index, message in enumerate(messages):
        last = index == len(messages) - 1
        view = make_view(rendered.buttons, owner) if last else None
        try:
            await _send_part(target, message, view, ephemeral=ephemeral, retries=retries or RETRIES)
        except (discord.DiscordServerError, aiohttp.ClientError, OSError) as exc:
            if view is not None:
                view.stop()
            raise UndeliveredError(index) from exc


def _shape(message: Outgoing) -> tuple[str, dict[str, Any] | None, list[str]]:
    embed = message.embed.to_dict() if message.embed is not None else None
    return message.content, dict(embed) if embed else None, [f.filename for f in message.files]


def rest_of(
    reply: Reply, rendered: Rendered, parts_done: int, *, owner: int, language: str
) -> tuple[Reply, int]:
    """What the outbox must send of ``reply`` after ``parts_done`` messages of ``rendered``
    went out, as (reply, parts it skips). The outbox renders without an embed
    (:class:`fedrank.scheduler.senders.DiscordSender`), so its parts are counted in its own
    rendering: the same when the delivered messages are the same; after an embed (whose
    message alone carries the text: the others are its files beyond ten), the files left."""
    delivered = split_files(rendered)
    own = split_files(render(reply, language=language, owner=owner))
    if parts_done == 0 or [_shape(m) for m in delivered[:parts_done]] == [
        _shape(m) for m in own[:parts_done]
    ]:
        return reply, parts_done
    left = delivered[parts_done:]
    if any(m.content or m.embed is not None for m in left):
        return reply, 0  # not what the renderer makes: all of it again rather than a part lost
    files: list[Attachment] = [f for m in left for f in m.files]
    return Reply(list(files), list(reply.buttons), private=reply.private), 0


async def owe(
    services: Services,
    *,
    user_id: int,
    reply: Reply,
    rendered: Rendered,
    parts_done: int,
    language: str,
) -> None:
    """The outbox sends what Discord did not take of ``reply`` to the user by direct message
    (a personal notice: only he is sure to be there when it goes), once and in order."""
    rest, done = rest_of(reply, rendered, parts_done, owner=user_id, language=language)
    log.warning(
        "Discord failed a reply to user %s after %d message(s); the outbox sends the rest",
        user_id,
        parts_done,
    )
    await owe_reply(
        services,
        platform=PLATFORM,
        chat_id=str(user_id),
        reply=rest,
        language=language,
        parts_done=done,
        direct=True,
    )


class InteractionTarget:
    """The answer to an interaction: its response first, followups after."""

    # discord.py's webhook adapter (an interaction's answers) tries every 5xx five times.
    library_retried: ClassVar[Collection[int]] = range(500, 600)

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

    library_retried: ClassVar[Collection[int]] = LIBRARY_RETRIED

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
