"""fedrank.bot.limits on a fake clock: the per-user throttle, a token's budget, Discord's route
buckets and 429s, Telegram's per-chat and per-group pacing, and the hooks they use."""

from __future__ import annotations

import inspect
from types import SimpleNamespace
from typing import Any

import aiohttp
import pytest
from aiogram.client.session.aiohttp import AiohttpSession

import fedrank.bot.discord  # noqa: F401  (imports discord.py without its audioop warning)
from fedrank.bot.limits import (
    Budget,
    CommandThrottle,
    DiscordLimits,
    TelegramLimits,
    TelegramPacer,
    ThrottleLimits,
    route_of,
    shared_budget,
    telegram_pacer,
)
from fedrank.metrics import RATE_LIMITED

from discord.http import HTTPClient  # isort: skip


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


# --- the per-user throttle (both bots) ------------------------------------------------------


def test_the_throttle_allows_a_burst_then_one_per_interval() -> None:
    clock = FakeClock()
    throttle = CommandThrottle(ThrottleLimits(burst=3, interval=2.0), clock=clock)
    assert [throttle.take(1)[0] for _ in range(3)] == [True, True, True]
    assert throttle.take(1) == (False, 2.0, False)  # refused: this one gets the notice
    assert throttle.take(1) == (False, 2.0, True)  # refused quietly
    assert throttle.take(2)[0] is True  # other users are not affected
    clock.now = 1.0
    assert throttle.take(1)[0] is False
    clock.now = 2.0
    assert throttle.take(1)[0] is True
    assert throttle.take(1)[0] is False


def test_the_throttle_forgets_the_oldest_users() -> None:
    throttle = CommandThrottle(ThrottleLimits(burst=1, interval=60.0), remember=2)
    for user in (1, 2, 3):
        assert throttle.take(user)[0] is True
    assert throttle.take(1)[0] is True  # forgotten, so a full bucket again
    assert throttle.take(3)[0] is False


# --- a token's budget -----------------------------------------------------------------------


async def test_the_budget_keeps_the_rate_evenly() -> None:
    clock = FakeClock()
    budget = Budget(40.0, clock=clock, sleep=clock.sleep)
    sent: list[float] = []
    for _ in range(200):
        await budget.take()
        sent.append(clock.now)
    for start in sent:  # in any one second at most 40
        assert sum(1 for t in sent if start <= t < start + 1.0 - 1e-9) <= 40
    assert sent[-1] == pytest.approx(199 / 40)
    assert budget.taken == 200


async def test_the_budget_catches_up_after_a_pause_within_the_window() -> None:
    """At most 28 in any second, 1/28 s apart in the steady state; after a pause the next go at
    once (the burst saved meanwhile) and still never more than 28 in a second."""
    clock = FakeClock()
    budget = Budget(28.0, burst=10, clock=clock, sleep=clock.sleep)
    sent: list[float] = []
    for i in range(300):
        await budget.take()
        sent.append(clock.now)
        clock.now += 0.01  # each message takes 10 ms to send and record
        if i == 100:
            clock.now += 0.5  # one slow commit
    for i, t in enumerate(sent):
        assert sum(1 for u in sent[i:] if u < t + 1.0) <= 28
    assert 300 / sent[-1] == pytest.approx(28.0, rel=0.05)  # the pause cost nothing in the end
    assert sent[102] - sent[101] == pytest.approx(0.01)  # caught up at once after the pause
    assert sent[51] - sent[50] == pytest.approx(1 / 28)  # evenly spread before it


def test_concurrent_reservations_take_distinct_slots_and_a_hold_stops_all() -> None:
    clock = FakeClock()
    budget = Budget(10.0, clock=clock)
    assert [budget.reserve() for _ in range(3)] == pytest.approx([0.0, 0.1, 0.2])
    budget.hold(5.0)
    assert budget.reserve() == pytest.approx(5.0)


def test_one_budget_per_token_and_platform() -> None:
    first = shared_budget("telegram", "tok-1", 30.0)
    assert shared_budget("telegram", "tok-1", 30.0) is first
    assert shared_budget("telegram", "tok-2", 30.0) is not first
    assert shared_budget("discord", "tok-1", 50.0) is not first
    pacer = telegram_pacer("tok-1")
    assert pacer.budget is first  # the bot's pacer and the outbox's draw on the same budget
    assert telegram_pacer("tok-1", TelegramLimits(per_second=0)).budget is not first


# --- Discord --------------------------------------------------------------------------------


def test_routes_keep_their_major_parameter() -> None:
    assert route_of("post", "/api/v10/channels/123/messages") == (
        "POST /channels/{major}/messages",
        "123",
    )
    assert route_of("PATCH", "http://x/api/v10/guilds/7/members/99/roles/5") == (
        "PATCH /guilds/{major}/members/{id}/roles/{id}",
        "7",
    )
    assert route_of("POST", "/api/v10/users/@me/channels") == ("POST /users/@me/channels", "")


async def test_a_bucket_at_remaining_zero_waits_reset_after() -> None:
    clock = FakeClock()
    budget = Budget(1000.0, burst=100, clock=clock, sleep=clock.sleep)
    limits = DiscordLimits(budget, clock=clock, sleep=clock.sleep)
    path = "/api/v10/channels/5/messages"
    headers = {
        "X-RateLimit-Limit": "5",
        "X-RateLimit-Remaining": "1",
        "X-RateLimit-Reset-After": "2.5",
        "X-RateLimit-Bucket": "abc",
    }
    limits.after("POST", path, 200, headers)
    await limits.before("POST", path)  # the one remaining
    assert clock.sleeps == []
    await limits.before("POST", path)  # none left: waits for the reset
    assert clock.sleeps == [2.5]
    await limits.before("POST", "/api/v10/channels/6/messages")  # another channel: its own
    assert clock.sleeps == [2.5]
    limits.after("POST", path, 200, {**headers, "X-RateLimit-Remaining": "0"})
    await limits.before("POST", path)
    assert clock.sleeps == [2.5, 2.5]


async def test_a_route_429_waits_its_retry_after_and_a_global_one_holds_every_route() -> None:
    clock = FakeClock()
    budget = Budget(1000.0, burst=100, clock=clock, sleep=clock.sleep)
    limits = DiscordLimits(budget, clock=clock, sleep=clock.sleep)
    counted = RATE_LIMITED.labels("discord")._value.get()
    path = "/api/v10/users/@me/channels"
    limits.after("POST", path, 429, {"Retry-After": "1.5", "X-RateLimit-Scope": "user"})
    await limits.before("POST", path)
    assert clock.sleeps == [1.5]
    await limits.before("POST", "/api/v10/channels/1/messages")  # other routes are free
    assert clock.sleeps == [1.5]
    limits.after("POST", path, 429, {"Retry-After": "3", "X-RateLimit-Global": "true"})
    await limits.before("GET", "/api/v10/users/@me")
    assert clock.sleeps == [1.5, pytest.approx(3.0)]
    assert limits.rate_limited == 2
    assert RATE_LIMITED.labels("discord")._value.get() == counted + 2


def test_the_discord_hooks_are_public_and_unchanged() -> None:
    """discord.py's HTTPClient takes an aiohttp TraceConfig (``http_trace``), and aiohttp awaits
    its request-start signal before sending: the budget waits there. If either changes, this
    fails rather than the limits silently stopping."""
    assert "http_trace" in inspect.signature(HTTPClient.__init__).parameters
    trace = DiscordLimits(Budget(50.0)).trace_config()
    assert isinstance(trace, aiohttp.TraceConfig)
    assert len(trace.on_request_start) == 1 and len(trace.on_request_end) == 1
    params = set(inspect.signature(aiohttp.TraceRequestEndParams).parameters)
    assert {"method", "url", "response"} <= params


async def test_the_bot_requests_through_the_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    from fedrank.bot.discord import make_bot
    from fedrank.config import DiscordSettings

    limits = DiscordLimits(Budget(50.0))
    bot = make_bot(SimpleNamespace(), DiscordSettings(role_sync=False), limits=limits)  # type: ignore[arg-type]
    assert bot.limits is limits
    (start,) = bot.http.http_trace.on_request_start  # type: ignore[union-attr]
    assert start.__qualname__.startswith("DiscordLimits.trace_config")


# --- Telegram -------------------------------------------------------------------------------


def test_telegram_one_message_per_second_in_a_chat() -> None:
    clock = FakeClock()
    pacer = TelegramPacer(clock=clock)
    assert [pacer.reserve(7) for _ in range(3)] == [0.0, 1.0, 2.0]
    clock.now = 10.0
    assert pacer.reserve(7) == 0.0


def test_telegram_thirty_messages_per_second_overall() -> None:
    clock = FakeClock()
    pacer = TelegramPacer(clock=clock)
    assert [pacer.reserve(chat) for chat in range(1, 61)] == [0.0] * 60
    delays = [pacer.reserve_global(chat) for chat in range(1, 61)]
    # 60 different chats at once: the 31st waits a second, the 60th 59/30 s.
    assert delays[0] == 0.0
    assert delays[30] == pytest.approx(1.0)
    assert delays[59] == pytest.approx(59 / 30)


def test_telegram_twenty_messages_per_minute_in_a_group() -> None:
    clock = FakeClock()
    pacer = TelegramPacer(clock=clock)
    delays = [pacer.reserve(-100123) for _ in range(22)]
    # One a second for the first twenty; the 21st waits until the first leaves the minute.
    assert delays[:20] == [float(i) for i in range(20)]
    assert delays[20] == 60.0
    assert delays[21] == 61.0
    # A private chat is not held back by the busy group.
    assert pacer.reserve(5) == 0.0
    assert pacer.reserve_global(5) == 0.0


def test_telegram_retry_after_holds_the_chat() -> None:
    clock = FakeClock()
    pacer = TelegramPacer(TelegramLimits(chat_interval=0.0), clock=clock)
    pacer.hold(9, 4.0)
    assert pacer.reserve(9) == 4.0


async def test_the_telegram_hook_is_aiograms_session_middleware() -> None:
    """The pacer is registered with ``session.middleware`` (aiogram's public request
    middleware) and is called as ``(make_request, bot, method)``."""
    session = AiohttpSession()
    pacer = TelegramPacer()
    session.middleware(pacer)
    assert list(session.middleware) == [pacer]
    params = list(inspect.signature(TelegramPacer.__call__).parameters)
    assert params == ["self", "make_request", "bot", "method"]
    await session.close()


async def test_telegram_429_is_counted_and_retried() -> None:
    from aiogram.exceptions import TelegramRetryAfter
    from aiogram.methods import SendMessage

    clock = FakeClock()
    pacer = TelegramPacer(TelegramLimits(max_retries=1), clock=clock, sleep=clock.sleep)
    counted = RATE_LIMITED.labels("telegram")._value.get()
    method = SendMessage(chat_id=5, text="hi")
    calls: list[float] = []

    async def make_request(bot: Any, method: Any) -> Any:
        calls.append(clock.now)
        if len(calls) <= 2:
            raise TelegramRetryAfter(method=method, message="Too Many Requests", retry_after=3)
        return "ok"

    with pytest.raises(TelegramRetryAfter):  # past its retries: up to the sender
        await pacer(make_request, None, method)  # type: ignore[arg-type]
    assert calls[1] - calls[0] >= 3.0 and pacer.retried == 1
    assert await pacer(make_request, None, method) == "ok"  # type: ignore[arg-type]
    assert RATE_LIMITED.labels("telegram")._value.get() == counted + 2
