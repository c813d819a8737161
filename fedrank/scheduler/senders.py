"""The outbox's ways out: one :class:`~fedrank.scheduler.outbox.Sender` per platform.

- :class:`TelegramSender` sends through an aiogram ``Bot`` whose session carries the Telegram
  transport's :class:`~fedrank.bot.telegram.pacer.Pacer` (1 message/s per chat, 20/min per
  group, 429 ``retry_after`` waited out) and at most :data:`TELEGRAM_OUTBOX_RATE` messages in
  any second overall (:class:`RateWindow`):
  below Telegram's ~30/s so that the interactive bot, which paces itself separately, keeps
  room for replies while a broadcast runs. The rendering is the transport's (``render_html``
  and its inline keyboard); the transport's ``send_reply`` swallows 403/400, and the outbox
  needs to tell them apart, so the requests are made here.
- :class:`DiscordSender` speaks the Discord REST API with aiohttp: the Discord transport
  (``fedrank/bot/discord``) sends through a logged-in gateway client, which the scheduler does
  not have. At most :data:`DISCORD_RATE` requests/s overall, 429 ``retry_after`` waited out, a
  DM channel opened for private messages, mentions disabled; buttons become components with the
  transport's ``custom_id`` (``fr:<owner>:<action>``) so its persistent buttons handle a press.
- :class:`ConsoleSender` writes the plain rendering to a stream (the console chat, logs).
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sys
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import IO, Any

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

from fedrank.bot.discord.buttons import style_of
from fedrank.bot.discord.render import BUTTON_LABEL_LIMIT, CUSTOM_ID_LIMIT, custom_id
from fedrank.bot.render import render_plain, render_table
from fedrank.bot.telegram.pacer import Limits, Pacer
from fedrank.bot.telegram.render import render_html
from fedrank.bot.telegram.sender import CAPTION_LIMIT, keyboard
from fedrank.config import Settings
from fedrank.handlers.reply import Attachment, Paragraph, Reply, Table
from fedrank.scheduler.outbox import Outcome, OutgoingMessage, Sender, SendResult

log = logging.getLogger(__name__)

#: Messages the outbox sends to Telegram in any one second (Telegram allows about 30).
TELEGRAM_OUTBOX_RATE = 28
#: Requests/s the outbox sends to Discord: Discord allows 50 a bot token, the Discord transport
#: keeps to 25 so that the outbox has the other 25.
DISCORD_RATE = 25.0
DISCORD_API = "https://discord.com/api/v10"
DISCORD_LIMIT = 2000


class RateWindow:
    """The outbox's overall rate: at most ``limit`` messages in any ``window`` seconds, spread
    evenly by a token bucket of ``limit / window`` tokens a second holding up to ``burst``.

    Telegram (and the bench's fake server) count messages in a sliding second; the window makes
    sure that is never exceeded. The bucket spreads messages evenly in the steady state, and a
    message that was slow to go (a commit, a pause of the host) does not lose its place: the
    tokens saved meanwhile let the next ones catch up at once, within the window.
    """

    def __init__(
        self,
        limit: float,
        window: float = 1.0,
        *,
        burst: int = 10,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    ) -> None:
        self.limit = int(limit)
        self.window = window
        self.burst = burst
        self._clock = clock
        self._sleep = sleep
        self._sent: deque[float] = deque()
        self._tokens = 1.0
        self._at = clock()

    async def take(self) -> None:
        if self.limit <= 0:
            return
        rate = self.limit / self.window
        while True:
            now = self._clock()
            self._tokens = min(float(self.burst), self._tokens + (now - self._at) * rate)
            self._at = now
            while self._sent and self._sent[0] <= now - self.window:
                self._sent.popleft()
            if len(self._sent) >= self.limit:
                await self._sleep(self._sent[0] + self.window - now + 1e-6)
            elif self._tokens < 1.0 - 1e-9:  # (a float sleep may land a hair short)
                await self._sleep((1.0 - self._tokens) / rate)
            else:
                self._tokens = max(self._tokens - 1.0, 0.0)
                self._sent.append(now)
                return


class TelegramSender:
    platform = "telegram"

    def __init__(
        self,
        token: str,
        *,
        api_server: TelegramAPIServer | None = None,
        rate: float = TELEGRAM_OUTBOX_RATE,
        limits: Limits | None = None,
    ) -> None:
        # The pacer keeps the per-chat and per-group limits and waits out 429s; the overall
        # rate is the window's (the pacer's own overall rate is switched off here).
        pacing = replace(limits or Limits(), per_second=0)
        session = AiohttpSession(api=api_server or PRODUCTION)
        self.pacer = Pacer(pacing)
        session.middleware(self.pacer)
        self.rate = RateWindow(rate)
        self.bot = Bot(
            token, session=session, default=DefaultBotProperties(parse_mode=ParseMode.HTML)
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
                await self.rate.take()
                if isinstance(part, str):
                    await self.bot.send_message(chat, part, reply_markup=markup if last else None)
                else:
                    await self.bot.send_document(
                        chat,
                        BufferedInputFile(part.content, filename=part.filename),
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


_MARKDOWN = re.compile(r"([\\*_~`|>#\-\[\]()])")


def discord_markdown(reply: Reply) -> tuple[list[str], list[Attachment]]:
    """Discord markdown messages (user text escaped, at most 2,000 characters) and files."""
    pieces: list[str] = []
    files: list[Attachment] = []
    for block in reply.blocks:
        if isinstance(block, Paragraph):
            out = []
            for span in block.spans:
                text = _MARKDOWN.sub(r"\\\1", span.text)
                if span.code:
                    text = "`" + span.text.replace("`", "'") + "`"
                if span.bold:
                    text = f"**{text}**"
                out.append(text)
            pieces.append("".join(out))
        elif isinstance(block, Table):
            body = "\n".join(render_table(block)).replace("```", "'''")
            pieces.append(f"```\n{body}\n```")
        else:
            files.append(block)
    unfit = [b for b in reply.buttons if len(custom_id(0, b.action)) > CUSTOM_ID_LIMIT]
    if unfit:
        pieces.append(" · ".join(f"{b.label}: `{b.action}`" for b in unfit))
    messages: list[str] = []
    current = ""
    for piece in pieces:
        while len(piece) > DISCORD_LIMIT:
            messages.append(piece[:DISCORD_LIMIT])
            piece = piece[DISCORD_LIMIT:]
        if current and len(current) + 1 + len(piece) > DISCORD_LIMIT:
            messages.append(current)
            current = piece
        else:
            current = f"{current}\n{piece}" if current else piece
    if current:
        messages.append(current)
    return messages, files


def discord_components(reply: Reply, owner: str) -> list[dict[str, Any]]:
    """The reply's buttons as message components whose ``custom_id`` the Discord transport's
    persistent buttons recognise (``fr:<owner>:<action>``), so pressing one runs the action."""
    buttons = [
        {
            "type": 2,
            "style": style_of(b.action).value,
            "label": b.label[:BUTTON_LABEL_LIMIT],
            "custom_id": custom_id(owner, b.action),
        }
        for b in reply.buttons
        if len(custom_id(owner, b.action)) <= CUSTOM_ID_LIMIT
    ]
    return [{"type": 1, "components": buttons[i : i + 5]} for i in range(0, len(buttons), 5)][:5]


def _json_body(raw: bytes) -> dict[str, Any]:
    """Discord's JSON object; anything else (a proxy's HTML error page on a 502, a truncated
    body) as ``{"message": <its start>}``, so the status decides: a 5xx is retried."""
    try:
        body = json.loads(raw) if raw else {}
    except ValueError:
        return {"message": raw[:200].decode("utf-8", "replace")}
    return body if isinstance(body, dict) else {"message": str(body)[:200]}


def _retry_after(body: dict[str, Any]) -> float:
    try:
        return max(0.0, min(float(body.get("retry_after", 1.0)), 3600.0))
    except (TypeError, ValueError):
        return 1.0


class DiscordSender:
    platform = "discord"

    def __init__(
        self,
        token: str,
        *,
        base_url: str = DISCORD_API,
        per_second: float = DISCORD_RATE,
        max_retries: int = 5,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    ) -> None:
        self._token = token
        self.base_url = base_url.rstrip("/")
        self.interval = 1.0 / per_second if per_second > 0 else 0.0
        self.max_retries = max_retries
        self._sleep = sleep
        self._next = 0.0
        self._session: aiohttp.ClientSession | None = None
        self._dm: dict[str, str] = {}
        self.retried = 0

    async def _pace(self) -> None:
        now = time.monotonic()
        slot = max(now, self._next)
        self._next = slot + self.interval
        if slot > now:
            await self._sleep(slot - now)

    async def _request(
        self, path: str, *, payload: dict[str, Any], files: list[Attachment] | None = None
    ) -> tuple[int, Any]:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(
                headers={"Authorization": f"Bot {self._token}", "User-Agent": "fedrank"}
            )
        attempt = 0
        while True:
            await self._pace()
            if files:
                form = aiohttp.FormData()
                form.add_field("payload_json", json.dumps(payload), content_type="application/json")
                for i, f in enumerate(files):
                    form.add_field(
                        f"files[{i}]", f.content, filename=f.filename, content_type=f.mime
                    )
                data: Any = form
            else:
                data = None
            async with self._session.post(
                f"{self.base_url}{path}", json=None if files else payload, data=data
            ) as resp:
                body = _json_body(await resp.read())
                if resp.status != 429:
                    return resp.status, body
                retry_after = _retry_after(body)
            attempt += 1
            if attempt > self.max_retries:
                return 429, {"retry_after": retry_after}
            self.retried += 1
            await self._sleep(retry_after)

    async def _channel(self, message: OutgoingMessage) -> tuple[str | None, SendResult | None]:
        if not message.direct:
            return message.chat_id, None
        if message.chat_id in self._dm:
            return self._dm[message.chat_id], None
        status, body = await self._request(
            "/users/@me/channels", payload={"recipient_id": message.chat_id}
        )
        if status >= 300:
            return None, self._failure(status, body, message)
        if "id" not in body:  # a success without the channel: a proxy's page, try again later
            return None, SendResult(Outcome.RETRY, error=f"{status}: no channel id")
        self._dm[message.chat_id] = str(body["id"])
        return self._dm[message.chat_id], None

    @staticmethod
    def _failure(status: int, body: Any, message: OutgoingMessage) -> SendResult:
        error = f"{status}: {body.get('message', '')}"
        if status == 429:
            return SendResult(Outcome.RETRY, _retry_after(body), error)
        if status == 403:
            return SendResult(Outcome.BLOCKED if message.direct else Outcome.FAILED, error=error)
        if status >= 500:
            return SendResult(Outcome.RETRY, error=error)
        return SendResult(Outcome.FAILED, error=error)

    async def send(self, message: OutgoingMessage) -> SendResult:
        try:
            channel, failure = await self._channel(message)
            if failure is not None or channel is None:
                return failure or SendResult(Outcome.FAILED, error="no channel")
            texts, files = discord_markdown(message.reply)
            owner = message.chat_id if message.direct else "0"
            components = discord_components(message.reply, owner)
            none: dict[str, Any] = {"parse": []}
            # The parts: one request per text (the files and buttons ride on the last one),
            # or a single request with the files when there is no text.
            parts = texts or [""] if texts or files else []
            for number, text in enumerate(parts, start=1):
                if number <= message.done:
                    continue  # delivered by an earlier attempt
                last = number == len(parts)
                payload: dict[str, Any] = {"content": text, "allowed_mentions": none}
                if last and components:
                    payload["components"] = components
                status, body = await self._request(
                    f"/channels/{channel}/messages", payload=payload, files=files if last else None
                )
                if status >= 300:
                    return self._failure(status, body, message)
                if not last:
                    await message.delivered(number)
        except (aiohttp.ClientError, TimeoutError) as exc:
            return SendResult(Outcome.RETRY, error=f"{type(exc).__name__}: {exc}")
        return SendResult(Outcome.SENT)

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()


class ConsoleSender:
    platform = "console"

    def __init__(self, stream: IO[str] | None = None) -> None:
        self.stream = stream

    async def send(self, message: OutgoingMessage) -> SendResult:
        stream = self.stream or sys.stdout
        stream.write(f"\n[fedrank → {message.chat_id}]\n{render_plain(message.reply)}\n")
        stream.flush()
        return SendResult(Outcome.SENT)

    async def close(self) -> None:
        return None


def default_senders(settings: Settings, *, console: bool = True) -> dict[str, Sender]:
    """A sender for every platform fedrank has credentials for, and the console."""
    senders: dict[str, Sender] = {}
    if settings.telegram_token is not None:
        senders["telegram"] = TelegramSender(settings.telegram_token.get_secret_value())
    if settings.discord_token is not None:
        senders["discord"] = DiscordSender(settings.discord_token.get_secret_value())
    if console:
        senders["console"] = ConsoleSender()
    return senders
