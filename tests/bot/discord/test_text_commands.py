"""Text commands (``!rating``) end to end through the real bot and cogs on dpytest's Discord."""

from __future__ import annotations

from typing import Any

import discord
import discord.ext.test as dpytest
import pytest
from discord.ext.test import backend

from fedrank.bot.discord import FedrankBot
from fedrank.bot.limits import CommandThrottle, ThrottleLimits
from fedrank.handlers.context import Services
from fedrank.storage.database import Database
from tests.bot.discord.conftest import discord_account
from tests.factories import seed_federation

RESULTS = "spring-cup 2026-11-10\nRMF-002 1\nRMF-001 2\n"


def members() -> tuple[discord.Member, discord.Member, discord.Member]:
    anna, boss, eve = dpytest.get_config().members
    return anna, boss, eve


async def _versions(db: Database, code: str) -> int:
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code("rmf-mcr")
        assert discipline is not None
        tournament = await repos.ledger.tournament(discipline.id, code)
        if tournament is None:
            return 0
        current = await repos.ledger.current_version(tournament.id)
        return current.version if current else 0


@pytest.fixture
def payloads(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The JSON payload of every message the bot sends (dpytest drops allowed_mentions)."""
    seen: list[dict[str, Any]] = []
    original = discord.abc.handle_message_parameters

    def spy(*args: Any, **kwargs: Any) -> Any:
        params = original(*args, **kwargs)
        seen.append(dict(params.payload or {}))
        return params

    monkeypatch.setattr(discord.abc, "handle_message_parameters", spy)
    return seen


async def test_player_links_director_approves_and_rating(
    bot: FedrankBot, db: Database, services: Services
) -> None:
    await seed_federation(db)
    anna, boss, _ = members()
    await discord_account(db, boss.id, role="director")

    await dpytest.message("!link RMF-001", member=anna)
    asked = dpytest.get_message()
    assert "Request #1" in asked.content and "Anna Ivanova (RMF-001)" in asked.content

    # The list of requests is private: it goes to the director by DM, the channel is told.
    await dpytest.message("!links", member=boss)
    private = dpytest.get_message()
    note = dpytest.get_message()
    assert isinstance(private.channel, discord.DMChannel)
    assert "#1" in private.content and "Anna Ivanova" in private.content
    assert note.content == "I sent the answer to you in a direct message."

    await dpytest.message("!approve 1", member=boss)
    assert "approved" in dpytest.get_message().content.lower()

    await dpytest.message("!rating", member=anna)
    answer = dpytest.get_message()
    embed = answer.embeds[0]
    assert embed.title == "Anna Ivanova (RMF-001) — Russian Mahjong Federation"
    assert [f.name for f in embed.fields] == ["Sports mahjong"]
    assert "Rating: 750.5" in (embed.fields[0].value or "")


async def test_director_submits_a_file_and_confirms(
    bot: FedrankBot, db: Database, system: Any, tmp_path: Any
) -> None:
    await seed_federation(db)
    _, boss, _ = members()
    await discord_account(db, boss.id, role="director")
    results = tmp_path / "cup.txt"
    results.write_text(RESULTS)

    await dpytest.message("!submit rmf-mcr", member=boss, attachments=[str(results)])
    preview = dpytest.get_message()
    assert "Preview: Spring-Cup" in preview.content
    assert "Boris Petrov" in preview.content
    assert await _versions(db, "spring-cup") == 0

    token = await _pending_token(db)
    await dpytest.message(f"!confirm {token}", member=boss)
    assert dpytest.get_message().content == "Saved: Spring-Cup, version 1, code spring-cup."
    assert await _versions(db, "spring-cup") == 1


async def _pending_token(db: Database) -> str:
    from sqlalchemy import select

    from fedrank.storage.models import PendingSubmission

    async with db.read() as repos:
        token = await repos.session.scalar(select(PendingSubmission.token))
    assert token is not None
    return token


async def test_pasted_table_by_a_non_director_is_refused(
    bot: FedrankBot, db: Database, system: Any
) -> None:
    await seed_federation(db)
    _, _, eve = members()
    await dpytest.message("!submit rmf-mcr\n" + RESULTS, member=eve)
    refusal = dpytest.get_message()
    assert refusal.content == "Only a director of RMF may do this."
    assert await _versions(db, "spring-cup") == 0
    async with db.read() as repos:
        assert [e.action for e in await repos.audit.entries("results.confirmed")] == []


async def test_everyone_in_a_player_name_is_inert(
    bot: FedrankBot, db: Database, payloads: list[dict[str, Any]]
) -> None:
    await seed_federation(
        db, names={"RMF-001": "@everyone **Bob** <@&123456789012345678> `x`", "RMF-002": "Ann"}
    )
    anna, _, _ = members()
    await dpytest.message("!rating RMF-001", member=anna)
    embed = dpytest.get_embed()
    assert embed.title is not None
    assert "@everyone" not in embed.title  # a zero-width space follows the @
    assert "@\u200beveryone" in embed.title
    assert "\\*\\*Bob\\*\\*" in embed.title and "\\`x\\`" in embed.title
    assert "<@&" not in embed.title
    assert payloads[-1]["allowed_mentions"] == {"parse": [], "replied_user": False}

    await dpytest.message("!top", member=anna)
    top = dpytest.get_embed()
    assert "@everyone **Bob**" in (top.description or "")  # inside a code block: plain text
    assert all(p["allowed_mentions"]["parse"] == [] for p in payloads)


async def test_closed_dms_are_marked_and_not_tried_again(
    bot: FedrankBot, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    await seed_federation(db)
    _, boss, _ = members()
    await discord_account(db, boss.id, role="director")
    attempts: list[int] = []

    async def closed(self: Any, channel_id: int, *, params: Any) -> Any:
        attempts.append(channel_id)
        raise discord.Forbidden(backend.FakeRequest(403, "Forbidden"), "Cannot send messages")

    original = backend.FakeHttp.send_message

    async def route(self: Any, channel_id: int, *, params: Any) -> Any:
        channel = backend.get_state().get_channel(channel_id)
        if isinstance(channel, discord.DMChannel):
            return await closed(self, channel_id, params=params)
        return await original(self, channel_id, params=params)

    monkeypatch.setattr(backend.FakeHttp, "send_message", route)

    await dpytest.message("!links", member=boss)
    assert "direct messages are closed" in dpytest.get_message().content
    async with db.read() as repos:
        account = await repos.accounts.by_platform("discord", str(boss.id))
        assert account is not None and account.unreachable_since is not None

    await dpytest.message("!links", member=boss)
    assert "direct messages are closed" in dpytest.get_message().content
    assert len(attempts) == 1  # the second time no request was made


async def test_a_flood_of_commands_gets_one_notice(
    bot: FedrankBot, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    await seed_federation(db)
    anna, _, _ = members()
    bot.fedrank.throttle = CommandThrottle(ThrottleLimits(burst=2, interval=60.0))
    for _ in range(5):
        await dpytest.message("!rating RMF-002", member=anna)
    answers = []
    while not dpytest.sent_queue.empty():
        answers.append(dpytest.get_message())
    assert len(answers) == 3  # two answers, one notice, then silence
    assert answers[2].content == "Too many commands at once; please wait 60 s."


async def test_no_request_where_the_bot_may_not_write(bot: FedrankBot, db: Database) -> None:
    """A send would only earn a 403 (an invalid request): the bot stays silent instead."""
    await seed_federation(db)
    anna, _, _ = members()
    channel = dpytest.get_config().channels[0]
    everyone = channel.guild.default_role
    await dpytest.set_permission_overrides(everyone, channel, send_messages=False)
    assert not channel.permissions_for(channel.guild.me).send_messages
    await dpytest.message("!rating RMF-002", member=anna)
    assert dpytest.sent_queue.empty()


async def test_a_file_the_network_fails_to_give_is_asked_again(
    bot: FedrankBot,
    db: Database,
    system: Any,
    tmp_path: Any,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """On main only ``discord.HTTPException`` and ``OSError`` were caught: an aiohttp error (its
    text the file's URL) went out of the command unanswered."""
    import aiohttp
    from yarl import URL

    await seed_federation(db)
    _, boss, _ = members()
    await discord_account(db, boss.id, role="director")
    results = tmp_path / "cup.txt"
    results.write_text(RESULTS)
    url = URL("https://cdn.discordapp.com/attachments/1/2/cup.txt?ex=secret-signature")

    async def broken(self: discord.Attachment, **kwargs: Any) -> bytes:
        raise aiohttp.ClientPayloadError(f"Response payload is not completed: {url}")

    monkeypatch.setattr(discord.Attachment, "read", broken)
    await dpytest.message("!submit rmf-mcr", member=boss, attachments=[str(results)])
    assert dpytest.get_message().content == "I could not download the file; please send it again."
    assert "secret-signature" not in caplog.text
    assert await _versions(db, "spring-cup") == 0
