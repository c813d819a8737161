"""Localized slash command names, descriptions and parameter descriptions.

Each :class:`~discord.app_commands.locale_str` carries a key of the one catalogue
(:mod:`fedrank.handlers.wording.i18n`): ``name.<command>`` for names, ``cmd.<command>`` for the use
cases'
own descriptions (the same text /help shows) and ``dc.…`` for the transport's. English is the
default text Discord shows to every other locale.
"""

from __future__ import annotations

import discord
from discord import app_commands

from fedrank.handlers.wording.i18n import translation

DESCRIPTION_LIMIT = 100
LOCALES: dict[discord.Locale, str] = {
    discord.Locale.russian: "ru",
    discord.Locale.ukrainian: "uk",
    discord.Locale.chinese: "zh",
    # The catalogue's Chinese is simplified; a Taiwan client reads it rather than English.
    discord.Locale.taiwan_chinese: "zh",
}


def translated(key: str, language: str) -> str | None:
    """The text of ``key`` in ``language``, within Discord's limits, if there is one."""
    text = translation(language, key)
    return None if text is None else text[:DESCRIPTION_LIMIT]


class Translator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        language = LOCALES.get(locale)
        if not isinstance(key, str) or language is None:
            return None
        return translated(key, language)
