"""The platform senders: what each platform answer becomes (sent, retry, blocked, failed)."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiogram.client.telegram import TelegramAPIServer
from aiohttp import web

from fedrank.bot.telegram.pacer import Limits
from fedrank.handlers.reply import Attachment, Reply, bold
from fedrank.scheduler.outbox import Outcome, OutgoingMessage
from fedrank.scheduler.senders import (
    ConsoleSender,
    DiscordSender,
    RateWindow,
    TelegramSender,
    discord_components,
    discord_markdown,
)
from tests.bot.telegram.fake_api import TOKEN, FakeTelegram

FAST = Limits(per_second=0, chat_interval=0.0, group_per_minute=0, max_retries=1)


def announcement() -> Reply:
    reply = Reply().line(bold("List of <1 December>"), " *new*")
    reply.table(("#", "Player"), [("1", "Anna"), ("2", "Boris")])
    reply.attach(Attachment("list.csv", b"a,b\r\n", "text/csv"))
    reply.button("Confirm", "/qconfirm 1")
    return reply


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    server = FakeTelegram()
    await server.start()
    try:
        yield server
    finally:
        await server.close()


@pytest.fixture
async def telegram(fake: FakeTelegram) -> AsyncIterator[TelegramSender]:
    sender = TelegramSender(
        TOKEN, api_server=TelegramAPIServer.from_base(fake.url), limits=FAST, rate=0
    )
    try:
        yield sender
    finally:
        await sender.close()


async def test_telegram_sends_text_files_and_buttons(
    fake: FakeTelegram, telegram: TelegramSender
) -> None:
    result = await telegram.send(OutgoingMessage("-1001", announcement(), "en", False))
    assert result.outcome is Outcome.SENT
    methods = [d.method for d in fake.to_chat(-1001)]
    assert methods == ["sendMessage", "sendDocument"]
    assert "List of <1 December>" in fake.to_chat(-1001)[0].text  # escaped, shown as text
    assert fake.to_chat(-1001)[1].buttons == [("Confirm", "/qconfirm 1")]


@pytest.mark.slow
async def test_telegram_429_is_waited_out_by_the_pacer(
    fake: FakeTelegram, telegram: TelegramSender
) -> None:
    fake.fail("sendMessage", chat_id=5, status=429, retry_after=1)
    result = await telegram.send(OutgoingMessage("5", Reply.text("hi"), "en", True))
    assert result.outcome is Outcome.SENT and telegram.pacer.retried == 1
    # Past the pacer's retries the row goes back to the outbox with the wait Telegram named.
    fake.fail("sendMessage", chat_id=6, status=429, retry_after=1, times=2)
    result = await telegram.send(OutgoingMessage("6", Reply.text("hi"), "en", True))
    assert result.outcome is Outcome.RETRY and result.retry_after == 1


async def test_telegram_blocked_user_and_refusals(
    fake: FakeTelegram, telegram: TelegramSender
) -> None:
    fake.block(7)
    assert (await telegram.send(OutgoingMessage("7", Reply.text("x"), "en", True))).outcome is (
        Outcome.BLOCKED
    )
    fake.fail("sendMessage", chat_id=-9, status=403)  # kicked from a group: not a user
    assert (await telegram.send(OutgoingMessage("-9", Reply.text("x"), "en", False))).outcome is (
        Outcome.FAILED
    )
    fake.fail("sendMessage", chat_id=8, status=400)
    assert (await telegram.send(OutgoingMessage("8", Reply.text("x"), "en", True))).outcome is (
        Outcome.FAILED
    )
    fake.fail("sendMessage", chat_id=8, status=502)
    assert (await telegram.send(OutgoingMessage("8", Reply.text("x"), "en", True))).outcome is (
        Outcome.RETRY
    )


class FakeDiscord:
    """Enough of Discord's REST API: DM channels, channel messages, 429 and 403 on demand."""

    def __init__(self) -> None:
        self.posts: list[tuple[str, Any]] = []
        self.script: list[tuple[int, dict[str, Any] | str]] = []
        app = web.Application()
        app.router.add_post("/users/@me/channels", self._dm)
        app.router.add_post("/channels/{channel}/messages", self._message)
        self.app = app

    async def _dm(self, request: web.Request) -> web.Response:
        body = await request.json()
        return web.json_response({"id": f"dm-{body['recipient_id']}"})

    async def _message(self, request: web.Request) -> web.Response:
        assert request.headers["Authorization"] == "Bot secret"
        if request.content_type == "application/json":
            body: Any = await request.json()
        else:
            form = await request.post()
            body = {k: (v.filename if isinstance(v, web.FileField) else v) for k, v in form.items()}
        if self.script:
            status, answer = self.script.pop(0)
            if isinstance(answer, str):  # a proxy's error page
                return web.Response(text=answer, status=status, content_type="text/html")
            return web.json_response(answer, status=status)
        self.posts.append((request.match_info["channel"], body))
        return web.json_response({"id": "1"})


@pytest.fixture
async def discord() -> AsyncIterator[tuple[FakeDiscord, str]]:
    fake = FakeDiscord()
    runner = web.AppRunner(fake.app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        yield fake, f"http://127.0.0.1:{port}"
    finally:
        await runner.cleanup()


async def _no_sleep(seconds: float) -> None:
    return None


async def test_discord_channel_dm_429_and_403(discord: tuple[FakeDiscord, str]) -> None:
    fake, url = discord
    sender = DiscordSender("secret", base_url=url, per_second=0, sleep=_no_sleep)
    try:
        result = await sender.send(OutgoingMessage("555", announcement(), "en", False))
        assert result.outcome is Outcome.SENT
        channel, body = fake.posts[0]
        assert channel == "555" and "files[0]" in body  # text and the file in one message
        assert '"custom_id": "fr:0:/qconfirm 1"' in bytes(body["payload_json"]).decode()
        fake.script.append((429, {"message": "rate limited", "retry_after": 0.5}))
        result = await sender.send(OutgoingMessage("42", Reply.text("hi"), "en", True))
        assert result.outcome is Outcome.SENT and sender.retried == 1
        assert fake.posts[-1][0] == "dm-42"
        fake.script.append((403, {"message": "Cannot send messages to this user", "code": 50007}))
        result = await sender.send(OutgoingMessage("43", Reply.text("hi"), "en", True))
        assert result.outcome is Outcome.BLOCKED
    finally:
        await sender.close()


def test_discord_markdown_escapes_user_text() -> None:
    texts, files = discord_markdown(announcement())
    assert texts[0].startswith("**List of <1 December\\>** \\*new\\*")
    assert "```" in texts[0] and "/qconfirm" not in texts[0]  # a component, not text
    assert discord_components(announcement(), "42") == [
        {
            "type": 1,
            "components": [
                {"type": 2, "style": 3, "label": "Confirm", "custom_id": "fr:42:/qconfirm 1"}
            ],
        }
    ]
    assert [f.filename for f in files] == ["list.csv"]
    long, _ = discord_markdown(Reply.text(*["x" * 1500] * 3))
    assert [len(t) for t in long] == [1500, 1500, 1500]


async def test_console_sender_writes_plain_text() -> None:
    stream = io.StringIO()
    result = await ConsoleSender(stream).send(OutgoingMessage("op", announcement(), "en", False))
    assert result.outcome is Outcome.SENT
    assert "[fedrank → op]" in stream.getvalue() and "Anna" in stream.getvalue()


async def test_rate_window_keeps_the_limit_and_catches_up_after_a_pause() -> None:
    """At most 28 in any second, evenly spread (1/28 s apart in the steady state); after a
    pause the next messages go at once (tokens were saved) and still never more than 28."""
    now = [0.0]
    sent: list[float] = []

    async def sleep(seconds: float) -> None:
        now[0] += seconds

    window = RateWindow(28, clock=lambda: now[0], sleep=sleep)
    for i in range(300):
        await window.take()
        sent.append(now[0])
        now[0] += 0.01  # each message takes 10 ms to send and record
        if i == 100:
            now[0] += 0.5  # one slow commit
    for i, t in enumerate(sent):
        assert sum(1 for u in sent[i:] if u < t + 1.0) <= 28
    assert 300 / sent[-1] == pytest.approx(28.0, rel=0.04)  # the pause cost nothing in the end
    assert sent[102] - sent[101] == pytest.approx(0.01)  # caught up at once after the pause
    assert sent[51] - sent[50] == pytest.approx(1 / 28)  # evenly spread before it


async def test_discord_resumes_after_the_parts_already_delivered(
    discord: tuple[FakeDiscord, str],
) -> None:
    """A message of three texts whose third request fails: the retry sends only the third."""
    fake, url = discord
    sender = DiscordSender("secret", base_url=url, per_second=0, sleep=_no_sleep)
    reply = Reply.text(*["x" * 1500, "y" * 1500, "z" * 1500])
    recorded: list[int] = []

    async def progress(parts: int) -> None:
        recorded.append(parts)

    try:
        first = OutgoingMessage("555", reply, "en", False, progress=progress)
        fake.posts.clear()
        fake.script.extend([(200, {"id": "1"}), (200, {"id": "2"}), (502, {"message": "down"})])
        result = await sender.send(first)
        assert result.outcome is Outcome.RETRY
        assert recorded == [1, 2]
        again = OutgoingMessage("555", reply, "en", False, done=recorded[-1], progress=progress)
        assert (await sender.send(again)).outcome is Outcome.SENT
        assert [body["content"][0] for _, body in fake.posts] == ["z"]
    finally:
        await sender.close()


async def test_discord_5xx_with_an_html_page_is_retried(discord: tuple[FakeDiscord, str]) -> None:
    """A proxy's HTML page on a 502 once raised JSONDecodeError out of send (the batch stayed
    "sending" for the whole lease); it is a delivery to retry, with the page's start as error."""
    fake, url = discord
    sender = DiscordSender("secret", base_url=url, per_second=0, sleep=_no_sleep)
    try:
        fake.script.append((502, "<html><body>502 Bad Gateway</body></html>"))
        result = await sender.send(OutgoingMessage("555", Reply.text("hi"), "en", False))
        assert result.outcome is Outcome.RETRY
        assert result.error == "502: <html><body>502 Bad Gateway</body></html>"
        fake.script.append((200, "<html>not json</html>"))
        result = await sender.send(OutgoingMessage("44", Reply.text("hi"), "en", True))
        assert result.outcome is Outcome.SENT  # a 2xx whose body is not JSON: sent
    finally:
        await sender.close()
