"""Settings from ``FEDRANK_*`` environment variables and an optional ``.env`` file.

Nothing is required: with no configuration fedrank runs on a SQLite file in the working
directory with the console chat. Tokens are ``SecretStr`` so they never print in logs or reprs.
The settings are read once, by the composition root (:mod:`fedrank.bootstrap`); a transport's
own settings are a section of them (``FEDRANK_DISCORD_PREFIX`` is ``settings.discord.prefix``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///fedrank.db"


class ConfigError(Exception):
    """The configuration cannot be used; the message names the variable."""


class DiscordSettings(BaseModel):
    """The Discord transport's section, from ``FEDRANK_DISCORD_*`` variables.

    The token itself is ``FEDRANK_DISCORD_TOKEN`` (``Settings.discord_token``, beside Telegram's);
    these settings only shape the bot and all have working defaults, so a token alone is enough.
    """

    # FEDRANK_DISCORD_TOKEN reaches this section too (as ``token``): it is not read here.
    model_config = ConfigDict(extra="ignore")

    # The prefix of text commands (``!rating``). Empty, the default: slash commands only, and
    # the bot asks for no privileged message content intent (Discord reviews that intent for
    # bots in 100 servers or more, and slash commands need none).
    prefix: str = ""
    # Keep linked members' Discord roles in step with their official titles. Needs the
    # privileged server members intent (switched on in the developer portal as well).
    role_sync: bool = False
    # Guilds whose slash commands are registered at once at start-up (global registration
    # can take a while to reach every client); empty means global only.
    guild_ids: list[int] = Field(default_factory=list)
    # Register the slash commands with Discord at start-up.
    sync_commands: bool = True
    # Outgoing REST requests per second of the bot token: Discord's global limit (50/s) is per
    # token, and the bot and the outbox draw on this one budget (fedrank.bot.limits).
    requests_per_second: float = Field(default=50.0, gt=0, le=50)
    # Per-user throttling: ``throttle_burst`` commands at once, then one every
    # ``throttle_interval`` seconds.
    throttle_burst: int = Field(default=5, ge=1)
    throttle_interval: float = Field(default=1.0, gt=0)
    # How often (seconds) the bot looks for lists published by the scheduler or another bot.
    publication_poll: float = Field(default=60.0, gt=0)


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="FEDRANK_",
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",
        # FEDRANK_DISCORD_PREFIX -> discord.prefix: one split after the section's name, so the
        # section's own names keep their underscores (FEDRANK_DISCORD_ROLE_SYNC).
        env_nested_delimiter="_",
        env_nested_max_split=1,
    )

    database_url: str = DEFAULT_DATABASE_URL
    telegram_token: SecretStr | None = None
    discord_token: SecretStr | None = None
    # A Bot API server of one's own (https://github.com/tdlib/telegram-bot-api) instead of
    # Telegram's, e.g. http://127.0.0.1:8081 (larger files; also what the tests' fake API uses).
    telegram_api_url: str | None = None
    redis_url: str | None = None
    webhook_url: str | None = None
    webhook_host: str = "127.0.0.1"
    webhook_port: int = Field(default=8080, ge=1, le=65535)
    webhook_secret: SecretStr | None = None
    # Keys the link codes' HMAC (with a random secret the database makes for itself): set it
    # so that a copy of the database alone cannot be used to test codes.
    secret_key: SecretStr | None = None
    default_language: Literal["en", "ru", "uk", "zh"] = "en"
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    # "json": one JSON object per log line (for a log collector); "text": one readable line.
    log_format: Literal["text", "json"] = "text"
    # HOST:PORT where `fedrank run` serves /healthz and /metrics (as `--http`); unset: nowhere.
    http: str | None = None
    # Who the console chat speaks as: a console account id and its display name.
    console_user: str = "operator"
    console_name: str = "Console operator"
    # Where the console chat saves the files the bot sends (lists, charts); empty: ./fedrank-files.
    console_files: str = ""
    discord: DiscordSettings = Field(default_factory=DiscordSettings)
    # The website: the folder the scheduler keeps built (FEDRANK_SITE_DIR) and the address it
    # is published at (FEDRANK_SITE_URL: announcements link the list's page).
    site_dir: Path | None = None
    site_url: str | None = None
    # Where the site's profiles lead into the chats: the Telegram bot's username (else learnt
    # from getMe where the bot runs; a site built elsewhere needs it) and a Discord invite.
    telegram_bot_username: str | None = None
    discord_invite_url: str | None = None

    @field_validator("telegram_bot_username")
    @classmethod
    def _bot_username(cls, value: str | None) -> str | None:
        if not value:
            return None
        name = value.strip().lstrip("@")
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{3,31}", name):
            raise ValueError("must be a Telegram bot username (letters, digits, _; 4-32)")
        return name

    @field_validator("discord_invite_url")
    @classmethod
    def _https_address(cls, value: str | None) -> str | None:
        if not value:
            return None
        if not re.fullmatch(r"https?://[^\s\"'<>]+", value.strip()):
            raise ValueError("must be an http(s):// address")
        return value.strip()

    @field_validator("database_url")
    @classmethod
    def _async_driver(cls, value: str) -> str:
        if value.startswith("sqlite:///"):
            return "sqlite+aiosqlite:///" + value.removeprefix("sqlite:///")
        if value.startswith(("postgresql://", "postgres://")):
            return "postgresql+asyncpg://" + value.split("://", 1)[1]
        if not value.startswith(("sqlite+aiosqlite://", "postgresql+asyncpg://")):
            raise ValueError(
                "must be a sqlite+aiosqlite:// or postgresql+asyncpg:// URL"
                " (plain sqlite:// and postgresql:// are accepted and converted)"
            )
        return value

    @field_validator(
        "telegram_token", "discord_token", "webhook_secret", "secret_key", mode="before"
    )
    @classmethod
    def _empty_is_none(cls, value: object) -> object:
        return None if value == "" else value


def load_settings(env_file: Path | str | None = ".env") -> Settings:
    """Load settings, turning validation errors into one readable line per bad variable."""
    try:
        return Settings(_env_file=env_file)  # type: ignore[call-arg]
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            name = "FEDRANK_" + "_".join(str(p) for p in err["loc"]).upper()
            problems.append(f"{name}: {err['msg']}")
        raise ConfigError("invalid configuration: " + "; ".join(problems)) from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"the .env file is not valid UTF-8: {exc.reason}") from None
