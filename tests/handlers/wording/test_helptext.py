"""/help: every registered command explained in every language, grouped by who may use it."""

from __future__ import annotations

import pytest

from fedrank.handlers.commands import COMMANDS
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.wording import helptext
from fedrank.handlers.wording.i18n import MESSAGES
from fedrank.handlers.wording.languages import LANGUAGES
from fedrank.storage.database import Database
from tests.conftest import user
from tests.english import TYPED
from tests.factories import NOW, make_director, seed_federation


async def make_admin(db: Database, user_id: str, federation_code: str = "RMF") -> None:
    async with db.transaction() as repos:
        fed = await repos.federations.by_code(federation_code)
        assert fed is not None
        account = await repos.accounts.get_or_create(
            "console", user_id, display_name=user_id, language=None, now=NOW
        )
        await repos.accounts.set_role(account.id, fed.id, "admin")


def in_language(ctx: RequestContext, language: str) -> RequestContext:
    from dataclasses import replace

    return replace(ctx, language=language)


def test_every_registered_command_has_syntax_description_and_example_in_every_language() -> None:
    entries = helptext.all_entries(COMMANDS)
    assert list(entries) == list(COMMANDS)
    for entry in entries.values():
        for key in (entry.syntax_key, entry.description_key, entry.example_key):
            texts = MESSAGES.get(key)
            assert texts is not None, f"/{entry.command} has no {key}"
            for language in LANGUAGES:
                assert texts.get(language, "").strip(), f"{key} has no {language} text"
        for language in LANGUAGES:
            assert entry.syntax(language).startswith(f"/{entry.command}")
            assert entry.example(language).startswith(f"/{entry.command}")
            assert entry.description(language)


def test_groups_follow_the_registry_audience() -> None:
    entries = helptext.all_entries(COMMANDS)
    for name, command in COMMANDS.items():
        expected = "player" if command.audience == "all" else entries[name].group
        assert entries[name].group == expected
        assert (entries[name].group == "player") == (command.audience == "all")
    assert entries["discipline"].group == "admin"
    assert entries["approve"].group == "director"
    assert helptext.visible_groups("player") == ("player",)
    assert helptext.visible_groups("director") == ("player", "director")
    assert helptext.visible_groups("admin") == ("player", "director", "admin")


def test_short_description_drops_the_usage_the_menu_text_ends_with() -> None:
    assert helptext.short_description("your figures, or a player's: /rating [name]") == (
        "your figures, or a player's"
    )
    zh = helptext.short_description("将账号关联到协会编号：/link <编号>")
    assert zh == "将账号关联到协会编号"
    assert helptext.short_description("this list") == "this list"


async def test_help_groups_commands_by_the_callers_roles(services: Services) -> None:
    await seed_federation(services.db)
    player = (await dispatch(services, user("u"), "/help")).plain
    assert "Player commands:" in player and "Director commands" not in player
    assert "/rating [name or ID] — your figures, or a player's" in player
    assert player.splitlines()[-1] == (
        "/help <command> shows what a command does, with an example."
    )
    await make_director(services.db, "boss")
    boss = (await dispatch(services, user("boss"), "/help")).plain
    assert "Director commands (RMF):" in boss and "/linkcode <ID> — " in boss
    assert "Admin commands" not in boss and "/discipline add" not in boss
    await make_admin(services.db, "chief")
    chief = (await dispatch(services, user("chief"), "/help")).plain
    assert "Director commands (RMF):" in chief and "Admin commands (RMF):" in chief
    assert "/discipline add <federation>" in chief


@pytest.mark.parametrize("asked", ["rating", "/rating", "/RATING@fedrank_bot", " rating extra"])
async def test_help_of_one_command(services: Services, asked: str) -> None:
    reply = await dispatch(services, user("u"), f"/help {asked}")
    assert reply.plain.splitlines() == [
        "/rating — your figures, or a player's",
        "Syntax: /rating [name or ID]",
        "Example: /rating UFGO-0026",
        "Anyone may use it.",
    ]


async def test_help_of_one_command_in_every_language(services: Services) -> None:
    ru = (await dispatch(services, in_language(user("u"), "ru"), "/help linkcode")).plain
    assert "Синтаксис: /linkcode <ID>" in ru and "Для директоров" in ru
    zh = (await dispatch(services, in_language(user("u"), "zh"), "/help top")).plain
    assert "格式：/top [项目] [名次数] [年-月-日]" in zh and "示例：/top rmf-mcr 5" in zh
    uk = (await dispatch(services, in_language(user("u"), "uk"), "/help discipline")).plain
    assert "Для адміністраторів федерації." in uk


async def test_an_unknown_command_is_refused_with_close_matches(services: Services) -> None:
    reply = (await dispatch(services, user("u"), "/help ratng")).plain
    assert reply.splitlines() == [
        "There is no command “ratng”.",
        "Did you mean: /rating?",
        "/help lists every command you may use.",
    ]
    prefixed = (await dispatch(services, user("u"), "/help q")).plain
    assert "Did you mean: /qualify, /qualification, /qconfirm, /qdecline?" in prefixed
    nothing = (await dispatch(services, user("u"), "/help zzzzzz")).plain
    assert "Did you mean" not in nothing and "/help lists" in nothing
    assert helptext.close_matches("toop", list(COMMANDS)) == ["top"]


def test_help_in_ru_uk_and_zh_has_no_english_but_what_is_typed() -> None:
    """Issue 20: after /lang ru (uk, zh) /help has no English words but the commands and the
    keywords one types (``me``, ``new``, ``win|loss|draw`` …); placeholders are translated."""
    import re

    for language in ("ru", "uk", "zh"):
        words: set[str] = set()
        for entry in helptext.all_entries(COMMANDS).values():
            for text in (entry.syntax(language), entry.description(language)):
                words |= set(re.findall(r"[A-Za-z]{2,}", re.sub(r"/[a-z0-9]+", "", text)))
        assert words <= TYPED, (
            language,
            sorted(words - TYPED),
        )
