"""The dispatcher: command parsing, unknown input, internal errors and the catalogues."""

import logging

import pytest

from fedrank.handlers import commands as commands_module
from fedrank.handlers.context import (
    LANGUAGE_TTL,
    NO_ACCOUNT,
    AccountState,
    LanguageCache,
    RequestContext,
    Services,
)
from fedrank.handlers.dispatch import dispatch, parse_command
from fedrank.handlers.wording.i18n import MESSAGES, missing_translations
from fedrank.handlers.wording.reply import Reply
from tests.conftest import user


def test_parse_command() -> None:
    assert parse_command("/top@fedrank_bot rmf 5") == ("top", "rmf 5")
    assert parse_command("  /RATING  Anna ") == ("rating", "Anna")
    assert parse_command("hello") is None
    assert parse_command("/") is None


async def test_unknown_command_and_plain_text(services: Services) -> None:
    assert (await dispatch(services, user("u"), "/fly")).plain == (
        "Unknown command /fly. Send /help for the list."
    )
    assert "I answer commands" in (await dispatch(services, user("u"), "hi")).plain


async def test_internal_errors_are_answered_not_raised(
    services: Services, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(services: Services, ctx: RequestContext, args: str) -> Reply:
        raise RuntimeError("boom")

    monkeypatch.setitem(commands_module.COMMANDS, "boom", commands_module.Command("boom", broken))
    with caplog.at_level(logging.ERROR):
        reply = await dispatch(services, user("u"), "/boom")
    assert "nothing was changed" in reply.plain
    assert "boom" not in reply.plain


async def test_help_lists_director_commands_only_to_directors(services: Services) -> None:
    from tests.factories import make_director, seed_federation

    await seed_federation(services.db)
    assert "/approve" not in (await dispatch(services, user("u"), "/help")).plain
    await make_director(services.db, "boss")
    assert "/approve" in (await dispatch(services, user("boss"), "/help")).plain


def test_every_message_is_translated_with_the_same_placeholders() -> None:
    import string

    assert missing_translations() == []
    for key, entry in MESSAGES.items():
        fields = {
            lang: {f for _, f, _, _ in string.Formatter().parse(text) if f}
            for lang, text in entry.items()
        }
        assert len({frozenset(f) for f in fields.values()}) == 1, key


def test_every_command_has_a_help_line() -> None:
    for name in commands_module.COMMANDS:
        assert f"cmd.{name}" in MESSAGES


async def test_the_chosen_language_is_cached_and_lang_clears_it(services: Services) -> None:
    """The language chosen with /lang is read once per user and kept for LANGUAGE_TTL seconds;
    /lang itself is seen by the very next request, a change behind the cache's back (another
    process answering /lang) once the entry has expired."""
    cache = services.languages
    now = [1000.0]
    cache.clock = lambda: now[0]
    assert "Unknown command" in (await dispatch(services, user("u"), "/fly")).plain
    assert cache.get(("console", "u")) == NO_ACCOUNT
    await dispatch(services, user("u"), "/lang ru")
    assert cache.get(("console", "u")) is None
    assert "Неизвестная команда" in (await dispatch(services, user("u"), "/fly")).plain
    assert cache.get(("console", "u")) == AccountState("ru", False)
    async with services.db.transaction() as repos:
        account = await repos.accounts.by_platform("console", "u")
        assert account is not None
        account.language = "en"
    assert "Неизвестная команда" in (await dispatch(services, user("u"), "/fly")).plain
    now[0] += LANGUAGE_TTL
    assert "Unknown command" in (await dispatch(services, user("u"), "/fly")).plain
    # One cache per Services: another database's users are not seen here.
    assert services.languages is cache


def test_language_cache_bounds_and_races() -> None:
    """A read that started before /lang cleared the entry does not store its stale answer;
    the cache keeps at most ``size`` users, the least recently read going first."""
    cache = LanguageCache(ttl=10.0, size=2)
    cache.clock = lambda: 0.0
    generation = cache.generation
    cache.clear(("console", "a"))  # /lang answered while the read was under way
    cache.put(("console", "a"), AccountState("ru"), 0.0, generation)
    assert cache.get(("console", "a")) is None
    for name in "abc":
        cache.put(("console", name), AccountState(name), 0.0, cache.generation)
    assert cache.get(("console", "a")) is None
    assert cache.get(("console", "c")) == AccountState("c")
