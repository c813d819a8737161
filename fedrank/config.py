"""Settings from ``FEDRANK_*`` environment variables and an optional ``.env`` file.

Nothing is required: with no configuration fedrank runs on a SQLite file in the working
directory with the console chat. Tokens are ``SecretStr`` so they never print in logs or reprs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///fedrank.db"


class ConfigError(Exception):
    """The configuration cannot be used; the message names the variable."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="FEDRANK_",
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",
    )

    database_url: str = DEFAULT_DATABASE_URL
    telegram_token: SecretStr | None = None
    discord_token: SecretStr | None = None
    redis_url: str | None = None
    webhook_url: str | None = None
    webhook_host: str = "127.0.0.1"
    webhook_port: int = Field(default=8080, ge=1, le=65535)
    webhook_secret: SecretStr | None = None
    default_language: Literal["en", "ru", "uk", "zh"] = "en"
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    # Who the console chat speaks as: a console account id and its display name.
    console_user: str = "operator"
    console_name: str = "Console operator"

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

    @field_validator("telegram_token", "discord_token", "webhook_secret", mode="before")
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
