"""The outbox's console sender: messages to console chats are printed on standard output.

A module of its own so that a run without bot tokens never imports the bots' libraries
(aiogram alone takes seconds), which the platforms' senders need.
"""

from __future__ import annotations

import sys
from typing import IO

from fedrank.bot.render import render_plain
from fedrank.scheduler.outbox import Outcome, OutgoingMessage, SendResult


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
