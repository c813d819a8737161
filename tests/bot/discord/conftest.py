"""The Discord transport on the test database: dpytest for text commands, and a faked
:class:`discord.Interaction` for slash commands and buttons (their callbacks are called directly,
as discord.py would after parsing an interaction)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import fedrank.bot.discord  # noqa: F401  (imports discord.py without its audioop warning)

import discord  # isort: skip
import discord.ext.test as dpytest  # isort: skip

from fedrank.bot.discord import DiscordSettings, FedrankBot, make_bot
from fedrank.handlers.context import Services
from fedrank.handlers.systems import SystemRegistry
from fedrank.storage.database import Database
from tests.bot.discord.fake_system import FakeSystem
from tests.factories import NOW

TEST_SETTINGS = {
    "prefix": "!",
    "role_sync": True,
    "sync_commands": False,
    "publication_poll": 3600.0,
    "throttle_burst": 50,
}


def discord_settings(**values: Any) -> DiscordSettings:
    return DiscordSettings.model_validate({**TEST_SETTINGS, **values})


@pytest.fixture
def system(services: Services) -> FakeSystem:
    """The tiny system stands in for the discipline's engine adapter."""
    fake = FakeSystem()
    services.systems = SystemRegistry([fake])
    return fake


@pytest.fixture
async def bot(
    services: Services, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[FedrankBot]:
    """The real bot and cogs, on dpytest's fake Discord: one server, members anna, boss, eve."""
    monkeypatch.chdir(tmp_path)  # dpytest writes the files the bot sends to the working dir
    client = make_bot(services, discord_settings())
    await client._async_setup_hook()
    dpytest.configure(client, members=["anna", "boss", "eve"])
    await client.setup_hook()
    try:
        yield client
    finally:
        await dpytest.empty_queue()
        watcher = client._watcher
        if watcher is not None:
            watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watcher


async def discord_account(
    db: Database, user_id: int, *, role: str | None = None, player: str | None = None
) -> None:
    """A Discord account, optionally a director of RMF or linked to a federation player ID."""
    async with db.transaction() as repos:
        account = await repos.accounts.get_or_create(
            "discord", str(user_id), display_name=str(user_id), language=None, now=NOW
        )
        if role is not None:
            federation = await repos.federations.by_code("RMF")
            assert federation is not None
            await repos.accounts.set_role(account.id, federation.id, role)
        if player is not None:
            found = await repos.players.find(player)
            await repos.accounts.link(account, found[0].id)


# --- a faked Interaction ------------------------------------------------------------------

_ids = itertools.count(1_000_000)


@dataclass
class Sent:
    kwargs: dict[str, Any]
    ephemeral: bool
    kind: str  # "response" or "followup"

    @property
    def content(self) -> str:
        return str(self.kwargs.get("content", ""))

    @property
    def embed(self) -> discord.Embed | None:
        embed: discord.Embed | None = self.kwargs.get("embed")
        return embed

    @property
    def view(self) -> discord.ui.View | None:
        view: discord.ui.View | None = self.kwargs.get("view")
        return view

    @property
    def text(self) -> str:
        parts = [self.content]
        if self.embed is not None:
            parts += [self.embed.title or "", self.embed.description or ""]
            parts += [f"{f.name}\n{f.value}" for f in self.embed.fields]
        return "\n".join(p for p in parts if p)


@dataclass
class FakeInteraction:
    """What the cogs read from an interaction, recording what they send back."""

    user: Any
    client: Any
    guild: Any = None
    locale: discord.Locale = discord.Locale.american_english
    channel_id: int = 555
    message: Any = None
    sent: list[Sent] = field(default_factory=list)
    deferred: list[dict[str, Any]] = field(default_factory=list)
    edits: list[dict[str, Any]] = field(default_factory=list)
    modals: list[discord.ui.Modal] = field(default_factory=list)
    deleted: int = 0
    id: int = field(default_factory=lambda: next(_ids))

    def __post_init__(self) -> None:
        self.response = _Response(self)
        self.followup = _Followup(self)

    @property
    def guild_id(self) -> int | None:
        return None if self.guild is None else int(self.guild.id)

    async def edit_original_response(self, **kwargs: Any) -> None:
        self.edits.append(kwargs)

    async def delete_original_response(self) -> None:
        self.deleted += 1


class _Response:
    def __init__(self, interaction: FakeInteraction) -> None:
        self.interaction = interaction
        self.done = False

    def is_done(self) -> bool:
        return self.done

    async def send_message(self, *, ephemeral: bool = False, **kwargs: Any) -> None:
        assert not self.done, "an interaction is answered once"
        self.done = True
        self.interaction.sent.append(Sent(kwargs, ephemeral, "response"))

    async def send_modal(self, modal: discord.ui.Modal) -> None:
        assert not self.done, "an interaction is answered once"
        self.done = True
        self.interaction.modals.append(modal)

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        assert not self.done, "an interaction is answered once"
        self.done = True
        self.interaction.deferred.append({"ephemeral": ephemeral, "thinking": thinking})


class _Followup:
    def __init__(self, interaction: FakeInteraction) -> None:
        self.interaction = interaction

    async def send(self, *, ephemeral: bool = False, **kwargs: Any) -> None:
        assert self.interaction.response.done, "a followup needs an answered interaction"
        self.interaction.sent.append(Sent(kwargs, ephemeral, "followup"))


def user(user_id: int, name: str = "", *, manage_roles: bool = False) -> Any:
    """A Discord user as an interaction carries it."""
    return SimpleNamespace(
        id=user_id,
        name=name or f"user{user_id}",
        display_name=name or f"user{user_id}",
        guild_permissions=discord.Permissions(manage_roles=manage_roles),
    )


class FakeAttachment:
    """A slash command's file option."""

    def __init__(self, filename: str, content: bytes) -> None:
        self.filename = filename
        self.content = content
        self.size = len(content)

    async def read(self) -> bytes:
        return self.content


def message_with(sent: Sent) -> Any:
    """The message a button was pressed on, with its components as Discord returns them."""
    view = sent.view
    assert view is not None
    buttons = [
        SimpleNamespace(custom_id=item.item.custom_id, label=item.item.label)
        for item in view.children
        if isinstance(item, discord.ui.DynamicItem)
    ]
    return SimpleNamespace(content=sent.content, components=[SimpleNamespace(children=buttons)])


def settled(sent: Sent, note: str) -> list[dict[str, Any]]:
    """The edit an owner's press makes: buttons of the decision gone, the press noted."""
    return [{"view": None, "content": f"{sent.content}\n{note}" if sent.content else note}]
