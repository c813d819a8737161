"""Autocomplete of slash command options: disciplines, players, tournaments and, for /help,
the commands themselves.

Every string option named ``discipline``, ``player``, ``opponent`` or ``tournament`` of the
tree's commands gets a callback (:func:`attach`, once the cogs are added and before the tree is
synced) that asks :mod:`fedrank.handlers.questions.suggest` for what matches the text typed so far:
one
short read, at most 25 choices, labels within 100 characters. A suggestion that takes longer
than :data:`DEADLINE` (Discord waits three seconds for the answer) or fails is answered with no
choices: the user can still type the value himself.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from functools import cache
from typing import Any

import discord
from discord import app_commands
from discord.enums import AppCommandOptionType

from fedrank.handlers.commands import COMMANDS
from fedrank.handlers.context import Services
from fedrank.handlers.questions import suggest
from fedrank.handlers.questions.suggest import MAX_CHOICES, Suggestion, fit
from fedrank.handlers.wording import helptext
from fedrank.handlers.wording.i18n import translation
from fedrank.handlers.wording.languages import normalize_language

log = logging.getLogger(__name__)

DEADLINE = 2.0

Find = Callable[[Services, str, str], Awaitable[list[Suggestion]]]
Completer = Callable[
    [discord.Interaction[Any], str], Coroutine[Any, Any, list[app_commands.Choice[str]]]
]

#: What each option name is completed with.
BY_OPTION: dict[str, Find] = {
    "discipline": suggest.disciplines,
    "player": suggest.players,
    "opponent": suggest.players,
    "tournament": suggest.tournaments,
}


def services_of(interaction: discord.Interaction[Any]) -> Services:
    services: Services = interaction.client.fedrank.services
    return services


def _locale(interaction: discord.Interaction[Any]) -> str:
    """The user's Discord client language, as the commands' replies take it."""
    return getattr(interaction.locale, "value", None) or str(interaction.locale or "")


def completer(find: Find) -> Completer:
    """The autocomplete callback of one kind of option."""

    async def complete(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        services = services_of(interaction)
        language = normalize_language(_locale(interaction), services.default_language)
        try:
            found = await asyncio.wait_for(find(services, current, language), DEADLINE)
        except Exception:
            log.warning("autocomplete of %r failed", current[:50], exc_info=True)
            return []
        return [app_commands.Choice(name=s.label, value=s.value) for s in found[:MAX_CHOICES]]

    return complete


@cache
def _names() -> dict[str, dict[str, str]]:
    """Each command's localized slash names (``name.<command>`` of the catalogue), by language."""
    names: dict[str, dict[str, str]] = {}
    for command in COMMANDS:
        for language in ("ru", "uk", "zh"):
            text = translation(language, f"name.{command}")
            if text:
                names.setdefault(command, {})[language] = text
    return names


def canonical(word: str) -> str:
    """A command's name from its localized one (``рейтинг`` -> ``rating``, as Discord shows
    the slash commands in Russian); anything else unchanged."""
    name = word.strip().lstrip("/").lower()
    if name in COMMANDS:
        return name
    for command, localized in _names().items():
        if name in (n.lower() for n in localized.values()):
            return command
    return word.strip()


async def complete_command(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """/help's option: the commands whose name (or localized name) starts with what is typed,
    described in the user's language."""
    language = normalize_language(_locale(interaction))
    typed = current.strip().lstrip("/").lower()
    out: list[app_commands.Choice[str]] = []
    for entry in helptext.all_entries(COMMANDS).values():
        names = [entry.command, *(n.lower() for n in _names().get(entry.command, {}).values())]
        if typed and not any(n.startswith(typed) for n in names):
            continue
        label = fit(f"/{entry.command} — {entry.description(language)}")
        out.append(app_commands.Choice(name=label, value=entry.command))
        if len(out) == MAX_CHOICES:
            break
    return out


def attach(tree: app_commands.CommandTree[Any]) -> int:
    """Give every matching option of the tree's commands its autocomplete; how many."""
    count = 0
    for command in tree.walk_commands():
        if not isinstance(command, app_commands.Command):
            continue
        for parameter in command.parameters:
            if parameter.type is not AppCommandOptionType.string or parameter.choices:
                continue
            if command.name == "help" and parameter.name == "command":
                command.autocomplete(parameter.name)(complete_command)
            elif parameter.name in BY_OPTION:
                command.autocomplete(parameter.name)(completer(BY_OPTION[parameter.name]))
            else:
                continue
            count += 1
    return count
