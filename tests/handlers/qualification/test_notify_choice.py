"""/notify: each player chooses where his personal notices go; the qualification notices
honour it."""

from __future__ import annotations

from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.notify import chosen_accounts
from fedrank.handlers.qualification import advance_all
from fedrank.storage.database import Database
from fedrank.storage.models import Account
from tests.conftest import Clock
from tests.handlers.fake_adapter import World
from tests.handlers.qualification.helpers import at, outbox, say


def _ctx(platform: str, user: str) -> RequestContext:
    return RequestContext(
        platform=platform, user_id=user, chat_id=user, display_name=user, language="en"
    )


async def _link(db: Database, world: World, platform: str, user: str) -> None:
    async with db.transaction() as repos:
        account = await repos.accounts.get_or_create(
            platform, user, display_name=user, language=None, now=at("2026-11-01")
        )
        await repos.accounts.link(account, world["1"])


async def test_notices_go_where_the_player_chose(
    db: Database, services: Services, clock: Clock, world: World
) -> None:
    await _link(db, world, "telegram", "111")
    await _link(db, world, "discord", "222")
    shown = await dispatch(services, _ctx("telegram", "111"), "/notify")
    assert shown.plain == (
        "Player 1 (RMF-001): personal notices go to Telegram and Discord "
        "(linked: console, discord, telegram)."
    )
    assert [b.action for b in shown.buttons] == [
        "/notify telegram",
        "/notify discord",
        "/notify both",
    ]
    chosen = await dispatch(services, _ctx("telegram", "111"), "/notify discord")
    assert "now go to Discord" in chosen.plain
    refused = await dispatch(services, _ctx("telegram", "111"), "/notify email")
    assert "/notify telegram|discord|both" in refused.plain

    clock.now = at("2026-11-21")
    await say(services, "boss", "/qualify rmf-mcr 2027-06-20 1 Cup")
    await advance_all(db, at("2026-12-01"), systems=world.systems)
    # Discord (and the console, the operator's own terminal), not Telegram.
    assert sorted(chat for chat, _, _ in await outbox(db, "qual:1:invite:")) == ["222", "p1"]
    async with db.read() as repos:
        chosen_log = [e.details for e in await repos.audit.entries("notify.chosen")]
    assert chosen_log == [{"channel": "discord", "before": None}]


async def test_a_choice_without_an_account_there_loses_nothing(
    services: Services, world: World
) -> None:
    answer = await dispatch(services, _ctx("console", "p2"), "/notify telegram")
    assert "No telegram account is linked to you yet" in answer.plain
    accounts = [
        Account(id=1, platform="discord", platform_user_id="9"),
        Account(id=2, platform="console", platform_user_id="c"),
    ]
    assert chosen_accounts(accounts, "telegram") == accounts
    assert chosen_accounts(accounts, "discord") == accounts
    assert chosen_accounts(accounts[:1], "both") == accounts[:1]
    unlinked = await dispatch(services, _ctx("telegram", "999"), "/notify both")
    assert "not linked" in unlinked.plain
