"""The outbox's ways out: one :class:`~fedrank.scheduler.outbox.Sender` per platform.

Each sends the way its bot does, with its bot's rendering and under its token's one budget
(:mod:`fedrank.bot.limits`, shared with the bot when both run in this process, and with
``FEDRANK_REDIS_URL`` with every process on the token, :mod:`fedrank.bot.limits_redis`):

- :class:`TelegramSender`: an aiogram ``Bot`` whose session carries the
  :class:`~fedrank.bot.limits.TelegramPacer` (1 message/s per chat, 20/min per group, the
  token's ~30/s overall, 429 ``retry_after`` waited out); the rendering is the transport's
  (``render_html`` and its inline keyboard). The transport's ``send_reply`` swallows 403/400,
  and the outbox needs to tell them apart, so the requests are made here.
- :class:`DiscordSender`: discord.py's client logged in over REST only (``Client.login``, no
  gateway), rendering with :func:`fedrank.bot.discord.render.render` and sending with the
  transport's views and ``AllowedMentions.none()`` exactly as an interactive reply; discord.py
  keeps the per-route buckets, :class:`~fedrank.bot.limits.DiscordLimits` (its ``http_trace``)
  the token's 50/s and what every client of the token learnt. A private message goes to the
  user's DM channel, opened once and stored (:class:`StoredDmChannels`), so neither a second
  message nor a restart opens it again.
- :class:`ConsoleSender` (from :mod:`.console_out`) writes the plain rendering to a stream.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, Protocol

import aiohttp
from aiogram import Bot
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import PRODUCTION, TelegramAPIServer
from aiogram.enums import ParseMode
from aiogram.exceptions import (
    TelegramAPIError,
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)
from aiogram.types import BufferedInputFile

from fedrank.bot.discord.delivery import NO_MENTIONS, make_view, message_kwargs, split_files
from fedrank.bot.discord.render import render
from fedrank.bot.limits import (
    DISCORD_PER_SECOND,
    DiscordLimits,
    Sharing,
    TelegramLimits,
    TelegramPacer,
    discord_limits,
    telegram_pacer,
)
from fedrank.bot.limits_redis import redis_limits
from fedrank.bot.telegram.render import render_html
from fedrank.bot.telegram.sender import CAPTION_LIMIT, keyboard
from fedrank.config import Settings
from fedrank.handlers.wording.reply import Attachment
from fedrank.scheduler.console_out import ConsoleSender
from fedrank.scheduler.outbox import Outcome, OutgoingMessage, Sender, SendResult
from fedrank.storage.database import Database

# After fedrank.bot.discord, which imports discord.py without its audioop warning.
import discord  # isort: skip

log = logging.getLogger(__name__)

__all__ = [
    "ConsoleSender",
    "DiscordSender",
    "StoredDmChannels",
    "TelegramSender",
    "default_senders",
]


class TelegramSender:
    platform = "telegram"

    def __init__(
        self,
        token: str,
        *,
        api_server: TelegramAPIServer | None = None,
        rate: float | None = None,
        limits: TelegramLimits | None = None,
        shared: Sharing | None = None,
    ) -> None:
        # By default the token's one budget (shared with the bot of this process, and with
        # ``shared``, Redis, with every process on the token); ``rate`` gives this sender a
        # budget of its own (0: none), for tests and the bench.
        limits = limits or TelegramLimits()
        if rate is None:
            self.pacer = telegram_pacer(token, limits, shared=shared)
        else:
            self.pacer = TelegramPacer(replace(limits, per_second=rate))
        session = AiohttpSession(api=api_server or PRODUCTION)
        session.middleware(self.pacer)
        self.bot = Bot(
            token,
            session=session,
            # No link preview: a list's or a player's page link would bring a card taller than
            # the answer itself.
            default=DefaultBotProperties(parse_mode=ParseMode.HTML, link_preview_is_disabled=True),
        )

    @staticmethod
    def _chat(chat_id: str) -> int | str:
        try:
            return int(chat_id)
        except ValueError:
            return chat_id  # a public channel's @username

    async def send(self, message: OutgoingMessage) -> SendResult:
        chat = self._chat(message.chat_id)
        rendered = render_html(message.reply, language=message.language)
        markup = keyboard(rendered.buttons)
        # The parts, in order: each text, then each file; the buttons go with the last one.
        parts: list[str | Attachment] = [*rendered.messages, *rendered.files]
        try:
            for number, part in enumerate(parts, start=1):
                if number <= message.done:
                    continue  # delivered by an earlier attempt
                last = number == len(parts)
                if isinstance(part, str):
                    await self.bot.send_message(
                        chat,
                        part,
                        message_thread_id=message.thread_id,
                        reply_markup=markup if last else None,
                    )
                else:
                    await self.bot.send_document(
                        chat,
                        BufferedInputFile(part.content, filename=part.filename),
                        message_thread_id=message.thread_id,
                        caption=part.caption[:CAPTION_LIMIT] or None,
                        parse_mode=None,
                        reply_markup=markup if last else None,
                    )
                if not last:
                    await message.delivered(number)
        except TelegramRetryAfter as exc:
            return SendResult(Outcome.RETRY, float(exc.retry_after), "429 Too Many Requests")
        except TelegramForbiddenError as exc:
            private = isinstance(chat, int) and chat > 0
            return SendResult(Outcome.BLOCKED if private else Outcome.FAILED, error=exc.message)
        except TelegramBadRequest as exc:
            return SendResult(Outcome.FAILED, error=exc.message)
        except (
            TelegramNetworkError,
            TelegramServerError,
            aiohttp.ClientError,
            TimeoutError,
        ) as exc:
            return SendResult(Outcome.RETRY, error=f"{type(exc).__name__}: {exc}")
        except TelegramAPIError as exc:
            return SendResult(Outcome.FAILED, error=exc.message)
        return SendResult(Outcome.SENT)

    async def close(self) -> None:
        await self.bot.session.close()


class DmChannels(Protocol):
    """Where the DM channels opened for users are kept (user id -> channel id)."""

    async def load(self, user_ids: Iterable[str]) -> dict[str, str]: ...

    async def save(self, channels: Mapping[str, str]) -> None: ...


class StoredDmChannels:
    """DM channels in the database: read in bulk for a batch, written in bulk once opened."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def load(self, user_ids: Iterable[str]) -> dict[str, str]:
        async with self.db.read() as repos:
            return await repos.outbox.dm_channels(user_ids)

    async def save(self, channels: Mapping[str, str]) -> None:
        async with self.db.transaction() as repos:
            await repos.outbox.store_dm_channels(channels, datetime.now(UTC))


def _error(exc: discord.HTTPException) -> str:
    return f"{exc.status}: {exc.text}"[:300]


def _retry_after(exc: discord.HTTPException) -> float:
    headers: Any = getattr(exc.response, "headers", None) or {}
    try:
        return max(0.0, min(float(headers.get("Retry-After", 1.0)), 3600.0))
    except (TypeError, ValueError):
        return 1.0


class DiscordSender:
    platform = "discord"

    def __init__(
        self,
        token: str,
        *,
        per_second: float = DISCORD_PER_SECOND,
        limits: DiscordLimits | None = None,
        channels: DmChannels | None = None,
        max_wait: float = 30.0,
        shared: Sharing | None = None,
    ) -> None:
        self._token = token
        self.limits = limits or discord_limits(token, per_second, shared=shared)
        self.channels = channels
        #: A 429 asking to wait longer than this goes back to the outbox (the row waits, not
        #: the whole platform's loop); discord.py waits out shorter ones itself.
        self.max_wait = max_wait
        self.client: discord.Client | None = None
        # Sends run concurrently (the worker's tasks): the first ones wait for one login
        # instead of each logging in a client of its own.
        self._login_lock = asyncio.Lock()
        self._dm: dict[str, int] = {}
        self._unknown: set[str] = set()  # looked up, none stored
        self._unsaved: dict[str, str] = {}
        self.opened = 0

    async def _login(self) -> discord.Client:
        if self.client is not None:
            return self.client
        async with self._login_lock:
            return await self._login_once()

    async def _login_once(self) -> discord.Client:
        if self.client is None:
            client = discord.Client(
                intents=discord.Intents(guilds=True),  # no gateway: only quiets a warning
                http_trace=self.limits.trace_config(),
                max_ratelimit_timeout=self.max_wait,
                allowed_mentions=NO_MENTIONS,
            )
            try:
                await client.login(self._token)  # REST only: no gateway connection is opened
            except BaseException:
                await client.close()
                raise
            self.client = client
        return self.client

    async def prepare(self, messages: Sequence[OutgoingMessage]) -> None:
        """Before a batch: store the channels the last one opened, and read the stored channels
        of this one's users, each in one query. (A crash loses at most one batch's new
        channels: they are opened again, and Discord answers with the same channel.)"""
        if self.channels is None:
            return
        await self._save()
        wanted = {
            m.chat_id
            for m in messages
            if m.direct and m.chat_id not in self._dm and m.chat_id not in self._unknown
        }
        if not wanted:
            return
        found = await self.channels.load(wanted)
        for user_id in wanted:
            if user_id in found:
                self._dm[user_id] = int(found[user_id])
            else:
                self._unknown.add(user_id)

    async def _save(self) -> None:
        if self.channels is not None and self._unsaved:
            unsaved, self._unsaved = self._unsaved, {}
            await self.channels.save(unsaved)

    async def _channel(self, client: discord.Client, message: OutgoingMessage) -> int:
        if not message.direct:
            return int(message.chat_id)
        known = self._dm.get(message.chat_id)
        if known is None and message.chat_id not in self._unknown:
            await self.prepare([message])  # a message sent without the worker's batch
            known = self._dm.get(message.chat_id)
        if known is None:
            opened = await client.create_dm(discord.Object(int(message.chat_id)))
            known = self._dm[message.chat_id] = opened.id
            self._unknown.discard(message.chat_id)
            self._unsaved[message.chat_id] = str(opened.id)
            self.opened += 1
        return known

    async def send(self, message: OutgoingMessage) -> SendResult:
        try:
            client = await self._login()
            owner = int(message.chat_id) if message.direct else 0
            channel_id = await self._channel(client, message)
            kind = discord.ChannelType.private if message.direct else discord.ChannelType.text
            channel = client.get_partial_messageable(channel_id, type=kind)
            rendered = render(message.reply, language=message.language, owner=owner)
            parts = split_files(rendered)
            for number, part in enumerate(parts, start=1):
                if number <= message.done:
                    continue  # delivered by an earlier attempt
                last = number == len(parts)
                view = make_view(rendered.buttons, owner) if last else None
                try:
                    await channel.send(**message_kwargs(part, view))
                finally:
                    if view is not None:
                        view.stop()  # the bot's persistent buttons answer presses, not this
                if not last:
                    await message.delivered(number)
        except ValueError as exc:  # a chat id that is not a Discord id
            return SendResult(Outcome.FAILED, error=str(exc)[:300])
        except discord.Forbidden as exc:
            return SendResult(
                Outcome.BLOCKED if message.direct else Outcome.FAILED, error=_error(exc)
            )
        except discord.RateLimited as exc:
            return SendResult(Outcome.RETRY, exc.retry_after, "429 Too Many Requests")
        except discord.DiscordServerError as exc:
            return SendResult(Outcome.RETRY, error=_error(exc))
        except discord.HTTPException as exc:
            if exc.status == 429:
                return SendResult(Outcome.RETRY, _retry_after(exc), _error(exc))
            return SendResult(Outcome.FAILED, error=_error(exc))
        except discord.LoginFailure as exc:
            return SendResult(Outcome.RETRY, error=f"login refused: {exc}")
        except (aiohttp.ClientError, TimeoutError, OSError) as exc:
            return SendResult(Outcome.RETRY, error=f"{type(exc).__name__}: {exc}")
        return SendResult(Outcome.SENT)

    async def close(self) -> None:
        try:
            await self._save()
        finally:
            if self.client is not None:
                await self.client.close()
                self.client = None


def default_senders(
    settings: Settings, *, console: bool = True, db: Database | None = None
) -> dict[str, Sender]:
    """A sender for every platform fedrank has credentials for, and the console; with ``db``
    the Discord sender keeps the DM channels it opens."""
    senders: dict[str, Sender] = {}
    shared = redis_limits(settings.redis_url)  # with Redis: every process's budget on a token
    if settings.telegram_token is not None:
        senders["telegram"] = TelegramSender(
            settings.telegram_token.get_secret_value(), shared=shared
        )
    if settings.discord_token is not None:
        senders["discord"] = DiscordSender(
            settings.discord_token.get_secret_value(),
            per_second=settings.discord.requests_per_second,
            channels=StoredDmChannels(db) if db is not None else None,
            shared=shared,
        )
    if console:
        senders["console"] = ConsoleSender()
    return senders
