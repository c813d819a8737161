"""A qualification invitation reaches a Discord player with buttons, and his press answers it.

The invitation is an outbox row (the scheduler's work); the outbox sender posts it with the
view :func:`fedrank.bot.discord.delivery.make_view` makes; the press comes back to this
bot as an interaction on that message, and discord.py builds the button from its custom_id."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

import discord
import pytest

from fedrank.bot.discord import FedrankBot, make_bot
from fedrank.bot.discord.buttons import ActionButton
from fedrank.bot.discord.cogs import Qualification
from fedrank.bot.discord.delivery import make_view
from fedrank.engines import mahjong_rmf as rmf
from fedrank.handlers.context import Services
from fedrank.handlers.qualification import advance_all
from fedrank.handlers.wording.reply import Reply
from fedrank.storage.database import Database
from fedrank.storage.models import Discipline
from fedrank.storage.repos import Repos
from tests.bot.discord.conftest import (
    FakeInteraction,
    discord_account,
    discord_settings,
    guild,
    message_with_buttons,
    user,
)
from tests.conftest import Clock
from tests.factories import seed_federation
from tests.handlers.fake_adapter import World

ANNA = user(101, "anna")
EVE = user(303, "eve")
BOSS = user(202, "boss")


def at(day: str) -> datetime:
    return datetime.combine(date.fromisoformat(day), datetime.min.time(), UTC).replace(hour=9)


@pytest.fixture
async def client(services: Services) -> AsyncIterator[FedrankBot]:
    bot = make_bot(services, discord_settings(role_sync=False))
    await bot.setup_hook()
    yield bot


@pytest.fixture
async def world(db: Database) -> World:
    """Three RMF members; anna (RMF-001) and eve (RMF-002) linked in Discord; boss directs.
    The frozen list ranks them 1, 2, 3."""
    seeded = await seed_federation(db)
    async with db.transaction() as repos:
        for pid in seeded.players.values():
            await repos.players.add_membership(pid, date(2020, 1, 1), None)
    await discord_account(db, BOSS.id, role="director")
    await discord_account(db, ANNA.id, player="RMF-001")
    await discord_account(db, EVE.id, player="RMF-002")
    ranking = list(seeded.players.values())
    world = World({})

    async def frozen(repos: Repos, discipline: Discipline, on: date) -> rmf.RatingList:
        rows = tuple(
            rmf.ListRow(i + 1, str(pid), Decimal(900 - 100 * i), rmf.START, Decimal(0), (), 1)
            for i, pid in enumerate(ranking)
        )
        return rmf.RatingList(rmf.Discipline.MCR, on, rows)

    world.frozen.list_on = frozen
    return world


async def _press(client: FedrankBot, who: Any, message: Any, component: Any) -> FakeInteraction:
    """What discord.py does with a press: match the template, build the item, call it."""
    press = FakeInteraction(who, client, guild=None, message=message)
    custom_id = component["custom_id"]
    match = ActionButton.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match is not None
    item = discord.ui.Button[Any](label=component["label"], custom_id=custom_id)
    button = await ActionButton.from_custom_id(press, item, match)  # type: ignore[arg-type]
    await button.callback(press)  # type: ignore[arg-type]
    return press


async def test_an_invitation_is_answered_with_its_button(
    client: FedrankBot, db: Database, clock: Clock, world: World
) -> None:
    cog = client.get_cog("Qualification")
    assert isinstance(cog, Qualification)
    clock.now = at("2026-11-21")
    created = FakeInteraction(BOSS, client, guild=guild(1))
    await cog.qualify.callback(
        cog,
        created,
        discipline="rmf-mcr",
        event_date="2027-06-20",
        quota=1,
        event="European Championship",
    )
    assert "2026-12-01" in created.sent[0].text

    await advance_all(db, at("2026-12-01"), systems=world.systems)
    async with db.read() as repos:
        (row,) = await repos.outbox.by_prefix("qual:1:invite:")
        platform, chat_id, payload = row.platform, row.chat_id, row.payload
    assert (platform, chat_id) == ("discord", str(ANNA.id))
    invitation = Reply.from_json(payload["reply"])
    view = make_view(invitation.buttons, owner=int(chat_id))
    assert view is not None
    (action_row,) = view.to_components()
    confirm, decline = action_row["components"]
    assert (confirm["label"], confirm["custom_id"]) == ("Confirm", f"fr:{ANNA.id}:/qconfirm 1")
    assert decline["custom_id"] == f"fr:{ANNA.id}:/qdecline 1"
    message = message_with_buttons(
        "", [[(c["custom_id"], c["label"]) for c in action_row["components"]]]
    )

    clock.now = at("2026-12-05")
    press = await _press(client, ANNA, message, confirm)
    assert press.edits == [{"view": None, "content": "anna pressed: Confirm"}]
    assert "Confirmed" in press.sent[0].content
    async with db.read() as repos:
        states = [(s.state, s.answered_at is not None) for s in await repos.qualifications.slots(1)]
    assert ("confirmed", True) in states
