"""One of the replicas of ``tests/bot/test_limits_redis.py``: sends through the shared budget.

``python -m tests.bot.limits_child REDIS_URL PREFIX API_URL NAME COUNT RATE`` builds the
outbox's Telegram sender on the Redis-shared limits (``PREFIX`` for its keys), says ``ready``,
waits for a line on its standard input, sends ``COUNT`` messages (``NAME i`` to chat ``i + 1``)
one after the other at a budget of ``RATE`` a second, and prints the slot each one took on the
shared clock as JSON.
"""

from __future__ import annotations

import asyncio
import json
import sys

from aiogram.client.telegram import TelegramAPIServer

from fedrank.bot.limits import TelegramLimits
from fedrank.bot.limits_redis import RedisBudget, RedisLimits
from fedrank.scheduler.senders import TelegramSender
from tests.bot.telegram.fake_api import TOKEN


async def main(url: str, prefix: str, api: str, name: str, count: int, rate: float) -> None:
    shared = RedisLimits(url, prefix=prefix)
    sender = TelegramSender(
        TOKEN,
        api_server=TelegramAPIServer.from_base(api),
        limits=TelegramLimits(per_second=rate),
        shared=shared,
    )
    budget = sender.pacer.budget
    assert isinstance(budget, RedisBudget)
    slots: list[float] = []
    try:
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        for i in range(count):
            await sender.bot.send_message(i + 1, f"{name} {i}")
            slots.append(budget.last_slot)
    finally:
        await sender.close()
        await shared.close()
    print(json.dumps({"slots": slots, "down": shared.down}), flush=True)


if __name__ == "__main__":
    url, prefix, api, name, count, rate = sys.argv[1:7]
    asyncio.run(main(url, prefix, api, name, int(count), float(rate)))
