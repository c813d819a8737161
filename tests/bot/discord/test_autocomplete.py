"""Autocomplete of the slash commands' options (disciplines, players, tournaments, /help's
command), zh-TW mapped like zh-CN, and /help with a command's localized name."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from discord import app_commands

from fedrank.bot.discord import FedrankBot, make_bot
from fedrank.bot.discord.autocomplete import canonical
from fedrank.bot.discord.cogs import Players
from fedrank.bot.discord.translator import Translator
from fedrank.handlers.context import Services
from fedrank.handlers.questions.suggest import MAX_CHOICES
from fedrank.storage.database import Database
from tests.bot.discord.conftest import FakeInteraction, discord_settings, guild, user
from tests.factories import seed_federation

ANNA = user(101, "anna")


@pytest.fixture
async def client(services: Services) -> AsyncIterator[FedrankBot]:
    bot = make_bot(services, discord_settings(role_sync=False))
    await bot.setup_hook()
    yield bot


def slash(client: FedrankBot, name: str) -> app_commands.Command[Any, ..., Any]:
    command = client.tree.get_command(name)
    assert isinstance(command, app_commands.Command), name
    return command


async def complete(
    client: FedrankBot,
    command: str,
    option: str,
    typed: str,
    locale: discord.Locale = discord.Locale.american_english,
) -> list[tuple[str, str]]:
    parameter = slash(client, command)._params[option]
    assert parameter.autocomplete is not None, (command, option)
    interaction = FakeInteraction(ANNA, client, guild=guild(4242), locale=locale)
    choices = await parameter.autocomplete(interaction, typed)  # type: ignore[call-arg]
    return [(c.name, str(c.value)) for c in choices]


async def add_players(db: Database, players: dict[str, str]) -> None:
    async with db.transaction() as repos:
        for fpid, name in players.items():
            await repos.players.add(1, fpid, name)


def test_every_discipline_player_and_tournament_option_is_completed(client: FedrankBot) -> None:
    completed: set[tuple[str, str]] = set()
    for command in client.tree.walk_commands():
        if not isinstance(command, app_commands.Command):
            continue
        for parameter in command.parameters:
            named = parameter.name in ("discipline", "player", "opponent", "tournament")
            if named and parameter.type is discord.AppCommandOptionType.string:
                assert parameter.autocomplete, (command.name, parameter.name)
                completed.add((command.name, parameter.name))
    assert {("rating", "player"), ("top", "discipline"), ("why", "tournament")} <= completed
    assert {("h2h", "player"), ("h2h", "opponent"), ("submit", "discipline")} <= completed
    assert slash(client, "help").to_dict(client.tree)["options"][0]["autocomplete"] is True


async def test_players_by_id_prefix_or_name(client: FedrankBot, services: Services) -> None:
    await seed_federation(services.db)
    assert await complete(client, "rating", "player", "") == []
    by_id = await complete(client, "rating", "player", "rmf-00")
    assert [value for _, value in by_id] == ["RMF-001", "RMF-002", "RMF-003"]
    assert by_id[0] == ("Anna Ivanova (RMF-001)", "RMF-001")
    by_name = await complete(client, "h2h", "opponent", "ivan")
    assert [value for _, value in by_name] == ["RMF-001", "RMF-003"]


async def test_at_most_25_players_and_long_names_keep_their_id(
    client: FedrankBot, services: Services
) -> None:
    await seed_federation(services.db)
    await add_players(services.db, {f"RMF-9{n:02}": f"Player {n:02}" for n in range(40)})
    await add_players(services.db, {"RMF-777": "Ж" * 150})
    many = await complete(client, "rating", "player", "player")
    assert len(many) == MAX_CHOICES
    ((long_label, value),) = await complete(client, "rating", "player", "rmf-777")
    assert value == "RMF-777" and len(long_label) == 100
    assert long_label.endswith("… (RMF-777)")


async def test_disciplines_and_tournaments(client: FedrankBot, services: Services) -> None:
    await seed_federation(services.db)
    assert await complete(client, "top", "discipline", "mcr") == [
        ("rmf-mcr — Sports mahjong", "rmf-mcr")
    ]
    assert await complete(client, "top", "discipline", "go") == []
    recent = await complete(client, "why", "tournament", "")
    assert recent == [("moscow-open-2026 — Moscow Open 2026 (2026-10-10)", "moscow-open-2026")]
    assert await complete(client, "why", "tournament", "MOSCOW") == recent
    assert await complete(client, "why", "tournament", "tula") == []


async def test_disciplines_are_named_in_the_users_language(
    client: FedrankBot, services: Services
) -> None:
    await seed_federation(services.db)
    async with services.db.transaction() as repos:
        discipline = await repos.federations.discipline_by_code("rmf-mcr")
        assert discipline is not None
        discipline.names = {"ru": "Спортивный маджонг", "zh": "竞技麻将"}
    russian = await complete(client, "top", "discipline", "", discord.Locale.russian)
    assert russian == [("rmf-mcr — Спортивный маджонг", "rmf-mcr")]
    # Typed in any of its languages, it is found; shown in the user's.
    chinese = await complete(client, "top", "discipline", "маджонг", discord.Locale.chinese)
    assert chinese == [("rmf-mcr — 竞技麻将", "rmf-mcr")]
    ukrainian = await complete(client, "top", "discipline", "麻将", discord.Locale.ukrainian)
    assert ukrainian == [("rmf-mcr — Sports mahjong", "rmf-mcr")]  # no Ukrainian name set


async def test_a_failing_lookup_offers_nothing(
    client: FedrankBot, services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fedrank.handlers.questions import suggest

    async def broken(services: Services, typed: str, language: str) -> list[suggest.Suggestion]:
        raise RuntimeError("database gone")

    monkeypatch.setattr(suggest, "players", broken)
    fresh = make_bot(services, discord_settings(role_sync=False))
    await fresh.setup_hook()  # the callbacks are made with what suggest holds then
    assert await complete(fresh, "rating", "player", "rmf") == []


async def test_help_completes_commands_in_the_users_language(client: FedrankBot) -> None:
    ru = await complete(client, "help", "command", "рей", discord.Locale.russian)
    assert ru == [("/rating — ваши показатели или игрока", "rating")]
    taiwan = await complete(client, "help", "command", "top", discord.Locale.taiwan_chinese)
    assert taiwan == [("/top — 排行榜前列（可查过去的排名）", "top")]
    everything = await complete(client, "help", "command", "")
    assert len(everything) == MAX_CHOICES and all(len(label) <= 100 for label, _ in everything)


async def test_help_takes_a_localized_command_name(client: FedrankBot) -> None:
    assert canonical("рейтинг") == "rating" and canonical("/排行") == "top"
    assert canonical("rating") == "rating" and canonical("fly") == "fly"
    players = client.get_cog("Players")
    assert isinstance(players, Players)
    asked = FakeInteraction(ANNA, client, guild=guild(4242), locale=discord.Locale.russian)
    await players.help.callback(players, asked, command="рейтинг")  # type: ignore[arg-type]
    (sent,) = asked.sent
    assert sent.content.splitlines()[0].startswith("**/rating** — ваши показатели")


async def test_taiwan_chinese_is_chinese() -> None:
    translator = Translator()
    context = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.command_name, None
    )
    rating = app_commands.locale_str("rating", key="name.rating")
    assert await translator.translate(rating, discord.Locale.taiwan_chinese, context) == "等级分"
    described = app_commands.locale_str("x", key="cmd.top")
    chinese = await translator.translate(described, discord.Locale.chinese, context)
    assert await translator.translate(described, discord.Locale.taiwan_chinese, context) == chinese


async def test_a_taiwan_client_is_answered_in_chinese(client: FedrankBot) -> None:
    interaction = FakeInteraction(ANNA, client, locale=discord.Locale.taiwan_chinese)
    assert client.fedrank.context_of_interaction(interaction).language == "zh"  # type: ignore[arg-type]
