"""fedrank.bot.limits_redis on the real Redis (``FEDRANK_TEST_REDIS_URL``): budgets, Telegram's
chats and Discord's buckets shared by every process on a token, with one process's pacing.

Two :class:`RedisLimits` stand for two processes (each its own connection; all they share is
the Redis), on a fake clock passed to the scripts instead of Redis's ``TIME``; the last test
runs two real processes. Each test's keys have a prefix of their own, deleted afterwards.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from redis.asyncio import Redis

import fedrank.bot.discord  # noqa: F401  (imports discord.py without its audioop warning)
from fedrank.bot.limits import (
    Budget,
    TelegramLimits,
    TelegramPacer,
    discord_limits,
    telegram_pacer,
)
from fedrank.bot.limits_redis import (
    RedisBudget,
    RedisLimits,
    SharedDiscordLimits,
    SharedPacer,
    close_all,
    redis_limits,
)

REDIS_URL = os.environ.get("FEDRANK_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
ROOT = Path(__file__).resolve().parents[2]
TOKEN = "123456:SECRET-token-of-the-tests"


class FakeClock:
    """One clock for both "processes": the scripts' now, and sleeping moves it."""

    def __init__(self) -> None:
        self.now = 1_000.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(round(seconds, 6))
        self.now += seconds


@pytest.fixture
async def prefix() -> AsyncIterator[str]:
    name = f"test:limits:{uuid.uuid4().hex}"
    yield name
    client = Redis.from_url(REDIS_URL)
    try:
        keys = [key async for key in client.scan_iter(f"{name}:*")]
        if keys:
            await client.delete(*keys)
    finally:
        await client.aclose()


@pytest.fixture
async def two(prefix: str) -> AsyncIterator[tuple[RedisLimits, RedisLimits, FakeClock]]:
    clock = FakeClock()
    first, second = (
        RedisLimits(REDIS_URL, prefix=prefix, clock=clock, sleep=clock.sleep) for _ in range(2)
    )
    yield first, second, clock
    await first.close()
    await second.close()


# --- a token's budget -----------------------------------------------------------------------


async def test_two_processes_take_one_budgets_slots_in_turn(
    two: tuple[RedisLimits, RedisLimits, FakeClock],
) -> None:
    first, second, _ = two
    budgets = [first.budget("tg", TOKEN, 10.0), second.budget("tg", TOKEN, 10.0)]
    delays = []
    for n in range(6):
        got = await budgets[n % 2].reserve_shared()
        assert got is not None
        delays.append(got[0])
    # One budget of 10 a second: six requests, alternately from each process, six slots.
    assert delays == pytest.approx([0.0, 0.1, 0.2, 0.3, 0.4, 0.5])
    assert budgets[0].senders == 2  # both processes were seen sending on the token


async def test_the_shared_budget_paces_as_one_process_does(
    two: tuple[RedisLimits, RedisLimits, FakeClock],
) -> None:
    """The scenario of test_limits' catch-up test (28/s, burst 10, a slow commit), its
    requests taken in turn by two processes, goes out at the times one local Budget gives."""

    async def run(budgets: list[Budget], clock: FakeClock) -> list[float]:
        sent = []
        for i in range(120):
            await budgets[i % len(budgets)].take()
            sent.append(clock.now)
            clock.now += 0.01
            if i == 50:
                clock.now += 0.5
        return sent

    first, second, clock = two
    shared: list[Budget] = [
        first.budget("tg", TOKEN, 28.0, burst=10),
        second.budget("tg", TOKEN, 28.0, burst=10),
    ]
    local_clock = FakeClock()
    local = Budget(28.0, burst=10, clock=local_clock, sleep=local_clock.sleep)
    assert await run(shared, clock) == pytest.approx(await run([local], local_clock), abs=1e-5)


async def test_a_hold_in_one_process_holds_the_other(
    two: tuple[RedisLimits, RedisLimits, FakeClock],
) -> None:
    first, second, _ = two
    await first.budget("dc", TOKEN, 10.0).held(5.0)
    got = await second.budget("dc", TOKEN, 10.0).reserve_shared()
    assert got is not None and got[0] == pytest.approx(5.0)


async def test_no_key_holds_the_token(
    two: tuple[RedisLimits, RedisLimits, FakeClock], prefix: str
) -> None:
    first, _, _ = two
    pacer = first.telegram_pacer(TOKEN, TelegramLimits(), on_forbidden=None)
    await pacer.chat_delay(-100)
    await pacer.take_global(-100)
    client = Redis.from_url(REDIS_URL)
    try:
        keys = [key.decode() async for key in client.scan_iter(f"{prefix}:*")]
    finally:
        await client.aclose()
    assert len(keys) >= 4
    assert not any("SECRET" in key or "123456" in key for key in keys)


# --- Telegram's chats -----------------------------------------------------------------------


def _pacers(
    two: tuple[RedisLimits, RedisLimits, FakeClock],
) -> tuple[SharedPacer, SharedPacer]:
    first, second, _ = two
    return (
        first.telegram_pacer(TOKEN, TelegramLimits(), on_forbidden=None),
        second.telegram_pacer(TOKEN, TelegramLimits(), on_forbidden=None),
    )


async def test_a_chat_gets_one_message_a_second_from_both_processes(
    two: tuple[RedisLimits, RedisLimits, FakeClock],
) -> None:
    a, b = _pacers(two)
    assert [await pacer.chat_delay(7) for pacer in (a, b, a)] == [0.0, 1.0, 2.0]


async def test_a_group_gets_twenty_a_minute_from_both_processes(
    two: tuple[RedisLimits, RedisLimits, FakeClock],
) -> None:
    a, b = _pacers(two)
    delays = [await (a, b)[n % 2].chat_delay(-100123) for n in range(22)]
    assert delays == [float(i) for i in range(20)] + [60.0, 61.0]  # as test_limits' one process
    assert await b.chat_delay(5) == 0.0  # a private chat is not held back


async def test_the_overall_rate_is_shared_and_keeps_the_chat_after_it(
    two: tuple[RedisLimits, RedisLimits, FakeClock],
) -> None:
    a, b = _pacers(two)
    for chat in range(1, 31):  # 30 at once from one process: the overall budget's second
        await (a, b)[chat % 2].take_global(chat)
    clock = two[2]
    assert clock.sleeps == pytest.approx([1 / 30] * 29, abs=1e-5)  # each waited its turn (1/30 s)
    # The chat of the last message keeps a second after it, in the other process too.
    assert await a.chat_delay(30) == pytest.approx(1.0)


async def test_a_429_in_one_process_holds_the_chat_in_the_other(
    two: tuple[RedisLimits, RedisLimits, FakeClock],
) -> None:
    a, b = _pacers(two)
    await a.held(9, 4.0)
    assert await b.chat_delay(9) == 4.0


# --- Discord's buckets ----------------------------------------------------------------------

PATH = "/api/v10/channels/5/messages"
HEADERS = {
    "X-RateLimit-Limit": "5",
    "X-RateLimit-Remaining": "1",
    "X-RateLimit-Reset-After": "2.5",
    "X-RateLimit-Bucket": "abc",
}


async def test_a_bucket_one_process_learnt_holds_the_other(
    two: tuple[RedisLimits, RedisLimits, FakeClock],
) -> None:
    first, second, clock = two
    a, b = first.discord_limits(TOKEN, 50.0), second.discord_limits(TOKEN, 50.0)
    assert isinstance(a, SharedDiscordLimits)
    await a.learn("POST", PATH, 200, HEADERS)
    await b.before("POST", PATH)  # the one remaining
    assert [s for s in clock.sleeps if s >= 0.5] == []
    await a.before("POST", PATH)  # none left: waits for the reset, in the other process
    assert [s for s in clock.sleeps if s >= 0.5] == [2.5]
    # Another channel of the route: a bucket of its own, found through the learnt hash.
    await b.before("POST", "/api/v10/channels/6/messages")
    assert [s for s in clock.sleeps if s >= 0.5] == [2.5]


async def test_answers_arriving_out_of_order_keep_the_fewer_remaining(
    two: tuple[RedisLimits, RedisLimits, FakeClock],
) -> None:
    first, second, clock = two
    a, b = first.discord_limits(TOKEN, 50.0), second.discord_limits(TOKEN, 50.0)
    await a.learn("POST", PATH, 200, {**HEADERS, "X-RateLimit-Remaining": "0"})
    await b.learn("POST", PATH, 200, {**HEADERS, "X-RateLimit-Remaining": "3"})  # older
    await b.before("POST", PATH)
    assert [s for s in clock.sleeps if s >= 0.5] == [2.5]


async def test_a_global_429_holds_every_process(
    two: tuple[RedisLimits, RedisLimits, FakeClock],
) -> None:
    first, second, clock = two
    a, b = first.discord_limits(TOKEN, 50.0), second.discord_limits(TOKEN, 50.0)
    await a.learn("POST", PATH, 429, {"Retry-After": "3", "X-RateLimit-Global": "true"})
    await b.before("GET", "/api/v10/users/@me")
    assert clock.sleeps[-1] == pytest.approx(3.0)
    assert a.rate_limited == 1


# --- without Redis, and when it is gone ------------------------------------------------------


def test_without_redis_each_process_keeps_its_own_limits() -> None:
    assert redis_limits(None) is None and redis_limits("") is None
    pacer = telegram_pacer("tok-solo", shared=redis_limits(None))
    assert type(pacer) is TelegramPacer and type(pacer.budget) is Budget
    assert type(discord_limits("tok-solo", shared=None)).__name__ == "DiscordLimits"


async def test_an_unreachable_redis_is_said_once_and_each_process_paces_on_its_share(
    caplog: pytest.LogCaptureFixture,
) -> None:
    clock = FakeClock()
    gone = RedisLimits("redis://127.0.0.1:9/0", clock=clock, sleep=clock.sleep)
    budget = gone.budget("tg", TOKEN, 30.0)
    assert isinstance(budget, RedisBudget)
    budget.senders = 3  # three processes were sending on the token
    budget._clock = clock
    with caplog.at_level(logging.WARNING, logger="fedrank.bot.limits_redis"):
        for _ in range(11):
            await budget.take()
    await gone.close()
    assert gone.down
    assert [r.getMessage() for r in caplog.records].count(caplog.records[0].getMessage()) == 1
    assert "Redis cannot be reached" in caplog.records[0].getMessage()
    assert len(caplog.records) == 1
    # Alone, on a third of the rate: ten a second, evenly.
    assert budget.rate == 10.0
    assert clock.sleeps == pytest.approx([0.1] * 10)


async def test_the_transports_and_senders_share_through_redis_when_it_is_set() -> None:
    from types import SimpleNamespace

    from fedrank.bot.telegram.app import make_bot
    from fedrank.config import Settings
    from fedrank.scheduler.senders import DiscordSender, TelegramSender, default_senders

    settings = Settings(  # type: ignore[call-arg]
        _env_file=None, telegram_token=TOKEN, discord_token="dc-token", redis_url=REDIS_URL
    )
    senders = default_senders(settings, console=False)
    telegram, discord_sender = senders["telegram"], senders["discord"]
    assert isinstance(telegram, TelegramSender) and isinstance(telegram.pacer, SharedPacer)
    assert isinstance(discord_sender, DiscordSender)
    assert isinstance(discord_sender.limits, SharedDiscordLimits)
    shared = redis_limits(REDIS_URL)
    bot = make_bot(TOKEN, SimpleNamespace(), shared=shared)  # type: ignore[arg-type]
    (pacer,) = [m for m in bot.session.middleware if isinstance(m, TelegramPacer)]
    assert isinstance(pacer, SharedPacer) and pacer.budget is telegram.pacer.budget
    for sender in senders.values():
        await sender.close()
    await bot.session.close()
    await close_all()


# --- two real processes ---------------------------------------------------------------------


@pytest.mark.slow
async def test_two_processes_send_within_one_budget(prefix: str) -> None:
    """Two replicas send 30 messages each on one token at a budget of 20 a second: the fake
    Bot API gets all 60 once, from both processes mixed, and the 60 slots they took on the
    shared clock are one budget's: never more than 20 in a second (counted, no time measured)."""
    from tests.bot.telegram.fake_api import FakeTelegram

    rate, count = 20, 30
    fake = FakeTelegram()
    await fake.start()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    children = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.bot.limits_child",
            REDIS_URL,
            prefix,
            fake.url,
            name,
            str(count),
            str(rate),
            cwd=ROOT,
            env=env,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        for name in ("A", "B")
    ]
    try:
        for child in children:
            assert child.stdout is not None
            assert await asyncio.wait_for(child.stdout.readline(), 120) == b"ready\n"
        for child in children:  # both go at once
            assert child.stdin is not None
            child.stdin.write(b"go\n")
            await child.stdin.drain()
        outputs = [await asyncio.wait_for(child.communicate(), 120) for child in children]
    finally:
        for child in children:
            if child.returncode is None:
                child.kill()
                await child.wait()
        texts = [call.params.get("text") for call in fake.calls_of("sendMessage")]
        await fake.close()
    assert [child.returncode for child in children] == [0, 0]
    results = [json.loads(out.decode().strip().splitlines()[-1]) for out, _ in outputs]
    assert not any(result["down"] for result in results)
    # Every message arrived once, and the fake's log mixes the two processes.
    assert sorted(texts) == sorted(f"{name} {i}" for name in "AB" for i in range(count))
    halves = (texts[:count], texts[count:])
    assert all({str(t)[0] for t in half} == {"A", "B"} for half in halves)
    # The slots: 60 distinct ones, and any second of them holds at most 20.
    slots = sorted(slot for result in results for slot in result["slots"])
    assert len(set(slots)) == 2 * count
    for i, start in enumerate(slots):
        assert sum(1 for s in slots[i:] if s < start + 1.0) <= rate
