"""A player's page on the site links to the bot with a /start payload: /start answers his
rating, in the asker's language; a payload that names nobody, or a link code, is not taken
for one; /start names the federations in the asker's language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from fedrank.handlers.accounts.linking import is_code_payload
from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.site import links
from fedrank.storage.database import Database
from tests.conftest import user
from tests.factories import seed_federation


@pytest.fixture
def bot() -> Iterator[str]:
    links.set_chat_links("fedrank_test_bot", "https://discord.gg/abc123")
    try:
        yield "fedrank_test_bot"
    finally:
        links.set_chat_links(None, None)


def test_the_link_is_a_start_link_of_the_configured_bot(bot: str) -> None:
    url = links.bot_link("RMF", "RMF-001")
    assert url is not None and url.startswith(f"https://t.me/{bot}?start=")
    payload = url.rpartition("=")[2]
    assert links.player_of_payload(payload) == ("RMF", "RMF-001")
    assert not is_code_payload(payload)
    assert links.player_of_payload("ABCD-EFGH-JKLM") is None
    assert links.player_of_payload("garbage!") is None
    assert links.bot_link("RMF", "x" * 80) is None  # too long for Telegram's 64 characters
    assert links.discord_invite() == "https://discord.gg/abc123"


def test_without_a_bot_there_is_no_link() -> None:
    assert links.bot_link("RMF", "RMF-001") is None
    links.learn_bot_username("learnt_bot")  # where the bot runs: getMe's username
    try:
        assert (links.bot_link("RMF", "RMF-001") or "").startswith("https://t.me/learnt_bot?")
    finally:
        links.set_chat_links(None, None)


async def test_start_with_a_profile_payload_answers_the_rating(
    services: Services, db: Database, bot: str
) -> None:
    await seed_federation(db)
    async with db.transaction() as repos:
        fed = await repos.federations.by_code("RMF")
        assert fed is not None
        fed.names = {"ru": "Федерация маджонга России"}
    payload = (links.bot_link("RMF", "RMF-002") or "").rpartition("=")[2]
    reply = (await dispatch(services, user("u", language="ru"), f"/start {payload}")).plain
    assert "Boris Petrov (RMF-002) — Федерация маджонга России" in reply
    unknown = links.start_payload("RMF", "RMF-999")
    assert unknown is not None
    missing = (await dispatch(services, user("u"), f"/start {unknown}")).plain
    assert "No player matches" in missing
    hello = (await dispatch(services, user("v", language="ru"), "/start")).plain
    assert "Федерация маджонга России" in hello
