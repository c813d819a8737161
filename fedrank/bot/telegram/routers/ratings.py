"""What the lists say: /rating and /top."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command

from fedrank.bot.telegram.routers.common import answer_message

COMMANDS = ("rating", "top")


def router() -> Router:
    feature = Router(name="ratings")
    feature.message.register(answer_message, Command(*COMMANDS))
    return feature
