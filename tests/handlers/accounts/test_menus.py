"""Whose menu shows which commands: staff accounts by platform, and role changes told to the
transports listening in this process."""

from __future__ import annotations

import logging
from dataclasses import replace

import pytest

from fedrank.handlers.accounts.grants import operator_grant
from fedrank.handlers.accounts.menus import Menu, menu_of, role_changed, staff_menus
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.dispatch import dispatch
from tests.conftest import user
from tests.factories import make_director, seed_federation


def on_telegram(user_id: str) -> RequestContext:
    return replace(user(user_id), platform="telegram")


async def test_staff_menus_are_the_directors_and_admins_of_a_platform(
    services: Services,
) -> None:
    await seed_federation(services.db)
    await make_director(services.db, "boss")  # a console account
    await operator_grant(services, "telegram", "11", "RMF", "director")
    await operator_grant(services, "telegram", "12", "RMF", "admin")
    await operator_grant(services, "telegram", "13", "RMF", "player")
    await dispatch(services, on_telegram("12"), "/lang uk")
    assert await staff_menus(services, "telegram") == [
        Menu("11", "director", None),
        Menu("12", "admin", "uk"),
    ]
    assert (await menu_of(services, "telegram", "12")).groups == ("player", "director", "admin")
    assert await menu_of(services, "telegram", "13") == Menu("13", "player", None)
    assert await menu_of(services, "telegram", "99") == Menu("99", "player", None)


async def test_grants_are_told_to_the_listeners(services: Services) -> None:
    await seed_federation(services.db)
    heard: list[tuple[str, str]] = []

    async def listener(platform: str, user_id: str) -> None:
        heard.append((platform, user_id))

    services.role_listeners.append(listener)
    await operator_grant(services, "telegram", "12", "RMF", "admin")
    await dispatch(services, on_telegram("11"), "/start")
    done = await dispatch(services, on_telegram("12"), "/grant telegram:11 RMF director")
    assert done.plain.endswith("is now director of RMF.")
    refused = await dispatch(services, on_telegram("11"), "/grant telegram:12 RMF player")
    assert "may change only the roles of accounts below" in refused.plain  # nobody told
    assert heard == [("telegram", "12"), ("telegram", "11")]


async def test_a_failing_listener_never_fails_the_grant(
    services: Services, caplog: pytest.LogCaptureFixture
) -> None:
    await seed_federation(services.db)

    async def broken(platform: str, user_id: str) -> None:
        raise RuntimeError("telegram is down")

    services.role_listeners.append(broken)
    with caplog.at_level(logging.ERROR):
        await role_changed(services, "telegram", "5")
        assert await operator_grant(services, "telegram", "5", "RMF", "director") is not None
    assert "refreshing the menu of telegram:5 failed" in caplog.text
    assert (await menu_of(services, "telegram", "5")).group == "director"


async def test_a_directors_lang_is_told_a_players_is_not(services: Services) -> None:
    await seed_federation(services.db)
    await operator_grant(services, "telegram", "12", "RMF", "director")
    heard: list[tuple[str, str]] = []

    async def listener(platform: str, user_id: str) -> None:
        heard.append((platform, user_id))

    services.role_listeners.append(listener)
    await dispatch(services, on_telegram("12"), "/lang zh")
    await dispatch(services, on_telegram("13"), "/lang ru")
    assert heard == [("telegram", "12")]
    assert await menu_of(services, "telegram", "12") == Menu("12", "director", "zh")
