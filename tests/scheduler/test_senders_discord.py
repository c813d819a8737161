"""The outbox's Discord sender against the fake Discord REST API: discord.py's REST-only client,
the interactive rendering, mentions inert, DM channels opened once and stored, Discord's limits
(route buckets from the headers, 429s after Retry-After, one budget with the bot)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

import pytest

from fedrank.bot.discord.delivery import ChannelTarget, send_rendered
from fedrank.bot.discord.render import render
from fedrank.bot.limits import Budget, DiscordLimits, discord_limits, shared_budget
from fedrank.handlers.notify import new_message
from fedrank.handlers.wording.reply import Attachment, Reply, bold
from fedrank.metrics import DELIVERIES, RATE_LIMITED
from fedrank.scheduler.outbox import DeliveryWorker, Outcome, OutgoingMessage
from fedrank.scheduler.senders import DiscordSender, StoredDmChannels
from fedrank.storage.database import Database
from tests.bot.discord.fake_rest import TOKEN, FakeDiscordRest, pointed_at

# After fedrank.bot.discord, which imports discord.py without its audioop warning.
import discord  # isort: skip


def announcement() -> Reply:
    reply = Reply().line(bold("List of <1 December>"), " *new*")
    reply.table(("#", "Player"), [("1", "Anna"), ("2", "Boris")])
    reply.attach(Attachment("list.csv", b"a,b\r\n", "text/csv"))
    reply.button("Confirm", "/qconfirm 1")
    return reply


def fast() -> DiscordLimits:
    """A budget no test waits for (the limits under test are the fake server's)."""
    return DiscordLimits(Budget(1000.0))


@pytest.fixture
async def rest() -> AsyncIterator[FakeDiscordRest]:
    fake = FakeDiscordRest()
    url = await fake.start()
    try:
        with pointed_at(url):
            yield fake
    finally:
        await fake.close()


class MemoryChannels:
    """Stored DM channels in memory, counting the reads."""

    def __init__(self) -> None:
        self.rows: dict[str, str] = {}
        self.loads: list[list[str]] = []

    async def load(self, user_ids: Iterable[str]) -> dict[str, str]:
        wanted = sorted(user_ids)
        self.loads.append(wanted)
        return {u: self.rows[u] for u in wanted if u in self.rows}

    async def save(self, channels: Mapping[str, str]) -> None:
        self.rows.update(channels)


def _comparable(payload: dict[str, Any]) -> dict[str, Any]:
    """A message payload without its random nonce."""
    return {k: v for k, v in payload.items() if k != "nonce"}


async def test_an_announcement_is_rendered_as_the_interactive_reply(rest: FakeDiscordRest) -> None:
    sender = DiscordSender(TOKEN, limits=fast())
    try:
        result = await sender.send(OutgoingMessage("555", announcement(), "en", False))
        assert result.outcome is Outcome.SENT
        # The same reply given interactively in a channel (the bot's ChannelTarget).
        assert sender.client is not None
        channel = sender.client.get_partial_messageable(777)
        await send_rendered(
            ChannelTarget(channel), render(announcement(), language="en", owner=0), owner=0
        )
    finally:
        await sender.close()
    (outbox,) = rest.to_channel(555)
    (interactive,) = rest.to_channel(777)
    assert _comparable(outbox.payload) == _comparable(interactive.payload)
    assert outbox.files == interactive.files == ["list.csv"]  # text and file in one message
    expected = render(announcement(), language="en", owner=0).messages[0].content
    assert outbox.content == expected
    assert outbox.content.startswith("**List of \\<1 December>** \\*new\\*")
    (row,) = outbox.payload["components"]
    (button,) = row["components"]
    assert (button["label"], button["custom_id"]) == ("Confirm", "fr:0:/qconfirm 1")


async def test_mentions_are_inert(rest: FakeDiscordRest) -> None:
    sender = DiscordSender(TOKEN, limits=fast())
    name = "@everyone <@123> <@&9> <#55> <t:1700000000:R> @here"
    try:
        await sender.send(OutgoingMessage("555", Reply.text(name), "en", False))
    finally:
        await sender.close()
    (posted,) = rest.to_channel(555)
    assert posted.payload["allowed_mentions"] == {"parse": []}
    content = posted.content
    assert "@everyone" not in content and "@here" not in content  # broken by a zero width space
    # Every "<" escaped: no user, role, channel or timestamp syntax is left live.
    assert re.search(r"(?<!\\)<", content) is None
    assert "\\<@123>" in content and "\\<t:1700000000:R>" in content


async def test_a_dm_channel_is_opened_once_and_stored_across_a_restart(
    rest: FakeDiscordRest, db: Database
) -> None:
    first = DiscordSender(TOKEN, limits=fast(), channels=StoredDmChannels(db))
    try:
        for text in ("one", "two"):
            result = await first.send(OutgoingMessage("42", Reply.text(text), "en", True))
            assert result.outcome is Outcome.SENT
    finally:
        await first.close()
    restarted = DiscordSender(TOKEN, limits=fast(), channels=StoredDmChannels(db))
    try:
        result = await restarted.send(OutgoingMessage("42", Reply.text("three"), "en", True))
        assert result.outcome is Outcome.SENT
    finally:
        await restarted.close()
    assert rest.opened[42] == 1 and first.opened == 1 and restarted.opened == 0
    assert [p.content for p in rest.to_user(42)] == ["one", "two", "three"]
    async with db.read() as repos:
        stored = await repos.outbox.dm_channels(["42", "43"])
    assert stored == {"42": str(rest.dm_channel_of(42))}


async def test_the_outbox_reads_a_batchs_dm_channels_in_one_query(
    rest: FakeDiscordRest, db: Database
) -> None:
    channels = MemoryChannels()
    users = [str(100 + i) for i in range(6)]
    for user in users[:4]:  # opened before the restart
        channels.rows[user] = str(rest.dm_channel_of(int(user)))
    now = datetime.now(UTC)
    async with db.transaction() as repos:
        await repos.outbox.enqueue(
            [
                new_message(
                    f"t:{u}",
                    "discord",
                    u,
                    Reply.text(f"to {u}"),
                    language="en",
                    kind="announcement",
                    direct=True,
                )
                for u in users
            ],
            now,
        )
    sender = DiscordSender(TOKEN, limits=fast(), channels=channels)
    sent_before = DELIVERIES.labels("discord", "sent")._value.get()
    worker = DeliveryWorker(db, {"discord": sender}, clock=lambda: now)
    try:
        assert await worker.drain("discord") == 6
    finally:
        await sender.close()
    assert channels.loads == [sorted(users)]  # the whole batch in one read
    assert sum(rest.opened.values()) == 2 and set(rest.opened) == {104, 105}
    assert sorted(channels.rows) == sorted(users)
    for user in users:
        assert [p.content for p in rest.to_user(int(user))] == [f"to {user}"]
    assert DELIVERIES.labels("discord", "sent")._value.get() == sent_before + 6


async def test_a_429_is_retried_after_its_retry_after_and_counted(rest: FakeDiscordRest) -> None:
    sender = DiscordSender(TOKEN, limits=fast())
    counted = RATE_LIMITED.labels("discord")._value.get()
    try:
        await sender.send(OutgoingMessage("555", Reply.text("warm up"), "en", False))
        rest.rate_limit_next(0.3)
        result = await sender.send(OutgoingMessage("555", Reply.text("hi"), "en", False))
    finally:
        await sender.close()
    assert result.outcome is Outcome.SENT
    assert [p.content for p in rest.to_channel(555)] == ["warm up", "hi"]  # once, not twice
    (refused,) = rest.refused_at
    assert rest.to_channel(555)[-1].at - refused >= 0.3
    assert sender.limits.rate_limited == 1
    assert RATE_LIMITED.labels("discord")._value.get() == counted + 1


async def test_a_long_429_goes_back_to_the_outbox_with_its_wait(rest: FakeDiscordRest) -> None:
    sender = DiscordSender(TOKEN, limits=fast())
    try:
        rest.rate_limit_next(120.0)
        result = await sender.send(OutgoingMessage("555", Reply.text("hi"), "en", False))
    finally:
        await sender.close()
    assert result.outcome is Outcome.RETRY and result.retry_after == 120.0
    assert rest.to_channel(555) == []


async def test_a_global_429_holds_every_client_of_the_token(rest: FakeDiscordRest) -> None:
    limits = fast()
    outbox = DiscordSender(TOKEN, limits=limits)
    bot = DiscordSender(TOKEN, limits=limits)  # a second client of the same token
    try:
        await outbox.send(OutgoingMessage("1", Reply.text("a"), "en", False))
        await bot.send(OutgoingMessage("2", Reply.text("b"), "en", False))
        rest.rate_limit_next(0.4, is_global=True)
        held = asyncio.create_task(outbox.send(OutgoingMessage("1", Reply.text("c"), "en", False)))
        await rest.refusal.wait()
        while not limits.rate_limited:  # noqa: ASYNC110  (until the outbox's client read it)
            await asyncio.sleep(0.005)
        # The bot's request comes after the 429 the outbox got: it waits for the same second.
        second = await bot.send(OutgoingMessage("2", Reply.text("d"), "en", False))
        results = [await held, second]
    finally:
        await outbox.close()
        await bot.close()
    assert [r.outcome for r in results] == [Outcome.SENT, Outcome.SENT]
    (refused,) = rest.refused_at
    later = [p.at for p in rest.posted if p.content in ("c", "d")]
    assert len(later) == 2 and all(at - refused >= 0.4 for at in later)


async def test_a_bucket_at_remaining_zero_waits_its_reset_for_every_client() -> None:
    """Two clients of one token (the bot and the outbox) post in one channel whose bucket
    allows 2 messages per 0.5 s: neither discord.py client knows what the other spent, the
    shared limits do, and no request is refused."""
    fake = FakeDiscordRest(buckets={"POST /channels/{id}/messages": (2, 0.5)})
    url = await fake.start()
    limits = fast()
    with pointed_at(url):
        outbox = DiscordSender(TOKEN, limits=limits)
        bot = DiscordSender(TOKEN, limits=limits)
        try:
            for number in range(3):
                for sender in (outbox, bot):
                    result = await sender.send(
                        OutgoingMessage("555", Reply.text(f"{number}"), "en", False)
                    )
                    assert result.outcome is Outcome.SENT
        finally:
            await outbox.close()
            await bot.close()
            await fake.close()
    assert fake.invalid == 0
    arrived = [p.at for p in fake.to_channel(555)]
    assert len(arrived) == 6
    assert arrived[2] - arrived[0] >= 0.5 and arrived[4] - arrived[2] >= 0.5


async def test_the_bot_and_the_outbox_share_one_budget() -> None:
    """Against a server allowing 10 requests a second, a bot client and the outbox sending
    at once with one budget of 8/s are never refused (two budgets of 8 would be: 16/s)."""
    fake = FakeDiscordRest(global_limit=10, buckets={})
    url = await fake.start()
    limits = DiscordLimits(Budget(8.0))
    with pointed_at(url):
        outbox = DiscordSender(TOKEN, limits=limits)
        bot = discord.Client(intents=discord.Intents.none(), http_trace=limits.trace_config())
        await bot.login(TOKEN)

        async def bot_replies() -> None:
            channel = bot.get_partial_messageable(900)
            for number in range(6):
                await channel.send(
                    f"reply {number}", allowed_mentions=discord.AllowedMentions.none()
                )

        async def broadcast() -> list[Outcome]:
            results = []
            for user in range(1, 4):
                message = OutgoingMessage(str(user), Reply.text("news"), "en", True)
                results.append((await outbox.send(message)).outcome)
            return results

        try:
            _, outcomes = await asyncio.gather(bot_replies(), broadcast())
        finally:
            await outbox.close()
            await bot.close()
            await fake.close()
    assert outcomes == [Outcome.SENT] * 3
    assert len(fake.to_channel(900)) == 6
    assert fake.invalid == 0
    # Both clients drew on the one budget: the logins (2 × 2), 6 replies, 3 DM opens and 3 DMs.
    assert limits.budget.taken == 16


def test_one_budget_per_token_in_the_process() -> None:
    limits = discord_limits("token-a")
    assert DiscordSender("token-a").limits is limits
    assert limits.budget is shared_budget("discord", "token-a", 50.0)
    assert limits.budget.rate == 50.0  # the whole of Discord's 50/s, not a half
    assert discord_limits("token-b") is not limits


async def test_refusals_and_server_errors(rest: FakeDiscordRest) -> None:
    sender = DiscordSender(TOKEN, limits=fast())
    try:
        rest.forbidden.add(43)
        result = await sender.send(OutgoingMessage("43", Reply.text("hi"), "en", True))
        assert result.outcome is Outcome.BLOCKED
        # Never retried: the DM opened and one message refused (an invalid request each time).
        assert [route for _, route in rest.requests[-2:]] == [
            "POST /users/@me/channels",
            "POST /channels/{id}/messages",
        ]
        assert len(rest.requests) == 4  # with the login's two
        assert result.error == "403: Cannot send messages to this user"
        rest.script.append((403, {"message": "Missing Access", "code": 50001}))
        result = await sender.send(OutgoingMessage("555", Reply.text("hi"), "en", False))
        assert result.outcome is Outcome.FAILED  # a channel, not a user who closed his DMs
        rest.script.append((404, {"message": "Unknown Channel", "code": 10003}))
        result = await sender.send(OutgoingMessage("556", Reply.text("hi"), "en", False))
        assert result.outcome is Outcome.FAILED
        # A proxy's HTML page on a 503: a delivery to retry, with the page's start as error.
        rest.script.append((503, "<html><body>503 Service Unavailable</body></html>"))
        result = await sender.send(OutgoingMessage("555", Reply.text("hi"), "en", False))
        assert result.outcome is Outcome.RETRY
        assert result.error == "503: <html><body>503 Service Unavailable</body></html>"
        result = await sender.send(OutgoingMessage("not-an-id", Reply.text("hi"), "en", False))
        assert result.outcome is Outcome.FAILED
    finally:
        await sender.close()
    assert rest.posted == []


async def test_a_refused_token_is_retried_later() -> None:
    fake = FakeDiscordRest(token="the-right-one")
    url = await fake.start()
    with pointed_at(url):
        sender = DiscordSender("a-wrong-one", limits=fast())
        try:
            result = await sender.send(OutgoingMessage("555", Reply.text("hi"), "en", False))
        finally:
            await sender.close()
            await fake.close()
    assert result.outcome is Outcome.RETRY and result.error.startswith("login refused")
    assert "a-wrong-one" not in result.error


async def test_a_retry_resumes_after_the_parts_already_delivered(rest: FakeDiscordRest) -> None:
    """A message of three texts whose third request fails: the retry sends only the third."""
    sender = DiscordSender(TOKEN, limits=fast())
    reply = Reply.text(*["x" * 1500, "y" * 1500, "z" * 1500])
    recorded: list[int] = []

    async def progress(parts: int) -> None:
        recorded.append(parts)

    try:
        rest.script.extend([(200, None), (200, None), (503, {"message": "down"})])
        first = OutgoingMessage("555", reply, "en", False, progress=progress)
        assert (await sender.send(first)).outcome is Outcome.RETRY
        assert recorded == [1, 2]
        again = OutgoingMessage("555", reply, "en", False, done=recorded[-1], progress=progress)
        assert (await sender.send(again)).outcome is Outcome.SENT
    finally:
        await sender.close()
    assert [p.content[0] for p in rest.to_channel(555)] == ["x", "y", "z"]  # z once, at last


async def test_concurrent_first_sends_log_in_once(rest: FakeDiscordRest) -> None:
    sender = DiscordSender(TOKEN, limits=fast())
    try:
        messages = [OutgoingMessage(str(600 + n), Reply.text("hi"), "en", False) for n in range(5)]
        results = await asyncio.gather(*(sender.send(m) for m in messages))
    finally:
        await sender.close()
    assert [r.outcome for r in results] == [Outcome.SENT] * 5
    assert [route for _, route in rest.requests].count("GET /users/@me") == 1
