"""Configuration: nothing required, FEDRANK_ variables and .env, clear errors, secrets hidden."""

from pathlib import Path

import pytest

from fedrank.config import DEFAULT_DATABASE_URL, ConfigError, load_settings


def test_defaults_need_nothing(no_env: Path) -> None:
    settings = load_settings()
    assert settings.database_url == DEFAULT_DATABASE_URL
    assert settings.telegram_token is None
    assert settings.discord_token is None


def test_env_file_and_variables(no_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (no_env / ".env").write_text(
        "FEDRANK_TELEGRAM_TOKEN=123:s3cr3tvalue\nFEDRANK_DATABASE_URL=postgresql://u@h/db\n"
    )
    monkeypatch.setenv("FEDRANK_DEFAULT_LANGUAGE", "uk")
    settings = load_settings()
    assert settings.database_url == "postgresql+asyncpg://u@h/db"
    assert settings.default_language == "uk"
    assert settings.telegram_token is not None
    assert settings.telegram_token.get_secret_value() == "123:s3cr3tvalue"
    assert "s3cr3tvalue" not in repr(settings)
    assert "s3cr3tvalue" not in str(settings.model_dump())


def test_malformed_env_file_names_the_variable(no_env: Path) -> None:
    (no_env / ".env").write_text("FEDRANK_WEBHOOK_PORT=eighty\nFEDRANK_LOG_LEVEL=LOUD\n")
    with pytest.raises(ConfigError) as err:
        load_settings()
    message = str(err.value)
    assert "FEDRANK_WEBHOOK_PORT" in message
    assert "FEDRANK_LOG_LEVEL" in message
    assert "\n" not in message


def test_unsupported_database_url(no_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FEDRANK_DATABASE_URL", "mysql://root@localhost/db")
    with pytest.raises(ConfigError, match=r"FEDRANK_DATABASE_URL: .*sqlite\+aiosqlite"):
        load_settings()


def test_env_file_that_is_not_utf8(no_env: Path) -> None:
    (no_env / ".env").write_bytes(b"FEDRANK_CONSOLE_NAME=\xff\xfe\n")
    with pytest.raises(ConfigError, match="UTF-8"):
        load_settings()


def test_discord_settings_are_a_section_of_the_settings(
    no_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FEDRANK_DISCORD_* (documented in docs/discord.md) fill ``settings.discord``; the token
    stays beside Telegram's."""
    (no_env / ".env").write_text("FEDRANK_DISCORD_PREFIX=?\nFEDRANK_DISCORD_THROTTLE_BURST=9\n")
    monkeypatch.setenv("FEDRANK_DISCORD_ROLE_SYNC", "1")
    monkeypatch.setenv("FEDRANK_DISCORD_GUILD_IDS", "[123, 456]")
    monkeypatch.setenv("FEDRANK_DISCORD_SYNC_COMMANDS", "0")
    monkeypatch.setenv("FEDRANK_DISCORD_REQUESTS_PER_SECOND", "10")
    monkeypatch.setenv("FEDRANK_DISCORD_THROTTLE_INTERVAL", "2.5")
    monkeypatch.setenv("FEDRANK_DISCORD_PUBLICATION_POLL", "30")
    monkeypatch.setenv("FEDRANK_DISCORD_TOKEN", "d1sc0rd")
    settings = load_settings()
    discord = settings.discord
    assert (discord.prefix, discord.role_sync, discord.guild_ids) == ("?", True, [123, 456])
    assert not discord.sync_commands
    assert (discord.requests_per_second, discord.throttle_burst) == (10.0, 9)
    assert (discord.throttle_interval, discord.publication_poll) == (2.5, 30.0)
    assert settings.discord_token is not None
    assert settings.discord_token.get_secret_value() == "d1sc0rd"
    assert "d1sc0rd" not in repr(settings)


def test_discord_defaults_and_a_prefix(no_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Slash commands only unless a prefix is set: no privileged message content intent."""
    defaults = load_settings().discord
    assert (defaults.prefix, defaults.role_sync, defaults.guild_ids) == ("", False, [])
    assert defaults.sync_commands and defaults.requests_per_second == 50  # one budget, whole
    monkeypatch.setenv("FEDRANK_DISCORD_PREFIX", "!")
    assert load_settings().discord.prefix == "!"


def test_a_bad_discord_setting_names_its_variable(
    no_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FEDRANK_DISCORD_REQUESTS_PER_SECOND", "99")
    with pytest.raises(ConfigError, match=r"FEDRANK_DISCORD_REQUESTS_PER_SECOND: .*50"):
        load_settings()
