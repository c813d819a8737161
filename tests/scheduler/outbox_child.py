"""A delivery worker in its own process, for the crash test: drains the Telegram outbox.

``python -m tests.scheduler.outbox_child DATABASE_URL API_URL`` (connect args as JSON in
``FEDRANK_TEST_CONNECT_ARGS``); exits 0 when nothing is due any more.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys

from aiogram.client.telegram import TelegramAPIServer

from fedrank.bot.telegram.pacer import Limits
from fedrank.scheduler.outbox import DeliveryWorker
from fedrank.scheduler.senders import TelegramSender
from fedrank.storage.database import Database
from tests.bot.telegram.fake_api import TOKEN

FAST = Limits(per_second=0, chat_interval=0.0, group_per_minute=0)


async def main(url: str, api: str) -> None:
    connect_args = json.loads(os.environ.get("FEDRANK_TEST_CONNECT_ARGS", "{}"))
    db = Database(url, connect_args=connect_args)
    sender = TelegramSender(TOKEN, api_server=TelegramAPIServer.from_base(api), limits=FAST, rate=0)
    try:
        worker = DeliveryWorker(db, {"telegram": sender})
        await worker.drain("telegram")
    finally:
        await sender.close()
        await db.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
