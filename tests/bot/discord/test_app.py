"""Intents, settings, catalogues and localized command names."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest
from discord import app_commands

from fedrank.bot.discord import FedrankBot, make_bot, make_intents, run_transport
from fedrank.bot.discord.app import STAFF_PERMISSIONS
from fedrank.bot.discord.translator import Translator, translated
from fedrank.config import Settings
from fedrank.handlers.commands import COMMANDS
from fedrank.handlers.context import Services
from fedrank.handlers.wording.i18n import MESSAGES, missing_translations, t
from tests.bot.discord.conftest import discord_settings

_FIELD = re.compile(r"{(\w+)}")
#: The localized slash command names: the catalogue's ``name.<command>`` entries.
NAMES = {k.removeprefix("name."): e for k, e in MESSAGES.items() if k.startswith("name.")}


def test_minimal_intents() -> None:
    plain = make_intents(discord_settings(prefix="", role_sync=False))
    assert plain.value == discord.Intents(guilds=True).value  # slash commands need nothing more

    text = make_intents(discord_settings(prefix="!", role_sync=False))
    assert text.message_content and text.guild_messages and text.dm_messages
    assert not text.members and not text.presences

    sync = make_intents(discord_settings(prefix="", role_sync=True))
    assert sync.members and not sync.message_content


def test_every_message_in_every_language_with_the_same_placeholders() -> None:
    assert missing_translations() == []
    for key, entry in MESSAGES.items():
        fields = set(_FIELD.findall(entry["en"]))
        for language, text in entry.items():
            assert set(_FIELD.findall(text)) == fields, (key, language)


def test_localized_names_are_valid_discord_names() -> None:
    for command, names in NAMES.items():
        for language, localized in names.items():
            assert localized == localized.lower(), (command, language)
            assert 1 <= len(localized) <= 32
            assert all(ch.isalnum() or ch in "-_" for ch in localized), (command, language)
    # Names are unique per language, as Discord requires.
    for language in ("ru", "uk", "zh"):
        localized = [names[language] for names in NAMES.values()]
        assert len(localized) == len(set(localized)), language


def test_descriptions_fit_discord() -> None:
    for command in [*COMMANDS, "rolemap", "roleunmap", "rolemaps", "rolesync"]:
        key = f"cmd.{command}" if command in COMMANDS else f"dc.cmd.{command}"
        for language in ("ru", "uk", "zh"):
            text = translated(key, language)
            assert text is None or 1 <= len(text) <= 100


async def test_translator() -> None:
    translator = Translator()
    context = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.command_name, None
    )
    rating = app_commands.locale_str("rating", key="name.rating")
    assert await translator.translate(rating, discord.Locale.russian, context) == "рейтинг"
    assert await translator.translate(rating, discord.Locale.chinese, context) == "等级分"
    assert await translator.translate(rating, discord.Locale.french, context) is None
    described = app_commands.locale_str("x", key="cmd.rating")
    ukrainian = await translator.translate(described, discord.Locale.ukrainian, context)
    assert ukrainian == "ваші показники або гравця: /rating [ім'я або ID]"
    plain = app_commands.locale_str("no key")
    assert await translator.translate(plain, discord.Locale.russian, context) is None


def test_transport_lines_fall_back_to_english() -> None:
    assert t("fr", "dc.guild_only") == t("en", "dc.guild_only")


async def test_run_transport_starts_the_bot_with_the_token(
    services: Services, monkeypatch: pytest.MonkeyPatch, no_env: Path
) -> None:
    started: list[tuple[str, bool]] = []

    async def start(self: FedrankBot, token: str, *, reconnect: bool = True) -> None:
        started.append((token, self.intents.members))

    monkeypatch.setattr(FedrankBot, "start", start)
    monkeypatch.setenv("FEDRANK_DISCORD_ROLE_SYNC", "true")
    settings = Settings(_env_file=None, discord_token="secret-token")  # type: ignore[call-arg]
    await run_transport(settings, services, webhook=True)
    assert started == [("secret-token", True)]

    with pytest.raises(ValueError, match="FEDRANK_DISCORD_TOKEN"):
        await run_transport(Settings(_env_file=None), services)  # type: ignore[call-arg]


def test_fedrank_run_finds_the_discord_transport(no_env: Path) -> None:
    from fedrank.bootstrap import transports

    settings = Settings(_env_file=None, discord_token="secret-token")  # type: ignore[call-arg]
    assert len(transports(settings, webhook=False)) == 1


async def test_the_payload_registered_with_discord_is_valid(services: Services) -> None:
    """What ``tree.sync()`` would send, checked against Discord's rules for commands."""
    bot = make_bot(services, discord_settings())
    await bot.setup_hook()
    name_rule = re.compile(r"^[-_\w]{1,32}$")
    translator = Translator()
    payloads = [
        await c.get_translated_payload(bot.tree, translator) for c in bot.tree.get_commands()
    ]
    assert len(payloads) <= 100  # Discord's limit of global slash commands
    names = [p["name"] for p in payloads]
    assert len(names) == len(set(names))
    for payload in payloads:
        items = [payload, *payload.get("options", [])]
        for item in items:
            assert name_rule.match(item["name"]) and item["name"] == item["name"].lower()
            assert 1 <= len(item["description"]) <= 100, item["name"]
            for localized in (item.get("name_localizations") or {}).values():
                assert name_rule.match(localized) and localized == localized.lower()
            for localized in (item.get("description_localizations") or {}).values():
                assert 1 <= len(localized) <= 100
    rating = next(p for p in payloads if p["name"] == "rating")
    assert rating["name_localizations"] == {
        "ru": "рейтинг",
        "uk": "рейтинг",
        "zh-CN": "等级分",
        "zh-TW": "等级分",
    }
    assert rating["options"][0]["autocomplete"] is True
    assert rating["options"][0]["description_localizations"]["ru"].startswith("имя игрока")


async def test_a_refused_message_content_intent_leaves_slash_commands(
    services: Services, monkeypatch: pytest.MonkeyPatch, no_env: Path
) -> None:
    started: list[bool] = []

    async def start(self: FedrankBot, token: str, *, reconnect: bool = True) -> None:
        started.append(self.intents.message_content)
        if self.intents.message_content:
            raise discord.PrivilegedIntentsRequired(None)

    monkeypatch.setattr(FedrankBot, "start", start)
    monkeypatch.setenv("FEDRANK_DISCORD_PREFIX", "!")  # text commands asked for
    settings = Settings(_env_file=None, discord_token="secret-token")  # type: ignore[call-arg]
    await run_transport(settings, services)
    assert started == [True, False]

    monkeypatch.setenv("FEDRANK_DISCORD_ROLE_SYNC", "1")
    settings = Settings(_env_file=None, discord_token="secret-token")  # type: ignore[call-arg]
    with pytest.raises(RuntimeError, match="Server Members intent"):
        await run_transport(settings, services)


async def test_staff_commands_are_out_of_players_sight(services: Services) -> None:
    """Directors' and admins' commands carry default_member_permissions, in the global tree and
    in a guild's copy; players' commands carry none; the role-sync commands keep their own."""
    bot = make_bot(services, discord_settings())
    await bot.setup_hook()
    guild = discord.Object(id=4242)
    bot.tree.copy_global_to(guild=guild)
    for tree_commands in (bot.tree.get_commands(), bot.tree.get_commands(guild=guild)):
        by_name = {c.name: c for c in tree_commands}
        for name, command in COMMANDS.items():
            expected = STAFF_PERMISSIONS if command.audience != "all" else None
            assert by_name[name].default_permissions == expected, name
        assert by_name["rolemap"].default_permissions == discord.Permissions(manage_roles=True)
    payload = bot.tree.get_command("submit", guild=guild).to_dict(bot.tree)  # type: ignore[union-attr]
    assert payload["default_member_permissions"] == STAFF_PERMISSIONS.value
    assert bot.tree.get_command("rating").to_dict(bot.tree)["default_member_permissions"] is None  # type: ignore[union-attr]


@pytest.mark.parametrize("guild_ids", [[], [111, 222]])
async def test_commands_sync_globally_or_in_the_listed_guilds_never_both(
    services: Services, guild_ids: list[int]
) -> None:
    bot = make_bot(services, discord_settings(guild_ids=guild_ids))
    await bot.setup_hook()
    count = len(bot.tree.get_commands())
    synced: list[tuple[int | None, int]] = []

    async def sync(*, guild: discord.abc.Snowflake | None = None) -> list[object]:
        synced.append((guild.id if guild else None, len(bot.tree.get_commands(guild=guild))))
        return []

    bot.tree.sync = sync  # type: ignore[method-assign]
    await bot.sync_commands()
    if guild_ids:
        # Each guild gets every command; the global set is emptied, not left as a second copy.
        assert synced == [(111, count), (222, count), (None, 0)]
    else:
        assert synced == [(None, count)]
