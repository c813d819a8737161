"""The language a chat account chose, and whether direct messages reach it."""

from __future__ import annotations

from typing import Any

import pytest

from fedrank.handlers.accounts.presence import (
    account_state,
    chosen_language,
    forget_state,
    is_unreachable,
    mark_unreachable,
    note_reachable,
)
from fedrank.handlers.context import (
    LANGUAGE_TTL,
    NO_ACCOUNT,
    AccountState,
    RequestContext,
    Services,
)
from fedrank.storage.repos.accounts import ACCOUNT_PRESENCE, MARKED_ACCOUNTS
from tests.factories import NOW


def telegram_user(user_id: str, language: str = "uk") -> RequestContext:
    return RequestContext(platform="telegram", user_id=user_id, chat_id=user_id, language=language)


async def _choose(services: Services, user_id: str, language: str) -> None:
    async with services.db.transaction() as repos:
        account = await repos.accounts.by_platform("telegram", user_id)
        assert account is not None
        account.language = language


async def test_the_chosen_language_wins_over_the_platforms(services: Services) -> None:
    now = [0.0]
    services.languages.clock = lambda: now[0]
    asker = telegram_user("1")
    assert await chosen_language(services, asker) == "uk"  # no account yet
    async with services.db.transaction() as repos:
        await repos.accounts.get_or_create(
            "telegram", "1", display_name="Lesya", language=None, now=NOW
        )
    assert await chosen_language(services, asker) == "uk"  # an account without a choice
    await _choose(services, "1", "zh")
    # Changed behind this process's back (another process answered /lang): seen once what
    # was read has expired; a change made here (/lang) clears it at once.
    assert await chosen_language(services, asker) == "uk"
    now[0] += LANGUAGE_TTL
    assert await chosen_language(services, asker) == "zh"
    await _choose(services, "1", "ru")
    forget_state(services, "telegram", "1")
    assert await chosen_language(services, asker) == "ru"


async def test_the_state_is_read_in_one_query_and_kept(services: Services) -> None:
    """Language and mark come from one read; the marks clear what was kept."""
    assert await account_state(services, "telegram", "9") == NO_ACCOUNT
    async with services.db.transaction() as repos:
        await repos.accounts.get_or_create(
            "telegram", "9", display_name="Olha", language="uk", now=NOW
        )
    assert await account_state(services, "telegram", "9") == NO_ACCOUNT  # kept
    forget_state(services, "telegram", "9")
    assert await account_state(services, "telegram", "9") == AccountState("uk", False)
    assert await mark_unreachable(services, "telegram", "9")
    assert await account_state(services, "telegram", "9") == AccountState("uk", True)
    await note_reachable(services, "telegram", "9")
    assert await account_state(services, "telegram", "9") == AccountState("uk", False)
    assert not await is_unreachable(services, "telegram", "9")


async def test_only_a_known_account_is_marked_without_a_name(services: Services) -> None:
    assert not await mark_unreachable(services, "telegram", "2")
    async with services.db.read() as repos:
        assert await repos.accounts.by_platform("telegram", "2") is None
    async with services.db.transaction() as repos:
        await repos.accounts.get_or_create(
            "telegram", "2", display_name="Blocker", language=None, now=NOW
        )
    assert await mark_unreachable(services, "telegram", "2")
    assert not await mark_unreachable(services, "telegram", "2")  # marked already
    assert await is_unreachable(services, "telegram", "2")


async def test_a_named_user_gets_an_account_to_hold_the_mark(services: Services) -> None:
    assert await mark_unreachable(services, "discord", "3", display_name="closed")
    async with services.db.read() as repos:
        account = await repos.accounts.by_platform("discord", "3")
        assert account is not None
        assert account.display_name == "closed"
        assert account.unreachable_since is not None


async def test_writing_again_clears_the_mark(services: Services) -> None:
    await note_reachable(services, "discord", "4")  # unknown: nothing to do, nothing made
    async with services.db.read() as repos:
        assert await repos.accounts.by_platform("discord", "4") is None
    await mark_unreachable(services, "discord", "4", display_name="back")
    await note_reachable(services, "discord", "4")
    assert not await is_unreachable(services, "discord", "4")


async def test_users_without_a_state_need_no_query_of_their_own(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The accounts with a state (a chosen language, a mark) are read at once, every
    LANGUAGE_TTL seconds: a user not among them has NO_ACCOUNT without a query of his own; one
    cleared in this process since is read on his own, as is everyone when there are more such
    accounts than the cache keeps."""
    now = [0.0]
    services.languages.clock = lambda: now[0]
    async with services.db.transaction() as repos:
        await repos.accounts.get_or_create(
            "telegram", "7", display_name="Zhu", language="zh", now=NOW
        )
    read: list[object] = []
    plain_rows = services.db.plain_rows

    async def counted(statement: Any, params: Any) -> list[tuple[Any, ...]]:
        read.append(statement)
        return await plain_rows(statement, params)

    monkeypatch.setattr(services.db, "plain_rows", counted)
    assert await account_state(services, "telegram", "7") == AccountState("zh", False)
    for user_id in ("1", "2", "3"):
        assert await account_state(services, "telegram", user_id) == NO_ACCOUNT
    assert read == [MARKED_ACCOUNTS]
    await _choose(services, "7", "ru")
    forget_state(services, "telegram", "7")  # /lang answered here
    assert await account_state(services, "telegram", "7") == AccountState("ru", False)
    assert await account_state(services, "telegram", "4") == NO_ACCOUNT
    assert read == [MARKED_ACCOUNTS, ACCOUNT_PRESENCE]
    now[0] += LANGUAGE_TTL  # expired: read again at once
    await _choose(services, "7", "uk")
    assert await account_state(services, "telegram", "7") == AccountState("uk", False)
    assert read == [MARKED_ACCOUNTS, ACCOUNT_PRESENCE, MARKED_ACCOUNTS]
    services.languages.size = 0  # more marked accounts than kept: each user on his own
    now[0] += LANGUAGE_TTL
    assert await account_state(services, "telegram", "5") == NO_ACCOUNT
    assert await account_state(services, "telegram", "7") == AccountState("uk", False)
    assert read[3:] == [MARKED_ACCOUNTS, ACCOUNT_PRESENCE, ACCOUNT_PRESENCE]
