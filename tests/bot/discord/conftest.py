"""The Discord transport on the test database: dpytest for text commands, and fakes of
discord.py objects spec'd on the real classes (``create_autospec``) for slash commands and buttons
(their callbacks are called directly, as discord.py would after parsing an interaction)."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import itertools
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast
from unittest.mock import create_autospec

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


# --- spec'd fakes of discord.py objects ---------------------------------------------------

_ids = itertools.count(1_000_000)


def spec_of(cls: type, /, *, behaviours: dict[str, Any] | None = None, **values: Any) -> Any:
    """An instance of ``cls`` as ``create_autospec`` makes it, as strict as the class itself.

    Only ``values`` are set; reading any other public data attribute fails, and so does writing
    one the class does not have (``spec_set``). Methods keep their real signatures; one without
    a given behaviour fails when called. So a cog that misspells an attribute or a keyword, or
    touches something the test did not fake, fails here as it would against Discord.
    """
    fake = create_autospec(cls, instance=True, spec_set=True)
    _restrict(fake, cls, behaviours or {}, values)
    return fake


def _restrict(fake: Any, cls: type, behaviours: dict[str, Any], values: dict[str, Any]) -> None:
    for name, value in values.items():
        setattr(fake, name, value)
    for name in dir(cls):
        if name.startswith("_") or name in values:
            continue
        if inspect.isfunction(inspect.getattr_static(cls, name)):
            getattr(fake, name).side_effect = behaviours.get(name, _not_faked(cls, name))
        else:
            delattr(fake, name)


def _not_faked(cls: type, name: str) -> Any:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"{cls.__name__}.{name} is not faked in this test")

    return refuse


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


class FakeInteraction:
    """A :class:`discord.Interaction` spec'd on the real class (see :func:`spec_of`), its
    response and followup spec'd on theirs, recording what the cogs send back.

    The interaction itself is spec'd without ``spec_set`` only so that it can carry the
    records below; what a cog reads or calls on it is checked all the same.
    """

    sent: list[Sent]
    deferred: list[dict[str, Any]]
    edits: list[dict[str, Any]]
    modals: list[discord.ui.Modal]
    deleted: int
    response: Any
    followup: Any

    def __new__(
        cls,
        user: Any,
        client: Any,
        guild: Any = None,
        locale: discord.Locale = discord.Locale.american_english,
        channel_id: int = 555,
        message: Any = None,
    ) -> FakeInteraction:
        fake: Any = create_autospec(discord.Interaction, instance=True)
        fake.sent, fake.deferred, fake.edits, fake.modals, fake.deleted = [], [], [], [], 0
        answered = [False]

        def answer() -> None:
            assert not answered[0], "an interaction is answered once"
            answered[0] = True

        async def send_message(
            content: Any = None, *, ephemeral: bool = False, **kwargs: Any
        ) -> None:
            answer()
            sent = kwargs if content is None else {"content": content, **kwargs}
            fake.sent.append(Sent(sent, ephemeral, "response"))

        async def send_modal(modal: discord.ui.Modal) -> None:
            answer()
            fake.modals.append(modal)

        async def defer(*, ephemeral: bool = False, thinking: bool = False) -> None:
            answer()
            fake.deferred.append({"ephemeral": ephemeral, "thinking": thinking})

        async def followup(content: Any = None, *, ephemeral: bool = False, **kwargs: Any) -> None:
            assert answered[0], "a followup needs an answered interaction"
            sent = kwargs if content is None else {"content": content, **kwargs}
            fake.sent.append(Sent(sent, ephemeral, "followup"))

        async def edit_original_response(**kwargs: Any) -> None:
            fake.edits.append(kwargs)

        async def delete_original_response() -> None:
            fake.deleted += 1

        response = spec_of(
            discord.InteractionResponse,
            behaviours={
                "is_done": lambda: answered[0],
                "send_message": send_message,
                "send_modal": send_modal,
                "defer": defer,
            },
        )
        _restrict(
            fake,
            discord.Interaction,
            {
                "edit_original_response": edit_original_response,
                "delete_original_response": delete_original_response,
            },
            {
                "user": user,
                "client": client,
                "guild": guild,
                "guild_id": None if guild is None else int(guild.id),
                "locale": locale,
                "channel_id": channel_id,
                "message": message,
                "id": next(_ids),
                "response": response,
                "followup": spec_of(discord.Webhook, behaviours={"send": followup}),
            },
        )
        return cast(FakeInteraction, fake)


def user(user_id: int, name: str = "", *, manage_roles: bool = False) -> Any:
    """A Discord member as an interaction carries it."""
    return spec_of(
        discord.Member,
        id=user_id,
        name=name or f"user{user_id}",
        display_name=name or f"user{user_id}",
        guild_permissions=discord.Permissions(manage_roles=manage_roles),
    )


def guild(guild_id: int) -> Any:
    """The server an interaction comes from (only its id is read)."""
    return spec_of(discord.Guild, id=guild_id)


def FakeAttachment(filename: str, content: bytes) -> Any:  # noqa: N802 (the fake's old class name)
    """A slash command's file option."""

    async def read(*, use_cached: bool = False) -> bytes:
        return content

    return spec_of(
        discord.Attachment,
        behaviours={"read": read},
        filename=filename,
        size=len(content),
    )


def message_with_buttons(content: str, rows: list[list[tuple[str, str]]]) -> Any:
    """A message with rows of buttons (custom_id, label), as Discord returns it."""
    return spec_of(
        discord.Message,
        content=content,
        components=[
            spec_of(
                discord.ActionRow,
                children=[
                    spec_of(discord.Button, custom_id=custom_id, label=label)
                    for custom_id, label in row
                ],
            )
            for row in rows
        ],
    )


def message_with(sent: Sent) -> Any:
    """The message a button was pressed on, with its components as Discord returns them."""
    view = sent.view
    assert view is not None
    buttons = [
        (item.item.custom_id or "", item.item.label or "")
        for item in view.children
        if isinstance(item, discord.ui.DynamicItem)
    ]
    return message_with_buttons(sent.content, [buttons])


def settled(sent: Sent, note: str) -> list[dict[str, Any]]:
    """The edit an owner's press makes: buttons of the decision gone, the press noted."""
    return [{"view": None, "content": f"{sent.content}\n{note}" if sent.content else note}]
