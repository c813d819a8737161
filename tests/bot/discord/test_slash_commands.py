"""Slash commands and buttons: the cogs' callbacks called directly with a faked Interaction,
as discord.py calls them once it has parsed an interaction."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest

from fedrank.bot.discord import FedrankBot, make_bot
from fedrank.bot.discord import core as core_module
from fedrank.bot.discord.buttons import ActionButton
from fedrank.bot.discord.cogs import (
    Admin,
    Directors,
    Links,
    Othello,
    Players,
    Qualification,
    Reports,
)
from fedrank.bot.discord.cogs.directors import TableForm
from fedrank.bot.limits import CommandThrottle, ThrottleLimits
from fedrank.handlers.commands import COMMANDS
from fedrank.handlers.context import Services
from fedrank.handlers.wording.reply import Reply
from fedrank.storage.database import Database
from tests.bot.discord.conftest import (
    FakeAttachment,
    FakeInteraction,
    Sent,
    discord_account,
    discord_settings,
    guild,
    message_with,
    settled,
    user,
)
from tests.factories import seed_federation

RESULTS = "spring-cup 2026-11-10\nRMF-002 1\nRMF-001 2\n"
GUILD = guild(4242)
ANNA = user(101, "anna")
BOSS = user(202, "boss")
EVE = user(303, "eve")


@pytest.fixture
async def client(services: Services) -> AsyncIterator[FedrankBot]:
    """The bot with its cogs, commands and buttons, not connected to anything."""
    bot = make_bot(services, discord_settings(role_sync=False))
    await bot.setup_hook()
    yield bot


def cog(client: FedrankBot, kind: type[Any]) -> Any:
    found = client.get_cog(kind.__name__)
    assert isinstance(found, kind)
    return found


def interaction(client: FedrankBot, who: Any, **values: Any) -> FakeInteraction:
    values.setdefault("guild", GUILD)
    return FakeInteraction(who, client, **values)


def buttons(sent: Sent) -> list[ActionButton]:
    assert sent.view is not None
    return [b for b in sent.view.children if isinstance(b, ActionButton)]


async def _versions(db: Database, code: str) -> int:
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code("rmf-mcr")
        assert discipline is not None
        tournament = await repos.ledger.tournament(discipline.id, code)
        if tournament is None:
            return 0
        current = await repos.ledger.current_version(tournament.id)
        return current.version if current else 0


async def test_player_links_director_approves_by_button_and_rating(
    client: FedrankBot, db: Database
) -> None:
    await seed_federation(db)
    await discord_account(db, BOSS.id, role="director")
    links, players = cog(client, Links), cog(client, Players)

    asked = interaction(client, ANNA)
    await links.link.callback(links, asked, player_id="RMF-001")
    assert asked.sent[0].kind == "response" and "Request #1" in asked.sent[0].content

    listing = interaction(client, BOSS)
    await links.links.callback(links, listing)
    (shown,) = listing.sent
    assert shown.ephemeral  # the requests are for the director's eyes only
    approve, reject = buttons(shown)
    assert (approve.action, reject.action) == ("/approve 1", "/reject 1")
    assert approve.item.style is discord.ButtonStyle.success
    assert approve.item.custom_id == f"fr:{BOSS.id}:/approve 1"

    press = interaction(client, BOSS, message=message_with(shown))
    await approve.callback(press)
    assert press.deferred == [{"ephemeral": False, "thinking": False}]
    # Both buttons of request 1 are gone; the message says who decided.
    assert press.edits == settled(shown, "boss pressed: ✓ #1")
    assert "Request #1 approved" in press.sent[0].content

    rating = interaction(client, ANNA, locale=discord.Locale.russian)
    await players.rating.callback(players, rating)
    embed = rating.sent[0].embed
    assert embed is not None
    assert embed.title == "Anna Ivanova (RMF-001) — Russian Mahjong Federation"
    assert "Рейтинг: 750.5" in rating.sent[0].text  # the interaction's locale


async def test_director_submits_a_file_and_confirms_with_the_button(
    client: FedrankBot, db: Database, system: Any
) -> None:
    await seed_federation(db)
    await discord_account(db, BOSS.id, role="director")
    directors = cog(client, Directors)

    submit = interaction(client, BOSS)
    upload = FakeAttachment("cup.txt", RESULTS.encode())
    await directors.submit.callback(directors, submit, discipline="rmf-mcr", file=upload)
    assert submit.deferred == [{"ephemeral": False, "thinking": True}]  # acknowledged first
    (preview,) = submit.sent
    assert preview.kind == "followup"
    assert "Preview: Spring-Cup" in preview.text and "Boris Petrov" in preview.text
    confirm, cancel = buttons(preview)
    assert confirm.action.startswith("/confirm ") and cancel.action.startswith("/cancel ")
    assert await _versions(db, "spring-cup") == 0

    # Someone else's press does nothing and is answered to him alone.
    stranger = interaction(client, EVE, message=message_with(preview))
    await confirm.callback(stranger)
    assert stranger.edits == []
    assert stranger.sent[0].ephemeral
    assert "no submission of yours" in stranger.sent[0].content
    assert await _versions(db, "spring-cup") == 0

    press = interaction(client, BOSS, message=message_with(preview))
    await confirm.callback(press)
    assert press.edits == settled(preview, "boss pressed: Confirm")
    assert press.sent[0].content == "Saved: Spring-Cup, version 1, code spring-cup."
    assert await _versions(db, "spring-cup") == 1


async def test_non_director_submission_is_refused_and_nothing_written(
    client: FedrankBot, db: Database, system: Any
) -> None:
    await seed_federation(db)
    directors = cog(client, Directors)
    submit = interaction(client, EVE)
    upload = FakeAttachment("cup.txt", RESULTS.encode())
    await directors.submit.callback(directors, submit, discipline="rmf-mcr", file=upload)
    (refusal,) = submit.sent
    assert refusal.content == "Only a director of RMF may do this."
    assert refusal.view is None
    assert await _versions(db, "spring-cup") == 0
    async with db.read() as repos:
        assert await repos.audit.entries("results.confirmed") == []


async def test_submit_without_a_file_opens_a_form_for_the_table(
    client: FedrankBot, db: Database, system: Any
) -> None:
    await seed_federation(db)
    await discord_account(db, BOSS.id, role="director")
    directors = cog(client, Directors)
    submit = interaction(client, BOSS, locale=discord.Locale.russian)
    await directors.submit.callback(directors, submit, discipline="rmf-mcr", file=None)
    (form,) = submit.modals
    assert isinstance(form, TableForm)
    assert form.title == "Результаты: rmf-mcr"
    assert submit.sent == []

    filled = interaction(client, BOSS)
    await form.submit(filled, RESULTS)
    (preview,) = filled.sent
    assert "Preview: Spring-Cup" in preview.text
    assert [b.action.split()[0] for b in buttons(preview)] == ["/confirm", "/cancel"]


async def test_a_fast_answer_is_not_deferred_a_slow_one_is(client: FedrankBot) -> None:
    players = cog(client, Players)
    delay = {"seconds": 0.0}

    async def dispatch(services: Services, ctx: Any, text: str) -> Reply:
        await asyncio.sleep(delay["seconds"])
        return Reply.text(f"{ctx.language} {text}")

    client.fedrank.dispatch = dispatch
    fast = interaction(client, ANNA, locale=discord.Locale.ukrainian)
    await players.top.callback(players, fast, discipline="rmf-mcr", count=5)
    assert fast.deferred == []
    assert fast.sent[0].kind == "response" and fast.sent[0].content == "uk /top rmf-mcr 5"

    delay["seconds"] = 0.5
    slow = interaction(client, ANNA, locale=discord.Locale.chinese)
    await players.top.callback(players, slow)
    assert slow.deferred == [{"ephemeral": False, "thinking": True}]
    assert slow.sent[0].kind == "followup" and slow.sent[0].content == "zh /top"


async def test_a_private_answer_after_a_public_deferral_is_ephemeral(
    client: FedrankBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    players = cog(client, Players)

    async def dispatch(services: Services, ctx: Any, text: str) -> Reply:
        await asyncio.sleep(0.4)
        return Reply.text("only for you", private=True)

    client.fedrank.dispatch = dispatch
    asked = interaction(client, ANNA)
    await players.rating.callback(players, asked)
    assert asked.deferred == [{"ephemeral": False, "thinking": True}]
    assert asked.deleted == 1  # the public "thinking…" message is removed
    assert asked.sent[0].ephemeral and asked.sent[0].content == "only for you"

    in_dm = interaction(client, ANNA, guild=None)
    monkeypatch.setattr(core_module, "DEFER_AFTER", 5.0)
    await players.rating.callback(players, in_dm)
    assert not in_dm.sent[0].ephemeral  # a DM is private already


async def test_a_reported_game_counts_after_the_opponent_presses_confirm(
    client: FedrankBot, db: Database
) -> None:
    await seed_federation(db)
    async with db.transaction() as repos:  # games are reported in a game system, not mahjong
        discipline = await repos.federations.discipline_by_code("rmf-mcr")
        assert discipline is not None
        discipline.system = "othello_woc"  # results with discs (Go has its own, B+R …)
    await discord_account(db, BOSS.id, role="director")
    await discord_account(db, ANNA.id, player="RMF-001")
    await discord_account(db, EVE.id, player="RMF-002")
    reports = cog(client, Reports)

    opened = interaction(client, BOSS)
    await reports.openreports.callback(
        reports, opened, discipline="rmf-mcr", code="league-2026", title="Autumn league"
    )
    assert "league-2026" in opened.sent[0].content and "open" in opened.sent[0].content

    made = interaction(client, ANNA)
    await reports.report.callback(
        reports, made, tournament="league-2026", opponent="RMF-002", result="win", score="40-24"
    )
    assert made.sent[0].content.startswith("Report #1 recorded: win 40-24 against Boris")

    asked = interaction(client, EVE)
    await reports.reports.callback(reports, asked)
    confirm, dispute = buttons(asked.sent[0])
    assert (confirm.action, dispute.action) == ("/gameok 1", "/gamedispute 1")

    # Anna cannot confirm her own report by pressing Eve's button.
    forged = interaction(client, ANNA, message=message_with(asked.sent[0]))
    await confirm.callback(forged)
    assert forged.sent[0].ephemeral and "counted" not in forged.sent[0].content

    press = interaction(client, EVE, message=message_with(asked.sent[0]))
    await confirm.callback(press)
    assert press.sent[0].content == "Report #1 counted: the game is in league-2026 (version 2)."
    assert press.edits == settled(asked.sent[0], f"eve pressed: {confirm.label}")


async def test_every_message_is_sent_without_mentions(client: FedrankBot, db: Database) -> None:
    await seed_federation(db, names={"RMF-001": "@everyone", "RMF-002": "@here"})
    players = cog(client, Players)
    top, rating = interaction(client, ANNA), interaction(client, ANNA)
    await players.top.callback(players, top)
    await players.rating.callback(players, rating, player="RMF-002")
    assert "@\u200bhere" in rating.sent[0].text
    for sent in [*top.sent, *rating.sent]:
        assert sent.kwargs["allowed_mentions"].to_dict() == {"parse": []}  # nobody, no role


async def test_a_private_answer_to_a_press_keeps_the_pressed_message(client: FedrankBot) -> None:
    async def dispatch(services: Services, ctx: Any, text: str) -> Reply:
        reply = Reply.text("Invitation").button("Confirm", "/qconfirm 7")
        return Reply.text("your answer is recorded", private=True) if text != "/x" else reply

    client.fedrank.dispatch = dispatch
    shown = interaction(client, ANNA)
    await client.fedrank.answer_interaction(shown, "x", "/x")
    (confirm,) = buttons(shown.sent[0])
    press = interaction(client, ANNA, message=message_with(shown.sent[0]))
    await confirm.callback(press)
    assert press.deleted == 0  # the invitation stays; only its buttons go
    assert press.edits == settled(shown.sent[0], "anna pressed: Confirm")
    assert press.sent[0].ephemeral and press.sent[0].content == "your answer is recorded"


async def test_every_dispatcher_command_exists_in_both_forms(client: FedrankBot) -> None:
    slash = {c.name for c in client.tree.get_commands()}
    text = {c.name for c in client.commands}
    assert set(COMMANDS) <= slash
    assert set(COMMANDS) <= text
    assert {"rolemap", "roleunmap", "rolemaps", "rolesync"} <= slash & text


@pytest.mark.parametrize(
    ("kind", "command", "options", "line"),
    [
        (Players, "top", {"discipline": "rmf-mcr", "count": 5}, "/top rmf-mcr 5"),
        (
            Players,
            "why",
            {"tournament": "moscow open", "player": "RMF-002"},
            "/why moscow open RMF-002",
        ),
        (Players, "whatif", {"tournament": "cup", "place": 3}, "/whatif cup 3"),
        (Players, "subscribe", {"discipline": "rmf-mcr", "me": True}, "/subscribe rmf-mcr me"),
        (Players, "lang", {"language": "zh"}, "/lang zh"),
        (Links, "link", {"player_id": "RMF-001", "code": "AB12CD34"}, "/link RMF-001 AB12CD34"),
        (Links, "links", {"page": 2}, "/links 2"),
        (
            Links,
            "grant",
            {"account": "discord:5", "federation": "RMF", "role": "director"},
            "/grant discord:5 RMF director",
        ),
        (
            Directors,
            "publish",
            {"discipline": "rmf-mcr", "date": "2026-12-01"},
            "/publish rmf-mcr 2026-12-01",
        ),
        (
            Reports,
            "report",
            {"tournament": "league", "opponent": "RMF-002", "result": "draw", "score": "10-10"},
            "/report league RMF-002 draw 10-10",
        ),
        (
            Reports,
            "openreports",
            {"discipline": "rmf-mcr", "code": "lg", "title": "Club league"},
            "/openreports rmf-mcr lg Club league",
        ),
        (
            Qualification,
            "qualify",
            {
                "discipline": "rmf-mcr",
                "event_date": "2027-06-20",
                "quota": 2,
                "event": "European Championship",
                "presidium": "RMF-005, RMF-006",
            },
            "/qualify rmf-mcr 2027-06-20 2 'European Championship' presidium=RMF-005,RMF-006",
        ),
        (Othello, "standings", {"tournament": "woc-2026"}, "/standings woc-2026"),
        (
            Admin,
            "discipline",
            {
                "federation": "RMF",
                "code": "rmf-riichi",
                "system": "mahjong_rmf",
                "calendar": "monthly",
                "title": "Riichi mahjong",
            },
            "/discipline add RMF rmf-riichi mahjong_rmf monthly Riichi mahjong",
        ),
        (Admin, "unlink", {"player_id": "RMF-001"}, "/unlink RMF-001"),
    ],
)
async def test_typed_options_make_the_command_line(
    client: FedrankBot,
    kind: type[Any],
    command: str,
    options: dict[str, Any],
    line: str,
) -> None:
    seen: list[str] = []

    async def dispatch(services: Services, ctx: Any, text: str) -> Reply:
        seen.append(text)
        return Reply.text("ok")

    client.fedrank.dispatch = dispatch
    found = cog(client, kind)
    await getattr(found, command).callback(found, interaction(client, ANNA), **options)
    assert seen == [line]


async def test_a_throttled_slash_command_is_answered_privately(client: FedrankBot) -> None:
    calls: list[str] = []

    async def dispatch(services: Services, ctx: Any, text: str) -> Reply:
        calls.append(text)
        return Reply.text("ok")

    client.fedrank.dispatch = dispatch
    client.fedrank.throttle = CommandThrottle(ThrottleLimits(burst=1, interval=10.0))
    players = cog(client, Players)
    first, second = interaction(client, ANNA), interaction(client, ANNA)
    await players.rating.callback(players, first)
    await players.rating.callback(players, second)
    assert calls == ["/rating"]
    assert second.sent[0].ephemeral
    assert second.sent[0].content == "Too many commands at once; please wait 10 s."
    other = interaction(client, EVE)
    await players.rating.callback(players, other)  # everyone has his own bucket
    assert calls == ["/rating", "/rating"]


def test_throttle_refills_over_time() -> None:
    now = [0.0]
    throttle = CommandThrottle(ThrottleLimits(burst=2, interval=1.0), clock=lambda: now[0])
    assert [throttle.take(1)[0] for _ in range(3)] == [True, True, False]
    assert throttle.take(1) == (False, 1.0, True)  # told already
    now[0] = 0.5
    assert throttle.take(1)[0] is False
    now[0] = 1.0
    assert throttle.take(1)[0] is True
