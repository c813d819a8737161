"""Who the user is: /start, /help, /lang, linking to a player, link requests and roles."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command

from fedrank.bot.telegram.routers.common import answer_message

COMMANDS = ("start", "help", "lang", "link", "links", "approve", "reject", "linkcode", "grant")


def router() -> Router:
    feature = Router(name="accounts")
    feature.message.register(answer_message, Command(*COMMANDS))
    return feature
