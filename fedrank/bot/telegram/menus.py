"""Telegram's command menus and the bot's descriptions, per role and per language.

- Players: ``setMyCommands`` in the default scope, once without a language (English, the
  fallback) and once per language (``language_code`` ru, uk, zh...): the player's commands.
- Directors and admins: the same call in the scope of their private chat
  (``BotCommandScopeChat``), listing the player's commands and then the director's (and the
  admin's), in the language they chose with /lang or else per language as above. The menus are
  set at startup for every account that holds such a role (in the background: one call per
  language and account, and an account whose user never opened the bot's chat is refused by
  Telegram, which is logged and skipped), and again whenever a role is granted or lowered in
  this process, or a director's /lang (``Services.role_listeners``); a grant made by another
  process (``fedrank grant`` on the command line) shows at the bot's next start. An account
  that no longer directs anything gets the chat-scoped menus deleted, so the default one shows
  again.
- ``setMyDescription`` / ``setMyShortDescription`` per language (what a user sees before
  pressing Start).

The commands and their groups are :mod:`fedrank.handlers.wording.helptext`'s; who holds which role
is
:mod:`fedrank.handlers.accounts.menus`'.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError
from aiogram.types import BotCommand, BotCommandScopeChat, BotCommandScopeDefault
from aiogram.utils.deep_linking import create_start_link

from fedrank.handlers.accounts.menus import Menu, menu_of, staff_menus
from fedrank.handlers.commands import COMMANDS
from fedrank.handlers.context import Services
from fedrank.handlers.wording import helptext
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.languages import LANGUAGES

log = logging.getLogger(__name__)

PLATFORM = "telegram"
# Telegram's limits: a command's description, the description and the short description.
DESCRIPTION_LIMIT = 256
BOT_DESCRIPTION_LIMIT = 512
SHORT_DESCRIPTION_LIMIT = 120
COMMANDS_LIMIT = 100


def command_list(language: str, groups: Sequence[str] = (helptext.PLAYER,)) -> list[BotCommand]:
    """The commands of ``groups``, group by group in the registry's order, described in
    ``language`` (with the usage most descriptions end with: the menu teaches it too)."""
    out: list[BotCommand] = []
    for group in groups:
        for entry in helptext.by_group(COMMANDS, group):
            description = t(language, entry.description_key)[:DESCRIPTION_LIMIT]
            out.append(BotCommand(command=entry.command, description=description))
    return out[:COMMANDS_LIMIT]


async def register_commands(bot: Bot, languages: Sequence[str] = LANGUAGES) -> None:
    """The players' menu: setMyCommands once without a language (English) and once per
    language."""
    await bot.set_my_commands(command_list("en"), scope=BotCommandScopeDefault())
    for language in languages:
        await bot.set_my_commands(
            command_list(language), scope=BotCommandScopeDefault(), language_code=language
        )


async def register_descriptions(bot: Bot, languages: Sequence[str] = LANGUAGES) -> None:
    """The bot's description and short description, without a language (English) and per
    language."""
    for language in (None, *languages):
        text = language or "en"
        description = t(text, "help.bot_description")[:BOT_DESCRIPTION_LIMIT]
        short = t(text, "help.bot_short_description")[:SHORT_DESCRIPTION_LIMIT]
        await bot.set_my_description(description=description, language_code=language)
        await bot.set_my_short_description(short_description=short, language_code=language)


async def set_menu(bot: Bot, menu: Menu, languages: Sequence[str] = LANGUAGES) -> None:
    """The menu of one account's private chat (``menu.user_id`` is its chat id): the commands
    of its groups, or none of its own (the default menu) when it is only a player."""
    scope = BotCommandScopeChat(chat_id=int(menu.user_id))
    if menu.group == helptext.PLAYER:
        for language in (None, *languages):
            await bot.delete_my_commands(scope=scope, language_code=language)
        return
    await bot.set_my_commands(command_list(menu.language or "en", menu.groups), scope=scope)
    for language in languages:
        await bot.set_my_commands(
            command_list(menu.language or language, menu.groups),
            scope=scope,
            language_code=language,
        )


async def sync_menus(bot: Bot, services: Services) -> int:
    """Set the menu of every director and admin (at startup); how many were set."""
    done = 0
    for menu in await staff_menus(services, PLATFORM):
        try:
            await set_menu(bot, menu)
        except TelegramAPIError as exc:  # e.g. "chat not found": he never opened the bot's chat
            log.info("no command menu for telegram:%s: %s", menu.user_id, exc.message)
            continue
        done += 1
    return done


def menu_refresher(bot: Bot, services: Services) -> Callable[[str, str], Awaitable[None]]:
    """The listener of role changes (``Services.role_listeners``) that sets a Telegram
    account's menu again."""

    async def refresh(platform: str, user_id: str) -> None:
        if platform != PLATFORM or not user_id.isdigit():
            return
        menu = await menu_of(services, PLATFORM, user_id)
        try:
            await set_menu(bot, menu)
        except TelegramAPIError as exc:
            log.info("no command menu for telegram:%s: %s", user_id, exc.message)

    return refresh


#: A payload aiogram accepts, put where each link's own payload goes (letters only, so it
#: cannot occur in the rest of the link).
_PAYLOAD_MARK = "fedrankpayloadmark"


async def start_link(bot: Bot) -> str:
    """The deep link that opens the bot's chat with a ``/start`` payload, as a format with
    ``{payload}`` (:attr:`RequestContext.start_link`): made by aiogram's ``create_start_link``
    (the bot's username from getMe, the link's form), its payload left to fill per link (a link
    code, which is already of the characters a payload allows)."""
    link = await create_start_link(bot, _PAYLOAD_MARK)
    return link.replace(_PAYLOAD_MARK, "{payload}")
