"""A delivery worker for the crash test: drains the Telegram outbox, then exits.

``python -m tests.scheduler.outbox_child DATABASE_URL API_URL`` (connect args as JSON in
``FEDRANK_TEST_CONNECT_ARGS``) is the process the test kills; :func:`drain` is the same worker
started afresh after the crash.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys

from aiogram.client.telegram import TelegramAPIServer

from fedrank.bot.limits import TelegramLimits as Limits
from fedrank.scheduler.outbox import DeliveryWorker
from fedrank.scheduler.senders import TelegramSender
from fedrank.storage.database import Database
from tests.bot.telegram.fake_api import TOKEN

FAST = Limits(per_second=0, chat_interval=0.0, group_per_minute=0)


async def drain(url: str, api: str, connect_args: dict[str, object] | None = None) -> int:
    """Deliver every due Telegram row of the database at ``url`` through the Bot API at ``api``
    (recovering the rows a dead worker left claimed first); the number of rows handled."""
    db = Database(url, connect_args=connect_args or {})
    sender = TelegramSender(TOKEN, api_server=TelegramAPIServer.from_base(api), limits=FAST, rate=0)
    try:
        return await DeliveryWorker(db, {"telegram": sender}).drain("telegram")
    finally:
        await sender.close()
        await db.close()


if __name__ == "__main__":
    asyncio.run(
        drain(
            sys.argv[1], sys.argv[2], json.loads(os.environ.get("FEDRANK_TEST_CONNECT_ARGS", "{}"))
        )
    )
