"""A Discord reply survives a passing fault: tried again (discord.py's own retries, then
delivery's), else owed to the user through the outbox, once, in order, nothing resent.

Against the fake Discord REST API with discord.py's real HTTP client; no test waits: discord.py's
sleeps and delivery's backoff are recorded instead of slept."""

from __future__ import annotations

import asyncio
import types
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest

import fedrank.bot.discord  # noqa: F401  (imports discord.py without its audioop warning)
from fedrank.bot.discord import delivery
from fedrank.bot.discord.core import Core
from fedrank.bot.discord.delivery import (
    ChannelTarget,
    InteractionTarget,
    Reachability,
    Retries,
    UndeliveredError,
    rest_of,
    send_rendered,
    split_files,
)
from fedrank.bot.discord.render import render
from fedrank.handlers.context import Services
from fedrank.handlers.wording.reply import Attachment, Reply, bold
from fedrank.scheduler.outbox import DeliveryWorker
from fedrank.scheduler.senders import DiscordSender
from tests.bot.discord.conftest import discord_settings
from tests.bot.discord.fake_rest import TOKEN, FakeDiscordRest, pointed_at

import discord  # isort: skip
import discord.http  # isort: skip

CHANNEL = 4242
USER = 777_000_000_000_000_777
BAD_GATEWAY = (502, {"message": "502 Bad Gateway", "code": 0})


@dataclass
class Slept:
    """The pauses discord.py and delivery would have slept, in order."""

    library: list[float]
    delivery: list[float]


@pytest.fixture
def slept(monkeypatch: pytest.MonkeyPatch) -> Slept:
    record = Slept([], [])

    real_sleep = asyncio.sleep

    async def library(delay: float, *args: Any, **kwargs: Any) -> None:
        if delay > 0:
            record.library.append(delay)
        else:
            await real_sleep(0)  # discord.py's yields to the loop stay yields

    async def ours(delay: float) -> None:
        record.delivery.append(delay)

    # discord.http's own asyncio, with a sleep that records: its 5xx retries take no time.
    fast = types.SimpleNamespace(
        **{k: getattr(asyncio, k) for k in dir(asyncio) if not k.startswith("__")}
    )
    fast.sleep = library
    monkeypatch.setattr(discord.http, "asyncio", fast)
    monkeypatch.setattr(delivery, "RETRIES", Retries(sleep=ours))
    return record


@pytest.fixture
async def rest() -> AsyncIterator[FakeDiscordRest]:
    fake = FakeDiscordRest(buckets={})
    await fake.start()
    try:
        with pointed_at(fake.url):
            yield fake
    finally:
        await fake.close()


@pytest.fixture
async def channel(rest: FakeDiscordRest) -> AsyncIterator[discord.PartialMessageable]:
    """A server channel, as the bot's discord.py client reaches it (REST only)."""
    client = discord.Client(intents=discord.Intents(guilds=True))
    await client.login(TOKEN)
    try:
        yield client.get_partial_messageable(CHANNEL, type=discord.ChannelType.text)
    finally:
        await client.close()


@pytest.fixture
def core(services: Services) -> Core:
    return Core(services, discord_settings(), Reachability(services))


def season_report() -> Reply:
    """Two text messages and a file (a long table and a chart)."""
    reply = Reply().line("Season report")
    for i in range(1, 5):
        reply.line(f"Section {i}: " + "word " * 180)
    return reply.attach(Attachment("chart.png", b"\x89PNG\r\n", "image/png", "Rating history"))


async def owed_rows(services: Services) -> list[tuple[str, int, bool]]:
    async with services.db.read() as repos:
        rows = await repos.outbox.by_prefix("reply:discord:")
        return [(r.chat_id, r.parts_done, bool(r.payload["direct"])) for r in rows]


async def drain_outbox(services: Services, rest: FakeDiscordRest) -> None:
    sender = DiscordSender(TOKEN, per_second=0)
    try:
        worker = DeliveryWorker(services.db, {"discord": sender})
        assert await worker.drain("discord") == 1
        assert await worker.drain("discord") == 0
    finally:
        await sender.close()


async def test_a_reply_survives_one_server_error(
    core: Core,
    channel: discord.PartialMessageable,
    rest: FakeDiscordRest,
    services: Services,
    slept: Slept,
) -> None:
    """A 502 then 200: discord.py tries again, the reply arrives once, nothing is owed."""
    reply = Reply.text("Saved")
    rest.script = [BAD_GATEWAY]
    rendered = render(reply, language="en", owner=USER)
    assert await core.send(ChannelTarget(channel), reply, rendered, user_id=USER, language="en")
    assert [p.content for p in rest.to_channel(CHANNEL)] == ["Saved"]
    assert slept.library == [1] and slept.delivery == []
    assert await owed_rows(services) == []


async def test_a_fault_discord_py_does_not_retry_is_tried_again_here(
    core: Core,
    channel: discord.PartialMessageable,
    rest: FakeDiscordRest,
    services: Services,
    slept: Slept,
) -> None:
    """A 503 (which discord.py raises at once) twice, then 200: tried again after 0.5 and 1 s,
    delivered once."""
    reply = Reply.text("Saved")
    unavailable = (503, {"message": "503 Service Unavailable", "code": 0})
    rest.script = [unavailable, unavailable]
    rendered = render(reply, language="en", owner=USER)
    assert await core.send(ChannelTarget(channel), reply, rendered, user_id=USER, language="en")
    assert [p.content for p in rest.to_channel(CHANNEL)] == ["Saved"]
    assert slept.delivery == [0.5, 1.0]


async def test_a_reply_discord_keeps_refusing_is_delivered_by_the_outbox_once(
    core: Core,
    channel: discord.PartialMessageable,
    rest: FakeDiscordRest,
    services: Services,
    slept: Slept,
) -> None:
    """The first message goes; the second meets 502 at every one of discord.py's five tries:
    the rest is owed from the second message on, and the outbox brings the user the second
    message and the chart by direct message, once each and in order; the first is not resent."""
    reply = season_report()
    rendered = render(reply, language="en", owner=USER)
    parts = split_files(rendered)
    assert len(parts) == 2 and parts[-1].files  # two texts, the chart with the second
    rest.script = [(200, None), *[BAD_GATEWAY] * 5]
    delivered = await core.send(
        ChannelTarget(channel), reply, rendered, user_id=USER, language="en"
    )
    assert not delivered
    assert slept.library == [1, 3, 5, 7, 9] and slept.delivery == []
    assert [p.content for p in rest.to_channel(CHANNEL)] == [parts[0].content]
    assert await owed_rows(services) == [(str(USER), 1, True)]
    await drain_outbox(services, rest)
    (rest_of_it,) = rest.to_user(USER)
    assert rest_of_it.content == parts[1].content and rest_of_it.files == ["chart.png"]
    assert len(rest.to_channel(CHANNEL)) == 1


class FlakyInteraction:
    """An interaction's answers whose network fails ``failures`` times, then takes them."""

    library_retried = InteractionTarget.library_retried

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.sent: list[dict[str, Any]] = []

    async def send_one(self, kwargs: dict[str, Any], *, ephemeral: bool) -> None:
        if self.failures:
            self.failures -= 1
            raise aiohttp.ClientConnectionError("connection reset")
        self.sent.append(kwargs)


async def test_network_errors_are_tried_again_within_a_bounded_backoff(slept: Slept) -> None:
    rendered = render(Reply.text("Saved"), language="en")
    target = FlakyInteraction(failures=3)
    await send_rendered(target, rendered, owner=USER)
    assert [k["content"] for k in target.sent] == ["Saved"]
    assert slept.delivery == [0.5, 1.0, 2.0]
    target = FlakyInteraction(failures=4)
    with pytest.raises(UndeliveredError) as raised:
        await send_rendered(target, rendered, owner=USER)
    assert raised.value.parts_done == 0 and not target.sent


async def test_a_private_answer_refused_is_owed_by_direct_message(
    core: Core, services: Services, slept: Slept
) -> None:
    """An ephemeral answer that never got through goes to the asker alone, whole."""
    reply = Reply.text("Your PIN: 1234", private=True)
    rendered = render(reply, language="en", owner=USER)
    target = FlakyInteraction(failures=10)
    assert not await core.send(target, reply, rendered, user_id=USER, language="en", ephemeral=True)
    assert await owed_rows(services) == [(str(USER), 0, True)]


def test_the_outbox_counts_parts_in_its_own_rendering() -> None:
    """The outbox renders without an embed: after an embed with ten of twelve images went out,
    what is owed is the two images left (one message), not a count of the embed's parts."""
    reply = Reply().line(bold("Rating of Anna")).line("1500")
    for i in range(12):
        reply.attach(Attachment(f"chart{i}.png", b"\x89PNG", "image/png"))
    embedded = render(reply, language="en", owner=USER, embed=True)
    parts = split_files(embedded)
    assert parts[0].embed is not None and len(parts) == 2
    rest, done = rest_of(reply, embedded, 1, owner=USER, language="en")
    assert done == 0
    (owed,) = split_files(render(rest, language="en", owner=USER))
    assert [f.filename for f in owed.files] == ["chart10.png", "chart11.png"]
    assert not owed.content.strip("\u200b") and owed.embed is None
    # Rendered as the outbox renders it, a count is the outbox's count.
    plain = season_report()
    assert (
        rest_of(plain, render(plain, language="en", owner=USER), 1, owner=USER, language="en")[1]
        == 1
    )
