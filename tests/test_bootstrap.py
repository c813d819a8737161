"""The composition root: settings read once, one registry of systems, services and senders
built from them, and ``fedrank run``'s assembly of the scheduler and the chats."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from fedrank.bootstrap import bootstrap, opened, serve, transports
from fedrank.config import ConfigError, Settings
from fedrank.engines.registry import SYSTEMS
from fedrank.handlers.systems import all_systems
from fedrank.storage.models import SYSTEM_IDS


def settings(tmp_path: Path, **values: object) -> Settings:
    url = f"sqlite+aiosqlite:///{tmp_path / 'root.db'}"
    return Settings(_env_file=None, database_url=url, **values)  # type: ignore[call-arg, arg-type]


def test_one_list_of_systems() -> None:
    """The engines' list is the schema's and the registry's, in the same order."""
    assert tuple(SYSTEMS) == SYSTEM_IDS
    assert list(all_systems()) == list(SYSTEMS)


async def test_everything_is_built_from_the_settings_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FEDRANK_DEFAULT_LANGUAGE", "zh")  # not read: the settings are given
    given = settings(tmp_path, default_language="ru", telegram_token="1:t")
    root = bootstrap(given)
    try:
        assert root.settings is given
        assert root.services.db is root.db
        assert root.services.systems is root.systems
        assert list(root.systems) == list(SYSTEMS)
        assert root.services.default_language == "ru"
        assert root.services.languages is not bootstrap(given).services.languages
        senders = root.senders()
        assert sorted(senders) == ["console", "telegram"]
        for sender in senders.values():
            await sender.close()
        scheduler = root.scheduler()
        assert scheduler.db is root.db and scheduler.systems is root.systems
    finally:
        await root.close()


def test_transports_follow_the_tokens(tmp_path: Path) -> None:
    assert transports(settings(tmp_path), webhook=False) == []
    assert len(transports(settings(tmp_path, telegram_token="1:t"), webhook=True)) == 1
    with pytest.raises(ConfigError, match="--webhook needs FEDRANK_TELEGRAM_TOKEN"):
        transports(settings(tmp_path, discord_token="d"), webhook=True)


async def test_run_without_tokens_is_the_console_chat(tmp_path: Path) -> None:
    """``fedrank run``: the schema is made if missing, the scheduler runs beside the chat, and
    the console answers as the configured user until the end of its input."""
    out = io.StringIO()
    async with opened(settings(tmp_path, console_user="op", default_language="uk")) as root:
        await serve(root, [], stdin=io.StringIO("/fly\n"), stdout=out, interactive=False)
        assert await root.db.is_migrated()
        async with root.db.read() as repos:
            assert await repos.accounts.by_platform("console", "op") is None  # /fly: no use case
    assert out.getvalue().startswith("Невідома команда /fly.")
