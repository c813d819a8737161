"""The outgoing pacer, on a fake clock: the global rate, 429s waited out, 403s not retried."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord.http import Route
from fedrank.bot.discord.pacer import Limits, Pacer, retry_after


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


def response(status: int, headers: dict[str, str] | None = None) -> Any:
    return SimpleNamespace(status=status, reason="", headers=headers or {})


def pacer(clock: FakeClock, **limits: Any) -> Pacer:
    return Pacer(Limits(**limits), clock=clock, sleep=clock.sleep)


async def test_requests_keep_under_the_global_rate() -> None:
    clock = FakeClock()
    paced = pacer(clock, per_second=40.0)
    sent_at: list[float] = []

    async def send() -> None:
        sent_at.append(clock.now)

    for _ in range(200):
        await paced.run(send)
    # In any one second window at most 40 requests: 200 requests take about 5 s.
    for start in sent_at:
        assert sum(1 for t in sent_at if start <= t < start + 1.0 - 1e-9) <= 40
    assert sent_at[-1] == pytest.approx(199 / 40)
    assert paced.sent == 200


async def test_a_429_is_waited_out_and_the_request_sent_once_more() -> None:
    clock = FakeClock()
    paced = pacer(clock)
    calls: list[float] = []

    async def send() -> str:
        calls.append(clock.now)
        if len(calls) == 1:
            raise discord.HTTPException(response(429, {"Retry-After": "2.5"}), "rate limited")
        return "ok"

    assert await paced.run(send, "POST /channels/1/messages") == "ok"
    assert len(calls) == 2 and calls[1] - calls[0] >= 2.5
    assert paced.retried == 1


async def test_429s_stop_after_the_retries() -> None:
    clock = FakeClock()
    paced = pacer(clock, max_retries=2)
    calls = 0

    async def send() -> None:
        nonlocal calls
        calls += 1
        raise discord.RateLimited(1.0)

    with pytest.raises(discord.RateLimited):
        await paced.run(send)
    assert calls == 3


async def test_a_403_is_never_retried() -> None:
    clock = FakeClock()
    paced = pacer(clock)
    calls = 0

    async def send() -> None:
        nonlocal calls
        calls += 1
        raise discord.Forbidden(response(403), "Cannot send messages to this user")

    with pytest.raises(discord.Forbidden):
        await paced.run(send)
    assert calls == 1


def test_retry_after_reads_the_answer() -> None:
    assert retry_after(discord.RateLimited(3.0)) == 3.0
    assert retry_after(discord.HTTPException(response(429, {"Retry-After": "0.7"}), "")) == 0.7
    assert retry_after(discord.HTTPException(response(429, {"Retry-After": "?"}), "")) == 1.0
    assert retry_after(discord.HTTPException(response(500), "")) is None


async def test_install_paces_every_rest_request() -> None:
    clock = FakeClock()
    paced = pacer(clock, per_second=10.0)
    seen: list[tuple[str, float]] = []

    class FakeHttp:
        async def request(self, route: Route, **kwargs: Any) -> Any:
            seen.append((route.path, clock.now))
            return kwargs

    http = FakeHttp()
    paced.install(http)  # type: ignore[arg-type]
    for _ in range(3):
        assert await http.request(Route("GET", "/users/@me"), json=None) == {"json": None}
    assert [t for _, t in seen] == pytest.approx([0.0, 0.1, 0.2])
